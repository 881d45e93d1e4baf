//! topics.toml: the topic list, and finding which topics each paragraph
//! deals with. Each stem list is for one language and applies only to an
//! account in that language (so Ukrainian `атак` never fires on English);
//! a stem matches at word starts, and only stems of three letters or more
//! match as prefixes (a shorter one must be the whole word); a topic's
//! `except` words never count. Checked on load like people.toml.

use crate::Lang;
use crate::error::{Error, Result};
use crate::lang::fold::{fold, fold_query};
use crate::text::Account;
use crate::user_files::TableKey;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::Range;
use std::path::Path;
use toml::Spanned;

/// The bundled topic list, compiled in.
pub const TOPICS_TOML: &str = include_str!("../../../../texts/topics.toml");

/// The bundled concept list (`texts/concepts.toml`, topics.toml's
/// format): words that translate one another, for two narratives.
pub const CONCEPTS_TOML: &str = include_str!("../../../../texts/concepts.toml");

/// The shortest stem that matches as a prefix, in folded letters: a
/// shorter one must be the whole word (so English `elb` never finds
/// "elbows").
pub const MIN_PREFIX: usize = 4;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    topic: Vec<RawTopic>,
}

/// One `[[topic]]` table: fixed fields, and the stems under each
/// language's code.
#[derive(Debug)]
struct RawTopic {
    id: Spanned<String>,
    label: String,
    description: String,
    except: Vec<String>,
    /// Each language's stems, in the languages' one order ([`Lang::ALL`]).
    stems: BTreeMap<Lang, Vec<Spanned<String>>>,
}

impl<'de> Deserialize<'de> for RawTopic {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        /// Reads the table key by key (see [`crate::user_files::TableKey`]).
        struct Visit;
        const FIXED: &[&str] = &["id", "label", "description", "except"];
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = RawTopic;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a table with id, label and stems under language codes")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<RawTopic, A::Error> {
                use serde::de::Error as _;
                let (mut id, mut label) = (None, None);
                let (mut description, mut except, mut stems) =
                    (String::new(), Vec::new(), BTreeMap::new());
                while let Some(key) = map.next_key_seed(crate::user_files::TableKeySeed(FIXED))? {
                    match key {
                        TableKey::Fixed("id") => id = Some(map.next_value()?),
                        TableKey::Fixed("label") => label = Some(map.next_value()?),
                        TableKey::Fixed("description") => description = map.next_value()?,
                        TableKey::Fixed("except") => except = map.next_value()?,
                        TableKey::Lang(l) => {
                            stems.insert(l, map.next_value()?);
                        }
                        TableKey::Fixed(_) => {
                            map.next_value::<serde::de::IgnoredAny>().map(drop)?;
                        }
                    }
                }
                Ok(RawTopic {
                    id: id.ok_or_else(|| A::Error::missing_field("id"))?,
                    label: label.ok_or_else(|| A::Error::missing_field("label"))?,
                    description,
                    except,
                    stems,
                })
            }
        }
        d.deserialize_map(Visit)
    }
}

/// A stem: folded words that must begin consecutive words of the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stem {
    /// Folded words; the last (or only) one is a prefix.
    pub words: Vec<String>,
    /// True when every word must match whole (the stem began with `=`, or
    /// is shorter than [`MIN_PREFIX`]).
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
    pub stems: Vec<(Lang, Stem)>,
    /// Folded words that never count for this topic.
    pub except: HashSet<String>,
}

/// A topic list: the topics and each language's stems for them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Topics {
    /// Topics in file order.
    pub topics: Vec<Topic>,
}

/// The topics found in an account.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TopicsFound {
    /// For each paragraph, (topic, count) pairs.
    pub counts: Vec<thin_vec::ThinVec<(usize, usize)>>,
    /// Every stem match: (topic, span in the text), in reading order.
    pub spans: Vec<(usize, Range<usize>)>,
}

impl Topics {
    /// The bundled topic list.
    pub fn bundled() -> Result<Topics> {
        Topics::parse(TOPICS_TOML, "texts/topics.toml (built in)")
    }

    /// The bundled concept list ([`CONCEPTS_TOML`]).
    pub fn concepts() -> Result<Topics> {
        Topics::parse(CONCEPTS_TOML, "texts/concepts.toml (built in)")
    }

    /// `--topics`: a file, `none` for no topics, or the bundled list.
    pub fn load(choice: Option<&Path>) -> Result<Topics> {
        crate::user_files::load_choice(choice, "the topic list ", Topics::bundled, Topics::parse)
    }

    /// Parses and checks a topic list; `file` names it in errors.
    pub fn parse(source: &str, file: &str) -> Result<Topics> {
        let at = |offset: usize, msg: String| Error::config_at(file, source, offset, msg);
        let raw: RawFile = crate::user_files::parse_toml(source, file)?;
        let mut ids: HashMap<String, usize> = HashMap::new();
        let mut topics = Vec::new();
        for t in raw.topic {
            let id = t.id.get_ref().clone();
            crate::user_files::unique_id(&mut ids, &t.id, source, file, "topic id")?;
            let mut stems = Vec::new();
            for (lang, list) in t.stems {
                for s in list {
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
                    let short = words.last().is_some_and(|w| w.chars().count() < MIN_PREFIX);
                    stems.push((
                        lang,
                        Stem {
                            words,
                            whole: whole || short,
                        },
                    ));
                }
            }
            if stems.is_empty() {
                return Err(at(
                    t.id.span().start,
                    format!(
                        "topic \"{id}\" has no stems: give it stems under a language code, uk = [...]"
                    ),
                ));
            }
            topics.push(Topic {
                id,
                label: t.label,
                description: t.description,
                stems,
                except: t.except.iter().map(|w| fold_query(w)).collect(),
            });
        }
        Ok(Topics { topics })
    }

    /// The label of topic `t` (empty for no such topic).
    pub fn label(&self, t: usize) -> String {
        self.topics
            .get(t)
            .map_or_else(String::new, |t| t.label.clone())
    }

    /// The languages the list has stems for.
    pub fn languages(&self) -> HashSet<Lang> {
        self.topics
            .iter()
            .flat_map(|t| t.stems.iter().map(|(l, _)| *l))
            .collect()
    }

    /// True when the list has stems for `lang`.
    pub fn covers(&self, lang: Option<Lang>) -> bool {
        lang.is_some_and(|l| self.languages().contains(&l))
    }

    /// True when the list has stems for both accounts' languages (else
    /// the pair's topics are found in it, [`super::found`]).
    pub fn covers_both(&self, pair: &crate::pair::Pair) -> bool {
        pair.accounts.iter().all(|a| self.covers(a.meta.language))
    }

    /// The topics of every running-text paragraph of `account`, from the
    /// stems of the account's language only (none when the list does
    /// not know it).
    pub fn find(&self, account: &Account) -> TopicsFound {
        let mut found = TopicsFound {
            counts: vec![thin_vec::ThinVec::new(); account.paragraphs.len()],
            spans: Vec::new(),
        };
        let Some(m) = Matcher::new(self, account) else {
            return found;
        };
        for (pi, p) in account.paragraphs.iter().enumerate() {
            if p.is_text() {
                found.counts[pi] = m.paragraph(account, pi, &mut found.spans);
            }
        }
        found
    }

    /// Every stem match in paragraph `p` of `account`: (topic, span), in
    /// reading order.
    pub fn spans_in(&self, account: &Account, p: usize) -> Vec<(usize, Range<usize>)> {
        let mut spans = Vec::new();
        if let Some(m) = Matcher::new(self, account) {
            m.paragraph(account, p, &mut spans);
        }
        spans
    }
}

/// The stems of one language, looked up by their first letters.
struct Matcher<'a> {
    topics: &'a Topics,
    stems: Vec<(usize, &'a Stem)>,
    /// Stems by the first three letters of their first word.
    by_start: HashMap<String, Vec<usize>>,
}

impl<'a> Matcher<'a> {
    /// The stems of `account`'s language (`None` when there are none).
    fn new(topics: &'a Topics, account: &Account) -> Option<Matcher<'a>> {
        let lang = account.meta.language;
        let stems: Vec<(usize, &Stem)> = topics
            .topics
            .iter()
            .enumerate()
            .flat_map(|(ti, t)| {
                t.stems
                    .iter()
                    .filter(move |(sl, _)| Some(*sl) == lang)
                    .map(move |(_, s)| (ti, s))
            })
            .collect();
        if stems.is_empty() {
            return None;
        }
        let mut by_start: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, (_, s)) in stems.iter().enumerate() {
            by_start.entry(start_of(&s.words[0])).or_default().push(i);
        }
        Some(Matcher {
            topics,
            stems,
            by_start,
        })
    }

    /// The (topic, count) pairs of paragraph `pi`, each match's span
    /// pushed to `spans`.
    fn paragraph(
        &self,
        account: &Account,
        pi: usize,
        spans: &mut Vec<(usize, Range<usize>)>,
    ) -> thin_vec::ThinVec<(usize, usize)> {
        let Some(p) = account.paragraphs.get(pi) else {
            return thin_vec::ThinVec::new();
        };
        let f = fold(&account.text[p.span()], p.span().start);
        let words: Vec<Range<usize>> = crate::lang::fold::key_words(&f.key).collect();
        let mut counts: Vec<usize> = vec![0; self.topics.topics.len()];
        for i in 0..words.len() {
            let Some(cands) = self.by_start.get(&start_of(&f.key[words[i].clone()])) else {
                continue;
            };
            for &c in cands {
                let (ti, stem) = self.stems[c];
                if self.topics.topics[ti]
                    .except
                    .contains(&f.key[words[i].clone()])
                {
                    continue;
                }
                if stem_at(&f.key, &words, i, stem) {
                    counts[ti] += 1;
                    let last = &words[i + stem.words.len() - 1];
                    let start = f.map.get(words[i].start) as usize;
                    let end_at = f.map.get(last.end - 1) as usize;
                    let end = crate::text::grapheme_end(&account.text, end_at, p.span().end);
                    spans.push((ti, start..end));
                }
            }
        }
        counts
            .into_iter()
            .enumerate()
            .filter(|(_, c)| *c > 0)
            .collect()
    }
}

/// The first three letters of a folded word (all of a shorter one): the
/// key stems are looked up by.
fn start_of(word: &str) -> String {
    word.chars().take(3).collect()
}

/// True when `stem` matches the words of `key` starting at word `i`.
pub fn stem_at(key: &str, words: &[Range<usize>], i: usize, stem: &Stem) -> bool {
    stem.words.iter().enumerate().all(|(k, sw)| {
        words.get(i + k).is_some_and(|w| {
            let w = &key[w.clone()];
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
    use crate::text::Meta;

    /// Every concept has stems in each of the eight languages with data,
    /// and finds its word in each: heat, chaleur, Hitze, жара.
    #[test]
    fn the_concepts_cover_the_eight_languages() {
        let c = Topics::concepts().expect("bundled concepts");
        assert!(c.topics.len() >= 90);
        for t in &c.topics {
            for lang in Lang::ALL {
                assert!(
                    t.stems.iter().any(|(l, _)| *l == lang),
                    "{} has no {} stems",
                    t.id,
                    lang.code()
                );
            }
        }
        let heat = c.topics.iter().position(|t| t.id == "heat").expect("heat");
        for (code, text) in [
            ("en", "The heat was great."),
            ("fr", "La chaleur était grande."),
            ("de", "Die Hitze war groß."),
            ("ru", "Жара была сильная."),
        ] {
            let account = Account::new(
                Meta {
                    language: Lang::from_code(code),
                    ..Meta::named(code)
                },
                text.to_string(),
            );
            let found = c.find(&account);
            assert!(
                found.counts.iter().flatten().any(|&(t, _)| t == heat),
                "{code}: {text}"
            );
        }
    }

    /// Words a concept's stems must not take for it (read in Borodino's
    /// two accounts): a halt is no arrest, prisoners of war no prison, a
    /// shot fired no execution, an avant-garde no Guard, a movement
    /// executed (carried out, exécuté) no execution.
    #[test]
    fn the_concepts_take_no_false_friend() {
        let c = Topics::concepts().expect("bundled concepts");
        for (code, text) in [
            (
                "fr",
                "Il s'était arrêté devant les prisonniers de l'avant-garde. Ce mouvement fut exécuté.",
            ),
            (
                "en",
                "A shot was fired at the prisoners; the rear-guard halted. The movement was executed.",
            ),
        ] {
            let account = Account::new(
                Meta {
                    language: Lang::from_code(code),
                    ..Meta::named(code)
                },
                text.to_string(),
            );
            let found: Vec<&str> = c
                .find(&account)
                .counts
                .iter()
                .flatten()
                .map(|&(t, _)| c.topics[t].id.as_str())
                .collect();
            for wrong in ["arrest", "execution", "guard"] {
                assert!(!found.contains(&wrong), "{code}: {wrong} in {found:?}");
            }
        }
    }

    /// No stem of the bundled concepts or topics finds a stop word of its
    /// language (folded, French né was the negation ne, found in every
    /// other sentence, so every paragraph was about birth; German mitte
    /// found Mittel and mitteilen, English general generally), but for
    /// the content words the stop lists also carry, each meant.
    #[test]
    fn no_stem_finds_a_stop_word() {
        // (language, stop word) pairs a stem means to find: the lists
        // (stopwords-iso) are long and carry nouns and verbs too.
        let meant: HashSet<(&str, &str)> = [
            ("en", "mill"),
            ("en", "fire"),
            ("en", "ill"),
            ("en", "front"),
            ("en", "line"),
            ("en", "march"),
            ("en", "general"),
            ("en", "order"),
            ("en", "ordered"),
            ("en", "orders"),
            ("en", "wells"),
            ("en", "won"),
            ("de", "morgen"),
            ("de", "weg"),
            ("fr", "nommes"),
            ("cs", "vecer"),
            ("ru", "gorod"),
            ("ru", "sovetskii"),
            ("ru", "vecher"),
            ("ru", "zhena"),
            ("ru", "dengi"),
            ("ru", "narod"),
            ("ru", "noch"),
            ("ru", "mira"),
            ("ru", "doroga"),
            ("ru", "les"),
        ]
        .into_iter()
        .collect();
        let mut found = Vec::new();
        for (file, list) in [
            ("concepts", Topics::concepts().expect("bundled concepts")),
            ("topics", Topics::bundled().expect("bundled topics")),
        ] {
            for t in &list.topics {
                for (lang, stem) in &t.stems {
                    let [word] = stem.words.as_slice() else {
                        continue;
                    };
                    let stop = &crate::lang::tables::get(Some(*lang)).stop;
                    for w in stop {
                        let hit = if stem.whole {
                            w == word
                        } else {
                            w.starts_with(word.as_str())
                        };
                        if hit
                            && !t.except.contains(w)
                            && !meant.contains(&(lang.code(), w.as_str()))
                        {
                            found.push(format!(
                                "{file} {} {}: {word} finds {w}",
                                t.id,
                                lang.code()
                            ));
                        }
                    }
                }
            }
        }
        found.sort();
        assert!(found.is_empty(), "{}", found.join("\n"));
    }

    #[test]
    fn bundled_topics_parse_eight_to_fifteen_of_them() {
        let l = Topics::bundled().expect("bundled topics");
        assert!((8..=15).contains(&l.topics.len()));
        for t in &l.topics {
            let langs: Vec<&str> = t.stems.iter().map(|(l, _)| l.code()).collect();
            assert!(langs.contains(&"uk") && langs.contains(&"sk"), "{}", t.id);
        }
    }

    #[test]
    fn errors_have_file_and_line() {
        let e = Topics::parse("[[topic]\nid = 1", "t.toml")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("t.toml:1:"), "{e}");
        let e = Topics::parse("[[topic]]\nid = \"a\"\nlabel = \"A\"\n", "t.toml")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("t.toml:2:6: topic \"a\" has no stems"), "{e}");
        let e = Topics::parse(
            "[[topic]]\nid = \"a\"\nlabel = \"A\"\nuk = [\"  \"]\n",
            "t.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(e.starts_with("t.toml:4:7: an empty stem"), "{e}");
        let e = Topics::parse(
            "[[topic]]\nid = \"a\"\nlabel = \"A\"\nuk = [\"x\"]\ncolour = 1\n",
            "t.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(e.starts_with("t.toml:5:"), "{e}");
    }

    fn account(text: &str, lang: &str) -> Account {
        let mut m = Meta::named("t");
        m.language = Lang::from_code(lang);
        Account::new(m, text.into())
    }

    #[test]
    fn stems_match_in_their_language_only() {
        let l = Topics::parse(
            "[[topic]]\nid = \"w\"\nlabel = \"W\"\nuk = [\"переговор\", \"не хотів\", \"=мир\", \"ельб\"]\nen = [\"elb\", \"treat\"]\nexcept = [\"treaty\"]\n",
            "t.toml",
        )
        .expect("parses");
        let uk = account("Переговори не хотів, мир і миру. Ельба.", "uk");
        // ельб has three letters: only the whole word, so Ельба is not it.
        assert_eq!(l.find(&uk).counts[0], [(0, 3)]);
        let en = account(
            "His elbows on the table, he would not treat; the treaty failed.",
            "en",
        );
        let found = l.find(&en);
        assert_eq!(
            found.counts[0],
            [(0, 1)],
            "elb is too short to be a prefix; treaty is an exception"
        );
        assert_eq!(&en.text[found.spans[0].1.clone()], "treat");
        let unknown = Account::new(Meta::named("t"), "Переговори.".into());
        assert!(
            l.find(&unknown).counts[0].is_empty(),
            "no language, no stems"
        );
    }
}
