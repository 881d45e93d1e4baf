//! The preview (Alt-p in the search and links lists, as fzf's preview
//! window): the selected result's or link's paragraph beside the paragraph
//! it is compared with, each in a box titled with its reference, wrapped
//! to the box and drawn glyph by glyph from sanitised text, the matches
//! and the aligned sentences marked. Side by side when there is room, else
//! one above the other; a long paragraph is shown from the sentence that
//! matters.

use super::Theme;
use diptych_core::text::sanitize::GlyphKind;
use diptych_core::wrap::wrap_glyphs;
use diptych_reader::app::{App, HighlightKind, PreviewPart};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Clear, Widget};

/// The narrowest room in which the two parts stand side by side.
const SIDE_BY_SIDE: u16 = 60;

/// Draws the preview, when it is on, in `area`.
pub fn draw(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(preview) = app.preview() else {
        return;
    };
    if area.height < 4 || area.width < 20 {
        return;
    }
    Clear.render(area, buf);
    let (first, second) = if area.width >= SIDE_BY_SIDE {
        let half = area.width / 2;
        (
            Rect::new(area.x, area.y, half, area.height),
            Rect::new(area.x + half, area.y, area.width - half, area.height),
        )
    } else {
        let half = area.height / 2;
        (
            Rect::new(area.x, area.y, area.width, half),
            Rect::new(area.x, area.y + half, area.width, area.height - half),
        )
    };
    // Side by side, the left account's paragraph goes on the left, as in
    // the panes; two of one account keep the selected one first.
    let swap = area.width >= SIDE_BY_SIDE
        && preview
            .other
            .as_ref()
            .is_ok_and(|o| o.at.side.index() < preview.selected.at.side.index());
    let (a, b) = if swap {
        (second, first)
    } else {
        (first, second)
    };
    part(app, theme, &preview.selected, true, a, buf);
    match &preview.other {
        Ok(other) => part(app, theme, other, false, b, buf),
        Err(why) => {
            let inner = super::framed(b, buf, theme, false, "counterpart", "");
            buf.set_stringn(inner.x, inner.y, why, inner.width as usize, theme.dim());
        }
    }
}

/// One paragraph in a box at `area`: the selected one's marks as matches,
/// the other's as the sentence cursor's.
fn part(app: &App, theme: &Theme, p: &PreviewPart, selected: bool, area: Rect, buf: &mut Buffer) {
    let account = app.pair().account(p.at.side);
    let title = format!(
        "{} ¶{} · {}",
        account.meta.label,
        p.at.paragraph + 1,
        p.note
    );
    // Neither box has the keyboard (the list has): plain borders, the
    // selected one first in its title.
    let title = if selected {
        format!("▷ {title}")
    } else {
        title
    };
    let inner = super::framed(area, buf, theme, false, &title, "");
    let Some(para) = account.paragraphs.get(p.at.paragraph) else {
        return;
    };
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let span = para.span().clone();
    // Only a window of the paragraph is wrapped: it may be a whole 20 MB
    // line. Enough bytes for the box, from the paragraph's start when the
    // focus lies within it, else from the focus.
    let room = inner.width as usize * inner.height as usize * 8;
    let mut from = if p.focus.start.saturating_sub(span.start) < room / 2 {
        span.start
    } else {
        p.focus.start.max(span.start)
    };
    while from > span.start && !account.text.is_char_boundary(from) {
        from -= 1;
    }
    let mut to = (from + room).min(span.end);
    while to < span.end && !account.text.is_char_boundary(to) {
        to += 1;
    }
    // A window that opens inside the paragraph starts with `…`: its first
    // line has a cell less.
    let width = inner.width as usize - usize::from(from > span.start);
    let lines = wrap_glyphs(account.glyphs(from..to), from..to, width.max(1));
    // The first line shown: the focus's line less one, unless all fits.
    let focus_line = lines
        .iter()
        .position(|l| l.end > p.focus.start)
        .unwrap_or(0);
    let height = inner.height as usize;
    let top = if lines.len() <= height {
        0
    } else {
        focus_line
            .saturating_sub(1)
            .min(lines.len().saturating_sub(height))
    };
    let mark = if selected {
        theme.highlight(HighlightKind::Match)
    } else {
        theme.sentence()
    };
    let base = if para.is_heading() {
        theme.heading()
    } else {
        Style::new()
    };
    for (row, line) in lines.iter().skip(top).take(height).enumerate() {
        let y = inner.y + row as u16;
        let mut x = inner.x;
        if row == 0 && line.start > span.start {
            buf.set_stringn(x, y, "…", 1, theme.dim());
            x += 1;
        }
        for g in account.glyphs(line.clone()) {
            if g.kind == GlyphKind::Break {
                continue;
            }
            let w = g.width as u16;
            if x + w > inner.right() {
                break;
            }
            let mut style = match g.kind {
                GlyphKind::Placeholder => theme.placeholder(),
                _ => base,
            };
            if p.marks.iter().any(|m| m.contains(&g.span.start)) {
                style = style.patch(mark);
            }
            buf.set_stringn(x, y, &g.show, w as usize, style);
            x += w;
        }
    }
}
