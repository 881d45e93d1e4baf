//! Words two languages are known to translate each other by
//! (`texts/words.toml`: common words of every kind of text, mountain and
//! montagne and Berg, with their stems in the eight languages with data),
//! as pairs of the two texts' vocabularies, for the aligner's lexicon
//! beside the cognates and what it learns from the pair. A text of a few
//! hundred sentences repeats too few words for the lexicon to learn them
//! (a yearbook article: the sentences of one 1–1 run slid one off, each
//! as long as its neighbour).

use super::topics::{Stem, Topics};
use crate::Lang;
use crate::lexicon::Vocab;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The bundled word list, in topics.toml's format (an id and a label
/// each, stems under each language's code).
pub const WORDS_TOML: &str = include_str!("../../../../texts/words.toml");

/// The words of one side a concept takes at most: a stem that catches
/// more is too loose to tell anything.
const MOST_FORMS: usize = 48;

/// The bundled word list, parsed once (a test checks that it parses).
fn words() -> &'static Topics {
    static WORDS: OnceLock<Topics> = OnceLock::new();
    WORDS.get_or_init(|| {
        Topics::parse(WORDS_TOML, "texts/words.toml (built in)").unwrap_or_default()
    })
}

/// The pairs (left id, right id) of `vocab`'s folded words that one
/// concept of the word list names in the texts' languages `langs`: none
/// where a language has no stems.
pub fn pairs(vocab: &[Vocab; 2], langs: [Option<Lang>; 2]) -> Vec<(u32, u32)> {
    let (Some(a), Some(b)) = (langs[0], langs[1]) else {
        return Vec::new();
    };
    if a == b {
        return Vec::new();
    }
    let list = words();
    let forms = [forms_of(list, vocab, 0, a), forms_of(list, vocab, 1, b)];
    let mut out = Vec::new();
    for (concept, left) in &forms[0] {
        let Some(right) = forms[1].get(concept) else {
            continue;
        };
        if left.len() > MOST_FORMS || right.len() > MOST_FORMS {
            continue;
        }
        for &l in left {
            out.extend(right.iter().map(|&r| (l, r)));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// For each concept, the words of side `k`'s vocabulary its stems in
/// `lang` match (one-word stems: the lexicon pairs words).
fn forms_of(list: &Topics, vocab: &[Vocab; 2], k: usize, lang: Lang) -> HashMap<usize, Vec<u32>> {
    // The stems by their first three letters, as the topic matcher looks
    // them up.
    let mut by_start: HashMap<String, Vec<(usize, &Stem)>> = HashMap::new();
    for (t, topic) in list.topics.iter().enumerate() {
        for (_, stem) in topic
            .stems
            .iter()
            .filter(|(l, s)| *l == lang && s.words.len() == 1)
        {
            by_start
                .entry(stem.words[0].chars().take(3).collect())
                .or_default()
                .push((t, stem));
        }
    }
    let mut out: HashMap<usize, Vec<u32>> = HashMap::new();
    for id in 0..vocab[k].len() as u32 {
        let word = vocab[k].word(id);
        let start: String = word.chars().take(3).collect();
        for (t, stem) in by_start.get(&start).into_iter().flatten() {
            let s = &stem.words[0];
            if (stem.whole && word == s) || (!stem.whole && word.starts_with(s.as_str())) {
                out.entry(*t).or_default().push(id);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bundled list parses, and pairs the forms of one concept across
    /// two languages, never a word with another concept's.
    #[test]
    fn the_word_list_pairs_mountain_with_montagne_and_berg() {
        Topics::parse(WORDS_TOML, "texts/words.toml").expect("the bundled word list parses");
        let mut vocab = [Vocab::default(), Vocab::default()];
        for w in ["montagne", "montagnes", "neige", "monter"] {
            vocab[0].intern(w);
        }
        for w in ["berg", "berge", "schnee", "bergung"] {
            vocab[1].intern(w);
        }
        let p = pairs(&vocab, [Some(Lang::Fr), Some(Lang::De)]);
        let words: Vec<(&str, &str)> = p
            .iter()
            .map(|&(l, r)| (vocab[0].word(l), vocab[1].word(r)))
            .collect();
        assert!(words.contains(&("montagne", "berg")), "{words:?}");
        assert!(words.contains(&("montagnes", "berge")), "{words:?}");
        assert!(words.contains(&("neige", "schnee")), "{words:?}");
        assert!(
            !words.iter().any(|(l, r)| *l == "monter" || *r == "bergung"),
            "{words:?}"
        );
        assert!(pairs(&vocab, [Some(Lang::Fr), None]).is_empty());
    }

    /// A stem of one language belongs to one entry: else it pairs the
    /// words of two with each other's translations.
    #[test]
    fn no_stem_is_two_entries() {
        let list = words();
        assert!(list.topics.len() >= 250);
        let mut seen: HashMap<(Lang, &[String], bool), &str> = HashMap::new();
        for t in &list.topics {
            for (lang, stem) in &t.stems {
                if let Some(other) = seen.insert((*lang, &stem.words, stem.whole), &t.id)
                    && other != t.id
                {
                    panic!("{lang:?} {:?} is in {other} and {}", stem.words, t.id);
                }
            }
        }
    }
}
