//! The text model: an account is split into paragraphs (non-empty lines),
//! sentences and words, each carrying its byte span in the original text.
//!
//! Spans always index [`Account::text`], which is the file exactly as read
//! (a leading byte-order mark is skipped by the spans, not removed), so any
//! span can be sliced out of the original and shown or reported as it is.

mod load;
pub mod sanitize;
mod segment;

pub use load::{read_text, validate_text};
pub use segment::{paragraphs, sentences, words};

use std::ops::Range;

/// Which of the two accounts: left or right pane.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The left account (the 1814 Ukrainian one in the bundled pair).
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
}

/// What is known about an account besides its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meta {
    /// The title shown above the pane.
    pub title: String,
    /// A short label for result lists ("uk-1814").
    pub label: String,
    /// The language code, when known ("uk", "sk").
    pub language: Option<String>,
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

    /// "title · language · year", leaving out what is unknown.
    pub fn heading(&self) -> String {
        let mut parts = vec![self.title.clone()];
        parts.extend(self.language.clone());
        parts.extend(self.year.map(|y| y.to_string()));
        parts.join(" · ")
    }
}

/// One sentence: its span and the spans of its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sentence {
    /// Byte span in [`Account::text`].
    pub span: Range<usize>,
    /// Byte spans of the words, in order.
    pub words: Vec<Range<usize>>,
}

/// One paragraph: a non-empty line of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paragraph {
    /// Byte span in [`Account::text`], without the line end and outer blanks.
    pub span: Range<usize>,
    /// Its sentences, in order.
    pub sentences: Vec<Sentence>,
}

/// One account: the text as read and its paragraphs.
#[derive(Debug, Clone)]
pub struct Account {
    /// Title, label, language and year.
    pub meta: Meta,
    /// The file's text exactly as read.
    pub text: String,
    /// Its paragraphs, numbered from 1 in the user interface.
    pub paragraphs: Vec<Paragraph>,
}

impl Account {
    /// Splits `text` into paragraphs, sentences and words.
    pub fn new(meta: Meta, text: String) -> Account {
        let paragraphs = paragraphs(&text)
            .into_iter()
            .map(|span| {
                let sentences = sentences(&text, span.clone())
                    .into_iter()
                    .map(|s| Sentence {
                        words: words(&text, s.clone()),
                        span: s,
                    })
                    .collect();
                Paragraph { span, sentences }
            })
            .collect();
        Account {
            meta,
            text,
            paragraphs,
        }
    }

    /// The text of paragraph `index` (0-based).
    pub fn paragraph_text(&self, index: usize) -> &str {
        &self.text[self.paragraphs[index].span.clone()]
    }

    /// The index of the paragraph holding byte `offset`, or the nearest one after it.
    pub fn paragraph_at(&self, offset: usize) -> usize {
        let i = self.paragraphs.partition_point(|p| p.span.end <= offset);
        i.min(self.paragraphs.len().saturating_sub(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta() -> Meta {
        Meta {
            title: "t".into(),
            label: "l".into(),
            language: None,
            year: None,
        }
    }

    #[test]
    fn spans_slice_the_original_text() {
        let text =
            "\u{feff}Наполеон прибув. Він чекав!\r\n\r\nNapoleon zatiaľ študoval.\n".to_string();
        let a = Account::new(meta(), text);
        assert_eq!(a.paragraphs.len(), 2);
        assert_eq!(a.paragraph_text(0), "Наполеон прибув. Він чекав!");
        assert_eq!(a.paragraph_text(1), "Napoleon zatiaľ študoval.");
        let s = &a.paragraphs[0].sentences;
        assert_eq!(s.len(), 2);
        assert_eq!(&a.text[s[1].span.clone()], "Він чекав!");
        let w: Vec<&str> = s[0].words.iter().map(|r| &a.text[r.clone()]).collect();
        assert_eq!(w, ["Наполеон", "прибув"]);
        assert_eq!(a.paragraph_at(a.paragraphs[1].span.start + 3), 1);
    }

    #[test]
    fn heading_leaves_out_unknown_parts() {
        let mut m = meta();
        assert_eq!(m.heading(), "t");
        m.language = Some("uk".into());
        m.year = Some(1814);
        assert_eq!(m.heading(), "t · uk · 1814");
    }
}
