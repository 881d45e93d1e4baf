//! The people index and the mention finder on the bundled pair and on short
//! texts of our own in each language, names found in the War and Peace pair
//! of the corpus, the draft, and the `people` JSON contract.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../common/mod.rs"]
mod common;
mod gold;
mod names_in_texts;

use diptych::entities::{Entities, PeopleIndex};
use diptych::lang::fold::fold_query;
use diptych::pair::Pair;
use diptych::text::{Meta, Side};
use std::process::Command;

/// Each entry's id with the spans of its mentions.
fn spans(p: &Entities) -> Vec<(String, Vec<std::ops::Range<usize>>)> {
    p.entries
        .iter()
        .map(|x| {
            (
                x.id.clone(),
                x.mentions
                    .iter()
                    .flatten()
                    .map(|m| m.span.clone())
                    .collect(),
            )
        })
        .collect()
}

fn bundled() -> (Pair, PeopleIndex, Entities) {
    let pair = Pair::bundled().expect("bundled");
    let index = PeopleIndex::bundled().expect("index");
    let people = Entities::find(&pair, &index);
    (pair, index, people)
}

#[test]
fn every_listed_person_is_found_or_marked_for_other_texts_and_then_not_listed() {
    let (_, index, people) = bundled();
    for e in index.entries.iter().filter(|e| e.is_person()) {
        // A person the accounts do not name has no row (no 0 │ 0).
        let p = people.by_id(&e.id);
        if e.elsewhere {
            assert!(p.is_none(), "{} is marked elsewhere but found", e.id);
        } else {
            assert!(p.is_some_and(|p| p.total() > 0), "{} is never found", e.id);
        }
        let langs: Vec<&str> = e.forms.iter().map(|(l, _)| l.as_str()).collect();
        assert!(
            langs.contains(&"uk") && langs.contains(&"sk"),
            "{} needs forms in both languages",
            e.id
        );
    }
}

#[test]
fn one_entry_per_person_across_languages_and_scripts() {
    let (pair, _, people) = bundled();
    let s = people.by_id("schwarzenberg").expect("Schwarzenberg");
    assert_eq!(
        s.forms_used(&pair, Side::Left),
        ["Шварценбергом", "Шварценбергу", "Шварценберг"]
    );
    assert_eq!(s.forms_used(&pair, Side::Right), ["Schwarzembergom"]);
    let n = people.by_id("napoleon").expect("Napoleon");
    assert!(n.mentions[0].len() >= 15 && n.mentions[1].len() >= 5);
    let n2 = people.by_id("napoleon-ii").expect("Napoleon II");
    assert!(n2.forms_used(&pair, Side::Left).contains(&"Наполеона II"));
    assert!(
        n2.forms_used(&pair, Side::Left)
            .contains(&"короля Римського")
    );
    assert_eq!(n2.forms_used(&pair, Side::Right), ["Napoleona II"]);
    // Napoleon II is never also counted as Napoleon.
    for m in &n.mentions[0] {
        assert!(
            !n2.mentions[0]
                .iter()
                .any(|m2| m2.span.start == m.span.start)
        );
    }
    let a = people.by_id("alexander-i").expect("Alexander");
    assert!(
        a.forms_used(&pair, Side::Left)
            .contains(&"Олександр Павлович")
    );
    assert!(
        !a.forms_used(&pair, Side::Left)
            .iter()
            .any(|f| f.ends_with(" і"))
    );
    let m = people.by_id("marmont").expect("Marmont");
    assert!(
        m.forms_used(&pair, Side::Left)
            .contains(&"герцогом Рагузскім")
    );
    assert_eq!(
        people
            .by_id("delaroche")
            .map(diptych::entities::Entry::total),
        Some(1)
    );
}

#[test]
fn no_place_people_or_institution_is_a_person() {
    let (pair, index, people) = bundled();
    let not_people = [
        "Париж",
        "Paríž",
        "Фонтенбло",
        "Ельба",
        "Сенат",
        "Франція",
        "Francúzsko",
        "Prusi",
        "Бурбони",
        "Rakúšania",
        "Angličan",
        "Normandia",
        "Рагуза",
    ];
    let keys: Vec<String> = not_people.iter().map(|w| fold_query(w)).collect();
    for p in people.people() {
        for side in Side::BOTH {
            for f in p.forms_used(&pair, side) {
                let k = fold_query(f);
                assert!(
                    !keys.iter().any(|pk| k.starts_with(&pk[..pk.len().min(5)])),
                    "{f} came out as the person {}",
                    p.id
                );
            }
        }
    }
    assert!(
        people.entries.iter().all(|p| p.listed),
        "the bundled pair has no unlisted names: {:?}",
        people
            .entries
            .iter()
            .filter(|p| !p.listed)
            .map(|p| &p.name)
            .collect::<Vec<_>>()
    );
    assert!(
        index
            .entries
            .iter()
            .any(|e| e.id == "senate" && !e.is_person())
    );
    assert!(
        people
            .places()
            .any(|p| p.id == "fontainebleau" && !p.mentions[0].is_empty())
    );
    assert!(
        people
            .places()
            .any(|p| p.id == "paris" && !p.mentions[1].is_empty())
    );
}

fn pair_of(left: &str, right: &str) -> Pair {
    Pair::from_texts(
        [Meta::named("l"), Meta::named("r")],
        [left.into(), right.into()],
    )
}

#[test]
fn unlisted_names_are_grouped_across_languages_and_scripts() {
    let pair = pair_of(
        "Тоді маршал Массена вирушив до Генуї. Війська Массени відступили.\nПотім прибув Массена.",
        "Maršal Masséna opustil Janov. Vojsko Massénu nasledovalo. Neskôr prišiel Masséna.",
    );
    let people = Entities::find(&pair, &PeopleIndex::default());
    let m = people
        .entries
        .iter()
        .find(|p| p.id == "unlisted:massen")
        .expect("Masséna as one unlisted entry");
    assert!(!m.listed);
    assert_eq!(
        m.mentions[0].len(),
        3,
        "{:?}",
        m.forms_used(&pair, Side::Left)
    );
    assert_eq!(
        m.mentions[1].len(),
        3,
        "{:?}",
        m.forms_used(&pair, Side::Right)
    );
    // Words that open a sentence are not names unless they are names elsewhere.
    assert!(
        !people
            .entries
            .iter()
            .any(|p| p.name == "Тоді" || p.name == "Neskôr" || p.name == "Війська")
    );
}

#[test]
fn unlisted_runs_of_capitalised_words_meet_across_languages() {
    let pair = pair_of(
        "Вчора генерал Жан Рапп захищав місто. Мешканці любили Жана Раппа.",
        "Včera generál Jean Rapp bránil mesto. Obyvatelia mali radi Jeana Rappa.",
    );
    let people = Entities::find(&pair, &PeopleIndex::default());
    let names: Vec<&str> = people.entries.iter().map(|p| p.id.as_str()).collect();
    // Жан Рапп and Jean Rapp: one person, by the given name and the sound.
    let rapp = people
        .entries
        .iter()
        .find(|p| p.id == "unlisted:zhan-rapp")
        .unwrap_or_else(|| panic!("{names:?}"));
    assert_eq!(
        (rapp.mentions[0].len(), rapp.mentions[1].len()),
        (2, 2),
        "{names:?}"
    );
}

#[test]
fn people_none_still_finds_unlisted_names() {
    let pair = Pair::bundled().expect("bundled");
    let people = Entities::find(&pair, &PeopleIndex::default());
    assert!(people.entries.iter().all(|p| !p.listed));
    assert!(
        people
            .entries
            .iter()
            .any(|p| p.name.starts_with("Коленкур")),
        "{:?}",
        people.entries.iter().map(|p| &p.name).collect::<Vec<_>>()
    );
}

#[test]
fn cli_json_contract() {
    let o = Command::new(common::bin())
        .args(["people", "--json"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    let pair = Pair::bundled().expect("bundled");
    let list = v.as_array().expect("an array");
    assert!(list.len() >= 30);
    for p in list {
        for key in ["id", "name", "role", "years"] {
            assert!(p[key].is_string(), "{key} in {p}");
        }
        assert!(p["listed"].is_boolean());
        assert!(p["kind"] == "person" || p["kind"] == "place", "{p}");
        for m in p["mentions"].as_array().expect("mentions") {
            let side = if m["side"] == "left" {
                Side::Left
            } else {
                Side::Right
            };
            let para = m["paragraph"].as_u64().expect("paragraph") as usize;
            let (s, e) = (
                m["start"].as_u64().expect("start") as usize,
                m["end"].as_u64().expect("end") as usize,
            );
            let text = pair.account(side).paragraph_text(para - 1);
            assert_eq!(&text[s..e], m["text"].as_str().expect("text"));
        }
    }
    let first_place = list
        .iter()
        .position(|p| p["kind"] == "place")
        .expect("places");
    assert!(
        list[first_place..].iter().all(|p| p["kind"] == "place"),
        "people first, then places"
    );
    let n = list
        .iter()
        .find(|p| p["id"] == "napoleon")
        .expect("napoleon");
    assert_eq!(n["name"], "Napoleon I");
    assert_eq!(n["years"], "1769–1821");
    let none = Command::new(common::bin())
        .args(["people", "--json", "--people", "none"])
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&none.stdout).expect("valid JSON");
    assert!(
        v.as_array()
            .expect("array")
            .iter()
            .all(|p| p["listed"] == false)
    );
}

#[test]
fn a_bad_people_file_is_one_line_and_status_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = dir.path().join("people.toml");
    std::fs::write(&f, "[[person]]\nid = \"a\"\nname = \"A\"\nuk = [\"Ан\"]\n[[person]]\nid = \"a\"\nname = \"B\"\nuk = [\"Бо\"]\n").expect("write");
    common::fails_with(
        &["people".as_ref(), "--people".as_ref(), f.as_os_str()],
        "people.toml:6:6: duplicate id \"a\"",
    );
}

#[test]
fn search_knows_people() {
    for (query, expect) in [
        ("Caulaincourt", "Коленкур"),
        ("Schwarzenberg", "Schwarzembergom"),
        ("Шварценберг", "Schwarzembergom"),
    ] {
        let o = Command::new(common::bin())
            .args(["search", query, "--json", "--limit", "100"])
            .output()
            .expect("runs");
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
        let results = v["results"].as_array().expect("results");
        let hit = results
            .iter()
            .find(|r| {
                let text = r["text"].as_str().unwrap_or("");
                r["matches"].as_array().is_some_and(|ms| {
                    ms.iter().any(|m| {
                        let (s, e) = (
                            m[0].as_u64().unwrap_or(0) as usize,
                            m[1].as_u64().unwrap_or(0) as usize,
                        );
                        text.get(s..e).is_some_and(|t| t.starts_with(expect))
                    })
                })
            })
            .unwrap_or_else(|| panic!("{query} should find {expect}: {v}"));
        assert!(hit["person"].is_string(), "{hit}");
    }
    let schwarz = Command::new(common::bin())
        .args(["search", "Schwarzenberg", "--json"])
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&schwarz.stdout).expect("valid JSON");
    let sides: Vec<&str> = v["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter_map(|r| r["side"].as_str())
        .collect();
    assert!(
        sides.contains(&"left") && sides.contains(&"right"),
        "both spellings: {sides:?}"
    );
}

/// The search keys keep no map back to the text: the finder, working on
/// them, finds each mention's place by folding its sentence again. Its
/// mentions must be those found on the whole text folded with its map.
#[test]
fn mentions_found_on_the_search_keys_are_the_same() {
    let bundled = (
        Pair::bundled().expect("bundled"),
        PeopleIndex::bundled().expect("index"),
    );
    let corpus = common::war_and_peace().map(|p| (p, PeopleIndex::bundled().expect("index")));
    for (pair, index) in std::iter::once(bundled).chain(corpus) {
        let keys = diptych::search::SearchIndex::new(&pair);
        let a = Entities::find(&pair, &index);
        let b = Entities::find_with(&pair, &index, Some(keys.folded_both()));
        assert!(a.entries.len() > 10, "{} entries", a.entries.len());
        assert_eq!(spans(&a), spans(&b));
    }
}

/// Looking only for some entries finds just their mentions, all of them.
#[test]
fn a_finder_for_some_entries_finds_what_the_whole_one_finds_of_them() {
    use diptych::entities::finder::Finder;
    let index = PeopleIndex::bundled().expect("index");
    let whole = Finder::new(&index);
    let bundled = Pair::bundled().expect("bundled");
    for pair in std::iter::once(bundled).chain(common::war_and_peace()) {
        let keys = diptych::search::SearchIndex::new(&pair);
        for side in Side::BOTH {
            let account = pair.account(side);
            let all = whole.find_keyed(&account.text, keys.side(side));
            let mut entries: Vec<usize> = all.iter().map(|f| f.entry).collect();
            entries.sort_unstable();
            entries.dedup();
            assert!(!entries.is_empty(), "no entry found");
            // One entry at a time, and all those found at once.
            let singles = entries.iter().map(|&e| vec![e]);
            for some in singles.chain([entries.clone()]) {
                let only = Finder::for_entries(&index, &some);
                let got = only.find_keyed(&account.text, keys.side(side));
                // It may find others too (those sharing a word with them),
                // as the whole one does.
                assert!(got.iter().all(|f| all.contains(f)), "entries {some:?}");
                let of = |found: &[diptych::entities::finder::NameFound]| -> Vec<_> {
                    found
                        .iter()
                        .filter(|f| some.contains(&f.entry))
                        .cloned()
                        .collect()
                };
                assert_eq!(of(&got), of(&all), "entries {some:?}");
            }
        }
    }
}
