//! The reader's behaviour through `update`, without a terminal: scrolling,
//! the paragraph cursor, jumps and the way back, counts and go-to, n/N,
//! sync, feedback, keyboard layouts, copying, narrow terminals.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../common/mod.rs"]
mod common;
mod curation;
mod jumps_and_keys;
mod preview;
mod sentences;

use common::{app, key, press, render, rows, type_text};
use diptych::app::{Action, Context, Effect, HighlightKind, Panel};
use diptych::text::Side;

#[test]
fn panes_scroll_on_their_own_and_tab_moves_focus() {
    let mut a = app(80, 24);
    press(&mut a, "j j j");
    assert_eq!(a.pane(Side::Left).top, 3);
    assert_eq!(a.pane(Side::Right).top, 0);
    press(&mut a, "<Tab> <C-d>");
    assert_eq!(a.focus(), Side::Right);
    assert_eq!(a.pane(Side::Right).top, a.pane(Side::Right).height / 2);
    press(&mut a, "g");
    assert_eq!(a.pane(Side::Right).top, 0);
    assert_eq!(a.pane(Side::Right).cursor, 0);
    press(&mut a, "G");
    assert_eq!(a.pane(Side::Right).top, a.pane(Side::Right).max_top());
    assert_eq!(
        a.pane(Side::Right).cursor,
        4,
        "G puts the cursor on the last paragraph"
    );
    press(&mut a, "<Home> <Tab> }");
    assert_eq!(a.pane(Side::Left).cursor, 1);
    press(&mut a, "{");
    assert_eq!(a.pane(Side::Left).cursor, 0);
    assert_eq!(a.pane(Side::Left).top, 0);
}

#[test]
fn mouse_wheel_scrolls_the_pane_under_the_pointer_and_click_moves_the_cursor() {
    let mut a = app(80, 24);
    a.update(Action::Wheel(60, 5, true));
    assert_eq!(a.pane(Side::Right).top, 3);
    assert_eq!(a.pane(Side::Left).top, 0);
    assert_eq!(a.focus(), Side::Left);
    // Row 20 of the right pane is in its second paragraph at 80×24.
    a.update(Action::Click(60, 20));
    assert_eq!(a.focus(), Side::Right);
    let p = a.pane(Side::Right);
    let line = p.wrapped().line(p.top + 19).expect("a line");
    assert_eq!(
        p.cursor,
        line.para(),
        "the cursor is on the paragraph clicked"
    );
}

#[test]
fn resizing_keeps_the_cursor_paragraph_in_view() {
    let mut a = app(120, 35);
    press(&mut a, "} } } j");
    let para = a.pane(Side::Left).cursor;
    for (w, h) in [(80, 24), (200, 60), (41, 10), (30, 5), (120, 35)] {
        a.update(Action::Resize(w, h));
        if a.screen().too_small {
            continue;
        }
        let p = a.pane(Side::Left);
        assert!(p.shows(p.cursor), "{w}x{h}");
        assert!(
            p.cursor.abs_diff(para) <= 1,
            "{w}x{h}: {} for {para}",
            p.cursor
        );
    }
}

/// The help opens from any panel or prompt (F1; `?` where nothing is
/// typed) and gives the keyboard back to it.
#[test]
fn help_opens_over_a_panel_and_goes_back_to_it() {
    let mut a = app(100, 30);
    a.settle();
    for (open, context, key) in [
        ("t", Context::Links, "?"),
        ("v", Context::Map, "?"),
        ("p", Context::People, "<F1>"),
        ("/", Context::Search, "<F1>"),
    ] {
        press(&mut a, open);
        assert_eq!(a.context(), context, "{open}");
        press(&mut a, key);
        assert_eq!(a.context(), Context::Help, "{key} in {context:?}");
        assert!(a.help().scroll > 0, "at the keys of {context:?}");
        let at = a.help().scroll;
        type_text(&mut a, "go");
        press(&mut a, "<Esc>");
        assert_eq!(
            a.help().scroll,
            at,
            "back at them when the filter is cleared"
        );
        press(&mut a, "<Esc>");
        assert_eq!(a.context(), context, "back to {context:?}");
        press(&mut a, "<Esc>");
        if a.context() != Context::Reader {
            press(&mut a, "<Esc>");
        }
        assert_eq!(a.context(), Context::Reader, "{open}");
    }
}

#[test]
fn help_opens_scrolls_filters_and_closes() {
    let mut a = app(80, 24);
    press(&mut a, "?");
    assert_eq!(a.context(), Context::Help);
    press(&mut a, "<Down> <Down>");
    assert_eq!(a.help().scroll, 2);
    type_text(&mut a, "best counterp");
    assert!(
        !a.help().shown.is_empty() && a.help().shown.len() < 5,
        "{:?}",
        a.help().shown
    );
    // The footer says what Esc does: it clears the filter first.
    let screen = rows(render(&a).backend().buffer()).join("\n");
    assert!(screen.contains("Esc clears the filter"), "{screen}");
    press(&mut a, "<Esc>");
    assert_eq!(a.context(), Context::Help, "Esc clears the filter first");
    assert!(a.help().filter.text.is_empty());
    let screen = rows(render(&a).backend().buffer()).join("\n");
    assert!(screen.contains("Esc close"), "{screen}");
    press(&mut a, "<Esc>");
    assert_eq!(a.context(), Context::Reader);
    assert!(!a.quit());
    press(&mut a, "q");
    assert!(a.quit());
}

#[test]
fn text_never_crosses_a_pane_border_at_any_size() {
    for (w, h) in [(40, 10), (41, 11), (57, 13), (80, 24), (233, 67)] {
        let mut a = app(w, h);
        press(&mut a, "G");
        let t = render(&a);
        let buf = t.backend().buffer();
        for side in Side::BOTH {
            let r = a.screen().panes[side.index()];
            for y in r.y + 1..r.y + r.height - 1 {
                let left = buf[(r.x, y)].symbol().to_string();
                let right = buf[(r.x + r.width - 1, y)].symbol().to_string();
                assert!(
                    ["│", "┃"].contains(&left.as_str()),
                    "{w}x{h} {side:?} row {y}: {left:?}"
                );
                assert!(
                    ["│", "┃"].contains(&right.as_str()),
                    "{w}x{h} {side:?} row {y}: {right:?}"
                );
            }
        }
    }
}

/// n through a person's mentions steps from the cursor of the focused
/// pane, as it does through search results: after Tab, the next mention
/// in the other pane, not the next in the order they were chosen in.
#[test]
fn n_steps_through_mentions_in_the_focused_pane() {
    let mut a = app(80, 24);
    press(&mut a, "p <Enter>");
    assert_eq!(a.focus(), Side::Left);
    press(&mut a, "n <Tab>");
    assert_eq!(a.focus(), Side::Right);
    let cursor = a.pane(Side::Right).cursor;
    press(&mut a, "n");
    assert_eq!(a.focus(), Side::Right, "{:?}", a.message());
    assert!(a.pane(Side::Right).cursor >= cursor);
    let current = |a: &diptych::app::App| {
        Side::BOTH
            .into_iter()
            .find(|s| {
                a.highlights()[s.index()]
                    .iter()
                    .any(|h| h.kind == HighlightKind::Current)
            })
            .expect("a current mention")
    };
    assert_eq!(current(&a), Side::Right);
    // N from there goes back before the cursor, in that pane first.
    press(&mut a, "G N");
    assert_eq!(current(&a), Side::Right);
}

#[test]
fn people_panel_filters_highlights_and_steps_through_mentions() {
    let mut a = app(80, 24);
    press(&mut a, "p");
    assert_eq!(a.context(), Context::People);
    assert_eq!(a.panel(), Panel::People);
    let people = a.arrived().entities.clone().expect("people");
    assert_eq!(
        people.entries[a.people_panel().rows[0]].id,
        "napoleon",
        "most mentioned first"
    );
    type_text(&mut a, "шварц");
    assert_eq!(a.people_panel().rows.len(), 1);
    press(&mut a, "<Enter>");
    assert_eq!(a.context(), Context::Reader);
    let person = &people.entries[a.people_panel().rows[0]];
    assert_eq!(person.id, "schwarzenberg");
    let (l, r) = (person.mentions[0].len(), person.mentions[1].len());
    assert_eq!(a.highlights()[0].len(), l);
    assert_eq!(a.highlights()[1].len(), r);
    assert!(
        a.highlights()
            .iter()
            .flatten()
            .any(|m| m.kind == HighlightKind::Current)
    );
    let mut sides = vec![a.focus()];
    for _ in 0..(l + r) {
        press(&mut a, "n");
        sides.push(a.focus());
    }
    assert!(
        sides.contains(&Side::Left) && sides.contains(&Side::Right),
        "moves to the other pane"
    );
    assert_eq!(sides.first(), sides.last(), "wraps around");
    assert!(
        a.message().unwrap_or("").contains("wrapped to the first"),
        "{:?}",
        a.message()
    );
    press(&mut a, "<Esc>");
    assert_eq!(
        a.panel(),
        Panel::None,
        "Esc in the text closes the panel first"
    );
    assert!(
        !a.highlights().iter().all(Vec::is_empty),
        "and keeps the highlights"
    );
    press(&mut a, "<Esc>");
    assert!(a.highlights().iter().all(Vec::is_empty));
    press(&mut a, "n");
    assert!(
        !a.highlights()[0].is_empty() || !a.highlights()[1].is_empty(),
        "n shows them again"
    );
    press(&mut a, "p");
    assert_eq!(a.panel(), Panel::People);
    press(&mut a, "<Tab>");
    assert_eq!(
        (a.panel(), a.context()),
        (Panel::People, Context::Reader),
        "Tab goes back to the text"
    );
    press(&mut a, "p");
    assert_eq!(a.panel(), Panel::None, "p in the text toggles the panel");
    press(&mut a, "p <F2>");
    assert_eq!(a.panel(), Panel::None, "F2 closes it");
    press(&mut a, "p");
    type_text(&mut a, "y");
    press(&mut a, "<Esc>");
    assert!(
        a.panel() == Panel::People && a.people_panel().filter.text.is_empty(),
        "Esc clears the filter first"
    );
    press(&mut a, "<Esc>");
    assert_eq!(a.panel(), Panel::None, "Esc on an empty filter closes it");
    assert_eq!(a.context(), Context::Reader);
}

#[test]
fn every_paragraph_can_be_chosen_at_every_size() {
    for (w, h) in [(80, 24), (120, 35), (200, 50)] {
        let mut a = app(w, h);
        for side in Side::BOTH {
            if a.focus() != side {
                press(&mut a, "<Tab>");
            }
            press(&mut a, "g");
            let n = a.pair().account(side).paragraphs.len();
            for want in 1..n {
                press(&mut a, "}");
                assert_eq!(a.pane(side).cursor, want, "{w}x{h} {side:?}");
            }
            press(&mut a, "}");
            assert_eq!(
                a.message(),
                Some(format!("end of {}", a.pair().account(side).meta.label).as_str())
            );
            press(&mut a, "t");
            assert_eq!(
                a.links_panel().from.map(|p| (p.side, p.paragraph)),
                Some((side, n - 1)),
                "{w}x{h}"
            );
            press(&mut a, "<Esc>");
        }
    }
}

#[test]
fn g_then_ctrl_o_goes_back_and_the_jump_list_goes_forward() {
    let mut a = app(120, 35);
    press(&mut a, "} }");
    assert_eq!(a.pane(Side::Left).cursor, 2);
    press(&mut a, "G");
    assert_eq!(a.pane(Side::Left).cursor, 10);
    press(&mut a, "<C-o>");
    assert_eq!(a.pane(Side::Left).cursor, 2, "back to where G jumped from");
    press(&mut a, "L");
    assert_eq!(a.pane(Side::Left).cursor, 10);
    press(&mut a, "' '");
    assert_eq!(
        a.pane(Side::Left).cursor,
        2,
        "'' returns to the place before the last jump"
    );
    press(&mut a, "' '");
    assert_eq!(a.pane(Side::Left).cursor, 10);
}

/// Types `place` into the go-to prompt (`:`) and Enter.
fn go_to(a: &mut diptych::app::App, place: &str) {
    press(a, ":");
    type_text(a, place);
    press(a, "<Enter>");
}

#[test]
fn counts_and_go_to() {
    let mut a = app(120, 35);
    press(&mut a, "5 j");
    assert_eq!(a.pane(Side::Left).top, 5);
    press(&mut a, "g 3 }");
    assert_eq!(a.pane(Side::Left).cursor, 3);
    press(&mut a, "1 0 G");
    assert_eq!(a.pane(Side::Left).cursor, 9, "10G is paragraph 10");
    press(&mut a, ":");
    assert_eq!(a.context(), Context::Goto);
    type_text(&mut a, "4");
    press(&mut a, "<Enter>");
    assert_eq!(a.pane(Side::Left).cursor, 3);
    go_to(&mut a, "sk1815 ¶5.2");
    assert_eq!(a.focus(), Side::Right);
    assert_eq!(a.pane(Side::Right).cursor, 4);
    assert_eq!(a.message(), Some("sk1815 ¶5.2"));
    go_to(&mut a, "99");
    assert!(a.message().unwrap_or("").contains("has 5 paragraphs"));
    // A sentence past the paragraph's is refused without moving, as a
    // paragraph past the account's is.
    go_to(&mut a, "1.99");
    assert!(
        a.message().unwrap_or("").contains("sentences"),
        "{:?}",
        a.message()
    );
    assert_eq!(a.pane(Side::Right).cursor, 4);
}

#[test]
fn n_follows_the_latest_choice_and_survives_esc() {
    let mut a = app(80, 24);
    press(&mut a, "p");
    type_text(&mut a, "mar");
    press(&mut a, "<Enter>");
    assert!(
        a.message().unwrap_or("").contains("Marmont"),
        "{:?}",
        a.message()
    );
    press(&mut a, "/");
    type_text(&mut a, "pariz");
    press(&mut a, "<Enter>");
    press(&mut a, "n");
    assert!(
        a.message().unwrap_or("").starts_with("result "),
        "{:?}",
        a.message()
    );
    press(&mut a, "<Esc> <Esc>");
    assert!(a.highlights().iter().all(Vec::is_empty));
    press(&mut a, "n");
    assert!(
        a.message().unwrap_or("").starts_with("result ")
            && a.message().unwrap_or("").contains("for pariz"),
        "{:?}",
        a.message()
    );
    assert!(
        !a.highlights().iter().all(Vec::is_empty),
        "n shows them again"
    );
}

#[test]
fn focus_changes_never_move_a_pane_and_sync_follows_the_cursor() {
    let mut a = app(120, 35);
    press(&mut a, "s } }");
    let tops = [a.pane(Side::Left).top, a.pane(Side::Right).top];
    let right_cursor = a.pane(Side::Right).cursor;
    press(&mut a, "<Tab>");
    assert_eq!([a.pane(Side::Left).top, a.pane(Side::Right).top], tops);
    press(&mut a, "<Tab>");
    assert_eq!([a.pane(Side::Left).top, a.pane(Side::Right).top], tops);
    assert_eq!(a.pane(Side::Right).cursor, right_cursor);
    // Every cursor move of the focused pane is followed.
    press(&mut a, "5 G");
    let links = a.arrived().links.clone().expect("links");
    let want = links.sync_target(Side::Left, 4).expect("a counterpart");
    assert_eq!(a.pane(Side::Right).cursor, want.paragraph);
}

#[test]
fn keys_say_what_they_do() {
    let mut a = app(80, 24);
    press(&mut a, "x");
    assert_eq!(a.message(), Some("x is not bound · ? for help"));
    press(&mut a, "{");
    assert_eq!(a.message(), Some("start of uk1814"));
}

#[test]
fn cyrillic_and_slovak_keys_act_as_their_latin_places() {
    for (cyr, latin) in [("о", "j"), ("л", "k"), ("т", "n"), ("х", "["), ("ъ", "]")] {
        let mut a = app(120, 35);
        let mut b = app(120, 35);
        press(&mut a, &format!("/ p a r i z <Enter> {cyr}"));
        press(&mut b, &format!("/ p a r i z <Enter> {latin}"));
        assert_eq!(a.panes()[0].top, b.panes()[0].top, "{cyr}");
        assert_eq!(a.panes()[0].cursor, b.panes()[0].cursor, "{cyr}");
        assert_eq!(a.message(), b.message(), "{cyr}");
    }
    let mut a = app(120, 35);
    press(&mut a, "ú");
    let mut b = app(120, 35);
    press(&mut b, "[");
    assert_eq!(a.message(), b.message());
    // й quits, з opens the people panel; typed text is never remapped.
    press(&mut a, "з");
    assert_eq!(a.panel(), Panel::People);
    type_text(&mut a, "шварц");
    assert_eq!(a.people_panel().filter.text, "шварц");
    let mut c = app(80, 24);
    c.update(Action::Key(key("й")));
    assert!(c.quit());
}

#[test]
fn y_copies_the_cursor_paragraph_with_its_reference_and_m_frees_the_mouse() {
    let mut a = app(80, 24);
    press(&mut a, "} y");
    let effects = a.take_effects();
    let Some(Effect::Clipboard(text)) = effects.first() else {
        panic!("{effects:?}");
    };
    assert!(text.starts_with("uk1814 ¶2\nКоленкур зустрівся"), "{text}");
    press(&mut a, "M");
    assert_eq!(a.take_effects(), [Effect::Mouse(false)]);
    press(&mut a, "M");
    assert_eq!(a.take_effects(), [Effect::Mouse(true)]);
}

#[test]
fn narrow_terminals_stack_the_panes_with_the_same_keys() {
    let mut a = app(70, 30);
    assert!(a.screen().stacked);
    let screen = rows(render(&a).backend().buffer());
    assert!(screen[0].contains("uk · 1814"));
    assert!(
        screen.iter().skip(3).any(|r| r.contains("sk · 1815")),
        "the right account below"
    );
    press(&mut a, "<Tab> }");
    assert_eq!(a.pane(Side::Right).cursor, 1);
    a.update(Action::Resize(120, 30));
    assert!(!a.screen().stacked);
}

#[test]
fn a_paste_is_one_search() {
    let mut a = app(80, 24);
    press(&mut a, "/");
    let before = a.engine().searches_run();
    a.update(Action::Paste("napoleon fontainebleau 1814 ab".into()));
    assert_eq!(a.search().prompt.text.chars().count(), 30);
    let jobs = a.take_jobs();
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    // Thirty keys typed in one burst are one search too.
    press(&mut a, "<C-u>");
    a.take_jobs();
    for c in "napoleon fontainebleau 1814 ab".chars() {
        let k = if c == ' ' {
            key("<Space>")
        } else {
            key(&c.to_string())
        };
        a.update(Action::Key(k));
    }
    let jobs = a.take_jobs();
    assert_eq!(
        jobs.len(),
        1,
        "a burst of keys asks for the newest search only"
    );
    for j in jobs {
        a.engine().run(&j, &mut |_| {});
    }
    assert_eq!(a.engine().searches_run(), before + 1);
}

#[test]
fn opening_a_panel_or_resizing_never_moves_the_cursor() {
    let mut a = app(120, 35);
    press(&mut a, "G");
    assert_eq!(a.pane(Side::Left).cursor, 10);
    press(&mut a, "t");
    assert_eq!(
        a.pane(Side::Left).cursor,
        10,
        "the links panel narrows the panes"
    );
    assert!(
        a.pane(Side::Left).shows(10),
        "and the pane scrolls to keep ¶11 in view"
    );
    a.update(Action::Resize(80, 24));
    assert_eq!(a.pane(Side::Left).cursor, 10);
    assert!(a.pane(Side::Left).shows(10));
    a.update(Action::Resize(200, 50));
    assert_eq!(a.pane(Side::Left).cursor, 10);
}

#[test]
fn a_worker_that_panics_is_an_error_line_and_the_reader_goes_on() {
    let mut a = app(80, 24);
    let (tx, rx) = std::sync::mpsc::channel();
    let pool = diptych::worker::Workers::new(
        a.engine().clone(),
        std::sync::Arc::new(move |d| {
            let _ = tx.send(d);
        }),
    );
    pool.spawn("indexing", |_| panic!("an injected failure"));
    let done = rx
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("the failure comes back as a message");
    a.update(Action::Done(done));
    let message = a.message().unwrap_or_default().to_string();
    assert_eq!(a.message_why(), Some(diptych::app::Why::Failed));
    assert!(
        message.contains("indexing failed") && message.contains("an injected failure"),
        "{message}"
    );
    let screen = rows(render(&a).backend().buffer());
    assert!(
        screen.last().is_some_and(|l| l.contains("indexing failed")),
        "{screen:?}"
    );
    assert!(!a.quit(), "the reader goes on");
    press(&mut a, "}");
    assert_eq!(a.pane(Side::Left).cursor, 1);
}

/// Esc in the search prompt puts the panes back as they were, the cursor
/// too, though the results list took the panes' last rows meanwhile.
#[test]
fn esc_in_search_keeps_a_cursor_on_the_last_row() {
    let mut a = app(80, 24);
    render(&a);
    // The cursor on a paragraph that opens on the pane's last row: the
    // view scrolled back up line by line from where } left it.
    press(&mut a, "} } }");
    let p = a.pane(Side::Left);
    let want = p.first_line(p.cursor) + 1 - p.height;
    for _ in want..p.top {
        press(&mut a, "k");
    }
    let p = a.pane(Side::Left);
    assert_eq!(p.first_line(p.cursor), p.top + p.height - 1);
    let before = (p.cursor, p.top);
    press(&mut a, "/");
    type_text(&mut a, "Мармон");
    render(&a);
    press(&mut a, "<Esc>");
    assert_eq!((a.pane(Side::Left).cursor, a.pane(Side::Left).top), before);
}

/// A go-to out of view brings its paragraph in at the top of the pane,
/// as less does, not onto the last rows.
#[test]
fn go_to_puts_a_paragraph_out_of_view_at_the_top() {
    let mut a = app(80, 24);
    render(&a);
    press(&mut a, "5 G");
    let p = a.pane(Side::Left);
    assert_eq!(p.cursor, 4);
    assert!(
        p.lines_of(4).len() < p.height,
        "a paragraph shorter than the pane"
    );
    assert_eq!(p.top, p.first_line(4));
    press(&mut a, "4 G");
    let p = a.pane(Side::Left);
    assert_eq!(p.top, p.first_line(3), "back, out of view: at the top too");
}

/// An empty tab with nothing typed says the texts have none, not that
/// the filter matches no one.
#[test]
fn an_empty_tab_says_the_texts_have_none() {
    let pair = diptych::pair::Pair::from_texts(
        [
            diptych::text::Meta::named("l"),
            diptych::text::Meta::named("r"),
        ],
        [
            "Anna went out. Then Anna came back.".into(),
            "Anna left. Later Anna returned.".into(),
        ],
    );
    let mut a = common::app_for(pair, 100, 30);
    press(&mut a, "p <C-t>");
    let screen = rows(render(&a).backend().buffer()).join("\n");
    assert!(
        screen.contains("no places found in these texts"),
        "{screen}"
    );
    assert!(!screen.contains("no one matches"), "{screen}");
}

/// A folded front matter says how many lines it holds, in the singular
/// for one ("1 lines" was shown).
#[test]
fn a_folded_matter_counts_its_lines() {
    let dir = tempfile::tempdir().expect("tempdir");
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).expect("write");
        p
    };
    let one = write("one.md", "---\ntitle: One\n---\n\nThe text.\n");
    let two = write("two.md", "---\ntitle: Two\nby: Me\n---\n\nThe text.\n");
    let pair = diptych::pair::Pair::from_files(&one, &two).expect("opens");
    let app = common::app_for(pair, 100, 20);
    let screen = rows(render(&app).backend().buffer()).join("\n");
    assert!(screen.contains("front matter · 1 line · Enter"), "{screen}");
    assert!(
        screen.contains("front matter · 2 lines · Enter"),
        "{screen}"
    );
}

/// A reader opened again shows the place it was left at: the saved top
/// at the top, not the cursor's paragraph. (Restored before the terminal
/// is measured, the panes were one row high when their text was first
/// wrapped, and showing the cursor in one row scrolled it to the top.)
#[test]
fn a_reopened_reader_keeps_the_top_it_was_left_at() {
    let mut a = app(100, 30);
    // The cursor below the top paragraph, both in view.
    press(&mut a, "3 G }");
    let (top, cursor) = (a.pane(Side::Left).top_offset(), a.pane(Side::Left).cursor);
    assert!(
        a.pane(Side::Left).top_paragraph() < cursor,
        "{top} {cursor}"
    );
    let place = a.snapshot();
    // Opened again: the place restored before the first size.
    let pair = diptych::pair::Pair::bundled().expect("bundled");
    let mut b = diptych::app::App::new(
        diptych::worker::Engine::new(diptych::worker::Sources::bundled(pair)),
        diptych::keymap::Keymap::default_keymap().expect("shipped keymap"),
        diptych::app::Options::default(),
    );
    b.update(Action::Restore(Box::new(place)));
    b.update(Action::Resize(100, 30));
    b.settle();
    assert_eq!(b.pane(Side::Left).top_offset(), top);
    assert_eq!(b.pane(Side::Left).cursor, cursor);
}

/// A reader opened again puts the sentence cursor back where it was left
/// (`)` and `(`), and a saved sentence its paragraph no longer has (the
/// text changed) is left out.
#[test]
fn a_reopened_reader_keeps_the_sentence_cursor() {
    let mut a = app(100, 30);
    press(&mut a, "3 G ) )");
    let (cursor, sentence) = (a.pane(Side::Left).cursor, a.pane(Side::Left).sentence);
    assert_eq!(sentence, Some(1));
    let mut place = a.snapshot();
    let reopened = |place: &diptych::reading_places::SavedPlace| {
        let pair = diptych::pair::Pair::bundled().expect("bundled");
        let mut b = diptych::app::App::new(
            diptych::worker::Engine::new(diptych::worker::Sources::bundled(pair)),
            diptych::keymap::Keymap::default_keymap().expect("shipped keymap"),
            diptych::app::Options::default(),
        );
        b.update(Action::Restore(Box::new(place.clone())));
        b.update(Action::Resize(100, 30));
        b.settle();
        b
    };
    let b = reopened(&place);
    assert_eq!(b.pane(Side::Left).cursor, cursor);
    assert_eq!(b.pane(Side::Left).sentence, Some(1));
    assert_eq!(b.pane(Side::Right).sentence, None);
    place.sentences.insert("left".into(), 10_000);
    assert_eq!(reopened(&place).pane(Side::Left).sentence, None);
}

/// The status line gives the sentence cursor's place on two narratives
/// too (¶5.2), as on a translation (where it adds the counterpart's).
#[test]
fn the_status_line_shows_the_sentence_cursor_on_narratives() {
    let mut a = app(120, 30);
    press(&mut a, "5 G ) )");
    assert_eq!(a.pane(Side::Left).sentence, Some(1));
    let screen = rows(render(&a).backend().buffer());
    let status = screen.last().expect("a status line");
    assert!(status.contains("¶5.2"), "{status}");
}
