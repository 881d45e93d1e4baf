//! Whether an alignment is a translation's, or the best the programme
//! can do with two narratives: a translation's 1–1 beads keep their
//! anchors (names, numbers) far more often than the same pairs shifted
//! do, or, where the names say little, its beads are mostly 1–1 of
//! paragraphs of one length.

use super::{Alignment, Unit, paired_ratio, ratio, shared};
use crate::text::Side;

/// True when `best` looks like a translation's alignment: paragraph counts
/// within a factor of two, and its 1–1 beads keep their anchors far more
/// often than the same beads shifted do, or it is mostly 1–1 beads of
/// paragraphs of one length (`lengths_kept`).
pub fn is_translation(left: &[Unit], right: &[Unit], best: &Alignment) -> bool {
    let (n, m) = (left.len(), right.len());
    let within_two = |a: usize, b: usize| a <= 2 * b && b <= 2 * a;
    let fits = match &best.part {
        // A partial translation: the shorter text against its part.
        Some(p) => within_two(p.range.len(), if p.side == Side::Left { m } else { n }),
        None => within_two(n, m),
    };
    if n < 8 || m < 8 || !fits {
        return false;
    }
    // How many 1–1 beads with anchors on both sides share one, of how many.
    let mut kept = (0usize, 0usize);
    for b in &best.beads {
        if let (Some(l), Some(r)) = (b.left.first(), b.right.first())
            && b.left.len() == 1
            && b.right.len() == 1
        {
            let (ua, ub) = (&left[l], &right[r]);
            if !ua.anchors().is_empty() && !ub.anchors().is_empty() {
                kept.1 += 1;
                if shared(ua.anchors(), ub.anchors()) > 0 {
                    kept.0 += 1;
                }
            }
        }
    }
    let (kept, of) = kept;
    if of < 5 {
        return lengths_kept(left, right, best);
    }
    // The same pairs shifted by a few paragraphs: what chance alone keeps.
    let mut chance = (0usize, 0usize);
    for b in &best.beads {
        if let (Some(l), Some(r)) = (b.left.first(), b.right.first()) {
            let r2 = r + 4;
            if r2 < m && !left[l].anchors().is_empty() && !right[r2].anchors().is_empty() {
                chance.1 += 1;
                if shared(left[l].anchors(), right[r2].anchors()) > 0 {
                    chance.0 += 1;
                }
            }
        }
    }
    let rate = kept as f64 / of as f64;
    let base = chance.0 as f64 / chance.1.max(1) as f64;
    (rate >= 0.5 && rate >= 1.6 * base) || lengths_kept(left, right, best)
}

/// True when, between `best`'s first and last beads that pair paragraphs,
/// three beads in five are 1–1, and half of those pair paragraphs whose
/// lengths (over the paired paragraphs' ratio) are within a log ratio of
/// 0.25 of each other (+28% or −22%), twice as close as the same pairs
/// shifted by four. A translation whose names say little shows so: any
/// pairing keeps the Gregor of Kafka's Die Verwandlung, in nearly every
/// paragraph (its English translation kept an anchor in all its 1–1
/// beads, and in 83% of them shifted), yet 94% of its beads are 1–1 and
/// half of those within 0.045; Also sprach Zarathustra in Czech, 79% and
/// 0.093. Two narratives leave few 1–1 beads (Borodino: 13%, 0.48).
fn lengths_kept(left: &[Unit], right: &[Unit], best: &Alignment) -> bool {
    /// The fewest pairs, aligned and shifted, worth a median.
    const FEW: usize = 8;
    let ratio = paired_ratio(left, right, &best.beads).unwrap_or_else(|| ratio(left, right));
    let off = |l: usize, r: usize| {
        let (a, b) = (left[l].chars().max(1), right[r].chars().max(1));
        (b as f64 / (a as f64 * ratio)).ln().abs()
    };
    // Unpaired runs before the first pair and after the last (front
    // matter, the rest of a book a part is translated from) say nothing.
    let paired = |b: &&super::Bead| !b.left.is_empty() && !b.right.is_empty();
    let first = best.beads.iter().position(|b| paired(&b));
    let last = best.beads.iter().rposition(|b| paired(&b));
    let (Some(first), Some(last)) = (first, last) else {
        return false;
    };
    let inside = &best.beads[first..=last];
    let (mut ones, mut shifted) = (Vec::new(), Vec::new());
    for b in inside {
        if let (Some(l), Some(r)) = (b.left.first(), b.right.first())
            && b.left.len() == 1
            && b.right.len() == 1
        {
            ones.push(off(l, r));
            if r + 4 < right.len() {
                shifted.push(off(l, r + 4));
            }
        }
    }
    if ones.len() < FEW || shifted.len() < FEW || ones.len() * 5 < inside.len() * 3 {
        return false;
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (near, chance) = (median(&mut ones), median(&mut shifted));
    near <= 0.25 && 2.0 * near <= chance
}
