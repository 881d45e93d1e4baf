//! What the files a user may write (config.toml, keymap, people, topics,
//! languages) share: parsing with positioned errors, where they live (the
//! XDG directories), and the `--people` / `--topics` choice between the
//! bundled file, a file of one's own and none.

use crate::error::{Error, Result};
use serde::de::DeserializeOwned;
use std::path::Path;

/// Parses `source` (named `file` in errors): a syntax or shape error becomes
/// one line with the file, line and column.
pub fn parse_toml<T: DeserializeOwned>(source: &str, file: &str) -> Result<T> {
    toml::from_str(source).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        let message = e.message().trim().replace('\n', " ");
        let message = match key_before(source, at) {
            Some(key) if !message.contains(&format!("`{key}`")) => {
                format!("{message} (key `{key}`)")
            }
            _ => message,
        };
        Error::config_at(file, source, at, message)
    })
}

/// The key whose value starts at byte `at` of `source`, when it stands on
/// the same line before it (`ends = "a"`: `ends`): the errors of a value
/// name its key.
fn key_before(source: &str, at: usize) -> Option<&str> {
    let line_start = source.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
    let before = source.get(line_start..at)?.trim_end();
    let before = before.strip_suffix('=')?.trim_end();
    let start = before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-' || c == '"'))
        .map_or(0, |i| i + 1);
    let key = before[start..].trim_matches('"');
    (!key.is_empty()).then_some(key)
}

/// Records `id` (at byte `at` of `source`) in `seen`; an id seen before is
/// an error naming both lines.
pub fn unique_id(
    seen: &mut std::collections::HashMap<String, usize>,
    id: &toml::Spanned<String>,
    source: &str,
    file: &str,
    what: &str,
) -> Result<()> {
    let at = id.span().start;
    match seen.insert(id.get_ref().clone(), at) {
        None => Ok(()),
        Some(first) => {
            let (line, _) = crate::error::line_column(source, first);
            Err(Error::config_at(
                file,
                source,
                at,
                format!(
                    "duplicate {what} \"{}\": already used on line {line}",
                    id.get_ref()
                ),
            ))
        }
    }
}

/// The directory of diptych's own files of `kind` (config, state): the
/// XDG directory through etcetera (`$XDG_CONFIG_HOME/diptych`, else
/// `~/.config/diptych`); etcetera ignores a relative `$XDG_…` variable, as
/// the XDG specification says.
pub fn xdg_dir(kind: Xdg) -> Option<std::path::PathBuf> {
    use etcetera::BaseStrategy;
    let base = etcetera::base_strategy::Xdg::new().ok()?;
    let dir = match kind {
        Xdg::Config => base.config_dir(),
        Xdg::State => base.state_dir()?,
    };
    Some(dir.join("diptych"))
}

/// Which XDG directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Xdg {
    /// Settings: keymap.toml, config.toml, themes.
    Config,
    /// Remembered places.
    State,
}

/// `name` in diptych's config directory.
pub fn config_file(name: &str) -> Option<std::path::PathBuf> {
    xdg_dir(Xdg::Config).map(|d| d.join(name))
}

/// The data a `--people` or `--topics` option chooses: the bundled one when
/// not given, nothing for `none`, else the file, read and parsed; `what`
/// names it where it cannot be read ("the people index ").
pub fn load_choice<T: Default>(
    choice: Option<&Path>,
    what: &'static str,
    bundled: impl FnOnce() -> Result<T>,
    parse: impl FnOnce(&str, &str) -> Result<T>,
) -> Result<T> {
    match choice {
        None => bundled(),
        Some(p) if p.as_os_str() == "none" => Ok(T::default()),
        Some(p) => {
            let source = read_config(p).map_err(|e| e.reading(what))?;
            parse(&source, &p.display().to_string())
        }
    }
}

/// Reads a settings or data file (keymap, people, topics, theme,
/// languages, config): an empty one is empty TOML, with nothing in it,
/// and a directory is an error asking for a TOML file.
pub fn read_config(path: &Path) -> Result<String> {
    let bytes =
        crate::text::read_file(path, crate::text::MAX_CONFIG_BYTES).map_err(|e| match e {
            Error::Directory { what, path } => Error::ConfigDirectory { what, path },
            e => e,
        })?;
    match crate::text::validate_text(path, bytes) {
        Err(Error::Empty { .. }) => Ok(String::new()),
        other => other,
    }
}

/// A key of a TOML table that mixes fixed fields with one list per language
/// (people.toml's entries, topics.toml's topics). serde's `flatten` would
/// buffer the lists and lose the positions errors are reported at, so such
/// tables are read key by key, each key through [`TableKeySeed`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableKey {
    /// One of the table's fixed fields.
    Fixed(&'static str),
    /// A language's code.
    Lang(crate::Lang),
}

/// Reads a [`TableKey`] given the table's fixed fields; any other key is an
/// error at the key's position naming the fields and the codes.
#[derive(Debug, Clone, Copy)]
pub struct TableKeySeed(pub &'static [&'static str]);

impl<'de> serde::de::DeserializeSeed<'de> for TableKeySeed {
    type Value = TableKey;
    fn deserialize<D: serde::Deserializer<'de>>(
        self,
        d: D,
    ) -> std::result::Result<TableKey, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl serde::de::Visitor<'_> for TableKeySeed {
    type Value = TableKey;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a field name or a language code")
    }
    fn visit_str<E: serde::de::Error>(self, v: &str) -> std::result::Result<TableKey, E> {
        if let Some(f) = self.0.iter().find(|f| **f == v) {
            return Ok(TableKey::Fixed(f));
        }
        if let Some(l) = crate::Lang::from_code(v) {
            return Ok(TableKey::Lang(l));
        }
        Err(E::custom(format!(
            "unknown field `{v}`, expected one of {}, or a language code: {}",
            self.0.join(", "),
            crate::Lang::codes()
        )))
    }
}
