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

/// The prompt's text and cursor.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Prompt {
    /// What has been typed.
    pub text: String,
    /// Cursor position: a byte offset on a char boundary of `text`.
    pub cursor: usize,
}

impl Prompt {
    /// Applies an editing action and says what it changed.
    pub fn apply(&mut self, action: &Action) -> Edit {
        match action {
            Action::Insert(c) => self.insert(*c),
            Action::Paste(s) => {
                for c in s.chars().filter(|c| !c.is_control()) {
                    self.insert(c);
                }
            }
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

    /// Inserts `c` at the cursor.
    pub fn insert(&mut self, c: char) {
        self.text.insert(self.cursor, c);
        self.cursor += c.len_utf8();
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
}
