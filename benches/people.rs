//! Finding every mention of every person (and unlisted names) in a
//! 2 × 5 MB pair and in the bundled pair. Run with `cargo bench --bench people`.

use diptych::pair::Pair;
use diptych::people::{People, PeopleIndex};

#[path = "common/mod.rs"]
mod common;

use common::big_pair;

fn main() {
    divan::main();
}

/// Every mention in the bundled pair, index included.
#[divan::bench]
fn mentions_bundled(bencher: divan::Bencher) {
    let pair = Pair::bundled().expect("bundled");
    let index = PeopleIndex::bundled().expect("index");
    bencher.bench_local(|| People::find(&pair, &index));
}

/// Every mention in a 2 × 5 MB pair.
#[divan::bench(sample_count = 5)]
fn mentions_5mb(bencher: divan::Bencher) {
    let pair = big_pair(5 << 20);
    let index = PeopleIndex::bundled().expect("index");
    bencher.bench_local(|| People::find(&pair, &index));
}

/// Topics and links (people included) for a 2 × 5 MB pair.
#[divan::bench(sample_count = 3)]
fn links_5mb(bencher: divan::Bencher) {
    let pair = big_pair(5 << 20);
    let index = PeopleIndex::bundled().expect("index");
    let lexicon = diptych::topics::Lexicon::bundled().expect("lexicon");
    bencher.bench_local(|| {
        let people = People::find(&pair, &index);
        diptych::topics::Links::build(&pair, &people, lexicon.clone())
    });
}

/// Topics and links (people included) for the bundled pair.
#[divan::bench]
fn links_bundled(bencher: divan::Bencher) {
    let pair = Pair::bundled().expect("bundled");
    let index = PeopleIndex::bundled().expect("index");
    let lexicon = diptych::topics::Lexicon::bundled().expect("lexicon");
    bencher.bench_local(|| {
        let people = People::find(&pair, &index);
        diptych::topics::Links::build(&pair, &people, lexicon.clone())
    });
}
