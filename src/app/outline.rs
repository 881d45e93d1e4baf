//! The outline panel (`o`): the headings of both accounts (the focused
//! pane's first), each with its paragraph number; typing filters, Enter
//! goes there (a jump).

use super::list::List;
use super::prompt::{Edit, Prompt};
use super::{Action, App, Context, Panel};
use crate::lang::fold::fold_query;
use crate::text::{Side, TocEntry};

/// One row of the outline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlineRow {
    /// Which account.
    pub side: Side,
    /// The heading.
    pub entry: TocEntry,
}

/// The outline panel's state.
#[derive(Debug, Clone, Default)]
pub struct OutlinePanel {
    /// Every heading of both accounts, the focused pane's first.
    pub all: Vec<OutlineRow>,
    /// What is typed.
    pub filter: Prompt,
    /// Indexes into `all` the filter leaves.
    pub rows: Vec<usize>,
    /// The selection.
    pub list: List,
}

impl OutlinePanel {
    /// Keeps the rows whose heading holds every word typed.
    pub fn refilter(&mut self) {
        let words: Vec<String> = fold_query(&self.filter.text)
            .split_whitespace()
            .map(str::to_string)
            .collect();
        self.rows = self
            .all
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                let key = fold_query(&r.entry.title);
                words.iter().all(|w| key.contains(w.as_str()))
            })
            .map(|(i, _)| i)
            .collect();
        self.list.set_len(self.rows.len());
    }

    /// The selected row.
    pub fn selected(&self) -> Option<&OutlineRow> {
        self.list
            .get()
            .and_then(|i| self.rows.get(i))
            .and_then(|&r| self.all.get(r))
    }
}

impl App {
    /// `o`: the outline, the row of the cursor's section selected.
    pub(super) fn open_outline(&mut self) {
        let mut all = Vec::new();
        for side in [self.focus, self.focus.other()] {
            for entry in self.pair.account(side).outline() {
                all.push(OutlineRow { side, entry });
            }
        }
        if all.is_empty() {
            self.message = Some("neither account has headings".into());
            return;
        }
        let cursor = self.pane(self.focus).cursor;
        self.outline = OutlinePanel {
            all,
            ..OutlinePanel::default()
        };
        self.outline.refilter();
        // The section the cursor is in.
        let here = self
            .outline
            .all
            .iter()
            .rposition(|r| r.side == self.focus && r.entry.paragraph <= cursor)
            .unwrap_or(0);
        self.outline.list.selected = here;
        self.panel = Panel::Outline;
        self.set_mode(Context::Outline);
    }

    /// Outline actions; true when consumed.
    pub(super) fn update_outline(&mut self, action: &Action) -> bool {
        match self.outline.filter.apply(action) {
            Edit::Text => {
                self.outline.list.selected = 0;
                self.outline.refilter();
                return true;
            }
            Edit::Cursor => return true,
            Edit::None => {}
        }
        match action {
            Action::SelectNext => self.outline.list.next(),
            Action::SelectPrev => self.outline.list.prev(),
            Action::Jump => {
                if let Some(r) = self.outline.selected().cloned() {
                    self.set_mode(Context::Reader);
                    self.jump_to(r.side, r.entry.paragraph);
                    let pane = &mut self.panes[r.side.index()];
                    let first = pane.first_line(r.entry.paragraph);
                    pane.scroll_to(first);
                }
            }
            Action::FocusText => self.set_mode(Context::Reader),
            Action::Cancel if !self.outline.filter.text.is_empty() => {
                self.outline.filter = Prompt::default();
                self.outline.refilter();
                self.message = Some("filter cleared · Esc again closes the outline".into());
            }
            Action::Cancel | Action::ClosePanel => self.close_panel(),
            _ => {}
        }
        true
    }
}
