//! Settings a reader sets once: `config.toml` in the XDG config directory
//! (layout, sync, reading width, theme, mouse, paragraphs, languages), with
//! command-line flags over it; and whether to use colour (`--color`,
//! `NO_COLOR`, `CLICOLOR_FORCE`, `TERM=dumb`), with errors that give the
//! file, line and column. The theme a `theme` key names is read by
//! `ui::theme`, the terminal's background asked by `tui`.

use diptych_core::error::{Error, Result};
use diptych_core::text::Choice;
use diptych_core::{Lang, UnknownLang};
use diptych_reader::app::Arrangement;
use serde::Deserialize;
use std::path::Path;
use toml::Spanned;

/// The documented default config.toml (`diptych config show`).
pub const DEFAULT_CONFIG: &str = r#"# diptych's settings: $XDG_CONFIG_HOME/diptych/config.toml
# (~/.config/diptych/config.toml). Every key is optional; command-line
# flags win over this file.

# How the two panes share the screen: "side" (side by side), "stacked"
# (one above the other) or "auto" (stacked when each pane would be narrower
# than 40 columns).
layout = "auto"

# Start with sync on: the other pane keeps the counterpart of the cursor
# paragraph beside it.
sync = false

# The widest a column of text grows, in cells (0: as wide as the pane).
# A pane wider than this centres its text at a readable measure.
max-width = 0

# "dark", "light", "auto" (asks the terminal for its background, and takes
# dark when it does not answer), or the path of a theme file.
theme = "auto"

# Capture the mouse (wheel scrolls, click moves the cursor). Off lets the
# terminal select text; M in the reader switches it.
mouse = true

# How paragraphs are found in a text file: "auto" (per file), "lines" (one
# a line) or "blank" (blocks between blank lines).
paragraphs = "auto"
# One text's alone, over `paragraphs` (a poem against a prose translation):
# paragraphs-left = "blank"
# paragraphs-right = "auto"

# The languages of the two texts, when detection should not decide:
# an ISO 639-1 code such as "uk", "ru", "sk", "cs", "pl", "en", "de", "fr".
# lang-left = "ru"
# lang-right = "en"
"#;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    layout: Option<Spanned<String>>,
    sync: Option<bool>,
    // Written `max-width`, as every key of more than one word is; the
    // `max_width` of earlier versions is still read.
    #[serde(rename = "max-width", alias = "max_width")]
    max_width: Option<u16>,
    theme: Option<Spanned<String>>,
    mouse: Option<bool>,
    paragraphs: Option<Spanned<String>>,
    #[serde(rename = "paragraphs-left")]
    paragraphs_left: Option<Spanned<String>>,
    #[serde(rename = "paragraphs-right")]
    paragraphs_right: Option<Spanned<String>>,
    #[serde(rename = "lang-left")]
    lang_left: Option<Spanned<String>>,
    #[serde(rename = "lang-right")]
    lang_right: Option<Spanned<String>>,
}

/// The settings of config.toml, checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    /// `layout`: how the panes share the screen.
    pub arrangement: Option<Arrangement>,
    /// `sync`.
    pub sync: Option<bool>,
    /// `max_width`.
    pub max_width: Option<u16>,
    /// `theme`: dark, light, auto, or a file.
    pub theme: Option<String>,
    /// `mouse`.
    pub mouse: Option<bool>,
    /// `paragraphs`.
    pub paragraphs: Option<Choice>,
    /// `paragraphs-left`, `paragraphs-right`: one side's, over `paragraphs`.
    pub paragraphs_sides: [Option<Choice>; 2],
    /// `lang-left`, `lang-right`.
    pub languages: [Option<Lang>; 2],
}

impl Settings {
    /// Parses config.toml `source`, naming it `file` in errors.
    pub fn parse(source: &str, file: &str) -> Result<Settings> {
        let raw: RawConfig = diptych_core::user_files::parse_toml(source, file)?;
        let at =
            |s: &Spanned<String>, msg: String| Error::config_at(file, source, s.span().start, msg);
        // A named choice, its error at the value.
        fn choice<T: std::str::FromStr<Err = diptych_core::error::UnknownChoice>>(
            v: &Option<Spanned<String>>,
            at: impl Fn(&Spanned<String>, String) -> Error,
        ) -> Result<Option<T>> {
            v.as_ref()
                .map(|s| s.get_ref().parse::<T>().map_err(|e| at(s, e.to_string())))
                .transpose()
        }
        let arrangement: Option<Arrangement> = choice(&raw.layout, at)?;
        let paragraphs: Option<Choice> = choice(&raw.paragraphs, at)?;
        let paragraphs_sides: [Option<Choice>; 2] = [
            choice(&raw.paragraphs_left, at)?,
            choice(&raw.paragraphs_right, at)?,
        ];
        let lang = |v: &Option<Spanned<String>>| -> Result<Option<Lang>> {
            match v {
                Some(s) => s
                    .get_ref()
                    .parse()
                    .map(Some)
                    .map_err(|e: UnknownLang| at(s, e.to_string())),
                None => Ok(None),
            }
        };
        Ok(Settings {
            arrangement,
            sync: raw.sync,
            max_width: raw.max_width,
            theme: raw.theme.map(toml::Spanned::into_inner),
            mouse: raw.mouse,
            paragraphs,
            paragraphs_sides,
            languages: [lang(&raw.lang_left)?, lang(&raw.lang_right)?],
        })
    }

    /// Parses config.toml `source` as far as it can: each line with a
    /// mistake (an unknown key, a value of the wrong kind) is reported and
    /// left out, the rest is read. Every command and the reader read the
    /// file so; `config check` lists the mistakes.
    pub fn parse_lenient(source: &str, file: &str) -> (Settings, Vec<Error>) {
        /// The most mistakes looked for (a file of nothing but mistakes
        /// is not read to its end).
        const MOST: usize = 64;
        let mut src = source.to_string();
        let mut errors = Vec::new();
        while errors.len() < MOST {
            match Settings::parse(&src, file) {
                Ok(s) => return (s, errors),
                Err(e) => {
                    let line = match &e {
                        Error::Config { line, .. } => Some(*line),
                        _ => None,
                    };
                    errors.push(with_nearest_key(e));
                    // The line goes (spaces keep every offset after it);
                    // a mistake no line holds ends the reading.
                    let Some(range) = line.and_then(|l| line_range(&src, l)) else {
                        break;
                    };
                    if src[range.clone()].trim().is_empty() {
                        break;
                    }
                    src.replace_range(range.clone(), &" ".repeat(range.len()));
                }
            }
        }
        (Settings::default(), errors)
    }

    /// config.toml from the XDG config directory, when there is one: its
    /// settings, and its mistakes (each one line, left out of the
    /// settings). A file that cannot be read at all is an error.
    pub fn load() -> Result<(Settings, Vec<Error>)> {
        match diptych_core::user_files::config_file("config.toml").filter(|p| p.exists()) {
            Some(p) => Settings::from_file(&p),
            None => Ok((Settings::default(), Vec::new())),
        }
    }

    /// Reads and parses the settings file at `path` ([`Settings::parse_lenient`]).
    pub fn from_file(path: &Path) -> Result<(Settings, Vec<Error>)> {
        let source = diptych_core::user_files::read_config(path)
            .map_err(|e| e.reading("the settings file "))?;
        Ok(Settings::parse_lenient(
            &source,
            &path.display().to_string(),
        ))
    }
}

/// The keys config.toml knows, for the nearest one to a misspelt key.
const KEYS: [&str; 10] = [
    "layout",
    "sync",
    "max-width",
    "theme",
    "mouse",
    "paragraphs",
    "paragraphs-left",
    "paragraphs-right",
    "lang-left",
    "lang-right",
];

/// An unknown key's error with the nearest known key named
/// (`max-widht`: did you mean `max-width`?).
fn with_nearest_key(e: Error) -> Error {
    let Error::Config {
        file,
        line,
        column,
        message,
    } = e
    else {
        return e;
    };
    let unknown = message
        .strip_prefix("unknown field `")
        .and_then(|m| m.split('`').next());
    let nearest = unknown.and_then(|k| {
        KEYS.iter()
            .filter_map(|c| {
                let d = diptych_core::lang::sound::distance(k.as_bytes(), c.as_bytes(), 3)?;
                Some((d, *c))
            })
            .min()
    });
    let message = match (unknown, nearest) {
        (Some(k), Some((_, c))) => {
            format!(
                "unknown key `{k}`: did you mean `{c}`? (keys: {})",
                KEYS.join(", ")
            )
        }
        (Some(k), None) => format!("unknown key `{k}` (keys: {})", KEYS.join(", ")),
        _ => message,
    };
    Error::Config {
        file,
        line,
        column,
        message,
    }
}

/// The byte range of 1-based line `line` of `source`, without its end.
fn line_range(source: &str, line: usize) -> Option<std::ops::Range<usize>> {
    let start = if line <= 1 {
        0
    } else {
        source.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let end = source[start..]
        .find('\n')
        .map_or(source.len(), |i| start + i);
    Some(start..end)
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour on a terminal, honouring NO_COLOR, CLICOLOR_FORCE and TERM=dumb.
    #[default]
    Auto,
    /// Always colour (also in a pipe).
    Always,
    /// Never colour.
    Never,
}

/// Whether to use colour for output to a terminal (`tty`) or not, under
/// the environment `var` (a lookup, so tests need not touch the real one).
pub fn use_color(choice: ColorChoice, tty: bool, var: impl Fn(&str) -> Option<String>) -> bool {
    let set = |v: Option<String>| v.is_some_and(|s| !s.is_empty());
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            if set(var("NO_COLOR")) {
                return false;
            }
            if var("CLICOLOR_FORCE").is_some_and(|v| !v.is_empty() && v != "0") {
                return true;
            }
            tty && var("TERM").as_deref() != Some("dumb")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys of more than one word are written one way (kebab case); the
    /// `max_width` of earlier versions is still read.
    #[test]
    fn keys_in_kebab_case_and_the_old_spelling() {
        for src in ["max-width = 60\n", "max_width = 60\n"] {
            let s = Settings::parse(src, "c.toml").expect(src);
            assert_eq!(s.max_width, Some(60), "{src}");
        }
    }

    #[test]
    fn the_default_config_parses_and_says_the_defaults() {
        let s = Settings::parse(DEFAULT_CONFIG, "config.toml").expect("parses");
        assert_eq!(s.arrangement, Some(Arrangement::Auto));
        assert_eq!(s.mouse, Some(true));
        assert_eq!(s.theme.as_deref(), Some("auto"));
    }

    #[test]
    fn a_lenient_parse_keeps_the_good_lines_and_names_every_mistake() {
        let (s, errors) = Settings::parse_lenient(
            "max-widht = 80\nsync = false\nlayout = \"sideways\"\nmouse = false\n",
            "c.toml",
        );
        assert_eq!(
            (s.sync, s.mouse, s.arrangement),
            (Some(false), Some(false), None)
        );
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors[0].starts_with("c.toml:1:1: unknown key `max-widht`: did you mean `max-width`?"),
            "{errors:?}"
        );
        assert!(
            errors[1].starts_with("c.toml:3:10: unknown layout"),
            "{errors:?}"
        );
    }

    #[test]
    fn config_errors_have_line_and_column() {
        let e = Settings::parse("sync = true\nlayout = \"sideways\"\n", "c.toml")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("c.toml:2:10: unknown layout 'sideways'"),
            "{e}"
        );
        let e = Settings::parse("colour = 1\n", "c.toml")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("c.toml:1:1: unknown field `colour`"), "{e}");
        let e = Settings::parse("mouse = \"yes\"\n", "c.toml")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("c.toml:1:9: "), "{e}");
        let e = Settings::parse("lang-left = \"xx\"\n", "c.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown language 'xx'"), "{e}");
    }

    #[test]
    fn colour_follows_the_flag_and_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert!(use_color(ColorChoice::Auto, true, env(&[])));
        assert!(!use_color(ColorChoice::Auto, false, env(&[])));
        assert!(!use_color(
            ColorChoice::Auto,
            true,
            env(&[("NO_COLOR", "1")])
        ));
        assert!(use_color(ColorChoice::Auto, true, env(&[("NO_COLOR", "")])));
        assert!(use_color(
            ColorChoice::Auto,
            false,
            env(&[("CLICOLOR_FORCE", "1")])
        ));
        assert!(!use_color(
            ColorChoice::Auto,
            false,
            env(&[("CLICOLOR_FORCE", "0")])
        ));
        assert!(!use_color(
            ColorChoice::Auto,
            true,
            env(&[("TERM", "dumb")])
        ));
        assert!(use_color(
            ColorChoice::Always,
            false,
            env(&[("NO_COLOR", "1")])
        ));
        assert!(!use_color(ColorChoice::Never, true, env(&[])));
    }
}
