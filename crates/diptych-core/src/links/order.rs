//! The order two narratives share, when they share one: two accounts of
//! the same events mostly tell them in the same order, at different grain
//! (one long paragraph against a run of short ones), with skips where one
//! tells what the other does not. Whether this pair does is decided from
//! its own links, as the translation decision is.
//!
//! The path is the heaviest chain of links rising on both sides (never
//! falling, so one paragraph may pair with a run): a dynamic programme over
//! the score matrix where only the cells with a link count, run over the
//! links alone (a Fenwick tree, n log n: the whole matrix of two 5 MB books
//! would be 45 M cells). A link weighs its score times the share it has of
//! the best link either of its paragraphs has, so a paragraph that shares a
//! name with every other pulls no path its way. The pair follows an order
//! when its chain is clearly heavier than the chains of the same links with
//! one account's paragraphs shuffled (the bundled 1814 and 1815 tell
//! different episodes: theirs is not, and their links stay as they are).
//!
//! Where it does, each paragraph's counterpart is found on the course of
//! events ([`super::course`]), which may also jump and turn back.

use super::Link;
use super::prefix_max::PrefixMax;
use crate::text::Side;
use thin_vec::ThinVec;

/// Shuffles the chain is weighed against.
const SHUFFLES: u64 = 8;
/// How much heavier than the heaviest shuffled chain the pair's must be.
const CHANCE: f64 = 1.1;

/// The path, when the pair follows one: anchors (left, right paragraph)
/// rising on both sides, in order.
pub fn path(links: &[Vec<ThinVec<Link>>; 2]) -> Option<Vec<(usize, usize)>> {
    let points = weighed(links);
    if points.len() < 4 {
        return None;
    }
    let (weight, chain) = heaviest_rising(&points);
    // The right paragraphs the links reach, shuffled among themselves by a
    // fixed generator (the same pair always decides the same way).
    let mut rights: Vec<usize> = points.iter().map(|p| p.1).collect();
    rights.sort_unstable();
    rights.dedup();
    // Each reached right paragraph's place among them, looked up rather
    // than searched for in every shuffle.
    let mut place = vec![0usize; rights.last().map_or(0, |&r| r + 1)];
    for (k, &r) in rights.iter().enumerate() {
        place[r] = k;
    }
    let shuffled = |round: u64| -> f64 {
        let mut to = rights.clone();
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64.wrapping_mul(round + 1);
        for i in (1..to.len()).rev() {
            // A splitmix64 step: a shuffle needs no crate.
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            to.swap(i, (z % (i as u64 + 1)) as usize);
        }
        let mut moved: Vec<(usize, usize, f64)> = points
            .iter()
            .map(|&(l, r, w)| (l, to[place[r]], w))
            .collect();
        // Still in order of left paragraphs: only each one's run needs
        // sorting by its moved right paragraphs (a sort of the whole was
        // most of a shuffle's time).
        for run in moved.chunk_by_mut(|a, b| a.0 == b.0) {
            run.sort_unstable_by_key(|a| a.1);
        }
        heaviest_rising(&moved).0
    };
    // Half the shuffles on a second thread (a book's take a quarter of a
    // second); the best of them is the same in any order.
    let best_of = |rounds: std::ops::Range<u64>| rounds.map(shuffled).fold(0.0, f64::max);
    let half = SHUFFLES / 2;
    let (first, later) = crate::text::join(|| best_of(0..half), || best_of(half..SHUFFLES));
    let shuffled_best = first.max(later);
    (chain.len() >= 4 && weight > CHANCE * shuffled_best).then_some(chain)
}

/// Every link across as a point (left, right, weight), sorted; a pair
/// linked from both sides counts once, with its better score.
pub(super) fn cells(links: &[Vec<ThinVec<Link>>; 2]) -> Vec<(usize, usize, f64)> {
    let mut points: Vec<(usize, usize, f64)> = Vec::new();
    for side in Side::BOTH {
        for (p, ls) in links[side.index()].iter().enumerate() {
            for l in ls.iter().filter(|l| l.to.side != side && l.score > 0.0) {
                let q = l.to.paragraph;
                points.push(match side {
                    Side::Left => (p, q, l.score),
                    Side::Right => (q, p, l.score),
                });
            }
        }
    }
    points.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)).then(b.2.total_cmp(&a.2)));
    points.dedup_by(|a, b| (a.0, a.1) == (b.0, b.1));
    points
}

/// The points of [`cells`], each weighed by the share it has of the best
/// link either of its paragraphs has.
fn weighed(links: &[Vec<ThinVec<Link>>; 2]) -> Vec<(usize, usize, f64)> {
    let mut points = cells(links);
    // Each paragraph's best link across.
    let best = |k: usize, p: usize| -> f64 {
        links[k]
            .get(p)
            .and_then(|ls| {
                ls.iter()
                    .filter(|l| l.to.side.index() != k)
                    .map(|l| l.score)
                    .reduce(f64::max)
            })
            .unwrap_or(0.0)
    };
    for point in &mut points {
        let most = best(0, point.0).max(best(1, point.1)).max(point.2);
        point.2 *= point.2 / most;
    }
    points
}

/// Where paragraph `p` of `side` is expected in the other account: between
/// the path's anchors around it, in proportion (none outside the path).
pub(super) fn expected(path: &[(usize, usize)], side: Side, p: usize) -> Option<f64> {
    let flip = side == Side::Right;
    let mine = |a: &(usize, usize)| if flip { a.1 } else { a.0 };
    let theirs = |a: &(usize, usize)| if flip { a.0 } else { a.1 };
    // The path rises on both sides, so it is sorted by either.
    let at = path.partition_point(|a| mine(a) < p);
    let after = path.get(at)?;
    if mine(after) == p {
        return Some(theirs(after) as f64);
    }
    let before = path.get(at.checked_sub(1)?)?;
    let span = (mine(after) - mine(before)) as f64;
    let t = (p - mine(before)) as f64 / span;
    Some(theirs(before) as f64 + t * (theirs(after) as f64 - theirs(before) as f64))
}

/// The chain of `points` (left, right, weight; sorted by left, then right)
/// never falling on either side, of the greatest total weight, and that
/// weight: a Fenwick tree of the best chain ending at each right paragraph.
fn heaviest_rising(points: &[(usize, usize, f64)]) -> (f64, Vec<(usize, usize)>) {
    let size = points.iter().map(|p| p.1 + 1).max().unwrap_or(0);
    // The best (weight, point) ending at each right paragraph.
    let mut tree = PrefixMax::new(size);
    let mut back: Vec<Option<usize>> = vec![None; points.len()];
    let mut best_end: (f64, Option<usize>) = (0.0, None);
    for (j, &(_, r, w)) in points.iter().enumerate() {
        // Every point before in this order has a left paragraph no later;
        // those ending at a right paragraph no later chain with it.
        let before = Some(tree.below(r + 1))
            .filter(|b| b.0 > 0.0)
            .unwrap_or((0.0, None));
        back[j] = before.1;
        let total = before.0 + w;
        if total > 0.0 {
            tree.raise(r, total, j);
        }
        if total > best_end.0 {
            best_end = (total, Some(j));
        }
    }
    let mut chain = Vec::new();
    let mut at = best_end.1;
    while let Some(x) = at {
        chain.push((points[x].0, points[x].1));
        at = back[x];
    }
    chain.reverse();
    (best_end.0, chain)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::links::ParaRef;

    /// A link to paragraph `q` of `side` with `score`, for tests.
    fn link(side: Side, q: usize, score: f64) -> Link {
        Link {
            to: ParaRef { side, paragraph: q },
            score,
            shared: Vec::new(),
            aligned: false,
            in_order: false,
        }
    }

    #[test]
    fn the_heaviest_chain_never_falls_and_may_pair_one_with_a_run() {
        let points = [
            (0, 0, 1.0),
            (1, 5, 0.2),
            (2, 1, 1.0),
            (2, 2, 1.0),
            (3, 2, 1.0),
            (4, 3, 1.0),
        ];
        assert_eq!(
            heaviest_rising(&points).1,
            vec![(0, 0), (2, 1), (2, 2), (3, 2), (4, 3)]
        );
    }

    #[test]
    fn a_pair_in_order_has_a_path_and_a_shuffled_one_has_none() {
        // Forty paragraphs whose links follow the diagonal, one paragraph
        // whose best link is far off it, and one with no link at all.
        let mut links: [Vec<ThinVec<Link>>; 2] = [Vec::new(), vec![ThinVec::new(); 40]];
        for p in 0..40 {
            links[0].push(thin_vec::thin_vec![link(Side::Right, p, 0.5)]);
        }
        links[0][20] = thin_vec::thin_vec![link(Side::Right, 33, 0.3), link(Side::Right, 20, 0.2)];
        links[0][25] = ThinVec::new();
        assert!(path(&links).is_some());
        let course = crate::links::course::counterparts(&links, &[], [40, 40]);
        assert_eq!(course[0][20], Some(20));
        assert_eq!(course[0][25], Some(25));
        assert_eq!(course[1][7], Some(7));
        // Links that jump about follow no order.
        let mut shuffled: [Vec<ThinVec<Link>>; 2] = [Vec::new(), vec![ThinVec::new(); 40]];
        for p in 0..40 {
            shuffled[0].push(thin_vec::thin_vec![link(Side::Right, (p * 17) % 40, 0.5)]);
        }
        assert!(super::path(&shuffled).is_none());
    }
}
