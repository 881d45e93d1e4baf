//! Remembered places: where each pair of texts was left (scroll positions,
//! cursors, focus, open panel, last search, chosen person, marks), and the
//! paths it was opened from, kept in TOML in the XDG state directory. A
//! pair is known by its texts' contents, so a moved file keeps its place.
//!
//! Saving is a locked merge: under an advisory lock on `state.toml.lock`,
//! the file is read again, this pair's entry merged in, and the result
//! written atomically (a temporary file in the same directory, fsync,
//! rename, fsync of the directory). Two readers quitting at once both keep
//! their places. A file that is corrupt, unreadable or from a newer
//! diptych (at start, or found so at save) is set aside under a unique
//! name, never silently replaced.

use crate::entities::curate::{Curation, MAX_STEPS};
use crate::pair::Pair;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The state file format this build writes and understands.
pub const VERSION: u32 = 1;

/// How many pairs the file remembers (the oldest are forgotten).
pub const KEEP_PAIRS: usize = 200;

/// A mark: a place in one account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkState {
    /// "left" or "right".
    pub side: String,
    /// Byte offset in that account's text.
    pub offset: usize,
    /// When it was set, in seconds since 1970 (0: before marks had times):
    /// two readers of one pair each keep the newer mark of a letter.
    #[serde(default)]
    pub set_at: u64,
}

/// Where one pair was left.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedPlace {
    /// Byte offset at the top of each pane, left and right.
    pub tops: [usize; 2],
    /// The cursor paragraph of each pane (0-based).
    pub cursors: [usize; 2],
    /// The sentence cursor inside a pane's cursor paragraph (0-based), by
    /// side ("left", "right"), where one was chosen (`)` and `(`).
    pub sentences: BTreeMap<String, usize>,
    /// What n/N followed: "search", "mentions" or empty.
    pub follow: String,
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
    /// The files the pair was last opened from (empty for the bundled pair).
    pub paths: Vec<String>,
    /// The pair's labels, for `diptych recent`.
    pub labels: Vec<String>,
    /// True when the labels were given (`--label-left`, `--label-right`):
    /// the reader then labels the pair so again.
    pub labels_chosen: bool,
    /// When it was last left, in seconds since 1970.
    pub left_at: u64,
    /// The reader's corrections to the people found, in order.
    pub curations: Vec<Curation>,
    /// The corrections as this reader found them when it opened the pair
    /// (not saved): a save keeps what another reader added since.
    #[serde(skip)]
    pub curations_loaded: Vec<Curation>,
    /// The terminal's background as it last answered ("light", "dark",
    /// or empty): the first frame is drawn so before it answers again.
    pub background: String,
}

/// The whole state file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateFile {
    /// Format version; a newer one is not read.
    pub version: u32,
    /// Places by pair key.
    #[serde(default)]
    pub pairs: BTreeMap<String, SavedPlace>,
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

/// `$XDG_STATE_HOME/diptych/state.toml` (`~/.local/state/diptych/state.toml`).
pub fn default_path() -> Option<PathBuf> {
    crate::user_files::xdg_dir(crate::user_files::Xdg::State).map(|d| d.join("state.toml"))
}

/// Seconds since 1970.
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// What reading the file found.
enum Read {
    /// No file yet.
    Missing,
    /// A good file.
    Good(StateFile),
    /// A file that must be set aside, and why.
    Bad(String),
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
    /// cannot be read or parsed, or is from a newer version, is moved aside
    /// (`state.toml.bad-<seconds>-<n>`) and a one-line warning is returned
    /// with an empty state; `None` as the store means: do not write.
    pub fn load(self) -> (Option<Store>, SavedPlace, Option<String>) {
        match read(&self.path) {
            Read::Missing => (Some(self), SavedPlace::default(), None),
            Read::Good(file) => {
                let mut state = file.pairs.get(&self.key).cloned().unwrap_or_default();
                // The background the terminal answered last, for any pair.
                if let Some(latest) = file
                    .pairs
                    .values()
                    .filter(|p| !p.background.is_empty())
                    .max_by_key(|p| p.left_at)
                {
                    state.background.clone_from(&latest.background);
                }
                (Some(self), state, None)
            }
            Read::Bad(reason) => match set_aside(&self.path) {
                Ok(aside) => {
                    let w = format!(
                        "the state file {} {reason}; starting fresh (the old file is kept as {})",
                        self.path.display(),
                        aside.display()
                    );
                    (Some(self), SavedPlace::default(), Some(w))
                }
                Err(e) => {
                    let w = format!(
                        "the state file {} {reason}, and cannot be moved aside ({e}); starting fresh without saving",
                        self.path.display()
                    );
                    (None, SavedPlace::default(), Some(w))
                }
            },
        }
    }

    /// This pair's saved place, read without changing anything: a missing
    /// or bad file is no place (commands that only read, such as `diptych
    /// people --draft`, leave a bad file for the reader to set aside).
    pub fn peek(&self) -> Option<SavedPlace> {
        match read(&self.path) {
            Read::Good(file) => file.pairs.get(&self.key).cloned(),
            Read::Missing | Read::Bad(_) => None,
        }
    }

    /// Saves `state` for this pair as a locked merge (see the module's
    /// documentation). `Ok(Some(warning))` when the file had gone bad and
    /// was set aside first; the error is a one-line reason.
    pub fn save(&self, state: &SavedPlace) -> Result<Option<String>, StateError> {
        let fail = |what: &str, e: &dyn std::fmt::Display| {
            StateError(format!(
                "cannot save the reading place to {} ({what}: {e})",
                self.path.display()
            ))
        };
        let dir = self.path.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir).map_err(|e| fail("creating its directory", &e))?;
        let lock =
            open_lock(&lock_path(&self.path)).map_err(|e| fail("opening its lock file", &e))?;
        lock.lock().map_err(|e| fail("locking", &e))?;
        let mut warning = None;
        let mut file = match read(&self.path) {
            Read::Missing => StateFile::default(),
            Read::Good(f) => f,
            Read::Bad(reason) => {
                let aside =
                    set_aside(&self.path).map_err(|e| fail("setting a bad file aside", &e))?;
                warning = Some(format!(
                    "the state file {} {reason} (changed while diptych ran); it is kept as {}",
                    self.path.display(),
                    aside.display()
                ));
                StateFile::default()
            }
        };
        file.version = VERSION;
        // The pair left last is the newest, also within one second: its
        // time is after every other pair's (`recent` and `--resume` sort by it).
        let mut state = state.clone();
        if let Some(latest) = file
            .pairs
            .iter()
            .filter(|(k, _)| **k != self.key)
            .map(|(_, p)| p.left_at)
            .max()
        {
            state.left_at = state.left_at.max(latest.saturating_add(1));
        }
        // Marks merge by letter, the newer winning: another reader of this
        // pair may have set some since this one started.
        if let Some(there) = file.pairs.get(&self.key) {
            for (c, m) in &there.marks {
                match state.marks.get(c) {
                    Some(mine) if mine.set_at >= m.set_at => {}
                    _ => {
                        state.marks.insert(c.clone(), m.clone());
                    }
                }
            }
        }
        if let Some(there) = file.pairs.get(&self.key) {
            let (merged, lost) =
                merge_curations(&state.curations_loaded, &state.curations, &there.curations);
            state.curations = merged;
            let said = match lost {
                Lost::None => None,
                Lost::PastTheMost(n) => Some(format!(
                    "together they pass the {MAX_STEPS} a pair keeps, and the last {n} are not kept"
                )),
                Lost::BothUndid(n) => Some(format!(
                    "both undid steps they opened with, and {n} of the other's steps are not kept"
                )),
            };
            if let Some(said) = said
                && warning.is_none()
            {
                warning = Some(format!(
                    "another diptych saved corrections to this pair's people while this one ran; {said}"
                ));
            }
        }
        file.pairs.insert(self.key.clone(), state);
        if file.pairs.len() > KEEP_PAIRS {
            let mut by_age: Vec<(u64, String)> = file
                .pairs
                .iter()
                .map(|(k, p)| (p.left_at, k.clone()))
                .collect();
            by_age.sort();
            for (_, k) in by_age.into_iter().take(file.pairs.len() - KEEP_PAIRS) {
                file.pairs.remove(&k);
            }
        }
        let text = fit(&mut file, &self.key).map_err(|e| fail("writing TOML", &e))?;
        // Under the lock no other diptych is saving: any temporary file of
        // ours still here is what a killed save left behind.
        remove_stale_temporaries(dir);
        let mut tmp = tempfile::Builder::new()
            .prefix(TEMP_PREFIX)
            .tempfile_in(dir)
            .map_err(|e| fail("creating a temporary file", &e))?;
        tmp.write_all(text.as_bytes())
            .map_err(|e| fail("writing", &e))?;
        tmp.as_file().sync_all().map_err(|e| fail("syncing", &e))?;
        tmp.persist(&self.path)
            .map_err(|e| fail("renaming", &e.error))?;
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        drop(lock);
        Ok(warning)
    }
}

/// What a merge of corrections could not keep, for a warning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lost {
    /// Nothing.
    None,
    /// This many steps past [`MAX_STEPS`].
    PastTheMost(usize),
    /// Both readers undid steps they had opened with: this reader's list
    /// is kept, and this many of the other's steps are not.
    BothUndid(usize),
}

/// The corrections to save when the file holds `there` and this reader
/// opened the pair with `loaded` and leaves it with `mine`, merged three
/// ways, as sequences (a step may be made twice: `k` pressed again on one
/// entry): where one reader only added steps to `loaded` and the other
/// undid some of it and added others, what was undone stays undone, and
/// the steps each added stay, this reader's on top (A hid Napoleon, B hid
/// Marmont: both stay hidden, a step both made once; A undid a step both
/// had while B hid Marmont: the step is gone, Marmont hidden). Where both
/// undid steps of `loaded`, this reader's list is kept and the other's
/// steps not in it are counted as lost.
fn merge_curations(
    loaded: &[Curation],
    mine: &[Curation],
    there: &[Curation],
) -> (Vec<Curation>, Lost) {
    if there == loaded || there == mine {
        return (mine.to_vec(), Lost::None);
    }
    if mine == loaded {
        return (there.to_vec(), Lost::None);
    }
    // How much of `loaded` a list keeps as it was, from the start.
    let kept = |list: &[Curation]| list.iter().zip(loaded).take_while(|(a, b)| a == b).count();
    let (mut merged, theirs, own): (Vec<Curation>, &[Curation], &[Curation]) =
        if kept(mine) == loaded.len() {
            // This reader only added: the other's list, then what this
            // one added.
            (there.to_vec(), &there[kept(there)..], &mine[loaded.len()..])
        } else if kept(there) == loaded.len() {
            // The other only added: what this reader kept of `loaded`, the
            // other's steps, then this reader's own.
            let at = kept(mine);
            let mut m = mine[..at].to_vec();
            m.extend_from_slice(&there[loaded.len()..]);
            (m, &there[loaded.len()..], &mine[at..])
        } else {
            return (mine.to_vec(), Lost::BothUndid(less(there, mine).len()));
        };
    // This reader's steps, less those the other made too: a step both
    // made is made once.
    merged.extend(less(own, theirs));
    let over = merged.len().saturating_sub(MAX_STEPS);
    merged.truncate(MAX_STEPS);
    let lost = if over > 0 {
        Lost::PastTheMost(over)
    } else {
        Lost::None
    };
    (merged, lost)
}

/// The steps of `list` in order, less each step of `other` once (as
/// sequences: a step `list` makes twice and `other` once is left once).
fn less(list: &[Curation], other: &[Curation]) -> Vec<Curation> {
    let mut other = other.to_vec();
    let mut out = Vec::new();
    for s in list {
        match other.iter().position(|x| x == s) {
            Some(i) => {
                other.remove(i);
            }
            None => out.push(s.clone()),
        }
    }
    out
}

/// How temporary state files of ours start.
const TEMP_PREFIX: &str = ".state.toml.tmp";

/// True for a temporary file of ours: ours now, or tempfile's default
/// name (`.tmp` and six letters or digits), which earlier versions used.
fn is_our_temporary(name: &str) -> bool {
    name.starts_with(TEMP_PREFIX)
        || name
            .strip_prefix(".tmp")
            .is_some_and(|rest| rest.len() == 6 && rest.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// Removes the temporary files of ours in `dir` (the state directory): a
/// save killed between creating and renaming one leaves it.
fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let ours = e.file_name().to_str().is_some_and(is_our_temporary);
        if ours && e.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// A query longer than this is not kept in a pair's history when the file
/// would grow past what diptych reads back.
const LONG_QUERY: usize = 1 << 10;

/// `file` as TOML, made to fit what diptych reads back
/// ([`crate::text::MAX_CONFIG_BYTES`]): first long queries leave the
/// histories; then, round by round, every history (`key`'s too) keeps its
/// newer half and the oldest other pair is forgotten; `key`'s place itself
/// goes last. Only a file already over the limit takes these rounds.
fn fit(file: &mut StateFile, key: &str) -> Result<String, toml::ser::Error> {
    let limit = usize::try_from(crate::text::MAX_CONFIG_BYTES).unwrap_or(usize::MAX);
    let mut text = toml::to_string(file)?;
    if text.len() <= limit {
        return Ok(text);
    }
    for p in file.pairs.values_mut() {
        p.history.retain(|q| q.len() <= LONG_QUERY);
    }
    let mut by_age: Vec<(u64, String)> = file
        .pairs
        .iter()
        .filter(|(k, _)| k.as_str() != key)
        .map(|(k, p)| (p.left_at, k.clone()))
        .collect();
    by_age.sort();
    // At most one round a pair (200), fewer once the histories are halved
    // away.
    let mut next = by_age.into_iter();
    loop {
        text = toml::to_string(file)?;
        if text.len() <= limit {
            return Ok(text);
        }
        for p in file.pairs.values_mut() {
            let keep = p.history.len() / 2;
            p.history.drain(..p.history.len() - keep);
        }
        match next.next() {
            Some((_, k)) => {
                file.pairs.remove(&k);
            }
            None => {
                if let Some(p) = file.pairs.get_mut(key) {
                    p.history.clear();
                    if p.search.len() > LONG_QUERY {
                        p.search.clear();
                    }
                }
                let text = toml::to_string(file)?;
                return Ok(text);
            }
        }
    }
}

/// The remembered pairs, most recently left first.
pub fn recent(path: &Path) -> Result<Vec<(String, SavedPlace)>, StateError> {
    match read(path) {
        Read::Missing => Ok(Vec::new()),
        Read::Bad(reason) => Err(StateError(format!(
            "the state file {} {reason}: the reader sets it aside and starts afresh when it next opens a pair, or delete it",
            crate::text::sanitize::sanitize(&path.display().to_string())
        ))),
        Read::Good(file) => {
            let mut pairs: Vec<(String, SavedPlace)> = file.pairs.into_iter().collect();
            pairs.sort_by(|a, b| b.1.left_at.cmp(&a.1.left_at).then(a.0.cmp(&b.0)));
            Ok(pairs)
        }
    }
}

/// Opens the lock file at `path`, made if missing. Opened without
/// blocking (a FIFO put there would hang `open` until a writer came) and
/// refused unless it is a regular file.
fn open_lock(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.create(true).truncate(false).read(true).write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::other(format!(
            "{} is not a regular file: remove it",
            path.display()
        )));
    }
    Ok(file)
}

/// `state.toml.lock` beside `path`.
fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    path.with_file_name(name)
}

/// Reads and parses the file at `path` (only a regular file, and at most
/// [`crate::text::MAX_CONFIG_BYTES`]: a FIFO or `/dev/zero` there is bad).
fn read(path: &Path) -> Read {
    if std::fs::symlink_metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Read::Missing;
    }
    match crate::text::read_file(path, crate::text::MAX_CONFIG_BYTES) {
        Ok(bytes) => match parse(&bytes) {
            Ok(f) => Read::Good(f),
            Err(StateError(reason)) => Read::Bad(reason),
        },
        Err(e) => Read::Bad(format!(
            "cannot be read ({})",
            first_clause(&e.to_string(), path)
        )),
    }
}

/// An error's message without the path it starts with.
fn first_clause(message: &str, path: &Path) -> String {
    let p = path.display().to_string();
    message
        .strip_prefix(&p)
        .unwrap_or(message)
        .trim_start_matches([':', ' '])
        .to_string()
}

/// Moves the file at `path` aside to a name no other file has:
/// `state.toml.bad-<seconds>-<n>`.
fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let secs = now();
    for n in 1.. {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(format!(".bad-{secs}-{n}"));
        let aside = path.with_file_name(name);
        if std::fs::symlink_metadata(&aside).is_err() {
            std::fs::rename(path, &aside)?;
            return Ok(aside);
        }
    }
    Err(std::io::Error::other("no free name to set the file aside"))
}

/// The places a state file holds, by pair, or what is wrong with it.
pub fn read_pairs(bytes: &[u8]) -> Result<Vec<(String, SavedPlace)>, StateError> {
    parse(bytes).map(|f| f.pairs.into_iter().collect())
}

/// Parses a state file; the error says what is wrong with it ("is not
/// UTF-8", to follow the file's name).
fn parse(bytes: &[u8]) -> Result<StateFile, StateError> {
    let bad = |reason: String| StateError(reason);
    let text = std::str::from_utf8(bytes).map_err(|_| bad("is not UTF-8".to_string()))?;
    let file: StateFile = toml::from_str(text).map_err(|e| {
        bad(format!(
            "is corrupt ({})",
            e.message().trim().replace('\n', " ")
        ))
    })?;
    if file.version > VERSION {
        return Err(bad(format!(
            "is from a newer diptych (version {}, this one reads {VERSION})",
            file.version
        )));
    }
    Ok(file)
}

crate::message_error!(
    /// What is wrong with the state file, or with saving it: one line.
    StateError
);

impl From<StateError> for crate::error::Error {
    fn from(e: StateError) -> Self {
        crate::error::Error::State(e.0)
    }
}

#[cfg(test)]
mod tests;
