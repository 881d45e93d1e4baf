//! `diptych lexicon`: the word pairs a translation taught, strongest
//! first, as JSON or aligned columns.

use super::to_json;
use crate::lang::fold::{fold, key_words};
use crate::lexicon::Lexicon;
use crate::pair::Pair;
use crate::text::Side;
use crate::text::sanitize::sanitize;
use serde::Serialize;
use std::collections::HashMap;
use std::fmt::Write as _;

/// One pair in the lexicon JSON contract.
#[derive(Serialize)]
struct Entry<'a> {
    /// The left word's key (lowercase, Latin letters: how it is matched).
    left: &'a str,
    right: &'a str,
    score: f64,
    count: u32,
    /// The word as the account first writes it.
    left_written: &'a str,
    right_written: &'a str,
}

/// `lexicon --json`: `[{"left", "right", "score", "count", "left_written",
/// "right_written"}, …]`.
pub fn json(pair: &Pair, lexicon: &Lexicon) -> String {
    let written = as_written(pair, lexicon);
    let entries: Vec<Entry> = lexicon
        .entries()
        .map(|(left, right, score, count)| Entry {
            left,
            right,
            score: (f64::from(score) * 100.0).round() / 100.0,
            count,
            left_written: written[0].get(left).map_or(left, String::as_str),
            right_written: written[1].get(right).map_or(right, String::as_str),
        })
        .collect();
    to_json(&entries)
}

/// `lexicon`: a pair a line, score, count, left word, right word, each
/// as its account first writes it (Наполеон, not napoleon).
pub fn lines(pair: &Pair, lexicon: &Lexicon) -> String {
    let written = as_written(pair, lexicon);
    let mut out = String::new();
    for (left, right, score, count) in lexicon.entries() {
        let shown =
            |k: usize, w: &str| sanitize(written[k].get(w).map_or(w, String::as_str)).into_owned();
        let _ = writeln!(
            out,
            "{score:.2} {count:>6}  {:<24} {}",
            shown(0, left),
            shown(1, right)
        );
    }
    out
}

/// Each side's lexicon words (keys) as the account first writes them: the
/// text folded paragraph by paragraph until every word is found, its
/// headings and matter after its paragraphs of text.
fn as_written(pair: &Pair, lexicon: &Lexicon) -> [HashMap<String, String>; 2] {
    Side::both(|side| {
        let mut wanted: std::collections::HashSet<&str> = lexicon
            .entries()
            .map(|(left, right, _, _)| if side == Side::Left { left } else { right })
            // Punctuation tokens are no word of the text: never found,
            // they would keep the search going to the end.
            .filter(|w| w.chars().any(char::is_alphanumeric))
            .collect();
        let account = pair.account(side);
        let mut out = HashMap::new();
        // The text's paragraphs first, then the rest: headings (Acts'
        // Глава and Rozdział are written nowhere else) and matter.
        let (text, other): (Vec<_>, Vec<_>) = account.paragraphs.iter().partition(|p| p.is_text());
        for para in text.into_iter().chain(other) {
            if wanted.is_empty() {
                break;
            }
            let span = para.span();
            let folded = fold(&account.text[span.clone()], span.start);
            for r in key_words(&folded.key) {
                let word = &folded.key[r.clone()];
                if !wanted.remove(word) {
                    continue;
                }
                let start = folded.map.get(r.start) as usize;
                let end = if r.end < folded.key.len() {
                    folded.map.get(r.end) as usize
                } else {
                    span.end
                };
                let text = account.text.get(start..end.max(start)).unwrap_or("");
                let text = text.trim_end_matches(|c: char| !c.is_alphanumeric());
                if !text.is_empty() {
                    out.insert(word.to_string(), text.to_string());
                }
            }
        }
        out
    })
}
