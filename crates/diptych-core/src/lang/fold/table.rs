//! What each character folds to: our Cyrillic transliteration, the Latin
//! letters decomposition does not cover, and the tables of the Latin,
//! Cyrillic and General Punctuation blocks the hot loop looks up.

use std::ops::Range;
use unicode_normalization::char::decompose_canonical;

/// Transliteration of a lowercase Cyrillic letter, if it is one.
pub fn cyrillic(c: char) -> Option<&'static str> {
    Some(match c {
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'г' => "g",
        'ґ' => "g",
        'д' => "d",
        'е' => "e",
        'є' => "ye",
        'ё' => "yo",
        'ж' => "zh",
        'з' => "z",
        'и' => "i",
        'і' => "i",
        'ї' => "i",
        'й' => "i",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'о' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'у' => "u",
        'ў' => "u",
        'ф' => "f",
        'х' => "kh",
        'ц' => "ts",
        'ч' => "ch",
        'ш' => "sh",
        'щ' => "shch",
        'ь' => "",
        'ъ' => "",
        'ы' => "y",
        'э' => "e",
        'ю' => "yu",
        'я' => "ya",
        _ => return None,
    })
}

/// Latin letters that do not decompose but have a plain spelling.
fn latin_special(c: char) -> Option<&'static str> {
    Some(match c {
        'œ' => "oe",
        'æ' => "ae",
        'ß' => "ss",
        'ø' => "o",
        'đ' => "d",
        'ł' => "l",
        'ı' => "i",
        'þ' => "th",
        'ð' => "d",
        'ŀ' => "l",
        _ => return None,
    })
}

pub(super) fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '’' | 'ʼ' | '`')
}

/// Appends the folded form of one lowercase character to `out`.
pub(super) fn fold_char(c: char, out: &mut String) {
    if c.is_ascii() {
        out.push(if c.is_ascii_control() { ' ' } else { c });
    } else if let Some(s) = cyrillic(c).or_else(|| latin_special(c)) {
        out.push_str(s);
    } else if c.is_control() || crate::text::sanitize::is_unsafe(c) {
        out.push(' ');
    } else {
        decompose_canonical(c, |d| {
            if !is_combining(d) {
                if let Some(s) = cyrillic(d) {
                    // й and ё decompose to и/е plus a mark; the table already
                    // covered them, so this is only for rarer letters.
                    out.push_str(s);
                } else {
                    out.push(d);
                }
            }
        });
    }
}

/// Combining marks (the ranges that hold the diacritics of Latin, Greek and
/// Cyrillic text).
fn is_combining(c: char) -> bool {
    matches!(c as u32, 0x0300..=0x036f | 0x0483..=0x0489 | 0x1ab0..=0x1aff | 0x1dc0..=0x1dff | 0x20d0..=0x20ff | 0xfe20..=0xfe2f)
}

/// Characters below this have their folded form precomputed.
pub(super) const TABLE_END: u32 = 0x500;

/// The folded forms of U+0080 to U+04FF (Latin-1, Latin Extended, Greek,
/// Cyrillic): the general lowercase and decomposition lookups dominated
/// folding time, and these blocks are almost all the text we fold.
pub(super) fn table() -> &'static [(&'static str, bool)] {
    static TABLE: std::sync::OnceLock<Vec<(&'static str, bool)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| folded_block(0x80..TABLE_END))
}

/// The first and the end of the General Punctuation block (dashes,
/// quotes, ellipses: a few in every line of many books).
pub(super) const PUNCTUATION: Range<u32> = 0x2000..0x2070;

/// The folded forms of [`PUNCTUATION`], as [`table`] for its blocks.
pub(super) fn punctuation() -> &'static [(&'static str, bool)] {
    static TABLE: std::sync::OnceLock<Vec<(&'static str, bool)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| folded_block(PUNCTUATION))
}

/// Each character of `block` folded (lowercased, each lowercase letter
/// folded) and whether it is a letter.
fn folded_block(block: Range<u32>) -> Vec<(&'static str, bool)> {
    let entries: Vec<(String, bool)> = block
        .map(|u| {
            let c = char::from_u32(u).unwrap_or(' ');
            let mut s = String::new();
            for l in c.to_lowercase() {
                fold_char(l, &mut s);
            }
            (s, c.is_alphabetic())
        })
        .collect();
    // One string for all, kept for the life of the program (a few
    // kilobytes), so the hot loop copies from it without a pointer to
    // chase per letter.
    let all: &'static str = Box::leak(
        entries
            .iter()
            .map(|(s, _)| s.as_str())
            .collect::<String>()
            .into_boxed_str(),
    );
    let mut at = 0;
    entries
        .iter()
        .map(|(s, letter)| {
            let folded = &all[at..at + s.len()];
            at += s.len();
            (folded, *letter)
        })
        .collect()
}

/// True for letters (fast for the tabled blocks).
pub(super) fn is_letter(c: char) -> bool {
    match c as u32 {
        0..=0x7f => c.is_ascii_alphabetic(),
        u @ 0x80..TABLE_END => table()[(u - 0x80) as usize].1,
        u if PUNCTUATION.contains(&u) => punctuation()[(u - PUNCTUATION.start) as usize].1,
        _ => c.is_alphabetic(),
    }
}
