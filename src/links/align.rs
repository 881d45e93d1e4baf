//! Aligning a translation with its original, paragraph by paragraph, in the
//! manner of Gale and Church (1993): a dynamic programme over 1–1, 1–2,
//! 2–1, 1–0 and 0–1 steps whose cost is how unlikely the lengths are for a
//! translation (their ratio over the whole pair), anchored, as hunalign and
//! Moore (2002) do, on what a translation keeps: headings, numbers and
//! names (through the people found in both texts). Long texts are aligned
//! in a band around the diagonal. Whether a pair is a translation at all is
//! decided from how well the best alignment keeps its anchors compared with
//! a shifted one.

/// What `--align` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AlignChoice {
    /// Decide per pair.
    #[default]
    Auto,
    /// Align as a translation.
    Translation,
    /// Link as two narratives.
    Narrative,
}

crate::named_choices!(AlignChoice, "alignment", [
    "translation" => AlignChoice::Translation,
    "narrative" => AlignChoice::Narrative,
    "auto" => AlignChoice::Auto,
]);

/// What a paragraph brings to the alignment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unit {
    /// Its length in characters.
    pub chars: usize,
    /// A heading (or its level).
    pub heading: Option<u8>,
    /// Numbers, entries (people and places known in both texts) and the
    /// like: anything a translation keeps. Sorted, without repeats.
    pub anchors: Vec<u32>,
}

/// A run of paragraphs on each side that translate each other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bead {
    /// Paragraph indexes on the left (0 to 2).
    pub left: Vec<usize>,
    /// Paragraph indexes on the right (0 to 2).
    pub right: Vec<usize>,
}

/// The alignment of two accounts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Alignment {
    /// The beads, in order.
    pub beads: Vec<Bead>,
    /// For each paragraph of each side, its counterpart on the other side.
    pub of: [Vec<Option<usize>>; 2],
    /// How many beads of 1–1 with anchors on both sides share one, of how many.
    pub kept: (usize, usize),
}

/// Steps of the dynamic programme: (left, right, prior cost).
const STEPS: [(usize, usize, f64); 5] = [
    (1, 1, 0.0),
    (1, 2, 2.3),
    (2, 1, 2.3),
    (1, 0, 4.6),
    (0, 1, 4.6),
];
/// How far apart (in paragraphs) the free alignment may put two numbered
/// headings for them to be pinned together.
const PIN_DRIFT: usize = 3;
/// Anchors from this value up are numbers (the rest are entries).
pub const NUMBER: u32 = 1_000_000;
/// The variance per character of a translation's length (Gale and Church: 6.8).
const VARIANCE: f64 = 6.8;
/// The band's half-width, at least.
const BAND: usize = 60;
/// The most cells the programme fills.
const MAX_CELLS: usize = 8_000_000;

/// Aligns `left` and `right` by the dynamic programme; then, where the
/// numbered headings both have (chapter I with CHAPTER I) fall within a few
/// paragraphs of each other in that alignment, aligns again with them
/// pinned, stretch by stretch. Front matter on one side can then no longer
/// pull the start out of step, while a chapter the two editions divide
/// differently (its headings far apart) is not forced together.
pub fn align(left: &[Unit], right: &[Unit]) -> Alignment {
    let (n, m) = (left.len(), right.len());
    let total = |u: &[Unit]| u.iter().map(|x| x.chars).sum::<usize>().max(1) as f64;
    let ratio = total(right) / total(left);
    let free = align_stretch(left, right, ratio);
    let pins = heading_pins(left, right);
    if pins.is_empty() {
        return finish(left, right, free);
    }
    let mut of = vec![None; n];
    for b in &free {
        if let Some(&r) = b.right.first() {
            for &x in &b.left {
                of[x] = Some(r);
            }
        }
    }
    // Where the free alignment puts paragraph i (or, when it left i out,
    // the nearest paragraph it did not).
    let near = |i: usize| {
        (0..=PIN_DRIFT).find_map(|d| {
            of.get(i + d)
                .copied()
                .flatten()
                .or_else(|| of.get(i.checked_sub(d)?).copied().flatten())
        })
    };
    let pins: Vec<(usize, usize)> = pins
        .into_iter()
        .filter(|&(i, j)| near(i).is_some_and(|k: usize| k.abs_diff(j) <= PIN_DRIFT))
        .collect();
    if pins.is_empty() {
        return finish(left, right, free);
    }
    let mut beads = Vec::new();
    let (mut a, mut b) = (0, 0);
    for (i, j) in pins.into_iter().chain(std::iter::once((n, m))) {
        for bead in align_stretch(&left[a..i], &right[b..j], ratio) {
            beads.push(Bead {
                left: bead.left.iter().map(|x| x + a).collect(),
                right: bead.right.iter().map(|y| y + b).collect(),
            });
        }
        if i < n && j < m {
            beads.push(Bead {
                left: vec![i],
                right: vec![j],
            });
        }
        (a, b) = (i + 1, j + 1);
    }
    finish(left, right, beads)
}

/// The numbered headings of both sides to align with each other: the
/// heaviest sequence, in order on both sides, of pairs sharing a number,
/// a pair at the same heading level weighing more (chapter I with CHAPTER
/// I rather than with "Volume 1").
fn heading_pins(left: &[Unit], right: &[Unit]) -> Vec<(usize, usize)> {
    let numbered = |units: &[Unit]| -> Vec<usize> {
        (0..units.len())
            .filter(|&i| {
                units[i].heading.is_some() && units[i].anchors.iter().any(|&x| x >= NUMBER)
            })
            .collect()
    };
    let (l, r) = (numbered(left), numbered(right));
    if l.is_empty() || r.is_empty() || l.len().saturating_mul(r.len()) > 4_000_000 {
        return Vec::new();
    }
    // Each heading's numbers, once (the table below asks for every pair).
    let numbers = |units: &[Unit], at: &[usize]| -> Vec<Vec<u32>> {
        at.iter()
            .map(|&i| {
                units[i]
                    .anchors
                    .iter()
                    .copied()
                    .filter(|&a| a >= NUMBER)
                    .collect()
            })
            .collect()
    };
    let (l_numbers, r_numbers) = (numbers(left, &l), numbers(right, &r));
    let weight = |i: usize, j: usize| -> u32 {
        let (x, y) = (&left[l[i]], &right[r[j]]);
        if shared(&l_numbers[i], &r_numbers[j]) == 0 {
            0
        } else if x.heading == y.heading {
            2
        } else {
            1
        }
    };
    // best[i][j]: the heaviest pinning of l[i..] and r[j..].
    let w = r.len() + 1;
    let mut best = vec![0u32; (l.len() + 1) * w];
    for i in (0..l.len()).rev() {
        for j in (0..r.len()).rev() {
            let take = match weight(i, j) {
                0 => 0,
                k => k + best[(i + 1) * w + j + 1],
            };
            best[i * w + j] = take.max(best[(i + 1) * w + j]).max(best[i * w + j + 1]);
        }
    }
    let mut pins = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < l.len() && j < r.len() {
        let k = weight(i, j);
        if k > 0 && best[i * w + j] == k + best[(i + 1) * w + j + 1] {
            pins.push((l[i], r[j]));
            i += 1;
            j += 1;
        } else if best[i * w + j] == best[(i + 1) * w + j] {
            i += 1;
        } else {
            j += 1;
        }
    }
    pins
}

/// The beads of one stretch, indexes within it.
fn align_stretch(left: &[Unit], right: &[Unit], ratio: f64) -> Vec<Bead> {
    let (n, m) = (left.len(), right.len());
    // The band: wide enough for the drift between the two, and at most
    // about eight million cells in all.
    let band = BAND
        .max(n.abs_diff(m) + BAND)
        .max(n.max(m) / 50)
        .min((MAX_CELLS / (n + 1)).saturating_sub(2) / 2)
        .max(BAND);
    let inf = f64::INFINITY;
    // Cost and back-pointer of reaching (i, j), for j within the band. A
    // step goes at most two rows down, so only three rows of costs are
    // kept (a ring); the back-pointers, a byte a cell, are all kept.
    let lo = |i: usize| (i * m / n.max(1)).saturating_sub(band);
    let hi = |i: usize| ((i * m / n.max(1)) + band).min(m);
    let width = 2 * band + 2;
    let mut rows = vec![inf; 3 * width];
    let mut back = vec![u8::MAX; (n + 1) * width];
    let col =
        |i: usize, j: usize| -> Option<usize> { (j >= lo(i) && j <= hi(i)).then(|| j - lo(i)) };
    let at = |i: usize, j: usize| -> Option<usize> { col(i, j).map(|c| i * width + c) };
    let row = |i: usize| (i % 3) * width;
    if let Some(c) = col(0, 0) {
        rows[c] = 0.0;
    }
    for i in 0..=n {
        // The row two below held row i − 1, which is done: it starts anew.
        let r2 = row(i + 2);
        rows[r2..r2 + width].fill(inf);
        for j in lo(i)..=hi(i) {
            let Some(c) = col(i, j) else { continue };
            let here = rows[row(i) + c];
            if here == inf {
                continue;
            }
            for (s, &(a, b, prior)) in STEPS.iter().enumerate() {
                let (ni, nj) = (i + a, j + b);
                if ni > n || nj > m {
                    continue;
                }
                let Some(nc) = col(ni, nj) else { continue };
                let c = here + prior + bead_cost(&left[i..ni], &right[j..nj], ratio);
                let slot = &mut rows[row(ni) + nc];
                if c < *slot {
                    *slot = c;
                    back[ni * width + nc] = s as u8;
                }
            }
        }
    }
    // Walk back from the end.
    let mut beads = Vec::new();
    let (mut i, mut j) = (n, m);
    while i > 0 || j > 0 {
        let Some(k) = at(i, j) else { break };
        let Some(&(a, b, _)) = STEPS.get(back[k] as usize) else {
            break;
        };
        beads.push(Bead {
            left: (i - a..i).collect(),
            right: (j - b..j).collect(),
        });
        i -= a;
        j -= b;
    }
    beads.reverse();
    beads
}

/// The alignment made of `beads`: each paragraph's counterpart, and how
/// well the one-to-one beads keep their anchors.
fn finish(left: &[Unit], right: &[Unit], beads: Vec<Bead>) -> Alignment {
    let (n, m) = (left.len(), right.len());
    let mut of: [Vec<Option<usize>>; 2] = [vec![None; n], vec![None; m]];
    let mut kept = (0, 0);
    for b in &beads {
        if let (Some(&l), Some(&r)) = (b.left.first(), b.right.first()) {
            for &x in &b.left {
                of[0][x] = Some(r);
            }
            for &y in &b.right {
                of[1][y] = Some(l);
            }
            if b.left.len() == 1 && b.right.len() == 1 {
                let (ua, ub) = (&left[l], &right[r]);
                if !ua.anchors.is_empty() && !ub.anchors.is_empty() {
                    kept.1 += 1;
                    if shared(&ua.anchors, &ub.anchors) > 0 {
                        kept.0 += 1;
                    }
                }
            }
        }
    }
    Alignment { beads, of, kept }
}

/// The cost of translating `a` as `b`: lengths, headings, anchors.
fn bead_cost(a: &[Unit], b: &[Unit], ratio: f64) -> f64 {
    let l1: usize = a.iter().map(|u| u.chars).sum();
    let l2: usize = b.iter().map(|u| u.chars).sum();
    let mean = (l1 as f64 + l2 as f64 / ratio) / 2.0;
    let delta = (l2 as f64 - l1 as f64 * ratio) / (mean.max(1.0) * VARIANCE).sqrt();
    let mut c = delta * delta / 2.0;
    let ha = a.iter().any(|u| u.heading.is_some());
    let hb = b.iter().any(|u| u.heading.is_some());
    match (ha, hb) {
        (true, true) => c -= 4.0,
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

/// How many distinct anchors two sorted, deduplicated lists share (a
/// merge: this runs millions of times in the programme).
fn shared(a: &[u32], b: &[u32]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

/// How many distinct anchors the units of `a` and of `b` share (one or two
/// units a side, each with sorted, deduplicated anchors), without
/// gathering them into new lists.
fn shared_units(a: &[Unit], b: &[Unit]) -> usize {
    match (a, b) {
        ([x], [y]) => shared(&x.anchors, &y.anchors),
        _ => {
            // Each distinct anchor of `a` once (a later unit's only when no
            // earlier unit has it), counted when some unit of `b` has it.
            let has = |us: &[Unit], v: u32| us.iter().any(|u| u.anchors.binary_search(&v).is_ok());
            a.iter()
                .enumerate()
                .flat_map(|(k, u)| u.anchors.iter().map(move |&v| (k, v)))
                .filter(|&(k, v)| !has(&a[..k], v) && has(b, v))
                .count()
        }
    }
}

/// True when `best` looks like a translation's alignment: paragraph counts
/// within a factor of two, and its 1–1 beads keep their anchors far more
/// often than the same beads shifted do.
pub fn is_translation(left: &[Unit], right: &[Unit], best: &Alignment) -> bool {
    let (n, m) = (left.len(), right.len());
    if n < 8 || m < 8 || n > 2 * m || m > 2 * n {
        return false;
    }
    let (kept, of) = best.kept;
    if of < 5 {
        return false;
    }
    // The same pairs shifted by a few paragraphs: what chance alone keeps.
    let mut chance = (0usize, 0usize);
    for b in &best.beads {
        if let (Some(&l), Some(&r)) = (b.left.first(), b.right.first()) {
            let r2 = r + 4;
            if r2 < m && !left[l].anchors.is_empty() && !right[r2].anchors.is_empty() {
                chance.1 += 1;
                if shared(&left[l].anchors, &right[r2].anchors) > 0 {
                    chance.0 += 1;
                }
            }
        }
    }
    let rate = kept as f64 / of as f64;
    let base = chance.0 as f64 / chance.1.max(1) as f64;
    rate >= 0.5 && rate >= 1.6 * base
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(chars: usize, anchors: &[u32]) -> Unit {
        Unit {
            chars,
            heading: None,
            anchors: anchors.to_vec(),
        }
    }

    #[test]
    fn aligns_one_to_one_and_a_split() {
        let left = vec![
            unit(100, &[1]),
            unit(200, &[2]),
            unit(300, &[3, 4]),
            unit(120, &[5]),
        ];
        // The translation splits the third paragraph in two.
        let right = vec![
            unit(110, &[1]),
            unit(210, &[2]),
            unit(150, &[3]),
            unit(160, &[4]),
            unit(130, &[5]),
        ];
        let a = align(&left, &right);
        assert_eq!(a.of[0], [Some(0), Some(1), Some(2), Some(4)]);
        assert_eq!(a.of[1][3], Some(2));
    }

    #[test]
    fn front_matter_on_one_side_does_not_shift_the_chapters() {
        let heading = |n: u32| Unit {
            chars: 3,
            heading: Some(2),
            anchors: vec![NUMBER + n],
        };
        // Left: a title page and a preface, then chapters I and II; right:
        // the chapters only.
        let mut left = vec![unit(30, &[]), unit(400, &[]), unit(25, &[])];
        let mut right = Vec::new();
        for n in 1..=2 {
            left.push(heading(n));
            right.push(heading(n));
            for i in 0..6 {
                left.push(unit(200 + i * 40, &[]));
                right.push(unit(190 + i * 40, &[]));
            }
        }
        let a = align(&left, &right);
        assert_eq!(a.of[0][3], Some(0), "chapter I with CHAPTER I");
        assert_eq!(a.of[0][4], Some(1));
        assert_eq!(a.of[0][10], Some(7), "chapter II with CHAPTER II");
    }

    #[test]
    fn translations_keep_anchors_narratives_do_not() {
        let left: Vec<Unit> = (0..20).map(|i| unit(100 + i * 7, &[i as u32])).collect();
        let right: Vec<Unit> = (0..20).map(|i| unit(110 + i * 7, &[i as u32])).collect();
        let a = align(&left, &right);
        assert!(is_translation(&left, &right, &a));
        let other: Vec<Unit> = (0..20)
            .map(|i| unit(100 + i * 3, &[(i * 7 % 20) as u32 + 100]))
            .collect();
        let b = align(&left, &other);
        assert!(!is_translation(&left, &other, &b));
    }
}
