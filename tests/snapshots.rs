//! Every view drawn into a TestBackend at 80×24, 120×35, 160×45 and 200×50,
//! as a user sees it (text only; tests/styles.rs checks that colour is
//! never the only signal).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{app, press, render};
use insta::assert_snapshot;

#[test]
fn reader_80x24() {
    let a = app(80, 24);
    assert_snapshot!(render(&a).backend());
}

#[test]
fn reader_160x45() {
    let a = app(160, 45);
    assert_snapshot!(render(&a).backend());
}

#[test]
fn reader_scrolled_and_right_focused_80x24() {
    let mut a = app(80, 24);
    press(&mut a, "} } j <Tab> G");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn help_80x24() {
    let mut a = app(80, 24);
    press(&mut a, "?");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn help_160x45() {
    let mut a = app(160, 45);
    press(&mut a, "?");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn too_small_39x9() {
    let a = app(39, 9);
    assert_snapshot!(render(&a).backend());
}

#[test]
fn search_overlay_80x24() {
    let mut a = app(80, 24);
    press(&mut a, "/");
    common::type_text(&mut a, "pariz");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn search_overlay_160x45() {
    let mut a = app(160, 45);
    press(&mut a, "/");
    common::type_text(&mut a, "kolenkur");
    press(&mut a, "<Down>");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn search_no_matches_80x24() {
    let mut a = app(80, 24);
    press(&mut a, "/");
    common::type_text(&mut a, "qqxzjv");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn people_panel_80x24() {
    let mut a = app(80, 24);
    press(&mut a, "p <Down>");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn people_panel_160x45() {
    let mut a = app(160, 45);
    press(&mut a, "p");
    common::type_text(&mut a, "schw");
    press(&mut a, "<Enter>");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn links_panel_80x24() {
    let mut a = app(80, 24);
    press(&mut a, "} t");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn links_panel_160x45() {
    let mut a = app(160, 45);
    press(&mut a, "} l t <Down>");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn reader_cursor_at_the_end_120x35() {
    let mut a = app(120, 35);
    press(&mut a, "G");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn reader_200x50_right_pane_cursor_on_its_last_paragraph() {
    let mut a = app(200, 50);
    press(&mut a, "<Tab> } } } }");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn help_200x50_descriptions_whole() {
    let mut a = app(200, 50);
    press(&mut a, "?");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn help_filtered_80x24() {
    let mut a = app(80, 24);
    press(&mut a, "?");
    common::type_text(&mut a, "jump");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn people_filter_that_only_places_match_80x24() {
    // Typed on the people tab, a filter only places match says so and the
    // tabs count what it leaves.
    let mut a = app(80, 24);
    press(&mut a, "p");
    common::type_text(&mut a, "париж");
    let shown = format!("{:?}", render(&a).backend());
    assert!(shown.contains("in places (C-t)"), "{shown}");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn links_panel_200x50_uses_the_width() {
    let mut a = app(200, 50);
    press(&mut a, "} t");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn people_panel_200x50_places_tab() {
    let mut a = app(200, 50);
    press(&mut a, "p <C-t>");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn outline_of_the_corpus_120x35() {
    let Some(mut a) = common::war_and_peace_app(120, 35) else {
        return;
    };
    press(&mut a, "o");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn goto_prompt_80x24() {
    let mut a = app(80, 24);
    press(&mut a, ":");
    common::type_text(&mut a, "sk1815 5.2");
    press(&mut a, "<Left> <Left>");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn stacked_70x30() {
    let a = app(70, 30);
    assert_snapshot!(render(&a).backend());
}

#[test]
fn map_80x24() {
    let mut a = app(80, 24);
    press(&mut a, "v");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn map_160x45() {
    let mut a = app(160, 45);
    press(&mut a, "} v");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn scrollbar_marks_for_a_search_120x35() {
    let mut a = app(120, 35);
    press(&mut a, "/");
    common::type_text(&mut a, "napoleon");
    press(&mut a, "<Enter>");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn loading_state_before_background_work_80x24() {
    use diptych::app::{Action, App, Options};
    let pair = diptych::pair::Pair::bundled().expect("bundled");
    let keymap = diptych::keymap::Keymap::default_keymap().expect("keymap");
    let engine = diptych::worker::Engine::new(diptych::worker::Sources::bundled(pair));
    let mut a = App::new(engine, keymap, Options::default());
    a.update(Action::Resize(80, 24));
    // Nothing settled: no people, no links yet.
    press_unsettled(&mut a, "} t");
    assert_eq!(a.message(), Some("finding links…"));
    assert_snapshot!(render(&a).backend());
    a.settle();
    assert_eq!(
        a.panel(),
        diptych::app::Panel::Links,
        "t acted when the links arrived"
    );
}

/// Presses keys without running the background work they ask for.
fn press_unsettled(a: &mut diptych::app::App, keys: &str) {
    for k in keys.split(' ') {
        a.update(diptych::app::Action::Key(common::key(k)));
    }
}

#[test]
fn search_preview_120x35() {
    let mut a = app(120, 35);
    press(&mut a, "/");
    common::type_text(&mut a, "kolenkur");
    press(&mut a, "<A-p>");
    assert_snapshot!(render(&a).backend());
}

#[test]
fn links_preview_80x24() {
    let mut a = app(80, 24);
    press(&mut a, "} t p");
    assert_snapshot!(render(&a).backend());
}
