//! Splitting paragraphs into sentences and words, as byte spans.

use std::ops::Range;
use unicode_segmentation::UnicodeSegmentation;

/// Closing punctuation that may follow a sentence's final mark.
fn is_closer(c: char) -> bool {
    matches!(c, '"' | '\'' | '»' | '«' | '”' | '“' | '’' | ')' | ']')
}

/// The sentence spans within `span` of `text`: a sentence ends at `.`, `!`, `?`
/// or `…` (with any closing quotes) followed by white space and a character that
/// is not a lower-case letter.
pub fn sentences(text: &str, span: Range<usize>) -> Vec<Range<usize>> {
    let para = &text[span.clone()];
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = para.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if !matches!(c, '.' | '!' | '?' | '…') {
            continue;
        }
        let mut end = i + c.len_utf8();
        while let Some(&(j, d)) = chars.peek() {
            if matches!(d, '.' | '!' | '?' | '…') || is_closer(d) {
                end = j + d.len_utf8();
                chars.next();
            } else {
                break;
            }
        }
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

/// The word spans within `span` of `text` (Unicode word boundaries, so the
/// apostrophe in з'явилося stays inside the word), keeping only words with a
/// letter or digit.
pub fn words(text: &str, span: Range<usize>) -> Vec<Range<usize>> {
    text[span.clone()]
        .split_word_bound_indices()
        .filter(|(_, w)| w.chars().any(char::is_alphanumeric))
        .map(|(i, w)| span.start + i..span.start + i + w.len())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
