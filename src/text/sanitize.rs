//! What a piece of text looks like on a terminal, made safe.
//!
//! Text from a file must never reach the terminal raw: a control character
//! can start an escape sequence, a bidi override can reorder what is shown,
//! and ratatui silently drops controls and zero-width characters, which would
//! hide content and shift offsets. So every grapheme is turned into a
//! [`Glyph`]: either shown as it is, or shown as a visible placeholder
//! (caret notation such as `^[` for C0 controls, `<U+202E>` for the others)
//! whose width is known. Tabs become four spaces. No crate does this with the
//! placeholder forms less uses, so it is written here.

use std::borrow::Cow;
use std::ops::Range;
use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// How many cells a tab expands to.
pub const TAB_WIDTH: usize = 4;

/// How a glyph is to be drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlyphKind {
    /// Ordinary text, shown as it stands.
    Text,
    /// White space where a line may break (space or expanded tab).
    Space,
    /// A visible stand-in for an invisible or dangerous character: draw it dim.
    Placeholder,
}

/// One grapheme of the original text and its safe display form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glyph<'a> {
    /// Byte span of the grapheme in the text it came from (plus the base offset).
    pub span: Range<usize>,
    /// What to draw: never contains a control, bidi or zero-width character.
    pub show: Cow<'a, str>,
    /// Cells it takes on the terminal.
    pub width: usize,
    /// Plain text, breakable space, or placeholder.
    pub kind: GlyphKind,
}

/// True for characters that must never be written to a terminal as they are:
/// C0 and C1 controls, DEL, bidi embeddings, overrides, isolates and marks,
/// and invisible format characters.
pub fn is_unsafe(c: char) -> bool {
    let u = c as u32;
    u < 0x20
        || (0x7f..=0x9f).contains(&u)
        || matches!(u,
            0x00ad | 0x034f | 0x061c | 0x115f | 0x1160 | 0x17b4 | 0x17b5
            | 0x180b..=0x180f | 0x200b | 0x200e | 0x200f | 0x2028..=0x202e
            | 0x2060..=0x206f | 0x3164 | 0xfeff | 0xffa0 | 0xfff9..=0xfffb
            | 0x1bca0..=0x1bca3 | 0x1d173..=0x1d17a | 0xe0000..=0xe007f)
}

/// Joiners and selectors that are harmless inside a grapheme but not alone.
fn is_joiner(c: char) -> bool {
    matches!(c as u32, 0x200c | 0x200d | 0xfe00..=0xfe0f | 0xe0020..=0xe007f)
}

/// The visible placeholder for an unsafe character.
pub fn placeholder(c: char) -> String {
    let u = c as u32;
    if u < 0x20 {
        format!("^{}", char::from_u32(u + 0x40).unwrap_or('?'))
    } else if u == 0x7f {
        "^?".to_string()
    } else {
        format!("<U+{u:04X}>")
    }
}

/// The glyphs of `text`, with spans offset by `base`.
pub fn glyphs(text: &str, base: usize) -> impl Iterator<Item = Glyph<'_>> {
    text.grapheme_indices(true)
        .map(move |(i, g)| glyph(g, base + i))
}

/// The glyph for one grapheme `g` found at byte `at`.
pub fn glyph(g: &str, at: usize) -> Glyph<'_> {
    let span = at..at + g.len();
    if g.len() == 1 {
        let b = g.as_bytes()[0];
        if (0x20..0x7f).contains(&b) {
            let kind = if b == b' ' {
                GlyphKind::Space
            } else {
                GlyphKind::Text
            };
            return Glyph {
                span,
                show: Cow::Borrowed(g),
                width: 1,
                kind,
            };
        }
        if b == b'\t' {
            return Glyph {
                span,
                show: Cow::Borrowed("    "),
                width: TAB_WIDTH,
                kind: GlyphKind::Space,
            };
        }
    }
    let first = g.chars().next().unwrap_or(' ');
    let safe_start = !is_unsafe(first) && !is_joiner(first);
    if safe_start && !g.chars().any(is_unsafe) {
        let width = g.width();
        if width > 0 {
            let kind = if first.is_whitespace()
                && !matches!(first, '\u{a0}' | '\u{2007}' | '\u{202f}')
                && g.chars().count() == 1
            {
                GlyphKind::Space
            } else {
                GlyphKind::Text
            };
            return Glyph {
                span,
                show: Cow::Borrowed(g),
                width,
                kind,
            };
        }
        // A lone combining mark: show it on a dotted circle, as fonts do.
        let show = format!("\u{25cc}{g}");
        return Glyph {
            span,
            width: show.width().max(1),
            show: Cow::Owned(show),
            kind: GlyphKind::Placeholder,
        };
    }
    let mut show = String::new();
    let mut plain = String::new();
    for c in g.chars() {
        if is_unsafe(c) || (plain.is_empty() && show.is_empty() && is_joiner(c)) {
            show.push_str(&sanitize_plain(&plain));
            plain.clear();
            show.push_str(&placeholder(c));
        } else {
            plain.push(c);
        }
    }
    show.push_str(&sanitize_plain(&plain));
    Glyph {
        span,
        width: show.width(),
        show: Cow::Owned(show),
        kind: GlyphKind::Placeholder,
    }
}

/// Safe characters left over after placeholders were cut out of a grapheme.
fn sanitize_plain(s: &str) -> String {
    if s.is_empty() || s.width() > 0 {
        s.to_string()
    } else {
        format!("\u{25cc}{s}")
    }
}

/// `text` with every unsafe character replaced by its placeholder and tabs
/// expanded: safe to print on a terminal or in a pipe.
pub fn sanitize(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| is_unsafe(c) || is_joiner(c)) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(glyphs(text, 0).map(|g| g.show).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(s: &str) -> Vec<(String, usize)> {
        glyphs(s, 0)
            .map(|g| (g.show.into_owned(), g.width))
            .collect()
    }

    #[test]
    fn controls_become_visible_placeholders() {
        assert_eq!(
            shown("a\u{1b}[2Jb"),
            [("a", 1), ("^[", 2), ("[", 1), ("2", 1), ("J", 1), ("b", 1)]
                .map(|(s, w)| (s.to_string(), w))
        );
        assert_eq!(shown("\u{9b}")[0].0, "<U+009B>");
        assert_eq!(shown("\u{202e}")[0].0, "<U+202E>");
        assert_eq!(shown("\u{200b}")[0].0, "<U+200B>");
        assert_eq!(shown("\r")[0].0, "^M");
        assert_eq!(shown("\u{7f}")[0].0, "^?");
        assert_eq!(shown("\t")[0], ("    ".to_string(), 4));
    }

    #[test]
    fn widths_are_per_grapheme() {
        assert_eq!(shown("ž")[0].1, 1);
        assert_eq!(shown("e\u{301}")[0], ("e\u{301}".to_string(), 1));
        assert_eq!(shown("漢")[0].1, 2);
        assert_eq!(shown("👨‍👩‍👧")[0].1, 2);
        assert_eq!(shown("\u{301}")[0], ("\u{25cc}\u{301}".to_string(), 1));
    }

    #[test]
    fn sanitized_text_has_no_unsafe_characters() {
        let s = sanitize("x\u{1b}]52;c;AAAA\u{7}y\u{202e}z\u{2066}");
        assert!(!s.chars().any(is_unsafe), "{s:?}");
        assert_eq!(sanitize("plain Наполеон"), "plain Наполеон");
    }
}
