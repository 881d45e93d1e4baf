//! Well-known places across languages (Paris = Париж = Paríž), from
//! `texts/places.toml`: a name that is a known place is a place entry, and
//! the same place named in two texts of different languages or scripts is
//! one entry. Case forms are found through each language's name endings
//! (Парижа, Paríži, Россию), never from a stem shorter than four letters.

use super::fold::fold_query;
use super::tables;
use std::collections::HashMap;
use std::sync::OnceLock;

/// `texts/places.toml`, compiled in.
pub const PLACES_TOML: &str = include_str!("../../../../texts/places.toml");

/// Stems shorter than this are never looked up (a case form of a short
/// name would meet unrelated words).
const MIN_STEM: usize = 4;
/// A stem two places share: it names neither.
const AMBIGUOUS: u32 = u32::MAX;

#[derive(Debug, Default, serde::Deserialize)]
struct RawFile {
    #[serde(default)]
    place: Vec<HashMap<String, toml::Value>>,
}

/// Folded forms and stems of every place, to its number.
#[derive(Debug, Default)]
struct Table {
    /// Whole folded forms (words joined by spaces).
    forms: HashMap<String, u32>,
    /// Stems of one-word forms, per language's endings.
    stems: HashMap<String, u32>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        // Compiled in and checked by a test: a parse error cannot reach users.
        let raw: RawFile = toml::from_str(PLACES_TOML).unwrap_or_default();
        let mut t = Table::default();
        for (i, entry) in raw.place.iter().enumerate() {
            let id = i as u32;
            for (lang, value) in entry {
                if lang == "id" {
                    continue;
                }
                let endings = tables::get(crate::Lang::from_code(lang));
                for form in value
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(toml::Value::as_str)
                {
                    let folded = fold_query(form);
                    if folded.is_empty() {
                        continue;
                    }
                    t.forms.entry(folded.clone()).or_insert(id);
                    if folded.contains(' ') {
                        continue;
                    }
                    for stem in endings.stems(&folded, MIN_STEM) {
                        let slot = t.stems.entry(stem.to_string()).or_insert(id);
                        if *slot != id {
                            *slot = AMBIGUOUS;
                        }
                    }
                }
            }
        }
        t
    })
}

/// The known place a name (its folded words, joined by spaces) is a form
/// of, in a text of language `lang`, as a number shared by all its forms.
pub fn place_of(folded: &str, lang: Option<crate::Lang>) -> Option<u32> {
    let t = table();
    let stems = tables::get(lang);
    // A given name or a case form of one is a person's (Анатоля is
    // Anatole's, not Anatolia's, though both fold alike).
    if !folded.contains(' ') && stems.stems(folded, 3).any(super::given::is_given_folded) {
        return None;
    }
    if let Some(&id) = t.forms.get(folded) {
        return Some(id);
    }
    if folded.contains(' ') {
        return None;
    }
    stems
        .stems(folded, MIN_STEM)
        .filter_map(|s| t.stems.get(s).copied())
        .find(|&id| id != AMBIGUOUS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(word: &str, lang: &str) -> Option<u32> {
        place_of(&fold_query(word), crate::Lang::from_code(lang))
    }

    #[test]
    fn the_table_parses_and_places_meet_across_languages() {
        let raw: RawFile = toml::from_str(PLACES_TOML).expect("texts/places.toml parses");
        assert!(raw.place.len() >= 300, "{}", raw.place.len());
        assert!(of("Paris", "en").is_some());
        assert_eq!(of("Paris", "en"), of("Париж", "ru"));
        assert_eq!(of("Парижа", "ru"), of("Paríži", "sk"));
        assert_eq!(of("России", "ru"), of("Russia", "en"));
        assert_eq!(of("Austerlitz", "en"), of("Аустерлиц", "ru"));
        assert_ne!(of("Paris", "en"), of("London", "en"));
        assert_eq!(of("Kutuzov", "en"), None);
        assert_eq!(of("Napoleon", "en"), None);
        assert_eq!(of("Анатоля", "ru"), None, "a given name's case form");
    }
}
