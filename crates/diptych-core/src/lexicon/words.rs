//! The words a unit (a paragraph, a sentence) brings to the lexicon:
//! folded words (lowercase Latin, so Cyrillic and Latin names can meet),
//! numbers, and the punctuation a translation keeps (questions,
//! exclamations, quotations, brackets, colons), each interned in one
//! side's vocabulary.

use crate::lang::fold::{fold_key_into, key_words};
use std::collections::HashMap;

/// Punctuation kept as words, each with the token it becomes: the marks
/// of every quotation style are one token, as translations change the
/// style but keep the quotation.
const MARKS: &[(char, &str)] = &[
    ('?', "?"),
    ('!', "!"),
    (':', ":"),
    (';', ";"),
    ('(', "("),
    ('[', "("),
    ('«', "\""),
    ('»', "\""),
    ('“', "\""),
    ('”', "\""),
    ('„', "\""),
    ('"', "\""),
    ('—', "—"),
    ('–', "—"),
];

/// One side's words: each distinct word once, with an id.
#[derive(Debug, Clone, Default)]
pub struct Vocab {
    ids: HashMap<Box<str>, u32, foldhash::fast::RandomState>,
    words: Vec<Box<str>>,
}

impl Vocab {
    /// The id of `word`, given it one when new.
    pub fn intern(&mut self, word: &str) -> u32 {
        if let Some(&id) = self.ids.get(word) {
            return id;
        }
        let id = self.words.len() as u32;
        self.words.push(word.into());
        self.ids.insert(word.into(), id);
        id
    }

    /// The id of `word`, when the side has it.
    pub fn get(&self, word: &str) -> Option<u32> {
        self.ids.get(word).copied()
    }

    /// The word of `id`.
    pub fn word(&self, id: u32) -> &str {
        self.words.get(id as usize).map_or("", |w| w)
    }

    /// How many distinct words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// True when no word was interned.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The words of `text` as sorted distinct ids (see the module's
    /// documentation for what counts as a word). `key` is a buffer kept
    /// between calls.
    pub fn bag(&mut self, text: &str, key: &mut String) -> Vec<u32> {
        key.clear();
        fold_key_into(text, key);
        let mut out: Vec<u32> = Vec::new();
        for w in key_words(key) {
            let word = &key[w];
            out.push(self.intern(word));
        }
        for c in text.chars() {
            if let Some((_, token)) = MARKS.iter().find(|(m, _)| *m == c) {
                out.push(self.intern(token));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// True for a token that is a number or punctuation: kept as itself
/// across languages.
pub fn is_symbol(word: &str) -> bool {
    word.chars()
        .all(|c| c.is_ascii_digit() || !c.is_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_numbers_and_marks_become_ids() {
        let mut v = Vocab::default();
        let mut key = String::new();
        let a = v.bag("«Пьер?» — сказал он в 1805 году.", &mut key);
        let words: Vec<&str> = a.iter().map(|&i| v.word(i)).collect();
        for w in ["per", "skazal", "1805", "?", "\"", "—"] {
            assert!(words.contains(&w), "{w} in {words:?}");
        }
        let b = v.bag("“Pierre?” he said", &mut key);
        assert!(b.contains(&v.get("?").expect("?")));
        assert!(b.contains(&v.get("\"").expect("quote")));
        assert!(is_symbol("1805") && is_symbol("?") && !is_symbol("per"));
    }
}
