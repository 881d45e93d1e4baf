//! What a piece of text looks like on a terminal, made safe.
//!
//! Text from a file must never reach the terminal raw: a control character
//! can start an escape sequence, a bidi override can reorder what is shown,
//! and ratatui silently drops controls and zero-width characters, which would
//! hide content and shift offsets. So every grapheme is turned into a
//! [`Glyph`]: shown as it is, shown as a visible placeholder (caret
//! notation such as `^[` for C0 controls, `<U+202E>` for the others) whose
//! width is known, or, for what is invisible by design (soft hyphens,
//! zero-width spaces and joiners, variation selectors), left out. Tabs become four spaces. No crate does this with the
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
    /// A line break kept inside a paragraph (verse, addresses): the line
    /// ends here. It takes no cells and is never drawn.
    Break,
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

impl<'a> Glyph<'a> {
    /// A grapheme shown as it is written.
    fn as_is(span: Range<usize>, g: &'a str, width: usize, kind: GlyphKind) -> Glyph<'a> {
        Glyph {
            span,
            show: Cow::Borrowed(g),
            width,
            kind,
        }
    }
}

/// True for characters that must never be written to a terminal as they are:
/// C0 and C1 controls, DEL, bidi embeddings, overrides, isolates and marks,
/// invisible format characters, and the joiners and selectors (ZWJ, ZWNJ,
/// variation selectors, tags) whose width terminals disagree on: passed
/// raw, they shift everything after them on the row by a cell or two.
pub fn is_unsafe(c: char) -> bool {
    let u = c as u32;
    u < 0x20
        || (0x7f..=0x9f).contains(&u)
        || matches!(u,
            0x00ad | 0x034f | 0x061c | 0x115f | 0x1160 | 0x17b4 | 0x17b5
            | 0x180b..=0x180f | 0x200b..=0x200f | 0x2028..=0x202e
            | 0x2060..=0x206f | 0x3164 | 0xfe00..=0xfe0f | 0xfeff | 0xffa0
            | 0xfff9..=0xfffb | 0x1bca0..=0x1bca3 | 0x1d173..=0x1d17a
            | 0xe0000..=0xe007f | 0xe0100..=0xe01ef)
}

/// True for the unsafe characters that are invisible by design and carry
/// no danger once left out: the soft hyphen, zero-width space, joiners,
/// word joiner, variation selectors and a byte-order mark inside a text.
/// They are drawn as nothing (as a browser or a book would show them), so
/// a book with soft hyphens reads cleanly; controls, bidi marks and tags,
/// which change or hide what is read, keep a visible placeholder.
pub fn is_invisible(c: char) -> bool {
    matches!(c as u32,
        0x00ad | 0x034f | 0x180b..=0x180f | 0x200b..=0x200d | 0x2060..=0x2064
        | 0xfe00..=0xfe0f | 0xfeff | 0xe0100..=0xe01ef)
}

/// Characters that are always a grapheme of their own, one cell wide, and
/// never join the character before them: ASCII printables, Latin-1 and
/// Latin Extended, Greek, Cyrillic, general punctuation. A run of them
/// needs no grapheme segmentation, which is most of the cost of drawing
/// and wrapping a long text.
pub fn is_simple(c: char) -> bool {
    matches!(c as u32,
        0x20..=0x7e | 0xa0..=0xac | 0xae..=0x2ff | 0x370..=0x377 | 0x37a..=0x37f
        | 0x384..=0x3ff | 0x400..=0x482 | 0x48a..=0x52f | 0x2010..=0x2027
        | 0x2030..=0x205e)
}

/// True for a regional indicator (🇦 to 🇿): two of them make a flag.
fn is_regional_indicator(c: char) -> bool {
    matches!(c as u32, 0x1f1e6..=0x1f1ff)
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
pub fn glyphs(text: &str, base: usize) -> Glyphs<'_> {
    Glyphs { text, base, pos: 0 }
}

/// The glyphs of a text, one grapheme at a time (see [`glyphs`]).
#[derive(Debug, Clone)]
pub struct Glyphs<'a> {
    text: &'a str,
    base: usize,
    pos: usize,
}

impl<'a> Iterator for Glyphs<'a> {
    type Item = Glyph<'a>;

    fn next(&mut self) -> Option<Glyph<'a>> {
        let rest = &self.text[self.pos..];
        let mut chars = rest.chars();
        let c = chars.next()?;
        let at = self.base + self.pos;
        if is_simple(c) && chars.next().is_none_or(is_simple) {
            let g = &rest[..c.len_utf8()];
            self.pos += g.len();
            let kind = if c == ' ' {
                GlyphKind::Space
            } else {
                GlyphKind::Text
            };
            return Some(Glyph {
                span: at..at + g.len(),
                show: Cow::Borrowed(g),
                width: 1,
                kind,
            });
        }
        let mut g = rest.graphemes(true).next().unwrap_or(rest);
        // A grapheme holding a joiner or a control is cut at it, so each
        // placeholder is a glyph of its own (and lines can break there).
        if let Some((i, u)) = g.char_indices().find(|&(_, u)| is_unsafe(u))
            && g.len() > u.len_utf8()
        {
            g = if i == 0 { &g[..u.len_utf8()] } else { &g[..i] };
        }
        self.pos += g.len();
        Some(glyph(g, at))
    }
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
            return Glyph::as_is(span, g, 1, kind);
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
    if g.chars().all(is_invisible) {
        return Glyph {
            span,
            show: Cow::Borrowed(""),
            width: 0,
            kind: GlyphKind::Text,
        };
    }
    // A flag, two regional indicators: terminals draw it in two cells,
    // in four, or as two letters, so a screen drawn for one of them keeps
    // stray halves on another. Its two letters, dim, take two cells on all.
    if g.chars().all(is_regional_indicator) {
        let show: String = g
            .chars()
            .filter_map(|c| char::from_u32(u32::from(b'A') + (c as u32 - 0x1f1e6)))
            .collect();
        return Glyph {
            span,
            width: show.len(),
            show: Cow::Owned(show),
            kind: GlyphKind::Placeholder,
        };
    }
    if !g.chars().any(is_unsafe) {
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
            return Glyph::as_is(span, g, width, kind);
        }
        // A lone combining mark: show it on a dotted circle, as fonts do.
        // Anything else that takes no cell on its own (a Hangul jamo
        // vowel or final, say) would not combine with the circle, and
        // terminals disagree on its width: a placeholder of known width.
        let show = if g
            .chars()
            .all(unicode_normalization::char::is_combining_mark)
        {
            format!("\u{25cc}{g}")
        } else {
            g.chars().map(placeholder).collect()
        };
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
        if is_invisible(c) {
            continue;
        }
        if is_unsafe(c) {
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
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(glyphs(text, 0).map(|g| g.show).collect())
}

/// [`sanitize`] line by line, the line ends kept: for JSON, which escapes
/// them itself, where a verse's lines must stay lines (`align --json`'s
/// texts), while what could still move a terminal's cursor or turn its
/// text around (an escape, a bidirectional override) is replaced.
pub fn sanitize_lines(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && is_unsafe(c)) {
        return Cow::Borrowed(text);
    }
    let lines: Vec<Cow<'_, str>> = text.split('\n').map(sanitize).collect();
    Cow::Owned(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_their_ends_for_json() {
        assert_eq!(sanitize_lines("Litwo!\nIle cię"), "Litwo!\nIle cię");
        assert_eq!(sanitize_lines("a\u{1b}[2J\nb"), "a^[[2J\nb");
        assert_eq!(sanitize("a\nb"), "a^Jb");
    }

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
        assert_eq!(
            shown("\u{200b}")[0],
            (String::new(), 0),
            "invisible by design: left out"
        );
        assert_eq!(
            shown("\u{2066}")[0].0,
            "<U+2066>",
            "a bidi isolate is shown"
        );
        assert_eq!(shown("\r")[0].0, "^M");
        assert_eq!(shown("\u{7f}")[0].0, "^?");
        assert_eq!(shown("\t")[0], ("    ".to_string(), 4));
    }

    #[test]
    fn widths_are_per_grapheme() {
        assert_eq!(shown("ž")[0].1, 1);
        assert_eq!(shown("e\u{301}")[0], ("e\u{301}".to_string(), 1));
        assert_eq!(shown("漢")[0].1, 2);
        // Joiners and selectors are cut out and drawn as nothing, so the
        // row is as wide on every terminal.
        let family: Vec<String> = shown("👨\u{200d}👩").into_iter().map(|g| g.0).collect();
        assert_eq!(family, ["👨", "", "👩"]);
        let heart: Vec<String> = shown("❤\u{fe0f}").into_iter().map(|g| g.0).collect();
        assert_eq!(heart, ["❤", ""]);
        assert_eq!(sanitize("Na\u{ad}po\u{ad}le\u{ad}on"), "Napoleon");
        assert_eq!(shown("\u{301}")[0], ("\u{25cc}\u{301}".to_string(), 1));
        // A flag is its two letters, as wide everywhere (the screen kept a
        // stray 🇷 where a terminal drew the flag wider than two cells).
        assert_eq!(
            shown("a\u{1f1eb}\u{1f1f7}b"),
            [("a", 1), ("FR", 2), ("b", 1)].map(|(s, w)| (s.to_string(), w))
        );
        assert_eq!(shown("\u{1f1f7}")[0], ("R".to_string(), 1));
        // A lone Hangul final takes no cell and would not sit on a circle.
        assert_eq!(shown("\u{d7cb}")[0], ("<U+D7CB>".to_string(), 8));
    }

    #[test]
    fn sanitized_text_has_no_unsafe_characters() {
        let s = sanitize("x\u{1b}]52;c;AAAA\u{7}y\u{202e}z\u{2066}");
        assert!(!s.chars().any(is_unsafe), "{s:?}");
        assert_eq!(sanitize("plain Наполеон"), "plain Наполеон");
    }
}
