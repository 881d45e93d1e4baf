//! Sync through every jump, the keys of less and vim, and panels' filters.

use super::*;

/// With sync on, every move of the cursor paragraph, jumps included, brings
/// its counterpart beside it: `:` and a paragraph, a search result, a mark,
/// the outline, a mention of a person, `g`/`G`, `Ctrl-o` (each left the
/// other pane where it was).
#[test]
fn sync_follows_every_jump() {
    let mut a = app(120, 35);
    press(&mut a, "s");
    let links = a.arrived().links.clone().expect("links");
    let beside = |a: &diptych::app::App| {
        let here = a.focus();
        let p = a.pane(here).cursor;
        let want = links.sync_target(here, p).expect("a counterpart");
        (want.paragraph, a.pane(want.side).cursor)
    };
    let check = |a: &diptych::app::App, what: &str| {
        let (want, got) = beside(a);
        assert_eq!(got, want, "after {what}");
    };
    for (what, keys) in [
        (":7", ": 7 <Enter>"),
        ("g", "g"),
        ("G", "G"),
        ("a mark", "g m a G ' a"),
        ("Ctrl-o", "g G <C-o>"),
        ("a search result", "g / k o l e n k u r <Enter>"),
    ] {
        press(&mut a, "<Esc>");
        press(&mut a, keys);
        check(&a, what);
    }
    // A mention of a person, stepped to with n.
    press(&mut a, "<Esc> g p");
    type_text(&mut a, "marmon");
    press(&mut a, "<Enter> n");
    check(&a, "a mention");
}

/// With sync on, a jump from the outline brings the counterpart beside it
/// too (on the corpus's War and Peace chapters, which have headings).
#[test]
fn sync_follows_a_jump_from_the_outline() {
    let Some(mut a) = common::war_and_peace_app(120, 35) else {
        return;
    };
    press(&mut a, "s");
    let links = a.arrived().links.clone().expect("links");
    let mut checked = 0;
    for i in 1..8 {
        press(&mut a, "<Esc> g o");
        for _ in 0..i {
            press(&mut a, "<Down>");
        }
        press(&mut a, "<Enter>");
        let here = a.focus();
        let p = a.pane(here).cursor;
        // A heading the alignment left without a counterpart has none to show.
        if let Some(want) = links.sync_target(here, p) {
            assert!(p > 0, "the outline moved the cursor");
            assert_eq!(a.pane(want.side).cursor, want.paragraph, "entry {i}");
            checked += 1;
        }
    }
    assert!(checked > 0, "no heading with a counterpart");
}

/// Keys a reader of less and vim reaches for: Ctrl-e/Ctrl-y one line,
/// d/u half a page, a backtick as a quote for marks; Ctrl-i is not
/// advertised (a terminal sends it as Tab).
#[test]
fn less_and_vim_keys() {
    let mut a = app(80, 24);
    let top = |a: &diptych::app::App| a.pane(Side::Left).top;
    press(&mut a, "<C-e>");
    assert_eq!(top(&a), 1);
    press(&mut a, "<C-y>");
    assert_eq!(top(&a), 0);
    press(&mut a, "d");
    let half = top(&a);
    assert!(half > 1, "{half}");
    press(&mut a, "u");
    assert_eq!(top(&a), 0);
    press(&mut a, "} } m a g ` a");
    assert_eq!(a.pane(Side::Left).cursor, 2);
    // `'` lists the marks set while it waits for a letter.
    press(&mut a, "G m z '");
    assert_eq!(
        a.message(),
        Some("go to mark: a uk1814 ¶3 · z uk1814 ¶11 · ' before the last jump")
    );
    press(&mut a, "<Esc>");
    let keymap = diptych::keymap::Keymap::default_keymap().expect("keymap");
    // Ctrl-i is shown only as a kitty-protocol key: elsewhere it is Tab.
    let shown = keymap.show();
    assert_eq!(
        shown.matches("<C-i>").count(),
        shown.matches("<C-i> (kitty)").count(),
        "{shown}"
    );
}

/// The first Esc in a panel's filter clears it and says so (the second
/// closes the panel); "finding people…" leaves the status line once they
/// are found.
#[test]
fn esc_in_a_filter_says_it_cleared_and_waits_end() {
    let mut a = app(120, 35);
    press(&mut a, "p m a r <Esc>");
    assert_eq!(a.panel(), Panel::People);
    assert!(
        a.message().unwrap_or("").contains("filter cleared"),
        "{:?}",
        a.message()
    );
    press(&mut a, "<Esc>");
    assert_eq!(a.panel(), Panel::None);
    // Before the people are found: the notice, then it goes.
    let pair = diptych::pair::Pair::bundled().expect("bundled");
    let keymap = diptych::keymap::Keymap::default_keymap().expect("keymap");
    let mut b = diptych::app::App::new(
        diptych::worker::Engine::new(diptych::worker::Sources::bundled(pair)),
        keymap,
        diptych::app::Options::default(),
    );
    b.update(diptych::app::Action::Resize(120, 35));
    b.update(diptych::app::Action::Key(common::key("p")));
    assert_eq!(b.message(), Some("finding people…"));
    b.settle();
    assert_eq!(b.message(), None);
}

/// `zz`, `zt`, `zb` put the cursor paragraph in the middle, at the top or
/// at the bottom of the pane; `50%` goes halfway (a jump), `%` alone says
/// what it wants.
#[test]
fn z_and_percent_place_the_view_as_in_vim() {
    let Some(mut a) = super::common::war_and_peace_app(80, 24) else {
        println!("{}", super::common::corpus::SKIPPED);
        return;
    };
    press(&mut a, "4 0 G z t");
    let pane = a.pane(Side::Left);
    assert_eq!(pane.top, pane.first_line(39), "zt: at the top");
    press(&mut a, "z z");
    let pane = a.pane(Side::Left);
    let lines = pane.lines_of(39);
    assert_eq!(
        pane.top,
        lines.start - (pane.height - lines.len()) / 2,
        "zz: in the middle"
    );
    press(&mut a, "z b");
    let pane = a.pane(Side::Left);
    assert_eq!(
        pane.top + pane.height,
        pane.lines_of(39).end,
        "zb: at the bottom"
    );
    press(&mut a, "5 0 %");
    let pane = a.pane(Side::Left);
    let half = (pane.wrapped().len() - 1) / 2;
    assert!(
        pane.lines_of(pane.cursor).contains(&half) || pane.lines_of(pane.cursor).end == half,
        "halfway down the lines: ¶{}",
        pane.cursor + 1
    );
    press(&mut a, "<C-o>");
    assert_eq!(a.pane(Side::Left).cursor, 39, "% is a jump");
    press(&mut a, "%");
    assert!(
        a.message().is_some_and(|m| m.contains("50%")),
        "{:?}",
        a.message()
    );
}

/// Where the terminal tells Ctrl-i from Tab (kitty keyboard protocol),
/// Ctrl-o then Ctrl-i goes back and forward; Tab still moves the focus.
#[test]
fn ctrl_i_goes_forward_where_the_terminal_tells_it_from_tab() {
    let mut a = common::app(100, 30);
    press(&mut a, "G");
    let end = a.pane(Side::Left).cursor;
    press(&mut a, "<C-o>");
    assert_eq!(a.pane(Side::Left).cursor, 0);
    press(&mut a, "<C-i>");
    assert_eq!(a.pane(Side::Left).cursor, end);
    press(&mut a, "<Tab>");
    assert_eq!(a.focus(), Side::Right);
}

/// The outline pairs the two accounts' headings (ru `II` beside en
/// `CHAPTER II`), and Enter moves both panes to the pair.
#[test]
fn the_paired_outline_moves_both_panes() {
    let Some(mut a) = common::war_and_peace_app(120, 35) else {
        return;
    };
    press(&mut a, "o");
    let row = a
        .outline()
        .all
        .iter()
        .position(|r| r.get(Side::Left).is_some_and(|e| e.title == "II"))
        .expect("ru II");
    let pair = a.outline().all[row].clone();
    let right = pair.get(Side::Right).expect("paired");
    assert_eq!(right.title, "CHAPTER II");
    let shown = a
        .outline()
        .rows
        .iter()
        .position(|&r| r == row)
        .expect("shown");
    while a.outline().list.selected < shown {
        press(&mut a, "<Down>");
    }
    press(&mut a, "<Enter>");
    assert_eq!(
        a.pane(Side::Left).cursor,
        pair.get(Side::Left).expect("left").paragraph
    );
    assert_eq!(a.pane(Side::Right).cursor, right.paragraph);
}
