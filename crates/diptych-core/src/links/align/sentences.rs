//! Sentences aligned inside paragraph beads, by the same programme and the
//! same costs as paragraphs (lengths, anchors, the lexicon): every sentence
//! of a bead's paragraphs is in exactly one sentence bead, and a paragraph
//! without a counterpart gives sentences without one.

use super::dp::{self, Corridor, Scoring};
use super::{Alignment, BAND, MAX_CELLS, Unit};
use crate::lexicon::Lexicon;

/// A run of sentences on each side that translate each other.
#[derive(Debug, Clone, PartialEq)]
pub struct SentenceBead {
    /// (paragraph, sentence) on the left, 0-based; empty when none.
    pub left: Vec<(usize, usize)>,
    /// (paragraph, sentence) on the right.
    pub right: Vec<(usize, usize)>,
    /// How sure the bead is, 0 to 1.
    pub score: f32,
}

/// One side's sentences as alignment units, grouped by paragraph unit.
#[derive(Debug, Clone, Default)]
pub struct SentenceUnits {
    /// Every sentence of every paragraph unit, in order.
    pub units: Vec<Unit>,
    /// Each sentence's (paragraph, sentence).
    pub refs: Vec<(usize, usize)>,
    /// Where each paragraph unit's sentences start in `units` (one more
    /// entry than paragraph units: the end).
    pub start: Vec<usize>,
}

impl SentenceUnits {
    /// The sentences of paragraph units `at` (consecutive), as a range.
    fn of(&self, at: &super::BeadSide) -> std::ops::Range<usize> {
        match (at.first(), at.last()) {
            (Some(a), Some(b)) => {
                let s = self.start.get(a).copied().unwrap_or(0);
                let e = self.start.get(b + 1).copied().unwrap_or(s);
                s..e.max(s)
            }
            _ => 0..0,
        }
    }
}

/// The sentence beads of `paragraphs` (beads of paragraph units), the
/// beads' two halves on two threads.
pub fn align(
    paragraphs: &Alignment,
    sides: [&SentenceUnits; 2],
    lexicon: Option<&Lexicon>,
) -> Vec<SentenceBead> {
    let ratio = paired_ratio(paragraphs, sides)
        .unwrap_or_else(|| super::ratio(&sides[0].units, &sides[1].units));
    let variance = paired_variance(paragraphs, sides, ratio);
    let half = paragraphs.beads.len() / 2;
    let (a, b) = paragraphs.beads.split_at(half);
    std::thread::scope(|s| {
        let first = s.spawn(|| align_beads(a, sides, lexicon, ratio, variance));
        let second = align_beads(b, sides, lexicon, ratio, variance);
        match first.join() {
            Ok(mut out) => {
                out.extend(second);
                out
            }
            // The thread cannot panic short of a bug; its half is done here.
            Err(_) => {
                let mut out = align_beads(a, sides, lexicon, ratio, variance);
                out.extend(second);
                out
            }
        }
    })
}

/// The characters of each paragraph bead with two sides, counted in its
/// sentences (left, right).
fn paired_chars<'a>(
    paragraphs: &'a Alignment,
    sides: [&'a SentenceUnits; 2],
) -> impl Iterator<Item = (usize, usize)> + 'a {
    let chars = move |k: usize, at: &super::BeadSide| -> usize {
        let r = sides[k].of(at);
        sides[k]
            .units
            .get(r)
            .map_or(0, |u| u.iter().map(Unit::chars).sum())
    };
    paragraphs
        .beads
        .iter()
        .filter(|b| !b.left.is_empty() && !b.right.is_empty())
        .map(move |b| (chars(0, &b.left), chars(1, &b.right)))
}

/// Right characters per left character in the sentences of the paragraph
/// beads with two sides, as [`super::realign`] measures paragraphs (matter
/// of one side alone would make every sentence of the other look short);
/// `None` when those beads hold nothing.
fn paired_ratio(paragraphs: &Alignment, sides: [&SentenceUnits; 2]) -> Option<f64> {
    let (l, r) = paired_chars(paragraphs, sides).fold((0, 0), |(l, r), (a, b)| (l + a, r + b));
    (l > 0 && r > 0).then(|| r as f64 / l as f64)
}

/// The variance per character of the sentences' lengths in the paragraph
/// beads with two sides, at `ratio` (as [`super::variance_of`] finds it).
fn paired_variance(paragraphs: &Alignment, sides: [&SentenceUnits; 2], ratio: f64) -> f64 {
    super::variance_of(paired_chars(paragraphs, sides), ratio)
}

/// The sentence beads of `beads`.
fn align_beads(
    beads: &[super::Bead],
    sides: [&SentenceUnits; 2],
    lexicon: Option<&Lexicon>,
    ratio: f64,
    variance: f64,
) -> Vec<SentenceBead> {
    let score = Scoring {
        ratio,
        steps: dp::MANY,
        lexicon,
        variance,
    };
    let refs = |k: usize, r: std::ops::Range<usize>| -> Vec<(usize, usize)> {
        sides[k].refs.get(r).map(<[_]>::to_vec).unwrap_or_default()
    };
    let mut out = Vec::new();
    for bead in beads {
        let (l, r) = (sides[0].of(&bead.left), sides[1].of(&bead.right));
        if l.is_empty() || r.is_empty() {
            for k in l.clone() {
                out.push(lone(refs(0, k..k + 1), Vec::new()));
            }
            for k in r.clone() {
                out.push(lone(Vec::new(), refs(1, k..k + 1)));
            }
            continue;
        }
        let (left, right) = (&sides[0].units[l.clone()], &sides[1].units[r.clone()]);
        let (n, m) = (left.len(), right.len());
        let band = (n.abs_diff(m) + BAND)
            .min(n.max(m))
            .min((MAX_CELLS / (n + 1)).saturating_sub(2) / 2)
            .max(2);
        let beads = dp::programme(left, right, &score, &Corridor::diagonal(n, m, band));
        // A sentence the programme left alone beside a bead it belongs
        // to joins it, as paragraphs do (a translator's two sentences for
        // one that the steps split the other way).
        let beads = super::lone::absorb_lone(left, right, beads, &score);
        for b in beads {
            out.push(SentenceBead {
                left: b.left.iter().map(|i| sides[0].refs[l.start + i]).collect(),
                right: b.right.iter().map(|j| sides[1].refs[r.start + j]).collect(),
                score: dp::bead_score(
                    dp::units_of(left, &b.left),
                    dp::units_of(right, &b.right),
                    &score,
                ),
            });
        }
    }
    out
}

/// A sentence bead with one side empty.
fn lone(left: Vec<(usize, usize)>, right: Vec<(usize, usize)>) -> SentenceBead {
    SentenceBead {
        left,
        right,
        score: 0.5,
    }
}
