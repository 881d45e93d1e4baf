//! Places known by the company they keep: a name no title ever stands
//! before, used mostly in a list or a route with places (Rothal et
//! Allahabad; Liverpool, Glasgow, Havre; Calcutta to Hong Kong), is a
//! place too. The words that join two names so are language data
//! (`list_words` of texts/languages.toml).

use super::{Entry, Kind};
use crate::lang::fold::fold_query;
use crate::lang::tables;
use crate::pair::Pair;
use crate::text::Side;

/// The most rounds a newly found place may make its neighbours places
/// (Burdivan et Chandernagor, after Chandernagor is one).
const ROUNDS: usize = 4;

/// The longest gap, in bytes, between two names of one list.
const MAX_GAP: usize = 24;

/// Turns into places the unlisted people that keep places' company
/// more than people's, in a third of their uses or more, and never have a
/// title before them. A person's company counts only where it is sure (a
/// listed person, or one with a title): an undecided name beside a place
/// may be one too, found in the next round.
pub(super) fn places_by_company(pair: &Pair, entries: &mut [Entry]) {
    // Each account's pairs of neighbouring mentions of two entries that
    // stand in one list: (entry, entry).
    let neighbours: Vec<(usize, usize)> = Side::BOTH
        .into_iter()
        .flat_map(|side| listed_together(pair, entries, side))
        .collect();
    if neighbours.is_empty() {
        return;
    }
    let titled: Vec<bool> = entries.iter().map(|e| titled(pair, e)).collect();
    for _ in 0..ROUNDS {
        let mut place = vec![0usize; entries.len()];
        let mut person = vec![0usize; entries.len()];
        for &(a, b) in &neighbours {
            for (me, other) in [(a, b), (b, a)] {
                let e = &entries[other];
                match e.kind {
                    Kind::Place => place[me] += 1,
                    Kind::Person if e.listed || titled[other] => person[me] += 1,
                    Kind::Person => {}
                }
            }
        }
        let mut changed = false;
        for (i, e) in entries.iter_mut().enumerate() {
            if e.listed || e.kind != Kind::Person || titled[i] {
                continue;
            }
            if place[i] > person[i] && place[i] * 3 >= e.total() {
                e.kind = Kind::Place;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// The pairs of entries whose mentions stand next to each other in
/// `side`'s text with only a list word (and, to), a dash or a comma
/// between; a comma only inside a list of three or more (Suez, Bombay,
/// Calcutta), since a name and a comma may be a person and what they are
/// (Аристарх, Македонянин).
fn listed_together(pair: &Pair, entries: &[Entry], side: Side) -> Vec<(usize, usize)> {
    let account = pair.account(side);
    let text = account.text.as_str();
    let joins = &tables::get(account.meta.language).list_words;
    let mut spans: Vec<(usize, usize, usize)> = entries
        .iter()
        .enumerate()
        .flat_map(|(i, e)| {
            e.mentions[side.index()]
                .iter()
                .map(move |m| (m.span.start, m.span.end, i))
        })
        .collect();
    spans.sort_unstable();
    let gaps: Vec<Gap> = spans
        .windows(2)
        .map(|w| {
            let ((_, end, a), (start, _, b)) = (w[0], w[1]);
            if a == b || end > start || start - end > MAX_GAP {
                Gap::Apart
            } else {
                gap(&text[end..start], joins)
            }
        })
        .collect();
    let listed = |k: Option<usize>| {
        k.and_then(|k| gaps.get(k))
            .is_some_and(|g| *g != Gap::Apart)
    };
    gaps.iter()
        .enumerate()
        .filter(|&(k, g)| match g {
            Gap::Apart => false,
            Gap::Word => true,
            Gap::Comma => listed(k.checked_sub(1)) || listed(Some(k + 1)),
        })
        .map(|(k, _)| (spans[k].2, spans[k + 1].2))
        .collect()
}

/// What stands between two names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Gap {
    /// A list word or a dash: the two are listed together.
    Word,
    /// A comma: listed together if a third name is.
    Comma,
    /// Anything else.
    Apart,
}

/// What `gap` is: spaces and dashes with at most one word, one of `joins`
/// (or none); spaces and commas; or anything else.
fn gap(gap: &str, joins: &std::collections::HashSet<String>) -> Gap {
    let dash = |c: char| matches!(c, '-' | '–' | '—');
    let only = gap
        .chars()
        .all(|c| c.is_alphabetic() || c.is_whitespace() || c == ',' || dash(c));
    if !only {
        return Gap::Apart;
    }
    let mut words = gap
        .split(|c: char| c.is_whitespace() || c == ',' || dash(c))
        .filter(|w| !w.is_empty());
    match (words.next(), words.next()) {
        (Some(w), None) if joins.contains(&fold_query(w)) => Gap::Word,
        (None, _) if gap.contains(dash) => Gap::Word,
        (None, _) if gap.contains(',') => Gap::Comma,
        _ => Gap::Apart,
    }
}

/// True when a title stands right before some mention of `e`.
fn titled(pair: &Pair, e: &Entry) -> bool {
    Side::BOTH.into_iter().any(|side| {
        let account = pair.account(side);
        let data = tables::get(account.meta.language);
        let text = account.text.as_str();
        e.mentions[side.index()].iter().any(|m| {
            let before = text[..m.span.start].trim_end_matches([' ', '.']);
            let word = before
                .rsplit(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("");
            !word.is_empty() && data.is_title(&fold_query(word))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entities::{Entities, PeopleIndex};
    use crate::text::Meta;

    #[test]
    fn a_name_listed_with_places_is_a_place_and_one_with_a_title_is_not() {
        // Kholby never stands after a place word: only its company says
        // it is a place.
        let text = "They rode from Bombay to Kholby and then to Allahabad. \
            The train left Bombay. It stopped at Bombay. Far off lay Kholby. \
            Then Fogg slept. Then Mr. Fogg and Passepartout left Bombay. \
            They saw Bombay, Kholby and Allahabad. Then Fogg ran. \
            Later Kholby and Allahabad came. Then Passepartout ran. So Passepartout hid.";
        let meta = |n: &str| Meta {
            language: Some(crate::Lang::En),
            ..Meta::named(n)
        };
        let pair = Pair::from_texts([meta("l"), meta("r")], [text.to_string(), String::new()]);
        let entities = Entities::find(&pair, &PeopleIndex::default());
        let kind = |name: &str| {
            entities
                .entries
                .iter()
                .find(|e| e.name == name)
                .map(|e| e.kind)
                .unwrap_or_else(|| panic!("{name} in {:?}", entities.entries))
        };
        assert_eq!(kind("Kholby"), Kind::Place);
        assert_eq!(kind("Fogg"), Kind::Person);
        assert_eq!(kind("Passepartout"), Kind::Person);
    }

    #[test]
    fn names_of_a_list_are_joined_by_commas_and_list_words() {
        let joins: std::collections::HashSet<String> = ["et".to_string()].into();
        assert_eq!(gap(", ", &joins), Gap::Comma);
        assert_eq!(gap(" et ", &joins), Gap::Word);
        assert_eq!(gap("-", &joins), Gap::Word);
        assert_eq!(gap(" ", &joins), Gap::Apart);
        assert_eq!(gap(" dit à ", &joins), Gap::Apart);
        assert_eq!(gap(". ", &joins), Gap::Apart);
    }
}
