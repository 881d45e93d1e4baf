//! Tests of [`super`]: aligned.

use super::*;
use crate::entities::test_entry as entry;
use crate::text::Meta;

/// Paragraphs `i` of both sides: Пьер/Pierre in the even ones,
/// Петя/Pétya in the odd, Ланжерон/Langeron in every third.
fn texts() -> [String; 2] {
    let mut l = Vec::new();
    let mut r = Vec::new();
    for i in 0..12 {
        let (a, b) = if i % 2 == 0 {
            ("Долго Пьер сидел", "Long Pierre sat")
        } else {
            ("Утром Петя бегал", "Then Pétya ran")
        };
        let (c, d) = if i % 3 == 0 {
            (" и Ланжерон", " and Langeron")
        } else {
            ("", "")
        };
        l.push(format!("{a}{c}."));
        r.push(format!("{b}{d}."));
    }
    [l.join("\n\n"), r.join("\n\n")]
}

#[test]
fn the_alignment_splits_what_it_keeps_apart_and_joins_what_it_pairs() {
    let [l, r] = texts();
    let pair = Pair::from_texts([Meta::named("ru"), Meta::named("en")], [l, r]);
    let found = Entities {
        entries: vec![
            entry(
                &pair,
                "pierre",
                &[
                    (Side::Left, "Пьер"),
                    (Side::Left, "Петя"),
                    (Side::Right, "Pierre"),
                    (Side::Right, "Pétya"),
                ],
            ),
            entry(&pair, "lanzheron", &[(Side::Left, "Ланжерон")]),
            entry(&pair, "langeron", &[(Side::Right, "Langeron")]),
        ],
        ..Entities::default()
    };
    let merged = merged_by_paragraph(&found, &pair);
    let names: Vec<(String, usize, usize)> = merged
        .entries
        .iter()
        .map(|e| (e.name.clone(), e.mentions[0].len(), e.mentions[1].len()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("Петя / Pétya".to_string(), 6, 6),
            ("Пьер / Pierre".to_string(), 6, 6),
            ("Ланжерон / Langeron".to_string(), 4, 4),
        ]
    );
    let ids: Vec<&str> = merged.entries.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(
        ids,
        ["unlisted:petya", "unlisted:per", "unlisted:lanzheron"]
    );
}

/// `found` merged through an alignment of one bead a paragraph.
fn merged_by_paragraph(found: &Entities, pair: &Pair) -> Entities {
    let bead = |side: Side, at: usize| {
        let p = pair.account(side).paragraph_at(at) as u32;
        Some([p, p])
    };
    merge_aligned(found, pair, &bead)
}

/// Each entry's mentions on each side once `found` is merged through an
/// alignment of one bead a paragraph.
fn mentions_merged(found: &Entities, pair: &Pair) -> Vec<(usize, usize)> {
    merged_by_paragraph(found, pair)
        .entries
        .iter()
        .map(|e| (e.mentions[0].len(), e.mentions[1].len()))
        .collect()
}

#[test]
fn a_given_name_alone_joins_the_full_name_of_the_translation() {
    let mut l = vec!["Książe Dominik polował.".to_string()];
    let mut r = vec!["Prince Dominik Radziwill hunted.".to_string()];
    for _ in 0..5 {
        l.push("Książe Radziwił jechał.".into());
        r.push("Prince Radziwill rode.".into());
    }
    let pair = Pair::from_texts(
        [Meta::named("pl"), Meta::named("en")],
        [l.join("\n\n"), r.join("\n\n")],
    );
    let found = Entities {
        entries: vec![
            entry(
                &pair,
                "radziwill",
                &[
                    (Side::Left, "Radziwił"),
                    (Side::Right, "Dominik Radziwill"),
                    (Side::Right, "Radziwill"),
                ],
            ),
            entry(&pair, "dominik", &[(Side::Left, "Dominik")]),
        ],
        ..Entities::default()
    };
    assert_eq!(mentions_merged(&found, &pair), [(6, 6)]);
}

#[test]
fn a_name_seen_once_a_side_joins_its_spelling_in_the_same_bead() {
    let l = "Сын графа Безухого приехал.\n\nПьер сидел.";
    let r = "Count Bezúkhov's son came.\n\nPierre sat.";
    let pair = Pair::from_texts(
        [Meta::named("ru"), Meta::named("en")],
        [l.to_string(), r.to_string()],
    );
    let found = Entities {
        entries: vec![
            entry(&pair, "bezukhogo", &[(Side::Left, "Безухого")]),
            entry(&pair, "bezukhov", &[(Side::Right, "Bezúkhov")]),
            entry(
                &pair,
                "per",
                &[(Side::Left, "Пьер"), (Side::Right, "Pierre")],
            ),
        ],
        ..Entities::default()
    };
    assert_eq!(mentions_merged(&found, &pair), [(1, 1), (1, 1)]);
}

#[test]
fn without_an_alignment_nothing_changes() {
    let [l, r] = texts();
    let pair = Pair::from_texts([Meta::named("ru"), Meta::named("en")], [l, r]);
    let found = Entities {
        entries: vec![entry(&pair, "per", &[(Side::Left, "Пьер")])],
        ..Entities::default()
    };
    let merged = merge_aligned(&found, &pair, &|_, _| None);
    assert_eq!(merged.entries, found.entries);
}

#[test]
fn a_name_spelt_alike_on_both_sides_pairs_with_itself() {
    // Two names of one story meet in every bead, in the other order in
    // the translation: by their places in the beads they would pair
    // crosswise.
    let l = ["Rodrigo met Abindarraez."; 4].join("\n\n");
    let r = ["Abindarraez met Rodrigo."; 4].join("\n\n");
    let pair = Pair::from_texts([Meta::named("es"), Meta::named("en")], [l, r]);
    let found = Entities {
        entries: vec![
            entry(&pair, "rodrigo", &[(Side::Left, "Rodrigo")]),
            entry(&pair, "abindarraez", &[(Side::Left, "Abindarraez")]),
            entry(&pair, "rodrigo-en", &[(Side::Right, "Rodrigo")]),
            entry(&pair, "abindarraez-en", &[(Side::Right, "Abindarraez")]),
        ],
        ..Entities::default()
    };
    for e in &merged_by_paragraph(&found, &pair).entries {
        let [a, b] = [Side::Left, Side::Right].map(|s| {
            let text = &pair.account(s).text;
            e.mentions[s.index()]
                .iter()
                .map(|m| &text[m.span.clone()])
                .collect::<Vec<_>>()
        });
        assert_eq!((a.len(), b.len()), (4, 4), "{}", e.name);
        assert_eq!(a[0], b[0], "{}", e.name);
    }
}

/// A name one text makes a place by its articles alone ("the Dodger")
/// and the other never does ("Jack", six times) is a person once the
/// alignment joins them, though the place's mentions are more.
#[test]
fn a_name_one_text_never_makes_a_place_is_a_person() {
    let l: Vec<String> = (0..8)
        .map(|i| format!("They saw the Dodger {i}, and the Dodger laughed."))
        .collect();
    let r: Vec<String> = (0..8)
        .map(|i| match i % 4 {
            0..=2 => format!("Sie sahen Jack {i}."),
            _ => format!("Sie lachten {i}."),
        })
        .collect();
    let pair = Pair::from_texts(
        [Meta::named("en"), Meta::named("de")],
        [l.join("\n\n"), r.join("\n\n")],
    );
    let mut dodger = entry(&pair, "dodger", &[(Side::Left, "Dodger")]);
    dodger.kind = Kind::Place;
    let found = Entities {
        entries: vec![dodger, entry(&pair, "jack", &[(Side::Right, "Jack")])],
        ..Entities::default()
    };
    let merged = merged_by_paragraph(&found, &pair);
    let joined = merged
        .entries
        .iter()
        .find(|e| e.mentions.iter().all(|m| !m.is_empty()))
        .unwrap_or_else(|| panic!("{:?}", merged.entries));
    assert_eq!(
        [joined.mentions[0].len(), joined.mentions[1].len()],
        [16, 6]
    );
    assert_eq!(joined.kind, Kind::Person);
}
