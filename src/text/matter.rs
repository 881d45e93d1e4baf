//! Front and back matter that is not the text: Project Gutenberg's header
//! (everything up to the `*** START OF ...` line) and its licence (from the
//! `*** END OF ...` line, or the "End of the Project Gutenberg EBook" line
//! just before it, to the end). They become one folded paragraph each.

use super::lines::{Line, lines};
use std::ops::Range;

/// What a folded paragraph holds, shown on its one line.
pub const HEADER: &str = "Project Gutenberg header";
/// See [`HEADER`].
pub const FOOTER: &str = "Project Gutenberg licence";

/// The header, the body and the footer of `range` of `text`.
pub fn gutenberg(
    text: &str,
    range: Range<usize>,
) -> (Option<Range<usize>>, Range<usize>, Option<Range<usize>>) {
    // Only the first and last stretches of a file can hold the markers.
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
        c.len() > word.len() && c[..word.len()].eq_ignore_ascii_case(word)
    };
    let start = ls.iter().position(|l| marker(l, "START OF"));
    let end = ls.iter().rposition(|l| marker(l, "END OF"));
    let header = start.map(|i| range.start..ls[i].next);
    let footer_line = end.filter(|&e| start.is_none_or(|s| e > s)).map(|e| {
        let from = e.saturating_sub(10);
        (from..e)
            .find(|&i| {
                let c = text[ls[i].content()].to_lowercase();
                c.starts_with("end of the project gutenberg")
                    || c.starts_with("end of project gutenberg")
            })
            .unwrap_or(e)
    });
    let footer = footer_line.map(|i| ls[i].start..range.end);
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
