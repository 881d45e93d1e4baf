//! Searching from the reader, through `update`, and from the command line:
//! the bundled pair, then the War and Peace pair of the corpus.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{app, press, type_text};
use diptych::app::{Context, HighlightKind as MarkKind};
use diptych::lang::fold::fold_query;
use diptych::search::{Order, SearchIndex};
use diptych::text::Side;
use std::process::Command;

#[test]
fn latin_query_finds_cyrillic_and_enter_goes_there() {
    let mut a = app(80, 24);
    press(&mut a, "/");
    assert_eq!(a.context(), Context::Search);
    type_text(&mut a, "kolenkur");
    assert!(!a.search().results.is_empty());
    assert!(a.search().results.iter().all(|h| h.side == Side::Left));
    let hit = a.search().results[0].clone();
    press(&mut a, "<Enter>");
    assert_eq!(a.context(), Context::Reader);
    assert_eq!(a.focus(), Side::Left);
    let pane = a.pane(Side::Left);
    let line = pane.wrapped().line_of(hit.matches[0].start);
    assert!(line >= pane.top && line < pane.top + pane.height);
    assert!(
        a.highlights()[0]
            .iter()
            .any(|m| m.kind == MarkKind::Current && m.span == hit.matches[0])
    );
}

#[test]
fn esc_puts_both_panes_back() {
    let mut a = app(80, 24);
    press(&mut a, "j j <Tab> j");
    let before = [a.pane(Side::Left).top, a.pane(Side::Right).top];
    press(&mut a, "/");
    type_text(&mut a, "wellington");
    press(&mut a, "<Down> <Down>");
    press(&mut a, "<Esc>");
    assert_eq!([a.pane(Side::Left).top, a.pane(Side::Right).top], before);
    assert_eq!(a.focus(), Side::Right);
    assert!(a.highlights().iter().all(Vec::is_empty));
}

#[test]
fn n_and_n_step_through_results_across_both_accounts() {
    let mut a = app(80, 24);
    press(&mut a, "/");
    type_text(&mut a, "napoleon");
    let n = a.search().results.len();
    assert!(n > 5);
    press(&mut a, "<Enter>");
    let mut sides = Vec::new();
    for _ in 0..n {
        press(&mut a, "n");
        sides.push(a.focus());
    }
    assert!(sides.contains(&Side::Left) && sides.contains(&Side::Right));
    // Round once through all of them: back at the first one stepped from.
    assert_eq!(a.search().active.as_ref().map(|s| s.current), Some(0));
    press(&mut a, "N");
    assert_ne!(a.search().active.as_ref().map(|s| s.current), Some(0));
    assert!(!a.highlights()[0].is_empty() && !a.highlights()[1].is_empty());
    press(&mut a, "<Esc>");
    assert!(a.highlights().iter().all(Vec::is_empty));
}

#[test]
fn prompt_edits_and_remembers_queries() {
    let mut a = app(80, 24);
    press(&mut a, "/");
    type_text(&mut a, "fouche paris");
    press(&mut a, "<C-w>");
    assert_eq!(a.search().prompt.text, "fouche ");
    press(&mut a, "<Backspace> <Left> <Left> <Home> <End>");
    assert_eq!(a.search().prompt.text, "fouche");
    press(&mut a, "<Enter> /");
    assert_eq!(a.search().prompt.text, "");
    press(&mut a, "<Up>");
    assert_eq!(a.search().prompt.text, "fouche");
    assert!(!a.search().results.is_empty());
    press(&mut a, "<C-u>");
    assert_eq!(a.search().prompt.text, "");
    assert!(a.search().results.is_empty());
}

#[test]
fn cli_json_contract() {
    let o = Command::new(common::bin())
        .args(["search", "pariz", "--json", "--limit", "5"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    assert_eq!(v["query"], "pariz");
    let results = v["results"].as_array().expect("results");
    assert_eq!(results.len(), 5);
    let mut last = i64::MAX;
    for r in results {
        let side = r["side"].as_str().expect("side");
        assert!(side == "left" || side == "right");
        assert!(r["paragraph"].as_u64().expect("paragraph") >= 1);
        assert!(r["sentence"].as_u64().expect("sentence") >= 1);
        let score = r["score"].as_i64().expect("score");
        assert!(score <= last, "best first");
        last = score;
        let text = r["text"].as_str().expect("text");
        for m in r["matches"].as_array().expect("matches") {
            let (s, e) = (
                m[0].as_u64().expect("s") as usize,
                m[1].as_u64().expect("e") as usize,
            );
            let found = text.get(s..e).expect("offsets on char boundaries");
            let key = diptych::lang::fold::fold_query(found);
            assert!(key.starts_with("pariz"), "{found}");
        }
    }
}

#[test]
fn cli_plain_lines_mark_matches_and_nothing_found_is_exit_1() {
    let o = Command::new(common::bin())
        .args(["search", "fouche", "--limit", "2"])
        .output()
        .expect("runs");
    let out = String::from_utf8(o.stdout).expect("utf-8");
    assert_eq!(out.lines().count(), 2);
    assert!(
        out.lines()
            .all(|l| l.starts_with("sk1815\t¶") && l.contains("[Fouché")),
        "{out}"
    );
    let o = Command::new(common::bin())
        .args(["search", "qqxzjv"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(1), "nothing found is 1, as grep says");
    assert!(o.stdout.is_empty());
    // An empty query asks for nothing: an error, not "nothing found".
    let o = Command::new(common::bin())
        .args(["search", "", "--json"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(String::from_utf8_lossy(&o.stderr).contains("the query is empty"));
}

#[test]
fn hostile_text_gives_valid_escaped_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let l = dir.path().join("l.txt");
    let r = dir.path().join("r.txt");
    std::fs::write(
        &l,
        "Evil \u{1b}]52;c;AAAA\u{7} napoleon \u{9b}31m \u{202e}here.\n",
    )
    .expect("write");
    std::fs::write(&r, "Napoleon.\n").expect("write");
    let o = Command::new(common::bin())
        .args(["search", "napoleon", "--json", "--left"])
        .arg(&l)
        .arg("--right")
        .arg(&r)
        .output()
        .expect("runs");
    let out = String::from_utf8(o.stdout).expect("utf-8");
    assert!(
        !out.trim_end()
            .chars()
            .any(diptych::text::sanitize::is_unsafe),
        "{out:?}"
    );
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    let left = v["results"]
        .as_array()
        .expect("results")
        .iter()
        .find(|r| r["side"] == "left")
        .expect("the hostile sentence is found");
    assert!(left["text"].as_str().expect("text").contains('\u{1b}'));
    let plain = Command::new(common::bin())
        .args(["search", "napoleon", "--left"])
        .arg(&l)
        .arg("--right")
        .arg(&r)
        .output()
        .expect("runs");
    let plain = String::from_utf8(plain.stdout).expect("utf-8");
    assert!(
        !plain
            .replace(['\n', '\t'], "")
            .chars()
            .any(diptych::text::sanitize::is_unsafe),
        "{plain:?}"
    );
    assert!(plain.contains("^["));
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
    let people = diptych::people::People::find(&pair, &diptych::people::PeopleIndex::default());
    let idx = SearchIndex::with_people(&pair, std::sync::Arc::new(people));
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
    let people = diptych::people::People::find(
        &pair,
        &diptych::people::PeopleIndex::bundled().expect("index"),
    );
    let idx = SearchIndex::with_people(&pair, std::sync::Arc::new(people));
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
fn every_operator_of_fzfs_syntax() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let idx = SearchIndex::new(&pair);
    let texts = |q: &str| -> Vec<String> {
        idx.search(&pair, q, 5000)
            .into_iter()
            .map(|h| {
                pair.account(h.side)
                    .shown(h.sentence_span(&pair))
                    .to_lowercase()
            })
            .collect()
    };
    let exact = texts("'genoa");
    assert!(!exact.is_empty() && exact.iter().all(|t| t.contains("genoa")));
    let start = texts("^prince");
    assert!(!start.is_empty() && start.iter().all(|t| t.contains("prince")));
    for t in texts("^rince") {
        assert!(
            t.split(|c: char| !c.is_alphanumeric())
                .any(|w| w.starts_with("rince")),
            "{t}"
        );
    }
    let end = texts("ness$");
    assert!(!end.is_empty());
    for t in &end {
        assert!(
            t.split(|c: char| !c.is_alphanumeric())
                .any(|w| w.ends_with("ness")),
            "{t}"
        );
    }
    let not = texts("'prince !'vasili");
    assert!(
        !not.is_empty()
            && not
                .iter()
                .all(|t| t.contains("prince") && !t.contains("vasíli") && !t.contains("vasili"))
    );
    let either = texts("'genoa | 'lucca");
    assert!(
        either.iter().any(|t| t.contains("genoa"))
            && either
                .iter()
                .all(|t| t.contains("genoa") || t.contains("lucca"))
    );
    let both = texts("'genoa 'lucca");
    assert!(
        both.iter()
            .all(|t| t.contains("genoa") && t.contains("lucca"))
    );
}

#[test]
fn one_order_under_any_limit_and_both_accounts_in_the_list() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let idx = SearchIndex::new(&pair);
    let all = idx.search(&pair, "prince", 5000);
    assert!(all.len() > 30);
    for limit in [1, 3, 10, 25] {
        assert_eq!(
            idx.search(&pair, "prince", limit),
            all[..limit],
            "--limit {limit}"
        );
    }
    for w in all.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        assert!(
            a.score > b.score
                || (a.score == b.score
                    && (a.side, a.paragraph, a.sentence) < (b.side, b.paragraph, b.sentence)),
            "{a:?} before {b:?}"
        );
    }
    // The reader's list takes turns, so both accounts are near the top.
    let r = idx
        .run(
            &pair,
            "Пьер",
            diptych::search::Options::new(500, Order::Interleaved),
            &|| true,
        )
        .expect("ran");
    assert_eq!(r.hits[0].side, Side::Left);
    assert_eq!(
        r.hits[1].side,
        Side::Right,
        "the English Pierre right under the Russian Пьер"
    );
    assert!(r.totals[0] > 10 && r.totals[1] > 10, "{:?}", r.totals);
}

#[test]
fn cli_exit_status_is_0_found_1_not_2_error() {
    assert_eq!(common::run(&["search", "napoleon"]).status.code(), Some(0));
    assert_eq!(common::run(&["search", "qqxzjv"]).status.code(), Some(1));
    assert_eq!(
        common::run(&["search", "x", "--left", "/nonexistent"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn a_long_query_is_kept_whole() {
    let pair = diptych::pair::Pair::bundled().expect("bundled");
    let idx = SearchIndex::new(&pair);
    // 300 characters of terms that all match, then one that does not.
    let long = format!("{}qqxzjv", "napoleon ".repeat(34));
    assert!(long.chars().count() > 256);
    assert!(
        idx.search(&pair, &long, 50).is_empty(),
        "the last term counts too"
    );
}

/// A sentence wrapped over two lines of its file keeps the space between
/// them in the search list, as the command line prints it (was
/// `said PrinceAndrew`).
#[test]
fn the_search_list_keeps_the_space_at_a_line_break() {
    let text = "Then said Prince\nAndrew to the company, and left the room at once.\nIt was late, and the candles burned low in the hall.\n\nAnother paragraph, written on one line as most of them are here.\n\nA third one, also on one line, for the layout to be decided well.\n";
    let pair = diptych::pair::Pair::from_texts(
        [
            diptych::text::Meta::named("l"),
            diptych::text::Meta::named("r"),
        ],
        [text.to_string(), "Nothing here.\n".to_string()],
    );
    let mut a = common::app_for(pair, 120, 35);
    press(&mut a, "/");
    type_text(&mut a, "andrew");
    let screen = common::screen(&a);
    assert!(screen.contains("Prince Andrew"), "{screen}");
    assert!(!screen.contains("PrinceAndrew"), "{screen}");
}

/// n/N after a search step in reading order, as in less and vim: from the
/// cursor on through the focused pane, then into the other, then round
/// again with a note; the list keeps its ranking.
#[test]
fn n_steps_through_matches_in_reading_order() {
    let mut a = app(120, 35);
    press(&mut a, "/");
    type_text(&mut a, "napoleon");
    let ranked: Vec<(Side, usize)> = a
        .search()
        .results
        .iter()
        .map(|h| (h.side, h.matches[0].start))
        .collect();
    let n = ranked.len();
    press(&mut a, "<Enter>");
    let place = |a: &diptych::app::App| {
        let s = a.search().active.as_ref().expect("a search");
        let h = &s.hits[s.current];
        (h.side.index(), h.matches[0].start)
    };
    let mut seen = vec![place(&a)];
    let mut wraps = 0;
    for _ in 0..n {
        press(&mut a, "n");
        if a.message().unwrap_or("").contains("wrapped to the first") {
            wraps += 1;
        }
        seen.push(place(&a));
    }
    assert_eq!(wraps, 1, "one round: {seen:?}");
    let backwards = seen.windows(2).filter(|w| w[1] < w[0]).count();
    assert_eq!(backwards, 1, "in reading order but for the wrap: {seen:?}");
    assert_eq!(seen.first(), seen.last());
    // The list keeps its ranking.
    let list: Vec<(Side, usize)> = a
        .search()
        .active
        .as_ref()
        .expect("a search")
        .hits
        .iter()
        .map(|h| (h.side, h.matches[0].start))
        .collect();
    assert_eq!(list, ranked);
    // From the cursor: the first paragraph of the right account, then n.
    press(&mut a, "<Tab> g n");
    let (side, _) = place(&a);
    assert_eq!(side, Side::Right.index());
    let first_right = seen
        .iter()
        .filter(|p| p.0 == Side::Right.index())
        .min()
        .copied();
    assert_eq!(Some(place(&a)), first_right);
}

/// A query of exclusions alone marks nothing in its sentences: n still
/// steps through them one by one, in reading order.
#[test]
fn n_steps_through_the_sentences_of_exclusions() {
    let mut a = app(120, 35);
    press(&mut a, "/");
    type_text(&mut a, "!napoleon");
    press(&mut a, "<Enter>");
    let mut seen = Vec::new();
    for _ in 0..6 {
        let s = a.search().active.as_ref().expect("a search");
        let h = &s.hits[s.current];
        seen.push((h.side.index(), h.paragraph, h.sentence));
        press(&mut a, "n");
    }
    let mut distinct = seen.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), seen.len(), "{seen:?}");
}

#[test]
fn a_name_finds_its_person_not_common_words_by_prefix_or_inside_words() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let people = diptych::people::People::find(&pair, &diptych::people::PeopleIndex::default());
    let idx = SearchIndex::with_people(&pair, std::sync::Arc::new(people));
    // What each query's matches may be, folded: its person's names, with
    // at most a case ending.
    let cases: [(&str, &[&str]); 2] = [
        ("Андрей", &["andre", "andrew", "bolkonsk"]),
        ("Пьер", &["per", "pierre"]),
    ];
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
                assert!(
                    forms
                        .iter()
                        .any(|x| f.starts_with(x) && f.len() <= x.len() + 3),
                    "{query}: matched {:?} ({f}) in ¶{}",
                    &text[m.clone()],
                    h.paragraph + 1
                );
            }
        }
    }
}

/// `diptych search`, which knows only the listed people, takes a given
/// name for a name too: Андрей finds Андрей, Андрея, not "and".
#[test]
fn the_command_line_takes_a_given_name_for_a_name() {
    let Some([ru, en]) = common::corpus::files(common::corpus::WAR_AND_PEACE) else {
        return;
    };
    let (ru, en) = (ru.display().to_string(), en.display().to_string());
    let o = common::run(&[
        "--left",
        &ru,
        "--right",
        &en,
        "search",
        "Андрей",
        "--limit",
        "500",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.lines().count() >= 10, "{out}");
    for line in out.lines() {
        assert!(!line.to_lowercase().contains("[and]"), "{line}");
    }
    // The English side's spelling, as the reader finds it.
    let andrew = out.lines().filter(|l| l.contains("[Andrew]")).count();
    assert!(andrew >= 10, "{out}");
}

#[test]
fn the_command_line_finds_a_given_name_in_every_language() {
    let dir = tempfile::tempdir().unwrap();
    let ru = dir.path().join("ru.txt");
    let en = dir.path().join("en.txt");
    std::fs::write(
        &ru,
        "Князь Андрей вошёл в гостиную и поклонился.\n\nВсе смотрели на Андрея с удивлением.\n",
    )
    .unwrap();
    std::fs::write(
        &en,
        "Prince Andrew came into the drawing room and bowed.\n\nAnd everyone looked at Andrew in surprise.\n",
    )
    .unwrap();
    let o = common::run(&[
        "--left",
        ru.to_str().unwrap(),
        "--right",
        en.to_str().unwrap(),
        "search",
        "Андрей",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.matches("[Andrew]").count(), 2, "{out}");
    assert!(out.contains("[Андрея]"), "{out}");
    assert!(!out.contains("[And]"), "{out}");
}

/// A query of more words than are scored one list each (a pasted
/// passage) still finds the sentence holding them all, and not one that
/// lacks one of them.
#[test]
fn a_long_query_is_matched_as_written() {
    let words: Vec<String> = (0..40).map(|i| format!("word{i}x")).collect();
    let all = words.join(" ");
    let most = words[1..].join(" ");
    let pair = diptych::pair::Pair::from_texts(
        [
            diptych::text::Meta::named("l"),
            diptych::text::Meta::named("r"),
        ],
        [
            format!("{all}.\n\n{most}.\n"),
            "Nothing here.\n".to_string(),
        ],
    );
    let index = SearchIndex::new(&pair);
    let hits = index.search(&pair, &all, 10);
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert_eq!(hits[0].paragraph, 0);
    let hits = index.search(&pair, &most, 10);
    assert_eq!(hits.len(), 2);
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
