//! Saving and loading places: merges, marks, bad files set aside, stale
//! temporaries, the size limit.

use super::*;

/// A store in a new temporary directory, and its state directory made.
fn store_with_dir() -> (tempfile::TempDir, Store, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = store(dir.path());
    let parent = s.path.parent().expect("parent").to_path_buf();
    std::fs::create_dir_all(&parent).expect("mkdir");
    (dir, s, parent)
}

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
    let mut st = SavedPlace {
        tops: [10, 20],
        focus: "right".into(),
        search: "pariz".into(),
        ..SavedPlace::default()
    };
    st.marks.insert(
        "a".into(),
        MarkState {
            side: "left".into(),
            offset: 5,
            set_at: 7,
        },
    );
    s.save(&st).expect("saves");
    let other = Store {
        key: "other".into(),
        ..s.clone()
    };
    other.save(&SavedPlace::default()).expect("saves");
    let (back, loaded, warning) = s.clone().load();
    assert!(back.is_some() && warning.is_none());
    assert_eq!(loaded, st);
    let text = std::fs::read_to_string(&s.path).expect("read");
    assert!(
        text.contains("[pairs.other]") && text.contains("[pairs.k]"),
        "{text}"
    );
}

fn mark(offset: usize, set_at: u64) -> MarkState {
    MarkState {
        side: "left".into(),
        offset,
        set_at,
    }
}

/// Two readers of one pair both set marks and both quit: each letter
/// keeps its newer mark (the later quit dropped the other's).
#[test]
fn two_readers_of_one_pair_keep_each_others_marks() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = store(dir.path());
    let mut first = SavedPlace::default();
    first.marks.insert("a".into(), mark(1, 10));
    first.marks.insert("b".into(), mark(2, 30));
    s.save(&first).expect("saves");
    let mut second = SavedPlace::default();
    second.marks.insert("b".into(), mark(3, 20));
    second.marks.insert("c".into(), mark(4, 20));
    s.save(&second).expect("saves");
    let (_, loaded, _) = s.clone().load();
    let offsets: Vec<(String, usize)> = loaded
        .marks
        .iter()
        .map(|(c, m)| (c.clone(), m.offset))
        .collect();
    assert_eq!(
        offsets,
        [("a".into(), 1), ("b".into(), 2), ("c".into(), 4)],
        "a and c from each reader, b the newer"
    );
}

fn hide(entry: &str) -> Curation {
    Curation::Hide {
        entry: entry.into(),
    }
}

/// Two readers open a pair with one correction saved; A hides Napoleon,
/// B hides Marmont, A quits, then B: both corrections stay, the one
/// they share once, and no warning.
#[test]
fn two_readers_of_one_pair_keep_each_others_curations() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = store(dir.path());
    let start = vec![hide("guards")];
    let opened = |mine: Vec<Curation>| SavedPlace {
        curations: mine,
        curations_loaded: start.clone(),
        ..SavedPlace::default()
    };
    s.save(&opened(start.clone())).expect("saves");
    let a = opened(vec![hide("guards"), hide("napoleon")]);
    let b = opened(vec![hide("guards"), hide("marmont")]);
    assert_eq!(s.save(&a).expect("saves"), None);
    assert_eq!(s.save(&b).expect("saves"), None);
    let (_, loaded, _) = s.clone().load();
    assert_eq!(
        loaded.curations,
        [hide("guards"), hide("napoleon"), hide("marmont")]
    );
    // A reader that changed nothing keeps what the others saved.
    assert_eq!(s.save(&opened(start.clone())).expect("saves"), None);
    assert_eq!(s.clone().load().1.curations.len(), 3);
}

/// A reader who undid a step both had, while the other added one: the
/// step stays undone and the other's is kept, with no warning (nothing
/// either of them did is lost).
#[test]
fn an_undo_and_the_others_new_step_are_both_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = store(dir.path());
    let start = vec![hide("guards")];
    s.save(&SavedPlace {
        curations: start.clone(),
        ..SavedPlace::default()
    })
    .expect("saves");
    s.save(&SavedPlace {
        curations: vec![hide("guards"), hide("napoleon")],
        curations_loaded: start.clone(),
        ..SavedPlace::default()
    })
    .expect("saves");
    let warning = s
        .save(&SavedPlace {
            curations: vec![hide("marmont")],
            curations_loaded: start,
            ..SavedPlace::default()
        })
        .expect("saves");
    assert_eq!(warning, None);
    assert_eq!(
        s.clone().load().1.curations,
        [hide("napoleon"), hide("marmont")]
    );
}

/// A temporary file a killed save left in the state directory is gone
/// after the next save; other files stay.
#[test]
fn stale_temporaries_are_removed_at_the_next_save() {
    let (_dir, s, parent) = store_with_dir();
    std::fs::write(parent.join(".tmpAb12Cd"), "version = 1\n").expect("write");
    std::fs::write(parent.join("notes.txt"), "mine").expect("write");
    std::fs::write(parent.join(".tmp-notes"), "mine too").expect("write");
    s.save(&SavedPlace::default()).expect("saves");
    let names: Vec<String> = std::fs::read_dir(&parent)
        .expect("dir")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !names
            .iter()
            .any(|n| n == ".tmpAb12Cd" || n.starts_with(TEMP_PREFIX)),
        "{names:?}"
    );
    assert!(names.iter().any(|n| n == "notes.txt"), "{names:?}");
    assert!(
        names.iter().any(|n| n == ".tmp-notes"),
        "not ours: {names:?}"
    );
}

/// Long histories never make a file diptych will not read back: the
/// oldest pairs' queries and pairs go first, this pair's place stays.
#[test]
fn the_file_is_never_written_over_the_read_limit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = store(dir.path());
    let long = "x".repeat(600);
    for n in 0..150 {
        let other = Store {
            key: format!("pair{n}"),
            ..s.clone()
        };
        let place = SavedPlace {
            history: vec![long.clone(); 100],
            left_at: n,
            ..SavedPlace::default()
        };
        other.save(&place).expect("saves");
    }
    let mine = SavedPlace {
        tops: [3, 4],
        history: vec!["pariz".into()],
        ..SavedPlace::default()
    };
    s.save(&mine).expect("saves");
    let size = std::fs::metadata(&s.path).expect("file").len();
    assert!(size <= crate::text::MAX_CONFIG_BYTES, "{size} bytes");
    let (_, loaded, warning) = s.clone().load();
    assert!(warning.is_none(), "{warning:?}");
    assert_eq!(loaded.tops, [3, 4]);
}

fn kept_aside(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .expect("dir")
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains(".bad-"))
        .count()
}

#[test]
fn corrupt_and_future_files_are_kept_aside_under_unique_names() {
    let (_dir, s, parent) = store_with_dir();
    for (i, content) in ["version = 1\n[pairs.k\n", "version = 99\n", "\u{0}\u{ff}"]
        .into_iter()
        .enumerate()
    {
        std::fs::write(&s.path, content).expect("write");
        let (back, loaded, warning) = s.clone().load();
        assert!(back.is_some());
        assert_eq!(loaded, SavedPlace::default());
        let w = warning.expect("a warning");
        assert!(!w.contains('\n') && w.contains("kept as"), "{w}");
        assert_eq!(kept_aside(&parent), i + 1, "each kept, none overwritten");
    }
}

#[test]
fn a_file_gone_bad_while_reading_is_set_aside_at_save() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = store(dir.path());
    s.save(&SavedPlace::default()).expect("saves");
    std::fs::write(&s.path, "version = 99\n").expect("write");
    let w = s.save(&SavedPlace::default()).expect("saves");
    assert!(w.is_some_and(|w| w.contains("kept as")));
    assert_eq!(kept_aside(s.path.parent().expect("parent")), 1);
    assert!(
        std::fs::read_to_string(&s.path)
            .expect("read")
            .contains("version = 1")
    );
}

#[test]
fn a_read_only_directory_costs_only_the_place() {
    let s = Store {
        path: PathBuf::from("/proc/diptych-cannot-write/state.toml"),
        key: "k".into(),
    };
    let e = s.save(&SavedPlace::default()).unwrap_err();
    assert!(
        e.0.starts_with("cannot save the reading place to /proc/"),
        "{e}"
    );
    assert!(!e.0.contains('\n'));
}

#[test]
fn pair_keys_follow_contents_not_paths() {
    let p = Pair::bundled().expect("bundled");
    assert_eq!(pair_key(&p), pair_key(&Pair::bundled().expect("bundled")));
    assert_ne!(fnv1a(b"a"), fnv1a(b"b"));
}

#[cfg(unix)]
#[test]
fn a_fifo_for_a_lock_is_refused_at_once_not_waited_on() {
    let (_dir, s, parent) = store_with_dir();
    let fifo = std::ffi::CString::new(
        parent
            .join("state.toml.lock")
            .into_os_string()
            .into_encoded_bytes(),
    )
    .expect("no NUL");
    // SAFETY: mkfifo reads the NUL-terminated path it is given.
    #[allow(unsafe_code)]
    let made = unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) };
    assert_eq!(made, 0, "mkfifo");
    let e = s.save(&SavedPlace::default()).unwrap_err();
    assert!(e.0.contains("not a regular file"), "{}", e.0);
    assert!(!s.path.exists(), "nothing written past the lock");
}

fn kind(entry: &str, kind: &str) -> Curation {
    Curation::Kind {
        entry: entry.into(),
        kind: kind.into(),
    }
}

/// A step may be made twice (`k` on one entry: place, person, place). An
/// undo of the last one stays undone when the other reader only added,
/// and a reader's repeated steps are all kept: found by a review of the
/// three-way merge, which asked whether a step was in a list, not how
/// often.
#[test]
fn repeated_steps_merge_as_sequences() {
    let flips = vec![kind("x", "place"), kind("x", "person"), kind("x", "place")];
    // A undid the last flip; B hid Y.
    let mut there = flips.clone();
    there.push(hide("y"));
    let (merged, lost) = merge_curations(&flips, &flips[..2], &there);
    assert_eq!(merged, [kind("x", "place"), kind("x", "person"), hide("y")]);
    assert_eq!(lost, Lost::None);
    // A flipped three times from nothing; B hid Y.
    let (merged, lost) = merge_curations(&[], &flips, &[hide("y")]);
    let mut want = vec![hide("y")];
    want.extend(flips.clone());
    assert_eq!(merged, want);
    assert_eq!(lost, Lost::None);
    // Both undid: A's list is kept, and B's step not in it is counted.
    let (merged, lost) = merge_curations(&flips, &flips[..1], &[flips[1].clone(), hide("y")]);
    assert_eq!(merged, flips[..1]);
    assert_eq!(lost, Lost::BothUndid(2));
}
