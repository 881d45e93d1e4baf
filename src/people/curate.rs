//! A reader's corrections to the people found, because no finder is
//! perfect: an entry hidden ("not a person"), two entries merged, one form
//! split out of an entry. Kept as a list of steps naming entries by id and
//! forms as written, so they apply again to the people found when the pair
//! is opened again (and to `diptych people --draft`); a step whose entry is
//! not there (yet) is kept and skipped.

use super::{Entry, Mention, People};
use crate::pair::Pair;
use crate::text::{Side, one_line};
use serde::{Deserialize, Serialize};

/// The most steps kept for one pair: each is applied over every entry,
/// and a state file (which anyone may write) must not make opening a pair
/// slow. A reader curating by hand stays far below.
pub const MAX_STEPS: usize = 1_000;

/// One correction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "kebab-case")]
pub enum Curation {
    /// The entry is no person or place: it goes to the hidden list.
    Hide {
        /// The entry's id.
        entry: String,
    },
    /// The entry `from` is the same as `into`: its mentions and forms join it.
    Merge {
        /// The entry kept.
        into: String,
        /// The entry merged into it.
        from: String,
    },
    /// The entry is of the other kind: a person taken for a place, or a
    /// place for a person.
    Kind {
        /// The entry's id.
        entry: String,
        /// What it is: "person" or "place".
        kind: String,
    },
    /// The mentions written `form` in one account are someone else: they
    /// become an entry of their own.
    Split {
        /// The entry they leave.
        entry: String,
        /// "left" or "right".
        side: String,
        /// The form as written (on one line).
        form: String,
    },
}

impl Curation {
    /// What the step did, for the status line ("hid Guards").
    pub fn describe(&self, name_of: impl Fn(&str) -> String) -> String {
        match self {
            Curation::Hide { entry } => format!("hid {}", name_of(entry)),
            Curation::Merge { into, from } => {
                format!("merged {} into {}", name_of(from), name_of(into))
            }
            Curation::Split { entry, form, .. } => {
                format!("split {} out of {}", form, name_of(entry))
            }
            Curation::Kind { entry, kind } => format!("{} is a {kind}", name_of(entry)),
        }
    }
}

/// The id of the entry a split makes.
pub fn split_id(entry: &str, side: &str, form: &str) -> String {
    format!("split:{entry}:{side}:{form}")
}

/// The people as curated: the entries shown, and the ones hidden.
#[derive(Debug, Clone, Default)]
pub struct Curated {
    /// The entries shown, sorted as found entries are.
    pub people: People,
    /// The entries hidden, most mentioned first.
    pub hidden: People,
}

/// `people` of `pair` with `steps` applied in order (the first
/// [`MAX_STEPS`] of them).
pub fn apply(pair: &Pair, people: &People, steps: &[Curation]) -> Curated {
    let mut shown: Vec<Entry> = people.entries.clone();
    let mut hidden: Vec<Entry> = Vec::new();
    let find = |list: &[Entry], id: &str| list.iter().position(|e| e.id == id);
    for step in steps.iter().take(MAX_STEPS) {
        match step {
            Curation::Hide { entry } => {
                if let Some(i) = find(&shown, entry) {
                    hidden.push(shown.remove(i));
                }
            }
            Curation::Merge { into, from } => {
                let (Some(i), Some(j)) = (find(&shown, into), find(&shown, from)) else {
                    continue;
                };
                if i == j {
                    continue;
                }
                let gone = shown.remove(j);
                let kept = &mut shown[if j < i { i - 1 } else { i }];
                for side in Side::BOTH {
                    let ms = &mut kept.mentions[side.index()];
                    ms.extend(gone.mentions[side.index()].iter().cloned());
                    ms.sort_by_key(|m| m.span.start);
                    ms.dedup_by_key(|m| m.span.start);
                }
                for f in gone.forms {
                    if !kept.forms.contains(&f) {
                        kept.forms.push(f);
                    }
                }
            }
            Curation::Kind { entry, kind } => {
                let kind = match kind.as_str() {
                    "person" => super::Kind::Person,
                    "place" => super::Kind::Place,
                    _ => continue,
                };
                if let Some(i) = find(&shown, entry) {
                    shown[i].kind = kind;
                }
            }
            Curation::Split { entry, side, form } => {
                let (Some(i), Some(s)) = (find(&shown, entry), Side::from_name(side)) else {
                    continue;
                };
                let text = &pair.account(s).text;
                let written = |m: &Mention| one_line(&text[m.span.clone()]) == *form;
                let e = &mut shown[i];
                let (out, kept): (Vec<Mention>, Vec<Mention>) =
                    e.mentions[s.index()].drain(..).partition(written);
                e.mentions[s.index()] = kept;
                if out.is_empty() {
                    continue;
                }
                let lang = pair
                    .account(s)
                    .meta
                    .language
                    .map_or("other", crate::lang::Lang::code);
                e.forms.retain(|(_, f)| f != form);
                let mut mentions = [Vec::new(), Vec::new()];
                mentions[s.index()] = out;
                let kind = e.kind;
                shown.push(Entry::found(
                    split_id(entry, side, form),
                    form.clone(),
                    kind,
                    vec![(lang.to_string(), form.clone())],
                    mentions,
                ));
            }
        }
    }
    shown.retain(|e| e.total() > 0 || e.listed);
    super::sort_entries(&mut shown);
    super::sort_entries(&mut hidden);
    Curated {
        people: People {
            entries: shown,
            paradigms: people.paradigms.clone(),
        },
        hidden: People {
            entries: hidden,
            paradigms: people.paradigms.clone(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::people::Kind;
    use crate::text::Meta;

    fn entry(id: &str, side: Side, spans: &[(usize, usize)]) -> Entry {
        let mut mentions = [Vec::new(), Vec::new()];
        mentions[side.index()] = spans
            .iter()
            .map(|s| Mention {
                side,
                paragraph: 0,
                span: s.0..s.1,
            })
            .collect();
        Entry::found(id.into(), id.into(), Kind::Person, Vec::new(), mentions)
    }

    #[test]
    fn steps_hide_merge_and_split_and_skip_what_is_not_there() {
        let pair = Pair::from_texts(
            [Meta::named("l"), Meta::named("r")],
            [
                "Petya met Pierre and Petya laughed.".into(),
                "Guards stood.".into(),
            ],
        );
        let people = People {
            entries: vec![
                entry("pierre", Side::Left, &[(0, 5), (10, 16), (21, 26)]),
                entry("bezukhov", Side::Left, &[]),
                entry("guards", Side::Right, &[(0, 6)]),
            ],
            ..People::default()
        };
        let steps = [
            Curation::Hide {
                entry: "guards".into(),
            },
            Curation::Split {
                entry: "pierre".into(),
                side: "left".into(),
                form: "Petya".into(),
            },
            Curation::Merge {
                into: "nobody".into(),
                from: "pierre".into(),
            },
        ];
        let c = apply(&pair, &people, &steps);
        let ids: Vec<(&str, usize)> = c
            .people
            .entries
            .iter()
            .map(|e| (e.id.as_str(), e.total()))
            .collect();
        assert_eq!(ids, [("split:pierre:left:Petya", 2), ("pierre", 1)]);
        assert_eq!(c.hidden.entries[0].id, "guards");
        let merged = apply(
            &pair,
            &c.people,
            &[Curation::Merge {
                into: "pierre".into(),
                from: "split:pierre:left:Petya".into(),
            }],
        );
        assert_eq!(merged.people.entries.len(), 1);
        assert_eq!(merged.people.entries[0].total(), 3);
    }

    #[test]
    fn steps_read_back_as_written() {
        let step = Curation::Split {
            entry: "unlisted:pierre".into(),
            side: "left".into(),
            form: "Петя".into(),
        };
        let json = serde_json::to_string(&step).unwrap_or_default();
        assert_eq!(
            json,
            r#"{"do":"split","entry":"unlisted:pierre","side":"left","form":"Петя"}"#
        );
        assert_eq!(serde_json::from_str::<Curation>(&json).ok(), Some(step));
    }
}
