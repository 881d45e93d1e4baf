//! The pieces an account is made of: its sentences, its paragraphs and
//! their kinds (text, heading, matter), the breaks between them, a book's
//! table of contents and where the text came from.

use super::Account;
use std::ops::Range;
use thin_vec::ThinVec;

/// One sentence: a byte span in [`Account::text`], kept as two `u32`
/// (eight bytes, not sixteen: a book may hold millions of sentences, and
/// every text is at most [`MAX_TEXT_BYTES`](super::MAX_TEXT_BYTES), far below 4 GiB;
/// [`Account::from_parts`] cuts a longer one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sentence {
    start: u32,
    end: u32,
}

impl Sentence {
    /// The sentence at byte span `span` (offsets past 4 GiB are cut to it).
    pub fn new(span: Range<usize>) -> Sentence {
        let at = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        Sentence {
            start: at(span.start),
            end: at(span.end),
        }
    }

    /// Its byte span in [`Account::text`].
    pub fn span(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// What a paragraph is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParaKind {
    /// Running text.
    Text,
    /// A heading of level 1 (part, book), 2 (chapter) or 3 (other).
    Heading(u8),
    /// Front or back matter that is not the text (a licence), shown folded
    /// to one line; never searched, linked or scanned for names.
    Matter(MatterKind),
}

/// What folded matter is (a byte, not a string: a book may hold
/// millions of paragraphs, and every one carries its kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatterKind {
    /// Project Gutenberg's header, up to `*** START OF`.
    GutenbergHeader,
    /// Project Gutenberg's licence, from `*** END OF`.
    GutenbergLicence,
    /// A Markdown file's YAML front matter.
    FrontMatter,
}

impl MatterKind {
    /// What it holds, in words, shown on its folded line.
    pub fn what(self) -> &'static str {
        match self {
            MatterKind::GutenbergHeader => "Project Gutenberg header",
            MatterKind::GutenbergLicence => "Project Gutenberg licence",
            MatterKind::FrontMatter => "front matter",
        }
    }
}

/// One paragraph, in 24 bytes: a book may hold millions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paragraph {
    /// Its span, which is also its one sentence when [`Shape::Whole`].
    whole: Sentence,
    /// Its sentences when [`Shape::Listed`] (empty otherwise, and then
    /// nothing is allocated).
    pub(super) listed: ThinVec<Sentence>,
    /// Text, heading or matter.
    pub kind: ParaKind,
    shape: Shape,
}

/// Where a paragraph's sentences are: most paragraphs of a book of short
/// ones (verse, dialogue, a list) are one sentence as long as they are, kept
/// without a list of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// No sentences (matter, a paragraph without a word).
    None,
    /// One sentence, the whole paragraph.
    Whole,
    /// The sentences listed.
    Listed,
}

impl Paragraph {
    /// A paragraph at byte span `span` with the sentences at `sentences`.
    pub fn new(span: Range<usize>, sentences: &[Range<usize>], kind: ParaKind) -> Paragraph {
        let (shape, listed) = match sentences {
            [] => (Shape::None, ThinVec::new()),
            [one] if *one == span => (Shape::Whole, ThinVec::new()),
            many => (
                Shape::Listed,
                many.iter().cloned().map(Sentence::new).collect(),
            ),
        };
        Paragraph {
            whole: Sentence::new(span),
            listed,
            kind,
            shape,
        }
    }

    /// Its byte span in [`Account::text`], without the blank lines around it.
    pub fn span(&self) -> Range<usize> {
        self.whole.span()
    }

    /// Its sentences, in order (none for matter).
    pub fn sentences(&self) -> &[Sentence] {
        match self.shape {
            Shape::None => &[],
            Shape::Whole => std::slice::from_ref(&self.whole),
            Shape::Listed => &self.listed,
        }
    }

    /// True for a heading.
    pub fn is_heading(&self) -> bool {
        matches!(self.kind, ParaKind::Heading(_))
    }

    /// A heading's level (1 part, 2 chapter, 3 other); `None` for text
    /// and matter.
    pub fn heading_level(&self) -> Option<u8> {
        match self.kind {
            ParaKind::Heading(l) => Some(l),
            _ => None,
        }
    }

    /// True for running text (not a heading, not matter).
    pub fn is_text(&self) -> bool {
        self.kind == ParaKind::Text
    }

    /// True for folded front or back matter.
    pub fn is_matter(&self) -> bool {
        matches!(self.kind, ParaKind::Matter(_))
    }
}

/// How a line end inside a paragraph is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BreakKind {
    /// As one space: the line was wrapped.
    Space,
    /// As nothing: a hyphen at the line end before a lowercase letter.
    Join,
    /// As a line break: the author broke the line (verse, a list, an address).
    Line,
}

/// A line end inside a paragraph, with the white space around it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Break {
    /// Byte span in [`Account::text`].
    pub span: Range<usize>,
    /// How it is shown.
    pub kind: BreakKind,
}

/// An entry of an account's outline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TocEntry {
    /// The heading as shown.
    pub title: String,
    /// The paragraph it heads (0-based).
    pub paragraph: usize,
    /// 1 (part), 2 (chapter) or 3.
    pub level: u8,
}

/// A book read from a format that has more than text (EPUB, Markdown):
/// the title and language it gives, and its text as paragraphs.
pub struct Book {
    /// The title it gives (the package's, the front matter's or the first heading's).
    pub title: Option<String>,
    /// Its language code (the part before any region).
    pub language: Option<String>,
    /// The account.
    pub account: Account,
}

/// Where an account's text came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A text file, read as it is: offsets are the file's.
    Text,
    /// An EPUB, whose text was extracted: offsets are the extracted text's.
    Epub,
    /// Markdown, whose text was extracted: offsets are the extracted text's.
    Markdown,
}

impl Source {
    /// True when the text was extracted from the file (EPUB, Markdown), so
    /// offsets are the extracted text's rather than the file's.
    pub fn is_extracted(self) -> bool {
        self != Source::Text
    }
}
