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

/// Where an item stands in one bead: the bead, and its place among the
/// items of its side in that bead, from 0 (first) to 1 (last).
pub type InBead = (u32, f32);

/// The pairs of items that go together, found by competitive linking:
/// the strongest pair first, each item in one pair at most, every pair
/// at least [`MIN_TOGETHER`] beads and [`MIN_SCORE`] (or [`SEEN`] beads
/// and [`MIN_SCORE_SEEN`]). `beads[k][i]` lists the beads item `i` of side
/// `k` occurs in (any order; repeats are counted once). An item whose
/// strongest partner ties with another is left out: the beads do not say
/// which one it goes with.
pub fn associate(beads: [&[Vec<u32>]; 2]) -> Vec<Association> {
    let placed = beads.map(|items| {
        items
            .iter()
            .map(|b| b.iter().map(|&x| (x, 0.0)).collect::<Vec<InBead>>())
            .collect::<Vec<_>>()
    });
    associate_in_order([&placed[0], &placed[1]])
}

/// As [`associate`], with each item's place in its beads: of two partners
/// that share as many beads, the one standing where the item stands goes
/// with it (Kusego i Sokoła, Bobtail and Falcon: two dogs always named
/// together, in the same order).
pub fn associate_in_order(beads: [&[Vec<InBead>]; 2]) -> Vec<Association> {
    let sets: [Vec<Vec<InBead>>; 2] = beads.map(|items| {
        items
            .iter()
            .map(|b| {
                let mut b = b.clone();
                b.sort_by(|x, y| x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)));
                b.dedup_by_key(|x| x.0);
                b
            })
            .collect()
    });
    // Bead → the items of each side in it, with their places.
    let mut in_bead: HashMap<u32, [Vec<(usize, f32)>; 2]> = HashMap::new();
    for (k, items) in sets.iter().enumerate() {
        for (i, b) in items.iter().enumerate() {
            for &(bead, at) in b {
                in_bead.entry(bead).or_default()[k].push((i, at));
            }
        }
    }
    // (beads together, the sum of how far apart they stand in them).
    let mut together: HashMap<(usize, usize), (u32, f32)> = HashMap::new();
    for [l, r] in in_bead.values() {
        if l.len() > MAX_PER_BEAD || r.len() > MAX_PER_BEAD {
            continue;
        }
        for &(a, at_a) in l {
            for &(b, at_b) in r {
                let t = together.entry((a, b)).or_default();
                t.0 += 1;
                t.1 += (at_a - at_b).abs();
            }
        }
    }
    let mut pairs: Vec<(Association, f32)> = together
        .into_iter()
        .filter(|&(_, (c, _))| c >= MIN_TOGETHER)
        .map(|((left, right), (c, apart))| {
            let a = Association {
                left,
                right,
                together: c,
                score: 2.0 * c as f32 / (sets[0][left].len() + sets[1][right].len()).max(1) as f32,
            };
            // How far apart, on average, in quarters: a place is a cue
            // only where it differs clearly.
            (a, (apart / c as f32 * 4.0).round())
        })
        .collect();
    pairs.sort_by(|(a, x), (b, y)| {
        b.score
            .total_cmp(&a.score)
            .then(b.together.cmp(&a.together))
            .then(x.total_cmp(y))
            .then((a.left, a.right).cmp(&(b.left, b.right)))
    });
    // Competitive linking (Melamed 2000): the strongest pair of two free
    // items is taken, then the next; pairs of one strength that share an
    // item are a tie, and the beads do not say which is which: neither is
    // taken, and their items stay free for weaker partners no more.
    let strong =
        |p: &Association| p.score >= MIN_SCORE || (p.together >= SEEN && p.score >= MIN_SCORE_SEEN);
    let mut taken: [std::collections::HashSet<usize>; 2] = Default::default();
    let mut out = Vec::new();
    for run in
        pairs.chunk_by(|(a, x), (b, y)| a.score == b.score && a.together == b.together && x == y)
    {
        let free: Vec<&Association> = run
            .iter()
            .map(|(p, _)| p)
            .filter(|p| strong(p) && !taken[0].contains(&p.left) && !taken[1].contains(&p.right))
            .collect();
        let mut seen: [HashMap<usize, u32>; 2] = Default::default();
        for p in &free {
            *seen[0].entry(p.left).or_default() += 1;
            *seen[1].entry(p.right).or_default() += 1;
        }
        for p in free {
            let tied = seen[0][&p.left] > 1 || seen[1][&p.right] > 1;
            taken[0].insert(p.left);
            taken[1].insert(p.right);
            if !tied {
                out.push(*p);
            }
        }
    }
    out
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
    fn of_two_names_always_together_the_order_says_which_is_which() {
        // Kusy (0) and Sokół (1) always in the same beads, Kusy first;
        // Bobtail (0) and Falcon (1) the same, Bobtail first.
        let beads = |first: f32| -> Vec<Vec<InBead>> {
            vec![
                (1..6).map(|b| (b, first)).collect(),
                (1..6).map(|b| (b, 1.0 - first)).collect(),
            ]
        };
        let (left, right) = (beads(0.0), beads(0.0));
        let a = associate_in_order([&left, &right]);
        let pairs: Vec<(usize, usize)> = a.iter().map(|p| (p.left, p.right)).collect();
        assert_eq!(pairs, vec![(0, 0), (1, 1)], "{a:?}");
        // Without their places they tie, and nothing is said.
        let plain: Vec<Vec<u32>> = vec![(1..6).collect(), (1..6).collect()];
        assert!(associate([&plain, &plain]).is_empty());
    }

    #[test]
    fn one_shared_bead_is_not_evidence() {
        let a = associate([&[vec![1]], &[vec![1]]]);
        assert!(a.is_empty());
    }
}
