//! The application state and `update`: every key press becomes an [`Action`],
//! and [`App::update`] is the only thing that changes the state. Nothing here
//! knows about a terminal; the `ui` module draws an `&App`.

pub mod action;
pub mod help;
pub mod layout;
pub mod pane;

pub use action::{Action, Context};
pub use layout::{Layout, Rect};
pub use pane::Pane;

use crate::keymap::{Key, Keymap};
use crate::pair::Pair;
use crate::text::Side;
use std::ops::Range;
use std::sync::Arc;

/// Lines the mouse wheel scrolls per notch.
const WHEEL_LINES: isize = 3;

/// What has the keyboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Reading: keys scroll the focused pane.
    Reading,
    /// The help overlay is open.
    Help,
}

/// What a highlight in a pane stands for; decides its style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum MarkKind {
    /// A search match.
    Match,
    /// The search match last jumped to.
    Current,
}

/// A highlighted span of an account's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    /// Byte span in the account's text.
    pub span: Range<usize>,
    /// What it marks.
    pub kind: MarkKind,
}

/// Everything the reader shows and remembers while running.
#[derive(Debug, Clone)]
pub struct App {
    /// The two accounts.
    pub pair: Arc<Pair>,
    /// Key bindings in effect.
    pub keymap: Keymap,
    /// The two panes, indexed by [`Side::index`].
    pub panes: [Pane; 2],
    /// The pane with the keyboard focus.
    pub focus: Side,
    /// What has the keyboard.
    pub mode: Mode,
    /// Where things are on screen.
    pub layout: Layout,
    /// Highlights per pane, sorted by start.
    pub marks: [Vec<Mark>; 2],
    /// The help screen's lines and its scroll position.
    pub help: help::Help,
    /// A one-line notice for the status bar, cleared by the next key.
    pub message: Option<String>,
    /// Set when the user asked to quit.
    pub quit: bool,
}

impl App {
    /// A reader for `pair` with `keymap`, not yet sized (see [`Action::Resize`]).
    pub fn new(pair: Arc<Pair>, keymap: Keymap) -> App {
        let panes = [Pane::unwrapped(), Pane::unwrapped()];
        let help = help::Help::new(&keymap);
        App {
            pair,
            keymap,
            panes,
            focus: Side::Left,
            mode: Mode::Reading,
            layout: Layout::default(),
            marks: [Vec::new(), Vec::new()],
            help,
            message: None,
            quit: false,
        }
    }

    /// The pane on `side`.
    pub fn pane(&self, side: Side) -> &Pane {
        &self.panes[side.index()]
    }

    /// The keymap context for the current mode.
    pub fn context(&self) -> Context {
        Context::Reader
    }

    /// Handles a key press: the bound action in the current context, if any.
    pub fn handle_key(&mut self, key: Key) {
        self.message = None;
        if let Some(action) = self.keymap.action(self.context(), &key) {
            self.update(action);
        }
    }

    /// Applies one action to the state.
    pub fn update(&mut self, action: Action) {
        if self.mode == Mode::Help && self.update_help(action) {
            return;
        }
        let page = self.pane(self.focus).height as isize;
        match action {
            Action::ScrollDown => self.focused().scroll_by(1),
            Action::ScrollUp => self.focused().scroll_by(-1),
            Action::HalfPageDown => self.focused().scroll_by((page / 2).max(1)),
            Action::HalfPageUp => self.focused().scroll_by(-(page / 2).max(1)),
            Action::PageDown => self.focused().scroll_by((page - 1).max(1)),
            Action::PageUp => self.focused().scroll_by(-(page - 1).max(1)),
            Action::Top => self.focused().scroll_to(0),
            Action::Bottom => self.focused().scroll_to(usize::MAX),
            Action::NextParagraph => self.focused().step_paragraph(1),
            Action::PrevParagraph => self.focused().step_paragraph(-1),
            Action::FocusOther => self.focus = self.focus.other(),
            Action::FocusLeft => self.focus = Side::Left,
            Action::FocusRight => self.focus = Side::Right,
            Action::Help => {
                self.mode = Mode::Help;
                self.help.scroll = 0;
            }
            Action::Cancel => self.marks = [Vec::new(), Vec::new()],
            Action::Quit => self.quit = true,
            Action::Resize(w, h) => self.resize(w, h),
            Action::Wheel(col, row, down) => {
                if let Some(side) = self.layout.pane_at(col, row) {
                    let d = if down { WHEEL_LINES } else { -WHEEL_LINES };
                    self.panes[side.index()].scroll_by(d);
                }
            }
            Action::Click(col, row) => {
                if let Some(side) = self.layout.pane_at(col, row) {
                    self.focus = side;
                }
            }
            Action::Search
            | Action::NextMatch
            | Action::PrevMatch
            | Action::Jump
            | Action::SelectNext
            | Action::SelectPrev
            | Action::DeleteBack
            | Action::DeleteForward
            | Action::DeleteWord
            | Action::ClearLine
            | Action::CursorLeft
            | Action::CursorRight
            | Action::CursorHome
            | Action::CursorEnd
            | Action::Insert(_)
            | Action::None => {}
        }
    }

    /// Help-mode handling; true when the action was consumed.
    fn update_help(&mut self, action: Action) -> bool {
        let page = self.help_height();
        let h = &mut self.help;
        match action {
            Action::ScrollDown => h.scroll_by(1, page),
            Action::ScrollUp => h.scroll_by(-1, page),
            Action::HalfPageDown | Action::PageDown => h.scroll_by(page as isize / 2, page),
            Action::HalfPageUp | Action::PageUp => h.scroll_by(-(page as isize) / 2, page),
            Action::Top => h.scroll = 0,
            Action::Bottom => h.scroll_by(isize::MAX, page),
            Action::Help | Action::Cancel | Action::Quit => self.mode = Mode::Reading,
            Action::Resize(..) | Action::Wheel(..) | Action::Click(..) => return false,
            _ => {}
        }
        true
    }

    /// Rows of help text that fit on screen.
    pub fn help_height(&self) -> usize {
        help::help_area(self.layout.area).inner().height as usize
    }

    fn focused(&mut self) -> &mut Pane {
        &mut self.panes[self.focus.index()]
    }

    /// Lays the screen out anew for `width` × `height` and rewraps the panes
    /// (both at once, on two threads, when both need it).
    fn resize(&mut self, width: u16, height: u16) {
        self.layout = Layout::new(width, height, false);
        if self.layout.too_small {
            return;
        }
        let sizes = Side::BOTH.map(|side| self.text_size(side));
        let pair = &self.pair;
        let [left, right] = &mut self.panes;
        let (lw, rw) = (sizes[0].0, sizes[1].0);
        if left.needs_wrap(lw) && right.needs_wrap(rw) {
            let (l, r) = std::thread::scope(|s| {
                let l = s.spawn(|| left.wrap_for(pair.account(Side::Left), lw));
                let r = right.wrap_for(pair.account(Side::Right), rw);
                (l.join().unwrap_or_else(|e| std::panic::resume_unwind(e)), r)
            });
            left.install(l);
            right.install(r);
        } else {
            left.set_width(pair.account(Side::Left), lw);
            right.set_width(pair.account(Side::Right), rw);
        }
        for (pane, (_, h)) in self.panes.iter_mut().zip(sizes) {
            pane.set_height(h);
        }
        let page = self.help_height();
        self.help.scroll_by(0, page);
    }

    /// Text width (without the gutter and a one-cell margin on the right)
    /// and height of the pane on `side`.
    pub fn text_size(&self, side: Side) -> (usize, usize) {
        let inner = self.layout.panes[side.index()].inner();
        let gutter = layout::gutter_width(self.pair.account(side).paragraphs.len());
        (
            inner.width.saturating_sub(gutter + 1).max(1) as usize,
            inner.height.max(1) as usize,
        )
    }
}
