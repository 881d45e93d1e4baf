//! The numbers a paragraph names that are neither years nor days: counts
//! (80 guns, 120 000 men, 120,000) and the numbers of units (the 106th,
//! le 106e). Two accounts of one event name the same ones, in any
//! language: a shared rare number is evidence of a shared event.
//!
//! Not [`super::differ::counts`]: that one reads a count only with the
//! thing it counts (guns, men, in number words too) and cuts the
//! paragraph into words to find it, for the few pairs the differences
//! compare; a link needs every paragraph's numbers, the numbers of units
//! with an ordinal's letters among them, from one scan of bytes.

/// Numbers below this are too common (and often days) to tell events
/// apart.
const LEAST: u32 = 32;
/// Numbers above this are no count an account gives in digits.
const MOST: u32 = 10_000_000;
/// The letters an ordinal may carry (106th, 106e, 1er, 106ème, 15te).
const ORDINAL: [&str; 12] = [
    "e", "er", "re", "ème", "eme", "th", "st", "nd", "rd", "te", "ter", "ten",
];

/// The counts written in `text`, in order: runs of digits that begin a
/// word (not a footnote's mark glued to a word or a stop: `Radziwill,47`),
/// groups of three digits after a `,`, `.` or space joined (`120 000`,
/// `120,000`), an ordinal's letters allowed; decimals (`3.5`), years
/// (1000 to 2099 in four digits) and numbers below [`LEAST`] left out.
/// A scan of bytes, as [`super::units::numbers`], over whole books.
pub(super) fn counts(text: &str) -> Vec<u32> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        let begins = text[..start]
            .chars()
            .next_back()
            .is_none_or(|c| c.is_whitespace() || "([{«“‘\"'".contains(c));
        let mut value: u64 = 0;
        let mut digits = 0;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            value = value.saturating_mul(10) + u64::from(bytes[i] - b'0');
            digits += 1;
            i += 1;
        }
        // Groups of three after a separator: 120 000, 120,000, 120.000.
        let mut grouped = false;
        while digits <= 3 || grouped {
            let Some(sep) = separator(&text[i..]) else {
                break;
            };
            let rest = &bytes[i + sep..];
            let three = rest.len() >= 3
                && rest[..3].iter().all(u8::is_ascii_digit)
                && rest.get(3).is_none_or(|b| !b.is_ascii_digit());
            if !three {
                break;
            }
            for &b in &rest[..3] {
                value = value.saturating_mul(10) + u64::from(b - b'0');
            }
            i += sep + 3;
            grouped = true;
        }
        let decimal = matches!(bytes.get(i), Some(b'.' | b',')) && {
            bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
        };
        let tail = &text[i..];
        let word_len = tail
            .char_indices()
            .find(|&(_, c)| !c.is_alphanumeric())
            .map_or(tail.len(), |(k, _)| k);
        let ordinal = word_len == 0 || ORDINAL.contains(&&tail[..word_len]);
        i += word_len;
        if !begins || decimal || !ordinal {
            continue;
        }
        let year = !grouped && digits == 4 && (1000..2100).contains(&value);
        if !year && (u64::from(LEAST)..=u64::from(MOST)).contains(&value) {
            out.push(value as u32);
        }
    }
    out
}

/// The length of a thousands separator at the start of `s`, if one is.
fn separator(s: &str) -> Option<usize> {
    let c = s.chars().next()?;
    matches!(c, ',' | '.' | ' ' | '\u{a0}' | '\u{202f}' | '\u{2009}').then(|| c.len_utf8())
}

#[cfg(test)]
mod tests {
    use super::counts;

    #[test]
    fn counts_in_any_writing() {
        assert_eq!(
            counts("le 106e de ligne, 120 000 hommes et 80 pièces; the 106th, 120,000 men"),
            [106, 120_000, 80, 106, 120_000]
        );
        assert_eq!(counts("в 1812 году 15-й полк, 3.5 версты, 45 орудий"), [45]);
        assert_eq!(
            counts("Radziwill,47 when; p. 12; A100 and 1er"),
            Vec::<u32>::new()
        );
        assert_eq!(counts("(250 guns) «300»"), [250, 300]);
    }

    #[test]
    fn counts_shown_in_groups_of_three() {
        assert_eq!(crate::links::grouped(106), "106");
        assert_eq!(crate::links::grouped(1812), "1812");
        assert_eq!(crate::links::grouped(120_000), "120 000");
        assert_eq!(crate::links::grouped(2_500_000), "2 500 000");
    }
}
