//! people.toml: the people (and the places, peoples and institutions that
//! are never people) with the forms each language names them by. Checked on
//! load: unknown keys, duplicate ids and one form claimed twice are errors
//! with the file and line.

use crate::Lang;
use crate::error::{Error, Result};
use crate::lang::fold::fold_query;
use crate::user_files::TableKey;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use toml::Spanned;

/// The bundled index, compiled in.
pub const PEOPLE_TOML: &str = include_str!("../../../../texts/people.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    person: Vec<RawEntry>,
    #[serde(default)]
    place: Vec<RawEntry>,
}

/// One `[[person]]` or `[[place]]` table: fixed fields, and the forms
/// under each language's code (and `other`, matched exactly).
#[derive(Debug)]
struct RawEntry {
    id: Spanned<String>,
    name: String,
    years: String,
    role: String,
    kind: Option<String>,
    elsewhere: bool,
    /// Each language's forms, in the languages' one order ([`Lang::ALL`]).
    forms: BTreeMap<Lang, Vec<Spanned<String>>>,
    other: Vec<Spanned<String>>,
}

impl<'de> Deserialize<'de> for RawEntry {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        /// Reads the table key by key (see [`crate::user_files::TableKey`]).
        struct Visit;
        const FIXED: &[&str] = &["id", "name", "years", "role", "kind", "elsewhere", "other"];
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = RawEntry;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a table with id, name and forms under language codes")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<RawEntry, A::Error> {
                use serde::de::Error as _;
                let (mut id, mut name) = (None, None);
                let (mut years, mut role, mut kind, mut elsewhere) =
                    (String::new(), String::new(), None, false);
                let (mut forms, mut other) = (BTreeMap::new(), Vec::new());
                while let Some(key) = map.next_key_seed(crate::user_files::TableKeySeed(FIXED))? {
                    match key {
                        TableKey::Fixed("id") => id = Some(map.next_value()?),
                        TableKey::Fixed("name") => name = Some(map.next_value()?),
                        TableKey::Fixed("years") => years = map.next_value()?,
                        TableKey::Fixed("role") => role = map.next_value()?,
                        TableKey::Fixed("kind") => kind = map.next_value()?,
                        TableKey::Fixed("elsewhere") => elsewhere = map.next_value()?,
                        TableKey::Fixed("other") => other = map.next_value()?,
                        TableKey::Lang(l) => {
                            forms.insert(l, map.next_value()?);
                        }
                        TableKey::Fixed(_) => {
                            map.next_value::<serde::de::IgnoredAny>().map(drop)?;
                        }
                    }
                }
                Ok(RawEntry {
                    id: id.ok_or_else(|| A::Error::missing_field("id"))?,
                    name: name.ok_or_else(|| A::Error::missing_field("name"))?,
                    years,
                    role,
                    kind,
                    elsewhere,
                    forms,
                    other,
                })
            }
        }
        d.deserialize_map(Visit)
    }
}

/// Whether an entry is a person or something that is never one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexKind {
    /// A person.
    Person,
    /// A place, people, dynasty or institution ("place", "people", ...).
    Place(String),
}

/// One person or place of the index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexEntry {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Years of life ("1769–1821"), empty for places.
    pub years: String,
    /// One line on who they were, empty for places.
    pub role: String,
    /// Person or place.
    pub kind: IndexKind,
    /// True when listed for other texts only.
    pub elsewhere: bool,
    /// (language, form) pairs as written in the file; language "other" is exact.
    pub forms: Vec<(String, String)>,
}

impl IndexEntry {
    /// True for a person.
    pub fn is_person(&self) -> bool {
        self.kind == IndexKind::Person
    }
}

/// The whole index.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PeopleIndex {
    /// People first, then places, in file order.
    pub entries: Vec<IndexEntry>,
    /// True for the index built into diptych (about the bundled pair): its
    /// entries that the bundled accounts name only by description are kept
    /// for that pair, not for other texts.
    pub built_in: bool,
}

impl PeopleIndex {
    /// The bundled index.
    pub fn bundled() -> Result<PeopleIndex> {
        let mut index = PeopleIndex::parse(PEOPLE_TOML, "texts/people.toml (built in)")?;
        index.built_in = true;
        Ok(index)
    }

    /// `--people`: a file, `none` for no index, or the bundled one.
    pub fn load(choice: Option<&Path>) -> Result<PeopleIndex> {
        crate::user_files::load_choice(
            choice,
            "the people index ",
            PeopleIndex::bundled,
            PeopleIndex::parse,
        )
    }

    /// Parses and checks an index; `file` names it in errors.
    pub fn parse(source: &str, file: &str) -> Result<PeopleIndex> {
        let at = |offset: usize, msg: String| Error::config_at(file, source, offset, msg);
        let raw: RawFile = crate::user_files::parse_toml(source, file)?;
        let mut ids: HashMap<String, usize> = HashMap::new();
        let mut claimed: HashMap<String, (String, usize)> = HashMap::new();
        let mut entries = Vec::new();
        let people = raw.person.into_iter().map(|e| (e, true));
        let places = raw.place.into_iter().map(|e| (e, false));
        for (raw, is_person) in people.chain(places) {
            let id = raw.id.get_ref().clone();
            if id.is_empty() {
                return Err(at(raw.id.span().start, "an id may not be empty".into()));
            }
            crate::user_files::unique_id(&mut ids, &raw.id, source, file, "id")?;
            // Each language's forms in the languages' order, then `other`.
            let lists = raw
                .forms
                .into_iter()
                .map(|(lang, list)| (lang.code(), list))
                .chain([("other", raw.other)]);
            let mut forms = Vec::new();
            for (lang, list) in lists {
                for form in list {
                    let text = form.get_ref().trim();
                    let key = fold_query(text.trim_start_matches('=').trim_end_matches('-'));
                    if key.trim().is_empty() {
                        return Err(at(form.span().start, format!("an empty form in \"{id}\"")));
                    }
                    if let Some((other, line_at)) = claimed.get(&key)
                        && *other != id
                    {
                        let (line, _) = crate::error::line_column(source, *line_at);
                        return Err(at(
                            form.span().start,
                            format!(
                                "the form \"{text}\" of \"{id}\" is already claimed by \"{other}\" on line {line}"
                            ),
                        ));
                    }
                    claimed.insert(key, (id.clone(), form.span().start));
                    forms.push((lang.to_string(), text.to_string()));
                }
            }
            if forms.is_empty() {
                return Err(at(raw.id.span().start, format!("\"{id}\" has no forms")));
            }
            entries.push(IndexEntry {
                id,
                name: raw.name,
                years: raw.years,
                role: raw.role,
                kind: if is_person {
                    IndexKind::Person
                } else {
                    IndexKind::Place(raw.kind.unwrap_or_else(|| "place".into()))
                },
                elsewhere: raw.elsewhere,
                forms,
            });
        }
        Ok(PeopleIndex {
            entries,
            built_in: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_index_parses() {
        let idx = PeopleIndex::bundled().expect("bundled index");
        assert!(idx.entries.iter().filter(|e| e.is_person()).count() >= 30);
        assert!(
            idx.entries
                .iter()
                .any(|e| e.id == "paris" && !e.is_person())
        );
    }

    #[test]
    fn errors_have_line_numbers() {
        let bad_key = "[[person]]\nid = \"a\"\nname = \"A\"\nuk = [\"А\"]\nwife = \"x\"\n";
        let e = PeopleIndex::parse(bad_key, "p.toml")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("p.toml:5:"), "{e}");
        assert!(e.contains("wife"), "{e}");
        let dup = "[[person]]\nid = \"a\"\nname = \"A\"\nuk = [\"Ан\"]\n\n[[person]]\nid = \"a\"\nname = \"B\"\nuk = [\"Бо\"]\n";
        let e = PeopleIndex::parse(dup, "p.toml").unwrap_err().to_string();
        assert_eq!(e, "p.toml:7:6: duplicate id \"a\": already used on line 2");
        let shared = "[[person]]\nid = \"a\"\nname = \"A\"\nsk = [\"Ney\"]\n\n[[person]]\nid = \"b\"\nname = \"B\"\nuk = [\"Ней\"]\nsk = [\"Néy\"]\n";
        let e = PeopleIndex::parse(shared, "p.toml")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(
                "p.toml:10:7: the form \"Néy\" of \"b\" is already claimed by \"a\" on line 4"
            ),
            "{e}"
        );
        let syntax = "[[person]\nid = 1\n";
        let e = PeopleIndex::parse(syntax, "p.toml")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("p.toml:1:"), "{e}");
    }
}
