//! The two text panes: border and title, a gutter with the cursor, the
//! paragraph numbers and the counterpart bar, only the visible wrapped
//! lines drawn glyph by glyph from sanitised text, and a scrollbar strip
//! marking where the highlights (or the cursor paragraph's topic) lie in
//! the whole account and where the view is.

use super::{Theme, tui_rect};
use diptych_core::text::sanitize::GlyphKind;
use diptych_core::text::{ParaKind, Side};
use diptych_core::wrap::LineKind;
use diptych_reader::app::{App, Context, Highlight, screen::gutter_width};
use ratatui::buffer::Buffer;
use ratatui::style::Style;

/// Draws the pane on `side`.
pub fn draw(app: &App, side: Side, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(app.screen().panes[side.index()], buf.area);
    if area.width < 3 || area.height < 3 {
        return;
    }
    let focused = app.focus() == side && app.context() == Context::Reader;
    let account = app.pair().account(side);
    let inner = super::framed(area, buf, theme, focused, &account.heading(), "");
    let pane = app.pane(side);
    let wrapped = pane.wrapped();
    let gutter = gutter_width(account.paragraphs.len());
    let (text_w, _) = app.text_size(side);
    // A pane wider than the reading measure centres its text.
    let room = inner.width.saturating_sub(gutter + 2) as usize;
    let indent = room.saturating_sub(text_w) as u16 / 2;
    let text_x = inner.x + indent + gutter;
    let right = (text_x + text_w as u16 + 1).min(inner.right().saturating_sub(1));
    let marks = &app.highlights()[side.index()];
    // The cursor sentence (focused pane) or its counterparts (the other).
    let sentences = app.sentence_marks(side);
    let in_sentence = |at: usize| sentences.iter().any(|r| r.contains(&at));
    let cursor = pane.cursor;
    let mut cursor_drawn = false;
    for row in 0..inner.height {
        let Some(line) = wrapped.line(pane.top + row as usize) else {
            break;
        };
        let y = inner.y + row;
        let gx = inner.x + indent;
        let para = &account.paragraphs[line.para().min(account.paragraphs.len().saturating_sub(1))];
        let marks_here = Gutter {
            barred: app.bars()[side.index()] == Some(line.para()) && line.kind() != LineKind::Gap,
            on_cursor: line.para() == cursor && line.kind() != LineKind::Gap,
            first_of_cursor: !cursor_drawn,
            lone: app.lacks_counterpart(side, line.para()),
            sentence: line.kind() != LineKind::Gap && {
                let span = line.span();
                sentences
                    .iter()
                    .any(|r| r.start < span.end.max(span.start + 1) && span.start < r.end)
            },
        };
        cursor_drawn |= marks_here.on_cursor;
        marks_here.draw(&line, gutter, (gx, y), theme.cursor(focused), theme, buf);
        match line.kind() {
            LineKind::Gap => continue,
            LineKind::Folded => {
                let lines = account.text[line.span()].lines().count();
                let what = match para.kind {
                    ParaKind::Matter(what) => what.what(),
                    _ => "",
                };
                let s = if lines == 1 { "" } else { "s" };
                let note = format!("⋯ {what} · {lines} line{s} · Enter shows it");
                buf.set_stringn(
                    text_x,
                    y,
                    diptych_core::wrap::truncate(&note, text_w),
                    text_w,
                    theme.dim(),
                );
                continue;
            }
            _ => {}
        }
        let base = if para.is_heading() {
            theme.heading()
        } else {
            Style::new()
        };
        let mut x = text_x;
        let mut mi = marks.partition_point(|m| m.span.end <= line.span().start);
        for g in account.glyphs(line.span()) {
            if g.kind == GlyphKind::Break {
                continue;
            }
            if x >= right {
                break;
            }
            let w = g.width as u16;
            let mut style = match g.kind {
                GlyphKind::Placeholder => theme.placeholder(),
                _ => base,
            };
            while mi < marks.len() && marks[mi].span.end <= g.span.start {
                mi += 1;
            }
            if in_sentence(g.span.start) {
                style = style.patch(theme.sentence());
            }
            if let Some(m) = mark_at(marks, mi, g.span.start) {
                style = style.patch(theme.highlight(m.kind));
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
    scrollbar(app, side, theme, inner, buf);
}

/// What a line's gutter shows.
struct Gutter {
    /// The paragraph a link put beside its counterpart.
    barred: bool,
    /// A line of the cursor paragraph.
    on_cursor: bool,
    /// The first line of the cursor paragraph drawn.
    first_of_cursor: bool,
    /// A line of a marked sentence.
    sentence: bool,
    /// A paragraph without a counterpart in an aligned translation.
    lone: bool,
}

impl Gutter {
    /// Draws the gutter of `line` at `at`: the cursor (▶ on its first line
    /// in view, ┆ below; ┃ on the lines of a marked sentence), the
    /// paragraph number on its first line, the counterpart bar (or ∅ for
    /// none). Every mark reads without colour.
    fn draw(
        &self,
        line: &diptych_core::wrap::Line,
        gutter: u16,
        (gx, y): (u16, u16),
        cursor: Style,
        theme: &Theme,
        buf: &mut Buffer,
    ) {
        let mark = match (self.on_cursor, self.first_of_cursor, self.sentence) {
            (true, true, _) => Some("▶"),
            (_, _, true) => Some("┃"),
            (true, false, false) => Some("┆"),
            (false, _, false) => None,
        };
        if let Some(mark) = mark {
            buf.set_stringn(gx, y, mark, 1, cursor);
        }
        if matches!(line.kind(), LineKind::First | LineKind::Folded) {
            let num = format!("{:>w$}", line.para() + 1, w = (gutter - 2) as usize);
            let style = if self.on_cursor {
                cursor
            } else if self.barred {
                theme.title(true)
            } else {
                theme.gutter()
            };
            buf.set_stringn(gx + 1, y, &num, (gutter - 2) as usize, style);
        }
        if self.barred {
            buf.set_stringn(gx + gutter - 1, y, "▍", 1, theme.title(true));
        } else if self.lone && line.kind() == LineKind::First {
            // No counterpart in the other text (a partial translation's
            // other chapters, front matter on one side).
            buf.set_stringn(gx + gutter - 1, y, "∅", 1, theme.dim());
        }
    }
}

/// The strongest highlight covering byte `at`, looking from index `from`.
fn mark_at(marks: &[Highlight], from: usize, at: usize) -> Option<&Highlight> {
    marks[from.min(marks.len())..]
        .iter()
        .take_while(|m| m.span.start <= at)
        .filter(|m| m.span.contains(&at))
        .max_by_key(|m| m.kind)
}

/// Which rows of a pane's scrollbar the view and the marks fall in.
pub fn scrollbar_rows(app: &App, side: Side, height: usize) -> (std::ops::Range<usize>, Vec<bool>) {
    let pane = app.pane(side);
    let total = pane.wrapped().len().max(1);
    let h = height.max(1);
    let row_of = |line: usize| (line * h / total).min(h - 1);
    let view =
        row_of(pane.top)..(row_of((pane.top + pane.height).min(total).saturating_sub(1)) + 1);
    let mut marked = vec![false; h];
    let marks = &app.highlights()[side.index()];
    if !marks.is_empty() {
        for m in marks {
            marked[row_of(pane.wrapped().line_of(m.span.start))] = true;
        }
    } else if let Some(links) = app.links() {
        // No highlights: where the cursor paragraph's topics recur.
        let here = app.current_paragraph();
        for p in 0..pane.paragraphs() {
            let there = diptych_core::links::ParaRef { side, paragraph: p };
            if there != here && links.share_topic(here, there) {
                marked[row_of(pane.first_line(p))] = true;
            }
        }
    }
    (view, marked)
}

/// Draws the scrollbar strip in the last column of `inner`.
fn scrollbar(app: &App, side: Side, theme: &Theme, inner: ratatui::layout::Rect, buf: &mut Buffer) {
    if inner.width < 4 || inner.height == 0 {
        return;
    }
    let x = inner.right() - 1;
    let (view, marked) = scrollbar_rows(app, side, inner.height as usize);
    for (r, &mark) in marked.iter().enumerate() {
        let in_view = view.contains(&r);
        let (cell, style) = match (in_view, mark) {
            (true, true) => ("╋", theme.scroll_mark()),
            (false, true) => ("•", theme.scroll_mark()),
            (true, false) => ("┃", theme.scroll_thumb()),
            (false, false) => ("│", theme.dim()),
        };
        buf.set_stringn(x, inner.y + r as u16, cell, 1, style);
    }
}
