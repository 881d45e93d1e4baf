//! The command line as scripts see it: exit codes, one-line errors, piped
//! output, and every command's contract.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../common/mod.rs"]
mod common;

use std::io::Write;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    common::run(args)
}

/// `diptych --no-state --left L --right R ARGS…`.
fn run_pair(l: &str, r: &str, args: &[&str]) -> Output {
    let mut all = vec!["--no-state", "--left", l, "--right", r];
    all.extend_from_slice(args);
    run(&all)
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
    // A theme flag is checked piped as in the terminal: a mistake in a
    // script's flags shows the first time it runs.
    fails_with(&["--theme", "nope"], "unknown theme 'nope'");
    assert_eq!(run(&["--theme", "light"]).status.code(), Some(0));
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

/// Files in a legacy encoding open, their encoding said in `paragraphs`
/// and their spans in `paragraphs --json` offsets in the file as read.
#[test]
fn legacy_encodings_are_decoded() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fr = file(
        &dir,
        "fr.txt",
        b"Phileas Fogg \xe9tait un gentleman tr\xe8s connu.\n\nO\xf9 \xe9tait-il all\xe9? \xc0 Londres, \xe0 la Bourse, \xe7a se savait bien.\n",
    );
    let good = file(&dir, "good.txt", b"Text.\n\nMore text.\n");
    let o = run(&["--left", &fr, "--right", &good, "paragraphs"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8(o.stdout).expect("utf-8");
    assert!(
        out.contains("latin-1 (windows-1252), decided from the file"),
        "{out}"
    );
    assert!(out.contains("Phileas Fogg était un gentleman"), "{out}");
    // The lines give the file's offsets too, as the JSON below does.
    assert!(out.contains("fr ¶2\t45–"), "{out}");
    let o = run(&["--left", &fr, "--right", &good, "paragraphs", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    // The second paragraph starts at byte 45 of the file (one byte a
    // letter), not at 47, its offset in the decoded text.
    assert_eq!(v[1]["start"], 45, "{v}");
    let o = run(&[
        "--left",
        &fr,
        "--right",
        &good,
        "--encoding",
        "iso-8859-2",
        "paragraphs",
    ]);
    let out = String::from_utf8(o.stdout).expect("utf-8");
    assert!(out.contains("iso-8859-2, as given"), "{out}");
    // One side's encoding leaves the other's UTF-8 alone.
    let curly = file(
        &dir,
        "curly.txt",
        "The opponent’s move.
"
        .as_bytes(),
    );
    let o = run(&[
        "--left",
        &fr,
        "--right",
        &curly,
        "--encoding-left",
        "latin1",
        "paragraphs",
        "--json",
        "--text",
    ]);
    let out = String::from_utf8(o.stdout).expect("utf-8");
    assert!(out.contains("opponent’s") && out.contains("était"), "{out}");
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
        "cannot read the left text /nonexistent/x.txt",
    );
    fails_with(
        &["--left", &dirpath, "--right", &good],
        &format!("the left text {dirpath} is a directory"),
    );
    fails_with(
        &["--keymap", &dirpath],
        &format!("the keymap {dirpath} is a directory: give a TOML file"),
    );
    // A file not in UTF-8 is decoded (see the encodings test), unless it
    // is said to be UTF-8.
    fails_with(
        &["--left", &good, "--right", &latin1, "--encoding", "utf-8"],
        "invalid byte 0xe9 at offset 3",
    );
    fails_with(
        &["--left", &good, "--right", &latin1, "--encoding", "klingon"],
        "unknown encoding \"klingon\"",
    );
    fails_with(&["--left", &nul, "--right", &good], "NUL byte at offset 2");
    fails_with(&["--left", &empty, "--right", &good], "is empty");
    // A text over 64 MiB (sparse: no disk is written) is refused before
    // it is read.
    let big = dir.path().join("big.txt");
    std::fs::File::create(&big)
        .and_then(|f| f.set_len(65 << 20))
        .expect("sparse file");
    fails_with(
        &["--left", &big.display().to_string(), "--right", &good],
        "diptych reads files up to 64 MiB",
    );
    fails_with(&["--left", &blank, "--right", &good], "is empty");
    fails_with(&["--left", &good], "--left and --right go together");
    fails_with(
        &["--right", &good, "print"],
        "--left and --right go together",
    );
    fails_with(&["--width", "5"], "must be between 20 and 10000");
    fails_with(&["align", "--by", "word"], "(one of paragraph, sentence)");
    fails_with(
        &["print", "--width", "-5"],
        "-5: a negative number is not taken here",
    );
    fails_with(
        &["print", "--width", "131075"],
        "must be between 20 and 10000",
    );
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
        "cannot read the keymap /nonexistent.toml",
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

#[test]
fn paragraphs_json_contract_on_the_corpus() {
    let Some([ru, en]) = common::corpus::files(common::corpus::WAR_AND_PEACE) else {
        return;
    };
    let o = run(&[
        "paragraphs",
        "--json",
        "--left",
        ru.to_str().unwrap(),
        "--right",
        en.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    let list = v.as_array().expect("array");
    let bytes = [
        std::fs::read(&ru).expect("ru"),
        std::fs::read(&en).expect("en"),
    ];
    let mut last: Option<(String, u64)> = None;
    for p in list {
        let side = p["side"].as_str().expect("side");
        let n = p["paragraph"].as_u64().expect("paragraph");
        let (s, e) = (
            p["start"].as_u64().expect("start") as usize,
            p["end"].as_u64().expect("end") as usize,
        );
        assert!(p["heading"].is_boolean());
        let file = &bytes[usize::from(side == "right")];
        let text = std::str::from_utf8(&file[s..e]).expect("spans on char boundaries");
        assert_eq!(text, text.trim(), "no blank lines or spaces around ¶{n}");
        assert!(!text.is_empty());
        if let Some((ls, ln)) = &last
            && ls == side
        {
            assert_eq!(n, ln + 1);
        }
        last = Some((side.to_string(), n));
    }
    // The English file has a BOM: its first paragraph starts after it.
    let first_en = list.iter().find(|p| p["side"] == "right").expect("right");
    assert_eq!(first_en["start"], 3);
    assert_eq!(first_en["heading"], true);
    let plain = run(&[
        "paragraphs",
        "--left",
        ru.to_str().unwrap(),
        "--right",
        en.to_str().unwrap(),
    ]);
    let text = String::from_utf8(plain.stdout).expect("utf-8");
    assert!(
        text.lines()
            .next()
            .unwrap_or("")
            .contains("one paragraph per line (lines, decided from the file)"),
        "{text}"
    );
    assert!(
        text.lines()
            .nth(1)
            .unwrap_or("")
            .contains("blank-line blocks, wrapped lines joined (blank, decided from the file)"),
        "{text}"
    );
    let forced = run(&[
        "paragraphs",
        "--paragraphs",
        "lines",
        "--left",
        ru.to_str().unwrap(),
        "--right",
        en.to_str().unwrap(),
    ]);
    let forced = String::from_utf8(forced.stdout).expect("utf-8");
    assert!(
        forced
            .lines()
            .nth(1)
            .unwrap_or("")
            .contains("(lines, asked for)"),
        "{forced}"
    );
}

/// `--paragraphs-left` / `--paragraphs-right` decide one side alone, over
/// `--paragraphs`, and config.toml's keys of the same names do so below
/// every flag.
#[test]
fn each_side_reads_its_paragraphs_its_own_way() {
    let dir = tempfile::tempdir().expect("tempdir");
    let wrapped = "The first line of a block that wraps\nand goes on here.\n\nA second block\nof two lines.\n";
    let l = file(&dir, "l.txt", wrapped.as_bytes());
    let r = file(&dir, "r.txt", wrapped.as_bytes());
    let shown = |extra: &[&str], config: Option<&str>| -> Vec<String> {
        let mut args = vec!["--no-state", "paragraphs", "--left", &l, "--right", &r];
        args.extend_from_slice(extra);
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_diptych"));
        cmd.args(&args);
        let xdg = tempfile::tempdir().expect("tempdir");
        if let Some(c) = config {
            std::fs::create_dir_all(xdg.path().join("diptych")).expect("dir");
            std::fs::write(xdg.path().join("diptych/config.toml"), c).expect("config");
        }
        cmd.env("XDG_CONFIG_HOME", xdg.path());
        let o = cmd.output().expect("run");
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        String::from_utf8(o.stdout)
            .expect("utf-8")
            .lines()
            .take(2)
            .map(str::to_string)
            .collect()
    };
    let s = shown(
        &["--paragraphs", "blank", "--paragraphs-left", "lines"],
        None,
    );
    assert!(s[0].contains("(lines, asked for)"), "{s:?}");
    assert!(s[1].contains("(blank, asked for)"), "{s:?}");
    let s = shown(&["--paragraphs-right", "lines"], None);
    assert!(s[0].contains("decided from the file"), "{s:?}");
    assert!(s[1].contains("(lines, asked for)"), "{s:?}");
    let s = shown(
        &[],
        Some("paragraphs = \"blank\"\nparagraphs-right = \"lines\"\n"),
    );
    assert!(s[0].contains("(blank, asked for)"), "{s:?}");
    assert!(s[1].contains("(lines, asked for)"), "{s:?}");
    // A flag wins over the file's key for the side.
    let s = shown(
        &["--paragraphs", "blank"],
        Some("paragraphs-right = \"lines\"\n"),
    );
    assert!(s[1].contains("(blank, asked for)"), "{s:?}");
}

#[test]
fn outline_lists_the_chapters_of_both() {
    let Some([ru, en]) = common::corpus::files(common::corpus::WAR_AND_PEACE) else {
        return;
    };
    let o = run(&[
        "outline",
        "--left",
        ru.to_str().unwrap(),
        "--right",
        en.to_str().unwrap(),
    ]);
    let out = String::from_utf8(o.stdout).expect("utf-8");
    for (r, e) in [
        ("I ", "CHAPTER I "),
        ("II ", "CHAPTER II "),
        ("III ", "CHAPTER III "),
        ("IV ", "CHAPTER IV "),
        ("V ", "CHAPTER V "),
    ] {
        assert!(
            out.lines().any(|l| l
                .split('│')
                .next()
                .is_some_and(|x| x.trim_start().starts_with(r))),
            "{r}: {out}"
        );
        assert!(
            out.lines().any(|l| l
                .split('│')
                .nth(1)
                .is_some_and(|x| x.trim_start().starts_with(e))),
            "{e}: {out}"
        );
    }
    let j = run(&[
        "outline",
        "--json",
        "--left",
        ru.to_str().unwrap(),
        "--right",
        en.to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_slice(&j.stdout).expect("valid JSON");
    let right: Vec<&str> = v
        .as_array()
        .expect("array")
        .iter()
        .filter(|h| h["side"] == "right")
        .filter_map(|h| h["title"].as_str())
        .collect();
    assert_eq!(
        right,
        [
            "CHAPTER I",
            "CHAPTER II",
            "CHAPTER III",
            "CHAPTER IV",
            "CHAPTER V"
        ]
    );
}

mod align;
#[path = "../common/epub.rs"]
mod common_epub;
mod config_and_help;
mod differences;
mod docs;
mod inputs;

/// `people --draft` writes the corrections made in the reader (kept with
/// the pair's place) into the people.toml it prints; `people` and
/// `people --json` list the people as corrected, saying so on stderr.
#[test]
fn the_people_and_the_draft_hold_the_readers_curations() {
    use diptych::entities::curate::Curation;
    let home = tempfile::tempdir().expect("tempdir");
    let state = home.path().join("state");
    let pair = diptych::pair::Pair::bundled().expect("bundled");
    let store = diptych::reading_places::Store::new(state.join("diptych/state.toml"), &pair);
    let place = diptych::reading_places::SavedPlace {
        curations: vec![Curation::Hide {
            entry: "napoleon".into(),
        }],
        ..Default::default()
    };
    store.save(&place).expect("saved");
    let people = |state: &std::path::Path, how: &[&str]| {
        let o = Command::new(common::bin())
            .arg("people")
            .args(how)
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("XDG_STATE_HOME", state)
            .output()
            .expect("runs");
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        (String::from_utf8_lossy(&o.stdout).into_owned(), stderr(&o))
    };
    let draft = |state: &std::path::Path| people(state, &["--draft"]).0;
    for how in [&[][..], &["--json"][..]] {
        // Napoleon's line of the table, or his entry in the JSON.
        let listed = |out: &str| {
            out.lines().any(|l| l.starts_with("Napoleon I ")) || out.contains("\"id\":\"napoleon\"")
        };
        let (out, err) = people(&state, how);
        assert!(!listed(&out), "{out}");
        assert!(
            err.contains("with the 1 correction(s) made in the reader (1 entry hidden)"),
            "{err}"
        );
        let (out, err) = people(&home.path().join("elsewhere"), how);
        assert!(listed(&out), "{out}");
        assert!(err.is_empty(), "{err}");
    }
    let curated = draft(&state);
    assert!(
        curated.starts_with("# With the 1 correction(s) made in the reader"),
        "{curated}"
    );
    assert!(!curated.contains("id = \"napoleon\""), "{curated}");
    let plain = draft(&home.path().join("elsewhere"));
    assert!(plain.contains("id = \"napoleon\""), "{plain}");
}

/// `--label-left` and `--label-right` name the accounts in every command's
/// output; two labels the same are an error; the default labels of two
/// files are their names cut at a word's end, told apart.
#[test]
fn labels_are_given_or_made_from_the_names() {
    let o = run(&[
        "--label-left",
        "kyiv",
        "--label-right",
        "Bratislava city",
        "search",
        "napoleon",
        "--limit",
        "40",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.lines().any(|l| l.starts_with("kyiv\t")), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("Bratislava-city\t")),
        "{out}"
    );
    // The label titles the account wherever its name stood for it: the
    // pane's title (print's heading) leads with it.
    let o = run(&[
        "--label-left",
        "Kyiv",
        "--label-right",
        "Bratislava",
        "print",
    ]);
    let head = String::from_utf8_lossy(&o.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .to_string();
    assert!(head.starts_with("Kyiv · "), "{head}");
    assert!(head.contains("│ Bratislava · "), "{head}");
    fails_with(
        &[
            "--label-left",
            "same",
            "--label-right",
            "SAME",
            "paragraphs",
        ],
        "different names",
    );
    fails_with(&["--label-left", " ", "paragraphs"], "cannot be empty");
    let dir = tempfile::tempdir().expect("tempdir");
    // `paragraphs` of two files written with these names and texts.
    let of = |[(ln, lt), (rn, rt)]: [(&str, &str); 2]| {
        let (l, r) = (file(&dir, ln, lt.as_bytes()), file(&dir, rn, rt.as_bytes()));
        let o = run(&["paragraphs", "--left", &l, "--right", &r]);
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let out = of([
        ("war-and-peace-1-1-i-v.ru.txt", "Война и мир.\n"),
        ("war-and-peace-1-1-i-v.en.txt", "War and peace.\n"),
    ]);
    assert!(out.contains("war-and-peace.ru ¶1"), "{out}");
    assert!(out.contains("war-and-peace.en ¶1"), "{out}");
    // A cut never halves a part's number (i-ii is not i), and a title
    // that is only a number (a chapter file's LX) names no book.
    let out = of([
        ("pan-tadeusz-i-ii.pl.txt", "Litwo! Ojczyzno moja!\n"),
        ("pan-tadeusz-i-ii.en.txt", "Lithuania, my country!\n"),
    ]);
    assert!(out.contains("pan-tadeusz.pl ¶1"), "{out}");
    let out = of([
        (
            "chapitre-60.fr.md",
            "---\ntitle: LX\n---\n\nUn texte ici.\n",
        ),
        (
            "chapter-60.en.md",
            "---\ntitle: The sixtieth chapter\n---\n\nSome text here.\n",
        ),
    ]);
    assert!(out.contains("# chapitre-60"), "{out}");
    assert!(!out.contains("# LX"), "{out}");
}

/// `-r` is the reader's: a command given it says so, never ignores it.
#[test]
fn resume_with_a_command_is_an_error_not_ignored() {
    fails_with(&["-r", "print"], "-r/--resume opens the reader");
    fails_with(&["--resume", "people"], "a command needs its pair");
}

/// `map` and `recent` speak JSON for scripts, as the other listing
/// commands do: the map's rows with the paragraphs (from 1) they occur
/// in, the recent pairs as an array (empty when none was read).
#[test]
fn map_and_recent_have_json() {
    let o = run(&["map", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let rows: serde_json::Value = serde_json::from_slice(&o.stdout).expect("map JSON");
    let rows = rows.as_array().expect("an array");
    assert!(!rows.is_empty());
    for row in rows {
        let kind = row["kind"].as_str().expect("kind");
        assert!(["topic", "person", "place"].contains(&kind), "{row}");
        assert!(
            row["label"].as_str().is_some_and(|l| !l.is_empty()),
            "{row}"
        );
        for side in ["left", "right"] {
            for cell in row[side].as_array().expect("cells") {
                assert!(cell["paragraph"].as_u64().is_some_and(|p| p >= 1), "{row}");
                assert!(cell["count"].as_u64().is_some_and(|n| n >= 1), "{row}");
            }
        }
    }
    let o = run(&["recent", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let pairs: serde_json::Value = serde_json::from_slice(&o.stdout).expect("recent JSON");
    assert!(pairs.as_array().is_some(), "{pairs}");
}

/// `print` as bat prints: `--plain` gives the text alone, `--style` picks
/// the decorations, `--side` prints one account alone at the full width;
/// an unknown style is a usage error.
#[test]
fn print_plain_styles_and_one_side() {
    let text = |args: &[&str]| {
        let o = run(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        String::from_utf8(o.stdout).expect("utf-8")
    };
    let full = text(&["print", "--width", "80"]);
    assert!(full.lines().next().unwrap_or("").contains("│"));
    assert!(
        full.lines().nth(2).unwrap_or("").starts_with(" 1 "),
        "{full}"
    );
    let plain = text(&["print", "--plain", "--width", "80"]);
    assert!(plain.starts_with("Під час кампанії"), "{plain}");
    assert!(!plain.contains('│') && !plain.contains('─'), "{plain}");
    let numbered = text(&["print", "--style", "numbers", "--width", "80"]);
    assert!(numbered.starts_with(" 1 Під"), "{numbered}");
    let right = text(&["print", "--side", "right", "--plain", "--width", "60"]);
    assert!(right.starts_with("Napoleon"), "{right}");
    assert!(!right.contains("Під"), "{right}");
    assert!(right.lines().all(|l| l.chars().count() <= 60), "{right}");
    fails_with(&["print", "--style", "bogus"], "unknown --style 'bogus'");
}

/// A command that needs a subcommand says which, in one line.
#[test]
fn a_missing_subcommand_is_named() {
    fails_with(&["config"], "config needs a subcommand: show or check");
    fails_with(&["keymap"], "keymap needs a subcommand: check or show");
}

#[test]
fn a_report_with_nothing_found_says_so() {
    // Two short texts without a name or a topic: a blank answer would read
    // as a failure, so each report says in a comment line what it found.
    let dir = tempfile::tempdir().expect("tempdir");
    let l = file(&dir, "plain.en.txt", b"It rained.\n\nIt stopped.\n");
    let r = file(&dir, "plain.fr.txt", b"Il pleuvait.\n\nPuis plus.\n");
    for (command, said) in [
        (
            "people",
            "# no people or places found in plain-en or plain-fr",
        ),
        ("topics", "# no topics found in plain-en or plain-fr"),
    ] {
        let o = run_pair(&l, &r, &[command]);
        assert_eq!(o.status.code(), Some(0), "{command}: {}", stderr(&o));
        assert_eq!(String::from_utf8_lossy(&o.stdout), format!("{said}\n"));
    }
    // The JSON stays an empty list.
    let o = run_pair(&l, &r, &["people", "--json"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "[]");
}

#[test]
fn a_search_cut_at_its_limit_says_so_on_stderr() {
    let o = run(&["--no-state", "search", "napoleon", "--limit", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().count(), 3);
    let note = stderr(&o);
    assert!(
        note.starts_with("diptych: note: the best 3 of ")
            && note.ends_with("; --limit N shows more\n"),
        "{note}"
    );
    let o = run(&["--no-state", "search", "napoleon", "--limit", "500"]);
    assert_eq!(stderr(&o), "");
}

/// `!term` leaves out what `term` finds: where it names a place or a
/// person, every sentence mentioning them, in any form and script
/// (napoleon !paris kept "під Парижем", which `search paris` finds).
#[test]
fn an_excluded_name_leaves_out_its_every_form() {
    let lines = |query: &str| -> Vec<String> {
        let o = run(&["--no-state", "search", query, "--limit", "500"]);
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    };
    let paris = |l: &String| l.contains("Париж") || l.contains("Paríž");
    assert!(lines("paris").iter().filter(|l| paris(l)).count() >= 4);
    let with = lines("napoleon");
    let without = lines("napoleon !paris");
    assert!(with.iter().any(paris), "{with:?}");
    assert!(!without.iter().any(paris), "{without:?}");
    assert_eq!(
        without.len(),
        with.iter().filter(|l| !paris(l)).count(),
        "{without:?}"
    );
    // A stop word is no name, though names hold it (the Bourbons, the
    // Duke of Wellington): `!the` leaves out what writes "the" alone.
    assert_eq!(lines("napoleon !the"), with);
    // Quoted, it names no one: "під Парижем" stays, "Paris" goes.
    let quoted = lines("napoleon !'paris");
    assert!(quoted.iter().any(paris), "{quoted:?}");
    assert!(quoted.len() <= with.len(), "{quoted:?}");
}

/// A name only the alignment pairs with the other text's (Grimm's Hänsel
/// and Jaś) is left out on both sides by `!hänsel`, though no other term
/// names anyone: `diptych search` waits for the merged people for it too.
#[test]
fn an_excluded_name_waits_for_the_alignment() {
    let dir = tempfile::tempdir().expect("tempdir");
    let de = [
        "Am Morgen ging Hänsel in den Wald.",
        "Das Wetter war kalt und windig.",
        "Dann sprach Hänsel lange mit dem Vater.",
        "Der Wald war dunkel im Sommer.",
        "Die Vögel flogen über die Straße nach Westen.",
        "In der Nacht dachte Hänsel an den Wald und an den Tod.",
        "Am Abend fing es an zu regnen.",
        "Dann schrieb Hänsel einen Brief an die Schwester.",
        "Der Wald war schon zwei Jahre still.",
        "Dort wurde Hänsel im Wald verwundet.",
        "Am Morgen war der Wald still.",
        "Endlich kam Hänsel nach Hause.",
    ];
    let pl = [
        "Rano Jaś poszedł do lasu.",
        "Pogoda była zimna i wietrzna.",
        "Potem Jaś długo rozmawiał z ojcem.",
        "Las był ciemny latem.",
        "Ptaki leciały nad drogą na zachód.",
        "W nocy Jaś myślał o lesie i o śmierci.",
        "Wieczorem zaczęło padać.",
        "Potem Jaś napisał list do siostry.",
        "Las milczał już dwa lata.",
        "Tam Jaś został ranny w lesie.",
        "Rano las był cichy.",
        "Wreszcie Jaś wrócił do domu.",
    ];
    let (l, r) = (dir.path().join("de.txt"), dir.path().join("pl.txt"));
    std::fs::write(&l, de.join("\n\n")).expect("write");
    std::fs::write(&r, pl.join("\n\n")).expect("write");
    let (l, r) = (l.display().to_string(), r.display().to_string());
    let o = run_pair(&l, &r, &["search", "las !hänsel"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("był ciemny latem"), "{out}");
    assert!(!out.contains("Jaś"), "{out}");
}
