//! Every view drawn into a TestBackend at 80×24 and 160×45, as a user sees it.

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
