//! Splitting paragraphs into sentences, as byte spans, and telling the
//! characters of words.

use std::ops::Range;

/// Closing punctuation that may follow a sentence's final mark.
fn is_closer(c: char) -> bool {
    matches!(c, '"' | '\'' | '»' | '«' | '”' | '“' | '’' | ')' | ']')
}

/// The sentence spans within `span` of `text`: a sentence ends at `.`, `!`, `?`
/// or `…` (with any closing quotes) followed by white space and a character that
/// is not a lower-case letter.
pub fn sentences(text: &str, span: Range<usize>) -> Vec<Range<usize>> {
    let para = &text[span.clone()];
    let bytes = para.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    // Final marks are found among the bytes (`…` by its three) with memchr:
    // a book is split into sentences as it opens, so this scan is on the
    // way to the first screen.
    let mut i = 0;
    // The next `…` at or after `i` (looked for again once passed).
    static ELLIPSIS: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new("…"));
    let mut ellipsis = ELLIPSIS.find(bytes).unwrap_or(bytes.len());
    while i < bytes.len() {
        if ellipsis < i {
            ellipsis = ELLIPSIS.find(&bytes[i..]).map_or(bytes.len(), |e| e + i);
        }
        // Straight to the next mark (memchr's vector search, not a byte at
        // a time).
        let stop = memchr::memchr3(b'.', b'!', b'?', &bytes[i..]).map_or(bytes.len(), |m| m + i);
        i = stop.min(ellipsis);
        if i >= bytes.len() {
            break;
        }
        let mark = if i == ellipsis { 3 } else { 1 };
        // A number of one or two digits before a full stop is an ordinal
        // (German, Czech, Slovak, Polish dates: "Am 18. Juni"), not a
        // sentence's end.
        let ordinal = mark == 1 && bytes[i] == b'.' && {
            let digits = bytes[..i]
                .iter()
                .rev()
                .take_while(|b| b.is_ascii_digit())
                .count();
            (1..=2).contains(&digits)
                && para[..i - digits]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric())
        };
        if ordinal {
            i += 1;
            continue;
        }
        let mut end = i + mark;
        for d in para[end..].chars() {
            if matches!(d, '.' | '!' | '?' | '…') || is_closer(d) {
                end += d.len_utf8();
            } else {
                break;
            }
        }
        i = end;
        let rest = &para[end..];
        let trimmed = rest.trim_start();
        if trimmed.len() == rest.len() || trimmed.is_empty() {
            continue;
        }
        let next = trimmed.chars().next().unwrap_or(' ');
        if next.is_lowercase() {
            continue;
        }
        push_trimmed(&mut out, para, span.start, start..end);
        start = para.len() - trimmed.len();
    }
    push_trimmed(&mut out, para, span.start, start..para.len());
    out
}

fn push_trimmed(out: &mut Vec<Range<usize>>, para: &str, base: usize, r: Range<usize>) {
    let s = &para[r.clone()];
    let lead = s.len() - s.trim_start().len();
    let t = s.trim();
    if !t.is_empty() {
        let start = base + r.start + lead;
        out.push(start..start + t.len());
    }
}

/// [`char::is_alphanumeric`], answered without the table search for the
/// letters most texts are written in (ASCII, Latin-1 and Latin Extended,
/// Cyrillic): a pass over a whole book asks it of every character, and
/// the standard library searches its tables for every one past ASCII
/// (a tenth of `people`'s time on a Russian book).
#[inline]
pub fn is_word_char(c: char) -> bool {
    match c as u32 {
        0..=0x7f => c.is_ascii_alphanumeric(),
        _ if is_common_letter(c) => true,
        _ => c.is_alphanumeric(),
    }
}

/// True for the letters past ASCII most texts are written in, whatever
/// the tables say of the rest: Latin-1 and Latin Extended letters, and
/// Cyrillic's (not its combining marks).
#[inline]
pub(crate) fn is_common_letter(c: char) -> bool {
    matches!(c as u32, 0xc0..=0xd6 | 0xd8..=0xf6 | 0xf8..=0x24f | 0x400..=0x481 | 0x48a..=0x52f)
}

/// The end of the grapheme that starts at (or contains) byte `at`, not past `limit`.
pub fn grapheme_end(text: &str, at: usize, limit: usize) -> usize {
    use unicode_segmentation::UnicodeSegmentation;
    let rest = &text[at..limit.max(at)];
    at + rest.graphemes(true).next().map_or(0, str::len)
}

/// [`char::is_alphabetic`], answered as [`is_word_char`] is: without the
/// table search for ASCII, Latin and Cyrillic letters.
#[inline]
pub fn is_letter(c: char) -> bool {
    match c as u32 {
        0..=0x7f => c.is_ascii_alphabetic(),
        _ if is_common_letter(c) => true,
        _ => c.is_alphabetic(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcuts answer as the standard library does, for every
    /// character there is.
    #[test]
    fn the_shortcuts_answer_as_the_standard_library() {
        for u in 0..=0x10_ffff_u32 {
            if let Some(c) = char::from_u32(u) {
                assert_eq!(is_word_char(c), c.is_alphanumeric(), "U+{u:04X}");
                assert_eq!(is_letter(c), c.is_alphabetic(), "U+{u:04X}");
            }
        }
    }

    fn texts(text: &str, spans: &[Range<usize>]) -> Vec<String> {
        spans.iter().map(|r| text[r.clone()].to_string()).collect()
    }

    #[test]
    fn sentences_end_at_marks_before_capitals() {
        let t = "Він сказав: «Ні.» Потім пішов… А тоді? так. Koniec!";
        let s = sentences(t, 0..t.len());
        assert_eq!(
            texts(t, &s),
            [
                "Він сказав: «Ні.»",
                "Потім пішов…",
                "А тоді? так.",
                "Koniec!"
            ]
        );
    }

    #[test]
    fn an_ordinal_date_is_no_sentence_end() {
        let t = "Am 18. Juni 1815 griff Napoleon an. Ney kam 1815. Dann 7. Juli.";
        let s = sentences(t, 0..t.len());
        assert_eq!(
            texts(t, &s),
            [
                "Am 18. Juni 1815 griff Napoleon an.",
                "Ney kam 1815.",
                "Dann 7. Juli."
            ]
        );
    }
}
