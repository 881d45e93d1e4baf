//! What a pair teaches: which words of one text stand for which words of
//! the other, learned from the two texts alone (no dictionary, no model
//! to download).
//!
//! Two sources, as hunalign's realign and Moore (2002) use them:
//! - **cognates** ([`cognates`]): the same number, mark or name on both
//!   sides (folded, so Наполеон meets Napoléon; or under the sound key, so
//!   Шерер meets Scherer; or, for long words, the same start: expédition
//!   and Expeditionen);
//! - **co-occurrence** ([`learn`]): over the beads of a first alignment,
//!   word pairs that keep turning up in the same beads far more than
//!   their frequencies explain (Dice's coefficient, with a floor on the
//!   count and competitive linking, as Melamed (2000) does).
//!
//! Pure data in (words of units as ids, beads as unit indexes), a table
//! out: the aligner in `links` scores beads with [`Lexicon::similarity`];
//! `diptych lexicon` lists [`Lexicon::pairs`].

pub mod cognates;
pub mod learn;
pub mod words;

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
        pairs.sort_by(|a, b| {
            b.score
                .total_cmp(&a.score)
                .then(b.count.cmp(&a.count))
                .then(a.left.cmp(&b.left))
                .then(a.right.cmp(&b.right))
        });
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

    /// How much of what units `a` (left) and `b` (right) say the lexicon
    /// finds on the other side, 0 to 1: of the words of each side that
    /// have a known counterpart (common words left out), the share whose
    /// counterpart is there, shrunk towards 0 when there are few such
    /// words. Each unit's words are sorted ids ([`Vocab::bag`]).
    pub fn similarity(&self, a: &[&[u32]], b: &[&[u32]]) -> f64 {
        let (ha, ta) = self.found(0, a, b);
        let (hb, tb) = self.found(1, b, a);
        let total = ta + tb;
        if total == 0 {
            return 0.0;
        }
        (ha + hb) as f64 / (total as f64 + 2.0)
    }

    /// Of the words of `from` (side `side`) with a known counterpart, how
    /// many find one in `to`, and how many there are.
    fn found(&self, side: usize, from: &[&[u32]], to: &[&[u32]]) -> (usize, usize) {
        let (of, common) = (&self.of[side], &self.common[side]);
        let (mut hit, mut total) = (0, 0);
        for unit in from {
            for &w in *unit {
                let w = w as usize;
                if common.get(w).copied().unwrap_or(true) {
                    continue;
                }
                let Some(targets) = of.get(w).filter(|t| !t.is_empty()) else {
                    continue;
                };
                total += 1;
                if targets
                    .iter()
                    .any(|t| to.iter().any(|u| u.binary_search(t).is_ok()))
                {
                    hit += 1;
                }
            }
        }
        (hit, total)
    }

    /// Keeps of `words` (sorted ids of side `side`, 0 left, 1 right) only
    /// those [`Lexicon::similarity`] looks at: not common, with a known
    /// counterpart. Similarity over the kept words is the same, and faster.
    pub fn keep_known(&self, side: usize, words: &mut Vec<u32>) {
        let side = side.min(1);
        let (of, common) = (&self.of[side], &self.common[side]);
        words.retain(|&w| {
            let w = w as usize;
            !common.get(w).copied().unwrap_or(true) && of.get(w).is_some_and(|t| !t.is_empty())
        });
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

    /// The words of the other side `word` of `side` (0 left, 1 right)
    /// stands for, learned or cognate.
    pub fn translations(&self, side: usize, word: &str) -> Vec<&str> {
        let other = 1 - side.min(1);
        self.vocab[side.min(1)]
            .get(word)
            .and_then(|id| self.of[side.min(1)].get(id as usize))
            .map(|ts| ts.iter().map(|&t| self.vocab[other].word(t)).collect())
            .unwrap_or_default()
    }
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
