//! Topic links: best counterparts decided by reading, reasons that are true,
//! links by names alone, the CLI contracts, and the reader's link keys.

mod common;

use common::{app, press};
use diptych::fold::fold_query;
use diptych::pair::Pair;
use diptych::people::{People, PeopleIndex};
use diptych::text::{Meta, Side};
use diptych::topics::{Feature, Lexicon, Links, ParaRef};
use std::process::Command;

fn bundled() -> (Pair, People, Links) {
    let pair = Pair::bundled().expect("bundled");
    let people = People::find(&pair, &PeopleIndex::bundled().expect("index"));
    let links = Links::build(&pair, &people, Lexicon::bundled().expect("lexicon"));
    (pair, people, links)
}

/// Best counterparts in the other account for paragraphs whose subject is
/// unmistakable, decided by reading both accounts (¶ numbers from 1).
const COUNTERPARTS: &[(Side, usize, &[usize])] = &[
    // Alexander refuses to treat with Napoleon, demands abdication ↔ the
    // allied monarchs refuse separate talks and demand Napoleon.
    (Side::Left, 2, &[4]),
    (Side::Right, 4, &[2]),
    // The marshals will not fight for Paris and turn to the Bourbons ↔
    // Davout: resistance is hopeless, go over to Louis; Fouché readies the
    // chambers for the Bourbons.
    (Side::Left, 5, &[3]),
    // ↔ as above; Marmont's going over to the provisional government (¶7)
    // is the same subject.
    (Side::Right, 3, &[5, 7]),
    // Marshals stand for the King of Rome against the Bourbons in the talks ↔
    // the army for Napoleon II, the chambers split, Wellington for Louis.
    (Side::Left, 9, &[5]),
    (Side::Right, 5, &[9, 10]),
    // The Allies: only the Bourbons; regency refused; Elba ↔ as above, or
    // the chambers readied for the Bourbons.
    (Side::Left, 10, &[5, 3]),
];

#[test]
fn best_counterparts_are_the_ones_a_careful_reader_picks() {
    let (_, _, links) = bundled();
    for &(side, p, expected) in COUNTERPARTS {
        let best = links.best_counterpart(side, p - 1).expect("a counterpart");
        assert!(
            expected.contains(&(best.to.paragraph + 1)),
            "{side:?} ¶{p}: best is ¶{} ({:.3}), expected one of {expected:?}",
            best.to.paragraph + 1,
            best.score
        );
    }
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
fn every_reason_is_true() {
    let (pair, people, links) = bundled();
    let lexicon = &links.lexicon;
    let words = |r: ParaRef| -> Vec<String> {
        let a = pair.account(r.side);
        a.paragraphs[r.paragraph]
            .sentences
            .iter()
            .flat_map(|s| s.words.iter().map(|w| fold_query(&a.text[w.clone()])))
            .collect()
    };
    for side in Side::BOTH {
        for p in 0..pair.account(side).paragraphs.len() {
            let from = ParaRef { side, paragraph: p };
            for l in links.of(side, p) {
                assert!(l.score > 0.0 && l.score <= 1.0);
                for f in &l.shared {
                    for r in [from, l.to] {
                        let lang = pair
                            .account(r.side)
                            .meta
                            .language
                            .clone()
                            .unwrap_or_default();
                        match f {
                            Feature::Topic(t) => {
                                let w = words(r);
                                let found = lexicon.topics[*t]
                                    .stems
                                    .iter()
                                    .filter(|(l, _)| *l == lang)
                                    .any(|(_, s)| {
                                        (0..w.len())
                                            .any(|i| diptych::topics::lexicon::stem_at(&w, i, s))
                                    });
                                assert!(found, "topic {} not in {r:?}", lexicon.topics[*t].id);
                            }
                            Feature::Person(i) => {
                                let person = &people.persons[*i];
                                assert!(
                                    person.mentions[r.side.index()]
                                        .iter()
                                        .any(|m| m.paragraph == r.paragraph),
                                    "{} not in {r:?}",
                                    person.id
                                );
                            }
                            Feature::Place(name) => {
                                assert!(
                                    people.places[r.side.index()]
                                        .iter()
                                        .any(|pl| pl.paragraph == r.paragraph && &pl.name == name)
                                );
                            }
                            Feature::Year(y) => assert!(
                                pair.account(r.side)
                                    .paragraph_text(r.paragraph)
                                    .contains(&y.to_string())
                            ),
                        }
                    }
                }
            }
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
    let people = People::find(&pair, &PeopleIndex::default());
    let links = Links::build(&pair, &people, Lexicon::bundled().expect("lexicon"));
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
    assert!(links.topics[0].iter().all(Vec::is_empty));
}

#[test]
fn cli_related_and_topics_json() {
    let o = Command::new(common::bin())
        .args(["related", "--json"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    let list = v.as_array().expect("array");
    assert!(!list.is_empty());
    let mut last: Option<(String, u64, f64)> = None;
    for l in list {
        let from = (
            l["from"]["side"].as_str().expect("side").to_string(),
            l["from"]["paragraph"].as_u64().expect("p"),
        );
        assert!(l["to"]["paragraph"].as_u64().expect("to") >= 1);
        let score = l["score"].as_f64().expect("score");
        assert!((0.0..=1.0).contains(&score));
        assert!(l["topics"].is_array() && l["people"].is_array());
        if let Some((s, p, prev)) = &last
            && (s.as_str(), *p) == (from.0.as_str(), from.1)
        {
            assert!(score <= *prev, "best first for each paragraph");
        }
        last = Some((from.0, from.1, score));
    }
    let first = &list[0];
    assert_eq!(first["from"]["side"], "left");
    assert_eq!(first["from"]["paragraph"], 1);
    let t = Command::new(common::bin())
        .args(["topics", "--json"])
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&t.stdout).expect("valid JSON");
    let topics = v.as_array().expect("array");
    assert!((8..=15).contains(&topics.len()));
    let neg = topics
        .iter()
        .find(|t| t["id"] == "negotiations")
        .expect("negotiations");
    assert!(
        neg["left"]
            .as_array()
            .expect("left")
            .contains(&serde_json::json!(2))
    );
    assert!(
        neg["right"]
            .as_array()
            .expect("right")
            .contains(&serde_json::json!(4))
    );
    let none = Command::new(common::bin())
        .args(["topics", "--json", "--topics", "none"])
        .output()
        .expect("runs");
    assert_eq!(String::from_utf8_lossy(&none.stdout).trim(), "[]");
}

#[test]
fn a_bad_topics_file_is_one_line_and_status_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = dir.path().join("topics.toml");
    std::fs::write(&f, "[[topic]]\nid = \"a\"\nlabel = \"A\"\n").expect("write");
    common::fails_with(
        &["related".as_ref(), "--topics".as_ref(), f.as_os_str()],
        "topics.toml:2:6: topic \"a\" has no stems",
    );
    std::fs::write(&f, "[[topic]\n").expect("write");
    let o = Command::new(common::bin())
        .args(["--topics"])
        .arg(&f)
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("topics.toml:1:"));
}

#[test]
fn counterpart_aligns_and_marks_both_paragraphs() {
    let mut a = app(120, 35);
    press(&mut a, "} j");
    let here = a.current_paragraph();
    assert_eq!(here.paragraph, 1);
    press(&mut a, "l");
    let right = a.pane(Side::Right);
    assert_eq!(a.para_marks, [Some(1), Some(3)], "uk ¶2 beside sk ¶4");
    assert_eq!(
        right.wrapped().first_line[3],
        right.top,
        "sk ¶4 starts at the top row as uk ¶2 does (scrolled)"
    );
}

#[test]
fn next_topic_crosses_accounts_and_sync_follows() {
    let mut a = app(120, 35);
    press(&mut a, "} ]");
    let to = a.current_paragraph();
    assert!(a.links().share_topic(
        ParaRef {
            side: Side::Left,
            paragraph: 1
        },
        to
    ));
    press(&mut a, "<Esc> <Left> g s");
    assert!(a.sync);
    for p in 1..5 {
        press(&mut a, "}");
        let here = a.current_paragraph();
        assert_eq!(here.paragraph, p);
        let best = a
            .links()
            .best_counterpart(Side::Left, p)
            .expect("counterpart")
            .to;
        assert_eq!(
            a.para_marks[1],
            Some(best.paragraph),
            "¶{} → sk ¶{}",
            p + 1,
            best.paragraph + 1
        );
    }
    press(&mut a, "s");
    assert!(!a.sync);
}

#[test]
fn links_panel_lists_and_jumps() {
    let mut a = app(80, 24);
    press(&mut a, "} t");
    assert!(a.links_panel.open);
    let first = a.panel_links()[0].clone();
    press(&mut a, "<Enter>");
    assert_eq!(a.focus, first.to.side);
    assert_eq!(
        a.para_marks[first.to.side.index()],
        Some(first.to.paragraph)
    );
}
