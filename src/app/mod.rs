//! The application state and `update`: every key press becomes an [`Action`],
//! and [`App::update`] is the only thing that changes the state. Nothing here
//! knows about a terminal; the `ui` module draws an `&App`.

pub mod action;
pub mod help;
pub mod layout;
pub mod links;
pub mod pane;
pub mod people;
pub mod place;
pub mod prompt;
pub mod search;

pub use action::{Action, Context};
pub use layout::{Layout, Rect};
pub use pane::Pane;

use crate::keymap::{Key, Keymap};
use crate::pair::Pair;
use crate::people::{People, PeopleIndex};
use crate::search::{Hit, SearchIndex};
use crate::text::Side;
use crate::topics::{Lexicon, Links};
use search::{ActiveSearch, SavedView, SearchState};
use std::ops::Range;
use std::sync::{Arc, OnceLock};

/// Lines the mouse wheel scrolls per notch.
const WHEEL_LINES: isize = 3;

/// What has the keyboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Reading: keys scroll the focused pane.
    Reading,
    /// The help overlay is open.
    Help,
    /// The search prompt and its results are open.
    Search,
    /// The people panel has the keyboard.
    People,
    /// The links panel has the keyboard.
    Links,
}

/// What a highlight in a pane stands for; decides its style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum MarkKind {
    /// A search match.
    Match,
    /// A mention of the person chosen in the people panel.
    Person,
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
    /// Search keys of both accounts, built once on a background thread
    /// after the first frame (see [`App::warm_up`]).
    pub index: Arc<OnceLock<SearchIndex>>,
    /// The prompt, results, history and active search.
    pub search: SearchState,
    /// Everyone mentioned, found once at load.
    pub people: Arc<People>,
    /// The people panel.
    pub panel: people::PeoplePanel,
    /// Topics and links between paragraphs, built once on a background
    /// thread after the first frame (see [`App::warm_up`], [`App::links`]).
    links: Arc<OnceLock<Links>>,
    /// The lexicon the links are built from.
    lexicon: Arc<Lexicon>,
    /// The links panel.
    pub links_panel: links::LinksPanel,
    /// Paragraphs marked by a jump between related paragraphs, per pane.
    pub para_marks: [Option<usize>; 2],
    /// Sync scrolling by topic is on.
    pub sync: bool,
    /// Marks set with `m`: a pane and a byte offset per letter.
    pub place_marks: std::collections::BTreeMap<char, (Side, usize)>,
    /// A key waiting for its letter (`m`, `'`).
    pub pending: Option<place::Pending>,
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
        let index = PeopleIndex::bundled().unwrap_or_default();
        let people = Arc::new(People::find(&pair, &index));
        App::with_data(pair, keymap, people, Lexicon::bundled().unwrap_or_default())
    }

    /// A reader for `pair` with `keymap`, the people found in it and the
    /// links between its paragraphs.
    pub fn with_data(
        pair: Arc<Pair>,
        keymap: Keymap,
        people: Arc<People>,
        lexicon: Lexicon,
    ) -> App {
        let lexicon = Arc::new(lexicon);
        let links = Arc::new(OnceLock::new());
        let panes = [Pane::unwrapped(), Pane::unwrapped()];
        let help = help::Help::new(&keymap);
        let index = Arc::new(OnceLock::new());
        App {
            people,
            panel: people::PeoplePanel::default(),
            links,
            lexicon,
            links_panel: links::LinksPanel::default(),
            para_marks: [None, None],
            sync: false,
            place_marks: Default::default(),
            pending: None,
            index,
            search: SearchState::default(),
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

    /// Starts building the search keys and the links on a background
    /// thread. The terminal layer calls this once the first frame is drawn,
    /// so that frame does not share the cores with them; whatever needs
    /// them first waits for them (or builds them, when this was never called).
    pub fn warm_up(&self) {
        let (index, links) = (Arc::clone(&self.index), Arc::clone(&self.links));
        let (pair, people, lexicon) = (
            Arc::clone(&self.pair),
            Arc::clone(&self.people),
            Arc::clone(&self.lexicon),
        );
        std::thread::spawn(move || {
            index.get_or_init(|| SearchIndex::with_people(&pair, Arc::clone(&people)));
            links.get_or_init(|| Links::build(&pair, &people, (*lexicon).clone()));
        });
    }

    /// Topics and links, waiting for the background build if it is not done.
    pub fn links(&self) -> &Links {
        self.links
            .get_or_init(|| Links::build(&self.pair, &self.people, (*self.lexicon).clone()))
    }

    /// Topics and links if already built: the view never waits for them.
    pub fn links_ready(&self) -> Option<&Links> {
        self.links.get()
    }

    /// The pane on `side`.
    pub fn pane(&self, side: Side) -> &Pane {
        &self.panes[side.index()]
    }

    /// The keymap context for the current mode.
    pub fn context(&self) -> Context {
        match self.mode {
            Mode::Search => Context::Search,
            Mode::People => Context::People,
            Mode::Links => Context::Links,
            Mode::Reading | Mode::Help => Context::Reader,
        }
    }

    /// Handles a key press: the bound action in the current context, if any.
    pub fn handle_key(&mut self, key: Key) {
        self.message = None;
        if let Some(p) = self.pending.take() {
            self.finish_pending(p, key.typed_char());
            return;
        }
        if let Some(action) = self.keymap.action(self.context(), &key) {
            self.update(action);
        } else if matches!(self.mode, Mode::Search | Mode::People)
            && let Some(c) = key.typed_char()
        {
            self.update(Action::Insert(c));
        }
    }

    /// Applies one action to the state.
    pub fn update(&mut self, action: Action) {
        if self.mode == Mode::Help && self.update_help(action) {
            return;
        }
        if self.mode == Mode::Search && self.update_search(action) {
            return;
        }
        if self.mode == Mode::People && self.update_people(action) {
            return;
        }
        if self.mode == Mode::Links && self.update_links_panel(action) {
            return;
        }
        if self.mode == Mode::Reading && self.update_links_reader(action) {
            return;
        }
        let before = self.current_paragraph();
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
            Action::Cancel => {
                self.marks = [Vec::new(), Vec::new()];
                self.para_marks = [None, None];
                self.search.active = None;
                self.panel.active = None;
            }
            Action::Search => self.open_search(),
            Action::SetMark => {
                self.pending = Some(place::Pending::SetMark);
                self.message = Some("mark: press a letter".into());
            }
            Action::GotoMark => {
                self.pending = Some(place::Pending::GotoMark);
                self.message = Some("go to mark: press its letter".into());
            }
            Action::People => self.open_people(),
            Action::NextMatch if self.panel.active.is_some() => self.step_person(1),
            Action::PrevMatch if self.panel.active.is_some() => self.step_person(-1),
            Action::NextMatch => self.step_match(1),
            Action::PrevMatch => self.step_match(-1),
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
            Action::Jump
            | Action::FocusText
            | Action::ClosePanel
            | Action::NextTopic
            | Action::PrevTopic
            | Action::Counterpart
            | Action::Links
            | Action::Sync
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
        // Sync: when the focused pane reaches another paragraph, the other
        // pane follows to its best counterpart.
        if self.sync
            && self.mode == Mode::Reading
            && !matches!(action, Action::Resize(..))
            && self.current_paragraph() != before
        {
            self.follow();
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

    /// Opens the search prompt, remembering the view to return to.
    fn open_search(&mut self) {
        self.search.saved = Some(SavedView {
            tops: [self.panes[0].top, self.panes[1].top],
            focus: self.focus,
        });
        self.search.prompt = Default::default();
        self.search.results.clear();
        self.search.selected = 0;
        self.search.recalled = None;
        self.set_mode(Mode::Search);
    }

    /// Search-mode handling; true when the action was consumed.
    fn update_search(&mut self, action: Action) -> bool {
        match self.search.prompt.apply(action) {
            prompt::Edit::Text => {
                self.search.recalled = None;
                self.run_search();
                return true;
            }
            prompt::Edit::Cursor => return true,
            prompt::Edit::None => {}
        }
        let s = &mut self.search;
        let n = s.results.len();
        match action {
            Action::SelectNext if n > 0 => {
                s.selected = (s.selected + 1) % n;
                self.preview();
            }
            Action::SelectPrev if s.prompt.text.is_empty() || s.recalled.is_some() => {
                if let Some(q) = s.recall_older().map(str::to_string) {
                    s.prompt.set(&q);
                    self.run_search();
                }
            }
            Action::SelectPrev if n > 0 => {
                s.selected = (s.selected + n - 1) % n;
                self.preview();
            }
            Action::Jump => self.jump(),
            Action::Cancel => self.cancel_search(),
            Action::Quit => self.quit = true,
            Action::Resize(..) | Action::Wheel(..) | Action::Click(..) => return false,
            _ => {}
        }
        true
    }

    /// Runs the query as it stands and previews the best result.
    fn run_search(&mut self) {
        let results = self
            .index
            .get_or_init(|| SearchIndex::with_people(&self.pair, Arc::clone(&self.people)))
            .search(&self.pair, &self.search.prompt.text, search::LIST_LIMIT);
        self.search.results = results;
        self.search.selected = 0;
        if let Some(saved) = self.search.saved.clone() {
            self.restore_view(&saved);
        }
        if self.search.results.is_empty() {
            self.marks = [Vec::new(), Vec::new()];
        } else {
            self.preview();
        }
    }

    /// Shows the selected result in its pane, a quarter down (above the
    /// results list), all results highlighted.
    fn preview(&mut self) {
        let hits = std::mem::take(&mut self.search.results);
        let current = self.search.selected;
        self.mark_hits(&hits, current);
        if let Some(h) = hits.get(current) {
            let (pane, line) = self.hit_line(h);
            pane.scroll_to(line.saturating_sub(pane.height / 4));
        }
        self.search.results = hits;
    }

    /// Highlights `hits`, with `current` marked as the one in hand.
    fn mark_hits(&mut self, hits: &[Hit], current: usize) {
        let mut marks = [Vec::new(), Vec::new()];
        for (i, h) in hits.iter().enumerate() {
            let kind = if i == current {
                MarkKind::Current
            } else {
                MarkKind::Match
            };
            marks[h.side.index()].extend(h.matches.iter().map(|m| Mark {
                span: m.clone(),
                kind,
            }));
        }
        for m in &mut marks {
            m.sort_by_key(|m| (m.span.start, m.kind));
        }
        self.marks = marks;
    }

    /// The pane of `hit` and the line of its first match there.
    fn hit_line(&mut self, hit: &Hit) -> (&mut Pane, usize) {
        let pane = &mut self.panes[hit.side.index()];
        let line = pane
            .wrapped()
            .line_of(hit.matches.first().map_or(0, |m| m.start));
        (pane, line)
    }

    /// Marks `hits` and focuses and reveals the current one.
    fn go_to_hit(&mut self, hits: &[Hit], current: usize) {
        self.mark_hits(hits, current);
        if let Some(h) = hits.get(current) {
            self.focus = h.side;
            let (pane, line) = self.hit_line(h);
            pane.reveal(line);
        }
    }

    /// Enter: closes the prompt at the selected result, which stays marked.
    fn jump(&mut self) {
        let query = self.search.prompt.text.clone();
        self.search.remember(&query);
        let hits = std::mem::take(&mut self.search.results);
        if hits.is_empty() {
            self.cancel_search();
            if !query.trim().is_empty() {
                self.message = Some(format!("no match for {query}"));
            }
            return;
        }
        let current = self.search.selected.min(hits.len() - 1);
        self.search.saved = None;
        self.set_mode(Mode::Reading);
        self.go_to_hit(&hits, current);
        self.message = Some(format!(
            "result {}/{} · n/N next/previous · Esc clears",
            current + 1,
            hits.len()
        ));
        self.search.active = Some(ActiveSearch {
            query,
            hits,
            current,
        });
    }

    /// Esc in the prompt: the panes go back where they were.
    fn cancel_search(&mut self) {
        if let Some(saved) = self.search.saved.take() {
            self.restore_view(&saved);
        }
        self.search.results.clear();
        self.set_mode(Mode::Reading);
        // The search active before the prompt opened stays highlighted.
        match self.search.active.take() {
            Some(a) => {
                self.mark_hits(&a.hits, a.current);
                self.search.active = Some(a);
            }
            None => self.marks = [Vec::new(), Vec::new()],
        }
    }

    fn restore_view(&mut self, saved: &SavedView) {
        self.focus = saved.focus;
        for (pane, top) in self.panes.iter_mut().zip(saved.tops) {
            pane.scroll_to(top);
        }
    }

    /// n/N: the next or previous result of the active search.
    fn step_match(&mut self, delta: isize) {
        let Some(active) = self.search.active.take() else {
            self.message = Some("no search yet: press / to search".to_string());
            return;
        };
        let n = active.hits.len();
        let current = (active.current as isize + delta).rem_euclid(n as isize) as usize;
        self.go_to_hit(&active.hits, current);
        self.message = Some(format!("result {}/{n} for {}", current + 1, active.query));
        self.search.active = Some(ActiveSearch { current, ..active });
    }

    /// Changes mode and lays the screen out again (the prompt takes a row).
    fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
        let area = self.layout.area;
        if area.width > 0 {
            self.resize(area.width, area.height);
        }
    }

    fn focused(&mut self) -> &mut Pane {
        &mut self.panes[self.focus.index()]
    }

    /// Lays the screen out anew for `width` × `height` and rewraps the panes
    /// (both at once, on two threads, when both need it).
    fn resize(&mut self, width: u16, height: u16) {
        let panel = self.panel.open || self.links_panel.open;
        self.layout = Layout::new(width, height, self.mode == Mode::Search, panel);
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
