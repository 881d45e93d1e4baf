//! Search speed per keystroke, every query kind, on the bundled pair and on
//! a 2 × 5 MB book pair (War and Peace I–V, Russian and English, grown to
//! 5 MB each; target: 16 ms a keystroke), plus building the keys once.
//! Run with `cargo bench --bench search`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use diptych::entities::{Entities, PeopleIndex};
use diptych::pair::Pair;
use diptych::search::SearchIndex;
use std::sync::Arc;

#[path = "common/mod.rs"]
mod common;

use common::book_pair;

fn main() {
    common::run_benches();
}

/// Queries as a user types them, letter by letter, in both scripts.
const KEYSTROKES: &[&str] = &[
    "p",
    "pa",
    "par",
    "pari",
    "pariz",
    "n",
    "napol",
    "Наполеон",
    "kolenkur",
    "qqxzjv",
    "npln",
];

/// One query of each kind: literal, person, phonetic, typo, fuzzy,
/// operators, nonsense.
const KINDS: &[&str] = &[
    "p",
    "pierre",
    "Пьер",
    "anna pavlovna",
    "weyrother",
    "bolkonsky",
    "napoelon",
    "kutusov",
    "miloradovitch",
    "prnc vsl",
    "'prince ^vas",
    "pierre | пьер",
    "prince !vasili",
    "ovna$",
    "qqxzjv",
];

/// The search keys of `pair` with its names, as the reader has them.
fn keys(pair: &Pair) -> SearchIndex {
    let people = Entities::find(pair, &PeopleIndex::bundled().expect("index"));
    SearchIndex::with_entities(pair, Arc::new(people))
}

/// One keystroke's search on the bundled pair (the list keeps 500 results).
#[divan::bench(args = KEYSTROKES)]
fn keystroke_bundled(bencher: divan::Bencher, query: &str) {
    let pair = Pair::bundled().expect("bundled");
    let index = keys(&pair);
    bencher.bench_local(|| index.search(&pair, query, 500));
}

/// One query of each kind on a 2 × 5 MB book pair.
#[divan::bench(args = KINDS, sample_count = 10)]
fn query_5mb(bencher: divan::Bencher, query: &str) {
    let pair = book_pair(5 << 20);
    let index = keys(&pair);
    let _ = index.search(&pair, "warm", 500);
    bencher.bench_local(|| index.search(&pair, query, 500));
}

/// Folding every sentence of a 2 × 5 MB book pair, once at load.
#[divan::bench(sample_count = 5)]
fn build_keys_5mb(bencher: divan::Bencher) {
    let pair = book_pair(5 << 20);
    bencher.bench_local(|| SearchIndex::new(&pair));
}

/// A query of many words (a pasted passage) on a 2 × 5 MB book pair: past
/// 16 groups the scores are summed as they come, so memory stays that of
/// two lists of scores (1,000 terms on 2 × 20 MB: 3.5 GB before, 126 MB
/// after, `/usr/bin/time` on `diptych search`).
#[divan::bench(args = [8, 100, 1000], sample_count = 3)]
fn many_terms_5mb(bencher: divan::Bencher, terms: usize) {
    let pair = book_pair(5 << 20);
    let index = keys(&pair);
    let words: Vec<&str> = pair.accounts[1]
        .text
        .split_whitespace()
        .take(terms)
        .collect();
    let query = words.join(" ");
    bencher.bench_local(|| index.search(&pair, &query, 500));
}
