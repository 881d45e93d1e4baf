//! The status line: the focused account, the cursor's paragraph i/n, how far
//! down, sync and the pair's mode, the topics of the cursor paragraph, a
//! notice when there is one, and the key for help.

use super::{Theme, tui_rect};
use diptych_core::text::Side;
use diptych_core::wrap::{display_width, truncate};
use diptych_reader::app::people::Pick;
use diptych_reader::app::{App, Context};
use ratatui::buffer::Buffer;

/// Draws the status line.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(app.screen().status, buf.area);
    if area.height == 0 {
        return;
    }
    buf.set_style(area, theme.status());
    let side = app.focus();
    let account = app.pair().account(side);
    let pane = app.pane(side);
    let width = area.width as usize;
    let arrow = match (side, app.screen().stacked) {
        (Side::Left, false) => "◀",
        (Side::Right, false) => "▶",
        (Side::Left, true) => "▲",
        (Side::Right, true) => "▼",
    };
    let label = format!(" {arrow} {}", account.meta.label);
    let mode = mode(app, side);
    let position = |mode: &str| {
        format!(
            " ¶ {}/{}  {:>3}%{}{} ",
            pane.cursor + 1,
            account.paragraphs.len(),
            pane.percent(),
            if app.sync() { "  ⇅ sync" } else { "" },
            mode,
        )
    };
    // A notice that does not fit takes the room of the mode: what was
    // just said matters more than what stays true.
    let full = position(&mode);
    let position = match app.message() {
        Some(m) if display_width(&label) + display_width(&full) + display_width(m) + 2 > width => {
            position("")
        }
        _ => full,
    };
    // Topics show once the background build is done; a frame never waits.
    let topics = app
        .links()
        .map(|l| l.topic_labels(side, pane.cursor).join(" · "))
        .unwrap_or_default();
    let hint = match (app.message(), app.context()) {
        (Some(m), _) => format!(" {m} "),
        (None, Context::Search) => " ↑↓ select · Enter go · Esc back ".to_string(),
        (None, Context::Map) => " hjkl move · Enter open · Space choose · v close ".to_string(),
        // A panel or prompt has the keyboard: its keys, not the panes'.
        (None, Context::People) if app.people_panel().pick != Pick::None => {
            " type to filter · Enter choose · Esc cancel ".to_string()
        }
        (None, Context::People) => " ↑↓ select · Enter go · Tab text · F1 help ".to_string(),
        (None, Context::Links) => " jk select · Enter go · Tab text · ? help ".to_string(),
        (None, Context::Outline) => " type to filter · Enter go · Tab text · F1 help ".to_string(),
        (None, Context::Goto) => " Enter go · Esc cancel ".to_string(),
        (None, Context::Help) if !app.help().filter.text.is_empty() => {
            " type to filter · Esc clears the filter ".to_string()
        }
        (None, Context::Help) => " type to filter · Esc close ".to_string(),
        (None, Context::Reader) => " Tab other pane · / search · ? help ".to_string(),
    };
    // Room goes first to the label and position, then the hint, then topics.
    let label = truncate(&label, width);
    let position = truncate(&position, width.saturating_sub(display_width(&label)));
    let used = display_width(&label) + display_width(&position);
    let hint = truncate(&hint, width.saturating_sub(used));
    let room = width.saturating_sub(used + display_width(&hint));
    let topics = if topics.is_empty() || room < 6 {
        String::new()
    } else {
        truncate(&format!("│ {topics} "), room)
    };
    let mut x = area.x;
    for (text, style) in [
        (&label, theme.status().patch(theme.strong())),
        (&position, theme.status()),
        (&topics, theme.status()),
    ] {
        buf.set_stringn(
            x,
            area.y,
            text,
            width.saturating_sub((x - area.x) as usize),
            style,
        );
        x += display_width(text) as u16;
    }
    let hx = area.right().saturating_sub(display_width(&hint) as u16);
    buf.set_stringn(hx, area.y, &hint, display_width(&hint), theme.status());
}

/// What the status line says of the pair's mode at the focused pane's
/// cursor: the sentence cursor's counterpart (or place, on two
/// narratives), a run without counterpart, or "⇄ translation".
fn mode(app: &App, side: Side) -> String {
    let account = app.pair().account(side);
    let pane = app.pane(side);
    let lone = app.no_counterpart(side, pane.cursor).map(|r| {
        let run = if r.len() > 1 {
            format!("¶{}–{}", r.start + 1, r.end)
        } else {
            format!("¶{}", r.start + 1)
        };
        format!("  no counterpart: {} {run}", account.meta.short_name())
    });
    let translation = app
        .links()
        .is_some_and(|l| l.mode == diptych_core::links::Mode::Translation);
    // Two narratives have no sentence counterparts: the sentence cursor's
    // place alone.
    let sentence = pane
        .sentence
        .filter(|_| !translation)
        .map(|s| format!("  ¶{}.{}", pane.cursor + 1, s + 1));
    match app
        .sentence_correspondence()
        .map(|c| format!("  {c}"))
        .or(lone)
        .or(sentence)
    {
        Some(c) => c,
        None if translation => "  ⇄ translation".into(),
        None => String::new(),
    }
}
