//! Which items of one text go with which items of the other, by the
//! aligned beads they occur in: the same test [`super::learn`] makes for
//! words (Dice's coefficient over beads, a floor on the count), made for
//! any items a caller counts, such as the forms of names. People use it to
//! tell, in a translation, that Пьер is Pierre and Петя is Pétya.

use std::collections::HashMap;

/// Items that share at most this many beads are not evidence.
pub const MIN_TOGETHER: u32 = 2;
/// The least Dice's coefficient that counts.
pub const MIN_SCORE: f32 = 0.5;
/// Items seen together in this many beads are evidence at a lower
/// coefficient ([`MIN_SCORE_SEEN`]): ten shared beads of seventeen and
/// twenty-six are no chance, though the beads of verse and prose do not
/// always meet (Podkomorzy and the Chamberlain).
pub const SEEN: u32 = 5;
/// The least coefficient for items seen together in [`SEEN`] beads.
pub const MIN_SCORE_SEEN: f32 = 0.35;
/// A bead with more items than this on a side says little of which is
/// which (a list of names), and its pairs would be many: it is skipped.
const MAX_PER_BEAD: usize = 24;

/// Two items that go together.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Association {
    /// The item of the left text.
    pub left: usize,
    /// The item of the right text.
    pub right: usize,
    /// In how many beads both occur.
    pub together: u32,
    /// Dice's coefficient over the beads, 0 to 1.
    pub score: f32,
}

/// The pairs of items that are each other's strongest partner, at least
/// [`MIN_TOGETHER`] beads and [`MIN_SCORE`] (or [`SEEN`] beads and
/// [`MIN_SCORE_SEEN`]). `beads[k][i]` lists the beads
/// item `i` of side `k` occurs in (any order; repeats are counted once).
/// An item whose strongest partner ties with another is left out: the
/// beads do not say which one it goes with.
pub fn associate(beads: [&[Vec<u32>]; 2]) -> Vec<Association> {
    let sets: [Vec<Vec<u32>>; 2] = beads.map(|items| {
        items
            .iter()
            .map(|b| {
                let mut b = b.clone();
                b.sort_unstable();
                b.dedup();
                b
            })
            .collect()
    });
    // Bead → the items of each side in it.
    let mut in_bead: HashMap<u32, [Vec<usize>; 2]> = HashMap::new();
    for (k, items) in sets.iter().enumerate() {
        for (i, b) in items.iter().enumerate() {
            for &bead in b {
                in_bead.entry(bead).or_default()[k].push(i);
            }
        }
    }
    let mut together: HashMap<(usize, usize), u32> = HashMap::new();
    for [l, r] in in_bead.values() {
        if l.len() > MAX_PER_BEAD || r.len() > MAX_PER_BEAD {
            continue;
        }
        for &a in l {
            for &b in r {
                *together.entry((a, b)).or_default() += 1;
            }
        }
    }
    let mut pairs: Vec<Association> = together
        .into_iter()
        .filter(|&(_, c)| c >= MIN_TOGETHER)
        .map(|((left, right), c)| Association {
            left,
            right,
            together: c,
            score: 2.0 * c as f32 / (sets[0][left].len() + sets[1][right].len()).max(1) as f32,
        })
        .collect();
    pairs.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(b.together.cmp(&a.together))
            .then((a.left, a.right).cmp(&(b.left, b.right)))
    });
    // Each item's strongest partner, and whether another ties with it.
    let mut best: [HashMap<usize, (usize, bool)>; 2] = Default::default();
    for (i, p) in pairs.iter().enumerate() {
        for (k, item) in [(0, p.left), (1, p.right)] {
            match best[k].get_mut(&item) {
                None => {
                    best[k].insert(item, (i, false));
                }
                Some((b, tied)) => {
                    let b = &pairs[*b];
                    if b.score == p.score && b.together == p.together {
                        *tied = true;
                    }
                }
            }
        }
    }
    pairs
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            (p.score >= MIN_SCORE || (p.together >= SEEN && p.score >= MIN_SCORE_SEEN))
                && best[0].get(&p.left) == Some(&(*i, false))
                && best[1].get(&p.right) == Some(&(*i, false))
        })
        .map(|(_, p)| *p)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_of_the_same_beads_go_together_and_ties_say_nothing() {
        // Left: Пьер in beads 1–4, Петя in 5–6; right: Pierre 1–4,
        // Pétya 5–6, and two names that share the same two beads.
        let left = vec![vec![1, 2, 3, 4], vec![5, 6], vec![8, 9], vec![8, 9]];
        let right = vec![vec![1, 2, 3, 4, 7], vec![5, 6], vec![8, 9], vec![8, 9]];
        let a = associate([&left, &right]);
        let pairs: Vec<(usize, usize)> = a.iter().map(|p| (p.left, p.right)).collect();
        assert_eq!(pairs, vec![(1, 1), (0, 0)], "{a:?}");
        assert!((a[1].score - 8.0 / 9.0).abs() < 1e-6);
    }

    #[test]
    fn one_shared_bead_is_not_evidence() {
        let a = associate([&[vec![1]], &[vec![1]]]);
        assert!(a.is_empty());
    }
}
