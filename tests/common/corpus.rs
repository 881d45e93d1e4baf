//! The development corpus: real books, never in the repository, read from
//! `../shared/corpus` beside the project or from the folder `DIPTYCH_CORPUS`
//! names. Every test and bench finds it here; where it is absent (a user's
//! clone) they print [`SKIPPED`] and pass.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The one line a test or bench prints when there is no corpus.
pub const SKIPPED: &str = "skipped: no corpus (../shared/corpus or DIPTYCH_CORPUS)";

/// The corpus folder: `DIPTYCH_CORPUS` when set, else `../shared/corpus`
/// beside the project; `None` when it is not a folder.
pub fn dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("DIPTYCH_CORPUS") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("shared")
            .join("corpus"),
    };
    dir.is_dir().then_some(dir)
}

/// The path of the corpus file `name`; `None`, with [`SKIPPED`] printed,
/// when there is no corpus. A corpus without the file is a failing test:
/// where the corpus is present, every corpus test runs.
pub fn file(name: &str) -> Option<PathBuf> {
    let Some(dir) = dir() else {
        println!("{SKIPPED}");
        return None;
    };
    let path = dir.join(name);
    assert!(
        path.is_file(),
        "the corpus at {} has no {name}: copy it there or point DIPTYCH_CORPUS at a full corpus",
        dir.display()
    );
    Some(path)
}

/// True when the corpus holds `name`: for a test of texts the shared
/// corpus does not have, which a developer adds to it (a gold's header
/// says how to make them).
pub fn has(name: &str) -> bool {
    dir().is_some_and(|d| d.join(name).is_file())
}

/// The files `names` of the corpus, all or none (see [`file`]).
pub fn files<const N: usize>(names: [&str; N]) -> Option<[PathBuf; N]> {
    let Some(dir) = dir() else {
        println!("{SKIPPED}");
        return None;
    };
    Some(names.map(|name| {
        let path = dir.join(name);
        assert!(
            path.is_file(),
            "the corpus at {} has no {name}",
            dir.display()
        );
        path
    }))
}

/// The text of the corpus file `name` (see [`file`]).
pub fn read(name: &str) -> Option<String> {
    let path = file(name)?;
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// War and Peace vol. 1 part 1, chapters I–V: Russian, then English.
pub const WAR_AND_PEACE: [&str; 2] = [
    "war-and-peace-1-1-i-v.ru.txt",
    "war-and-peace-1-1-i-v.en.txt",
];
/// Le Tour du monde, chapters I–XIII: French (Latin-1), then English.
pub const TOUR_DU_MONDE: [&str; 2] = ["tour-du-monde-i-xiii.fr.txt", "tour-du-monde-i-xiii.en.txt"];
/// Pan Tadeusz, books I–II: Polish verse, then English prose.
pub const PAN_TADEUSZ: [&str; 2] = ["pan-tadeusz-i-ii.pl.txt", "pan-tadeusz-i-ii.en.txt"];
/// The Acts of the Apostles: Russian Synodal, then Polish Gdańska (both
/// decline names).
pub const ACTS: [&str; 2] = ["acts.ru.txt", "acts.pl.txt"];
/// Two accounts of Borodino, 1812: Ségur in French, then Foord in English.
pub const BORODINO: [&str; 2] = ["borodino-1812.fr.txt", "borodino-1812.en.txt"];
/// Every pair of the corpus.
pub const PAIRS: [[&str; 2]; 3] = [WAR_AND_PEACE, TOUR_DU_MONDE, PAN_TADEUSZ];
