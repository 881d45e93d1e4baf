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

use unicode_normalization::char::decompose_canonical;

/// A folded key and, for each of its bytes, the byte offset in the original
/// text of the character it came from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Folded {
    /// The key: lowercase, Latin letters without diacritics.
    pub key: String,
    /// `map[i]` is the original byte offset for key byte `i`.
    pub map: Vec<u32>,
}

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

fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '’' | 'ʼ' | '`')
}

/// Appends the folded form of one lowercase character to `out`.
fn fold_char(c: char, out: &mut String) {
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
const TABLE_END: u32 = 0x500;

/// The folded forms of U+0080 to U+04FF (Latin-1, Latin Extended, Greek,
/// Cyrillic): the general lowercase and decomposition lookups dominated
/// folding time, and these blocks are almost all the text we fold.
fn table() -> &'static [(String, bool)] {
    static TABLE: std::sync::OnceLock<Vec<(String, bool)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0x80..TABLE_END)
            .map(|u| {
                let c = char::from_u32(u).unwrap_or(' ');
                let mut s = String::new();
                for l in c.to_lowercase() {
                    fold_char(l, &mut s);
                }
                (s, c.is_alphabetic())
            })
            .collect()
    })
}

/// True for letters (fast for the tabled blocks).
fn is_letter(c: char) -> bool {
    match c as u32 {
        0..=0x7f => c.is_ascii_alphabetic(),
        u @ 0x80..TABLE_END => table()[(u - 0x80) as usize].1,
        _ => c.is_alphabetic(),
    }
}

/// Folds `text`, whose first byte is at `base` in the original.
pub fn fold(text: &str, base: usize) -> Folded {
    let mut f = Folded {
        key: String::with_capacity(text.len()),
        map: Vec::with_capacity(text.len()),
    };
    fold_into(text, base, &mut f);
    f
}

/// Folds `text` (starting at `base` in the original) onto the end of `f`.
pub fn fold_into(text: &str, base: usize, f: &mut Folded) {
    let mut prev_letter = false;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let at = (base + i) as u32;
        // Invisible by design (a soft hyphen inside a word): not there.
        if crate::text::sanitize::is_invisible(c) {
            continue;
        }
        if is_apostrophe(c) && prev_letter && chars.peek().is_some_and(|&(_, n)| is_letter(n)) {
            continue;
        }
        if c.is_whitespace() || c.is_control() {
            // One space for the whole run; nothing for a hyphenated line end.
            let mut line_end = c == '\n' || c == '\r';
            while let Some(&(_, n)) = chars.peek() {
                if !(n.is_whitespace() || n.is_control()) {
                    break;
                }
                line_end |= n == '\n' || n == '\r';
                chars.next();
            }
            let next_lower = chars.peek().is_some_and(|&(_, n)| n.is_lowercase());
            if line_end && next_lower && f.key.ends_with('-') {
                prev_letter = false;
                continue;
            }
            if !f.key.ends_with(' ') {
                f.key.push(' ');
                f.map.push(at);
            }
            prev_letter = false;
            continue;
        }
        prev_letter = is_letter(c);
        let u = c as u32;
        if c.is_ascii() {
            f.key.push(c.to_ascii_lowercase());
        } else if u < TABLE_END {
            f.key.push_str(&table()[(u - 0x80) as usize].0);
        } else {
            for l in c.to_lowercase() {
                fold_char(l, &mut f.key);
            }
        }
        f.map.resize(f.key.len(), at);
    }
}

/// Folds a query the same way as the text (no map needed).
pub fn fold_query(text: &str) -> String {
    fold(text, 0).key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ukrainian_and_russian_letter_has_a_latin_key() {
        let table = [
            ('а', "a"),
            ('б', "b"),
            ('в', "v"),
            ('г', "g"),
            ('ґ', "g"),
            ('д', "d"),
            ('е', "e"),
            ('є', "ye"),
            ('ё', "yo"),
            ('ж', "zh"),
            ('з', "z"),
            ('и', "i"),
            ('і', "i"),
            ('ї', "i"),
            ('й', "i"),
            ('к', "k"),
            ('л', "l"),
            ('м', "m"),
            ('н', "n"),
            ('о', "o"),
            ('п', "p"),
            ('р', "r"),
            ('с', "s"),
            ('т', "t"),
            ('у', "u"),
            ('ф', "f"),
            ('х', "kh"),
            ('ц', "ts"),
            ('ч', "ch"),
            ('ш', "sh"),
            ('щ', "shch"),
            ('ь', ""),
            ('ъ', ""),
            ('ы', "y"),
            ('э', "e"),
            ('ю', "yu"),
            ('я', "ya"),
        ];
        for (lower, key) in table {
            assert_eq!(fold_query(&lower.to_string()), key, "{lower}");
            let upper: String = lower.to_uppercase().collect();
            assert_eq!(fold_query(&upper), key, "{upper}");
        }
        // Every letter of both alphabets is covered.
        let ukrainian = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя";
        let russian = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя";
        for c in ukrainian.chars().chain(russian.chars()) {
            assert!(cyrillic(c).is_some(), "{c}");
        }
    }

    #[test]
    fn slovak_and_french_diacritics_are_removed() {
        let table = [
            ("áäčďéíĺľňóôŕšťúýž", "aacdeillnoorstuyz"),
            ("ÁÄČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ", "aacdeillnoorstuyz"),
            ("éèêëàâçîïôùûüÿœæ", "eeeeaaciiouuuyoeae"),
            ("Fouché", "fouche"),
            ("Paríži", "parizi"),
            ("cafe\u{301}", "cafe"),
        ];
        for (text, key) in table {
            assert_eq!(fold_query(text), key, "{text}");
        }
    }

    #[test]
    fn queries_in_either_script_meet() {
        assert_eq!(fold_query("Париж"), "parizh");
        assert_eq!(fold_query("Коленкур"), "kolenkur");
        assert_eq!(fold_query("Наполеон"), "napoleon");
        assert_eq!(fold_query("Шварценбергом"), "shvartsenbergom");
        // The table agrees with the general path.
        for u in 0x80..TABLE_END {
            let c = char::from_u32(u).expect("char");
            let mut slow = String::new();
            for l in c.to_lowercase() {
                fold_char(l, &mut slow);
            }
            assert_eq!(table()[(u - 0x80) as usize].0, slow, "U+{u:04X}");
        }
    }

    #[test]
    fn apostrophes_inside_words_are_dropped() {
        assert_eq!(fold_query("з'явилося"), "zyavilosya");
        assert_eq!(fold_query("сім’ї"), "simi");
        assert_eq!(fold_query("'raguser'"), "'raguser'");
    }

    #[test]
    fn map_points_back_to_the_original_characters() {
        let text = "Під Парижем, Paríži";
        let f = fold(text, 100);
        assert_eq!(f.key, "pid parizhem, parizi");
        assert_eq!(f.key.len(), f.map.len());
        let start = f.key.find("parizh").expect("found");
        let orig = f.map[start] as usize - 100;
        assert!(text[orig..].starts_with("Парижем"));
        let zh = f.map[start + 4] as usize - 100;
        assert!(text[zh..].starts_with('ж'));
        assert_eq!(f.map[start + 5], f.map[start + 4]);
        let s2 = f.key.rfind("parizi").expect("found");
        assert!(text[f.map[s2 + 3] as usize - 100..].starts_with('í'));
    }

    #[test]
    fn controls_fold_to_spaces() {
        assert_eq!(fold_query("a\u{1b}b\u{202e}c"), "a b c");
    }

    #[test]
    fn white_space_runs_and_wrapped_lines() {
        assert_eq!(fold_query("Anna\r\n  Pavlovna"), "anna pavlovna");
        assert_eq!(
            fold_query("well-\r\nknown and Mid-\nSummer"),
            "well-known and mid- summer"
        );
        let f = fold("a \n b", 10);
        assert_eq!(f.key, "a b");
        assert_eq!(f.map, [10, 11, 14]);
    }
}
