//! Fuzzy search over both accounts, sentence by sentence, on folded keys.
//!
//! Every sentence of both accounts gets a folded key once, at load
//! ([`crate::fold`]). A query is split on white space; every term must match
//! (AND). A term beginning with `'` must occur exactly (as a folded
//! substring). Other terms rank by how they match: a whole word above a word
//! prefix above a substring, and those above a fuzzy subsequence, which must
//! reach a minimum score that grows with the term's length, so a scattered
//! match across many words (or nonsense) is dropped.

use crate::fold::{Folded, fold_into, fold_query};
use crate::pair::Pair;
use crate::people::People;
use crate::people::search::{PersonKeys, person_hits};
use crate::text::{Account, Side};
use fuzzy_matcher::FuzzyMatcher;
use fuzzy_matcher::skim::SkimMatcherV2;
use std::ops::Range;
use std::sync::Arc;

/// Longest query taken into account, in characters; the rest is ignored.
pub const MAX_QUERY_CHARS: usize = 256;

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

/// One search result: a sentence and where the query matched in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    /// Which account.
    pub side: Side,
    /// Paragraph index (0-based).
    pub paragraph: usize,
    /// Sentence index within the paragraph (0-based).
    pub sentence: usize,
    /// Higher is better.
    pub score: i64,
    /// Matched spans as byte ranges of the account's text, whole graphemes.
    pub matches: Vec<Range<usize>>,
    /// The person the query named, when the sentence was found through them.
    pub person: Option<String>,
}

/// One term of a query, folded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// The folded term.
    pub key: String,
    /// True when the term must occur exactly (it began with `'`).
    pub exact: bool,
}

/// Splits a query into folded terms; empty terms are dropped.
pub fn parse_query(query: &str) -> Vec<Term> {
    let query: String = query.chars().take(MAX_QUERY_CHARS).collect();
    query
        .split_whitespace()
        .filter_map(|t| {
            let (exact, t) = match t.strip_prefix('\'') {
                Some(rest) => (true, rest),
                None => (false, t),
            };
            let key: String = fold_query(t).split_whitespace().collect();
            (!key.is_empty()).then_some(Term { key, exact })
        })
        .collect()
}

/// Where a sentence's key lies in its side's key.
#[derive(Debug, Clone, Copy)]
struct SentenceKey {
    paragraph: u32,
    sentence: u32,
    start: u32,
    end: u32,
}

/// The folded keys of one account.
#[derive(Debug, Clone, Default)]
struct SideIndex {
    folded: Folded,
    sentences: Vec<SentenceKey>,
}

impl SideIndex {
    /// The folded key of sentence `s`.
    fn key(&self, s: &SentenceKey) -> &str {
        &self.folded.key[s.start as usize..s.end as usize]
    }

    fn new(account: &Account) -> SideIndex {
        let mut folded = Folded {
            key: String::with_capacity(account.text.len()),
            map: Vec::with_capacity(account.text.len()),
        };
        let mut sentences = Vec::new();
        for (pi, p) in account.paragraphs.iter().enumerate() {
            for (si, s) in p.sentences.iter().enumerate() {
                let start = folded.key.len() as u32;
                fold_into(&account.text[s.span.clone()], s.span.start, &mut folded);
                sentences.push(SentenceKey {
                    paragraph: pi as u32,
                    sentence: si as u32,
                    start,
                    end: folded.key.len() as u32,
                });
                folded.key.push('\n');
                folded.map.push(s.span.end as u32);
            }
        }
        SideIndex { folded, sentences }
    }
}

/// Search keys for both accounts, built once.
pub struct SearchIndex {
    sides: [SideIndex; 2],
    matcher: Box<dyn Matcher>,
    people: Option<(Arc<People>, PersonKeys)>,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex").finish_non_exhaustive()
    }
}

/// Tier scores: every literal match outranks every fuzzy one.
const WHOLE_WORD: i64 = 3000;
const WORD_PREFIX: i64 = 2000;
const SUBSTRING: i64 = 1000;

/// The lowest fuzzy score accepted for a term of `chars` characters.
pub fn min_fuzzy_score(chars: usize) -> i64 {
    // A contiguous run scores about 16 a character plus bonuses; each gap
    // costs 3 and 1 more per skipped character. Asking for 14 a character
    // lets a few short gaps through and stops matches strewn over a sentence.
    14 * chars as i64
}

impl SearchIndex {
    /// Folds every sentence of both accounts (in parallel).
    pub fn new(pair: &Pair) -> SearchIndex {
        SearchIndex {
            sides: both(|side| SideIndex::new(pair.account(side))),
            matcher: Box::new(Skim::default()),
            people: None,
        }
    }

    /// Search keys that also know `people`: naming a person finds their mentions.
    pub fn with_people(pair: &Pair, people: Arc<People>) -> SearchIndex {
        let mut index = SearchIndex::new(pair);
        index.set_people(people);
        index
    }

    /// Lets the search know `people`.
    pub fn set_people(&mut self, people: Arc<People>) {
        let keys = PersonKeys::new(&people);
        self.people = Some((people, keys));
    }

    /// The folded text of `side`, sentence by sentence.
    pub fn folded(&self, side: Side) -> &Folded {
        &self.sides[side.index()].folded
    }

    /// The best `limit` sentences of both accounts for `query`, best first.
    /// An empty query finds nothing and scans nothing.
    pub fn search(&self, pair: &Pair, query: &str, limit: usize) -> Vec<Hit> {
        let terms = parse_query(query);
        if terms.is_empty() || limit == 0 {
            return Vec::new();
        }
        // Literal matches first, on both sides; fuzzy ones rank below every
        // literal one, so they are looked for only when the literal ones do
        // not fill the list.
        let mut passes = both(|side| self.literal_pass(side, &terms));
        if passes[0].0.len() + passes[1].0.len() < limit {
            let fuzzy = both(|side| self.fuzzy_pass(side, &terms, &passes[side.index()].1));
            for (pass, extra) in passes.iter_mut().zip(fuzzy) {
                pass.0.extend(extra);
            }
        }
        let mut scored: Vec<(i64, Side, u32)> = Side::BOTH
            .into_iter()
            .flat_map(|side| {
                std::mem::take(&mut passes[side.index()].0)
                    .into_iter()
                    .map(move |(score, n)| (score, side, n))
            })
            .collect();
        if scored.len() > limit {
            scored.select_nth_unstable_by(limit, |a, b| b.0.cmp(&a.0));
            scored.truncate(limit);
        }
        // Spans are made only for the sentences that make the list.
        let mut cache = WindowCache::new();
        let mut hits: Vec<Hit> = scored
            .into_iter()
            .filter_map(|(score, side, n)| {
                let index = &self.sides[side.index()];
                let s = &index.sentences[n as usize];
                let mut ranges = Vec::new();
                self.match_terms(index.key(s), &terms, Some(&mut cache), Some(&mut ranges))?;
                Some(self.hit(index, pair.account(side), side, s, score, ranges))
            })
            .collect();
        if let Some((people, keys)) = &self.people {
            merge_person_hits(&mut hits, person_hits(pair, people, keys, &terms));
        }
        sort_hits(&mut hits);
        hits.truncate(limit);
        hits
    }

    /// Scores of the sentences of `side` where every term matches literally,
    /// and the sentences that may still match fuzzily.
    fn literal_pass(&self, side: Side, terms: &[Term]) -> (Vec<(i64, u32)>, Vec<u32>) {
        let index = &self.sides[side.index()];
        let mut scored = Vec::new();
        let mut candidates = Vec::new();
        for (n, s) in index.sentences.iter().enumerate() {
            let key = index.key(s);
            match self.match_terms(key, terms, None, None) {
                Some(score) => scored.push((score - length_penalty(s), n as u32)),
                None => {
                    let possible = terms.iter().all(|t| {
                        key.contains(&t.key) || !t.exact && may_match_fuzzily(&t.key, key)
                    });
                    if possible {
                        candidates.push(n as u32);
                    }
                }
            }
        }
        (scored, candidates)
    }

    /// Scores of the `candidates` of `side` that match with fuzzy terms.
    fn fuzzy_pass(&self, side: Side, terms: &[Term], candidates: &[u32]) -> Vec<(i64, u32)> {
        let index = &self.sides[side.index()];
        let mut cache = WindowCache::new();
        candidates
            .iter()
            .filter_map(|&n| {
                let s = &index.sentences[n as usize];
                let score = self.match_terms(index.key(s), terms, Some(&mut cache), None)?;
                Some((score - length_penalty(s), n))
            })
            .collect()
    }

    fn hit(
        &self,
        index: &SideIndex,
        account: &Account,
        side: Side,
        s: &SentenceKey,
        score: i64,
        key_ranges: Vec<Range<usize>>,
    ) -> Hit {
        let base = s.start as usize;
        let sentence_span = account.paragraphs[s.paragraph as usize].sentences[s.sentence as usize]
            .span
            .clone();
        let mut matches: Vec<Range<usize>> = Vec::new();
        for r in key_ranges {
            let start = index.folded.map[base + r.start] as usize;
            let last = index.folded.map[base + r.end - 1] as usize;
            let end = grapheme_end(&account.text, last, sentence_span.end);
            match matches.last_mut() {
                Some(prev) if prev.end >= start => prev.end = prev.end.max(end),
                _ => matches.push(start..end),
            }
        }
        matches.sort_by_key(|r| r.start);
        let mut merged: Vec<Range<usize>> = Vec::new();
        for r in matches {
            match merged.last_mut() {
                Some(prev) if prev.end >= r.start => prev.end = prev.end.max(r.end),
                _ => merged.push(r),
            }
        }
        Hit {
            side,
            paragraph: s.paragraph as usize,
            sentence: s.sentence as usize,
            score,
            matches: merged,
            person: None,
        }
    }

    /// Matches every term in `key` and returns the total score; with
    /// `fuzzy`, terms without a literal match may match as subsequences.
    /// Matched key ranges go to `ranges` when given.
    fn match_terms<'k>(
        &self,
        key: &'k str,
        terms: &[Term],
        mut fuzzy: Option<&mut WindowCache<'k>>,
        mut ranges: Option<&mut Vec<Range<usize>>>,
    ) -> Option<i64> {
        let mut total = 0;
        for (ti, t) in terms.iter().enumerate() {
            let score = match literal(key, &t.key, ranges.as_deref_mut()) {
                Some(score) => score,
                None if t.exact => return None,
                None => {
                    let cache = fuzzy.as_deref_mut()?;
                    let n = t.key.chars().count();
                    let (score, idx) =
                        self.fuzzy_in_words(key, ti, &t.key, max_fuzzy_words(n), cache)?;
                    if score < min_fuzzy_score(n) {
                        return None;
                    }
                    if let Some(out) = ranges.as_deref_mut() {
                        out.extend(char_ranges(key, &idx));
                    }
                    score.min(SUBSTRING - 1)
                }
            };
            total += score;
        }
        Some(total)
    }
}

impl SearchIndex {
    /// The best fuzzy match of `needle` lying within `words` consecutive
    /// words of `key`, as (score, char indices into `key`). The matcher runs
    /// on each window of words that holds the letters in order, not on the
    /// whole sentence: cheaper, and a match strewn wider is not wanted.
    fn fuzzy_in_words<'k>(
        &self,
        key: &'k str,
        term: usize,
        needle: &str,
        words: usize,
        cache: &mut WindowCache<'k>,
    ) -> Option<(i64, Vec<usize>)> {
        let mut best: Option<(i64, Vec<usize>)> = None;
        let mut starts = WordStarts::new(key);
        let mut ahead = starts.clone();
        while let Some((c0, b0)) = starts.next() {
            // The window runs to the start of the word `words` words on.
            let b1 = ahead.nth(words).map_or(key.len(), |(_, b)| b);
            ahead = starts.clone();
            let window = &key[b0..b1];
            if !is_subsequence(needle, window) {
                continue;
            }
            // The same words recur across a text: match each one once.
            let found = cache.entry((term, window)).or_insert_with(|| {
                self.matcher
                    .fuzzy(window, needle)
                    .filter(|(_, idx)| words_touched(window, idx) <= words)
            });
            if let Some((score, idx)) = found
                && best.as_ref().is_none_or(|b| *score > b.0)
            {
                best = Some((*score, idx.iter().map(|i| i + c0).collect()));
            }
        }
        best
    }
}

/// Fuzzy matches already made during one search, by term and window of words.
type WindowCache<'k> = std::collections::HashMap<(usize, &'k str), Option<(i64, Vec<usize>)>>;

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

/// Adds the sentences found through people to `hits`: a sentence found both
/// ways keeps one hit, with the person and both sets of spans.
fn merge_person_hits(hits: &mut Vec<Hit>, found: Vec<Hit>) {
    let mut at: std::collections::HashMap<(Side, usize, usize), usize> = hits
        .iter()
        .enumerate()
        .map(|(i, h)| ((h.side, h.paragraph, h.sentence), i))
        .collect();
    for f in found {
        match at.get(&(f.side, f.paragraph, f.sentence)) {
            Some(&i) => {
                let h = &mut hits[i];
                h.score = h.score.max(f.score);
                h.person = h.person.take().or(f.person);
                h.matches.extend(f.matches);
                h.matches.sort_by_key(|r| r.start);
                h.matches.dedup_by(|b, a| {
                    if b.start < a.end {
                        a.end = a.end.max(b.end);
                        true
                    } else {
                        false
                    }
                });
            }
            None => {
                at.insert((f.side, f.paragraph, f.sentence), hits.len());
                hits.push(f);
            }
        }
    }
}

/// Runs `f` for both sides, the left on a second thread.
pub fn both<T: Send>(f: impl Fn(Side) -> T + Sync) -> [T; 2] {
    std::thread::scope(|s| {
        let l = s.spawn(|| f(Side::Left));
        let r = f(Side::Right);
        [l.join().unwrap_or_else(|e| std::panic::resume_unwind(e)), r]
    })
}

/// Best first; ties in reading order, left before right.
fn sort_hits(hits: &mut [Hit]) {
    hits.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(a.side.cmp(&b.side))
            .then(a.paragraph.cmp(&b.paragraph))
            .then(a.sentence.cmp(&b.sentence))
    });
}

/// Shorter sentences first among equals: the match is more of what they say.
fn length_penalty(s: &SentenceKey) -> i64 {
    (((s.end - s.start) / 64) as i64).min(99)
}

/// The best literal occurrence of `term` in `key` (whole word, word prefix
/// or substring) as a score; every occurrence goes to `ranges` when given.
fn literal(key: &str, term: &str, mut ranges: Option<&mut Vec<Range<usize>>>) -> Option<i64> {
    let mut best = 0;
    let mut count = 0i64;
    for (i, _) in key.match_indices(term) {
        let end = i + term.len();
        let starts = key[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let ends = key[end..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric());
        let tier = match (starts, ends) {
            (true, true) => WHOLE_WORD,
            (true, false) => WORD_PREFIX,
            _ => SUBSTRING,
        };
        best = best.max(tier);
        count += 1;
        if let Some(r) = ranges.as_deref_mut() {
            r.push(i..end);
        }
    }
    if count == 0 {
        return None;
    }
    // A little for each further occurrence, at most a tier's tenth.
    let extra = ((count - 1) * 10).min(100);
    Some(best + extra + term.len() as i64)
}

/// How many words a fuzzy match of a `chars`-character term may spread over:
/// one for terms up to six characters, one more for every six beyond.
pub fn max_fuzzy_words(chars: usize) -> usize {
    1 + chars.saturating_sub(1) / 6
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
fn may_match_fuzzily(needle: &str, key: &str) -> bool {
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
fn is_subsequence(needle: &str, hay: &str) -> bool {
    let mut hay = hay.chars();
    needle.chars().all(|n| hay.any(|h| h == n))
}

/// Byte ranges in `key` for the char indices `idx`, adjacent ones merged.
fn char_ranges(key: &str, idx: &[usize]) -> Vec<Range<usize>> {
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

/// The end of the grapheme that starts at (or contains) byte `at`, not past `limit`.
fn grapheme_end(text: &str, at: usize, limit: usize) -> usize {
    use unicode_segmentation::UnicodeSegmentation;
    let rest = &text[at..limit.max(at)];
    at + rest.graphemes(true).next().map_or(0, str::len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Meta;

    fn meta() -> Meta {
        Meta {
            title: "t".into(),
            label: "t".into(),
            language: None,
            year: None,
        }
    }

    fn pair(left: &str, right: &str) -> Pair {
        Pair::from_texts([meta(), meta()], [left.into(), right.into()])
    }

    fn found<'a>(p: &'a Pair, h: &Hit) -> Vec<&'a str> {
        let text = &p.account(h.side).text;
        h.matches.iter().map(|r| &text[r.clone()]).collect()
    }

    #[test]
    fn either_script_finds_both() {
        let p = Pair::bundled().expect("bundled");
        let idx = SearchIndex::new(&p);
        let hits = idx.search(&p, "pariz", 100);
        let sides: Vec<Side> = hits.iter().map(|h| h.side).collect();
        assert!(sides.contains(&Side::Left) && sides.contains(&Side::Right));
        let words: Vec<&str> = hits.iter().flat_map(|h| found(&p, h)).collect();
        assert!(words.iter().any(|w| w.starts_with("Париж")), "{words:?}");
        assert!(words.iter().any(|w| w.starts_with("Paríž")), "{words:?}");
        for q in ["Наполеон", "kolenkur", "fouche"] {
            let hits = idx.search(&p, q, 100);
            assert!(!hits.is_empty(), "{q}");
        }
        let hits = idx.search(&p, "Наполеон", 100);
        assert!(hits.iter().any(|h| h.side == Side::Right));
        let hits = idx.search(&p, "kolenkur", 100);
        assert!(found(&p, &hits[0])[0].starts_with("Коленкур"));
        let hits = idx.search(&p, "fouche", 100);
        assert!(found(&p, &hits[0])[0].starts_with("Fouch"));
    }

    #[test]
    fn spans_slice_the_original_letters() {
        let p = pair("Під Парижем стояли.", "V Paríži bolo ticho.");
        let idx = SearchIndex::new(&p);
        let hits = idx.search(&p, "pariz", 10);
        assert_eq!(hits.len(), 2);
        for h in &hits {
            let f = found(&p, h);
            assert!(f == ["Париж"] || f == ["Paríž"], "{f:?}");
        }
    }

    #[test]
    fn whole_word_beats_prefix_beats_scattered() {
        let p = pair(
            "Kde je mier. Mierové rokovania. Mimiera bola. Milenár tu bol.",
            "x.",
        );
        let idx = SearchIndex::new(&p);
        let hits = idx.search(&p, "mier", 10);
        let texts: Vec<usize> = hits.iter().map(|h| h.sentence).collect();
        assert_eq!(texts, [0, 1, 2, 3], "word, prefix, substring, scattered");
        assert!(hits.windows(2).all(|w| w[0].score > w[1].score));
    }

    #[test]
    fn terms_are_anded_and_quoted_terms_are_exact() {
        let p = pair("Napoleon v Paríži. Napoleon na Elbe. Paríž bez neho.", "x.");
        let idx = SearchIndex::new(&p);
        let hits = idx.search(&p, "napoleon pariz", 10);
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].sentence, 0);
        let exact = idx.search(&p, "'elbe", 10);
        assert_eq!(exact.len(), 1);
        assert!(idx.search(&p, "'elbx", 10).is_empty());
        assert!(idx.search(&p, "'nplen", 10).is_empty());
    }

    #[test]
    fn the_cheap_fuzzy_test_keeps_every_possible_match() {
        assert!(may_match_fuzzily("npln", "x napoleon y"));
        assert!(!may_match_fuzzily("npln", "nap lon"));
        assert!(may_match_fuzzily("napolenbon", "napoleon bonaparte"));
    }

    #[test]
    fn nonsense_and_empty_find_nothing() {
        let p = Pair::bundled().expect("bundled");
        let idx = SearchIndex::new(&p);
        assert!(idx.search(&p, "qqxzjv", 50).is_empty());
        assert!(idx.search(&p, "", 50).is_empty());
        assert!(idx.search(&p, "   ", 50).is_empty());
        let long = "ab".repeat(5000);
        assert!(idx.search(&p, &long, 50).is_empty());
        assert!(idx.search(&p, "\u{1b}\u{7}\u{0}", 50).is_empty());
    }
}
