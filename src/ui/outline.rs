//! The outline panel: each account's headings (the focused pane's first),
//! indented by level, with their paragraph numbers; a filter and the
//! position.

use super::{Theme, tui_rect};
use crate::app::{App, Context};
use crate::wrap::{display_width, truncate};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Draws the panel.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(app.layout.panel, buf.area);
    if area.width < 12 || area.height < 4 {
        return;
    }
    let focused = app.mode == Context::Outline;
    let o = &app.outline;
    let hint = if focused {
        " type to filter · Enter go · Esc close "
    } else {
        " o outline "
    };
    let inner = super::framed(
        area,
        buf,
        theme,
        focused,
        &super::list::title("Outline", &o.list),
        hint,
    );
    super::prompt::draw(
        buf,
        Rect::new(inner.x, inner.y, inner.width, 1),
        theme,
        "/ ",
        &o.filter,
        focused,
        "",
    );
    let list = Rect::new(
        inner.x,
        inner.y + 1,
        inner.width,
        inner.height.saturating_sub(1),
    );
    if o.rows.is_empty() {
        buf.set_stringn(
            list.x,
            list.y,
            "no heading matches",
            list.width as usize,
            theme.dim(),
        );
        return;
    }
    let w = list.width as usize;
    let mut last_side = None;
    for (row, i) in super::list::visible(&o.list, list.height as usize).enumerate() {
        let r = &o.all[o.rows[i]];
        let y = list.y + row as u16;
        let selected = i == o.list.selected;
        let base = theme.row(selected);
        buf.set_style(Rect::new(list.x, y, list.width, 1), base);
        let label = &app.pair.account(r.side).meta.label;
        let side_note = if last_side != Some(r.side) {
            crate::wrap::short_label(label, 8)
        } else {
            String::new()
        };
        last_side = Some(r.side);
        let num = format!("¶{}", r.entry.paragraph + 1);
        let indent = "  ".repeat(r.entry.level.saturating_sub(1) as usize);
        let head = format!("{side_note:<8} ");
        buf.set_stringn(
            list.x,
            y,
            &head,
            w,
            if selected { base } else { theme.dim() },
        );
        let nw = display_width(&num);
        let tx = list.x + display_width(&head) as u16;
        let tw = w.saturating_sub(display_width(&head) + nw + 1);
        buf.set_stringn(
            tx,
            y,
            truncate(&format!("{indent}{}", r.entry.title), tw),
            tw,
            base,
        );
        buf.set_stringn(
            list.right().saturating_sub(nw as u16),
            y,
            &num,
            nw,
            if selected { base } else { theme.dim() },
        );
    }
}
