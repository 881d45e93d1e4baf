//! Search speed per keystroke: the bundled pair and a 2 × 5 MB pair, plus
//! building the keys once. Run with `cargo bench --bench search`.

use diptych::pair::Pair;
use diptych::search::SearchIndex;

#[path = "common/mod.rs"]
mod common;

use common::big_pair;

fn main() {
    divan::main();
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

/// One keystroke's search on the bundled pair (the list keeps 500 results).
#[divan::bench(args = KEYSTROKES)]
fn keystroke_bundled(bencher: divan::Bencher, query: &str) {
    let pair = Pair::bundled().expect("bundled");
    let index = SearchIndex::new(&pair);
    bencher.bench_local(|| index.search(&pair, query, 500));
}

/// One keystroke's search on a 2 × 5 MB pair.
#[divan::bench(args = KEYSTROKES, sample_count = 10)]
fn keystroke_5mb(bencher: divan::Bencher, query: &str) {
    let pair = big_pair(5 << 20);
    let index = SearchIndex::new(&pair);
    bencher.bench_local(|| index.search(&pair, query, 500));
}

/// Folding every sentence of a 2 × 5 MB pair, once at load.
#[divan::bench(sample_count = 5)]
fn build_keys_5mb(bencher: divan::Bencher) {
    let pair = big_pair(5 << 20);
    bencher.bench_local(|| SearchIndex::new(&pair));
}
