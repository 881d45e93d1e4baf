//! The content words two accounts share across their languages, as link
//! features: each word of six letters or more that is no stop word and
//! not capitalised (names are the people's features) loses its language's
//! ending (texts/languages.toml) and is keyed by the start of its sound
//! key, under which most cognates of European
//! languages meet (centurions and centurions, légion and legion,
//! капітуляція and kapitulácia, регентство and regentstvo), however each
//! language ends them. The scorer weighs each key by its rarity in the
//! pair, and only keys both accounts have count between them.

use crate::lang::fold::fold_query;
use crate::pair::Pair;
use crate::text::Side;
use std::collections::HashMap;
use thin_vec::ThinVec;

/// Shorter words are not keyed: too many unrelated ones share a start.
const MIN_LETTERS: usize = 6;
/// A paragraph keeps at most this many content words, the rarest.
const PER_PARAGRAPH: usize = 24;
/// How much of the sound key is the key: enough to keep unrelated words
/// apart, short enough to leave each language its endings.
const KEY_LETTERS: usize = 5;

/// Each paragraph's content words (id, count), per account.
pub type PerParagraph = [Vec<ThinVec<(u32, u32)>>; 2];

/// The content words of both accounts, interned.
#[derive(Debug, Clone, Default)]
pub struct Words {
    ids: HashMap<Key, u32>,
    /// Each key's words as first seen in each account.
    shown: Vec<[Option<String>; 2]>,
}

impl Words {
    /// Each text paragraph's content word keys with their counts, per
    /// account (empty for headings and matter).
    pub fn of_pair(pair: &Pair) -> (Words, PerParagraph) {
        let found = Side::both(|side| keyed(pair, side));
        let mut words = Words::default();
        let per = [0, 1].map(|k| {
            let text = &pair.accounts[k].text;
            found[k]
                .iter()
                .map(|para| {
                    let mut ids: ThinVec<(u32, u32)> = ThinVec::new();
                    for &(key, start, end) in para {
                        let id = words.intern(key, k, &text[start as usize..end as usize]);
                        match ids.iter_mut().find(|(i, _)| *i == id) {
                            Some((_, n)) => *n += 1,
                            None => ids.push((id, 1)),
                        }
                    }
                    ids
                })
                .collect::<Vec<_>>()
        });
        drop(found);
        words.keep_shared(per)
    }

    /// Each paragraph's words kept to those both accounts use (a word of one
    /// account alone links nothing across; only cognates are evidence),
    /// at most [`PER_PARAGRAPH`] of them, the rarest.
    fn keep_shared(self, mut per: PerParagraph) -> (Words, PerParagraph) {
        let mut df = vec![0u32; self.shown.len()];
        for paras in &per {
            for ids in paras {
                for &(id, _) in ids {
                    df[id as usize] += 1;
                }
            }
        }
        for paras in &mut per {
            for ids in paras.iter_mut() {
                ids.retain(|&(id, _)| {
                    let [a, b] = &self.shown[id as usize];
                    a.is_some() && b.is_some()
                });
                if ids.len() > PER_PARAGRAPH {
                    ids.sort_by_key(|&(id, _)| (df[id as usize], id));
                    ids.truncate(PER_PARAGRAPH);
                }
                ids.shrink_to_fit();
            }
        }
        (self, per)
    }

    fn intern(&mut self, key: Key, side: usize, word: &str) -> u32 {
        let next = self.shown.len() as u32;
        let id = *self.ids.entry(key).or_insert(next);
        if id == next {
            self.shown.push([None, None]);
        }
        let slot = &mut self.shown[id as usize][side];
        if slot.is_none() {
            *slot = Some(word.to_lowercase());
        }
        id
    }

    /// Where word `id` is in paragraph `p` of `side` (its words keyed again).
    pub fn spans_in(
        &self,
        pair: &Pair,
        side: Side,
        p: usize,
        id: u32,
    ) -> Vec<std::ops::Range<usize>> {
        paragraph_words(pair, side, p)
            .into_iter()
            .filter(|(key, _, _)| self.ids.get(key) == Some(&id))
            .map(|(_, start, end)| start as usize..end as usize)
            .collect()
    }

    /// How word `id` is shown: its words in both accounts when they differ
    /// (`légion / legion`).
    pub fn shown(&self, id: u32) -> String {
        match self.shown.get(id as usize) {
            Some([Some(a), Some(b)]) if fold_query(a) != fold_query(b) => format!("{a} / {b}"),
            Some([Some(a), _] | [None, Some(a)]) => a.clone(),
            _ => String::new(),
        }
    }
}

/// A key as a number: up to [`KEY_LETTERS`] characters of the sound key,
/// twelve bits each, a rarer character folded into them (no allocation
/// for each of a book's words).
type Key = u64;

/// A keyed word: its key and its byte span (start, end).
type KeyedWord = (Key, u32, u32);

/// The keyed content words of each paragraph of `side`.
fn keyed(pair: &Pair, side: Side) -> Vec<ThinVec<KeyedWord>> {
    let account = pair.account(side);
    (0..account.paragraphs.len())
        .map(|p| ThinVec::from(paragraph_words(pair, side, p)))
        .collect()
}

/// The keyed content words of paragraph `p` of `side` (none for a heading
/// or matter).
pub fn paragraph_words(pair: &Pair, side: Side, p: usize) -> Vec<KeyedWord> {
    let account = pair.account(side);
    let Some(para) = account.paragraphs.get(p).filter(|para| para.is_text()) else {
        return Vec::new();
    };
    let data = crate::lang::data::get(account.meta.language);
    let (mut folded, mut sound) = (String::new(), String::new());
    let mut out = Vec::new();
    for w in account.words(para.span()) {
        let word = &account.text[w.clone()];
        if word.chars().next().is_none_or(|c| !c.is_lowercase()) {
            continue;
        }
        folded.clear();
        crate::lang::fold::fold_key_into(word, &mut folded);
        if folded.chars().nth(MIN_LETTERS - 1).is_none() || data.stop.contains(folded.as_str()) {
            continue;
        }
        // The language's endings go first (texts/languages.toml), where
        // five letters stay: армії and армія, legions and legion key alike.
        let stem = data
            .endings
            .iter()
            .find_map(|e| {
                let s = folded.strip_suffix(e.as_str())?;
                s.chars().nth(KEY_LETTERS - 1).is_some().then_some(s)
            })
            .unwrap_or(&folded);
        sound.clear();
        crate::lang::sound::sound_key_into(stem, &mut sound);
        let key = sound.chars().take(KEY_LETTERS).fold(0u64, |k, c| {
            let c = u32::from(c);
            // Twelve bits a character: a rarer one folded into them.
            k << 12 | u64::from(if c < 4096 { c } else { c % 4093 })
        });
        out.push((key, w.start as u32, w.end as u32));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Meta;

    #[test]
    fn cognates_of_two_languages_share_a_key_and_stop_words_none() {
        let pair = Pair::from_texts(
            [Meta::named("fr"), Meta::named("en")],
            [
                "Les centurions de la légion donnèrent l'assaut avec la cavalerie.".into(),
                "The centurions of the legion led the assault with the cavalry.".into(),
            ],
        );
        let (words, per) = Words::of_pair(&pair);
        let shown = |k: usize| -> Vec<String> {
            per[k][0].iter().map(|(id, _)| words.shown(*id)).collect()
        };
        let (fr, en) = (shown(0), shown(1));
        for w in ["centurions", "légion", "cavalerie / cavalry"] {
            assert!(
                fr.contains(&w.to_string()) && en.contains(&w.to_string()),
                "{w}: {fr:?} {en:?}"
            );
        }
        assert!(!en.iter().any(|w| w == "the" || w == "with"));
    }
}
