//! A file of one 20 MB line opens, scrolls and searches; the files on disk
//! may change or vanish while the reader runs.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use diptych::app::Action;
use diptych::pair::Pair;

#[test]
fn a_twenty_megabyte_line_opens_scrolls_and_searches() {
    let dir = tempfile::tempdir().expect("tempdir");
    let big = dir.path().join("big.txt");
    let mut line = String::with_capacity(21 << 20);
    let mut i = 0u64;
    while line.len() < 20 << 20 {
        line.push_str(if i.is_multiple_of(9973) {
            "Napoleon "
        } else {
            "слово word "
        });
        i += 1;
    }
    line.push_str("the end\n");
    std::fs::write(&big, &line).expect("write");
    let small = dir.path().join("small.txt");
    std::fs::write(&small, "Napoleon left Paris.\n").expect("write");
    let pair = Pair::from_files(&big, &small).expect("opens");
    assert_eq!(pair.accounts[0].paragraphs.len(), 1);
    // The files may go away: everything is in memory.
    std::fs::remove_file(&big).expect("remove");
    let mut app = common::app_for(pair, 80, 24);
    let pane = |app: &diptych::app::App| app.pane(diptych::text::Side::Left).top;
    common::press(&mut app, "G");
    let bottom = pane(&app);
    assert_eq!(bottom, app.pane(diptych::text::Side::Left).max_top());
    assert!(
        bottom > 100_000,
        "a 20 MB line wraps to many lines: {bottom}"
    );
    common::press(&mut app, "<C-u>");
    assert_eq!(
        pane(&app),
        bottom - app.pane(diptych::text::Side::Left).height / 2
    );
    common::press(&mut app, "g");
    assert_eq!(pane(&app), 0);
    common::press(&mut app, "<PageDown>");
    assert_eq!(pane(&app), app.pane(diptych::text::Side::Left).height - 1);
    common::press(&mut app, "/ n a p o <Enter>");
    let active = app.search().active.as_ref().expect("a search");
    // One result a sentence: the one line (Napoleon every 9973 words,
    // every one of them marked), and the small file's.
    let napoleons = line.matches("Napoleon").count();
    assert!(napoleons > 100, "{napoleons}");
    assert_eq!(active.hits.len(), 2);
    let line_hit = active
        .hits
        .iter()
        .find(|h| h.side == diptych::text::Side::Left)
        .expect("the line");
    assert_eq!(line_hit.matches.len(), napoleons);
    let first = active.hits[0].clone();
    common::press(&mut app, "n");
    let active = app.search().active.as_ref().expect("a search");
    assert_eq!(active.current, 1);
    common::press(&mut app, "N");
    assert_eq!(app.search().active.as_ref().map(|a| a.current), Some(0));
    let p = app.pane(first.side);
    let line = p.wrapped().line_of(first.matches[0].start);
    assert!(
        line >= p.top && line < p.top + p.height,
        "the result is on screen"
    );
    app.update(Action::Resize(80, 24));
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    diptych::ui::draw(&app, &diptych::ui::Theme::default(), &mut buf);
}

/// `diptych search` on a long sentence with a match every few words prints
/// as fast as `--json` does (it walked every match for every character),
/// and prints a window of it, not the whole line.
#[test]
fn a_long_sentence_of_many_matches_prints_quickly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let big = dir.path().join("big.txt");
    let line = "слово word ".repeat(300_000) + "\n";
    std::fs::write(&big, &line).expect("write");
    let small = dir.path().join("small.txt");
    std::fs::write(&small, "A word.\n").expect("write");
    let (b, s) = (big.display().to_string(), small.display().to_string());
    let o = common::run(&["--left", &b, "--right", &s, "search", "word"]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.lines().count(), 2);
    let marked = out.matches("[word]").count();
    assert!((100..1_000).contains(&marked), "{marked} matches shown");
    assert!(out.lines().any(|l| l.ends_with('…')), "the cut is marked");
}

/// Each bundled account's paragraphs, drawn in a fixed shuffled order
/// until the text is `size` bytes: a long narrative in which every
/// feature is in thousands of paragraphs.
fn reshuffled(text: &str, size: usize, seed: u64) -> String {
    let paras: Vec<&str> = text
        .split("\n\n")
        .filter(|p| !p.trim().is_empty())
        .collect();
    let mut state = seed;
    let mut out = String::with_capacity(size + 4096);
    while out.len() < size {
        // A linear congruential step (Knuth's MMIX constants).
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        out.push_str(paras[(state >> 33) as usize % paras.len()].trim());
        out.push_str("\n\n");
    }
    out
}

/// `related` on the bundled narratives grown to 2 × 5 MB still links
/// paragraphs across the accounts (it returned none: a feature in more
/// than 400 paragraphs proposed no candidate, and at that size every
/// feature is).
#[test]
fn two_five_megabyte_narratives_are_linked() {
    let pair = Pair::bundled().expect("bundled");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut paths = Vec::new();
    for (side, seed) in [(0, 7), (1, 11)] {
        let path = dir.path().join(format!("{side}.txt"));
        std::fs::write(
            &path,
            reshuffled(&pair.accounts[side].text, 5_000_000, seed),
        )
        .expect("write");
        paths.push(path.display().to_string());
    }
    let o = common::run(&[
        "--left", &paths[0], "--right", &paths[1], "related", "--json",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let links = v["links"].as_array().expect("links");
    let across = links
        .iter()
        .filter(|l| l["from"]["side"] != l["to"]["side"])
        .count();
    assert!(across > 1000, "{across} links across of {}", links.len());
    // The other account first, for every paragraph that has a link to it:
    // no link across comes after a link inside.
    let mut inside_seen: std::collections::HashSet<(String, u64)> = Default::default();
    for l in links {
        let from = (
            l["from"]["side"].to_string(),
            l["from"]["paragraph"].as_u64().unwrap(),
        );
        if l["from"]["side"] == l["to"]["side"] {
            inside_seen.insert(from);
        } else {
            assert!(
                !inside_seen.contains(&from),
                "{from:?}: the other account first"
            );
        }
        let score = l["score"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&score), "{score}");
    }
}
