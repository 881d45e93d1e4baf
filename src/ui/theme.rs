//! Colours and styles. Colour is never the only signal: the focused pane also
//! gets a thick border and a marker, matches are also underlined or reversed.
//! `NO_COLOR` (any non-empty value) turns colour off.

use crate::app::MarkKind;
use ratatui::style::{Color, Modifier, Style};

/// The styles of every part of the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// False when NO_COLOR is set: modifiers only.
    pub color: bool,
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to a non-empty value.
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { color: !no_color }
    }

    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    /// A pane's border.
    pub fn border(&self, focused: bool) -> Style {
        if focused {
            self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
        } else {
            self.fg(Color::DarkGray)
        }
    }

    /// A pane's title.
    pub fn title(&self, focused: bool) -> Style {
        if focused {
            self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        }
    }

    /// Paragraph numbers.
    pub fn gutter(&self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// Placeholders for invisible or control characters.
    pub fn placeholder(&self) -> Style {
        self.fg(Color::DarkGray).add_modifier(Modifier::DIM)
    }

    /// A highlighted span.
    pub fn mark(&self, kind: MarkKind) -> Style {
        match (kind, self.color) {
            (MarkKind::Match, true) => Style::new().fg(Color::Black).bg(Color::Yellow),
            (MarkKind::Match, false) => Style::new().add_modifier(Modifier::UNDERLINED),
            (MarkKind::Person, true) => Style::new().fg(Color::Black).bg(Color::LightGreen),
            (MarkKind::Person, false) => {
                Style::new().add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
            }
            (MarkKind::Current, true) => Style::new()
                .fg(Color::Black)
                .bg(Color::LightMagenta)
                .add_modifier(Modifier::BOLD),
            (MarkKind::Current, false) => {
                Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
            }
        }
    }

    /// The status line.
    pub fn status(&self) -> Style {
        if self.color {
            Style::new().fg(Color::White).bg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// Emphasis within the status line or a list.
    pub fn strong(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// Secondary text.
    pub fn dim(&self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// The selected row of a list.
    pub fn selected(&self) -> Style {
        if self.color {
            Style::new()
                .bg(Color::Blue)
                .fg(Color::White)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// A notice such as "terminal too small".
    pub fn notice(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
}
