//! Search keys: text folded to lowercase Latin without diacritics, with a map
//! from every byte of the key back to the original text.
//!
//! Folding makes one query find both scripts: `pariz` matches Париж and
//! Paríži, `Наполеон` matches Napoleon. Latin letters lose their diacritics
//! (canonical decomposition, combining marks dropped, plus œ æ ß ø đ ł by
//! hand); Cyrillic is transliterated with a table of our own for every
//! Ukrainian and Russian letter, chosen for matching rather than for
//! publication (и and і both give `i`, г and ґ give `g` as in Western names
//! written in Cyrillic). Neither deunicode nor any_ascii offers this choice,
//! and neither keeps a map back to the original, so it is written here.
//! An apostrophe between two letters (з'явилося, сім'ї) is dropped, so the
//! word stays one word in the key. A run of white space (a line end inside
//! a paragraph included) is one space, and a line end after a hyphen
//! before a lowercase letter is nothing (well-known wrapped as well-⏎known
//! is still well-known).

mod ascii;
mod map;
mod table;
#[cfg(test)]
mod tests;
mod words;

pub use map::OffsetMap;
pub use table::cyrillic;
pub use words::{KeyWords, key_words, word_edges};

use ascii::{PLAIN, plain_run_end};
use map::{NoMap, Sink};
use table::{PUNCTUATION, TABLE_END, fold_char, is_apostrophe, is_letter, punctuation, table};

/// A folded key and, for each of its bytes, the byte offset in the original
/// text of the character it came from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Folded {
    /// The key: lowercase, Latin letters without diacritics.
    pub key: String,
    /// `map.get(i)` is the original byte offset for key byte `i`.
    pub map: OffsetMap,
}

/// The way back from the bytes of a folded key to its text.
pub trait Origins {
    /// The text offset of the character key byte `at` came from.
    fn origin(&mut self, at: usize) -> usize;
}

impl Origins for &OffsetMap {
    fn origin(&mut self, at: usize) -> usize {
        self.get(at) as usize
    }
}

/// A text folded: its key, and the way back to the text.
pub trait Keyed: Sync {
    /// The folded key.
    fn key(&self) -> &str;
    /// The way back from the key's bytes to `text`, the text it was folded from.
    fn origins<'a>(&'a self, text: &'a str) -> Box<dyn Origins + 'a>;
}

impl Keyed for Folded {
    fn key(&self) -> &str {
        &self.key
    }

    fn origins<'a>(&'a self, _text: &'a str) -> Box<dyn Origins + 'a> {
        Box::new(&self.map)
    }
}

/// Folds `text`, whose first byte is at `base` in the original.
pub fn fold(text: &str, base: usize) -> Folded {
    let mut f = Folded {
        key: String::with_capacity(text.len()),
        map: OffsetMap::with_capacity(text.len()),
    };
    fold_into(text, base, &mut f);
    f
}

/// Folds `text` (starting at `base` in the original) onto the end of `f`.
///
/// Byte by byte where the text is ASCII (runs of letters and punctuation
/// are copied lowercased in one go, runs of spaces become one), character
/// by character elsewhere: a book is folded whole for search, so this loop
/// is most of the time it takes to open one.
pub fn fold_into(text: &str, base: usize, f: &mut Folded) {
    fold_parts(text, base, &mut f.key, &mut f.map);
}

/// Folds `text` onto the end of `key`, with no map: [`Keyed`] keys kept
/// without one find a byte's origin by folding its piece again.
pub fn fold_key_into(text: &str, key: &mut String) {
    fold_parts(text, 0, key, &mut NoMap);
}

/// [`fold_into`], the key and the map apart (`map` may be [`NoMap`]).
#[allow(
    clippy::too_many_lines,
    reason = "the fold's hot loop: every branch moves one cursor and one previous-letter state, and a whole book goes through it per character"
)]
fn fold_parts<M: Sink>(text: &str, base: usize, key: &mut String, map: &mut M) {
    let (table, punctuation) = (table(), punctuation());
    let bytes = text.as_bytes();
    let next_char = |at: usize| text.get(at..).and_then(|t| t.chars().next());
    let mut prev_letter = false;
    let mut i = 0;
    while i < bytes.len() {
        let at = (base + i) as u32;
        let b = bytes[i];
        // One space between two words (most white space): one space.
        if b == b' ' && bytes.get(i + 1).is_some_and(|&n| PLAIN[n as usize]) {
            if !key.ends_with(' ') {
                key.push(' ');
                map.push(at);
            }
            prev_letter = false;
            i += 1;
            continue;
        }
        if PLAIN[b as usize] {
            // Plain ASCII and single spaces between it fold one to one
            // (the space after plain text is never a second space): the
            // whole stretch is copied lowercased in one go.
            let start = i;
            i = plain_run_end(bytes, i);
            let from = key.len();
            key.push_str(&text[start..i]);
            key[from..].make_ascii_lowercase();
            map.push_run(at, (i - start) as u32);
            prev_letter = bytes[i - 1].is_ascii_alphabetic();
            continue;
        }
        // A run of ASCII white space (a wrapped line's end) followed by
        // plain ASCII: as the general case below, without decoding.
        if matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
            let mut j = i;
            let mut line_end = false;
            while j < bytes.len() && matches!(bytes[j], b' ' | b'\t' | b'\r' | b'\n') {
                line_end |= bytes[j] != b' ' && bytes[j] != b'\t';
                j += 1;
            }
            // What follows: nothing, plain ASCII, or a letter of the table.
            let plain_next = match bytes.get(j) {
                None => true,
                Some(&n) if n.is_ascii() => !n.is_ascii_control(),
                Some(_) => next_char(j)
                    .is_some_and(|c| (c as u32) < TABLE_END && table[(c as u32 - 0x80) as usize].1),
            };
            if plain_next {
                i = j;
                prev_letter = false;
                let next_lower = || next_char(i).is_some_and(char::is_lowercase);
                if line_end && key.ends_with('-') && next_lower() {
                    continue;
                }
                if !key.ends_with(' ') {
                    key.push(' ');
                    map.push(at);
                }
                continue;
            }
        }
        // A two-byte letter of the table (Cyrillic, accented Latin), most
        // of a Cyrillic book: decoded and folded without `chars`.
        if (0xC2..0xD4).contains(&b) {
            let from = i;
            while i + 1 < bytes.len() && (0xC2..0xD4).contains(&bytes[i]) {
                let u = (usize::from(bytes[i] & 0x1F) << 6) | usize::from(bytes[i + 1] & 0x3F);
                let (folded, letter) = table[u - 0x80];
                if !letter {
                    break;
                }
                match folded.as_bytes() {
                    &[one] => key.push(char::from(one)),
                    _ => key.push_str(folded),
                }
                map.push_same((base + i) as u32, folded.len());
                i += 2;
            }
            if i > from {
                prev_letter = true;
                continue;
            }
        }
        let Some(c) = next_char(i) else {
            break;
        };
        let len = c.len_utf8();
        // (A letter of the table took the two-byte path above.)
        let u = c as u32;
        // Invisible by design (a soft hyphen inside a word): not there.
        if crate::text::sanitize::is_invisible(c) {
            i += len;
            continue;
        }
        if is_apostrophe(c) && prev_letter && next_char(i + len).is_some_and(is_letter) {
            i += len;
            continue;
        }
        if c.is_whitespace() || c.is_control() {
            // One space for the whole run; nothing for a hyphenated line end.
            let mut line_end = false;
            while let Some(n) = next_char(i) {
                if !(n.is_whitespace() || n.is_control()) {
                    break;
                }
                line_end |= n == '\n' || n == '\r';
                i += n.len_utf8();
            }
            let next_lower = next_char(i).is_some_and(char::is_lowercase);
            prev_letter = false;
            if line_end && next_lower && key.ends_with('-') {
                continue;
            }
            if !key.ends_with(' ') {
                key.push(' ');
                map.push(at);
            }
            continue;
        }
        prev_letter = is_letter(c);
        if c.is_ascii() {
            key.push(c.to_ascii_lowercase());
        } else if u < TABLE_END {
            key.push_str(table[(u - 0x80) as usize].0);
        } else if PUNCTUATION.contains(&u) {
            key.push_str(punctuation[(u - PUNCTUATION.start) as usize].0);
        } else {
            for l in c.to_lowercase() {
                fold_char(l, key);
            }
        }
        map.fill_to(key.len(), at);
        i += len;
    }
}

/// Folds a query the same way as the text (no map needed: building one
/// for each word was a tenth of finding the names of a book).
pub fn fold_query(text: &str) -> String {
    let mut key = String::with_capacity(text.len());
    fold_key_into(text, &mut key);
    key
}
