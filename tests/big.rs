//! A file of one 20 MB line opens, scrolls and searches; the files on disk
//! may change or vanish while the reader runs.

mod common;

use diptych::app::{Action, App};
use diptych::keymap::{Key, Keymap};
use diptych::pair::Pair;
use std::sync::Arc;

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
    let mut app = App::new(Arc::new(pair), Keymap::default_keymap().expect("keymap"));
    app.update(Action::Resize(80, 24));
    for k in [
        "G",
        "<C-u>",
        "g",
        "<PageDown>",
        "/",
        "n",
        "a",
        "p",
        "o",
        "<Enter>",
        "n",
        "N",
    ] {
        app.handle_key(k.parse::<Key>().expect("key"));
    }
    assert!(
        app.search
            .active
            .as_ref()
            .is_some_and(|a| !a.hits.is_empty())
    );
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    diptych::ui::draw(&app, &diptych::ui::Theme { color: true }, &mut buf);
}
