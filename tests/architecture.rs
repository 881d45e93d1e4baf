//! The shape of the code, checked: inside each crate of the workspace the
//! top-level modules (rooms) use each other without a cycle, each using
//! only the rooms listed above it in the crate's lib.rs; between crates
//! the compiler keeps the order (core, reader, the binary), and only the
//! binary's terminal rooms touch a terminal crate.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The source folder of each crate: the binary's and the layers'.
fn crates() -> Vec<PathBuf> {
    vec![
        root().join("crates/diptych-core/src"),
        root().join("crates/diptych-reader/src"),
        root().join("src"),
    ]
}

/// Every .rs file under `dir`.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("read src") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            out.extend(files(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}

/// The room a file of the crate at `src` belongs to (`app/pane.rs` →
/// `app`), or None for the crate roots.
fn room(src: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(src).expect("under src");
    let first = rel
        .components()
        .next()?
        .as_os_str()
        .to_string_lossy()
        .into_owned();
    let name = first.trim_end_matches(".rs").to_string();
    (name != "lib" && name != "main").then_some(name)
}

/// The rooms a file's code names (`crate::text::…`, `use crate::{a, b}`),
/// tests included, comments left out.
fn uses(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in code.lines() {
        let line = line.trim_start();
        if line.starts_with("//") {
            continue;
        }
        let mut rest = line;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '{')
                .collect();
            if let Some(group) = name.strip_prefix('{') {
                // use crate::{a, b::c}
                let end = rest.find('}').unwrap_or(rest.len());
                for part in rest[1..end].split(',') {
                    let part = part.trim();
                    let head: String = part
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !head.is_empty() {
                        out.insert(head);
                    }
                }
                let _ = group;
            } else if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

/// Room → the other rooms of its crate it uses.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files(src) {
        let Some(r) = room(src, &f) else { continue };
        let code = std::fs::read_to_string(&f).expect("read");
        let entry = g.entry(r.clone()).or_default();
        for u in uses(&code) {
            if u != r {
                entry.insert(u);
            }
        }
    }
    g
}

#[test]
fn rooms_use_only_the_rooms_listed_above_them() {
    for src in crates() {
        rooms_in_order(&src);
    }
}

/// The rooms of the crate at `src` each use only those above them in its
/// lib.rs's list.
fn rooms_in_order(src: &Path) {
    let g = graph(src);
    assert!(g.len() > 2, "{} has rooms", src.display());
    // The order of the crate's lib.rs's list of rooms.
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let mut order: Vec<String> = Vec::new();
    for line in lib.lines().filter(|l| l.starts_with("//!")) {
        let mut rest = line;
        while let Some(i) = rest.find("[`") {
            rest = &rest[i + 2..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '@')
                .collect();
            let name = name.trim_start_matches("mod@").to_string();
            if g.contains_key(&name) && !order.contains(&name) {
                order.push(name);
            }
        }
    }
    let missing: Vec<&String> = g.keys().filter(|r| !order.contains(r)).collect();
    assert!(
        missing.is_empty(),
        "rooms missing from {}/lib.rs's list: {missing:?}",
        src.display()
    );
    let mut wrong = Vec::new();
    for (room, used) in &g {
        let at = order.iter().position(|r| r == room).expect("listed");
        for u in used.iter().filter(|u| g.contains_key(*u)) {
            let there = order.iter().position(|r| r == u).expect("listed");
            if there > at {
                wrong.push(format!("{room} uses {u}, listed below it"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_layers_below_the_binary_have_no_terminal_crate() {
    for krate in ["diptych-core", "diptych-reader"] {
        let manifest =
            std::fs::read_to_string(root().join("crates").join(krate).join("Cargo.toml"))
                .expect("manifest");
        let manifest: toml::Table = manifest.parse().expect("toml");
        for section in ["dependencies", "dev-dependencies"] {
            let Some(deps) = manifest.get(section).and_then(toml::Value::as_table) else {
                continue;
            };
            for terminal in ["ratatui", "crossterm", "diptych"] {
                assert!(
                    !deps.contains_key(terminal),
                    "{krate} depends on {terminal}"
                );
            }
        }
    }
    // The core stands on nothing of the workspace.
    for f in files(&root().join("crates/diptych-core/src")) {
        let code = std::fs::read_to_string(&f).expect("read");
        assert!(
            !code.contains("diptych_reader"),
            "{} names the reader",
            f.display()
        );
    }
}

#[test]
fn only_the_terminal_layer_touches_a_terminal() {
    let src = root().join("src");
    for f in files(&src) {
        let rel = f
            .strip_prefix(&src)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        if rel.starts_with("ui/") || rel.starts_with("tui/") {
            continue;
        }
        let code = std::fs::read_to_string(&f).expect("read");
        for krate in ["ratatui", "crossterm"] {
            assert!(
                !code.lines().any(|l| !l.trim_start().starts_with("//") && l.contains(&format!("{krate}::"))),
                "{rel} uses {krate}"
            );
        }
    }
}

#[test]
fn the_apps_shared_state_changes_in_one_place_each() {
    // What every panel reads (the focus, the open panel, what has the
    // keyboard, the status message) changes through its methods, not by
    // habit: `show`, `focus_on` and `set_context` in app/mod.rs, `say` in
    // app/status.rs. An assignment is `self.field =` with any spacing
    // (not `==`).
    let app = root().join("crates/diptych-reader/src/app");
    for (field, home) in [
        ("focus", "mod.rs"),
        ("panel", "mod.rs"),
        ("context", "mod.rs"),
        ("message", "status.rs"),
    ] {
        for f in files(&app) {
            let rel = f
                .strip_prefix(&app)
                .expect("under app")
                .to_string_lossy()
                .replace('\\', "/");
            let code = std::fs::read_to_string(&f).expect("read");
            let assigned = code.lines().any(|l| {
                let l = l.trim_start();
                !l.starts_with("//")
                    && l.match_indices(&format!("self.{field}")).any(|(at, m)| {
                        let rest = l[at + m.len()..].trim_start();
                        rest.starts_with('=') && !rest.starts_with("==")
                    })
            });
            assert!(
                !assigned || rel == home,
                "app/{rel} assigns self.{field}: change it through its method in app/{home}"
            );
        }
    }
}
