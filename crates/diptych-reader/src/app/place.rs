//! The reading place as a [`SavedPlace`] to remember, and putting it back
//! (through [`super::Action::Restore`]). A saved search is searched again by
//! a worker and a saved person is looked up once the people are found:
//! both arrive after the first frame.

use super::jumps::Place;
use super::people::Chosen;
use super::{App, Context, Follow, Panel};
use crate::worker::{Job, Purpose};
use diptych_core::reading_places::{MarkState, SavedPlace};
use diptych_core::text::Side;

/// What a restore still waits for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Restoring {
    /// The id of the person to choose again once people are found.
    pub person: Option<String>,
    /// n/N followed the search when the place was saved.
    pub follow_search: bool,
}

impl App {
    /// The reading place, to remember.
    pub fn snapshot(&self) -> SavedPlace {
        SavedPlace {
            tops: [self.panes[0].anchor(), self.panes[1].anchor()],
            cursors: [self.panes[0].cursor, self.panes[1].cursor],
            sentences: Side::BOTH
                .iter()
                .filter_map(|&side| Some((side.name().to_string(), self.pane(side).sentence?)))
                .collect(),
            focus: self.focus.name().to_string(),
            panel: match self.panel {
                Panel::People => "people",
                Panel::Links => "links",
                Panel::Outline => "outline",
                Panel::None => "",
            }
            .to_string(),
            search: self
                .search
                .active
                .as_ref()
                .map(|a| a.query.clone())
                .unwrap_or_default(),
            history: self.search.history.clone(),
            person: self
                .chosen
                .as_ref()
                .filter(|c| !c.id.starts_with("topic:"))
                .map(|c| c.id.clone())
                .unwrap_or_default(),
            follow: match self.follow {
                Follow::Search => "search",
                Follow::Mentions => "mentions",
                Follow::Nothing => "",
            }
            .to_string(),
            sync: self.sync,
            paths: self.engine.paths().to_vec(),
            labels: self
                .pair
                .accounts
                .iter()
                .map(|a| a.meta.label.clone())
                .collect(),
            left_at: diptych_core::reading_places::now(),
            marks: self
                .marks
                .iter()
                .map(|(c, (side, offset, set_at))| {
                    (
                        c.to_string(),
                        MarkState {
                            side: side.name().to_string(),
                            offset: *offset,
                            set_at: *set_at,
                        },
                    )
                })
                .collect(),
            curations: self.curations.clone(),
            curations_loaded: self.curations_loaded.clone(),
            background: self.background.clone(),
            labels_chosen: self.labels_chosen,
        }
    }

    /// Puts the reader back where `state` says; anything that no longer fits
    /// the texts (an offset past the end, an unknown person) is left out.
    pub(super) fn restore(&mut self, state: &SavedPlace) {
        let pair = std::sync::Arc::clone(&self.pair);
        let len = |s: Side| pair.account(s).text.len();
        self.search.history = state.history.clone();
        for (c, m) in &state.marks {
            let side = Side::from_name(&m.side).unwrap_or_default();
            if let Some(c) = c.chars().next()
                && m.offset <= len(side)
            {
                self.marks.insert(c, (side, m.offset, m.set_at));
            }
        }
        for side in Side::BOTH {
            let pane = &mut self.panes[side.index()];
            pane.set_anchor(state.tops[side.index()].min(len(side)));
            let n = pair.account(side).paragraphs.len();
            pane.cursor = state.cursors[side.index()].min(n.saturating_sub(1));
            if pane.paragraphs() > 0 {
                pane.keep_cursor_in_view();
            }
            // The sentence cursor, where its paragraph still has it under
            // the cursor.
            let sentences = |p: usize| {
                pair.account(side)
                    .paragraphs
                    .get(p)
                    .map_or(0, |x| x.sentences().len())
            };
            pane.sentence = state.sentences.get(side.name()).copied().filter(|&s| {
                pane.cursor == state.cursors[side.index()] && s < sentences(pane.cursor)
            });
        }
        self.focus_on(Side::from_name(&state.focus).unwrap_or_default());
        self.sync = state.sync;
        self.background.clone_from(&state.background);
        self.curations_loaded.clone_from(&state.curations);
        if state.curations != self.curations {
            self.curations = state.curations.clone();
            self.recurate_in_background();
        }
        self.restoring = Restoring {
            person: (!state.person.is_empty()).then(|| state.person.clone()),
            follow_search: state.follow == "search"
                || (state.follow.is_empty() && !state.search.is_empty()),
        };
        if state.follow == "mentions" {
            self.follow = Follow::Mentions;
        }
        if !state.search.is_empty() {
            self.search.remember(&state.search);
            self.search.generation += 1;
            self.submit(Job::Search {
                generation: self.search.generation,
                query: state.search.clone(),
                limit: super::search::LIST_LIMIT,
                fuzzy: true,
                purpose: Purpose::Restore,
            });
        }
        self.restore_person();
        let panel = match state.panel.as_str() {
            "people" => Panel::People,
            "links" => {
                self.links_panel.from = Some(self.current_paragraph());
                Panel::Links
            }
            _ => Panel::None,
        };
        self.clear_message();
        self.show(panel, Context::Reader);
    }

    /// Chooses the saved person again once the people are found, without
    /// moving the panes.
    pub(super) fn restore_person(&mut self) {
        let Some(id) = self.restoring.person.clone() else {
            return;
        };
        let Some(entities) = self.arrived.entities.clone() else {
            return;
        };
        self.restoring.person = None;
        let Some(p) = entities.entries.iter().find(|p| p.id == id) else {
            return;
        };
        self.chosen = Some(Chosen::new(
            p.id.clone(),
            p.name.clone(),
            p.spans(),
            self.focus,
        ));
        if self.follow == Follow::Mentions {
            self.highlight_mentions();
        }
    }

    /// The place of each pane, for the jump list and saved views.
    pub fn places(&self) -> [Place; 2] {
        Side::BOTH.map(|side| Place {
            side,
            paragraph: self.pane(side).cursor,
            top: self.pane(side).anchor(),
        })
    }
}
