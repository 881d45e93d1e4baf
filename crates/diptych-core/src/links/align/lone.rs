//! Paragraphs (and sentences) the programme left without a counterpart
//! beside a bead they belong to: its steps take at most a few units a side
//! (two without the lexicon, four with it, [`super::dp::MANY`]), so a
//! translator's one paragraph for more leaves the rest alone.

use super::dp::Scoring;
use super::{Bead, BeadSide, Unit, cost};
use crate::text::Side;

/// The longest run of paragraphs without a counterpart that may join the
/// bead beside it.
const ABSORB: usize = 3;

/// The lexicon's similarity of a lone run to the other side of the bead
/// beside it from which the run belongs to that bead however its lengths
/// then fit, when it is also at least [`BELONGS_SHARE`] of the bead's own.
const BELONGS: f64 = 0.3;
/// See [`BELONGS`].
const BELONGS_SHARE: f64 = 0.5;

/// Joins each short run of paragraphs left without a counterpart to the
/// bead beside it on the same side when the bead so grown scores better
/// than it did, or when the lexicon finds enough of the run in the bead's
/// other side ([`BELONGS`]): the programme's steps take at most a few
/// paragraphs a side, so a translator's one paragraph for more (Le Tour
/// du monde's English ¶453 for the French ¶572–575, when steps took two;
/// its ¶95 for the French ¶108–113, where the English condenses so much
/// that the grown bead's lengths fit worse) left some of them unpaired
/// beside the bead.
pub(super) fn absorb_lone(
    left: &[Unit],
    right: &[Unit],
    beads: Vec<Bead>,
    score: &Scoring,
) -> Vec<Bead> {
    let two = |b: &Bead| !b.left.is_empty() && !b.right.is_empty();
    let bead_score = |b: &Bead| {
        cost::bead_score(
            cost::units_of(left, &b.left),
            cost::units_of(right, &b.right),
            score,
        )
    };
    // The side a bead without a counterpart has its paragraphs on.
    let lone_side = |b: &Bead| match (b.left.is_empty(), b.right.is_empty()) {
        (false, true) => Some(Side::Left),
        (true, false) => Some(Side::Right),
        _ => None,
    };
    let mut out: Vec<Bead> = Vec::with_capacity(beads.len());
    let mut i = 0;
    while i < beads.len() {
        // A run of lone beads on one side, from i.
        let Some(side) = lone_side(&beads[i]) else {
            out.push(beads[i].clone());
            i += 1;
            continue;
        };
        let mut j = i;
        while j < beads.len() && lone_side(&beads[j]) == Some(side) {
            j += 1;
        }
        let of = |x: &Bead| if side == Side::Left { x.left } else { x.right };
        let lone = of(&beads[i]).iter().start..of(&beads[j - 1]).iter().end;
        let grow = |b: &Bead, at_start: bool| -> Bead {
            let mut g = b.clone();
            let s = if side == Side::Left {
                &mut g.left
            } else {
                &mut g.right
            };
            let have = s.iter();
            *s = if at_start {
                BeadSide::run(lone.start..have.end)
            } else {
                BeadSide::run(have.start..lone.end)
            };
            g
        };
        let mut joined = false;
        if j - i <= ABSORB {
            let before = out.last().filter(|b| two(b)).map(|b| {
                let g = grow(b, false);
                (
                    (bead_score(&g) - bead_score(b))
                        .max(belongs(left, right, side, &lone, b, score)),
                    g,
                )
            });
            let after = beads.get(j).filter(|b| two(b)).map(|b| {
                let g = grow(b, true);
                (
                    (bead_score(&g) - bead_score(b))
                        .max(belongs(left, right, side, &lone, b, score)),
                    g,
                )
            });
            match (before, after) {
                (Some((gain, g)), a)
                    if gain > 0.0 && a.as_ref().is_none_or(|(x, _)| gain >= *x) =>
                {
                    if let Some(last) = out.last_mut() {
                        *last = g;
                        joined = true;
                        i = j;
                    }
                }
                (_, Some((gain, g))) if gain > 0.0 => {
                    out.push(g);
                    joined = true;
                    i = j + 1;
                }
                _ => {}
            }
        }
        if !joined {
            out.extend(beads[i..j].iter().cloned());
            i = j;
        }
    }
    out
}

/// The share of the words of the lone run `lone` of `side` that the
/// lexicon finds in the other side of bead `b`, when it says the run
/// belongs there ([`BELONGS`], [`BELONGS_SHARE`]); else 0.
fn belongs(
    left: &[Unit],
    right: &[Unit],
    side: Side,
    lone: &std::ops::Range<usize>,
    b: &Bead,
    score: &Scoring,
) -> f32 {
    let (units, own, other) = if side == Side::Left {
        (
            left.get(lone.clone()).unwrap_or(&[]),
            cost::units_of(left, &b.left),
            cost::units_of(right, &b.right),
        )
    } else {
        (
            right.get(lone.clone()).unwrap_or(&[]),
            cost::units_of(right, &b.right),
            cost::units_of(left, &b.left),
        )
    };
    let found = cost::similarity(units, other, score.lexicon);
    let kept = cost::similarity(own, other, score.lexicon);
    if found >= BELONGS && found >= BELONGS_SHARE * kept {
        found as f32
    } else {
        0.0
    }
}
