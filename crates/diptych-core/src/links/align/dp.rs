//! The dynamic programme under every alignment: beads of up to four units
//! a side ([`MAX_SIDE`]), each costing how unlikely its lengths are for a translation
//! (Gale and Church 1993), less what it keeps (headings, anchors, and,
//! once learned, the words the lexicon finds on both sides), in a
//! corridor of rows: around the diagonal for a first pass, around the
//! first pass for the second. What the lexicon finds in each pair of
//! units is counted once, in `pairs.rs`.

use super::cost::{Sums, base_cost_in};
pub use super::cost::{bead_cost, bead_score, path_cost, similarity, units_of};
use super::pairs::Pairs;
use super::{Bead, BeadSide, Unit};
use crate::lexicon::Lexicon;

/// A step of the programme: units taken on the left and right, and its
/// prior cost.
pub type Step = (usize, usize, f64);

/// The steps of a first pass by paragraphs.
pub const FIRST: &[Step] = &[
    (1, 1, 0.0),
    (1, 2, 2.3),
    (2, 1, 2.3),
    (1, 0, 4.6),
    (0, 1, 4.6),
];

/// The steps once the lexicon can tell: two-to-two beads too, and a unit
/// without a counterpart less unlikely (the lexicon now says when nothing
/// on the other side matches it). The first six of [`MANY`].
pub const SECOND: &[Step] = MANY.split_at(6).0;

/// The most units a side of a step takes.
pub const MAX_SIDE: usize = 4;

/// The steps of the passes with a lexicon: [`SECOND`]'s, and beads of
/// three and four units against one, and of three against two, for a
/// translator's one sentence where the original has a speech broken into
/// four, or the other way. Without them such a bead is cut into wrong
/// smaller ones. Measured on the hand-aligned sentence golds (`cargo test
/// --release --test links sentence -- --nocapture`): strict F1 0.820 ->
/// 0.857 (War and Peace 0.764 -> 0.795, Tour du monde 0.877 -> 0.918),
/// and 0.843 -> 0.864 for the sentences given one a line.
pub const MANY: &[Step] = &[
    (1, 1, 0.0),
    (1, 2, 2.3),
    (2, 1, 2.3),
    (1, 0, 3.6),
    (0, 1, 3.6),
    (2, 2, 4.0),
    (1, 3, 3.5),
    (3, 1, 3.5),
    (2, 3, 5.0),
    (3, 2, 5.0),
    (1, 4, 5.0),
    (4, 1, 5.0),
];

/// The variance per character of a translation's length (Gale and
/// Church: 6.8), and the most a pair's own is taken for (the aligner
/// measures it from a first pass's beads).
pub const VARIANCE: f64 = 6.8;
/// The most a unit without a counterpart costs for its length, with a
/// lexicon.
pub(super) const LONE: f64 = 1.5;
/// What the lexicon's similarity (0 to 1) is worth against the lengths.
pub const LEXICON_WEIGHT: f64 = 35.0;

/// What a bead is scored by.
#[derive(Clone, Copy)]
pub struct Scoring<'a> {
    /// Right characters per left character over the whole pair.
    pub ratio: f64,
    /// The steps allowed.
    pub steps: &'a [Step],
    /// The learned lexicon, on a second pass.
    pub lexicon: Option<&'a Lexicon>,
    /// The variance per character of a translation's lengths.
    pub variance: f64,
}

/// The rows' corridor: for each row `i` (0 to n), the first and last
/// column the programme fills. A band along the diagonal is worked out
/// when asked (eight bytes a row fewer: a book may have a million rows);
/// one around a path is kept (as `u32`s: a unit is at least a paragraph
/// or sentence of a text of at most 256 MiB).
pub struct Corridor {
    shape: Shape,
}

/// How a [`Corridor`] knows its rows.
enum Shape {
    /// `band` columns either side of the diagonal of `n` × `m`.
    Diagonal { n: usize, m: usize, band: usize },
    /// The first and last column of each row.
    Kept { lo: Vec<u32>, hi: Vec<u32> },
}

impl Corridor {
    /// The first column of row `i`.
    pub fn lo(&self, i: usize) -> usize {
        match &self.shape {
            Shape::Diagonal { n, m, band } => (i * m / (*n).max(1)).saturating_sub(*band),
            Shape::Kept { lo, .. } => lo[i] as usize,
        }
    }

    /// The last column of row `i` (inclusive).
    pub fn hi(&self, i: usize) -> usize {
        match &self.shape {
            Shape::Diagonal { n, m, band } => (i * m / (*n).max(1) + band).min(*m),
            Shape::Kept { hi, .. } => hi[i] as usize,
        }
    }

    /// The number of rows.
    pub(super) fn rows(&self) -> usize {
        match &self.shape {
            Shape::Diagonal { n, .. } => n + 1,
            Shape::Kept { lo, .. } => lo.len(),
        }
    }

    /// A band of half-width `band` around the diagonal of an `n` × `m` table.
    pub fn diagonal(n: usize, m: usize, band: usize) -> Corridor {
        Corridor {
            shape: Shape::Diagonal { n, m, band },
        }
    }

    /// `width` columns either side of the path of `beads` (which cover an
    /// `n` × `m` table).
    pub fn around(beads: &[Bead], n: usize, m: usize, width: usize) -> Corridor {
        let mut lo = vec![u32::MAX; n + 1];
        let mut hi = vec![0u32; n + 1];
        let (mut i, mut j) = (0, 0);
        let mark = |i: usize, j: usize, lo: &mut Vec<u32>, hi: &mut Vec<u32>| {
            for r in i.saturating_sub(width)..=(i + width).min(n) {
                lo[r] = lo[r].min(j.saturating_sub(width) as u32);
                hi[r] = hi[r].max((j + width).min(m) as u32);
            }
        };
        mark(0, 0, &mut lo, &mut hi);
        for b in beads {
            i += b.left.len();
            j += b.right.len();
            mark(i.min(n), j.min(m), &mut lo, &mut hi);
        }
        mark(n, m, &mut lo, &mut hi);
        for r in 0..=n {
            if lo[r] > hi[r] {
                (lo[r], hi[r]) = (0, m as u32);
            }
        }
        Corridor {
            shape: Shape::Kept { lo, hi },
        }
    }
}

/// The beads of the best path through `corridor`, indexes within `left`
/// and `right`.
pub fn programme(left: &[Unit], right: &[Unit], score: &Scoring, corridor: &Corridor) -> Vec<Bead> {
    programme_free(left, right, score, corridor, (false, false))
}

/// [`programme`], where `free` says the right text may have units before
/// (`.0`) or after (`.1`) the left text's counterparts at no cost: the
/// part of a longer text a shorter one translates, found where it fits
/// best.
pub fn programme_free(
    left: &[Unit],
    right: &[Unit],
    score: &Scoring,
    corridor: &Corridor,
    free: (bool, bool),
) -> Vec<Bead> {
    programme_kept(left, right, score, corridor, free, KEEP_BACK)
}

/// [`programme_free`], all back-pointers kept while they take at most
/// `keep` bytes.
fn programme_kept(
    left: &[Unit],
    right: &[Unit],
    score: &Scoring,
    corridor: &Corridor,
    free: (bool, bool),
    keep: usize,
) -> Vec<Bead> {
    let (n, m) = (left.len(), right.len());
    let width = (0..=n)
        .map(|i| corridor.hi(i) + 1 - corridor.lo(i).min(corridor.hi(i) + 1))
        .max()
        .unwrap_or(1)
        + 1;
    let ring = ring(score.steps);
    let mut table = Table {
        left,
        right,
        score,
        corridor,
        width,
        ring,
        rows: vec![f64::INFINITY; ring * width],
        pairs: score
            .lexicon
            .map(|_| Pairs::new((left, right), corridor, ring, width)),
        sums: [Sums::new(left), Sums::new(right)],
    };
    if let Some(c) = table.col(0, 0) {
        table.rows[c] = 0.0;
    }
    if free.0 {
        // Any start along the right text: the walk back stops on row 0
        // and what it did not reach is left without a counterpart.
        for j in corridor.lo(0)..=corridor.hi(0) {
            if let Some(c) = table.col(0, j) {
                table.rows[c] = 0.0;
            }
        }
    }
    // The back-pointers, a byte a cell, are all kept while they take at
    // most `keep` bytes. Past that (a book of a million paragraphs)
    // only the rows at every SEGMENT-th are kept, and each segment's
    // pointers are computed again from there when the walk back reaches
    // it: twice the work, and memory no longer grows with the book.
    let segment = if (n + 1).saturating_mul(width) <= keep {
        n + 1
    } else {
        SEGMENT
    };
    let mut back = if segment > n {
        Back::linear(0, n + 1, width)
    } else {
        Back::ring(width, ring)
    };
    let mut checkpoints: Vec<Checkpoint> = Vec::new();
    for i in 0..=n {
        if segment <= n && i % segment == 0 {
            checkpoints.push(table.checkpoint(i, &back));
        }
        table.iterate(i, &mut back);
    }
    // Walk back from the end: with a free end, from the cheapest cell of
    // the last row, the right text's units after it left out.
    let mut beads = Vec::new();
    let mut end = m;
    if free.1 {
        let last = table.row(n);
        end = (corridor.lo(n)..=corridor.hi(n))
            .filter_map(|j| table.col(n, j).map(|c| (j, table.rows[last + c])))
            .filter(|(_, c)| c.is_finite())
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(m, |(j, _)| j);
        beads.extend((end..m).rev().map(|y| Bead {
            left: BeadSide::new(),
            right: BeadSide::one(y),
        }));
    }
    let (mut i, mut j) = (n, end);
    while i > 0 || j > 0 {
        if segment <= n && !back.holds(i) {
            let Some(c) = checkpoints.get(i / segment) else {
                break;
            };
            back = table.segment(c, segment, n);
        }
        let Some(k) = table.col(i, j) else {
            break;
        };
        let Some(&(a, b, _)) = score.steps.get(back.get(i, k) as usize) else {
            break;
        };
        beads.push(Bead {
            left: (i - a..i).collect(),
            right: (j - b..j).collect(),
        });
        i -= a;
        j -= b;
    }
    // Whatever the walk did not reach (never, with the corridors built
    // here) stays in beads of its own, so every unit is in one.
    beads.extend((0..j).rev().map(|y| Bead {
        left: BeadSide::new(),
        right: BeadSide::one(y),
    }));
    beads.extend((0..i).rev().map(|x| Bead {
        left: BeadSide::one(x),
        right: BeadSide::new(),
    }));
    beads.reverse();
    beads
}

/// Back-pointers kept for every row up to this many bytes (8 MB).
const KEEP_BACK: usize = 8_000_000;
/// Past [`KEEP_BACK`], rows per segment of back-pointers computed again.
const SEGMENT: usize = 1024;

/// The rows a programme with `steps` keeps at once: a step goes at most
/// its longest left side down, so a ring of one row more (three at least).
fn ring(steps: &[Step]) -> usize {
    steps.iter().map(|s| s.0).max().unwrap_or(1).max(2) + 1
}

/// The programme's table: costs of a ring of rows (a step goes at most
/// `ring - 1` rows down), the lexicon's counts likewise.
struct Table<'a> {
    left: &'a [Unit],
    right: &'a [Unit],
    score: &'a Scoring<'a>,
    corridor: &'a Corridor,
    width: usize,
    /// Rows in the ring ([`ring`]).
    ring: usize,
    rows: Vec<f64>,
    pairs: Option<Pairs<'a>>,
    /// Running totals of each side's units.
    sums: [Sums; 2],
}

/// What the table holds at the start of row `at`'s turn: the costs and
/// back-pointers of rows `at` to `at + ring - 2` (the rows before are
/// done, the rows after not yet reached).
struct Checkpoint {
    at: usize,
    costs: Vec<f64>,
    back: Vec<u8>,
}

/// Back-pointers of some rows: every row from `base` (`cap` of them), or a
/// ring of three.
struct Back {
    base: usize,
    cap: usize,
    ring: bool,
    width: usize,
    data: Vec<u8>,
}

impl Back {
    /// Rows `base..base + cap`, none set.
    fn linear(base: usize, cap: usize, width: usize) -> Back {
        Back {
            base,
            cap,
            ring: false,
            width,
            data: vec![u8::MAX; cap * width],
        }
    }

    /// The last `rows` rows reached, none set.
    fn ring(width: usize, rows: usize) -> Back {
        Back {
            base: 0,
            cap: rows,
            ring: true,
            width,
            data: vec![u8::MAX; rows * width],
        }
    }

    /// True when row `i` is kept (a linear store's rows).
    fn holds(&self, i: usize) -> bool {
        !self.ring && i >= self.base && i < self.base + self.cap
    }

    /// Where row `i` starts, if kept.
    fn at(&self, i: usize) -> Option<usize> {
        if self.ring {
            Some((i % self.cap) * self.width)
        } else {
            (i >= self.base && i < self.base + self.cap).then(|| (i - self.base) * self.width)
        }
    }

    /// The pointer of row `i`'s cell `c` (`u8::MAX` if none).
    fn get(&self, i: usize, c: usize) -> u8 {
        self.at(i).map_or(u8::MAX, |r| self.data[r + c])
    }

    /// Row `i` as a slice, if kept.
    fn row(&self, i: usize) -> Option<&[u8]> {
        self.at(i).map(|r| &self.data[r..r + self.width])
    }

    /// Row `i` as a mutable slice, if kept.
    fn row_mut(&mut self, i: usize) -> Option<&mut [u8]> {
        let w = self.width;
        self.at(i).map(|r| &mut self.data[r..r + w])
    }
}

impl Table<'_> {
    /// Row `i`'s place in the ring of costs.
    fn row(&self, i: usize) -> usize {
        (i % self.ring) * self.width
    }

    /// The cell of column `j` in row `i`, if in the corridor.
    fn col(&self, i: usize, j: usize) -> Option<usize> {
        let c = self.corridor;
        (j >= c.lo(i) && j <= c.hi(i)).then(|| j - c.lo(i))
    }

    /// Row `i`'s turn: the row `ring - 1` below starts anew, and every
    /// step from row `i` is tried.
    fn iterate(&mut self, i: usize, back: &mut Back) {
        let (n, m, width) = (self.left.len(), self.right.len(), self.width);
        let last = i + self.ring - 1;
        let r2 = self.row(last);
        self.rows[r2..r2 + width].fill(f64::INFINITY);
        if let Some(b) = back.row_mut(last) {
            b.fill(u8::MAX);
        }
        // The corridor of the rows a step from row `i` reaches, and where
        // each sits in the ring and among the back-pointers, looked up
        // once a row rather than once a step: a band is worked out, not
        // read, and the ring's place is a division.
        let c = self.corridor;
        let mut bounds = [None; MAX_SIDE + 1];
        let mut starts = [0; MAX_SIDE + 1];
        let mut backs = [None; MAX_SIDE + 1];
        for a in 0..self.ring.min(MAX_SIDE + 1) {
            let r = i + a;
            bounds[a] = (r < c.rows()).then(|| (c.lo(r), c.hi(r)));
            starts[a] = self.row(r);
            backs[a] = back.at(r);
        }
        let col = |a: usize, j: usize| {
            let (lo, hi) = bounds.get(a).copied().flatten()?;
            (j >= lo && j <= hi).then(|| j - lo)
        };
        let Some((lo, hi)) = bounds[0] else { return };
        // The runs a step takes from row `i`, and from column `j`, summed
        // once for all the steps.
        let (most_down, most_across) = self
            .score
            .steps
            .iter()
            .fold((0, 0), |(a, b), s| (a.max(s.0), b.max(s.1)));
        let downs = self.sums[0].runs(i, most_down);
        for j in lo..=hi {
            let c = j - lo;
            let here = self.rows[starts[0] + c];
            if here == f64::INFINITY {
                continue;
            }
            let across = self.sums[1].runs(j, most_across);
            for (s, &(a, b, prior)) in self.score.steps.iter().enumerate() {
                let (ni, nj) = (i + a, j + b);
                if ni > n || nj > m {
                    continue;
                }
                let Some(nc) = col(a, nj) else { continue };
                let lexicon = self
                    .pairs
                    .as_mut()
                    .map_or(0.0, |p| LEXICON_WEIGHT * p.similarity((i, ni), (j, nj)));
                // A step of more than MAX_SIDE units a side has no run.
                let (Some(&down), Some(&run)) = (downs.get(a), across.get(b)) else {
                    continue;
                };
                let base = base_cost_in(
                    (self.left, self.right),
                    (down, run),
                    (i, ni),
                    (j, nj),
                    self.score,
                );
                let cost = here + prior + base - lexicon;
                let slot = starts[a] + nc;
                if cost < self.rows[slot] {
                    self.rows[slot] = cost;
                    if let Some(r) = backs[a] {
                        back.data[r + nc] = s as u8;
                    }
                }
            }
        }
    }

    /// The table at the start of row `at`'s turn.
    fn checkpoint(&self, at: usize, back: &Back) -> Checkpoint {
        let w = self.width;
        let kept = self.ring - 1;
        let mut costs = Vec::with_capacity(kept * w);
        let mut b = Vec::with_capacity(kept * w);
        for i in at..at + kept {
            let r = self.row(i);
            costs.extend_from_slice(&self.rows[r..r + w]);
            let row = back.row(i).unwrap_or(&[]);
            b.extend_from_slice(row);
            b.resize(b.len() + (w - row.len()), u8::MAX);
        }
        Checkpoint { at, costs, back: b }
    }

    /// The back-pointers of the `segment` rows from checkpoint `c`,
    /// computed again from there.
    fn segment(&mut self, c: &Checkpoint, segment: usize, n: usize) -> Back {
        let w = self.width;
        let kept = self.ring - 1;
        let mut back = Back::linear(c.at, segment + kept, w);
        self.rows.fill(f64::INFINITY);
        for (k, i) in (c.at..c.at + kept).enumerate() {
            let r = self.row(i);
            self.rows[r..r + w].copy_from_slice(&c.costs[k * w..(k + 1) * w]);
            if let Some(b) = back.row_mut(i) {
                b.copy_from_slice(&c.back[k * w..(k + 1) * w]);
            }
        }
        for i in c.at..(c.at + segment).min(n + 1) {
            self.iterate(i, &mut back);
        }
        back.cap = segment;
        back
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Units of pseudo-random lengths (a fixed sequence), some with a number.
    fn units(n: usize, seed: u64) -> Vec<Unit> {
        let mut x = seed;
        (0..n)
            .map(|i| {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let anchors: &[u32] = if i % 7 == 0 { &[(i / 7) as u32] } else { &[] };
                Unit::new(20 + (x >> 40) as usize % 400, None, anchors)
            })
            .collect()
    }

    #[test]
    fn segments_computed_again_give_the_same_path() {
        let lexicon = Lexicon::default();
        for (n, m, steps, with_lexicon, free) in [
            (2_500, 2_300, FIRST, false, (false, false)),
            (3_000, 3_100, SECOND, true, (false, false)),
            (1_500, 2_600, FIRST, false, (true, true)),
            (1_024, 1_000, FIRST, false, (false, true)),
            (2_049, 2_049, SECOND, false, (true, false)),
            (2_300, 2_500, MANY, true, (false, false)),
            (1_100, 1_900, MANY, false, (true, true)),
        ] {
            let (left, right) = (units(n, 7), units(m, 11));
            let score = Scoring {
                ratio: super::super::ratio(&left, &right),
                steps,
                lexicon: with_lexicon.then_some(&lexicon),
                variance: VARIANCE,
            };
            let corridor = Corridor::diagonal(n, m, 40 + n.abs_diff(m));
            let all = programme_kept(&left, &right, &score, &corridor, free, usize::MAX);
            let again = programme_kept(&left, &right, &score, &corridor, free, 0);
            assert_eq!(all, again, "{n} × {m}");
            let covered: usize = all.iter().map(|b| b.left.len()).sum();
            assert_eq!(covered, n, "every left unit in one bead");
        }
    }
}
