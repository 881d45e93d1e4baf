//! Full stops that end no sentence: after a word written short before a
//! name (Mr. Fogg, St. Petersburg, ген. Кутузов), after an initial
//! (J. Passepartout), and after any short word the text itself always
//! writes with a full stop when a name follows it. The sentences are split
//! first without them ([`super::sentences`]: a sentence ends at a final
//! mark before a character that is not lower case), then the two sides of
//! such a stop are joined again, once the language is known.
//!
//! Written here rather than taken from a crate. SRX (what OmegaT uses; the
//! `srx` crate reads it) writes break and no-break rules as regular
//! expressions per language: its rules for these eight languages would be
//! data to write all the same, the split here already keeps every byte
//! span, and SRX cannot learn a language it has no rules for. Punkt learns
//! abbreviations from the text, as the last rule here does, but no crate
//! of it keeps spans or knows a language's titles; the rule needs only the
//! listed words and counts over the text.

use super::{Account, Paragraph};
// Every word of the text is looked up in the evidence's sets: a book's
// words need no defence against crafted collisions, and foldhash is
// several times faster than the default SipHash there.
use foldhash::{HashMap as FastMap, HashSet as FastSet};
use std::collections::HashSet;
use std::ops::Range;

/// The longest word, in characters, the text itself may teach as written
/// short (Capt, Lieut); listed abbreviations may be longer.
const LEARNED_LETTERS: usize = 5;

/// How often a word must appear to be learned as written short.
const LEARNED_USES: usize = 3;

/// The share of a learned word's uses that carry a full stop.
const LEARNED_SHARE: f64 = 0.9;

/// A sentence end that may be a full stop after a short word.
struct Candidate<'a> {
    /// Paragraph and the index of the sentence the stop ends.
    at: (usize, usize),
    /// The word before the stop, as written.
    word: &'a str,
    /// The word after it, as written.
    next: &'a str,
}

/// Joins the sentences of `account` that end at a full stop that ends no
/// sentence. `listed`: the language's abbreviations, in lower case;
/// `before_numbers`: those written short only before a number (No. 7).
pub fn join_abbreviations(
    account: &mut Account,
    listed: &HashSet<String>,
    before_numbers: &HashSet<String>,
) {
    let text = account.text.as_str();
    let mut join: Vec<(usize, usize)> = Vec::new();
    let mut learn: Vec<Candidate<'_>> = Vec::new();
    for (p, para) in account.paragraphs.iter().enumerate() {
        let sentences = para.sentences();
        for (i, pair) in sentences.windows(2).enumerate() {
            let Some(word) = word_before_stop(&text[pair[0].span()]) else {
                continue;
            };
            let after = &text[pair[1].span()];
            // A listed word before a number (p. 123, No. 5, гл. 3).
            if after.starts_with(|c: char| c.is_ascii_digit()) && {
                let w = word.to_lowercase();
                listed.contains(&w) || before_numbers.contains(&w)
            } {
                join.push((p, i));
                continue;
            }
            let Some(next) = first_word(after) else {
                continue;
            };
            if !next.chars().next().is_some_and(char::is_uppercase) {
                continue;
            }
            if listed.contains(&word.to_lowercase()) || is_initial(word) {
                join.push((p, i));
            } else if word.chars().count() <= LEARNED_LETTERS {
                learn.push(Candidate {
                    at: (p, i),
                    word,
                    next,
                });
            }
        }
    }
    if !learn.is_empty() {
        let learned = Evidence::gather(text, &learn);
        join.extend(
            learn
                .iter()
                .filter(|c| learned.written_short(c.word) && learned.is_name(c.next))
                .map(|c| c.at),
        );
    }
    if join.is_empty() {
        return;
    }
    join.sort_unstable();
    let mut k = 0;
    for (p, para) in account.paragraphs.iter_mut().enumerate() {
        if join.get(k).is_none_or(|&(q, _)| q != p) {
            continue;
        }
        let mut spans: Vec<Range<usize>> = Vec::new();
        for (i, s) in para.sentences().iter().enumerate() {
            let joined = i > 0 && join.get(k).is_some_and(|&j| j == (p, i - 1));
            if joined {
                k += 1;
                if let Some(last) = spans.last_mut() {
                    last.end = s.span().end;
                    continue;
                }
            }
            spans.push(s.span());
        }
        *para = Paragraph::new(para.span(), &spans, para.kind);
    }
}

/// The word a sentence ends with when it ends at a full stop right after
/// it (`Mr.`, `ген.`, `г-н.`), preceded by a space or the start.
fn word_before_stop(sentence: &str) -> Option<&str> {
    let body = sentence.strip_suffix('.')?;
    let start = body
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphabetic() || *c == '-')
        .last()
        .map(|(i, _)| i)?;
    let word = &body[start..];
    let before = body[..start].chars().next_back();
    (word.chars().next().is_some_and(char::is_alphabetic)
        && before
            .is_none_or(|c| c.is_whitespace() || matches!(c, '(' | '[' | '"' | '«' | '„' | '“')))
    .then_some(word)
}

/// The letters a sentence opens with.
fn first_word(sentence: &str) -> Option<&str> {
    let end = sentence
        .char_indices()
        .find(|(_, c)| !c.is_alphabetic())
        .map_or(sentence.len(), |(i, _)| i);
    (end > 0).then(|| &sentence[..end])
}

/// One capital letter, as an initial is written (not I, V or X, which are
/// also Roman numerals closing a sentence: Napoleon I.).
fn is_initial(word: &str) -> bool {
    let mut chars = word.chars();
    matches!((chars.next(), chars.next()), (Some(c), None) if c.is_uppercase() && !matches!(c, 'I' | 'V' | 'X'))
}

/// What the text says of the candidates' words: how often each short word
/// appears and how often with a full stop, and which of the words after
/// them are names: seen capitalised inside a sentence, never in lower case
/// (Speedy; not Когда, a sentence's first word that is also когда).
struct Evidence<'a> {
    /// Uses of each short word, and those followed by a full stop.
    uses: FastMap<&'a str, (usize, usize)>,
    /// Words after the stops seen capitalised after a lower-case word.
    names: FastSet<&'a str>,
    /// The lower-case forms of the words after the stops that the text
    /// also writes so.
    lowered: FastSet<String>,
}

impl<'a> Evidence<'a> {
    /// One pass over `text`, counting only the candidates' words.
    fn gather(text: &'a str, candidates: &[Candidate<'a>]) -> Evidence<'a> {
        let mut uses: FastMap<&str, (usize, usize)> =
            candidates.iter().map(|c| (c.word, (0, 0))).collect();
        let wanted: FastSet<&str> = candidates.iter().map(|c| c.next).collect();
        let lower: FastSet<String> = wanted.iter().map(|w| w.to_lowercase()).collect();
        let mut lowered = FastSet::default();
        let mut names = FastSet::default();
        // The character before the current word, skipping white space:
        // a word after a lower-case letter, a digit or a comma is inside
        // a sentence.
        let mut after_inside = false;
        let mut start: Option<usize> = None;
        let mut last_mark: Option<char> = None;
        for (i, c) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            if super::segment::is_letter(c) || (c == '-' && start.is_some()) {
                if start.is_none() {
                    start = Some(i);
                    after_inside = last_mark
                        .is_some_and(|m| m.is_lowercase() || m.is_ascii_digit() || m == ',');
                }
                continue;
            }
            if let Some(s) = start.take() {
                let word = &text[s..i];
                if let Some(u) = uses.get_mut(word) {
                    u.0 += 1;
                    if c == '.' {
                        u.1 += 1;
                    }
                }
                if after_inside && wanted.contains(word) {
                    names.insert(word);
                }
                if word.chars().next().is_some_and(char::is_lowercase) && lower.contains(word) {
                    lowered.insert(word.to_string());
                }
                last_mark = word.chars().next_back();
            }
            if !c.is_whitespace() {
                last_mark = Some(c);
            }
        }
        Evidence {
            uses,
            names,
            lowered,
        }
    }

    /// True when the text writes `word` with a full stop nearly always.
    fn written_short(&self, word: &str) -> bool {
        self.uses.get(word).is_some_and(|&(all, stopped)| {
            all >= LEARNED_USES && stopped as f64 >= LEARNED_SHARE * all as f64
        })
    }

    /// True when `word` appears capitalised inside a sentence and never in
    /// lower case.
    fn is_name(&self, word: &str) -> bool {
        self.names.contains(word) && !self.lowered.contains(&word.to_lowercase())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Meta;

    fn sentences(text: &str, listed: &[&str]) -> Vec<String> {
        let mut a = Account::new(Meta::named("t"), text.to_string());
        let listed: HashSet<String> = listed.iter().map(|s| (*s).to_string()).collect();
        let before_numbers: HashSet<String> = ["no".to_string()].into();
        join_abbreviations(&mut a, &listed, &before_numbers);
        a.sentence_texts()
    }

    #[test]
    fn a_listed_title_and_an_initial_end_no_sentence() {
        assert_eq!(
            sentences("Mr. Fogg left. J. Passepartout followed him.", &["mr"]),
            ["Mr. Fogg left.", "J. Passepartout followed him."]
        );
        assert_eq!(
            sentences("Прибыл ген. Кутузов. Он ждал.", &["ген"]),
            ["Прибыл ген. Кутузов.", "Он ждал."]
        );
        // A listed word before a number: a page, a number.
        assert_eq!(
            sentences("See Kuhn (Leipzig, 1901), p. 123. Then more.", &["p"]),
            ["See Kuhn (Leipzig, 1901), p. 123.", "Then more."]
        );
        // Not listed: a sentence may end before a year.
        assert_eq!(sentences("He left it. 1812 came.", &["p"]).len(), 2);
    }

    #[test]
    fn a_word_short_before_numbers_ends_a_sentence_before_a_name() {
        // "no" is written short before a number only (the tests' list).
        assert_eq!(
            sentences("He lived at No. 7, Saville Row. It was quiet.", &["mr"]),
            ["He lived at No. 7, Saville Row.", "It was quiet."]
        );
        assert_eq!(
            sentences("“Did he go?” “No. Pierre stayed.”", &["mr"]),
            ["“Did he go?”", "“No.", "Pierre stayed.”"]
        );
    }

    #[test]
    fn a_word_the_text_always_writes_short_before_a_name_is_learned() {
        // Capt. is no listed word here: the text writes it with a stop, and
        // Speedy is a name (capitalised inside a sentence: "told Speedy").
        let text = "Capt. Speedy came. We met Capt. Speedy at noon. Then Capt. Speedy went home. We told Speedy.";
        assert_eq!(
            sentences(text, &[]),
            [
                "Capt. Speedy came.",
                "We met Capt. Speedy at noon.",
                "Then Capt. Speedy went home.",
                "We told Speedy."
            ]
        );
    }

    #[test]
    fn a_short_word_that_ends_sentences_still_ends_them() {
        // "Fogg" is written without a stop too; "тис." before an ordinary
        // capitalised word (no name) ends its sentence as the text has it.
        let text = "Fogg rose. Fogg left. He saw Fogg. Then he saw Fogg.";
        assert_eq!(sentences(text, &[]).len(), 4);
        let text = "Було 60 тис. Солдатів бракувало. Ще 8 тис. солдатів. І 5 тис. коней.";
        assert_eq!(sentences(text, &[]).len(), 4);
        // Napoleon I. is a numeral, not an initial.
        assert_eq!(
            sentences("He was Napoleon I. Then came another.", &[]).len(),
            2
        );
    }
}
