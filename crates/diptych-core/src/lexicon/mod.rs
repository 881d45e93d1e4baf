//! What a pair teaches: which words of one text stand for which words of
//! the other, learned from the two texts alone (no dictionary, no model
//! to download).
//!
//! Two sources of word pairs, as hunalign's realign and Moore (2002) use them:
//! - **cognates** ([`cognates`]): the same number, mark or name on both
//!   sides (folded, so Наполеон meets Napoléon; or under the sound key, so
//!   Шерер meets Scherer; or, for long words, the same start: expédition
//!   and Expeditionen);
//! - **co-occurrence** ([`learn`]): over the beads of a first alignment,
//!   word pairs that keep turning up in the same beads far more than
//!   their frequencies explain (Dice's coefficient, with a floor on the
//!   count and competitive linking, as Melamed (2000) does).
//!
//! and **association** ([`associate`]): the same test for any items a caller
//!   counts over the beads, such as the forms of names.
//!
//! Pure data in (words of units as ids, beads as unit indexes), a table
//! out: the aligner in `links` scores beads with [`Lexicon::similarity`];
//! `diptych lexicon` lists [`Lexicon::pairs`].

pub mod associate;
pub mod cognates;
pub mod learn;
pub mod words;

use crate::text::Side;
pub use words::Vocab;

/// A learned word pair.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WordPair {
    /// The word of the left text (an id of its vocabulary).
    pub left: u32,
    /// The word of the right text.
    pub right: u32,
    /// How strongly they stand for each other, 0 to 1 (Dice's coefficient
    /// over the beads they were learned from).
    pub score: f32,
    /// In how many beads both were found.
    pub count: u32,
}

impl WordPair {
    /// The order of a lexicon's list: strongest first, then seen in more
    /// beads, ties in word order (so a run gives the same list as the
    /// last, whatever order a hash map gave the counts in).
    pub fn strongest_first(a: &WordPair, b: &WordPair) -> std::cmp::Ordering {
        b.score
            .total_cmp(&a.score)
            .then(b.count.cmp(&a.count))
            .then(a.left.cmp(&b.left))
            .then(a.right.cmp(&b.right))
    }
}

/// A bilingual lexicon learned from a pair.
#[derive(Debug, Clone, Default)]
pub struct Lexicon {
    /// The two texts' vocabularies (left, right).
    pub vocab: [Vocab; 2],
    /// The learned pairs, strongest first.
    pub pairs: Vec<WordPair>,
    /// For each word of each side, the words of the other side it stands
    /// for (learned or cognate), sorted.
    of: [Vec<Vec<u32>>; 2],
    /// Words found in so many units that they tell none apart.
    common: [Vec<bool>; 2],
}

impl Lexicon {
    /// A lexicon of the given pairs and cognates over `vocab`; `common`
    /// marks the words left out of similarity.
    fn assemble(
        vocab: [Vocab; 2],
        mut pairs: Vec<WordPair>,
        cognates: &[(u32, u32)],
        common: [Vec<bool>; 2],
    ) -> Lexicon {
        pairs.sort_by(WordPair::strongest_first);
        let mut of = [
            vec![Vec::new(); vocab[0].len()],
            vec![Vec::new(); vocab[1].len()],
        ];
        let links = pairs
            .iter()
            .map(|p| (p.left, p.right))
            .chain(cognates.iter().copied());
        for (l, r) in links {
            of[0][l as usize].push(r);
            of[1][r as usize].push(l);
        }
        for side in &mut of {
            for list in side.iter_mut() {
                list.sort_unstable();
                list.dedup();
            }
        }
        Lexicon {
            vocab,
            pairs,
            of,
            common,
        }
    }

    /// The lexicon with `known` word pairs (left id, right id) added, as
    /// cognates are: words the languages are known to translate each
    /// other by, which a short text repeats too seldom to learn.
    #[must_use]
    pub fn with_known(mut self, known: &[(u32, u32)]) -> Lexicon {
        let (n, m) = (self.of[0].len(), self.of[1].len());
        for &(l, r) in known
            .iter()
            .filter(|p| (p.0 as usize) < n && (p.1 as usize) < m)
        {
            let [left, right] = &mut self.of;
            for (list, w) in [(&mut left[l as usize], r), (&mut right[r as usize], l)] {
                if let Err(at) = list.binary_search(&w) {
                    list.insert(at, w);
                }
            }
        }
        self
    }

    /// How much of what units `a` (left) and `b` (right) say the lexicon
    /// finds on the other side, 0 to 1: of the words of each side that
    /// have a known counterpart (common words left out), the share whose
    /// counterpart is there, shrunk towards 0 when there are few such
    /// words. Each unit's words are sorted ids ([`Vocab::bag`]).
    pub fn similarity(&self, a: &[&[u32]], b: &[&[u32]]) -> f64 {
        let ma: Vec<Marked> = a.iter().map(|w| self.mark(Side::Left, w)).collect();
        let mb: Vec<Marked> = b.iter().map(|w| self.mark(Side::Right, w)).collect();
        fn view(m: &Marked) -> MarkedRef<'_> {
            (m.known, &m.words, &m.translated)
        }
        let sa: Vec<MarkedRef<'_>> = ma.iter().map(view).collect();
        let sb: Vec<MarkedRef<'_>> = mb.iter().map(view).collect();
        similarity(&sa, &sb)
    }

    /// What the lexicon makes of a unit's `words` (sorted ids of `side`),
    /// for [`similarity`].
    pub fn mark(&self, side: Side, words: &[u32]) -> Marked {
        let side = side.index();
        let (of, common) = (&self.of[side], &self.common[side]);
        let mut known = Vec::new();
        let mut translated = Vec::new();
        for &w in words {
            let w = w as usize;
            if common.get(w).copied().unwrap_or(true) {
                continue;
            }
            if let Some(t) = of.get(w).filter(|t| !t.is_empty()) {
                known.push(w as u32);
                translated.extend_from_slice(t);
            }
        }
        translated.sort_unstable();
        translated.dedup();
        Marked {
            known: known.len() as u32,
            words: known,
            translated,
        }
    }

    /// The learned pairs as words: (left, right, score, count), strongest
    /// first.
    pub fn entries(&self) -> impl Iterator<Item = (&str, &str, f32, u32)> {
        self.pairs.iter().map(|p| {
            (
                self.vocab[0].word(p.left),
                self.vocab[1].word(p.right),
                p.score,
                p.count,
            )
        })
    }

    /// The words of the other side `word` of `side` stands for, learned or
    /// cognate.
    pub fn translations(&self, side: Side, word: &str) -> Vec<&str> {
        let (side, other) = (side.index(), side.other().index());
        self.vocab[side]
            .get(word)
            .and_then(|id| self.of[side].get(id as usize))
            .map(|ts| ts.iter().map(|&t| self.vocab[other].word(t)).collect())
            .unwrap_or_default()
    }
}

/// What the lexicon makes of a unit's words ([`Lexicon::mark`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marked {
    /// How many of its words have a known counterpart (common words left out).
    pub known: u32,
    /// Those words, sorted.
    pub words: Vec<u32>,
    /// The other side's words those stand for, sorted, distinct.
    pub translated: Vec<u32>,
}

/// A unit as [`similarity`] takes it: its known words' count, those
/// words, and the other side's words they stand for.
pub type MarkedRef<'a> = (u32, &'a [u32], &'a [u32]);

/// The similarity of two beads' sides (0 to 1), each unit given as (its
/// known words' count, its words, the other side's words they stand for;
/// see [`Lexicon::mark`]): the words of each side found among what the
/// other side's words stand for, over the known words of both, shrunk
/// towards 0 when there are few. Sorted merges only: this scores every
/// cell of the aligner's programme.
pub fn similarity(a: &[MarkedRef<'_>], b: &[MarkedRef<'_>]) -> f64 {
    let found = |from: &[MarkedRef<'_>], to: &[MarkedRef<'_>]| -> u32 {
        from.iter()
            .map(|&(known, words, _)| {
                let hits: u32 = to.iter().map(|&(_, _, t)| common_count(words, t)).sum();
                hits.min(known)
            })
            .sum()
    };
    let total: u32 = a.iter().chain(b).map(|u| u.0).sum();
    if total == 0 {
        return 0.0;
    }
    f64::from(found(a, b) + found(b, a)) / (f64::from(total) + 2.0)
}

/// How many values two sorted, deduplicated lists share (a merge: the
/// aligner asks it millions of times).
pub fn common_count(a: &[u32], b: &[u32]) -> u32 {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

/// For each word of a vocabulary of `words` ids, in how many of `units`
/// it is found.
pub fn unit_frequency(words: usize, units: &[&[u32]]) -> Vec<u32> {
    let mut df = vec![0u32; words];
    for u in units {
        for &w in *u {
            if let Some(d) = df.get_mut(w as usize) {
                *d += 1;
            }
        }
    }
    df
}

/// The words too common to tell units apart: found in more than a fifth
/// of them (with at least twenty units to judge by).
pub fn common_words(df: &[u32], units: usize) -> Vec<bool> {
    let limit = if units < 20 {
        u32::MAX
    } else {
        (units / 5) as u32
    };
    df.iter().map(|&d| d > limit).collect()
}

#[cfg(test)]
mod tests;
