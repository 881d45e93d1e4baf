//! What a bead costs and how sure it is: how unlikely its lengths are for
//! a translation (Gale and Church's δ), what it keeps (headings, anchors)
//! and, once learned, what the lexicon finds on both sides.

use super::dp::{LEXICON_WEIGHT, LONE, Scoring, VARIANCE};
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
pub(super) fn length_delta(a: &[Unit], b: &[Unit], ratio: f64) -> f64 {
    let l1: usize = a.iter().map(Unit::chars).sum();
    let l2: usize = b.iter().map(Unit::chars).sum();
    let mean = (l1 as f64 + l2 as f64 / ratio) / 2.0;
    (l2 as f64 - l1 as f64 * ratio) / (mean.max(1.0) * VARIANCE).sqrt()
}

/// Half the square of [`length_delta`], without its square root: what
/// the programme adds for every cell and step (a square root and a
/// division were a quarter of aligning a book).
fn length_cost(a: &[Unit], b: &[Unit], ratio: f64) -> f64 {
    let l1: usize = a.iter().map(Unit::chars).sum();
    let l2: usize = b.iter().map(Unit::chars).sum();
    let mean = (l1 as f64 + l2 as f64 / ratio) / 2.0;
    let d = l2 as f64 - l1 as f64 * ratio;
    d * d / (2.0 * mean.max(1.0) * VARIANCE)
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
    let mut c = length_cost(a, b, score.ratio);
    // With a lexicon to tell what matches, a unit left without a
    // counterpart costs the same whatever its length (as in Moore 2002):
    // else a long preface is merged into the first chapter rather than
    // left out.
    if score.lexicon.is_some() && (a.is_empty() || b.is_empty()) {
        c = c.min(LONE);
    }
    let ha = a.iter().any(|u| u.heading().is_some());
    let hb = b.iter().any(|u| u.heading().is_some());
    // On a second pass, two headings go together for being headings only
    // when their numbers do not tell them apart (Аннотация is not
    // CHAPTER I).
    let numbered = |u: &[Unit]| {
        u.iter()
            .any(|x| x.anchors().iter().any(|&n| n >= super::NUMBER))
    };
    let apart = score.lexicon.is_some() && (numbered(a) || numbered(b)) && shared_units(a, b) == 0;
    match (ha, hb) {
        // Beads of three and four units are for sentences a translator
        // joined or split, not for a run of headings (a book's title, its
        // volume and part against CHAPTER I).
        _ if (ha || hb) && (a.len() > 2 || b.len() > 2) => c += 6.0,
        (true, true) if !apart => c -= 4.0,
        (true, false) | (false, true) if !a.is_empty() && !b.is_empty() => c += 6.0,
        _ => {}
    }
    if a.iter().any(|u| !u.anchors().is_empty()) && b.iter().any(|u| !u.anchors().is_empty()) {
        let s = shared_units(a, b);
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
    let delta = length_delta(a, b, score.ratio);
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
