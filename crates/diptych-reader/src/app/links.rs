//! Links in the reader, all from the cursor paragraph: `]`/`[` through the
//! paragraphs sharing a topic with it, `l` for its best counterpart beside
//! it, the links panel (`t`), and sync (the other pane keeps the
//! counterpart of the cursor paragraph on the same row). A key pressed
//! before the links exist says so and acts when they arrive.

use super::Why;
use super::list::List;
use super::{Action, App, Context, Panel};
use diptych_core::links::{Link, ParaRef};
use diptych_core::text::Side;

/// The links panel: the paragraph its links come from, and the selection.
#[derive(Debug, Clone, Default)]
pub struct LinksPanel {
    /// The paragraph whose links are listed.
    pub from: Option<ParaRef>,
    /// The selection.
    pub list: List,
}

impl App {
    /// The cursor paragraph of the focused pane.
    pub fn current_paragraph(&self) -> ParaRef {
        ParaRef {
            side: self.focus,
            paragraph: self.pane(self.focus).cursor,
        }
    }

    /// True when paragraph `p` of `side` has no counterpart in an aligned
    /// translation (false for two narratives).
    pub fn lacks_counterpart(&self, side: Side, p: usize) -> bool {
        self.links()
            .and_then(|l| l.alignment.as_ref())
            .and_then(|a| a.of[side.index()].get(p))
            .is_some_and(|q| q.is_none())
    }

    /// The run of paragraphs around `p` of `side` without a counterpart,
    /// in an aligned translation (none when `p` has one).
    pub fn no_counterpart(&self, side: Side, p: usize) -> Option<std::ops::Range<usize>> {
        let of = &self.links()?.alignment.as_ref()?.of[side.index()];
        if of.get(p)?.is_some() {
            return None;
        }
        let start = of
            .iter()
            .take(p)
            .rposition(|q| q.is_some())
            .map_or(0, |i| i + 1);
        let end = of
            .iter()
            .skip(p)
            .position(|q| q.is_some())
            .map_or(of.len(), |i| p + i);
        Some(start..end)
    }

    /// The links listed in the panel (none while they are being found).
    pub fn panel_links(&self) -> &[Link] {
        match (self.links_panel.from, self.links()) {
            (Some(p), Some(links)) => links.of(p.side, p.paragraph),
            _ => &[],
        }
    }

    /// Reader actions about links; true when handled.
    pub(super) fn update_links_reader(&mut self, action: &Action) -> bool {
        let needs_links = matches!(
            action,
            Action::NextTopic | Action::PrevTopic | Action::Counterpart | Action::Links
        );
        if needs_links && self.arrived.links.is_none() {
            self.wait_for(action.clone(), "links");
            return true;
        }
        match action {
            Action::NextTopic => self.step_topic(true),
            Action::PrevTopic => self.step_topic(false),
            // Sentences have counterparts in an aligned translation; in two
            // narratives `l` puts the paragraph's counterpart beside it.
            Action::Counterpart
                if self.pane(self.focus).sentence.is_some()
                    && self.sentence_alignment().is_some() =>
            {
                self.record_jump();
                if self.align_sentence() {
                    self.say(Why::Done, self.sentence_counterpart_note());
                } else {
                    self.say(
                        Why::Refused,
                        "this sentence has no counterpart in the other account".into(),
                    );
                }
            }
            Action::Counterpart => {
                let here = self.current_paragraph();
                let best = self
                    .links()
                    .and_then(|l| l.best_counterpart(here.side, here.paragraph));
                match best.map(|l| l.to) {
                    Some(to) => {
                        self.record_jump();
                        self.align(here, to);
                        self.say(Why::Done, self.counterpart_note(here, to));
                    }
                    None => {
                        self.say(
                            Why::Refused,
                            format!(
                                "¶{} has no counterpart in the other account",
                                here.paragraph + 1
                            ),
                        );
                    }
                }
            }
            Action::Links => self.open_links(),
            Action::Sync => {
                self.sync = !self.sync;
                self.say(
                    Why::Done,
                    if self.sync {
                        "sync on: the other pane keeps the counterpart of the cursor paragraph"
                    } else {
                        "sync off"
                    }
                    .into(),
                );
                if self.sync {
                    self.follow_cursor();
                }
            }
            _ => return false,
        }
        true
    }

    /// "sk1815 ¶4 beside uk1814 ¶2 · reasons".
    fn counterpart_note(&self, from: ParaRef, to: ParaRef) -> String {
        let reasons = self
            .links()
            .and_then(|l| l.of(from.side, from.paragraph).iter().find(|k| k.to == to))
            .map(|k| self.reasons_from(from, k))
            .unwrap_or_default();
        format!(
            "{} ¶{} beside {} ¶{}{}{}",
            self.pair.account(to.side).meta.label,
            to.paragraph + 1,
            self.pair.account(from.side).meta.label,
            from.paragraph + 1,
            if reasons.is_empty() { "" } else { " · " },
            reasons
        )
    }

    /// Where the panel's paragraph and a link's disagree, one entry each
    /// (`guns: trois canons / 5 guns`), as the files write them: sanitise
    /// before drawing.
    pub fn differences(&self, link: &Link) -> Vec<String> {
        match (self.links_panel.from, self.links()) {
            (Some(from), Some(links)) => links
                .differences(&self.pair, from, link)
                .iter()
                .map(|d| d.shown(&self.pair))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The reasons of each of the panel's links ([`App::panel_links`]),
    /// as one line each, each shared word as the two paragraphs write it
    /// (the panel's paragraph keyed once for them all).
    pub fn panel_reasons(&self) -> Vec<String> {
        let (Some(from), Some(links)) = (self.links_panel.from, self.links()) else {
            return Vec::new();
        };
        let mut written = diptych_core::links::words::Written::new(&self.pair, &links.words);
        self.panel_links()
            .iter()
            .map(|l| links.reasons_written(from, l, &mut written).join(" · "))
            .collect()
    }

    /// A link's reasons from `from` as one line, each shared word as the
    /// two paragraphs write it.
    fn reasons_from(&self, from: ParaRef, link: &Link) -> String {
        self.links()
            .map(|links| {
                let mut written =
                    diptych_core::links::words::Written::new(&self.pair, &links.words);
                links.reasons_written(from, link, &mut written).join(" · ")
            })
            .unwrap_or_default()
    }

    /// `]` / `[`: the next (or previous) paragraph, across both accounts in
    /// reading order (left, then right), sharing a topic with the cursor's.
    fn step_topic(&mut self, forward: bool) {
        let Some(links) = self.arrived.links.clone() else {
            return;
        };
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
        let mut found = None;
        let mut from = pos;
        for _ in 0..self.count() {
            found = (1..n)
                .map(|k| {
                    if forward {
                        all[(from + k) % n]
                    } else {
                        all[(from + n - k) % n]
                    }
                })
                .find(|p| links.share_topic(here, *p));
            match found.and_then(|f| all.iter().position(|p| *p == f)) {
                Some(i) => from = i,
                None => break,
            }
        }
        match found {
            Some(to) => {
                self.jump_to(to.side, to.paragraph);
                self.bars = [None, None];
                self.bars[to.side.index()] = Some(to.paragraph);
                let shared: Vec<&str> = links
                    .topic_labels(here.side, here.paragraph)
                    .into_iter()
                    .filter(|t| links.topic_labels(to.side, to.paragraph).contains(t))
                    .collect();
                self.say(
                    Why::Done,
                    format!(
                        "{} ¶{}: {}",
                        self.pair.account(to.side).meta.label,
                        to.paragraph + 1,
                        shared.join(" · ")
                    ),
                );
            }
            None => {
                self.say(
                    Why::Refused,
                    if links.topic_labels(here.side, here.paragraph).is_empty() {
                        format!("¶{} has no topic of the topic list", here.paragraph + 1)
                    } else {
                        "no other paragraph shares a topic with this one".into()
                    },
                );
            }
        }
    }

    /// Puts paragraph `to` beside `from`: in the other pane, `to` starts on
    /// the row where `from` starts; both get a bar and `to` the cursor.
    pub(super) fn align(&mut self, from: ParaRef, to: ParaRef) {
        self.placed = true;
        if to.side == from.side {
            self.focus_on(to.side);
            self.panes[to.side.index()].set_cursor(to.paragraph);
            self.bars = [None, None];
        } else {
            let row = self.pane(from.side).cursor_row().max(0) as usize;
            self.panes[to.side.index()].set_cursor_at_row(to.paragraph, row);
            self.bars[from.side.index()] = Some(from.paragraph);
        }
        self.bars[to.side.index()] = Some(to.paragraph);
    }

    /// With sync on: the other pane shows the counterpart of the focused
    /// pane's cursor paragraph on the same row (for a translation, the
    /// aligned paragraph).
    pub(super) fn follow_cursor(&mut self) {
        if !self.sync {
            return;
        }
        if self.align_sentence() {
            return;
        }
        let here = self.current_paragraph();
        let to = self
            .links()
            .and_then(|l| l.sync_target(here.side, here.paragraph));
        if let Some(to) = to {
            self.align(here, to);
        }
    }

    /// `t`: the links panel for the cursor paragraph.
    fn open_links(&mut self) {
        self.links_panel = LinksPanel {
            from: Some(self.current_paragraph()),
            list: List::new(0),
        };
        let n = self.panel_links().len();
        self.links_panel.list.set_len(n);
        self.show(Panel::Links, Context::Links);
    }

    /// Actions while the links panel has the keyboard; true when consumed.
    pub(super) fn update_links_panel(&mut self, action: &Action) -> bool {
        let n = self.panel_links().len();
        self.links_panel.list.set_len(n);
        match action {
            Action::SelectNext => self.links_panel.list.next(),
            Action::SelectPrev => self.links_panel.list.prev(),
            Action::Jump => {
                let to = self
                    .links_panel
                    .list
                    .get()
                    .and_then(|i| self.panel_links().get(i))
                    .map(|l| l.to);
                if let (Some(from), Some(to)) = (self.links_panel.from, to) {
                    self.set_context(Context::Reader);
                    self.record_jump();
                    self.align(from, to);
                    self.focus_on(to.side);
                }
            }
            Action::FocusText => self.set_context(Context::Reader),
            Action::Cancel | Action::ClosePanel => self.close_panel(),
            Action::TogglePreview => self.toggle_preview(),
            _ => {}
        }
        true
    }
}
