//! The fold, its map, its tables and its word splitting, against what
//! they are for.

use super::*;
use std::ops::Range;

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
        "ab", "Word", "x1", ",", ".", " ", "  ", "\r\n", "\n", "\t", "-", "'", "’", "ж", "Щ", "ь",
        "ў", "é", "Ä", "ß", "œ", "\u{a0}", "\u{ad}", "\u{200b}", "\u{1}", "\u{7f}", "\u{c}",
        "\u{85}", "“", "Ω", "ﬁ", "İ", "e\u{301}", "\u{2028}", "ǅ", "—", "…", "\u{2030}",
        "\u{202e}", "\u{2060}", "\u{2002}", "\u{2071}",
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
        proptest::prop_assert_eq!(
            plain_run_end(&bytes, from),
            ascii::plain_run_end_bytewise(&bytes, from)
        );
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
