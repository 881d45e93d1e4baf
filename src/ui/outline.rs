//! The outline panel: the two accounts' headings side by side, a row for
//! each pair the outline matched, indented by level, with their paragraph
//! numbers; a filter and the position.

use super::{Theme, tui_rect};
use diptych_core::text::Side;
use diptych_core::wrap::{display_width, truncate};
use diptych_reader::app::{App, Context};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Draws the panel.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(app.screen().panel, buf.area);
    if area.width < 12 || area.height < 4 {
        return;
    }
    let focused = app.context() == Context::Outline;
    let o = &app.outline();
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
    // Two columns, the left account's and the right's, under their labels.
    let w = list.width as usize;
    let half = (w.saturating_sub(1)) / 2;
    let columns = [(list.x, half), (list.x + half as u16 + 1, w - half - 1)];
    for side in Side::BOTH {
        let (x, cw) = columns[side.index()];
        let label = diptych_core::wrap::short_label(&app.pair().account(side).meta.label, cw);
        buf.set_stringn(x, list.y, &label, cw, theme.dim());
    }
    let body = Rect::new(
        list.x,
        list.y + 1,
        list.width,
        list.height.saturating_sub(1),
    );
    for (row, i) in super::list::visible(&o.list, body.height as usize).enumerate() {
        let r = &o.all[o.rows[i]];
        let y = body.y + row as u16;
        let selected = i == o.list.selected;
        let base = theme.row(selected);
        buf.set_style(Rect::new(body.x, y, body.width, 1), base);
        for side in Side::BOTH {
            let Some(e) = r.get(side) else {
                continue;
            };
            let (x, cw) = columns[side.index()];
            let num = format!("¶{}", e.paragraph + 1);
            let nw = display_width(&num);
            let indent = " ".repeat(e.level.saturating_sub(1) as usize);
            let tw = cw.saturating_sub(nw + 1);
            buf.set_stringn(
                x,
                y,
                truncate(&format!("{indent}{}", e.title), tw),
                tw,
                base,
            );
            buf.set_stringn(
                x + (cw - nw.min(cw)) as u16,
                y,
                &num,
                nw,
                if selected { base } else { theme.dim() },
            );
        }
    }
}
