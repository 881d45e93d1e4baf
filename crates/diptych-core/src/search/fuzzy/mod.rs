//! The fuzzy tier: a term's letters in order within a word (or a few words,
//! for long terms), scored by fuzzy-matcher's skim algorithm behind a small
//! trait, memoised per search by window of words. A match strewn over many
//! words, or too weak for the term's length, is no match, so nonsense such
//! as `qqxzjv` finds nothing.

pub(super) mod tier;

use fuzzy_matcher::FuzzyMatcher;
use fuzzy_matcher::skim::SkimMatcherV2;
use std::collections::HashMap;
use std::ops::Range;

/// A fuzzy matcher over folded keys; a trait so the engine can be swapped.
pub trait Matcher: Send + Sync {
    /// Score and matched char indices of `needle` in `haystack`, if it matches.
    fn fuzzy(&self, haystack: &str, needle: &str) -> Option<(i64, Vec<usize>)>;
}

/// fuzzy-matcher's skim algorithm (v2); keys are already lowercase.
pub struct Skim(SkimMatcherV2);

impl Default for Skim {
    fn default() -> Skim {
        Skim(SkimMatcherV2::default().ignore_case())
    }
}

impl Matcher for Skim {
    fn fuzzy(&self, haystack: &str, needle: &str) -> Option<(i64, Vec<usize>)> {
        self.0.fuzzy_indices(haystack, needle)
    }
}

/// Fuzzy matches already made during one search, by term and window of words.
pub type WindowCache<'k> = HashMap<(usize, &'k str), Option<(i64, Vec<usize>)>>;

/// The longest word (in bytes) the fuzzy matcher is run on. Its cost and
/// memory grow with the word times the term: a file's "word" of 60 MB of
/// one letter took 8 GB for a seven-letter term. No word a reader types
/// letters of is this long (the longest German compounds are near 80).
pub const MAX_FUZZY_WORD: usize = 256;

/// The lowest fuzzy score accepted for a term of `chars` characters.
pub fn min_fuzzy_score(chars: usize) -> i64 {
    // A contiguous run scores about 16 a character plus bonuses; each gap
    // costs 3 and 1 more per skipped character. Asking for 14 a character
    // lets a few short gaps through and stops matches strewn over a word.
    14 * chars as i64
}

/// How many words a fuzzy match of a `chars`-character term may spread
/// over: one for terms up to ten characters, one more for every ten beyond.
pub fn max_fuzzy_words(chars: usize) -> usize {
    1 + chars.saturating_sub(1) / 10
}

/// The best fuzzy match of `needle` lying within `words` consecutive words
/// of `key`, as (score, char indices into `key`), scored at least
/// [`min_fuzzy_score`]. The matcher runs on each window of words that
/// holds the letters in order, not on the whole sentence.
pub fn fuzzy_in_words<'k>(
    matcher: &dyn Matcher,
    key: &'k str,
    term: usize,
    needle: &str,
    cache: &mut WindowCache<'k>,
) -> Option<(i64, Vec<usize>)> {
    let n = needle.chars().count();
    let words = max_fuzzy_words(n);
    if !may_match_fuzzily(needle, key) {
        return None;
    }
    let mut best: Option<(i64, Vec<usize>)> = None;
    let mut starts = WordStarts::new(key);
    let mut ahead = starts.clone();
    while let Some((c0, b0)) = starts.next() {
        let b1 = ahead.nth(words).map_or(key.len(), |(_, b)| b);
        ahead = starts.clone();
        let window = &key[b0..b1];
        if window.len() > MAX_FUZZY_WORD * words {
            continue;
        }
        // The first letter must open a word of the window.
        if !window.starts_with(needle.chars().next().unwrap_or(' ')) && words == 1 {
            continue;
        }
        if !is_subsequence(needle, window) {
            continue;
        }
        let found = cache.entry((term, window)).or_insert_with(|| {
            matcher.fuzzy(window, needle).filter(|(score, idx)| {
                *score >= min_fuzzy_score(n) && words_touched(window, idx) <= words
            })
        });
        if let Some((score, idx)) = found
            && best.as_ref().is_none_or(|b| *score > b.0)
        {
            best = Some((*score, idx.iter().map(|i| i + c0).collect()));
        }
    }
    best
}

/// The (char index, byte index) of each word start in a key.
#[derive(Clone)]
struct WordStarts<'a> {
    chars: std::iter::Enumerate<std::str::CharIndices<'a>>,
    in_word: bool,
}

impl<'a> WordStarts<'a> {
    fn new(key: &'a str) -> Self {
        WordStarts {
            chars: key.char_indices().enumerate(),
            in_word: false,
        }
    }
}

impl Iterator for WordStarts<'_> {
    type Item = (usize, usize);

    fn next(&mut self) -> Option<(usize, usize)> {
        for (ci, (bi, c)) in self.chars.by_ref() {
            let alnum = c.is_alphanumeric();
            let start = alnum && !self.in_word;
            self.in_word = alnum;
            if start {
                return Some((ci, bi));
            }
        }
        None
    }
}

/// The number of words of `key` that the matched char indices `idx` fall in.
fn words_touched(key: &str, idx: &[usize]) -> usize {
    let (Some(&first), Some(&last)) = (idx.first(), idx.last()) else {
        return 0;
    };
    let mut words = 1;
    let mut in_word = true;
    for c in key.chars().skip(first).take(last - first + 1) {
        let alnum = c.is_alphanumeric();
        if alnum && !in_word {
            words += 1;
        }
        in_word = alnum;
    }
    words
}

/// A cheap test that `needle` may match `key` fuzzily: its letters in order
/// within one word when a match may span one word only, else anywhere.
pub fn may_match_fuzzily(needle: &str, key: &str) -> bool {
    if !is_subsequence(needle, key) {
        return false;
    }
    if max_fuzzy_words(needle.chars().count()) > 1 {
        return true;
    }
    let mut want = needle.chars();
    let mut next = want.next();
    for c in key.chars() {
        if !c.is_alphanumeric() {
            want = needle.chars();
            next = want.next();
        } else if Some(c) == next {
            next = want.next();
            if next.is_none() {
                return true;
            }
        }
    }
    false
}

/// True when the characters of `needle` occur in `hay` in order.
pub fn is_subsequence(needle: &str, hay: &str) -> bool {
    let mut hay = hay.chars();
    needle.chars().all(|n| hay.any(|h| h == n))
}

/// Byte ranges in `key` for the char indices `idx`, adjacent ones merged.
pub fn char_ranges(key: &str, idx: &[usize]) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    let offsets: Vec<(usize, usize)> = if key.is_ascii() {
        idx.iter().map(|&i| (i, i + 1)).collect()
    } else {
        let starts: Vec<(usize, char)> = key.char_indices().collect();
        idx.iter()
            .filter_map(|&i| starts.get(i).map(|&(b, c)| (b, b + c.len_utf8())))
            .collect()
    };
    for (s, e) in offsets {
        match out.last_mut() {
            Some(prev) if prev.end == s => prev.end = e,
            _ => out.push(s..e),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cheap_test_keeps_every_possible_match() {
        assert!(may_match_fuzzily("npln", "x napoleon y"));
        assert!(!may_match_fuzzily("npln", "nap lon"));
        assert!(may_match_fuzzily("napolenbonaparte", "napoleon bonaparte"));
    }

    /// A "word" longer than any a reader types is not matched fuzzily:
    /// the matcher's table grows with the word times the term.
    #[test]
    fn a_word_past_the_longest_is_not_matched_fuzzily() {
        let m = Skim::default();
        let mut cache = WindowCache::new();
        let short = format!("abcd{}", "x".repeat(10));
        assert!(fuzzy_in_words(&m, &short, 0, "abdx", &mut cache).is_some());
        let long = format!("abcd{}", "x".repeat(MAX_FUZZY_WORD));
        assert!(fuzzy_in_words(&m, &long, 0, "abdx", &mut cache).is_none());
    }

    #[test]
    fn a_match_strewn_over_a_sentence_is_none() {
        let skim = Skim::default();
        let mut cache = WindowCache::new();
        assert!(fuzzy_in_words(&skim, "x napoleon y", 0, "npln", &mut cache).is_some());
        let mut cache = WindowCache::new();
        // "pratzen" over "perekaty ruzheinoi": two words, no.
        assert!(fuzzy_in_words(&skim, "perekaty ruzheinoi", 0, "pratzen", &mut cache).is_none());
    }
}
