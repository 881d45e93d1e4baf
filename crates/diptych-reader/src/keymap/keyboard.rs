//! Keyboard layouts: where nothing is typed (the reader, the links panel,
//! the map), a key of a Ukrainian or Russian ЙЦУКЕН layout, or of a Slovak
//! or Czech QWERTZ layout, acts as the Latin key at the same place on a US
//! keyboard, so the default keymap works without switching layouts. Only
//! characters no US key types are mapped (a letter of the Latin alphabet
//! always means itself). helix maps layouts by a table in its config; this
//! is that table, built in; keymap.toml's `[layout]` adds to it.

/// (character, the US key at its place), unshifted and shifted.
const TABLE: &[(char, char)] = &[
    // Russian ЙЦУКЕН.
    ('й', 'q'),
    ('ц', 'w'),
    ('у', 'e'),
    ('к', 'r'),
    ('е', 't'),
    ('н', 'y'),
    ('г', 'u'),
    ('ш', 'i'),
    ('щ', 'o'),
    ('з', 'p'),
    ('х', '['),
    ('ъ', ']'),
    ('ф', 'a'),
    ('ы', 's'),
    ('в', 'd'),
    ('а', 'f'),
    ('п', 'g'),
    ('р', 'h'),
    ('о', 'j'),
    ('л', 'k'),
    ('д', 'l'),
    ('ж', ';'),
    ('э', '\''),
    ('я', 'z'),
    ('ч', 'x'),
    ('с', 'c'),
    ('м', 'v'),
    ('и', 'b'),
    ('т', 'n'),
    ('ь', 'm'),
    ('б', ','),
    ('ю', '.'),
    ('ё', '`'),
    ('Й', 'Q'),
    ('Ц', 'W'),
    ('У', 'E'),
    ('К', 'R'),
    ('Е', 'T'),
    ('Н', 'Y'),
    ('Г', 'U'),
    ('Ш', 'I'),
    ('Щ', 'O'),
    ('З', 'P'),
    ('Х', '{'),
    ('Ъ', '}'),
    ('Ф', 'A'),
    ('Ы', 'S'),
    ('В', 'D'),
    ('А', 'F'),
    ('П', 'G'),
    ('Р', 'H'),
    ('О', 'J'),
    ('Л', 'K'),
    ('Д', 'L'),
    ('Ж', ':'),
    ('Э', '"'),
    ('Я', 'Z'),
    ('Ч', 'X'),
    ('С', 'C'),
    ('М', 'V'),
    ('И', 'B'),
    ('Т', 'N'),
    ('Ь', 'M'),
    ('Б', '<'),
    ('Ю', '>'),
    ('Ё', '~'),
    // Ukrainian differs from Russian at four places.
    ('і', 's'),
    ('ї', ']'),
    ('є', '\''),
    ('ґ', '\\'),
    ('І', 'S'),
    ('Ї', '}'),
    ('Є', '"'),
    ('Ґ', '|'),
    // Slovak QWERTZ: the number row and the keys right of P and L.
    ('ľ', '2'),
    ('š', '3'),
    ('č', '4'),
    ('ť', '5'),
    ('ž', '6'),
    ('ý', '7'),
    ('á', '8'),
    ('í', '9'),
    ('é', '0'),
    ('ú', '['),
    ('ä', ']'),
    ('ô', ';'),
    ('§', '\''),
    ('ň', '\\'),
    // Czech QWERTZ, where it differs.
    ('ě', '2'),
    ('ř', '5'),
    ('ů', ';'),
];

/// The US key at the place of `c` on a Cyrillic or QWERTZ layout.
pub fn latin(c: char) -> Option<char> {
    if c.is_ascii() {
        return None;
    }
    TABLE.iter().find(|(from, _)| *from == c).map(|(_, to)| *to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_layout_reaches_the_reader_keys() {
        for (c, want) in [
            ('о', 'j'),
            ('л', 'k'),
            ('й', 'q'),
            ('з', 'p'),
            ('т', 'n'),
            ('х', '['),
            ('ъ', ']'),
            ('ї', ']'),
            ('ú', '['),
            ('ä', ']'),
            ('Х', '{'),
            ('Ъ', '}'),
            ('П', 'G'),
        ] {
            assert_eq!(latin(c), Some(want), "{c}");
        }
        assert_eq!(latin('j'), None);
        assert_eq!(latin('漢'), None);
        // No character maps twice.
        let mut seen = std::collections::HashSet::new();
        assert!(TABLE.iter().all(|(c, _)| seen.insert(*c)));
    }
}
