//! Search knows people: a query that names a person (by display name or any
//! form, in either script) also finds every mention of them, so
//! `Caulaincourt` finds Коленкур and a name typed in Cyrillic finds its
//! Latin mentions.

use super::People;
use crate::fold::fold_query;
use crate::pair::Pair;
use crate::search::{Hit, Term};

/// Score of a sentence found through a person: with the whole-word tier.
const PERSON: i64 = 3050;

/// The folded names of every person, built once.
#[derive(Debug, Clone, Default)]
pub struct PersonKeys {
    keys: Vec<Vec<String>>,
}

impl PersonKeys {
    /// Folds each person's display name and forms.
    pub fn new(people: &People) -> PersonKeys {
        let keys = people
            .persons
            .iter()
            .map(|p| {
                let mut k: Vec<String> = std::iter::once(p.name.as_str())
                    .chain(
                        p.forms
                            .iter()
                            .map(|(_, f)| f.trim_start_matches('=').trim_end_matches('-')),
                    )
                    .map(fold_query)
                    .collect();
                k.sort();
                k.dedup();
                k
            })
            .collect();
        PersonKeys { keys }
    }

    /// The persons every term names: each term is a whole word or a word
    /// prefix (of three letters or more) of one of their names.
    pub fn matching(&self, terms: &[Term]) -> Vec<usize> {
        (0..self.keys.len())
            .filter(|&p| {
                terms.iter().all(|t| {
                    self.keys[p].iter().any(|k| {
                        k.split(|c: char| !c.is_alphanumeric()).any(|w| {
                            w == t.key || (t.key.len() >= 3 && !t.exact && w.starts_with(&t.key))
                        }) || (t.key.contains(' ') && k.contains(&t.key))
                    })
                })
            })
            .collect()
    }
}

/// The sentences mentioning the persons `terms` name, one hit per mention.
pub fn person_hits(pair: &Pair, people: &People, keys: &PersonKeys, terms: &[Term]) -> Vec<Hit> {
    let mut hits = Vec::new();
    for p in keys.matching(terms) {
        let person = &people.persons[p];
        for m in person.mentions.iter().flatten() {
            let para = &pair.account(m.side).paragraphs[m.paragraph];
            let sentence = para
                .sentences
                .partition_point(|s| s.span.end <= m.span.start)
                .min(para.sentences.len().saturating_sub(1));
            hits.push(Hit {
                side: m.side,
                paragraph: m.paragraph,
                sentence,
                score: PERSON,
                matches: vec![m.span.clone()],
                person: Some(person.id.clone()),
            });
        }
    }
    hits
}
