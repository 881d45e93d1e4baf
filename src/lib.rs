//! diptych: a terminal reader for comparing two narratives side by side.
//!
//! A paragraph's journey reads top to bottom, each room using only the
//! rooms above it in this list (a test checks there is no cycle):
//!
//! - [`error`]: the error type; every message is one line.
//! - [`language`]: the languages diptych knows, as a type ([`Lang`]).
//! - [`text`]: loading and checking files (text and EPUB); paragraphs
//!   decided per file, headings, folded matter, sentences and words, with
//!   byte spans; [`text::sanitize`] makes text safe for a terminal.
//! - [`config`]: parsing the TOML files a user may write, with positions,
//!   and the XDG directories.
//! - [`lang`]: everything that knows about a language: search keys across
//!   scripts ([`lang::fold`]), the sound key ([`lang::sound`]), language
//!   detection, stop words, titles, declension, given names.
//! - [`pair`]: the bundled pair (compiled in from `texts/`) or two files.
//! - [`wrap`]: word wrapping by grapheme and cell width, per pane width.
//! - [`lexicon`]: what a pair teaches: word pairs of the two languages,
//!   cognates and learned from aligned beads; pure data, read by people
//!   and links.
//! - [`people`]: people.toml, the finder, names found in the texts,
//!   grouped across forms, scripts and languages.
//! - [`search`]: search over both accounts: fzf's syntax, folded, sound,
//!   typo and fuzzy tiers, people.
//! - [`links`]: topics, the alignment of translations, and links.
//! - [`passes`]: the order of the passes over a pair, written once: names
//!   found, aligned, learned from, merged through the alignment.
//! - [`map`]: the overview map's data and layout.
//! - [`reading_places`]: where each pair was left (the reading places) and
//!   the recent pairs, saved as locked merges.
//! - [`worker`]: background jobs and the messages they send.
//! - [`key`]: a key press, as keymap.toml writes it; [`action`]: every
//!   action, bindable or internal, with its name and description;
//!   [`keymap`]: keymap.toml → bindings, keyboard layouts.
//! - [`app`]: state and `update`, the one door; layout, panes and their
//!   cursors, panels, jumps, marks; no terminal.
//! - [`ui`]: draws the state with ratatui.
//! - [`settings`]: config.toml, colour and themes (ratatui's colours).
//! - [`tui`]: terminal setup and restore, signals, the event loop.
//! - [`mod@print`], [`report`]: plain text and JSON for pipes and scripts.
//! - [`cli`]: the command line and its non-interactive commands.

pub mod action;
pub mod app;
pub mod cli;
pub mod config;
pub mod error;
pub mod key;
pub mod keymap;
pub mod lang;
pub mod language;
pub mod lexicon;
pub mod links;
pub mod map;
pub mod pair;
pub mod passes;
pub mod people;
pub mod print;
pub mod reading_places;
pub mod report;
pub mod search;
pub mod settings;
pub mod text;
pub mod tui;
pub mod ui;
pub mod worker;
pub mod wrap;

pub use error::{Error, Result};
pub use language::Lang;
