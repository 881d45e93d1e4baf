//! What each paragraph offers to be linked by: its topics and concepts,
//! the people and places it mentions, the years, dates and counts it
//! names, and its cognates, each a [`Feature`] with its count.

use super::counts::counts;
use super::units::{self, numbers, year};
use super::{Feature, score};
use crate::entities::{Entities, Kind};
use crate::pair::Pair;
use crate::text::Side;
use score::Features;
use thin_vec::ThinVec;

/// A paragraph's feature with its count, the paragraph first.
pub(super) type Found = (u32, Feature, f64);

/// The features of every paragraph of `side` (none for headings and
/// matter), its years, dates and counts found already ([`in_the_text`]).
pub(super) fn paragraph_features(
    pair: &Pair,
    entities: &Entities,
    side: Side,
    topics: &[ThinVec<(usize, usize)>],
    words: &[ThinVec<(u32, u32)>],
    concepts: &[ThinVec<(usize, usize)>],
    in_text: &[Found],
) -> Vec<Features> {
    let account = pair.account(side);
    let text = |p: usize| {
        account
            .paragraphs
            .get(p)
            .is_some_and(crate::text::Paragraph::is_text)
    };
    let mut found: Vec<Found> = Vec::new();
    for (p, counts) in topics.iter().enumerate() {
        for &(t, c) in counts {
            found.push((p as u32, Feature::Topic(t as u32), c as f64));
        }
    }
    for (p, counts) in concepts.iter().enumerate() {
        for &(c, n) in counts {
            found.push((p as u32, Feature::Concept(c as u32), n as f64));
        }
    }
    for (pi, person) in entities.entries.iter().enumerate() {
        for m in &person.mentions[side.index()] {
            let f = match person.kind {
                Kind::Person => Feature::Person(pi as u32),
                Kind::Place => Feature::Place(pi as u32),
            };
            found.push((m.paragraph as u32, f, 1.0));
        }
    }
    found.extend_from_slice(in_text);
    for (p, ws) in words.iter().enumerate() {
        found.extend(
            ws.iter()
                .map(|&(id, n)| (p as u32, Feature::Word(id), f64::from(n))),
        );
    }
    found.retain(|(p, _, _)| text(*p as usize));
    score::features_of(account.paragraphs.len(), found)
}

/// The years, dates and counts each text paragraph of `side` names: they
/// need only the text, so they are found beside the alignment, on the
/// core its programme leaves idle (a tenth of linking two books).
pub(super) fn in_the_text(pair: &Pair, side: Side) -> Vec<Found> {
    let account = pair.account(side);
    let mut found = Vec::new();
    for (p, para) in account.paragraphs.iter().enumerate() {
        if !para.is_text() {
            continue;
        }
        for n in numbers(&account.text[para.span()]) {
            if let Some(y) = year(n) {
                found.push((p as u32, Feature::Year(y), 1.0));
            }
        }
        for d in units::dates(account, para.span()) {
            found.push((p as u32, Feature::Date(d), 1.0));
        }
        for n in counts(&account.text[para.span()]) {
            found.push((p as u32, Feature::Number(n), 1.0));
        }
    }
    found
}
