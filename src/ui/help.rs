//! The help overlay: notes on counts and jumps, then the bindings in
//! effect, grouped by context, descriptions wrapped to the width; a filter
//! line (typing filters) and scrolling.

use super::{Theme, tui_rect};
use diptych_core::wrap::truncate;
use diptych_reader::app::App;
use diptych_reader::app::help::{Row, help_area};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Clear, Widget};

/// Draws the help overlay.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(help_area(app.screen().area), buf.area);
    if area.width < 10 || area.height < 4 {
        return;
    }
    Clear.render(area, buf);
    let help = &app.help();
    let inner = area.inner(ratatui::layout::Margin::new(1, 1));
    let width = inner.width.saturating_sub(2) as usize;
    let rows = help.rows(width);
    let page = app.help_height();
    let more = rows.len() > help.scroll + page;
    // Esc clears a filter first, then closes.
    let esc = if help.filter.text.is_empty() {
        "type to filter · Esc close"
    } else {
        "Esc clears the filter"
    };
    let more = if more { "more below · " } else { "" };
    let bottom = format!(" ↑↓ PgUp PgDn scroll · {more}{esc} ");
    Block::bordered()
        .border_type(BorderType::Double)
        .border_style(theme.border(true))
        .title(Line::styled(" Help: keys in effect ", theme.title(true)))
        .title_bottom(Line::styled(
            truncate(&bottom, area.width.saturating_sub(4) as usize),
            theme.dim(),
        ))
        .render(area, buf);
    super::prompt::draw(
        buf,
        Rect::new(inner.x + 1, inner.y, inner.width.saturating_sub(1), 1),
        theme,
        "filter: ",
        &help.filter,
        true,
        &format!("{} of {} bindings", help.shown.len(), help.entries.len()),
    );
    let key_w = help.key_width(width);
    let x = inner.x + 1;
    for (row, line) in rows.iter().skip(help.scroll).take(page).enumerate() {
        let y = inner.y + 1 + row as u16;
        match line {
            Row::Note(text) => {
                buf.set_stringn(x, y, text, width, theme.dim());
            }
            Row::Header(ctx) => {
                buf.set_stringn(x, y, format!("[{}]", ctx.name()), width, theme.strong());
            }
            Row::Binding { keys, text } => {
                let keys = truncate(keys, key_w);
                buf.set_stringn(x, y, &keys, width, theme.title(true));
                let dx = key_w + 2;
                if dx < width {
                    buf.set_stringn(
                        x + dx as u16,
                        y,
                        text,
                        width - dx,
                        ratatui::style::Style::new(),
                    );
                }
            }
            Row::Blank => {}
        }
    }
}
