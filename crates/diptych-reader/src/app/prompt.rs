//! A one-line editor for every prompt and filter (search, go-to, the
//! people, outline and help filters): insert, delete, move, as a shell line
//! edits (Backspace, Ctrl-w, Ctrl-u, ←/→, Home/End).

use crate::action::Action;

/// What an action did to the prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// The text changed: search again.
    Text,
    /// Only the cursor moved.
    Cursor,
    /// Not an editing action.
    None,
}

/// The most characters a prompt holds: a longer paste is cut here (and
/// the status line says so). A query of a thousand characters is far
/// beyond any search a reader types, and keeps every search and frame of
/// the prompt quick whatever is pasted.
pub const MAX_CHARS: usize = 1000;

/// The prompt's text and cursor.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Prompt {
    /// What has been typed.
    pub text: String,
    /// Cursor position: a byte offset on a char boundary of `text`.
    pub cursor: usize,
    /// The last edit was cut at [`MAX_CHARS`] (taken by [`Prompt::take_cut`]).
    cut: bool,
}

impl Prompt {
    /// Applies an editing action and says what it changed.
    pub fn apply(&mut self, action: &Action) -> Edit {
        match action {
            Action::Insert(c) => self.insert(*c),
            Action::Paste(s) => self.paste(s),
            Action::DeleteBack => self.delete_back(),
            Action::DeleteForward => self.delete_forward(),
            Action::DeleteWord => self.delete_word(),
            Action::ClearLine => self.clear_line(),
            Action::CursorLeft => {
                self.left();
                return Edit::Cursor;
            }
            Action::CursorRight => {
                self.right();
                return Edit::Cursor;
            }
            Action::CursorHome => {
                self.home();
                return Edit::Cursor;
            }
            Action::CursorEnd => {
                self.end();
                return Edit::Cursor;
            }
            _ => return Edit::None,
        }
        Edit::Text
    }

    /// The cursor's position in characters from the start.
    pub fn cursor_chars(&self) -> usize {
        self.text[..self.cursor].chars().count()
    }

    /// Replaces the text and puts the cursor at its end.
    pub fn set(&mut self, text: &str) {
        self.text = text.to_string();
        self.cursor = self.text.len();
    }

    /// Inserts `c` at the cursor, unless the prompt is full.
    pub fn insert(&mut self, c: char) {
        if self.text.chars().count() >= MAX_CHARS {
            self.cut = true;
            return;
        }
        self.text.insert(self.cursor, c);
        self.cursor += c.len_utf8();
    }

    /// Inserts `s` at the cursor without its control characters, cut
    /// where the prompt would hold more than [`MAX_CHARS`]; one insertion,
    /// so a large paste costs its length once.
    pub fn paste(&mut self, s: &str) {
        let room = MAX_CHARS.saturating_sub(self.text.chars().count());
        let mut kept = String::new();
        for (n, c) in s.chars().filter(|c| !c.is_control()).enumerate() {
            if n == room {
                self.cut = true;
                break;
            }
            kept.push(c);
        }
        self.text.insert_str(self.cursor, &kept);
        self.cursor += kept.len();
    }

    /// True once after an edit was cut at [`MAX_CHARS`].
    pub fn take_cut(&mut self) -> bool {
        std::mem::take(&mut self.cut)
    }

    fn prev_boundary(&self) -> usize {
        self.text[..self.cursor]
            .char_indices()
            .next_back()
            .map_or(0, |(i, _)| i)
    }

    fn next_boundary(&self) -> usize {
        self.text[self.cursor..]
            .chars()
            .next()
            .map_or(self.cursor, |c| self.cursor + c.len_utf8())
    }

    /// Deletes the character before the cursor.
    pub fn delete_back(&mut self) {
        let at = self.prev_boundary();
        self.text.replace_range(at..self.cursor, "");
        self.cursor = at;
    }

    /// Deletes the character under the cursor.
    pub fn delete_forward(&mut self) {
        let end = self.next_boundary();
        self.text.replace_range(self.cursor..end, "");
    }

    /// Deletes the word before the cursor (and the blanks after it), as Ctrl-w does.
    pub fn delete_word(&mut self) {
        let before = &self.text[..self.cursor];
        let trimmed = before.trim_end();
        let start = trimmed
            .char_indices()
            .rev()
            .find(|(_, c)| c.is_whitespace())
            .map_or(0, |(i, c)| i + c.len_utf8());
        self.text.replace_range(start..self.cursor, "");
        self.cursor = start;
    }

    /// Deletes everything before the cursor, as Ctrl-u does.
    pub fn clear_line(&mut self) {
        self.text.replace_range(..self.cursor, "");
        self.cursor = 0;
    }

    /// Moves the cursor one character left.
    pub fn left(&mut self) {
        self.cursor = self.prev_boundary();
    }

    /// Moves the cursor one character right.
    pub fn right(&mut self) {
        self.cursor = self.next_boundary();
    }

    /// Moves the cursor to the start.
    pub fn home(&mut self) {
        self.cursor = 0;
    }

    /// Moves the cursor to the end.
    pub fn end(&mut self) {
        self.cursor = self.text.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_like_a_shell_line() {
        let mut p = Prompt::default();
        for c in "napoleon парі".chars() {
            p.insert(c);
        }
        p.delete_back();
        assert_eq!(p.text, "napoleon пар");
        p.delete_word();
        assert_eq!(p.text, "napoleon ");
        p.left();
        p.left();
        p.insert('X');
        assert_eq!(p.text, "napoleoXn ");
        p.home();
        p.delete_forward();
        assert_eq!(p.text, "apoleoXn ");
        p.end();
        p.left();
        p.clear_line();
        assert_eq!(p.text, " ");
        p.home();
        p.left();
        p.delete_back();
        assert_eq!(p.cursor, 0);
    }

    #[test]
    fn a_paste_is_cut_at_the_limit_and_says_so() {
        let mut p = Prompt::default();
        p.paste("ab\u{7}c");
        assert_eq!(p.text, "abc");
        assert!(!p.take_cut());
        p.home();
        p.paste(&"x".repeat(5000));
        assert_eq!(p.text.chars().count(), MAX_CHARS);
        assert!(p.text.ends_with("abc"), "inserted at the cursor");
        assert_eq!(p.cursor, MAX_CHARS - 3);
        assert!(p.take_cut());
        assert!(!p.take_cut(), "said once");
        p.insert('y');
        assert!(p.take_cut());
        assert_eq!(p.text.chars().count(), MAX_CHARS);
    }
}
