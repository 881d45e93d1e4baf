//! Colour is never the only signal: whatever colour marks in the reader (the
//! focused pane, the cursor paragraph, search matches, a person's mentions,
//! the current one, the selected row of a list), a glyph or a modifier
//! marks too, with colour and without it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{app, press, render_with, rows, style_at, type_text};
use diptych::app::App;
use diptych::ui::Theme;
use ratatui::style::{Color, Modifier};

/// Every cell of the panes (their insides) whose background is coloured
/// also carries a modifier; returns how many such cells there were.
fn coloured_cells_have_modifiers(a: &App, theme: &Theme) -> usize {
    let t = render_with(a, theme);
    let buf = t.backend().buffer();
    let mut seen = 0;
    for pane in a.screen().panes {
        for y in pane.y + 1..pane.bottom().saturating_sub(1) {
            for x in pane.x + 1..pane.right().saturating_sub(1) {
                let (_, bg, modifier) = style_at(buf, x, y);
                if bg != Color::Reset {
                    seen += 1;
                    assert!(
                        !modifier.is_empty(),
                        "cell ({x}, {y}) {:?} is marked by colour alone",
                        buf[(x, y)].symbol()
                    );
                }
            }
        }
    }
    seen
}

#[test]
fn the_focused_pane_and_the_cursor_read_without_colour() {
    for theme in [Theme::default(), Theme::plain()] {
        let mut a = app(120, 35);
        let screen = rows(render_with(&a, &theme).backend().buffer());
        // The focused pane's border is thick and its title marked.
        assert!(screen[0].starts_with("┏▶"), "{}", screen[0]);
        assert!(screen[0].contains('┌'), "the other pane: {}", screen[0]);
        // The cursor paragraph: ▶ on its first line.
        assert!(screen.iter().any(|r| r.contains("▶1")), "{screen:?}");
        press(&mut a, "<Tab>");
        let screen = rows(render_with(&a, &theme).backend().buffer());
        assert!(screen[0].starts_with("┌"), "{}", screen[0]);
        assert!(screen[0].contains("┏▶"), "{}", screen[0]);
    }
}

/// The reader after `open` (a key), `typed` and Enter, its highlighted
/// cells checked in `theme`.
fn highlighted_after(open: &str, typed: &str, theme: &Theme) -> App {
    let mut a = app(120, 35);
    press(&mut a, open);
    type_text(&mut a, typed);
    press(&mut a, "<Enter>");
    let n = coloured_cells_have_modifiers(&a, theme);
    assert!(!theme.color || n > 0, "{typed}: something is highlighted");
    a
}

#[test]
fn search_matches_read_without_colour() {
    for theme in [Theme::default(), Theme::plain()] {
        let a = highlighted_after("/", "napoleon", &theme);
        // Without colour the matches are underlined.
        let t = render_with(&a, &Theme::plain());
        let buf = t.backend().buffer();
        let marked = (0..buf.area.height)
            .flat_map(|y| (0..buf.area.width).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                style_at(buf, x, y)
                    .2
                    .intersects(Modifier::UNDERLINED | Modifier::REVERSED)
            })
            .count();
        assert!(marked >= "napoleon".len(), "{marked} cells marked");
    }
}

#[test]
fn mentions_and_the_current_one_read_without_colour() {
    for theme in [Theme::default(), Theme::plain()] {
        highlighted_after("p", "шварц", &theme);
    }
}

#[test]
fn the_selected_row_of_a_list_reads_without_colour() {
    for theme in [Theme::default(), Theme::plain()] {
        let mut a = app(120, 35);
        press(&mut a, "p");
        let t = render_with(&a, &theme);
        let buf = t.backend().buffer();
        let panel = a.screen().panel;
        // Some cell of the panel's first row is reversed or bold.
        let y = (panel.y + 1..panel.bottom())
            .find(|&y| (panel.x..panel.right()).any(|x| !style_at(buf, x, y).2.is_empty()))
            .expect("a marked row");
        assert!(
            (panel.x..panel.right()).any(|x| style_at(buf, x, y)
                .2
                .intersects(Modifier::REVERSED | Modifier::BOLD)),
            "row {y} of the panel"
        );
    }
}
