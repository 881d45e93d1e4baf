//! What the TOML files a user may write (keymap, people, topics) share:
//! parsing with positioned errors, and the `--people` / `--topics` choice
//! between the bundled file, a file of one's own and none.

use crate::error::{Error, Result};
use serde::de::DeserializeOwned;
use std::path::Path;

/// Parses `source` (named `file` in errors): a syntax or shape error becomes
/// one line with the file, line and column.
pub fn parse_toml<T: DeserializeOwned>(source: &str, file: &str) -> Result<T> {
    toml::from_str(source).map_err(|e| {
        Error::config_at(
            file,
            source,
            e.span().map_or(0, |s| s.start),
            e.message().trim().replace('\n', " "),
        )
    })
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

/// The data a `--people` or `--topics` option chooses: the bundled one when
/// not given, nothing for `none`, else the file, read and parsed.
pub fn load_choice<T: Default>(
    choice: Option<&Path>,
    bundled: impl FnOnce() -> Result<T>,
    parse: impl FnOnce(&str, &str) -> Result<T>,
) -> Result<T> {
    match choice {
        None => bundled(),
        Some(p) if p.as_os_str() == "none" => Ok(T::default()),
        Some(p) => {
            let source = crate::text::read_text(p)?;
            parse(&source, &p.display().to_string())
        }
    }
}
