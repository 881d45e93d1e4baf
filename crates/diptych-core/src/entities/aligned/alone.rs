//! Names the linking of a translation's names left alone, joined where
//! the alignment still says whom they name: a second spelling of a name
//! (Judas, Judasz), a given name alone where the other account gives the
//! name in full (Dominik, Dominik Radziwill), a name seen once a side
//! spelt alike in the same bead (Безухого, Bezúkhov).

use super::{Item, common_start};
use crate::entities::group::Union;
use crate::entities::{Entities, Kind};
use crate::text::Side;
use std::collections::{HashMap, HashSet};

/// Two spellings of one name share a start at least this long.
const MIN_SPELLING: usize = 5;
/// At most this many names of one start are looked at as another
/// spelling of a name.
const MAX_SPELLINGS: usize = 16;
/// A given name alone is looked for in a full name when it has at least
/// this many letters.
const MIN_NAME_WORD: usize = 4;

/// A name the linking left alone joins a linked one of its own account
/// spelt nearly the same (one a start of the other but for a letter, at
/// least [`MIN_SPELLING`] letters in common: Judas and Judasz, two
/// spellings of one translation), when most of its mentions fall in beads
/// where the other account names that one's partner: a second spelling
/// loses the one-to-one linking to the first, and the alignment still
/// says whom it names.
pub(super) fn spellings_of_one_name(items: &[Item], comps: &mut Union, linked: &mut [bool]) {
    // The beads each linked group's names fall in, per account.
    let mut beads: HashMap<(usize, Side), HashSet<u32>> = HashMap::new();
    for (i, item) in items.iter().enumerate().filter(|&(i, _)| linked[i]) {
        let root = comps.find(i);
        beads
            .entry((root, item.side))
            .or_default()
            .extend(item.beads.iter().map(|b| b.0));
    }
    // The linked names by account and start, for their look-up; a start
    // shared by very many names (a list of konstantin… names) is no
    // evidence of one person, and is looked through no further.
    let start = |form: &str| form.chars().take(MIN_SPELLING).collect::<String>();
    let mut by_start: HashMap<(Side, String), Vec<usize>> = HashMap::new();
    for (j, other) in items.iter().enumerate().filter(|&(j, _)| linked[j]) {
        if other.form.chars().count() >= MIN_SPELLING {
            by_start
                .entry((other.side, start(&other.form)))
                .or_default()
                .push(j);
        }
    }
    let alone: Vec<usize> = (0..items.len()).filter(|&i| !linked[i]).collect();
    for i in alone {
        let item = &items[i];
        if item.mentions.len() < 2 || item.form.contains(' ') {
            continue;
        }
        let Some(candidates) = by_start.get(&(item.side, start(&item.form))) else {
            continue;
        };
        let best = candidates
            .iter()
            .take(MAX_SPELLINGS)
            .copied()
            .filter(|&j| {
                let other = &items[j];
                let shorter = item.form.chars().count().min(other.form.chars().count());
                common_start(&item.form, &other.form) + 1 >= shorter
            })
            .map(|j| {
                let partner = beads.get(&(comps.find(j), item.side.other()));
                let together = item
                    .beads
                    .iter()
                    .filter(|b| partner.is_some_and(|p| p.contains(&b.0)))
                    .count();
                (together, std::cmp::Reverse(j))
            })
            .max();
        if let Some((together, std::cmp::Reverse(j))) = best
            && together >= 2
            && 2 * together > item.mentions.len()
        {
            comps.join(i, j);
            linked[i] = true;
        }
    }
}

/// A one-word name the linking left alone (Dominik, 1 mention) joins the
/// entry of a longer name of the other account that holds the same word
/// (Dominik Radziwill) when most of its mentions fall in beads where the
/// other account names it so: the translation gives the person in full
/// where the original gives a given name alone. So does one that the
/// other account spells alike in those beads, in a one-word name the
/// linking left alone too (Безухого, Bezúkhov: each seen once, too few
/// for the association test). Both are people: a place's name holds
/// words of other kinds (Gray's Inn).
pub(super) fn given_name_of_a_full_name(
    entities: &Entities,
    items: &[Item],
    comps: &mut Union,
    linked: &mut [bool],
) {
    let person = |i: usize| entities.entries[items[i].entry].kind == Kind::Person;
    let mut in_bead: HashMap<(Side, u32), Vec<usize>> = HashMap::new();
    for (j, item) in items.iter().enumerate() {
        if person(j) {
            for b in &item.beads {
                in_bead.entry((item.side, b.0)).or_default().push(j);
            }
        }
    }
    for i in 0..items.len() {
        let item = &items[i];
        if linked[i]
            || !person(i)
            || item.form.contains(' ')
            || item.form.chars().count() < MIN_NAME_WORD
        {
            continue;
        }
        let mut found: HashMap<usize, usize> = HashMap::new();
        for b in &item.beads {
            let Some(others) = in_bead.get(&(item.side.other(), b.0)) else {
                continue;
            };
            let mut seen: Vec<usize> = others
                .iter()
                .copied()
                .filter(|&j| {
                    let other = &items[j].form;
                    items[j].entry != item.entry
                        && (!linked[j] || other.contains(' '))
                        && other.split(' ').any(|w| {
                            w == item.form || (!other.contains(' ') && spelt_alike(w, &item.form))
                        })
                })
                .collect();
            seen.sort_unstable();
            seen.dedup();
            for j in seen {
                *found.entry(j).or_default() += 1;
            }
        }
        let Some((j, n)) = found
            .into_iter()
            .max_by_key(|&(j, n)| (n, std::cmp::Reverse(j)))
        else {
            continue;
        };
        if 3 * n < 2 * item.mentions.len() {
            continue;
        }
        // The other name's entry as the alignment linked it, if it did.
        let to = (0..items.len())
            .filter(|&k| linked[k] && items[k].entry == items[j].entry)
            .filter(|&k| items[k].side == items[j].side)
            .max_by_key(|&k| (items[k].mentions.len(), std::cmp::Reverse(k)))
            .unwrap_or(j);
        comps.join(i, to);
        linked[i] = true;
        linked[to] = true;
    }
}

/// Two spellings of one name in two languages, case endings apart
/// (Безухого, Bezukhov): folded alike for their first [`MIN_SPELLING`]
/// letters at least, and for three quarters of the shorter.
fn spelt_alike(a: &str, b: &str) -> bool {
    let shorter = a.chars().count().min(b.chars().count());
    let common = common_start(a, b);
    common >= MIN_SPELLING && 4 * common >= 3 * shorter
}
