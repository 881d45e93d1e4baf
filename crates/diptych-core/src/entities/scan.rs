//! One account's words as the name scan reads them: each sentence's
//! words worth looking at for names (capitalised, or a title, place word,
//! article or particle a name may stand next to), every word's uses
//! counted, with what a word's neighbours and its line say of its capital
//! (a sentence's or a verse line's opening says nothing).

use super::candidates::Uses;
use crate::lang::fold::fold_query;
use crate::lang::tables::{self, LangTable};
use crate::text::Account;
use std::collections::HashMap;
use std::ops::Range;

/// One word of a sentence, as the scan needs it: a word with a capital,
/// or one a name's neighbour may be (a title, a place word, an article, a
/// particle). The others are counted and dropped, so what is kept of a
/// whole book stays small.
#[derive(Debug, Clone, Copy)]
pub(super) struct Word {
    pub(super) start: u32,
    pub(super) end: u32,
    /// Its folded form, as an index into [`Words::folded`].
    pub(super) id: u32,
    /// Its place in its sentence (neighbours are one apart).
    pub(super) pos: u32,
    pub(super) capital: bool,
    /// It opens a sentence.
    pub(super) opens: bool,
    /// Only a space or a hyphen separates it from the word before.
    pub(super) joined: bool,
    /// Only an apostrophe separates it from the word before (d'Allahabad).
    pub(super) elided: bool,
    /// An emphasis mark opens it (`_Morning`).
    pub(super) italic_open: bool,
    /// An emphasis mark closes it (`Chronicle_`).
    pub(super) italic_close: bool,
}

impl Word {
    pub(super) fn span(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Each distinct folded word once, with how it is used.
#[derive(Debug, Default)]
pub(super) struct Words {
    pub(super) ids: HashMap<String, u32>,
    pub(super) folded: Vec<String>,
    pub(super) uses: Vec<Uses>,
    /// Whether a word without a capital is kept as a name's neighbour
    /// (decided once a word).
    pub(super) neighbour: Vec<bool>,
    /// The scripts a word is written in ([`LATIN`], [`OTHER_SCRIPT`]):
    /// folding writes Андрей and Andre alike.
    pub(super) scripts: Vec<u8>,
}

/// [`Words::scripts`]: written in Latin letters.
pub(super) const LATIN: u8 = 1;
/// [`Words::scripts`]: written in another script (Cyrillic, Greek).
pub(super) const OTHER_SCRIPT: u8 = 2;

/// The script bit of a word as written, by its first letter (Latin
/// letters with their accents come before Greek).
fn script_of(word: &str) -> u8 {
    match word.chars().next() {
        Some(c) if c < '\u{0370}' => LATIN,
        _ => OTHER_SCRIPT,
    }
}

impl Words {
    /// The number of `folded`, added when new.
    pub(super) fn id(&mut self, folded: String) -> u32 {
        if let Some(&id) = self.ids.get(&folded) {
            return id;
        }
        let id = self.folded.len() as u32;
        self.folded.push(folded.clone());
        self.uses.push(Uses::default());
        self.neighbour.push(false);
        self.scripts.push(0);
        self.ids.insert(folded, id);
        id
    }
}

/// A word's span without what is set against it and is no part of a
/// name, and whether an emphasis mark opens and closes it: the marks of
/// plain text and Markdown (_Tadeusz_), and a footnote's number
/// (Kniaziewicz34, Poland46).
fn bare_word(text: &str, mut span: Range<usize>) -> (Range<usize>, bool, bool) {
    let italic_open = text[span.clone()].starts_with('_');
    let italic_close = text[span.clone()].ends_with('_');
    while text[span.clone()].starts_with('_') && span.len() > 1 {
        span.start += 1;
    }
    while text[span.clone()].ends_with('_') && span.len() > 1 {
        span.end -= 1;
    }
    let letters = text[span.clone()].trim_end_matches(|c: char| c.is_ascii_digit());
    let two_letters = letters
        .chars()
        .rev()
        .take(2)
        .filter(|c| c.is_alphabetic())
        .count()
        == 2;
    if letters.len() < span.len() && two_letters {
        span.end = span.start + letters.len();
    }
    (span, italic_open, italic_close)
}

/// A word as one or two: a short lower-case word elided before a
/// capitalised one, or one the language elides (`elisions`: l'île), is a
/// word of its own (d'Allahabad, l'Inde, dell'Italia: `d`, `Allahabad`),
/// which Unicode's word bounds keep together; another apostrophe inside a
/// word (з'явилося, O'Brien) leaves it whole.
pub(super) fn split_elision(
    text: &str,
    w: Range<usize>,
    elisions: &std::collections::HashSet<String>,
) -> impl Iterator<Item = Range<usize>> {
    let word = &text[w.clone()];
    let cut = word.char_indices().take(7).find_map(|(i, c)| {
        let rest = &word[i + c.len_utf8()..];
        let before = &word[..i];
        ((c == '\'' || c == '’')
            && i > 0
            && before.chars().all(char::is_lowercase)
            && rest.chars().next().is_some_and(char::is_alphabetic)
            && (rest.chars().next().is_some_and(char::is_uppercase) || elisions.contains(before)))
        .then_some((i, i + c.len_utf8()))
    });
    let (a, b) = match cut {
        Some((end, start)) => (w.start..w.start + end, Some(w.start + start..w.end)),
        None => (w, None),
    };
    std::iter::once(a).chain(b)
}

/// The words of every sentence of `account` worth looking at for names
/// (capitalised, or a title, place word, article, determiner, verb of
/// saying or particle), the index
/// of each sentence's first in that list (and one past the last), and every
/// word's uses counted. A possessive written apart (English Kutúzov’s) is
/// no part of a word.
pub(super) fn sentence_words(
    account: &Account,
    data: &LangTable,
) -> (Vec<Word>, Vec<usize>, Words) {
    let text = &account.text;
    let mut all: Vec<Word> = Vec::new();
    let mut bounds: Vec<usize> = vec![0];
    let mut vocab = Words::default();
    let neighbour = |f: &str| {
        data.is_title(f)
            || data.place_words.contains(f)
            || data.is_place_noun(f)
            || data.place_links.contains(f)
            || data.articles.contains(f)
            || data.determiners.contains(f)
            || data.speech_verbs.contains(f)
            || tables::name_particles().contains(f)
    };
    for p in account.paragraphs.iter().filter(|p| p.is_text()) {
        // In verse every line opens with a capital: a word opening a line
        // says no more by its capital than one opening a sentence.
        let verse = is_verse(&text[p.span()]);
        for s in p.sentences() {
            let mut prev_end = s.span().start;
            let mut prev_short = false;
            let mut prev_title = false;
            let spans = account.words(s.span()).into_iter();
            for (wi, w) in spans
                .flat_map(|w| split_elision(text, w, &data.elisions))
                .enumerate()
            {
                let (mut span, italic_open, italic_close) = bare_word(text, w.clone());
                for poss in &data.possessive_endings {
                    if text[span.clone()].ends_with(poss.as_str()) && span.len() > poss.len() + 1 {
                        span.end -= poss.len();
                        break;
                    }
                }
                let word = &text[span.clone()];
                let gap = &text[prev_end..w.start];
                // After a word written short with its full stop (Mr., M.)
                // no sentence opens: "Mr. Limbkins" is inside one, his
                // title before him.
                let after_short = prev_short
                    && gap.strip_prefix('.').is_some_and(|rest| {
                        (1..=3).contains(&rest.len()) && rest.chars().all(char::is_whitespace)
                    });
                // An apostrophe between two letters elides (d’Enghien): it
                // is no closing quote, and opens no sentence.
                let elided = wi > 0 && (gap == "'" || gap == "’");
                let start = !after_short
                    && !elided
                    && (wi == 0 || gap.contains(opens_sentence) || (verse && gap.contains('\n')));
                let joined = wi > 0
                    && (after_short && prev_title
                        || gap == " "
                        || gap == "-"
                        || gap.chars().all(char::is_whitespace)
                            && !gap.is_empty()
                            && gap.len() <= 3);
                let capital = word.chars().next().is_some_and(char::is_uppercase)
                    && word.chars().any(char::is_lowercase);
                let known = vocab.ids.len();
                let id = vocab.id(fold_query(word));
                if vocab.ids.len() > known {
                    vocab.neighbour[id as usize] = neighbour(&vocab.folded[id as usize]);
                }
                vocab.scripts[id as usize] |= script_of(word);
                if !start {
                    let u = &mut vocab.uses[id as usize];
                    if capital {
                        u.capital_inside += 1;
                    } else if word.chars().next().is_some_and(char::is_lowercase) {
                        u.lower_inside += 1;
                    }
                }
                prev_end = w.end;
                prev_short = data.abbreviations.contains(&vocab.folded[id as usize]);
                prev_title = prev_short && data.is_title(&vocab.folded[id as usize]);
                let upper = word.chars().next().is_some_and(char::is_uppercase);
                if upper || vocab.neighbour[id as usize] {
                    all.push(Word {
                        start: span.start as u32,
                        end: span.end as u32,
                        id,
                        pos: wi as u32,
                        capital,
                        opens: start,
                        joined,
                        elided,
                        italic_open,
                        italic_close,
                    });
                }
            }
            bounds.push(all.len());
        }
    }
    (all, bounds, vocab)
}

/// True for a paragraph of verse: three lines or more, four in five of
/// them opening with a capital (wrapped prose opens a line with one by
/// chance only).
pub(super) fn is_verse(text: &str) -> bool {
    let mut lines = 0;
    let mut capital = 0;
    for line in text.lines() {
        let Some(first) = line.chars().find(|c| c.is_alphabetic()) else {
            continue;
        };
        lines += 1;
        if first.is_uppercase() {
            capital += 1;
        }
    }
    lines >= 3 && capital * 5 >= lines * 4
}

/// True for the characters after which a capital opens a sentence.
pub(super) fn opens_sentence(c: char) -> bool {
    matches!(
        c,
        '.' | '!'
            | '?'
            | '…'
            | ':'
            | ';'
            | '—'
            | '–'
            | '«'
            | '»'
            | '"'
            | '“'
            | '”'
            | '„'
            | '‘'
            | '’'
            | '('
            | ')'
            | '['
            | ']'
    )
}
