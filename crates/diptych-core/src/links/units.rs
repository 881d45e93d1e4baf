//! What each paragraph and sentence brings to the alignment: its length,
//! whether it is a heading, its anchors (numbers, Roman numerals of
//! headings, entries both accounts mention) and its words for the
//! lexicon, in one vocabulary per side.

use super::align::{self, SentenceUnits};
use crate::entities::Entities;
use crate::lexicon::Vocab;
use crate::pair::Pair;
use crate::text::{Side, is_roman};

/// One side's units for the alignment.
#[derive(Debug, Clone, Default)]
pub struct SideUnits {
    /// Every paragraph but matter.
    pub paragraphs: Vec<align::Unit>,
    /// Each unit's paragraph index.
    pub map: Vec<u32>,
    /// The sentences of those paragraphs (filled by [`with_words`]).
    pub sentences: SentenceUnits,
    /// The side's vocabulary (filled by [`with_words`]).
    pub vocab: Vocab,
}

/// Entries both accounts mention (what a translation keeps), as the
/// mentions of `side`: (entry, paragraph, byte offset).
fn kept_mentions(entities: &Entities, side: Side) -> Vec<(u32, usize, usize)> {
    let mut out = Vec::new();
    for (pi, person) in entities.entries.iter().enumerate() {
        if person.mentions[0].is_empty() || person.mentions[1].is_empty() {
            continue;
        }
        for m in &person.mentions[side.index()] {
            out.push((pi as u32, m.paragraph, m.span.start));
        }
    }
    out
}

/// The anchors of `text`: its numbers, and for a heading its Roman
/// numerals too, added to `a`, which is then sorted and deduplicated.
fn anchors_of(
    account: &crate::text::Account,
    span: std::ops::Range<usize>,
    heading: bool,
    a: &mut Vec<u32>,
) {
    for n in numbers(&account.text[span.clone()]) {
        if let Ok(n) = n.parse::<u32>() {
            a.push(align::NUMBER + n % align::NUMBER);
        }
    }
    if heading {
        // Roman numerals, and number words (ЧАСТЬ ПЕРВАЯ, BOOK ONE,
        // dwudziesty pierwszy: their values add up).
        let data = crate::lang::tables::get(account.meta.language);
        let mut words_value = None;
        for w in account.words(span) {
            let word = &account.text[w];
            if is_roman(word) {
                a.push(align::NUMBER + crate::text::roman_value(word));
            } else if let Some(v) = data.number(&crate::lang::fold::fold_query(word)) {
                *words_value.get_or_insert(0) += v;
            }
        }
        if let Some(v) = words_value {
            a.push(align::NUMBER + v % align::NUMBER);
        }
    }
    a.sort_unstable();
    a.dedup();
}

/// The paragraph units of `side` (every paragraph but matter) and, for
/// each, its paragraph index; no words or sentences yet.
pub fn units(pair: &Pair, entities: &Entities, side: Side) -> SideUnits {
    let account = pair.account(side);
    // The mentions by paragraph, walked along (not a list for every
    // paragraph: a book may have millions, most naming no one).
    let mut mentions = kept_mentions(entities, side);
    mentions.sort_unstable_by_key(|&(entry, p, _)| (p, entry));
    let mut out = SideUnits::default();
    out.paragraphs.reserve_exact(account.paragraphs.len());
    out.map.reserve_exact(account.paragraphs.len());
    for (p, para) in account.paragraphs.iter().enumerate() {
        if para.is_matter() {
            continue;
        }
        let from = mentions.partition_point(|&(_, q, _)| q < p);
        let mut a: Vec<u32> = mentions[from..]
            .iter()
            .take_while(|&&(_, q, _)| q == p)
            .map(|&(e, _, _)| e)
            .collect();
        let heading = para.heading_level();
        anchors_of(account, para.span(), heading.is_some(), &mut a);
        out.paragraphs.push(align::Unit::new(
            account.text[para.span()].chars().count(),
            heading,
            &a,
        ));
        out.map.push(p as u32);
    }
    out
}

/// Gives `units` their words and sentences: each sentence a unit with its
/// length, anchors (numbers, and entries mentioned in it) and words; each
/// paragraph's words the union of its sentences'.
pub fn with_words(pair: &Pair, entities: &Entities, side: Side, units: &mut SideUnits) {
    let account = pair.account(side);
    let mut mentions = kept_mentions(entities, side);
    mentions.sort_unstable_by_key(|&(_, p, at)| (p, at));
    let mut key = String::new();
    let sentences = &mut units.sentences;
    for (u, p) in units.map.iter().map(|&p| p as usize).enumerate() {
        sentences.start.push(sentences.units.len());
        let para = &account.paragraphs[p];
        let heading = para.heading_level();
        let mut words: Vec<u32> = Vec::new();
        // The paragraph's mentions, in order; the sentences take them in
        // turn (a scan of them all for each sentence was quadratic in a
        // paragraph of many sentences).
        let from = mentions.partition_point(|&(_, q, _)| q < p);
        let mut here =
            &mentions[from..from + mentions[from..].partition_point(|&(_, q, _)| q == p)];
        for (s, sentence) in para.sentences().iter().enumerate() {
            let span = sentence.span();
            here = &here[here.partition_point(|&(_, _, at)| at < span.start)..];
            let inside = here.partition_point(|&(_, _, at)| at < span.end);
            let mut a: Vec<u32> = here[..inside].iter().map(|&(e, _, _)| e).collect();
            here = &here[inside..];
            anchors_of(account, span.clone(), heading.is_some(), &mut a);
            let bag = units.vocab.bag(&account.text[span.clone()], &mut key);
            words.extend_from_slice(&bag);
            let mut unit = align::Unit::new(account.text[span].chars().count(), heading, &a);
            unit.set_words(&bag);
            sentences.units.push(unit);
            sentences.refs.push((p, s));
        }
        words.sort_unstable();
        words.dedup();
        units.paragraphs[u].set_words(&words);
    }
    sentences.start.push(sentences.units.len());
}

/// The numbers written in `text`: runs of digits standing alone (not part
/// of a word such as `A1`), with a `,` or `.` between digits kept inside
/// (`12,000` is one number, which no caller reads as an integer). A scan
/// of bytes, not word segmentation: it runs over whole books.
pub(super) fn numbers(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            if !bytes[i].is_ascii_digit() {
                i += 1;
                continue;
            }
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_digit()
                    || (matches!(bytes[i], b',' | b'.')
                        && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)))
            {
                i += 1;
            }
            let alone = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
            if alone(text[..start].chars().next_back()) && alone(text[i..].chars().next()) {
                return Some(&text[start..i]);
            }
        }
        None
    })
}

/// The dates written in `span` of `account`, as month × 32 + day: a day
/// (1 to 31, an ordinal's letters allowed: 7th, 1er) right before a month's
/// name (7 września, 7. September, the 7th of September) or right after it
/// (September 7th), the months as the account's language writes them
/// (texts/languages.toml).
pub(super) fn dates(account: &crate::text::Account, span: std::ops::Range<usize>) -> Vec<u16> {
    dates_at(account, span)
        .into_iter()
        .map(|(d, _)| d)
        .collect()
}

/// [`dates`] with where each is written: from its first word to its last.
pub(super) fn dates_at(
    account: &crate::text::Account,
    span: std::ops::Range<usize>,
) -> Vec<(u16, std::ops::Range<usize>)> {
    let data = crate::lang::tables::get(account.meta.language);
    // A date has a day in digits: a paragraph without a digit has none,
    // and is not cut into words (that was a thirteenth of `related` on a
    // book).
    let has_digit = account
        .text
        .get(span.clone())
        .is_some_and(|t| t.bytes().any(|b| b.is_ascii_digit()));
    if data.months.is_empty() || !has_digit {
        return Vec::new();
    }
    let ranges = account.words(span);
    let words: Vec<&str> = ranges.iter().map(|w| &account.text[w.clone()]).collect();
    let day = |w: &str| -> Option<u16> {
        let digits = w.bytes().take_while(u8::is_ascii_digit).count();
        let rest = &w[digits..];
        (digits > 0
            && digits <= 2
            && rest.chars().count() <= 3
            && rest.chars().all(char::is_alphabetic))
        .then(|| w[..digits].parse().ok())
        .flatten()
        .filter(|d| (1..=31).contains(d))
    };
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if w.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let Some(m) = data.month(&crate::lang::fold::fold_query(w)) else {
            continue;
        };
        let before = i
            .checked_sub(1)
            .and_then(|k| day(words[k]).map(|d| (d, k)))
            .or_else(|| {
                // the 7th of September
                (i >= 2 && words[i - 1].eq_ignore_ascii_case("of"))
                    .then(|| day(words[i - 2]).map(|d| (d, i - 2)))
                    .flatten()
            });
        let after = words.get(i + 1).and_then(|w| day(w)).map(|d| (d, i + 1));
        // A day the month has (no 31 February: a count, not a date).
        let fits = |&(d, _): &(u16, usize)| d <= days_in(m);
        if let Some((d, k)) = before.filter(fits).or(after.filter(fits)) {
            let (a, b) = (k.min(i), k.max(i));
            out.push((u16::from(m) * 32 + d, ranges[a].start..ranges[b].end));
        }
    }
    out
}

/// The most days month `m` (1 to 12) has.
fn days_in(m: u8) -> u16 {
    match m {
        2 => 29,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A year between 1000 and 2099 written as a word.
pub(super) fn year(word: &str) -> Option<u16> {
    if word.len() != 4 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok().filter(|y| (1000..2100).contains(y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_each_language_and_order() {
        use crate::text::{Account, Meta};
        let of = |text: &str, lang: crate::Lang| {
            let mut meta = Meta::named("t");
            meta.language = Some(lang);
            let a = Account::new(meta, text.to_string());
            let span = 0..a.text.len();
            dates(&a, span)
        };
        use crate::Lang;
        let sept7 = 9 * 32 + 7;
        assert_eq!(of("On September 7th, 1812, at dawn.", Lang::En), [sept7]);
        assert_eq!(of("On the 7th of September the guns.", Lang::En), [sept7]);
        assert_eq!(
            of("Le 7 septembre 1812, au point du jour.", Lang::Fr),
            [sept7]
        );
        assert_eq!(
            of("Am 7. September begann die Schlacht.", Lang::De),
            [sept7]
        );
        assert_eq!(of("Dnia 7 września o świcie.", Lang::Pl), [sept7]);
        assert!(of("On 31 February and February 30.", Lang::En).is_empty());
        assert_eq!(of("On 29 February.", Lang::En), [2 * 32 + 29]);
        assert_eq!(of("Утром 7 сентября началось.", Lang::Ru), [sept7]);
        assert_eq!(
            of("Le 5 mai, les 5 maisons brûlaient.", Lang::Fr),
            [5 * 32 + 5]
        );
        assert!(of("In May 1812 the army.", Lang::En).is_empty());
    }

    #[test]
    fn numbers_stand_alone() {
        let got: Vec<&str> = numbers("In 1812-го, 12,000 men; A1 and 3.5 km, ¶7.").collect();
        assert_eq!(got, ["1812", "12,000", "3.5", "7"]);
    }

    #[test]
    fn roman_values() {
        assert_eq!(crate::text::roman_value("XIV"), 14);
        assert_eq!(crate::text::roman_value("IX"), 9);
        assert_eq!(crate::text::roman_value("MCMXLV"), 1945);
    }
}
