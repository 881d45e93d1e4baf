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

/// Where folding puts each key byte's original offset.
trait Sink {
    fn push(&mut self, offset: u32);
    fn push_run(&mut self, offset: u32, n: u32);
    fn push_same(&mut self, offset: u32, n: usize);
    fn fill_to(&mut self, len: usize, offset: u32);
}

impl Sink for OffsetMap {
    #[inline]
    fn push(&mut self, offset: u32) {
        OffsetMap::push(self, offset);
    }
    #[inline]
    fn push_run(&mut self, offset: u32, n: u32) {
        OffsetMap::push_run(self, offset, n);
    }
    #[inline]
    fn push_same(&mut self, offset: u32, n: usize) {
        OffsetMap::push_same(self, offset, n);
    }
    #[inline]
    fn fill_to(&mut self, len: usize, offset: u32) {
        OffsetMap::fill_to(self, len, offset);
    }
}

/// Nowhere: a key folded without a map (a third less time for a
/// Cyrillic text, and a byte less per key byte).
struct NoMap;

impl Sink for NoMap {
    #[inline]
    fn push(&mut self, _: u32) {}
    #[inline]
    fn push_run(&mut self, _: u32, _: u32) {}
    #[inline]
    fn push_same(&mut self, _: u32, _: usize) {}
    #[inline]
    fn fill_to(&mut self, _: usize, _: u32) {}
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
    TABLE.get_or_init(|| folded_block(0x80..TABLE_END))
}

/// The first and the end of the General Punctuation block (dashes,
/// quotes, ellipses: a few in every line of many books).
const PUNCTUATION: Range<u32> = 0x2000..0x2070;

/// The folded forms of [`PUNCTUATION`], as [`table`] for its blocks.
fn punctuation() -> &'static [(&'static str, bool)] {
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
fn is_letter(c: char) -> bool {
    match c as u32 {
        0..=0x7f => c.is_ascii_alphabetic(),
        u @ 0x80..TABLE_END => table()[(u - 0x80) as usize].1,
        u if PUNCTUATION.contains(&u) => punctuation()[(u - PUNCTUATION.start) as usize].1,
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
    fold_parts(text, base, &mut f.key, &mut f.map);
}

/// Folds `text` onto the end of `key`, with no map: [`Keyed`] keys kept
/// without one find a byte's origin by folding its piece again.
pub fn fold_key_into(text: &str, key: &mut String) {
    fold_parts(text, 0, key, &mut NoMap);
}

/// [`fold_into`], the key and the map apart (`map` may be [`NoMap`]).
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

/// The end of the run of plain ASCII, and single spaces between it, that
/// starts at `from`: the first byte that is neither plain nor a space
/// before a plain byte. Sixty-four bytes at a time where there are as many
/// ahead (see [`byte_classes`] for the way), byte by byte in the last ones: the
/// fold of an English book spent two thirds of its time on this, byte by
/// byte.
fn plain_run_end(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    // Whole blocks while one more byte after the block can be looked at.
    while let Some(block) = bytes.get(i..i + 65) {
        let (plain, space) = plain_masks(&block[..64]);
        let plain_after = (plain >> 1) | (u64::from(PLAIN[usize::from(block[64])]) << 63);
        let stops = !plain & !(space & plain_after);
        if stops != 0 {
            return i + stops.trailing_zeros() as usize;
        }
        i += 64;
    }
    loop {
        while i < bytes.len() && PLAIN[usize::from(bytes[i])] {
            i += 1;
        }
        if i + 1 < bytes.len() && bytes[i] == b' ' && PLAIN[usize::from(bytes[i + 1])] {
            i += 1;
            continue;
        }
        return i;
    }
}

/// For 64 bytes: which are [`plain_ascii`], and which are spaces, as bits.
fn plain_masks(chunk: &[u8]) -> (u64, u64) {
    /// The top bit of each byte that is not zero (exact: no carries).
    fn nonzero(v: u64) -> u64 {
        (((v & !TOP) + !TOP) | v) & TOP
    }
    byte_classes(chunk, |x| {
        let y = x & !TOP;
        // 0x21 to 0x7e: printable, not a space.
        let printable = y.wrapping_add(0x5F * ONES) & !y.wrapping_add(ONES) & !x;
        let plain = printable
            & nonzero(x ^ (u64::from(b'\'') * ONES))
            & nonzero(x ^ (u64::from(b'`') * ONES))
            & nonzero(x ^ (u64::from(b'-') * ONES));
        (plain, !nonzero(x ^ (u64::from(b' ') * ONES)))
    })
}

/// A one in each byte of a `u64`.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The top bit of each byte of a `u64`.
const TOP: u64 = 0x80 * ONES;

/// Two classes of 64 bytes as bits (byte `i`'s to bit `i`), eight bytes
/// at a time in a `u64` (safe code has no vector compare-and-mask):
/// `classes` puts each byte's two classes in its top bit, by additions
/// that cannot carry into the next byte, and the eight top bits are
/// gathered into one byte by a multiplication whose partial products
/// never meet.
fn byte_classes(chunk: &[u8], classes: impl Fn(u64) -> (u64, u64)) -> (u64, u64) {
    /// Gathers the top bits of eight bytes (byte k's to bit k).
    fn gather(v: u64) -> u64 {
        ((v & TOP) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
    }
    let (mut first, mut second) = (0u64, 0u64);
    let (eights, _) = chunk.as_chunks::<8>();
    for (k, eight) in eights.iter().enumerate() {
        let (a, b) = classes(u64::from_le_bytes(*eight));
        first |= gather(a) << (8 * k);
        second |= gather(b) << (8 * k);
    }
    (first, second)
}

/// Folds a query the same way as the text (no map needed).
pub fn fold_query(text: &str) -> String {
    fold(text, 0).key
}

/// The byte ranges of the words (alphanumeric runs) of a folded key.
///
/// Every word of a book goes through here once for its vocabulary, so it
/// reads the key 64 bytes at a time: a mask of the bytes that belong to
/// words ([`byte_classes`]), and the words read off its runs of ones. A folded key is ASCII but for
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
/// ASCII, as bits ([`byte_classes`]).
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
            "\u{c}", "\u{85}", "“", "Ω", "ﬁ", "İ", "e\u{301}", "\u{2028}", "ǅ", "—", "…",
            "\u{2030}", "\u{202e}", "\u{2060}", "\u{2002}", "\u{2071}",
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
            proptest::prop_assert_eq!(words, words_one_by_one(&f.key), "{:?}", f.key);
        }

        /// Keys of many blocks of 64 bytes, with characters of every
        /// length across their edges.
        #[test]
        fn long_keys_split_into_words_as_character_by_character(
            pieces in proptest::collection::vec(proptest::sample::select(vec![
                "ab", "Z9", "x", " ", "  ", "-", "\n", "’", "“", "—", "…", "é", "Ω", "ж",
                "\u{2070}", "\u{2071}", "\u{203f}", "\u{a0}", "𝔄", "😀", "ǅ",
            ]), 0..160),
        ) {
            let key = pieces.concat();
            let words: Vec<Range<usize>> = key_words(&key).collect();
            proptest::prop_assert_eq!(words, words_one_by_one(&key), "{:?}", key);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 3000, ..Default::default() })]

        /// Runs of plain text end where a byte-at-a-time scan ends them.
        #[test]
        fn plain_runs_end_as_byte_by_byte(
            bytes in proptest::collection::vec(proptest::sample::select(vec![
                b'a', b'Z', b'0', b'.', b',', b' ', b' ', b'\'', b'`', b'-', b'\n', b'\r',
                b'\t', 0x7f, 0x20, 0x21, 0x7e, 0x80, 0xC3, 0xFF, 0,
            ]), 0..300),
            from in 0usize..300,
        ) {
            let from = from.min(bytes.len());
            let mut i = from;
            loop {
                while i < bytes.len() && PLAIN[usize::from(bytes[i])] {
                    i += 1;
                }
                if i + 1 < bytes.len() && bytes[i] == b' ' && PLAIN[usize::from(bytes[i + 1])] {
                    i += 1;
                    continue;
                }
                break;
            }
            proptest::prop_assert_eq!(plain_run_end(&bytes, from), i);
        }
    }

    /// The words of `key`, character by character: what [`key_words`] must give.
    fn words_one_by_one(key: &str) -> Vec<Range<usize>> {
        let mut words = Vec::new();
        let mut start = None;
        for (i, c) in key.char_indices() {
            match (c.is_alphanumeric(), start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    words.push(s..i);
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(s) = start {
            words.push(s..key.len());
        }
        words
    }
}
