//! diptych: a terminal reader for comparing two narratives side by side.
//!
//! Data flows one way: files → [`text`] model → indexes built once (search
//! keys, people and their mentions, topic links) → [`app`] state → [`ui`]
//! view. A key press becomes an [`app::Action`], [`app::App::update`] changes
//! the state, the view draws it. Nothing but [`tui`] touches a terminal.
//!
//! - [`error`]: the error type; every message is one line.
//! - [`config`]: parsing the TOML files a user may write, with positions.
//! - [`text`]: loading and checking files; account → paragraph → sentence →
//!   word with byte spans; [`text::sanitize`] makes text safe for a terminal.
//! - [`pair`]: the bundled pair (compiled in from `texts/`) or two files.
//! - [`wrap`]: word wrapping by grapheme and cell width, per pane width.
//! - [`fold`]: search keys across scripts and diacritics, mapped back.
//! - [`search`]: fuzzy search over both accounts.
//! - [`people`]: people.toml, declension endings, the mention finder,
//!   unlisted names.
//! - [`topics`]: topics.toml and the links between related paragraphs.
//! - [`keymap`]: keymap.toml → bindings, with positioned errors.
//! - [`app`]: state and `update`, layout, panes, panels, marks; no terminal.
//! - [`state`]: remembered reading places, saved atomically.
//! - [`ui`]: draws the state with ratatui.
//! - [`tui`]: terminal setup and restore, signals, the event loop.
//! - [`mod@print`], [`report`]: plain text and JSON for pipes and scripts.
//! - [`cli`]: the command line and its non-interactive commands.

pub mod app;
pub mod cli;
pub mod config;
pub mod error;
pub mod fold;
pub mod keymap;
pub mod pair;
pub mod people;
pub mod print;
pub mod report;
pub mod search;
pub mod state;
pub mod text;
pub mod topics;
pub mod tui;
pub mod ui;
pub mod wrap;

pub use error::{Error, Result};
