//! Ranking: one account's matches best first (a shorter sentence a little
//! before a longer one of the same score), its first `limit` chosen without
//! sorting the rest, and the two accounts' lists merged in the order asked.

use super::side::SideIndex;
use super::{Hit, Order};

/// The best `limit` of `combined` (score, sentence), best first; ties by
/// sentence, so one order comes under any limit.
pub(super) fn best(
    index: &SideIndex,
    combined: Vec<(i64, usize)>,
    limit: usize,
) -> Vec<(i64, usize)> {
    let short_first = |s: usize| ((index.key(s).len() / 64) as i64).min(99);
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
    ranked
}

/// The two accounts' best-first lists as one of at most `limit` hits.
pub(super) fn merge(left: Vec<Hit>, right: Vec<Hit>, order: Order, limit: usize) -> Vec<Hit> {
    // Never sized by `limit`, which a user gives: by what was found.
    let mut hits: Vec<Hit> = Vec::with_capacity((left.len() + right.len()).min(limit));
    match order {
        Order::Ranked => {
            hits.extend(left);
            hits.extend(right);
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
            let (mut a, mut b) = (left.into_iter(), right.into_iter());
            while hits.len() < limit {
                match (a.next(), b.next()) {
                    (None, None) => break,
                    (x, y) => hits.extend(x.into_iter().chain(y)),
                }
            }
            hits.truncate(limit);
        }
    }
    hits
}
