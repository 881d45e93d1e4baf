//! The dynamic programme under every alignment: beads of up to two units
//! a side, each costing how unlikely its lengths are for a translation
//! (Gale and Church 1993), less what it keeps (headings, anchors, and,
//! once learned, the words the lexicon finds on both sides), in a
//! corridor of rows: around the diagonal for a first pass, around the
//! first pass for the second.

use super::{Bead, Unit, shared, shared_units};
use crate::lexicon::{Lexicon, MarkedRef};

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
/// on the other side matches it).
pub const SECOND: &[Step] = &[
    (1, 1, 0.0),
    (1, 2, 2.3),
    (2, 1, 2.3),
    (1, 0, 3.6),
    (0, 1, 3.6),
    (2, 2, 4.0),
];

/// The variance per character of a translation's length (Gale and Church: 6.8).
const VARIANCE: f64 = 6.8;
/// The most a unit without a counterpart costs for its length, with a
/// lexicon.
const LONE: f64 = 1.5;
/// What the lexicon's similarity (0 to 1) is worth against the lengths.
pub const LEXICON_WEIGHT: f64 = 45.0;

/// What a bead is scored by.
#[derive(Clone, Copy)]
pub struct Scoring<'a> {
    /// Right characters per left character over the whole pair.
    pub ratio: f64,
    /// The steps allowed.
    pub steps: &'a [Step],
    /// The learned lexicon, on a second pass.
    pub lexicon: Option<&'a Lexicon>,
}

/// The rows' corridor: for each row `i` (0 to n), the first and last
/// column the programme fills.
pub struct Corridor {
    /// First column of each row.
    pub lo: Vec<usize>,
    /// Last column of each row (inclusive).
    pub hi: Vec<usize>,
}

impl Corridor {
    /// A band of half-width `band` around the diagonal of an `n` × `m` table.
    pub fn diagonal(n: usize, m: usize, band: usize) -> Corridor {
        let mid = |i: usize| i * m / n.max(1);
        Corridor {
            lo: (0..=n).map(|i| mid(i).saturating_sub(band)).collect(),
            hi: (0..=n).map(|i| (mid(i) + band).min(m)).collect(),
        }
    }

    /// `width` columns either side of the path of `beads` (which cover an
    /// `n` × `m` table).
    pub fn around(beads: &[Bead], n: usize, m: usize, width: usize) -> Corridor {
        let mut lo = vec![usize::MAX; n + 1];
        let mut hi = vec![0; n + 1];
        let (mut i, mut j) = (0, 0);
        let mark = |i: usize, j: usize, lo: &mut Vec<usize>, hi: &mut Vec<usize>| {
            for r in i.saturating_sub(width)..=(i + width).min(n) {
                lo[r] = lo[r].min(j.saturating_sub(width));
                hi[r] = hi[r].max((j + width).min(m));
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
                (lo[r], hi[r]) = (0, m);
            }
        }
        Corridor { lo, hi }
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
    let (n, m) = (left.len(), right.len());
    let inf = f64::INFINITY;
    let width = (0..=n)
        .map(|i| corridor.hi[i] + 1 - corridor.lo[i].min(corridor.hi[i] + 1))
        .max()
        .unwrap_or(1)
        + 1;
    // Cost and back-pointer of reaching (i, j) within the corridor. A step
    // goes at most two rows down, so only three rows of costs are kept (a
    // ring); the back-pointers, a byte a cell, are all kept.
    let col = |i: usize, j: usize| -> Option<usize> {
        (j >= corridor.lo[i] && j <= corridor.hi[i]).then(|| j - corridor.lo[i])
    };
    let mut rows = vec![inf; 3 * width];
    let mut back = vec![u8::MAX; (n + 1) * width];
    let mut pairs = score.lexicon.map(|_| Pairs {
        left,
        right,
        counts: vec![(u32::MAX, 0); (n + 1) * width],
        width,
        lo: &corridor.lo,
        hi: &corridor.hi,
    });
    let row = |i: usize| (i % 3) * width;
    if let Some(c) = col(0, 0) {
        rows[c] = 0.0;
    }
    if free.0 {
        // Any start along the right text: the walk back stops on row 0
        // and what it did not reach is left without a counterpart.
        for j in corridor.lo[0]..=corridor.hi[0] {
            if let Some(c) = col(0, j) {
                rows[c] = 0.0;
            }
        }
    }
    for i in 0..=n {
        // The row two below held row i − 1, which is done: it starts anew.
        let r2 = row(i + 2);
        rows[r2..r2 + width].fill(inf);
        for j in corridor.lo[i]..=corridor.hi[i] {
            let Some(c) = col(i, j) else { continue };
            let here = rows[row(i) + c];
            if here == inf {
                continue;
            }
            for (s, &(a, b, prior)) in score.steps.iter().enumerate() {
                let (ni, nj) = (i + a, j + b);
                if ni > n || nj > m {
                    continue;
                }
                let Some(nc) = col(ni, nj) else { continue };
                let lexicon = pairs
                    .as_mut()
                    .map_or(0.0, |p| LEXICON_WEIGHT * p.similarity((i, ni), (j, nj)));
                let c = here + prior + base_cost(&left[i..ni], &right[j..nj], score) - lexicon;
                let slot = &mut rows[row(ni) + nc];
                if c < *slot {
                    *slot = c;
                    back[ni * width + nc] = s as u8;
                }
            }
        }
    }
    // Walk back from the end: with a free end, from the cheapest cell of
    // the last row, the right text's units after it left out.
    let mut beads = Vec::new();
    let mut end = m;
    if free.1 {
        let last = row(n);
        end = (corridor.lo[n]..=corridor.hi[n])
            .filter_map(|j| col(n, j).map(|c| (j, rows[last + c])))
            .filter(|(_, c)| c.is_finite())
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(m, |(j, _)| j);
        beads.extend((end..m).rev().map(|y| Bead {
            left: smallvec::SmallVec::new(),
            right: smallvec::smallvec![y],
        }));
    }
    let (mut i, mut j) = (n, end);
    while i > 0 || j > 0 {
        let Some(k) = col(i, j).map(|c| i * width + c) else {
            break;
        };
        let Some(&(a, b, _)) = score.steps.get(back[k] as usize) else {
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
        left: smallvec::SmallVec::new(),
        right: smallvec::smallvec![y],
    }));
    beads.extend((0..i).rev().map(|x| Bead {
        left: smallvec::smallvec![x],
        right: smallvec::SmallVec::new(),
    }));
    beads.reverse();
    beads
}

/// The cost of the path `beads` takes through `left` and `right` (a
/// bead of a shape `score` has no step for costs no prior).
pub fn path_cost(left: &[Unit], right: &[Unit], beads: &[Bead], score: &Scoring) -> f64 {
    beads
        .iter()
        .map(|b| {
            let prior = score
                .steps
                .iter()
                .find(|s| s.0 == b.left.len() && s.1 == b.right.len())
                .map_or(0.0, |s| s.2);
            prior + bead_cost(units_of(left, &b.left), units_of(right, &b.right), score)
        })
        .sum()
}

/// The units of a bead's side: its indexes are consecutive, so a slice
/// (empty for indexes out of range).
pub fn units_of<'a>(side: &'a [Unit], at: &[usize]) -> &'a [Unit] {
    match (at.first(), at.last()) {
        (Some(&a), Some(&b)) => side.get(a..=b).unwrap_or(&[]),
        _ => &[],
    }
}

/// How far the lengths of `a` and `b` are from a translation's, in
/// standard deviations (Gale and Church's δ).
fn length_delta(a: &[Unit], b: &[Unit], ratio: f64) -> f64 {
    let l1: usize = a.iter().map(|u| u.chars).sum();
    let l2: usize = b.iter().map(|u| u.chars).sum();
    let mean = (l1 as f64 + l2 as f64 / ratio) / 2.0;
    (l2 as f64 - l1 as f64 * ratio) / (mean.max(1.0) * VARIANCE).sqrt()
}

/// Up to two units as [`crate::lexicon::similarity`] takes them.
fn marked(units: &[Unit]) -> ([MarkedRef<'_>; 2], usize) {
    let mut out: [MarkedRef<'_>; 2] = [(0, &[], &[]); 2];
    for (k, u) in units.iter().take(2).enumerate() {
        out[k] = (u.known, &u.known_words, &u.translated);
    }
    (out, units.len().min(2))
}

/// The lexicon's similarity of `a` and `b` (0 without a lexicon).
pub fn similarity(a: &[Unit], b: &[Unit], lexicon: Option<&Lexicon>) -> f64 {
    if lexicon.is_none() || a.is_empty() || b.is_empty() {
        return 0.0;
    }
    let ((ma, na), (mb, nb)) = (marked(a), marked(b));
    crate::lexicon::similarity(&ma[..na], &mb[..nb])
}

/// The cost of translating `a` as `b`: lengths, headings, anchors and the
/// lexicon.
pub fn bead_cost(a: &[Unit], b: &[Unit], score: &Scoring) -> f64 {
    base_cost(a, b, score) - LEXICON_WEIGHT * similarity(a, b, score.lexicon)
}

/// [`bead_cost`] less the lexicon's part.
fn base_cost(a: &[Unit], b: &[Unit], score: &Scoring) -> f64 {
    let delta = length_delta(a, b, score.ratio);
    let mut c = delta * delta / 2.0;
    // With a lexicon to tell what matches, a unit left without a
    // counterpart costs the same whatever its length (as in Moore 2002):
    // else a long preface is merged into the first chapter rather than
    // left out.
    if score.lexicon.is_some() && (a.is_empty() || b.is_empty()) {
        c = c.min(LONE);
    }
    let ha = a.iter().any(|u| u.heading.is_some());
    let hb = b.iter().any(|u| u.heading.is_some());
    // On a second pass, two headings go together for being headings only
    // when their numbers do not tell them apart (Аннотация is not
    // CHAPTER I).
    let numbered = |u: &[Unit]| {
        u.iter()
            .any(|x| x.anchors.iter().any(|&n| n >= super::NUMBER))
    };
    let apart = score.lexicon.is_some() && (numbered(a) || numbered(b)) && shared_units(a, b) == 0;
    match (ha, hb) {
        (true, true) if !apart => c -= 4.0,
        (true, false) | (false, true) if !a.is_empty() && !b.is_empty() => c += 6.0,
        _ => {}
    }
    if a.iter().any(|u| !u.anchors.is_empty()) && b.iter().any(|u| !u.anchors.is_empty()) {
        let s = shared_units(a, b);
        c -= (2.0 * s as f64).min(8.0);
        if s == 0 {
            c += 1.0;
        }
    }
    c
}

/// The words each unit of one text finds among what each unit of the
/// other stands for, counted once per pair of units in the programme's
/// corridor: a bead of two units a side is made of four such pairs, and
/// every pair is in up to nine beads.
struct Pairs<'a> {
    left: &'a [Unit],
    right: &'a [Unit],
    /// (left's words found in right's, right's in left's) per cell;
    /// `u32::MAX` while not counted.
    counts: Vec<(u32, u32)>,
    width: usize,
    lo: &'a [usize],
    hi: &'a [usize],
}

impl Pairs<'_> {
    /// The counts of left unit `x` and right unit `y`.
    fn get(&mut self, x: usize, y: usize) -> (u32, u32) {
        let count = |x: usize, y: usize, l: &[Unit], r: &[Unit]| {
            let (a, b) = (&l[x], &r[y]);
            (
                crate::lexicon::common_count(&a.known_words, &b.translated),
                crate::lexicon::common_count(&b.known_words, &a.translated),
            )
        };
        let in_corridor = x < self.lo.len() && y >= self.lo[x] && y <= self.hi[x];
        if !in_corridor {
            return count(x, y, self.left, self.right);
        }
        let k = x * self.width + (y - self.lo[x]);
        if self.counts[k].0 == u32::MAX {
            self.counts[k] = count(x, y, self.left, self.right);
        }
        self.counts[k]
    }

    /// The lexicon's similarity of left units `i..ni` and right `j..nj`,
    /// as [`crate::lexicon::similarity`] gives it.
    fn similarity(&mut self, (i, ni): (usize, usize), (j, nj): (usize, usize)) -> f64 {
        if i == ni || j == nj {
            return 0.0;
        }
        let (mut found, mut total) = (0u32, 0u32);
        let mut back = [0u32; 2];
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

/// How sure a bead is, 0 to 1: half how usual its lengths are, half what
/// it keeps (the lexicon's similarity, or the share of anchors kept
/// without one). A bead with one side empty scores by its lengths'
/// unlikeliness of being matched instead: 0.5.
pub fn bead_score(a: &[Unit], b: &[Unit], score: &Scoring) -> f32 {
    if a.is_empty() || b.is_empty() {
        return 0.5;
    }
    let delta = length_delta(a, b, score.ratio);
    let lengths = (-delta * delta / 8.0).exp();
    let kept = match score.lexicon {
        Some(_) => similarity(a, b, score.lexicon),
        None => {
            let (x, y) = (&a[0].anchors, &b[0].anchors);
            if x.is_empty() || y.is_empty() {
                0.5
            } else {
                shared(x, y) as f64 / x.len().max(y.len()) as f64
            }
        }
    };
    ((lengths + kept) / 2.0).clamp(0.0, 1.0) as f32
}
