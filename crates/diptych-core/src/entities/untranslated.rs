//! Names a translation renders as no name: a capitalised word of one text
//! whose sentences' counterparts name no one (the Finnish Jumala and the
//! Hungarian Úr beside the King James' God and LORD, which English lists
//! as no names; the English translator's Marionette beside Collodi's
//! lower-case burattino; the Synodal's Царствиа beside the Gdańska's
//! królestwo). A person is named in most sentences of a translation that
//! name them in the original, so those sentences name as many people as
//! theirs; a word written with a capital in one language only leaves its
//! sentences' counterparts a name short. Needs no list of
//! the language's words, so it serves the languages without data too.

use super::Entities;
use crate::text::Side;
use std::collections::HashMap;

/// Fewer mentions in beads of both texts say too little. (Three: Grimm's
/// Schloß, a German noun capitalised as nouns are, three times beside
/// the Polish zamek, and War and Peace's Guards, Tour du monde's British
/// and Englishman, in the English alone, went no further at five.)
const MIN_MENTIONS: usize = 3;
/// The share of those beads whose other side names as many as its side,
/// below which the name is no name.
const NAMED_SHARE: f64 = 0.25;

/// `entities` less the unlisted entries of one text only, used at least
/// `MIN_MENTIONS` times in beads of both texts, in less than
/// `NAMED_SHARE` of which the other text names as many as its text. `bead_of(side,
/// offset)` gives the bead a byte offset falls in, and whether both texts
/// have sentences in it; none outside the alignment.
pub fn without_untranslated(
    entities: Entities,
    bead_of: &dyn Fn(Side, usize) -> Option<(u32, bool)>,
) -> Entities {
    // How many names each text has in each bead.
    let named: [HashMap<u32, usize>; 2] = Side::BOTH.map(|side| {
        let mut n: HashMap<u32, usize> = HashMap::new();
        let mentions = entities
            .entries
            .iter()
            .flat_map(|e| &e.mentions[side.index()]);
        for b in mentions.filter_map(|m| bead_of(side, m.span.start)) {
            *n.entry(b.0).or_default() += 1;
        }
        n
    });
    let untranslated = |e: &super::Entry| -> bool {
        if e.listed {
            return false;
        }
        let side = match (e.mentions[0].is_empty(), e.mentions[1].is_empty()) {
            (false, true) => Side::Left,
            (true, false) => Side::Right,
            _ => return false,
        };
        let beads: Vec<u32> = e.mentions[side.index()]
            .iter()
            .filter_map(|m| bead_of(side, m.span.start))
            .filter(|&(_, both)| both)
            .map(|(b, _)| b)
            .collect();
        if beads.len() < MIN_MENTIONS {
            return false;
        }
        // A bead renders the name where the other text names as many
        // (Samuel beside Sámuel does not render Úr beside them).
        let count = |k: Side, b: &u32| named[k.index()].get(b).copied().unwrap_or(0);
        let rendered = beads
            .iter()
            .filter(|b| count(side.other(), b) >= count(side, b))
            .count();
        (rendered as f64) < NAMED_SHARE * beads.len() as f64
    };
    let entries = entities
        .entries
        .into_iter()
        .filter(|e| !untranslated(e))
        .collect();
    Entities {
        entries,
        paradigms: entities.paradigms,
        pending: entities.pending,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entities::test_entry;
    use crate::pair::Pair;
    use crate::text::Meta;

    #[test]
    fn a_name_the_translation_leaves_a_name_short_is_no_name() {
        // "Az Úr szólt Sámuelnek" beside "the LORD called Samuel": the
        // English names one, the Hungarian two. Jonathán and Jonathan,
        // entries of one text each in other beads, are rendered.
        let l = ["Az Úr szólt Sámuelnek.\n\nJonathán ment."; 6].join("\n\n");
        let r = ["The LORD called Samuel.\n\nJonathan went."; 6].join("\n\n");
        let pair = Pair::from_texts([Meta::named("hu"), Meta::named("en")], [l, r]);
        let (left, right) = (Side::Left, Side::Right);
        let entities = Entities {
            entries: vec![
                test_entry(&pair, "Úr", &[(left, "Úr")]),
                test_entry(&pair, "Sámuel", &[(left, "Sámuel"), (right, "Samuel")]),
                test_entry(&pair, "Jonathán", &[(left, "Jonathán")]),
                test_entry(&pair, "Jonathan", &[(right, "Jonathan")]),
            ],
            ..Entities::default()
        };
        // One bead a paragraph, both sides in it.
        let bead = |side: Side, at: usize| Some((pair.account(side).paragraph_at(at) as u32, true));
        let kept = without_untranslated(entities.clone(), &bead);
        let names: Vec<&str> = kept.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Sámuel", "Jonathán", "Jonathan"]);
        // Beads of one text only say nothing: nothing goes.
        let alone =
            |side: Side, at: usize| Some((pair.account(side).paragraph_at(at) as u32, false));
        assert_eq!(without_untranslated(entities, &alone).entries.len(), 4);
    }

    /// A capitalised noun the translation writes in lower case, three
    /// times, is no name; twice says too little.
    #[test]
    fn three_uses_the_translation_never_names_are_enough() {
        let pair_of = |n: usize| {
            let l = ["Das Schloß stand dort."; 6][..n].join("\n\n");
            let r = ["Zamek tam stał."; 6][..n].join("\n\n");
            Pair::from_texts([Meta::named("de"), Meta::named("pl")], [l, r])
        };
        for (n, kept) in [(3, 0), (2, 1)] {
            let pair = pair_of(n);
            let entities = Entities {
                entries: vec![test_entry(&pair, "Schloß", &[(Side::Left, "Schloß")])],
                ..Entities::default()
            };
            let bead =
                |side: Side, at: usize| Some((pair.account(side).paragraph_at(at) as u32, true));
            assert_eq!(
                without_untranslated(entities, &bead).entries.len(),
                kept,
                "{n}"
            );
        }
    }
}
