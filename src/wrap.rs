//! Word wrapping of an account for a given width, done by hand.
//!
//! ratatui's `Paragraph` wrap re-wraps everything each frame, scrolls by
//! `u16` and can put a wide character one cell past its area; so we wrap
//! ourselves: graphemes measured in cells ([`crate::text::sanitize`]), breaks
//! after white space, a word longer than the line broken, and no line ever
//! wider than the width. The result is a flat list of line spans, computed
//! once per width and cached by the caller; drawing touches only the
//! visible slice.

use crate::text::sanitize::{Glyph, GlyphKind, glyphs};
use crate::text::{Account, sanitize};
use std::ops::Range;

/// What a wrapped line shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// The first line of a paragraph: the gutter shows its number.
    First,
    /// A continuation line of a paragraph.
    Cont,
    /// The blank line between two paragraphs.
    Gap,
    /// A paragraph of front or back matter, folded to one line.
    Folded,
}

/// One line on screen: part of a paragraph, or the gap after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Index of the paragraph (0-based).
    pub para: usize,
    /// Byte span in the account's text (empty for gaps).
    pub span: Range<usize>,
    /// First, continuation or gap.
    pub kind: LineKind,
}

/// An account wrapped at one width.
#[derive(Debug, Clone)]
pub struct Wrapped {
    /// The text width in cells the lines were wrapped for.
    pub width: usize,
    /// The paragraphs of matter shown in full (the others are folded), sorted.
    pub expanded: Vec<usize>,
    /// All lines, paragraphs separated by one gap line.
    pub lines: Vec<Line>,
    /// For each paragraph, the index of its first line.
    pub first_line: Vec<usize>,
}

impl Wrapped {
    /// Wraps every paragraph of `account` at `width` cells (at least 1),
    /// matter folded.
    pub fn new(account: &Account, width: usize) -> Wrapped {
        Wrapped::with_expanded(account, width, &[])
    }

    /// Nothing wrapped yet.
    pub fn empty() -> Wrapped {
        Wrapped {
            width: 0,
            expanded: Vec::new(),
            lines: Vec::new(),
            first_line: Vec::new(),
        }
    }

    /// Wraps every paragraph of `account` at `width` cells, the paragraphs
    /// of matter in `expanded` shown in full.
    pub fn with_expanded(account: &Account, width: usize, expanded: &[usize]) -> Wrapped {
        let width = width.max(1);
        let mut lines = Vec::with_capacity(account.text.len() / width.max(8) + 8);
        let mut first_line = Vec::with_capacity(account.paragraphs.len());
        for (para, p) in account.paragraphs.iter().enumerate() {
            if para > 0 {
                lines.push(Line {
                    para: para - 1,
                    span: p.span.start..p.span.start,
                    kind: LineKind::Gap,
                });
            }
            first_line.push(lines.len());
            if p.is_matter() && expanded.binary_search(&para).is_err() {
                lines.push(Line {
                    para,
                    span: p.span.clone(),
                    kind: LineKind::Folded,
                });
                continue;
            }
            let glyphs = account.glyphs(p.span.clone());
            for (i, span) in wrap_glyphs(glyphs, p.span.clone(), width)
                .into_iter()
                .enumerate()
            {
                let kind = if i == 0 {
                    LineKind::First
                } else {
                    LineKind::Cont
                };
                lines.push(Line { para, span, kind });
            }
        }
        Wrapped {
            width,
            expanded: expanded.to_vec(),
            lines,
            first_line,
        }
    }

    /// Number of lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// True when there are no lines.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The index of the line showing byte `offset` (the nearest line when the
    /// offset falls between lines).
    pub fn line_of(&self, offset: usize) -> usize {
        // Spans only grow, and a gap's empty span sits at the start of the
        // next paragraph, so this predicate is monotone.
        let i = self.lines.partition_point(|l| l.span.end <= offset);
        i.min(self.lines.len().saturating_sub(1))
    }
}

/// The line spans of `text` wrapped at `width` cells, offset by `base`.
/// Always at least one span, even for empty text.
pub fn wrap_spans(text: &str, base: usize, width: usize) -> Vec<Range<usize>> {
    wrap_glyphs(glyphs(text, base), base..base + text.len(), width)
}

/// The line spans of the glyphs of `span` wrapped at `width` cells: breaks
/// after white space, a word longer than the line broken, a kept line
/// break ([`GlyphKind::Break`]) always a new line. Always at least one span.
pub fn wrap_glyphs<'a>(
    glyphs: impl Iterator<Item = Glyph<'a>>,
    span: Range<usize>,
    width: usize,
) -> Vec<Range<usize>> {
    let width = width.max(1);
    let end = span.end;
    let mut out = Vec::new();
    let mut line_start = span.start;
    let mut col = 0;
    // Byte offset after the last breakable space on this line, and the column there.
    let mut last_break: Option<(usize, usize)> = None;
    for g in glyphs {
        if g.kind == GlyphKind::Break {
            out.push(line_start..g.span.start);
            line_start = g.span.end;
            col = 0;
            last_break = None;
            continue;
        }
        if g.kind == GlyphKind::Space {
            if col + g.width > width {
                // White space at the edge: the line ends before it, and it is swallowed.
                out.push(line_start..g.span.start);
                line_start = g.span.end;
                col = 0;
                last_break = None;
            } else {
                col += g.width;
                last_break = Some((g.span.end, col));
            }
            continue;
        }
        if col + g.width > width {
            match last_break.take() {
                Some((at, at_col)) if at > line_start => {
                    out.push(line_start..at);
                    line_start = at;
                    col -= at_col;
                    // The rest of the word may still not leave room for this
                    // glyph: then the word is broken here too.
                    if col > 0 && col + g.width > width {
                        out.push(line_start..g.span.start);
                        line_start = g.span.start;
                        col = 0;
                    }
                }
                _ if col > 0 => {
                    out.push(line_start..g.span.start);
                    line_start = g.span.start;
                    col = 0;
                }
                _ => {}
            }
        }
        col += g.width;
    }
    if line_start < end || out.is_empty() {
        out.push(line_start..end);
    }
    out
}

/// The display width of the glyphs in `text`.
pub fn display_width(text: &str) -> usize {
    glyphs(text, 0).map(|g| g.width).sum()
}

/// `text` cut to at most `width` cells, safe to show (see [`sanitize`]),
/// with `…` at the end when it was cut.
pub fn truncate(text: &str, width: usize) -> String {
    let safe = sanitize::sanitize(text);
    if display_width(&safe) <= width {
        return safe.into_owned();
    }
    let mut out = String::new();
    let mut col = 0;
    for g in glyphs(&safe, 0) {
        if col + g.width + 1 > width {
            break;
        }
        col += g.width;
        out.push_str(&g.show);
    }
    if width > 0 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Meta;

    fn wrap(text: &str, width: usize) -> Vec<&str> {
        wrap_spans(text, 0, width)
            .into_iter()
            .map(|r| &text[r])
            .collect()
    }

    #[test]
    fn wraps_at_word_boundaries() {
        assert_eq!(
            wrap("Napoleon zatiaľ študoval vojenskú situáciu", 16),
            ["Napoleon zatiaľ ", "študoval ", "vojenskú ", "situáciu"]
        );
        assert_eq!(
            wrap("Коленкур зустрівся з Олександром", 12),
            ["Коленкур ", "зустрівся з ", "Олександром"]
        );
    }

    #[test]
    fn long_words_are_broken() {
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("ab abcdefghij", 4), ["ab ", "abcd", "efgh", "ij"]);
    }

    #[test]
    fn wide_and_combining_characters_fit() {
        assert_eq!(wrap("漢字漢字", 5), ["漢字", "漢字"]);
        assert_eq!(wrap("👍👍👍", 4), ["👍👍", "👍"]);
        assert_eq!(
            wrap("e\u{301}e\u{301}e\u{301}", 2),
            ["e\u{301}e\u{301}", "e\u{301}"]
        );
        for w in 1..12 {
            let t = "Mix 漢字 and 👨‍👩‍👧 and cafe\u{301} and Париж.";
            for line in wrap(t, w) {
                // A placeholder (<U+200D>) wider than the line is alone on it.
                let one = crate::text::sanitize::glyphs(line, 0).count() == 1;
                assert!(
                    display_width(line) <= w.max(2) || one,
                    "width {w}: {line:?}"
                );
            }
        }
    }

    #[test]
    fn a_wide_glyph_after_a_break_still_fits() {
        // Found by the property test: a break at the last space left the
        // rest of a long word and a wide placeholder on one line.
        let t = ". \u{1b}[2J\u{1b}]52;c;QQ==\u{7}\u{202e}\u{2066}";
        for w in 1..30 {
            for line in wrap(t, w) {
                let one = crate::text::sanitize::glyphs(line, 0).count() == 1;
                assert!(display_width(line) <= w || one, "{w}: {line:?}");
            }
        }
    }

    #[test]
    fn width_one_puts_one_cell_per_line() {
        assert_eq!(wrap("a b", 1), ["a", "b"]);
        assert_eq!(wrap("ab", 1), ["a", "b"]);
    }

    #[test]
    fn empty_text_is_one_empty_line() {
        assert_eq!(wrap("", 10), [""]);
    }

    #[test]
    fn wrapped_account_has_gaps_and_first_lines() {
        let a = Account::new(
            Meta {
                title: "t".into(),
                label: "t".into(),
                language: None,
                year: None,
            },
            "one two three\nfour".into(),
        );
        let w = Wrapped::new(&a, 8);
        let kinds: Vec<LineKind> = w.lines.iter().map(|l| l.kind).collect();
        assert_eq!(
            kinds,
            [
                LineKind::First,
                LineKind::Cont,
                LineKind::Gap,
                LineKind::First
            ]
        );
        assert_eq!(w.first_line, [0, 3]);
        assert_eq!(w.line_of(4), 0);
        assert_eq!(w.line_of(9), 1);
        assert_eq!(w.line_of(15), 3);
    }

    #[test]
    fn truncate_marks_the_cut() {
        assert_eq!(truncate("Париж", 10), "Париж");
        assert_eq!(truncate("Париж", 4), "Пар…");
        assert_eq!(truncate("a\u{1b}b", 10), "a^[b");
    }
}
