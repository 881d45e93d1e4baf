//! The pair of accounts on screen: the bundled one (compiled in from
//! `texts/`, described by `texts/pair.toml`) or two files from the command line.

use crate::error::{Error, Result};
use crate::text::{Account, Meta, Side, read_text};
use serde::Deserialize;
use std::path::Path;

/// `texts/pair.toml`, compiled in.
pub const PAIR_TOML: &str = include_str!("../texts/pair.toml");

/// The bundled account files, compiled in, by file name.
pub const BUNDLED_FILES: [(&str, &str); 2] = [
    (
        "fontainebleau-1814.uk.txt",
        include_str!("../texts/fontainebleau-1814.uk.txt"),
    ),
    (
        "paris-1815.sk.txt",
        include_str!("../texts/paris-1815.sk.txt"),
    ),
];

/// One side of `pair.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// File name in `texts/`.
    pub file: String,
    /// Title above the pane.
    pub title: String,
    /// Short label for result lists.
    pub label: String,
    /// ISO 639-1 language code.
    pub language: String,
    /// The year the account is about.
    pub year: i32,
}

/// The whole of `pair.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairSpec {
    /// The left account.
    pub left: SideSpec,
    /// The right account.
    pub right: SideSpec,
}

/// Two accounts, left and right.
#[derive(Debug, Clone)]
pub struct Pair {
    /// `[left, right]`, indexed by [`Side::index`].
    pub accounts: [Account; 2],
    /// True for the bundled pair, whose people and topic lists fit it.
    pub bundled: bool,
}

impl Pair {
    /// The account on `side`.
    pub fn account(&self, side: Side) -> &Account {
        &self.accounts[side.index()]
    }

    /// The bundled pair, from the compiled-in `texts/`.
    pub fn bundled() -> Result<Pair> {
        let spec: PairSpec = crate::config::parse_toml(PAIR_TOML, "texts/pair.toml")?;
        let load = |s: &SideSpec| -> Result<Account> {
            let text = BUNDLED_FILES
                .iter()
                .find(|(name, _)| *name == s.file)
                .map(|(_, text)| text.to_string())
                .ok_or_else(|| {
                    Error::config_at(
                        "texts/pair.toml",
                        PAIR_TOML,
                        PAIR_TOML.find(&s.file).unwrap_or(0),
                        format!("{} is not a bundled text", s.file),
                    )
                })?;
            let meta = Meta {
                title: s.title.clone(),
                label: s.label.clone(),
                language: Some(s.language.clone()),
                year: Some(s.year),
            };
            Ok(Account::new(meta, text))
        };
        Ok(Pair {
            accounts: [load(&spec.left)?, load(&spec.right)?],
            bundled: true,
        })
    }

    /// Two files; both are read and checked before anything else happens.
    pub fn from_files(left: &Path, right: &Path) -> Result<Pair> {
        let left_text = read_text(left)?;
        let right_text = read_text(right)?;
        Ok(Pair::from_texts(
            [file_meta(left), file_meta(right)],
            [left_text, right_text],
        ))
    }

    /// A pair from two texts already in memory, split in parallel.
    pub fn from_texts(metas: [Meta; 2], texts: [String; 2]) -> Pair {
        let [lm, rm] = metas;
        let [lt, rt] = texts;
        let (left, right) = std::thread::scope(|s| {
            let l = s.spawn(|| Account::new(lm, lt));
            let r = Account::new(rm, rt);
            (l.join().unwrap_or_else(|e| std::panic::resume_unwind(e)), r)
        });
        Pair {
            accounts: [left, right],
            bundled: false,
        }
    }

    /// The pair named on the command line, or the bundled one.
    pub fn open(left: Option<&Path>, right: Option<&Path>) -> Result<Pair> {
        match (left, right) {
            (Some(l), Some(r)) => Pair::from_files(l, r),
            (None, None) => Pair::bundled(),
            _ => Err(Error::HalfPair),
        }
    }
}

/// Title and label for a file opened from the command line: its name.
pub fn file_meta(path: &Path) -> Meta {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let stem = path
        .file_stem()
        .map_or_else(|| name.clone(), |n| n.to_string_lossy().into_owned());
    Meta {
        title: crate::text::sanitize::sanitize(&name).into_owned(),
        label: crate::wrap::truncate(&stem, 12),
        language: None,
        year: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_pair_is_ukrainian_left_and_slovak_right() {
        let p = Pair::bundled().expect("bundled pair loads");
        let l = p.account(Side::Left);
        let r = p.account(Side::Right);
        assert_eq!(l.meta.language.as_deref(), Some("uk"));
        assert_eq!(l.meta.year, Some(1814));
        assert_eq!(r.meta.language.as_deref(), Some("sk"));
        assert_eq!(r.meta.year, Some(1815));
        assert_eq!(l.paragraphs.len(), 11);
        assert_eq!(r.paragraphs.len(), 5);
        assert!(l.paragraph_text(0).starts_with("Під час кампанії 1813"));
        assert!(r.paragraph_text(0).starts_with("Napoleon zatiaľ"));
    }

    #[test]
    fn one_side_alone_is_an_error() {
        let e = Pair::open(Some(Path::new("a")), None).unwrap_err();
        assert!(matches!(e, Error::HalfPair));
    }
}
