//! The counts a paragraph tells: a number (in digits, `5`, `12,000`,
//! `200 000`, or in words, texts/cardinals.toml: `trois`, `forty-three`,
//! `сорок три`) followed within a few words of its sentence by a counted
//! thing (texts/units.toml: guns, men, generals). Written by hand: no
//! crate reads number words of eight languages as data, and the counts
//! only need runs of words the text's segmentation already gives.

use crate::Lang;
use crate::lang::fold::fold_query;
use crate::links::Topics;
use crate::text::Account;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::Range;
use std::sync::OnceLock;

/// The bundled number words, compiled in.
pub const CARDINALS_TOML: &str = include_str!("../../../../../texts/cardinals.toml");

/// The bundled counted things, compiled in (topics.toml's format).
pub const UNITS_TOML: &str = include_str!("../../../../../texts/units.toml");

/// How many words may stand between a number and what it counts
/// (`5 heavy guns`, `trois pièces de canon`).
const UNIT_WITHIN: usize = 3;

/// The largest count read: beyond it a number is no count of men or guns.
const MAX_COUNT: u64 = 100_000_000;

/// One count: what is counted (a topic of [`units`]), how many, and where
/// it is written, from the number's first word to the counted word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    /// The counted thing (index into [`units`]).
    pub unit: usize,
    /// How many.
    pub value: u64,
    /// Where, in the account's text.
    pub span: Range<usize>,
}

/// One language's number words.
#[derive(Debug, Default)]
struct Words {
    /// Folded word (or hyphened compound) → value.
    words: HashMap<String, u64>,
    /// Folded words joining two number words ("et", "and").
    and: HashSet<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLang {
    #[serde(default)]
    and: Vec<String>,
    words: BTreeMap<String, u64>,
}

/// The number words of each language ([`CARDINALS_TOML`]).
fn cardinals() -> &'static HashMap<Lang, Words> {
    static CARDINALS: OnceLock<HashMap<Lang, Words>> = OnceLock::new();
    CARDINALS.get_or_init(|| {
        // Bundled data, checked by a test: a mistake in it is a build's.
        let raw: BTreeMap<String, RawLang> = toml::from_str(CARDINALS_TOML).unwrap_or_default();
        raw.into_iter()
            .filter_map(|(code, l)| {
                let lang = Lang::from_code(&code)?;
                Some((
                    lang,
                    Words {
                        words: l
                            .words
                            .into_iter()
                            .map(|(w, v)| (fold_query(&w), v))
                            .collect(),
                        and: l.and.iter().map(|w| fold_query(w)).collect(),
                    },
                ))
            })
            .collect()
    })
}

/// The counted things ([`UNITS_TOML`]).
pub fn units() -> &'static Topics {
    static UNITS: OnceLock<Topics> = OnceLock::new();
    UNITS.get_or_init(|| {
        Topics::parse(UNITS_TOML, "texts/units.toml (built in)").unwrap_or_default()
    })
}

/// A word of digits as a count: `5`, `12,000`, `12.000` (groups of three
/// after the first are thousands); `None` for a decimal (`7.30`) or a
/// word that is not all digits.
fn digits(word: &str) -> Option<u64> {
    let mut groups = word.split([',', '.']);
    let first = groups.next()?;
    if first.is_empty() || first.len() > 9 || !first.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut v: u64 = first.parse().ok()?;
    for g in groups {
        if g.len() != 3 || !g.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        v = v.checked_mul(1000)?.checked_add(g.parse().ok()?)?;
    }
    Some(v)
}

/// A run of number words' values as one number: a hundred multiplies
/// what is before it, a thousand or more closes the part before it
/// (deux cents = 200; trente-cinq mille = 35 000; two thousand five
/// hundred = 2500).
fn compose(values: &[u64]) -> Option<u64> {
    let (mut total, mut part): (u64, u64) = (0, 0);
    for &v in values {
        if v == 100 {
            part = part.max(1).checked_mul(100)?;
        } else if v >= 1000 {
            total = total.checked_add(part.max(1).checked_mul(v)?)?;
            part = 0;
        } else {
            part = part.checked_add(v)?;
        }
    }
    total.checked_add(part)
}

/// True when only spaces (or one hyphen) stand between two words of a
/// number.
fn joined(between: &str) -> bool {
    let t = between.trim_matches(|c: char| c.is_whitespace());
    t.is_empty() || t == "-" || t == "‑"
}

/// True when `between` ends a sentence or a clause: a count does not
/// reach over it to a counted word.
fn breaks(between: &str) -> bool {
    between.contains(['.', ';', ':', '!', '?', '(', ')', '—', '–'])
}

/// True when a word of `gap` is one of the account's language's stop
/// words (the, of, der, le).
fn gap_has_stop_word(account: &Account, gap: &str) -> bool {
    let data = crate::lang::tables::get(account.meta.language);
    gap.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .any(|w| data.stop.contains(&fold_query(w)))
}

/// A number read from words `i..end` of a paragraph: the values of its
/// number words and digit groups, in order.
struct Run {
    values: Vec<u64>,
    /// The word after the number.
    end: usize,
    /// True when it ends in digits (no number word after them).
    digits: bool,
}

/// The number starting at word `i` of `words` (ranges of `text`), if one
/// does: number words and digit groups joined by spaces or a hyphen, or a
/// language's `and` between two number words (vingt et un).
fn number_run(lang: &Words, text: &str, words: &[Range<usize>], i: usize) -> Option<Run> {
    let word_value = |k: usize| {
        lang.words
            .get(&fold_query(&text[words[k].clone()]))
            .copied()
    };
    let between = |k: usize| &text[words[k - 1].end..words[k].start];
    let mut values: Vec<u64> = Vec::new();
    let mut j = i;
    let mut in_digits = false;
    while j < words.len() {
        if j > i {
            let gap = between(j);
            let connector = !in_digits
                && lang.and.contains(&fold_query(&text[words[j].clone()]))
                && j + 1 < words.len()
                && word_value(j + 1).is_some();
            if !joined(gap) {
                break;
            }
            if connector {
                j += 1;
                continue;
            }
        }
        let w = &text[words[j].clone()];
        // A hyphened compound listed whole (quatre-vingts).
        if j + 1 < words.len() && between(j + 1).trim() == "-" {
            let both = format!(
                "{}-{}",
                fold_query(w),
                fold_query(&text[words[j + 1].clone()])
            );
            if let Some(&v) = lang.words.get(&both) {
                values.push(v);
                j += 2;
                in_digits = false;
                continue;
            }
        }
        if let Some(v) = digits(w) {
            match values.last_mut() {
                // Digit groups split by a space: 200 000.
                Some(last) if in_digits && w.len() == 3 && !w.contains([',', '.']) => {
                    *last = last.saturating_mul(1000).saturating_add(v);
                }
                None => {
                    values.push(v);
                    in_digits = true;
                }
                Some(_) => break,
            }
        } else if let Some(v) = word_value(j) {
            // 40 thousand; vingt mille; not "5 three".
            if in_digits && v < 1000 {
                break;
            }
            values.push(v);
            in_digits = false;
        } else {
            break;
        }
        j += 1;
    }
    (!values.is_empty()).then_some(Run {
        values,
        end: j,
        digits: in_digits,
    })
}

/// The counts written in paragraph `p` of `account`, and the counted
/// things it names without a count that could be read (what a number
/// before or after them, in words the data does not know, may count: the
/// archaic `siedm dni`, the inverted `дней в пять`).
pub fn counts(account: &Account, p: usize) -> (Vec<Count>, HashSet<usize>) {
    let Some(para) = account.paragraphs.get(p).filter(|x| x.is_text()) else {
        return (Vec::new(), HashSet::new());
    };
    let empty = Words::default();
    let lang = account
        .meta
        .language
        .and_then(|l| cardinals().get(&l))
        .unwrap_or(&empty);
    let text = &account.text;
    let words = account.words(para.span());
    let unit_spans = units().spans_in(account, p);
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let Some(run) = number_run(lang, text, &words, i) else {
            i += 1;
            continue;
        };
        let (values, j, in_digits) = (run.values, run.end, run.digits);
        let value = compose(&values).filter(|v| (2..=MAX_COUNT).contains(v));
        let (start, end) = (words[i].start, words[j - 1].end);
        i = j;
        let Some(value) = value else {
            continue;
        };
        // What it counts: a unit starting within the next few words, in
        // the same clause, with no other number between.
        let reach = words
            .get((j + UNIT_WITHIN).min(words.len()).saturating_sub(1))
            .map_or(end, |w| w.end);
        let Some((unit, us)) = unit_spans
            .iter()
            .find(|(_, s)| s.start >= end && s.start < reach)
        else {
            continue;
        };
        let gap = &text[end..us.start];
        if breaks(gap) || gap.bytes().any(|b| b.is_ascii_digit()) {
            continue;
        }
        // A year counts only what stands right after it, no small word
        // between (2000 Russian prisoners; not "in 1812 the guns").
        let year_like = values.len() == 1 && (1000..2100).contains(&value) && in_digits;
        if year_like && gap_has_stop_word(account, gap) {
            continue;
        }
        out.push(Count {
            unit: *unit,
            value,
            span: start..us.end,
        });
    }
    let uncounted = unit_spans
        .iter()
        .filter(|(_, s)| !out.iter().any(|c| c.span.end == s.end))
        .map(|(u, _)| *u)
        .collect();
    (out, uncounted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{Account, Meta};

    fn account(lang: &str, text: &str) -> Account {
        let mut m = Meta::named("t");
        m.language = Lang::from_code(lang);
        Account::new(m, text.to_string())
    }

    fn told(lang: &str, text: &str) -> Vec<(String, u64, String)> {
        let a = account(lang, text);
        counts(&a, 0)
            .0
            .into_iter()
            .map(|c| (units().label(c.unit), c.value, a.text[c.span].to_string()))
            .collect()
    }

    #[test]
    fn bundled_data_loads() {
        let raw: BTreeMap<String, RawLang> = toml::from_str(CARDINALS_TOML).unwrap();
        for code in raw.keys() {
            assert!(Lang::from_code(code).is_some(), "cardinals.toml: {code}");
        }
        assert!(cardinals().len() >= 8);
        Topics::parse(UNITS_TOML, "units.toml").unwrap();
    }

    #[test]
    fn digits_and_groups() {
        assert_eq!(digits("5"), Some(5));
        assert_eq!(digits("12,000"), Some(12_000));
        assert_eq!(digits("43.000"), Some(43_000));
        assert_eq!(digits("7.30"), None);
        assert_eq!(digits("A1"), None);
    }

    #[test]
    fn counts_in_words_and_digits() {
        let n = |lang, text| {
            told(lang, text)
                .into_iter()
                .map(|(u, v, _)| (u, v))
                .collect::<Vec<_>>()
        };
        let g = |v| ("guns".to_string(), v);
        assert_eq!(n("fr", "Ils lui enlevèrent trois canons."), vec![g(3)]);
        assert_eq!(n("en", "Cuirassiers captured 5 guns."), vec![g(5)]);
        assert_eq!(n("en", "He had 12 heavy guns."), vec![g(12)]);
        assert_eq!(n("fr", "Il y avait vingt et un canons."), vec![g(21)]);
        assert_eq!(n("fr", "enfin sur quatre-vingts canons"), vec![g(80)]);
        assert_eq!(n("fr", "avec deux cents pièces de canon"), vec![g(200)]);
        assert_eq!(
            n("fr", "trente-cinq mille hommes"),
            vec![("men".to_string(), 35_000)]
        );
        assert_eq!(
            n("en", "some 200 000 men and 43,000 casualties"),
            vec![
                ("men".to_string(), 200_000),
                ("casualties".to_string(), 43_000)
            ]
        );
        assert_eq!(
            n("fr", "Quarante-trois généraux furent tués"),
            vec![("generals".to_string(), 43)]
        );
        assert_eq!(
            n("ru", "было убито сорок три генерала"),
            vec![("generals".to_string(), 43)]
        );
        assert_eq!(n("pl", "zdobyto pięć dział"), vec![("guns".to_string(), 5)]);
    }

    #[test]
    fn what_is_not_a_count() {
        // An ordinal, one, a decimal, a number past the clause's end, a
        // count of nothing listed.
        assert!(told("en", "the third gun fired").is_empty());
        assert!(told("en", "one gun fired").is_empty());
        assert!(told("en", "at 7.30 guns fired").is_empty());
        assert!(told("en", "They were 5. Guns fired.").is_empty());
        assert!(told("en", "5 miles away").is_empty());
        assert!(told("en", "In 1812 the guns").is_empty());
        // The span: from the number to the counted word.
        assert_eq!(told("en", "captured 5 guns")[0].2, "5 guns");
    }
}
