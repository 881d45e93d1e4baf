//! Whether an alignment is a translation's, or the best the programme
//! can do with two narratives: a translation's 1–1 beads keep their
//! anchors (names, numbers) far more often than the same pairs shifted
//! do, or, where the names say little, its beads are mostly 1–1 of
//! paragraphs of one length.

use super::{Alignment, Bead, Unit, paired_ratio, ratio, shared};
use crate::text::Side;
use std::collections::{HashMap, HashSet};

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
    // Whether left `l` and right `r` share an anchor, where both have one
    // that is not in a tenth of its text's paragraphs or more: the hero
    // named in every other paragraph is kept by any pairing (Oliver Twist
    // in German: 0.61 of the beads shifted by four kept an anchor).
    let common = |units: &[Unit]| -> HashSet<u32> {
        let mut df: HashMap<u32, usize> = HashMap::new();
        for u in units {
            for &a in u.anchors() {
                *df.entry(a).or_default() += 1;
            }
        }
        df.into_iter()
            .filter(|&(_, k)| k * 10 >= units.len())
            .map(|(a, _)| a)
            .collect()
    };
    let (cl, cr) = (common(left), common(right));
    let rare = |u: &Unit| -> Vec<u32> {
        u.anchors()
            .iter()
            .filter(|a| !cl.contains(a) && !cr.contains(a))
            .copied()
            .collect()
    };
    let keeps = |l: usize, r: usize| {
        let (a, b) = (rare(&left[l]), rare(&right[r]));
        (!a.is_empty() && !b.is_empty()).then(|| shared(&a, &b) > 0)
    };
    let count = |pairs: &mut dyn Iterator<Item = (usize, usize)>| {
        pairs
            .filter_map(|(l, r)| keeps(l, r))
            .fold((0usize, 0usize), |(k, n), kept| {
                (k + usize::from(kept), n + 1)
            })
    };
    // How many 1–1 beads with anchors on both sides share one, of how many.
    let (kept, of) = count(&mut best.beads.iter().filter_map(one_to_one));
    if of < 5 {
        return lengths_kept(left, right, best);
    }
    // The same pairs shifted by a few paragraphs: what chance alone keeps.
    // Far enough to leave the scene (a scene's paragraphs name its people
    // over and over: Oliver Twist in German kept an anchor in 0.57 of the
    // beads shifted by four, 0.47 by twelve; War and Peace 0.31, 0.13).
    let shift = (m / 8).clamp(4, 12);
    let chance = count(
        &mut best
            .beads
            .iter()
            .filter_map(|b| Some((b.left.first()?, b.right.first()? + shift)))
            .filter(|&(_, r)| r < m),
    );
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
/// beads, and in 83% of them shifted), yet 96% of its beads are 1–1 and
/// half of those within 0.045; Also sprach Zarathustra in Czech, 79% and
/// 0.093. Two narratives leave few 1–1 beads (Borodino: 29%).
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
    let paired = |b: &Bead| !b.left.is_empty() && !b.right.is_empty();
    let first = best.beads.iter().position(paired);
    let last = best.beads.iter().rposition(paired);
    let (Some(first), Some(last)) = (first, last) else {
        return false;
    };
    let inside = &best.beads[first..=last];
    let (mut ones, mut shifted) = (Vec::new(), Vec::new());
    for (l, r) in inside.iter().filter_map(one_to_one) {
        ones.push(off(l, r));
        if r + 4 < right.len() {
            shifted.push(off(l, r + 4));
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

/// The paragraphs of `b`, a 1–1 bead.
fn one_to_one(b: &Bead) -> Option<(usize, usize)> {
    if b.left.len() == 1 && b.right.len() == 1 {
        Some((b.left.first()?, b.right.first()?))
    } else {
        None
    }
}
