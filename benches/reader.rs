//! Reader speed: the first frame of the bundled pair, opening a 2 × 5 MB
//! book pair (War and Peace I–V, Russian and English, hard-wrapped, grown
//! to 5 MB each: split + wrap + first frame), and one scroll frame at 5 MB.
//! Run with `cargo bench --bench reader`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use diptych::app::{Action, App, Options};
use diptych::keymap::Keymap;
use diptych::pair::Pair;
use diptych::text::Meta;
use diptych::ui::{self, Theme};
use diptych::worker::{Engine, Sources};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

#[path = "common/mod.rs"]
mod common;

use common::books::book_texts;

fn main() {
    common::run_benches();
}

fn frame(app: &App) -> Buffer {
    let a = app.screen().area;
    let mut buf = Buffer::empty(Rect::new(0, 0, a.width, a.height));
    ui::draw(app, &Theme::default(), &mut buf);
    buf
}

/// From nothing to the first frame of the bundled pair at 120 × 35.
#[divan::bench]
fn first_frame_bundled() -> Buffer {
    let pair = Pair::bundled().expect("bundled");
    let keymap = Keymap::default_keymap().expect("keymap");
    let mut app = App::new(
        Engine::new(Sources::bundled(pair)),
        keymap,
        Options::default(),
    );
    app.update(Action::Resize(120, 35));
    frame(&app)
}

/// Splitting, wrapping and drawing a 2 × 5 MB book pair (text already in memory).
#[divan::bench(sample_count = 10)]
fn open_5mb_pair(bencher: divan::Bencher) {
    let texts = book_texts(5 << 20);
    bencher.with_inputs(|| texts.clone()).bench_values(|texts| {
        let pair = Pair::from_texts([Meta::named("l"), Meta::named("r")], texts);
        let mut app = App::new(
            Engine::new(Sources::bundled(pair)),
            Keymap::default_keymap().expect("keymap"),
            Options::default(),
        );
        app.update(Action::Resize(120, 35));
        frame(&app)
    });
}

/// One page down and its frame, in the middle of a 5 MB text.
#[divan::bench]
fn scroll_frame_5mb(bencher: divan::Bencher) {
    let pair = Pair::from_texts([Meta::named("l"), Meta::named("r")], book_texts(5 << 20));
    let mut app = App::new(
        Engine::new(Sources::bundled(pair)),
        Keymap::default_keymap().expect("keymap"),
        Options::default(),
    );
    app.update(Action::Resize(120, 35));
    // To the middle, as a reader goes there: 50%.
    for k in ["5", "0", "%"] {
        app.update(Action::Key(k.parse().expect("key")));
    }
    bencher.bench_local(|| {
        app.update(Action::PageDown);
        frame(&app)
    });
}

/// One page down and its frame in the bundled pair.
#[divan::bench]
fn scroll_frame_bundled(bencher: divan::Bencher) {
    let pair = Pair::bundled().expect("bundled");
    let mut app = App::new(
        Engine::new(Sources::bundled(pair)),
        Keymap::default_keymap().expect("keymap"),
        Options::default(),
    );
    app.update(Action::Resize(120, 35));
    bencher.bench_local(|| {
        app.update(Action::ScrollDown);
        app.update(Action::ScrollUp);
        frame(&app)
    });
}

/// Splitting one 5 MB text into paragraphs, sentences and words.
#[divan::bench(sample_count = 5)]
fn split_5mb(bencher: divan::Bencher) {
    let [text, _] = book_texts(5 << 20);
    bencher
        .with_inputs(|| text.clone())
        .bench_values(|t| diptych::text::Account::new(Meta::named("l"), t));
}

/// Wrapping one 5 MB account at 55 cells.
#[divan::bench(sample_count = 5)]
fn wrap_5mb(bencher: divan::Bencher) {
    let [text, _] = book_texts(5 << 20);
    let a = diptych::text::Account::new(Meta::named("l"), text);
    bencher.bench_local(|| diptych::wrap::Wrapped::new(&a, 55));
}
