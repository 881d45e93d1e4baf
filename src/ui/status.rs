//! The status line: focused account, paragraph i/n, how far down, a notice
//! when there is one, and the key for help.

use super::{Theme, tui_rect};
use crate::app::App;
use crate::wrap::{display_width, truncate};
use ratatui::buffer::Buffer;

/// Draws the status line.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(app.layout.status, buf.area);
    if area.height == 0 {
        return;
    }
    buf.set_style(area, theme.status());
    let side = app.focus;
    let account = app.pair.account(side);
    let pane = app.pane(side);
    let position = format!(
        " ¶ {}/{}  {:>3}% ",
        pane.top_paragraph() + 1,
        account.paragraphs.len(),
        pane.percent()
    );
    let hint = match (&app.message, app.mode) {
        (Some(m), _) => format!(" {m} "),
        (None, crate::app::Mode::Search) => " ↑↓ select · Enter go · Esc back ".to_string(),
        (None, _) => " Tab: other pane · / search · ? help ".to_string(),
    };
    let width = area.width as usize;
    let fixed = display_width(&position) + display_width(&hint);
    let label = format!(
        " {} {}",
        if side == crate::text::Side::Left {
            "◀"
        } else {
            "▶"
        },
        account.meta.label
    );
    let label = truncate(&label, width.saturating_sub(fixed));
    let mut x = area.x;
    buf.set_stringn(
        x,
        area.y,
        &label,
        width,
        theme.status().patch(theme.strong()),
    );
    x += display_width(&label) as u16;
    buf.set_stringn(
        x,
        area.y,
        &position,
        width.saturating_sub(x as usize),
        theme.status(),
    );
    let hint = truncate(
        &hint,
        width.saturating_sub(display_width(&label) + display_width(&position)),
    );
    let hx = area.right().saturating_sub(display_width(&hint) as u16);
    buf.set_stringn(hx, area.y, &hint, hint.len(), theme.status());
}
