//! `diptych search` as scripts see it: JSON and plain lines, exit
//! statuses, hostile text, given names.

use super::common;
use diptych::search::SearchIndex;
use std::process::Command;

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

/// A name finds the case forms a translator writes in lower case (one
/// who capitalises only the nominative: Marzanna, marzannę), as written
/// in the account's script: Пьер is not the French père of a Russian
/// book's French speeches.
#[test]
fn a_name_finds_its_case_forms_written_in_lower_case() {
    let dir = tempfile::tempdir().unwrap();
    let pl = dir.path().join("pl.txt");
    let en = dir.path().join("en.txt");
    std::fs::write(
        &pl,
        "Marzanna mieszkała w chatce pod lasem.\n\nRano Marzanna poszła do studni.\n\n\
         Sąsiedzi często odwiedzali marzannę w zimie.\n\nKról podarował marzannie złoty pierścień.\n\n\
         Wieczorem Marzanna śpiewała przy ogniu.\n\nWszyscy kochali Marzannę za dobroć, król też chwalił Marzannę.\n\n\
         Sąsiad długo rozmawiał z marzanną.\n",
    )
    .unwrap();
    std::fs::write(
        &en,
        "Marzanna lived in a hut below the forest.\n\nIn the morning Marzanna went to the well.\n\n\
         The neighbours often visited Marzanna in winter.\n\nThe king gave Marzanna a golden ring.\n\n\
         In the evening Marzanna sang by the fire.\n\nEveryone loved Marzanna for her kindness, the king praised Marzanna too.\n\n\
         The neighbour talked with Marzanna for a long time.\n",
    )
    .unwrap();
    let args = |l: &std::path::Path, r: &std::path::Path, langs: [&str; 2], q: &str| {
        let o = common::run(&[
            "--left",
            l.to_str().unwrap(),
            "--right",
            r.to_str().unwrap(),
            "--lang-left",
            langs[0],
            "--lang-right",
            langs[1],
            "search",
            q,
        ]);
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    // Marzannę is also written with a capital (a mention): its uses in
    // lower case are still the person's, whichever form is typed.
    for q in ["Marzanna", "Marzannę"] {
        let out = args(&pl, &en, ["pl", "en"], q);
        assert!(out.contains("[marzannę]"), "{q}: {out}");
        assert!(out.contains("[marzannie]"), "{q}: {out}");
        // Folded as the nominative is, spelled its own way.
        assert!(out.contains("[marzanną]"), "{q}: {out}");
    }
    std::fs::write(
        &pl,
        "Пьер вошёл в гостиную.\n\nПьер сказал: «Voila l'avantage d'etre pere».\n\n\
         Все смотрели на Пьера.\n\nПьер молчал.\n",
    )
    .unwrap();
    std::fs::write(
        &en,
        "Pierre came into the drawing room.\n\nPierre said: \"Voila l'avantage d'etre pere.\"\n\n\
         Everyone looked at Pierre.\n\nPierre was silent.\n",
    )
    .unwrap();
    let out = args(&pl, &en, ["ru", "en"], "Пьер");
    assert!(out.contains("[Пьера]"), "{out}");
    assert!(!out.contains("[pere]"), "{out}");
}

/// What `diptych search QUERY` prints for two texts in the languages
/// given: (language, text) each side.
fn search_in(left: (&str, &str), right: (&str, &str), query: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let [l, r] = [left, right].map(|(lang, text)| {
        let path = dir.path().join(format!("{lang}.txt"));
        std::fs::write(&path, text).unwrap();
        path
    });
    let o = common::run(&[
        "--left",
        l.to_str().unwrap(),
        "--right",
        r.to_str().unwrap(),
        "--lang-left",
        left.0,
        "--lang-right",
        right.0,
        "search",
        query,
    ]);
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A case form the texts never write still names its person: Pan
/// Tadeusz's Gerwazego (genitive) finds Gerwazy, not the words one typo
/// from it.
#[test]
fn a_case_form_never_written_names_its_person() {
    let out = search_in(
        (
            "pl",
            "Rano Gerwazy poszedł do zamku.\n\nWieczorem Gerwazy wrócił.\n\n\
             Hrabia długo słuchał, co mówił Gerwazy.\n\nTeraz deszcz padał.\n",
        ),
        (
            "en",
            "In the morning Gerwazy went to the castle.\n\nIn the evening Gerwazy came back.\n\n\
             The Count listened long to what Gerwazy said.\n\nNow rain was falling.\n",
        ),
        "Gerwazego",
    );
    assert_eq!(out.matches("[Gerwazy]").count(), 6, "{out}");
    assert!(!out.contains("[Teraz]"), "{out}");
}

/// A name of four letters too: War and Peace's Лизы, Лизе and Лизу
/// (cases of Лиза the text never writes) find Lise on both sides, not
/// лице, лица (face) one letter off.
#[test]
fn a_case_form_of_a_four_letter_name_names_its_person() {
    for typed in ["Лизы", "Лизе", "Лизу"] {
        let out = search_in(
            (
                "ru",
                "Лиза вошла в гостиную.\n\nНа лице княгини была улыбка.\n\n\
                 Андрей смотрел, и Лиза говорила.\n\nЛица гостей были веселы.\n",
            ),
            (
                "en",
                "Lise came into the drawing room.\n\nThe princess had a smile on her face.\n\n\
                 Andrew looked on, and Lise talked.\n\nThe guests' faces were merry.\n",
            ),
            typed,
        );
        assert_eq!(out.matches("[Лиза]").count(), 2, "{typed}: {out}");
        assert_eq!(out.matches("[Lise]").count(), 2, "{typed}: {out}");
        assert!(
            !out.contains("[лице]") && !out.contains("[Лица]"),
            "{typed}: {out}"
        );
    }
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

/// A user's --limit never sizes an allocation: the largest one works, and
/// gives what a small one gives when there are fewer results.
#[test]
fn any_limit_works() {
    let small = common::run(&["search", "napoleon", "--limit", "1000"]);
    assert_eq!(
        small.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&small.stderr)
    );
    for limit in ["1000000000", "18446744073709551615"] {
        let o = common::run(&["search", "napoleon", "--limit", limit]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{limit}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert_eq!(o.stdout, small.stdout, "{limit}");
    }
}

/// As fzf, a query of exclusions alone lists every sentence without them.
#[test]
fn exclusions_alone_list_every_other_sentence() {
    let o = common::run(&["search", "!napoleon", "--limit", "5000"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.lines().count() > 20, "{out}");
    assert!(!out.to_lowercase().contains("napoleon"), "{out}");
    assert!(!out.contains("Наполеон"), "{out}");
}

/// A sentence that is a whole long line, a match in every few words,
/// prints as a window around its first matches, not whole.
#[test]
fn a_long_sentence_prints_a_window_of_its_matches() {
    let pair = diptych::pair::Pair::from_texts(
        [
            diptych::text::Meta::named("l"),
            diptych::text::Meta::named("r"),
        ],
        [
            "Napoleon rode far and ".repeat(20_000),
            "Nothing here.\n".to_string(),
        ],
    );
    let index = SearchIndex::new(&pair);
    let hits = index.search(&pair, "Napoleon", 1);
    let line = diptych::report::search::line(&pair, &hits[0], "[", "]");
    assert!(line.len() < 10_000, "{} bytes", line.len());
    assert!(line.ends_with('…'), "{}", &line[line.len() - 40..]);
}

/// A query of operators alone (`^`, `'`, `!`, `|`) has no word to look
/// for: the same one line and exit status 2 as a blank one.
#[test]
fn a_query_of_operators_alone_is_empty() {
    for q in ["^", "'", "!", "|", "  "] {
        let o = Command::new(common::bin())
            .args(["search", q])
            .output()
            .expect("runs");
        assert_eq!(o.status.code(), Some(2), "{q:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("the query is empty"), "{q:?}: {err}");
    }
}
