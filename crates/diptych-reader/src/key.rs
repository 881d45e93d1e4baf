//! A key as written in keymap.toml (`j`, `G`, `<C-d>`, `<S-Tab>`, `<PageDown>`)
//! and as the terminal layer reports it, without depending on any terminal crate.

use std::fmt;
use std::str::FromStr;

/// A key without modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyCode {
    /// A character key; `' '` is the space bar.
    Char(char),
    /// Enter / Return.
    Enter,
    /// Escape.
    Esc,
    /// Tab.
    Tab,
    /// Shift-Tab.
    BackTab,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// Insert.
    Insert,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// A function key, F1 to F24.
    F(u8),
}

/// A key with its modifiers, normalised so that one physical key has one value:
/// Shift is folded into the character (`G`, `{`), and Shift-Tab is [`KeyCode::BackTab`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    /// The key.
    pub code: KeyCode,
    /// Control held.
    pub ctrl: bool,
    /// Alt (Meta) held.
    pub alt: bool,
    /// Shift held, for keys that are not characters.
    pub shift: bool,
}

impl Key {
    /// True for a key a terminal tells from another only when it speaks
    /// the kitty keyboard protocol: Ctrl-i (else it sends Tab). Ctrl-m,
    /// Ctrl-h and Ctrl-[ are Enter, Backspace and Esc everywhere.
    pub fn kitty_only(&self) -> bool {
        self.ctrl && !self.alt && self.code == KeyCode::Char('i')
    }

    /// A key with the given modifiers, normalised.
    pub fn new(code: KeyCode, ctrl: bool, alt: bool, shift: bool) -> Key {
        let (code, shift) = match code {
            KeyCode::Char(c) if shift => {
                (KeyCode::Char(c.to_uppercase().next().unwrap_or(c)), false)
            }
            KeyCode::Tab if shift => (KeyCode::BackTab, false),
            KeyCode::BackTab => (KeyCode::BackTab, false),
            other => (other, shift),
        };
        Key {
            code,
            ctrl,
            alt,
            shift,
        }
    }

    /// A plain key, no modifiers.
    pub fn plain(code: KeyCode) -> Key {
        Key::new(code, false, false, false)
    }

    /// A character typed without Control or Alt, if this is one.
    pub fn typed_char(&self) -> Option<char> {
        match self.code {
            KeyCode::Char(c) if !self.ctrl && !self.alt => Some(c),
            _ => None,
        }
    }
}

/// The key names accepted between angle brackets, with their codes.
const NAMES: &[(&str, KeyCode)] = &[
    ("Enter", KeyCode::Enter),
    ("Ret", KeyCode::Enter),
    ("CR", KeyCode::Enter),
    ("Esc", KeyCode::Esc),
    ("Tab", KeyCode::Tab),
    ("BackTab", KeyCode::BackTab),
    ("Backspace", KeyCode::Backspace),
    ("BS", KeyCode::Backspace),
    ("Del", KeyCode::Delete),
    ("Delete", KeyCode::Delete),
    ("Insert", KeyCode::Insert),
    ("Up", KeyCode::Up),
    ("Down", KeyCode::Down),
    ("Left", KeyCode::Left),
    ("Right", KeyCode::Right),
    ("Home", KeyCode::Home),
    ("End", KeyCode::End),
    ("PageUp", KeyCode::PageUp),
    ("PageDown", KeyCode::PageDown),
    ("Space", KeyCode::Char(' ')),
    ("lt", KeyCode::Char('<')),
    ("gt", KeyCode::Char('>')),
];

/// The forms a key may take, for error messages.
pub const KEY_FORMS: &str =
    "j, G, <C-d>, <A-x>, <S-Tab>, <Enter>, <Esc>, <Tab>, <Up>, <PageDown>, <Home>, <F1>, <Space>";

diptych_core::message_error!(
    /// A key that cannot be read as keymap.toml writes keys: what is
    /// wrong, with the forms keys take.
    KeyError
);

impl FromStr for Key {
    type Err = KeyError;

    fn from_str(s: &str) -> Result<Key, KeyError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Ok(Key::plain(KeyCode::Char(c)));
        }
        let inner = s
            .strip_prefix('<')
            .and_then(|r| r.strip_suffix('>'))
            .filter(|r| !r.is_empty())
            .ok_or_else(|| format!("cannot read key '{s}'; keys look like {KEY_FORMS}"))?;
        let (mut ctrl, mut alt, mut shift) = (false, false, false);
        let mut rest = inner;
        while rest.chars().count() > 1 {
            let lower = rest.get(..2).map(str::to_ascii_lowercase);
            match lower.as_deref() {
                Some("c-") => ctrl = true,
                Some("a-" | "m-") => alt = true,
                Some("s-") => shift = true,
                _ => break,
            }
            rest = &rest[2..];
        }
        let mut rc = rest.chars();
        let code = if let (Some(c), None) = (rc.next(), rc.next()) {
            KeyCode::Char(c)
        } else if let Some(n) = rest
            .strip_prefix(['F', 'f'])
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=24).contains(n))
        {
            KeyCode::F(n)
        } else {
            NAMES
                .iter()
                .find(|(name, _)| name.eq_ignore_ascii_case(rest))
                .map(|(_, code)| *code)
                .ok_or_else(|| {
                    format!("unknown key name '{rest}' in '{s}'; keys look like {KEY_FORMS}")
                })?
        };
        Ok(Key::new(code, ctrl, alt, shift))
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::BackTab => "S-Tab".to_string(),
            // Alone, < and > read back as themselves; with a modifier
            // they need their names (<C-lt>), or the brackets would close.
            KeyCode::Char('<') if self.ctrl || self.alt || self.shift => "lt".to_string(),
            KeyCode::Char('>') if self.ctrl || self.alt || self.shift => "gt".to_string(),
            KeyCode::Char(c) if !self.ctrl && !self.alt && !self.shift => {
                return write!(f, "{c}");
            }
            KeyCode::Char(c) => c.to_string(),
            KeyCode::F(n) => format!("F{n}"),
            other => NAMES
                .iter()
                .find(|(_, code)| *code == other)
                .map_or("?", |(name, _)| name)
                .to_string(),
        };
        write!(f, "<")?;
        if self.ctrl {
            write!(f, "C-")?;
        }
        if self.alt {
            write!(f, "A-")?;
        }
        if self.shift {
            write!(f, "S-")?;
        }
        write!(f, "{name}>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(s: &str) -> Key {
        s.parse().expect(s)
    }

    #[test]
    fn parses_every_documented_form() {
        assert_eq!(k("j"), Key::plain(KeyCode::Char('j')));
        assert_eq!(k("G"), Key::plain(KeyCode::Char('G')));
        assert_eq!(k("<C-d>"), Key::new(KeyCode::Char('d'), true, false, false));
        assert_eq!(k("<A-x>"), Key::new(KeyCode::Char('x'), false, true, false));
        assert_eq!(k("<S-Tab>"), Key::plain(KeyCode::BackTab));
        assert_eq!(k("<S-a>"), k("A"));
        assert_eq!(k("<Enter>"), Key::plain(KeyCode::Enter));
        assert_eq!(k("<esc>"), Key::plain(KeyCode::Esc));
        assert_eq!(k("<PageDown>"), Key::plain(KeyCode::PageDown));
        assert_eq!(k("<F12>"), Key::plain(KeyCode::F(12)));
        assert_eq!(k("<Space>"), k(" "));
        assert_eq!(k("<C-->"), Key::new(KeyCode::Char('-'), true, false, false));
        assert_eq!(k("<"), Key::plain(KeyCode::Char('<')));
    }

    #[test]
    fn rejects_bad_keys_with_a_message() {
        for bad in ["", "jj", "<Foo>", "<C-Foo>", "<>", "<F99>", "C-d"] {
            let e = bad.parse::<Key>().unwrap_err();
            assert!(e.0.contains("keys look like"), "{bad}: {e}");
        }
    }

    #[test]
    fn display_round_trips() {
        for s in [
            "j",
            "G",
            "<C-d>",
            "<A-x>",
            "<BackTab>",
            "<Enter>",
            "<Space>",
            "<F1>",
            "<lt>",
            "<S-Up>",
        ] {
            assert_eq!(k(&k(s).to_string()), k(s), "{s}");
        }
        assert_eq!(k("<C-d>").to_string(), "<C-d>");
    }
}
