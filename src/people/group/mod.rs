//! Grouping the uses of unlisted names into entries: within an account,
//! case forms by their stems (Кутузов, Кутузова, Кутузовым) and short names
//! into the one longer name that holds them (Pavlovna into Anna Pavlovna);
//! across the accounts, by the sound key (Вейротер and Weyrother) or, for
//! given names, by the given-names table (Андрей and Andrew), never for
//! short or common words (Он and On). An entry is a place when most of its
//! uses say so.

mod across;
mod entry;

pub(super) use entry::shown_name;

use super::candidates::Occurrence;
use crate::lang::Lang;
use crate::lang::data;
use crate::lang::given::given_name;
use crate::lang::places::place_of;
use crate::lang::sound::sound_key;
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

/// Stems shorter than this never group forms.
const MIN_STEM: usize = 3;
/// Sound keys shorter than this never meet across the accounts.
const MIN_SOUND: usize = 4;

/// An entry made of unlisted names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Its name as shown: the most used form of each account.
    pub name: String,
    /// A stable key (folded, words joined by `-`).
    pub key: String,
    /// Its uses in each account, in reading order.
    pub spans: [Vec<Range<usize>>; 2],
    /// True when most uses say it is a place or a people.
    pub place: bool,
    /// The surface forms used, per account.
    pub forms: [Vec<String>; 2],
}

/// The entries of one account before the accounts are matched.
#[derive(Debug, Clone)]
struct Local {
    /// Its words, folded (from its most used form).
    words: Vec<String>,
    /// Indexes into the account's occurrences.
    uses: Vec<usize>,
    /// The stem of each word.
    stems: Vec<String>,
    /// Every name it goes by, as words (its forms, and their stems).
    names: Vec<Vec<String>>,
    /// Its forms as written, lower-cased (not folded: the script counts).
    surfaces: Vec<String>,
}

impl Local {
    /// The sound keys of every name it goes by (each word's sound key,
    /// joined by spaces), long enough to tell names apart.
    fn keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = self
            .names
            .iter()
            .map(|n| n.iter().map(|w| sound_key(w)).collect::<Vec<_>>().join(" "))
            .filter(|k| k.chars().filter(|c| *c != ' ').count() >= MIN_SOUND)
            .collect();
        // A Latin or Greek name's stem without its ending (Vinicius and
        // Winicjusz, Lucterius and Luctérios), as a key of its own kind.
        // Single words only: a longer name's words meet by their own.
        for n in &self.names {
            if let [word] = n.as_slice()
                && let Some(stem) = data::classical_stem(word)
            {
                keys.push(format!("~{}", sound_key(stem)));
            }
        }
        // A short name spelled the same in both texts (Lise and Lise) is
        // the same name; Он and On are not spelled the same.
        keys.extend(
            self.surfaces
                .iter()
                .filter(|s| s.chars().count() >= 3)
                .map(|s| format!("={s}")),
        );
        keys.sort();
        keys.dedup();
        keys
    }
}

/// A union-find over `n` items.
pub(super) struct Union(Vec<usize>);

impl Union {
    /// `n` items, each alone.
    pub(super) fn new(n: usize) -> Union {
        Union((0..n).collect())
    }
    /// The representative of `i`'s set.
    pub(super) fn find(&mut self, i: usize) -> usize {
        let mut r = i;
        while self.0[r] != r {
            r = self.0[r];
        }
        let mut c = i;
        while self.0[c] != r {
            let next = self.0[c];
            self.0[c] = r;
            c = next;
        }
        r
    }
    /// Joins the sets of `a` and `b`.
    pub(super) fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.0[ra.max(rb)] = ra.min(rb);
        }
    }
}

/// The entries made from the occurrences of both accounts: each
/// account's own entries (`local_groups`), those naming one known place
/// joined within an account, then matched across the accounts
/// (`across`), and each set of joined entries made one [`Group`]
/// (`entry`).
pub fn group(texts: [&str; 2], occ: [&[Occurrence]; 2], langs: [Option<Lang>; 2]) -> Vec<Group> {
    let locals = [0, 1].map(|s| local_groups(texts[s], occ[s], langs[s]));
    let n0 = locals[0].len();
    let mut u = Union::new(n0 + locals[1].len());
    // Known places (texts/places.toml) each entry names.
    let places: [Vec<Option<u32>>; 2] =
        [0, 1].map(|s| locals[s].iter().map(|l| known_place(l, langs[s])).collect());
    // Within an account, the entries naming one known place are one
    // (Москве and Moscou in a Russian text with French passages).
    for (s, ps) in places.iter().enumerate() {
        let mut first: HashMap<u32, usize> = HashMap::new();
        for (g, p) in ps.iter().enumerate() {
            if let Some(p) = p {
                let id = if s == 0 { g } else { n0 + g };
                let f = *first.entry(*p).or_insert(id);
                u.join(f, id);
            }
        }
    }
    // Across the accounts: each left entry meets at most one right entry.
    for (i, j) in across::matches(&locals, &places) {
        u.join(i, n0 + j);
    }
    let mut members: BTreeMap<usize, Vec<(usize, usize)>> = BTreeMap::new();
    for (s, local) in locals.iter().enumerate() {
        for g in 0..local.len() {
            let id = if s == 0 { g } else { n0 + g };
            members.entry(u.find(id)).or_default().push((s, g));
        }
    }
    let parts = entry::Parts {
        texts,
        occ,
        langs,
        locals: &locals,
        places: &places,
    };
    members.values().filter_map(|m| parts.entry(m)).collect()
}

/// One account's uses grouped: case forms by stem, then short names into
/// the one longer name holding them.
fn local_groups(text: &str, occ: &[Occurrence], lang: Option<Lang>) -> Vec<Local> {
    let data = data::get(lang);
    let (names, surface, uses) = distinct(text, occ);
    // Case forms: names of as many words whose words share stems.
    let mut u = Union::new(names.len());
    let mut by_stem: HashMap<String, usize> = HashMap::new();
    for (i, words) in names.iter().enumerate() {
        if words.len() > 4 {
            continue;
        }
        let per_word: Vec<Vec<String>> = words
            .iter()
            .map(|w| {
                // Adjectival surnames keep their genders apart: Болконский
                // and Болконская are two people.
                let mark = if is_feminine_adjectival(w) { "♀" } else { "" };
                let stems: Vec<&str> = data.stems(w, MIN_STEM).collect();
                // A Latin or Greek name and its case forms share the stem
                // without the classical ending (Vinicius, Vinicia, Viniciův).
                let classical = stems
                    .iter()
                    .filter_map(|s| data::classical_stem(s))
                    .map(|c| format!("~{c}"));
                stems
                    .iter()
                    .map(|s| format!("{s}{mark}"))
                    .chain(classical)
                    .collect()
            })
            .collect();
        for combo in combos(&per_word) {
            match by_stem.get(&combo) {
                Some(&j) => u.join(i, j),
                None => {
                    by_stem.insert(combo, i);
                }
            }
        }
    }
    // One given name in two spellings in one text (Пьер and the French
    // Pierre of its dialogue) is one name.
    let mut by_given: HashMap<u32, usize> = HashMap::new();
    for (i, words) in names.iter().enumerate() {
        if let [w] = words.as_slice()
            && let Some(g) = given_name(w)
        {
            match by_given.get(&g) {
                Some(&j) => u.join(i, j),
                None => {
                    by_given.insert(g, i);
                }
            }
        }
    }
    let mut roots: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for i in 0..names.len() {
        roots.entry(u.find(i)).or_default().push(i);
    }
    let locals: Vec<Local> = roots
        .values()
        .map(|members| {
            // The fullest name (most words), then the most used.
            let best = *members
                .iter()
                .max_by_key(|&&m| (names[m].len(), uses[m].len(), std::cmp::Reverse(m)))
                .unwrap_or(&members[0]);
            let words = names[best].clone();
            let stems = stems_of(&words, members.iter().map(|&m| &names[m]), data);
            let mut all: Vec<Vec<String>> = members.iter().map(|&m| names[m].clone()).collect();
            all.push(stems.clone());
            let mut surfaces: Vec<String> = members.iter().map(|&m| surface[m].clone()).collect();
            surfaces.sort();
            surfaces.dedup();
            Local {
                words,
                uses: members
                    .iter()
                    .flat_map(|&m| uses[m].iter().copied())
                    .collect(),
                stems,
                names: all,
                surfaces,
            }
        })
        .collect();
    into_longer(locals)
}

/// The distinct names of one account's occurrences (by their folded
/// words): each name's words, its first form as written (lower-cased, white
/// space made one space), and its occurrences.
#[allow(clippy::type_complexity)]
fn distinct(text: &str, occ: &[Occurrence]) -> (Vec<Vec<String>>, Vec<String>, Vec<Vec<usize>>) {
    let mut names: Vec<Vec<String>> = Vec::new();
    let mut surface: Vec<String> = Vec::new();
    let mut index: HashMap<Vec<String>, usize> = HashMap::new();
    let mut uses: Vec<Vec<usize>> = Vec::new();
    for (o, oc) in occ.iter().enumerate() {
        let id = *index.entry(oc.words.clone()).or_insert_with(|| {
            names.push(oc.words.clone());
            surface.push(
                text[oc.span.clone()]
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .to_lowercase(),
            );
            uses.push(Vec::new());
            names.len() - 1
        });
        uses[id].push(o);
    }
    (names, surface, uses)
}

/// Short names into the one longer name holding all their stems (Pavlovna
/// into Anna Pavlovna); a short name two longer ones hold stays apart.
fn into_longer(mut locals: Vec<Local>) -> Vec<Local> {
    locals.sort_by_key(|l| std::cmp::Reverse(l.stems.len()));
    let mut merged: Vec<Local> = Vec::new();
    // The merged entries holding each stem: a short name is compared only
    // with the entries that hold one of its stems (against every entry
    // before, quadratic in the names of a text).
    let mut by_stem: HashMap<String, Vec<usize>> = HashMap::new();
    for l in locals {
        let holds = |m: &Local| {
            m.stems.len() > l.stems.len() && l.stems.iter().all(|s| m.stems.contains(s))
        };
        let holders: Vec<usize> = match l
            .stems
            .iter()
            .filter_map(|s| by_stem.get(s))
            .min_by_key(|p| p.len())
        {
            Some(posting) => posting
                .iter()
                .copied()
                .filter(|&i| holds(&merged[i]))
                .collect(),
            // A stem no entry holds: none holds them all.
            None if !l.stems.is_empty() => Vec::new(),
            None => (0..merged.len()).filter(|&i| holds(&merged[i])).collect(),
        };
        match holders.as_slice() {
            [one] => {
                merged[*one].uses.extend(l.uses);
                merged[*one].names.extend(l.names);
                merged[*one].surfaces.extend(l.surfaces);
            }
            _ => {
                let i = merged.len();
                for s in &l.stems {
                    let posting = by_stem.entry(s.clone()).or_default();
                    if posting.last() != Some(&i) {
                        posting.push(i);
                    }
                }
                merged.push(l);
            }
        }
    }
    merged
}

/// The known place an entry names, by any of its names.
fn known_place(l: &Local, lang: Option<Lang>) -> Option<u32> {
    l.names.iter().find_map(|n| place_of(&n.join(" "), lang))
}

/// True when `s` is written in Cyrillic.
fn is_cyrillic(s: &str) -> bool {
    s.chars().any(|c| ('\u{400}'..='\u{52f}').contains(&c))
}

/// True for a feminine adjectival surname (folded): Болконская,
/// Bolkónskaya, Dvorská, Potocka.
fn is_feminine_adjectival(w: &str) -> bool {
    ["skaya", "tskaya", "skoi", "skuyu", "ska", "cka", "skaia"]
        .iter()
        .any(|e| w.ends_with(e))
}

/// Every combination of one stem per word, joined by spaces.
fn combos(per_word: &[Vec<String>]) -> Vec<String> {
    let mut out = vec![String::new()];
    for stems in per_word {
        out = out
            .iter()
            .flat_map(|p| {
                stems.iter().map(move |s| {
                    if p.is_empty() {
                        s.clone()
                    } else {
                        format!("{p} {s}")
                    }
                })
            })
            .collect();
    }
    out
}

/// The stem of each word of a group: the shortest stem its forms share.
fn stems_of<'a>(
    words: &[String],
    forms: impl Iterator<Item = &'a Vec<String>>,
    data: &data::LangData,
) -> Vec<String> {
    let forms: Vec<&Vec<String>> = forms.collect();
    words
        .iter()
        .enumerate()
        .map(|(wi, w)| {
            let mut best = w.clone();
            for stem in data.stems(w, MIN_STEM) {
                let shared = forms.iter().all(|f| {
                    f.get(wi)
                        .is_some_and(|fw| data.stems(fw, MIN_STEM).any(|s| s == stem))
                });
                if shared && stem.len() < best.len() {
                    best = stem.to_string();
                }
            }
            best
        })
        .collect()
}

/// The given name an entry of one word stands for.
fn one_given(l: &Local) -> Option<u32> {
    match l.words.as_slice() {
        [w] => given_name(w),
        _ => None,
    }
}

/// The entries of one word of each given name.
fn given_index(locals: &[Local]) -> HashMap<u32, Vec<usize>> {
    let mut out: HashMap<u32, Vec<usize>> = HashMap::new();
    for (i, l) in locals.iter().enumerate() {
        if let Some(g) = one_given(l) {
            out.entry(g).or_default().push(i);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::people::candidates::candidates;
    use crate::text::{Account, Meta};

    fn groups(left: &str, ll: &str, right: &str, rl: &str) -> Vec<Group> {
        let a = Account::new(Meta::named("l"), left.to_string());
        let b = Account::new(Meta::named("r"), right.to_string());
        let (ll, rl) = (Lang::from_code(ll), Lang::from_code(rl));
        let oa = candidates(&a, ll, &[]);
        let ob = candidates(&b, rl, &[]);
        group([&a.text, &b.text], [&oa, &ob], [ll, rl])
    }

    fn entry<'a>(g: &'a [Group], name: &str) -> Option<&'a Group> {
        g.iter().find(|e| e.name.contains(name))
    }

    #[test]
    fn case_forms_and_scripts_meet() {
        let g = groups(
            "Тогда пришел Кутузов. Все ждали Кутузова. Говорили с Кутузовым. Там был Вейротер. План Вейротера был плох.",
            "ru",
            "Then came Kutúzov. All waited for Kutúzov. The plan of Weyrother’s was bad. Weyrother read it.",
            "en",
        );
        let k = entry(&g, "Кутузов").expect("Kutuzov");
        assert_eq!((k.spans[0].len(), k.spans[1].len()), (3, 2), "{k:?}");
        let w = entry(&g, "Вейротер").expect("Weyrother");
        assert_eq!((w.spans[0].len(), w.spans[1].len()), (2, 2), "{w:?}");
    }

    #[test]
    fn short_common_words_never_meet() {
        let g = groups(
            "И тут Он сказал. Все видели, как Он ушел.",
            "ru",
            "And then On came. They saw On leave.",
            "en",
        );
        assert!(
            g.iter()
                .all(|e| e.spans[0].is_empty() || e.spans[1].is_empty()),
            "{g:?}"
        );
    }

    #[test]
    fn given_names_across_languages() {
        let g = groups(
            "Тогда князь Андрей встал. Все смотрели на Андрея.",
            "ru",
            "Then Prince Andrew rose. All looked at Andrew.",
            "en",
        );
        let a = entry(&g, "Андрей").expect("Andrew");
        assert_eq!((a.spans[0].len(), a.spans[1].len()), (2, 2), "{g:?}");
    }

    #[test]
    fn short_names_join_the_one_longer_name() {
        let g = groups(
            "Then Anna Pavlovna rose. Pavlovna smiled. Anna Mikhaylovna came. Anna left.",
            "en",
            "x",
            "en",
        );
        let ap = entry(&g, "Anna Pavlovna").unwrap_or_else(|| panic!("{g:#?}"));
        assert_eq!(ap.spans[0].len(), 2, "{g:?}");
        assert!(entry(&g, "Anna Mikhaylovna").is_some());
    }

    #[test]
    fn places_are_not_people() {
        let g = groups(
            "They marched to Olmütz. In Olmütz the army rested. Near Olmütz was Kutúzov.",
            "en",
            "x",
            "en",
        );
        assert!(entry(&g, "Olmütz").expect("Olmütz").place);
        assert!(!entry(&g, "Kutúzov").expect("Kutuzov").place);
    }
}
