//! A long Markdown file cut into pieces parsed one after the other.
//! pulldown-cmark builds the tree of a whole document before its first
//! event, a node per list, item and paragraph: a file of nested ordered
//! lists cost 33 bytes per byte. Pieces are cut only where CommonMark
//! itself closes every open block: before a line that starts a paragraph
//! at the left margin after a blank line, outside a code fence and the
//! HTML blocks a blank line does not end. The parser offers no such cut
//! (it reads a `&str` whole), so it is made here, by that rule.

/// At least this many bytes a piece: smaller files are one piece.
pub const PIECE: usize = 1 << 20;

/// `source` in pieces of at least `piece` bytes (the last may be
/// shorter), each cut before a line that opens a paragraph at the margin
/// after a blank line, or before an item of the list open at the margin
/// (a file of nested lists has no other place): then the piece is said
/// to go on with that list, whose numbers go on counting.
pub fn pieces(source: &str, piece: usize) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut at = 0;
    let mut goes_on = false;
    let mut blank_before = false;
    // The marker of the list open at the margin.
    let mut list: Option<Marker> = None;
    // Front matter may hold blank lines: no cut until it closes.
    let mut open = if source.starts_with("---") {
        Open::Fence(b'-', 3)
    } else {
        Open::None
    };
    for line in source.split_inclusive('\n') {
        let marker = marker(line);
        let item = marker.is_some() && marker == list;
        if at - start >= piece
            && open == Open::None
            && (item || (blank_before && opens_paragraph(line)))
        {
            out.push((&source[start..at], goes_on));
            start = at;
            goes_on = item;
        }
        if open == Open::None && !line.starts_with([' ', '\t']) && !line.trim().is_empty() {
            list = match marker {
                Some(m) => Some(m),
                // A line of a paragraph in the item goes on with it.
                None if !blank_before && line.starts_with(char::is_alphanumeric) => list,
                None => None,
            };
        }
        open = open.after(line);
        blank_before = line.trim().is_empty();
        at += line.len();
    }
    if start < source.len() || out.is_empty() {
        out.push((&source[start..], goes_on));
    }
    out
}

/// What opens a list item at the margin: a bullet, or a number's
/// delimiter. Items of one list share it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Marker {
    Bullet(u8),
    Number(u8),
}

/// The list marker `line` opens with at the margin, if any (a thematic
/// break such as `* * *` is none).
fn marker(line: &str) -> Option<Marker> {
    let b = line.as_bytes();
    let spaced = |i: usize| {
        b.get(i)
            .is_none_or(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
    };
    match b.first()? {
        c @ (b'-' | b'*' | b'+') if spaced(1) => {
            let rule = line
                .trim()
                .bytes()
                .all(|x| x == *c || x == b' ' || x == b'\t')
                && line.bytes().filter(|x| x == c).count() >= 3;
            (!rule).then_some(Marker::Bullet(*c))
        }
        b'0'..=b'9' => {
            let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
            let delim = *b.get(digits)?;
            (digits <= 9 && matches!(delim, b'.' | b')') && spaced(digits + 1))
                .then_some(Marker::Number(delim))
        }
        _ => None,
    }
}

/// A block a blank line does not end, open at the margin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    None,
    /// A code fence of this character, at least this long.
    Fence(u8, usize),
    /// An HTML block that ends on a line holding this.
    Html(&'static str),
}

impl Open {
    /// What is open after `line`.
    fn after(self, line: &str) -> Open {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let rest = &line[indent..];
        match self {
            Open::Fence(c, n) => {
                let closing = rest.bytes().take_while(|&b| b == c).count();
                if indent <= 3 && closing >= n && rest[closing..].trim().is_empty() {
                    Open::None
                } else {
                    self
                }
            }
            Open::Html(end) => {
                if contains_ignoring_case(line, end) {
                    Open::None
                } else {
                    self
                }
            }
            Open::None if indent <= 3 => {
                for c in [b'`', b'~'] {
                    let n = rest.bytes().take_while(|&b| b == c).count();
                    if n >= 3 {
                        return Open::Fence(c, n);
                    }
                }
                let html = [
                    ("<!--", "-->"),
                    ("<?", "?>"),
                    ("<![CDATA[", "]]>"),
                    ("<!", ">"),
                    ("<script", "</script>"),
                    ("<pre", "</pre>"),
                    ("<style", "</style>"),
                    ("<textarea", "</textarea>"),
                ];
                for (start, end) in html {
                    if starts_with_ignoring_case(rest, start) {
                        let after = &rest[start.len()..];
                        return if contains_ignoring_case(after, end) {
                            Open::None
                        } else {
                            Open::Html(end)
                        };
                    }
                }
                Open::None
            }
            Open::None => Open::None,
        }
    }
}

/// True for a line that can only start a paragraph, at the margin: a
/// letter first (no list marker, quote, table, fence, definition or
/// indented code starts so).
fn opens_paragraph(line: &str) -> bool {
    line.chars().next().is_some_and(char::is_alphabetic)
}

fn starts_with_ignoring_case(s: &str, prefix: &str) -> bool {
    s.len() >= prefix.len() && s.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

fn contains_ignoring_case(s: &str, needle: &str) -> bool {
    s.as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// The labels of the link reference definitions at the margin of
/// `source` (`[label]: url`), normalised as CommonMark matches them: a
/// link in one piece may be defined in another.
pub fn reference_labels(source: &str) -> std::collections::HashSet<String> {
    source
        .lines()
        .filter_map(|line| {
            let rest = line.trim_start_matches(' ');
            if line.len() - rest.len() > 3 {
                return None;
            }
            let inner = rest.strip_prefix('[')?;
            let (label, after) = inner.split_once(']')?;
            (after.starts_with(':') && !label.starts_with('^') && !label.trim().is_empty())
                .then(|| normalise(label))
        })
        .collect()
}

/// The footnotes defined at the margin of `text` (`[^label]: …`), by
/// normalised label.
pub fn footnote_labels(text: &str) -> std::collections::HashSet<String> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start_matches(' ');
            if line.len() - rest.len() > 3 {
                return None;
            }
            let (label, after) = rest.strip_prefix("[^")?.split_once(']')?;
            after.starts_with(':').then(|| normalise(label))
        })
        .collect()
}

/// `piece` as the parser is to read it: with an empty definition after
/// it for each footnote it refers to that another piece defines
/// (`defined`), so that its markers are markers (an undefined one is
/// text). The definitions start at `piece.len()`: their events are not
/// the piece's.
pub fn with_footnotes_of_others<'a>(
    piece: &'a str,
    defined: &std::collections::HashSet<String>,
) -> std::borrow::Cow<'a, str> {
    if defined.is_empty() {
        return piece.into();
    }
    let here = footnote_labels(piece);
    let mut stubs: Vec<&str> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, _) in piece.match_indices("[^") {
        let Some((label, _)) = piece[i + 2..].split_once(']') else {
            continue;
        };
        if label.contains('\n') || label.len() > 999 {
            continue;
        }
        let key = normalise(label);
        if defined.contains(&key) && !here.contains(&key) && seen.insert(key) {
            stubs.push(label);
        }
    }
    if stubs.is_empty() {
        return piece.into();
    }
    let mut text = String::with_capacity(piece.len() + 8 * stubs.len() + 2);
    text.push_str(piece);
    text.push_str("\n\n");
    for label in stubs {
        text.push_str("[^");
        text.push_str(label);
        text.push_str("]: -\n");
    }
    text.into()
}

/// A label as CommonMark compares them: case folded, white space one space.
pub fn normalise(label: &str) -> String {
    label
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_only_before_a_paragraph_at_the_margin_after_a_blank_line() {
        let s = "1. a\n\n   b\n\nc\n- d\n\n```\n\nx\n```\n\nYes\n\n<!--\n\nNo\n-->\n\nLast\n";
        let p = pieces(s, 1);
        assert_eq!(p.iter().map(|p| p.0).collect::<String>(), s);
        let firsts: Vec<(&str, bool)> = p
            .iter()
            .map(|p| (p.0.lines().next().unwrap_or(""), p.1))
            .collect();
        assert_eq!(
            firsts,
            [
                ("1. a", false),
                ("c", false),
                ("Yes", false),
                ("Last", false)
            ]
        );
        assert_eq!(pieces(s, 1 << 20), [(s, false)]);
        assert_eq!(pieces("", 1), [("", false)]);
        let items: Vec<(&str, bool)> = pieces("1. a\n   1. b\n2. c\n* * *\n- d\n", 1);
        assert_eq!(
            items,
            [("1. a\n   1. b\n", false), ("2. c\n* * *\n- d\n", true)]
        );
    }

    /// A file of nested ordered lists, the memory bomb, is cut too: the
    /// parser never holds more than a piece's tree.
    #[test]
    fn a_long_list_is_cut_between_its_items() {
        let s = "1. 1. 1. 1. 1. x\n".repeat(200_000);
        let p = pieces(&s, PIECE);
        assert_eq!(p.len(), 4);
        assert!(p.iter().skip(1).all(|p| p.1 && p.0.starts_with("1. 1.")));
        assert!(p.iter().all(|p| p.0.len() <= PIECE + 17));
    }

    #[test]
    fn reference_labels_are_found_normalised() {
        let l = reference_labels("[Foo  Bar]: /x\n    [code]: /y\n[^note]: z\n [b]: /b\n");
        let mut l: Vec<String> = l.into_iter().collect();
        l.sort();
        assert_eq!(l, ["b", "foo bar"]);
    }
}
