//! `diptych lexicon`: the word pairs a translation taught, strongest
//! first, as JSON or aligned columns.

use super::to_json;
use crate::lexicon::Lexicon;
use crate::text::sanitize::sanitize;
use serde::Serialize;
use std::fmt::Write as _;

/// One pair in the lexicon JSON contract.
#[derive(Serialize)]
struct Entry<'a> {
    left: &'a str,
    right: &'a str,
    score: f64,
    count: u32,
}

/// `lexicon --json`: `[{"left", "right", "score", "count"}, …]`.
pub fn json(lexicon: &Lexicon) -> String {
    let entries: Vec<Entry> = lexicon
        .entries()
        .map(|(left, right, score, count)| Entry {
            left,
            right,
            score: (f64::from(score) * 100.0).round() / 100.0,
            count,
        })
        .collect();
    to_json(&entries)
}

/// `lexicon`: a pair a line, score, count, left word, right word.
pub fn lines(lexicon: &Lexicon) -> String {
    let mut out = String::new();
    for (left, right, score, count) in lexicon.entries() {
        let _ = writeln!(
            out,
            "{score:.2} {count:>6}  {:<24} {}",
            sanitize(left),
            sanitize(right)
        );
    }
    out
}
