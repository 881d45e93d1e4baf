//! The people of both accounts: listed people (from people.toml) and
//! unlisted names, each with every mention in both accounts, computed once
//! at load. One entry per person across both languages.

pub mod finder;
pub mod index;
pub mod inflect;
pub mod search;

pub use index::{Entry, EntryKind, PeopleIndex};

use crate::pair::Pair;
use crate::text::Side;
use finder::{Finder, unlisted};
use std::collections::HashMap;
use std::ops::Range;

/// One mention of a person in an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    /// Which account.
    pub side: Side,
    /// Paragraph index (0-based).
    pub paragraph: usize,
    /// Byte span in the account's text.
    pub span: Range<usize>,
    /// Index into [`People::persons`].
    pub person: usize,
}

/// A person of the panel: listed in the index or found as an unlisted name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    /// The index id, or `unlisted:<key>`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Years of life; empty when unknown.
    pub years: String,
    /// One line on who they were; empty when unknown.
    pub role: String,
    /// False for a name the index does not list.
    pub listed: bool,
    /// Index forms by language, for search and the details of the panel.
    pub forms: Vec<(String, String)>,
    /// Mentions in each account, in reading order.
    pub mentions: [Vec<Mention>; 2],
}

impl Person {
    /// Mentions in both accounts.
    pub fn total(&self) -> usize {
        self.mentions[0].len() + self.mentions[1].len()
    }

    /// The distinct forms the account on `side` uses, in order of first use.
    pub fn forms_used<'a>(&self, pair: &'a Pair, side: Side) -> Vec<&'a str> {
        let text = &pair.account(side).text;
        let mut out: Vec<&str> = Vec::new();
        for m in &self.mentions[side.index()] {
            let f = &text[m.span.clone()];
            if !out.contains(&f) {
                out.push(f);
            }
        }
        out
    }
}

/// A place, people or institution found in an account (used by topic links).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceMention {
    /// Paragraph index (0-based).
    pub paragraph: usize,
    /// The index id of the place.
    pub id: String,
    /// Its display name.
    pub name: String,
}

/// Everyone mentioned, sorted by total mentions (most first), then name.
#[derive(Debug, Clone, Default)]
pub struct People {
    /// Listed people with mentions (or present only for other texts), then
    /// unlisted names, most mentioned first.
    pub persons: Vec<Person>,
    /// Places, peoples and institutions found, per side.
    pub places: [Vec<PlaceMention>; 2],
}

impl People {
    /// Finds every mention in both accounts (in parallel).
    pub fn find(pair: &Pair, index: &PeopleIndex) -> People {
        People::find_with(pair, index, None)
    }

    /// As [`People::find`], reusing the search keys' folded text when given
    /// (so the text is folded once for both).
    pub fn find_with(
        pair: &Pair,
        index: &PeopleIndex,
        keys: Option<&crate::search::SearchIndex>,
    ) -> People {
        let finder = Finder::new(index);
        let found = crate::search::both(|side| {
            let account = pair.account(side);
            let known = match keys {
                Some(k) => finder.find_folded(&account.text, k.folded(side)),
                None => finder.find(&account.text),
            };
            let names = unlisted(account, &known);
            (known, names)
        });
        let mut persons: Vec<Person> = index
            .entries
            .iter()
            .filter(|e| e.is_person())
            .map(|e| Person {
                id: e.id.clone(),
                name: e.name.clone(),
                years: e.years.clone(),
                role: e.role.clone(),
                listed: true,
                forms: e.forms.clone(),
                mentions: [Vec::new(), Vec::new()],
            })
            .collect();
        let person_of: HashMap<usize, usize> = index
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.is_person())
            .enumerate()
            .map(|(pi, (ei, _))| (ei, pi))
            .collect();
        let mut places: [Vec<PlaceMention>; 2] = [Vec::new(), Vec::new()];
        let mut unlisted_ids: HashMap<String, usize> = HashMap::new();
        for (side, (known, names)) in Side::BOTH.into_iter().zip(found) {
            let account = pair.account(side);
            for f in known {
                let paragraph = account.paragraph_at(f.span.start);
                match person_of.get(&f.entry) {
                    Some(&p) => persons[p].mentions[side.index()].push(Mention {
                        side,
                        paragraph,
                        span: f.span,
                        person: p,
                    }),
                    None => places[side.index()].push(PlaceMention {
                        paragraph,
                        id: index.entries[f.entry].id.clone(),
                        name: index.entries[f.entry].name.clone(),
                    }),
                }
            }
            for (span, key) in names {
                let p = *unlisted_ids.entry(key.clone()).or_insert_with(|| {
                    persons.push(Person {
                        id: format!("unlisted:{}", key.replace(' ', "-")),
                        name: String::new(),
                        years: String::new(),
                        role: String::new(),
                        listed: false,
                        forms: Vec::new(),
                        mentions: [Vec::new(), Vec::new()],
                    });
                    persons.len() - 1
                });
                let paragraph = account.paragraph_at(span.start);
                persons[p].mentions[side.index()].push(Mention {
                    side,
                    paragraph,
                    span,
                    person: p,
                });
            }
        }
        // An unlisted name shows as its shortest form (usually the nominative).
        for p in persons.iter_mut().filter(|p| !p.listed) {
            let shortest = Side::BOTH
                .into_iter()
                .flat_map(|s| {
                    p.mentions[s.index()]
                        .iter()
                        .map(move |m| (s, m.span.clone()))
                })
                .min_by_key(|(s, r)| (r.len(), *s))
                .map(|(s, r)| pair.account(s).text[r].to_string());
            p.name = crate::text::sanitize::sanitize(&shortest.unwrap_or_default()).into_owned();
        }
        let elsewhere: HashMap<&str, bool> = index
            .entries
            .iter()
            .map(|e| (e.id.as_str(), e.elsewhere))
            .collect();
        persons.retain(|p| p.total() > 0 || elsewhere.get(p.id.as_str()) == Some(&true));
        persons.sort_by(|a, b| {
            b.total()
                .cmp(&a.total())
                .then(b.listed.cmp(&a.listed))
                .then(a.name.cmp(&b.name))
        });
        for (i, p) in persons.iter_mut().enumerate() {
            for m in p.mentions.iter_mut().flatten() {
                m.person = i;
            }
        }
        People { persons, places }
    }

    /// The person with `id`.
    pub fn by_id(&self, id: &str) -> Option<&Person> {
        self.persons.iter().find(|p| p.id == id)
    }
}
