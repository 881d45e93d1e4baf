//! diptych's core: what a pair of texts is and what can be learned from
//! it, with no terminal (no ratatui, no crossterm: the compiler keeps it,
//! as this crate does not depend on them).
//!
//! A paragraph's journey reads top to bottom, each room using only the
//! rooms above it in this list (`tests/architecture.rs` checks it):
//!
//! - [`error`]: the error type; every message is one line.
//! - [`text`]: the languages diptych knows, as a type ([`Lang`], in
//!   [`text::language`]); loading and checking files (text and EPUB);
//!   paragraphs decided per file, headings, folded matter, sentences and
//!   words, with byte spans; [`text::sanitize`] makes text safe for a
//!   terminal.
//! - [`user_files`]: what the files a user may write share: TOML parsed
//!   with positions, and the XDG directories.
//! - [`lang`]: everything that knows about a language: search keys across
//!   scripts ([`lang::fold`]), the sound key ([`lang::sound`]), language
//!   detection, stop words, titles, declension, given names.
//! - [`pair`]: the bundled pair (compiled in from `texts/`) or two files.
//! - [`wrap`]: word wrapping by grapheme and cell width, per pane width.
//! - [`lexicon`]: what a pair teaches: word pairs of the two languages,
//!   cognates and learned from aligned beads; pure data, read by
//!   entities and links.
//! - [`entities`]: the people and places of a pair (the code's word for
//!   both; "people" is the reader's, in the panel, the command, the file
//!   and the JSON): people.toml, the finder, names found in the texts,
//!   grouped across forms, scripts and languages.
//! - [`search`]: search over both accounts: fzf's syntax, folded, sound,
//!   typo and fuzzy tiers, names of entities.
//! - [`links`]: topics, the alignment of translations, and links.
//! - [`passes`]: the order of the passes over a pair, written once: names
//!   found, aligned, learned from, merged through the alignment.
//! - [`map`]: the overview map's data and layout.
//! - [`reading_places`]: where each pair was left (the reading places) and
//!   the recent pairs, saved as locked merges.
//! - [`report`]: plain text and JSON for pipes and scripts, the pair
//!   side by side ([`report::print`]) among them.

pub mod entities;
pub mod error;
pub mod lang;
pub mod lexicon;
pub mod links;
pub mod map;
pub mod pair;
pub mod passes;
pub mod reading_places;
pub mod report;
pub mod search;
pub mod text;
pub mod user_files;
pub mod wrap;

pub use error::{Error, Result};
pub use text::language::{Lang, UnknownLang};
