//! The search prompt's state: the query being typed, its results, the
//! selection, the view to return to on Esc, earlier queries, and the search
//! that stays active after Enter for n/N.

use super::prompt::Prompt;
use crate::search::Hit;
use crate::text::Side;

/// How many results the list keeps per query.
pub const LIST_LIMIT: usize = 500;

/// Where the panes were when the prompt opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedView {
    /// Top line of each pane.
    pub tops: [usize; 2],
    /// The focused pane.
    pub focus: Side,
}

/// A search whose results stay highlighted after Enter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActiveSearch {
    /// The query.
    pub query: String,
    /// Its results, best first.
    pub hits: Vec<Hit>,
    /// The result last jumped to.
    pub current: usize,
}

/// Everything about searching.
#[derive(Debug, Clone, Default)]
pub struct SearchState {
    /// The query as typed.
    pub prompt: Prompt,
    /// Results for the query, best first.
    pub results: Vec<Hit>,
    /// The selected result.
    pub selected: usize,
    /// The view to restore on Esc.
    pub saved: Option<SavedView>,
    /// Earlier queries, oldest first.
    pub history: Vec<String>,
    /// Position while recalling history (index into `history`).
    pub recalled: Option<usize>,
    /// The search n/N step through, after Enter.
    pub active: Option<ActiveSearch>,
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
}
