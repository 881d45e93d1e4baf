//! A reader's corrections to the people found, because no finder is
//! perfect: an entry hidden ("not a person"), two entries merged, one form
//! split out of an entry. Kept as a list of steps naming entries by id and
//! forms as written, so they apply again to the people found when the pair
//! is opened again (and to `diptych people --draft`); a step whose entry is
//! not there (yet) is kept and skipped.

use super::{Entities, Entry, Mention};
use crate::pair::Pair;
use crate::text::{Side, one_line};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

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

    /// What taking the step back did, for the status line ("Napoleon I is
    /// a person again").
    pub fn describe_undone(&self, name_of: impl Fn(&str) -> String) -> String {
        match self {
            Curation::Hide { entry } => format!("{} shown again", name_of(entry)),
            Curation::Merge { into, from } => {
                format!("{} apart from {} again", name_of(from), name_of(into))
            }
            Curation::Split { entry, form, .. } => {
                format!("{form} back in {}", name_of(entry))
            }
            Curation::Kind { entry, kind } => {
                let was = if kind == "place" { "person" } else { "place" };
                format!("{} is a {was} again", name_of(entry))
            }
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
    pub entities: Entities,
    /// The entries hidden, most mentioned first.
    pub hidden: Entities,
}

/// `people` of `pair` with `steps` applied in order (the first
/// [`MAX_STEPS`] of them), in time linear in the people whatever the
/// steps: entries are found by id through an index, and an entry a split
/// or a merge touches holds its mentions grouped by form, so a split
/// moves a group and a merge moves groups; mentions are put back in text
/// order once, at the end (a thousand steps over an entry of 100,000
/// mentions must not freeze the reader).
pub fn apply(pair: &Pair, entities: &Entities, steps: &[Curation]) -> Curated {
    let mut board = Board::new(entities.entries.clone());
    let mut hidden: Vec<Slot> = Vec::new();
    for step in steps.iter().take(MAX_STEPS) {
        match step {
            Curation::Hide { entry } => {
                if let Some(e) = board.take(entry) {
                    hidden.push(e);
                }
            }
            Curation::Merge { into, from } => {
                let (Some(i), Some(j)) = (board.find(into), board.find(from)) else {
                    continue;
                };
                if i == j {
                    continue;
                }
                let Some(mut gone) = board.take(from) else {
                    continue;
                };
                let gone_groups = std::mem::take(gone.groups(pair));
                let Some(kept) = board.slots[i].as_mut() else {
                    continue;
                };
                kept.groups(pair).extend(gone_groups);
                for f in gone.entry.forms {
                    if !kept.entry.forms.contains(&f) {
                        kept.entry.forms.push(f);
                    }
                }
            }
            Curation::Kind { entry, kind } => {
                let kind = match kind.as_str() {
                    "person" => super::Kind::Person,
                    "place" => super::Kind::Place,
                    _ => continue,
                };
                if let Some(e) = board.find(entry).and_then(|i| board.slots[i].as_mut()) {
                    e.entry.kind = kind;
                }
            }
            Curation::Split { entry, side, form } => {
                let (Some(i), Some(s)) = (board.find(entry), Side::from_name(side)) else {
                    continue;
                };
                let Some(e) = board.slots[i].as_mut() else {
                    continue;
                };
                let (out, kept): (Vec<Group>, Vec<Group>) = std::mem::take(e.groups(pair))
                    .into_iter()
                    .partition(|g| g.side == s && g.form == *form);
                *e.groups(pair) = kept;
                if out.is_empty() {
                    continue;
                }
                // A found entry named by the form split off is named by
                // what it keeps (two rows named Moskowa said nothing).
                if !e.entry.listed
                    && e.entry.name.split(" / ").any(|n| n == form.as_str())
                    && let Some(name) = e.groups.as_deref().and_then(name_of)
                {
                    e.entry.name = name;
                }
                let lang = pair
                    .account(s)
                    .meta
                    .language
                    .map_or("other", crate::Lang::code);
                e.entry.forms.retain(|(_, f)| f != form);
                let kind = e.entry.kind;
                board.push(Slot {
                    entry: Entry::found(
                        split_id(entry, side, form),
                        form.clone(),
                        kind,
                        vec![(lang.to_string(), form.clone())],
                        [Vec::new(), Vec::new()],
                    ),
                    groups: Some(out),
                });
            }
        }
    }
    let mut shown: Vec<Entry> = board.slots.into_iter().flatten().map(Slot::done).collect();
    let mut hidden: Vec<Entry> = hidden.into_iter().map(Slot::done).collect();
    shown.retain(|e| e.total() > 0 || e.listed);
    super::sort_entries(&mut shown);
    super::sort_entries(&mut hidden);
    Curated {
        entities: Entities {
            entries: shown,
            paradigms: entities.paradigms.clone(),
            pending: entities.pending.clone(),
        },
        hidden: Entities {
            entries: hidden,
            paradigms: entities.paradigms.clone(),
            pending: Vec::new(),
        },
    }
}

/// The name of an entry of `groups`: each account's most used form, both
/// where they differ (`None` without a form).
fn name_of(groups: &[Group]) -> Option<String> {
    let mut names: Vec<&str> = Vec::new();
    for side in Side::BOTH {
        let top = groups
            .iter()
            .filter(|g| g.side == side)
            .max_by_key(|g| (g.mentions.len(), std::cmp::Reverse(g.form.len())));
        if let Some(g) = top
            && !names
                .iter()
                .any(|n| crate::lang::fold::fold_query(n) == crate::lang::fold::fold_query(&g.form))
        {
            names.push(&g.form);
        }
    }
    (!names.is_empty()).then(|| names.join(" / "))
}

/// An entry while steps are applied: as found until a split or a merge
/// touches it, then with its mentions in groups.
struct Slot {
    entry: Entry,
    /// The mentions by side and form once touched (the entry's own lists
    /// are empty then).
    groups: Option<Vec<Group>>,
}

/// The mentions of one entry written one way in one account.
struct Group {
    side: Side,
    /// The form on one line ([`one_line`]).
    form: String,
    mentions: Vec<Mention>,
}

impl Slot {
    /// The groups, made from the entry's mentions the first time.
    fn groups(&mut self, pair: &Pair) -> &mut Vec<Group> {
        let entry = &mut self.entry;
        self.groups.get_or_insert_with(|| {
            let mut groups: Vec<Group> = Vec::new();
            for side in Side::BOTH {
                let text = &pair.account(side).text;
                let mut at: HashMap<String, usize> = HashMap::new();
                for m in std::mem::take(&mut entry.mentions[side.index()]) {
                    let form = one_line(&text[m.span.clone()]);
                    let g = *at.entry(form).or_insert_with_key(|form| {
                        groups.push(Group {
                            side,
                            form: form.clone(),
                            mentions: Vec::new(),
                        });
                        groups.len() - 1
                    });
                    groups[g].mentions.push(m);
                }
            }
            groups
        })
    }

    /// The entry with its mentions back in text order, each place once.
    fn done(mut self) -> Entry {
        if let Some(groups) = self.groups {
            for g in groups {
                self.entry.mentions[g.side.index()].extend(g.mentions);
            }
            for ms in &mut self.entry.mentions {
                ms.sort_by_key(|m| m.span.start);
                ms.dedup_by_key(|m| m.span.start);
            }
        }
        self.entry
    }
}

/// The entries shown while steps are applied: taken ones leave a hole, so
/// that the others keep their places and the index stays true.
struct Board {
    slots: Vec<Option<Slot>>,
    /// Each id's slot (the first entry of that id, as a search would find).
    by_id: HashMap<String, usize>,
}

impl Board {
    fn new(entries: Vec<Entry>) -> Board {
        let mut board = Board {
            slots: Vec::with_capacity(entries.len()),
            by_id: HashMap::with_capacity(entries.len()),
        };
        for entry in entries {
            board.push(Slot {
                entry,
                groups: None,
            });
        }
        board
    }

    fn find(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    fn take(&mut self, id: &str) -> Option<Slot> {
        let i = self.by_id.remove(id)?;
        self.slots[i].take()
    }

    fn push(&mut self, slot: Slot) {
        self.by_id
            .entry(slot.entry.id.clone())
            .or_insert(self.slots.len());
        self.slots.push(Some(slot));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entities::Kind;
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
        let entities = Entities {
            entries: vec![
                entry("pierre", Side::Left, &[(0, 5), (10, 16), (21, 26)]),
                entry("bezukhov", Side::Left, &[]),
                entry("guards", Side::Right, &[(0, 6)]),
            ],
            ..Entities::default()
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
        let c = apply(&pair, &entities, &steps);
        let ids: Vec<(&str, usize)> = c
            .entities
            .entries
            .iter()
            .map(|e| (e.id.as_str(), e.total()))
            .collect();
        assert_eq!(ids, [("split:pierre:left:Petya", 2), ("pierre", 1)]);
        assert_eq!(c.hidden.entries[0].id, "guards");
        let merged = apply(
            &pair,
            &c.entities,
            &[Curation::Merge {
                into: "pierre".into(),
                from: "split:pierre:left:Petya".into(),
            }],
        );
        assert_eq!(merged.entities.entries.len(), 1);
        assert_eq!(merged.entities.entries[0].total(), 3);
    }

    /// A found entry named by the form split off is named by what it
    /// keeps: two rows of one name said nothing.
    #[test]
    fn an_entry_whose_name_is_split_off_is_named_by_what_it_keeps() {
        let pair = Pair::from_texts(
            [Meta::named("l"), Meta::named("r")],
            [
                "Petya met Pierre and Petya laughed.".into(),
                "Pierre came.".into(),
            ],
        );
        let mut e = entry("unlisted:petya", Side::Left, &[(0, 5), (10, 16), (21, 26)]);
        e.name = "Petya / Pierre".into();
        e.mentions[1].push(Mention {
            side: Side::Right,
            paragraph: 0,
            span: 0..6,
        });
        let entities = Entities {
            entries: vec![e],
            ..Entities::default()
        };
        let c = apply(
            &pair,
            &entities,
            &[Curation::Split {
                entry: "unlisted:petya".into(),
                side: "left".into(),
                form: "Petya".into(),
            }],
        );
        let names: Vec<&str> = c.entities.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Petya", "Pierre"]);
    }

    /// A form split out and merged back a thousand times leaves the
    /// entry as found, its mentions in order (each step moves the form's
    /// group of mentions, never walks them all).
    #[test]
    fn a_thousand_splits_and_merges_back_leave_the_entry_as_found() {
        let text = "Petya met Pierre. ".repeat(50);
        let pair = Pair::from_texts(
            [Meta::named("l"), Meta::named("r")],
            [text.clone(), String::new()],
        );
        let spans: Vec<(usize, usize)> = (0..50)
            .flat_map(|i| [(i * 18, i * 18 + 5), (i * 18 + 10, i * 18 + 16)])
            .collect();
        let entities = Entities {
            entries: vec![entry("pierre", Side::Left, &spans)],
            ..Entities::default()
        };
        let steps: Vec<Curation> = (0..500)
            .flat_map(|_| {
                [
                    Curation::Split {
                        entry: "pierre".into(),
                        side: "left".into(),
                        form: "Petya".into(),
                    },
                    Curation::Merge {
                        into: "pierre".into(),
                        from: "split:pierre:left:Petya".into(),
                    },
                ]
            })
            .collect();
        let c = apply(&pair, &entities, &steps);
        assert_eq!(c.entities.entries.len(), 1);
        assert_eq!(c.entities.entries[0].mentions, entities.entries[0].mentions);
        let split = apply(&pair, &entities, &steps[..999]);
        let totals: Vec<usize> = split.entities.entries.iter().map(Entry::total).collect();
        assert_eq!(totals, [50, 50]);
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
