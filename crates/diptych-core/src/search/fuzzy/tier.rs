//! The fuzzy tier: sentences where every group matches, some of them only
//! fuzzily. A term that must match within one word is looked up in the
//! vocabulary once per distinct word; a long one, in the windows of words
//! of the sentences that may hold it.

use super::{
    MAX_FUZZY_WORD, Matcher, WindowCache, fuzzy_in_words, is_subsequence, max_fuzzy_words,
    min_fuzzy_score,
};
use crate::search::Term;
use crate::search::query::Query;
use crate::search::scores::{FUZZY, Scores};
use crate::search::side::{SideIndex, Vocab, char_len, letter_mask};

/// The sentences of `index` that match `q` once fuzzy matches count, and
/// that the tiers above did not all match, with their summed scores;
/// `None` when `keep_going` says to stop.
pub(in crate::search) fn tier<'k>(
    index: &'k SideIndex,
    q: &Query,
    scores: &Scores,
    matcher: &dyn Matcher,
    cache: &mut WindowCache<'k>,
    keep_going: &(dyn Fn() -> bool + Sync),
) -> Option<Vec<(i64, usize)>> {
    let groups = &scores.groups;
    let mut found = Vec::new();
    let (fuzzy_scores, long_terms) = per_group(index, q, matcher);
    if !keep_going() {
        return None;
    }
    for (s, &out) in scores.excluded.iter().enumerate() {
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
                    .filter(|(_, t)| t.fuzzy() && max_fuzzy_words(t.key.chars().count()) > 1)
                    .filter_map(|(ti, t)| {
                        fuzzy_in_words(matcher, key, gi * 64 + ti, &t.key, cache)
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
            found.push((total, s));
        }
    }
    Some(found)
}

/// For each group of `q`: each sentence's best fuzzy score of a term that
/// must match within one word, and, where the group has a long term, the
/// sentences whose words may hold it.
#[allow(clippy::type_complexity)]
fn per_group(
    index: &SideIndex,
    q: &Query,
    matcher: &dyn Matcher,
) -> (Vec<Vec<i64>>, Vec<Option<Vec<bool>>>) {
    let vocab = index.vocab();
    let n = index.sentences.len();
    let mut fuzzy_scores: Vec<Vec<i64>> = Vec::with_capacity(q.groups.len());
    // For each group with a long term, the sentences worth trying.
    let mut long_terms: Vec<Option<Vec<bool>>> = Vec::with_capacity(q.groups.len());
    for group in &q.groups {
        let mut f = vec![0i64; n];
        let mut long: Option<Vec<bool>> = None;
        for t in group.iter().filter(|t| t.fuzzy()) {
            if max_fuzzy_words(t.key.chars().count()) > 1 {
                let worth = long.get_or_insert_with(|| vec![false; n]);
                for id in long_fuzzy_words(vocab, t) {
                    for &s in vocab.postings(id) {
                        worth[s as usize] = true;
                    }
                }
                continue;
            }
            for (id, score) in fuzzy_words(vocab, t, matcher) {
                for &s in vocab.postings(id) {
                    let s = s as usize;
                    f[s] = f[s].max(score);
                }
            }
        }
        fuzzy_scores.push(f);
        long_terms.push(long);
    }
    (fuzzy_scores, long_terms)
}

/// The vocabulary words holding `t`'s letters in order from their first
/// letter, scored by the fuzzy matcher at least [`min_fuzzy_score`]:
/// the fuzzy tier of a term that must match within one word, looked up
/// once per distinct word instead of in every sentence.
fn fuzzy_words(vocab: &Vocab, t: &Term, matcher: &dyn Matcher) -> Vec<(usize, i64)> {
    let Some(first) = t.key.chars().next() else {
        return Vec::new();
    };
    let len = usize::from(char_len(&t.key));
    let mask = letter_mask(&t.key);
    let min = min_fuzzy_score(len);
    vocab
        .words()
        .filter(|(id, w)| {
            usize::from(vocab.lens[*id]) >= len
                && w.len() <= MAX_FUZZY_WORD
                && mask & !vocab.masks[*id] == 0
                && w.starts_with(first)
                && is_subsequence(&t.key, w)
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
fn long_fuzzy_words(vocab: &Vocab, t: &Term) -> Vec<usize> {
    let chars: Vec<char> = t.key.chars().filter(|c| c.is_alphanumeric()).collect();
    let words = max_fuzzy_words(t.key.chars().count());
    let part = chars.len().div_ceil(words).max(1);
    let parts: Vec<String> = chars.chunks(part).map(|c| c.iter().collect()).collect();
    let shortest = parts.iter().map(|p| p.chars().count()).min().unwrap_or(0);
    vocab
        .words()
        .filter(|(id, w)| {
            usize::from(vocab.lens[*id]) >= shortest && parts.iter().any(|p| is_subsequence(p, w))
        })
        .map(|(id, _)| id)
        .collect()
}
