//! Test data shared by the benchmarks.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    missing_docs
)]

pub mod books;
#[path = "../../tests/common/corpus.rs"]
pub mod corpus;

/// A bench binary's `main`: its benches when the corpus is here, else the
/// skip line.
pub fn run_benches() {
    if corpus_or_skip() {
        divan::main();
    }
}

/// Whether the corpus the book benches grow is here; prints the skip line
/// when it is not, for `main` to return.
pub fn corpus_or_skip() -> bool {
    let here = corpus::dir().is_some();
    if !here {
        println!("{}", corpus::SKIPPED);
    }
    here
}

use diptych::pair::Pair;
use diptych::text::Meta;

/// Both bundled accounts repeated to about `bytes` each.
pub fn big_texts(bytes: usize) -> [String; 2] {
    let pair = Pair::bundled().expect("bundled");
    pair.accounts.clone().map(|a| {
        let mut t = String::with_capacity(bytes + a.text.len());
        while t.len() < bytes {
            t.push_str(&a.text);
            t.push('\n');
        }
        t
    })
}

/// A pair of the bundled accounts repeated to about `bytes` each.
pub fn big_pair(bytes: usize) -> Pair {
    Pair::from_texts([Meta::named("l"), Meta::named("r")], big_texts(bytes))
}

/// The book-sized pair (War and Peace I–V, Russian and English, grown to
/// `bytes` each; see [`books`]), opened as files are: layout and language
/// decided from the text.
pub fn book_pair(bytes: usize) -> Pair {
    let dir = tempfile::tempdir().expect("tempdir");
    let [l, r] = books::book_files(dir.path(), bytes);
    Pair::from_files(&l, &r).expect("the book pair opens")
}
