//! The two text panes: border and title, paragraph numbers in a gutter, and
//! only the visible wrapped lines, drawn glyph by glyph from sanitised text.

use super::{Theme, tui_rect};
use crate::app::{App, Mark, layout::gutter_width};
use crate::text::Side;
use crate::text::sanitize::{GlyphKind, glyphs};
use crate::wrap::LineKind;
use ratatui::buffer::Buffer;
use ratatui::style::Style;

/// Draws the pane on `side`.
pub fn draw(app: &App, side: Side, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(app.layout.panes[side.index()], buf.area);
    if area.width < 3 || area.height < 3 {
        return;
    }
    let focused = app.focus == side
        && !matches!(app.mode, crate::app::Mode::People | crate::app::Mode::Links);
    let account = app.pair.account(side);
    let inner = super::framed(area, buf, theme, focused, &account.meta.heading(), "");
    let pane = app.pane(side);
    let wrapped = pane.wrapped();
    let gutter = gutter_width(account.paragraphs.len());
    let text_x = inner.x + gutter;
    let right = inner.right();
    let marks = &app.marks[side.index()];
    for row in 0..inner.height {
        let Some(line) = wrapped.lines.get(pane.top + row as usize) else {
            break;
        };
        let y = inner.y + row;
        let marked = app.para_marks[side.index()] == Some(line.para) && line.kind != LineKind::Gap;
        if line.kind == LineKind::First {
            let num = format!("{:>w$}", line.para + 1, w = (gutter - 1) as usize);
            let style = if marked {
                theme.title(true)
            } else {
                theme.gutter()
            };
            buf.set_stringn(inner.x, y, &num, gutter as usize, style);
        }
        if marked {
            // A bar in the gutter marks the paragraph a link jumped to.
            buf.set_stringn(inner.x + gutter - 1, y, "▍", 1, theme.title(true));
        }
        if line.kind == LineKind::Gap {
            continue;
        }
        let mut x = text_x;
        let mut mi = marks.partition_point(|m| m.span.end <= line.span.start);
        for g in glyphs(&account.text[line.span.clone()], line.span.start) {
            if x >= right {
                break;
            }
            let w = g.width as u16;
            let mut style = match g.kind {
                GlyphKind::Placeholder => theme.placeholder(),
                _ => Style::new(),
            };
            while mi < marks.len() && marks[mi].span.end <= g.span.start {
                mi += 1;
            }
            if let Some(m) = mark_at(marks, mi, g.span.start) {
                style = style.patch(theme.mark(m.kind));
            }
            if x + w > right {
                // Only a wide glyph in a one-cell-wide pane gets here.
                buf.set_stringn(x, y, "›", 1, theme.placeholder());
                break;
            }
            buf.set_stringn(x, y, &g.show, w as usize, style);
            x += w;
        }
    }
}

/// The strongest mark covering byte `at`, looking from index `from`.
fn mark_at(marks: &[Mark], from: usize, at: usize) -> Option<&Mark> {
    marks[from.min(marks.len())..]
        .iter()
        .take_while(|m| m.span.start <= at)
        .filter(|m| m.span.contains(&at))
        .max_by_key(|m| m.kind)
}
