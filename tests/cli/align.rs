//! `diptych align` and `diptych lexicon`: their contracts (JSON shapes,
//! TSV lines, well-formed TMX), every paragraph and sentence in exactly one
//! bead, and one line with exit 2 for a pair that is not a translation.

use super::{common, fails_with, file, run};
use std::path::{Path, PathBuf};

/// A made-up translation pair: thirty paragraphs of two sentences, the
/// right one saying the same with other words, names and numbers kept; a
/// tab inside one sentence.
fn pair(dir: &Path) -> [PathBuf; 2] {
    let mut left = String::from("KAPITOLA I\n\n");
    let mut right = String::from("CHAPTER I\n\n");
    let names = ["Kutuzov", "Pierre", "Hélène", "Bagration", "Murat"];
    for i in 0..30 {
        let n = names[i % names.len()];
        let pad = "slovo ".repeat(3 + i % 7);
        left.push_str(&format!(
            "{n} prišiel v roku {}. Potom {pad}povedal:\tnie!\n\n",
            1800 + i
        ));
        right.push_str(&format!(
            "{n} came in the year {}. Then he said {pad}no!\n\n",
            1800 + i
        ));
    }
    let (l, r) = (dir.join("left.txt"), dir.join("right.txt"));
    std::fs::write(&l, left).expect("write");
    std::fs::write(&r, right).expect("write");
    [l, r]
}

fn align(files: &[PathBuf; 2], rest: &[&str]) -> String {
    let mut args = vec![
        "--left",
        files[0].to_str().expect("utf-8"),
        "--right",
        files[1].to_str().expect("utf-8"),
        "--align",
        "translation",
        "align",
    ];
    args.extend_from_slice(rest);
    let o = run(&args);
    assert!(
        o.status.success(),
        "{rest:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).expect("utf-8")
}

#[test]
fn json_by_paragraph_puts_every_paragraph_in_one_bead() {
    let dir = tempfile::tempdir().expect("tempdir");
    let files = pair(dir.path());
    let v: serde_json::Value = serde_json::from_str(&align(&files, &["--json"])).expect("json");
    assert_eq!(v["mode"], "translation");
    assert_eq!(v["by"], "paragraph");
    let beads = v["beads"].as_array().expect("beads");
    for side in ["left", "right"] {
        let mut seen: Vec<u64> = beads
            .iter()
            .flat_map(|b| {
                b[side]
                    .as_array()
                    .expect("side")
                    .iter()
                    .map(|x| x.as_u64().expect("number"))
            })
            .collect();
        let n = seen.len();
        seen.dedup();
        assert_eq!(seen.len(), n, "{side}: once each");
        assert_eq!(
            seen,
            (1..=31).collect::<Vec<u64>>(),
            "{side}: every paragraph, in order"
        );
    }
    for b in beads {
        let s = b["score"].as_f64().expect("score");
        assert!((0.0..=1.0).contains(&s), "{b}");
    }
    // A heading with its heading, the paragraphs one to one.
    assert_eq!(beads[0]["left"], serde_json::json!([1]));
    assert_eq!(beads[0]["right"], serde_json::json!([1]));
    assert!(beads.iter().all(|b| b["left"] == b["right"]), "{beads:?}");
    assert_eq!(
        align(&files, &["--format", "json"]),
        align(&files, &["--json"])
    );
}

#[test]
fn json_by_sentence_lists_paragraph_and_sentence() {
    let dir = tempfile::tempdir().expect("tempdir");
    let files = pair(dir.path());
    let v: serde_json::Value =
        serde_json::from_str(&align(&files, &["--json", "--by", "sentence"])).expect("json");
    assert_eq!(v["by"], "sentence");
    let beads = v["beads"].as_array().expect("beads");
    let left: Vec<(u64, u64)> = beads
        .iter()
        .flat_map(|b| {
            b["left"]
                .as_array()
                .expect("left")
                .iter()
                .map(|r| (r[0].as_u64().expect("p"), r[1].as_u64().expect("s")))
        })
        .collect();
    // The heading's sentence, then two a paragraph.
    assert_eq!(left.len(), 61);
    assert_eq!(left[0], (1, 1));
    assert_eq!(left[1..3], [(2, 1), (2, 2)]);
    assert!(
        beads
            .iter()
            .filter(|b| b["left"].as_array().expect("l").len() == 1
                && b["right"].as_array().expect("r").len() == 1)
            .count()
            >= 55
    );
}

#[test]
fn tsv_is_a_bead_a_line_with_tabs_escaped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let files = pair(dir.path());
    let out = align(&files, &["--format", "tsv"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 31);
    for l in &lines {
        assert_eq!(l.matches('\t').count(), 1, "{l}");
    }
    assert!(
        lines[1].starts_with("Kutuzov prišiel v roku 1800. Potom"),
        "{}",
        lines[1]
    );
    assert!(
        lines[1].contains("povedal:\\tnie!\tKutuzov came"),
        "{}",
        lines[1]
    );
}

#[test]
fn tsv_escapes_a_backslash_so_a_written_tab_reads_back_apart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let [l, r] = pair(dir.path());
    let mut left = std::fs::read_to_string(&l).expect("read");
    left.push_str("Murat saved C:\\new\\table and\ta tab.\n\n");
    std::fs::write(&l, left).expect("write");
    let mut right = std::fs::read_to_string(&r).expect("read");
    right.push_str("Murat saved it.\n\n");
    std::fs::write(&r, right).expect("write");
    let out = align(&[l, r], &["--format", "tsv"]);
    let line = out
        .lines()
        .find(|l| l.contains("Murat saved C:"))
        .expect("the bead");
    assert!(line.contains("C:\\\\new\\\\table and\\ta tab."), "{line}");
}

#[test]
fn tmx_is_well_formed_with_the_languages() {
    let dir = tempfile::tempdir().expect("tempdir");
    let files = pair(dir.path());
    let out = run(&[
        "--left",
        files[0].to_str().expect("utf-8"),
        "--right",
        files[1].to_str().expect("utf-8"),
        "--lang-left",
        "sk",
        "--lang-right",
        "en",
        "--align",
        "translation",
        "align",
        "--format",
        "tmx",
        "--by",
        "sentence",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let mut reader = quick_xml::Reader::from_str(&text);
    let (mut tu, mut langs) = (0, Vec::new());
    loop {
        match reader.read_event().expect("well-formed") {
            quick_xml::events::Event::Eof => break,
            quick_xml::events::Event::Start(e) if e.name().as_ref() == "tu" => tu += 1,
            quick_xml::events::Event::Start(e) if e.name().as_ref() == "tuv" => {
                let lang = e
                    .try_get_attribute("xml:lang")
                    .expect("attr")
                    .expect("xml:lang");
                langs.push(lang.value.to_string());
            }
            _ => {}
        }
    }
    assert!(tu >= 55, "{tu}");
    assert_eq!(langs.len(), 2 * tu);
    assert!(langs.chunks(2).all(|p| p == ["sk", "en"]), "{langs:?}");
    assert!(text.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    assert!(text.contains("<tmx version=\"1.4\">"));
}

#[test]
fn text_shows_references_and_first_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let files = pair(dir.path());
    let out = align(&files, &["--by", "sentence"]);
    let line = out.lines().nth(1).expect("a line");
    assert!(
        line.starts_with("¶2.1") && line.contains("⇄ ¶2.1") && line.contains("Kutuzov came"),
        "{line}"
    );
}

/// `--pairs-only` with a format that keeps every bead is an error, not
/// a flag silently left unheeded.
#[test]
fn pairs_only_is_for_tsv() {
    for format in [&["--json"][..], &["--format", "text"][..], &[][..]] {
        let mut args = vec!["align", "--pairs-only"];
        args.extend_from_slice(format);
        fails_with(&args, "--pairs-only is for TSV");
    }
}

#[test]
fn narratives_are_not_aligned_nor_taught() {
    fails_with(&["align"], "not a translation");
    fails_with(&["lexicon", "--json"], "not a translation");
}

/// `lexicon --json` of a corpus pair, its entries; `None` (the test
/// skipped) without the corpus.
fn lexicon_of(names: [&str; 2]) -> Option<Vec<serde_json::Value>> {
    let Some(files) = common::corpus::files(names) else {
        println!("{}", common::corpus::SKIPPED);
        return None;
    };
    let o = run(&[
        "--left",
        files[0].to_str().expect("utf-8"),
        "--right",
        files[1].to_str().expect("utf-8"),
        "lexicon",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    Some(v.as_array().expect("array").clone())
}

#[test]
fn lexicon_json_lists_pairs_strongest_first() {
    let Some(pairs) = lexicon_of(common::corpus::WAR_AND_PEACE) else {
        return;
    };
    assert!(pairs.len() > 50, "{}", pairs.len());
    let scores: Vec<f64> = pairs
        .iter()
        .map(|p| p["score"].as_f64().expect("score"))
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "strongest first");
    for p in &pairs {
        assert!(
            p["left"].is_string()
                && p["right"].is_string()
                && p["count"].as_u64().expect("count") >= 2,
            "{p}"
        );
    }
    let has = |l: &str, r: &str| pairs.iter().any(|p| p["left"] == l && p["right"] == r);
    assert!(has("napoleon", "napoleon"), "a name kept");
    // Each word also as its account first writes it.
    let written = |l: &str, r: &str| {
        pairs
            .iter()
            .any(|p| p["left_written"] == l && p["right_written"] == r)
    };
    assert!(written("Наполеон", "Napoleon"), "as written");
}

/// A word the text writes only in its headings is shown as written there
/// too: Acts' chapters, Глава and Rozdział, were "glava rozdzial".
#[test]
fn the_lexicon_shows_heading_words_as_written() {
    let Some(pairs) = lexicon_of(common::corpus::ACTS) else {
        return;
    };
    let glava = pairs
        .iter()
        .find(|p| p["left"] == "glava")
        .expect("the chapters' words");
    assert_eq!(glava["left_written"], "Глава", "{glava}");
    assert_eq!(glava["right_written"], "Rozdział", "{glava}");
}

/// `align --json` beads carry each side's byte spans in the file and its
/// text; `--pairs-only` leaves one-sided rows out of TSV.
#[test]
fn align_json_gives_spans_and_text_and_tsv_can_keep_pairs_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let [l, r] = pair(dir.path());
    let (ls, rs) = (l.to_str().unwrap(), r.to_str().unwrap());
    let doc = json_of(&[
        "--no-state",
        "align",
        "--by",
        "sentence",
        "--json",
        "--left",
        ls,
        "--right",
        rs,
    ]);
    assert_eq!(doc["offsets"]["left"], "file");
    let files = [
        std::fs::read(&l).expect("left"),
        std::fs::read(&r).expect("right"),
    ];
    let mut checked = 0;
    for b in doc["beads"].as_array().expect("beads") {
        for (k, side) in ["left", "right"].iter().enumerate() {
            let spans = b[format!("{side}_spans")].as_array().expect("spans");
            let text = b[format!("{side}_text")].as_str().expect("text");
            for s in spans {
                let (a, e) = (
                    s[0].as_u64().unwrap() as usize,
                    s[1].as_u64().unwrap() as usize,
                );
                let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
                let in_file = words(&String::from_utf8_lossy(&files[k][a..e]));
                assert!(words(text).contains(&in_file), "{text:?} / {in_file:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 60, "{checked}");
    // A last paragraph the right side lacks: a one-sided bead.
    let mut extra = std::fs::read_to_string(&l).expect("left");
    extra.push_str("Doslov bez prekladu: Zofia, Warszawa, 1999 a 2001 a 2003.\n");
    std::fs::write(&l, extra).expect("write");
    let tsv = |extra: &[&str]| {
        let mut args = vec![
            "--no-state",
            "align",
            "--format",
            "tsv",
            "--left",
            ls,
            "--right",
            rs,
        ];
        args.extend_from_slice(extra);
        String::from_utf8(run(&args).stdout).expect("utf-8")
    };
    let one_sided = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with('\t') || l.ends_with('\t'))
            .count()
    };
    // The two-sided rows of the full TSV, and nothing else.
    let all = tsv(&[]);
    let paired: Vec<&str> = all
        .lines()
        .filter(|l| !l.starts_with('\t') && !l.ends_with('\t'))
        .collect();
    let only = tsv(&["--pairs-only"]);
    assert_eq!(one_sided(&only), 0);
    assert_eq!(only.lines().collect::<Vec<_>>(), paired);
}

/// `paragraphs --json --text` gives each paragraph's text, and search's
/// JSON text has the file's `\r\n` as `\n`, its match offsets moved with it.
#[test]
fn paragraphs_text_and_search_json_without_carriage_returns() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text =
        "Pierre came\r\nto the town in 1805.\r\n\r\nThen Pierre left\r\nthe town of Moscow.\r\n";
    let l = file(&dir, "l.txt", text.as_bytes());
    let r = file(&dir, "r.txt", text.as_bytes());
    let o = run(&[
        "--no-state",
        "--paragraphs",
        "blank",
        "paragraphs",
        "--json",
        "--text",
        "--left",
        &l,
        "--right",
        &r,
    ]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(doc[0]["text"], "Pierre came to the town in 1805.");
    let o = run(&[
        "--no-state",
        "search",
        "'moscow",
        "--json",
        "--left",
        &l,
        "--right",
        &r,
    ]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let hit = &doc["results"][0];
    let t = hit["text"].as_str().expect("text");
    assert!(!t.contains('\r'), "{t:?}");
    let m = &hit["matches"][0];
    let (a, e) = (
        m[0].as_u64().unwrap() as usize,
        m[1].as_u64().unwrap() as usize,
    );
    assert_eq!(&t[a..e], "Moscow");
}

/// `align --gaps` lists what the translation leaves without a
/// counterpart, with the beads around it.
#[test]
fn align_gaps_lists_what_has_no_counterpart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let [left, right] = common::translation_with_a_note();
    let l = file(&dir, "l.txt", left.as_bytes());
    let r = file(&dir, "r.txt", right.as_bytes());
    let doc = json_of(&[
        "--no-state",
        "align",
        "--gaps",
        "--json",
        "--left",
        &l,
        "--right",
        &r,
    ]);
    let gaps = doc.as_array().expect("a list");
    assert_eq!(gaps.len(), 1, "{doc}");
    assert_eq!(gaps[0]["side"], "left");
    assert_eq!(gaps[0]["units"], serde_json::json!([8]));
    assert_eq!(
        gaps[0]["before"],
        serde_json::json!({"left": [7], "right": [7]})
    );
    assert_eq!(
        gaps[0]["after"],
        serde_json::json!({"left": [9], "right": [8]})
    );
    let o = run(&["--no-state", "align", "--gaps", "--left", &l, "--right", &r]);
    let text = String::from_utf8(o.stdout).expect("utf-8");
    assert!(
        text.contains("¶8\tno counterpart · after ¶7 ⇄ en ¶7 · before ¶9 ⇄ en ¶8"),
        "{text}"
    );
    fails_with(
        &[
            "--no-state",
            "align",
            "--gaps",
            "--format",
            "tsv",
            "--left",
            &l,
            "--right",
            &r,
        ],
        "--gaps lists what has no counterpart",
    );
}

/// The JSON a successful run prints.
fn json_of(args: &[&str]) -> serde_json::Value {
    let o = run(args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("json")
}
