//! The typo tier: a vocabulary word within a few edits of a term (from
//! five letters one, from nine two), its start, or its stem; cheap tests on
//! lengths and letter sets before any edit distance.

use super::Term;
use super::side::{self, Vocab};
use crate::lang::sound::{distance, typo_budget};

/// A word as the edit distance reads it: its bytes when ASCII (most folded
/// words), else its characters.
enum Letters<'a> {
    Bytes(&'a [u8]),
    Chars(Vec<char>),
}

impl<'a> Letters<'a> {
    fn of(word: &'a str) -> Letters<'a> {
        if word.is_ascii() {
            Letters::Bytes(word.as_bytes())
        } else {
            Letters::Chars(word.chars().collect())
        }
    }

    /// The edit distance to `other` (its first `prefix` letters when
    /// given) is at most `max`.
    fn within(&self, other: &str, prefix: Option<usize>, max: usize) -> bool {
        match self {
            Letters::Bytes(a) if other.is_ascii() => {
                let b = other.as_bytes();
                let b = prefix.map_or(b, |n| &b[..n.min(b.len())]);
                distance(a, b, max).is_some()
            }
            _ => {
                let a: Vec<char> = match self {
                    Letters::Bytes(a) => a.iter().map(|&b| char::from(b)).collect(),
                    Letters::Chars(c) => c.clone(),
                };
                let b: Vec<char> = other.chars().take(prefix.unwrap_or(usize::MAX)).collect();
                distance(&a, &b, max).is_some()
            }
        }
    }
}

/// A term ready to be compared with every word of a vocabulary.
pub(super) struct Typo<'t> {
    term: Letters<'t>,
    term_len: usize,
    term_mask: u32,
    term_bare: Letters<'t>,
    bare_len: usize,
    bare_mask: u32,
    budget: usize,
    first_two: Vec<char>,
}

impl<'t> Typo<'t> {
    /// Measures `t` once.
    pub fn new(t: &'t Term) -> Self {
        let term_bare_str = side::bare(&t.key);
        let term_len = usize::from(side::char_len(&t.key));
        Typo {
            term: Letters::of(&t.key),
            term_len,
            term_mask: side::letter_mask(&t.key),
            term_bare: Letters::of(term_bare_str),
            bare_len: usize::from(side::char_len(term_bare_str)),
            bare_mask: side::letter_mask(term_bare_str),
            budget: typo_budget(term_len),
            first_two: t.key.chars().take(2).collect(),
        }
    }

    /// Word `id` of `vocab` (`word`) is the term with a typo: as a whole,
    /// at its start, or in its stem.
    pub fn matches(&self, vocab: &Vocab, id: usize, word: &str) -> bool {
        let budget = self.budget;
        if budget == 0 {
            return false;
        }
        let near = |a: u32, b: u32, k: usize| ((a ^ b).count_ones() as usize) <= 2 * k;
        let term_len = self.term_len;
        let len = usize::from(vocab.lens[id]);
        let whole = len.abs_diff(term_len) <= budget
            && near(self.term_mask, vocab.masks[id], budget)
            && self.term.within(word, None, budget);
        // A longer word whose start is the term with one typo: its
        // first two letters hold one of the term's first two.
        let start = || {
            let mut w = word.chars();
            let (a, b) = (w.next(), w.next());
            term_len >= 6
                && len > term_len
                && len <= term_len + 4
                && [a, b].iter().flatten().any(|c| self.first_two.contains(c))
                && self.term.within(word, Some(term_len), budget.min(1))
        };
        let stems = || {
            self.bare_len >= 4
                && usize::from(vocab.bare_lens[id]).abs_diff(self.bare_len) <= budget
                && near(self.bare_mask, vocab.bare_masks[id], budget)
                && self.term_bare.within(vocab.bare(id), None, budget)
        };
        whole || start() || stems()
    }
}
