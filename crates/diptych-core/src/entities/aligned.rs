//! Names merged and kept apart through the alignment of a translation:
//! a form of one text and a form of the other that keep falling in the
//! same aligned beads ([`crate::lexicon::associate`]) name one person,
//! however differently spelt (Ланжерон and Langeron, Sędzia and the
//! Judge); two forms grouped in one entry that go with different forms of
//! the other text, and share no word, name two people (Пьер with Pierre,
//! Петя with Pétya). The beads are given as a function, so this room
//! needs nothing of the alignment but its answer.

use super::group::{Union, shown_name};
use super::{Entities, Entry, Kind, Mention};
use crate::lang::fold::fold_query;
use crate::lexicon::associate::{Association, InBead, associate_in_order};
use crate::pair::Pair;
use crate::text::Side;
use alone::{given_name_of_a_full_name, spellings_of_one_name};
use std::collections::HashMap;

/// A part of an entry split off must have at least this many mentions;
/// fewer stay where they were.
const MIN_PART: usize = 3;
/// Floating forms join the part whose forms share a start this long.
const MIN_PREFIX: usize = 3;

/// One name of one entry in one account, in all its case forms (the
/// forms whose words are of the same paradigms), with where it falls.
struct Item {
    entry: usize,
    side: Side,
    /// Its first form, folded, words joined by one space.
    form: String,
    /// The beads of its mentions, with where each mention stands among the
    /// names of its bead.
    beads: Vec<InBead>,
    /// The same for the paragraph beads of its mentions.
    paragraphs: Vec<InBead>,
    /// Indexes into the entry's mentions on `side`.
    mentions: Vec<usize>,
}

/// `people` with the entries the alignment joins joined and those it
/// keeps apart split. `bead_of(side, offset)` names the aligned beads a
/// byte offset of an account falls in: its sentence bead (or its
/// paragraph bead when sentences were not aligned) and its paragraph
/// bead; or none. Listed entries are
/// never split, and two listed entries never joined. The names waiting
/// for the alignment ([`Entities::pending`]) are weighed with the
/// entries, and those it pairs with no name of the other text go.
pub fn merge_aligned(
    entities: &Entities,
    pair: &Pair,
    bead_of: &dyn Fn(Side, usize) -> Option<[u32; 2]>,
) -> Entities {
    if entities.pending.is_empty() {
        return merge(entities, pair, bead_of);
    }
    let all = Entities {
        entries: entities
            .entries
            .iter()
            .chain(&entities.pending)
            .cloned()
            .collect(),
        paradigms: entities.paradigms.clone(),
        pending: Vec::new(),
    };
    let waiting: std::collections::HashSet<(Side, usize)> = entities
        .pending
        .iter()
        .flat_map(|e| e.mentions.iter().flatten())
        .map(|m| (m.side, m.span.start))
        .collect();
    let mut merged = merge(&all, pair, bead_of);
    merged.entries.retain(|e| {
        let one_sided = e.mentions.iter().any(Vec::is_empty);
        let only_waiting = e
            .mentions
            .iter()
            .flatten()
            .all(|m| waiting.contains(&(m.side, m.span.start)));
        !(one_sided && only_waiting)
    });
    merged
}

/// [`merge_aligned`] over the entries alone.
fn merge(
    entities: &Entities,
    pair: &Pair,
    bead_of: &dyn Fn(Side, usize) -> Option<[u32; 2]>,
) -> Entities {
    let items = items(entities, pair, bead_of);
    let sides: [Vec<usize>; 2] =
        Side::BOTH.map(|s| (0..items.len()).filter(|&i| items[i].side == s).collect());
    // A name spelt alike in both texts and met in one bead at least is
    // one name, whatever else its beads hold: it is paired first, and
    // left out of the pairing by beads, where two names of one story
    // that keep meeting may pair crosswise (Rodrigo de Narváez with
    // Abindarraez, and Abindarráez with Rodrigo de Narvaez).
    let alike = spelt_alike(&items, &sides);
    let unpaired = beads_unpaired(&items, &alike);
    let beads: [Vec<Vec<InBead>>; 2] =
        [0, 1].map(|k| sides[k].iter().map(|&i| unpaired[i].clone()).collect());
    let mut comps = Union::new(items.len());
    one_paradigm_one_name(entities, &items, &mut comps);
    let mut linked = vec![false; items.len()];
    let mut link = |l: usize, r: usize| {
        comps.join(l, r);
        linked[l] = true;
        linked[r] = true;
    };
    alike.iter().for_each(|&(l, r)| link(l, r));
    // Names that go together.
    let forms = names_together(&items, &sides, &beads);
    for a in &forms {
        link(sides[0][a.left], sides[1][a.right]);
    }
    // Entries that go together, all their forms counted (a name's case
    // forms share its evidence: Telimena, Telimeny, Telimeną beside
    // Telimena), each joined by its most used forms.
    let whole = entry_sides(entities, &items);
    // (Less the names spelt alike, paired already.)
    let entry_beads: [Vec<Vec<InBead>>; 2] = [0, 1].map(|k| {
        let of = |its: &Vec<usize>| its.iter().flat_map(|&i| unpaired[i].clone()).collect();
        whole[k].iter().map(of).collect()
    });
    let entries = associate_in_order([&entry_beads[0], &entry_beads[1]]);
    for a in entries.iter().filter(|a| a.left != a.right) {
        let top = |k: usize, e: usize| {
            whole[k][e]
                .iter()
                .copied()
                .max_by_key(|&i| (items[i].mentions.len(), std::cmp::Reverse(i)))
        };
        if let (Some(l), Some(r)) = (top(0, a.left), top(1, a.right)) {
            link(l, r);
        }
    }
    spellings_of_one_name(&items, &mut comps, &mut linked);
    given_name_of_a_full_name(entities, &items, &mut comps, &mut linked);
    // Nothing linked: no name of one account goes with one of the other.
    if !linked.iter().any(|&l| l) {
        return entities.clone();
    }
    // Each entry in parts; each part a list of items.
    let mut parts: Vec<(usize, Vec<usize>)> = Vec::new();
    for (e, entry) in entities.entries.iter().enumerate() {
        let its: Vec<usize> = (0..items.len()).filter(|&i| items[i].entry == e).collect();
        if its.is_empty() {
            continue;
        }
        for p in split(&items, &its, &linked, &mut comps, entry.listed) {
            parts.push((e, p));
        }
    }
    // Parts whose items the alignment links are one entry.
    let mut joined = Union::new(parts.len());
    let mut listed: Vec<Option<usize>> = parts
        .iter()
        .map(|(e, _)| entities.entries[*e].listed.then_some(*e))
        .collect();
    let mut by_comp: HashMap<usize, usize> = HashMap::new();
    for (p, (_, its)) in parts.iter().enumerate() {
        for &i in its.iter().filter(|&&i| linked[i]) {
            let c = comps.find(i);
            match by_comp.get(&c) {
                None => {
                    by_comp.insert(c, p);
                }
                Some(&q) => {
                    let (a, b) = (joined.find(p), joined.find(q));
                    if a == b || (listed[a].is_some() && listed[b].is_some()) {
                        continue;
                    }
                    joined.join(a, b);
                    let root = joined.find(a);
                    listed[root] = listed[a].or(listed[b]);
                }
            }
        }
    }
    let mut groups: HashMap<usize, Vec<usize>> = HashMap::new();
    for p in 0..parts.len() {
        groups.entry(joined.find(p)).or_default().push(p);
    }
    let mut groups: Vec<Vec<usize>> = groups.into_values().collect();
    groups.sort_by_key(|g| g[0]);
    let mut entries: Vec<Entry> = groups
        .iter()
        .map(|g| assemble(entities, pair, &items, &parts, g))
        .collect();
    // Listed entries with no mention stay as they were.
    entries.extend(entities.entries.iter().filter(|e| e.total() == 0).cloned());
    super::unique_ids(&mut entries);
    super::sort_entries(&mut entries);
    Entities {
        entries,
        paradigms: entities.paradigms.clone(),
        pending: Vec::new(),
    }
}

/// Each item's beads; none for the names spelt alike, paired already.
fn beads_unpaired(items: &[Item], alike: &[(usize, usize)]) -> Vec<Vec<InBead>> {
    let mut beads: Vec<Vec<InBead>> = items.iter().map(|i| i.beads.clone()).collect();
    for &(l, r) in alike {
        beads[l].clear();
        beads[r].clear();
    }
    beads
}

/// The names (left and right item) spelt alike, folded, in both
/// accounts, each spelling one name's alone on its side, used about as
/// often on both sides, that meet in a bead at least once.
fn spelt_alike(items: &[Item], sides: &[Vec<usize>; 2]) -> Vec<(usize, usize)> {
    /// Shorter spellings say too little.
    const MIN_LETTERS: usize = 4;
    /// Nor does a name used once.
    const MIN_USES: usize = 2;
    let mut by_form: [HashMap<&str, Option<usize>>; 2] = Default::default();
    for (k, side) in sides.iter().enumerate() {
        for (x, &i) in side.iter().enumerate() {
            let form = items[i].form.as_str();
            if form.chars().count() >= MIN_LETTERS {
                // A second name of the same spelling makes it no one's.
                by_form[k]
                    .entry(form)
                    .and_modify(|v| *v = None)
                    .or_insert(Some(x));
            }
        }
    }
    let mut out: Vec<(usize, usize)> = by_form[0]
        .iter()
        .filter_map(|(form, l)| Some(((*l)?, by_form[1].get(form).copied()??)))
        .filter(|&(l, r)| {
            // Used about as often on both sides (a French "England" once
            // is no rival of Angleterre for the English England).
            let [a, b] = [
                items[sides[0][l]].mentions.len(),
                items[sides[1][r]].mentions.len(),
            ];
            a >= MIN_USES && b >= MIN_USES && a.min(b) * 2 >= a.max(b)
        })
        .filter(|&(l, r)| {
            let theirs: std::collections::HashSet<u32> =
                items[sides[1][r]].beads.iter().map(|b| b.0).collect();
            items[sides[0][l]]
                .beads
                .iter()
                .any(|b| theirs.contains(&b.0))
        })
        .collect();
    out.sort_unstable();
    out.into_iter()
        .map(|(l, r)| (sides[0][l], sides[1][r]))
        .collect()
}

/// Joins the forms of one entry in one account that share a word's
/// paradigm (Павла, Павлу, Павлом; Иисуса and Иисуса Христа): whichever
/// forms of the other text their cases align with, they are one name.
fn one_paradigm_one_name(entities: &Entities, items: &[Item], comps: &mut Union) {
    let mut first: HashMap<(usize, Side, String), usize> = HashMap::new();
    for (i, item) in items.iter().enumerate() {
        let paradigms = &entities.paradigms[item.side.index()];
        for w in item.form.split(' ').filter(|w| w.chars().count() >= 3) {
            let key = paradigms
                .get(w)
                .map_or_else(|| w.to_string(), |f| format!("#{}", f.paradigm));
            match first.get(&(item.entry, item.side, key.clone())) {
                Some(&j) => comps.join(i, j),
                None => {
                    first.insert((item.entry, item.side, key), i);
                }
            }
        }
    }
}

/// The names of the two sides (indexes into each of `sides`) that go
/// together by the sentence beads they fall in (`beads`); those left
/// alone then by their paragraph beads (verse against prose: a name's
/// sentence beads are often a neighbour apart).
fn names_together(
    items: &[Item],
    sides: &[Vec<usize>; 2],
    beads: &[Vec<Vec<InBead>>; 2],
) -> Vec<Association> {
    let mut forms = associate_in_order([&beads[0], &beads[1]]);
    // (A name without beads here was paired already: `spelt_alike`.)
    let free: [Vec<usize>; 2] = [0, 1].map(|k| {
        (0..sides[k].len())
            .filter(|&i| !beads[k][i].is_empty() && forms.iter().all(|a| [a.left, a.right][k] != i))
            .collect()
    });
    let coarse: [Vec<Vec<InBead>>; 2] = [0, 1].map(|k| {
        free[k]
            .iter()
            .map(|&i| items[sides[k][i]].paragraphs.clone())
            .collect()
    });
    forms.extend(
        associate_in_order([&coarse[0], &coarse[1]])
            .into_iter()
            .map(|a| Association {
                left: free[0][a.left],
                right: free[1][a.right],
                ..a
            }),
    );
    forms
}

/// Every entry's forms in each account, with the beads they fall in.
fn items(
    entities: &Entities,
    pair: &Pair,
    bead_of: &dyn Fn(Side, usize) -> Option<[u32; 2]>,
) -> Vec<Item> {
    let mut items = Vec::new();
    // Every mention in a bead, for each kind of bead: (side, bead, start, item).
    let mut placed: [Vec<(usize, u32, usize, usize)>; 2] = Default::default();
    for (e, entry) in entities.entries.iter().enumerate() {
        for side in Side::BOTH {
            let text = &pair.account(side).text;
            let paradigms = &entities.paradigms[side.index()];
            let mut at: HashMap<String, usize> = HashMap::new();
            for (m, mention) in entry.mentions[side.index()].iter().enumerate() {
                let form = folded_form(&text[mention.span.clone()]);
                // One item a name, in all its case forms: Agrypa and
                // Agrypo meet Агриппа together, not each on its own.
                let key = form
                    .split(' ')
                    .map(|w| {
                        paradigms
                            .get(w)
                            .map_or_else(|| w.to_string(), |f| format!("#{}", f.paradigm))
                    })
                    .collect::<Vec<_>>()
                    .join(" ");
                let i = *at.entry(key).or_insert_with(|| {
                    items.push(Item {
                        entry: e,
                        side,
                        form,
                        beads: Vec::new(),
                        paragraphs: Vec::new(),
                        mentions: Vec::new(),
                    });
                    items.len() - 1
                });
                items[i].mentions.push(m);
                if let Some(bs) = bead_of(side, mention.span.start) {
                    for (kind, b) in bs.into_iter().enumerate() {
                        placed[kind].push((side.index(), b, mention.span.start, i));
                    }
                }
            }
        }
    }
    // Each mention's place among the names of its bead, 0 to 1.
    for (kind, placed) in placed.iter_mut().enumerate() {
        placed.sort_unstable();
        for run in placed.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
            let last = (run.len() - 1).max(1) as f32;
            for (k, &(_, bead, _, i)) in run.iter().enumerate() {
                let at = (bead, k as f32 / last);
                match kind {
                    0 => items[i].beads.push(at),
                    _ => items[i].paragraphs.push(at),
                }
            }
        }
    }
    items
}

/// Each entry's items on each side (indexes into `items`).
fn entry_sides(entities: &Entities, items: &[Item]) -> [Vec<Vec<usize>>; 2] {
    let mut out = [
        vec![Vec::new(); entities.entries.len()],
        vec![Vec::new(); entities.entries.len()],
    ];
    for (i, item) in items.iter().enumerate() {
        out[item.side.index()][item.entry].push(i);
    }
    out
}

/// A form as a key: folded, words joined by one space.
fn folded_form(text: &str) -> String {
    fold_query(text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// One entry's items in parts: one part, unless the alignment links its
/// forms with different forms of the other text, the forms share no word
/// and each part has [`MIN_PART`] mentions (Пьер/Pierre and Петя/Pétya).
/// Forms the alignment says nothing of go with the part whose forms
/// start the same way, or the largest.
fn split(
    items: &[Item],
    its: &[usize],
    linked: &[bool],
    comps: &mut Union,
    listed: bool,
) -> Vec<Vec<usize>> {
    let mut roots: Vec<(usize, Vec<usize>)> = Vec::new();
    for &i in its.iter().filter(|&&i| linked[i]) {
        let c = comps.find(i);
        match roots.iter_mut().find(|(r, _)| *r == c) {
            Some((_, v)) => v.push(i),
            None => roots.push((c, vec![i])),
        }
    }
    if listed || roots.len() < 2 {
        return vec![its.to_vec()];
    }
    let mut groups: Vec<Vec<usize>> = roots.into_iter().map(|(_, v)| v).collect();
    // Groups sharing a word (Андрей, Андрей Болконский) are one person.
    let shares_word = |a: &[usize], b: &[usize]| {
        a.iter().any(|&x| {
            b.iter().any(|&y| {
                items[x].side == items[y].side
                    && items[x]
                        .form
                        .split(' ')
                        .any(|w| items[y].form.split(' ').any(|v| v == w))
            })
        })
    };
    let mentions = |g: &[usize]| g.iter().map(|&i| items[i].mentions.len()).sum::<usize>();
    loop {
        let n = groups.len();
        let pair = (0..n).find_map(|a| {
            (a + 1..n)
                .find(|&b| {
                    shares_word(&groups[a], &groups[b])
                        || mentions(&groups[a]) < MIN_PART
                        || mentions(&groups[b]) < MIN_PART
                })
                .map(|b| (a, b))
        });
        let Some((a, b)) = pair else { break };
        let moved = groups.remove(b);
        groups[a].extend(moved);
    }
    if groups.len() < 2 {
        return vec![its.to_vec()];
    }
    for &i in its.iter().filter(|&&i| !linked[i]) {
        // A form goes with its own paradigm's forms (Иоанном with Иоанн,
        // not with Иоаннова, which starts more like it).
        let root = comps.find(i);
        if let Some(g) =
            (0..groups.len()).find(|&g| groups[g].iter().any(|&j| comps.find(j) == root))
        {
            groups[g].push(i);
            continue;
        }
        let prefix = |g: &Vec<usize>| {
            g.iter()
                .filter(|&&j| items[j].side == items[i].side)
                .map(|&j| common_start(&items[i].form, &items[j].form))
                .max()
                .unwrap_or(0)
        };
        let best = (0..groups.len())
            .max_by_key(|&g| {
                let p = prefix(&groups[g]);
                (if p >= MIN_PREFIX { p } else { 0 }, mentions(&groups[g]))
            })
            .unwrap_or(0);
        groups[best].push(i);
    }
    groups
}

/// How many characters two strings start with in common.
fn common_start(a: &str, b: &str) -> usize {
    a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count()
}

/// The entry of the parts `group` (indexes into `parts`): the original
/// entry when it is one whole entry, else made of its mentions.
fn assemble(
    entities: &Entities,
    pair: &Pair,
    items: &[Item],
    parts: &[(usize, Vec<usize>)],
    group: &[usize],
) -> Entry {
    let entries: Vec<usize> = {
        let mut e: Vec<usize> = group.iter().map(|&p| parts[p].0).collect();
        e.dedup();
        e
    };
    let whole = |e: usize| parts.iter().filter(|(x, _)| *x == e).count() == 1;
    if let [e] = entries[..]
        && whole(e)
    {
        return entities.entries[e].clone();
    }
    let its: Vec<usize> = group.iter().flat_map(|&p| parts[p].1.clone()).collect();
    let mut mentions: [Vec<Mention>; 2] = [Vec::new(), Vec::new()];
    let mut forms: [Vec<(String, usize)>; 2] = [Vec::new(), Vec::new()];
    let mut kinds: HashMap<Kind, usize> = HashMap::new();
    // Mentions from place entries, per side.
    let mut placed_on = [0usize; 2];
    for &i in &its {
        let item = &items[i];
        let entry = &entities.entries[item.entry];
        let k = item.side.index();
        let text = &pair.account(item.side).text;
        for &m in &item.mentions {
            let mention = &entry.mentions[k][m];
            mentions[k].push(mention.clone());
            let form = text[mention.span.clone()]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            match forms[k].iter_mut().find(|(f, _)| *f == form) {
                Some((_, n)) => *n += 1,
                None => forms[k].push((form, 1)),
            }
            *kinds.entry(entry.kind).or_default() += 1;
            if entry.kind == Kind::Place {
                placed_on[k] += 1;
            }
        }
    }
    for m in &mut mentions {
        m.sort_by_key(|m| (m.span.start, m.span.end));
        m.dedup_by(|a, b| a.span == b.span);
    }
    // The listed entry among them, if any, gives the name and the facts.
    let base = entries
        .iter()
        .copied()
        .find(|&e| entities.entries[e].listed)
        .unwrap_or_else(|| {
            *entries
                .iter()
                .max_by_key(|&&e| entities.entries[e].total())
                .unwrap_or(&entries[0])
        });
    let mut entry = entities.entries[base].clone();
    let langs = Side::BOTH.map(|s| {
        pair.account(s)
            .meta
            .language
            .map_or("other", crate::Lang::code)
            .to_string()
    });
    if !entry.listed {
        let langs = Side::BOTH.map(|s| pair.account(s).meta.language);
        entry.name = shown_name(&forms, langs, &|side, w| {
            entities.paradigms[side.index()].get(w).copied()
        });
        // A person unless places hold far more of the mentions: the cues
        // of a place are weaker than a title (the Judge has an article).
        let persons = kinds.get(&Kind::Person).copied().unwrap_or(0);
        let all: usize = kinds.values().sum();
        // Or where one text, naming it five times or more, never makes
        // it a place (the German "Jack" beside "the Dodger").
        let a_person_in_one = (0..2).any(|k| mentions[k].len() >= 5 && placed_on[k] == 0);
        entry.kind = if persons * 3 >= all || a_person_in_one {
            Kind::Person
        } else {
            Kind::Place
        };
        entry.forms.clear();
        let key: String = forms
            .iter()
            .flat_map(|f| f.iter().max_by_key(|(_, n)| *n))
            .map(|(f, _)| {
                fold_query(f)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join("-")
            })
            .next()
            .unwrap_or_default();
        entry.id = format!("unlisted:{key}");
    }
    for (k, f) in forms.iter().enumerate() {
        for (form, _) in f {
            if !entry.forms.iter().any(|(l, x)| *l == langs[k] && x == form) {
                entry.forms.push((langs[k].clone(), form.clone()));
            }
        }
    }
    entry.mentions = mentions;
    entry
}

mod alone;
#[cfg(test)]
mod tests;
