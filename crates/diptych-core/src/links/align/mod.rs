//! Aligning a translation with its original, paragraph by paragraph, in the
//! manner of Gale and Church (1993): a dynamic programme over 1–1, 1–2,
//! 2–1, 1–0 and 0–1 steps whose cost is how unlikely the lengths are for a
//! translation (their ratio over the whole pair), anchored, as hunalign and
//! Moore (2002) do, on what a translation keeps: headings, numbers and
//! names (through the people found in both texts). Long texts are aligned
//! in a band around the diagonal. Whether a pair is a translation at all is
//! decided from how well the best alignment keeps its anchors compared with
//! a shifted one.

mod beads;
mod cost;
pub mod dp;
mod judge;
mod lone;
mod pairs;
pub mod part;
mod pins;
pub mod sentences;

use crate::lexicon::Lexicon;
use crate::text::Side;
pub use beads::{AlignChoice, Alignment, Bead, BeadSide, Counterparts, Unit, refs};
use dp::{Corridor, Scoring};
pub use judge::is_translation;
pub use part::Part;
pub use sentences::{SentenceBead, SentenceUnits};

/// The median of a chi-square of one degree of freedom: a normal
/// deviation's square is as often above as below it.
const CHI_SQUARE_MEDIAN: f64 = 0.455;
/// The least variance per character a pair's beads are taken to show.
const MIN_VARIANCE: f64 = 2.0;
/// How far apart (in paragraphs) the free alignment may put two numbered
/// headings for them to be pinned together.
const PIN_DRIFT: usize = 3;
/// Anchors from this value up are numbers (the rest are entries).
pub const NUMBER: u32 = 1_000_000;
/// The band's half-width, at least.
const BAND: usize = 60;
/// The most cells a second pass fills afresh.
const FRESH_CELLS: usize = 250_000;
/// The corridor's half-width around the first pass, for the second.
const CORRIDOR: usize = 4;
/// The most cells the programme fills.
const MAX_CELLS: usize = 8_000_000;

/// Aligns `left` and `right` by the dynamic programme; then, where the
/// numbered headings both have (chapter I with CHAPTER I) fall within a few
/// paragraphs of each other in that alignment and are not each a bead of
/// their own in it already, aligns again with them pinned, stretch by
/// stretch. Front matter on one side can then no longer
/// pull the start out of step, while a chapter the two editions divide
/// differently (its headings far apart) is not forced together.
///
/// A shorter text that translates only part of the longer one (by the
/// headings both share, [`part::window`], else by the rare names and
/// numbers both have, [`part::anchor_window`]) is aligned with that part
/// alone.
pub fn align(left: &[Unit], right: &[Unit]) -> Alignment {
    if let Some(w) = part::window(left, right).or_else(|| part::anchor_window(left, right)) {
        let look = Part {
            side: w.side,
            range: w.range.clone(),
        };
        let beads = part::beads_in(left, right, &look, |l, r| fit(l, r, w.side, w.free));
        if let Some(range) = part::covered(&beads, w.side) {
            let mut a = finish(left, right, beads);
            a.part = Some(Part {
                side: w.side,
                range,
            });
            return a;
        }
    }
    align_whole(left, right)
}

/// The shorter text aligned where it fits best in (a window of) the
/// longer, on `side`, its start or end there free as `free` says.
fn fit(left: &[Unit], right: &[Unit], side: Side, free: (bool, bool)) -> Vec<Bead> {
    let (short, long) = if side == Side::Right {
        (left, right)
    } else {
        (right, left)
    };
    let (n, w) = (short.len(), long.len());
    let band = (n.abs_diff(w) + w / 3 + BAND).min((MAX_CELLS / (n + 1)).saturating_sub(2) / 2);
    let score = Scoring {
        ratio: ratio(short, long),
        steps: dp::FIRST,
        lexicon: None,
        variance: dp::VARIANCE,
    };
    let beads = dp::programme_free(
        short,
        long,
        &score,
        &Corridor::diagonal(n, w, band.max(BAND)),
        free,
    );
    if side == Side::Right {
        beads
    } else {
        beads
            .into_iter()
            .map(|b| Bead {
                left: b.right,
                right: b.left,
            })
            .collect()
    }
}

/// [`align`] of the whole of both texts.
fn align_whole(left: &[Unit], right: &[Unit]) -> Alignment {
    let n = left.len();
    let ratio = ratio(left, right);
    let free = align_stretch(left, right, ratio);
    let pins = pins::heading_pins(left, right);
    if pins.is_empty() {
        return finish(left, right, free);
    }
    // The free bead each left paragraph is in.
    let mut bead_of = vec![None; n];
    for (k, b) in free.iter().enumerate() {
        for x in &b.left {
            bead_of[x] = Some(k);
        }
    }
    let of = |i: usize| -> Option<usize> { free[(*bead_of.get(i)?)?].right.first() };
    // Where the free alignment puts paragraph i (or, when it left i out,
    // the nearest paragraph it did not).
    let near = |i: usize| (0..=PIN_DRIFT).find_map(|d| of(i + d).or_else(|| of(i.checked_sub(d)?)));
    let pins: Vec<(usize, usize)> = pins
        .into_iter()
        .filter(|&(i, j)| near(i).is_some_and(|k: usize| k.abs_diff(j) <= PIN_DRIFT))
        .collect();
    // With every pin a bead of its own already (the one-to-one bead the
    // pinned alignment would make of it), the free alignment is a path
    // the pinned one could take: aligning each stretch between the pins
    // again gave the same beads on every corpus pair and on the 2 x 5 MB
    // book, at the cost of aligning the book twice, so it stands.
    let kept = |&(i, j): &(usize, usize)| {
        bead_of
            .get(i)
            .copied()
            .flatten()
            .and_then(|k| free.get(k))
            .is_some_and(|b| b.left.len() == 1 && b.right.len() == 1 && b.right.contains(j))
    };
    if pins.iter().all(kept) {
        return finish(left, right, free);
    }
    let beads = pinned(left, right, &pins, |l, r| align_stretch(l, r, ratio));
    finish(left, right, beads)
}

/// The beads of `left` and `right` with `pins` (pairs of units, in order
/// on both sides) kept together, each stretch between them aligned by
/// `stretch`: the stretches on two threads, a book's are half of aligning
/// it again with its pins.
fn pinned(
    left: &[Unit],
    right: &[Unit],
    pins: &[(usize, usize)],
    stretch: impl Fn(&[Unit], &[Unit]) -> Vec<Bead> + Sync,
) -> Vec<Bead> {
    let (n, m) = (left.len(), right.len());
    // Each stretch's start on both sides, and the pin that ends it.
    type Stretch = ((usize, usize), (usize, usize));
    let mut stretches: Vec<Stretch> = Vec::new();
    let (mut a, mut b) = (0, 0);
    for &(i, j) in pins.iter().chain(std::iter::once(&(n, m))) {
        if i < a || j < b {
            continue;
        }
        stretches.push(((a, b), (i, j)));
        (a, b) = (i + 1, j + 1);
    }
    let run = |part: &[Stretch]| -> Vec<Vec<Bead>> {
        part.iter()
            .map(|&((a, b), (i, j))| stretch(&left[a..i], &right[b..j]))
            .collect()
    };
    // The stretches split where half the left text's units are behind.
    let half = stretches
        .iter()
        .position(|&(_, (i, _))| i >= n / 2)
        .map_or(stretches.len(), |k| k + 1);
    let (first, second) = stretches.split_at(half);
    let aligned: Vec<Vec<Bead>> = if first.is_empty() || second.is_empty() {
        run(&stretches)
    } else {
        let (mut done, later) = crate::text::join(|| run(first), || run(second));
        done.extend(later);
        done
    };
    let mut beads = Vec::new();
    for (((a, b), (i, j)), stretch_beads) in stretches.into_iter().zip(aligned) {
        for bead in stretch_beads {
            beads.push(Bead {
                left: bead.left.iter().map(|x| x + a).collect(),
                right: bead.right.iter().map(|y| y + b).collect(),
            });
        }
        if i < n && j < m {
            beads.push(Bead {
                left: BeadSide::one(i),
                right: BeadSide::one(j),
            });
        }
    }
    beads
}

/// The beads of one stretch by lengths and anchors, indexes within it.
fn align_stretch(left: &[Unit], right: &[Unit], ratio: f64) -> Vec<Bead> {
    let (n, m) = (left.len(), right.len());
    // The band: wide enough for the drift between the two, and at most
    // about eight million cells in all.
    let band = BAND
        .max(n.abs_diff(m) + BAND)
        .max(n.max(m) / 50)
        .min((MAX_CELLS / (n + 1)).saturating_sub(2) / 2)
        .max(BAND);
    let score = Scoring {
        ratio,
        steps: dp::FIRST,
        lexicon: None,
        variance: dp::VARIANCE,
    };
    dp::programme(left, right, &score, &Corridor::diagonal(n, m, band))
}

/// The second pass: `first` aligned again in a corridor around itself,
/// with the lexicon learned from it scoring the beads and two-to-two
/// beads allowed; then each bead's score.
pub fn realign(left: &[Unit], right: &[Unit], first: &Alignment, lexicon: &Lexicon) -> Alignment {
    let beads = match &first.part {
        Some(part) => {
            let inner = part::inside(&first.beads, part);
            part::beads_in(left, right, part, |l, r| {
                realign_beads(l, r, &inner, lexicon)
            })
        }
        None => realign_beads(left, right, &first.beads, lexicon),
    };
    let score = Scoring {
        ratio: paired_ratio(left, right, &first.beads).unwrap_or_else(|| {
            first
                .part
                .as_ref()
                .map_or_else(|| ratio(left, right), |p| part_ratio(left, right, p))
        }),
        steps: dp::MANY,
        lexicon: Some(lexicon),
        variance: paired_variance(left, right, &first.beads),
    };
    let beads = lone::absorb_lone(left, right, beads, &score);
    let mut out = finish(left, right, beads);
    out.scores = scores(left, right, &out.beads, &score);
    out.part = first.part.clone();
    out
}

/// The ratio of lengths of the shorter text and `part` of the longer.
fn part_ratio(left: &[Unit], right: &[Unit], part: &Part) -> f64 {
    if part.side == Side::Left {
        ratio(&left[part.range.clone()], right)
    } else {
        ratio(left, &right[part.range.clone()])
    }
}

/// [`realign`] of two texts (or a shorter one and its part of the longer):
/// a long pair in two halves on two threads, split where the first pass
/// crosses the middle of the left text (the corridor follows the first
/// pass, so the halves meet where it does).
fn realign_beads(left: &[Unit], right: &[Unit], first: &[Bead], lexicon: &Lexicon) -> Vec<Bead> {
    let (n, m) = (left.len(), right.len());
    let band = n.abs_diff(m) + BAND;
    if (n + 1).saturating_mul(2 * band + 2) <= FRESH_CELLS || first.len() < 4 {
        return realign_whole(left, right, first, lexicon);
    }
    // The first bead boundary past the middle of the left text.
    let (mut i, mut j, mut k) = (0, 0, 0);
    while k < first.len() && i < n / 2 {
        i += first[k].left.len();
        j += first[k].right.len();
        k += 1;
    }
    let shift = |b: &Bead| Bead {
        left: b.left.iter().map(|x| x - i).collect(),
        right: b.right.iter().map(|y| y - j).collect(),
    };
    let later: Vec<Bead> = first[k..].iter().map(shift).collect();
    let (mut beads, rest) = crate::text::join(
        || realign_whole(&left[..i], &right[..j], &first[..k], lexicon),
        || realign_whole(&left[i..], &right[j..], &later, lexicon),
    );
    beads.extend(rest.into_iter().map(|b| Bead {
        left: b.left.iter().map(|x| x + i).collect(),
        right: b.right.iter().map(|y| y + j).collect(),
    }));
    beads
}

/// [`realign_beads`] in one programme.
fn realign_whole(left: &[Unit], right: &[Unit], first: &[Bead], lexicon: &Lexicon) -> Vec<Bead> {
    let score = Scoring {
        ratio: paired_ratio(left, right, first).unwrap_or_else(|| ratio(left, right)),
        steps: dp::MANY,
        lexicon: Some(lexicon),
        variance: paired_variance(left, right, first),
    };
    let (n, m) = (left.len(), right.len());
    // A pair small enough is aligned afresh in the first pass's band (a
    // shift the lengths alone could not undo, front matter on one side,
    // the lexicon can); a long one in a corridor around the first pass.
    let band = n.abs_diff(m) + BAND;
    let corridor = if (n + 1).saturating_mul(2 * band + 2) <= FRESH_CELLS {
        Corridor::diagonal(n, m, band)
    } else {
        Corridor::around(first, n, m, CORRIDOR)
    };
    let mut beads = dp::programme(left, right, &score, &corridor);
    // The first heading pin kept, however far the first pass strayed
    // from it, when that costs less with the lexicon's help: front matter
    // on one side (a translator's preface, an edition's title pages) then
    // stays out of the text's beads.
    let kept = |pin: (usize, usize), beads: &[Bead]| {
        beads
            .iter()
            .any(|b| b.left.contains(pin.0) && b.right.contains(pin.1))
    };
    //
    // The pin is kept whatever it costs when later pins agree with it and
    // it joins two headings of one level: then the words say less than the
    // headings do (a translator's introduction quotes the poem's opening
    // lines, and the lexicon finds them there).
    let pins = pins::heading_pins(left, right);
    if let Some(&pin) = pins.first()
        && (n + 1).saturating_mul(2 * band + 2) <= FRESH_CELLS
        && !kept(pin, &beads)
    {
        let stretch = |l: &[Unit], r: &[Unit]| {
            let band = l.len().abs_diff(r.len()) + BAND;
            dp::programme(l, r, &score, &Corridor::diagonal(l.len(), r.len(), band))
        };
        let with_pin = pinned(left, right, &[pin], stretch);
        let sure = pins.len() >= 2 && left[pin.0].heading() == right[pin.1].heading();
        if sure
            || dp::path_cost(left, right, &with_pin, &score)
                < dp::path_cost(left, right, &beads, &score)
        {
            beads = with_pin;
        }
    }
    beads
}

/// Each bead's score ([`dp::bead_score`]).
pub fn scores(left: &[Unit], right: &[Unit], beads: &[Bead], score: &Scoring) -> Vec<f32> {
    beads
        .iter()
        .map(|b| {
            dp::bead_score(
                dp::units_of(left, &b.left),
                dp::units_of(right, &b.right),
                score,
            )
        })
        .collect()
}

/// Right characters per left character over the whole pair.
pub fn ratio(left: &[Unit], right: &[Unit]) -> f64 {
    let total = |u: &[Unit]| u.iter().map(Unit::chars).sum::<usize>().max(1) as f64;
    total(right) / total(left)
}

/// Right characters per left character in the paragraphs `beads` pair
/// (`None` when they pair too little to tell: under a quarter of either
/// text). What a translation's lengths are measured against once a first
/// alignment is made: front or back matter of one side alone (Pan
/// Tadeusz's English introduction and notes: 1.56 right characters a
/// left one over the whole pair, 1.26 in its paired paragraphs) would
/// otherwise make every paired English paragraph look too short, and
/// the programme give each Polish paragraph one English paragraph more.
pub(super) fn paired_ratio(left: &[Unit], right: &[Unit], beads: &[Bead]) -> Option<f64> {
    let (l, r) = paired_chars(left, right, beads).fold((0, 0), |(l, r), (a, b)| (l + a, r + b));
    let total = |u: &[Unit]| u.iter().map(Unit::chars).sum::<usize>();
    (l > 0 && r > 0 && l * 4 >= total(left) && r * 4 >= total(right)).then(|| r as f64 / l as f64)
}

/// The variance per character of the lengths of the paired beads of
/// `beads`, by [`variance_of`].
pub(super) fn paired_variance(left: &[Unit], right: &[Unit], beads: &[Bead]) -> f64 {
    let Some(ratio) = paired_ratio(left, right, beads) else {
        return dp::VARIANCE;
    };
    variance_of(paired_chars(left, right, beads), ratio)
}

/// The characters of each bead of `beads` with two sides (left, right).
fn paired_chars<'a>(
    left: &'a [Unit],
    right: &'a [Unit],
    beads: &'a [Bead],
) -> impl Iterator<Item = (usize, usize)> + 'a {
    let chars = |units: &[Unit], at: &BeadSide| -> usize {
        dp::units_of(units, at).iter().map(Unit::chars).sum()
    };
    beads
        .iter()
        .filter(|b| !b.left.is_empty() && !b.right.is_empty())
        .map(move |b| (chars(left, &b.left), chars(right, &b.right)))
}

/// The variance per character of a translation's lengths, from the
/// characters of paired beads (left, right) at `ratio`: the median of each
/// bead's squared deviation over its mean length, over the median of a
/// chi-square of one degree (robust to the wrong beads a first pass has);
/// Gale and Church's where too few beads tell.
///
/// A translation kept sentence for sentence (a yearbook's articles, one
/// sentence a line) has lengths tighter than Gale and Church's 6.8, and
/// trusting them then keeps a run of 1–1 beads from sliding one sentence
/// off. A pair's own figure is taken only below 6.8: wrong beads of the
/// first pass look like variance, so a looser figure says as much about
/// them as about the translation (War and Peace's paragraphs give 11, and
/// its sentences aligned with that lost 0.01 of strict F1).
pub(super) fn variance_of(pairs: impl Iterator<Item = (usize, usize)>, ratio: f64) -> f64 {
    let mut x: Vec<f64> = pairs
        .map(|(l1, l2)| {
            let (l1, l2) = (l1 as f64, l2 as f64);
            let d = l2 - l1 * ratio;
            let mean = ((l1 + l2 / ratio) / 2.0).max(1.0);
            d * d / mean
        })
        .collect();
    if x.len() < 20 {
        return dp::VARIANCE;
    }
    let mid = x.len() / 2;
    let median = *x.select_nth_unstable_by(mid, f64::total_cmp).1;
    (median / CHI_SQUARE_MEDIAN).clamp(MIN_VARIANCE, dp::VARIANCE)
}

/// The alignment made of `beads`: each paragraph's counterpart.
fn finish(left: &[Unit], right: &[Unit], beads: Vec<Bead>) -> Alignment {
    let (n, m) = (left.len(), right.len());
    let mut of = [Counterparts::none(n), Counterparts::none(m)];
    for b in &beads {
        if b.left.is_empty() || b.right.is_empty() {
            continue;
        }
        for x in &b.left {
            of[0].set(
                x,
                Some(partner(x, b.left.iter(), b.right.iter(), left, right)),
            );
        }
        for y in &b.right {
            of[1].set(
                y,
                Some(partner(y, b.right.iter(), b.left.iter(), right, left)),
            );
        }
    }
    Alignment {
        beads,
        of,
        ..Alignment::default()
    }
}

/// How many distinct anchors two sorted, deduplicated lists share (a
/// merge: this runs millions of times in the programme).
pub(crate) fn shared(a: &[u32], b: &[u32]) -> usize {
    crate::lexicon::common_count(a, b) as usize
}

/// How many distinct anchors the units of `a` and of `b` share (one or two
/// units a side, each with sorted, deduplicated anchors), without
/// gathering them into new lists.
pub(crate) fn shared_units(a: &[Unit], b: &[Unit]) -> usize {
    match (a, b) {
        ([x], [y]) => shared(x.anchors(), y.anchors()),
        _ => {
            // Each distinct anchor of `a` once (a later unit's only when no
            // earlier unit has it), counted when some unit of `b` has it.
            let has =
                |us: &[Unit], v: u32| us.iter().any(|u| u.anchors().binary_search(&v).is_ok());
            a.iter()
                .enumerate()
                .flat_map(|(k, u)| u.anchors().iter().map(move |&v| (k, v)))
                .filter(|&(k, v)| !has(&a[..k], v) && has(b, v))
                .count()
        }
    }
}

/// The unit of `theirs` (a bead's units on the other side) where unit `x`
/// of `mine` (its units on this side) starts: the one holding the same
/// share of the bead's characters as come before `x` (War and Peace's
/// ¶14–15 beside ¶4–5: ¶15 with ¶5, where every unit used to take the
/// other side's first). A side's first unit goes with the other's first.
/// (Taking the same place in a bead of as many units a side, instead,
/// made Acts' counterparts worse: its two editions break verses into
/// paragraphs at different places.)
fn partner(
    x: usize,
    mine: std::ops::Range<usize>,
    theirs: std::ops::Range<usize>,
    my_units: &[Unit],
    their_units: &[Unit],
) -> usize {
    let chars = |units: &[Unit], r: std::ops::Range<usize>| -> usize {
        r.map(|u| units[u].chars().max(1)).sum()
    };
    // before / mine's total = at / theirs' total, compared in integers
    // (in floats, 29 of 100 beside 29 of 100 fell a hair short of the
    // first unit's end).
    let before = chars(my_units, mine.start..x) as u128;
    let (total, their_total) = (
        chars(my_units, mine.clone()) as u128,
        chars(their_units, theirs.clone()) as u128,
    );
    let mut seen = 0u128;
    for y in theirs.clone() {
        seen += their_units[y].chars().max(1) as u128;
        if seen * total > before * their_total {
            return y;
        }
    }
    theirs.end - 1
}

#[cfg(test)]
mod tests;
