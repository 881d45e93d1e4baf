//! Search knows people: a term that names a person or place (by display
//! name or any form, in either script, by sound too) is matched by every
//! mention of them, so `Caulaincourt` finds Коленкур, `marmont zrad` finds
//! "Мармон зрадив", and a name typed in Cyrillic finds its Latin mentions.

use super::query::{Anchor, Term};
use super::scores::{PERSON, TermHits, WHOLE_WORD};
use super::side::SideIndex;
use crate::lang::fold::fold_query;
use crate::lang::given::given_name;
use crate::lang::sound::{sound_key, within};

/// A name typed with one typo still names its person from this many
/// letters (shorter names have too many neighbours one edit away).
const TYPO_LETTERS: usize = 6;
use crate::entities::Entities;
use crate::text::{Account, Side};
use std::sync::Arc;

/// The folded words of every entry's names, with their sound keys.
#[derive(Debug, Clone, Default)]
pub struct PersonKeys {
    /// Per entry, its name words as (folded, sound).
    words: Vec<Vec<(String, String)>>,
    /// Per entry, the given names among its name words
    /// (texts/given-names.toml), sorted.
    given: Vec<Vec<u32>>,
    /// Per entry, its name words' case stems ([`case_stems`]), sorted.
    stems: Vec<Vec<String>>,
}

/// Letters a case stem keeps: a shorter one meets too many names.
const STEM_LETTERS: usize = 4;

/// The endings of the languages that decline their names (`endings` in
/// texts/languages.toml of those whose names take more than a
/// possessive), folded, longest first.
fn case_endings() -> &'static [String] {
    static ENDINGS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    ENDINGS.get_or_init(|| {
        let mut all: Vec<String> = crate::Lang::ALL
            .into_iter()
            .map(|l| crate::lang::tables::get(Some(l)))
            .filter(|t| !t.possessive_names && t.declension.is_some())
            .flat_map(|t| t.endings.iter().cloned())
            .collect();
        all.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        all.dedup();
        all
    })
}

/// A folded name word (of five letters or more) and what is left of it
/// with each case ending off ([`case_endings`], [`STEM_LETTERS`] kept):
/// Gerwazego and Gerwazy share gerwaz, so a case form the text never
/// writes still names its person. A word of four letters loses a case
/// ending of one letter, and so only meets another of four (Лизы, Лизе
/// and Лиза share liz; Марка, of five, is no form of Мария).
fn case_stems(word: &str) -> Vec<String> {
    let letters = word.chars().count();
    if letters < STEM_LETTERS {
        return Vec::new();
    }
    let least = if letters == STEM_LETTERS {
        STEM_LETTERS - 1
    } else {
        STEM_LETTERS
    };
    let mut out: Vec<String> = std::iter::once(word.to_string())
        .chain(case_endings().iter().filter_map(|e| {
            word.strip_suffix(e.as_str())
                .filter(|s| s.chars().count() >= least)
                .map(str::to_string)
        }))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The case stems ([`case_stems`]) a term may name a person by: none for
/// an exact term.
fn typed_stems(term: &Term) -> Vec<String> {
    if term.exact {
        Vec::new()
    } else {
        case_stems(&term.key)
    }
}

impl PersonKeys {
    /// Folds each entry's display name and forms, word by word.
    pub fn new(entities: &Entities) -> PersonKeys {
        PersonKeys::of(&entities.entries)
    }

    /// [`PersonKeys::new`] of some entries (a name waiting for the
    /// alignment is no entry yet: [`Entities::pending`]).
    pub fn of(entries: &[crate::entities::Entry]) -> PersonKeys {
        let words = entries
            .iter()
            .map(|p| {
                let mut w: Vec<(String, String)> = std::iter::once(p.name.as_str())
                    .chain(p.forms.iter().map(|(_, f)| f.as_str()))
                    .flat_map(|n| {
                        fold_query(n.trim_start_matches('=').trim_end_matches('-'))
                            .split(|c: char| !c.is_alphanumeric())
                            .filter(|w| w.chars().count() >= 2)
                            .map(str::to_string)
                            .collect::<Vec<_>>()
                    })
                    .map(|w| {
                        let s = sound_key(&w);
                        (w, s)
                    })
                    .collect();
                w.sort();
                w.dedup();
                w
            })
            .collect::<Vec<Vec<(String, String)>>>();
        let given = words
            .iter()
            .map(|ws| {
                let mut g: Vec<u32> = ws.iter().filter_map(|(w, _)| given_name(w)).collect();
                g.sort_unstable();
                g.dedup();
                g
            })
            .collect();
        let stems = words
            .iter()
            .map(|ws| {
                let mut st: Vec<String> = ws.iter().flat_map(|(w, _)| case_stems(w)).collect();
                st.sort();
                st.dedup();
                st
            })
            .collect();
        PersonKeys {
            words,
            given,
            stems,
        }
    }

    /// True when entry `p`'s name words and `typed`'s case stems
    /// ([`case_stems`] of the typed word) meet.
    fn case_form_of(&self, p: usize, typed: &[String]) -> bool {
        typed.iter().any(|s| self.stems[p].binary_search(s).is_ok())
    }

    /// True when `term` is a word of someone's name as typed, or sounds
    /// like one (a sound key of four or more, as [`PersonKeys::naming`]
    /// reads it): a name, not the start of one.
    pub fn is_name(&self, term: &Term) -> bool {
        if term.quoted {
            return false;
        }
        let typed = typed_stems(term);
        (0..self.words.len()).any(|p| self.names_whole(p, term, &typed))
    }

    /// True when `term` is a word of entry `p`'s names as typed, or sounds
    /// like one: names it whole, not by a start or with a typo.
    /// `typed`: the term's [`typed_stems`], found once a term.
    fn names_whole(&self, p: usize, term: &Term, typed: &[String]) -> bool {
        matches!(term.anchor, Anchor::Free | Anchor::Word)
            && self.words.get(p).is_some_and(|ws| {
                ws.iter()
                    .any(|(w, s)| *w == term.key || (term.sound.len() >= 4 && *s == term.sound))
                    || self.case_form_of(p, typed)
            })
    }

    /// The entries `term` names (none when quoted): it is a word of one of their names, or the
    /// same given name in another language (Paul names Павел and Paweł:
    /// texts/given-names.toml); where it names no one so, a word's start (three letters or more),
    /// or sounds like one (four or more), or, from six letters (`TYPO_LETTERS`), is one of their name words
    /// (in any script or spelling the entry knows) with one typo: a wrong,
    /// missing or extra letter, or two neighbours swapped (`marmnot` names
    /// Marmont, written Мармон in the text).
    pub fn naming(&self, term: &Term) -> Vec<usize> {
        // A quoted term (`'Pierre`) is the letters as written, no one's
        // other forms; another exact one (anchored, excluded) names whom
        // it names whole.
        if term.quoted {
            return Vec::new();
        }
        let chars = term.key.chars().count();
        let long = chars >= 3;
        let typo = !term.exact && chars >= TYPO_LETTERS;
        // A given name in another language (Paul for Павел and Paweł).
        let given = (!term.exact).then(|| given_name(&term.key)).flatten();
        // A case form never written (Gerwazego for Gerwazy).
        let typed = typed_stems(term);
        let named = |p: usize| {
            given.is_some_and(|g| self.given[p].binary_search(&g).is_ok())
                || self.case_form_of(p, &typed)
                || self.words[p].iter().any(|(w, s)| {
                    *w == term.key || (!term.exact && term.sound.len() >= 4 && *s == term.sound)
                })
        };
        // A short term that is someone's name (Jan, Ян) names them and
        // their case forms (Пьера of Пьер, an entry of its own where the
        // text is short), not also the longer names it starts (Jankiel,
        // Janowicz); one that is no one's whole name is a start typed
        // (`nap`), a sound or a typo. (From five letters a start is mostly
        // one family's other forms: Soplicas for the Soplica entries.)
        if chars < super::query::LONG_NAME {
            let endings = &crate::lang::tables::get(None).endings;
            let case_form = |w: &String| {
                w.strip_prefix(term.key.as_str())
                    .is_some_and(|rest| endings.iter().any(|e| e == rest))
            };
            let mut anyone = false;
            let whole: Vec<usize> = (0..self.words.len())
                .filter(|&p| {
                    let is = named(p);
                    anyone |= is;
                    is || self.words[p].iter().any(|(w, _)| case_form(w))
                })
                .collect();
            if anyone {
                return whole;
            }
        }
        (0..self.words.len())
            .filter(|&p| {
                named(p)
                    || self.words[p].iter().any(|(w, s)| {
                        (!term.exact && long && w.starts_with(&term.key))
                            || (!term.exact && term.sound.len() >= 5 && s.starts_with(&term.sound))
                            || (typo
                                && w.chars().count() >= TYPO_LETTERS - 1
                                && (within(w, &term.key, 1) || within(s, &term.sound, 1)))
                    })
            })
            .collect()
    }
}

/// How far below the sentences writing a typed case form the other
/// account's mentions of its person come: more than a sentence's length
/// takes off (at most 99, `rank`) and further mentions in one sentence
/// add (at most 100), less than the tiers apart.
const INFLECTED: i64 = 200;

/// The person tier: scores the sentences mentioning the entries `t`
/// names among `named` (the people the search started with); as a whole
/// word as written where `t` is a whole name the account does not write
/// (`written`: some whole word of the account matched as typed).
pub(super) fn person_pass(
    named: Option<&(Arc<Entities>, PersonKeys)>,
    index: &SideIndex,
    account: &Account,
    side: Side,
    t: &Term,
    written: bool,
    scores: &mut [i64],
) -> TermHits {
    let mut th = TermHits::default();
    let Some((entities, keys)) = named else {
        return th;
    };
    if t.anchor != Anchor::Free && t.anchor != Anchor::Word {
        return th;
    }
    th.entries = keys.naming(t);
    let typed = typed_stems(t);
    // A name typed whole that this account never writes so (the other
    // account's language or script: Павел in the Polish, where he is
    // Paweł) finds the person as the word as written would score (the
    // literal tier: its length, and more for each further mention in one
    // sentence), so one account's mentions do not wait behind the
    // other's. Where the account writes the name as typed, those uses
    // come first, the person's other forms after.
    for &p in &th.entries {
        let names_whole = keys.names_whole(p, t, &typed);
        let whole = !written && names_whole;
        // A case form typed (Pawłowi, Jaakobille) asks for that form: the
        // sentences that write it come first, the other account's after.
        // The name as the entry shows it (Павел, Napoleon) asks for both
        // alike.
        let inflected = whole
            && !entities.entries[p]
                .name
                .split([' ', '/'])
                .any(|w| !w.is_empty() && fold_query(w) == t.key);
        let below = if inflected { INFLECTED } else { 0 };
        let (mut last, mut extra) = (None, 0i64);
        for m in &entities.entries[p].mentions[side.index()] {
            let Some(s) = index.sentence_at(account, m.span.start) else {
                continue;
            };
            if !whole {
                scores[s] = scores[s].max(PERSON);
                continue;
            }
            if last == Some(s) {
                extra = (extra + 10).min(100);
            } else {
                (last, extra) = (Some(s), 0);
            }
            scores[s] = scores[s].max(WHOLE_WORD + t.key.len() as i64 + extra - below);
        }
        // A name typed whole (a start of one finds those forms as written).
        let forms = if names_whole {
            lower_case_forms(&entities.entries[p], account, side)
        } else {
            Vec::new()
        };
        for (form, spellings) in forms {
            let Some(term) = Term::parse(&format!("^{form}$")) else {
                continue;
            };
            let mut found = vec![0i64; scores.len()];
            super::literal::literal(index, &term, &mut found);
            let mut any = false;
            for (s, score) in scores.iter_mut().enumerate() {
                // As written, not only as folded: Пьере is not the French
                // père of a Russian book's French speeches.
                let sentence = &index.sentences[s];
                if found[s] > 0
                    && account
                        .text
                        .get(sentence.text_start as usize..sentence.text_end as usize)
                        .is_some_and(|t| {
                            let t = t.to_lowercase();
                            spellings.iter().any(|w| t.contains(w.as_str()))
                        })
                {
                    *score = (*score).max(PERSON - INFLECTED);
                    any = true;
                }
            }
            if any {
                th.words.insert(form, PERSON - INFLECTED);
            }
        }
    }
    th
}

/// The case forms of `entry`'s name as the account on `side` shows it
/// (its nominative: Śnieżka), declined by the account's language
/// (texts/languages.toml), folded: a translator who capitalises only the
/// nominative writes the other cases as words (śnieżkę, śnieżki), which
/// the people finder does not take for names, yet they are the person's;
/// one who capitalises a form now and then writes it in lower case too
/// (Kopciuszka and kopciuszka). Each folded, with its spellings in lower
/// case (śnieżka and śnieżką fold alike). None in a language without a
/// declension or whose names take only a possessive (English, German).
fn lower_case_forms(
    entry: &crate::entities::Entry,
    account: &Account,
    side: Side,
) -> Vec<(String, Vec<String>)> {
    let mentions = &entry.mentions[side.index()];
    let lang = account.meta.language;
    // Names that take only a possessive (Pierre's) have no case forms.
    if mentions.is_empty()
        || lang.is_none_or(|l| crate::lang::tables::get(Some(l)).possessive_names)
    {
        return Vec::new();
    }
    let written: std::collections::HashSet<String> = mentions
        .iter()
        .filter_map(|m| account.text.get(m.span.clone()))
        .flat_map(|w| {
            fold_query(w)
                .split(|c: char| !c.is_alphanumeric())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for word in entry.name.split(['/', ' ']).filter(|w| !w.is_empty()) {
        if !written.contains(&fold_query(word)) {
            continue;
        }
        for v in crate::lang::inflect::variants(lang, word) {
            let folded = fold_query(&v);
            if folded.chars().count() < 4 {
                continue;
            }
            let spelled = v.to_lowercase();
            match out.iter_mut().find(|(f, _)| *f == folded) {
                Some((_, spellings)) if !spellings.contains(&spelled) => spellings.push(spelled),
                Some(_) => {}
                None => out.push((folded, vec![spelled])),
            }
        }
    }
    out
}
