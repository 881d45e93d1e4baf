//! What a span of an account looks like on screen: its glyphs (safe, see
//! [`super::sanitize`]) with the line ends inside paragraphs shown as the
//! layout decided: a space, nothing, or a kept line break.

use super::sanitize::{Glyph, GlyphKind, Glyphs, glyphs};
use super::{Break, BreakKind};
use std::borrow::Cow;
use std::ops::Range;

/// The glyphs of a span of an account, line ends joined (see
/// [`super::Account::glyphs`]).
#[derive(Debug, Clone)]
pub struct DisplayGlyphs<'a> {
    text: &'a str,
    breaks: &'a [Break],
    /// Index of the next break to reach.
    next: usize,
    end: usize,
    inner: Glyphs<'a>,
    /// Where the current stretch of plain text ends.
    stretch_end: usize,
}

impl<'a> DisplayGlyphs<'a> {
    /// The glyphs of `span` of `text`, whose line ends inside paragraphs are `breaks`.
    pub fn new(text: &'a str, breaks: &'a [Break], span: Range<usize>) -> DisplayGlyphs<'a> {
        let mut next = breaks.partition_point(|b| b.span.end <= span.start);
        let mut start = span.start;
        // A span opening inside a break starts after it.
        if let Some(b) = breaks.get(next)
            && b.span.start < start
        {
            start = b.span.end.min(span.end);
            next += 1;
        }
        let stretch_end = breaks
            .get(next)
            .map_or(span.end, |b| b.span.start.min(span.end))
            .max(start);
        DisplayGlyphs {
            text,
            breaks,
            next,
            end: span.end,
            inner: glyphs(&text[start..stretch_end], start),
            stretch_end,
        }
    }
}

impl<'a> Iterator for DisplayGlyphs<'a> {
    type Item = Glyph<'a>;

    fn next(&mut self) -> Option<Glyph<'a>> {
        loop {
            if let Some(g) = self.inner.next() {
                return Some(g);
            }
            if self.stretch_end >= self.end {
                return None;
            }
            let b = self.breaks.get(self.next)?;
            self.next += 1;
            let after = b.span.end.min(self.end);
            let stretch_end = self
                .breaks
                .get(self.next)
                .map_or(self.end, |n| n.span.start.min(self.end))
                .max(after);
            self.inner = glyphs(&self.text[after..stretch_end], after);
            self.stretch_end = stretch_end;
            match b.kind {
                BreakKind::Join => continue,
                BreakKind::Space => {
                    return Some(Glyph {
                        span: b.span.clone(),
                        show: Cow::Borrowed(" "),
                        width: 1,
                        kind: GlyphKind::Space,
                    });
                }
                BreakKind::Line => {
                    return Some(Glyph {
                        span: b.span.clone(),
                        show: Cow::Borrowed(""),
                        width: 0,
                        kind: GlyphKind::Break,
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str, breaks: &[Break], span: Range<usize>) -> String {
        DisplayGlyphs::new(text, breaks, span)
            .map(|g| match g.kind {
                GlyphKind::Break => "/".to_string(),
                _ => g.show.into_owned(),
            })
            .collect()
    }

    #[test]
    fn breaks_show_as_the_layout_says() {
        let text = "one two\r\nthree well-\nknown\nfour";
        let b = |s: &str, n: usize, kind| {
            let at = text.find(s).expect("found") + s.len();
            Break {
                span: at..at + n,
                kind,
            }
        };
        let breaks = [
            b("two", 2, BreakKind::Space),
            b("well-", 1, BreakKind::Join),
            b("known", 1, BreakKind::Line),
        ];
        assert_eq!(
            shown(text, &breaks, 0..text.len()),
            "one two three well-known/four"
        );
        // Spans that open or close inside a break.
        let inside = text.find("two").expect("two") + 4;
        assert_eq!(
            shown(text, &breaks, inside..text.len()),
            "three well-known/four"
        );
        assert_eq!(shown(text, &breaks, 0..inside), "one two ");
        assert_eq!(shown(text, &[], 0..3), "one");
    }
}
