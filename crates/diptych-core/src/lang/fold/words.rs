//! The words of a folded key: their byte ranges, 64 bytes at a time, and
//! whether a span of a key starts and ends at word edges.

use super::ascii::{ONES, TOP, byte_classes};
use std::ops::Range;

/// The byte ranges of the words (alphanumeric runs) of a folded key.
///
/// Every word of a book goes through here once for its vocabulary, so it
/// reads the key 64 bytes at a time: a mask of the bytes that belong to
/// words (`byte_classes`), and the words read off its runs of ones. A folded key is ASCII but for
/// punctuation and letters no table folds (Greek, Armenian …), which are
/// decoded where they stand. (No crate splits on a class of bytes this
/// way; a byte-at-a-time loop took four times as long.)
pub fn key_words(key: &str) -> KeyWords<'_> {
    KeyWords {
        key,
        at: 0,
        block: usize::MAX,
        bits: 0,
    }
}

/// Whether `key[start..end]` opens a word (nothing alphanumeric before
/// it) and closes one (nothing alphanumeric after it), as [`key_words`]
/// reads words.
pub fn word_edges(key: &str, start: usize, end: usize) -> (bool, bool) {
    let opens = key[..start]
        .chars()
        .next_back()
        .is_none_or(|c| !c.is_alphanumeric());
    let closes = key[end..]
        .chars()
        .next()
        .is_none_or(|c| !c.is_alphanumeric());
    (opens, closes)
}

/// The words of a folded key ([`key_words`]).
#[derive(Debug, Clone)]
pub struct KeyWords<'a> {
    key: &'a str,
    /// Where the next word is looked for.
    at: usize,
    /// The block of 64 bytes `bits` is for.
    block: usize,
    /// Bit `i` is set when byte `64 · block + i` is part of a word.
    bits: u64,
}

impl KeyWords<'_> {
    /// The word bits of block `block` ([`KeyWords::bits`]).
    fn block_bits(&self, block: usize) -> u64 {
        let bytes = self.key.as_bytes();
        let from = block * 64;
        let (mut bits, high) = match bytes.get(from..from + 64) {
            Some(chunk) => masks(chunk),
            None => {
                // The last, short block: zeros after the key are no word.
                let mut padded = [0u8; 64];
                padded[..bytes.len() - from].copy_from_slice(&bytes[from..]);
                masks(&padded)
            }
        };
        if high != 0 {
            bits |= self.wide_bits(from, high);
        }
        bits
    }

    /// The bits of the non-ASCII bytes at `high` (of the block from byte
    /// `from`) whose character is a letter or digit.
    #[cold]
    fn wide_bits(&self, from: usize, mut high: u64) -> u64 {
        let bytes = self.key.as_bytes();
        let mut bits = 0;
        let mut last: Option<(usize, bool)> = None;
        while high != 0 {
            let i = high.trailing_zeros() as usize;
            high &= high - 1;
            // The character this byte is part of (it may start in the
            // block before).
            let mut start = from + i;
            while start > 0 && bytes[start] & 0xC0 == 0x80 {
                start -= 1;
            }
            let word = match last {
                Some((s, w)) if s == start => w,
                // U+2000 to U+203F (dashes, quotes, ellipses: most of
                // what a key keeps that is not ASCII): no letter there.
                _ if bytes[start] == 0xE2 && bytes.get(start + 1) == Some(&0x80) => false,
                _ => {
                    let w = self.key[start..]
                        .chars()
                        .next()
                        .is_some_and(char::is_alphanumeric);
                    last = Some((start, w));
                    w
                }
            };
            bits |= u64::from(word) << i;
        }
        bits
    }

    /// The first byte from `from` on that is part of a word (`word`) or
    /// is not (`!word`); the key's length when none is.
    fn seek(&mut self, from: usize, word: bool) -> usize {
        let n = self.key.len();
        let mut at = from;
        while at < n {
            let block = at / 64;
            if block != self.block {
                self.bits = self.block_bits(block);
                self.block = block;
            }
            let bits = if word { self.bits } else { !self.bits };
            let ahead = bits & (u64::MAX << (at % 64));
            if ahead != 0 {
                return (block * 64 + ahead.trailing_zeros() as usize).min(n);
            }
            at = (block + 1) * 64;
        }
        n
    }
}

/// For 64 bytes: which are ASCII letters or digits, and which are not
/// ASCII, as bits (`byte_classes`).
fn masks(chunk: &[u8]) -> (u64, u64) {
    byte_classes(chunk, |x| {
        let y = x & !TOP;
        let lower = y | (0x20 * ONES);
        let letter = lower.wrapping_add(0x1F * ONES) & !lower.wrapping_add(0x05 * ONES);
        let digit = y.wrapping_add(0x50 * ONES) & !y.wrapping_add(0x46 * ONES);
        ((letter | digit) & !x, x)
    })
}

impl Iterator for KeyWords<'_> {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        let start = self.seek(self.at, true);
        if start >= self.key.len() {
            self.at = start;
            return None;
        }
        let end = self.seek(start, false);
        self.at = end;
        Some(start..end)
    }
}
