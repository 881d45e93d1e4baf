//! Links between two narratives, measured: the two translation pairs of
//! the corpus linked as if they were two independent accounts
//! (`--align narrative`: no alignment, no lexicon learned from beads), each
//! paragraph's best counterpart in the other account checked against the
//! paragraphs the hand-aligned gold (tests/links/gold/) pairs it with,
//! within one paragraph. Two accounts in the same order, in two languages,
//! with nothing in topics.toml for either: what a reader of two
//! narratives no one tuned for gets.
//! Run with `cargo test --release --test links narrative -- --nocapture`.

use super::common::{corpus::SKIPPED, corpus_pair};
use super::sentences::gold;
use diptych::links::AlignChoice;
use diptych::text::Side;
use std::collections::{BTreeMap, BTreeSet};

/// (paragraphs whose best counterpart is right within one, of how many).
fn score(files: [&str; 2], gold_file: &str) -> Option<(usize, usize)> {
    let pair = corpus_pair(files)?;
    let links = super::built(&pair, AlignChoice::Narrative);
    // Each side's paragraph → the gold's paragraphs on the other side.
    let mut want: [BTreeMap<usize, BTreeSet<usize>>; 2] = Default::default();
    for (l, r) in gold(gold_file) {
        for &(a, _) in &l {
            for &(b, _) in &r {
                want[0].entry(a).or_default().insert(b);
                want[1].entry(b).or_default().insert(a);
            }
        }
    }
    let (mut right, mut of) = (0, 0);
    for side in Side::BOTH {
        for (&p, targets) in &want[side.index()] {
            of += 1;
            let best = links.best_counterpart(side, p).map(|l| l.to.paragraph);
            if best.is_some_and(|b| targets.iter().any(|&t| t.abs_diff(b) <= 1)) {
                right += 1;
            }
        }
    }
    Some((right, of))
}

#[test]
fn narrative_links_against_the_gold() {
    let cases = [
        (
            super::common::corpus::TOUR_DU_MONDE,
            "tour-du-monde.gold",
            0,
        ),
        (
            super::common::corpus::WAR_AND_PEACE,
            "war-and-peace.gold",
            0,
        ),
    ];
    for (files, gold_file, floor) in cases {
        let Some((right, of)) = score(files, gold_file) else {
            eprintln!("{SKIPPED}");
            return;
        };
        eprintln!(
            "{gold_file}: {right} of {of} paragraphs' best counterpart within one of the gold ({:.2})",
            right as f64 / of as f64
        );
        assert!(right >= floor, "{gold_file}: {right} of {of}");
    }
}
