//! The search overlay: the results list above the prompt, each row the
//! account's label, the ¶ number and the sentence trimmed around the match,
//! matched letters highlighted; the title with each account's count; and
//! the prompt with its cursor and position.

use super::{Theme, tui_rect};
use diptych_core::wrap::display_width;
use diptych_reader::app::{App, HighlightKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Widget};

/// Draws the results list and the prompt.
pub fn draw(app: &App, theme: &Theme, buf: &mut Buffer) {
    let prompt = tui_rect(app.screen().prompt, buf.area);
    if prompt.height == 0 {
        return;
    }
    let s = &app.search();
    let note = note(s);
    super::prompt::draw(buf, prompt, theme, "/ ", &s.prompt, true, &note);
    if s.results.is_empty() {
        return;
    }
    let pane_h = app.screen().panes[0]
        .height
        .max(app.screen().main.height / 2);
    let rows = (s.results.len() as u16)
        .min((pane_h / 2).max(3))
        .min(app.screen().main.height.saturating_sub(2));
    let area = Rect::new(
        prompt.x,
        prompt.y.saturating_sub(rows + 1),
        prompt.width,
        rows + 1,
    );
    Clear.render(area, buf);
    let labels = [
        &app.pair().accounts[0].meta.label,
        &app.pair().accounts[1].meta.label,
    ];
    let count = |i: usize| format!("{}{}", s.totals[i], if s.capped_any(i) { "+" } else { "" });
    Block::new()
        .borders(Borders::TOP)
        .border_style(theme.border(true))
        .title(Line::styled(
            format!(
                " {} · {} {} · {} {} ",
                super::list::title("results", &s.list),
                labels[0],
                count(0),
                labels[1],
                count(1)
            ),
            theme.title(true),
        ))
        .render(area, buf);
    // The labels' column: as wide as the longer label, at most 16 cells
    // and a sixth of the list (a long one is cut in the middle: its start
    // says the book, its end the side, `war-and…1-i-v.ru`).
    let label_w = super::label_width(app, (area.width as usize / 6).clamp(8, 16));
    let most = app
        .pair()
        .accounts
        .iter()
        .map(|a| a.paragraphs.len())
        .max()
        .unwrap_or(1);
    let digits = usize::from(diptych_reader::app::screen::gutter_width(most)) - 2;
    for (row, i) in super::list::visible(&s.list, rows as usize).enumerate() {
        let hit = &s.results[i];
        let y = area.y + 1 + row as u16;
        let selected = i == s.list.selected;
        let base = theme.row(selected);
        buf.set_style(Rect::new(area.x, y, area.width, 1), base);
        let account = app.pair().account(hit.side);
        let reference = format!(
            "{} ¶{}",
            diptych_core::wrap::short_label(&account.meta.label, label_w),
            hit.paragraph + 1
        );
        let pad =
            (label_w + 2 + digits).saturating_sub(diptych_core::wrap::display_width(&reference));
        let head = format!(
            "{} {reference}{:pad$} ",
            if selected { "▶" } else { " " },
            ""
        );
        buf.set_stringn(
            area.x,
            y,
            &head,
            area.width as usize,
            if selected { base } else { theme.dim() },
        );
        let x0 = area.x + display_width(&head) as u16;
        let avail = area.right().saturating_sub(x0) as usize;
        draw_sentence(app, hit, theme, base, (x0, y), avail, buf);
    }
    // The preview, when on, fills the room above the list.
    let main = tui_rect(app.screen().main, buf.area);
    let above = Rect::new(
        prompt.x,
        main.y,
        prompt.width,
        area.y.saturating_sub(main.y),
    );
    super::preview::draw(app, theme, above, buf);
}

/// What the prompt says beside the query: how to search, the list's
/// position, or why it is empty; and `fuzzy off` after Alt-f.
fn note(s: &diptych_reader::app::search::SearchState) -> String {
    let note = if s.prompt.text.trim().is_empty() {
        "type to search both accounts · 'exact ^start end$ !not a | b".to_string()
    } else if s.searching() {
        "searching…".to_string()
    } else if s.results.is_empty() {
        "no matches".to_string()
    } else {
        s.list.position()
    };
    if s.no_fuzzy {
        format!("{note} · fuzzy off")
    } else {
        note
    }
}

/// The sentence of `hit` in `avail` cells from `at`, trimmed so the first
/// match is in view (also a link's snippet, [`super::links`]).
pub(super) fn draw_sentence(
    app: &App,
    hit: &diptych_core::search::Hit,
    theme: &Theme,
    base: Style,
    at: (u16, u16),
    avail: usize,
    buf: &mut Buffer,
) {
    let (x, y) = at;
    let account = app.pair().account(hit.side);
    let span = hit.sentence_span(app.pair());
    let first = hit.matches.first().map_or(span.start, |m| m.start);
    // Only a window around the match is looked at: a sentence may be a
    // whole 20 MB line, and this runs for every row of every frame.
    let text = &account.text;
    let mut lo = first.saturating_sub(avail * 8).max(span.start);
    while !text.is_char_boundary(lo) {
        lo -= 1;
    }
    let mut hi = (first + avail * 8).min(span.end);
    while !text.is_char_boundary(hi) {
        hi += 1;
    }
    // A line break inside the sentence is a space on one row (as the
    // command line prints it): `Prince⏎Andrew` reads "Prince Andrew".
    let gs: Vec<_> = account
        .glyphs(lo..hi)
        .map(|mut g| {
            if g.kind == diptych_core::text::sanitize::GlyphKind::Break {
                g.show = std::borrow::Cow::Borrowed(" ");
                g.width = 1;
                g.kind = diptych_core::text::sanitize::GlyphKind::Space;
            }
            g
        })
        .collect();
    let total: usize = gs.iter().map(|g| g.width).sum();
    let mut start = 0;
    // The width of the glyphs from `start` on.
    let mut rest = total;
    if total > avail {
        // Walk back from the first match a third of the space.
        let at = gs.iter().position(|g| g.span.start >= first).unwrap_or(0);
        let mut w = 0;
        start = at;
        while start > 0 && w + gs[start - 1].width <= avail / 3 {
            start -= 1;
            w += gs[start].width;
        }
        // A sentence that ends before the row does starts earlier, to
        // fill it (a column kept for the "…" before).
        rest = gs[start..].iter().map(|g| g.width).sum();
        while start > 0 && rest + gs[start - 1].width < avail {
            start -= 1;
            rest += gs[start].width;
        }
    }
    let mut cx = x as usize;
    let right = x as usize + avail;
    if (start > 0 || lo > span.start) && cx < right {
        buf.set_stringn(cx as u16, y, "…", 1, base.patch(theme.dim()));
        cx += 1;
    }
    // Where the sentence goes on past the row, its last column says so.
    let cut = cx + rest > right || hi < span.end;
    let stop = if cut { right.saturating_sub(1) } else { right };
    for g in &gs[start..] {
        if cx + g.width > stop {
            break;
        }
        let matched = hit.matches.iter().any(|m| m.contains(&g.span.start));
        let style = if matched {
            base.patch(theme.highlight(HighlightKind::Match))
        } else {
            base
        };
        buf.set_stringn(cx as u16, y, &g.show, g.width, style);
        cx += g.width;
    }
    if cut && cx < right {
        buf.set_stringn(cx as u16, y, "…", 1, base.patch(theme.dim()));
    }
}
