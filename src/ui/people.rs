//! The people panel: a filter field, one row per person with mentions per
//! account ("Napoleon I   21 │ 6"), unlisted names marked, and the selected
//! person's years, role and the forms each account uses.

use super::{Theme, tui_rect};
use crate::app::{App, Mode};
use crate::text::Side;
use crate::text::sanitize::sanitize;
use crate::wrap::{display_width, truncate, wrap_spans};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// Draws the panel.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(app.layout.panel, buf.area);
    if area.width < 12 || area.height < 4 {
        return;
    }
    let focused = app.mode == Mode::People;
    let hint = if focused {
        " type to filter · Enter · Tab text "
    } else {
        " p people "
    };
    let title = format!("People ({})", app.panel.rows.len());
    let inner = super::framed(area, buf, theme, focused, &title, hint);
    let w = inner.width as usize;
    // Filter line.
    let filter = &app.panel.filter.text;
    let shown = if filter.is_empty() && !focused {
        ""
    } else {
        filter.as_str()
    };
    buf.set_stringn(inner.x, inner.y, "/ ", 2, theme.dim());
    let f = truncate(shown, w.saturating_sub(3));
    buf.set_stringn(inner.x + 2, inner.y, &f, w.saturating_sub(2), Style::new());
    if focused {
        let cx = inner.x + 2 + display_width(&f) as u16;
        if cx < inner.right() {
            buf.set_stringn(
                cx,
                inner.y,
                " ",
                1,
                Style::new().add_modifier(Modifier::REVERSED),
            );
        }
    }
    let body = Rect::new(
        inner.x,
        inner.y + 1,
        inner.width,
        inner.height.saturating_sub(1),
    );
    if body.width >= 70 && body.height < 12 {
        // Below the panes: the list on the left, the details on the right.
        let list_w = body.width / 2;
        draw_rows(
            app,
            theme,
            Rect::new(body.x, body.y, list_w, body.height),
            buf,
        );
        let d = Rect::new(
            body.x + list_w + 2,
            inner.y,
            body.width - list_w - 2,
            inner.height,
        );
        draw_details(app, theme, d, buf);
    } else {
        let details_h = if body.height >= 13 {
            7
        } else if body.height >= 7 {
            3
        } else {
            0
        };
        let list = Rect::new(body.x, body.y, body.width, body.height - details_h);
        draw_rows(app, theme, list, buf);
        if details_h > 0 {
            draw_details(
                app,
                theme,
                Rect::new(body.x, list.bottom(), body.width, details_h),
                buf,
            );
        }
    }
}

/// The rows, scrolled so the selection is visible.
fn draw_rows(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    if area.height == 0 {
        return;
    }
    let panel = &app.panel;
    let counts_w = 9; // "999 │ 999"
    let name_w = (area.width as usize).saturating_sub(counts_w + 2);
    let height = area.height as usize;
    let offset = panel.selected.saturating_sub(height.saturating_sub(1));
    if panel.rows.is_empty() {
        buf.set_stringn(
            area.x,
            area.y,
            "no one matches",
            area.width as usize,
            theme.dim(),
        );
    }
    for (row, (i, &p)) in panel
        .rows
        .iter()
        .enumerate()
        .skip(offset)
        .take(height)
        .enumerate()
    {
        let person = &app.people.persons[p];
        let y = area.y + row as u16;
        let selected = i == panel.selected;
        let active = panel.active.as_ref().is_some_and(|a| a.person == p);
        let base = if selected {
            theme.selected()
        } else {
            Style::new()
        };
        buf.set_style(Rect::new(area.x, y, area.width, 1), base);
        let mark = if active {
            "●"
        } else if person.listed {
            " "
        } else {
            "?"
        };
        let name = truncate(&format!("{mark}{}", sanitize(&person.name)), name_w);
        let style = if person.listed {
            base
        } else {
            base.patch(theme.dim()).patch(if selected {
                theme.selected()
            } else {
                Style::new()
            })
        };
        buf.set_stringn(area.x, y, &name, name_w, style);
        let counts = format!(
            "{:>3} │ {:<3}",
            person.mentions[0].len(),
            person.mentions[1].len()
        );
        let cx = area.right().saturating_sub(counts_w as u16 + 1);
        buf.set_stringn(cx, y, &counts, counts_w, base);
    }
}

/// Years, role and forms of the selected person.
fn draw_details(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(p) = app.panel.selected_person().map(|i| &app.people.persons[i]) else {
        return;
    };
    let w = area.width as usize;
    let mut lines: Vec<(String, Style)> = Vec::new();
    lines.push((sanitize(&p.name).into_owned(), theme.strong()));
    if !p.listed {
        lines.push(("a name the index does not list".into(), theme.dim()));
    } else if !p.years.is_empty() {
        lines.push((p.years.clone(), theme.dim()));
    }
    if !p.role.is_empty() {
        for r in wrap_spans(&p.role, 0, w) {
            lines.push((p.role[r].trim_end().to_string(), Style::new()));
        }
    }
    for side in Side::BOTH {
        let forms = p.forms_used(&app.pair, side);
        if !forms.is_empty() {
            let label = &app.pair.account(side).meta.label;
            lines.push((
                format!("{label}: {}", sanitize(&forms.join(", "))),
                theme.dim(),
            ));
        }
    }
    for (i, (text, style)) in lines.iter().take(area.height as usize).enumerate() {
        buf.set_stringn(area.x, area.y + i as u16, truncate(text, w), w, *style);
    }
}
