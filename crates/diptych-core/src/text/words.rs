//! Splitting a span of text into words, as byte spans.
//!
//! Words are where Unicode says (UAX #29, through `unicode-segmentation`),
//! so the apostrophe in з'явилося and the comma in 1,000 stay inside. A
//! pass over a whole book asks for its every word three or four times
//! (names, the alignment's units, content words), and the standard
//! segmenter looks up every character's class in its tables: a sixth of
//! `related` on two books. Most of a text is words of plain letters
//! between spaces, whose bounds need no tables; only the pieces with
//! anything else go to the segmenter.

use super::segment::{is_common_letter, is_word_char};
use std::ops::Range;
use unicode_segmentation::UnicodeSegmentation;

/// The word spans within `span` of `text` (Unicode word boundaries, so the
/// apostrophe in з'явилося stays inside the word), keeping only words with a
/// letter or digit.
///
/// The span is cut into pieces at ASCII white space, where what follows
/// the white space is ASCII or a plain letter or mark (below): nothing
/// joins across such a cut (UAX #29 joins a space only to another space,
/// or to a combining mark, joiner or format character after it), so the
/// words of each piece alone are the words of the whole. Where a combining
/// mark follows a space (a Devanagari vowel sign, an Arabic fatha), the
/// space and the mark are one segment, so the piece runs on over them. A
/// piece that is plain letters and digits with punctuation before or
/// after is one word; any other goes to the segmenter.
pub fn words(text: &str, span: Range<usize>) -> Vec<Range<usize>> {
    let s = &text[span.clone()];
    let bytes = s.as_bytes();
    let n = bytes.len();
    let white = |k: usize| bytes[k].is_ascii_whitespace();
    // Whether a piece may start at `k`, after white space: nothing that
    // attaches to what comes before it starts there.
    let starts = |k: usize| {
        bytes[k].is_ascii()
            || s[k..]
                .chars()
                .next()
                .is_some_and(|c| is_plain_letter(c) || is_plain_mark(c))
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < n {
        let run = i;
        while i < n && white(i) {
            i += 1;
        }
        if i == n {
            break;
        }
        let start = if starts(i) { i } else { run };
        loop {
            while i < n && !white(i) {
                i += 1;
            }
            let mut next = i;
            while next < n && white(next) {
                next += 1;
            }
            if next == n || starts(next) {
                break;
            }
            i = next;
        }
        let piece = &s[start..i];
        let at = span.start + start;
        match plain_word(piece) {
            Some(Some(w)) => out.push(at + w.start..at + w.end),
            Some(None) => {}
            None => out.extend(
                piece
                    .split_word_bound_indices()
                    .filter(|(_, w)| w.chars().any(is_word_char))
                    .map(|(k, w)| at + k..at + k + w.len()),
            ),
        }
    }
    out
}

/// The one word of `piece` when it is punctuation,
/// then plain letters and digits, then punctuation: `Some(None)` when it
/// has no letter or digit, `None` when it is anything else and needs the
/// segmenter.
fn plain_word(piece: &str) -> Option<Option<Range<usize>>> {
    let mut chars = piece.char_indices().peekable();
    while chars.next_if(|&(_, c)| is_plain_mark(c)).is_some() {}
    let start = chars.peek().map_or(piece.len(), |&(k, _)| k);
    while chars.next_if(|&(_, c)| is_plain_letter(c)).is_some() {}
    let end = chars.peek().map_or(piece.len(), |&(k, _)| k);
    while chars.next_if(|&(_, c)| is_plain_mark(c)).is_some() {}
    if chars.next().is_some() {
        return None;
    }
    Some((start < end).then_some(start..end))
}

/// A letter or digit that joins the letters and digits beside it into one
/// word and nothing else (UAX #29's ALetter and Numeric, no combining
/// mark): ASCII, Latin-1 and Latin Extended letters, Cyrillic.
fn is_plain_letter(c: char) -> bool {
    c.is_ascii_alphanumeric() || is_common_letter(c)
}

/// Punctuation that ends a word before it or starts one after it, with no
/// letter of its own: ASCII punctuation but the underscore (which joins
/// words, as in snake_case), and the quotes and dashes books use. Some
/// of these join two letters or digits on either side (the apostrophe,
/// the full stop, the comma); a piece with such a mark between letters
/// goes to the segmenter.
fn is_plain_mark(c: char) -> bool {
    (c.is_ascii_punctuation() && c != '_')
        || matches!(
            c,
            '«' | '»' | '“' | '”' | '„' | '‘' | '’' | '‚' | '–' | '—' | '…'
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The words as the segmenter alone finds them: what [`words`] must
    /// give.
    fn segmented(text: &str) -> Vec<Range<usize>> {
        text.split_word_bound_indices()
            .filter(|(_, w)| w.chars().any(is_word_char))
            .map(|(k, w)| k..k + w.len())
            .collect()
    }

    fn texts(text: &str, spans: &[Range<usize>]) -> Vec<String> {
        spans.iter().map(|r| text[r.clone()].to_string()).collect()
    }

    #[test]
    fn words_keep_ukrainian_apostrophes() {
        let t = "Деякі мали сім'ї, а з'явилося — «raguser» 60 тис.";
        let w = words(t, 0..t.len());
        assert_eq!(
            texts(t, &w),
            [
                "Деякі",
                "мали",
                "сім'ї",
                "а",
                "з'явилося",
                "raguser",
                "60",
                "тис"
            ]
        );
    }

    /// A combining mark after a space is one segment with the space, as
    /// the segmenter has it, whether the space opens the span or not.
    #[test]
    fn a_mark_after_a_space_keeps_the_space() {
        for t in [
            "a \u{93e}",
            " \u{93e}b",
            "word \u{64e}",
            "a\t\u{345}",
            "a \u{200d}\u{2139}",
            "a \u{93e} b",
        ] {
            assert_eq!(words(t, 0..t.len()), segmented(t), "{}", t.escape_unicode());
        }
    }

    /// Every plain letter is a letter or digit to the segmenter, joining
    /// its neighbours, and every plain mark stands apart from the word
    /// before and after it.
    #[test]
    fn plain_letters_join_and_plain_marks_part() {
        let letters = (0..=0x10_ffff_u32)
            .filter_map(char::from_u32)
            .filter(|&c| is_plain_letter(c));
        for c in letters {
            for t in [format!("a{c}b"), format!("1{c}2"), format!("{c}")] {
                assert_eq!(segmented(&t), vec![0..t.len()], "U+{:04X}", c as u32);
            }
            // A combining letter would join the full stop before it.
            let t = format!(".{c}");
            assert_eq!(segmented(&t), vec![1..t.len()], "U+{:04X}", c as u32);
        }
        let marks = (0..=0x10_ffff_u32)
            .filter_map(char::from_u32)
            .filter(|&c| is_plain_mark(c));
        for c in marks {
            let n = c.len_utf8();
            for w in ["ab", "12", "ї"] {
                let before = format!("{c}{w}");
                assert_eq!(
                    segmented(&before),
                    vec![n..before.len()],
                    "U+{:04X}",
                    c as u32
                );
                let after = format!("{w}{c}");
                assert_eq!(segmented(&after), vec![0..w.len()], "U+{:04X}", c as u32);
            }
        }
    }

    /// Characters whose word-break rules look past their neighbours, or
    /// join across them, among plain ones: what a piece cut at white space
    /// could get wrong.
    const TRICKY: &[char] = &[
        'a', 'Z', 'é', 'ї', 'Я', '1', '9', ' ', ' ', '\n', '\r', '\t', '\u{b}', '\u{c}', '\'', '’',
        '.', ',', ':', ';', '_', '-', '«', '"', '\u{301}', '\u{483}', '\u{ad}', '\u{200d}',
        '\u{a0}', '\u{2002}', '\u{202f}', '\u{3000}', '🇫', '🇷', '🙂', 'א', 'ש', '״', 'カ', 'ー',
        '中', '·', '\u{85}', '\u{2028}', '٣', '…', '\u{93e}', '\u{345}', '\u{64e}', 'ℹ',
    ];

    proptest! {
        /// On any mix of those, the words are the segmenter's, byte for
        /// byte, in any span.
        #[test]
        fn words_are_the_segmenters(
            picks in proptest::collection::vec(0..TRICKY.len(), 0..40),
            cut in 0usize..40,
        ) {
            let text: String = picks.iter().map(|&k| TRICKY[k]).collect();
            let bounds: Vec<usize> = text.char_indices().map(|(k, _)| k).chain([text.len()]).collect();
            let start = bounds[cut.min(bounds.len() - 1)];
            let want: Vec<Range<usize>> = segmented(&text[start..])
                .into_iter()
                .map(|r| r.start + start..r.end + start)
                .collect();
            prop_assert_eq!(words(&text, start..text.len()), want);
        }
    }
}
