//! The reader's behaviour through `update`, without a terminal.

mod common;

use common::{app, press, render};
use diptych::app::{Action, Mode};
use diptych::text::Side;

#[test]
fn panes_scroll_on_their_own_and_tab_moves_focus() {
    let mut a = app(80, 24);
    press(&mut a, "j j j");
    assert_eq!(a.pane(Side::Left).top, 3);
    assert_eq!(a.pane(Side::Right).top, 0);
    press(&mut a, "<Tab> <C-d>");
    assert_eq!(a.focus, Side::Right);
    assert_eq!(a.pane(Side::Right).top, a.pane(Side::Right).height / 2);
    press(&mut a, "g");
    assert_eq!(a.pane(Side::Right).top, 0);
    press(&mut a, "G");
    assert_eq!(a.pane(Side::Right).top, a.pane(Side::Right).max_top());
    press(&mut a, "<Home> <Tab> }");
    assert_eq!(a.pane(Side::Left).top_paragraph(), 1);
    press(&mut a, "{");
    assert_eq!(a.pane(Side::Left).top, 0);
}

#[test]
fn mouse_wheel_scrolls_the_pane_under_the_pointer_and_click_focuses() {
    let mut a = app(80, 24);
    a.update(Action::Wheel(60, 5, true));
    assert_eq!(a.pane(Side::Right).top, 3);
    assert_eq!(a.pane(Side::Left).top, 0);
    assert_eq!(a.focus, Side::Left);
    a.update(Action::Click(60, 5));
    assert_eq!(a.focus, Side::Right);
}

#[test]
fn resizing_keeps_the_top_paragraph_in_view() {
    let mut a = app(120, 35);
    press(&mut a, "} } } j");
    let para = a.pane(Side::Left).top_paragraph();
    for (w, h) in [(80, 24), (200, 60), (41, 10), (30, 5), (120, 35)] {
        a.update(Action::Resize(w, h));
        let p = a.pane(Side::Left);
        let visible = &p.wrapped().lines[p.top..(p.top + p.height).min(p.wrapped().len())];
        assert!(visible.iter().any(|l| l.para == para), "{w}x{h}");
        if p.top < p.max_top() {
            assert_eq!(p.top_paragraph(), para, "{w}x{h}");
        }
    }
}

#[test]
fn help_opens_scrolls_and_closes() {
    let mut a = app(80, 24);
    press(&mut a, "?");
    assert_eq!(a.mode, Mode::Help);
    press(&mut a, "j j");
    assert_eq!(a.help.scroll, 2);
    press(&mut a, "<Esc>");
    assert_eq!(a.mode, Mode::Reading);
    assert!(!a.quit);
    press(&mut a, "q");
    assert!(a.quit);
}

#[test]
fn no_rendered_line_is_wider_than_the_screen_at_any_size() {
    for (w, h) in [(1, 1), (40, 10), (41, 11), (57, 13), (80, 24), (233, 67)] {
        let mut a = app(w, h);
        press(&mut a, "G ? j");
        let t = render(&a);
        assert_eq!(t.backend().buffer().area.width, w);
    }
}

#[test]
fn people_panel_filters_highlights_and_steps_through_mentions() {
    use diptych::app::MarkKind;
    let mut a = app(80, 24);
    press(&mut a, "p");
    assert_eq!(a.mode, Mode::People);
    assert!(a.panel.open);
    assert_eq!(
        a.people.persons[a.panel.rows[0]].id, "napoleon",
        "most mentioned first"
    );
    common::type_text(&mut a, "шварц");
    assert_eq!(a.panel.rows.len(), 1);
    press(&mut a, "<Enter>");
    assert_eq!(a.mode, Mode::Reading);
    let person = &a.people.persons[a.panel.rows[0]];
    assert_eq!(person.id, "schwarzenberg");
    let (l, r) = (person.mentions[0].len(), person.mentions[1].len());
    assert_eq!(a.marks[0].len(), l);
    assert_eq!(a.marks[1].len(), r);
    assert!(a.marks[0].iter().any(|m| m.kind == MarkKind::Current));
    let mut sides = vec![a.focus];
    for _ in 0..(l + r) {
        press(&mut a, "n");
        sides.push(a.focus);
    }
    assert!(
        sides.contains(&Side::Left) && sides.contains(&Side::Right),
        "moves to the other pane"
    );
    assert_eq!(sides.first(), sides.last(), "wraps around");
    press(&mut a, "<Esc>");
    assert!(a.marks.iter().all(Vec::is_empty));
    assert!(
        a.panel.open,
        "Esc in the text clears highlights; the panel stays"
    );
    press(&mut a, "p");
    assert!(!a.panel.open, "p toggles the panel");
    press(&mut a, "p <Esc>");
    assert!(
        a.panel.open && a.panel.filter.text.is_empty(),
        "Esc clears the filter first"
    );
    press(&mut a, "<Esc>");
    assert!(!a.panel.open, "Esc on an empty filter closes it");
    assert_eq!(a.mode, Mode::Reading);
}
