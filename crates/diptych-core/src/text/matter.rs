//! Front and back matter that is not the text: Project Gutenberg's header
//! (everything up to the `*** START OF ...` line) and its licence (from the
//! `*** END OF ...` line, or the "End of the Project Gutenberg EBook" line
//! just before it, to the end). They become one folded paragraph each.

use super::lines::{Line, line_iter};
use std::ops::Range;

/// What a folded paragraph holds, shown on its one line.
pub const HEADER: super::MatterKind = super::MatterKind::GutenbergHeader;
/// See [`HEADER`].
pub const FOOTER: super::MatterKind = super::MatterKind::GutenbergLicence;

/// Whether `line` opens with the ASCII `word` (any case) and goes on past it.
/// Bytes are compared, not a slice of the line: the line's byte at
/// `word.len()` may sit inside a character (`Rozdział`'s `ł` at byte 8, `Zajęcie`'s `ć` at 6).
fn starts_marker(line: &str, word: &str) -> bool {
    line.len() > word.len() && line.as_bytes()[..word.len()].eq_ignore_ascii_case(word.as_bytes())
}

/// The header, the body and the footer of `range` of `text`.
pub fn gutenberg(
    text: &str,
    range: Range<usize>,
) -> (Option<Range<usize>>, Range<usize>, Option<Range<usize>>) {
    let body = text[range.clone()].as_bytes();
    let has = |marker: &str| memchr::memmem::find(body, marker.as_bytes()).is_some();
    if !has("*** START OF") && !has("***START OF") && !has("*** END OF") {
        return (None, range, None);
    }
    let marker = |l: &Line, word: &str| {
        let c = text[l.content()].trim_start_matches('*').trim_start();
        starts_marker(c, word)
    };
    // One pass over the lines: the first START line, the last END line,
    // and the lines just before it (the licence may open there).
    const BEFORE: usize = 10;
    let mut start: Option<(usize, Line)> = None;
    let mut end: Option<(usize, Line, Vec<Line>)> = None;
    let mut recent: std::collections::VecDeque<Line> = std::collections::VecDeque::new();
    for (i, l) in line_iter(text, range.clone()).enumerate() {
        if start.is_none() && marker(&l, "START OF") {
            start = Some((i, l));
            // The licence opens after the header, never inside it.
            recent.clear();
            continue;
        }
        if marker(&l, "END OF") {
            end = Some((i, l, recent.iter().copied().collect()));
        }
        if recent.len() == BEFORE {
            recent.pop_front();
        }
        recent.push_back(l);
    }
    let header = start.map(|(_, l)| range.start..l.next);
    let footer_line =
        end.filter(|(e, ..)| start.is_none_or(|(s, _)| *e > s))
            .map(|(_, l, before)| {
                before
                    .into_iter()
                    .find(|b| {
                        let c = text[b.content()].to_lowercase();
                        c.starts_with("end of the project gutenberg")
                            || c.starts_with("end of project gutenberg")
                    })
                    .unwrap_or(l)
            });
    split(range, header, footer_line.map(|l| l.start))
}

/// The header (to its end), the body and the footer (from `footer_start`)
/// of `range`.
fn split(
    range: Range<usize>,
    header: Option<Range<usize>>,
    footer_start: Option<usize>,
) -> (Option<Range<usize>>, Range<usize>, Option<Range<usize>>) {
    let footer = footer_start.map(|start| start..range.end);
    let body_start = header.as_ref().map_or(range.start, |h| h.end);
    let body_end = footer
        .as_ref()
        .map_or(range.end, |f| f.start)
        .max(body_start);
    (header, body_start..body_end, footer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::lines::lines;

    /// Markers found as they were first, on a list of every line.
    fn listed(
        text: &str,
        range: Range<usize>,
    ) -> (Option<Range<usize>>, Range<usize>, Option<Range<usize>>) {
        let body = &text[range.clone()];
        if !body.contains("*** START OF")
            && !body.contains("***START OF")
            && !body.contains("*** END OF")
        {
            return (None, range, None);
        }
        let ls = lines(text, range.clone());
        let marker = |l: &Line, word: &str| {
            let c = text[l.content()].trim_start_matches('*').trim_start();
            starts_marker(c, word)
        };
        let start = ls.iter().position(|l| marker(l, "START OF"));
        let end = ls.iter().rposition(|l| marker(l, "END OF"));
        let header = start.map(|i| range.start..ls[i].next);
        let footer_line = end.filter(|&e| start.is_none_or(|s| e > s)).map(|e| {
            (e.saturating_sub(10).max(start.map_or(0, |s| s + 1))..e)
                .find(|&i| {
                    let c = text[ls[i].content()].to_lowercase();
                    c.starts_with("end of the project gutenberg")
                        || c.starts_with("end of project gutenberg")
                })
                .unwrap_or(e)
        });
        split(range, header, footer_line.map(|i| ls[i].start))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 2000, ..Default::default() })]

        /// One pass over the lines finds what the list of them did: the
        /// first START, the last END, the licence's first line just before.
        #[test]
        fn markers_in_one_pass_as_on_the_list_of_lines(
            lines_of in proptest::collection::vec(proptest::sample::select(vec![
                "*** START OF THE PROJECT GUTENBERG EBOOK X ***",
                "***START OF X",
                "*** END OF THE PROJECT GUTENBERG EBOOK X ***",
                "End of the Project Gutenberg EBook of X",
                "End of Project Gutenberg's X",
                "Start of the day",
                "end of it",
                "Text.",
                "Rozdział pierwszy",
                "Zajęcie",
                "I. Книга первая",
                "*** ENDÉ",
                "",
                "  ",
            ]), 0..40),
            crlf in proptest::bool::ANY,
            from in 0usize..8,
        ) {
            let text = lines_of.join(if crlf { "\r\n" } else { "\n" });
            let mut from = from.min(text.len());
            while !text.is_char_boundary(from) {
                from -= 1;
            }
            proptest::prop_assert_eq!(
                gutenberg(&text, from..text.len()),
                listed(&text, from..text.len())
            );
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 2000, ..Default::default() })]

        /// Any Unicode lines, markers among them or not, never panic, and
        /// the header, body and footer stay in order on char boundaries.
        #[test]
        fn markers_over_any_unicode_lines(
            lines_of in proptest::collection::vec(proptest::prop_oneof![
                proptest::sample::select(vec![
                    "*** START OF THE PROJECT GUTENBERG EBOOK X ***".to_owned(),
                    "*** END OF THE PROJECT GUTENBERG EBOOK X ***".to_owned(),
                    "*** START OF".to_owned(),
                    "End of the Project Gutenberg EBook of X".to_owned(),
                ]),
                "\\PC{0,24}",
                "[*]{0,3} ?[SsEe][A-Za-zĆćÉéЖж ]{0,10}",
            ], 0..24),
            from in 0usize..16,
        ) {
            let text = lines_of.join("\n");
            let mut from = from.min(text.len());
            while !text.is_char_boundary(from) {
                from -= 1;
            }
            let (h, b, f) = gutenberg(&text, from..text.len());
            proptest::prop_assert!(b.start <= b.end && b.end <= text.len());
            proptest::prop_assert!(text.is_char_boundary(b.start) && text.is_char_boundary(b.end));
            if let Some(h) = h {
                proptest::prop_assert_eq!(h.end, b.start);
            }
            if let Some(f) = f {
                proptest::prop_assert_eq!(f.start, b.end);
            }
        }
    }

    /// A marker-like line whose byte at the word's length is inside a
    /// character (Polish, Czech and Russian editions) is read, not a panic.
    #[test]
    fn a_non_ascii_line_after_the_start_marker() {
        let t = "Title: Pan Tadeusz\r\n*** START OF THE PROJECT GUTENBERG EBOOK PAN TADEUSZ ***\r\nRozdział pierwszy\r\n\r\nZajęcie\r\nI. Книга первая\r\n\r\nТекст.\r\n";
        let (h, b, f) = gutenberg(t, 0..t.len());
        assert!(t[h.expect("header")].ends_with("***\r\n"));
        assert!(t[b].starts_with("Rozdział"));
        assert_eq!(f, None);
    }

    #[test]
    fn markers_split_header_body_and_licence() {
        let t = "The Project Gutenberg eBook\r\nTitle: X\r\n\r\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\r\n\r\nCHAPTER I\r\n\r\nText.\r\n\r\nEnd of the Project Gutenberg EBook of X\r\n\r\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\r\nlicence\r\n";
        let (h, b, f) = gutenberg(t, 0..t.len());
        let h = h.expect("header");
        assert!(t[h].ends_with("***\r\n"));
        assert!(t[b.clone()].contains("CHAPTER I") && t[b].contains("Text."));
        let f = f.expect("footer");
        assert!(t[f].starts_with("End of the Project Gutenberg EBook"));
        let plain = "no markers\n";
        assert_eq!(
            gutenberg(plain, 0..plain.len()),
            (None, 0..plain.len(), None)
        );
    }
}
