//! Remembered places: where each pair of texts was left (scroll positions,
//! focus, open panel, last search, chosen person, marks), kept in TOML in the
//! XDG state directory and written atomically. A pair is known by its
//! texts' contents, so a moved file keeps its place.

use crate::pair::Pair;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The state file format this build writes and understands.
pub const VERSION: u32 = 1;

/// A mark: a place in one account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkState {
    /// "left" or "right".
    pub side: String,
    /// Byte offset in that account's text.
    pub offset: usize,
}

/// Where one pair was left.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PairState {
    /// Byte offset at the top of each pane, left and right.
    pub tops: [usize; 2],
    /// "left" or "right".
    pub focus: String,
    /// "people", "links" or empty.
    pub panel: String,
    /// The last search, if any.
    pub search: String,
    /// Earlier queries, oldest first.
    pub history: Vec<String>,
    /// The id of the person whose mentions were highlighted.
    pub person: String,
    /// Sync scrolling was on.
    pub sync: bool,
    /// Marks by letter.
    pub marks: BTreeMap<String, MarkState>,
}

/// The whole state file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateFile {
    /// Format version; a newer one is not read.
    pub version: u32,
    /// Places by pair key.
    #[serde(default)]
    pub pairs: BTreeMap<String, PairState>,
}

/// Where state lives and which pair it is for.
#[derive(Debug, Clone)]
pub struct Store {
    /// The state file.
    pub path: PathBuf,
    /// This pair's key.
    pub key: String,
}

/// FNV-1a, 64 bits: a stable hash of the texts (std's hasher may change
/// between Rust releases, and a cryptographic crate would be overkill for
/// telling two texts apart).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The key of a pair: both texts' hashes and lengths.
pub fn pair_key(pair: &Pair) -> String {
    let [l, r] = &pair.accounts;
    format!(
        "{:016x}-{}-{:016x}-{}",
        fnv1a(l.text.as_bytes()),
        l.text.len(),
        fnv1a(r.text.as_bytes()),
        r.text.len()
    )
}

/// `$XDG_STATE_HOME/diptych/state.toml` (`~/.local/state/...`), or the data
/// directory where the platform has no state directory.
pub fn default_path() -> Option<PathBuf> {
    use etcetera::BaseStrategy;
    let base = etcetera::choose_base_strategy().ok()?;
    let dir = base.state_dir().unwrap_or_else(|| base.data_dir());
    Some(dir.join("diptych").join("state.toml"))
}

impl Store {
    /// The store for `pair` at `path`.
    pub fn new(path: PathBuf, pair: &Pair) -> Store {
        Store {
            path,
            key: pair_key(pair),
        }
    }

    /// Reads the state file. A missing file is an empty state. A file that
    /// cannot be read, parsed or is from a newer version is moved aside
    /// (`state.toml.bad-<seconds>`) and a one-line warning is returned with
    /// an empty state; `None` as the store means: do not write.
    pub fn load(self) -> (Option<Store>, PairState, Option<String>) {
        let read = match std::fs::read(&self.path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Some(self), PairState::default(), None);
            }
            Err(e) => {
                let w = format!(
                    "cannot read the state file {}: {e}; starting fresh, and not saving this session's place",
                    self.path.display()
                );
                return (None, PairState::default(), Some(w));
            }
        };
        match parse(&read) {
            Ok(file) => {
                let state = file.pairs.get(&self.key).cloned().unwrap_or_default();
                (Some(self), state, None)
            }
            Err(reason) => {
                let aside = self.aside();
                match std::fs::rename(&self.path, &aside) {
                    Ok(()) => {
                        let w = format!(
                            "the state file {} {reason}; starting fresh (the old file is kept as {})",
                            self.path.display(),
                            aside.display()
                        );
                        (Some(self), PairState::default(), Some(w))
                    }
                    Err(e) => {
                        let w = format!(
                            "the state file {} {reason}, and cannot be moved aside ({e}); starting fresh without saving",
                            self.path.display()
                        );
                        (None, PairState::default(), Some(w))
                    }
                }
            }
        }
    }

    fn aside(&self) -> PathBuf {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let mut name = self.path.file_name().unwrap_or_default().to_os_string();
        name.push(format!(".bad-{secs}"));
        self.path.with_file_name(name)
    }

    /// Saves `state` for this pair, keeping the other pairs in the file:
    /// a temporary file in the same directory, fsync, rename over the old
    /// file, fsync the directory. The error is a one-line reason.
    pub fn save(&self, state: &PairState) -> Result<(), String> {
        let fail = |what: &str, e: &dyn std::fmt::Display| {
            format!(
                "cannot save the reading place to {} ({what}: {e})",
                self.path.display()
            )
        };
        let dir = self.path.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir).map_err(|e| fail("creating its directory", &e))?;
        let mut file = match std::fs::read(&self.path) {
            Ok(b) => parse(&b).unwrap_or_default(),
            Err(_) => StateFile::default(),
        };
        file.version = VERSION;
        file.pairs.insert(self.key.clone(), state.clone());
        let text = toml::to_string(&file).map_err(|e| fail("writing TOML", &e))?;
        let mut tmp = tempfile::NamedTempFile::new_in(dir)
            .map_err(|e| fail("creating a temporary file", &e))?;
        tmp.write_all(text.as_bytes())
            .map_err(|e| fail("writing", &e))?;
        tmp.as_file().sync_all().map_err(|e| fail("syncing", &e))?;
        tmp.persist(&self.path)
            .map_err(|e| fail("renaming", &e.error))?;
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    }
}

/// Parses a state file; the error says what is wrong with it.
fn parse(bytes: &[u8]) -> Result<StateFile, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "is not UTF-8".to_string())?;
    let file: StateFile = toml::from_str(text)
        .map_err(|e| format!("is corrupt ({})", e.message().trim().replace('\n', " ")))?;
    if file.version > VERSION {
        return Err(format!(
            "is from a newer diptych (version {}, this one reads {VERSION})",
            file.version
        ));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(dir: &Path) -> Store {
        Store {
            path: dir.join("diptych").join("state.toml"),
            key: "k".into(),
        }
    }

    #[test]
    fn saves_and_loads_keeping_other_pairs() {
        let dir = tempfile::tempdir().expect("tempdir");
        let s = store(dir.path());
        let mut st = PairState {
            tops: [10, 20],
            focus: "right".into(),
            search: "pariz".into(),
            ..PairState::default()
        };
        st.marks.insert(
            "a".into(),
            MarkState {
                side: "left".into(),
                offset: 5,
            },
        );
        s.save(&st).expect("saves");
        let other = Store {
            key: "other".into(),
            ..s.clone()
        };
        other.save(&PairState::default()).expect("saves");
        let (back, loaded, warning) = s.clone().load();
        assert!(back.is_some() && warning.is_none());
        assert_eq!(loaded, st);
        let text = std::fs::read_to_string(&s.path).expect("read");
        assert!(
            text.contains("[pairs.other]") && text.contains("[pairs.k]"),
            "{text}"
        );
    }

    #[test]
    fn corrupt_and_future_files_are_kept_aside() {
        for content in ["version = 1\n[pairs.k\n", "version = 99\n", "\u{0}\u{ff}"] {
            let dir = tempfile::tempdir().expect("tempdir");
            let s = store(dir.path());
            std::fs::create_dir_all(s.path.parent().expect("parent")).expect("mkdir");
            std::fs::write(&s.path, content).expect("write");
            let (back, loaded, warning) = s.clone().load();
            assert!(back.is_some());
            assert_eq!(loaded, PairState::default());
            let w = warning.expect("a warning");
            assert!(!w.contains('\n') && w.contains("kept as"), "{w}");
            let kept: Vec<_> = std::fs::read_dir(s.path.parent().expect("parent"))
                .expect("dir")
                .filter_map(|e| e.ok())
                .filter(|e| e.file_name().to_string_lossy().contains(".bad-"))
                .collect();
            assert_eq!(kept.len(), 1);
        }
    }

    #[test]
    fn a_read_only_directory_costs_only_the_place() {
        let s = Store {
            path: PathBuf::from("/proc/diptych-cannot-write/state.toml"),
            key: "k".into(),
        };
        let e = s.save(&PairState::default()).unwrap_err();
        assert!(
            e.starts_with("cannot save the reading place to /proc/"),
            "{e}"
        );
        assert!(!e.contains('\n'));
    }

    #[test]
    fn pair_keys_follow_contents_not_paths() {
        let p = Pair::bundled().expect("bundled");
        assert_eq!(pair_key(&p), pair_key(&Pair::bundled().expect("bundled")));
        assert_ne!(fnv1a(b"a"), fnv1a(b"b"));
    }
}
