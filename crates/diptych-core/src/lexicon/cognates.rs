//! Cognates: words of the two texts that are the same word, before any
//! learning. Numbers and marks match themselves; a word of four letters
//! or more matches the words of the other side with its sound key
//! (Шерер, sherer, Scherer); a word of seven or more also matches those
//! whose sound key starts with the same six letters (expédition,
//! Expeditionen), which is where a name's or a learned word's inflections
//! meet.

use super::words::{Vocab, is_symbol};
use crate::lang::sound::word_key_into;
use std::collections::HashMap;

/// Sound keys this long or longer match.
const MIN_KEY: usize = 4;
/// Words this long or longer also match by the start of their key.
const MIN_STEM_WORD: usize = 7;
/// The length of that start.
const STEM: usize = 6;

/// The most partners a word takes from one list of words sharing its key
/// or its start: the nearest by key. Without a bound, texts of thousands
/// of words sharing one start (konstantin…) made a pair of every two,
/// quadratic in time and memory.
const MAX_PARTNERS: usize = 16;

/// The cognate pairs (left id, right id) of two vocabularies, leaving out
/// the words `common` marks on either side; each left word pairs with at
/// most `MAX_PARTNERS` words of a list, the nearest by key.
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
    // Each list in key order (then by id), where the nearest keys are
    // neighbours.
    let right_key = |id: u32| keys[1][id as usize].as_deref().unwrap_or("");
    for list in by_key.values_mut().chain(by_stem.values_mut()) {
        if list.len() > MAX_PARTNERS {
            list.sort_by(|&a, &b| right_key(a).cmp(right_key(b)).then(a.cmp(&b)));
        }
    }
    let mut out = Vec::new();
    for (id, k) in keys[0].iter().enumerate() {
        let Some(k) = k else { continue };
        let left = id as u32;
        let mut add = |list: Option<&Vec<u32>>| {
            for r in nearest(list.map_or(&[], Vec::as_slice), k, &right_key) {
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

/// The words of `list` a word of key `key` pairs with: all of a short
/// list; of a longer one (sorted by key), the [`MAX_PARTNERS`] nearest:
/// the longest start of the key in common, then the nearest length, then
/// the first.
fn nearest<'a>(list: &[u32], key: &str, key_of: &impl Fn(u32) -> &'a str) -> Vec<u32> {
    if list.len() <= MAX_PARTNERS {
        return list.to_vec();
    }
    let at = list.partition_point(|&r| key_of(r) < key);
    let window = &list[at.saturating_sub(MAX_PARTNERS)..(at + MAX_PARTNERS).min(list.len())];
    let shared = |r: u32| {
        key.bytes()
            .zip(key_of(r).bytes())
            .take_while(|(a, b)| a == b)
            .count()
    };
    let mut near: Vec<u32> = window.to_vec();
    near.sort_by_key(|&r| {
        (
            std::cmp::Reverse(shared(r)),
            key_of(r).len().abs_diff(key.len()),
            r,
        )
    });
    near.truncate(MAX_PARTNERS);
    near
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
            word_key_into(w, &mut k);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Thousands of words on each side sharing one start pair with a few
    /// partners each, not with every word of the other side.
    #[test]
    fn partners_are_bounded_per_word() {
        let words = |end: &str| -> Vec<String> {
            (0..400)
                .map(|i| {
                    format!(
                        "konstantin{}{end}",
                        ["b", "d", "g", "k"][i % 4].repeat(1 + i / 4)
                    )
                })
                .collect()
        };
        let (l, r) = (words("a"), words("o"));
        let intern = |ws: &[String]| {
            let mut v = Vocab::default();
            for w in ws {
                v.intern(w);
            }
            v
        };
        let vocab = [intern(&l), intern(&r)];
        let common = [vec![false; vocab[0].len()], vec![false; vocab[1].len()]];
        let pairs = find(&vocab, &common);
        assert!(pairs.len() <= 400 * 2 * MAX_PARTNERS, "{}", pairs.len());
        assert!(pairs.len() >= 400, "{}", pairs.len());
    }
}
