//! Language data: stop words (the stopwords-iso lists, through the
//! `stop-words` crate) and `texts/languages.toml` (titles, place words,
//! articles, peoples, name endings, place suffixes), folded once for
//! lookups. Code never tests for one language's word inline.

use super::fold::fold_query;
use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

/// `texts/languages.toml`, compiled in.
pub const LANGUAGES_TOML: &str = include_str!("../../texts/languages.toml");

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLang {
    #[serde(default)]
    titles: Vec<String>,
    #[serde(default)]
    place_words: Vec<String>,
    #[serde(default)]
    articles: Vec<String>,
    #[serde(default)]
    peoples: Vec<String>,
    #[serde(default)]
    endings: Vec<String>,
    #[serde(default)]
    stop_add: Vec<String>,
    #[serde(default)]
    stop_remove: Vec<String>,
    #[serde(default)]
    capitalises_nouns: bool,
    #[serde(default)]
    possessive_names: bool,
}

#[derive(Debug, Default, Deserialize)]
struct RawPlaces {
    #[serde(default)]
    suffixes: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
struct RawFile {
    #[serde(default)]
    places: RawPlaces,
    #[serde(flatten)]
    langs: HashMap<super::Lang, RawLang>,
}

/// What is known of one language, folded.
#[derive(Debug, Clone, Default)]
pub struct LangData {
    /// Titles (prince, князь, cisár).
    pub titles: HashSet<String>,
    /// Prepositions after which a capitalised word is a place.
    pub place_words: HashSet<String>,
    /// Articles after which a capitalised word is not a person.
    pub articles: HashSet<String>,
    /// Peoples and their adjectives, where capitalised.
    pub peoples: HashSet<String>,
    /// Name endings, longest first.
    pub endings: Vec<String>,
    /// Stop words.
    pub stop: HashSet<String>,
    /// Every noun is capitalised (German): a capitalised word is a name
    /// only with more evidence.
    pub capitalises_nouns: bool,
    /// Names take a possessive, not case endings (English, German): a
    /// listed form's other forms are derived from it.
    pub possessive_names: bool,
}

impl LangData {
    /// True when `folded` (a folded word) is a title in this language,
    /// also in a case form (князя, графом).
    pub fn is_title(&self, folded: &str) -> bool {
        self.titles.contains(folded)
            || self.endings.iter().any(|e| {
                folded.len() > e.len() + 2
                    && folded.ends_with(e.as_str())
                    && self.titles.contains(&folded[..folded.len() - e.len()])
            })
    }

    /// The stems of a folded word: itself, and itself without each ending
    /// that leaves at least `min` bytes.
    pub fn stems<'a>(&'a self, folded: &'a str, min: usize) -> impl Iterator<Item = &'a str> + 'a {
        std::iter::once(folded).chain(
            self.endings
                .iter()
                .filter(move |e| folded.len() >= e.len() + min && folded.ends_with(e.as_str()))
                .map(move |e| &folded[..folded.len() - e.len()]),
        )
    }
}

/// Every language's data, and the union for texts of unknown language.
#[derive(Debug, Default)]
struct All {
    langs: HashMap<super::Lang, LangData>,
    any: LangData,
    suffixes: Vec<String>,
}

fn fold_set(words: &[String]) -> HashSet<String> {
    words
        .iter()
        .map(|w| fold_query(w))
        .filter(|w| !w.is_empty())
        .collect()
}

fn all() -> &'static All {
    static ALL: OnceLock<All> = OnceLock::new();
    ALL.get_or_init(|| {
        // Compiled in and checked by a test: a parse error cannot reach users.
        let raw: RawFile = toml::from_str(LANGUAGES_TOML).unwrap_or_default();
        let mut all = All {
            suffixes: raw.places.suffixes.iter().map(|s| fold_query(s)).collect(),
            ..All::default()
        };
        for (code, l) in raw.langs {
            let mut stop: HashSet<String> = stop_words::lookup(code.code())
                .unwrap_or(&[])
                .iter()
                .map(|w| fold_query(w))
                .filter(|w| !w.is_empty() && !w.contains(' '))
                .collect();
            stop.extend(fold_set(&l.stop_add));
            for w in fold_set(&l.stop_remove) {
                stop.remove(&w);
            }
            let mut endings: Vec<String> = l.endings.iter().map(|e| fold_query(e)).collect();
            endings.sort_by_key(|e| std::cmp::Reverse(e.len()));
            endings.dedup();
            let data = LangData {
                titles: fold_set(&l.titles),
                place_words: fold_set(&l.place_words),
                articles: fold_set(&l.articles),
                peoples: fold_set(&l.peoples),
                endings,
                stop,
                capitalises_nouns: l.capitalises_nouns,
                possessive_names: l.possessive_names,
            };
            let any = &mut all.any;
            any.titles.extend(data.titles.iter().cloned());
            any.place_words.extend(data.place_words.iter().cloned());
            any.peoples.extend(data.peoples.iter().cloned());
            any.stop.extend(data.stop.iter().cloned());
            any.endings.extend(data.endings.iter().cloned());
            all.langs.insert(code, data);
        }
        all.any.endings.sort_by_key(|e| std::cmp::Reverse(e.len()));
        all.any.endings.dedup();
        all
    })
}

/// The data of `lang`, or of every language together when the language
/// is unknown.
pub fn get(lang: Option<super::Lang>) -> &'static LangData {
    let a = all();
    lang.and_then(|l| a.langs.get(&l)).unwrap_or(&a.any)
}

/// The folded endings of place names (burg, grad, ville).
pub fn place_suffixes() -> &'static [String] {
    &all().suffixes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_parses_and_every_language_has_stop_words() {
        let raw: Result<RawFile, _> = toml::from_str(LANGUAGES_TOML);
        assert!(raw.is_ok(), "{raw:?}");
        for code in super::super::Lang::ALL {
            let d = get(Some(code));
            assert!(d.stop.len() >= 60, "{code}: {}", d.stop.len());
            assert!(!d.titles.is_empty(), "{code}");
        }
    }

    #[test]
    fn stop_words_are_never_names() {
        let en = get(Some(super::super::Lang::En));
        for w in ["the", "but", "he", "his", "that"] {
            assert!(en.stop.contains(w), "{w}");
        }
        for name in ["will", "bill", "may", "mark"] {
            assert!(!en.stop.contains(name), "{name}");
        }
        let ru = get(Some(super::super::Lang::Ru));
        for w in ["on", "no", "vot", "to", "my"] {
            assert!(ru.stop.contains(w), "{w}");
        }
        assert!(get(Some(super::super::Lang::Uk)).stop.contains("i"));
    }

    #[test]
    fn titles_in_their_case_forms() {
        let ru = get(Some(super::super::Lang::Ru));
        assert!(ru.is_title(&fold_query("князь")));
        assert!(ru.is_title(&fold_query("князя")));
        assert!(ru.is_title(&fold_query("графом")));
        assert!(!ru.is_title(&fold_query("Кутузов")));
        assert!(get(Some(super::super::Lang::En)).is_title("prince"));
    }
}
