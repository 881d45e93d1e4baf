//! Cognates: words of the two texts that are the same word, before any
//! learning. Numbers and marks match themselves; a word of four letters
//! or more matches the words of the other side with its sound key
//! (Шерер, sherer, Scherer); a word of seven or more also matches those
//! whose sound key starts with the same six letters (expédition,
//! Expeditionen), which is where a name's or a learned word's inflections
//! meet.

use super::words::{Vocab, is_symbol};
use crate::lang::sound::sound_key_into;
use std::collections::HashMap;

/// Sound keys this long or longer match.
const MIN_KEY: usize = 4;
/// Words this long or longer also match by the start of their key.
const MIN_STEM_WORD: usize = 7;
/// The length of that start.
const STEM: usize = 6;

/// The cognate pairs (left id, right id) of two vocabularies, leaving out
/// the words `common` marks on either side.
pub fn find(vocab: &[Vocab; 2], common: &[Vec<bool>; 2]) -> Vec<(u32, u32)> {
    let keys = [keys(&vocab[0], &common[0]), keys(&vocab[1], &common[1])];
    let mut by_key: HashMap<&str, Vec<u32>, foldhash::fast::RandomState> = HashMap::default();
    let mut by_stem: HashMap<&str, Vec<u32>, foldhash::fast::RandomState> = HashMap::default();
    for (id, k) in keys[1].iter().enumerate() {
        let Some(k) = k else { continue };
        by_key.entry(k.as_str()).or_default().push(id as u32);
        if let Some(s) = stem(vocab[1].word(id as u32), k) {
            by_stem.entry(s).or_default().push(id as u32);
        }
    }
    let mut out = Vec::new();
    for (id, k) in keys[0].iter().enumerate() {
        let Some(k) = k else { continue };
        let left = id as u32;
        let mut add = |list: Option<&Vec<u32>>| {
            for &r in list.into_iter().flatten() {
                out.push((left, r));
            }
        };
        add(by_key.get(k.as_str()));
        if let Some(s) = stem(vocab[0].word(left), k) {
            add(by_stem.get(s));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Each word's key to match by: a symbol as itself, a word of
/// [`MIN_KEY`] letters or more by its sound key, none for the rest and
/// for common words.
fn keys(vocab: &Vocab, common: &[bool]) -> Vec<Option<String>> {
    (0..vocab.len() as u32)
        .map(|id| {
            let w = vocab.word(id);
            if common.get(id as usize).copied().unwrap_or(true) {
                return None;
            }
            if is_symbol(w) {
                return Some(w.to_string());
            }
            let mut k = String::new();
            sound_key_into(w, &mut k);
            (k.chars().count() >= MIN_KEY).then_some(k)
        })
        .collect()
}

/// The start of `key` long words also match by.
fn stem<'a>(word: &str, key: &'a str) -> Option<&'a str> {
    if word.chars().count() < MIN_STEM_WORD || !key.is_ascii() || key.len() < STEM {
        return None;
    }
    key.get(..STEM)
}
