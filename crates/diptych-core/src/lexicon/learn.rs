//! Learning word pairs from the beads of an alignment: each bead's words
//! on the left against its words on the right, counted; a pair is kept
//! when it is found together in at least [`MIN_COUNT`] beads and its Dice
//! coefficient (twice the beads with both, over the beads with either) is
//! at least [`MIN_DICE`]; then competitive linking keeps, for each word,
//! only its few strongest partners that also count it among theirs, so
//! a frequent word does not stand for everything near it.

use super::{Lexicon, Vocab, WordPair, cognates, common_words, unit_frequency};
use std::collections::HashMap;

/// Beads a pair must share.
pub const MIN_COUNT: u32 = 2;
/// The weakest Dice coefficient kept.
pub const MIN_DICE: f32 = 0.3;
/// Partners a word keeps.
const PARTNERS: usize = 3;
/// The most beads learned from.
const MAX_BEADS: usize = 6_000;
/// How strong, against a word's strongest partner, another must be.
const RIVAL: f32 = 0.6;
/// The pairs of words counted in all, at most: each bead's side gives its
/// rarest words (the ones that tell), as many as this budget allows over
/// the beads learned from, between [`MIN_BEAD_WORDS`] and
/// [`MAX_BEAD_WORDS`].
const PAIR_BUDGET: usize = 6_000_000;
/// The fewest words of a bead's side counted.
const MIN_BEAD_WORDS: usize = 24;
/// The most words of a bead's side counted.
const MAX_BEAD_WORDS: usize = 64;

/// The words of one side of a pair: its vocabulary and each unit's sorted
/// distinct ids (one side's words; the side itself is [`crate::text::Side`]).
#[derive(Debug, Clone, Default)]
pub struct Words<'a> {
    /// The vocabulary.
    pub vocab: Vocab,
    /// Each unit's words.
    pub units: Vec<&'a [u32]>,
}

/// A bead to learn from: consecutive unit indexes on each side (both
/// non-empty), as ranges (a book has a million beads: no list each).
pub type Bead = (std::ops::Range<usize>, std::ops::Range<usize>);

/// The cognates of two texts alone, with nothing learned: what a first
/// alignment can use.
pub fn seed(sides: [Words<'_>; 2]) -> Lexicon {
    let common = common_of(&sides);
    let vocab = sides.map(|s| s.vocab);
    let cognates = cognates::find(&vocab, &common);
    Lexicon::assemble(vocab, Vec::new(), &cognates, common)
}

/// The lexicon learned from `beads` over the units of `sides`, with the
/// cognates of the two vocabularies.
pub fn learn(sides: [Words<'_>; 2], beads: &[Bead]) -> Lexicon {
    let common = common_of(&sides);
    let df = [
        unit_frequency(sides[0].vocab.len(), &sides[0].units),
        unit_frequency(sides[1].vocab.len(), &sides[1].units),
    ];
    let mut together: HashMap<u64, u32, foldhash::fast::RandomState> = HashMap::default();
    let mut alone = [vec![0u32; df[0].len()], vec![0u32; df[1].len()]];
    let mut words = [Vec::new(), Vec::new()];
    // At most MAX_BEADS beads, evenly spread: enough to learn the words
    // that recur, and a bound on the pairs counted.
    let step = beads.len().div_ceil(MAX_BEADS).max(1);
    let used = beads.len().div_ceil(step).max(1);
    let bead_words = ((PAIR_BUDGET / used) as f64)
        .sqrt()
        .clamp(MIN_BEAD_WORDS as f64, MAX_BEAD_WORDS as f64) as usize;
    for (l, r) in beads.iter().step_by(step) {
        if l.is_empty() || r.is_empty() {
            continue;
        }
        for (k, units) in [l, r].into_iter().enumerate() {
            let w = &mut words[k];
            w.clear();
            for u in units.clone() {
                w.extend(
                    sides[k]
                        .units
                        .get(u)
                        .into_iter()
                        .copied()
                        .flatten()
                        .copied(),
                );
            }
            w.sort_unstable();
            w.dedup();
            // Words found once in the whole text can never reach MIN_COUNT.
            w.retain(|&x| df[k][x as usize] >= MIN_COUNT && !common[k][x as usize]);
            if w.len() > bead_words {
                w.sort_by_key(|&x| (df[k][x as usize], x));
                w.truncate(bead_words);
            }
            for &x in w.iter() {
                alone[k][x as usize] += 1;
            }
        }
        for &a in &words[0] {
            for &b in &words[1] {
                *together
                    .entry(u64::from(a) << 32 | u64::from(b))
                    .or_default() += 1;
            }
        }
    }
    let mut pairs: Vec<WordPair> = together
        .into_iter()
        .filter(|&(_, c)| c >= MIN_COUNT)
        .filter_map(|(key, count)| {
            let (left, right) = ((key >> 32) as u32, key as u32);
            let either = alone[0][left as usize] + alone[1][right as usize];
            let score = 2.0 * count as f32 / either.max(1) as f32;
            (score >= MIN_DICE).then_some(WordPair {
                left,
                right,
                score,
                count,
            })
        })
        .collect();
    competitive(&mut pairs);
    drop_ties(&mut pairs);
    let vocab = sides.map(|s| s.vocab);
    let cognates = cognates::find(&vocab, &common);
    Lexicon::assemble(vocab, pairs, &cognates, common)
}

/// The common words of both sides ([`common_words`]).
fn common_of(sides: &[Words<'_>; 2]) -> [Vec<bool>; 2] {
    [0, 1].map(|k| {
        let df = unit_frequency(sides[k].vocab.len(), &sides[k].units);
        common_words(&df, sides[k].units.len())
    })
}

/// Drops the pairs of the least evidence ([`MIN_COUNT`] beads) that tie
/// with another pair of one of their words: two rare words that shared
/// the same two beads say nothing of which of them the word stands for
/// (год beside both "year" and "thoughts").
fn drop_ties(pairs: &mut Vec<WordPair>) {
    let mut seen: [HashMap<u32, (f32, u32, usize), foldhash::fast::RandomState>; 2] =
        Default::default();
    for p in pairs.iter() {
        for (k, w) in [(0, p.left), (1, p.right)] {
            let e = seen[k].entry(w).or_insert((p.score, p.count, 0));
            if e.0 == p.score && e.1 == p.count {
                e.2 += 1;
            }
        }
    }
    let tied = |k: usize, w: u32, p: &WordPair| {
        seen[k]
            .get(&w)
            .is_some_and(|e| e.2 > 1 && e.0 == p.score && e.1 == p.count)
    };
    pairs.retain(|p| p.count > MIN_COUNT || !(tied(0, p.left, p) || tied(1, p.right, p)));
}

/// Keeps the pairs among both words' [`PARTNERS`] strongest, and at
/// least [`RIVAL`] times as strong as each word's strongest.
fn competitive(pairs: &mut Vec<WordPair>) {
    pairs.sort_by(WordPair::strongest_first);
    // For each word: partners taken, and the strongest score.
    let mut taken: [HashMap<u32, (usize, f32), foldhash::fast::RandomState>; 2] =
        Default::default();
    pairs.retain(|p| {
        let l = taken[0].get(&p.left).copied().unwrap_or((0, p.score));
        let r = taken[1].get(&p.right).copied().unwrap_or((0, p.score));
        if l.0 >= PARTNERS || r.0 >= PARTNERS || p.score < RIVAL * l.1.max(r.1) {
            return false;
        }
        taken[0].insert(p.left, (l.0 + 1, l.1));
        taken[1].insert(p.right, (r.0 + 1, r.1));
        true
    });
}
