//! Colours and styles, by role. Colour is never the only signal: the
//! focused pane also gets a thick border and a marker, the cursor a ▶ in
//! the gutter, highlights are also underlined or reversed. Without colour
//! (`--color never`, `NO_COLOR`) only those modifiers remain. A theme is a
//! palette of roles: built in dark and light, or read from a theme file
//! ([`parse_theme`]).

use diptych_core::error::{Error, Result};
use diptych_reader::app::HighlightKind;
use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;
use std::path::Path;
use toml::Spanned;

/// The colour of each role of the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    /// Borders and titles of what has the keyboard.
    pub focus: Color,
    /// Search matches (background).
    pub highlight: Color,
    /// Mentions of the chosen person, place or topic (background).
    pub mention: Color,
    /// The match or mention in hand (background).
    pub current: Color,
    /// Counterpart bars and link marks.
    pub counterpart: Color,
    /// The paragraph cursor.
    pub cursor: Color,
    /// Secondary text: numbers, hints, placeholders.
    pub dim: Color,
    /// Text on a highlight.
    pub on_highlight: Color,
    /// The status line's text and background.
    pub status: (Color, Color),
    /// The selected row's text and background.
    pub selected: (Color, Color),
}

impl Palette {
    /// For dark terminal backgrounds.
    pub const DARK: Palette = Palette {
        focus: Color::Cyan,
        highlight: Color::Yellow,
        mention: Color::LightGreen,
        current: Color::LightMagenta,
        counterpart: Color::Cyan,
        cursor: Color::LightYellow,
        dim: Color::DarkGray,
        on_highlight: Color::Black,
        status: (Color::White, Color::DarkGray),
        selected: (Color::White, Color::Blue),
    };

    /// For light terminal backgrounds.
    pub const LIGHT: Palette = Palette {
        focus: Color::Blue,
        // Yellow, not light yellow: it also colours the scrollbar's marks,
        // which light yellow left invisible on white.
        highlight: Color::Yellow,
        mention: Color::LightGreen,
        current: Color::LightMagenta,
        counterpart: Color::Blue,
        cursor: Color::Magenta,
        // Dark grey: light grey borders and paragraph numbers vanished on
        // white.
        dim: Color::DarkGray,
        on_highlight: Color::Black,
        status: (Color::Black, Color::Gray),
        selected: (Color::White, Color::Blue),
    };
}

/// The styles of every part of the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// False without colour: modifiers only.
    pub color: bool,
    /// The colours, when there is colour.
    pub palette: Palette,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme {
            color: true,
            palette: Palette::DARK,
        }
    }
}

impl Theme {
    /// The dark theme with colour unless `NO_COLOR` is set to a non-empty value.
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme {
            color: !no_color,
            palette: Palette::DARK,
        }
    }

    /// The same theme without colour.
    pub fn plain() -> Theme {
        Theme {
            color: false,
            palette: Palette::DARK,
        }
    }

    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    /// A pane's or panel's border.
    pub fn border(&self, focused: bool) -> Style {
        if focused {
            self.fg(self.palette.focus).add_modifier(Modifier::BOLD)
        } else {
            self.fg(self.palette.dim)
        }
    }

    /// A pane's or panel's title.
    pub fn title(&self, focused: bool) -> Style {
        if focused {
            self.fg(self.palette.focus).add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        }
    }

    /// Paragraph numbers.
    pub fn gutter(&self) -> Style {
        self.fg(self.palette.dim)
    }

    /// The paragraph cursor (bold where the keyboard is).
    pub fn cursor(&self, focused: bool) -> Style {
        let s = self.fg(self.palette.cursor);
        if focused {
            s.add_modifier(Modifier::BOLD)
        } else {
            s
        }
    }

    /// A heading's text.
    pub fn heading(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// Placeholders for invisible or control characters.
    pub fn placeholder(&self) -> Style {
        self.fg(self.palette.dim).add_modifier(Modifier::DIM)
    }

    /// A highlighted span.
    pub fn highlight(&self, kind: HighlightKind) -> Style {
        let p = &self.palette;
        match (kind, self.color) {
            // Underlined as well: colour is never the only signal.
            (HighlightKind::Match, true) => Style::new()
                .fg(p.on_highlight)
                .bg(p.highlight)
                .add_modifier(Modifier::UNDERLINED),
            (HighlightKind::Match, false) => Style::new().add_modifier(Modifier::UNDERLINED),
            (HighlightKind::Person, true) => Style::new()
                .fg(p.on_highlight)
                .bg(p.mention)
                .add_modifier(Modifier::UNDERLINED),
            (HighlightKind::Person, false) => {
                Style::new().add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
            }
            (HighlightKind::Current, true) => Style::new()
                .fg(p.on_highlight)
                .bg(p.current)
                .add_modifier(Modifier::BOLD),
            (HighlightKind::Current, false) => {
                Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
            }
        }
    }

    /// A mark in a scrollbar.
    pub fn scroll_mark(&self) -> Style {
        self.fg(self.palette.highlight).add_modifier(Modifier::BOLD)
    }

    /// The part of a scrollbar in view.
    pub fn scroll_thumb(&self) -> Style {
        self.fg(self.palette.focus)
    }

    /// The status line.
    pub fn status(&self) -> Style {
        if self.color {
            Style::new()
                .fg(self.palette.status.0)
                .bg(self.palette.status.1)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// Emphasis within the status line or a list.
    pub fn strong(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A marked sentence: the cursor sentence or its counterparts.
    pub fn sentence(&self) -> Style {
        // Bold, and the selection's background where there is colour: the
        // gutter's ┃ marks the lines without it.
        let s = Style::new().add_modifier(Modifier::BOLD);
        if self.color {
            s.bg(self.palette.selected.1)
        } else {
            s
        }
    }

    /// Secondary text.
    pub fn dim(&self) -> Style {
        self.fg(self.palette.dim)
    }

    /// The selected row of a list.
    pub fn selected(&self) -> Style {
        if self.color {
            Style::new()
                .bg(self.palette.selected.1)
                .fg(self.palette.selected.0)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// A row of a list: [`Theme::selected`] when it is the selected one.
    pub fn row(&self, selected: bool) -> Style {
        if selected {
            self.selected()
        } else {
            Style::new()
        }
    }

    /// A counterpart mark (bars, map cells of the cursor).
    pub fn counterpart(&self) -> Style {
        self.fg(self.palette.counterpart)
            .add_modifier(Modifier::BOLD)
    }

    /// A notice such as "terminal too small", or an error line.
    pub fn notice(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
}

/// A theme file's shape: colours by role.
pub const THEME_HELP: &str = "roles: focus, highlight, mention, current, counterpart, cursor, dim; colours: names (cyan, light-yellow), #rrggbb, or 0-255";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTheme {
    #[serde(default)]
    base: Option<Spanned<String>>,
    #[serde(default)]
    colors: std::collections::BTreeMap<Spanned<String>, Spanned<toml::Value>>,
}

/// Parses a theme file: `base = "dark"|"light"`, then `[colors]` by role.
pub fn parse_theme(source: &str, file: &str) -> Result<Palette> {
    let raw: RawTheme = diptych_core::user_files::parse_toml(source, file)?;
    let at = |s: &Spanned<String>, msg: String| Error::config_at(file, source, s.span().start, msg);
    let mut p = match raw.base.as_ref().map(|b| b.get_ref().as_str()) {
        None | Some("dark") => Palette::DARK,
        Some("light") => Palette::LIGHT,
        Some(other) => {
            let b = raw.base.as_ref().map_or(0, |b| b.span().start);
            return Err(Error::config_at(
                file,
                source,
                b,
                format!("unknown base theme '{other}'; choose dark or light"),
            ));
        }
    };
    for (role, value) in &raw.colors {
        // A colour is a name or #rrggbb in quotes, or a number 0-255 with
        // or without them.
        let written = match value.get_ref() {
            toml::Value::String(s) => s.clone(),
            toml::Value::Integer(n) => n.to_string(),
            other => other.to_string(),
        };
        let color: Color = written.parse().map_err(|_| {
            Error::config_at(
                file,
                source,
                value.span().start,
                format!("cannot read the colour '{written}'; {THEME_HELP}"),
            )
        })?;
        match role.get_ref().as_str() {
            "focus" => p.focus = color,
            "highlight" => p.highlight = color,
            "mention" => p.mention = color,
            "current" => p.current = color,
            "counterpart" => p.counterpart = color,
            "cursor" => p.cursor = color,
            "dim" => p.dim = color,
            other => return Err(at(role, format!("unknown role '{other}'; {THEME_HELP}"))),
        }
    }
    Ok(p)
}

/// The theme `choice` names (dark, light, auto, or a file), with colour
/// on or off, and whether the terminal is to be asked for its background.
/// `auto` starts from the background the terminal last answered with
/// (`last_light`, dark when unknown), so the first frame never waits for
/// the terminal: it is asked after that frame (see `tui`).
pub fn theme(choice: Option<&str>, color: bool, last_light: Option<bool>) -> Result<(Theme, bool)> {
    let (palette, ask) = match choice.unwrap_or("auto") {
        "dark" => (Palette::DARK, false),
        "light" => (Palette::LIGHT, false),
        "auto" => (auto_theme(color, last_light == Some(true)).palette, color),
        path => {
            let p = Path::new(path);
            // A relative name is looked for in the config directory, as
            // given and as NAME.toml (`--theme solarized`), then here.
            let named = p.extension().is_none().then(|| format!("{path}.toml"));
            let p = if p.is_relative() {
                [Some(path), named.as_deref()]
                    .into_iter()
                    .flatten()
                    .filter_map(diptych_core::user_files::config_file)
                    .find(|c| c.exists())
                    .unwrap_or_else(|| p.to_path_buf())
            } else {
                p.to_path_buf()
            };
            // A bare word that names no file is a theme name mistyped.
            if !p.exists() && p.components().count() == 1 && named.is_some() {
                return Err(Error::Usage(format!(
                    "unknown theme '{path}': choose dark, light, auto, or a theme file (none named {path}.toml in the config directory)"
                )));
            }
            let source =
                diptych_core::user_files::read_config(&p).map_err(|e| e.reading("the theme "))?;
            (parse_theme(&source, &p.display().to_string())?, false)
        }
    };
    Ok((Theme { color, palette }, ask))
}

/// The theme for a terminal whose background is light (or dark).
pub fn auto_theme(color: bool, light: bool) -> Theme {
    Theme {
        color,
        palette: if light { Palette::LIGHT } else { Palette::DARK },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theme_files_by_role() {
        let p = parse_theme(
            "base = \"light\"\n[colors]\nfocus = \"#ff0000\"\ncursor = \"red\"\n",
            "t.toml",
        )
        .expect("parses");
        assert_eq!(p.focus, Color::Rgb(255, 0, 0));
        assert_eq!(p.cursor, Color::Red);
        assert_eq!(p.dim, Palette::LIGHT.dim);
        let e = parse_theme("[colors]\nfocus = \"nope\"\n", "t.toml")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("t.toml:2:9: cannot read the colour 'nope'"),
            "{e}"
        );
        // A colour number may be written without quotes.
        let p = parse_theme("[colors]\ncursor = 208\n", "t.toml").expect("a number");
        assert_eq!(p.cursor, Color::Indexed(208));
        let e = parse_theme("[colors]\nglow = \"red\"\n", "t.toml")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("t.toml:2:1: unknown role 'glow'"), "{e}");
        assert_eq!(
            theme(Some("light"), true, None).expect("theme"),
            (auto_theme(true, true), false)
        );
        assert!(!theme(Some("dark"), false, None).expect("theme").0.color);
        // auto starts from the background answered last, and asks again.
        assert_eq!(
            theme(Some("auto"), true, Some(true)).expect("theme"),
            (auto_theme(true, true), true)
        );
        assert_eq!(
            theme(None, true, None).expect("theme"),
            (auto_theme(true, false), true)
        );
    }
}
