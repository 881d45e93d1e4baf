//! The command line as scripts see it: exit codes, one-line errors, piped output.

mod common;

use std::io::Write;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(common::bin())
        .args(args)
        .env(
            "XDG_CONFIG_HOME",
            std::env::temp_dir().join("diptych-cli-test-no-config"),
        )
        .output()
        .expect("runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts exit status 2, one line on stderr containing `needle`, nothing on stdout.
fn fails_with(args: &[&str], needle: &str) {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    common::fails_with(&args, needle);
}

fn file(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> String {
    let p = dir.path().join(name);
    std::fs::File::create(&p)
        .and_then(|mut f| f.write_all(bytes))
        .expect("write");
    p.display().to_string()
}

#[test]
fn piped_output_is_the_pair_side_by_side() {
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).expect("utf-8");
    let first = out.lines().next().unwrap_or("");
    assert!(
        first.contains("uk · 1814") && first.contains("sk · 1815"),
        "{first}"
    );
    assert!(
        out.lines()
            .any(|l| l.contains(" 1 Під час") && l.contains(" 1 Napoleon"))
    );
    assert!(out.lines().all(|l| diptych::wrap::display_width(l) <= 100));
    let narrow = run(&["--width", "60"]);
    let narrow = String::from_utf8(narrow.stdout).expect("utf-8");
    assert!(
        narrow
            .lines()
            .all(|l| diptych::wrap::display_width(l) <= 60)
    );
    assert!(!out.contains('\u{1b}'));
}

#[test]
fn left_and_right_are_global_options() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = file(&dir, "a.txt", "Alpha one.\nAlpha two.\n".as_bytes());
    let b = file(&dir, "b.txt", "Beta one.\r\n".as_bytes());
    for args in [
        vec!["--left", &a, "--right", &b, "print"],
        vec!["print", "--left", &a, "--right", &b],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let out = String::from_utf8(o.stdout).expect("utf-8");
        assert!(out.contains("a.txt") && out.contains("b.txt"), "{out}");
        assert!(
            out.lines()
                .any(|l| l.contains("Alpha one.") && l.contains("Beta one."))
        );
    }
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = file(&dir, "good.txt", b"Text.\n");
    let latin1 = file(&dir, "latin1.txt", b"caf\xe9\n");
    let nul = file(&dir, "nul.txt", b"ab\0cd\n");
    let empty = file(&dir, "empty.txt", b"");
    let blank = file(&dir, "blank.txt", b"\n  \n");
    let dirpath = dir.path().display().to_string();
    fails_with(
        &["--left", "/nonexistent/x.txt", "--right", &good],
        "cannot read /nonexistent/x.txt",
    );
    fails_with(&["--left", &dirpath, "--right", &good], "is a directory");
    fails_with(
        &["--left", &good, "--right", &latin1],
        "invalid byte 0xe9 at offset 3",
    );
    fails_with(&["--left", &nul, "--right", &good], "NUL byte at offset 2");
    fails_with(&["--left", &empty, "--right", &good], "is empty");
    fails_with(&["--left", &blank, "--right", &good], "is empty");
    fails_with(&["--left", &good], "--left and --right go together");
    fails_with(
        &["--right", &good, "print"],
        "--left and --right go together",
    );
    fails_with(&["--width", "5"], "--width must be at least 20");
}

#[test]
fn keymap_check_and_show() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = file(&dir, "good.toml", b"[reader]\n\"x\" = \"quit\"\n");
    let bad = file(
        &dir,
        "bad.toml",
        b"[reader]\n\"x\" = \"quit\"\n\"<C-q>\" = \"jump\"\n",
    );
    let o = run(&["keymap", "check", &good]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    fails_with(
        &["keymap", "check", &bad],
        "bad.toml:3:11: no action named 'jump' in [reader]; valid actions:",
    );
    fails_with(
        &["keymap", "check", "/nonexistent.toml"],
        "cannot read /nonexistent.toml",
    );
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/keymap.toml");
    assert_eq!(run(&["keymap", "check", shipped]).status.code(), Some(0));
    let o = run(&["keymap", "show", "--keymap", &good]);
    let out = String::from_utf8(o.stdout).expect("utf-8");
    assert!(out.starts_with("[reader]\n"));
    assert!(
        out.lines()
            .any(|l| l.starts_with("<C-c> q x ") && l.contains("quit")),
        "{out}"
    );
    fails_with(&["--keymap", &bad], "bad.toml:3:11");
}
