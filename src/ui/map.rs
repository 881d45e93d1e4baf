//! The overview map: topics, people and places (rows) against the
//! paragraphs, chapters or runs of paragraphs (columns) of both accounts,
//! each account's columns under its label, a cell marked where the row
//! occurs, the panes' cursors marked above their columns, and the
//! selection. Marks read without colour.

use super::{Theme, tui_rect};
use diptych_core::map::cell_mark;
use diptych_core::text::Side;
use diptych_core::wrap::{display_width, truncate};
use diptych_reader::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// Draws the map over the panes.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(app.screen().main, buf.area);
    let inner = super::framed(
        area,
        buf,
        theme,
        true,
        "Map: where each topic, person and place occurs",
        " hjkl move · Enter open · Space choose · v close ",
    );
    let (Some(data), Some((grid, label_w, room))) = (app.arrived().map.as_deref(), app.map_grid())
    else {
        buf.set_stringn(
            inner.x,
            inner.y,
            "building the map…",
            inner.width as usize,
            theme.dim(),
        );
        return;
    };
    if inner.height < 4 || inner.width < 20 {
        return;
    }
    let x_left = inner.x + label_w as u16 + 3;
    let x_right = x_left + room as u16 + 3;
    let x_of = |side: Side| if side == Side::Left { x_left } else { x_right };
    headers(app, theme, &grid, [x_left, x_right], room, inner.y, buf);
    // Down to the legend's row, which runs the width of the map.
    for y in inner.y..inner.bottom().saturating_sub(1) {
        buf.set_stringn(x_left - 2, y, "│", 1, theme.dim());
        buf.set_stringn(x_right - 2, y, "│", 1, theme.dim());
    }
    let rows_area = Rect::new(
        inner.x,
        inner.y + 2,
        inner.width,
        inner.height.saturating_sub(3),
    );
    for (row, r) in super::list::visible(&app.map().rows, rows_area.height as usize).enumerate() {
        let map_row = &data.rows[r];
        let y = rows_area.y + row as u16;
        let selected = r == app.map().rows.selected;
        let kind = map_row.kind.mark();
        let chosen = app
            .chosen()
            .as_ref()
            .is_some_and(|c| c.name == map_row.label);
        let label = truncate(&format!("{kind} {}", map_row.label), label_w);
        let style = if selected {
            theme.selected()
        } else if chosen {
            theme.strong()
        } else {
            Style::new()
        };
        buf.set_stringn(inner.x, y, &label, label_w, style);
        let pad = label_w.saturating_sub(display_width(&label));
        if selected && pad > 0 {
            buf.set_stringn(
                inner.x + display_width(&label) as u16,
                y,
                " ".repeat(pad),
                pad,
                style,
            );
        }
        for side in Side::BOTH {
            for (c, &n) in grid.cells[r][side.index()].iter().enumerate() {
                let mut st = if n == 0 {
                    theme.dim()
                } else {
                    theme
                        .highlight(diptych_reader::app::HighlightKind::Match)
                        .remove_modifier(Modifier::UNDERLINED)
                };
                if n > 0 && !theme.color {
                    st = Style::new().add_modifier(Modifier::BOLD);
                }
                if selected && side == app.map().side && c == app.map().column {
                    st = st.add_modifier(Modifier::REVERSED);
                }
                let span = grid.span(side, c);
                let mark = diptych_core::map::cell_marks(n, span.len(), grid.gap(side));
                buf.set_stringn(x_of(side) + span.start as u16, y, &mark, span.len(), st);
            }
        }
    }
    legend(app, theme, inner, buf);
}

/// Each account's label over its columns, and the panes' cursors under it.
fn headers(
    app: &App,
    theme: &Theme,
    grid: &diptych_core::map::Grid,
    xs: [u16; 2],
    room: usize,
    y: u16,
    buf: &mut Buffer,
) {
    for side in Side::BOTH {
        let cols = grid.columns[side.index()].len();
        let what = if grid.chapters[side.index()] {
            "chapters"
        } else if cols < app.pair().account(side).paragraphs.len() {
            "runs of ¶"
        } else {
            "¶"
        };
        let count = grid.heading_count(side);
        let head = format!("{} · {count} {what}", app.pair().account(side).meta.label);
        buf.set_stringn(
            xs[side.index()],
            y,
            truncate(&head, room),
            room,
            theme.strong(),
        );
        // The cursors.
        let span = grid.span(side, grid.column_of(side, app.pane(side).cursor));
        let x = xs[side.index()] + (span.start + span.len().saturating_sub(1) / 2) as u16;
        buf.set_stringn(x, y + 1, "▼", 1, theme.counterpart());
    }
}

/// The legend on the map's last row.
fn legend(app: &App, theme: &Theme, inner: Rect, buf: &mut Buffer) {
    let legend = format!(
        "{} none  {} once  {} 2–3 times  {} 4 or more  ▼ cursor   § topic  ● person  ◆ place   {}",
        cell_mark(0),
        cell_mark(1),
        cell_mark(2),
        cell_mark(4),
        super::list::title("row", &app.map().rows)
    );
    buf.set_stringn(
        inner.x,
        inner.bottom() - 1,
        truncate(&legend, inner.width as usize),
        inner.width as usize,
        theme.dim(),
    );
}
