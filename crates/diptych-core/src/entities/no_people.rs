//! What is found capitalised but is no person: an adjective made from
//! another entry's name (moved among the places), and a one-sided name
//! the other account writes as a common word (dropped).

use super::{Entry, Kind};
use crate::pair::Pair;
use crate::text::Side;
// Every word of a book is looked up in the counts: foldhash, as search
// does (a book's words need no defence against crafted collisions).
use foldhash::HashMap as FastMap;
use std::collections::HashMap;

/// An unlisted person all of whose forms are an adjective made from
/// another entry's name (Кутузовский from Кутузов, Праценских from Прац:
/// `[names] adjectives` of texts/languages.toml) is no person: it is
/// moved among the places, beside peoples and institutions.
pub(super) fn adjectives_are_no_people(entries: &mut [Entry]) {
    let adjectives = crate::lang::tables::name_adjectives();
    let names: Vec<std::collections::HashSet<String>> = entries
        .iter()
        .map(|e| {
            e.forms
                .iter()
                .map(|(_, f)| crate::lang::fold::fold_query(f))
                .collect()
        })
        .collect();
    // One-word names (three letters or more) → the first two entries so
    // named: looked up, not searched, so that 100,000 names stay linear.
    let mut by_name: HashMap<&str, [Option<usize>; 2]> = HashMap::new();
    for (i, ns) in names.iter().enumerate() {
        for n in ns
            .iter()
            .filter(|n| !n.contains(' ') && n.chars().count() >= 3)
        {
            let slot = by_name.entry(n.as_str()).or_default();
            if slot[0].is_none() {
                slot[0] = Some(i);
            } else if slot[0] != Some(i) && slot[1].is_none() {
                slot[1] = Some(i);
            }
        }
    }
    // Whether folded `stem` is another entry's one-word name, or that name
    // with at most two letters more (Прац, Праценских).
    let named_by_other = |me: usize, stem: &str| {
        let ends: Vec<usize> = stem
            .char_indices()
            .map(|(i, _)| i)
            .chain([stem.len()])
            .collect();
        ends.iter().rev().take(3).any(|&end| {
            by_name
                .get(&stem[..end])
                .is_some_and(|slot| slot.iter().flatten().any(|&i| i != me))
        })
    };
    for i in 0..entries.len() {
        let e = &entries[i];
        if e.listed || e.kind != Kind::Person || e.forms.is_empty() {
            continue;
        }
        let all_adjectives = names[i].iter().all(|f| {
            adjectives.iter().any(|a| {
                f.strip_suffix(a.as_str())
                    .is_some_and(|stem| named_by_other(i, stem))
            })
        });
        if all_adjectives {
            entries[i].kind = Kind::Place;
        }
    }
}

/// How often the other account must write a one-sided name in lower case
/// for it to be a common word of that language.
const COMMON_IN_OTHER: usize = 3;

/// Drops the unlisted names that only one account uses and that the other
/// writes in lower case, as a common word, at least [`COMMON_IN_OTHER`]
/// times and never with a capital: English "the 1st Corps" beside French
/// "corps", "Brigades" beside "brigades". A name both accounts share
/// (Fix in Le Tour du monde) is not touched.
pub(super) fn common_words_are_no_people(pair: &Pair, entries: &mut Vec<Entry>) {
    // The one-sided entries' one-word forms, lower case, by the side
    // they are missing from.
    let mut wanted: [FastMap<String, (usize, usize)>; 2] = [FastMap::default(), FastMap::default()];
    for e in entries.iter() {
        if e.listed || e.kind != Kind::Person {
            continue;
        }
        for side in Side::BOTH {
            let (mine, theirs) = (side.index(), side.other().index());
            if e.mentions[theirs].is_empty() && !e.mentions[mine].is_empty() {
                for m in &e.mentions[mine] {
                    let word = &pair.account(side).text[m.span.clone()];
                    if !word.contains(char::is_whitespace) {
                        wanted[theirs].insert(word.to_lowercase(), (0, 0));
                    }
                }
            }
        }
    }
    if wanted.iter().all(FastMap::is_empty) {
        return;
    }
    // Each account's words counted on a thread of its own: a pass over a
    // whole book each, each thread with its account's table.
    let count = |side: Side, mut counts: FastMap<String, (usize, usize)>| {
        if counts.is_empty() {
            return counts;
        }
        let mut lower = String::new();
        for word in pair
            .account(side)
            .text
            .split(|c: char| !crate::text::is_word_char(c))
        {
            if word.is_empty() {
                continue;
            }
            lower.clear();
            lower.extend(word.chars().flat_map(char::to_lowercase));
            if let Some(c) = counts.get_mut(&lower) {
                if word.chars().next().is_some_and(char::is_lowercase) {
                    c.0 += 1;
                } else {
                    c.1 += 1;
                }
            }
        }
        counts
    };
    let [left, right] = wanted;
    let (left, right) = crate::text::join(|| count(Side::Left, left), || count(Side::Right, right));
    let wanted = [left, right];
    let common = |side: Side, word: &str| {
        wanted[side.index()]
            .get(&word.to_lowercase())
            .is_some_and(|&(lower, capital)| lower >= COMMON_IN_OTHER && capital == 0)
    };
    entries.retain(|e| {
        if e.listed || e.kind != Kind::Person {
            return true;
        }
        !Side::BOTH.into_iter().any(|side| {
            let (mine, theirs) = (side.index(), side.other().index());
            e.mentions[theirs].is_empty()
                && !e.mentions[mine].is_empty()
                && e.mentions[mine]
                    .iter()
                    .all(|m| common(side.other(), &pair.account(side).text[m.span.clone()]))
        })
    });
}
