//! Sentence alignment against a gold aligned by hand, by reading, on two
//! corpus pairs (War and Peace ru–en, chapters I–II; Le Tour du monde
//! fr–en, chapters I–II): strict and lax F1 as Vecalign defines them
//! (strict: the bead exactly as in the gold; lax: overlapping a gold bead
//! on both sides; beads without a counterpart left out of both), against
//! plain Gale–Church (lengths alone) on the same sentences.
//!
//! The gold files (tests/links/gold/) hold numbers only, a bead a line:
//! `START-END<TAB>START-END`, the byte span of the bead's sentences in
//! each account's text (an empty side: no counterpart). Spans, not
//! sentence numbers, so the gold stays true when sentence ends change.

use super::common::{corpus::SKIPPED, corpus_pair};
use diptych::entities::{Entities, PeopleIndex};
use diptych::links::align::Unit;
use diptych::links::align::dp::{self, Corridor, Scoring};
use diptych::links::{AlignChoice, Links, Topics};
use diptych::pair::Pair;
use diptych::text::Side;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

pub type Ref = (usize, usize);
pub type Bead = (Vec<Ref>, Vec<Ref>);

/// The gold beads of `file` as references to `pair`'s sentences
/// (0-based): each side of a bead is the sentences that start inside its
/// byte span, so the gold holds whatever the sentence ends are.
pub fn gold(file: &str, pair: &Pair) -> Vec<Bead> {
    let refs = |side: Side, span: &str| -> Vec<Ref> {
        let Some((a, b)) = span.trim().split_once('-') else {
            return Vec::new();
        };
        let (a, b): (usize, usize) = (a.parse().expect("start"), b.parse().expect("end"));
        let account = pair.account(side);
        let mut out = Vec::new();
        for (p, para) in account.paragraphs.iter().enumerate() {
            if para.span().end <= a || para.span().start >= b {
                continue;
            }
            for (i, x) in para.sentences().iter().enumerate() {
                if (a..b).contains(&x.span().start) {
                    out.push((p, i));
                }
            }
        }
        out
    };
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/links/gold")
            .join(file),
    )
    .expect("gold file")
    .lines()
    .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    .map(|l| {
        let (a, b) = l.split_once('\t').unwrap_or((l, ""));
        (refs(Side::Left, a), refs(Side::Right, b))
    })
    .collect()
}

/// Strict and lax F1 of `test` against `gold`, over the beads of `test`
/// inside the gold's stretch.
pub fn f1(gold: &[Bead], test: &[Bead]) -> (f64, f64) {
    let inside: [HashSet<Ref>; 2] = [
        gold.iter().flat_map(|b| b.0.iter().copied()).collect(),
        gold.iter().flat_map(|b| b.1.iter().copied()).collect(),
    ];
    let full = |b: &&Bead| !b.0.is_empty() && !b.1.is_empty();
    let test: Vec<&Bead> = test
        .iter()
        .filter(full)
        .filter(|b| {
            b.0.iter().any(|r| inside[0].contains(r)) || b.1.iter().any(|r| inside[1].contains(r))
        })
        .collect();
    let gold: Vec<&Bead> = gold.iter().filter(full).collect();
    let exact = |a: &Bead, b: &Bead| a == b;
    let overlaps = |a: &Bead, b: &Bead| {
        a.0.iter().any(|r| b.0.contains(r)) && a.1.iter().any(|r| b.1.contains(r))
    };
    let score = |same: &dyn Fn(&Bead, &Bead) -> bool| -> f64 {
        let p = test
            .iter()
            .filter(|t| gold.iter().any(|g| same(t, g)))
            .count() as f64
            / test.len().max(1) as f64;
        let r = gold
            .iter()
            .filter(|g| test.iter().any(|t| same(t, g)))
            .count() as f64
            / gold.len().max(1) as f64;
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    };
    (score(&exact), score(&overlaps))
}

/// The links of `pair` aligned as a translation.
pub fn translation(pair: &Pair) -> Links {
    let people = Entities::find(pair, &PeopleIndex::bundled().expect("index"));
    Links::build(
        pair,
        &people,
        Topics::bundled().expect("topics"),
        AlignChoice::Translation,
        &AtomicBool::new(false),
    )
}

/// The paragraph beads of `pair` aligned as a translation, each side's
/// paragraphs looked up in `of` (one it lacks is left out).
pub fn paragraph_beads<T: Copy>(pair: &Pair, of: [&[T]; 2]) -> Vec<(Vec<T>, Vec<T>)> {
    translation(pair)
        .alignment
        .expect("aligned")
        .beads
        .iter()
        .map(|b| {
            let map = |k: usize, at: &diptych::links::align::BeadSide| -> Vec<T> {
                at.iter().filter_map(|i| of[k].get(i).copied()).collect()
            };
            (map(0, &b.left), map(1, &b.right))
        })
        .collect()
}

/// diptych's sentence beads for `pair`.
fn diptych_beads(pair: &Pair) -> Vec<Bead> {
    translation(pair)
        .alignment
        .expect("aligned")
        .sentences
        .into_iter()
        .map(|b| (b.left, b.right))
        .collect()
}

/// Gale–Church by lengths alone over the gold's sentences.
fn gale_church(pair: &Pair, gold: &[Bead]) -> Vec<Bead> {
    let refs = |k: usize| -> Vec<Ref> {
        let mut r: Vec<Ref> = gold
            .iter()
            .flat_map(|b| if k == 0 { b.0.clone() } else { b.1.clone() })
            .collect();
        r.sort_unstable();
        r
    };
    let (l, r) = (refs(0), refs(1));
    let units = |side: Side, refs: &[Ref]| -> Vec<Unit> {
        let a = pair.account(side);
        refs.iter()
            .map(|&(p, s)| {
                Unit::new(
                    a.text[a.paragraphs[p].sentences()[s].span()]
                        .chars()
                        .count(),
                    None,
                    &[],
                )
            })
            .collect()
    };
    let (lu, ru) = (units(Side::Left, &l), units(Side::Right, &r));
    let ratio = ru
        .iter()
        .map(diptych::links::align::Unit::chars)
        .sum::<usize>() as f64
        / lu.iter()
            .map(diptych::links::align::Unit::chars)
            .sum::<usize>()
            .max(1) as f64;
    let score = Scoring {
        ratio,
        steps: dp::FIRST,
        lexicon: None,
        variance: dp::VARIANCE,
    };
    dp::programme(
        &lu,
        &ru,
        &score,
        &Corridor::diagonal(lu.len(), ru.len(), lu.len().max(ru.len())),
    )
    .into_iter()
    .map(|b| {
        (
            b.left.iter().map(|i| l[i]).collect(),
            b.right.iter().map(|j| r[j]).collect(),
        )
    })
    .collect()
}

/// The sentences of `pair` one a line, as the benchmarks of hand-aligned
/// sentences give them, aligned by paragraph with `--paragraphs lines`:
/// the beads as sentence references.
fn by_lines(pair: &Pair) -> Vec<Bead> {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut refs: [Vec<Ref>; 2] = [Vec::new(), Vec::new()];
    let mut paths = Vec::new();
    for side in Side::BOTH {
        let a = pair.account(side);
        let mut text = String::new();
        for (p, para) in a.paragraphs.iter().enumerate() {
            if para.is_matter() {
                continue;
            }
            for (s, x) in para.sentences().iter().enumerate() {
                text.push_str(&diptych::text::one_line(&a.text[x.span()]));
                text.push('\n');
                refs[side.index()].push((p, s));
            }
        }
        let path = dir.path().join(format!("{}.txt", side.name()));
        std::fs::write(&path, text).expect("write");
        paths.push(path);
    }
    let open = diptych::pair::Open {
        paragraphs: [diptych::text::Choice::Lines; 2],
        languages: [
            pair.accounts[0].meta.language,
            pair.accounts[1].meta.language,
        ],
        ..Default::default()
    };
    let lines = Pair::from_files_with(&paths[0], &paths[1], &open).expect("lines pair");
    paragraph_beads(&lines, [&refs[0], &refs[1]])
}

#[test]
fn sentence_alignment_against_the_gold() {
    let mut total = [0.0f64; 6];
    let mut n = 0;
    for (names, file) in [
        (super::common::corpus::WAR_AND_PEACE, "war-and-peace.gold"),
        (super::common::corpus::TOUR_DU_MONDE, "tour-du-monde.gold"),
    ] {
        let Some(pair) = corpus_pair(names) else {
            println!("{SKIPPED}");
            return;
        };
        let g = gold(file, &pair);
        let ours = f1(&g, &diptych_beads(&pair));
        let gc = f1(&g, &gale_church(&pair, &g));
        let lines = f1(&g, &by_lines(&pair));
        println!(
            "{file}: diptych strict {:.3} lax {:.3}; a sentence a line strict {:.3} lax {:.3}; Gale–Church strict {:.3} lax {:.3}",
            ours.0, ours.1, lines.0, lines.1, gc.0, gc.1
        );
        total[4] += lines.0;
        total[5] += lines.1;
        total[0] += ours.0;
        total[1] += ours.1;
        total[2] += gc.0;
        total[3] += gc.1;
        n += 1;
    }
    let n = n as f64;
    println!(
        "mean: diptych strict {:.3} lax {:.3}; a sentence a line strict {:.3} lax {:.3}; Gale–Church strict {:.3} lax {:.3}",
        total[0] / n,
        total[1] / n,
        total[4] / n,
        total[5] / n,
        total[2] / n,
        total[3] / n
    );
    assert!(total[0] / n > total[2] / n, "better than lengths alone");
    // Beads of up to four sentences a side took the mean from 0.82.
    assert!(total[0] / n >= 0.84, "strict F1 {:.3}", total[0] / n);
    assert!(total[4] / n > total[2] / n, "a sentence a line too");
}

/// A full stop after a title before a name ends no sentence: Le Tour du
/// monde had 117 segments ending in `Mr.`, `St.` or `M.` (17 of them `Mr.`
/// alone).
#[test]
fn no_sentence_ends_at_a_title() {
    let Some(pair) = corpus_pair(super::common::corpus::TOUR_DU_MONDE) else {
        println!("{SKIPPED}");
        return;
    };
    let mut ends = Vec::new();
    for side in Side::BOTH {
        let a = pair.account(side);
        for p in &a.paragraphs {
            for s in p.sentences() {
                let t = &a.text[s.span()];
                if [" Mr.", " Mrs.", " St.", " M."]
                    .iter()
                    .any(|e| t.ends_with(e))
                    || t == "Mr."
                {
                    ends.push(t.chars().rev().take(40).collect::<String>());
                }
            }
        }
    }
    assert!(
        ends.is_empty(),
        "{} sentences end at a title: {:?}",
        ends.len(),
        &ends[..ends.len().min(5)]
    );
}

/// The verse of each span: the verse (index into `verses`) holding most of
/// its bytes, on `side` (0 left, 1 right) of the verse map.
fn verse_of(verses: &[[usize; 4]], side: usize, span: std::ops::Range<usize>) -> Option<usize> {
    verses
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let (a, b) = (v[2 * side], v[2 * side + 1]);
            (span.end.min(b).saturating_sub(span.start.max(a)), i)
        })
        .filter(|&(overlap, _)| overlap > 0)
        .max()
        .map(|(_, i)| i)
}

/// The verses with most of their bytes inside `span`, on `side`.
fn verses_inside(verses: &[[usize; 4]], side: usize, span: std::ops::Range<usize>) -> Vec<usize> {
    verses
        .iter()
        .enumerate()
        .filter(|(_, v)| {
            let (a, b) = (v[2 * side], v[2 * side + 1]);
            span.end.min(b).saturating_sub(span.start.max(a)) * 2 > b - a
        })
        .map(|(i, _)| i)
        .collect()
}

/// Strict precision and recall of `beads` (each side's spans) against the
/// verse map: a bead is right when the verses its left spans fall in are
/// the verses its right spans fall in (a sentence falls in the verse
/// holding most of its bytes; a paragraph holds the verses most of whose
/// bytes it holds); recall is the share of verses inside a right bead.
fn against_verses(
    verses: &[[usize; 4]],
    beads: &[[Vec<std::ops::Range<usize>>; 2]],
    paragraphs: bool,
) -> (f64, f64) {
    let mut right_beads = 0;
    let mut two_sided = 0;
    let mut held = std::collections::HashSet::new();
    for b in beads {
        if b[0].is_empty() || b[1].is_empty() {
            continue;
        }
        two_sided += 1;
        let sets: Vec<std::collections::BTreeSet<usize>> = (0..2)
            .map(|k| {
                b[k].iter()
                    .flat_map(|s| {
                        if paragraphs {
                            verses_inside(verses, k, s.clone())
                        } else {
                            verse_of(verses, k, s.clone()).into_iter().collect()
                        }
                    })
                    .collect()
            })
            .collect();
        if !sets[0].is_empty() && sets[0] == sets[1] {
            right_beads += 1;
            held.extend(sets[0].iter().copied());
        }
    }
    (
        right_beads as f64 / two_sided.max(1) as f64,
        held.len() as f64 / verses.len().max(1) as f64,
    )
}

/// The share of verses whose two sides fall in one bead (the bead holding
/// most of the verse's bytes on each side): what a reader finds beside
/// its translation.
fn beside(verses: &[[usize; 4]], beads: &[[Vec<std::ops::Range<usize>>; 2]]) -> f64 {
    let holder = |side: usize, v: &[usize; 4]| {
        beads
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let bytes: usize = b[side]
                    .iter()
                    .map(|s| {
                        s.end
                            .min(v[2 * side + 1])
                            .saturating_sub(s.start.max(v[2 * side]))
                    })
                    .sum();
                (bytes, i)
            })
            .filter(|&(bytes, _)| bytes > 0)
            .max()
            .map(|(_, i)| i)
    };
    let held = verses
        .iter()
        .filter(|v| holder(0, v).is_some() && holder(0, v) == holder(1, v))
        .count();
    held as f64 / verses.len().max(1) as f64
}

/// Acts (Russian Synodal, Polish Gdańska) against its verse map
/// (`acts.verses.tsv`: chapter, verse, the byte spans on each side), by
/// sentence and by paragraph.
#[test]
fn acts_against_the_verse_map() {
    let (Some(pair), Some(map)) = (
        corpus_pair(super::common::corpus::ACTS),
        super::common::corpus::read("acts.verses.tsv"),
    ) else {
        println!("{SKIPPED}");
        return;
    };
    let verses: Vec<[usize; 4]> = map
        .lines()
        .filter_map(|l| {
            let f: Vec<usize> = l
                .split('\t')
                .skip(2)
                .filter_map(|x| x.trim().parse().ok())
                .collect();
            (f.len() == 4).then(|| [f[0], f[1], f[2], f[3]])
        })
        .collect();
    let people = Entities::find(&pair, &PeopleIndex::bundled().expect("index"));
    let links = Links::build(
        &pair,
        &people,
        Topics::bundled().expect("topics"),
        AlignChoice::Translation,
        &AtomicBool::new(false),
    );
    let alignment = links.alignment.expect("aligned");
    let span = |side: Side, (p, s): Ref| pair.account(side).paragraphs[p].sentences()[s].span();
    let sentences: Vec<[Vec<std::ops::Range<usize>>; 2]> = alignment
        .sentences
        .iter()
        .map(|b| {
            [
                b.left.iter().map(|&r| span(Side::Left, r)).collect(),
                b.right.iter().map(|&r| span(Side::Right, r)).collect(),
            ]
        })
        .collect();
    let para = |side: Side, p: usize| pair.account(side).paragraphs[p].span();
    let paragraphs: Vec<[Vec<std::ops::Range<usize>>; 2]> = alignment
        .beads
        .iter()
        .map(|b| {
            [
                b.left.iter().map(|p| para(Side::Left, p)).collect(),
                b.right.iter().map(|p| para(Side::Right, p)).collect(),
            ]
        })
        .collect();
    let f1 = |(p, r): (f64, f64)| {
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    };
    let s = against_verses(&verses, &sentences, false);
    let p = against_verses(&verses, &paragraphs, true);
    let (sv, pv) = (beside(&verses, &sentences), beside(&verses, &paragraphs));
    println!(
        "acts verse map ({} verses): sentence beads strict precision {:.3}, recall {:.3}, F1 {:.3}; verses beside their translation: by sentence {:.3}, by paragraph {:.3} (strict paragraph beads {:.3}: the editions group verses into paragraphs differently)",
        verses.len(),
        s.0,
        s.1,
        f1(s),
        sv,
        pv,
        p.0,
    );
    assert!(f1(s) > 0.7, "sentence beads: {s:?}");
    assert!(
        sv > 0.9,
        "verses beside their translation by sentence: {sv}"
    );
    assert!(
        pv > 0.9,
        "verses beside their translation by paragraph: {pv}"
    );
}
