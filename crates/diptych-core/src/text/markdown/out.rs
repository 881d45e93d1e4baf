//! The text Markdown is extracted into, paragraph by paragraph.

use super::Block;
use crate::text::{Break, BreakKind, ParaKind};
use std::ops::Range;

/// The extracted text being written: paragraphs a blank line apart.
#[derive(Default)]
pub(super) struct Out {
    pub(super) text: String,
    pub(super) parts: Vec<(Range<usize>, ParaKind)>,
    pub(super) breaks: Vec<Break>,
}

impl Out {
    /// Adds a paragraph of `text` with its `breaks` (offsets in `text`).
    pub(super) fn add(
        &mut self,
        text: &str,
        breaks: impl Iterator<Item = (Range<usize>, BreakKind)>,
        kind: ParaKind,
    ) {
        if !self.text.is_empty() {
            self.text.push_str("\n\n");
        }
        let at = self.text.len();
        self.text.push_str(text);
        self.parts.push((at..self.text.len(), kind));
        self.breaks.extend(breaks.map(|(r, kind)| Break {
            span: at + r.start..at + r.end,
            kind,
        }));
    }

    /// Adds a block as it was walked.
    pub(super) fn add_block(&mut self, b: Block) {
        self.add(&b.text, b.breaks.into_iter(), b.kind);
    }
}
