//! Property tests: random texts (empty paragraphs, emoji, combining marks,
//! right-to-left script, controls, very long words) and random sequences of
//! actions, including resize storms from 1×1 to 500×200; after every step
//! the state's invariants hold and drawing never panics.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use diptych::app::{Action, App, Options};
use diptych::keymap::{Key, Keymap};
use diptych::pair::Pair;
use diptych::text::{Meta, Side};
use diptych::ui::{self, Theme};
use diptych::worker::{Engine, Sources};
use diptych::wrap::display_width;
use proptest::prelude::*;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Pieces texts are made of.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z]{1,12}".prop_map(|s| s + " "),
        Just("Наполеон ".to_string()),
        Just("Paríži ".to_string()),
        Just("Коленкур. ".to_string()),
        Just("e\u{301}\u{301} ".to_string()),
        Just("\u{301}".to_string()),
        Just("👨‍👩‍👧 🇸🇰 ".to_string()),
        Just("שלום עולם ".to_string()),
        Just("漢字かな ".to_string()),
        Just("\u{1b}[2J\u{1b}]52;c;QQ==\u{7}".to_string()),
        Just("\u{202e}\u{2066}\u{200b}\u{feff}".to_string()),
        Just("\t".to_string()),
        Just("\r".to_string()),
        Just("\n".to_string()),
        Just("\n\n\r\n".to_string()),
        (1usize..400).prop_map(|n| "ж".repeat(n)),
        (1usize..2000).prop_map(|n| "w".repeat(n) + " "),
        Just(". ".to_string()),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 1..40).prop_map(|v| {
        let t: String = v.concat();
        if t.trim().is_empty() {
            "x".to_string()
        } else {
            t
        }
    })
}

/// Keys a user might press, as written in keymap.toml.
const KEYS: &[&str] = &[
    "j",
    "k",
    "<C-d>",
    "<C-u>",
    "<PageDown>",
    "b",
    "g",
    "G",
    "}",
    "{",
    "<Tab>",
    "<Left>",
    "<Right>",
    "/",
    "a",
    "n",
    "N",
    "x",
    "<Backspace>",
    "<C-w>",
    "<Up>",
    "<Down>",
    "<Enter>",
    "<Esc>",
    "?",
    "p",
    "t",
    "l",
    "s",
    "]",
    "[",
    "m",
    "'",
    "<Home>",
    "<End>",
    " ",
    "o",
    "v",
    ":",
    "3",
    "<C-o>",
    "L",
    "y",
    "M",
    "<C-t>",
    "о",
    "ъ",
];

#[derive(Debug, Clone)]
enum Step {
    Key(&'static str),
    Resize(u16, u16),
    Wheel(u16, u16, bool),
    Click(u16, u16),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => prop::sample::select(KEYS).prop_map(Step::Key),
        2 => (1u16..=500, 1u16..=200).prop_map(|(w, h)| Step::Resize(w, h)),
        1 => (0u16..500, 0u16..200, any::<bool>()).prop_map(|(x, y, d)| Step::Wheel(x, y, d)),
        1 => (0u16..500, 0u16..200).prop_map(|(x, y)| Step::Click(x, y)),
    ]
}

/// A wrapped line fits `width` cells, or is one glyph too wide for any line
/// (a placeholder such as `<U+2060>` in a pane a few cells wide), which the
/// view cuts at the pane's edge.
fn fits(line: &str, width: usize) -> bool {
    display_width(line) <= width || diptych::text::sanitize::glyphs(line, 0).count() == 1
}

/// Every invariant of the state, and a frame drawn at the current size.
fn check(app: &App) {
    let area = app.screen().area;
    if !app.screen().too_small {
        for side in Side::BOTH {
            let pane = app.pane(side);
            let w = pane.wrapped();
            assert!(pane.top <= pane.max_top(), "scroll within bounds");
            assert!(pane.top < w.len().max(1));
            let account = app.pair().account(side);
            let limit = if w.width >= 2 { w.width } else { 2 };
            assert!(
                pane.cursor < w.first_line.len().max(1),
                "the cursor is on a paragraph"
            );
            assert!(
                w.first_line.is_empty() || pane.shows(pane.cursor),
                "the cursor is in view"
            );
            for line in w.lines(pane.top..(pane.top + pane.height).min(w.len())) {
                if line.kind() == diptych::wrap::LineKind::Folded {
                    continue;
                }
                let shown = account.shown(line.span());
                assert!(
                    fits(&shown, limit),
                    "no line wider than its pane: {shown:?} in {limit}"
                );
            }
        }
    }
    assert!(
        app.search().results.is_empty() || app.search().list.selected < app.search().results.len()
    );
    assert!(
        app.people_panel().rows.is_empty()
            || app.people_panel().list.selected < app.people_panel().rows.len()
    );
    let n = app.panel_links().len();
    assert!(n == 0 || app.links_panel().list.selected < n);
    let mut buf = Buffer::empty(Rect::new(0, 0, area.width, area.height));
    ui::draw(app, &Theme::default(), &mut buf);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn any_text_any_actions_any_size(left in text(), right in text(), steps in prop::collection::vec(step(), 1..40)) {
        let pair = Pair::from_texts([Meta::named("l"), Meta::named("r")], [left, right]);
        let keymap = Keymap::default_keymap().expect("keymap");
        let mut app = App::new(Engine::new(Sources::bundled(pair)), keymap, Options::default());
        app.update(Action::Resize(80, 24));
        app.settle();
        check(&app);
        for s in steps {
            match s {
                Step::Key(k) => app.update(Action::Key(k.parse::<Key>().expect("key"))),
                Step::Resize(w, h) => app.update(Action::Resize(w, h)),
                Step::Wheel(x, y, d) => app.update(Action::Wheel(x, y, d)),
                Step::Click(x, y) => app.update(Action::Click(x, y)),
            }
            app.settle();
            check(&app);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Loading, sanitising, wrapping and folding any text: spans stay on
    /// character boundaries, sanitised text has nothing unsafe, folding
    /// maps every key byte back inside the text.
    #[test]
    fn the_text_pipeline_holds_for_any_input(t in "\\PC*|[\\u{0}-\\u{ff}\\u{200b}-\\u{206f}]*", width in 1usize..120) {
        let account = diptych::text::Account::new(Meta::named("t"), t.clone());
        for b in &account.breaks {
            prop_assert!(t.is_char_boundary(b.span.start) && t.is_char_boundary(b.span.end));
        }
        for p in &account.paragraphs {
            prop_assert!(t.is_char_boundary(p.span().start) && t.is_char_boundary(p.span().end));
            for s in p.sentences() {
                prop_assert!(s.span().start >= p.span().start && s.span().end <= p.span().end);
            }
        }
        let safe = diptych::text::sanitize::sanitize(&t);
        prop_assert!(!safe.chars().any(diptych::text::sanitize::is_unsafe));
        let w = diptych::wrap::Wrapped::new(&account, width);
        for l in w.lines(0..w.len()) {
            if l.kind() != diptych::wrap::LineKind::Folded {
                // A line fits, or holds a single glyph too wide for any line.
                let one = account.glyphs(l.span()).filter(|g| g.width > 0).count() <= 1;
                prop_assert!(one || fits(&account.shown(l.span()), width.max(2)));
            }
        }
        let f = diptych::lang::fold::fold(&t, 0);
        prop_assert_eq!(f.key.len(), f.map.len());
        prop_assert!(f.map.iter().all(|m| (m as usize) < t.len().max(1)));
    }
}

/// Pieces Markdown is made of, broken and nested at random.
fn markdown_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        piece(),
        Just("# ".to_string()),
        Just("\n## Chapter\n\n".to_string()),
        Just("\n===\n".to_string()),
        Just("**".to_string()),
        Just("_".to_string()),
        Just("![alt](x.png)".to_string()),
        Just("[link](".to_string()),
        Just("[^1]".to_string()),
        Just("\n[^1]: note\n".to_string()),
        Just("\n- ".to_string()),
        Just("\n1. ".to_string()),
        Just("> ".to_string()),
        Just("\n```\n".to_string()),
        Just("\n---\ntitle: x\n---\n".to_string()),
        Just("| a | b |\n|---|---|\n".to_string()),
        Just("<!-- c -->".to_string()),
        Just("&amp;".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any Markdown, well formed or not, reads as paragraphs whose spans,
    /// sentences and line ends lie on character boundaries of the
    /// extracted text, in order.
    #[test]
    fn any_markdown_reads_as_paragraphs(parts in prop::collection::vec(markdown_piece(), 1..40)) {
        let md = parts.concat();
        let book = diptych::text::markdown::read(&md, Meta::named("t"));
        let a = &book.account;
        let mut end = 0;
        for p in &a.paragraphs {
            prop_assert!(p.span().start >= end && p.span().start < p.span().end);
            prop_assert!(a.text.is_char_boundary(p.span().start) && a.text.is_char_boundary(p.span().end));
            for s in p.sentences() {
                prop_assert!(s.span().start >= p.span().start && s.span().end <= p.span().end);
            }
            end = p.span().end;
        }
        for b in &a.breaks {
            prop_assert!(a.text.is_char_boundary(b.span.start) && a.text.is_char_boundary(b.span.end));
        }
        prop_assert!(a.breaks.windows(2).all(|w| w[0].span.end <= w[1].span.start));
    }
}

/// Found by the property above: the cursor on the last paragraph, a search
/// opened, the terminal made small, a query typed: the cursor stays in view.
#[test]
fn a_search_after_a_resize_keeps_the_cursor_in_view() {
    let left = format!("{}\r\u{1b}[2J\u{1b}]52;c;QQ==\u{7}", "ж".repeat(400));
    let right = "\u{1b}[2J\u{1b}]52;c;QQ==\u{7}".to_string();
    let pair = Pair::from_texts([Meta::named("l"), Meta::named("r")], [left, right]);
    let keymap = Keymap::default_keymap().expect("keymap");
    let mut app = App::new(
        Engine::new(Sources::bundled(pair)),
        keymap,
        Options::default(),
    );
    app.update(Action::Resize(80, 24));
    app.settle();
    for s in [
        Step::Key("<End>"),
        Step::Key("/"),
        Step::Resize(40, 10),
        Step::Key("?"),
    ] {
        match s {
            Step::Key(k) => app.update(Action::Key(k.parse::<Key>().expect("key"))),
            Step::Resize(w, h) => app.update(Action::Resize(w, h)),
            _ => {}
        }
        app.settle();
        check(&app);
    }
    // The view scrolled to the cursor: it stays on the last paragraph.
    assert_eq!(app.pane(Side::Left).cursor, 1);
}
