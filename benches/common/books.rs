//! Book-sized test files made from the development corpus (War and
//! Peace I–V, Russian and English, hard-wrapped with CRLF as found; see
//! `tests/common/corpus.rs` for where it is read from).
//!
//! A real 5 MB novel has a far larger vocabulary than five chapters
//! repeated, and vocabulary is what search's word tiers and the name
//! finder scale with. So each copy after the first changes the endings of
//! some of its longer lowercase words (never a capitalised word, so the
//! names stay the book's), which grows the vocabulary roughly as a whole
//! book's does while keeping the text's layout, scripts and names.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The Russian and English chapters, as found. A bench's `main` has
/// checked [`super::corpus_or_skip`] first.
pub fn corpus() -> [String; 2] {
    super::corpus::WAR_AND_PEACE.map(|name| {
        super::corpus::read(name).unwrap_or_else(|| panic!("{}", super::corpus::SKIPPED))
    })
}

/// `text` grown to at least `bytes` by varied copies (see the module doc).
pub fn grow(text: &str, bytes: usize) -> String {
    let body = text.trim_start_matches('\u{feff}');
    let mut out = String::with_capacity(bytes + body.len());
    out.push_str(text);
    let mut copy = 1usize;
    while out.len() < bytes {
        out.push_str("\r\n\r\n");
        vary(body, copy, &mut out);
        copy += 1;
    }
    out
}

/// Appends `text` with some longer lowercase words given another ending.
fn vary(text: &str, copy: usize, out: &mut String) {
    const CYRILLIC: [&str; 8] = ["ами", "ого", "ому", "ых", "ей", "ах", "ов", "ую"];
    const LATIN: [&str; 8] = ["ing", "ed", "ness", "ly", "er", "est", "ful", "ish"];
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        out.push_str(word);
        let n = word.chars().count();
        let lower = word.chars().next().is_some_and(char::is_lowercase);
        if n >= 6 && lower {
            let h = word
                .bytes()
                .fold(copy, |h, b| h.wrapping_mul(31).wrapping_add(b as usize));
            if h % 3 == 0 {
                let cyrillic = word.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c));
                let endings = if cyrillic { CYRILLIC } else { LATIN };
                out.push_str(endings[(h / 3 + copy) % endings.len()]);
                // A second ending on later copies: more distinct forms.
                if copy.is_multiple_of(5) {
                    out.push_str(endings[(h / 7) % endings.len()]);
                }
            }
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_alphabetic() {
            word.push(c);
        } else {
            flush(&mut word, out);
            out.push(c);
        }
    }
    flush(&mut word, out);
}

/// The Russian and English texts, each grown to `bytes`.
pub fn book_texts(bytes: usize) -> [String; 2] {
    corpus().map(|t| grow(&t, bytes))
}

/// Writes the grown pair into `dir` as ru.txt and en.txt.
pub fn book_files(dir: &Path, bytes: usize) -> [PathBuf; 2] {
    let [ru, en] = book_texts(bytes);
    let (l, r) = (dir.join("ru.txt"), dir.join("en.txt"));
    std::fs::write(&l, ru).expect("write ru.txt");
    std::fs::write(&r, en).expect("write en.txt");
    [l, r]
}
