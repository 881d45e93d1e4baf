//! Test data shared by the benchmarks.
#![allow(dead_code)]

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
