//! The people index and the mention finder on the bundled pair and on short
//! texts of our own in each language, names found in the War and Peace pair
//! of the corpus, the draft, and the `people` JSON contract.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use diptych::lang::fold::fold_query;
use diptych::pair::Pair;
use diptych::people::{People, PeopleIndex};
use diptych::text::{Meta, Side};
use std::process::Command;

fn bundled() -> (Pair, PeopleIndex, People) {
    let pair = Pair::bundled().expect("bundled");
    let index = PeopleIndex::bundled().expect("index");
    let people = People::find(&pair, &index);
    (pair, index, people)
}

#[test]
fn every_listed_person_is_found_or_marked_for_other_texts() {
    let (_, index, people) = bundled();
    for e in index.entries.iter().filter(|e| e.is_person()) {
        let p = people.by_id(&e.id).expect("every person has a row");
        if e.elsewhere {
            assert_eq!(p.total(), 0, "{} is marked elsewhere but found", e.id);
        } else {
            assert!(p.total() > 0, "{} is never found", e.id);
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
            .map(diptych::people::Person::total),
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
        people.persons.iter().all(|p| p.listed),
        "the bundled pair has no unlisted names: {:?}",
        people
            .persons
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
    let people = People::find(&pair, &PeopleIndex::default());
    let m = people
        .persons
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
            .persons
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
    let people = People::find(&pair, &PeopleIndex::default());
    let names: Vec<&str> = people.persons.iter().map(|p| p.id.as_str()).collect();
    // Жан Рапп and Jean Rapp: one person, by the given name and the sound.
    let rapp = people
        .persons
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
    let people = People::find(&pair, &PeopleIndex::default());
    assert!(people.persons.iter().all(|p| !p.listed));
    assert!(
        people
            .persons
            .iter()
            .any(|p| p.name.starts_with("Коленкур")),
        "{:?}",
        people.persons.iter().map(|p| &p.name).collect::<Vec<_>>()
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
        let a = People::find(&pair, &index);
        let b = People::find_with(&pair, &index, Some(keys.folded_both()));
        assert!(a.persons.len() > 10, "{} entries", a.persons.len());
        assert_eq!(spans(&a), spans(&b));
    }
}

/// Looking only for some entries finds just their mentions, all of them.
#[test]
fn a_finder_for_some_entries_finds_what_the_whole_one_finds_of_them() {
    use diptych::people::finder::Finder;
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
                let of = |found: &[diptych::people::finder::Found]| -> Vec<_> {
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

/// Each entry's id with the spans of its mentions.
fn spans(p: &People) -> Vec<(String, Vec<std::ops::Range<usize>>)> {
    p.persons
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

/// The names of the `n` most mentioned people entries.
fn top(people: &People, n: usize) -> Vec<String> {
    people.people().take(n).map(|p| p.name.clone()).collect()
}

#[test]
fn the_corpus_people_are_people_one_entry_each() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let people = People::find(&pair, &PeopleIndex::default());
    let names = top(&people, 20);
    // Read from the texts by hand: which of these are people.
    let not_people = [
        "Petersburg",
        "Петербург",
        "Genoa",
        "Lucca",
        "Europe",
        "Austria",
        "England",
        "Prussia",
        "Russia",
        "Moscow",
        "God",
        "Бог",
        "Emperor",
        "Prince",
        "князь",
        "граф",
        "The",
        "He",
        "But",
        "Вот",
        "Он",
        "Но",
    ];
    let wrong: Vec<&String> = names
        .iter()
        .filter(|n| {
            not_people
                .iter()
                .any(|w| n.split([' ', '/']).any(|x| x == *w))
        })
        .collect();
    assert!(
        wrong.len() <= 2,
        "of the 20 most mentioned, not people: {wrong:?} in {names:?}"
    );
    for (a, b) in [
        ("Anna Pavlovna", "Анна Павловна"),
        ("Vasíli", "Василий"),
        ("Pierre", "Пьер"),
    ] {
        let hits: Vec<&diptych::people::Person> = people
            .people()
            .filter(|p| {
                let f = fold_query(&p.name);
                f.contains(&fold_query(a)) || f.contains(&fold_query(b))
            })
            .collect();
        assert!(!hits.is_empty(), "{a}: {names:?}");
        let best = hits.iter().max_by_key(|p| p.total()).expect("an entry");
        assert!(
            !best.mentions[0].is_empty() && !best.mentions[1].is_empty(),
            "{a} / {b} in both texts: {best:?}"
        );
        let total: usize = hits.iter().map(|p| p.total()).sum();
        assert!(
            best.total() * 10 >= total * 9,
            "{a}: one entry holds 90% of the mentions ({} of {total})",
            best.total()
        );
    }
    // No stop word or title alone is an entry.
    for p in &people.persons {
        let f = fold_query(&p.name);
        for w in [
            "the",
            "he",
            "but",
            "on",
            "his",
            "that",
            "vot",
            "no",
            "to",
            "my",
            "prince",
            "emperor",
            "knyaz",
            "graf",
            "imperator",
        ] {
            assert_ne!(f, w, "{p:?}");
        }
    }
}

#[test]
fn sentence_starts_possessives_declensions_places_and_short_words() {
    // English: a sentence after quotes and dashes; possessives.
    let pair = pair_of(
        "Тогда пришел Кутузов. Все ждали Кутузова у моста. Говорили с Кутузовым о Праценских высотах. Он сказал: «Вот Кутузов». В Ольмюце стояли войска. Под Ольмюцем было тихо.",
        "“Well,” said Kutúzov. Then came Kutúzov’s adjutant. They spoke of Kutúzov. On the hill, Kutúzov waited. In Olmütz the army rested. Near Olmütz it was quiet.",
    );
    let mut left = Meta::named("l");
    left.language = Some("ru".into());
    let mut right = Meta::named("r");
    right.language = Some("en".into());
    let pair = Pair::from_texts(
        [left, right],
        [pair.accounts[0].text.clone(), pair.accounts[1].text.clone()],
    );
    let people = People::find(&pair, &PeopleIndex::default());
    let k = people
        .people()
        .find(|p| fold_query(&p.name).contains("kutuzov"))
        .expect("Kutuzov");
    assert_eq!(
        k.mentions[0].len(),
        4,
        "{:?}",
        k.forms_used(&pair, Side::Left)
    );
    assert_eq!(
        k.mentions[1].len(),
        4,
        "{:?}",
        k.forms_used(&pair, Side::Right)
    );
    assert!(
        k.forms_used(&pair, Side::Right).contains(&"Kutúzov"),
        "the possessive is cut off"
    );
    let olmutz = people
        .persons
        .iter()
        .find(|p| fold_query(&p.name).contains("olm"))
        .expect("Olmütz");
    assert_eq!(olmutz.kind, diptych::people::Kind::Place, "{olmutz:?}");
    for w in [
        "Well",
        "Then",
        "They",
        "On",
        "In",
        "Near",
        "Тогда",
        "Все",
        "Говорили",
        "Он",
        "Вот",
        "Под",
        "В",
    ] {
        assert!(
            !people.persons.iter().any(|p| p.name == w),
            "{w} came out as an entry"
        );
    }
}

#[test]
fn on_and_on_never_meet() {
    let pair = pair_of(
        "И тут Он сказал. Все видели, как Он ушел, и Вера тоже.",
        "And then On came. They saw On leave, and Very too.",
    );
    let people = People::find(&pair, &PeopleIndex::default());
    for p in &people.persons {
        assert!(
            p.mentions[0].is_empty() || p.mentions[1].is_empty(),
            "{p:?}"
        );
    }
}

#[test]
fn german_nouns_are_not_names_without_evidence() {
    let mut l = Meta::named("l");
    l.language = Some("de".into());
    let mut r = Meta::named("r");
    r.language = Some("en".into());
    let pair = Pair::from_texts(
        [l, r],
        [
            "Die Armee wartete. Er sah die Armee und die Hoffnung. Dann kam Fürst Bagration mit der Regierung. Die Regierung schwieg. Dann kam Napoleon.".into(),
            "The army waited. Then came Napoleon with Bagration.".into(),
        ],
    );
    let people = People::find(&pair, &PeopleIndex::default());
    let names: Vec<&str> = people.persons.iter().map(|p| p.name.as_str()).collect();
    for noun in ["Armee", "Hoffnung", "Regierung"] {
        assert!(!names.iter().any(|n| n.contains(noun)), "{noun}: {names:?}");
    }
    assert!(names.iter().any(|n| n.contains("Bagration")), "{names:?}");
    assert!(names.iter().any(|n| n.contains("Napoleon")), "{names:?}");
}

#[test]
fn a_draft_people_toml_gives_the_same_panel_listed() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let found = People::find(&pair, &PeopleIndex::default());
    let draft = diptych::people::draft::draft(&pair, &found);
    let index = PeopleIndex::parse(&draft, "draft.toml").unwrap_or_else(|e| panic!("{e}\n{draft}"));
    let listed = People::find(&pair, &index);
    let spans = |p: &People, listed: bool| -> std::collections::BTreeSet<(Side, usize, usize)> {
        p.persons
            .iter()
            .filter(|x| x.listed == listed)
            .flat_map(|x| {
                x.mentions
                    .iter()
                    .flatten()
                    .map(|m| (m.side, m.span.start, m.span.end))
            })
            .collect()
    };
    let before = spans(&found, false);
    let after = spans(&listed, true);
    let kept = before.intersection(&after).count();
    assert!(
        kept * 100 >= before.len() * 95,
        "{kept} of {} mentions found again",
        before.len()
    );
    assert!(listed.persons.iter().filter(|p| p.listed).count() >= found.persons.len() * 9 / 10);
}

#[test]
fn russian_forms_of_the_bundled_index() {
    let mut l = Meta::named("l");
    l.language = Some("ru".into());
    let pair = Pair::from_texts(
        [l, Meta::named("r")],
        [
            "Император Александр встретил Коленкура. При Людовике XV и Людовике XVIII.".into(),
            "x".into(),
        ],
    );
    let index = PeopleIndex::bundled().expect("index");
    let people = People::find(&pair, &index);
    let alexander = people.by_id("alexander-i").expect("Alexander I");
    assert_eq!(alexander.forms_used(&pair, Side::Left), ["Александр"]);
    let louis = people.by_id("louis-xviii").expect("Louis XVIII");
    assert_eq!(
        louis.forms_used(&pair, Side::Left),
        ["Людовике XVIII"],
        "Людовик XV is not Louis XVIII"
    );
}

#[test]
fn known_places_are_places_one_entry_across_scripts() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let people = People::find(&pair, &PeopleIndex::default());
    let find = |name: &str| {
        people
            .persons
            .iter()
            .filter(|p| p.name.split(" / ").any(|n| n == name))
            .max_by_key(|p| p.total())
            .unwrap_or_else(|| panic!("no entry named {name}"))
    };
    // Москве and Moscou (a French passage of the Russian text) and Moscow;
    // Генуа and Gênes and Genoa: each one place, named in both texts.
    for name in ["Moscow", "Genoa", "Petersburg"] {
        let p = find(name);
        assert_eq!(p.kind, diptych::people::Kind::Place, "{p:?}");
        assert!(
            !p.mentions[0].is_empty() && !p.mentions[1].is_empty(),
            "{p:?}"
        );
    }
    // Анатоль is a given name, though Анатоля folds like Anatolia.
    assert_eq!(find("Anatole").kind, diptych::people::Kind::Person);
}

#[test]
fn a_name_wrapped_over_two_lines_is_one_form() {
    // War and Peace as found is hard-wrapped: "Anna⏎Pavlovna" is the
    // form "Anna Pavlovna", listed once and shown on one line.
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let people = People::find(&pair, &PeopleIndex::bundled().expect("index"));
    let anna = people
        .people()
        .find(|p| p.name.contains("Anna Pavlovna"))
        .expect("Anna Pavlovna");
    let forms = anna.forms_used(&pair, Side::Right);
    for (i, a) in forms.iter().enumerate() {
        for b in &forms[i + 1..] {
            assert!(
                !a.split_whitespace().eq(b.split_whitespace()),
                "{a:?} and {b:?} are one form: {forms:?}"
            );
        }
        assert!(!diptych::text::one_line(a).contains(['\r', '\n']), "{a:?}");
    }
    assert!(
        forms
            .iter()
            .any(|f| diptych::text::one_line(f) == "Anna Pavlovna"),
        "{forms:?}"
    );
}
