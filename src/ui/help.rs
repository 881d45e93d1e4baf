//! The help overlay: the bindings in effect, grouped by context, each with
//! its description, generated from the keymap.

use super::{Theme, tui_rect};
use crate::app::App;
use crate::app::help::{HelpLine, help_area};
use crate::wrap::{display_width, truncate};
use ratatui::buffer::Buffer;
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Clear, Widget};

/// Draws the help overlay.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(help_area(app.layout.area), buf.area);
    if area.width < 10 || area.height < 3 {
        return;
    }
    Clear.render(area, buf);
    let help = &app.help;
    let more = help.lines.len() > help.scroll + app.help_height();
    let bottom = if more {
        " j/k scroll · more below · Esc close "
    } else {
        " j/k scroll · Esc close "
    };
    Block::bordered()
        .border_type(BorderType::Double)
        .border_style(theme.border(true))
        .title(Line::styled(" Help: keys in effect ", theme.title(true)))
        .title_bottom(Line::styled(bottom, theme.dim()))
        .render(area, buf);
    let inner = area.inner(ratatui::layout::Margin::new(1, 1));
    let key_w = help
        .lines
        .iter()
        .filter_map(|l| match l {
            HelpLine::Row { keys, .. } => Some(display_width(keys)),
            _ => None,
        })
        .max()
        .unwrap_or(0)
        .min(inner.width as usize / 2);
    for (row, line) in help
        .lines
        .iter()
        .skip(help.scroll)
        .take(inner.height as usize)
        .enumerate()
    {
        let y = inner.y + row as u16;
        let x = inner.x + 1;
        let w = inner.width.saturating_sub(1) as usize;
        match line {
            HelpLine::Header(ctx) => {
                buf.set_stringn(x, y, format!("[{}]", ctx.name()), w, theme.strong());
            }
            HelpLine::Row { keys, description } => {
                let keys = truncate(keys, key_w);
                buf.set_stringn(x, y, &keys, w, theme.title(true));
                let dx = key_w + 2;
                if dx < w {
                    buf.set_stringn(
                        x + dx as u16,
                        y,
                        description,
                        w - dx,
                        ratatui::style::Style::new(),
                    );
                }
            }
            HelpLine::Blank => {}
        }
    }
}
