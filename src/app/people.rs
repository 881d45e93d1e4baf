//! The people panel's state and actions: the filter, the rows it leaves,
//! the selection, and the person whose mentions are highlighted and stepped
//! through with n/N.

use super::prompt::{Edit, Prompt};
use super::{Action, App, Mark, MarkKind, Mode};
use crate::fold::fold_query;
use crate::people::People;

/// The person whose mentions are highlighted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivePerson {
    /// Index into [`People::persons`].
    pub person: usize,
    /// The mentions in stepping order: the focused pane's, then the other's.
    pub order: Vec<(crate::text::Side, usize)>,
    /// Position in `order` last jumped to.
    pub current: usize,
}

/// The panel: open or not, its filter, rows and selection.
#[derive(Debug, Clone, Default)]
pub struct PeoplePanel {
    /// Shown on screen.
    pub open: bool,
    /// The filter as typed.
    pub filter: Prompt,
    /// Indexes of the persons the filter leaves, in panel order.
    pub rows: Vec<usize>,
    /// The selected row.
    pub selected: usize,
    /// The person whose mentions are highlighted.
    pub active: Option<ActivePerson>,
}

impl PeoplePanel {
    /// Recomputes the rows for the filter: persons any of whose names or
    /// forms contain every filter word (folded, so either script works).
    pub fn refilter(&mut self, people: &People) {
        let words: Vec<String> = fold_query(&self.filter.text)
            .split_whitespace()
            .map(str::to_string)
            .collect();
        self.rows = people
            .persons
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                let keys: Vec<String> = std::iter::once(p.name.as_str())
                    .chain(p.forms.iter().map(|(_, f)| f.as_str()))
                    .map(fold_query)
                    .collect();
                words
                    .iter()
                    .all(|w| keys.iter().any(|k| k.contains(w.as_str())))
            })
            .map(|(i, _)| i)
            .collect();
        self.selected = self.selected.min(self.rows.len().saturating_sub(1));
    }

    /// The selected person, if any row is left.
    pub fn selected_person(&self) -> Option<usize> {
        self.rows.get(self.selected).copied()
    }
}

impl App {
    /// `p`: opens the panel with the keyboard in it, or closes it.
    pub(super) fn open_people(&mut self) {
        if self.panel.open {
            self.close_people();
            return;
        }
        self.links_panel.open = false;
        self.panel.open = true;
        self.panel.refilter(&self.people);
        self.set_mode(Mode::People);
    }

    /// Actions while the panel has the keyboard; true when consumed.
    pub(super) fn update_people(&mut self, action: Action) -> bool {
        match self.panel.filter.apply(action) {
            Edit::Text => {
                self.panel.selected = 0;
                self.panel.refilter(&self.people);
                return true;
            }
            Edit::Cursor => return true,
            Edit::None => {}
        }
        let n = self.panel.rows.len();
        match action {
            Action::SelectNext if n > 0 => self.panel.selected = (self.panel.selected + 1) % n,
            Action::SelectPrev if n > 0 => self.panel.selected = (self.panel.selected + n - 1) % n,
            Action::Jump => {
                if let Some(p) = self.panel.selected_person() {
                    self.show_person(p);
                }
            }
            Action::FocusText => self.set_mode(Mode::Reading),
            Action::Cancel if !self.panel.filter.text.is_empty() => {
                self.panel.filter = Prompt::default();
                self.panel.refilter(&self.people);
            }
            Action::Cancel | Action::ClosePanel => self.close_people(),
            Action::Quit => self.quit = true,
            Action::Resize(..) | Action::Wheel(..) | Action::Click(..) => return false,
            _ => {}
        }
        true
    }

    /// Closes the panel; highlights stay until Esc in the text.
    pub(super) fn close_people(&mut self) {
        self.panel.open = false;
        self.set_mode(Mode::Reading);
    }

    /// Enter on a person: highlight every mention in both panes and go to the
    /// first; the keyboard returns to the text so n/N step through them.
    pub(super) fn show_person(&mut self, person: usize) {
        let p = &self.people.persons[person];
        if p.total() == 0 {
            self.message = Some(format!("{} is not mentioned in these texts", p.name));
            return;
        }
        let first = if p.mentions[self.focus.index()].is_empty() {
            self.focus.other()
        } else {
            self.focus
        };
        let order: Vec<_> = [first, first.other()]
            .into_iter()
            .flat_map(|s| (0..p.mentions[s.index()].len()).map(move |i| (s, i)))
            .collect();
        self.search.active = None;
        self.panel.active = Some(ActivePerson {
            person,
            order,
            current: 0,
        });
        self.set_mode(Mode::Reading);
        self.step_person(0);
    }

    /// Moves `delta` mentions along the active person's and shows that one.
    pub(super) fn step_person(&mut self, delta: isize) {
        let Some(active) = self.panel.active.as_mut() else {
            return;
        };
        let n = active.order.len() as isize;
        active.current = (active.current as isize + delta).rem_euclid(n) as usize;
        let (side, i) = active.order[active.current];
        let (current, total, person) = (active.current, active.order.len(), active.person);
        let p = &self.people.persons[person];
        let mut marks = [Vec::new(), Vec::new()];
        for s in crate::text::Side::BOTH {
            marks[s.index()] = p.mentions[s.index()]
                .iter()
                .enumerate()
                .map(|(j, m)| Mark {
                    span: m.span.clone(),
                    kind: if s == side && j == i {
                        MarkKind::Current
                    } else {
                        MarkKind::Person
                    },
                })
                .collect();
        }
        let at = p.mentions[side.index()][i].span.start;
        let name = p.name.clone();
        self.marks = marks;
        self.focus = side;
        let pane = &mut self.panes[side.index()];
        let line = pane.wrapped().line_of(at);
        pane.reveal(line);
        self.message = Some(format!(
            "{name}: mention {}/{total} · n/N next/previous · Esc clears",
            current + 1
        ));
    }
}
