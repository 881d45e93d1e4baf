//! The view: draws an [`App`] into a ratatui buffer. One file per part of the
//! screen; nothing here changes state.

mod help;
mod links;
pub mod list;
mod map;
mod outline;
pub mod panes;
mod people;
mod preview;
pub mod prompt;
mod search;
mod status;
pub mod theme;

pub use theme::{Palette, Theme};

use diptych_reader::app::{App, Context, Panel, Rect};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect as TuiRect;
use ratatui::widgets::{Clear, Widget};

/// Draws the whole screen for `app` into `buf`.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let area = buf.area;
    Clear.render(area, buf);
    if app.screen().too_small {
        draw_too_small(area, buf, theme);
        return;
    }
    if app.context() == Context::Map {
        map::draw(app, theme, buf);
    } else {
        for side in diptych_core::text::Side::BOTH {
            panes::draw(app, side, theme, buf);
        }
        match app.panel() {
            Panel::People => people::draw(app, theme, buf),
            Panel::Links => links::draw(app, theme, buf),
            Panel::Outline => outline::draw(app, theme, buf),
            Panel::None => {}
        }
    }
    status::draw(app, theme, buf);
    match app.context() {
        Context::Help => help::draw(app, theme, buf),
        Context::Search => search::draw(app, theme, buf),
        Context::Goto => {
            let area = tui_rect(app.screen().prompt, buf.area);
            // A reference to the other account, as the pair labels it.
            let other = &app.pair().account(app.focus().other()).meta.label;
            let hint = format!(
                "12 · 5.8 · {} ¶5.8 · Enter go · Esc back",
                diptych_core::wrap::short_label(other, 16)
            );
            prompt::draw(buf, area, theme, ": ", app.goto(), true, &hint);
        }
        Context::Reader | Context::People | Context::Links | Context::Outline | Context::Map => {}
    }
}

/// The notice shown when the terminal is smaller than the minimum.
fn draw_too_small(area: TuiRect, buf: &mut Buffer, theme: &Theme) {
    let lines = [
        "terminal too small".to_string(),
        format!(
            "need {}×{}",
            diptych_reader::app::screen::MIN_SIZE.0,
            diptych_reader::app::screen::MIN_SIZE.1
        ),
    ];
    let top = area.height.saturating_sub(2) / 2;
    for (i, text) in lines.iter().enumerate() {
        let y = area.y + top + i as u16;
        if y >= area.bottom() {
            break;
        }
        let w = text.chars().count() as u16;
        let x = area.x + area.width.saturating_sub(w) / 2;
        buf.set_stringn(x, y, text, area.width as usize, theme.notice());
    }
}

/// The width of the wider of the two accounts' labels, at most `max`
/// cells (a longer label is cut in the middle, keeping both ends: see
/// [`diptych_core::wrap::short_label`]).
pub fn label_width(app: &App, max: usize) -> usize {
    app.pair()
        .accounts
        .iter()
        .map(|a| diptych_core::wrap::display_width(&a.meta.label))
        .max()
        .unwrap_or(6)
        .min(max)
}

/// A box with `title`, marked as having the keyboard (thick border and ▶,
/// so focus never depends on colour alone) when `focused`; `hint` goes on
/// the bottom border. Returns the area inside the border.
pub fn framed(
    area: TuiRect,
    buf: &mut Buffer,
    theme: &Theme,
    focused: bool,
    title: &str,
    hint: &str,
) -> TuiRect {
    use ratatui::text::Line;
    use ratatui::widgets::{Block, BorderType};
    let marker = if focused { "▶ " } else { "  " };
    let title = diptych_core::wrap::truncate(title, area.width.saturating_sub(6) as usize);
    let mut block = Block::bordered()
        .border_type(if focused {
            BorderType::Thick
        } else {
            BorderType::Plain
        })
        .border_style(theme.border(focused))
        .title(Line::styled(
            format!("{marker}{title} "),
            theme.title(focused),
        ));
    if !hint.is_empty() {
        let hint = diptych_core::wrap::truncate(hint, area.width.saturating_sub(4) as usize);
        block = block.title_bottom(Line::styled(hint, theme.dim()));
    }
    block.render(area, buf);
    area.inner(ratatui::layout::Margin::new(1, 1))
}

/// Our rectangle as ratatui's, clipped to `area`.
pub fn tui_rect(r: Rect, area: TuiRect) -> TuiRect {
    TuiRect::new(r.x, r.y, r.width, r.height).intersection(area)
}
