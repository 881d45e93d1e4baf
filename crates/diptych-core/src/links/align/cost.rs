//! What a bead costs and how sure it is: how unlikely its lengths are for
//! a translation (Gale and Church's δ), what it keeps (headings, anchors)
//! and, once learned, what the lexicon finds on both sides.

use super::dp::{LEXICON_WEIGHT, LONE, MAX_SIDE, Scoring};
use super::{Bead, BeadSide, Unit, shared, shared_units};
use crate::lexicon::{Lexicon, MarkedRef};

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
pub fn units_of<'a>(side: &'a [Unit], at: &BeadSide) -> &'a [Unit] {
    match (at.first(), at.last()) {
        (Some(a), Some(b)) => side.get(a..=b).unwrap_or(&[]),
        _ => &[],
    }
}

/// How far the lengths of `a` and `b` are from a translation's, in
/// standard deviations (Gale and Church's δ).
pub(super) fn length_delta(a: &[Unit], b: &[Unit], ratio: f64, variance: f64) -> f64 {
    let l1: usize = a.iter().map(Unit::chars).sum();
    let l2: usize = b.iter().map(Unit::chars).sum();
    let mean = (l1 as f64 + l2 as f64 / ratio) / 2.0;
    (l2 as f64 - l1 as f64 * ratio) / (mean.max(1.0) * variance).sqrt()
}

/// Half the square of [`length_delta`], without its square root, for
/// sides of `l1` and `l2` characters: what the programme adds for every
/// cell and step (a square root and a division were a quarter of aligning
/// a book).
fn length_cost(l1: usize, l2: usize, ratio: f64, variance: f64) -> f64 {
    // d² / (2 · mean · variance), the mean (l1 + l2 / ratio) / 2 at least
    // 1, written with one division: times `ratio` above and below.
    let (l1, l2) = (l1 as f64, l2 as f64);
    let d = l2 - l1 * ratio;
    let twice_mean = (l1 * ratio + l2).max(2.0 * ratio);
    d * d * ratio / (twice_mean * variance)
}

/// What [`base_cost`] needs of one side of a bead.
#[derive(Clone, Copy, Default)]
pub(super) struct Summary {
    /// Its units.
    units: usize,
    /// Their characters.
    chars: usize,
    /// Whether a unit is a heading.
    heading: bool,
    /// Whether a unit has an anchor.
    anchored: bool,
    /// Whether a unit has a number among its anchors.
    numbered: bool,
}

impl Summary {
    /// The summary of `units`.
    fn of(units: &[Unit]) -> Summary {
        Summary {
            units: units.len(),
            chars: units.iter().map(Unit::chars).sum(),
            heading: units.iter().any(|u| u.heading().is_some()),
            anchored: units.iter().any(|u| !u.anchors().is_empty()),
            numbered: units.iter().any(numbered),
        }
    }
}

/// True when `u` has a number among its anchors.
fn numbered(u: &Unit) -> bool {
    u.anchors().iter().any(|&n| n >= super::NUMBER)
}

/// Running totals of one side's units, so that the programme summarises
/// any run of them in constant time: it asks for a dozen runs in every
/// cell, and reading each unit's anchors there was a fifth of aligning a
/// book.
pub(super) struct Sums {
    /// Characters of the units before each index.
    chars: Vec<usize>,
    /// Headings, anchored units and numbered units before each index.
    counts: Vec<[u32; 3]>,
}

impl Sums {
    /// The running totals of `units`.
    pub(super) fn new(units: &[Unit]) -> Sums {
        let mut chars = Vec::with_capacity(units.len() + 1);
        let mut counts = Vec::with_capacity(units.len() + 1);
        let (mut c, mut k) = (0usize, [0u32; 3]);
        chars.push(c);
        counts.push(k);
        for u in units {
            c += u.chars();
            k[0] += u32::from(u.heading().is_some());
            k[1] += u32::from(!u.anchors().is_empty());
            k[2] += u32::from(numbered(u));
            chars.push(c);
            counts.push(k);
        }
        Sums { chars, counts }
    }

    /// The summaries of the runs of 0 to `most` (at most [`MAX_SIDE`])
    /// units from `from` (the others, and those past the end, are left
    /// empty): every step from a cell takes one of them. A first pass's
    /// steps take at most two units a side, and summing the runs no step
    /// takes was a tenth of its time.
    pub(super) fn runs(&self, from: usize, most: usize) -> [Summary; MAX_SIDE + 1] {
        let mut out = [Summary::default(); MAX_SIDE + 1];
        for (k, slot) in out.iter_mut().enumerate().take(most + 1) {
            if from + k < self.chars.len() {
                *slot = self.summary(from, from + k);
            }
        }
        out
    }

    /// The summary of units `from..to`.
    fn summary(&self, from: usize, to: usize) -> Summary {
        let (a, b) = (self.counts[from], self.counts[to]);
        Summary {
            units: to - from,
            chars: self.chars[to] - self.chars[from],
            heading: b[0] > a[0],
            anchored: b[1] > a[1],
            numbered: b[2] > a[2],
        }
    }
}

/// Units as [`crate::lexicon::similarity`] takes them.
fn marked(units: &[Unit]) -> Vec<MarkedRef<'_>> {
    units
        .iter()
        .map(|u| (u.known, u.known_words(), u.translated()))
        .collect()
}

/// The lexicon's similarity of `a` and `b` (0 without a lexicon), every
/// unit of each counted.
pub fn similarity(a: &[Unit], b: &[Unit], lexicon: Option<&Lexicon>) -> f64 {
    if lexicon.is_none() || a.is_empty() || b.is_empty() {
        return 0.0;
    }
    crate::lexicon::similarity(&marked(a), &marked(b))
}

/// The cost of translating `a` as `b`: lengths, headings, anchors and the
/// lexicon.
pub fn bead_cost(a: &[Unit], b: &[Unit], score: &Scoring) -> f64 {
    base_cost(a, b, score) - LEXICON_WEIGHT * similarity(a, b, score.lexicon)
}

/// [`bead_cost`] less the lexicon's part.
pub(super) fn base_cost(a: &[Unit], b: &[Unit], score: &Scoring) -> f64 {
    summary_cost(Summary::of(a), Summary::of(b), || shared_units(a, b), score)
}

/// [`base_cost`] of `left[l.0..l.1]` against `right[r.0..r.1]`, summarised
/// as `a` and `b` (by [`Sums::runs`]). Inlined: the programme calls it for
/// every cell and step.
#[inline]
pub(super) fn base_cost_in(
    (left, right): (&[Unit], &[Unit]),
    (a, b): (Summary, Summary),
    l: (usize, usize),
    r: (usize, usize),
    score: &Scoring,
) -> f64 {
    summary_cost(
        a,
        b,
        || shared_units(&left[l.0..l.1], &right[r.0..r.1]),
        score,
    )
}

/// [`base_cost`] of two sides summarised as `a` and `b`; `shared` counts
/// the anchors they share.
#[inline]
fn summary_cost(a: Summary, b: Summary, shared: impl Fn() -> usize, score: &Scoring) -> f64 {
    let mut c = length_cost(a.chars, b.chars, score.ratio, score.variance);
    // With a lexicon to tell what matches, a unit left without a
    // counterpart costs the same whatever its length (as in Moore 2002):
    // else a long preface is merged into the first chapter rather than
    // left out.
    if score.lexicon.is_some() && (a.units == 0 || b.units == 0) {
        c = c.min(LONE);
    }
    // On a second pass, two headings go together for being headings only
    // when their numbers do not tell them apart (Аннотация is not
    // CHAPTER I).
    let apart = score.lexicon.is_some() && (a.numbered || b.numbered) && shared() == 0;
    match (a.heading, b.heading) {
        // Beads of three and four units are for sentences a translator
        // joined or split, not for a run of headings (a book's title, its
        // volume and part against CHAPTER I).
        (ha, hb) if (ha || hb) && (a.units > 2 || b.units > 2) => c += 6.0,
        (true, true) if !apart => c -= 4.0,
        (true, false) | (false, true) if a.units > 0 && b.units > 0 => c += 6.0,
        _ => {}
    }
    if a.anchored && b.anchored {
        let s = shared();
        c -= (2.0 * s as f64).min(8.0);
        if s == 0 {
            c += 1.0;
        }
    }
    c
}

/// How sure a bead is, 0 to 1: half how usual its lengths are, half what
/// it keeps (the lexicon's similarity, or the share of anchors kept
/// without one). A bead with one side empty scores by its lengths'
/// unlikeliness of being matched instead: 0.5.
pub fn bead_score(a: &[Unit], b: &[Unit], score: &Scoring) -> f32 {
    if a.is_empty() || b.is_empty() {
        return 0.5;
    }
    let delta = length_delta(a, b, score.ratio, score.variance);
    let lengths = (-delta * delta / 8.0).exp();
    let kept = match score.lexicon {
        Some(_) => similarity(a, b, score.lexicon),
        None => {
            let (x, y) = (a[0].anchors(), b[0].anchors());
            if x.is_empty() || y.is_empty() {
                0.5
            } else {
                shared(x, y) as f64 / x.len().max(y.len()) as f64
            }
        }
    };
    ((lengths + kept) / 2.0).clamp(0.0, 1.0) as f32
}

#[cfg(test)]
mod tests {
    use super::super::NUMBER;
    use super::*;
    use crate::lexicon::Lexicon;

    /// Units of any lengths, headings and anchors (numbers among them).
    fn units(spec: &[(usize, bool, Vec<u32>)]) -> Vec<Unit> {
        spec.iter()
            .map(|(chars, heading, anchors)| {
                let mut a: Vec<u32> = anchors.iter().map(|&x| x % 3 * NUMBER + x).collect();
                a.sort_unstable();
                a.dedup();
                Unit::new(*chars, heading.then_some(1), &a)
            })
            .collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(64))]
        /// The programme's costs from running totals are the costs of the
        /// units themselves, to the bit, with and without a lexicon.
        #[test]
        fn running_totals_cost_what_the_units_cost(
            left in proptest::collection::vec((0usize..400, proptest::bool::weighted(0.2), proptest::collection::vec(0u32..6, 0..3)), 0..7),
            right in proptest::collection::vec((0usize..400, proptest::bool::weighted(0.2), proptest::collection::vec(0u32..6, 0..3)), 0..7),
            ratio in 0.5f64..2.0,
        ) {
            let (left, right) = (units(&left), units(&right));
            let sums = [Sums::new(&left), Sums::new(&right)];
            let lexicon = Lexicon::default();
            for lexicon in [None, Some(&lexicon)] {
                let score = Scoring { ratio, steps: super::super::dp::MANY, lexicon, variance: super::super::dp::VARIANCE };
                for i in 0..=left.len() {
                    for j in 0..=right.len() {
                        let (downs, across) = (sums[0].runs(i, MAX_SIDE), sums[1].runs(j, MAX_SIDE));
                        for a in 0..=MAX_SIDE.min(left.len() - i) {
                            for b in 0..=MAX_SIDE.min(right.len() - j) {
                                let of_units = base_cost(&left[i..i + a], &right[j..j + b], &score);
                                let of_sums = base_cost_in((&left, &right), (downs[a], across[b]), (i, i + a), (j, j + b), &score);
                                proptest::prop_assert_eq!(of_units.to_bits(), of_sums.to_bits());
                            }
                        }
                    }
                }
            }
        }
    }
}
