//! Search over both accounts, sentence by sentence, on folded keys.
//!
//! A query ([`query`], fzf's syntax) is a list of groups that must all
//! match; a group matches when one of its terms does. A term matches a
//! sentence, best first, by:
//!
//! 1. its folded key: a whole word, a word's start, or inside a word
//!    (`pariz` finds Париж and Paríži);
//! 2. naming a person or place the sentence mentions ([`people`]);
//! 3. its sound key: a word that sounds the same across scripts and
//!    transliterations (`weyrother` finds Вейротер, `pierre` finds Пьер);
//! 4. a typo: from five letters one edit, from nine two (`kutusov`);
//! 5. fuzzily: its letters in order within a word ([`fuzzy`]).
//!
//! Each tier ranks below every match of the tiers above; lower tiers are
//! looked for in an account only while the higher ones have not filled its
//! list. Ties are broken by account, paragraph and sentence, so results
//! come in one order everywhere, and `--limit N` gives its first N.

pub mod build;
pub mod fuzzy;
pub mod people;
pub mod query;
pub mod side;

pub use query::{Query, Term};

use crate::lang::fold::Keyed;
use crate::lang::sound::{distance, typo_budget};
use crate::pair::Pair;
use crate::people::People;
use crate::text::{Account, Side};
use fuzzy::{Matcher, Skim, WindowCache, char_ranges, fuzzy_in_words};
use people::PersonKeys;
use query::Anchor;
use side::SideIndex;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

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

impl Hit {
    /// The span of the hit's sentence in its account's text.
    pub fn sentence_span(&self, pair: &Pair) -> Range<usize> {
        pair.account(self.side).paragraphs[self.paragraph].sentences[self.sentence]
            .span
            .clone()
    }
}

/// What a search found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Results {
    /// The results, in the order asked for.
    pub hits: Vec<Hit>,
    /// Matching sentences in each account.
    pub totals: [usize; 2],
    /// True for an account whose list filled up before every tier was
    /// looked at: its total is "at least".
    pub capped: [bool; 2],
}

/// The order of results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Best first; ties by account, paragraph, sentence (the command line).
    Ranked,
    /// Each account's best first, the two accounts taking turns (the
    /// reader's list, so both are in view).
    Interleaved,
}

/// Tier scores: every match of a tier outranks every match of the next.
const WHOLE_WORD: i64 = 6000;
const PERSON: i64 = 5500;
const WORD_PREFIX: i64 = 5000;
const SUBSTRING: i64 = 4000;
const SOUND_WORD: i64 = 3500;
const SOUND_PREFIX: i64 = 3000;
const TYPO: i64 = 2000;
/// Fuzzy matches score below this.
const FUZZY: i64 = 1000;

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

/// What one term matched in one account.
#[derive(Debug, Default)]
struct TermHits {
    /// Vocabulary words matched by sound or with a typo, with their score.
    words: HashMap<String, i64>,
    /// Entries the term names.
    persons: Vec<usize>,
}

impl SearchIndex {
    /// Folds every sentence of both accounts (in parallel).
    pub fn new(pair: &Pair) -> SearchIndex {
        SearchIndex::from_sides(Side::both(|side| SideIndex::new(pair.account(side))))
    }

    /// Search keys from each account's, built already ([`SideIndex::new`]).
    pub fn from_sides(sides: [SideIndex; 2]) -> SearchIndex {
        SearchIndex {
            sides,
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

    /// The search keys of `side`, sentence by sentence.
    pub fn side(&self, side: Side) -> &SideIndex {
        &self.sides[side.index()]
    }

    /// Both accounts' folded text.
    pub fn folded_both(&self) -> [&dyn Keyed; 2] {
        [self.side(Side::Left), self.side(Side::Right)]
    }

    /// The best `limit` sentences of both accounts for `query`, best first.
    pub fn search(&self, pair: &Pair, query: &str, limit: usize) -> Vec<Hit> {
        self.run(pair, query, limit, Order::Ranked, &|| true)
            .map(|r| r.hits)
            .unwrap_or_default()
    }

    /// The best `limit` sentences of each account in `order`, or `None`
    /// when `keep_going` says to stop (a newer query came).
    pub fn run(
        &self,
        pair: &Pair,
        query: &str,
        limit: usize,
        order: Order,
        keep_going: &(dyn Fn() -> bool + Sync),
    ) -> Option<Results> {
        let q = Query::parse(query);
        if q.is_empty() || limit == 0 {
            return Some(Results::default());
        }
        let per_side = Side::both(|side| self.side_results(pair, side, &q, limit, keep_going));
        let [l, r] = per_side;
        let (l, r) = (l?, r?);
        let totals = [l.1, r.1];
        let capped = [l.2, r.2];
        let mut hits: Vec<Hit> = Vec::with_capacity(limit);
        match order {
            Order::Ranked => {
                hits.extend(l.0);
                hits.extend(r.0);
                hits.sort_by(|a, b| {
                    b.score
                        .cmp(&a.score)
                        .then(a.side.cmp(&b.side))
                        .then(a.paragraph.cmp(&b.paragraph))
                        .then(a.sentence.cmp(&b.sentence))
                });
                hits.truncate(limit);
            }
            Order::Interleaved => {
                let (mut a, mut b) = (l.0.into_iter(), r.0.into_iter());
                while hits.len() < limit {
                    match (a.next(), b.next()) {
                        (None, None) => break,
                        (x, y) => hits.extend(x.into_iter().chain(y)),
                    }
                }
                hits.truncate(limit);
            }
        }
        Some(Results {
            hits,
            totals,
            capped,
        })
    }

    /// One account's best `limit` hits (best first), its total, and
    /// whether the list filled before every tier was looked at.
    fn side_results(
        &self,
        pair: &Pair,
        side: Side,
        q: &Query,
        limit: usize,
        keep_going: &(dyn Fn() -> bool + Sync),
    ) -> Option<(Vec<Hit>, usize, bool)> {
        let index = &self.sides[side.index()];
        let account = pair.account(side);
        let n = index.sentences.len();
        let mut groups: Vec<Vec<i64>> = Vec::with_capacity(q.groups.len());
        let mut hits: Vec<Vec<TermHits>> = Vec::with_capacity(q.groups.len());
        for g in &q.groups {
            let mut scores = literal_group(index, g);
            let th = g
                .iter()
                .map(|t| self.person_pass(index, account, side, t, &mut scores))
                .collect();
            groups.push(scores);
            hits.push(th);
        }
        if !keep_going() {
            return None;
        }
        let excluded = excluded(index, q);
        let mut combined = combine(&groups, &excluded);
        let loose = q.groups.iter().flatten().any(|t| !t.exact);
        let mut capped = combined.len() >= limit;
        if !capped && loose {
            let vocab = index.vocab();
            for (g, group) in q.groups.iter().enumerate() {
                for (ti, t) in group.iter().enumerate().filter(|(_, t)| !t.exact) {
                    for (id, score) in sound_and_typos(vocab, t) {
                        for &s in vocab.postings(id) {
                            let s = s as usize;
                            groups[g][s] = groups[g][s].max(score);
                        }
                        hits[g][ti].words.insert(vocab.word(id).to_string(), score);
                    }
                }
            }
            if !keep_going() {
                return None;
            }
            combined = combine(&groups, &excluded);
            capped = combined.len() >= limit;
        }
        let mut cache = WindowCache::new();
        if !capped && loose {
            // Fuzzy: sentences where every group matches, some fuzzily. A
            // term that must match within one word is looked up in the
            // vocabulary; a long one, in the windows of each sentence.
            let vocab = index.vocab();
            let mut fuzzy_scores: Vec<Vec<i64>> = Vec::with_capacity(q.groups.len());
            // For each group with a long term, the sentences worth trying.
            let mut long_terms: Vec<Option<Vec<bool>>> = Vec::with_capacity(q.groups.len());
            for group in &q.groups {
                let mut f = vec![0i64; n];
                let mut long: Option<Vec<bool>> = None;
                for t in group.iter().filter(|t| !t.exact) {
                    if fuzzy::max_fuzzy_words(t.key.chars().count()) > 1 {
                        let worth = long.get_or_insert_with(|| vec![false; n]);
                        for id in long_fuzzy_words(vocab, t) {
                            for &s in vocab.postings(id) {
                                worth[s as usize] = true;
                            }
                        }
                        continue;
                    }
                    for (id, score) in fuzzy_words(vocab, t, self.matcher.as_ref()) {
                        for &s in vocab.postings(id) {
                            let s = s as usize;
                            f[s] = f[s].max(score);
                        }
                    }
                }
                fuzzy_scores.push(f);
                long_terms.push(long);
            }
            if !keep_going() {
                return None;
            }
            for (s, &out) in excluded.iter().enumerate() {
                if out || groups.iter().all(|g| g[s] > 0) {
                    continue;
                }
                if s % 4096 == 0 && !keep_going() {
                    return None;
                }
                let mut total = 0;
                let mut ok = true;
                for (gi, group) in q.groups.iter().enumerate() {
                    if groups[gi][s] > 0 {
                        total += groups[gi][s];
                        continue;
                    }
                    let mut best = (fuzzy_scores[gi][s] > 0).then_some(fuzzy_scores[gi][s]);
                    if long_terms[gi].as_ref().is_some_and(|w| w[s]) {
                        let key = index.key(s);
                        let long = group
                            .iter()
                            .enumerate()
                            .filter(|(_, t)| {
                                !t.exact && fuzzy::max_fuzzy_words(t.key.chars().count()) > 1
                            })
                            .filter_map(|(ti, t)| {
                                fuzzy_in_words(
                                    self.matcher.as_ref(),
                                    key,
                                    gi * 64 + ti,
                                    &t.key,
                                    &mut cache,
                                )
                                .map(|(score, _)| score.min(FUZZY - 1))
                            })
                            .max();
                        best = best.max(long);
                    }
                    match best {
                        Some(b) => total += b,
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    combined.push((total, s));
                }
            }
        }
        let total = combined.len();
        let short_first = |s: usize| {
            let k = &index.sentences[s];
            (((k.end - k.start) / 64) as i64).min(99)
        };
        let mut ranked: Vec<(i64, usize)> = combined
            .into_iter()
            .map(|(score, s)| (score - short_first(s), s))
            .collect();
        let by_rank = |a: &(i64, usize), b: &(i64, usize)| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
        if ranked.len() > limit {
            ranked.select_nth_unstable_by(limit, by_rank);
            ranked.truncate(limit);
        }
        ranked.sort_by(by_rank);
        let out = ranked
            .into_iter()
            .map(|(score, s)| self.hit(account, side, index, s, score, q, &hits, &mut cache))
            .collect();
        Some((out, total, capped))
    }

    /// Scores the sentences mentioning the entries `t` names.
    fn person_pass(
        &self,
        index: &SideIndex,
        account: &Account,
        side: Side,
        t: &Term,
        scores: &mut [i64],
    ) -> TermHits {
        let mut th = TermHits::default();
        let Some((people, keys)) = &self.people else {
            return th;
        };
        if t.anchor != Anchor::Free && t.anchor != Anchor::Word {
            return th;
        }
        th.persons = keys.naming(t);
        for &p in &th.persons {
            for m in &people.persons[p].mentions[side.index()] {
                if let Some(s) = index.sentence_at(account, m.span.start) {
                    scores[s] = scores[s].max(PERSON);
                }
            }
        }
        th
    }

    /// The hit for sentence `s`, with every match's span.
    #[allow(clippy::too_many_arguments)]
    fn hit<'k>(
        &'k self,
        account: &Account,
        side: Side,
        index: &'k SideIndex,
        s: usize,
        score: i64,
        q: &Query,
        hits: &[Vec<TermHits>],
        cache: &mut WindowCache<'k>,
    ) -> Hit {
        let k = index.sentences[s];
        let key = index.key(s);
        let sentence_span = account.paragraphs[k.paragraph as usize].sentences[k.sentence as usize]
            .span
            .clone();
        let mut key_ranges: Vec<Range<usize>> = Vec::new();
        let mut spans: Vec<Range<usize>> = Vec::new();
        let mut person = None;
        for (gi, group) in q.groups.iter().enumerate() {
            let before = key_ranges.len() + spans.len();
            for (ti, t) in group.iter().enumerate() {
                for (i, _) in key.match_indices(t.key.as_str()) {
                    if t.sits(key, i, i + t.key.len()) {
                        key_ranges.push(i..i + t.key.len());
                    }
                }
                let th = &hits[gi][ti];
                if !th.words.is_empty() {
                    for w in crate::lang::fold::key_words(key) {
                        if th.words.contains_key(&key[w.clone()]) {
                            key_ranges.push(w);
                        }
                    }
                }
                if let Some((people, _)) = &self.people {
                    for &p in &th.persons {
                        for m in &people.persons[p].mentions[side.index()] {
                            if m.span.start >= sentence_span.start
                                && m.span.end <= sentence_span.end
                            {
                                spans.push(m.span.clone());
                                person.get_or_insert_with(|| people.persons[p].id.clone());
                            }
                        }
                    }
                }
            }
            if key_ranges.len() + spans.len() == before {
                // Matched fuzzily: the letters matched.
                let best = group
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| !t.exact)
                    .filter_map(|(ti, t)| {
                        fuzzy_in_words(self.matcher.as_ref(), key, gi * 64 + ti, &t.key, cache)
                    })
                    .max_by_key(|(score, _)| *score);
                if let Some((_, idx)) = best {
                    key_ranges.extend(char_ranges(key, &idx));
                }
            }
        }
        if !key_ranges.is_empty() {
            // Back to the text through the sentence's map, folded again.
            let map = index.refold(&account.text, s).map;
            for r in key_ranges.into_iter().filter(|r| !r.is_empty()) {
                let start = map.get(r.start) as usize;
                let last = map.get(r.end - 1) as usize;
                spans.push(start..grapheme_end(&account.text, last, sentence_span.end));
            }
        }
        Hit {
            side,
            paragraph: k.paragraph as usize,
            sentence: k.sentence as usize,
            score,
            matches: merge_ranges(spans),
            person,
        }
    }
}

/// Scores every sentence where `t` occurs in the folded key (where its
/// anchor allows): a whole word above a word's start above inside a word,
/// and a little for each further occurrence.
fn literal(index: &SideIndex, t: &Term, scores: &mut [i64]) {
    let key = index.key.as_str();
    let finder = memchr::memmem::Finder::new(t.key.as_bytes());
    let mut s = 0;
    let mut last: Option<usize> = None;
    let mut extra = 0i64;
    for pos in finder.find_iter(key.as_bytes()) {
        while s < index.sentences.len() && (index.sentences[s].end as usize) < pos {
            s += 1;
        }
        if s >= index.sentences.len() {
            break;
        }
        let end = pos + t.key.len();
        if !t.sits(key, pos, end) {
            continue;
        }
        let tier = match crate::lang::fold::word_edges(key, pos, end) {
            (true, true) => WHOLE_WORD,
            (true, false) => WORD_PREFIX,
            _ => SUBSTRING,
        };
        if last == Some(s) {
            extra = (extra + 10).min(100);
        } else {
            extra = 0;
            last = Some(s);
        }
        let score = tier + t.key.len() as i64 + extra;
        scores[s] = scores[s].max(score);
    }
}

/// A word as the edit distance reads it: its bytes when ASCII (most folded
/// words), else its characters.
enum Letters<'a> {
    Bytes(&'a [u8]),
    Chars(Vec<char>),
}

impl<'a> Letters<'a> {
    fn of(word: &'a str) -> Letters<'a> {
        if word.is_ascii() {
            Letters::Bytes(word.as_bytes())
        } else {
            Letters::Chars(word.chars().collect())
        }
    }

    /// The edit distance to `other` (its first `prefix` letters when
    /// given) is at most `max`.
    fn within(&self, other: &str, prefix: Option<usize>, max: usize) -> bool {
        match self {
            Letters::Bytes(a) if other.is_ascii() => {
                let b = other.as_bytes();
                let b = prefix.map_or(b, |n| &b[..n.min(b.len())]);
                distance(a, b, max).is_some()
            }
            _ => {
                let a: Vec<char> = match self {
                    Letters::Bytes(a) => a.iter().map(|&b| char::from(b)).collect(),
                    Letters::Chars(c) => c.clone(),
                };
                let b: Vec<char> = other.chars().take(prefix.unwrap_or(usize::MAX)).collect();
                distance(&a, &b, max).is_some()
            }
        }
    }
}

/// The vocabulary words `t` matches by sound or with a typo (not those it
/// holds as written: the literal tier found them), with their scores.
/// Cheap tests on lengths and letter sets come first: most of the
/// vocabulary is never compared letter by letter.
fn sound_and_typos(vocab: &side::Vocab, t: &Term) -> Vec<(usize, i64)> {
    let mut out = Vec::new();
    let term = Letters::of(&t.key);
    let term_len = usize::from(side::char_len(&t.key));
    let term_mask = side::letter_mask(&t.key);
    let term_bare_str = side::bare(&t.key);
    let term_bare = Letters::of(term_bare_str);
    let bare_len = usize::from(side::char_len(term_bare_str));
    let bare_mask = side::letter_mask(term_bare_str);
    let budget = typo_budget(term_len);
    let sound_ok = t.sound.chars().count() >= 3;
    let first_two: Vec<char> = t.key.chars().take(2).collect();
    let near = |a: u32, b: u32, k: usize| ((a ^ b).count_ones() as usize) <= 2 * k;
    for (id, word) in vocab.words() {
        let sound = vocab.sound(id);
        let score = if sound_ok && sound == t.sound {
            Some(SOUND_WORD)
        } else if sound_ok
            && sound.starts_with(t.sound.as_str())
            && (t.sound.len() >= 5 || sound.len() - t.sound.len() <= 3)
        {
            Some(SOUND_PREFIX)
        } else if budget > 0 {
            let len = usize::from(vocab.lens[id]);
            let whole = len.abs_diff(term_len) <= budget
                && near(term_mask, vocab.masks[id], budget)
                && term.within(word, None, budget);
            // A longer word whose start is the term with one typo: its
            // first two letters hold one of the term's first two.
            let start = || {
                let mut w = word.chars();
                let (a, b) = (w.next(), w.next());
                term_len >= 6
                    && len > term_len
                    && len <= term_len + 4
                    && [a, b].iter().flatten().any(|c| first_two.contains(c))
                    && term.within(word, Some(term_len), budget.min(1))
            };
            let stems = || {
                bare_len >= 4
                    && usize::from(vocab.bare_lens[id]).abs_diff(bare_len) <= budget
                    && near(bare_mask, vocab.bare_masks[id], budget)
                    && term_bare.within(vocab.bare(id), None, budget)
            };
            (whole || start() || stems()).then_some(TYPO)
        } else {
            None
        };
        if let Some(s) = score
            && !word.contains(t.key.as_str())
        {
            out.push((id, s + t.key.len() as i64));
        }
    }
    out
}

/// The vocabulary words holding `t`'s letters in order from their first
/// letter, scored by the fuzzy matcher at least [`fuzzy::min_fuzzy_score`]:
/// the fuzzy tier of a term that must match within one word, looked up
/// once per distinct word instead of in every sentence.
fn fuzzy_words(vocab: &side::Vocab, t: &Term, matcher: &dyn Matcher) -> Vec<(usize, i64)> {
    let Some(first) = t.key.chars().next() else {
        return Vec::new();
    };
    let len = usize::from(side::char_len(&t.key));
    let mask = side::letter_mask(&t.key);
    let min = fuzzy::min_fuzzy_score(len);
    vocab
        .words()
        .filter(|(id, w)| {
            usize::from(vocab.lens[*id]) >= len
                && mask & !vocab.masks[*id] == 0
                && w.starts_with(first)
                && fuzzy::is_subsequence(&t.key, w)
        })
        .filter_map(|(id, w)| {
            let (score, _) = matcher.fuzzy(w, &t.key)?;
            (score >= min).then_some((id, score.min(FUZZY - 1)))
        })
        .collect()
}

/// The vocabulary words that may hold part of a long term's fuzzy match.
/// A match over k words splits the term into k runs, one a word; cut the
/// term into k equal parts and some run holds a whole part (else every
/// part would hold one of only k − 1 cuts). So a sentence whose words
/// hold no part of the term, in order, cannot match it.
fn long_fuzzy_words(vocab: &side::Vocab, t: &Term) -> Vec<usize> {
    let chars: Vec<char> = t.key.chars().filter(|c| c.is_alphanumeric()).collect();
    let words = fuzzy::max_fuzzy_words(t.key.chars().count());
    let part = chars.len().div_ceil(words).max(1);
    let parts: Vec<String> = chars.chunks(part).map(|c| c.iter().collect()).collect();
    let shortest = parts.iter().map(|p| p.chars().count()).min().unwrap_or(0);
    vocab
        .words()
        .filter(|(id, w)| {
            usize::from(vocab.lens[*id]) >= shortest
                && parts.iter().any(|p| fuzzy::is_subsequence(p, w))
        })
        .map(|(id, _)| id)
        .collect()
}

/// Each sentence's best literal score for any term of `group` (0: none).
fn literal_group(index: &SideIndex, group: &[Term]) -> Vec<i64> {
    let mut scores = vec![0i64; index.sentences.len()];
    for t in group {
        literal(index, t, &mut scores);
    }
    scores
}

/// The sentences holding a term `q` excludes (`!term`).
fn excluded(index: &SideIndex, q: &Query) -> Vec<bool> {
    let mut excluded = vec![false; index.sentences.len()];
    for t in &q.excluded {
        let mut s = vec![0i64; excluded.len()];
        literal(index, t, &mut s);
        for (e, s) in excluded.iter_mut().zip(s) {
            *e |= s > 0;
        }
    }
    excluded
}

/// True when finding `limit` results for `query` in one account may need
/// its vocabulary: a term is not exact, and the query as written, with
/// the sentences in `mentioned` (which mention someone the query names),
/// does not fill the list. `diptych search` then builds the vocabulary on
/// the account's own thread, as soon as its keys are folded. (Mentions
/// count only for a query of one group, where they surely match; at worst
/// the vocabulary is built and not used, or built later by the search.)
pub fn may_need_vocab(index: &SideIndex, query: &str, limit: usize, mentioned: &[usize]) -> bool {
    let q = Query::parse(query);
    if q.is_empty() || limit == 0 || q.groups.iter().flatten().all(|t| t.exact) {
        return false;
    }
    let mut groups: Vec<Vec<i64>> = q.groups.iter().map(|g| literal_group(index, g)).collect();
    if let [only] = groups.as_mut_slice() {
        for &s in mentioned {
            if let Some(score) = only.get_mut(s) {
                *score = (*score).max(PERSON);
            }
        }
    }
    combine(&groups, &excluded(index, &q)).len() < limit
}

/// The sentences where every group matches and no exclusion does, with
/// the sum of their groups' scores.
fn combine(groups: &[Vec<i64>], excluded: &[bool]) -> Vec<(i64, usize)> {
    (0..excluded.len())
        .filter(|&s| !excluded[s] && groups.iter().all(|g| g[s] > 0))
        .map(|s| (groups.iter().map(|g| g[s]).sum(), s))
        .collect()
}

/// The entries of `people` a term of `query` names (by any name or form,
/// as the person tier reads it), in order: `diptych search` looks in the
/// texts for the mentions of these alone.
pub fn named(query: &str, people: &People) -> Vec<usize> {
    let keys = PersonKeys::new(people);
    let q = Query::parse(query);
    let mut named: Vec<usize> = q
        .groups
        .iter()
        .flatten()
        .filter(|t| matches!(t.anchor, Anchor::Free | Anchor::Word))
        .flat_map(|t| keys.naming(t))
        .collect();
    named.sort_unstable();
    named.dedup();
    named
}

/// Sorted, overlapping and touching ranges merged into one.
pub fn merge_ranges(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut out: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match out.last_mut() {
            Some(prev) if prev.end >= r.start => prev.end = prev.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

/// The end of the grapheme that starts at (or contains) byte `at`, not past `limit`.
pub fn grapheme_end(text: &str, at: usize, limit: usize) -> usize {
    use unicode_segmentation::UnicodeSegmentation;
    let rest = &text[at..limit.max(at)];
    at + rest.graphemes(true).next().map_or(0, str::len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Meta;

    fn pair(left: &str, right: &str) -> Pair {
        Pair::from_texts(
            [Meta::named("l"), Meta::named("r")],
            [left.into(), right.into()],
        )
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
        let words: Vec<&str> = hits.iter().flat_map(|h| found(&p, h)).collect();
        assert!(words.iter().any(|w| w.starts_with("Париж")), "{words:?}");
        assert!(words.iter().any(|w| w.starts_with("Paríž")), "{words:?}");
        let hits = idx.search(&p, "kolenkur", 100);
        assert!(found(&p, &hits[0])[0].starts_with("Коленкур"));
    }

    #[test]
    fn tiers_rank_word_prefix_substring_sound_typo_fuzzy() {
        let p = pair(
            "Kde je mier. Mierové rokovania. Zmierenie bola. Pierre prišiel. Mierx tu. Mxixexr tu bol.",
            "x.",
        );
        let idx = SearchIndex::new(&p);
        let hits = idx.search(&p, "mier", 10);
        let order: Vec<usize> = hits.iter().map(|h| h.sentence).collect();
        assert_eq!(
            &order[..4],
            [0, 1, 4, 2],
            "word, prefixes, substring: {hits:?}"
        );
        assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));
        let p = pair(
            "Вейротер пришел. Кутузов ждал.",
            "Weyrother came. Kutúzov waited.",
        );
        let idx = SearchIndex::new(&p);
        for q in ["weyrother", "Вейротер", "kutusov", "kutuzov"] {
            let hits = idx.search(&p, q, 10);
            let sides: Vec<Side> = hits.iter().map(|h| h.side).collect();
            assert!(
                sides.contains(&Side::Left) && sides.contains(&Side::Right),
                "{q}: {hits:?}"
            );
        }
    }

    #[test]
    fn fzf_operators() {
        let p = pair(
            "Napoleon v Paríži. Napoleon na Elbe. Paríž bez neho. Separ.",
            "x.",
        );
        let idx = SearchIndex::new(&p);
        let s =
            |q: &str| -> Vec<usize> { idx.search(&p, q, 10).iter().map(|h| h.sentence).collect() };
        assert_eq!(s("napoleon pariz"), [0]);
        assert_eq!(s("'elbe"), [1]);
        assert!(s("'elbx").is_empty());
        assert_eq!(s("^par"), [0, 2]);
        assert_eq!(s("par$").len(), 1, "{:?}", s("par$"));
        assert_eq!(s("napoleon !elbe"), [0]);
        let mut either = s("elbe | separ");
        either.sort_unstable();
        assert_eq!(either, [1, 3]);
    }

    #[test]
    fn ties_keep_one_order_under_any_limit() {
        let p = pair(&"Paríž. ".repeat(20), &"Париж. ".repeat(20));
        let idx = SearchIndex::new(&p);
        let all = idx.search(&p, "pariz", 100);
        for limit in [1, 3, 10, 25] {
            assert_eq!(idx.search(&p, "pariz", limit), all[..limit]);
        }
    }

    #[test]
    fn interleaved_shows_both_accounts() {
        let p = pair(&"Pierre came. ".repeat(30), "Пьер пришел.");
        let idx = SearchIndex::new(&p);
        let r = idx
            .run(&p, "pierre", 10, Order::Interleaved, &|| true)
            .expect("ran");
        assert_eq!(r.hits[1].side, Side::Right, "{:?}", r.hits);
        assert_eq!(r.totals, [30, 1]);
        assert!(r.capped[0]);
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
