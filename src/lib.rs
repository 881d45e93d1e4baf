//! diptych: a terminal reader for comparing two narratives side by side.
//!
//! The layers are crates, so the compiler keeps their order:
//! `diptych_core` (texts, languages, people, search, links; no terminal),
//! `diptych_reader` (keys, actions, the keymap, background jobs, the app
//! state and its update; no terminal), and this crate, the binary's
//! library: drawing, the terminal, settings and the command line. Their
//! rooms are re-exported here, so `diptych::text` is the core's `text`.
//!
//! This crate's own rooms, each using only the rooms above it
//! (`tests/architecture.rs` checks it):
//!
//! - [`ui`]: draws the state with ratatui.
//! - [`settings`]: config.toml, colour and themes (ratatui's colours).
//! - [`tui`]: terminal setup and restore, signals, the event loop.
//! - [`cli`]: the command line and its non-interactive commands.

pub use diptych_core::{
    Error, Lang, Result, entities, error, lang, lexicon, links, map, pair, passes, reading_places,
    report, search, text, user_files, wrap,
};
pub use diptych_reader::{action, app, key, keymap, worker};

pub mod cli;
pub mod settings;
pub mod tui;
pub mod ui;
