//! The people panel: a filter field, two tabs (people, places), one row
//! per entry with mentions per account ("Napoleon I   21 │ 6"), found names
//! marked, the position (3/36), and the selected entry's years, role and
//! the forms each account uses.

use super::{Theme, tui_rect};
use diptych_core::text::Side;
use diptych_core::text::sanitize::sanitize;
use diptych_core::wrap::{truncate, wrap_spans};
use diptych_reader::app::people::{Pick, SplitForm, Tab, people_layout};
use diptych_reader::app::{App, Context};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// Draws the panel.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(app.screen().panel, buf.area);
    if area.width < 12 || area.height < 4 {
        return;
    }
    let focused = app.context() == Context::People;
    let panel = &app.people_panel();
    let hint = if !focused {
        " p people "
    } else if panel.pick != Pick::None {
        " type to filter · Enter choose · Esc cancel "
    } else {
        " type to filter · Enter choose · x + - k u curate · C-t tab "
    };
    let name = match (&panel.pick, panel.tab) {
        (Pick::Merge { .. }, _) => "Merge into",
        (Pick::Split { .. }, _) => "Split out",
        (Pick::None, Tab::People) => "People",
        (Pick::None, Tab::Places) => "Places",
        (Pick::None, Tab::Hidden) => "Hidden",
    };
    let title = super::list::title(name, &panel.list);
    super::framed(area, buf, theme, focused, &title, hint);
    let parts = people_layout(app.screen().panel);
    let filter = tui_rect(parts.filter, buf.area);
    super::prompt::draw(buf, filter, theme, "/ ", &panel.filter, focused, "");
    let list = tui_rect(parts.list, buf.area);
    if list.height == 0 {
        return;
    }
    let rows = Rect::new(
        list.x,
        list.y + 1,
        list.width,
        list.height.saturating_sub(1),
    );
    let details = tui_rect(parts.details, buf.area);
    if let Some(what) = match &panel.pick {
        Pick::Merge { name, .. } => Some(format!("the entry {} is the same as:", sanitize(name))),
        Pick::Split { name, .. } => Some(format!(
            "the form of {} that is someone else:",
            sanitize(name)
        )),
        Pick::None => None,
    } {
        buf.set_stringn(
            list.x,
            list.y,
            truncate(&what, list.width as usize),
            list.width as usize,
            theme.strong(),
        );
        if let Pick::Split { forms, .. } = &panel.pick {
            draw_forms(app, forms, theme, rows, buf);
        } else {
            draw_rows(app, theme, rows, buf);
        }
        if details.height > 0 && matches!(panel.pick, Pick::Merge { .. }) {
            draw_details(app, theme, details, buf);
        }
        return;
    }
    // The tabs.
    let (people_n, places_n) = app
        .entities()
        .map_or((0, 0), |p| (p.people().count(), p.places().count()));
    let hidden_n = app.arrived().hidden.as_ref().map_or(0, |h| h.entries.len());
    // While a filter is typed, what it leaves in each tab.
    let [people_n, places_n, hidden_shown] =
        panel.matching.unwrap_or([people_n, places_n, hidden_n]);
    let tab = |t: Tab, label: String| {
        if panel.tab == t {
            (
                format!("[{label}]"),
                theme.strong().add_modifier(Modifier::UNDERLINED),
            )
        } else {
            (format!(" {label} "), theme.dim())
        }
    };
    let mut x = list.x;
    let mut tabs = vec![
        tab(Tab::People, format!("people {people_n}")),
        tab(Tab::Places, format!("places {places_n}")),
    ];
    if hidden_n > 0 {
        tabs.push(tab(Tab::Hidden, format!("hidden {hidden_shown}")));
    }
    for (text, style) in tabs {
        buf.set_stringn(
            x,
            list.y,
            &text,
            list.right().saturating_sub(x) as usize,
            style,
        );
        x += diptych_core::wrap::display_width(&text) as u16 + 1;
    }
    draw_rows(app, theme, rows, buf);
    if details.height > 0 {
        draw_details(app, theme, details, buf);
    }
}

/// The rows, scrolled so the selection is visible.
fn draw_rows(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    if area.height == 0 {
        return;
    }
    let panel = &app.people_panel();
    let Some(entities) = app.panel_entries() else {
        buf.set_stringn(
            area.x,
            area.y,
            "finding people…",
            area.width as usize,
            theme.dim(),
        );
        return;
    };
    // "999 │ 999", wider for a book with thousands of mentions.
    let (left_w, right_w) = count_widths(entities);
    let counts_w = left_w + 3 + right_w;
    let name_w = (area.width as usize).saturating_sub(counts_w + 2);
    if panel.rows.is_empty() {
        // Where the filter empties this tab but not another, it says so.
        let elsewhere = panel.matching.and_then(|[people, places, hidden]| {
            [
                (Tab::People, people, "people"),
                (Tab::Places, places, "places"),
                (Tab::Hidden, hidden, "hidden"),
            ]
            .into_iter()
            .find(|&(t, n, _)| t != panel.tab && n > 0)
            .map(|(_, n, what)| format!("none here · {n} in {what} (C-t)"))
        });
        // With nothing typed, the tab is empty, not the filter's doing.
        let empty = match panel.tab {
            _ if !panel.filter.text.trim().is_empty() || panel.pick != Pick::None => {
                "no one matches"
            }
            Tab::People => "no people found in these texts",
            Tab::Places => "no places found in these texts",
            Tab::Hidden => "nothing hidden",
        };
        buf.set_stringn(
            area.x,
            area.y,
            elsewhere.as_deref().unwrap_or(empty),
            area.width as usize,
            theme.dim(),
        );
    }
    for (row, i) in super::list::visible(&panel.list, area.height as usize).enumerate() {
        let p = panel.rows[i];
        let person = &entities.entries[p];
        let y = area.y + row as u16;
        let selected = i == panel.list.selected;
        let chosen = app.chosen().as_ref().is_some_and(|c| c.id == person.id);
        let base = theme.row(selected);
        buf.set_style(Rect::new(area.x, y, area.width, 1), base);
        let mark = if chosen {
            "●"
        } else if person.listed {
            " "
        } else {
            "·"
        };
        let name = truncate(&format!("{mark}{}", sanitize(&person.name)), name_w);
        buf.set_stringn(area.x, y, &name, name_w, base);
        let counts = format!(
            "{:>left_w$} │ {:<right_w$}",
            person.mentions[0].len(),
            person.mentions[1].len()
        );
        let cx = area.right().saturating_sub(counts_w as u16 + 1);
        buf.set_stringn(cx, y, &counts, counts_w, base);
    }
}

/// The forms of the entry being split, one row each: the account's label,
/// the form, and how often it is written so.
fn draw_forms(app: &App, forms: &[SplitForm], theme: &Theme, area: Rect, buf: &mut Buffer) {
    let panel = &app.people_panel();
    if panel.rows.is_empty() {
        buf.set_stringn(
            area.x,
            area.y,
            "no form matches",
            area.width as usize,
            theme.dim(),
        );
    }
    let w = area.width as usize;
    for (row, i) in super::list::visible(&panel.list, area.height as usize).enumerate() {
        let Some(f) = panel.rows.get(i).and_then(|&r| forms.get(r)) else {
            continue;
        };
        let y = area.y + row as u16;
        let base = theme.row(i == panel.list.selected);
        buf.set_style(Rect::new(area.x, y, area.width, 1), base);
        let label = sanitize(&app.pair().account(f.side).meta.label);
        let count = format!("{} ", f.count);
        let text = truncate(
            &format!(" {label}: {}", sanitize(&f.form)),
            w.saturating_sub(count.len() + 1),
        );
        buf.set_stringn(area.x, y, &text, w, base);
        let cx = area.right().saturating_sub(count.len() as u16);
        buf.set_stringn(cx, y, &count, count.len(), base);
    }
}

/// The widths of the two count columns: three digits at least, and as
/// many as the most mentions in each account take (never cut: 6283 shown
/// as 628 would lie).
fn count_widths(entities: &diptych_core::entities::Entities) -> (usize, usize) {
    let width = |side: Side| {
        let most = entities
            .entries
            .iter()
            .map(|p| p.mentions[side.index()].len())
            .max()
            .unwrap_or(0);
        most.to_string().len().max(3)
    };
    (width(Side::Left), width(Side::Right))
}

/// Years, role and forms of the selected entry.
fn draw_details(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(p) = app.people_panel().selected().and_then(|i| {
        app.panel_entries()
            .and_then(|entities| entities.entries.get(i))
    }) else {
        return;
    };
    let w = area.width as usize;
    let mut lines: Vec<(String, Style)> = Vec::new();
    lines.push((sanitize(&p.name).into_owned(), theme.strong()));
    if !p.listed {
        lines.push((
            "found in the texts (· in the list): no index lists it".into(),
            theme.dim(),
        ));
    } else if !p.years.is_empty() {
        lines.push((p.years.clone(), theme.dim()));
    }
    if !p.role.is_empty() {
        let role = sanitize(&p.role);
        for r in wrap_spans(&role, 0, w) {
            lines.push((role[r].trim_end().to_string(), Style::new()));
        }
    }
    for side in Side::BOTH {
        let forms = p.forms_used(app.pair(), side);
        if !forms.is_empty() {
            let label = &app.pair().account(side).meta.label;
            let forms: Vec<String> = forms
                .iter()
                .map(|f| diptych_core::text::one_line(f))
                .collect();
            let text = format!("{label}: {}", sanitize(&forms.join(", ")));
            for r in wrap_spans(&text, 0, w) {
                lines.push((text[r].trim_end().to_string(), theme.dim()));
            }
        }
    }
    for (i, (text, style)) in lines.iter().take(area.height as usize).enumerate() {
        buf.set_stringn(area.x, area.y + i as u16, truncate(text, w), w, *style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use diptych_core::entities::{Entities, Entry, Kind, Mention};

    fn person(left: usize, right: usize) -> Entry {
        let mention = |side| Mention {
            side,
            paragraph: 0,
            span: 0..1,
        };
        Entry {
            id: "p".into(),
            name: "P".into(),
            years: String::new(),
            role: String::new(),
            listed: true,
            kind: Kind::Person,
            forms: Vec::new(),
            mentions: [
                vec![mention(Side::Left); left],
                vec![mention(Side::Right); right],
            ],
        }
    }

    /// A book's thousands of mentions are shown whole, never cut to three digits.
    #[test]
    fn count_columns_fit_the_most_mentions() {
        let few = Entities {
            entries: vec![person(21, 6), person(0, 5)],
            ..Entities::default()
        };
        assert_eq!(count_widths(&few), (3, 3));
        let many = Entities {
            entries: vec![person(2460, 3811), person(180, 62830)],
            ..Entities::default()
        };
        assert_eq!(count_widths(&many), (4, 5));
    }
}
