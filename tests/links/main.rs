//! Links: the best counterparts of the bundled pair decided by reading, the
//! translation pair of the corpus aligned, reasons that are true, scores
//! that discriminate, lexicons by language, the CLI contracts, and the
//! reader's link keys.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod alignment;
#[path = "../common/mod.rs"]
mod common;
mod narrative;
mod partial;
mod sentences;
mod text_berg;

use common::{app, press};
use diptych::entities::{Entities, PeopleIndex};
use diptych::links::{AlignChoice, Feature, Links, Mode, ParaRef, Topics};
use diptych::pair::Pair;
use diptych::text::{Meta, Side};
use std::process::Command;
use std::sync::atomic::AtomicBool;

fn build(pair: &Pair, people: &Entities, lexicon: Topics) -> Links {
    Links::build(
        pair,
        people,
        lexicon,
        AlignChoice::Auto,
        &AtomicBool::new(false),
    )
}

fn bundled() -> (Pair, Entities, Links) {
    let pair = Pair::bundled().expect("bundled");
    let people = Entities::find(&pair, &PeopleIndex::bundled().expect("index"));
    let links = build(&pair, &people, Topics::bundled().expect("lexicon"));
    (pair, people, links)
}

/// The best counterpart of every paragraph in the other account, decided
/// by reading both accounts (¶ numbers from 1), and why.
const COUNTERPARTS: &[(Side, usize, &[usize], &str)] = &[
    (
        Side::Left,
        1,
        &[1],
        "missed chances of peace, refused ↔ Napoleon's offer of a just peace, refused",
    ),
    (
        Side::Left,
        2,
        &[4],
        "Alexander will not treat, demands abdication ↔ the monarchs refuse separate talks, demand Napoleon",
    ),
    (
        Side::Left,
        3,
        &[3, 5],
        "the army's corps and numbers ↔ the armies and numbers closing in (¶3) or attacking France (¶5)",
    ),
    (
        Side::Left,
        4,
        &[4, 5],
        "last hope of talks gone, the army would fight on, the leaders tired ↔ the generals want to fight, talks lead nowhere (¶4), Davout sure of defeat while the army stays loyal (¶5)",
    ),
    (
        Side::Left,
        5,
        &[3],
        "the marshals will not fight for Paris and turn to the Bourbons ↔ Davout: go over to Louis; Fouché readies the Bourbons",
    ),
    (
        Side::Left,
        6,
        &[5, 3],
        "the marshals want abdication, won't fight in the ruins, back the son ↔ the army for Napoleon II, a bloody siege (¶5)",
    ),
    (
        Side::Left,
        7,
        &[3, 5],
        "talks again, abdication for the son, Marmont goes over ↔ Davout goes over (¶3), Napoleon II and the talks (¶5)",
    ),
    (
        Side::Left,
        8,
        &[5, 4],
        "the Allies see the discord and push their terms ↔ chaos in the French staff, the Allies refuse to treat",
    ),
    (
        Side::Left,
        9,
        &[5],
        "the marshals stand for the King of Rome in the talks ↔ the army for Napoleon II, the chambers split, the talks",
    ),
    (
        Side::Left,
        10,
        &[4, 5, 3],
        "only the Bourbons may take the throne ↔ no armistice without the Bourbons (¶4), Louis on the throne (¶5)",
    ),
    (
        Side::Left,
        11,
        &[2],
        "Napoleon after his abdication ↔ Napoleon gives up the fight and leaves",
    ),
    (
        Side::Right,
        1,
        &[7, 1],
        "Napoleon's offer to serve, refused ↔ his offer to abdicate for his son (¶7), peace refused (¶1)",
    ),
    (
        Side::Right,
        2,
        &[11, 10, 2],
        "Napoleon gives up and leaves ↔ Napoleon after abdication (¶11), his exile to Elba (¶10), abdication demanded and refuge offered (¶2)",
    ),
    (
        Side::Right,
        3,
        &[5, 7],
        "Davout: go over to Louis ↔ the marshals turn to the Bourbons (¶5), Marmont goes over (¶7)",
    ),
    (
        Side::Right,
        4,
        &[2, 10],
        "the monarchs refuse to treat, demand Napoleon ↔ Alexander will not treat (¶2), only the Bourbons (¶10)",
    ),
    (
        Side::Right,
        5,
        &[9, 10, 6],
        "the army for Napoleon II, the chambers split ↔ the marshals for the King of Rome (¶9), the regency (¶10)",
    ),
];

#[test]
fn best_counterparts_are_the_ones_a_careful_reader_picks() {
    let (_, _, links) = bundled();
    assert_eq!(
        links.mode,
        Mode::Narrative,
        "two accounts a year apart are not a translation"
    );
    let mut wrong = Vec::new();
    for &(side, p, expected, why) in COUNTERPARTS {
        let best = links.best_counterpart(side, p - 1).expect("a counterpart");
        if !expected.contains(&(best.to.paragraph + 1)) {
            wrong.push(format!(
                "{side:?} ¶{p}: best is ¶{} ({:.3}), expected one of {expected:?} ({why})",
                best.to.paragraph + 1,
                best.score
            ));
        }
    }
    assert!(wrong.len() <= 1, "{}", wrong.join("\n"));
}

#[test]
fn every_paragraph_has_a_counterpart_in_the_other_account() {
    let (pair, _, links) = bundled();
    for side in Side::BOTH {
        for p in 0..pair.account(side).paragraphs.len() {
            assert!(
                links.best_counterpart(side, p).is_some(),
                "{side:?} ¶{}",
                p + 1
            );
        }
    }
}

#[test]
fn every_reason_is_true_and_no_two_links_tie_unless_their_reasons_do() {
    let (pair, people, links) = bundled();
    for side in Side::BOTH {
        for p in 0..pair.account(side).paragraphs.len() {
            let from = ParaRef { side, paragraph: p };
            let ls = links.of(side, p);
            for (i, l) in ls.iter().enumerate() {
                assert!(l.score > 0.0 && l.score <= 1.0);
                for other in &ls[i + 1..] {
                    if (other.score - l.score).abs() < 1e-9 {
                        assert_eq!(
                            links.reasons(l),
                            links.reasons(other),
                            "{from:?}: a tie between {:?} and {:?}",
                            l.to,
                            other.to
                        );
                    }
                }
                for f in &l.shared {
                    for r in [from, l.to] {
                        match f {
                            Feature::Topic(t) => assert!(
                                links.topic_spans[r.side.index()]
                                    .iter()
                                    .any(|(topic, span)| {
                                        *topic == *t as usize
                                            && pair.account(r.side).paragraph_at(span.start)
                                                == r.paragraph
                                    }),
                                "topic {} not in {r:?}",
                                links.vocabulary.topics[*t as usize].id
                            ),
                            Feature::Person(i) | Feature::Place(i) => {
                                let person = &people.entries[*i as usize];
                                assert!(
                                    person.mentions[r.side.index()]
                                        .iter()
                                        .any(|m| m.paragraph == r.paragraph),
                                    "{} not in {r:?}",
                                    person.id
                                );
                            }
                            Feature::Year(y) => assert!(
                                pair.account(r.side)
                                    .paragraph_text(r.paragraph)
                                    .contains(&y.to_string())
                            ),
                            // The count's digits stand in the paragraph,
                            // but for the separators of thousands.
                            Feature::Number(n) => assert!(
                                pair.account(r.side)
                                    .paragraph_text(r.paragraph)
                                    .replace([' ', ',', '.', '\u{a0}', '\u{202f}', '\u{2009}'], "")
                                    .contains(&n.to_string()),
                                "{n} not in {r:?}"
                            ),
                            // The day stands in the paragraph (its month
                            // beside it, as the date finder read it).
                            Feature::Date(d) => assert!(
                                pair.account(r.side)
                                    .paragraph_text(r.paragraph)
                                    .contains(&(d % 32).to_string()),
                                "{d} not in {r:?}"
                            ),
                            Feature::Concept(c) => {
                                // A stem of the concept in the account's
                                // language stands in the paragraph.
                                let found = links.concepts.find(pair.account(r.side));
                                assert!(
                                    found.counts[r.paragraph]
                                        .iter()
                                        .any(|&(t, _)| t == *c as usize),
                                    "concept {c} not in {r:?}"
                                );
                            }
                            Feature::Word(w) => {
                                // Its word (in one of the accounts' forms)
                                // starts a word of the paragraph.
                                let shown = links.words.shown(*w);
                                let text = pair.account(r.side).paragraph_text(r.paragraph);
                                let lower = text.to_lowercase();
                                assert!(
                                    shown.split(" / ").any(|x| {
                                        let stem: String = x.chars().take(4).collect();
                                        lower.contains(&stem)
                                    }),
                                    "{shown} not in {r:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn no_stem_fires_on_another_language() {
    let lexicon = Topics::bundled().expect("lexicon");
    // English and Russian texts full of words the Ukrainian and Slovak stems
    // begin: атак, elb, син, armád, boj...
    let mut en = Meta::named("en");
    en.language = Some(diptych::Lang::En);
    let mut ru = Meta::named("ru");
    ru.language = Some(diptych::Lang::Ru);
    let pair = Pair::from_texts(
        [ru, en],
        [
            "Атака началась. Сын его пришел в армию, и бой был у столицы; острова и руины.".into(),
            "He leaned his elbows on the table. The armádas, the boj of the usa, the synod.".into(),
        ],
    );
    for side in Side::BOTH {
        let found = lexicon.find(pair.account(side));
        for (t, span) in &found.spans {
            let stem_langs: Vec<&str> = lexicon.topics[*t]
                .stems
                .iter()
                .map(|(l, _)| l.code())
                .collect();
            assert!(
                stem_langs.contains(&pair.account(side).meta.language.map_or("", |l| l.code())),
                "{} fired on {:?}",
                lexicon.topics[*t].id,
                &pair.account(side).text[span.clone()]
            );
        }
    }
}

#[test]
fn texts_the_lexicon_knows_nothing_of_link_by_names() {
    let pair = Pair::from_texts(
        [Meta::named("a"), Meta::named("b")],
        [
            "The weather was fine. Then Colonel Hardwick rode to Bexley.\nNothing else happened here at all.".into(),
            "Much later, Hardwick wrote a letter from Bexley.\nThe garden grew.".into(),
        ],
    );
    let people = Entities::find(&pair, &PeopleIndex::default());
    let links = build(&pair, &people, Topics::bundled().expect("lexicon"));
    let best = links
        .best_counterpart(Side::Left, 0)
        .expect("linked by the shared name");
    assert_eq!(
        best.to,
        ParaRef {
            side: Side::Right,
            paragraph: 0
        }
    );
    assert!(best.shared.iter().any(|f| matches!(f, Feature::Person(_))));
    assert!(links.topics[0].iter().all(thin_vec::ThinVec::is_empty));
}

/// The bundled accounts tell different episodes: no order is read into
/// them, so their links are as the features make them.
#[test]
fn the_bundled_episodes_follow_no_order() {
    let pair = Pair::bundled().expect("bundled");
    let links = built(&pair, AlignChoice::Auto);
    assert!(diptych::links::order::path(&links.links).is_none());
}

/// A pair in languages the topic list does not cover gets topics found
/// in it: names and cognates both accounts return to, in both accounts'
/// paragraphs, used by `]` as the list's are.
#[test]
fn topics_are_found_in_a_pair_the_lexicon_does_not_cover() {
    let fr = [
        "Le voyageur arriva à Bombay avec la cavalerie.",
        "À Bombay, la cavalerie attendait le consul.",
        "Le consul quitta Bombay le soir.",
        "La mer était calme.",
        "Le train partit pour Calcutta sans la cavalerie.",
        "À Calcutta, le pagode brillait.",
        "Le juge de Calcutta parla longtemps.",
        "Il faisait nuit.",
    ];
    let en = [
        "The traveller reached Bombay with the cavalry.",
        "At Bombay, the cavalry waited for the consul.",
        "The consul left Bombay in the evening.",
        "The sea was calm.",
        "The train left for Calcutta without the cavalry.",
        "At Calcutta, the pagoda shone.",
        "The judge of Calcutta spoke for a long time.",
        "It was night.",
    ];
    let meta = |lang: &str| Meta {
        language: Some(lang.parse().expect("lang")),
        ..Meta::named(lang)
    };
    let pair = Pair::from_texts([meta("fr"), meta("en")], [fr.join("\n\n"), en.join("\n\n")]);
    let people = Entities::find(&pair, &PeopleIndex::default());
    let links = Links::build(
        &pair,
        &people,
        Topics::bundled().expect("topics"),
        AlignChoice::Narrative,
        &AtomicBool::new(false),
    );
    let labels: Vec<&str> = links
        .vocabulary
        .topics
        .iter()
        .map(|t| t.label.as_str())
        .collect();
    assert!(labels.iter().any(|l| l.contains("Bombay")), "{labels:?}");
    assert!(labels.iter().any(|l| l.contains("Calcutta")), "{labels:?}");
    // Each found topic marks paragraphs of both accounts, and its spans.
    for (t, topic) in links.vocabulary.topics.iter().enumerate() {
        for side in Side::BOTH {
            assert!(
                links.topics[side.index()].iter().any(|ts| ts.contains(&t)),
                "{} in {side:?}",
                topic.label
            );
            assert!(links.topic_spans[side.index()].iter().any(|(x, _)| *x == t));
        }
    }
    // `]` steps through them as through the list's.
    assert!(links.share_topic(
        ParaRef {
            side: Side::Left,
            paragraph: 0
        },
        ParaRef {
            side: Side::Right,
            paragraph: 1
        }
    ));
}

/// The links of `pair` as `choice` says, its names found with the bundled
/// index and the bundled topics.
pub fn built(pair: &Pair, choice: AlignChoice) -> Links {
    let people = Entities::find(pair, &PeopleIndex::bundled().expect("index"));
    Links::build(
        pair,
        &people,
        Topics::bundled().expect("topics"),
        choice,
        &AtomicBool::new(false),
    )
}

/// How many links `links` holds, from every paragraph of `pair`.
fn links_in(pair: &Pair, links: &Links) -> usize {
    Side::BOTH
        .iter()
        .map(|&s| {
            (0..pair.account(s).paragraphs.len())
                .map(|p| links.of(s, p).len())
                .sum::<usize>()
        })
        .sum()
}

/// A link whose every reason is someone the reader hid goes, as the guide
/// says ("a hidden entry is no reason for a link"); a link that gives
/// other reasons stays. On the bundled pair.
#[test]
fn a_link_only_a_hidden_entry_gave_reasons_for_goes() {
    let pair = Pair::bundled().expect("bundled");
    let mut links = built(&pair, AlignChoice::Auto);
    // Links whose reasons are all people or places.
    let only_names = |links: &Links, l: &diptych::links::Link| {
        !l.aligned
            && !l.in_order
            && !l.shared.is_empty()
            && l.shared
                .iter()
                .all(|f| matches!(f, Feature::Person(_) | Feature::Place(_)))
            && !links.reasons(l).is_empty()
    };
    let mut hide = std::collections::HashSet::new();
    let mut gone = Vec::new();
    for side in Side::BOTH {
        for p in 0..pair.account(side).paragraphs.len() {
            for l in links.of(side, p) {
                if only_names(&links, l) {
                    for f in &l.shared {
                        let (Feature::Person(i) | Feature::Place(i)) = f else {
                            continue;
                        };
                        hide.insert(*i as usize);
                    }
                    gone.push((side, p, l.to));
                }
            }
        }
    }
    assert!(
        !gone.is_empty(),
        "a link of names alone on the bundled pair"
    );
    let kept_before = links_in(&pair, &links);
    let names = links
        .names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            if hide.contains(&i) {
                String::new()
            } else {
                n.clone()
            }
        })
        .collect();
    links.name_people(names);
    for (side, p, to) in gone {
        assert!(
            !links.of(side, p).iter().any(|l| l.to == to),
            "{side:?} ¶{} -> {to:?} stays",
            p + 1
        );
    }
    let kept_after = links_in(&pair, &links);
    assert!(kept_after > 0 && kept_after < kept_before);
    for side in Side::BOTH {
        for p in 0..pair.account(side).paragraphs.len() {
            for l in links.of(side, p) {
                assert!(!links.reasons(l).is_empty(), "{side:?} ¶{}", p + 1);
            }
        }
    }
}
