//! Searching from the reader, through `update`, and from the command line.

mod common;

use common::{app, press, type_text};
use diptych::app::{MarkKind, Mode};
use diptych::text::Side;
use std::process::Command;

#[test]
fn latin_query_finds_cyrillic_and_enter_goes_there() {
    let mut a = app(80, 24);
    press(&mut a, "/");
    assert_eq!(a.mode, Mode::Search);
    type_text(&mut a, "kolenkur");
    assert!(!a.search.results.is_empty());
    assert!(a.search.results.iter().all(|h| h.side == Side::Left));
    let hit = a.search.results[0].clone();
    press(&mut a, "<Enter>");
    assert_eq!(a.mode, Mode::Reading);
    assert_eq!(a.focus, Side::Left);
    let pane = a.pane(Side::Left);
    let line = pane.wrapped().line_of(hit.matches[0].start);
    assert!(line >= pane.top && line < pane.top + pane.height);
    assert!(
        a.marks[0]
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
    assert_eq!(a.focus, Side::Right);
    assert!(a.marks.iter().all(Vec::is_empty));
}

#[test]
fn n_and_n_step_through_results_across_both_accounts() {
    let mut a = app(80, 24);
    press(&mut a, "/");
    type_text(&mut a, "napoleon");
    let n = a.search.results.len();
    assert!(n > 5);
    press(&mut a, "<Enter>");
    let mut sides = Vec::new();
    for _ in 0..n {
        press(&mut a, "n");
        sides.push(a.focus);
    }
    assert!(sides.contains(&Side::Left) && sides.contains(&Side::Right));
    assert_eq!(a.search.active.as_ref().map(|s| s.current), Some(0));
    press(&mut a, "N");
    assert_eq!(a.search.active.as_ref().map(|s| s.current), Some(n - 1));
    assert!(!a.marks[0].is_empty() && !a.marks[1].is_empty());
    press(&mut a, "<Esc>");
    assert!(a.marks.iter().all(Vec::is_empty));
}

#[test]
fn prompt_edits_and_remembers_queries() {
    let mut a = app(80, 24);
    press(&mut a, "/");
    type_text(&mut a, "fouche paris");
    press(&mut a, "<C-w>");
    assert_eq!(a.search.prompt.text, "fouche ");
    press(&mut a, "<Backspace> <Left> <Left> <Home> <End>");
    assert_eq!(a.search.prompt.text, "fouche");
    press(&mut a, "<Enter> /");
    assert_eq!(a.search.prompt.text, "");
    press(&mut a, "<Up>");
    assert_eq!(a.search.prompt.text, "fouche");
    assert!(!a.search.results.is_empty());
    press(&mut a, "<C-u>");
    assert_eq!(a.search.prompt.text, "");
    assert!(a.search.results.is_empty());
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
            let key = diptych::fold::fold_query(found);
            assert!(key.starts_with("pariz"), "{found}");
        }
    }
}

#[test]
fn cli_plain_lines_mark_matches_and_nothing_found_is_exit_0() {
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
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
    let o = Command::new(common::bin())
        .args(["search", "", "--json"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        r#"{"query":"","results":[]}"#
    );
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
