//! Reading: scrolling, the paragraph cursor, focus, jumps and the way back,
//! folds, copying, the mouse, and sync (the other pane following the
//! cursor's counterpart).

use super::Why;
use super::jumps::Place;
use super::keys::Pending;
use super::{Action, App, Context, Effect, Panel};
use diptych_core::text::Side;

/// Lines the mouse wheel scrolls per notch.
const WHEEL_LINES: isize = 3;

impl App {
    /// A reader action.
    pub(super) fn update_reader(&mut self, action: Action) {
        if self.update_links_reader(&action) {
            return;
        }
        let page = self.pane(self.focus).height as isize;
        let n = self.count() as isize;
        match action {
            Action::ScrollDown => self.focused().scroll_by(n),
            Action::ScrollUp => self.focused().scroll_by(-n),
            Action::HalfPageDown => self.focused().scroll_by((page / 2).max(1) * n),
            Action::HalfPageUp => self.focused().scroll_by(-(page / 2).max(1) * n),
            Action::PageDown => self.focused().scroll_by((page - 1).max(1) * n),
            Action::PageUp => self.focused().scroll_by(-(page - 1).max(1) * n),
            Action::Top => self.jump_to(self.focus, self.given_count().map_or(0, |c| c - 1)),
            Action::Bottom => {
                let last = self.pane(self.focus).paragraphs().saturating_sub(1);
                let target = self.given_count().map_or(last, |c| c - 1);
                self.jump_to(self.focus, target);
                if self.given_count().is_none() {
                    self.focused().scroll_to(usize::MAX);
                }
            }
            Action::NextParagraph => self.step_paragraphs(n),
            Action::PrevParagraph => self.step_paragraphs(-n),
            Action::NextSentence => self.step_sentence(true, n as usize),
            Action::PrevSentence => self.step_sentence(false, n as usize),
            Action::NextGap => self.step_gap(true),
            Action::PrevGap => self.step_gap(false),
            Action::FocusOther => self.focus_on(self.focus.other()),
            Action::FocusLeft => self.focus_on(Side::Left),
            Action::FocusRight => self.focus_on(Side::Right),
            Action::Goto => {
                self.goto = Default::default();
                self.set_context(Context::Goto);
            }
            Action::JumpBack => self.jump_back(),
            Action::JumpForward => self.jump_forward(),
            Action::Help => self.open_help(),
            Action::Cancel => self.cancel_reading(),
            Action::Search => self.open_search(),
            Action::SetMark => self.await_letter(Pending::SetMark),
            Action::GotoMark => self.await_letter(Pending::GotoMark),
            Action::Reposition => self.await_letter(Pending::Reposition),
            Action::Percent => self.go_to_percent(),
            Action::People => self.toggle_people(),
            Action::Outline => self.open_outline(),
            Action::Map => self.open_map(),
            Action::NextMatch => self.step_follow(n),
            Action::PrevMatch => self.step_follow(-n),
            Action::Copy => self.copy_paragraph(),
            Action::CopyWithCounterpart => self.copy_with_counterpart(),
            Action::ToggleMouse => {
                self.options.mouse = !self.options.mouse;
                self.effects.push(Effect::Mouse(self.options.mouse));
                self.say(
                    Why::Done,
                    if self.options.mouse {
                        "mouse on: the wheel scrolls, a click moves the cursor".into()
                    } else {
                        "mouse off: select text with the terminal; M turns it back on".into()
                    },
                );
            }
            Action::ToggleFold => self.toggle_fold(),
            Action::Suspend => self.effects.push(Effect::Suspend),
            Action::Insert(_) | Action::Paste(_) => {}
            _ => {}
        }
    }

    /// `}` / `{` with a count: moves the cursor, or says why it cannot.
    fn step_paragraphs(&mut self, delta: isize) {
        if !self.focused().move_cursor(delta) {
            let label = &self.pair.account(self.focus).meta.label;
            self.say(
                Why::Done,
                if delta > 0 {
                    format!("end of {label}")
                } else {
                    format!("start of {label}")
                },
            );
        }
    }

    /// Esc while reading: closes an open panel, else clears highlights and
    /// bars (the search or person stays: n/N show them again).
    fn cancel_reading(&mut self) {
        if self.panel != Panel::None {
            self.show(Panel::None, Context::Reader);
            return;
        }
        self.highlights = [Vec::new(), Vec::new()];
        self.bars = [None, None];
        self.say(Why::Done, "highlights cleared · n/N show them again".into());
    }

    /// Where the cursor of the focused pane is now.
    pub(super) fn here(&self) -> Place {
        let pane = self.pane(self.focus);
        Place {
            side: self.focus,
            paragraph: pane.cursor,
            top: pane.anchor(),
        }
    }

    /// Records the place before a jump (search result, mention, link, mark,
    /// outline, go-to, g/G).
    pub(super) fn record_jump(&mut self) {
        let here = self.here();
        self.jumps.record(here);
    }

    /// A jump to paragraph `p` of `side`: recorded, focused, cursor on it.
    /// A paragraph out of view comes in at the top of the pane, as less
    /// puts a line it goes to (a chapter's heading is read downwards from
    /// there, not found on the last row); one in view stays where it is.
    pub(super) fn jump_to(&mut self, side: Side, p: usize) {
        self.record_jump();
        self.focus_on(side);
        let pane = &mut self.panes[side.index()];
        if pane.shows(p) {
            pane.set_cursor(p);
        } else {
            pane.set_cursor_at_row(p, 0);
        }
    }

    /// `zz` (or `z.`), `zt`, `zb`: the cursor paragraph's first line in
    /// the middle, at the top or its last at the bottom of the focused
    /// pane (as far as the text allows).
    pub(super) fn reposition(&mut self, how: char) {
        let pane = &mut self.panes[self.focus.index()];
        let lines = pane.lines_of(pane.cursor);
        let top = match how {
            't' => lines.start,
            'b' => lines.end.saturating_sub(pane.height),
            _ => lines
                .start
                .saturating_sub(pane.height.saturating_sub(lines.len()) / 2),
        };
        pane.scroll_to(top);
    }

    /// `50%`: the paragraph at that share of the focused text (a jump).
    fn go_to_percent(&mut self) {
        let Some(n) = self.given_count() else {
            self.say(Why::Refused, "give a share first: 50% goes halfway".into());
            return;
        };
        let pane = self.pane(self.focus);
        let lines = pane.wrapped().len();
        let line = (lines.saturating_sub(1) * n.min(100)) / 100;
        let p = pane
            .wrapped()
            .line(line)
            .map_or(0, |l| l.para())
            .min(pane.paragraphs().saturating_sub(1));
        self.jump_to(self.focus, p);
    }

    /// Goes to a place of the jump list.
    fn go_to_place(&mut self, place: Place) {
        self.focus_on(place.side);
        let pane = &mut self.panes[place.side.index()];
        pane.set_anchor(place.top);
        pane.set_cursor(place.paragraph);
    }

    /// `Ctrl-o`: back to where the cursor was before the last jump.
    fn jump_back(&mut self) {
        let here = self.here();
        match self.jumps.back(here) {
            Some(place) => {
                self.go_to_place(place);
                self.say(Why::Done, format!("jump {}", self.jumps.position()));
            }
            None => self.say(Why::Refused, "no earlier jump".into()),
        }
    }

    /// Forward again in the jump list.
    fn jump_forward(&mut self) {
        match self.jumps.forward() {
            Some(place) => {
                self.go_to_place(place);
                self.say(Why::Done, format!("jump {}", self.jumps.position()));
            }
            None => self.say(Why::Refused, "no later jump".into()),
        }
    }

    /// `''`: to the place before the last jump, and back again.
    pub(super) fn jump_toggle(&mut self) {
        let here = self.here();
        match self.jumps.toggle(here) {
            Some(place) => self.go_to_place(place),
            None => self.say(Why::Refused, "no jump yet".into()),
        }
    }

    /// Enter on matter: show it whole, or fold it again.
    fn toggle_fold(&mut self) {
        let side = self.focus;
        let p = self.pane(side).cursor;
        let para = &self.pair.account(side).paragraphs[p];
        if !para.is_matter() {
            self.say(Why::Refused, "nothing folded here".into());
            return;
        }
        let pane = &mut self.panes[side.index()];
        pane.toggle_expanded(p);
        self.rewrap();
        self.panes[side.index()].set_cursor(p);
    }

    /// `y`: the cursor paragraph with its reference, to the clipboard.
    fn copy_paragraph(&mut self) {
        let side = self.focus;
        let account = self.pair.account(side);
        let p = self.pane(side).cursor;
        let Some(para) = account.paragraphs.get(p) else {
            return;
        };
        // With the sentence cursor on, its sentence.
        let sentence = self
            .pane(side)
            .sentence
            .and_then(|s| para.sentences().get(s).map(|x| (s, x.span())));
        let (text, reference) = match sentence {
            Some((s, span)) => (
                account.shown(span),
                format!("{} ¶{}.{}", account.meta.label, p + 1, s + 1),
            ),
            None => (
                account.shown(para.span()),
                format!("{} ¶{}", account.meta.label, p + 1),
            ),
        };
        self.effects
            .push(Effect::Clipboard(format!("{reference}\n{}", text.trim())));
        // Sent, not known to have arrived: a terminal never says.
        self.say(
            Why::Done,
            format!("sent {reference} to the terminal's clipboard"),
        );
    }

    /// `Y`: the cursor sentence, a tab, and its aligned counterpart; or
    /// without a sentence cursor the cursor paragraph and its counterpart;
    /// each on one line (a card for Anki, a row for a sheet).
    fn copy_with_counterpart(&mut self) {
        let side = self.focus;
        let p = self.pane(side).cursor;
        let account = self.pair.account(side);
        let other = self.pair.account(side.other());
        let Some(para) = account.paragraphs.get(p) else {
            return;
        };
        let line =
            |a: &diptych_core::text::Account, span| diptych_core::text::one_line(&a.shown(span));
        let (mine, theirs, what) = match self.pane(side).sentence {
            Some(s) => {
                let Some(x) = para.sentences().get(s) else {
                    return;
                };
                let theirs: Vec<String> = self
                    .counterpart_sentences()
                    .iter()
                    .filter_map(|&(q, t)| {
                        let y = other.paragraphs.get(q)?.sentences().get(t)?;
                        Some(line(other, y.span()))
                    })
                    .collect();
                (
                    line(account, x.span()),
                    theirs.join(" "),
                    format!("¶{}.{}", p + 1, s + 1),
                )
            }
            None => {
                let theirs = self
                    .links()
                    .and_then(|l| l.sync_target(side, p))
                    .and_then(|to| other.paragraphs.get(to.paragraph))
                    .map(|q| line(other, q.span()))
                    .unwrap_or_default();
                (line(account, para.span()), theirs, format!("¶{}", p + 1))
            }
        };
        if theirs.is_empty() {
            self.say(
                Why::Refused,
                format!(
                    "{} {what} has no counterpart to copy beside it (y copies it alone)",
                    account.meta.label
                ),
            );
            return;
        }
        let reference = format!("{} {what}", account.meta.label);
        self.effects
            .push(Effect::Clipboard(format!("{mine}\t{theirs}")));
        self.say(
            Why::Done,
            format!("sent {reference} and its counterpart to the terminal's clipboard"),
        );
    }

    /// The wheel: scrolls what is under the pointer.
    pub(super) fn wheel(&mut self, col: u16, row: u16, down: bool) {
        let d = if down { WHEEL_LINES } else { -WHEEL_LINES };
        if self.context == Context::Help {
            let page = self.help_height();
            self.help.scroll_by(d, page);
            return;
        }
        if let Some(side) = self.screen.pane_at(col, row) {
            self.panes[side.index()].scroll_by(d);
        }
    }

    /// A click: on a pane's text, focus it and put the cursor on the
    /// paragraph clicked; on its scrollbar, go to that part of the text; on
    /// a panel row, select it.
    pub(super) fn click(&mut self, col: u16, row: u16) {
        if self.context == Context::Map {
            self.click_map(col, row);
            return;
        }
        if self.click_panel(col, row) {
            return;
        }
        let Some(side) = self.screen.pane_at(col, row) else {
            return;
        };
        let inner = self.screen.panes[side.index()].inner();
        if row < inner.y || row >= inner.bottom() {
            self.focus_on(side);
            return;
        }
        self.focus_on(side);
        let pane = &mut self.panes[side.index()];
        if col + 1 >= inner.right() {
            // The scrollbar: the row stands for a part of the whole text.
            let total = pane.wrapped().len();
            let line = (row - inner.y) as usize * total / inner.height.max(1) as usize;
            self.record_jump();
            let pane = &mut self.panes[side.index()];
            pane.scroll_to(line.saturating_sub(pane.height / 2));
            return;
        }
        let line = pane.top + (row - inner.y) as usize;
        if let Some(l) = pane.wrapped().line(line) {
            let p = if l.kind() == diptych_core::wrap::LineKind::Gap {
                l.para() + 1
            } else {
                l.para()
            };
            pane.set_cursor(p);
        }
    }

    /// A click in the open panel: it takes the keyboard and the row
    /// clicked is selected. True when the click was in the panel.
    fn click_panel(&mut self, col: u16, row: u16) -> bool {
        let area = self.screen.panel;
        if self.panel == Panel::None || !area.contains(col, row) {
            return false;
        }
        let inner = area.inner();
        let rel = row.saturating_sub(inner.y) as usize;
        match self.panel {
            Panel::People => {
                self.set_context(Context::People);
                let shown = super::people::rows_shown(self);
                let offset = self.people_panel.list.offset(shown);
                // Row 0 is the filter, row 1 the tabs.
                if rel >= 2 && rel < 2 + shown {
                    self.people_panel.list.selected =
                        (offset + rel - 2).min(self.people_panel.list.len.saturating_sub(1));
                }
            }
            Panel::Outline => {
                self.set_context(Context::Outline);
                let shown = inner.height.saturating_sub(1) as usize;
                let offset = self.outline.list.offset(shown);
                if rel >= 1 {
                    self.outline.list.selected =
                        (offset + rel - 1).min(self.outline.list.len.saturating_sub(1));
                }
            }
            Panel::Links => {
                self.set_context(Context::Links);
            }
            Panel::None => {}
        }
        true
    }

    /// `?`: the help screen, its filter empty.
    pub(super) fn open_help(&mut self) {
        self.help.open();
        self.help.back = Some(self.context);
        self.set_context(Context::Help);
        self.refresh_help_at(true);
    }

    /// Help-mode actions; always consumed.
    pub(super) fn update_help(&mut self, action: &Action) -> bool {
        let page = self.help_height();
        match self.help.filter.apply(action) {
            super::prompt::Edit::Text => {
                self.help.refilter(&self.keymap);
                self.refresh_help();
                return true;
            }
            super::prompt::Edit::Cursor => return true,
            super::prompt::Edit::None => {}
        }
        let h = &mut self.help;
        match action {
            Action::ScrollDown | Action::SelectNext => h.scroll_by(1, page),
            Action::ScrollUp | Action::SelectPrev => h.scroll_by(-1, page),
            Action::HalfPageDown => h.scroll_by(page as isize / 2, page),
            Action::HalfPageUp => h.scroll_by(-(page as isize) / 2, page),
            Action::PageDown => h.scroll_by(page as isize - 1, page),
            Action::PageUp => h.scroll_by(-(page as isize - 1), page),
            Action::Cancel if !h.filter.text.is_empty() => {
                h.filter = Default::default();
                h.refilter(&self.keymap);
                self.refresh_help_at(true);
            }
            Action::Help | Action::Cancel => {
                let back = self.help.back.take().unwrap_or(Context::Reader);
                self.set_context(back);
            }
            _ => {}
        }
        true
    }

    /// Rows of help text that fit on screen.
    pub fn help_height(&self) -> usize {
        super::help::help_area(self.screen.area)
            .inner()
            .height
            .saturating_sub(1) as usize
    }
}
