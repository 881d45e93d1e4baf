//! A partial translation (two volumes of a novel against the whole of it)
//! or another edition: the part of the longer text the shorter one
//! translates, found from the numbered headings both share (chapter and
//! part numbers, in figures, Roman numerals or words), so that the shorter
//! text is aligned with that part alone and the rest of the longer one is
//! left without a counterpart, instead of the shorter being stretched over
//! the whole.

use super::{Bead, BeadSide, Unit, pins};
use std::ops::Range;

/// The part of the longer text that the shorter one translates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The longer text's side: 0 left, 1 right.
    pub side: usize,
    /// Its units the shorter text's fall within.
    pub range: Range<usize>,
}

/// The least share of the longer text (in characters) the shorter one
/// leaves out, for it to be a part at all (less is an edition's extra
/// front or back matter, or a translator's looseness).
const MIN_LEFT_OUT: f64 = 0.3;
/// The least share of the longer text left out at one end for that end
/// to be found by the alignment rather than taken as the text's end.
const MIN_END: f64 = 0.1;
/// How much of the shorter text's length the window around its expected
/// place in the longer one is widened by at a free end.
const SLACK: f64 = 0.25;

/// Where the shorter text may lie in the longer one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Window {
    /// The longer text's side: 0 left, 1 right.
    pub side: usize,
    /// Its units to look in.
    pub range: Range<usize>,
    /// Whether the shorter text may start (`.0`) or end (`.1`) anywhere
    /// in the window rather than at its edge.
    pub free: (bool, bool),
}

/// Characters before each unit (one more entry than units: the total).
fn before(units: &[Unit]) -> Vec<f64> {
    let mut at = Vec::with_capacity(units.len() + 1);
    let mut sum = 0.0;
    at.push(0.0);
    for u in units {
        sum += u.chars() as f64;
        at.push(sum);
    }
    at
}

/// Where the shorter text lies in the longer, when the headings both
/// share say it covers only part of it: the characters each text has
/// before its first shared heading and after its last, against what the
/// other text's would make of them (at the ratio of lengths between those
/// headings); the longer text's excess at either end is what the shorter
/// text leaves out.
pub fn window(left: &[Unit], right: &[Unit]) -> Option<Window> {
    let (n, m) = (left.len(), right.len());
    if n < 8 || m < 8 {
        return None;
    }
    let pins = pins::heading_pins(left, right);
    let (&(i0, j0), &(i1, j1)) = (pins.first()?, pins.last()?);
    let (bl, br) = (before(left), before(right));
    // Right characters per left character between the pins (1 with one pin).
    let per = if i1 > i0 && j1 > j0 {
        ((br[j1] - br[j0]) / (bl[i1] - bl[i0]).max(1.0)).clamp(0.5, 2.0)
    } else {
        1.0
    };
    // Each orientation: (long side, excess at the start and end, in the
    // long side's characters, its total, the short side's total).
    let excess = |side: usize| -> (f64, f64, f64, f64) {
        let (sb, lb, s0, s1, l0, l1, k) = if side == 1 {
            (&bl, &br, i0, i1, j0, j1, per)
        } else {
            (&br, &bl, j0, j1, i0, i1, 1.0 / per)
        };
        let (s_total, l_total) = (sb[sb.len() - 1], lb[lb.len() - 1]);
        let start = lb[l0] - sb[s0] * k;
        let end = (l_total - lb[l1]) - (s_total - sb[s1]) * k;
        (start, end, l_total, s_total * k)
    };
    let side = {
        let share = |side: usize| {
            let (a, b, total, _) = excess(side);
            (a.max(0.0) + b.max(0.0)) / total.max(1.0)
        };
        usize::from(share(1) >= share(0))
    };
    let (start, end, total, short) = excess(side);
    if (start.max(0.0) + end.max(0.0)) / total.max(1.0) < MIN_LEFT_OUT {
        return None;
    }
    let free = (start > MIN_END * total, end > MIN_END * total);
    let slack = SLACK * short;
    let at = if side == 1 { &br } else { &bl };
    let len = if side == 1 { m } else { n };
    let unit_at = |c: f64| at.partition_point(|&x| x <= c).saturating_sub(1).min(len);
    let from = if free.0 {
        unit_at((start - slack).max(0.0))
    } else {
        0
    };
    let to = if free.1 {
        (unit_at(total - end + slack) + 1).min(len)
    } else {
        len
    };
    (to > from).then_some(Window {
        side,
        range: from..to,
        free,
    })
}

/// The part of the longer text the shorter one's counterparts lie in:
/// from the first to the last unit of the longer side in a bead with both
/// sides.
pub fn covered(beads: &[Bead], side: usize) -> Option<Range<usize>> {
    let long = |b: &Bead| {
        if side == 0 { b.left } else { b.right }
    };
    let two = beads
        .iter()
        .filter(|b| !b.left.is_empty() && !b.right.is_empty());
    let (mut lo, mut hi) = (usize::MAX, 0);
    for b in two {
        for x in long(b) {
            lo = lo.min(x);
            hi = hi.max(x + 1);
        }
    }
    (lo < hi).then_some(lo..hi)
}

/// The beads of `left` and `right` with the shorter text aligned to
/// `part` of the longer by `inner` (indexes within the two it is given),
/// the rest of the longer text in beads of its own.
pub fn beads_in(
    left: &[Unit],
    right: &[Unit],
    part: &Part,
    inner: impl FnOnce(&[Unit], &[Unit]) -> Vec<Bead>,
) -> Vec<Bead> {
    let r = part.range.clone();
    let lone = |k: usize| Bead {
        left: if part.side == 0 {
            BeadSide::one(k)
        } else {
            BeadSide::new()
        },
        right: if part.side == 1 {
            BeadSide::one(k)
        } else {
            BeadSide::new()
        },
    };
    let long_len = if part.side == 0 {
        left.len()
    } else {
        right.len()
    };
    let mut beads: Vec<Bead> = (0..r.start).map(lone).collect();
    let within = if part.side == 0 {
        inner(&left[r.clone()], right)
    } else {
        inner(left, &right[r.clone()])
    };
    for mut b in within {
        let long = if part.side == 0 {
            &mut b.left
        } else {
            &mut b.right
        };
        *long = long.iter().map(|x| x + r.start).collect();
        beads.push(b);
    }
    beads.extend((r.end..long_len).map(lone));
    beads
}

/// `beads` (of the whole pair) inside `part`, indexes within it: what a
/// second pass starts from.
pub fn inside(beads: &[Bead], part: &Part) -> Vec<Bead> {
    let r = &part.range;
    beads
        .iter()
        .filter_map(|b| {
            let long = if part.side == 0 { &b.left } else { &b.right };
            if long.iter().any(|x| !r.contains(&x)) {
                return None;
            }
            let shifted: super::BeadSide = long.iter().map(|x| x - r.start).collect();
            Some(if part.side == 0 {
                Bead {
                    left: shifted,
                    right: b.right,
                }
            } else {
                Bead {
                    left: b.left,
                    right: shifted,
                }
            })
        })
        .collect()
}
