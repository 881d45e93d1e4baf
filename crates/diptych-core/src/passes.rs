//! The order of the passes over a pair, written once: the reader's
//! background work and every command run it, so what the panel shows is
//! what `diptych people` prints.
//!
//! 1. names found in both texts ([`Entities::find`], done before, so the
//!    reader can list them at once);
//! 2. the first alignment, the lexicon learned from it and the rounds of
//!    realignment with it, sentences included ([`Links::build`]);
//! 3. names merged and kept apart through that alignment
//!    ([`crate::entities::aligned`]): a translation teaches who is who.
//!
//! The alignment is not run again with the merged names: names enter it
//! only as anchors shared by both texts, which the merge does not change.

use crate::entities::Entities;
use crate::entities::aligned::merge_aligned;
use crate::entities::untranslated::without_untranslated;
use crate::links::align::Alignment;
use crate::links::{AlignChoice, Links, Topics};
use crate::pair::Pair;
use crate::text::Side;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// What the passes give: everyone mentioned (merged through the
/// alignment, for a translation) and the links.
#[derive(Debug, Clone)]
pub struct EntitiesAndLinks {
    /// Everyone mentioned.
    pub entities: Arc<Entities>,
    /// Topics, the alignment and links.
    pub links: Arc<Links>,
}

/// Runs passes 2 and 3 over `pair`, whose names `found` holds (pass 1).
/// `found` itself is given back when the alignment changes nothing.
pub fn understand(
    pair: &Pair,
    found: &Arc<Entities>,
    vocabulary: Topics,
    choice: AlignChoice,
    stop: &AtomicBool,
) -> EntitiesAndLinks {
    let mut links = Links::build(pair, found, vocabulary, choice, stop);
    let entities = merged(pair, found, links.alignment.as_ref(), stop);
    if !Arc::ptr_eq(&entities, found) {
        links.name_people(names_after_merging(found, &entities, None));
    }
    EntitiesAndLinks {
        entities,
        links: Arc::new(links),
    }
}

/// Each entry of `found` (the names the links number), named as the
/// entry of `merged` that holds most of its mentions: the merge of a
/// translation's names, or the reader's corrections. An entry whose
/// mentions are mostly among the `hidden` entries (the reader hid them) is
/// named "" (no reason names it); one no entry holds keeps its own name
/// (the merge left it out).
pub fn names_after_merging(
    found: &Entities,
    merged: &Entities,
    hidden: Option<&Entities>,
) -> Vec<String> {
    // Each mention's holder: an entry of `merged`, or None for a hidden one.
    let mut holder: std::collections::HashMap<(Side, usize), Option<usize>> =
        std::collections::HashMap::new();
    for e in hidden.map_or(&[][..], |h| &h.entries[..]) {
        for m in e.mentions.iter().flatten() {
            holder.insert((m.side, m.span.start), None);
        }
    }
    for (i, e) in merged.entries.iter().enumerate() {
        for m in e.mentions.iter().flatten() {
            holder.insert((m.side, m.span.start), Some(i));
        }
    }
    found
        .entries
        .iter()
        .map(|e| {
            let mut votes: Vec<(Option<usize>, usize)> = Vec::new();
            for m in e.mentions.iter().flatten() {
                if let Some(&i) = holder.get(&(m.side, m.span.start)) {
                    match votes.iter_mut().find(|(j, _)| *j == i) {
                        Some((_, n)) => *n += 1,
                        None => votes.push((i, 1)),
                    }
                }
            }
            // Most mentions; of as many, a shown entry before the hidden.
            let most = votes
                .iter()
                .max_by_key(|&&(i, n)| (n, i.is_some(), std::cmp::Reverse(i)))
                .map(|&(i, _)| i);
            match most {
                Some(Some(i)) => merged.entries[i].name.clone(),
                Some(None) => String::new(),
                None => e.name.clone(),
            }
        })
        .collect()
}

/// Everyone mentioned, merged through the alignment as [`understand`]
/// merges them, without the links: what search needs (`diptych search`
/// waits for it; the reader has it from [`understand`]).
pub fn entities(
    pair: &Pair,
    found: &Arc<Entities>,
    choice: AlignChoice,
    stop: &AtomicBool,
) -> Arc<Entities> {
    match Links::alignment(pair, found, choice, stop) {
        Some((alignment, _)) => merged(pair, found, alignment.as_ref(), stop),
        None => Arc::clone(found),
    }
}

/// `found` merged through `alignment`, where there is one.
fn merged(
    pair: &Pair,
    found: &Arc<Entities>,
    alignment: Option<&Alignment>,
    stop: &AtomicBool,
) -> Arc<Entities> {
    match alignment {
        Some(alignment) if !stop.load(std::sync::atomic::Ordering::Relaxed) => {
            let beads = Beads::new(pair, alignment);
            let merged = merge_aligned(found, pair, &|side, at| beads.at(side, at));
            Arc::new(without_untranslated(merged, &|side, at| {
                beads.two_sided(side, at)
            }))
        }
        _ => Arc::clone(found),
    }
}

/// How sure a paragraph bead must be for what one text names there to
/// be weighed against the other's (`without_untranslated`): a
/// translator's introduction the alignment set beside the original's
/// first chapter names Nietzsche, Wagner and Schopenhauer, and no one
/// there names them back. Measured on Zarathustra in German and English
/// (their 164, 19 and 11 mentions kept from 0.7 up) against the Bibles
/// and Pinocchio, whose God, Lord and Marionette still go.
const SURE: f32 = 0.7;

/// The aligned bead a byte offset falls in: its sentence bead, or its
/// paragraph bead (numbered after the sentence beads) where sentences
/// were not aligned.
struct Beads<'a> {
    pair: &'a Pair,
    alignment: &'a Alignment,
    /// Each side's paragraphs' beads.
    paragraph: [Vec<Option<u32>>; 2],
}

impl<'a> Beads<'a> {
    fn new(pair: &'a Pair, alignment: &'a Alignment) -> Beads<'a> {
        let first = alignment.sentences.len() as u32;
        let mut paragraph = Side::BOTH.map(|s| vec![None; pair.account(s).paragraphs.len()]);
        for (i, b) in alignment.beads.iter().enumerate() {
            for (k, ps) in [&b.left, &b.right].into_iter().enumerate() {
                for p in ps {
                    if let Some(slot) = paragraph[k].get_mut(p) {
                        *slot = Some(first + i as u32);
                    }
                }
            }
        }
        Beads {
            pair,
            alignment,
            paragraph,
        }
    }

    /// The bead `offset` of `side` falls in (as [`Beads::at`]'s first),
    /// and whether both texts have text in it, in a paragraph bead the
    /// alignment is sure of ([`SURE`]).
    fn two_sided(&self, side: Side, offset: usize) -> Option<(u32, bool)> {
        let [bead, paragraph] = self.at(side, offset)?;
        let first = self.alignment.sentences.len() as u32;
        let sure = paragraph
            .checked_sub(first)
            .and_then(|i| self.alignment.scores.get(i as usize))
            .is_some_and(|&score| score >= SURE);
        if !sure {
            return Some((bead, false));
        }
        let sides = match bead.checked_sub(first) {
            None => self
                .alignment
                .sentences
                .get(bead as usize)
                .map(|b| [b.left.is_empty(), b.right.is_empty()]),
            Some(p) => self
                .alignment
                .beads
                .get(p as usize)
                .map(|b| [b.left.is_empty(), b.right.is_empty()]),
        };
        Some((bead, sides == Some([false, false])))
    }

    /// The beads `offset` of `side` falls in: its sentence bead (or its
    /// paragraph bead where sentences were not aligned), and its
    /// paragraph bead.
    fn at(&self, side: Side, offset: usize) -> Option<[u32; 2]> {
        let account = self.pair.account(side);
        let p = account.paragraph_at(offset);
        let sentences = &account.paragraphs.get(p)?.sentences();
        let s = sentences.partition_point(|s| s.span().end <= offset);
        let k = side.index();
        let index = &self.alignment.sentence_index[k];
        let paragraph = self.paragraph[k].get(p).copied().flatten()?;
        match index.binary_search_by_key(&(p, s), |&(r, _)| r) {
            Ok(at) if s < sentences.len() => Some([index[at].1, paragraph]),
            _ => Some([paragraph, paragraph]),
        }
    }
}
