//! The second half of aligning a translation, in one place: the words and
//! sentences of both sides, a lexicon learned from the first alignment's
//! beads, the paragraphs aligned again with it, the sentences aligned
//! inside the paragraph beads, and the lexicon learned once more from the
//! sentence beads (shorter beads teach more precisely), which then aligns
//! the sentences again.

use super::align::{self, Alignment, BeadSide};
use super::units::{SideUnits, with_words};
use crate::entities::Entities;
use crate::lexicon::{Lexicon, learn};
use crate::pair::Pair;
use crate::text::Side;
use std::sync::atomic::{AtomicBool, Ordering};

/// What the second half gives: the alignment by paragraph units (with
/// scores and sentence beads) and the lexicon.
pub struct Refined {
    /// Paragraph beads (unit indexes), their scores, and the sentences.
    pub alignment: Alignment,
    /// The lexicon learned from the pair.
    pub lexicon: Lexicon,
}

/// Refines `first`, the first alignment of `units` (by lengths and
/// anchors); `None` when `stop` is set on the way.
pub fn refine(
    pair: &Pair,
    entities: &Entities,
    units: &mut [SideUnits; 2],
    first: &Alignment,
    stop: &AtomicBool,
) -> Option<Refined> {
    let [left, right] = units;
    std::thread::scope(|s| {
        let l = s.spawn(|| with_words(pair, entities, Side::Left, left));
        with_words(pair, entities, Side::Right, right);
        l.join().ok()
    })?;
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    // Round one: paragraphs teach, paragraphs are aligned again.
    let beads: Vec<learn::Bead> = first
        .beads
        .iter()
        .filter(|b| !b.left.is_empty() && !b.right.is_empty())
        .filter_map(|b| {
            let range = |s: &BeadSide| Some(s.first()?..s.last()? + 1);
            Some((range(&b.left)?, range(&b.right)?))
        })
        .collect();
    let vocab = [
        std::mem::take(&mut units[0].vocab),
        std::mem::take(&mut units[1].vocab),
    ];
    // Words the languages are known to translate each other by.
    let known = super::known::pairs(&vocab, pair.accounts.each_ref().map(|a| a.meta.language));
    let lexicon = learn::learn(sides(vocab, units, |u| &u.paragraphs), &beads).with_known(&known);
    mark_all(units, &lexicon);
    let mut alignment = align::realign(&units[0].paragraphs, &units[1].paragraphs, first, &lexicon);
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let sentences = [&units[0].sentences, &units[1].sentences];
    let first_sentences = align::sentences::align(&alignment, sentences, Some(&lexicon));
    // Round two: the one-to-one sentence beads teach.
    let index = |k: usize, r: (usize, usize)| -> Option<usize> {
        let refs = &units[k].sentences.refs;
        refs.binary_search(&r).ok()
    };
    let beads: Vec<learn::Bead> = first_sentences
        .iter()
        .filter(|b| b.left.len() == 1 && b.right.len() == 1)
        .filter_map(|b| {
            let (l, r) = (index(0, b.left[0])?, index(1, b.right[0])?);
            Some((l..l + 1, r..r + 1))
        })
        .collect();
    let mut lexicon = lexicon;
    let vocab = std::mem::take(&mut lexicon.vocab);
    let lexicon =
        learn::learn(sides(vocab, units, |u| &u.sentences.units), &beads).with_known(&known);
    {
        // Round three: the paragraphs aligned again with what the sentences taught.
        mark_all(units, &lexicon);
        alignment = align::realign(
            &units[0].paragraphs,
            &units[1].paragraphs,
            &alignment,
            &lexicon,
        );
    }
    let sentences = [&units[0].sentences, &units[1].sentences];
    alignment.sentences = align::sentences::align(&alignment, sentences, Some(&lexicon));
    alignment.index_sentences();
    Some(Refined { alignment, lexicon })
}

/// Marks every paragraph and sentence unit with what `lexicon` makes of
/// its words ([`Lexicon::mark`]), for the aligner.
fn mark_all(units: &mut [SideUnits; 2], lexicon: &Lexicon) {
    for (k, side) in units.iter_mut().enumerate() {
        for u in side
            .paragraphs
            .iter_mut()
            .chain(side.sentences.units.iter_mut())
        {
            let m = lexicon.mark(Side::BOTH[k], u.words());
            u.set_known(m.known, &m.words, &m.translated);
        }
    }
}

/// The lexicon's view of `units`: each side's vocabulary and the words of
/// the units `pick` chooses.
fn sides<'a>(
    vocab: [crate::lexicon::Vocab; 2],
    units: &'a [SideUnits; 2],
    pick: impl Fn(&'a SideUnits) -> &'a Vec<align::Unit>,
) -> [learn::Words<'a>; 2] {
    let [a, b] = vocab;
    let words = |k: usize| {
        pick(&units[k])
            .iter()
            .map(super::align::Unit::words)
            .collect()
    };
    [
        learn::Words {
            vocab: a,
            units: words(0),
        },
        learn::Words {
            vocab: b,
            units: words(1),
        },
    ]
}

/// `alignment` (by units) by paragraph index: each paragraph's
/// counterpart, and the beads, where matter (left out of the units) is in
/// beads of its own, so every paragraph is in exactly one bead.
pub fn by_paragraph(pair: &Pair, units: &[SideUnits; 2], alignment: Alignment) -> Alignment {
    let map = [&units[0].map, &units[1].map];
    let mut of = Side::BOTH.map(|s| align::Counterparts::none(pair.account(s).paragraphs.len()));
    for side in Side::BOTH {
        for (u, target) in alignment.of[side.index()].iter().enumerate() {
            let p = map[side.index()][u] as usize;
            of[side.index()].set(p, target.map(|t| map[side.other().index()][t] as usize));
        }
    }
    let counts = Side::BOTH.map(|s| pair.account(s).paragraphs.len());
    let mut beads = Vec::with_capacity(alignment.beads.len());
    let mut scores = Vec::with_capacity(alignment.beads.len());
    let mut next = [0usize; 2];
    let lone = |k: usize, p: usize| align::Bead {
        left: if k == 0 {
            BeadSide::one(p)
        } else {
            BeadSide::new()
        },
        right: if k == 1 {
            BeadSide::one(p)
        } else {
            BeadSide::new()
        },
    };
    for (i, b) in alignment.beads.iter().enumerate() {
        let sides = [
            b.left
                .iter()
                .map(|u| map[0][u] as usize)
                .collect::<align::BeadSide>(),
            b.right
                .iter()
                .map(|u| map[1][u] as usize)
                .collect::<align::BeadSide>(),
        ];
        for k in 0..2 {
            if let Some(first) = sides[k].first() {
                while next[k] < first {
                    beads.push(lone(k, next[k]));
                    scores.push(0.5);
                    next[k] += 1;
                }
                next[k] = sides[k].last().map_or(next[k], |l| l + 1);
            }
        }
        let [left, right] = sides;
        beads.push(align::Bead { left, right });
        scores.push(alignment.scores.get(i).copied().unwrap_or(0.5));
    }
    for k in 0..2 {
        while next[k] < counts[k] {
            beads.push(lone(k, next[k]));
            scores.push(0.5);
            next[k] += 1;
        }
    }
    Alignment {
        beads,
        of,
        scores,
        ..alignment
    }
}
