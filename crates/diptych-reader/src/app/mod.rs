//! The application state and its one door: [`App::update`].
//!
//! **The rule:** every change to an [`App`] goes through `update(Action)`.
//! Key presses arrive as [`Action::Key`] (counts, the letter after `m` and
//! `'`, bindings and keyboard layouts are resolved in `keys`); the
//! terminal layer sends resizes and mouse events; background workers send
//! their results as [`Action::Done`]; a remembered place is put back with
//! [`Action::Restore`]. What the state wants done outside itself goes to
//! two outboxes read by the caller after each batch of actions: [`Job`]s
//! for the workers ([`App::take_jobs`]) and [`Effect`]s for the terminal
//! ([`App::take_effects`]). The fields are private to this crate: the view
//! reads them through methods of the same name (`access.rs`), and the
//! status line's message is set only through `App::say`, with its reason
//! ([`Why`]).
//!
//! Nothing here knows about a terminal; the binary's `ui` draws an `&App`.

mod access;
mod arrived;
mod curate;
mod gaps;
pub mod goto;
pub mod help;
pub mod jumps;
mod keys;
pub mod links;
pub mod list;
pub mod map;
mod marks;
pub mod outline;
pub mod pane;
pub mod people;
pub mod place;
pub mod preview;
pub mod prompt;
mod reader;
pub mod screen;
pub mod search;
mod sentences;
mod snippet;
mod status;

pub use crate::action::{Action, Context};
pub use arrived::Arrived;
pub use pane::Pane;
pub use preview::{Preview, PreviewPart};
pub use screen::{Arrangement, Rect, ScreenLayout};
pub use status::Why;

use crate::keymap::Keymap;
use crate::worker::{Done, Engine, Job};
use diptych_core::entities::Entities;
use diptych_core::links::Links;
use diptych_core::pair::Pair;
use diptych_core::text::Side;
use std::ops::Range;
use std::sync::Arc;

/// Which panel is open beside (or below) the panes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Panel {
    /// None.
    #[default]
    None,
    /// People and places.
    People,
    /// The links of a paragraph.
    Links,
    /// The headings of both accounts.
    Outline,
}

/// What a highlight in a pane stands for; decides its style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum HighlightKind {
    /// A search match.
    Match,
    /// A mention of the chosen person, place or topic.
    Person,
    /// The match or mention last stepped to.
    Current,
}

/// A highlighted span of an account's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Highlight {
    /// Byte span in the account's text.
    pub span: Range<usize>,
    /// What it marks.
    pub kind: HighlightKind,
}

/// What `n` / `N` step through: the most recent choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Follow {
    /// Nothing chosen yet.
    #[default]
    Nothing,
    /// The active search's results.
    Search,
    /// The chosen person's (or place's, or map row's) mentions.
    Mentions,
}

/// Something the state asks the terminal layer to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Put this text on the clipboard (OSC 52).
    Clipboard(String),
    /// Turn mouse capture on (true) or off.
    Mouse(bool),
    /// Suspend the program (leave the terminal, stop until `fg`).
    Suspend,
}

/// Settings that shape the reader (from the command line or config.toml).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Side by side, stacked, or decided by width.
    pub arrangement: Arrangement,
    /// Mouse capture on.
    pub mouse: bool,
    /// Sync on at start (a remembered place overrides it).
    pub sync: bool,
    /// Panes wider than this many text columns centre a column this wide (0: no limit).
    pub max_width: u16,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            arrangement: Arrangement::Auto,
            mouse: true,
            sync: false,
            max_width: 0,
        }
    }
}

/// Everything the reader shows and remembers while running.
#[derive(Debug, Clone)]
pub struct App {
    /// The two accounts.
    pub(crate) pair: Arc<Pair>,
    /// Computes what the workers compute (tests run it in place, see [`App::settle`]).
    pub(crate) engine: Arc<Engine>,
    /// Key bindings in effect.
    pub(crate) keymap: Keymap,
    /// Layout, mouse and sync settings.
    pub(crate) options: Options,
    /// The two panes, indexed by [`Side::index`].
    pub(crate) panes: [Pane; 2],
    /// The pane with the keyboard focus.
    pub(crate) focus: Side,
    /// What has the keyboard.
    pub(crate) context: Context,
    /// The panel open beside the panes.
    pub(crate) panel: Panel,
    /// Where things are on screen.
    pub(crate) screen: ScreenLayout,
    /// Highlighted spans per pane, sorted by start.
    pub(crate) highlights: [Vec<Highlight>; 2],
    /// Counterpart bars in the gutter: the paragraph a link jump marked, per pane.
    pub(crate) bars: [Option<usize>; 2],
    /// What the background work has brought so far.
    pub(crate) arrived: Arrived,
    /// The search prompt, results, history and active search.
    pub(crate) search: search::SearchState,
    /// The people and places panel.
    pub(crate) people_panel: people::PeoplePanel,
    /// The links panel.
    pub(crate) links_panel: links::LinksPanel,
    /// The outline panel.
    pub(crate) outline: outline::OutlinePanel,
    /// The overview map.
    pub(crate) map: map::MapView,
    /// The go-to prompt.
    pub(crate) goto: prompt::Prompt,
    /// The person, place or topic whose spans are highlighted.
    pub(crate) chosen: Option<people::Chosen>,
    /// The reader's corrections to the people found, in order.
    pub(crate) curations: Vec<diptych_core::entities::curate::Curation>,
    /// The corrections as the saved place had them when the pair opened:
    /// saving keeps what another reader of the pair added since.
    pub(crate) curations_loaded: Vec<diptych_core::entities::curate::Curation>,
    /// The newest curation asked of a worker; older results are dropped.
    curate_generation: u64,
    /// The terminal's background as it answered ("light", "dark"), or as
    /// it was remembered; kept with the place.
    pub(crate) background: String,
    /// The labels were given, not made (kept with the place).
    pub(crate) labels_chosen: bool,
    /// The help screen.
    pub(crate) help: help::Help,
    /// Sync scrolling is on.
    pub(crate) sync: bool,
    /// The preview beside the search and links lists is on.
    pub(crate) preview: bool,
    /// Marks set with `m`: a pane, a byte offset and when it was set (seconds
    /// since 1970), per letter.
    pub(crate) marks: std::collections::BTreeMap<char, (Side, usize, u64)>,
    /// Where the cursor was before each jump.
    pub(crate) jumps: jumps::JumpList,
    /// What `n` / `N` step through.
    pub(crate) follow: Follow,
    /// A count typed before a key (`5j`), and a key waiting for its letter.
    pub(crate) keys: keys::KeyState,
    /// Actions waiting for a background result (a link key pressed early).
    pub(crate) waiting: Vec<Action>,
    /// A one-line notice for the status bar, cleared by the next key: set
    /// only through [`App::say`].
    message: Option<status::StatusMessage>,
    /// Set when the user asked to quit.
    pub(crate) quit: bool,
    jobs: Vec<Job>,
    effects: Vec<Effect>,
    /// A saved person or search to put back once people or keys arrive.
    restoring: place::Restoring,
    /// How deep `update` is (a key calls it again for its action): sync is
    /// looked at once, by the outermost.
    depth: u32,
    /// Both panes were placed on purpose during this update (a link or a
    /// counterpart laid side by side, a view put back): sync leaves them.
    placed: bool,
}

impl App {
    /// A reader for the engine's pair with `keymap`, not yet sized (see
    /// [`Action::Resize`]). The background work is asked for at once (see
    /// [`App::take_jobs`]).
    pub fn new(engine: Arc<Engine>, keymap: Keymap, options: Options) -> App {
        let pair = Arc::clone(engine.pair());
        let help = help::Help::new(&keymap);
        App {
            pair,
            engine,
            keymap,
            options,
            panes: [Pane::unwrapped(), Pane::unwrapped()],
            focus: Side::Left,
            context: Context::Reader,
            panel: Panel::None,
            screen: ScreenLayout::default(),
            highlights: [Vec::new(), Vec::new()],
            bars: [None, None],
            arrived: Arrived::default(),
            search: search::SearchState::default(),
            people_panel: people::PeoplePanel::default(),
            links_panel: links::LinksPanel::default(),
            outline: outline::OutlinePanel::default(),
            map: map::MapView::default(),
            goto: prompt::Prompt::default(),
            chosen: None,
            curations: Vec::new(),
            curations_loaded: Vec::new(),
            curate_generation: 0,
            background: String::new(),
            labels_chosen: false,
            help,
            sync: options.sync,
            preview: false,
            marks: Default::default(),
            jumps: jumps::JumpList::default(),
            follow: Follow::Nothing,
            keys: keys::KeyState::default(),
            waiting: Vec::new(),
            message: None,
            quit: false,
            jobs: vec![Job::Warm],
            effects: Vec::new(),
            depth: 0,
            placed: false,
            restoring: place::Restoring::default(),
        }
    }

    /// Applies one action to the state: the only way the state changes.
    pub fn update(&mut self, action: Action) {
        if self.depth == 0 {
            self.placed = false;
        }
        self.depth += 1;
        let before = self.panes.each_ref().map(|p| (p.cursor, p.sentence, p.top));
        match action {
            Action::Key(key) => self.on_key(key),
            Action::Resize(w, h) => self.resize(w, h),
            Action::Done(done) => self.on_done(done),
            Action::Restore(place) => self.restore(&place),
            Action::Notice(m) => self.say(Why::Notice, m),
            Action::SetMarkAt(c) => self.set_mark(c),
            Action::GotoMarkAt(c) => self.goto_mark(c),
            Action::Wheel(col, row, down) => self.wheel(col, row, down),
            Action::Click(col, row) => self.click(col, row),
            // Quitting means the same whatever has the keyboard.
            Action::Quit => self.quit = true,
            other => self.dispatch(other),
        }
        self.depth -= 1;
        // Sync: every move of the focused pane's cursor, jumps included
        // (a search result, `:`, a mark, the outline, a mention, Ctrl-o),
        // brings its counterpart beside it; a change of focus alone
        // (Tab) moves nothing, and panes placed on purpose stay.
        // Scrolling inside the cursor paragraph keeps the two sides level
        // by sentence (for an aligned translation).
        let pane = self.pane(self.focus);
        let was = before[self.focus.index()];
        let moved = (pane.cursor, pane.sentence) != (was.0, was.1);
        let scrolled = pane.top != was.2;
        if self.depth == 0 && self.sync && !self.placed {
            if moved {
                self.follow_cursor();
            } else if scrolled {
                self.level_by_sentence();
            }
        }
    }

    /// The prompt that has the keyboard, if one has.
    fn active_prompt(&mut self) -> Option<&mut prompt::Prompt> {
        match self.context {
            Context::Help => Some(&mut self.help.filter),
            Context::Search => Some(&mut self.search.prompt),
            Context::People => Some(&mut self.people_panel.filter),
            Context::Outline => Some(&mut self.outline.filter),
            Context::Goto => Some(&mut self.goto),
            Context::Links | Context::Map | Context::Reader => None,
        }
    }

    /// An action for whatever has the keyboard.
    fn dispatch(&mut self, action: Action) {
        let editing = matches!(action, Action::Insert(_) | Action::Paste(_));
        self.dispatch_to_context(action);
        if editing && self.active_prompt().is_some_and(prompt::Prompt::take_cut) {
            self.say(
                Why::Refused,
                format!(
                    "a prompt holds at most {} characters: the rest was cut",
                    prompt::MAX_CHARS
                ),
            );
        }
    }

    /// An action for the context that has the keyboard.
    fn dispatch_to_context(&mut self, action: Action) {
        // The help opens over any panel or prompt, and gives it the
        // keyboard back.
        if action == Action::Help && !matches!(self.context, Context::Help | Context::Reader) {
            self.open_help();
            return;
        }
        let consumed = match self.context {
            Context::Help => self.update_help(&action),
            Context::Search => self.update_search(&action),
            Context::People => self.update_people(&action),
            Context::Links => self.update_links_panel(&action),
            Context::Outline => self.update_outline(&action),
            Context::Map => self.update_map(&action),
            Context::Goto => self.update_goto(&action),
            Context::Reader => false,
        };
        if !consumed && self.context == Context::Reader {
            self.update_reader(action);
        }
    }

    /// Runs every job in the outbox in place, until none is left: what
    /// the terminal layer does on worker threads, for tests and scripts.
    pub fn settle(&mut self) {
        loop {
            let jobs = self.take_jobs();
            if jobs.is_empty() {
                return;
            }
            for job in jobs {
                let mut done = Vec::new();
                self.engine.run(&job, &mut |d| done.push(d));
                for d in done {
                    self.update(Action::Done(d));
                }
            }
        }
    }

    /// The jobs asked for since the last call; of several searches only
    /// the newest is kept (a paste or a burst of keys costs one search).
    pub fn take_jobs(&mut self) -> Vec<Job> {
        let jobs = std::mem::take(&mut self.jobs);
        let last_search = jobs.iter().rposition(|j| matches!(j, Job::Search { .. }));
        jobs.into_iter()
            .enumerate()
            .filter(|(i, j)| !matches!(j, Job::Search { .. }) || Some(*i) == last_search)
            .map(|(_, j)| j)
            .collect()
    }

    /// The effects asked for since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// Asks for `job` to be run in the background.
    fn submit(&mut self, job: Job) {
        self.jobs.push(job);
    }

    /// A result from a worker.
    fn on_done(&mut self, done: Done) {
        match done {
            Done::SearchIndex(k) => self.arrived.search_index = Some(k),
            Done::Entities(p) => {
                self.arrived.found = Some(p);
                if !self.recurate_in_background() {
                    self.people_shown();
                }
            }
            Done::Curated {
                generation,
                found,
                curated,
            } => {
                self.curated(generation, &found, curated);
                self.people_shown();
            }
            Done::Links(l) => {
                if let Some(note) = &l.note {
                    self.say(Why::Done, note.clone());
                }
                // The people the links number are those found so far:
                // the alignment's merged names arrive after the links.
                self.arrived.links_built = Some((Arc::clone(&l), self.arrived.found.clone()));
                self.arrived.links = Some(l);
                self.name_link_people();
                self.replay_waiting();
                if self.sync {
                    self.follow_cursor();
                }
            }
            Done::Map(m) => {
                self.arrived.map = Some(m);
                self.map.refresh(self.arrived.map.as_deref());
                self.replay_waiting();
            }
            Done::Search(found) => self.install_search(&found),
            Done::Failed { what, message } => {
                let line = format!("{what} failed ({message}); the reader goes on without it");
                self.say(Why::Failed, line.clone());
                self.arrived.failed.push(line);
                self.waiting.clear();
            }
        }
    }

    /// The people are shown: the wait for them is over.
    fn people_shown(&mut self) {
        if self.arrived.entities.is_none() {
            return;
        }
        // Its notice goes.
        if self.message() == Some("finding people…") {
            self.clear_message();
        }
        self.restore_person();
        self.replay_waiting();
    }

    /// Runs the actions that were waiting for a result now there.
    fn replay_waiting(&mut self) {
        let waiting = std::mem::take(&mut self.waiting);
        for a in waiting {
            self.dispatch(a);
        }
    }

    /// Waits for a background result before `action` can run: says so.
    fn wait_for(&mut self, action: Action, what: &str) {
        if !self.waiting.contains(&action) {
            self.waiting.push(action);
        }
        self.say(Why::Progress, format!("finding {what}…"));
    }

    /// The pane on `side`.
    pub fn pane(&self, side: Side) -> &Pane {
        &self.panes[side.index()]
    }

    /// What has the keyboard: the keymap context keys are looked up in.
    pub fn context(&self) -> Context {
        self.context
    }

    /// Changes the context and lays the screen out again (a prompt takes a
    /// row).
    fn set_context(&mut self, context: Context) {
        self.context = context;
        self.relayout();
    }

    /// Opens `panel` (closing any other, or closing panels with
    /// [`Panel::None`]) with `context` having the keyboard, and lays the
    /// screen out again: the one place the panel changes.
    fn show(&mut self, panel: Panel, context: Context) {
        self.panel = panel;
        self.context = context;
        self.relayout();
    }

    /// Gives `side`'s pane the keyboard: the one place the focus changes.
    fn focus_on(&mut self, side: Side) {
        self.focus = side;
    }

    /// Lays the screen out again at the current size.
    fn relayout(&mut self) {
        let area = self.screen.area;
        if area.width > 0 {
            self.resize(area.width, area.height);
        }
    }

    /// The pane with the focus.
    fn focused(&mut self) -> &mut Pane {
        &mut self.panes[self.focus.index()]
    }

    /// Lays the screen out anew for `width` × `height` and rewraps the panes
    /// (both at once, on two threads, when both need it).
    fn resize(&mut self, width: u16, height: u16) {
        let prompt = matches!(self.context, Context::Search | Context::Goto);
        self.screen = ScreenLayout::new(
            width,
            height,
            prompt,
            self.panel != Panel::None,
            self.options.arrangement,
        );
        if self.screen.too_small {
            return;
        }
        self.rewrap();
        self.refresh_help();
    }

    /// Counts the help rows at the current width and keeps the scroll in bounds.
    fn refresh_help(&mut self) {
        self.refresh_help_at(false);
    }

    /// [`Self::refresh_help`], and with `to_panel`, when the help was
    /// opened from a panel or prompt, scrolled to that one's keys (as it
    /// opens, and when its filter is cleared).
    fn refresh_help_at(&mut self, to_panel: bool) {
        let width = help::help_area(self.screen.area)
            .inner()
            .width
            .saturating_sub(2) as usize;
        let rows = self.help.rows(width);
        self.help.set_rows(rows.len());
        let page = self.help_height();
        let panel = self.help.back.filter(|&c| to_panel && c != Context::Reader);
        if let Some(at) =
            panel.and_then(|from| rows.iter().position(|r| *r == help::Row::Header(from)))
        {
            self.help.scroll_by(at as isize, page);
        }
        self.help.clamp(page);
    }

    /// Wraps both panes for their widths where needed.
    fn rewrap(&mut self) {
        let sizes = Side::BOTH.map(|side| self.text_size(side));
        let pair = &self.pair;
        let [left, right] = &mut self.panes;
        let (lw, rw) = (sizes[0].0, sizes[1].0);
        // The new heights first: a pane shows its cursor as its text is
        // installed, and at the old height (one row, before the terminal
        // was first measured) that scrolled a restored cursor to the top.
        left.size_rows(sizes[0].1);
        right.size_rows(sizes[1].1);
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
    }

    /// Text width (without the gutter, the scrollbar and a margin) and
    /// height of the pane on `side`; a pane wider than `max_width` text
    /// columns keeps to it.
    pub fn text_size(&self, side: Side) -> (usize, usize) {
        let inner = self.screen.panes[side.index()].inner();
        let gutter = screen::gutter_width(self.pair.account(side).paragraphs.len());
        let mut width = inner.width.saturating_sub(gutter + 2).max(1) as usize;
        if self.options.max_width > 0 {
            width = width.min(self.options.max_width as usize);
        }
        (width, inner.height.max(1) as usize)
    }

    /// The people, once found.
    pub fn entities(&self) -> Option<&Entities> {
        self.arrived.entities.as_deref()
    }

    /// The links, once built.
    pub fn links(&self) -> Option<&Links> {
        self.arrived.links.as_deref()
    }
}
