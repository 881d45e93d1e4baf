//! The search overlay: the results list above the prompt, each row the
//! account's label, the ¶ number and the sentence trimmed around the match,
//! matched letters highlighted; and the prompt with its cursor and count.

use super::{Theme, tui_rect};
use crate::app::{App, MarkKind};
use crate::report::sentence_span;
use crate::text::sanitize::glyphs;
use crate::wrap::display_width;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Widget};

/// Draws the results list and the prompt.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let prompt = tui_rect(app.layout.prompt, buf.area);
    if prompt.height == 0 {
        return;
    }
    draw_prompt(app, theme, prompt, buf);
    let s = &app.search;
    if s.results.is_empty() {
        return;
    }
    let pane_h = app.layout.panes[0].height;
    let rows = (s.results.len() as u16)
        .min((pane_h / 2).max(3))
        .min(pane_h.saturating_sub(1));
    let area = Rect::new(
        prompt.x,
        prompt.y.saturating_sub(rows + 1),
        prompt.width,
        rows + 1,
    );
    Clear.render(area, buf);
    Block::new()
        .borders(Borders::TOP)
        .border_style(theme.border(true))
        .title(Line::styled(
            format!(
                " {} result{} ",
                s.results.len(),
                if s.results.len() == 1 { "" } else { "s" }
            ),
            theme.title(true),
        ))
        .render(area, buf);
    let offset = s.selected.saturating_sub(rows as usize - 1);
    for (row, (i, hit)) in s
        .results
        .iter()
        .enumerate()
        .skip(offset)
        .take(rows as usize)
        .enumerate()
    {
        let y = area.y + 1 + row as u16;
        let selected = i == s.selected;
        let base = if selected {
            theme.selected()
        } else {
            Style::new()
        };
        buf.set_style(Rect::new(area.x, y, area.width, 1), base);
        let account = app.pair.account(hit.side);
        let head = format!(
            "{} {:<7} ",
            if selected { "▶" } else { " " },
            format!("{} ¶{}", account.meta.label, hit.paragraph + 1)
        );
        buf.set_stringn(
            area.x,
            y,
            &head,
            area.width as usize,
            if selected { base } else { theme.dim() },
        );
        let x0 = area.x + display_width(&head) as u16;
        let avail = area.right().saturating_sub(x0) as usize;
        draw_sentence(app, hit, theme, base, x0, y, avail, buf);
    }
}

/// The sentence of `hit` in `avail` cells from `x`, trimmed so the first
/// match is in view.
#[allow(clippy::too_many_arguments)]
fn draw_sentence(
    app: &App,
    hit: &crate::search::Hit,
    theme: &Theme,
    base: Style,
    x: u16,
    y: u16,
    avail: usize,
    buf: &mut Buffer,
) {
    let account = app.pair.account(hit.side);
    let span = sentence_span(&app.pair, hit);
    let first = hit.matches.first().map_or(span.start, |m| m.start);
    // Only a window around the match is looked at: a sentence may be a
    // whole 20 MB line, and this runs for every row of every frame.
    let text = &account.text;
    let mut lo = first.saturating_sub(avail * 8).max(span.start);
    while !text.is_char_boundary(lo) {
        lo -= 1;
    }
    let mut hi = (first + avail * 8).min(span.end);
    while !text.is_char_boundary(hi) {
        hi += 1;
    }
    let span = lo..hi;
    let gs: Vec<_> = glyphs(&text[span.clone()], span.start).collect();
    let total: usize = gs.iter().map(|g| g.width).sum();
    let mut start = 0;
    if total > avail {
        // Walk back from the first match a third of the space.
        let at = gs.iter().position(|g| g.span.start >= first).unwrap_or(0);
        let mut w = 0;
        start = at;
        while start > 0 && w + gs[start - 1].width <= avail / 3 {
            start -= 1;
            w += gs[start].width;
        }
    }
    let mut cx = x as usize;
    let right = x as usize + avail;
    if start > 0 && cx < right {
        buf.set_stringn(cx as u16, y, "…", 1, base.patch(theme.dim()));
        cx += 1;
    }
    for g in &gs[start..] {
        if cx + g.width > right {
            break;
        }
        let matched = hit.matches.iter().any(|m| m.contains(&g.span.start));
        let style = if matched {
            base.patch(theme.mark(MarkKind::Match))
        } else {
            base
        };
        buf.set_stringn(cx as u16, y, &g.show, g.width, style);
        cx += g.width;
    }
}

fn draw_prompt(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let s = &app.search;
    buf.set_style(area, Style::new());
    buf.set_stringn(area.x, area.y, "/ ", 2, theme.title(true));
    let count = if s.prompt.text.trim().is_empty() {
        "type to search both accounts".to_string()
    } else if s.results.is_empty() {
        "no matches".to_string()
    } else {
        format!("{}/{}", s.selected + 1, s.results.len())
    };
    let count_w = display_width(&count) as u16;
    let text_w = area.width.saturating_sub(4 + count_w) as usize;
    // Show the end of a long query, where the cursor usually is.
    let gs: Vec<_> = glyphs(&s.prompt.text, 0).collect();
    let cursor_at = gs
        .iter()
        .position(|g| g.span.start >= s.prompt.cursor)
        .unwrap_or(gs.len());
    let mut start = 0;
    let width_to = |a: usize, b: usize| gs[a..b].iter().map(|g| g.width).sum::<usize>();
    while start < cursor_at && width_to(start, cursor_at) + 1 > text_w {
        start += 1;
    }
    let mut x = area.x + 2;
    for (i, g) in gs.iter().enumerate().skip(start) {
        if (x - area.x - 2) as usize + g.width > text_w {
            break;
        }
        let style = if i == cursor_at {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
        };
        buf.set_stringn(x, area.y, &g.show, g.width, style);
        x += g.width as u16;
    }
    if cursor_at == gs.len() && ((x - area.x - 2) as usize) < text_w.max(1) {
        buf.set_stringn(
            x,
            area.y,
            " ",
            1,
            Style::new().add_modifier(Modifier::REVERSED),
        );
    }
    let cx = area.right().saturating_sub(count_w + 1);
    buf.set_stringn(cx, area.y, &count, count_w as usize, theme.dim());
}
