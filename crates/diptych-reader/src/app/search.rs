//! Searching in the reader: the prompt, its live results (computed by a
//! worker, the newest query winning), the preview, Enter, Esc putting the
//! panes back, and `n`/`N` stepping through the results or the chosen
//! person's mentions, whichever was chosen last.

use super::Why;
use super::jumps::Place;
use super::list::List;
use super::prompt::{Edit, Prompt};
use super::{Action, App, Context, Follow, Highlight, HighlightKind};
use crate::worker::{Job, Purpose, SearchDone};
use diptych_core::search::Hit;
use diptych_core::text::Side;

/// How many results the list keeps per query.
pub const LIST_LIMIT: usize = 500;

/// Where the panes were when the prompt opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SavedView {
    /// Each pane's place.
    pub panes: [Place; 2],
    /// The focused pane.
    pub focus: Side,
    /// The terminal's size then (width, height).
    pub size: (u16, u16),
}

/// A search whose results stay for n/N after Enter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActiveSearch {
    /// The query.
    pub query: String,
    /// Its results, in list order.
    pub hits: Vec<Hit>,
    /// The result last stepped to.
    pub current: usize,
}

/// Everything about searching.
#[derive(Debug, Clone, Default)]
pub struct SearchState {
    /// The query as typed.
    pub prompt: Prompt,
    /// Results for the query, in list order.
    pub results: Vec<Hit>,
    /// Matching sentences in each account (all of them, not only the listed).
    pub totals: [usize; 2],
    /// True for an account whose count is "at least" (its list filled
    /// before every tier was looked at).
    pub capped: [bool; 2],
    /// The selection in the results.
    pub list: List,
    /// The view to restore on Esc.
    pub saved: Option<SavedView>,
    /// Earlier queries, oldest first.
    pub history: Vec<String>,
    /// Position while recalling history (index into `history`).
    pub recalled: Option<usize>,
    /// The search n/N step through, after Enter.
    pub active: Option<ActiveSearch>,
    /// The newest search asked for.
    pub generation: u64,
    /// The generation of the results shown.
    pub shown: u64,
    /// Enter was pressed before the newest results arrived.
    pub jump_when_done: bool,
    /// The fuzzy tier is off (Alt-f): only close matches are listed.
    pub no_fuzzy: bool,
}

impl SearchState {
    /// Remembers `query` as the newest in the history (no duplicates in a row).
    pub fn remember(&mut self, query: &str) {
        if query.trim().is_empty() {
            return;
        }
        self.history.retain(|q| q != query);
        self.history.push(query.to_string());
        if self.history.len() > 100 {
            self.history.remove(0);
        }
    }

    /// The next older query for ↑ on an empty (or recalled) prompt.
    pub fn recall_older(&mut self) -> Option<&str> {
        let next = match self.recalled {
            None => self.history.len().checked_sub(1)?,
            Some(0) => 0,
            Some(i) => i - 1,
        };
        self.recalled = Some(next);
        self.history.get(next).map(String::as_str)
    }

    /// True when account `i`'s count is "at least".
    pub fn capped_any(&self, i: usize) -> bool {
        self.capped.get(i).copied().unwrap_or(false)
    }

    /// True while the newest query's results have not arrived.
    pub fn searching(&self) -> bool {
        self.shown < self.generation && !self.prompt.text.trim().is_empty()
    }
}

impl App {
    /// Opens the search prompt, remembering the view to return to.
    pub(super) fn open_search(&mut self) {
        self.search.saved = Some(self.saved_view());
        self.search.prompt = Prompt::default();
        self.search.results.clear();
        self.search.totals = [0, 0];
        self.search.list = List::new(0);
        self.search.recalled = None;
        self.search.jump_when_done = false;
        self.set_context(Context::Search);
    }

    fn saved_view(&self) -> SavedView {
        SavedView {
            panes: Side::BOTH.map(|side| {
                let p = self.pane(side);
                Place {
                    side,
                    paragraph: p.cursor,
                    top: p.anchor(),
                }
            }),
            focus: self.focus,
            size: (self.screen.area.width, self.screen.area.height),
        }
    }

    /// The panes as `saved`, cursor and all. The cursor is not moved into
    /// view: the results list still takes the bottom of the panes, and
    /// would push a cursor on the last rows up a paragraph; once the list
    /// closes, the panes are as high as when the view was saved. Unless the
    /// terminal was resized since: then the saved top may leave the cursor
    /// out of view in the smaller panes, and the pane scrolls to it.
    fn restore_view(&mut self, saved: &SavedView) {
        self.placed = true;
        self.focus_on(saved.focus);
        let resized = saved.size != (self.screen.area.width, self.screen.area.height);
        for place in saved.panes {
            let pane = &mut self.panes[place.side.index()];
            pane.set_anchor(place.top);
            pane.cursor = place.paragraph.min(pane.paragraphs().saturating_sub(1));
            if resized && !pane.shows(pane.cursor) {
                // Scrolled to the cursor's paragraph: the reader's place
                // stays the paragraph it was.
                let p = pane.cursor;
                pane.set_cursor(p);
            }
        }
    }

    /// Search-mode actions; true when consumed.
    pub(super) fn update_search(&mut self, action: &Action) -> bool {
        match self.search.prompt.apply(action) {
            Edit::Text => {
                self.search.recalled = None;
                self.request_search();
                return true;
            }
            Edit::Cursor => return true,
            Edit::None => {}
        }
        match action {
            Action::SelectNext => {
                self.search.list.next();
                self.show_selected();
            }
            Action::SelectPrev
                if self.search.prompt.text.is_empty() || self.search.recalled.is_some() =>
            {
                if let Some(q) = self.search.recall_older().map(str::to_string) {
                    self.search.prompt.set(&q);
                    self.request_search();
                }
            }
            Action::SelectPrev => {
                self.search.list.prev();
                self.show_selected();
            }
            Action::Jump if self.search.searching() => {
                self.search.jump_when_done = true;
                self.say(Why::Progress, "searching…".into());
            }
            Action::Jump => self.accept_search(),
            Action::Cancel => self.cancel_search(),
            Action::TogglePreview => self.toggle_preview(),
            Action::ToggleFuzzy => {
                self.search.no_fuzzy = !self.search.no_fuzzy;
                let what = if self.search.no_fuzzy {
                    "fuzzy matches off: only close matches"
                } else {
                    "fuzzy matches on"
                };
                self.say(Why::Done, what.into());
                self.request_search();
            }
            _ => {}
        }
        true
    }

    /// Asks a worker to search for the prompt's query (the newest wins).
    fn request_search(&mut self) {
        self.search.generation += 1;
        let query = self.search.prompt.text.clone();
        if query.trim().is_empty() {
            self.search.results.clear();
            self.search.totals = [0, 0];
            self.search.list = List::new(0);
            self.search.shown = self.search.generation;
            if let Some(saved) = self.search.saved {
                self.restore_view(&saved);
            }
            self.highlights = [Vec::new(), Vec::new()];
            return;
        }
        self.submit(Job::Search {
            generation: self.search.generation,
            query,
            limit: LIST_LIMIT,
            fuzzy: !self.search.no_fuzzy,
            purpose: Purpose::Prompt,
        });
    }

    /// A search's results have arrived.
    pub(super) fn install_search(&mut self, found: &SearchDone) {
        match found.purpose {
            Purpose::Restore => {
                if found.results.hits.is_empty() {
                    return;
                }
                self.search.active = Some(ActiveSearch {
                    query: found.query.clone(),
                    hits: found.results.hits.clone(),
                    current: 0,
                });
                if self.follow == Follow::Nothing || self.restoring.follow_search {
                    self.follow = Follow::Search;
                    self.highlight_hits(&found.results.hits, 0);
                }
            }
            Purpose::Prompt => {
                if found.generation != self.search.generation || self.context != Context::Search {
                    return;
                }
                self.search.results = found.results.hits.clone();
                self.search.totals = found.results.totals;
                self.search.capped = found.results.capped;
                self.search.list = List::new(self.search.results.len());
                self.search.shown = found.generation;
                if let Some(saved) = self.search.saved {
                    self.restore_view(&saved);
                }
                if self.search.results.is_empty() {
                    self.highlights = [Vec::new(), Vec::new()];
                } else {
                    self.show_selected();
                }
                if std::mem::take(&mut self.search.jump_when_done) {
                    self.accept_search();
                }
            }
        }
    }

    /// Shows the selected result in its pane, a quarter down (above the
    /// results list), all results highlighted.
    fn show_selected(&mut self) {
        let Some(current) = self.search.list.get() else {
            return;
        };
        let hits = std::mem::take(&mut self.search.results);
        self.highlight_hits(&hits, current);
        if let Some(h) = hits.get(current) {
            let pane = &mut self.panes[h.side.index()];
            let line = pane.wrapped().line_of(h.start(&self.pair));
            pane.scroll_to(line.saturating_sub(pane.height / 4));
            pane.cursor = h.paragraph.min(pane.paragraphs().saturating_sub(1));
            pane.keep_cursor_in_view();
        }
        self.search.results = hits;
    }

    /// Highlights `hits`, with `current` as the one in hand.
    fn highlight_hits(&mut self, hits: &[Hit], current: usize) {
        let mut marks = [Vec::new(), Vec::new()];
        for (i, h) in hits.iter().enumerate() {
            let kind = if i == current {
                HighlightKind::Current
            } else {
                HighlightKind::Match
            };
            marks[h.side.index()].extend(h.matches.iter().map(|m| Highlight {
                span: m.clone(),
                kind,
            }));
        }
        for m in &mut marks {
            m.sort_by_key(|m| (m.span.start, m.kind));
        }
        self.highlights = marks;
    }

    /// Goes to result `current` of `hits` (a jump), all highlighted.
    fn go_to_hit(&mut self, hits: &[Hit], current: usize) {
        self.highlight_hits(hits, current);
        if let Some(h) = hits.get(current) {
            self.record_jump();
            self.focus_on(h.side);
            let pane = &mut self.panes[h.side.index()];
            pane.set_cursor(h.paragraph);
            let line = pane.wrapped().line_of(h.start(&self.pair));
            pane.reveal(line);
        }
    }

    /// Enter: closes the prompt at the selected result, which stays
    /// highlighted; n/N now step through the results.
    fn accept_search(&mut self) {
        let query = self.search.prompt.text.clone();
        self.search.remember(&query);
        let hits = std::mem::take(&mut self.search.results);
        if hits.is_empty() {
            self.cancel_search();
            if !query.trim().is_empty() {
                self.say(Why::Refused, format!("no match for {query}"));
            }
            return;
        }
        let current = self.search.list.selected.min(hits.len() - 1);
        // Back to where the prompt opened, so the jump list records that.
        if let Some(saved) = self.search.saved.take() {
            self.restore_view(&saved);
        }
        self.set_context(Context::Reader);
        self.go_to_hit(&hits, current);
        // The cursor may stand where the live list had put it already:
        // the jump is a move all the same, and sync follows it.
        self.follow_cursor();
        self.say(
            Why::Done,
            format!(
                "result {}/{} in reading order · n/N next/previous · Esc clears",
                self.reading_place(&hits, current),
                hits.len()
            ),
        );
        self.search.active = Some(ActiveSearch {
            query,
            hits,
            current,
        });
        self.follow = Follow::Search;
    }

    /// Esc in the prompt: the panes go back where they were.
    fn cancel_search(&mut self) {
        if let Some(saved) = self.search.saved.take() {
            self.restore_view(&saved);
        }
        self.search.results.clear();
        self.search.jump_when_done = false;
        self.set_context(Context::Reader);
        self.highlights = [Vec::new(), Vec::new()];
        // What n/N followed before the prompt opened is shown again.
        self.show_follow();
    }

    /// Highlights what n/N follow, without moving.
    pub(super) fn show_follow(&mut self) {
        match self.follow {
            Follow::Search => {
                if let Some(a) = self.search.active.take() {
                    self.highlight_hits(&a.hits, a.current);
                    self.search.active = Some(a);
                }
            }
            Follow::Mentions => self.highlight_mentions(),
            Follow::Nothing => {}
        }
    }

    /// n/N: the next or previous of whatever was chosen last.
    pub(super) fn step_follow(&mut self, delta: isize) {
        match self.follow {
            Follow::Search => self.step_match(delta),
            Follow::Mentions => self.step_mentions(delta),
            Follow::Nothing => {
                self.say(
                    Why::Refused,
                    "nothing to step through: / to search, p to choose a person".into(),
                );
            }
        }
    }

    /// n/N through the active search in reading order, as less and vim
    /// step: the next match after the cursor in the focused pane, then on
    /// into the other pane (the left account read before the right), and
    /// round again with a note. The list keeps its ranking.
    fn step_match(&mut self, delta: isize) {
        let Some(active) = self.search.active.take() else {
            self.say(Why::Refused, "no search yet: press / to search".to_string());
            return;
        };
        let Some(current) = self.next_in_reading_order(&active, delta) else {
            self.search.active = Some(active);
            return;
        };
        let (current, wrapped) = current;
        // The counter counts in the order n steps in, not by the list's
        // ranking: n from the 5th goes to the 6th.
        let place = self.reading_place(&active.hits, current);
        self.go_to_hit(&active.hits, current);
        let note = match wrapped {
            true if delta > 0 => " · wrapped to the first",
            true => " · wrapped to the last",
            false => "",
        };
        self.say(
            Why::Done,
            format!(
                "result {}/{} in reading order for {}{note}",
                place,
                active.hits.len(),
                active.query
            ),
        );
        self.search.active = Some(ActiveSearch { current, ..active });
    }

    /// Where hit `i` of `hits` is in reading order (the left account before
    /// the right, each from its start), from 1.
    fn reading_place(&self, hits: &[Hit], i: usize) -> usize {
        let at = |h: &Hit| (h.side.index(), h.start(&self.pair));
        hits.get(i).map_or(0, |hit| {
            let here = (at(hit), i);
            1 + (0..hits.len())
                .filter(|&k| (at(&hits[k]), k) < here)
                .count()
        })
    }

    /// The hit `delta` (±1) from the cursor in reading order, and whether
    /// the step went round past an end. From the hit last stepped to when
    /// the cursor is still in its paragraph, else from the cursor
    /// paragraph's start.
    fn next_in_reading_order(&self, active: &ActiveSearch, delta: isize) -> Option<(usize, bool)> {
        let hits = &active.hits;
        let at = |h: &Hit| (h.side.index(), h.start(&self.pair));
        let mut order: Vec<usize> = (0..hits.len()).collect();
        order.sort_by_key(|&i| (at(&hits[i]), i));
        let last = hits.get(active.current);
        let focus = self.focus;
        let cursor = self.pane(focus).cursor;
        // The place stepped from: (side, offset), and whether a hit there
        // is itself the next one (the cursor moved away from the last).
        let (from, inclusive) = match last {
            Some(h) if h.side == focus && h.paragraph == cursor => (at(h), false),
            _ => ((focus.index(), self.paragraph_start(focus, cursor)), true),
        };
        let after = |i: &usize| {
            let p = at(&hits[*i]);
            if inclusive { p >= from } else { p > from }
        };
        if delta > 0 {
            match order.iter().find(|i| after(i)) {
                Some(&i) => Some((i, false)),
                None => order.first().map(|&i| (i, true)),
            }
        } else {
            let before = |i: &&usize| at(&hits[**i]) < from;
            match order.iter().rev().find(before) {
                Some(&i) => Some((i, false)),
                None => order.last().map(|&i| (i, true)),
            }
        }
    }
}
