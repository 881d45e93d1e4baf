//! One entry made of the local entries joined across and within the
//! accounts: its uses, its forms counted, whether it is a place, and the
//! name it is shown by.

use super::{Group, Local, Occurrence, is_cyrillic};
use std::ops::Range;

/// What the entries are made from: both accounts' texts, occurrences,
/// languages, local entries and known places.
pub(super) struct Parts<'a> {
    /// Each account's text.
    pub texts: [&'a str; 2],
    /// Each account's name occurrences.
    pub occ: [&'a [Occurrence]; 2],
    /// Each account's language.
    pub langs: [Option<crate::lang::Lang>; 2],
    /// Each account's local entries.
    pub locals: &'a [Vec<Local>; 2],
    /// The known place each local entry names.
    pub places: &'a [Vec<Option<u32>>; 2],
}

/// The uses of one entry's members, counted.
#[derive(Default)]
struct Uses {
    spans: [Vec<Range<usize>>; 2],
    /// Each form as written (white space made one space), with its count.
    forms: [Vec<(String, usize)>; 2],
    /// Uses that say it is a place or a people.
    place: usize,
    /// Uses after a title.
    person: usize,
    /// Uses in a form only the plural takes.
    plural: usize,
    /// Uses of a name made from another (an adjective, a people's name).
    derived: usize,
    total: usize,
    /// The first member's stems, joined.
    key: String,
    /// The accounts it is used in.
    sides: [bool; 2],
    /// Every member is of a German text.
    german_only: bool,
    /// Some use has a title before it.
    titled: bool,
    /// Some member names a known place.
    known: bool,
}

impl Parts<'_> {
    /// The entry of `members` (account, local entry), or `None` for a
    /// German-only name with too little to show it is one.
    pub fn entry(&self, members: &[(usize, usize)]) -> Option<Group> {
        let mut uses = self.uses(members);
        // German capitalises every noun: a German-only name needs more.
        if uses.german_only && !uses.titled && !(uses.sides[0] && uses.sides[1]) {
            return None;
        }
        for s in &mut uses.spans {
            s.sort_by_key(|r| r.start);
        }
        let Uses {
            spans,
            forms,
            place,
            person,
            plural,
            derived,
            total,
            key,
            known,
            ..
        } = uses;
        Some(Group {
            name: shown_name(&forms),
            key,
            spans,
            // A known place is one unless a title stands before it (Prince
            // Paris); otherwise a quarter of its uses must say so (places
            // are named bare as often as after a place word: "Bombay is"),
            // and a title must stand before it four times less.
            // A people or a group is used in the plural now and then
            // (Иудеям, Żydowie), a person never.
            place: (known && person == 0)
                || (place * 4 >= total && person * 4 < place)
                || (plural >= 2 && plural * 10 >= total)
                || derived * 2 >= total.max(1),
            forms: forms.map(|f| f.into_iter().map(|(f, _)| f).collect()),
        })
    }

    /// Every use of `members`, counted.
    fn uses(&self, members: &[(usize, usize)]) -> Uses {
        let mut u = Uses {
            german_only: true,
            ..Uses::default()
        };
        for &(s, g) in members {
            u.sides[s] = true;
            u.known |= self.places[s][g].is_some();
            let german =
                self.langs[s].is_some_and(|l| crate::lang::data::get(Some(l)).capitalises_nouns);
            if !german {
                u.german_only = false;
            }
            let local = &self.locals[s][g];
            u.plural += local.plural;
            if local.derived {
                u.derived += local.uses.len();
            }
            if u.key.is_empty() {
                u.key = local.stems.join("-");
            }
            for &o in &local.uses {
                let oc = &self.occ[s][o];
                u.spans[s].push(oc.span.clone());
                let form = self.texts[s][oc.span.clone()]
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                match u.forms[s].iter_mut().find(|(f, _)| *f == form) {
                    Some((_, n)) => *n += 1,
                    None => u.forms[s].push((form, 1)),
                }
                u.total += 1;
                u.titled |= oc.title;
                if oc.place || oc.people || oc.article {
                    u.place += 1;
                }
                if oc.title {
                    u.person += 1;
                }
            }
        }
        u
    }
}

/// The base form of the most used form `top` among `forms`: the shortest
/// other form it extends by at most a case ending (Кутузов for Кутузова,
/// Анатоль for Анатоля, Soplica for Soplicas), so an entry is named in
/// the nominative wherever the text uses it at all.
fn base_form(top: &(String, usize), forms: &[(String, usize)]) -> String {
    const ENDING: usize = 3;
    let len = |s: &str| s.chars().count();
    forms
        .iter()
        .map(|(f, _)| f)
        .filter(|f| {
            top.0.starts_with(f.as_str())
                && len(f) >= 3
                && len(&top.0) > len(f)
                && len(&top.0) - len(f) <= ENDING
                && f.split_whitespace().count() == top.0.split_whitespace().count()
        })
        .min_by_key(|f| len(f))
        .cloned()
        .unwrap_or_else(|| top.0.clone())
}

/// The name an entry is shown by: the most used form of each account (the
/// nominative, usually; among equals the fullest, then the shortest, then
/// the first used), both when they differ.
pub(in crate::people) fn shown_name(forms: &[Vec<(String, usize)>; 2]) -> String {
    let rank = |(f, n): &(String, usize)| {
        (
            *n,
            f.split_whitespace().count(),
            std::cmp::Reverse(f.chars().count()),
        )
    };
    let shown: Vec<String> = forms
        .iter()
        .filter_map(|f| {
            f.iter()
                .fold(None::<&(String, usize)>, |best, x| match best {
                    Some(b) if rank(b) >= rank(x) => Some(b),
                    _ => Some(x),
                })
                .map(|top| base_form(top, f))
        })
        .collect();
    let mut name = String::new();
    for f in shown {
        let f = crate::text::sanitize::sanitize(&f).into_owned();
        if name.is_empty() {
            name = f;
        } else if crate::lang::fold::fold_query(&f) != crate::lang::fold::fold_query(&name)
            || is_cyrillic(&f) != is_cyrillic(&name)
        {
            name = format!("{name} / {f}");
        }
    }
    name
}
