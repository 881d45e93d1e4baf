//! Matching one account's entries to the other's: the same name by sound in
//! any of its forms, the same known place in another language, every word
//! alike by sound or as a given name, one long word a letter apart, one
//! given name that is the only one of its kind on both sides, the same
//! sound once a case ending is off (Philipps and Philip), or, last, the
//! same stem once a classical or changed ending is off (Tyros and Tyre).
//! A name one
//! account gives a person (a title before it: Captain François) never
//! meets by sound alone a name the other gives a place or a people (the
//! French's Français, after place words or in the language's peoples).

use super::{Local, given_index, one_given};
use crate::lang::given::given_name;
use crate::lang::sound::{sound_key, typo_budget, within};
use crate::lang::tables;
use std::collections::{HashMap, HashSet};

/// The right account's entries, looked up by what the passes compare.
struct RightIndex<'a> {
    /// By each sound key of each name.
    by_key: HashMap<&'a str, Vec<usize>>,
    /// By the last word's sound key of a name of several words.
    by_last: HashMap<String, Vec<usize>>,
    /// One-word keys by first letter and length (for a letter apart).
    singles: HashMap<(char, usize), Vec<(usize, &'a str)>>,
    /// By given name (entries of one word that is one).
    given: HashMap<u32, Vec<usize>>,
    /// By the known place they name.
    by_place: HashMap<u32, Vec<usize>>,
    /// By each sound key of each name of one word, with a case ending
    /// and without (the `-` keys, less their mark).
    loose: HashMap<&'a str, Vec<usize>>,
}

impl<'a> RightIndex<'a> {
    fn new(keys: &'a [Vec<String>], locals: &[Local], places: &[Option<u32>]) -> Self {
        let mut by_key: HashMap<&str, Vec<usize>> = HashMap::new();
        let mut by_last: HashMap<String, Vec<usize>> = HashMap::new();
        let mut singles: HashMap<(char, usize), Vec<(usize, &str)>> = HashMap::new();
        let mut loose: HashMap<&str, Vec<usize>> = HashMap::new();
        for (j, ks) in keys.iter().enumerate() {
            for k in ks {
                if let Some(l) = loose_key(k) {
                    loose.entry(l).or_default().push(j);
                }
                if k.starts_with('-') {
                    continue;
                }
                by_key.entry(k.as_str()).or_default().push(j);
                match k.rsplit_once(' ') {
                    Some((_, last)) => by_last.entry(last.to_string()).or_default().push(j),
                    None => {
                        if let Some(c) = k.chars().next() {
                            singles
                                .entry((c, k.chars().count()))
                                .or_default()
                                .push((j, k.as_str()));
                        }
                    }
                }
            }
        }
        let mut by_place: HashMap<u32, Vec<usize>> = HashMap::new();
        for (j, p) in places.iter().enumerate() {
            if let Some(p) = p {
                by_place.entry(*p).or_default().push(j);
            }
        }
        RightIndex {
            by_key,
            by_last,
            singles,
            given: given_index(locals),
            by_place,
            loose,
        }
    }
}

/// A key of a name of one word by its sound, its case ending off (a `-`
/// key, less its mark) or not; none for the other kinds of key.
fn loose_key(k: &str) -> Option<&str> {
    match k.strip_prefix('-') {
        Some(bare) => Some(bare),
        None => (!k.contains(' ') && !k.starts_with(['=', '~'])).then_some(k),
    }
}

/// What an entry's uses say it is, before the accounts are matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lean {
    /// A title stands before a use, and no use says place or people.
    Person,
    /// Most uses say place or people (after a place word or an article,
    /// a people's name, the plural), and no title stands before one.
    Place,
    /// Neither, or both.
    Open,
}

impl Lean {
    /// The lean of `title` uses with a title and `place` uses that say
    /// place or people, of `total`.
    pub(super) fn of(title: usize, place: usize, total: usize) -> Lean {
        match (title, place) {
            (t, 0) if t > 0 => Lean::Person,
            (0, p) if p * 2 > total => Lean::Place,
            _ => Lean::Open,
        }
    }

    /// True when one is a person and the other a place.
    fn clash(self, other: Lean) -> bool {
        matches!(
            (self, other),
            (Lean::Person, Lean::Place) | (Lean::Place, Lean::Person)
        )
    }
}

/// The (left entry, right entry) pairs that are one: each left entry meets
/// at most one right entry, the first pass that finds one deciding; an
/// entry that leans to a person and one that leans to a place meet only
/// as one known place (`leans`).
pub(super) fn matches(
    locals: &[Vec<Local>; 2],
    places: &[Vec<Option<u32>>; 2],
    leans: &[Vec<Lean>; 2],
    endings: [&[String]; 2],
) -> Vec<(usize, usize)> {
    let keys: [Vec<Vec<String>>; 2] =
        [0, 1].map(|s| locals[s].iter().map(|l| l.keys(endings[s])).collect());
    let right = RightIndex::new(&keys[1], &locals[1], &places[1]);
    let given_left = given_index(&locals[0]);
    let mut taken: HashSet<usize> = HashSet::new();
    let mut out = Vec::new();
    for (i, ks) in keys[0].iter().enumerate() {
        let free = |j: &usize| !taken.contains(j) && !leans[0][i].clash(leans[1][*j]);
        // The same name by sound, in any of its forms.
        let exact = ks
            .iter()
            .filter_map(|k| right.by_key.get(k.as_str()))
            .flatten()
            .copied()
            .find(free);
        // Several words: each the same by sound or as a given name, one at
        // least by sound (Жан Рапп and Jean Rapp).
        let words = || {
            ks.iter().find_map(|k| {
                let (_, last) = k.rsplit_once(' ')?;
                right
                    .by_last
                    .get(last)?
                    .iter()
                    .copied()
                    .filter(free)
                    .find(|&j| {
                        let a = &locals[0][i].words;
                        locals[1][j].names.iter().any(|b| {
                            a.len() == b.len()
                                && (0..a.len()).all(|w| {
                                    sound_key(&a[w]) == sound_key(&b[w])
                                        || given_name(&a[w])
                                            .is_some_and(|g| given_name(&b[w]) == Some(g))
                                })
                        })
                    })
            })
        };
        // One long word a letter apart by sound.
        let near = || {
            ks.iter().filter(|k| !k.contains(' ')).find_map(|k| {
                let n = k.chars().count();
                if typo_budget(n.saturating_sub(2)) == 0 {
                    return None;
                }
                let c = k.chars().next()?;
                (n - 1..=n + 1)
                    .filter_map(|len| right.singles.get(&(c, len)))
                    .flatten()
                    .find(|(j, other)| free(j) && within(k, other, 1))
                    .map(|(j, _)| *j)
            })
        };
        let given = || {
            let g = one_given(&locals[0][i])?;
            let (left, right) = (given_left.get(&g)?, right.given.get(&g)?);
            (left.len() == 1 && right.len() == 1 && free(&right[0])).then_some(right[0])
        };
        // The same known place in another language (Париж and Paris).
        let place = || {
            let js = right.by_place.get(&places[0][i]?)?;
            js.iter().copied().find(|j| !taken.contains(j))
        };
        // The same name by sound once a case ending is off one side or
        // both (Philipps and Philip, Sophien and Sophy).
        let ending = || {
            ks.iter()
                .filter_map(|k| loose_key(k))
                .filter_map(|k| right.loose.get(k))
                .flatten()
                .copied()
                .find(free)
        };
        if let Some(j) = exact
            .or_else(place)
            .or_else(words)
            .or_else(near)
            .or_else(given)
            .or_else(ending)
        {
            taken.insert(j);
            out.push((i, j));
        }
    }
    out.extend(changed_endings(locals, leans, &out));
    out
}

/// The last pass: one word each, the same stem once a classical ending or
/// one a language changes is off (Tyros and Tyre, Pelusion and Pelusium:
/// English drops or latinises what German keeps of the Greek), between
/// entries nothing else has met (`met`), each used again and again, and
/// each the other's only such entry. The stems are short (tyr), so this
/// asks more than the passes above: a name of the other kind or another
/// given name (Louise and Louis) never meets so.
fn changed_endings(
    locals: &[Vec<Local>; 2],
    leans: &[Vec<Lean>; 2],
    met: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    /// Uses in each account that make a name worth meeting so.
    const USES: usize = 3;
    let mut taken: [HashSet<usize>; 2] = [HashSet::new(), HashSet::new()];
    for &(i, j) in met {
        taken[0].insert(i);
        taken[1].insert(j);
    }
    // Each free entry of one word by the sound keys of its stems.
    let stems = |s: usize| -> HashMap<String, Vec<usize>> {
        let mut by: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, l) in locals[s].iter().enumerate() {
            let [word] = l.words.as_slice() else { continue };
            if taken[s].contains(&i) || l.uses.len() < USES {
                continue;
            }
            let mut keys: Vec<String> = tables::changed_stems(word).map(sound_key).collect();
            keys.sort();
            keys.dedup();
            for k in keys.into_iter().filter(|k| k.chars().count() >= 2) {
                by.entry(k).or_default().push(i);
            }
        }
        by
    };
    let by = [stems(0), stems(1)];
    // Each entry's partners by any stem, on the other side.
    let partners = |s: usize| -> HashMap<usize, HashSet<usize>> {
        let mut out: HashMap<usize, HashSet<usize>> = HashMap::new();
        for (k, is) in &by[s] {
            for &i in is {
                let entry = out.entry(i).or_default();
                if let Some(js) = by[1 - s].get(k) {
                    entry.extend(js.iter().copied());
                }
            }
        }
        out
    };
    let (left, right) = (partners(0), partners(1));
    let mut out: Vec<(usize, usize)> = left
        .iter()
        .filter_map(|(&i, js)| {
            let mut js = js.iter();
            let (Some(&j), None) = (js.next(), js.next()) else {
                return None;
            };
            let back = right.get(&j)?;
            let (a, b) = (&locals[0][i].words[0], &locals[1][j].words[0]);
            let other_given = given_name(a)
                .zip(given_name(b))
                .is_some_and(|(x, y)| x != y);
            (back.len() == 1 && !leans[0][i].clash(leans[1][j]) && !other_given).then_some((i, j))
        })
        .collect();
    out.sort_unstable();
    out
}
