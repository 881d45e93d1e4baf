//! The preview in the search and links lists: the selected item beside
//! what it is compared with, toggled by a key, the panes left where they
//! are.

use super::common::{app, press, type_text};
use diptych::text::Side;

#[test]
fn the_search_preview_shows_the_selected_result_and_its_counterpart() {
    let mut a = app(120, 35);
    press(&mut a, "/");
    type_text(&mut a, "kolenkur");
    assert!(a.preview().is_none(), "off until asked for");
    press(&mut a, "<A-p>");
    assert!(a.preview_on());
    let p = a.preview().expect("a preview");
    let hit = &a.search().results[a.search().list.selected];
    assert_eq!(
        (p.selected.at.side, p.selected.at.paragraph),
        (hit.side, hit.paragraph)
    );
    assert_eq!(p.selected.marks, hit.matches, "the matches marked");
    let other = p.other.expect("a counterpart");
    assert_eq!(other.at.side, hit.side.other(), "in the other account");
    // Moving the selection moves the preview with it.
    press(&mut a, "<Down>");
    let next = a.preview().expect("a preview");
    let hit = &a.search().results[a.search().list.selected];
    assert_eq!(next.selected.at.paragraph, hit.paragraph);
    press(&mut a, "<A-p>");
    assert!(a.preview().is_none(), "the same key hides it");
}

#[test]
fn the_links_preview_shows_the_linked_paragraph_and_where_it_is_linked_from() {
    let mut a = app(80, 24);
    press(&mut a, "} t p");
    let p = a.preview().expect("a preview");
    let from = a
        .links_panel()
        .from
        .expect("links from the cursor paragraph");
    let link = &a.panel_links()[0];
    assert_eq!(p.selected.at, link.to);
    assert!(p.selected.note.starts_with("linked"), "{}", p.selected.note);
    assert_eq!(p.other.expect("the paragraph linked from").at, from);
    assert_eq!(from.side, Side::Left);
    // It stays on for the search list too: one switch for both lists.
    press(&mut a, "<Esc> <Esc> /");
    type_text(&mut a, "pariz");
    assert!(a.preview().is_some());
}

#[test]
fn the_links_panel_says_where_two_tellings_disagree() {
    let mut a = super::common::app_for(super::common::tellings::pair(), 120, 35);
    press(&mut a, "t");
    let link = &a.panel_links()[0];
    assert!(
        link.in_order,
        "the counterpart on the order of events first"
    );
    assert_eq!(
        a.differences(link),
        ["date: 23 août / August 24th", "guns: trois canons / 5 guns"]
    );
    let screen = super::common::screen(&a);
    assert!(screen.contains("≠ date: 23 août / August 24th"), "{screen}");
    assert!(screen.contains("≠ guns: trois canons / 5 guns"), "{screen}");
    // The third paragraph's agree on the guns they do not count, and
    // differ on the generals.
    press(&mut a, "<Esc> } } t");
    let link = &a.panel_links()[0];
    assert_eq!(
        a.differences(link),
        ["generals: Quarante-trois généraux / 49 generals"]
    );
}
