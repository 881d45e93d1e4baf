//! Marks (`m` then a letter, `'` then the letter) and the reading place as
//! a [`PairState`] to remember and restore.

use super::search::ActiveSearch;
use super::{App, Mode};
use crate::state::{MarkState, PairState};
use crate::text::Side;

/// A key that waits for a letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// `m`: the next letter names a mark set here.
    SetMark,
    /// `'`: the next letter names the mark to go to.
    GotoMark,
}

fn side_name(s: Side) -> String {
    s.name().to_string()
}

fn side_of(name: &str) -> Side {
    if name == "right" {
        Side::Right
    } else {
        Side::Left
    }
}

impl App {
    /// The letter after `m` or `'`.
    pub(super) fn finish_pending(&mut self, pending: Pending, letter: Option<char>) {
        let Some(c) = letter.filter(|c| c.is_alphanumeric()) else {
            self.message = Some("mark cancelled: marks are letters".into());
            return;
        };
        match pending {
            Pending::SetMark => {
                let offset = self.pane(self.focus).top_offset();
                self.place_marks.insert(c, (self.focus, offset));
                self.message = Some(format!("mark {c} set"));
            }
            Pending::GotoMark => match self.place_marks.get(&c).copied() {
                Some((side, offset)) => {
                    self.focus = side;
                    self.panes[side.index()].set_anchor(offset);
                    self.message = Some(format!("mark {c}"));
                }
                None => self.message = Some(format!("no mark {c}: set one with m{c}")),
            },
        }
    }

    /// The reading place, to remember.
    pub fn snapshot(&self) -> PairState {
        PairState {
            tops: [self.panes[0].anchor(), self.panes[1].anchor()],
            focus: side_name(self.focus),
            panel: if self.panel.open {
                "people".into()
            } else if self.links_panel.open {
                "links".into()
            } else {
                String::new()
            },
            search: self
                .search
                .active
                .as_ref()
                .map(|a| a.query.clone())
                .unwrap_or_default(),
            history: self.search.history.clone(),
            person: self
                .panel
                .active
                .as_ref()
                .map(|a| self.people.persons[a.person].id.clone())
                .unwrap_or_default(),
            sync: self.sync,
            marks: self
                .place_marks
                .iter()
                .map(|(c, (side, offset))| {
                    (
                        c.to_string(),
                        MarkState {
                            side: side_name(*side),
                            offset: *offset,
                        },
                    )
                })
                .collect(),
        }
    }

    /// Puts the reader back where `state` says; anything that no longer fits
    /// the texts (an offset past the end, an unknown person) is left out.
    pub fn restore(&mut self, state: &PairState) {
        let pair = std::sync::Arc::clone(&self.pair);
        let len = |s: Side| pair.account(s).text.len();
        self.search.history = state.history.clone();
        if !state.search.is_empty() {
            let hits = self
                .index
                .get_or_init(|| {
                    crate::search::SearchIndex::with_people(
                        &self.pair,
                        std::sync::Arc::clone(&self.people),
                    )
                })
                .search(&self.pair, &state.search, super::search::LIST_LIMIT);
            if !hits.is_empty() {
                self.mark_hits(&hits, 0);
                self.search.active = Some(ActiveSearch {
                    query: state.search.clone(),
                    hits,
                    current: 0,
                });
            }
            self.search.remember(&state.search);
        }
        if let Some(p) = self
            .people
            .persons
            .iter()
            .position(|p| p.id == state.person)
        {
            self.show_person(p);
        }
        self.message = None;
        for (c, m) in &state.marks {
            let side = side_of(&m.side);
            if let Some(c) = c.chars().next()
                && m.offset <= len(side)
            {
                self.place_marks.insert(c, (side, m.offset));
            }
        }
        for side in Side::BOTH {
            self.panes[side.index()].set_anchor(state.tops[side.index()].min(len(side)));
        }
        self.focus = side_of(&state.focus);
        self.sync = state.sync;
        match state.panel.as_str() {
            "people" => {
                self.panel.open = true;
                self.panel.refilter(&self.people);
            }
            "links" => {
                let paragraph = self
                    .pair
                    .account(self.focus)
                    .paragraph_at(state.tops[self.focus.index()]);
                self.links_panel = super::links::LinksPanel {
                    open: true,
                    from: Some(crate::topics::ParaRef {
                        side: self.focus,
                        paragraph,
                    }),
                    selected: 0,
                };
            }
            _ => {}
        }
        self.mode = Mode::Reading;
    }
}
