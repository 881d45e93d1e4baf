//! diptych: a terminal reader for comparing two narratives side by side.
//!
//! Data flows one way: files → [`text`] model → [`wrap`]ped lines → [`app`]
//! state → [`ui`] view. A key press becomes an [`app::Action`],
//! [`app::App::update`] changes the state, the view draws it.
//!
//! - [`error`]: the error type; every message is one line.
//! - [`text`]: loading and checking files; account → paragraph → sentence →
//!   word with byte spans; [`text::sanitize`] makes text safe for a terminal.
//! - [`pair`]: the bundled pair (compiled in from `texts/`) or two files.
//! - [`wrap`]: word wrapping by grapheme and cell width, per pane width.
//! - [`keymap`]: keymap.toml → bindings, with positioned errors.
//! - [`app`]: state and `update`, layout, panes, help; no terminal code.
//! - [`ui`]: draws the state with ratatui.
//! - [`tui`]: terminal setup and restore, the event loop.
//! - [`print`]: the side-by-side plain text for pipes.
//! - [`cli`]: the command line and its non-interactive commands.

pub mod app;
pub mod cli;
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
