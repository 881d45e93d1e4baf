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

use std::ops::Range;
use unicode_normalization::char::decompose_canonical;

/// A folded key and, for each of its bytes, the byte offset in the original
/// text of the character it came from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Folded {
    /// The key: lowercase, Latin letters without diacritics.
    pub key: String,
    /// `map.get(i)` is the original byte offset for key byte `i`.
    pub map: OffsetMap,
}

/// Key bytes between two absolute offsets in an [`OffsetMap`].
const BLOCK: usize = 32;
/// A step that does not fit in a byte: the offset is in `far`.
const FAR: u8 = u8::MAX;

/// The original offset of every key byte, in about a byte each instead of
/// four: offsets only grow, and by little (a Cyrillic letter is two bytes
/// of text for one or two of key), so each is kept as its step from the
/// one before, with the whole offset every [`BLOCK`] bytes. A whole book's
/// keys are kept for searching; this is most of their memory.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OffsetMap {
    /// The offset of key bytes 0, BLOCK, 2·BLOCK, …
    marks: Vec<u32>,
    /// Each key byte's step from the byte before ([`FAR`]: see `far`).
    steps: Vec<u8>,
    /// (key byte, offset) for the steps too big for a byte, in key order.
    far: Vec<(u32, u32)>,
    /// The last offset pushed.
    last: u32,
}

impl OffsetMap {
    /// An empty map with room for `n` key bytes.
    pub fn with_capacity(n: usize) -> OffsetMap {
        OffsetMap {
            marks: Vec::with_capacity(n / BLOCK + 1),
            steps: Vec::with_capacity(n),
            far: Vec::new(),
            last: 0,
        }
    }

    /// Gives back the room reserved and not used.
    pub fn shrink_to_fit(&mut self) {
        self.marks.shrink_to_fit();
        self.steps.shrink_to_fit();
        self.far.shrink_to_fit();
    }

    /// How many key bytes it maps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True when it maps no key byte.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Maps the next key byte to `offset`.
    #[inline]
    pub fn push(&mut self, offset: u32) {
        let i = self.steps.len();
        if i.is_multiple_of(BLOCK) {
            self.marks.push(offset);
            self.steps.push(0);
        } else {
            match offset.checked_sub(self.last) {
                Some(d) if d < u32::from(FAR) => self.steps.push(d as u8),
                _ => {
                    self.steps.push(FAR);
                    self.far.push((i as u32, offset));
                }
            }
        }
        self.last = offset;
    }

    /// Maps the next `n` key bytes to `offset`, `offset + 1`, … (a run of
    /// ASCII copied as it is).
    pub fn push_run(&mut self, offset: u32, n: u32) {
        if n == 0 {
            return;
        }
        self.push(offset);
        let mut k = 1;
        while k < n {
            let i = self.steps.len();
            if i.is_multiple_of(BLOCK) {
                self.marks.push(offset + k);
                self.steps.push(0);
                k += 1;
                continue;
            }
            // To the end of this block, each one past the last.
            let take = ((BLOCK - i % BLOCK) as u32).min(n - k);
            self.steps.extend(std::iter::repeat_n(1u8, take as usize));
            k += take;
        }
        self.last = offset + n - 1;
    }

    /// `n` entries all `offset` (the key bytes of one character).
    pub fn push_same(&mut self, offset: u32, n: usize) {
        if n == 0 {
            return;
        }
        self.push(offset);
        for _ in 1..n {
            if self.steps.len().is_multiple_of(BLOCK) {
                self.marks.push(offset);
            }
            self.steps.push(0);
        }
    }

    /// Maps key bytes up to `len` to `offset` (a character folded to
    /// several key bytes).
    pub fn fill_to(&mut self, len: usize, offset: u32) {
        while self.steps.len() < len {
            self.push(offset);
        }
    }

    /// The original offset of key byte `i` (which must be mapped).
    pub fn get(&self, i: usize) -> u32 {
        let block = i / BLOCK;
        let mut offset = self.marks[block];
        for j in block * BLOCK + 1..=i {
            offset = match self.steps[j] {
                FAR => self.far[self.far.partition_point(|&(k, _)| (k as usize) < j)].1,
                d => offset + u32::from(d),
            };
        }
        offset
    }

    /// Every mapped offset, in key order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }
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
fn table() -> &'static [(&'static str, bool)] {
    static TABLE: std::sync::OnceLock<Vec<(&'static str, bool)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let entries: Vec<(String, bool)> = (0x80..TABLE_END)
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
        // kilobytes), so the hot loop copies from it without a pointer
        // to chase per letter.
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
    let table = table();
    let bytes = text.as_bytes();
    let next_char = |at: usize| text.get(at..).and_then(|t| t.chars().next());
    let mut prev_letter = false;
    let mut i = 0;
    while i < bytes.len() {
        let at = (base + i) as u32;
        let b = bytes[i];
        // One space between two words (most white space): one space.
        if b == b' ' && bytes.get(i + 1).is_some_and(|&n| PLAIN[n as usize]) {
            if !f.key.ends_with(' ') {
                f.key.push(' ');
                f.map.push(at);
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
            loop {
                while i < bytes.len() && PLAIN[bytes[i] as usize] {
                    i += 1;
                }
                if i + 1 < bytes.len() && bytes[i] == b' ' && PLAIN[bytes[i + 1] as usize] {
                    i += 1;
                    continue;
                }
                break;
            }
            let from = f.key.len();
            f.key.push_str(&text[start..i]);
            f.key[from..].make_ascii_lowercase();
            f.map.push_run(at, (i - start) as u32);
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
                if line_end && f.key.ends_with('-') && next_lower() {
                    continue;
                }
                if !f.key.ends_with(' ') {
                    f.key.push(' ');
                    f.map.push(at);
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
                    &[one] => f.key.push(char::from(one)),
                    _ => f.key.push_str(folded),
                }
                f.map.push_same((base + i) as u32, folded.len());
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
            if line_end && next_lower && f.key.ends_with('-') {
                continue;
            }
            if !f.key.ends_with(' ') {
                f.key.push(' ');
                f.map.push(at);
            }
            continue;
        }
        prev_letter = is_letter(c);
        if c.is_ascii() {
            f.key.push(c.to_ascii_lowercase());
        } else if u < TABLE_END {
            f.key.push_str(table[(u - 0x80) as usize].0);
        } else {
            for l in c.to_lowercase() {
                fold_char(l, &mut f.key);
            }
        }
        f.map.fill_to(f.key.len(), at);
        i += len;
    }
}

/// ASCII that folds to itself lowercased with nothing around it to look
/// at: letters, digits and punctuation other than apostrophes, hyphens
/// (a hyphen may end a wrapped line) and white space.
const fn plain_ascii(b: u8) -> bool {
    b.is_ascii_alphanumeric() || (b.is_ascii_punctuation() && !matches!(b, b'\'' | b'`' | b'-'))
}

/// [`plain_ascii`] for every byte, looked up in the hot loop.
static PLAIN: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = plain_ascii(b as u8);
        b += 1;
    }
    t
};

/// Folds a query the same way as the text (no map needed).
pub fn fold_query(text: &str) -> String {
    fold(text, 0).key
}

/// The byte ranges of the words (alphanumeric runs) of a folded key.
///
/// Byte by byte: a folded key is ASCII but for letters no table folds
/// (Greek, Armenian …), which are decoded where they stand. Every word of
/// a book goes through here once for its vocabulary and once for its names.
pub fn key_words(key: &str) -> KeyWords<'_> {
    KeyWords { key, at: 0 }
}

/// The words of a folded key ([`key_words`]).
#[derive(Debug, Clone)]
pub struct KeyWords<'a> {
    key: &'a str,
    at: usize,
}

impl KeyWords<'_> {
    /// The length of the alphanumeric character at non-ASCII byte `at`, or 0.
    #[cold]
    fn wide(&self, at: usize) -> usize {
        self.key[at..]
            .chars()
            .next()
            .filter(|c| c.is_alphanumeric())
            .map_or(0, char::len_utf8)
    }

    /// The length of the character at non-ASCII byte `at`.
    #[cold]
    fn char_len(&self, at: usize) -> usize {
        self.key[at..].chars().next().map_or(1, char::len_utf8)
    }
}

impl Iterator for KeyWords<'_> {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        let bytes = self.key.as_bytes();
        let mut i = self.at;
        // To the next word.
        loop {
            while let Some(&b) = bytes.get(i) {
                if b >= 0x80 || ALNUM[usize::from(b)] {
                    break;
                }
                i += 1;
            }
            match bytes.get(i) {
                None => {
                    self.at = i;
                    return None;
                }
                Some(&b) if b < 0x80 || self.wide(i) > 0 => break,
                Some(_) => i += self.char_len(i),
            }
        }
        let start = i;
        // To its end.
        loop {
            while let Some(&b) = bytes.get(i) {
                if b >= 0x80 || !ALNUM[usize::from(b)] {
                    break;
                }
                i += 1;
            }
            match bytes.get(i) {
                Some(&b) if b >= 0x80 => match self.wide(i) {
                    0 => break,
                    n => i += n,
                },
                _ => break,
            }
        }
        self.at = i;
        Some(start..i)
    }
}

/// ASCII letters and digits, looked up in the hot loop.
static ALNUM: [bool; 128] = {
    let mut t = [false; 128];
    let mut b = 0;
    while b < 128 {
        t[b] = (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    t
};

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
    fn the_offset_map_gives_back_every_offset() {
        let offsets: Vec<u32> = (0..1000u32)
            .map(|i| i * 3 + (i / 7) * 300 + u32::from(i % 40 == 0) * 9000)
            .collect();
        let mut m = OffsetMap::default();
        let mut total = 0;
        for &o in &offsets {
            total += o;
            m.push(total);
        }
        let mut total = 0;
        for (i, &o) in offsets.iter().enumerate() {
            total += o;
            assert_eq!(m.get(i), total, "byte {i}");
        }
        assert_eq!(m.len(), offsets.len());
    }

    #[test]
    fn map_points_back_to_the_original_characters() {
        let text = "Під Парижем, Paríži";
        let f = fold(text, 100);
        assert_eq!(f.key, "pid parizhem, parizi");
        assert_eq!(f.key.len(), f.map.len());
        let start = f.key.find("parizh").expect("found");
        let orig = f.map.get(start) as usize - 100;
        assert!(text[orig..].starts_with("Парижем"));
        let zh = f.map.get(start + 4) as usize - 100;
        assert!(text[zh..].starts_with('ж'));
        assert_eq!(f.map.get(start + 5), f.map.get(start + 4));
        let s2 = f.key.rfind("parizi").expect("found");
        assert!(text[f.map.get(s2 + 3) as usize - 100..].starts_with('í'));
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
        assert_eq!(f.map.iter().collect::<Vec<_>>(), [10, 11, 14]);
    }

    /// The fold as first written, a character at a time: the fast paths
    /// of [`fold_into`] must give the same key and map.
    fn reference(text: &str, base: usize) -> (String, Vec<u32>) {
        let table = table();
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let (mut key, mut map) = (String::new(), Vec::new());
        let mut prev_letter = false;
        let mut k = 0;
        while k < chars.len() {
            let (i, c) = chars[k];
            let at = (base + i) as u32;
            let next = chars.get(k + 1).map(|x| x.1);
            let plain = |c: char| c.is_ascii() && PLAIN[c as usize];
            k += 1;
            if c == ' ' && next.is_some_and(plain) {
                if !key.ends_with(' ') {
                    key.push(' ');
                    map.push(at);
                }
                prev_letter = false;
                continue;
            }
            if plain(c) {
                key.push(c.to_ascii_lowercase());
                map.push(at);
                prev_letter = c.is_ascii_alphabetic();
                continue;
            }
            let u = c as u32;
            let before = key.len();
            if (0x80..TABLE_END).contains(&u) && table[(u - 0x80) as usize].1 {
                key.push_str(table[(u - 0x80) as usize].0);
                map.resize(map.len() + key.len() - before, at);
                prev_letter = true;
                continue;
            }
            if crate::text::sanitize::is_invisible(c) {
                continue;
            }
            if is_apostrophe(c) && prev_letter && next.is_some_and(is_letter) {
                continue;
            }
            if c.is_whitespace() || c.is_control() {
                let mut line_end = c == '\n' || c == '\r';
                while let Some(&(_, n)) = chars.get(k) {
                    if !(n.is_whitespace() || n.is_control()) {
                        break;
                    }
                    line_end |= n == '\n' || n == '\r';
                    k += 1;
                }
                let next_lower = chars.get(k).is_some_and(|x| x.1.is_lowercase());
                prev_letter = false;
                let joined = line_end && next_lower && key.ends_with('-');
                if !joined && !key.ends_with(' ') {
                    key.push(' ');
                    map.push(at);
                }
                continue;
            }
            prev_letter = is_letter(c);
            for l in c.to_lowercase() {
                fold_char(l, &mut key);
            }
            map.resize(map.len() + key.len() - before, at);
        }
        (key, map)
    }

    /// Pieces of text that take each path of the fold.
    fn piece() -> impl proptest::strategy::Strategy<Value = &'static str> {
        proptest::sample::select(vec![
            "ab", "Word", "x1", ",", ".", " ", "  ", "\r\n", "\n", "\t", "-", "'", "’", "ж", "Щ",
            "ь", "ў", "é", "Ä", "ß", "œ", "\u{a0}", "\u{ad}", "\u{200b}", "\u{1}", "\u{7f}",
            "\u{c}", "\u{85}", "“", "Ω", "ﬁ", "İ", "e\u{301}", "\u{2028}", "ǅ",
        ])
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 2000, ..Default::default() })]

        #[test]
        fn the_fast_paths_fold_as_the_reference_does(
            pieces in proptest::collection::vec(piece(), 0..24),
            base in 0usize..100,
        ) {
            let text = pieces.concat();
            let f = fold(&text, base);
            let (key, map) = reference(&text, base);
            proptest::prop_assert_eq!(&f.key, &key, "{:?}", text);
            proptest::prop_assert_eq!(f.map.iter().collect::<Vec<_>>(), map, "{:?}", text);
            let words: Vec<Range<usize>> = key_words(&f.key).collect();
            let mut naive = Vec::new();
            let mut start = None;
            for (i, c) in f.key.char_indices() {
                match (c.is_alphanumeric(), start) {
                    (true, None) => start = Some(i),
                    (false, Some(s)) => {
                        naive.push(s..i);
                        start = None;
                    }
                    _ => {}
                }
            }
            if let Some(s) = start {
                naive.push(s..f.key.len());
            }
            proptest::prop_assert_eq!(words, naive, "{:?}", f.key);
        }
    }
}
