//! Names made from other names in one text. A possessive adjective
//! (Павлов, Pawłowe, Jezusowem) or a relational one (Кутузовский,
//! Израильские) is a mention of the name it is made from, joined with
//! that name's entry when the name is used at least half as often; a
//! relational adjective's uses count as evidence that the name is a
//! place or a people (Israel, not a person). Otherwise, and for a name
//! for a people (Rzymianin, Римлян, Egyptians), it is no person: it is
//! listed with the places and peoples. What makes such words is data
//! (`possessive_suffixes`, `adjective_endings`, `demonym_suffixes` of
//! texts/languages.toml and `[names] adjectives`); a text without data
//! takes every language's possessive suffixes, and any short ending after
//! one.

use super::Local;
use crate::entities::candidates::Occurrence;
use crate::entities::paradigm::Inflection;
use crate::lang::tables::{self, LangTable};
use std::collections::HashMap;

/// What a word made from a name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Made {
    /// A possessive adjective (Павлов): a mention of the person.
    Possessive,
    /// A relational adjective (Кутузовский, Израильские): a mention of
    /// the name, more often a place's or a people's than a person's.
    Relational,
    /// A name for a people: a people.
    People,
}

/// The entries of one-word names, looked up by a word a derived word is
/// made from: first by each entry's stem and one-word names, then by
/// their stems (Израил-ю: izrail) and each of these less its last letter
/// (Egip-skiej of Egipt).
struct Bases {
    exact: HashMap<String, Vec<usize>>,
    loose: HashMap<String, Vec<usize>>,
}

impl Bases {
    fn new(locals: &[Local], infl: &Inflection) -> Bases {
        let mut exact: HashMap<String, Vec<usize>> = HashMap::new();
        let mut loose: HashMap<String, Vec<usize>> = HashMap::new();
        let add = |map: &mut HashMap<String, Vec<usize>>, w: String, i: usize| {
            let list = map.entry(w).or_default();
            if list.last() != Some(&i) {
                list.push(i);
            }
        };
        for (i, l) in locals.iter().enumerate() {
            if l.words.len() != 1 {
                continue;
            }
            for n in &l.names {
                let [w] = n.as_slice() else { continue };
                add(&mut exact, w.clone(), i);
                for (s, _) in infl.analyses(w) {
                    let mut shorter = s.to_string();
                    if shorter.pop().is_some() && shorter.chars().count() >= 3 {
                        add(&mut loose, shorter, i);
                    }
                    add(&mut loose, s.into_owned(), i);
                }
            }
        }
        Bases { exact, loose }
    }

    /// The entry other than `me` that `base` names: exactly, less one or
    /// two letters of its own (Праценских of Прац), or by a stem of either
    /// (Египет-ский: egipet, egipt).
    fn find(&self, base: &str, me: usize, infl: &Inflection) -> Option<usize> {
        if base.chars().count() < 3 {
            return None;
        }
        let cut = |n: usize| {
            let at = base.char_indices().rev().nth(n - 1).map(|(i, _)| i)?;
            let head = &base[..at];
            (head.chars().count() >= 3).then_some(head)
        };
        let other = |map: &HashMap<String, Vec<usize>>, key: &str| {
            map.get(key)?.iter().copied().find(|&i| i != me)
        };
        other(&self.exact, base)
            .or_else(|| cut(1).and_then(|h| other(&self.exact, h)))
            .or_else(|| cut(2).and_then(|h| other(&self.exact, h)))
            .or_else(|| {
                infl.analyses(base)
                    .iter()
                    .find_map(|(s, _)| other(&self.loose, s.as_ref()))
            })
    }
}

/// The letters of an adjective's ending in a text without data.
const ANY_ENDING: usize = 3;

/// What folded `word` is made from, and how: a possessive adjective
/// (base, suffix, adjective ending), a relational adjective (base and
/// one of `[names] adjectives`) or a name for a people (base, suffix,
/// an ending of the language or none).
fn made_from(
    word: &str,
    me: usize,
    data: &LangTable,
    infl: &Inflection,
    bases: &Bases,
) -> Option<(usize, Made)> {
    // A text without data (every language's possessive suffixes, no
    // adjective endings) takes any ending of up to three letters after
    // one: Croatian Josipovih, Josipovoj, Lukinu. (Empty, and so never
    // allocated, for a language with data.)
    let any_ending: Vec<&str> = if data.adjective_endings.is_empty() {
        let cuts = word.char_indices().rev().take(ANY_ENDING).map(|(i, _)| i);
        std::iter::once(word.len())
            .chain(cuts)
            .map(|i| &word[i..])
            .collect()
    } else {
        Vec::new()
    };
    let possessive = || {
        let endings = data.adjective_endings.iter().map(String::as_str);
        endings.chain(any_ending.iter().copied()).find_map(|e| {
            let rest = word.strip_suffix(e)?;
            data.possessive_suffixes
                .iter()
                .find_map(|s| bases.find(rest.strip_suffix(s.as_str())?, me, infl))
                .map(|b| (b, Made::Possessive))
        })
    };
    let relational = || {
        tables::name_adjectives().iter().find_map(|a| {
            let base = word.strip_suffix(a.as_str())?;
            bases.find(base, me, infl).map(|b| (b, Made::Relational))
        })
    };
    let people = || {
        std::iter::once("")
            .chain(infl.endings().iter().map(String::as_str))
            .find_map(|e| {
                let rest = word.strip_suffix(e)?;
                data.demonym_suffixes
                    .iter()
                    .find_map(|s| bases.find(rest.strip_suffix(s.as_str())?, me, infl))
                    .map(|b| (b, Made::People))
            })
    };
    possessive().or_else(relational).or_else(people)
}

/// True when a language with articles writes the name of `local` bare:
/// three uses or more, at most one in ten after an article or another
/// word that stands before nouns. A people is a noun (die Perser, the
/// Tyrians: half their uses or more); a person's name only looks like
/// one (Alexander is no people of Alexandros, Walter none of Walt).
fn written_bare(local: &Local, occ: &[Occurrence], data: &LangTable) -> bool {
    let determined = local.uses.iter().filter(|&&o| occ[o].determined).count();
    !data.articles.is_empty() && local.uses.len() >= 3 && determined * 10 <= local.uses.len()
}

/// `locals` with each entry of words made from another entry's name
/// joined with it (an adjective of a name used at least half as often) or
/// marked as no person; also which paradigm went into which. `occ` are
/// the uses the locals count.
pub(super) fn with_their_names(
    mut locals: Vec<Local>,
    occ: &[Occurrence],
    data: &LangTable,
    infl: &Inflection,
) -> (Vec<Local>, HashMap<u32, u32>) {
    let mut moved_paradigms = HashMap::new();
    let made: Vec<Option<(usize, Made)>> = {
        let bases = Bases::new(&locals, infl);
        locals
            .iter()
            .enumerate()
            .map(|(i, l)| {
                if l.words.len() != 1 {
                    return None;
                }
                let mut all = l.names.iter().filter_map(|n| match n.as_slice() {
                    [w] => Some(made_from(w, i, data, infl, &bases)),
                    _ => None,
                });
                let first = all.next()??;
                let people_bare = first.1 == Made::People && written_bare(l, occ, data);
                (all.all(|m| m.is_none_or(|m| m.0 == first.0)) && !people_bare).then_some(first)
            })
            .collect()
    };
    let mut into: Vec<Option<usize>> = vec![None; locals.len()];
    for (i, m) in made.iter().enumerate() {
        match m {
            Some((base, Made::Possessive | Made::Relational))
                if locals[*base].uses.len() * 2 >= locals[i].uses.len() =>
            {
                into[i] = Some(*base);
            }
            Some(_) => locals[i].derived = locals[i].uses.len(),
            None => {}
        }
    }
    for i in (0..locals.len()).rev() {
        // A name that is itself joined elsewhere keeps what joins it.
        let Some(j) = into[i].filter(|&j| into[j].is_none()) else {
            continue;
        };
        let moved = std::mem::replace(&mut locals[i], Local::empty());
        if let (Some(from), Some(to)) = (moved.paradigm, locals[j].paradigm) {
            moved_paradigms.insert(from, to);
        }
        if matches!(made[i], Some((_, Made::Relational))) {
            locals[j].derived += moved.uses.len();
        }
        locals[j].derived += moved.derived;
        locals[j].uses.extend(moved.uses);
        locals[j].surfaces.extend(moved.surfaces);
    }
    locals.retain(|l| !l.words.is_empty());
    (locals, moved_paradigms)
}

#[cfg(test)]
mod tests {
    use super::{Local, Occurrence, written_bare};
    use crate::lang::tables;

    /// A local of `n` uses, `determined` of them after an article or a
    /// determiner, and those uses.
    fn local(n: usize, determined: usize) -> (Local, Vec<Occurrence>) {
        let occ = (0..n)
            .map(|i| Occurrence {
                span: i..i + 1,
                word_spans: std::iter::once(i..i + 1).collect(),
                words: vec!["alexander".into()],
                title: false,
                place: false,
                article: i < determined,
                determined: i < determined,
                spoke: false,
                people: false,
                start: false,
                italic: false,
            })
            .collect();
        let mut l = Local::empty();
        l.words = vec!["alexander".into()];
        l.uses = (0..n).collect();
        (l, occ)
    }

    /// Droysen writes Alexander after an article in 8 uses of 138, die
    /// Perser in 27 of 37: only the first is written bare, so only the
    /// second may be a people (of Persien) as Alexander of Alexandros
    /// may not. A language with no articles says nothing so.
    #[test]
    fn a_name_written_bare_is_no_people() {
        let de = tables::get("de".parse().ok());
        let (alexander, occ) = local(100, 6);
        assert!(written_bare(&alexander, &occ, de));
        let (perser, occ) = local(37, 27);
        assert!(!written_bare(&perser, &occ, de));
        let (few, occ) = local(2, 0);
        assert!(!written_bare(&few, &occ, de));
        let pl = tables::get("pl".parse().ok());
        let (rzymianin, occ) = local(10, 0);
        assert!(!written_bare(&rzymianin, &occ, pl));
    }
}
