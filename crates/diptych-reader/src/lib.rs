//! diptych's reader: the state of the reader and the one door that
//! changes it, `App::update(action)`, with no terminal (no ratatui, no
//! crossterm: this crate does not depend on them). It stands on
//! `diptych_core`.
//!
//! Its rooms, each using only the rooms above it (`tests/architecture.rs`
//! checks it):
//!
//! - [`worker`]: background jobs and the messages they send.
//! - [`key`]: a key press, as keymap.toml writes it; [`action`]: every
//!   action, bindable or internal, with its name and description;
//!   [`keymap`]: keymap.toml → bindings, keyboard layouts.
//! - [`app`]: state and `update`, the one door; the screen (`app::screen`:
//!   where the panes go), panes and their cursors, panels, jumps, marks.

pub mod action;
pub mod app;
pub mod key;
pub mod keymap;
pub mod worker;
