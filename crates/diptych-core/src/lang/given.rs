//! Given names across languages (Andrew = Андрей = Андрій = Ondrej = André),
//! from `texts/given-names.toml`: a person called by their given name in two
//! texts of different languages is one person when nothing says otherwise.

use super::fold::fold_query;
use std::collections::HashMap;
use std::sync::OnceLock;

/// `texts/given-names.toml`, compiled in.
pub const GIVEN_NAMES_TOML: &str = include_str!("../../../../texts/given-names.toml");

#[derive(Debug, Default, serde::Deserialize)]
struct RawFile {
    #[serde(default)]
    name: Vec<HashMap<String, toml::Value>>,
}

/// Each given name's forms as (language, form), in file order.
fn names() -> &'static [Vec<(String, String)>] {
    static NAMES: OnceLock<Vec<Vec<(String, String)>>> = OnceLock::new();
    NAMES.get_or_init(|| {
        // Compiled in and checked by a test: a parse error cannot reach users.
        let raw: RawFile = toml::from_str(GIVEN_NAMES_TOML).unwrap_or_default();
        raw.name
            .iter()
            .map(|entry| {
                let mut forms: Vec<(String, String)> = entry
                    .iter()
                    .filter(|(key, _)| *key != "id")
                    .flat_map(|(lang, value)| {
                        value
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(toml::Value::as_str)
                            .map(|f| (lang.clone(), f.replace(['’', 'ʼ'], "'")))
                    })
                    .collect();
                forms.sort();
                forms
            })
            .collect()
    })
}

/// Folded form → the number of the given name it is a form of (the first
/// name listing it).
fn table() -> &'static HashMap<String, u32> {
    static TABLE: OnceLock<HashMap<String, u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut out = HashMap::new();
        for (i, forms) in names().iter().enumerate() {
            for (_, form) in forms {
                out.entry(fold_query(form)).or_insert(i as u32);
            }
        }
        out
    })
}

/// Every form of the given name `word` is a form of, as (language code,
/// form): Андрей gives Andrew, Andrei, Андрій, Ondrej… Empty when `word`
/// is no given name.
pub fn equivalents(word: &str) -> &'static [(String, String)] {
    given_name(word)
        .and_then(|i| names().get(i as usize))
        .map_or(&[], Vec::as_slice)
}

/// The given name `word` is a form of, as a number shared by all its forms.
pub fn given_name(word: &str) -> Option<u32> {
    given_folded(&fold_query(word))
}

/// [`given_name`] of a word folded already.
pub fn given_folded(folded: &str) -> Option<u32> {
    table().get(folded).copied()
}

/// True when `word`, as written (case aside), is a listed form of a given
/// name in the language `code` (ISO 639-1): Василий is one in Russian,
/// Васильй (which folds alike) is not, nor Mark in Polish (Marek).
pub fn is_given_written(word: &str, code: &str) -> bool {
    let lower = word.to_lowercase();
    equivalents(word)
        .iter()
        .any(|(lang, f)| lang == code && f.to_lowercase() == lower)
}

/// True when `folded` (a folded word) is a form of some given name.
pub fn is_given_folded(folded: &str) -> bool {
    table().contains_key(folded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_across_languages_meet() {
        assert!(table().len() > 1000, "{}", table().len());
        assert_eq!(given_name("Andrew"), given_name("Андрей"));
        assert_eq!(given_name("Андрій"), given_name("André"));
        assert_eq!(given_name("Pierre"), given_name("Пьер"));
        assert_eq!(given_name("Mary"), given_name("Марья"));
        assert_ne!(given_name("Andrew"), given_name("Mary"));
        assert_eq!(given_name("Kutuzov"), None);
        let andrew = equivalents("андрей");
        assert!(andrew.contains(&("en".to_string(), "Andrew".to_string())));
        assert!(andrew.contains(&("uk".to_string(), "Андрій".to_string())));
        assert!(equivalents("Kutuzov").is_empty());
    }
}
