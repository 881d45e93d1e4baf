//! How a language's names take its endings (`[xx.declension]` of
//! texts/languages.toml): rules matched at a word's end, each giving the
//! stem and the endings it takes.

use serde::Deserialize;

/// What a rule of a declension matches at a word's end.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// The word ends with one of these (any case).
    #[serde(default)]
    pub ends: Vec<String>,
    /// Or its last letter (lower-cased) is one of these.
    #[serde(default)]
    pub last: String,
    /// Letters of what matched that the stem keeps (default: none of
    /// `ends`, the letter of `last`).
    #[serde(default)]
    pub keep: Option<usize>,
    /// The endings the stem takes ("" is the stem alone).
    pub endings: Vec<String>,
}

/// How a language's names take its endings: the first rule that matches
/// a word decides; `default` when none does.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Declension {
    /// In order.
    #[serde(default)]
    pub rules: Vec<Rule>,
    /// The endings of a word no rule matches (its stem is the whole word).
    #[serde(default)]
    pub default: Vec<String>,
}

impl Declension {
    /// The byte length of `word`'s stem and the endings it takes.
    pub fn split(&self, word: &str) -> (usize, &[String]) {
        let lower = word.to_lowercase();
        let last = lower.chars().last();
        for r in &self.rules {
            // Where what matched starts, and how many letters the stem keeps.
            let matched = if r.last.is_empty() {
                r.ends
                    .iter()
                    .find(|e| lower.ends_with(e.as_str()))
                    .and_then(|e| word.len().checked_sub(e.len()))
                    .map(|at| (at, r.keep.unwrap_or(0)))
            } else {
                last.filter(|c| r.last.contains(*c)).map(|_| {
                    let n = word.chars().last().map_or(0, char::len_utf8);
                    (word.len() - n, r.keep.unwrap_or(1))
                })
            };
            // (A lower-cased end of another length than the word's own
            // matches nothing.)
            if let Some((at, keep)) = matched.filter(|(at, _)| word.is_char_boundary(*at)) {
                let kept = word[at..]
                    .char_indices()
                    .nth(keep)
                    .map_or(word.len() - at, |(i, _)| i);
                return (at + kept, &r.endings);
            }
        }
        (word.len(), &self.default)
    }
}
