//! Headings: the lines that head a section (`CHAPTER XI`, `XI`, `Глава 3`,
//! `Розділ II`, `KAPITOLA 2`, Markdown `#`, an all-caps line, a short line
//! without final punctuation followed by text). The words that open a
//! heading in each language are data, in `texts/headings.toml`.

use super::{Break, is_roman};
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::OnceLock;

/// `texts/headings.toml`, compiled in.
pub const HEADINGS_TOML: &str = include_str!("../../../../texts/headings.toml");

/// Longest heading, in characters.
const MAX_CHARS: usize = 80;
/// Longest short line taken for a heading without other evidence.
const SHORT_CHARS: usize = 60;

/// The heading words of every language, lower-cased.
#[derive(Debug, Default)]
struct Words {
    levels: HashMap<String, u8>,
    numbers: HashSet<String>,
}

type RawTable = HashMap<String, HashMap<String, Vec<String>>>;

fn words() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(|| {
        // Compiled in and checked by a test: a parse error cannot reach users.
        let raw: RawTable = toml::from_str(HEADINGS_TOML).unwrap_or_default();
        let mut w = Words::default();
        for (table, langs) in raw {
            let level = match table.as_str() {
                "level1" => Some(1),
                "level2" => Some(2),
                "level3" => Some(3),
                _ => None,
            };
            for word in langs.into_values().flatten() {
                let word = word.to_lowercase();
                match level {
                    Some(l) => {
                        w.levels.entry(word).or_insert(l);
                    }
                    None => {
                        w.numbers.insert(word);
                    }
                }
            }
        }
        w
    })
}

/// For each paragraph, its heading level (1 to 3) or `None` for text.
/// `breaks` are the line ends inside paragraphs: a heading is one line.
pub fn classify(text: &str, paragraphs: &[Range<usize>], breaks: &[Break]) -> Vec<Option<u8>> {
    let one_line = |p: &Range<usize>| {
        let i = breaks.partition_point(|b| b.span.start < p.start);
        breaks.get(i).is_none_or(|b| b.span.start >= p.end)
    };
    paragraphs
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let next = paragraphs.get(i + 1).map(|n| &text[n.clone()]);
            level(&text[p.clone()], next, one_line(p))
        })
        .collect()
}

/// The heading level of a paragraph `line`, given the paragraph after it.
pub fn level(line: &str, next: Option<&str>, one_line: bool) -> Option<u8> {
    let t = line.trim();
    let hashes = t.chars().take_while(|&c| c == '#').count();
    if (1..=6).contains(&hashes) && t[hashes..].starts_with(' ') {
        return Some(hashes.min(3) as u8);
    }
    if !one_line || t.is_empty() {
        return None;
    }
    // Counted no further than the limit: most paragraphs are far longer.
    let chars = t.chars().take(MAX_CHARS + 1).count();
    if chars > MAX_CHARS {
        return None;
    }
    let ws: Vec<&str> = t.split_whitespace().collect();
    let bare = |w: &str| {
        w.trim_matches(|c: char| matches!(c, '.' | ':' | ',' | '—' | '–' | '-'))
            .to_lowercase()
    };
    let caps = is_all_caps(t);
    if let Some(&l) = ws.first().and_then(|w| words().levels.get(&bare(w))) {
        let numbered = ws.get(1).is_some_and(|w| is_number(&bare(w), w));
        if ws.len() <= 8 && (numbered || (caps && ws.len() <= 4)) {
            return Some(l);
        }
    }
    if ws.len() == 1 && is_number(&bare(ws[0]), ws[0].trim_end_matches('.')) {
        return Some(2);
    }
    let opens_speech = t.starts_with(['—', '–', '-', '"', '“', '«', '„', '\'', '‘']);
    if caps
        && chars <= SHORT_CHARS
        && ws.len() <= 10
        && !opens_speech
        && !t.ends_with(['!', '?', ',', ';'])
    {
        return Some(2);
    }
    let last = t.chars().last().unwrap_or('.');
    let ends_open = !matches!(
        last,
        '.' | ','
            | ';'
            | ':'
            | '!'
            | '?'
            | '…'
            | '"'
            | '\''
            | '»'
            | '”'
            | '’'
            | ')'
            | ']'
            | '-'
            | '–'
            | '—'
    );
    let starts_high = t
        .chars()
        .next()
        .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit());
    let longer = 2 * chars + 20;
    let before_text = next.is_some_and(|n| n.trim().chars().take(longer + 1).count() > longer);
    if ends_open
        && starts_high
        && !opens_speech
        && chars <= SHORT_CHARS
        && ws.len() <= 8
        && before_text
    {
        return Some(3);
    }
    None
}

/// True for a numeral: arabic (up to four digits), Roman (in capitals, as
/// `written`), or a number word of the table.
fn is_number(lower: &str, written: &str) -> bool {
    let digits = !lower.is_empty() && lower.len() <= 4 && lower.bytes().all(|b| b.is_ascii_digit());
    digits || is_roman(written.trim_end_matches(['.', ':'])) || words().numbers.contains(lower)
}

/// True when every cased letter is a capital and there are at least two letters.
fn is_all_caps(t: &str) -> bool {
    // A lowercase letter ends the look at most lines early.
    !t.chars().any(char::is_lowercase) && t.chars().filter(|c| c.is_alphabetic()).nth(1).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str =
        "Some long paragraph of text that follows the heading and is much longer than it.";

    fn lv(line: &str) -> Option<u8> {
        level(line, Some(TEXT), true)
    }

    #[test]
    fn the_table_parses() {
        let raw: Result<RawTable, _> = toml::from_str(HEADINGS_TOML);
        assert!(raw.is_ok(), "{raw:?}");
        assert!(words().levels.len() > 40 && words().numbers.len() > 40);
    }

    #[test]
    fn chapter_words_in_every_language() {
        for (line, want) in [
            ("CHAPTER XI", 2),
            ("Chapter 3", 2),
            ("Chapter 3. The Ball", 2),
            ("Глава 3", 2),
            ("Розділ II", 2),
            ("KAPITOLA 2", 2),
            ("BOOK ONE: 1805", 1),
            ("ЧАСТЬ ПЕРВАЯ", 1),
            ("Том 1", 1),
            ("XI", 2),
            ("IV.", 2),
            ("12", 2),
            ("# Title", 1),
            ("### Deep", 3),
            ("ВОЙНА И МИР", 2),
            ("Аннотация", 3),
        ] {
            assert_eq!(lv(line), Some(want), "{line}");
        }
    }

    #[test]
    fn prose_is_not_a_heading() {
        for line in [
            "Part of the problem was that nobody knew.",
            "“Well?”",
            "— НЕТ!",
            "Napoleon zatiaľ študoval vojenskú situáciu.",
        ] {
            assert_eq!(lv(line), None, "{line}");
        }
        // A short line is a heading only before a longer paragraph.
        assert_eq!(level("Аннотация", Some("Короткий"), true), None);
        assert_eq!(level("CHAPTER I", Some(TEXT), false), None);
    }
}
