//! topics.toml: the topic lexicon, and finding which topics each paragraph
//! deals with. Checked on load like people.toml.

use crate::error::{Error, Result};
use crate::fold::fold_query;
use crate::text::Account;
use serde::Deserialize;
use std::collections::HashMap;
use std::path::Path;
use toml::Spanned;

/// The bundled lexicon, compiled in.
pub const TOPICS_TOML: &str = include_str!("../../texts/topics.toml");

type Stems = Option<Vec<Spanned<String>>>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    topic: Vec<RawTopic>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTopic {
    id: Spanned<String>,
    label: String,
    #[serde(default)]
    description: String,
    uk: Stems,
    sk: Stems,
    ru: Stems,
    cs: Stems,
    pl: Stems,
    en: Stems,
    fr: Stems,
    de: Stems,
}

/// A stem: folded words that must begin consecutive words of the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stem {
    /// Folded words; the last (or only) one is a prefix.
    pub words: Vec<String>,
    /// True when every word must match whole (the stem began with `=`).
    pub whole: bool,
}

/// One topic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Topic {
    /// Unique id.
    pub id: String,
    /// Short English label.
    pub label: String,
    /// One line on what it covers.
    pub description: String,
    /// Stems by language code.
    pub stems: Vec<(String, Stem)>,
}

/// The lexicon.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lexicon {
    /// Topics in file order.
    pub topics: Vec<Topic>,
}

impl Lexicon {
    /// The bundled lexicon.
    pub fn bundled() -> Result<Lexicon> {
        Lexicon::parse(TOPICS_TOML, "texts/topics.toml (built in)")
    }

    /// `--topics`: a file, `none` for no lexicon, or the bundled one.
    pub fn load(choice: Option<&Path>) -> Result<Lexicon> {
        crate::config::load_choice(choice, Lexicon::bundled, Lexicon::parse)
    }

    /// Parses and checks a lexicon; `file` names it in errors.
    pub fn parse(source: &str, file: &str) -> Result<Lexicon> {
        let at = |offset: usize, msg: String| Error::config_at(file, source, offset, msg);
        let raw: RawFile = crate::config::parse_toml(source, file)?;
        let mut ids: HashMap<String, usize> = HashMap::new();
        let mut topics = Vec::new();
        for t in raw.topic {
            let id = t.id.get_ref().clone();
            crate::config::unique_id(&mut ids, &t.id, source, file, "topic id")?;
            let lists = [
                ("uk", t.uk),
                ("sk", t.sk),
                ("ru", t.ru),
                ("cs", t.cs),
                ("pl", t.pl),
                ("en", t.en),
                ("fr", t.fr),
                ("de", t.de),
            ];
            let mut stems = Vec::new();
            for (lang, list) in lists {
                for s in list.unwrap_or_default() {
                    let text = s.get_ref().trim();
                    let (whole, body) = match text.strip_prefix('=') {
                        Some(b) => (true, b),
                        None => (false, text),
                    };
                    let words: Vec<String> = body
                        .split_whitespace()
                        .map(fold_query)
                        .filter(|w| !w.is_empty())
                        .collect();
                    if words.is_empty() {
                        return Err(at(
                            s.span().start,
                            format!("an empty stem in topic \"{id}\""),
                        ));
                    }
                    stems.push((lang.to_string(), Stem { words, whole }));
                }
            }
            if stems.is_empty() {
                return Err(at(
                    t.id.span().start,
                    format!("topic \"{id}\" has no stems: give it uk = [...] and sk = [...]"),
                ));
            }
            topics.push(Topic {
                id,
                label: t.label,
                description: t.description,
                stems,
            });
        }
        Ok(Lexicon { topics })
    }

    /// For each paragraph of `account`, how many times each topic's stems
    /// occur, as (topic index, count) pairs. Only the stems of the account's
    /// language are used when the lexicon has any for it; otherwise all.
    pub fn find(&self, account: &Account) -> Vec<Vec<(usize, usize)>> {
        let lang = account.meta.language.as_deref();
        let has_lang = lang.is_some_and(|l| {
            self.topics
                .iter()
                .any(|t| t.stems.iter().any(|(sl, _)| sl == l))
        });
        let stems: Vec<(usize, &Stem)> = self
            .topics
            .iter()
            .enumerate()
            .flat_map(|(ti, t)| {
                t.stems
                    .iter()
                    .filter(move |(sl, _)| !has_lang || Some(sl.as_str()) == lang)
                    .map(move |(_, s)| (ti, s))
            })
            .collect();
        account
            .paragraphs
            .iter()
            .map(|p| {
                let words: Vec<String> = p
                    .sentences
                    .iter()
                    .flat_map(|s| s.words.iter().map(|w| fold_query(&account.text[w.clone()])))
                    .collect();
                let mut counts: Vec<usize> = vec![0; self.topics.len()];
                for i in 0..words.len() {
                    for (ti, s) in &stems {
                        if stem_at(&words, i, s) {
                            counts[*ti] += 1;
                        }
                    }
                }
                counts
                    .into_iter()
                    .enumerate()
                    .filter(|(_, c)| *c > 0)
                    .collect()
            })
            .collect()
    }
}

/// True when `stem` matches the words of `words` starting at `i`.
pub fn stem_at(words: &[String], i: usize, stem: &Stem) -> bool {
    stem.words.iter().enumerate().all(|(k, sw)| {
        words.get(i + k).is_some_and(|w| {
            if stem.whole {
                w == sw
            } else {
                w.starts_with(sw.as_str())
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_lexicon_parses_with_eight_to_fifteen_topics() {
        let l = Lexicon::bundled().expect("bundled lexicon");
        assert!((8..=15).contains(&l.topics.len()));
        for t in &l.topics {
            let langs: Vec<&str> = t.stems.iter().map(|(l, _)| l.as_str()).collect();
            assert!(langs.contains(&"uk") && langs.contains(&"sk"), "{}", t.id);
        }
    }

    #[test]
    fn errors_have_file_and_line() {
        let e = Lexicon::parse("[[topic]\nid = 1", "t.toml")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("t.toml:1:"), "{e}");
        let e = Lexicon::parse("[[topic]]\nid = \"a\"\nlabel = \"A\"\n", "t.toml")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("t.toml:2:6: topic \"a\" has no stems"), "{e}");
        let e = Lexicon::parse(
            "[[topic]]\nid = \"a\"\nlabel = \"A\"\nuk = [\"  \"]\n",
            "t.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(e.starts_with("t.toml:4:7: an empty stem"), "{e}");
        let e = Lexicon::parse(
            "[[topic]]\nid = \"a\"\nlabel = \"A\"\nuk = [\"x\"]\ncolour = 1\n",
            "t.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(e.starts_with("t.toml:5:"), "{e}");
    }

    #[test]
    fn stems_match_word_prefixes_phrases_and_whole_words() {
        let words: Vec<String> = "переговори не хотів миру мир"
            .split(' ')
            .map(fold_query)
            .collect();
        let stem = |s: &str, whole: bool| Stem {
            words: s.split(' ').map(fold_query).collect(),
            whole,
        };
        assert!(stem_at(&words, 0, &stem("переговор", false)));
        assert!(stem_at(&words, 1, &stem("не хотів", false)));
        assert!(!stem_at(&words, 3, &stem("мир", true)));
        assert!(stem_at(&words, 4, &stem("мир", true)));
    }
}
