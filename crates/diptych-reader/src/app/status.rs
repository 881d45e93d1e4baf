//! The status line's message: one line, set through [`App::say`] with the
//! reason it is shown, and cleared by the next key. Nothing outside the
//! app assigns it; the view reads it with [`App::message`].

use super::App;

/// Why a message is on the status line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Work under way: "finding people…", "searching…".
    Progress,
    /// What an action did: "jump 3", "mark a set at …".
    Done,
    /// What the reader may type next: "z then z (middle), …".
    Hint,
    /// Why an action did nothing: "no earlier jump", "no match for …".
    Refused,
    /// A background job failed; the reader goes on without it.
    Failed,
    /// A notice from outside the state (the terminal, a signal).
    Notice,
}

/// A message and why it is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StatusMessage {
    text: String,
    why: Why,
}

impl App {
    /// Shows `text` on the status line until the next key, for `why`.
    pub(crate) fn say(&mut self, why: Why, text: String) {
        self.message = Some(StatusMessage { text, why });
    }

    /// Clears the status line's message.
    pub(crate) fn clear_message(&mut self) {
        self.message = None;
    }

    /// The status line's message, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|m| m.text.as_str())
    }

    /// Why the status line's message is shown, if there is one.
    pub fn message_why(&self) -> Option<Why> {
        self.message.as_ref().map(|m| m.why)
    }
}
