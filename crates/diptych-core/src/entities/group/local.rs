//! One account's names grouped before the accounts meet: case forms by
//! their paradigm, names made from other names ([`super::derived`]), a
//! given name's spellings, and short names into the one longer name that
//! holds them (Pavlovna into Anna Pavlovna).

use super::{Local, Union, WordForm, WordParadigms, derived};
use crate::Lang;
use crate::entities::candidates::{Found, Occurrence};
use crate::entities::paradigm::{is_vowel, weak_stem};
use crate::lang::given::given_name;
use crate::lang::sound::sound_key;
use crate::lang::tables;
use std::collections::{BTreeMap, HashMap};

/// One account's uses grouped: case forms by their paradigm, a possessive
/// adjective with the name it is made from (Павлов with Павел), then short
/// names into the one longer name holding them; with each word's paradigm.
pub(super) fn groups(text: &str, found: &Found, lang: Option<Lang>) -> (Vec<Local>, WordParadigms) {
    let data = tables::get(lang);
    let (names, surface, uses) = distinct(text, &found.occ);
    let (par, infl) = (&found.paradigms, &found.inflection);
    let pid = |w: &str| found.word(w).map_or(u32::MAX, |i| par.of[i]);
    let ordinary = ordinary_paradigms(found);
    let ordinary = |p: u32| ordinary.get(p as usize).copied().unwrap_or(false);
    let plural_form = |w: &str| {
        found
            .word(w)
            .is_some_and(|i| data.plural_endings.contains(&par.ending[i]))
    };
    // Names of as many words whose words are of one paradigm each are one.
    let mut u = Union::new(names.len());
    let mut by_key: HashMap<Vec<u32>, usize> = HashMap::new();
    let mut dropped = vec![false; names.len()];
    for (i, words) in names.iter().enumerate() {
        let key: Vec<u32> = words.iter().map(|w| pid(w)).collect();
        if let [p] = key.as_slice()
            && ordinary(*p)
        {
            dropped[i] = true;
            continue;
        }
        if words.len() > 4 {
            continue;
        }
        match by_key.get(&key) {
            Some(&j) => u.join(i, j),
            None => {
                by_key.insert(key, i);
            }
        }
    }
    // One given name in two spellings in one text (Пьер and the French
    // Pierre of its dialogue) is one name.
    let mut by_given: HashMap<u32, usize> = HashMap::new();
    for (i, words) in names.iter().enumerate() {
        if let [w] = words.as_slice()
            && !dropped[i]
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
    if lang.is_none() {
        rare_suffixed(&names, &uses, &dropped, &mut u);
        weak_grade(&names, &uses, &dropped, &mut u);
    }
    in_two_scripts(found, (&names, &surface), &dropped, &mut u);
    other_names(text, found, data, (&names, &uses), &dropped, &mut u);
    let mut roots: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for i in (0..names.len()).filter(|&i| !dropped[i]) {
        roots.entry(u.find(i)).or_default().push(i);
    }
    let locals: Vec<Local> = roots
        .values()
        .filter(|members| !italic(found, &uses, members))
        .map(|members| {
            // The fullest name (most words), then the most used.
            let best = *members
                .iter()
                .max_by_key(|&&m| (names[m].len(), uses[m].len(), std::cmp::Reverse(m)))
                .unwrap_or(&members[0]);
            let words = names[best].clone();
            let stems: Vec<String> = words.iter().map(|w| stem(found, w).to_string()).collect();
            let mut all: Vec<Vec<String>> = members.iter().map(|&m| names[m].clone()).collect();
            all.push(stems.clone());
            let mut surfaces: Vec<String> = members.iter().map(|&m| surface[m].clone()).collect();
            surfaces.sort();
            surfaces.dedup();
            let plural = members
                .iter()
                .filter(|&&m| matches!(names[m].as_slice(), [w] if plural_form(w)))
                .map(|&m| uses[m].len())
                .sum();
            let paradigm = match words.as_slice() {
                [w] => Some(pid(w)),
                _ => None,
            };
            Local {
                words,
                uses: members
                    .iter()
                    .flat_map(|&m| uses[m].iter().copied())
                    .collect(),
                stems,
                names: all,
                surfaces,
                plural,
                paradigm,
                derived: 0,
            }
        })
        .collect();
    let (locals, moved) = derived::with_their_names(locals, &found.occ, data, infl);
    let paradigms = word_forms(found, &moved);
    (into_longer(locals), paradigms)
}

/// True for a name set in italics in most of its uses (`members`' uses):
/// the title of a paper, a book or a ship (the _Morning Chronicle_, the
/// _Alabama_), not a person nor a place, left out before the languages
/// meet.
fn italic(found: &Found, uses: &[Vec<usize>], members: &[usize]) -> bool {
    let all = members.iter().flat_map(|&m| uses[m].iter());
    let (n, it) = all.fold((0, 0), |(n, it), &o| {
        (n + 1, it + usize::from(found.occ[o].italic))
    });
    it * 2 > n
}

/// The uses of the names joined in `u`, by the root of each.
fn joined_uses(uses: &[Vec<usize>], u: &mut Union) -> HashMap<usize, usize> {
    let mut total: HashMap<usize, usize> = HashMap::new();
    for (i, used) in uses.iter().enumerate() {
        *total.entry(u.find(i)).or_default() += used.len();
    }
    total
}

/// In a text of a language without data, a name of one word used at
/// most [`RARE`] times that is a name used [`FREQUENT`] times or more (in
/// all the forms joined so far) and
/// a suffix of at most [`SUFFIX`] letters that follows another such
/// name too (its vowels aside: Péterre, Zsuzsára) is a case of it: its ending is one no language's table has
/// nor enough names of the text teach (Hungarian Gábortól and Katitól,
/// once each, of Gábor, 24 times, and Kati). A given name is no case of
/// another (Annabelle of Anna).
fn rare_suffixed(names: &[Vec<String>], uses: &[Vec<usize>], dropped: &[bool], u: &mut Union) {
    const RARE: usize = 2;
    const FREQUENT: usize = 5;
    const SUFFIX: usize = 5;
    /// Letters of the shorter name.
    const STEM: usize = 4;
    // Uses counted over the forms already joined (Zsuzsa 4 times,
    // Zsuzsának 5).
    let total = joined_uses(uses, u);
    let frequent: HashMap<&str, usize> = names
        .iter()
        .enumerate()
        .filter(|&(i, _)| !dropped[i] && total.get(&u.find(i)).is_some_and(|&n| n >= FREQUENT))
        .filter_map(|(i, w)| match w.as_slice() {
            [one] if one.chars().count() >= STEM => Some((one.as_str(), i)),
            _ => None,
        })
        .collect();
    // Each one-word name as the longest frequent name it starts with and
    // a suffix: (name, frequent name, where the suffix starts).
    let split: Vec<(usize, usize, usize)> = names
        .iter()
        .enumerate()
        .filter(|&(i, _)| !dropped[i])
        .filter_map(|(i, w)| {
            let [word] = w.as_slice() else {
                return None;
            };
            let (at, j) = word
                .char_indices()
                .skip(STEM)
                .filter_map(|(at, _)| frequent.get(&word[..at]).map(|&j| (at, j)))
                .last()?;
            let suffix = &word[at..];
            (suffix.chars().count() <= SUFFIX && suffix.chars().all(char::is_alphabetic))
                .then_some((i, j, at))
        })
        .collect();
    // The frequent names each suffix follows: one that follows a single
    // name is no ending (Francisco of Francis, Podkomorzyną, the
    // Chamberlain's wife, of Podkomorzy).
    // A suffix by its consonants: where the vowel of an ending follows
    // the name's (vowel harmony), Péterre and Zsuzsára take one ending.
    let skeleton = |suffix: &str| -> String {
        suffix
            .chars()
            .map(|c| if is_vowel(c) { '*' } else { c })
            .collect()
    };
    let mut follows: HashMap<String, Vec<usize>> = HashMap::new();
    for &(i, j, at) in &split {
        let f = follows.entry(skeleton(&names[i][0][at..])).or_default();
        if !f.contains(&j) {
            f.push(j);
        }
    }
    for &(i, j, at) in &split {
        let word = &names[i][0];
        if uses[i].len() <= RARE
            && !crate::lang::given::is_given_folded(word)
            && follows
                .get(&skeleton(&word[at..]))
                .is_some_and(|f| f.len() >= 2)
        {
            u.join(i, j);
        }
    }
}

/// In a text of a language without data, the forms of a name used
/// [`FREQUENT`] times or more that ends in a doubled consonant and a
/// vowel (Finnish Pekka, Heikki) taken with that consonant single and a
/// suffix (Pekan, Pekalle, Pekalla: consonant gradation), where the
/// text gives [`GRADED`] such forms or more: the name's cases. A given
/// name is no case of another.
fn weak_grade(names: &[Vec<String>], uses: &[Vec<usize>], dropped: &[bool], u: &mut Union) {
    const FREQUENT: usize = 5;
    const GRADED: usize = 2;
    /// Letters after the weak stem.
    const SUFFIX: usize = 4;
    let total = joined_uses(uses, u);
    // Every one-word name, by its word.
    let one: Vec<(usize, &str)> = names
        .iter()
        .enumerate()
        .filter(|&(i, _)| !dropped[i])
        .filter_map(|(i, w)| match w.as_slice() {
            [one] => Some((i, one.as_str())),
            _ => None,
        })
        .collect();
    for &(i, word) in &one {
        if total.get(&u.find(i)).is_none_or(|&n| n < FREQUENT) {
            continue;
        }
        let Some(weak) = weak_stem(word) else {
            continue;
        };
        let graded: Vec<usize> = one
            .iter()
            .filter(|&&(j, other)| {
                j != i
                    && other.strip_prefix(weak.as_str()).is_some_and(|rest| {
                        !rest.is_empty()
                            && rest.chars().count() <= SUFFIX
                            && rest.chars().all(char::is_alphabetic)
                    })
                    && !crate::lang::given::is_given_folded(other)
            })
            .map(|&(j, _)| j)
            .collect();
        if graded.len() >= GRADED {
            for j in graded {
                u.join(i, j);
            }
        }
    }
}

/// A name seen once or twice and given, after a comma, another name by
/// an `alias_words` word ("Иосия, прозванный от Апостолов Варнавою";
/// "Jozes, który nazwany był od Apostołów Barnabaszem") is one entry with
/// that other name where the other is used at least twice as often: one
/// person under the name the account mostly calls him by. A name used
/// more stays its own (Симон, называемый Петром: the account keeps Simon
/// and Peter apart as often as not), and so does a rarer other name.
fn other_names(
    text: &str,
    found: &Found,
    data: &tables::LangTable,
    (names, uses): (&[Vec<String>], &[Vec<usize>]),
    dropped: &[bool],
    u: &mut Union,
) {
    /// Characters after the comma within which the other name must stand.
    const WINDOW: usize = 60;
    /// Uses of a name up to which it joins its other name.
    const RARE: usize = 2;
    if data.alias_words.is_empty() {
        return;
    }
    let mut name_of = vec![usize::MAX; found.occ.len()];
    for (n, us) in uses.iter().enumerate() {
        for &o in us {
            name_of[o] = n;
        }
    }
    let by_words: HashMap<&[String], usize> = names
        .iter()
        .enumerate()
        .map(|(n, w)| (w.as_slice(), n))
        .collect();
    let mut count: HashMap<usize, usize> = HashMap::new();
    for (n, us) in uses.iter().enumerate() {
        *count.entry(u.find(n)).or_default() += us.len();
    }
    let mut joins = Vec::new();
    for (o, oc) in found.occ.iter().enumerate() {
        let a = name_of[o];
        let Some(rest) = text.get(oc.span.end..) else {
            continue;
        };
        let Some(after) = rest.trim_start().strip_prefix(',') else {
            continue;
        };
        // The clause after the comma, up to the next mark.
        let from = text.len() - after.len();
        let clause = after
            .char_indices()
            .nth(WINDOW)
            .map_or(after, |(i, _)| &after[..i]);
        let clause = clause
            .find([',', '.', ';', ':', '(', ')', '!', '?', '\n'])
            .map_or(clause, |i| &clause[..i]);
        let stop = from + clause.len();
        let named = clause
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty() && w.chars().next().is_some_and(char::is_lowercase))
            .map(crate::lang::fold::fold_query)
            .any(|w| data.alias_words.iter().any(|a| w.starts_with(a.as_str())));
        if !named {
            continue;
        }
        // The last name of the clause is the other name; of a run of
        // names ("от Апостолов Варнавою"), its last word.
        let other = found.occ[o + 1..]
            .iter()
            .take_while(|n| n.span.end <= stop)
            .last()
            .and_then(|n| by_words.get(&n.words[n.words.len().saturating_sub(1)..]))
            .copied();
        let Some(b) = other else {
            continue;
        };
        if a == usize::MAX || b == usize::MAX || dropped[a] || dropped[b] {
            continue;
        }
        let (ra, rb) = (u.find(a), u.find(b));
        let (na, nb) = (count[&ra], count[&rb]);
        if ra != rb && na <= RARE && nb >= 2 * na {
            joins.push((a, b));
        }
    }
    for (a, b) in joins {
        u.join(a, b);
    }
}

/// What each word of the account's names is: its paradigm, its
/// nominative. A possessive adjective's words are of its name's paradigm
/// (`moved`: the paradigm each went into), so that the alignment never
/// splits Павлов from Павел.
fn word_forms(found: &Found, moved: &HashMap<u32, u32>) -> WordParadigms {
    let (words, par) = (&found.words, &found.paradigms);
    // A possessive adjective's words are of its name's paradigm: the
    // alignment never splits Павлов from Павел.
    words
        .iter()
        .zip(&par.of)
        .zip(&found.nominative)
        .zip(&par.ending)
        .map(|(((w, &p), &nominative), ending)| {
            // A possessive's words are its name's mentions, never its
            // nominative (Моисеев is not Моисей).
            let derived = moved.contains_key(&p);
            let paradigm = moved.get(&p).copied().unwrap_or(p);
            let bare = ending.is_empty() && !derived;
            let nominative = nominative && !derived;
            (
                w.clone(),
                WordForm {
                    paradigm,
                    nominative,
                    bare,
                },
            )
        })
        .collect()
}

/// Which paradigms are ordinary words: used in lower case inside sentences,
/// in any of their forms, at least as often as with a capital (Сын and
/// Сына beside сын, сына, сыну, сыном), one of their forms written both
/// ways. Силу, Силе, Сила (Silas) outweigh силою, силу, сила (power).
fn ordinary_paradigms(found: &Found) -> Vec<bool> {
    let (words, par, infl) = (&found.words, &found.paradigms, &found.inflection);
    let mut capital = vec![0u32; par.len()];
    let mut lower = vec![0u32; par.len()];
    let mut by_stem: HashMap<&str, usize> = HashMap::new();
    for (p, s) in par.stems.iter().enumerate() {
        by_stem.insert(s.as_str(), p);
    }
    let starts: std::collections::HashSet<String> = par
        .stems
        .iter()
        .map(|s| s.chars().take(3).collect())
        .collect();
    // Whether one of its capitalised forms is also written in lower case:
    // without that, lower-case words sharing a stem are other words
    // (jakoby is not Jakób).
    let mut namesake = vec![false; par.len()];
    for (i, w) in words.iter().enumerate() {
        if let Some(u) = found.uses.get(w) {
            capital[par.of[i] as usize] += u.capital_inside;
            namesake[par.of[i] as usize] |= u.capital_inside > 0 && u.lower_inside > 0;
        }
    }
    for (w, u) in &found.uses {
        if u.lower_inside == 0 || !starts.contains(&w.chars().take(3).collect::<String>()) {
            continue;
        }
        let mut hit: Vec<usize> = infl
            .analyses(w)
            .iter()
            .filter_map(|(s, _)| by_stem.get(s.as_ref()).copied())
            .collect();
        hit.sort_unstable();
        hit.dedup();
        for p in hit {
            lower[p] += u.lower_inside;
        }
    }
    (0..par.len())
        .map(|p| namesake[p] && capital[p] > 0 && lower[p] >= capital[p])
        .collect()
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

/// The stem of the paradigm `w` (a folded word) is in, or `w` itself.
fn stem<'a>(found: &'a Found, w: &'a str) -> &'a str {
    let par = &found.paradigms;
    found
        .word(w)
        .map_or(w, |i| par.stems[par.of[i] as usize].as_str())
}

/// Sounds a name's key must have for its two scripts to be taken for one
/// name: a short key (Ney, Нея) meets another name too easily.
const SCRIPTS_KEY: usize = 5;

/// One name in two scripts in one text (a Russian novel's French dialogue:
/// Antichrist and Антихрист, Koutouzoff and Кутузов) is one name: one word
/// in Latin letters and one in another script whose stems have one sound
/// key of at least [`SCRIPTS_KEY`] sounds, the only name of that key in
/// each script (its case forms already one).
fn in_two_scripts(
    found: &Found,
    (names, surface): (&[Vec<String>], &[String]),
    dropped: &[bool],
    u: &mut Union,
) {
    // Per sound key of a stem: the names of each script with it.
    let mut by_key: HashMap<String, [Vec<usize>; 2]> = HashMap::new();
    for (i, words) in names.iter().enumerate() {
        let [w] = words.as_slice() else { continue };
        if dropped[i] {
            continue;
        }
        let key = sound_key(stem(found, w));
        if key.chars().count() < SCRIPTS_KEY {
            continue;
        }
        // Latin letters (with their accents) or another script's.
        let latin = surface[i]
            .chars()
            .all(|c| !c.is_alphabetic() || c < '\u{0370}');
        let root = u.find(i);
        let list = &mut by_key.entry(key).or_default()[usize::from(latin)];
        if !list.contains(&root) {
            list.push(root);
        }
    }
    for [other, latin] in by_key.into_values() {
        if let ([a], [b]) = (other.as_slice(), latin.as_slice()) {
            u.join(*a, *b);
        }
    }
}

/// Short names into the one longer name holding all their stems (Pavlovna
/// into Anna Pavlovna); a short name two longer ones hold stays apart,
/// unless one of them all but holds it alone ([`dominant`]).
fn into_longer(mut locals: Vec<Local>) -> Vec<Local> {
    locals.sort_by_key(|l| std::cmp::Reverse(l.stems.len()));
    // The uses of each name of one word, and its most used form, by its
    // stem.
    let mut alone: HashMap<String, (usize, String)> = HashMap::new();
    for l in locals.iter().filter(|l| l.stems.len() == 1) {
        let e = alone.entry(l.stems[0].clone()).or_default();
        if e.0 < l.uses.len() {
            e.1 = l.words[0].clone();
        }
        e.0 += l.uses.len();
    }
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
        // Of several holders, one that all but the rarest uses are of
        // (Sancho Panza 23 times, Sancho Bienaya once: Sancho is Panza).
        let holders = dominant(&merged, &l, holders);
        match holders.as_slice() {
            [one] => {
                merged[*one].uses.extend(l.uses);
                merged[*one].names.extend(l.names);
                merged[*one].surfaces.extend(l.surfaces);
                merged[*one].plural += l.plural;
            }
            _ if side_by_side(&l, &alone) => merged.push(l),
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

/// True when the longer name `l` is two names side by side, not one
/// name of two words: each of its words is a name used alone at least
/// [`APART`] times, and [`APART`] times as often as the two together,
/// and one of them is not in the form its name takes most, as the words
/// of one name share their case (Finnish Liisa Heikkiä, "Liisa [looked
/// at] Heikki", once, beside Liisa 18 times and Heikki 20, most often
/// Heikin; Hungarian Kati Péterhez, "Kati [went] to Péter"). It then
/// holds no short name, so two people are not one. Андрей Болконский,
/// once, beside Андрей 19 times and Болконский 5, stays one name.
fn side_by_side(l: &Local, alone: &HashMap<String, (usize, String)>) -> bool {
    const APART: usize = 5;
    l.stems.len() >= 2
        && l.stems.iter().all(|s| {
            alone
                .get(s)
                .is_some_and(|(n, _)| *n >= APART && *n >= APART * l.uses.len())
        })
        && l.stems
            .iter()
            .zip(&l.words)
            .any(|(s, w)| alone.get(s).is_some_and(|(_, top)| top != w))
}

/// Of the longer names `holders` (in `merged`) that hold the short name
/// `short`, the one it means: the one it opens as its given name (Sancho
/// of Sancho Panza) when the others are used at most twice in all and it
/// five times as often (Sancho Panza 23, Sancho Bienaya once); else all
/// of them. A family name (Soplica: the Judge, Jacek, Tadeusz) stays
/// apart, as does a name a numeral tells apart (Tuchkov and Tuchkov IV,
/// brothers), and a short name two longer ones in use share (Anna
/// Pavlovna, Anna Mikhaylovna).
fn dominant(merged: &[Local], short: &Local, holders: Vec<usize>) -> Vec<usize> {
    const RARE: usize = 2;
    const TIMES: usize = 5;
    if holders.len() < 2 || short.stems.len() != 1 {
        return holders;
    }
    let Some(&top) = holders.iter().max_by_key(|&&i| merged[i].uses.len()) else {
        return holders;
    };
    let roman = |w: &String| crate::text::is_roman(&w.to_uppercase());
    let given = merged[top].stems.first() == short.stems.first()
        && !merged[top].words.iter().skip(1).any(roman);
    let rest: usize = holders
        .iter()
        .filter(|&&i| i != top)
        .map(|&i| merged[i].uses.len())
        .sum();
    if given && rest <= RARE && merged[top].uses.len() >= TIMES * rest.max(1) {
        vec![top]
    } else {
        holders
    }
}
