//! Finding mentions: every inflected form of every entry, folded, in one
//! Aho-Corasick automaton run once over an account's folded text; and
//! unlisted names: capitalised words not at the start of a sentence that no
//! entry claims, grouped by a transliterated key without its ending.

use super::index::PeopleIndex;
use super::inflect::variants;
use crate::fold::{Folded, fold, fold_query};
use crate::text::Account;
use aho_corasick::{AhoCorasick, MatchKind};
use std::collections::HashMap;
use std::ops::Range;
use unicode_segmentation::UnicodeSegmentation;

/// A found name: which index entry (or unlisted key), and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// Byte span in the account's text.
    pub span: Range<usize>,
    /// Index into the index's entries.
    pub entry: usize,
}

/// What one automaton pattern stands for.
#[derive(Debug, Clone)]
struct Pattern {
    entry: usize,
    /// The form begins with a capital letter, so the text must too.
    capital: bool,
    /// The form ends in a Roman numeral, which must be in capitals in the
    /// text too (else "Олександр і" would be Alexander I).
    numeral: bool,
}

/// All forms of all entries, compiled once.
#[derive(Debug, Clone)]
pub struct Finder {
    ac: Option<AhoCorasick>,
    /// The same patterns, leftmost-longest and anchored: one cheap probe per
    /// word start, with `ac` (every overlapping match) as the fallback when
    /// the longest match is not a mention.
    longest_ac: Option<AhoCorasick>,
    patterns: Vec<Pattern>,
    longest: usize,
}

impl Finder {
    /// Compiles every inflected, folded form of `index`.
    pub fn new(index: &PeopleIndex) -> Finder {
        let mut keys: Vec<String> = Vec::new();
        let mut patterns = Vec::new();
        let mut seen: HashMap<String, usize> = HashMap::new();
        for (entry, e) in index.entries.iter().enumerate() {
            for (lang, form) in &e.forms {
                let lang = if lang == "other" { "" } else { lang.as_str() };
                let forms = if lang.is_empty() {
                    vec![form.trim_start_matches('=').to_string()]
                } else {
                    variants(lang, form)
                };
                for v in forms {
                    let key = fold_query(&v);
                    if key.is_empty() || seen.contains_key(&key) {
                        continue;
                    }
                    seen.insert(key.clone(), entry);
                    patterns.push(Pattern {
                        entry,
                        capital: v.chars().next().is_some_and(char::is_uppercase),
                        numeral: v
                            .split(' ')
                            .next_back()
                            .is_some_and(|w| w.len() < v.len() && is_roman(w)),
                    });
                    keys.push(key);
                }
            }
        }
        let longest = keys.iter().map(String::len).max().unwrap_or(0);
        let ac = (!keys.is_empty()).then(|| {
            AhoCorasick::builder()
                .match_kind(MatchKind::Standard)
                .build(&keys)
                .expect("patterns of a few bytes each always build")
        });
        let longest_ac = (!keys.is_empty()).then(|| {
            AhoCorasick::builder()
                .match_kind(MatchKind::LeftmostLongest)
                .start_kind(aho_corasick::StartKind::Anchored)
                .build(&keys)
                .expect("patterns of a few bytes each always build")
        });
        Finder {
            ac,
            longest_ac,
            patterns,
            longest,
        }
    }

    /// Every mention in `text`, in order: at each word start the longest form
    /// that ends at a word boundary (so Napoleon II wins over Napoleon).
    pub fn find(&self, text: &str) -> Vec<Found> {
        self.find_folded(text, &fold(text, 0))
    }

    /// As [`Finder::find`], on `text` already folded into `f` (whose map
    /// points into `text`; sentences may be cut apart by any non-letter).
    pub fn find_folded(&self, text: &str, f: &Folded) -> Vec<Found> {
        let (Some(ac), Some(longest_ac)) = (&self.ac, &self.longest_ac) else {
            return Vec::new();
        };
        let key = f.key.as_str();
        let mut out = Vec::new();
        let mut at = 0;
        let mut prev_alnum = false;
        for (i, c) in key.char_indices() {
            let alnum = c.is_alphanumeric();
            let word_start = alnum && !prev_alnum;
            prev_alnum = alnum;
            if !word_start || i < at {
                continue;
            }
            let mut end = (i + self.longest + 1).min(key.len());
            while !key.is_char_boundary(end) {
                end += 1;
            }
            let window = &key[i..end];
            let fits = |m: &aho_corasick::Match| {
                let p = &self.patterns[m.pattern().as_usize()];
                window[m.end()..]
                    .chars()
                    .next()
                    .is_none_or(|n| !n.is_alphanumeric())
                    && (!p.capital || starts_upper(text, f.map[i] as usize))
                    && (!p.numeral || starts_upper(text, f.map[i + m.end() - 1] as usize))
            };
            let input = aho_corasick::Input::new(window).anchored(aho_corasick::Anchored::Yes);
            let best = match longest_ac.find(input) {
                None => None,
                Some(m) if fits(&m) => Some(m),
                // The longest form does not end at a word boundary here (or
                // lacks its capital): look at every shorter one.
                Some(_) => ac
                    .find_overlapping_iter(window)
                    .filter(|m| m.start() == 0 && fits(m))
                    .max_by_key(|m| m.end()),
            };
            if let Some(m) = best {
                let span = original_span(text, f, i, i + m.end());
                out.push(Found {
                    span,
                    entry: self.patterns[m.pattern().as_usize()].entry,
                });
                at = i + m.end();
            }
        }
        out
    }
}

fn starts_upper(text: &str, at: usize) -> bool {
    text[at..].chars().next().is_some_and(char::is_uppercase)
}

/// The original span of key bytes `start..end`, to the end of the last grapheme.
fn original_span(text: &str, f: &Folded, start: usize, end: usize) -> Range<usize> {
    let s = f.map[start] as usize;
    let last = f.map[end - 1] as usize;
    let e = last + text[last..].graphemes(true).next().map_or(0, str::len);
    s..e
}

/// Endings stripped from a folded word to group an unlisted name's forms.
const ENDINGS: &[&str] = &[
    "ovi", "ogo", "omu", "oyu", "eyu", "om", "em", "ho", "mu", "ym", "im", "ov", "a", "u", "y",
    "i", "e",
];

/// The grouping key of an unlisted name: folded, each word without a
/// declension ending, so Массена, Masséna and Massénou meet.
pub fn unlisted_key(name: &str) -> String {
    fold_query(name)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            ENDINGS
                .iter()
                .find(|e| w.len() >= e.len() + 3 && w.ends_with(**e))
                .map_or(w, |e| &w[..w.len() - e.len()])
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// True for Roman numerals.
fn is_roman(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| matches!(c, 'I' | 'V' | 'X' | 'L' | 'C' | 'І'))
}

/// Capitalised words and runs of them that no entry covers, as (span, key);
/// words opening a sentence count only when the same key also occurs
/// inside a sentence.
pub fn unlisted(account: &Account, known: &[Found]) -> Vec<(Range<usize>, String)> {
    let text = &account.text;
    let covered = |r: &Range<usize>| {
        let i = known.partition_point(|k| k.span.end <= r.start);
        known.get(i).is_some_and(|k| k.span.start < r.end)
    };
    let mut inside = Vec::new();
    let mut opening = Vec::new();
    for p in &account.paragraphs {
        for s in &p.sentences {
            let mut run: Option<(Range<usize>, bool)> = None;
            let mut flush = |run: &mut Option<(Range<usize>, bool)>| {
                if let Some((r, first)) = run.take() {
                    let key = unlisted_key(&text[r.clone()]);
                    if !key.is_empty() {
                        if first {
                            opening.push((r, key))
                        } else {
                            inside.push((r, key))
                        }
                    }
                }
            };
            for (wi, w) in s.words.iter().enumerate() {
                let word = &text[w.clone()];
                let capital = word.chars().next().is_some_and(char::is_uppercase);
                let is_name = capital
                    && word.chars().any(char::is_lowercase)
                    && !is_roman(word)
                    && !covered(w);
                if !is_name {
                    flush(&mut run);
                    continue;
                }
                match &mut run {
                    // A word opening the sentence stands alone: its capital
                    // says nothing about the words after it.
                    Some((r, false))
                        if text[r.end..w.start].chars().all(|c| c == ' ' || c == '-') =>
                    {
                        r.end = w.end;
                    }
                    _ => {
                        flush(&mut run);
                        run = Some((w.clone(), wi == 0));
                    }
                }
            }
            flush(&mut run);
        }
    }
    let inside_keys: std::collections::HashSet<String> =
        inside.iter().map(|(_, k)| k.clone()).collect();
    inside.extend(opening.into_iter().filter(|(_, k)| inside_keys.contains(k)));
    inside.sort_by_key(|(r, _)| r.start);
    inside
}
