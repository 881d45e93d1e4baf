//! Read access to the app's state for the view and the terminal: the
//! fields are the app's own, changed only through [`App::update`].

use super::*;

impl App {
    /// The two accounts.
    pub fn pair(&self) -> &Arc<Pair> {
        &self.pair
    }

    /// Computes what the workers compute (tests run it in place, see [`App::settle`]).
    pub fn engine(&self) -> &Arc<Engine> {
        &self.engine
    }

    /// Layout, mouse and sync settings.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The two panes, indexed by [`Side::index`].
    pub fn panes(&self) -> &[Pane; 2] {
        &self.panes
    }

    /// The pane with the keyboard focus.
    pub fn focus(&self) -> Side {
        self.focus
    }

    /// The panel open beside the panes.
    pub fn panel(&self) -> Panel {
        self.panel
    }

    /// Where things are on screen.
    pub fn screen(&self) -> &ScreenLayout {
        &self.screen
    }

    /// Highlighted spans per pane, sorted by start.
    pub fn highlights(&self) -> &[Vec<Highlight>; 2] {
        &self.highlights
    }

    /// Counterpart bars in the gutter: the paragraph a link jump marked, per pane.
    pub fn bars(&self) -> [Option<usize>; 2] {
        self.bars
    }

    /// What the background work has brought so far.
    pub fn arrived(&self) -> &Arrived {
        &self.arrived
    }

    /// The search prompt, results, history and active search.
    pub fn search(&self) -> &search::SearchState {
        &self.search
    }

    /// The people and places panel.
    pub fn people_panel(&self) -> &people::PeoplePanel {
        &self.people_panel
    }

    /// The links panel.
    pub fn links_panel(&self) -> &links::LinksPanel {
        &self.links_panel
    }

    /// The outline panel.
    pub fn outline(&self) -> &outline::OutlinePanel {
        &self.outline
    }

    /// The overview map.
    pub fn map(&self) -> &map::MapView {
        &self.map
    }

    /// The go-to prompt.
    pub fn goto(&self) -> &prompt::Prompt {
        &self.goto
    }

    /// The person, place or topic whose spans are highlighted.
    pub fn chosen(&self) -> &Option<people::Chosen> {
        &self.chosen
    }

    /// The reader's corrections to the people found, in order.
    pub fn curations(&self) -> &Vec<diptych_core::entities::curate::Curation> {
        &self.curations
    }

    /// The terminal's background as it answered ("light", "dark"), or as
    /// it was remembered; kept with the place.
    pub fn background(&self) -> &String {
        &self.background
    }

    /// The labels were given, not made (kept with the place).
    pub fn labels_chosen(&self) -> bool {
        self.labels_chosen
    }

    /// The help screen.
    pub fn help(&self) -> &help::Help {
        &self.help
    }

    /// Sync scrolling is on.
    pub fn sync(&self) -> bool {
        self.sync
    }

    /// Set when the user asked to quit.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// The terminal answered what its background is (`light` or `dark`):
    /// kept with the place.
    pub fn set_background(&mut self, light: bool) {
        self.background = if light { "light" } else { "dark" }.to_string();
    }

    /// Whether the labels were given (a flag or a remembered place), not
    /// made from the file names.
    pub fn set_labels_chosen(&mut self, chosen: bool) {
        self.labels_chosen = chosen;
    }
}
