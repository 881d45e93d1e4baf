//! The links panel: the paragraphs related to the cursor paragraph, each
//! with its account's label, ¶ number, a score bar, the sentence holding
//! what the two share (those words marked) and the reasons, wrapped to the
//! panel's width, then where the two tellings disagree (≠ counts, dates); the selection marked ▶; the position (3/12) and the
//! pair's mode.

use super::{Theme, tui_rect};
use diptych_core::wrap::{truncate, wrap_spans};
use diptych_reader::app::{App, Context};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Cells of the score bar.
const BAR: usize = 8;

/// Draws the panel.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let area = tui_rect(app.screen().panel, buf.area);
    if area.width < 16 || area.height < 4 {
        return;
    }
    let focused = app.context() == Context::Links;
    let from = app.links_panel().from;
    let mode = app.links().map_or("", |l| l.mode.name());
    let title = match from {
        Some(p) => format!(
            "{} · {}",
            super::list::title(
                &format!(
                    "Links from {} ¶{}",
                    app.pair().account(p.side).meta.label,
                    p.paragraph + 1
                ),
                &app.links_panel().list
            ),
            mode
        ),
        None => "Links".into(),
    };
    let hint = if focused {
        " Enter go · p preview · Tab text · Esc close "
    } else {
        " t links "
    };
    let inner = super::framed(area, buf, theme, focused, &title, hint);
    let links = app.panel_links();
    if links.is_empty() {
        let what = if app.links().is_some() {
            "no related paragraph"
        } else {
            "finding links…"
        };
        buf.set_stringn(inner.x, inner.y, what, inner.width as usize, theme.dim());
        return;
    }
    let w = inner.width as usize;
    // Each link: a head row, then its reasons wrapped below it.
    // The labels as wide as the longer one, when the panel has room.
    let label_w = super::label_width(app, w.saturating_sub(BAR + 16).max(6));
    let reasons = app.panel_reasons();
    let items: Vec<(String, Vec<String>)> = links
        .iter()
        .zip(&reasons)
        .map(|(l, why)| item(app, l, why, label_w, w))
        .collect();
    // Each link's snippet: the sentence holding what it shares.
    let snippets: Vec<Option<diptych_core::search::Hit>> =
        links.iter().map(|l| app.link_snippet(l)).collect();
    let selected = app.links_panel().list.selected.min(items.len() - 1);
    // The first item shown: the selection's block must fit below it.
    let height = inner.height as usize;
    let rows_of = |i: usize| 1 + items[i].1.len() + usize::from(snippets[i].is_some());
    let mut first = 0;
    while first < selected && (first..=selected).map(rows_of).sum::<usize>() > height {
        first += 1;
    }
    let mut y = inner.y;
    for (i, (head, lines)) in items.iter().enumerate().skip(first) {
        if y >= inner.bottom() {
            break;
        }
        let base = theme.row(i == selected);
        let rows = rows_of(i).min((inner.bottom() - y) as usize) as u16;
        buf.set_style(Rect::new(inner.x, y, inner.width, rows), base);
        // The selection is marked by ▶ too, as in the search list: not by
        // colour alone.
        let head = format!("{}{head}", if i == selected { "▶ " } else { "  " });
        buf.set_stringn(inner.x, y, truncate(&head, w), w, base);
        y += 1;
        if let Some(hit) = &snippets[i]
            && y < inner.bottom()
        {
            let avail = w.saturating_sub(2);
            super::search::draw_sentence(app, hit, theme, base, (inner.x + 2, y), avail, buf);
            y += 1;
        }
        for l in lines {
            if y >= inner.bottom() {
                break;
            }
            let style = if i == selected {
                base
            } else {
                base.patch(theme.dim())
            };
            buf.set_stringn(inner.x + 2, y, l, w.saturating_sub(2), style);
            y += 1;
        }
    }
    // The preview, when on, over the panes.
    let panes = app.screen().panes;
    let over = tui_rect(panes[0], buf.area).union(tui_rect(panes[1], buf.area));
    super::preview::draw(app, theme, over, buf);
}

/// One link's head row (label, ¶, score bar) and its reasons (`why`)
/// wrapped to `w` cells less the indent.
fn item(
    app: &App,
    l: &diptych_core::links::Link,
    why: &str,
    label_w: usize,
    w: usize,
) -> (String, Vec<String>) {
    let filled = ((l.score * BAR as f64).round() as usize).min(BAR);
    let label = diptych_core::wrap::short_label(&app.pair().account(l.to.side).meta.label, label_w);
    let pad = label_w.saturating_sub(diptych_core::wrap::display_width(&label));
    // An aligned paragraph that shares no name or topic has no
    // score to show: it is the translation all the same.
    let measure = if l.aligned && l.score < 0.005 {
        format!("{:<w$}", "aligned", w = BAR + 5)
    } else if l.in_order && l.score < 0.005 {
        // Two narratives' counterpart by its place in the order alone.
        format!("{:<w$}", "in order", w = BAR + 5)
    } else {
        format!(
            "{}{} {:.2}",
            "█".repeat(filled),
            "░".repeat(BAR - filled),
            l.score
        )
    };
    let head = format!(
        "{}{label}{:pad$} ¶{:<4} {measure}",
        if l.aligned { "⇄ " } else { "" },
        "",
        l.to.paragraph + 1,
    );
    let wrapped = |text: &str| -> Vec<String> {
        let text = diptych_core::text::sanitize::sanitize(text).into_owned();
        wrap_spans(&text, 0, w.saturating_sub(2).max(1))
            .into_iter()
            .map(|r| text[r].trim_end().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    };
    let mut lines = wrapped(why);
    // Where the two tellings disagree, after the reasons, marked ≠.
    for d in app.differences(l) {
        lines.extend(wrapped(&format!("≠ {d}")));
    }
    (head, lines)
}
