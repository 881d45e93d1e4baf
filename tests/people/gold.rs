//! Who is who, measured against gold read by hand (tests/people/gold/): for
//! each corpus pair, the share of its people held in one entry across both
//! texts, and how many of the 30 most mentioned people entries are people
//! of the gold (a floor: a person the gold leaves out counts as wrong).
//! Run with `cargo test --release --test people who_is_who -- --nocapture`.

use super::*;
use diptych::links::{AlignChoice, Topics};
use diptych::passes::understand;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// One person of the gold: the folded starts of their forms in each text.
struct Person {
    stems: [Vec<String>; 2],
}

fn gold(file: &str) -> Vec<Person> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/people/gold")
        .join(file);
    std::fs::read_to_string(&path)
        .expect("gold file")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (a, b) = l.split_once('|').expect("left | right");
            let stems = [a, b].map(|s| s.split(',').map(|x| x.trim().to_string()).collect());
            Person { stems }
        })
        .collect()
}

/// True when the folded `form` is, or has a word starting with, `stem`.
fn names(form: &str, stem: &str) -> bool {
    form.starts_with(stem) || form.contains(&format!(" {stem}"))
}

/// The people of `pair` as found in the texts, and after every pass (as
/// the reader lists them).
fn people_of(pair: &Pair) -> [People; 2] {
    let found = Arc::new(People::find(pair, &PeopleIndex::bundled().expect("index")));
    let u = understand(
        pair,
        &found,
        Topics::bundled().expect("topics"),
        AlignChoice::Auto,
        &AtomicBool::new(false),
    );
    [(*found).clone(), (*u.people).clone()]
}

/// (people held in one entry, of how many; gold people among the top 30).
fn score(pair: &Pair, people: &People, gold: &[Person]) -> (usize, usize, usize) {
    let folded = |e: &diptych::people::Entry, k: usize| -> Vec<String> {
        let text = &pair.account(Side::BOTH[k]).text;
        e.mentions[k]
            .iter()
            .map(|m| fold_query(&text[m.span.clone()]))
            .collect()
    };
    let forms: Vec<[Vec<String>; 2]> = people
        .entries
        .iter()
        .map(|e| [folded(e, 0), folded(e, 1)])
        .collect();
    let mut held = 0;
    for p in gold {
        let best = |k: usize| {
            (0..forms.len())
                .map(|e| {
                    let n = forms[e][k]
                        .iter()
                        .filter(|f| p.stems[k].iter().any(|s| names(f, s)))
                        .count();
                    (n, e)
                })
                .filter(|&(n, _)| n > 0)
                .max()
                .map(|(_, e)| e)
        };
        match (best(0), best(1)) {
            (Some(a), Some(b)) if a == b => held += 1,
            (a, b) => eprintln!(
                "  apart: {:?} | {:?}: {:?} / {:?}",
                p.stems[0],
                p.stems[1],
                a.map(|e| &people.entries[e].name),
                b.map(|e| &people.entries[e].name)
            ),
        }
    }
    let top: Vec<usize> = (0..people.entries.len())
        .filter(|&e| people.entries[e].kind == diptych::people::Kind::Person)
        .take(30)
        .collect();
    let right = top
        .iter()
        .filter(|&&e| {
            gold.iter().any(|p| {
                (0..2).any(|k| {
                    forms[e][k]
                        .iter()
                        .any(|f| p.stems[k].iter().any(|s| names(f, s)))
                })
            })
        })
        .count();
    (held, gold.len(), right)
}

#[test]
fn who_is_who_against_the_gold() {
    let pairs = [
        (common::corpus::WAR_AND_PEACE, "war-and-peace.people", 15),
        (common::corpus::PAN_TADEUSZ, "pan-tadeusz.people", 10),
        (common::corpus::TOUR_DU_MONDE, "tour-du-monde.people", 8),
    ];
    for (files, gold_file, floor) in pairs {
        let Some(pair) = common::corpus_pair(files) else {
            return;
        };
        let [found, people] = people_of(&pair);
        let gold = gold(gold_file);
        let (was, _, was_right) = score(&pair, &found, &gold);
        let (held, of, right) = score(&pair, &people, &gold);
        eprintln!(
            "{gold_file}: {held} of {of} people in one entry (before the alignment: {was}); \
             {right} of the top 30 in the gold (before: {was_right})"
        );
        assert!(
            held >= floor,
            "{gold_file}: {held} of {of} held in one entry"
        );
    }
}
