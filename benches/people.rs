//! Names, links and the map: finding every name of a 2 × 5 MB book pair
//! (War and Peace I–V, Russian and English, grown to 5 MB each), building
//! its links, and drawing the map. Run with `cargo bench --bench people`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use diptych::app::{Action, App, Options};
use diptych::entities::{Entities, PeopleIndex};
use diptych::keymap::Keymap;
use diptych::links::{AlignChoice, Links, Topics};
use diptych::map::MapData;
use diptych::pair::Pair;
use diptych::ui::{self, Theme};
use diptych::worker::{Engine, Sources};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::sync::atomic::AtomicBool;

#[path = "common/mod.rs"]
mod common;

use common::book_pair;

fn main() {
    common::run_benches();
}

/// Every name of the bundled pair, index included.
#[divan::bench]
fn names_bundled(bencher: divan::Bencher) {
    let pair = Pair::bundled().expect("bundled");
    let index = PeopleIndex::bundled().expect("index");
    bencher.bench_local(|| Entities::find(&pair, &index));
}

/// Every name of a 2 × 5 MB book pair (target: under 1 s).
#[divan::bench(sample_count = 5)]
fn names_5mb(bencher: divan::Bencher) {
    let pair = book_pair(5 << 20);
    let index = PeopleIndex::bundled().expect("index");
    bencher.bench_local(|| Entities::find(&pair, &index));
}

/// A name made of `i`'s digits as letters: distinct for each `i`.
fn name_of(i: usize) -> String {
    let mut name = String::from("Z");
    let mut n = i;
    loop {
        name.push(char::from(b'a' + (n % 20) as u8));
        n /= 20;
        if n == 0 {
            break;
        }
    }
    name
}

/// Every name of a pair whose left text names `n` distinct people, each
/// twice inside a sentence (the red team's 12.5k–100k names: quadratic).
#[divan::bench(args = [12_500, 25_000, 50_000, 100_000], sample_count = 3)]
fn names_distinct(bencher: divan::Bencher, n: usize) {
    let text: String = (0..n)
        .map(|i| {
            let name = name_of(i);
            format!("Then {name} came, and {name} stayed.\n")
        })
        .collect();
    let pair = Pair::from_texts(
        [
            diptych::text::Meta::named("l"),
            diptych::text::Meta::named("r"),
        ],
        [text, "Nobody came.\n".to_string()],
    );
    let index = PeopleIndex::default();
    bencher.bench_local(|| Entities::find(&pair, &index));
}

/// Topics, alignment and links of the bundled pair (names found already).
#[divan::bench]
fn links_bundled(bencher: divan::Bencher) {
    bench_links(bencher, &Pair::bundled().expect("bundled"));
}

/// Topics, alignment and links of a 2 × 5 MB book pair (names found already).
#[divan::bench(sample_count = 3)]
fn links_5mb(bencher: divan::Bencher) {
    bench_links(bencher, &book_pair(5 << 20));
}

/// The links of a 2 × 5 MB pair aligned as a translation: the first
/// alignment, the lexicon learned, the second alignment and the sentences
/// (against `links_5mb`: the second half's cost).
#[divan::bench(sample_count = 3)]
fn links_translation_5mb(bencher: divan::Bencher) {
    let pair = book_pair(5 << 20);
    let people = Entities::find(&pair, &PeopleIndex::bundled().expect("index"));
    let lexicon = Topics::bundled().expect("lexicon");
    let stop = AtomicBool::new(false);
    bencher.bench_local(|| {
        Links::build(
            &pair,
            &people,
            lexicon.clone(),
            AlignChoice::Translation,
            &stop,
        )
    });
}

/// Builds the links of `pair` again and again, its names found once.
fn bench_links(bencher: divan::Bencher, pair: &Pair) {
    let people = Entities::find(pair, &PeopleIndex::bundled().expect("index"));
    let lexicon = Topics::bundled().expect("lexicon");
    let stop = AtomicBool::new(false);
    bencher.bench_local(|| Links::build(pair, &people, lexicon.clone(), AlignChoice::Auto, &stop));
}

/// One frame of the map view of a 2 × 5 MB book pair at 160 × 45, its data
/// computed (target: under 16 ms).
#[divan::bench(sample_count = 20)]
fn map_frame_5mb(bencher: divan::Bencher) {
    let pair = book_pair(5 << 20);
    let engine = Engine::new(Sources::bundled(pair));
    let _ = engine.map();
    let mut app = App::new(
        engine,
        Keymap::default_keymap().expect("keymap"),
        Options::default(),
    );
    app.update(Action::Resize(160, 45));
    app.settle();
    app.update(Action::Map);
    app.settle();
    let mut buf = Buffer::empty(Rect::new(0, 0, 160, 45));
    let theme = Theme::default();
    bencher.bench_local(|| {
        app.update(Action::SelectNext);
        buf.reset();
        ui::draw(&app, &theme, &mut buf);
    });
}

/// The map's data for a 2 × 5 MB book pair, from its names and links.
#[divan::bench(sample_count = 5)]
fn map_data_5mb(bencher: divan::Bencher) {
    let pair = book_pair(5 << 20);
    let people = Entities::find(&pair, &PeopleIndex::bundled().expect("index"));
    let links = Links::build(
        &pair,
        &people,
        Topics::bundled().expect("lexicon"),
        AlignChoice::Auto,
        &AtomicBool::new(false),
    );
    bencher.bench_local(|| MapData::build(&pair, &people, &links));
}

/// Cognates of two vocabularies of `n` words each, all sharing one long
/// start (the red team's konstantin… texts; every pair of them once made
/// a cognate: 1.6 GB at 8,000 words). 1× and 4×: linear.
#[divan::bench(args = [8_000, 32_000], sample_count = 5)]
fn cognates_shared_start(bencher: divan::Bencher, n: usize) {
    use diptych::lexicon::{Vocab, cognates};
    let letters = b"bdfgklmnprstvz";
    let vocab = |end: &str| {
        let mut v = Vocab::default();
        for i in 0..n {
            let mut w = String::from("konstantin");
            let mut k = i;
            for _ in 0..4 {
                w.push(char::from(letters[k % letters.len()]));
                k /= letters.len();
            }
            w.push_str(end);
            v.intern(&w);
        }
        v
    };
    let vocab = [vocab("a"), vocab("o")];
    let common = [vec![false; n], vec![false; n]];
    bencher.bench_local(|| cognates::find(&vocab, &common));
}

/// A thousand curation steps (split a form out, merge it back) over a
/// pair that is one sentence `n` times, its name's entry holding `n`
/// mentions a side (the red team's 1,000 steps froze the reader 7.9 s at
/// 100,000). 1× and 4×: linear in the people, whatever the steps.
#[divan::bench(args = [25_000, 100_000], sample_count = 3)]
fn curate_1000_steps(bencher: divan::Bencher, n: usize) {
    use diptych::entities::curate::{Curation, apply};
    let text = "Napoleon met Marmont in Paris. ".repeat(n);
    let pair = Pair::from_texts(
        [
            diptych::text::Meta::named("l"),
            diptych::text::Meta::named("r"),
        ],
        [text.clone(), text],
    );
    let people = Entities::find(&pair, &PeopleIndex::bundled().expect("index"));
    let steps: Vec<Curation> = (0..500)
        .flat_map(|_| {
            [
                Curation::Split {
                    entry: "napoleon".into(),
                    side: "left".into(),
                    form: "Napoleon".into(),
                },
                Curation::Merge {
                    into: "napoleon".into(),
                    from: "split:napoleon:left:Napoleon".into(),
                },
            ]
        })
        .collect();
    bencher.bench_local(|| apply(&pair, &people, &steps));
}

/// The first pass of the alignment alone, at the size of the 2 × 5 MB
/// pair (12,000 paragraphs against 20,055, a band of 332: the eight
/// million cells the programme fills at most), on units of fixed
/// pseudo-random lengths and anchors: the part of `related` no second core
/// shares.
#[divan::bench(sample_count = 5)]
fn first_pass_8m_cells(bencher: divan::Bencher) {
    use diptych::links::align::{Unit, dp};
    let units = |n: usize, seed: u64| -> Vec<Unit> {
        let mut x = seed;
        (0..n)
            .map(|i| {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let mut anchors: Vec<u32> = if i % 3 == 0 {
                    vec![(x >> 50) as u32 % 500, 600 + (i / 7) as u32]
                } else {
                    Vec::new()
                };
                anchors.sort_unstable();
                anchors.dedup();
                Unit::new(
                    20 + (x >> 40) as usize % 400,
                    (i % 97 == 0).then_some(1),
                    &anchors,
                )
            })
            .collect()
    };
    let (left, right) = (units(12_000, 7), units(20_055, 11));
    let score = dp::Scoring {
        ratio: 1.6,
        steps: dp::FIRST,
        lexicon: None,
        variance: dp::VARIANCE,
    };
    let corridor = dp::Corridor::diagonal(12_000, 20_055, 332);
    bencher.bench_local(|| dp::programme(&left, &right, &score, &corridor));
}
