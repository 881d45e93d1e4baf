//! A partial translation (two volumes of a novel against the whole of it)
//! or another edition: the part of the longer text the shorter one
//! translates, found from the numbered headings both share (chapter and
//! part numbers, in figures, Roman numerals or words), so that the shorter
//! text is aligned with that part alone and the rest of the longer one is
//! left without a counterpart, instead of the shorter being stretched over
//! the whole.

use super::{Bead, BeadSide, Unit, pins};
use crate::text::Side;
use std::ops::Range;

/// The part of the longer text that the shorter one translates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The longer text's side.
    pub side: Side,
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
    /// The longer text's side.
    pub side: Side,
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
    let excess = |side: Side| -> (f64, f64, f64, f64) {
        let (sb, lb, s0, s1, l0, l1, k) = if side == Side::Right {
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
        let share = |side: Side| {
            let (a, b, total, _) = excess(side);
            (a.max(0.0) + b.max(0.0)) / total.max(1.0)
        };
        if share(Side::Right) >= share(Side::Left) {
            Side::Right
        } else {
            Side::Left
        }
    };
    let (start, end, _, short) = excess(side);
    let at = if side == Side::Right { &br } else { &bl };
    window_over(side, at, start, end, short)
}

/// The window of the longer text on `side` (its characters before each
/// unit, `at`) that leaves out `start` characters before the shorter
/// text and `end` after it (`short` long in the longer text's
/// characters): `None` when that leaves out too little of it to be a
/// part. An end that leaves out enough is free, widened by [`SLACK`].
fn window_over(side: Side, at: &[f64], start: f64, end: f64, short: f64) -> Option<Window> {
    let len = at.len().saturating_sub(1);
    let total = at.last().copied().unwrap_or(0.0);
    if (start.max(0.0) + end.max(0.0)) / total.max(1.0) < MIN_LEFT_OUT {
        return None;
    }
    let free = (start > MIN_END * total, end > MIN_END * total);
    let slack = SLACK * short;
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
pub fn covered(beads: &[Bead], side: Side) -> Option<Range<usize>> {
    let long = |b: &Bead| {
        if side == Side::Left { b.left } else { b.right }
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
        left: if part.side == Side::Left {
            BeadSide::one(k)
        } else {
            BeadSide::new()
        },
        right: if part.side == Side::Right {
            BeadSide::one(k)
        } else {
            BeadSide::new()
        },
    };
    let long_len = if part.side == Side::Left {
        left.len()
    } else {
        right.len()
    };
    let mut beads: Vec<Bead> = (0..r.start).map(lone).collect();
    let within = if part.side == Side::Left {
        inner(&left[r.clone()], right)
    } else {
        inner(left, &right[r.clone()])
    };
    for mut b in within {
        let long = if part.side == Side::Left {
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
            let long = if part.side == Side::Left {
                &b.left
            } else {
                &b.right
            };
            if long.iter().any(|x| !r.contains(&x)) {
                return None;
            }
            let shifted: super::BeadSide = long.iter().map(|x| x - r.start).collect();
            Some(if part.side == Side::Left {
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

/// An anchor used at most this many times in each text places the two
/// texts against each other; a commoner one (a main character's name)
/// stands everywhere and places nothing.
const RARE: usize = 3;
/// The least number of anchors that must fall on one line for the line
/// to say where the shorter text lies.
const MIN_ON_LINE: usize = 12;
/// And the least share of the placing anchors' pairs that must.
const MIN_ON_LINE_SHARE: f64 = 0.2;
/// How far (a share of the shorter text's length) an anchor may stand off
/// the line and still be on it.
const LINE_BAND: f64 = 0.02;

/// Where the shorter text lies in the longer when no heading says (a
/// partial translation whose chapters are not numbered alike, or not at
/// all): the rare anchors (names, numbers) both texts have, each at its
/// place in characters in each, fall on one line `long = start + k ×
/// short` for a translation, its slope `k` how much longer the
/// translation runs; the line tried is the one most anchors fall on
/// (slopes from 0.6 to 1.6). `None` when too few anchors fall on any line,
/// or when the line covers nearly all of the longer text (a whole
/// translation).
pub fn anchor_window(left: &[Unit], right: &[Unit]) -> Option<Window> {
    let (n, m) = (left.len(), right.len());
    if n < 8 || m < 8 {
        return None;
    }
    let (bl, br) = (before(left), before(right));
    let (tl, tr) = (bl[n], br[m]);
    let side = if tr > tl { Side::Right } else { Side::Left };
    let (short, long, bs, bg) = if side == Side::Right {
        (left, right, &bl, &br)
    } else {
        (right, left, &br, &bl)
    };
    let (short_total, long_total) = (bs[short.len()], bg[long.len()]);
    // Where each anchor stands in each text (the middle of its units).
    let mut at: std::collections::HashMap<u32, [Vec<f64>; 2]> = std::collections::HashMap::new();
    for (k, (units, b)) in [(short, bs), (long, bg)].into_iter().enumerate() {
        for (i, u) in units.iter().enumerate() {
            for &a in u.anchors() {
                let places = &mut at.entry(a).or_default()[k];
                if places.len() <= RARE {
                    places.push((b[i] + b[i + 1]) / 2.0);
                }
            }
        }
    }
    let pairs: Vec<(f64, f64)> = at
        .values()
        .filter(|[s, l]| (1..=RARE).contains(&s.len()) && (1..=RARE).contains(&l.len()))
        .flat_map(|[s, l]| s.iter().flat_map(move |&x| l.iter().map(move |&y| (x, y))))
        .collect();
    if pairs.len() < MIN_ON_LINE {
        return None;
    }
    let band = LINE_BAND * short_total;
    // The slope and start most pairs fall on (a sliding window over each
    // slope's starts, sorted).
    let mut best = (0usize, 0.0f64, 0.0f64);
    let mut starts: Vec<f64> = Vec::with_capacity(pairs.len());
    for step in 0..=50 {
        let k = 0.6 + f64::from(step) * 0.02;
        starts.clear();
        starts.extend(pairs.iter().map(|&(x, y)| y - k * x));
        starts.sort_by(f64::total_cmp);
        let mut lo = 0;
        for hi in 0..starts.len() {
            while starts[hi] - starts[lo] > 2.0 * band {
                lo += 1;
            }
            if hi + 1 - lo > best.0 {
                best = (hi + 1 - lo, k, (starts[lo] + starts[hi]) / 2.0);
            }
        }
    }
    let (on, k, start) = best;
    if on < MIN_ON_LINE || (on as f64) < MIN_ON_LINE_SHARE * pairs.len() as f64 {
        return None;
    }
    let end = long_total - (start + k * short_total);
    window_over(side, bg, start, end, k * short_total)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A text of `n` units of 100 characters, unit `i` holding anchor
    /// `base + i`, and `extra` units more with anchors of their own.
    fn text(n: usize, base: u32, extra: usize) -> Vec<Unit> {
        (0..n)
            .map(|i| Unit::new(100, None, &[base + i as u32]))
            .chain((0..extra).map(|i| Unit::new(100, None, &[90_000 + i as u32])))
            .collect()
    }

    #[test]
    fn the_anchors_find_the_part_a_shorter_text_translates() {
        // Forty units translated, then sixty more the short text lacks.
        let short = text(40, 0, 0);
        let long = text(40, 0, 60);
        let w = anchor_window(&short, &long).expect("a part");
        assert_eq!((w.side, w.free), (Side::Right, (false, true)));
        assert!(
            w.range.start == 0 && (40..=55).contains(&w.range.end),
            "{w:?}"
        );
        // A whole translation is no part.
        assert_eq!(anchor_window(&short, &text(40, 0, 0)), None);
        // Anchors in no order place nothing.
        let shuffled: Vec<Unit> = (0..100)
            .map(|i| Unit::new(100, None, &[(i * 37 % 100) as u32]))
            .collect();
        assert_eq!(anchor_window(&short, &shuffled), None);
    }
}
