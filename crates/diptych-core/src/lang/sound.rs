//! The sound key: a second key beside the folded one ([`super::fold`]),
//! under which the usual spellings of one name across scripts and
//! transliterations meet. Built once here and used by both search and the
//! people finder.
//!
//! The key is made from a folded word (lowercase Latin, Cyrillic already
//! transliterated) by collapsing alternatives that transliterations use
//! for one sound: v/w; ks/x; c/ts/tz/z/zh/dz and g before e or i; sh/sch/
//! sz/shch; kh/ch/h/cz/tch; y/i/j/й; ie/ye/e; th/t; ph/f; doubled letters;
//! a silent initial h before a vowel and a final e after a consonant
//! (French Pierre, Hippolyte, Hélène); and so the endings -y/-ий/-ij/-i.
//! No crate offers this across Cyrillic and Latin transliterations (the
//! Soundex and Metaphone families are for English spelling alone), so it
//! is written here, with tests for each pair of spellings found in books.

/// Sequences replaced first, longest first at each position.
const SEQUENCES: &[(&str, &str)] = &[
    ("shch", "S"),
    ("tch", "H"),
    ("dzh", "C"),
    ("sch", "S"),
    ("sh", "S"),
    ("sz", "S"),
    ("zh", "C"),
    ("ts", "C"),
    ("tz", "C"),
    ("dz", "C"),
    ("cz", "H"),
    ("ch", "H"),
    ("kh", "H"),
    ("th", "t"),
    ("ph", "f"),
    ("ck", "k"),
    ("qu", "kv"),
];

/// The sound key of a folded word (see the module's documentation).
pub fn sound_key(folded: &str) -> String {
    let mut out = String::new();
    sound_key_into(folded, &mut out);
    out
}

/// Appends the sound key of `folded` to `out`: for a word of plain ASCII
/// (nearly every folded word), byte by byte on the stack, as the vocabulary
/// asks it of every distinct word of a book; else as `general_key`.
pub fn sound_key_into(folded: &str, out: &mut String) {
    key_into(folded, out, true);
}

/// [`sound_key_into`] without the rules names need most (French `ou`, an
/// `s` between vowels, a final `of`): the key of an ordinary word, for
/// the cognates of content words, where those rules join words that are
/// no pair (pousser, pusher).
pub fn word_key_into(folded: &str, out: &mut String) {
    key_into(folded, out, false);
}

/// The sound key of `folded` into `out`, `smoothed` or not.
fn key_into(folded: &str, out: &mut String, smoothed: bool) {
    const MAX: usize = 64;
    let b = folded.as_bytes();
    if b.len() > MAX || !folded.is_ascii() {
        out.push_str(&general_key(folded, smoothed));
        return;
    }
    // Sequences and single letters.
    let mut raw = [0u8; 2 * MAX];
    let mut n = 0;
    let mut i = 0;
    'outer: while i < b.len() {
        // French ou and English oo are u (Koutouzof, Hindoo).
        if smoothed && b[i] == b'o' && matches!(b.get(i + 1), Some(b'o' | b'u')) {
            raw[n] = b'u';
            n += 1;
            i += 2;
            continue;
        }
        if matches!(b[i], b's' | b't' | b'd' | b'z' | b'c' | b'k' | b'p' | b'q') {
            for (from, to) in SEQUENCES {
                if b[i..].starts_with(from.as_bytes()) {
                    raw[n..n + to.len()].copy_from_slice(to.as_bytes());
                    n += to.len();
                    i += from.len();
                    continue 'outer;
                }
            }
        }
        let soft = matches!(b.get(i + 1), Some(b'e' | b'i' | b'y'));
        let c = match b[i] {
            b'c' if soft => b'C',
            b'c' | b'q' => b'k',
            b'g' if soft => b'C',
            b'z' => b'C',
            b'w' => b'v',
            b'x' => {
                raw[n] = b'k';
                n += 1;
                b's'
            }
            b'y' | b'j' => b'i',
            b'h' => b'H',
            c => c,
        };
        raw[n] = c;
        n += 1;
        i += 1;
    }
    // "ie" as "e", then doubled letters once.
    let mut key = [0u8; 2 * MAX];
    let mut k = 0;
    let mut j = 0;
    while j < n {
        let c = if raw[j] == b'i' && j + 1 < n && raw[j + 1] == b'e' {
            j += 1;
            b'e'
        } else {
            raw[j]
        };
        j += 1;
        if k == 0 || key[k - 1] != c {
            key[k] = c;
            k += 1;
        }
    }
    let vowel = |c: u8| matches!(c, b'a' | b'e' | b'i' | b'o' | b'u');
    let mut key = &key[..k];
    // A silent initial h before a vowel: an h written alone, not the
    // sound of ch, kh or cz (Chevardino, Khan keep theirs).
    if b.first() == Some(&b'h') && key.get(1).is_some_and(|&c| vowel(c)) {
        key = &key[1..];
    }
    // A silent final e after a consonant.
    if key.len() > 3
        && key.last() == Some(&b'e')
        && key[key.len() - 2].is_ascii_alphabetic()
        && !vowel(key[key.len() - 2].to_ascii_lowercase())
    {
        key = &key[..key.len() - 1];
    }
    // Still on the stack: the rules change letters, not the length.
    let mut last = [0u8; 2 * MAX];
    let last = &mut last[..key.len()];
    last.copy_from_slice(key);
    if smoothed {
        smooth(last, char::from);
    }
    out.extend(last.iter().map(|&c| char::from(c)));
}

/// The last rules, on a key made (French `ou` and English `oo` were made
/// `u` before): an `s` between vowels sounds as `z` (Kutusof, Kutuzov),
/// and a final `of` is `ov` (Koutouzof, Kutuzov; `off` was made `of` with
/// the doubled letters).
fn smooth<T: Copy + From<u8>>(key: &mut [T], ch: impl Fn(T) -> char) {
    let vowel = |c: T| matches!(ch(c), 'a' | 'e' | 'i' | 'o' | 'u');
    for i in 1..key.len().saturating_sub(1) {
        if ch(key[i]) == 's' && vowel(key[i - 1]) && vowel(key[i + 1]) {
            key[i] = T::from(b'C');
        }
    }
    let n = key.len();
    if n > 3 && ch(key[n - 2]) == 'o' && ch(key[n - 1]) == 'f' {
        key[n - 1] = T::from(b'v');
    }
}

/// [`sound_key`] for any word, character by character.
fn general_key(folded: &str, smoothed: bool) -> String {
    let chars: Vec<char> = folded.chars().collect();
    let mut raw = String::with_capacity(folded.len());
    let mut i = 0;
    'outer: while i < chars.len() {
        if smoothed && chars[i] == 'o' && matches!(chars.get(i + 1), Some('o' | 'u')) {
            raw.push('u');
            i += 2;
            continue;
        }
        // Every sequence opens with one of these letters.
        let opens = matches!(chars[i], 's' | 't' | 'd' | 'z' | 'c' | 'k' | 'p' | 'q');
        for (from, to) in SEQUENCES.iter().filter(|_| opens) {
            let n = from.len();
            if i + n <= chars.len() && chars[i..i + n].iter().copied().eq(from.chars()) {
                raw.push_str(to);
                i += n;
                continue 'outer;
            }
        }
        let c = chars[i];
        let soft = chars
            .get(i + 1)
            .is_some_and(|n| matches!(n, 'e' | 'i' | 'y'));
        match c {
            'c' if soft => raw.push('C'),
            'c' | 'q' => raw.push('k'),
            'g' if soft => raw.push('C'),
            'z' => raw.push('C'),
            'w' => raw.push('v'),
            'x' => raw.push_str("ks"),
            'y' | 'j' => raw.push('i'),
            'h' => raw.push('H'),
            _ => raw.push(c),
        }
        i += 1;
    }
    let raw = raw.replace("ie", "e");
    // Doubled letters once.
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        if !out.ends_with(c) {
            out.push(c);
        }
    }
    let vowel = |c: char| matches!(c, 'a' | 'e' | 'i' | 'o' | 'u');
    // A silent initial h before a vowel (an h written alone).
    if chars.first() == Some(&'h') && out[1..].chars().next().is_some_and(vowel) {
        out.remove(0);
    }
    // A silent final e after a consonant.
    if out.len() > 3 && out.ends_with('e') {
        let before = out[..out.len() - 1].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphabetic() && !vowel(c.to_ascii_lowercase())) {
            out.pop();
        }
    }
    if !smoothed {
        return out;
    }
    let mut chars: Vec<char> = out.chars().collect();
    smooth(&mut chars, |c| c);
    chars.into_iter().collect()
}

/// True when `a` and `b` differ by at most `max` edits (a substitution,
/// an insertion, a deletion, or two neighbours swapped): the restricted
/// Damerau–Levenshtein distance, computed only along the diagonal band
/// the bound allows.
pub fn within(a: &str, b: &str, max: usize) -> bool {
    if a.is_ascii() && b.is_ascii() {
        return distance(a.as_bytes(), b.as_bytes(), max).is_some();
    }
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    distance(&a, &b, max).is_some()
}

/// Rows of the distance table kept on the stack up to this many columns.
const STACK_ROW: usize = 48;

/// The edit distance of `a` and `b` (bytes of ASCII words, or chars) when
/// at most `max`, else `None`. It runs on every vocabulary word a query
/// might have mistyped, so short words use rows on the stack.
pub fn distance<T: PartialEq>(a: &[T], b: &[T], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let m = b.len();
    if m < STACK_ROW {
        let mut rows = [[0usize; STACK_ROW]; 3];
        let [prev2, prev, cur] = &mut rows;
        return banded(a, b, max, &mut prev2[..=m], &mut prev[..=m], &mut cur[..=m]);
    }
    let (mut prev2, mut prev, mut cur) = (vec![0; m + 1], vec![0; m + 1], vec![0; m + 1]);
    banded(a, b, max, &mut prev2, &mut prev, &mut cur)
}

/// [`distance`] on three rows of `b.len() + 1` cells.
fn banded<'r, T: PartialEq>(
    a: &[T],
    b: &[T],
    max: usize,
    mut prev2: &'r mut [usize],
    mut prev: &'r mut [usize],
    mut cur: &'r mut [usize],
) -> Option<usize> {
    let (n, m) = (a.len(), b.len());
    let big = max + 1;
    prev2.fill(big);
    for (j, p) in prev.iter_mut().enumerate() {
        *p = j.min(big);
    }
    for i in 1..=n {
        cur.fill(big);
        cur[0] = i.min(big);
        let lo = i.saturating_sub(max).max(1);
        let hi = (i + max).min(m);
        let mut best = cur[0];
        for j in lo..=hi {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j - 1] + cost).min(prev[j] + 1).min(cur[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d.min(big);
            best = best.min(cur[j]);
        }
        if best > max {
            return None;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[m];
    (d <= max).then_some(d)
}

/// How many edits a word of `chars` letters may be from another and still
/// be taken for it: none below five letters, one from five, two from nine.
pub fn typo_budget(chars: usize) -> usize {
    match chars {
        0..=4 => 0,
        5..=8 => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::fold::fold_query;

    fn key(s: &str) -> String {
        sound_key(&fold_query(s))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 3000, ..Default::default() })]

        /// The byte path gives the key the general one does.
        #[test]
        fn plain_words_key_as_the_general_path_does(
            word in "(shch|tch|dzh|sch|sh|sz|zh|ts|tz|dz|cz|ch|kh|th|ph|ck|qu|ie|[a-z0-9]){0,24}",
        ) {
            proptest::prop_assert_eq!(sound_key(&word), general_key(&word, true), "{}", word);
        }
    }

    #[test]
    fn spellings_found_in_books_meet() {
        for (a, b) in [
            ("Вейротер", "Weyrother"),
            ("Ланжерон", "Langeron"),
            ("Болконский", "Bolkónski"),
            ("Болконский", "Bolkonsky"),
            ("Пржебышевский", "Przebyszewski"),
            ("Пьер", "Pierre"),
            ("Шерер", "Schérer"),
            ("Ипполит", "Hippolyte"),
            ("Элен", "Hélène"),
            ("Кутузов", "Kutúzov"),
            ("Василий", "Vasíli"),
            ("Праценские", "Pratzenskie"),
            ("Чарторыйский", "Czartoryski"),
            ("Мария", "Maria"),
            ("Наполеон", "Napoleon"),
            ("Kutusof", "Kutuzov"),
            ("Koutouzof", "Кутузов"),
            ("Tutchkof", "Tuchkov"),
            ("Hindoo", "Indou"),
        ] {
            assert_eq!(key(a), key(b), "{a} / {b}");
        }
    }

    #[test]
    fn ordinary_words_keep_their_s_and_ou() {
        let word = |w: &str| {
            let mut k = String::new();
            word_key_into(&crate::lang::fold::fold_query(w), &mut k);
            k
        };
        assert_ne!(word("pousser"), word("pusher"));
        assert_ne!(word("rose"), word("roze"));
    }

    #[test]
    fn different_words_stay_apart() {
        for (a, b) in [
            ("Вера", "Very"),
            ("Анна", "Анатоль"),
            ("Pierre", "Peter"),
            ("Kutuzov", "Kutaisov"),
            // The sound of ch, kh or cz is no silent h: changé is not ange,
            // Khan not Anna.
            ("changé", "ange"),
            ("Khan", "Ann"),
            ("Chevardino", "Evardino"),
        ] {
            assert_ne!(key(a), key(b), "{a} / {b}");
        }
        assert_eq!(key("Hélène"), key("Элен"), "an h written alone is silent");
    }

    #[test]
    fn edit_distance_with_a_bound() {
        assert!(within("kutusov", "kutuzov", 1));
        assert!(within("napoelon", "napoleon", 1), "a swap is one edit");
        assert!(within("miloradovitch", "miloradovich", 1));
        assert!(!within("napoleon", "nplen", 2));
        assert!(within("abc", "abc", 0));
        assert!(!within("abc", "abd", 0));
        assert_eq!(typo_budget(4), 0);
        assert_eq!(typo_budget(5), 1);
        assert_eq!(typo_budget(9), 2);
    }
}
