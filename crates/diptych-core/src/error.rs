//! The one error type of the library: every variant prints as a single line
//! that names what went wrong and, where it can, what to do about it.

use std::path::PathBuf;

/// A path as the user gave it, for a message: as text where it is UTF-8,
/// any other byte written `\xNN` (a name in Latin-1 is shown as it is
/// on disk, not with replacement marks that name no file).
pub fn shown(path: &std::path::Path) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut out = String::new();
        for chunk in path.as_os_str().as_bytes().utf8_chunks() {
            out.push_str(chunk.valid());
            for b in chunk.invalid() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        }
        out
    }
    #[cfg(not(unix))]
    {
        path.display().to_string()
    }
}

/// Everything that can stop diptych before or instead of showing the texts.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be opened or read.
    #[error("cannot read {what}{}: {reason}", shown(path))]
    Read {
        /// What the file is for, with a space after it ("the keymap "),
        /// or nothing ([`Error::reading`]).
        what: &'static str,
        /// The path as the user gave it.
        path: PathBuf,
        /// The operating system's explanation, lower-cased.
        reason: String,
    },
    /// A path names a directory where a text file was expected.
    #[error(
        "{what}{} is a directory: give a text file (any encoding), Markdown or EPUB",
        shown(path)
    )]
    Directory {
        /// What the path is for, as in [`Error::Read`].
        what: &'static str,
        /// The path as the user gave it.
        path: PathBuf,
    },
    /// A path names a directory where a settings or data file (TOML) was
    /// expected.
    #[error("{what}{} is a directory: give a TOML file", shown(path))]
    ConfigDirectory {
        /// What the path is for, as in [`Error::Read`].
        what: &'static str,
        /// The path as the user gave it.
        path: PathBuf,
    },
    /// A path names something that is not a regular file (a FIFO, a device).
    #[error("{} is {what}: give a regular file", shown(path))]
    NotAFile {
        /// The path as the user gave it.
        path: PathBuf,
        /// What it is instead.
        what: &'static str,
    },
    /// A file is larger than diptych reads.
    #[error("{} is larger than {} MiB ({size} bytes): diptych reads files up to {} MiB", shown(path), limit >> 20, limit >> 20)]
    TooLarge {
        /// The path as the user gave it.
        path: PathBuf,
        /// Its size in bytes (as far as it was read).
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// An EPUB that cannot be read.
    #[error("{} cannot be read as an EPUB: {reason}", shown(path))]
    Epub {
        /// The path as the user gave it.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// A text file is not valid UTF-8.
    #[error(
        "{} is not UTF-8: invalid byte 0x{byte:02x} at offset {offset}; a text in another encoding is read with --encoding NAME (such as windows-1252, windows-1251, iso-8859-2, gb18030), else convert or repair it (iconv -t UTF-8)",
        shown(path)
    )]
    NotUtf8 {
        /// The path as the user gave it.
        path: PathBuf,
        /// Byte offset of the first invalid byte.
        offset: usize,
        /// The invalid byte itself.
        byte: u8,
    },
    /// A text file holds a NUL byte, which text never does.
    #[error(
        "{} has a NUL byte at offset {offset}: {}",
        shown(path),
        utf16.map_or("it looks like a binary file, not text".to_string(), |e| format!(
            "it looks like UTF-16 without a byte order mark: give --encoding {e}"
        ))
    )]
    Nul {
        /// The path as the user gave it.
        path: PathBuf,
        /// Byte offset of the first NUL.
        offset: usize,
        /// The UTF-16 the NULs say it is ("utf-16le", "utf-16be"), if any.
        utf16: Option<&'static str>,
    },
    /// A text file has no paragraph to show.
    #[error("{} is empty: it has no line with text to show", shown(path))]
    Empty {
        /// The path as the user gave it.
        path: PathBuf,
    },
    /// Only one side of a pair was given on the command line.
    #[error("--left and --right go together: give both files, or neither for the bundled pair")]
    HalfPair,
    /// A configuration or data file (keymap, pair, people, topics) is malformed.
    #[error("{file}:{line}:{column}: {message}")]
    Config {
        /// The file as shown to the user.
        file: String,
        /// 1-based line of the problem.
        line: usize,
        /// 1-based column of the problem.
        column: usize,
        /// What is wrong, and the valid choices where there are any.
        message: String,
    },
    /// A command-line value is out of range.
    #[error("{0}")]
    Usage(String),
    /// A named choice (`--layout`, `--align`, `--paragraphs`) that is none
    /// of its values.
    #[error(transparent)]
    Choice(#[from] UnknownChoice),
    /// The remembered reading places cannot be read or written.
    #[error("{0}")]
    State(String),
    /// Writing a report to standard output failed.
    #[error("cannot write to standard output: {0}")]
    Output(std::io::Error),
    /// Setting up, drawing to or restoring the terminal failed.
    #[error("cannot write to the terminal: {0}")]
    Terminal(#[from] std::io::Error),
}

/// A value of a named choice that is none of its values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{got}'; choose {}", or_list(choices))]
pub struct UnknownChoice {
    /// What the choice is ("layout").
    pub what: &'static str,
    /// The value given.
    pub got: String,
    /// Its values, in the order the message lists them.
    pub choices: &'static [&'static str],
}

/// "a, b or c".
fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A one-line error of a lower room, a message and nothing else:
/// `message_error!(/** doc */ KeyError)` makes the struct, its `Display`
/// and its conversions from `String` and `&str`. Written out rather than
/// derived with thiserror, so a crate using the macro needs no dependency.
#[macro_export]
macro_rules! message_error {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name(pub String);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl std::error::Error for $name {}

        impl From<String> for $name {
            fn from(message: String) -> Self {
                $name(message)
            }
        }

        impl From<&str> for $name {
            fn from(message: &str) -> Self {
                $name(message.to_string())
            }
        }
    };
}

/// `FromStr` for an enum of named values, whose error lists them:
/// `named_choices!(Arrangement, "layout", ["side" => Arrangement::Side, …])`.
#[macro_export]
macro_rules! named_choices {
    ($ty:ty, $what:literal, [$($name:literal => $value:expr),+ $(,)?]) => {
        impl std::str::FromStr for $ty {
            type Err = $crate::error::UnknownChoice;

            fn from_str(s: &str) -> std::result::Result<$ty, Self::Err> {
                match s {
                    $($name => Ok($value),)+
                    other => Err($crate::error::UnknownChoice {
                        what: $what,
                        got: other.to_string(),
                        choices: &[$($name),+],
                    }),
                }
            }
        }
    };
}

/// Shorthand for results carrying [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A file that cannot be read named by what it is for (`the keymap`):
    /// "cannot read the keymap ~/k.toml: no such file or directory", "the
    /// keymap /tmp is a directory: give a TOML file". Other errors say
    /// what is wrong with the file already.
    #[must_use]
    pub fn reading(self, what: &'static str) -> Error {
        match self {
            Error::Read { path, reason, .. } => Error::Read { what, path, reason },
            Error::Directory { path, .. } => Error::Directory { what, path },
            Error::ConfigDirectory { path, .. } => Error::ConfigDirectory { what, path },
            e => e,
        }
    }

    /// A [`Error::Config`] for the byte `offset` of `source`, read from `file`.
    pub fn config_at(file: &str, source: &str, offset: usize, message: impl Into<String>) -> Self {
        let (line, column) = line_column(source, offset);
        Error::Config {
            file: file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

/// Where the lines of a source start, for many errors' positions in one
/// pass: [`line_column`] reads the source from its start each time, which
/// for one error a line of a large file is quadratic.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// The line starts of `source`.
    pub fn new(source: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', source.as_bytes()).map(|i| i + 1));
        LineIndex { starts }
    }

    /// What [`line_column`] says of `offset` in `source` (the source this
    /// index was made of).
    pub fn line_column(&self, source: &str, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line.saturating_sub(1)];
        (line, source[start..offset].chars().count() + 1)
    }

    /// An [`Error::Config`] for byte `offset` of `source`, read from `file`.
    pub fn error(
        &self,
        file: &str,
        source: &str,
        offset: usize,
        message: impl Into<String>,
    ) -> Error {
        let (line, column) = self.line_column(source, offset);
        Error::Config {
            file: file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

/// The 1-based line and column (in characters) of byte `offset` in `source`.
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = source[line_start..offset].chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_index_places_as_line_column_does() {
        for src in ["", "a", "a = 1\nžž = x", "\n\n", "x\ny\n", "ž\nž"] {
            let index = LineIndex::new(src);
            for offset in 0..=src.len() + 2 {
                assert_eq!(
                    index.line_column(src, offset),
                    line_column(src, offset),
                    "{src:?} {offset}"
                );
            }
        }
    }

    #[test]
    fn line_column_counts_characters_not_bytes() {
        let src = "a = 1\nžž = x";
        assert_eq!(line_column(src, 0), (1, 1));
        assert_eq!(line_column(src, 6), (2, 1));
        assert_eq!(line_column(src, 10), (2, 3));
        assert_eq!(line_column(src, 999), (2, 7));
    }

    #[test]
    fn every_message_is_one_line() {
        let e = Error::NotUtf8 {
            path: "x.txt".into(),
            offset: 7,
            byte: 0xff,
        };
        assert!(!e.to_string().contains('\n'));
        assert!(e.to_string().contains("offset 7"));
    }
}
