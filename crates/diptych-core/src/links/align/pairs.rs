//! What the lexicon finds in each pair of units the programme's corridor
//! holds, counted once: the words of a unit of one text found among what
//! a unit of the other stands for.

use super::Unit;
use super::dp::{Corridor, MAX_SIDE};

/// The words each unit of one text finds among what each unit of the
/// other stands for, counted once per pair of units in the programme's
/// corridor: a bead of a units against b is made of a × b such pairs,
/// and a pair is in many beads.
pub(super) struct Pairs<'a> {
    left: &'a [Unit],
    right: &'a [Unit],
    /// (left's words found in right's, right's in left's) per cell of a
    /// ring of rows of the corridor (the steps from one row reach only the
    /// few after it); `u32::MAX` while not counted.
    counts: Vec<(u32, u32)>,
    /// Which left unit each row of the ring of `counts` is for.
    owner: Vec<usize>,
    /// The corridor's first and last column of each of those rows.
    bounds: Vec<(usize, usize)>,
    width: usize,
    corridor: &'a Corridor,
}

impl<'a> Pairs<'a> {
    /// Nothing counted yet, for a programme of `ring` rows of `width`
    /// cells kept at once in `corridor`.
    pub(super) fn new(
        (left, right): (&'a [Unit], &'a [Unit]),
        corridor: &'a Corridor,
        ring: usize,
        width: usize,
    ) -> Pairs<'a> {
        Pairs {
            left,
            right,
            counts: vec![(u32::MAX, 0); ring * width],
            owner: vec![usize::MAX; ring],
            bounds: vec![(0, 0); ring],
            width,
            corridor,
        }
    }

    /// The counts of left unit `x` and right unit `y`.
    fn get(&mut self, x: usize, y: usize) -> (u32, u32) {
        let count = |x: usize, y: usize, l: &[Unit], r: &[Unit]| {
            let (a, b) = (&l[x], &r[y]);
            (
                crate::lexicon::common_count(a.known_words(), b.translated()),
                crate::lexicon::common_count(b.known_words(), a.translated()),
            )
        };
        let c = self.corridor;
        let slot = x % self.owner.len();
        if self.owner[slot] != x {
            if x >= c.rows() {
                return count(x, y, self.left, self.right);
            }
            self.owner[slot] = x;
            self.bounds[slot] = (c.lo(x), c.hi(x));
            self.counts[slot * self.width..(slot + 1) * self.width].fill((u32::MAX, 0));
        }
        let (lo, hi) = self.bounds[slot];
        if y < lo || y > hi {
            return count(x, y, self.left, self.right);
        }
        let k = slot * self.width + (y - lo);
        if self.counts[k].0 == u32::MAX {
            self.counts[k] = count(x, y, self.left, self.right);
        }
        self.counts[k]
    }

    /// The lexicon's similarity of left units `i..ni` and right `j..nj`,
    /// as [`crate::lexicon::similarity`] gives it.
    pub(super) fn similarity(&mut self, (i, ni): (usize, usize), (j, nj): (usize, usize)) -> f64 {
        if i == ni || j == nj {
            return 0.0;
        }
        let (mut found, mut total) = (0u32, 0u32);
        let mut back = [0u32; MAX_SIDE];
        for x in i..ni {
            let mut hits = 0;
            for y in j..nj {
                let (ab, ba) = self.get(x, y);
                hits += ab;
                back[y - j] += ba;
            }
            found += hits.min(self.left[x].known);
            total += self.left[x].known;
        }
        for y in j..nj {
            found += back[y - j].min(self.right[y].known);
            total += self.right[y].known;
        }
        if total == 0 {
            return 0.0;
        }
        f64::from(found) / (f64::from(total) + 2.0)
    }
}
