//! From a key press to an action: a count typed first (`5j`, `12G`), the
//! letter after `m` and `'`, the binding in the current context, the same
//! key on a Cyrillic or QWERTZ keyboard layout where no text is typed, and
//! a word of feedback for a key bound to nothing.

use super::Why;
use super::{Action, App, Context};
use crate::keymap::{Key, KeyCode};

/// The largest count a key takes.
const MAX_COUNT: usize = 99_999;

/// A count being typed, and a key waiting for its letter.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KeyState {
    /// Digits typed before a key.
    pub count: Option<usize>,
    /// `m` or `'` waiting for a letter.
    pub pending: Option<Pending>,
    /// The count the action being run was given.
    given: Option<usize>,
}

/// A key that waits for a letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// `m`: the next letter names a mark set here.
    SetMark,
    /// `'`: the next letter names the mark to go to.
    GotoMark,
    /// `z`: then `z`, `t` or `b` puts the cursor paragraph in the middle,
    /// at the top or at the bottom of the pane.
    Reposition,
}

impl App {
    /// A key press.
    pub(super) fn on_key(&mut self, key: Key) {
        self.clear_message();
        if let Some(p) = self.keys.pending.take() {
            let letter = key.typed_char().map(|c| self.keymap.remap(c).unwrap_or(c));
            match (p, letter) {
                (Pending::SetMark, Some(c)) => self.update(Action::SetMarkAt(c)),
                (Pending::GotoMark, Some(c)) => self.update(Action::GotoMarkAt(c)),
                (Pending::Reposition, Some(c @ ('z' | 't' | 'b' | '.'))) => self.reposition(c),
                (Pending::Reposition, _) => {
                    self.say(Why::Hint, "z then z (middle), t (top) or b (bottom)".into());
                }
                _ => self.say(Why::Refused, "mark cancelled".into()),
            }
            return;
        }
        let context = self.context();
        let text = context.takes_text();
        let bound = self.keymap.action(context, &key);
        // Where nothing is typed, a key of another layout acts as the
        // Latin key at its place.
        let (bound, key) = match (bound, key.code) {
            (None, KeyCode::Char(c)) if !text => match self.keymap.remap(c) {
                Some(latin) => {
                    let k = Key::new(KeyCode::Char(latin), key.ctrl, key.alt, false);
                    (self.keymap.action(context, &k), k)
                }
                None => (None, key),
            },
            (b, _) => (b, key),
        };
        if !text
            && bound.is_none()
            && let Some(d) = key.typed_char().and_then(|c| c.to_digit(10))
            && (self.keys.count.is_some() || d != 0)
        {
            let n = self.keys.count.unwrap_or(0) * 10 + d as usize;
            self.keys.count = Some(n.min(MAX_COUNT));
            self.say(Why::Hint, format!("{}", n.min(MAX_COUNT)));
            return;
        }
        // A curation key types into a filter that holds text (or chooses),
        // unless no name holds its character (+ merges after filtering).
        let bound = bound.filter(|a| {
            let typed = key.typed_char().filter(|&c| {
                crate::action::in_a_name(c) || self.people_panel.pick != super::people::Pick::None
            });
            !(a.acts_on_empty_filter() && typed.is_some() && self.people_panel.typing())
        });
        if context != Context::People {
            self.people_panel.ahead = None;
        } else if self.name_typed_on(&key, bound.as_ref()) {
            return;
        }
        let count = self.keys.count.take();
        match bound {
            Some(action) => {
                self.keys.given = count;
                self.update(action);
                self.keys.given = None;
            }
            None if text => {
                if let Some(c) = key.typed_char() {
                    self.update(Action::Insert(c));
                }
            }
            None => {
                let help = self
                    .keymap
                    .keys_for(context, &Action::Help)
                    .first()
                    .map_or("F1".to_string(), ToString::to_string);
                self.say(
                    Why::Refused,
                    format!("{key} is not bound · {help} for help"),
                );
            }
        }
    }

    /// The count given to the action being run, or 1.
    pub(super) fn count(&self) -> usize {
        self.keys.given.unwrap_or(1).max(1)
    }

    /// The count given to the action being run, if one was typed.
    pub(super) fn given_count(&self) -> Option<usize> {
        self.keys.given
    }

    /// `m` or `'`: wait for the letter.
    pub(super) fn await_letter(&mut self, p: Pending) {
        self.keys.pending = Some(p);
        self.say(
            Why::Hint,
            match p {
                Pending::SetMark => "mark: press a letter".into(),
                Pending::GotoMark if !self.marks.is_empty() => {
                    format!(
                        "go to mark: {} · ' before the last jump",
                        self.marks_listed()
                    )
                }
                Pending::GotoMark => {
                    "go to mark: press its letter (' for the place before the last jump)".into()
                }
                Pending::Reposition => "z: z middle · t top · b bottom".into(),
            },
        );
    }

    /// True while a prompt or filter has the keyboard.
    pub fn typing(&self) -> bool {
        matches!(
            self.context,
            Context::Search | Context::People | Context::Outline | Context::Goto | Context::Help
        )
    }
}
