//! The text model: an account is split into paragraphs (decided per file,
//! see [`layout`]), headings ([`headings`]), folded front and back matter
//! ([`matter`]), and sentences, each carrying its byte span in the text.
//!
//! Spans always index [`Account::text`], which is the file exactly as read
//! (a leading byte-order mark is skipped by the spans, not removed; line
//! ends inside a paragraph stay in the text and are shown as the layout
//! decided, see [`Account::glyphs`]), so any span can be sliced out of the
//! original and shown or reported as it is.

pub mod abbrev;
mod display;
pub mod encoding;
pub mod epub;
pub mod headings;
pub mod label;
pub mod language;
pub mod layout;
pub mod lines;
mod load;
pub mod markdown;
pub mod matter;
mod paragraph;
mod roman;
pub mod sanitize;
mod segment;
mod words;

pub use display::DisplayGlyphs;
pub use layout::{Choice, ParagraphLayout};
pub use load::{
    MAX_BOOK_BYTES, MAX_CONFIG_BYTES, MAX_TEXT_BYTES, read_file, read_text, validate_text,
};
pub use paragraph::{
    Book, Break, BreakKind, MatterKind, ParaKind, Paragraph, Sentence, Source, TocEntry,
};
pub use roman::{is_roman, roman_value};
pub use segment::{grapheme_end, is_word_char, sentences};
pub use words::words;

use std::ops::Range;

/// Which of the two accounts: left or right pane.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Side {
    /// The left account (the 1814 Ukrainian one in the bundled pair).
    #[default]
    Left,
    /// The right account (the 1815 Slovak one in the bundled pair).
    Right,
}

impl Side {
    /// Both sides, left first.
    pub const BOTH: [Side; 2] = [Side::Left, Side::Right];

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    /// 0 for left, 1 for right: the index into two-element arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// "left" or "right", as used in JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    /// The side named "left" or "right".
    pub fn from_name(name: &str) -> Option<Side> {
        match name {
            "left" => Some(Side::Left),
            "right" => Some(Side::Right),
            _ => None,
        }
    }

    /// Runs `f` for both sides, the left on a second thread.
    pub fn both<T: Send>(f: impl Fn(Side) -> T + Sync) -> [T; 2] {
        let (l, r) = join(|| f(Side::Left), || f(Side::Right));
        [l, r]
    }
}

/// Runs `a` on a second thread while `b` runs on this one, and gives both
/// results (a panic in `a` goes on in this thread).
pub fn join<A: Send, B>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B) -> (A, B) {
    std::thread::scope(|s| {
        let first = s.spawn(a);
        let second = b();
        (
            first
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            second,
        )
    })
}

/// What is known about an account besides its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meta {
    /// The title shown above the pane.
    pub title: String,
    /// A short label for result lists ("uk-1814").
    pub label: String,
    /// The language code, when known ("uk", "sk").
    pub language: Option<crate::Lang>,
    /// The year the account is about, when known.
    pub year: Option<i32>,
}

impl Meta {
    /// Metadata with only a title and label, language and year unknown.
    pub fn named(name: &str) -> Meta {
        Meta {
            title: name.to_string(),
            label: name.to_string(),
            language: None,
            year: None,
        }
    }

    /// The account in a reference to its paragraphs: its language code
    /// when known ("en ¶251–552"), else its label.
    pub fn short_name(&self) -> String {
        self.language
            .map_or_else(|| self.label.clone(), |l| l.code().to_string())
    }

    /// "title · language · year", leaving out what is unknown.
    pub fn heading(&self) -> String {
        let mut parts = vec![self.title.clone()];
        parts.extend(self.language.map(|l| l.code().to_string()));
        parts.extend(self.year.map(|y| y.to_string()));
        parts.join(" · ")
    }
}

/// One account: the text as read and its paragraphs.
#[derive(Debug, Clone)]
pub struct Account {
    /// Title, label, language and year.
    pub meta: Meta,
    /// The file's text exactly as read (for an EPUB: the extracted text).
    pub text: String,
    /// Its paragraphs, numbered from 1 in the user interface.
    pub paragraphs: Vec<Paragraph>,
    /// Line ends inside paragraphs, sorted.
    pub breaks: Vec<Break>,
    /// How the paragraphs were found.
    pub layout: ParagraphLayout,
    /// True when the layout was asked for, not decided.
    pub layout_forced: bool,
    /// The book's own table of contents (EPUB); empty when the outline
    /// comes from the headings.
    pub toc: Vec<TocEntry>,
    /// A text file or an EPUB.
    pub source: Source,
    /// The file's encoding, when it was not UTF-8.
    pub encoding: Option<encoding::FileEncoding>,
}

const BOM: &str = "\u{feff}";

impl Account {
    /// Every sentence's text, in reading order: what a test of sentence
    /// ends compares.
    #[cfg(test)]
    pub(crate) fn sentence_texts(&self) -> Vec<String> {
        self.paragraphs
            .iter()
            .flat_map(|p| {
                p.sentences()
                    .iter()
                    .map(|s| self.text[s.span()].to_string())
            })
            .collect()
    }

    /// Splits `text` into paragraphs, deciding the layout.
    pub fn new(meta: Meta, text: String) -> Account {
        Account::with_choice(meta, text, Choice::Auto)
    }

    /// Splits `text` into paragraphs with the layout `choice` asks for.
    pub fn with_choice(meta: Meta, text: String, choice: Choice) -> Account {
        let start = if text.starts_with(BOM) { BOM.len() } else { 0 };
        let (header, body, footer) = matter::gutenberg(&text, start..text.len());
        let (layout, split) = layout::split(&text, body, choice);
        let levels = headings::classify(&text, &split.paragraphs, &split.breaks);
        let mut parts: Vec<(Range<usize>, ParaKind)> = Vec::new();
        let mut breaks = Vec::new();
        if let Some(h) = header {
            matter_part(&text, h, matter::HEADER, &mut parts, &mut breaks);
        }
        for (span, level) in split.paragraphs.into_iter().zip(levels) {
            let kind = level.map_or(ParaKind::Text, ParaKind::Heading);
            parts.push((span, kind));
        }
        breaks.extend(split.breaks);
        if let Some(f) = footer {
            matter_part(&text, f, matter::FOOTER, &mut parts, &mut breaks);
        }
        let mut a = Account::from_parts(meta, text, parts, breaks, layout, Vec::new());
        a.layout_forced = choice != Choice::Auto;
        a
    }

    /// An account from paragraphs found elsewhere (an EPUB's XHTML).
    pub fn from_parts(
        meta: Meta,
        text: String,
        parts: Vec<(Range<usize>, ParaKind)>,
        breaks: Vec<Break>,
        layout: ParagraphLayout,
        toc: Vec<TocEntry>,
    ) -> Account {
        // Spans are kept as u32 (see [`Sentence`]): a text past 4 GiB,
        // which no loader makes, is cut at a character there.
        let mut text = text;
        if text.len() > u32::MAX as usize {
            let mut at = u32::MAX as usize;
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text.truncate(at);
        }
        let mut breaks = breaks;
        breaks.retain(|b| b.span.end <= text.len());
        let mut parts = parts;
        parts.retain(|(span, _)| span.end <= text.len());
        let paragraphs: Vec<Paragraph> = parts
            .into_iter()
            .map(|(span, kind)| {
                if matches!(kind, ParaKind::Matter(_)) {
                    Paragraph::new(span, &[], kind)
                } else {
                    let found = sentences(&text, span.clone());
                    Paragraph::new(span, &found, kind)
                }
            })
            .collect();
        let mut toc = toc;
        toc.retain(|t| t.paragraph < paragraphs.len());
        Account {
            meta,
            text,
            paragraphs,
            breaks,
            layout,
            layout_forced: false,
            source: match layout {
                ParagraphLayout::Epub => Source::Epub,
                ParagraphLayout::Markdown => Source::Markdown,
                _ => Source::Text,
            },
            toc,
            encoding: None,
        }
    }

    /// The text of paragraph `index` (0-based), as in the file.
    pub fn paragraph_text(&self, index: usize) -> &str {
        &self.text[self.paragraphs[index].span()]
    }

    /// The pane's title: title · language · year, and the encoding when
    /// the file was not UTF-8 (`tour-du-monde.fr.txt · fr · latin-1
    /// (windows-1252)`).
    pub fn heading(&self) -> String {
        let mut h = self.meta.heading();
        if let Some(e) = self.encoding {
            h.push_str(" · ");
            h.push_str(&e.name());
        }
        h
    }

    /// Offsets in the file as read of text offsets `at` (sorted): the same
    /// for UTF-8 and for extracted text, else through the encoding.
    pub fn file_offsets(&self, at: &[usize]) -> Vec<usize> {
        if self.source.is_extracted() {
            return at.to_vec();
        }
        encoding::file_offsets(&self.text, self.encoding, at)
    }

    /// The text of `span` as shown: line ends inside paragraphs joined,
    /// unsafe characters as placeholders.
    pub fn shown(&self, span: Range<usize>) -> String {
        self.glyphs(span)
            .map(|g| {
                if g.kind == sanitize::GlyphKind::Break {
                    " ".into()
                } else {
                    g.show
                }
            })
            .collect()
    }

    /// The index of the paragraph holding byte `offset`, or the nearest one after it.
    pub fn paragraph_at(&self, offset: usize) -> usize {
        let i = self.paragraphs.partition_point(|p| p.span().end <= offset);
        i.min(self.paragraphs.len().saturating_sub(1))
    }

    /// The glyphs of `span` as shown (see [`DisplayGlyphs`]).
    pub fn glyphs(&self, span: Range<usize>) -> DisplayGlyphs<'_> {
        DisplayGlyphs::new(&self.text, &self.breaks, span)
    }

    /// The word spans of `span` (see [`words`]).
    pub fn words(&self, span: Range<usize>) -> Vec<Range<usize>> {
        words(&self.text, span)
    }

    /// The outline: the book's table of contents when it has one, else the
    /// headings.
    pub fn outline(&self) -> Vec<TocEntry> {
        if !self.toc.is_empty() {
            return self.toc.clone();
        }
        self.paragraphs
            .iter()
            .enumerate()
            .filter_map(|(i, p)| match p.kind {
                ParaKind::Heading(level) => Some(TocEntry {
                    title: self.shown(p.span()).trim().to_string(),
                    paragraph: i,
                    level,
                }),
                _ => None,
            })
            .collect()
    }

    /// The number of paragraphs that are running text.
    pub fn text_paragraphs(&self) -> usize {
        self.paragraphs.iter().filter(|p| p.is_text()).count()
    }
}

/// Adds `range` as one folded paragraph of matter, its line ends kept.
fn matter_part(
    text: &str,
    range: Range<usize>,
    what: MatterKind,
    parts: &mut Vec<(Range<usize>, ParaKind)>,
    breaks: &mut Vec<Break>,
) {
    let ls = lines::lines(text, range);
    let (Some(first), Some(last)) = (
        ls.iter().find(|l| !l.is_blank()),
        ls.iter().rev().find(|l| !l.is_blank()),
    ) else {
        return;
    };
    let span = first.start..last.end;
    for l in ls
        .iter()
        .filter(|l| l.end >= span.start && l.next <= span.end)
    {
        breaks.push(Break {
            span: l.end..l.next,
            kind: BreakKind::Line,
        });
    }
    parts.push((span, ParaKind::Matter(what)));
}

/// `text` on one line: each run of white space (a wrapped line's end)
/// one space, none at either end.
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_slice_the_original_text() {
        let text =
            "\u{feff}Наполеон прибув. Він чекав!\r\n\r\nNapoleon zatiaľ študoval.\n".to_string();
        let a = Account::new(Meta::named("t"), text);
        assert_eq!(a.paragraphs.len(), 2);
        assert_eq!(a.paragraph_text(0), "Наполеон прибув. Він чекав!");
        assert_eq!(a.paragraph_text(1), "Napoleon zatiaľ študoval.");
        let s = &a.paragraphs[0].sentences();
        assert_eq!(s.len(), 2);
        assert_eq!(&a.text[s[1].span()], "Він чекав!");
        let w: Vec<&str> = a
            .words(s[0].span())
            .into_iter()
            .map(|r| &a.text[r])
            .collect();
        assert_eq!(w, ["Наполеон", "прибув"]);
        assert_eq!(a.paragraph_at(a.paragraphs[1].span().start + 3), 1);
    }

    /// A paragraph costs its span, a pointer and its kind, a sentence its
    /// span: a book of millions of one-line paragraphs stays small.
    #[test]
    fn a_paragraph_is_small() {
        assert_eq!(std::mem::size_of::<Paragraph>(), 24);
        assert_eq!(std::mem::size_of::<Sentence>(), 8);
    }

    #[test]
    fn a_paragraph_of_one_sentence_keeps_it_without_a_list() {
        let a = Account::new(Meta::named("t"), "Один.\n\nДва. Три.\n\n***\n".into());
        let p = &a.paragraphs;
        assert_eq!(p[0].sentences(), [Sentence::new(p[0].span())]);
        assert!(p[0].listed.is_empty());
        let two: Vec<&str> = p[1].sentences().iter().map(|s| &a.text[s.span()]).collect();
        assert_eq!(two, ["Два.", "Три."]);
        assert_eq!(p[1].sentences().len(), p[1].listed.len());
    }

    #[test]
    fn heading_leaves_out_unknown_parts() {
        let mut m = Meta::named("t");
        assert_eq!(m.heading(), "t");
        m.language = Some(crate::Lang::Uk);
        m.year = Some(1814);
        assert_eq!(m.heading(), "t · uk · 1814");
    }

    #[test]
    fn roman_numerals_are_well_formed() {
        for ok in ["I", "IV", "XVIII", "XIV", "MCMXLV", "C", "ІІ"] {
            assert!(is_roman(ok), "{ok}");
        }
        for bad in ["", "IIII", "VV", "CIVIL", "iv", "IXI", "Mix"] {
            assert!(!is_roman(bad), "{bad}");
        }
    }

    #[test]
    fn gutenberg_matter_is_one_folded_paragraph_each() {
        let prose = "The quick brown fox jumps over the lazy dog and runs far away into\n\
                     the green hills where nobody has ever seen a fox so fine as this one.\n";
        let text = format!(
            "Header line\nTitle: X\n\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\n\nCHAPTER I\n\n{prose}\n{prose}\n{prose}\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\nLicence\n\nMore licence\n"
        );
        let a = Account::new(Meta::named("t"), text);
        let kinds: Vec<ParaKind> = a.paragraphs.iter().map(|p| p.kind).collect();
        assert_eq!(
            kinds,
            [
                ParaKind::Matter(matter::HEADER),
                ParaKind::Heading(2),
                ParaKind::Text,
                ParaKind::Text,
                ParaKind::Text,
                ParaKind::Matter(matter::FOOTER),
            ]
        );
        assert_eq!(a.layout, ParagraphLayout::Blank);
        assert!(a.paragraphs[0].sentences().is_empty());
        let shown: String = a
            .glyphs(a.paragraphs[5].span())
            .map(|g| match g.kind {
                sanitize::GlyphKind::Break => "/".to_string(),
                _ => g.show.into_owned(),
            })
            .collect();
        assert_eq!(
            shown,
            "*** END OF THE PROJECT GUTENBERG EBOOK X ***/Licence//More licence"
        );
        assert_eq!(a.outline().len(), 1);
    }
}
