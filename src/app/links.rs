//! Topic links in the reader: the paragraph in hand, `]`/`[` through the
//! paragraphs sharing a topic with it, `l` for its best counterpart beside
//! it, the links panel (`t`), and sync scrolling (`s`).

use super::{Action, App, Mode};
use crate::text::Side;
use crate::topics::{Link, ParaRef};

/// The links panel: the paragraph its links come from, and the selection.
#[derive(Debug, Clone, Default)]
pub struct LinksPanel {
    /// Shown on screen.
    pub open: bool,
    /// The paragraph whose links are listed.
    pub from: Option<ParaRef>,
    /// The selected row.
    pub selected: usize,
}

impl App {
    /// The paragraph at the top of the focused pane.
    pub fn current_paragraph(&self) -> ParaRef {
        ParaRef {
            side: self.focus,
            paragraph: self.pane(self.focus).top_paragraph(),
        }
    }

    /// The links listed in the panel.
    /// Never waits: empty while the links are still being built, so the
    /// view can call it on every frame.
    pub fn panel_links(&self) -> &[Link] {
        match (self.links_panel.from, self.links_ready()) {
            (Some(p), Some(links)) => links.of(p.side, p.paragraph),
            _ => &[],
        }
    }

    /// Reader actions about links; true when handled.
    pub(super) fn update_links_reader(&mut self, action: Action) -> bool {
        match action {
            Action::NextTopic => self.step_topic(true),
            Action::PrevTopic => self.step_topic(false),
            Action::Counterpart => {
                let here = self.current_paragraph();
                match self.links().best_counterpart(here.side, here.paragraph) {
                    Some(l) => {
                        let to = l.to;
                        self.align(here, to);
                    }
                    None => {
                        self.message = Some(format!(
                            "¶{} has no counterpart in the other account",
                            here.paragraph + 1
                        ))
                    }
                }
            }
            Action::Links => self.open_links(),
            Action::Sync => {
                self.sync = !self.sync;
                self.message = Some(
                    if self.sync {
                        "sync on: the other pane follows by topic"
                    } else {
                        "sync off"
                    }
                    .into(),
                );
                if self.sync {
                    self.follow();
                }
            }
            _ => return false,
        }
        true
    }

    /// `]` / `[`: the next (or previous) paragraph, across both accounts in
    /// reading order (left, then right), that shares a topic with this one.
    fn step_topic(&mut self, forward: bool) {
        let here = self.current_paragraph();
        let all: Vec<ParaRef> = Side::BOTH
            .into_iter()
            .flat_map(|side| {
                (0..self.pair.account(side).paragraphs.len())
                    .map(move |paragraph| ParaRef { side, paragraph })
            })
            .collect();
        let Some(pos) = all.iter().position(|p| *p == here) else {
            return;
        };
        let n = all.len();
        let found = (1..n)
            .map(|k| {
                if forward {
                    all[(pos + k) % n]
                } else {
                    all[(pos + n - k) % n]
                }
            })
            .find(|p| self.links().share_topic(here, *p));
        match found {
            Some(to) => {
                self.focus = to.side;
                let pane = &mut self.panes[to.side.index()];
                let line = pane
                    .wrapped()
                    .first_line
                    .get(to.paragraph)
                    .copied()
                    .unwrap_or(0);
                pane.scroll_to(line);
                self.para_marks = [None, None];
                self.para_marks[to.side.index()] = Some(to.paragraph);
                let topics: Vec<&str> = self
                    .links()
                    .topic_labels(here.side, here.paragraph)
                    .into_iter()
                    .filter(|t| self.links().topic_labels(to.side, to.paragraph).contains(t))
                    .collect();
                self.message = Some(format!(
                    "{} ¶{}: {}",
                    self.pair.account(to.side).meta.label,
                    to.paragraph + 1,
                    topics.join(" · ")
                ));
            }
            None => self.message = Some("no other paragraph shares a topic with this one".into()),
        }
    }

    /// Puts paragraph `to` beside `from`: when they are in different panes,
    /// `to` starts on the row where `from` starts; both are marked.
    pub(super) fn align(&mut self, from: ParaRef, to: ParaRef) {
        let fp = &self.panes[from.side.index()];
        let from_line = fp
            .wrapped()
            .first_line
            .get(from.paragraph)
            .copied()
            .unwrap_or(0);
        let row = from_line.saturating_sub(fp.top);
        let tp = &mut self.panes[to.side.index()];
        let to_line = tp
            .wrapped()
            .first_line
            .get(to.paragraph)
            .copied()
            .unwrap_or(0);
        if to.side == from.side {
            tp.scroll_to(to_line);
            self.focus = to.side;
            self.para_marks = [None, None];
        } else {
            tp.scroll_to(to_line.saturating_sub(row));
            self.para_marks[from.side.index()] = Some(from.paragraph);
        }
        self.para_marks[to.side.index()] = Some(to.paragraph);
    }

    /// With sync on: keeps the other pane on the best counterpart of the
    /// focused pane's paragraph.
    pub(super) fn follow(&mut self) {
        if !self.sync {
            return;
        }
        let here = self.current_paragraph();
        if let Some(to) = self
            .links()
            .best_counterpart(here.side, here.paragraph)
            .map(|l| l.to)
        {
            self.align(here, to);
        }
    }

    /// `t`: the links panel for the paragraph in hand.
    fn open_links(&mut self) {
        self.links();
        self.panel.open = false;
        self.links_panel = LinksPanel {
            open: true,
            from: Some(self.current_paragraph()),
            selected: 0,
        };
        self.set_mode(Mode::Links);
    }

    /// Actions while the links panel has the keyboard; true when consumed.
    pub(super) fn update_links_panel(&mut self, action: Action) -> bool {
        self.links();
        let n = self.panel_links().len();
        let selected = self.links_panel.selected;
        match action {
            Action::SelectNext if n > 0 => self.links_panel.selected = (selected + 1) % n,
            Action::SelectPrev if n > 0 => self.links_panel.selected = (selected + n - 1) % n,
            Action::Jump => {
                let to = self.panel_links().get(selected).map(|l| l.to);
                if let (Some(from), Some(to)) = (self.links_panel.from, to) {
                    self.set_mode(Mode::Reading);
                    self.align(from, to);
                    self.focus = to.side;
                }
            }
            Action::FocusText => self.set_mode(Mode::Reading),
            Action::Cancel | Action::ClosePanel => {
                self.links_panel.open = false;
                self.set_mode(Mode::Reading);
            }
            Action::Quit => self.quit = true,
            Action::Resize(..) | Action::Wheel(..) | Action::Click(..) => return false,
            _ => {}
        }
        true
    }
}
