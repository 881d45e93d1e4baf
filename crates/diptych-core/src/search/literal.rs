//! The literal tier: a term's folded letters as written, a whole word
//! above a word's start above inside a word.

use super::Term;
use super::query::Query;
use super::scores::{SUBSTRING, WHOLE_WORD, WORD_PREFIX};
use super::side::SideIndex;

/// Scores every sentence where `t` occurs in the folded key (where its
/// anchor allows): a whole word above a word's start above inside a word,
/// and a little for each further occurrence.
pub(super) fn literal(index: &SideIndex, t: &Term, scores: &mut [i64]) {
    let key = index.key.as_str();
    let finder = memchr::memmem::Finder::new(t.key.as_bytes());
    let mut s = 0;
    let mut last: Option<usize> = None;
    let mut extra = 0i64;
    for pos in finder.find_iter(key.as_bytes()) {
        while s < index.sentences.len() && index.key_end(s) < pos {
            s += 1;
        }
        if s >= index.sentences.len() {
            break;
        }
        let end = pos + t.key.len();
        if !t.sits(key, pos, end, index.endings) {
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

/// Each sentence's best literal score for any term of `group` (0: none).
pub(super) fn literal_group(index: &SideIndex, group: &[Term]) -> Vec<i64> {
    let mut scores = vec![0i64; index.sentences.len()];
    for t in group {
        literal(index, t, &mut scores);
    }
    scores
}

/// The sentences holding a term `q` excludes (`!term`).
pub(super) fn excluded(index: &SideIndex, q: &Query) -> Vec<bool> {
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
