//! Whether an alignment is a translation's, or the best the programme
//! can do with two narratives.

use super::{Alignment, Unit, shared};
use crate::text::Side;

/// True when `best` looks like a translation's alignment: paragraph counts
/// within a factor of two, and its 1–1 beads keep their anchors far more
/// often than the same beads shifted do.
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
        return false;
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
    rate >= 0.5 && rate >= 1.6 * base
}
