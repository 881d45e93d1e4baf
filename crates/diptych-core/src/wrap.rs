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
use crate::text::{Account, BreakKind, sanitize};
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

/// One line on screen: part of a paragraph, or the gap after it. A book
/// wrapped at one width is hundreds of thousands of these, so they are
/// kept in twelve bytes: the kind in the top two bits of the paragraph
/// index (a text of at most 256 MiB has fewer than 2³⁰ paragraphs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    para_kind: u32,
    start: u32,
    end: u32,
}

impl Line {
    /// A line of paragraph `para` showing `span` of the text.
    pub fn new(para: usize, span: Range<usize>, kind: LineKind) -> Line {
        let kind = match kind {
            LineKind::First => 0,
            LineKind::Cont => 1,
            LineKind::Gap => 2,
            LineKind::Folded => 3,
        };
        Line {
            para_kind: (para as u32 & PARA_BITS) | (kind << 30),
            start: span.start as u32,
            end: span.end as u32,
        }
    }

    /// Index of the paragraph (0-based).
    pub fn para(&self) -> usize {
        (self.para_kind & PARA_BITS) as usize
    }

    /// First, continuation, gap or folded.
    pub fn kind(&self) -> LineKind {
        match self.para_kind >> 30 {
            0 => LineKind::First,
            1 => LineKind::Cont,
            2 => LineKind::Gap,
            _ => LineKind::Folded,
        }
    }

    /// Byte span in the account's text (empty for gaps).
    pub fn span(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// The bits of [`Line`]'s paragraph index.
const PARA_BITS: u32 = (1 << 30) - 1;

/// An account wrapped at one width.
#[derive(Debug, Clone)]
pub struct Wrapped {
    /// The text width in cells the lines were wrapped for.
    pub width: usize,
    /// The paragraphs of matter shown in full (the others are folded), sorted.
    pub expanded: Vec<usize>,
    /// The paragraphs' lines, without the gap lines between paragraphs:
    /// those are made when asked for ([`Wrapped::line`]), as a book of a
    /// million one-line paragraphs would have a million of them.
    text_lines: Vec<Line>,
    /// For each paragraph, the index of its first line, gap lines counted
    /// (a text of at most 256 MiB has fewer lines than `u32` counts).
    pub first_line: Vec<u32>,
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
            text_lines: Vec::new(),
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
            // One gap line before every paragraph but the first.
            first_line.push((lines.len() + para) as u32);
            if p.is_matter() && expanded.binary_search(&para).is_err() {
                lines.push(Line::new(para, p.span(), LineKind::Folded));
                continue;
            }
            let spans = wrap_plain(account, p.span(), width)
                .unwrap_or_else(|| wrap_glyphs(account.glyphs(p.span()), p.span(), width));
            for (i, span) in spans.into_iter().enumerate() {
                let kind = if i == 0 {
                    LineKind::First
                } else {
                    LineKind::Cont
                };
                lines.push(Line::new(para, span, kind));
            }
        }
        lines.shrink_to_fit();
        Wrapped {
            width,
            expanded: expanded.to_vec(),
            text_lines: lines,
            first_line,
        }
    }

    /// Number of lines, gaps included.
    pub fn len(&self) -> usize {
        self.text_lines.len() + self.first_line.len().saturating_sub(1)
    }

    /// True when there are no lines.
    pub fn is_empty(&self) -> bool {
        self.text_lines.is_empty()
    }

    /// The paragraph line `i` belongs to (a gap belongs to the paragraph
    /// before it).
    fn para_of(&self, i: usize) -> usize {
        self.first_line
            .partition_point(|&f| f as usize <= i)
            .saturating_sub(1)
    }

    /// Line `i`: a paragraph's line, or the gap after a paragraph.
    pub fn line(&self, i: usize) -> Option<Line> {
        if i >= self.len() {
            return None;
        }
        let p = self.para_of(i);
        match self.first_line.get(p + 1) {
            Some(&next) if i + 1 == next as usize => {
                // The gap: an empty span at the start of the next paragraph.
                let start = self.text_lines.get(i - p)?.start as usize;
                Some(Line::new(p, start..start, LineKind::Gap))
            }
            _ => self.text_lines.get(i - p).copied(),
        }
    }

    /// Lines `range` (cut to the lines there are), in order.
    pub fn lines(&self, range: Range<usize>) -> impl Iterator<Item = Line> + '_ {
        range.filter_map(|i| self.line(i))
    }

    /// The index of the line showing byte `offset` (the nearest line when the
    /// offset falls between lines).
    pub fn line_of(&self, offset: usize) -> usize {
        // Spans only grow, so this predicate is monotone.
        let s = self
            .text_lines
            .partition_point(|l| (l.end as usize) <= offset)
            .min(self.text_lines.len().saturating_sub(1));
        let Some(line) = self.text_lines.get(s) else {
            return 0;
        };
        let p = line.para();
        let i = s + p;
        // Before a paragraph's first line, its gap holds an offset before
        // the paragraph's start (its empty span sits there).
        if p > 0 && self.first_line[p] as usize == i && offset < line.start as usize {
            return i - 1;
        }
        i
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
    let mut w = Wrapper::new(span.start, width);
    for g in glyphs {
        w.feed(g.kind, g.span, g.width);
    }
    w.finish(span.end)
}

/// The line spans of paragraph `span` of `account` when every character of
/// it (its line ends aside) is one cell wide on its own, as most text in
/// European languages is: the same lines as [`wrap_glyphs`] makes, without
/// building a glyph for each character (wrapping a book's every paragraph
/// is most of the time it takes to open it). `None` when some character
/// needs the full treatment.
fn wrap_plain(account: &Account, span: Range<usize>, width: usize) -> Option<Vec<Range<usize>>> {
    let text = account.text.as_str();
    let first = account.breaks.partition_point(|b| b.span.end <= span.start);
    let breaks = &account.breaks[first..];
    let breaks = &breaks[..breaks.partition_point(|b| b.span.start < span.end)];
    if breaks.first().is_some_and(|b| b.span.start < span.start) {
        return None;
    }
    // The stretches of text between line ends: every character simple.
    let mut at = span.start;
    for b in breaks
        .iter()
        .map(|b| b.span.clone())
        .chain(std::iter::once(span.end..span.end))
    {
        if !text[at..b.start.min(span.end)]
            .chars()
            .all(sanitize::is_simple)
        {
            return None;
        }
        at = b.end.min(span.end);
    }
    let mut w = Wrapper::new(span.start, width);
    let mut at = span.start;
    let stretch = |w: &mut Wrapper, from: usize, to: usize| {
        for (i, c) in text[from..to].char_indices() {
            let start = from + i;
            let kind = if c == ' ' {
                GlyphKind::Space
            } else {
                GlyphKind::Text
            };
            w.feed(kind, start..start + c.len_utf8(), 1);
        }
    };
    for b in breaks {
        stretch(&mut w, at, b.span.start.max(at));
        match b.kind {
            BreakKind::Join => {}
            BreakKind::Space => w.feed(GlyphKind::Space, b.span.clone(), 1),
            BreakKind::Line => w.feed(GlyphKind::Break, b.span.clone(), 0),
        }
        at = b.span.end.min(span.end);
    }
    stretch(&mut w, at, span.end.max(at));
    Some(w.finish(span.end))
}

/// The line-breaking state as glyphs come: where the line started, its
/// width so far, and its last place to break.
struct Wrapper {
    width: usize,
    out: Vec<Range<usize>>,
    line_start: usize,
    col: usize,
    /// Byte offset after the last breakable space on this line, and the column there.
    last_break: Option<(usize, usize)>,
}

impl Wrapper {
    fn new(start: usize, width: usize) -> Wrapper {
        Wrapper {
            width: width.max(1),
            out: Vec::new(),
            line_start: start,
            col: 0,
            last_break: None,
        }
    }

    /// The next glyph: its kind, byte span and width.
    fn feed(&mut self, kind: GlyphKind, span: Range<usize>, w: usize) {
        let width = self.width;
        if kind == GlyphKind::Break {
            self.out.push(self.line_start..span.start);
            self.line_start = span.end;
            self.col = 0;
            self.last_break = None;
            return;
        }
        if kind == GlyphKind::Space {
            if self.col + w > width {
                // White space at the edge: the line ends before it, and it is swallowed.
                self.out.push(self.line_start..span.start);
                self.line_start = span.end;
                self.col = 0;
                self.last_break = None;
            } else {
                self.col += w;
                self.last_break = Some((span.end, self.col));
            }
            return;
        }
        if self.col + w > width {
            match self.last_break.take() {
                Some((at, at_col)) if at > self.line_start => {
                    self.out.push(self.line_start..at);
                    self.line_start = at;
                    self.col -= at_col;
                    // The rest of the word may still not leave room for this
                    // glyph: then the word is broken here too.
                    if self.col > 0 && self.col + w > width {
                        self.out.push(self.line_start..span.start);
                        self.line_start = span.start;
                        self.col = 0;
                    }
                }
                _ if self.col > 0 => {
                    self.out.push(self.line_start..span.start);
                    self.line_start = span.start;
                    self.col = 0;
                }
                _ => {}
            }
        }
        self.col += w;
    }

    /// The lines, the last ending at `end`; always at least one.
    fn finish(mut self, end: usize) -> Vec<Range<usize>> {
        if self.line_start < end || self.out.is_empty() {
            self.out.push(self.line_start..end);
        }
        self.out
    }
}

/// The display width of the glyphs in `text`.
pub fn display_width(text: &str) -> usize {
    glyphs(text, 0).map(|g| g.width).sum()
}

/// An account's label in at most `width` cells: when cut, it is cut in the
/// middle, so both its start (which book) and its end (which side: two
/// labels of one book differ there) stay: `war-and…1-i-v.ru`.
pub fn short_label(label: &str, width: usize) -> String {
    let safe = sanitize::sanitize(label);
    if display_width(&safe) <= width || width == 0 {
        return safe.into_owned();
    }
    let glyphs: Vec<Glyph<'_>> = glyphs(&safe, 0).collect();
    // The end gets the larger half of what is left beside the `…`.
    let tail_w = (width - 1).div_ceil(2);
    let head_w = width - 1 - tail_w;
    let mut col = 0;
    let mut from = glyphs.len();
    while from > 0 && col + glyphs[from - 1].width <= tail_w {
        from -= 1;
        col += glyphs[from].width;
    }
    let mut head = String::new();
    let mut hcol = 0;
    for g in &glyphs[..from] {
        if hcol + g.width > head_w {
            break;
        }
        hcol += g.width;
        head.push_str(&g.show);
    }
    let tail: String = glyphs[from..].iter().map(|g| g.show.as_ref()).collect();
    format!("{head}…{tail}")
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

    #[test]
    fn a_long_label_is_cut_in_the_middle_keeping_both_ends() {
        assert_eq!(
            short_label("war-and-peace-1-1-i-v.ru", 16),
            "war-and…1-i-v.ru"
        );
        assert_eq!(
            short_label("war-and-peace-1-1-i-v.en", 16),
            "war-and…1-i-v.en"
        );
        assert_eq!(short_label("uk1814", 16), "uk1814");
        assert_eq!(short_label("pan-tadeusz-i-ii.pl", 8), "pan…i.pl");
    }

    fn wrap(text: &str, width: usize) -> Vec<&str> {
        wrap_spans(text, 0, width)
            .into_iter()
            .map(|r| &text[r])
            .collect()
    }

    #[test]
    fn plain_paragraphs_wrap_as_glyphs_do() {
        // Hard-wrapped prose (CRLF, a hyphen at a line end, verse) in two
        // scripts, at every width from 1 to 40.
        let prose = "Well, Prince, so Genoa and Lucca are now just\r\nfamily estates of the Buonapartes—a well-\r\nknown “fact”.\r\n\r\nНу, князь, Генуя и Лукка стали не больше\r\nкак поместьями фамилии Буонапарте.\r\n\r\nRoses are red,\r\nviolets are blue.\r\n\r\nA word     with  spaces  and averyveryverylongwordindeed here.\r\n";
        let text = prose.repeat(6);
        let a = Account::new(crate::text::Meta::named("t"), text);
        let mut plain = 0;
        for width in 1..=40 {
            for p in &a.paragraphs {
                let want = wrap_glyphs(a.glyphs(p.span()), p.span(), width);
                if let Some(got) = wrap_plain(&a, p.span(), width) {
                    assert_eq!(got, want, "width {width}: {:?}", &a.text[p.span()]);
                    plain += 1;
                }
            }
        }
        assert!(plain > 0, "the fast path ran");
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
        let kinds: Vec<LineKind> = w.lines(0..w.len()).map(|l| l.kind()).collect();
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
    fn gap_lines_made_when_asked_are_the_gaps_between_paragraphs() {
        let a = Account::new(
            crate::text::Meta::named("t"),
            "   An indented first paragraph that wraps.\n\nTwo.\n\n\n\n  Three, with more words.\n\nFour"
                .into(),
        );
        for width in [1, 5, 12, 80] {
            let w = Wrapped::new(&a, width);
            let lines: Vec<Line> = w.lines(0..w.len()).collect();
            assert_eq!(lines.len(), w.len());
            for (i, l) in lines.iter().enumerate() {
                if l.kind() == LineKind::Gap {
                    let next = &a.paragraphs[l.para() + 1];
                    assert_eq!(
                        l.span(),
                        next.span().start..next.span().start,
                        "{width}: {i}"
                    );
                    assert_eq!(w.first_line[l.para() + 1] as usize, i + 1);
                } else {
                    assert!(w.first_line[l.para()] as usize <= i);
                }
            }
            // line_of as a search over every line, gaps included.
            for offset in 0..=a.text.len() + 2 {
                let i = lines.partition_point(|l| l.span().end <= offset);
                assert_eq!(
                    w.line_of(offset),
                    i.min(lines.len() - 1),
                    "{width}: {offset}"
                );
            }
        }
    }

    #[test]
    fn truncate_marks_the_cut() {
        assert_eq!(truncate("Париж", 10), "Париж");
        assert_eq!(truncate("Париж", 4), "Пар…");
        assert_eq!(truncate("a\u{1b}b", 10), "a^[b");
    }
}
