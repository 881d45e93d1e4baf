//! The lines of a file, whatever its line ends: LF, CRLF, or a lone CR
//! (old Mac files). A file that has any LF is split on LF (a CR before it
//! belongs to the line end); only a file without any LF is split on CR, so
//! a stray CR inside a line of an LF file stays text (and shows as `^M`).

use std::ops::Range;

/// One line: its content (without the line end), trimmed of white space,
/// and where the next line begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// First byte of the line.
    pub start: usize,
    /// First byte of its content after leading white space (`== end` when blank).
    pub content_start: usize,
    /// End of its content before trailing white space.
    pub content_end: usize,
    /// End of the line before its line end.
    pub end: usize,
    /// First byte of the next line (after the line end).
    pub next: usize,
    /// Characters from the line's start to its content's end (its width
    /// as written, indentation included).
    pub chars: usize,
}

impl Line {
    /// True when the line holds nothing but white space (form feeds included).
    pub fn is_blank(&self) -> bool {
        self.content_start >= self.content_end
    }

    /// The trimmed content's byte span.
    pub fn content(&self) -> Range<usize> {
        self.content_start..self.content_end
    }

    /// Bytes of leading white space.
    pub fn indent(&self) -> usize {
        if self.is_blank() {
            0
        } else {
            self.content_start - self.start
        }
    }
}

/// The lines of `text` within `range`.
pub fn lines(text: &str, range: Range<usize>) -> Vec<Line> {
    let mut out = Vec::with_capacity(range.len() / 48 + 1);
    out.extend(line_iter(text, range));
    out
}

/// The lines of `text` within `range`, one by one (no list of a whole
/// book's lines where one pass over them will do).
pub fn line_iter(text: &str, range: Range<usize>) -> impl Iterator<Item = Line> + '_ {
    let body = &text[range.clone()];
    let sep = if memchr::memchr(b'\n', body.as_bytes()).is_some() {
        b'\n'
    } else {
        b'\r'
    };
    let bytes = text.as_bytes();
    let mut start = range.start;
    std::iter::from_fn(move || {
        if start >= range.end {
            return None;
        }
        let (end, next) = match memchr::memchr(sep, &bytes[start..range.end]) {
            Some(i) => {
                let mut end = start + i;
                if sep == b'\n' && end > start && bytes[end - 1] == b'\r' {
                    end -= 1;
                }
                (end, start + i + 1)
            }
            None => (range.end, range.end),
        };
        let line = &text[start..end];
        let trimmed_start = line.trim_start();
        let content_start = end - trimmed_start.len();
        let content_end = content_start + trimmed_start.trim_end().len();
        let head = &text[start..content_end];
        let chars = if head.is_ascii() {
            head.len()
        } else {
            head.chars().count()
        };
        let l = Line {
            start,
            content_start,
            content_end,
            end,
            next,
            chars,
        };
        start = next;
        Some(l)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contents(text: &str) -> Vec<&str> {
        lines(text, 0..text.len())
            .iter()
            .map(|l| &text[l.content()])
            .collect()
    }

    #[test]
    fn every_kind_of_line_end() {
        assert_eq!(contents("a\nb\n"), ["a", "b"]);
        assert_eq!(contents("a\r\n b \r\n\r\nc"), ["a", "b", "", "c"]);
        assert_eq!(contents("a\rb\r\rc"), ["a", "b", "", "c"]);
        // A stray CR in an LF file is text, not a line end.
        assert_eq!(contents("a\rb\nc"), ["a\rb", "c"]);
        assert_eq!(contents("\u{c}\n  \t\nx"), ["", "", "x"]);
        assert!(lines("", 0..0).is_empty());
    }
}
