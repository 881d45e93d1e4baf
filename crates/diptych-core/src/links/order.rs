//! The order two narratives share, when they share one: two accounts of
//! the same events usually tell them in the same order. Whether this pair
//! does is decided from its own links, as the translation decision is:
//! the left paragraphs' best counterparts are taken as points, and the
//! heaviest chain of them rising on both sides (a weighted longest
//! increasing subsequence) is the path. A chain far longer than chance
//! gives (the longest rising run of n random points is about 2√n long)
//! says the pair follows an order; then each paragraph's expected place
//! in the other account is read off the path between its anchors, and the
//! links near it are lifted, which also breaks ties between paragraphs
//! that share the same names. A pair that tells different episodes
//! (the bundled 1814 and 1815) has no such chain and is left as it is.
//!
//! A dynamic time warping over the whole score matrix would find a
//! similar path, but costs paragraphs × paragraphs (45 M cells for two
//! 5 MB books); the chain of best links costs n log n and is as good a
//! path wherever the links are good enough to lift anything.

use super::Link;
use crate::text::Side;
use thin_vec::ThinVec;

/// Links weaker than this are no anchor of the path.
const MIN_ANCHOR: f64 = 0.05;
/// The chain must hold this many times √n of the n points…
const CHANCE: f64 = 3.0;
/// …and at least this share of them.
const SHARE: f64 = 0.4;
/// How much a link on the path gains, of what it lacks to 1.
const LIFT: f64 = 0.5;
/// How far from the path a link is lifted, as a share of the other
/// account's paragraphs (at least two paragraphs).
const BAND: f64 = 0.01;

/// The path, when the pair follows one: anchors (left, right paragraph)
/// rising on both sides.
pub fn path(links: &[Vec<ThinVec<Link>>; 2]) -> Option<Vec<(usize, usize)>> {
    let points: Vec<(usize, usize, f64)> = links[0]
        .iter()
        .enumerate()
        .filter_map(|(p, ls)| {
            let l = ls.iter().find(|l| l.to.side == Side::Right)?;
            (l.score >= MIN_ANCHOR).then_some((p, l.to.paragraph, l.score))
        })
        .collect();
    let chain = heaviest_rising(&points);
    let n = points.len() as f64;
    let enough = chain.len() >= 4 && chain.len() as f64 >= (CHANCE * n.sqrt()).max(SHARE * n);
    enough.then_some(chain)
}

/// Lifts every link near `path` (see the module's documentation), the
/// other account's links kept first and best first.
pub fn lift(links: &mut [Vec<ThinVec<Link>>; 2], path: &[(usize, usize)]) {
    let counts = [links[0].len(), links[1].len()];
    for side in Side::BOTH {
        let k = side.index();
        let other = counts[1 - k].max(1) as f64;
        let band = (BAND * other).max(2.0);
        for (p, ls) in links[k].iter_mut().enumerate() {
            let Some(expected) = expected(path, side, p) else {
                continue;
            };
            for l in ls.iter_mut().filter(|l| l.to.side != side && !l.aligned) {
                let d = (l.to.paragraph as f64 - expected).abs();
                if d <= band {
                    l.score += (1.0 - l.score) * LIFT * (1.0 - d / band);
                }
            }
            super::score::other_account_first(ls, side);
        }
    }
}

/// The paragraphs of the other account nearest to where the path expects
/// paragraph `p` of `side` (the one below and the one above), given each
/// account's paragraph count.
pub fn expected_near(
    path: &[(usize, usize)],
    side: Side,
    p: usize,
    counts: [usize; 2],
) -> Vec<usize> {
    let Some(at) = expected(path, side, p) else {
        return Vec::new();
    };
    let last = counts[1 - side.index()].saturating_sub(1);
    let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
    let mut out = vec![lo.min(last)];
    if hi.min(last) != lo.min(last) {
        out.push(hi.min(last));
    }
    out
}

/// Where paragraph `p` of `side` is expected in the other account: between
/// the path's anchors around it, in proportion (none outside the path).
fn expected(path: &[(usize, usize)], side: Side, p: usize) -> Option<f64> {
    let flip = side == Side::Right;
    let mine = |a: &(usize, usize)| if flip { a.1 } else { a.0 };
    let theirs = |a: &(usize, usize)| if flip { a.0 } else { a.1 };
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

/// The chain of `points` (left, right, weight), in left order, rising
/// strictly on the right, of the greatest total weight: a Fenwick tree of
/// the best chain ending at each right paragraph.
fn heaviest_rising(points: &[(usize, usize, f64)]) -> Vec<(usize, usize)> {
    let size = points.iter().map(|p| p.1 + 1).max().unwrap_or(0);
    // tree[i]: the best (weight, point) ending at a right paragraph in i's range.
    let mut tree: Vec<(f64, Option<usize>)> = vec![(0.0, None); size + 1];
    let mut back: Vec<Option<usize>> = vec![None; points.len()];
    let mut best_end: (f64, Option<usize>) = (0.0, None);
    let mut i = 0;
    while i < points.len() {
        // Points of one left paragraph do not chain with each other.
        let mut j = i;
        let mut found = Vec::new();
        while j < points.len() && points[j].0 == points[i].0 {
            let (_, r, w) = points[j];
            let before = query(&tree, r);
            back[j] = before.1;
            found.push((r, before.0 + w, j));
            j += 1;
        }
        for (r, total, at) in found {
            update(&mut tree, r + 1, (total, Some(at)));
            if total > best_end.0 {
                best_end = (total, Some(at));
            }
        }
        i = j;
    }
    let mut chain = Vec::new();
    let mut at = best_end.1;
    while let Some(x) = at {
        chain.push((points[x].0, points[x].1));
        at = back[x];
    }
    chain.reverse();
    chain
}

/// The best entry among right paragraphs below `r` (Fenwick prefix).
fn query(tree: &[(f64, Option<usize>)], r: usize) -> (f64, Option<usize>) {
    let mut best = (0.0, None);
    let mut i = r;
    while i > 0 {
        if tree[i].0 > best.0 {
            best = tree[i];
        }
        i &= i - 1;
    }
    best
}

/// Raises the entry of right paragraph `i - 1` to `v` where better.
fn update(tree: &mut [(f64, Option<usize>)], mut i: usize, v: (f64, Option<usize>)) {
    while i < tree.len() {
        if v.0 > tree[i].0 {
            tree[i] = v;
        }
        i += i & i.wrapping_neg();
    }
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
        }
    }

    #[test]
    fn the_heaviest_rising_chain_skips_what_goes_back() {
        let points = [
            (0, 0, 1.0),
            (1, 5, 0.2),
            (2, 1, 1.0),
            (3, 2, 1.0),
            (4, 3, 1.0),
        ];
        assert_eq!(
            heaviest_rising(&points),
            vec![(0, 0), (2, 1), (3, 2), (4, 3)]
        );
    }

    #[test]
    fn a_pair_in_order_lifts_the_link_on_its_path_and_a_shuffled_one_has_none() {
        // Forty paragraphs whose best links follow the diagonal, and one
        // paragraph whose two candidates tie.
        let mut links: [Vec<ThinVec<Link>>; 2] = [Vec::new(), vec![ThinVec::new(); 40]];
        for p in 0..40 {
            links[0].push(thin_vec::thin_vec![link(Side::Right, p, 0.5)]);
        }
        links[0][20] = thin_vec::thin_vec![link(Side::Right, 33, 0.3), link(Side::Right, 20, 0.3)];
        let path = path(&links).expect("in order");
        lift(&mut links, &path);
        assert_eq!(links[0][20][0].to.paragraph, 20);
        assert!(links[0][20][0].score <= 1.0 && links[0][20][0].score > 0.3);
        // Best links that jump about follow no order.
        let mut shuffled: [Vec<ThinVec<Link>>; 2] = [Vec::new(), vec![ThinVec::new(); 40]];
        for p in 0..40 {
            shuffled[0].push(thin_vec::thin_vec![link(Side::Right, (p * 17) % 40, 0.5)]);
        }
        assert!(super::path(&shuffled).is_none());
    }
}
