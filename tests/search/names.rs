//! Names found across scripts, spellings, case forms and typos, and the
//! reader finding what the command line finds.

use super::common::{self, app, press, type_text};
use diptych::lang::fold::fold_query;
use diptych::search::SearchIndex;
use diptych::text::Side;

/// Calls `f` with each match of `hits`: its paragraph (from 1), the text
/// matched, and the whole word it starts.
fn each_match(
    pair: &diptych::pair::Pair,
    hits: &[diptych::search::Hit],
    mut f: impl FnMut(usize, &str, &str),
) {
    for h in hits {
        let text = &pair.account(h.side).text;
        for m in &h.matches {
            let rest = &text[m.start..];
            let end = rest
                .char_indices()
                .find(|(_, c)| !c.is_alphanumeric())
                .map_or(rest.len(), |(i, _)| i);
            f(h.paragraph + 1, &text[m.clone()], &rest[..end]);
        }
    }
}

/// The search keys of `pair` knowing its people as found (the unlisted
/// ones too).
fn indexed(pair: &diptych::pair::Pair) -> SearchIndex {
    let people =
        diptych::entities::Entities::find(pair, &diptych::entities::PeopleIndex::default());
    SearchIndex::with_entities(pair, std::sync::Arc::new(people))
}

/// Paragraphs of `side` whose text matches `re` (a plain regular expression
/// over the text, independent of diptych's search).
fn paragraphs_matching(
    pair: &diptych::pair::Pair,
    side: Side,
    re: &str,
) -> std::collections::BTreeSet<usize> {
    let re = regex_lite::Regex::new(re).expect("regex");
    let a = pair.account(side);
    (0..a.paragraphs.len())
        .filter(|&p| a.paragraphs[p].is_text() && re.is_match(&a.shown(a.paragraphs[p].span())))
        .collect()
}

/// The paragraphs of `side` the search finds for `query`.
fn found(
    idx: &SearchIndex,
    pair: &diptych::pair::Pair,
    query: &str,
    side: Side,
) -> std::collections::BTreeSet<usize> {
    idx.search(pair, query, 5000)
        .into_iter()
        .filter(|h| h.side == side)
        .map(|h| h.paragraph)
        .collect()
}

#[test]
fn names_are_found_across_scripts_by_sound_and_with_typos() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let idx = indexed(&pair);
    // (queries, Russian pattern, English pattern)
    let cases: [(&[&str], &str, &str); 5] = [
        (&["pierre", "Пьер", "pierr", "Пьерр"], r"Пьер", r"Pierre"),
        (
            &["anna pavlovna", "анна павловна", "anna pavlovma"],
            r"Анн[аеуыо]\S* Павловн",
            r"Anna Pavlovna",
        ),
        (
            &["Шерер", "scherer", "sherer", "Шерерр"],
            r"Шерер",
            r"Sch[eé]rer",
        ),
        (
            &["vasili", "Василий", "vasilli", "vassili"],
            r"Васил(ий|ия|ию|ием|ье)",
            r"Vas[ií]li",
        ),
        (
            &["hippolyte", "ипполит", "hipolyte", "ипполлит"],
            r"Ипполит",
            r"Hippolyte",
        ),
    ];
    for (queries, ru, en) in cases {
        let want_ru = paragraphs_matching(&pair, Side::Left, ru);
        let want_en = paragraphs_matching(&pair, Side::Right, en);
        assert!(!want_ru.is_empty() && !want_en.is_empty(), "{ru} / {en}");
        for q in queries {
            let got_ru = found(&idx, &pair, q, Side::Left);
            let got_en = found(&idx, &pair, q, Side::Right);
            assert!(
                want_ru.is_subset(&got_ru),
                "{q}: Russian {want_ru:?} not all in {got_ru:?}"
            );
            assert!(
                want_en.is_subset(&got_en),
                "{q}: English {want_en:?} not all in {got_en:?}"
            );
        }
    }
    assert!(idx.search(&pair, "qqxzjv", 50).is_empty());
}

/// One transposition or one wrong letter in a name of six letters or more
/// finds it, typed in either script: Marmont is written Мармон in the
/// Ukrainian account, and `marmnot` (n and o swapped) once found nothing
/// while `marmotn` found him (issue #38).
#[test]
fn a_name_with_one_typo_finds_its_person_in_either_script() {
    let pair = diptych::pair::Pair::bundled().expect("bundled");
    let people = diptych::entities::Entities::find(
        &pair,
        &diptych::entities::PeopleIndex::bundled().expect("index"),
    );
    let idx = SearchIndex::with_entities(&pair, std::sync::Arc::new(people));
    let want = paragraphs_matching(&pair, Side::Left, r"Мармон");
    assert!(!want.is_empty());
    for q in [
        "marmont",
        "marmnot",
        "mramont",
        "marmomt",
        "Мармно",
        "Марнон",
    ] {
        let got = found(&idx, &pair, q, Side::Left);
        assert!(want.is_subset(&got), "{q}: {want:?} not all in {got:?}");
    }
}

#[test]
fn a_name_finds_its_person_not_common_words_by_prefix_or_inside_words() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let idx = indexed(&pair);
    // What each query's matches may be, folded: its person's names, with
    // at most a case ending.
    let cases: [(&str, &[&str]); 2] = [
        ("Андрей", &["andre", "andrew", "bolkonsk"]),
        ("Пьер", &["per", "pierre"]),
    ];
    // Words a short name's start begins that no ending of the text's
    // language makes a form of it: первый, перед, perdu, person.
    let never = ["pervy", "pered", "perdu", "person"];
    for (query, forms) in cases {
        let hits = idx.search(&pair, query, 5000);
        assert!(
            hits.iter().any(|h| h.side == Side::Right),
            "{query}: the English spelling is found"
        );
        for h in &hits {
            let text = &pair.account(h.side).text;
            for m in &h.matches {
                // A mention of a full name (Андрей Болконский) is marked
                // whole: its first word is the name typed.
                let whole = fold_query(&text[m.clone()]);
                let f = whole.split(' ').next().unwrap_or_default();
                // The whole word the match starts (a match marks the
                // name's letters only: [пер]вый).
                let rest = &text[m.end..];
                let word_end = m.end
                    + rest
                        .char_indices()
                        .find(|(_, c)| !c.is_alphanumeric())
                        .map_or(rest.len(), |(i, _)| i);
                let word = fold_query(&text[m.start..word_end]);
                assert!(
                    forms
                        .iter()
                        .any(|x| f.starts_with(x) && f.len() <= x.len() + 3)
                        && !never.iter().any(|n| word.starts_with(n)),
                    "{query}: matched {:?} ({f}) in ¶{}",
                    &text[m.clone()],
                    h.paragraph + 1
                );
            }
        }
    }
}

/// A name typed in the reader finds what `diptych search` finds, sentence
/// for sentence: one code path (the reader's passes, names merged through
/// the alignment), in any case form, spelling or language.
#[test]
fn the_reader_finds_what_the_command_line_finds() {
    let mut cases: Vec<(Option<[std::path::PathBuf; 2]>, Vec<&str>)> = vec![(
        None,
        vec!["Наполеона", "Napoleonovi", "kolenkur", "Marmont", "pariz"],
    )];
    for (files, queries) in [
        (
            common::corpus::WAR_AND_PEACE,
            vec!["Пьера", "Pierre", "Андрей", "Kutuzov"],
        ),
        (
            common::corpus::ACTS,
            vec!["Pawłem", "Павла", "Jezusa", "barnabas"],
        ),
        (
            common::corpus::PAN_TADEUSZ,
            vec!["Sokoła", "Falcon", "Tadeusza"],
        ),
    ] {
        if let Some(paths) = common::corpus::files(files) {
            cases.push((Some(paths), queries));
        }
    }
    for (paths, queries) in cases {
        let mut a = match &paths {
            None => app(120, 35),
            Some([l, r]) => common::app_for(
                diptych::pair::Pair::from_files(l, r).expect("pair"),
                120,
                35,
            ),
        };
        for q in queries {
            press(&mut a, "/");
            type_text(&mut a, q);
            let mut reader: Vec<(Side, usize, usize)> = a
                .search()
                .results
                .iter()
                .map(|h| (h.side, h.paragraph, h.sentence))
                .collect();
            press(&mut a, "<Esc>");
            let mut args: Vec<String> = Vec::new();
            if let Some([l, r]) = &paths {
                args.extend(["--left".into(), l.display().to_string()]);
                args.extend(["--right".into(), r.display().to_string()]);
            }
            args.extend(["--no-state", "search", q, "--json", "--limit", "500"].map(String::from));
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let o = common::run(&args);
            let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
            let mut cli: Vec<(Side, usize, usize)> = json["results"]
                .as_array()
                .expect("results")
                .iter()
                .map(|r| {
                    let side = if r["side"] == "left" {
                        Side::Left
                    } else {
                        Side::Right
                    };
                    let n = |k: &str| r[k].as_u64().expect("number") as usize - 1;
                    (side, n("paragraph"), n("sentence"))
                })
                .collect();
            assert!(!cli.is_empty(), "{q}: nothing found");
            assert!(cli.len() < 500, "{q}: the list is full, pick a rarer query");
            reader.sort_unstable();
            cli.sort_unstable();
            assert_eq!(reader, cli, "{q}: the reader and diptych search differ");
        }
    }
}

/// Alt-f in the prompt turns the fuzzy tier off, as `--no-fuzzy` does on
/// the command line: `prnc` then finds nothing, and the two lists agree.
#[test]
fn alt_f_turns_fuzzy_matches_off_as_no_fuzzy_does() {
    let mut a = app(120, 35);
    press(&mut a, "/");
    type_text(&mut a, "prnc");
    assert!(
        !a.search().results.is_empty(),
        "fuzzy on: prnc finds приг…н…ч"
    );
    press(&mut a, "<A-f>");
    assert!(a.search().no_fuzzy);
    assert!(a.search().results.is_empty(), "{:?}", a.search().results);
    let o = common::run(&["--no-state", "search", "prnc", "--no-fuzzy"]);
    assert_eq!(o.status.code(), Some(1), "nothing found: exit 1");
    // Close matches stay: a typo and a name.
    for q in ["napoelon", "kolenkur"] {
        press(&mut a, "<C-u>");
        type_text(&mut a, q);
        let reader = a.search().results.len();
        let o = common::run(&[
            "--no-state",
            "search",
            q,
            "--no-fuzzy",
            "--json",
            "--limit",
            "500",
        ]);
        let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
        let cli = json["results"].as_array().expect("results").len();
        assert!(reader > 0, "{q}");
        assert_eq!(
            reader, cli,
            "{q}: the reader and diptych search --no-fuzzy differ"
        );
    }
    press(&mut a, "<A-f>");
    assert!(!a.search().no_fuzzy);
}

/// `diptych search` with `args` on the corpus's Acts (Russian, Polish):
/// its standard output, or `None` (the test skips) without the corpus.
fn acts_search(args: &[&str]) -> Option<String> {
    let [l, r] = common::corpus::files(common::corpus::ACTS)?;
    let (l, r) = (l.display().to_string(), r.display().to_string());
    let mut all = vec!["--left", &l, "--right", &r, "--no-state", "search"];
    all.extend_from_slice(args);
    Some(String::from_utf8_lossy(&common::run(&all).stdout).into_owned())
}

/// A name typed whole in one language finds its person in the other
/// account as high as the word as written: `diptych search Павел` lists
/// Paweł's sentences among its first fifty, not after the Russian's 133.
#[test]
fn a_name_fills_the_first_results_from_both_accounts() {
    for q in ["Павел", "Варнава", "Piotr"] {
        let Some(out) = acts_search(&[q, "--json"]) else {
            return;
        };
        let json: serde_json::Value = serde_json::from_str(&out).expect("json");
        let sides: Vec<&str> = json["results"]
            .as_array()
            .expect("results")
            .iter()
            .map(|h| h["side"].as_str().unwrap_or_default())
            .collect();
        let right = sides.iter().filter(|s| **s == "right").count();
        let left = sides.len() - right;
        assert!(
            left >= 10 && right >= 10,
            "{q}: {left} Russian and {right} Polish among the first {}",
            sides.len()
        );
    }
}

/// A case form typed asks for that form: `diptych search Pawłowi` (the
/// Polish dative) lists the Polish sentences that write it first, then
/// Paul's Russian sentences, not fifty Russian ones first.
#[test]
fn a_case_form_typed_lists_the_sentences_that_write_it_first() {
    let Some(out) = acts_search(&["Pawłowi"]) else {
        return;
    };
    let sides: Vec<&str> = out.lines().filter_map(|l| l.split('\t').next()).collect();
    let polish = sides.iter().take_while(|s| **s == "acts-pl").count();
    assert!(polish >= 10, "{polish} Polish first: {sides:?}");
    assert!(
        sides.iter().skip(polish).all(|s| *s == "acts-ru"),
        "{sides:?}"
    );
}

/// A name typed whole ranks its own person's mentions above a name one
/// letter off: Варнавою finds Barnabas, not Joseph Barsabbas, whose
/// Barsabaszem comes only after.
#[test]
fn a_name_typed_whole_ranks_its_own_person_first() {
    let Some(out) = acts_search(&["Варнавою"]) else {
        return;
    };
    let first = out.lines().position(|h| h.contains("Barsabasz"));
    assert!(
        first.is_none_or(|k| k >= 20),
        "Barsabbas at {first:?}: {out}"
    );
}

/// A given name in a third language names the person: Paul finds Павел
/// in the Russian and Paweł in the Polish (texts/given-names.toml), which
/// no spelling or sound of Paul reaches.
#[test]
fn a_given_name_in_another_language_names_the_person() {
    for (q, ru, pl) in [
        ("Paul", "[Павел]", "[Paweł]"),
        ("Peter", "[Петр]", "[Piotr]"),
    ] {
        let Some(out) = acts_search(&[q, "--limit", "500"]) else {
            return;
        };
        assert!(out.contains(ru) && out.contains(pl), "{q}: {out}");
    }
}

/// An exact term (`'Pierre`) finds the letters as written, not the
/// person's other forms: `pierre` also finds Пьеру and Пьер, `'Pierre`
/// only "Pierre".
#[test]
fn an_exact_term_finds_a_name_as_written_only() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let idx = indexed(&pair);
    let exact = idx.search(&pair, "'Pierre", 5000);
    assert!(!exact.is_empty());
    each_match(&pair, &exact, |paragraph, matched, _| {
        assert_eq!(fold_query(matched), "pierre", "¶{paragraph}");
    });
    assert!(idx.search(&pair, "pierre", 5000).len() > exact.len());
}

/// A short name that is someone's whole name names them, not also the
/// longer names it starts: Pan Tadeusz's `Jan` (Jan Soplica) found
/// Jankiel and Janowicz.
#[test]
fn a_short_name_names_its_own_person_not_longer_names() {
    let Some(pair) = common::corpus_pair(common::corpus::PAN_TADEUSZ) else {
        eprintln!("{}", common::corpus::SKIPPED);
        return;
    };
    let idx = indexed(&pair);
    let hits = idx.search(&pair, "Jan", 500);
    assert!(!hits.is_empty());
    each_match(&pair, &hits, |paragraph, _, word| {
        assert!(
            !word.starts_with("Jank") && !word.starts_with("Janow"),
            "¶{paragraph}: {word}"
        );
    });
}
