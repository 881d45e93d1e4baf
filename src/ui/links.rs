//! The links panel: the paragraphs related to the one in hand, each with its
//! account's label, ¶ number, a score bar and the reasons.

use super::{Theme, tui_rect};
use crate::app::{App, Mode};
use crate::wrap::truncate;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// Cells of the score bar.
const BAR: usize = 8;

/// Draws the panel.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(app.layout.panel, buf.area);
    if area.width < 16 || area.height < 4 {
        return;
    }
    let focused = app.mode == Mode::Links;
    let from = app.links_panel.from;
    let title = match from {
        Some(p) => format!(
            "Links from {} ¶{}",
            app.pair.account(p.side).meta.label,
            p.paragraph + 1
        ),
        None => "Links".into(),
    };
    let hint = if focused {
        " Enter go · Tab text · Esc close "
    } else {
        " t links "
    };
    let inner = super::framed(area, buf, theme, focused, &title, hint);
    let links = app.panel_links();
    if links.is_empty() {
        buf.set_stringn(
            inner.x,
            inner.y,
            if app.links_ready().is_some() {
                "no related paragraph"
            } else {
                "finding related paragraphs…"
            },
            inner.width as usize,
            theme.dim(),
        );
        return;
    }
    // Beside the panes (narrow and tall) a link takes two rows; below them, one.
    let two_rows = inner.width < 60;
    let per = if two_rows { 2 } else { 1 };
    let visible = (inner.height as usize / per).max(1);
    let selected = app.links_panel.selected;
    let offset = selected.saturating_sub(visible - 1);
    let w = inner.width as usize;
    for (row, (i, l)) in links
        .iter()
        .enumerate()
        .skip(offset)
        .take(visible)
        .enumerate()
    {
        let y = inner.y + (row * per) as u16;
        let base = if i == selected {
            theme.selected()
        } else {
            Style::new()
        };
        buf.set_style(Rect::new(inner.x, y, inner.width, per as u16), base);
        let filled = ((l.score * BAR as f64).round() as usize).min(BAR);
        let head = format!(
            "{:<7} ¶{:<3} {}{} {:.2} ",
            truncate(&app.pair.account(l.to.side).meta.label, 7),
            l.to.paragraph + 1,
            "█".repeat(filled),
            "░".repeat(BAR - filled),
            l.score
        );
        buf.set_stringn(inner.x, y, &head, w, base);
        let mut seen: Vec<String> = Vec::new();
        for f in &l.shared {
            let r = app
                .links_ready()
                .map(|l| l.reason(&app.people, f))
                .unwrap_or_default();
            if !r.is_empty() && !seen.contains(&r) {
                seen.push(r);
            }
        }
        let reasons = crate::text::sanitize::sanitize(&seen.join(" · ")).into_owned();
        let (rx, ry, rw) = if two_rows {
            (inner.x + 2, y + 1, w.saturating_sub(2))
        } else {
            let hw = crate::wrap::display_width(&head);
            (inner.x + hw as u16, y, w.saturating_sub(hw))
        };
        if ry < inner.bottom() {
            buf.set_stringn(
                rx,
                ry,
                truncate(&reasons, rw),
                rw,
                base.patch(if i == selected {
                    Style::new()
                } else {
                    theme.dim()
                }),
            );
        }
    }
}
