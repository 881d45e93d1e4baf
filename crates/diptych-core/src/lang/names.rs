//! The one folding of names for filters (the people panel, search's
//! people): what is typed matches a name when each word is found in the
//! name's folded key (either script, no diacritics), or is how the name
//! starts when both are read by sound (`шварц` finds Schwarzenberg), or
//! is the same given name in another language (`paul` finds Павел and
//! Paweł, texts/given-names.toml), as search takes it, or a case form of
//! one of its words (`Наполеона` finds the Наполеон an index lists).

use super::fold::fold_query;
use super::sound::sound_key;

/// A filter as typed, folded once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NameFilter {
    words: Vec<(String, String)>,
    /// Each typed word's given name, if it is one whole.
    given: Vec<Option<u32>>,
}

impl NameFilter {
    /// The filter for `typed`.
    pub fn new(typed: &str) -> NameFilter {
        let words: Vec<(String, String)> = fold_query(typed)
            .split_whitespace()
            .map(|w| (w.to_string(), sound_key(w)))
            .collect();
        let given = words
            .iter()
            .map(|(w, _)| super::given::given_folded(w))
            .collect();
        NameFilter { words, given }
    }

    /// True when nothing was typed.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// True when every typed word is in one of `names`.
    pub fn matches<'a>(&self, names: impl Iterator<Item = &'a str>) -> bool {
        if self.words.is_empty() {
            return true;
        }
        let keys: Vec<(String, Vec<String>)> = names
            .map(|n| {
                let k = fold_query(n.trim_start_matches('=').trim_end_matches('-'));
                let sounds = k.split_whitespace().map(sound_key).collect();
                (k, sounds)
            })
            .collect();
        self.words.iter().zip(&self.given).all(|((w, s), given)| {
            keys.iter().any(|(k, sounds)| {
                k.contains(w.as_str())
                    || k.split_whitespace().any(|x| case_form_of(w, x))
                    || (s.len() >= 3 && sounds.iter().any(|x| x.starts_with(s.as_str())))
                    || given.is_some_and(|g| {
                        k.split_whitespace()
                            .any(|x| super::given::given_folded(x) == Some(g))
                    })
            })
        })
    }

    /// How closely `name` answers the filter, for ordering what matches:
    /// 0 when it is what was typed (folded), 1 when it starts so, 2
    /// otherwise.
    pub fn closeness(&self, name: &str) -> u8 {
        let typed: Vec<&str> = self.words.iter().map(|(w, _)| w.as_str()).collect();
        let key = fold_query(name);
        let key: Vec<&str> = key.split_whitespace().collect();
        if !typed.is_empty() && key == typed {
            0
        } else if typed
            .first()
            .is_some_and(|t| key.first().is_some_and(|k| k.starts_with(t)))
        {
            1
        } else {
            2
        }
    }
}

/// True when the typed word `w` may be a case form of the name word
/// `name` (both folded): they share a start of three letters or more, at
/// least three fifths of what was typed, past which the typed word has at
/// most three letters (an ending: Наполеона of Наполеон, Лизы of Лиза,
/// Павла of Павел) and the name at most two. The panel lists a listed
/// person under the index's names, while the texts decline them.
fn case_form_of(w: &str, name: &str) -> bool {
    const LEAST: usize = 3;
    let typed = w.chars().count();
    let shared = w
        .chars()
        .zip(name.chars())
        .take_while(|(a, b)| a == b)
        .count();
    typed > LEAST
        && shared >= LEAST
        && shared * 5 >= typed * 3
        && typed - shared <= 3
        && name.chars().count() - shared <= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_script_and_by_sound() {
        let names = [
            "Karl Philipp zu Schwarzenberg",
            "Шварценберг",
            "Schwarzenberg",
        ];
        assert!(NameFilter::new("шварц").matches(names.iter().copied()));
        assert!(NameFilter::new("schwarz").matches(["Шварценберг"].iter().copied()));
        assert!(NameFilter::new("karl schw").matches(names.iter().copied()));
        assert!(!NameFilter::new("marmont").matches(names.iter().copied()));
        assert!(NameFilter::new("").matches(names.iter().copied()));
    }

    #[test]
    fn a_given_name_in_another_language() {
        // As search takes it: Paul names Павел and Paweł.
        assert!(NameFilter::new("Paul").matches(["Павел / Paweł"].iter().copied()));
        assert!(NameFilter::new("stephen").matches(["Стефан"].iter().copied()));
        assert!(!NameFilter::new("Paul").matches(["Петр / Piotr"].iter().copied()));
    }

    #[test]
    fn a_case_form_finds_the_name_listed() {
        // The index lists Наполеон; War and Peace declines him.
        let listed = ["Napoleon I", "Наполеон", "Бонапарт", "Лиза"];
        for typed in ["Наполеона", "Бонапарта", "Наполеоном", "Лизы", "Лизе"]
        {
            assert!(
                NameFilter::new(typed).matches(listed.iter().copied()),
                "{typed}"
            );
        }
        for typed in ["Мария", "Напоказ", "Бонус"] {
            assert!(
                !NameFilter::new(typed).matches(listed.iter().copied()),
                "{typed}"
            );
        }
    }

    #[test]
    fn what_was_typed_comes_first() {
        let f = NameFilter::new("Pawłowe");
        assert_eq!(f.closeness("Pawłowe"), 0);
        assert_eq!(f.closeness("Pawłowego"), 1);
        assert_eq!(f.closeness("Pawłowi"), 2);
    }
}
