//! The alignment's tests: beads, lone runs, front matter, pins, and
//! what tells a translation from two narratives.

use super::*;

fn unit(chars: usize, anchors: &[u32]) -> Unit {
    Unit::new(chars, None, anchors)
}

/// A book of a million paragraphs has a million units and beads.
#[test]
fn units_and_beads_are_small() {
    assert_eq!(std::mem::size_of::<Unit>(), 16);
    assert_eq!(std::mem::size_of::<Bead>(), 16);
    let u = Unit::new(12, Some(2), &[]);
    assert_eq!((u.chars(), u.heading()), (12, Some(2)));
    assert_eq!(Unit::new(7, None, &[]).heading(), None);
    // A side is a run, from its first index to its last.
    let side: BeadSide = [4, 5, 6, 7].into_iter().collect();
    assert_eq!(side.iter().collect::<Vec<_>>(), [4, 5, 6, 7]);
    assert_eq!(side, BeadSide::run(4..8));
    assert_eq!(
        (side.len(), BeadSide::one(3).len(), BeadSide::new().len()),
        (4, 1, 0)
    );
    assert_eq!((side.first(), side.last()), (Some(4), Some(7)));
    assert!(side.contains(6) && !side.contains(8));
    assert!(BeadSide::new().is_empty() && !BeadSide::one(0).is_empty());
}

/// Two paragraphs left without a counterpart beside a two-to-one bead
/// join it when the translation is one paragraph for all four.
#[test]
fn a_lone_run_joins_the_bead_it_belongs_to() {
    let left = vec![
        unit(100, &[1]),
        unit(100, &[7]),
        unit(100, &[]),
        unit(100, &[]),
        unit(100, &[]),
    ];
    let right = vec![unit(100, &[1]), unit(400, &[7])];
    let bead = |l: std::ops::Range<usize>, r: std::ops::Range<usize>| Bead {
        left: BeadSide::run(l),
        right: BeadSide::run(r),
    };
    let beads = vec![
        bead(0..1, 0..1),
        bead(1..2, 0..0),
        bead(2..3, 0..0),
        bead(3..5, 1..2),
    ];
    let score = Scoring {
        ratio: 1.0,
        steps: dp::MANY,
        lexicon: None,
        variance: dp::VARIANCE,
    };
    assert_eq!(
        lone::absorb_lone(&left, &right, beads, &score),
        vec![bead(0..1, 0..1), bead(1..5, 1..2)]
    );
    // A run that makes its neighbour no better stays apart.
    let right = vec![unit(100, &[1]), unit(200, &[])];
    let beads = vec![bead(0..1, 0..1), bead(1..3, 0..0), bead(3..5, 1..2)];
    assert_eq!(
        lone::absorb_lone(&left, &right, beads.clone(), &score),
        beads
    );
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
    assert_eq!(
        a.of[0].iter().collect::<Vec<_>>(),
        [Some(0), Some(1), Some(2), Some(4)]
    );
    assert_eq!(a.of[1].get(3), Some(Some(2)));
}

#[test]
fn front_matter_on_one_side_does_not_shift_the_chapters() {
    let heading = |n: u32| Unit::new(3, Some(2), &[NUMBER + n]);
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
    assert_eq!(a.of[0].get(3), Some(Some(0)), "chapter I with CHAPTER I");
    assert_eq!(a.of[0].get(4), Some(Some(1)));
    assert_eq!(a.of[0].get(10), Some(Some(7)), "chapter II with CHAPTER II");
}

#[test]
fn a_free_alignment_holding_every_pin_is_the_pinned_one() {
    // Twenty chapters, each heading a bead of its own in the free
    // alignment: aligning again between the pins changes nothing.
    let heading = |n: u32| Unit::new(3, Some(2), &[NUMBER + n]);
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for n in 1..=20u32 {
        left.push(heading(n));
        right.push(heading(n));
        for i in 0..(5 + n as usize % 4) {
            left.push(unit(150 + (i * 37 + n as usize * 11) % 300, &[]));
            right.push(unit(160 + (i * 37 + n as usize * 11) % 300, &[]));
        }
    }
    let ratio = ratio(&left, &right);
    let free = align_stretch(&left, &right, ratio);
    let pins = pins::heading_pins(&left, &right);
    assert_eq!(pins.len(), 20);
    let alone = |(i, j): (usize, usize)| {
        free.iter()
            .any(|b| b.left.len() == 1 && b.left.contains(i) && b.right.contains(j))
    };
    assert!(
        pins.iter().all(|&p| alone(p)),
        "every pin a bead of its own"
    );
    let pinned = pinned(&left, &right, &pins, |l, r| align_stretch(l, r, ratio));
    assert_eq!(free, pinned);
    assert_eq!(align(&left, &right).beads, free);
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

/// A hero named in every paragraph is kept by any pairing and tells
/// nothing; a translation still shows in its paragraphs' lengths, two
/// accounts that name him throughout do not.
#[test]
fn a_translation_whose_names_say_little_shows_in_its_lengths() {
    let len = |i: usize, k: usize| 100 + (i * k) % 400;
    let left: Vec<Unit> = (0..30).map(|i| unit(len(i, 37), &[0])).collect();
    let right: Vec<Unit> = (0..30).map(|i| unit(len(i, 37) * 11 / 10, &[0])).collect();
    let a = align(&left, &right);
    assert!(is_translation(&left, &right, &a));
    let other: Vec<Unit> = (0..30).map(|i| unit(len(i, 91), &[0])).collect();
    let b = align(&left, &other);
    assert!(!is_translation(&left, &other, &b));
}

/// Lengths are measured against what the beads pair: an introduction of
/// one side alone (Pan Tadeusz's English: 1.56 right characters a left one
/// over the pair, 1.26 in its paired paragraphs) is no part of the ratio,
/// and a first alignment that pairs too little keeps the whole pair's.
#[test]
fn the_ratio_is_of_the_paired_paragraphs() {
    let left: Vec<Unit> = (0..6).map(|_| unit(100, &[])).collect();
    let mut right = vec![unit(1000, &[])];
    right.extend((0..6).map(|_| unit(120, &[])));
    let mut beads = vec![Bead {
        left: BeadSide::new(),
        right: BeadSide::one(0),
    }];
    beads.extend((0..6).map(|i| Bead {
        left: BeadSide::one(i),
        right: BeadSide::one(i + 1),
    }));
    assert!((ratio(&left, &right) - 2.87).abs() < 0.01);
    let paired = paired_ratio(&left, &right, &beads).expect("paired");
    assert!((paired - 1.2).abs() < 1e-9, "{paired}");
    // One bead of six paragraphs' text pairs under a quarter of the right.
    assert_eq!(paired_ratio(&left, &right, &beads[..2]), None);
}

/// A translation, abridged so that its lengths say little, whose hero is
/// named in every paragraph and whose scenes name their people in each of
/// their eight paragraphs: neither the hero nor a scene's people, kept by
/// any pairing that stays in the scene, tells it from chance; a name of one
/// paragraph does. Two accounts that tell the scenes in another order are
/// none.
#[test]
fn a_translation_is_told_by_names_rarer_than_its_hero_and_its_scenes() {
    const HERO: u32 = 0;
    let scene = |i: usize| 1000 + (i / 8) as u32;
    let anchors = |i: usize, s: u32| -> Vec<u32> {
        let mut v = vec![HERO, s];
        if i.is_multiple_of(3) {
            v.push(2000 + i as u32);
        }
        v.sort_unstable();
        v
    };
    let left: Vec<Unit> = (0..96)
        .map(|i| unit(150 + (i * 37) % 300, &anchors(i, scene(i))))
        .collect();
    let right: Vec<Unit> = (0..96)
        .map(|i| unit(100 + (i * 91) % 400, &anchors(i, scene(i))))
        .collect();
    let a = align(&left, &right);
    assert!(is_translation(&left, &right, &a));
    let other: Vec<Unit> = (0..96)
        .map(|i| unit(100 + (i * 91) % 400, &[HERO, scene((i * 5) % 96)]))
        .collect();
    let b = align(&left, &other);
    assert!(!is_translation(&left, &other, &b));
}

/// A pair's own length variance: tight lengths give a small one, lengths
/// that say little never more than Gale and Church's, and a handful of
/// beads theirs.
#[test]
fn a_pair_shows_its_own_length_variance_but_never_a_looser_one() {
    // Right lengths 1.2 times the left, off by a little.
    let tight = (0..40).map(|i| {
        let l = 100 + 7 * i;
        (l, l * 6 / 5 + if i % 2 == 0 { 6 } else { 0 })
    });
    let v = super::variance_of(tight, 1.2);
    assert!((MIN_VARIANCE..dp::VARIANCE).contains(&v), "{v}");
    // Lengths all over the place.
    let loose = (0..40).map(|i| (100 + 7 * i, 50 + (i * 97) % 600));
    assert_eq!(super::variance_of(loose, 1.2), dp::VARIANCE);
    // Exact proportions, and too few beads.
    assert_eq!(
        super::variance_of((0..40).map(|i| (10 * i, 12 * i)), 1.2),
        MIN_VARIANCE
    );
    assert_eq!(
        super::variance_of((0..5).map(|i| (100, 100 + i)), 1.0),
        dp::VARIANCE
    );
}

/// Each unit of a bead goes with the other side's unit where it starts,
/// by the share of the bead's characters before it: War and Peace's ru
/// ¶14–15 beside en ¶4–5 gives ¶15 to ¶5 (every unit took the other
/// side's first, so `l` on ¶15 went to ¶4); a side's first unit goes with
/// the other's first.
#[test]
fn a_units_counterpart_is_where_it_starts_in_its_bead() {
    let left = [unit(100, &[]), unit(100, &[]), unit(50, &[])];
    let right = [unit(80, &[]), unit(120, &[])];
    assert_eq!(partner(0, 0..3, 0..2, &left, &right), 0);
    // 100 of 250 characters before it: 80 of 200 on the right is past
    // the first unit.
    assert_eq!(partner(1, 0..3, 0..2, &left, &right), 1);
    assert_eq!(partner(2, 0..3, 0..2, &left, &right), 1);
    assert_eq!(partner(0, 0..2, 0..3, &right, &left), 0);
    // 80 of 200 characters before it: 100 of 250 on the left is the
    // first unit's end, so the second starts with it.
    assert_eq!(partner(1, 0..2, 0..3, &right, &left), 1);
    // Sides alike: each unit with its like, whatever the float rounding
    // of 29 of 100 would say.
    let same = [unit(29, &[]), unit(71, &[])];
    assert_eq!(partner(1, 0..2, 0..2, &same, &same), 1);
    let alignment = finish(
        &left,
        &right,
        vec![Bead {
            left: BeadSide::run(0..3),
            right: BeadSide::run(0..2),
        }],
    );
    assert_eq!(
        alignment.of[0].iter().collect::<Vec<_>>(),
        [Some(0), Some(1), Some(1)]
    );
}
