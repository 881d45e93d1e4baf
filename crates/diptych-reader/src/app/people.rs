//! The people panel: two lists (people, and places), a filter, the
//! selection, and what was chosen: every mention highlighted in both panes
//! and stepped through with n/N.

use super::Why;
use super::list::List;
use super::prompt::{Edit, Prompt};
use super::screen::Rect;
use super::{Action, App, Context, Follow, Highlight, HighlightKind, Panel};
use diptych_core::entities::{Entities, Kind};
use diptych_core::lang::names::NameFilter;
use diptych_core::text::Side;
use std::ops::Range;

/// Which list the panel shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tab {
    /// People.
    #[default]
    People,
    /// Places, peoples and institutions.
    Places,
    /// Entries the reader hid (shown only when there are some).
    Hidden,
}

/// What the panel's list is choosing, besides an entry to show.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Pick {
    /// Entries of the tab, to show.
    #[default]
    None,
    /// The entry to merge the entry `from` into.
    Merge {
        /// The id of the entry merged.
        from: String,
        /// Its name.
        name: String,
    },
    /// The form to split out of the entry `entry`.
    Split {
        /// The id of the entry split.
        entry: String,
        /// Its name.
        name: String,
        /// Its forms as written in each account, with how often.
        forms: Vec<SplitForm>,
    },
}

/// A form an entry is written in, in one account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitForm {
    /// The account.
    pub side: Side,
    /// The form, on one line.
    pub form: String,
    /// How many mentions are written so.
    pub count: usize,
}

/// Letters a name may have begun with, taken as curation keys.
#[derive(Debug, Clone)]
pub struct Ahead {
    /// The letters, in order.
    pub letters: String,
    /// The curations before the first.
    pub before: Vec<diptych_core::entities::curate::Curation>,
    /// When the last was typed.
    pub at: std::time::Instant,
}

/// The panel: its list, filter, rows and selection.
#[derive(Debug, Clone, Default)]
pub struct PeoplePanel {
    /// People or places.
    pub tab: Tab,
    /// The filter as typed.
    pub filter: Prompt,
    /// Indexes into [`Entities::entries`] the filter leaves, in panel order.
    pub rows: Vec<usize>,
    /// The selection.
    pub list: List,
    /// What the list chooses.
    pub pick: Pick,
    /// The filter and selection to go back to when a pick ends.
    pub before_pick: Option<(Prompt, usize)>,
    /// The id of the entry last selected while the filter was typed, kept
    /// when the filter matches none, for Esc to select again.
    pub kept: Option<String>,
    /// The entry chosen when a hide or merge let it go, chosen again when
    /// an undo brings it back.
    pub let_go: Option<Chosen>,
    /// Curation keys' letters typed on an empty filter, the curations
    /// before the first of them, and when the last was typed: the start
    /// of a name, if a letter follows at typing speed (see
    /// `App::name_typed_on`).
    pub ahead: Option<Ahead>,
    /// The entry selected in each tab (people, places, hidden) when the
    /// panel last left it, selected again when it comes back.
    pub left_in: [Option<String>; 3],
    /// While a filter is typed, the entries it leaves in each tab
    /// (people, places, hidden): the tabs show them, and a tab the filter
    /// empties says where its names are.
    pub matching: Option<[usize; 3]>,
}

impl PeoplePanel {
    /// True while keys type into the filter rather than curate: the
    /// filter holds text, or the list chooses a merge or a split.
    pub fn typing(&self) -> bool {
        !self.filter.text.is_empty() || self.pick != Pick::None
    }

    /// True when the rows are entries of the hidden list.
    pub fn lists_hidden(&self) -> bool {
        self.tab == Tab::Hidden && self.pick == Pick::None
    }

    /// Recomputes the rows for the tab (or the pick) and the filter:
    /// entries any of whose names or forms hold every filter word, in
    /// either script; for a split, the forms that hold them.
    pub fn refilter(&mut self, entities: Option<&Entities>, hidden: Option<&Entities>) {
        let filter = NameFilter::new(&self.filter.text);
        self.matching = None;
        if let Pick::Split { forms, .. } = &self.pick {
            self.rows = (0..forms.len())
                .filter(|&i| filter.matches(std::iter::once(forms[i].form.as_str())))
                .collect();
            // The form typed first, then those it starts, then the rest,
            // each by how often it is written.
            self.rows
                .sort_by_cached_key(|&i| filter.closeness(&forms[i].form));
            self.list.set_len(self.rows.len());
            return;
        }
        let source = if self.lists_hidden() {
            hidden
        } else {
            entities
        };
        let names = |p: &diptych_core::entities::Entry| {
            filter.matches(
                std::iter::once(p.name.as_str()).chain(p.forms.iter().map(|(_, f)| f.as_str())),
            )
        };
        if self.pick == Pick::None && !self.filter.text.trim().is_empty() {
            let mut matching = [0; 3];
            for p in entities
                .iter()
                .flat_map(|e| &e.entries)
                .filter(|p| names(p))
            {
                matching[usize::from(p.kind == Kind::Place)] += 1;
            }
            matching[2] = hidden.map_or(0, |h| h.entries.iter().filter(|p| names(p)).count());
            self.matching = Some(matching);
        }
        let Some(entities) = source else {
            self.rows.clear();
            self.list.set_len(0);
            return;
        };
        let want = match self.tab {
            Tab::People => Some(Kind::Person),
            Tab::Places => Some(Kind::Place),
            Tab::Hidden => None,
        };
        let skip = match &self.pick {
            Pick::Merge { from, .. } => Some(from.as_str()),
            _ => None,
        };
        self.rows = entities
            .entries
            .iter()
            .enumerate()
            .filter(|(_, p)| skip.is_some() || want.is_none_or(|k| p.kind == k))
            .filter(|(_, p)| skip != Some(p.id.as_str()))
            .filter(|(_, p)| names(p))
            .map(|(i, _)| i)
            .collect();
        // A name typed whole first, then those it starts, then the rest,
        // each most mentioned first (as fzf puts an exact match first):
        // "ana" finds Ana before Ivana.
        if !self.filter.text.trim().is_empty() {
            self.rows.sort_by_cached_key(|&i| {
                let p = &entities.entries[i];
                std::iter::once(p.name.as_str())
                    .chain(p.forms.iter().map(|(_, f)| f.as_str()))
                    .map(|n| filter.closeness(n))
                    .min()
                    .unwrap_or(u8::MAX)
            });
        }
        self.list.set_len(self.rows.len());
    }

    /// The selected entry, if any row is left.
    pub fn selected(&self) -> Option<usize> {
        self.list.get().and_then(|i| self.rows.get(i).copied())
    }
}

/// Where the people panel's parts go inside its border.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeopleLayout {
    /// The filter line.
    pub filter: Rect,
    /// The list (its first row is the tab line).
    pub list: Rect,
    /// The selected entry's details.
    pub details: Rect,
}

/// The parts of the people panel in `panel` (with its border).
pub fn people_layout(panel: Rect) -> PeopleLayout {
    let inner = panel.inner();
    let filter = Rect::new(inner.x, inner.y, inner.width, 1);
    let body = Rect::new(
        inner.x,
        inner.y + 1,
        inner.width,
        inner.height.saturating_sub(1),
    );
    if body.width >= 70 && body.height < 12 {
        // Below the panes: the list on the left, the details on the right.
        let list_w = body.width / 2;
        return PeopleLayout {
            filter: Rect::new(inner.x, inner.y, list_w, 1),
            list: Rect::new(body.x, body.y, list_w, body.height),
            details: Rect::new(
                body.x + list_w + 2,
                inner.y,
                body.width - list_w - 2,
                inner.height,
            ),
        };
    }
    let details_h = if body.height >= 16 {
        8
    } else if body.height >= 8 {
        3
    } else {
        0
    };
    let list = Rect::new(body.x, body.y, body.width, body.height - details_h);
    PeopleLayout {
        filter,
        list,
        details: Rect::new(body.x, list.bottom(), body.width, details_h),
    }
}

/// How many entries the people list shows (its first row is the tabs).
pub fn rows_shown(app: &App) -> usize {
    people_layout(app.screen.panel)
        .list
        .height
        .saturating_sub(1)
        .max(1) as usize
}

/// What was chosen to highlight: a person, a place or a topic of the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    /// The person's id, or `topic:<id>`.
    pub id: String,
    /// Its name as shown.
    pub name: String,
    /// Its spans in each account, in reading order.
    pub spans: [Vec<Range<usize>>; 2],
    /// Stepping order: the spans of the pane focused when chosen first.
    pub order: Vec<(Side, usize)>,
    /// Position in `order` last stepped to.
    pub current: usize,
}

impl Chosen {
    /// A choice of `spans`, stepping from `first`'s first one.
    pub fn new(id: String, name: String, spans: [Vec<Range<usize>>; 2], first: Side) -> Chosen {
        let first = if spans[first.index()].is_empty() {
            first.other()
        } else {
            first
        };
        let order = [first, first.other()]
            .into_iter()
            .flat_map(|s| (0..spans[s.index()].len()).map(move |i| (s, i)))
            .collect();
        Chosen {
            id,
            name,
            spans,
            order,
            current: 0,
        }
    }
}

impl App {
    /// `p`: opens the panel with the keyboard in it, or closes it.
    pub(super) fn toggle_people(&mut self) {
        if self.panel == Panel::People {
            self.close_panel();
            return;
        }
        self.refilter_people();
        self.show(Panel::People, Context::People);
        if self.arrived.entities.is_none() {
            self.say(Why::Progress, "finding people…".into());
        }
    }

    /// Closes whatever panel is open; the keyboard goes back to the text.
    pub(super) fn close_panel(&mut self) {
        self.show(Panel::None, Context::Reader);
    }

    /// The panel's rows again, for the tab, the pick and the filter.
    pub(super) fn refilter_people(&mut self) {
        self.people_panel.refilter(
            self.arrived.entities.as_deref(),
            self.arrived.hidden.as_deref(),
        );
    }

    /// The entries the panel's rows point into: the hidden list's, or the
    /// people shown.
    pub fn panel_entries(&self) -> Option<&Entities> {
        if self.people_panel.lists_hidden() {
            self.arrived.hidden.as_deref()
        } else {
            self.entities()
        }
    }

    /// Remembers the selected entry as [`PeoplePanel::kept`] (where one is
    /// selected; else the one kept before stays).
    fn keep_selected(&mut self) {
        if let Some((id, _)) = self.selected_entry() {
            self.people_panel.kept = Some(id);
        }
    }

    /// Selects the entry [`PeoplePanel::kept`] names in the rows, where
    /// they show it.
    fn select_kept(&mut self) {
        if let Some(kept) = self.people_panel.kept.clone() {
            self.select_entry(&kept);
        }
    }

    /// Selects the entry `id` where the rows show it; false where they
    /// do not.
    pub(super) fn select_entry(&mut self, id: &str) -> bool {
        let entry = self
            .panel_entries()
            .and_then(|p| p.entries.iter().position(|p| p.id == id));
        match entry.and_then(|e| self.people_panel.rows.iter().position(|&r| r == e)) {
            Some(row) => {
                self.people_panel.list.selected = row;
                true
            }
            None => false,
        }
    }

    /// Actions while the panel has the keyboard; true when consumed.
    pub(super) fn update_people(&mut self, action: &Action) -> bool {
        let before = self.people_panel.filter.text.chars().count();
        match self.people_panel.filter.apply(action) {
            Edit::Text => {
                if self.people_panel.pick == Pick::None {
                    self.keep_selected();
                }
                self.people_panel.list.selected = 0;
                self.refilter_people();
                // A filter shortened (Backspace) or emptied (Ctrl-u) lists
                // more: the entry selected stays selected, as Esc keeps it
                // in the whole list; a longer one starts from its best match.
                if self.people_panel.filter.text.chars().count() < before
                    && self.people_panel.pick == Pick::None
                {
                    self.select_kept();
                }
                return true;
            }
            Edit::Cursor => return true,
            Edit::None => {}
        }
        match action {
            Action::SelectNext => self.people_panel.list.next(),
            Action::SelectPrev => self.people_panel.list.prev(),
            Action::NextTab if self.people_panel.pick == Pick::None => {
                let hidden = self
                    .arrived
                    .hidden
                    .as_ref()
                    .is_some_and(|h| !h.entries.is_empty());
                let was = self.people_panel.tab;
                self.people_panel.left_in[was as usize] = self.selected_entry().map(|(id, _)| id);
                self.people_panel.tab = match was {
                    Tab::People => Tab::Places,
                    Tab::Places if hidden => Tab::Hidden,
                    Tab::Places | Tab::Hidden => Tab::People,
                };
                self.people_panel.list = List::default();
                self.refilter_people();
                if let Some(id) = self.people_panel.left_in[self.people_panel.tab as usize].clone()
                {
                    self.select_entry(&id);
                }
            }
            // Enter typed ahead of the list: chosen when the people arrive.
            Action::Jump if self.arrived.entities.is_none() => {
                self.wait_for(Action::Jump, "people");
            }
            Action::Jump if self.people_panel.pick != Pick::None => self.finish_pick(),
            Action::Jump => {
                if let Some(p) = self.people_panel.selected() {
                    self.choose_person(p);
                }
            }
            Action::HideEntry => self.hide_selected(),
            Action::MergeEntry => self.start_merge(),
            Action::SplitEntry => self.start_split(),
            Action::ToggleKind => self.toggle_kind(),
            Action::UndoCuration => self.undo_curation(),
            Action::FocusText => self.set_context(Context::Reader),
            // No name holds a slash: it searches the texts, as in them.
            Action::Search if self.people_panel.pick == Pick::None => self.open_search(),
            Action::Cancel if self.people_panel.pick != Pick::None => {
                self.end_pick();
                self.say(Why::Refused, "cancelled".into());
            }
            Action::Cancel if !self.people_panel.filter.text.is_empty() => {
                // The entry selected stays selected in the whole list, or
                // the last one selected when the filter matches none.
                self.keep_selected();
                self.people_panel.filter = Prompt::default();
                self.refilter_people();
                self.select_kept();
                self.people_panel.kept = None;
                self.say(
                    Why::Done,
                    "filter cleared · Esc again closes the panel".into(),
                );
            }
            Action::Cancel | Action::ClosePanel => self.close_panel(),
            _ => {}
        }
        true
    }

    /// Enter on an entry: highlight every mention in both panes and go to
    /// the first; the keyboard returns to the text so n/N step through them.
    pub(super) fn choose_person(&mut self, index: usize) {
        let Some(p) = self
            .panel_entries()
            .and_then(|entities| entities.entries.get(index))
        else {
            return;
        };
        if p.total() == 0 {
            self.say(
                Why::Refused,
                format!("{} is not mentioned in these texts", p.name),
            );
            return;
        }
        let chosen = Chosen::new(p.id.clone(), p.name.clone(), p.spans(), self.focus);
        self.choose(chosen);
    }

    /// Makes `chosen` what n/N step through, and goes to its first span.
    pub(super) fn choose(&mut self, chosen: Chosen) {
        self.chosen = Some(chosen);
        self.people_panel.let_go = None;
        self.follow = Follow::Mentions;
        self.set_context(Context::Reader);
        self.step_mentions(0);
    }

    /// Highlights every span of the chosen entry, the current one marked.
    pub(super) fn highlight_mentions(&mut self) {
        let Some(c) = &self.chosen else {
            return;
        };
        let (side, i) = c
            .order
            .get(c.current)
            .copied()
            .unwrap_or((Side::Left, usize::MAX));
        self.highlights = Side::BOTH.map(|s| {
            c.spans[s.index()]
                .iter()
                .enumerate()
                .map(|(j, span)| Highlight {
                    span: span.clone(),
                    kind: if s == side && j == i {
                        HighlightKind::Current
                    } else {
                        HighlightKind::Person
                    },
                })
                .collect()
        });
    }

    /// Moves `delta` spans along the chosen entry's and shows that one (a jump).
    pub(super) fn step_mentions(&mut self, delta: isize) {
        // Where n/N step from: the focused pane's cursor paragraph.
        let focus = self.focus;
        let cursor = self.panes[focus.index()].cursor;
        let cursor_at = self.paragraph_start(focus, cursor);
        let Some(c) = self.chosen.as_mut() else {
            self.say(Why::Refused, "nothing chosen: p for people".into());
            return;
        };
        let n = c.order.len() as isize;
        if n == 0 {
            return;
        }
        let (target, wrapped) = if delta == 0 {
            (c.current, false)
        } else {
            let (side, i) = c.order[c.current];
            let last = &c.spans[side.index()][i];
            let on_last =
                side == focus && self.pair.account(side).paragraph_at(last.start) == cursor;
            next_mention(
                c,
                focus,
                delta,
                if on_last {
                    (last.start, false)
                } else {
                    (cursor_at, true)
                },
            )
        };
        c.current = target;
        let (side, i) = c.order[c.current];
        let at = c.spans[side.index()][i].start;
        let name = c.name.clone();
        let current = c.current;
        self.highlight_mentions();
        let paragraph = self.pair.account(side).paragraph_at(at);
        self.jump_to(side, paragraph);
        let pane = &mut self.panes[side.index()];
        let line = pane.wrapped().line_of(at);
        pane.reveal(line);
        let wrapped = match wrapped {
            true if delta > 0 => " · wrapped to the first",
            true => " · wrapped to the last",
            false => "",
        };
        self.say(
            Why::Done,
            format!(
                "{name}: {}/{n} · n/N next/previous · Esc clears{wrapped}",
                current + 1
            ),
        );
    }
}

/// The position in `c.order` of the mention `delta` (±1) from `from` (an
/// offset in the `focus` pane, and whether a mention there counts) as
/// less and vim step: the next one in the focused pane, then on into the
/// other pane as the order goes, and round again (the bool: it went past
/// an end).
fn next_mention(c: &Chosen, focus: Side, delta: isize, from: (usize, bool)) -> (usize, bool) {
    let n = c.order.len();
    let start = |k: usize| {
        let (side, i) = c.order[k];
        c.spans[side.index()][i].start
    };
    let mine: Vec<usize> = (0..n).filter(|&k| c.order[k].0 == focus).collect();
    let (at, inclusive) = from;
    if delta > 0 {
        if let Some(&k) = mine.iter().find(|&&k| {
            if inclusive {
                start(k) >= at
            } else {
                start(k) > at
            }
        }) {
            return (k, false);
        }
        // On past the focused pane's last: the order's next, if any.
        let next = mine.last().map_or(0, |&k| k + 1);
        if next < n { (next, false) } else { (0, true) }
    } else {
        if let Some(&k) = mine.iter().rev().find(|&&k| start(k) < at) {
            return (k, false);
        }
        match mine.first() {
            Some(&k) if k > 0 => (k - 1, false),
            _ => (n - 1, true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use diptych_core::entities::{Entities, Entry, Kind};

    /// An entry of `name`, mentioned `n` times on the left.
    fn entry(name: &str, n: usize) -> Entry {
        let mention = |i: usize| diptych_core::entities::Mention {
            side: diptych_core::text::Side::Left,
            paragraph: 0,
            span: i..i + 1,
        };
        Entry::found(
            format!("unlisted:{name}"),
            name.into(),
            Kind::Person,
            vec![("hr".into(), name.into())],
            [(0..n).map(mention).collect(), Vec::new()],
        )
    }

    #[test]
    fn a_name_typed_whole_comes_before_the_names_it_is_inside() {
        let entities = Entities {
            entries: vec![entry("Ivana", 26), entry("Ana", 21), entry("Anatol", 3)],
            ..Entities::default()
        };
        let mut panel = PeoplePanel::default();
        panel.filter.text = "ana".into();
        panel.refilter(Some(&entities), None);
        let names: Vec<&str> = panel
            .rows
            .iter()
            .map(|&i| entities.entries[i].name.as_str())
            .collect();
        assert_eq!(names, ["Ana", "Anatol", "Ivana"]);
    }
}
