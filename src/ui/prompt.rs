//! One prompt view for every prompt and filter (search, go-to, the people,
//! outline and help filters): a prefix, the text scrolled so the cursor is
//! in view, the cursor drawn where it is, and a note on the right.

use super::Theme;
use diptych_core::text::sanitize::glyphs;
use diptych_core::wrap::display_width;
use diptych_reader::app::prompt::Prompt;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use unicode_segmentation::UnicodeSegmentation;

/// Draws `prompt` in the one-row `area`: `prefix`, the text, the cursor
/// (when `focused`), and `note` on the right.
pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    theme: &Theme,
    prefix: &str,
    prompt: &Prompt,
    focused: bool,
    note: &str,
) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let prefix_w = display_width(prefix) as u16;
    buf.set_stringn(
        area.x,
        area.y,
        prefix,
        area.width as usize,
        theme.title(focused),
    );
    let note_w = (display_width(note) as u16).min(area.width / 2);
    let text_w = area.width.saturating_sub(prefix_w + note_w + 2) as usize;
    let from = window_start(&prompt.text, prompt.cursor, text_w);
    let x0 = area.x + prefix_w;
    let mut x = x0;
    let cursor_style = Style::new().add_modifier(Modifier::REVERSED);
    let mut cursor_drawn = false;
    for g in glyphs(&prompt.text[from..], from) {
        if (x - x0) as usize + g.width > text_w {
            break;
        }
        let style = if focused && !cursor_drawn && g.span.start >= prompt.cursor {
            cursor_drawn = true;
            cursor_style
        } else {
            Style::new()
        };
        buf.set_stringn(x, area.y, &g.show, g.width, style);
        x += g.width as u16;
    }
    if focused && !cursor_drawn && ((x - x0) as usize) < text_w.max(1) {
        buf.set_stringn(x, area.y, " ", 1, cursor_style);
    }
    if note_w > 0 {
        let nx = area.right().saturating_sub(note_w);
        buf.set_stringn(
            nx,
            area.y,
            diptych_core::wrap::truncate(note, note_w as usize),
            note_w as usize,
            theme.dim(),
        );
    }
}

/// Where the prompt's text is drawn from: the byte offset of the first
/// glyph such that the glyphs up to `cursor` (and one cell after it) fit
/// in `width` cells. Measured back from the cursor over what is visible
/// only, so a frame costs the width of the prompt, not the length of its
/// text (a pasted megabyte once made every frame quadratic in it).
fn window_start(text: &str, cursor: usize, width: usize) -> usize {
    let mut used = 1;
    let mut from = cursor;
    for (at, g) in text[..cursor].grapheme_indices(true).rev() {
        let w: usize = glyphs(g, 0).map(|g| g.width).sum();
        if used + w > width {
            break;
        }
        used += w;
        from = at;
    }
    from
}

/// The column the cursor of `prompt` is drawn at in `area` after `prefix`
/// (for tests: where a person would see it).
pub fn cursor_column(area: Rect, prefix: &str, prompt: &Prompt) -> u16 {
    let before: usize = glyphs(&prompt.text[..prompt.cursor], 0)
        .map(|g| g.width)
        .sum();
    area.x + display_width(prefix) as u16 + before as u16
}
