//! Files as they come: only regular files, hostile strings, EPUBs good and bad, work that grows faster than its input, and the corpus's paragraphs.

use super::*;

/// Runs `args`: exit status 0, and nothing a terminal would act on in
/// what they print.
fn runs_safely(args: &[&str]) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        !out.replace(['\n', '\t'], "")
            .chars()
            .any(diptych::text::sanitize::is_unsafe),
        "{args:?}: {out:?}"
    );
}

#[test]
fn only_regular_files_are_read_and_sizes_are_limited() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = file(&dir, "good.txt", b"Text.\n");
    fails_with(
        &["--left", "/dev/zero", "--right", &good],
        "/dev/zero is a device",
    );
    #[cfg(unix)]
    {
        let fifo = dir.path().join("fifo");
        let made = Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let f = fifo.display().to_string();
            fails_with(&["--left", &f, "--right", &good], "is a named pipe (FIFO)");
            fails_with(&["keymap", "check", &f], "is a named pipe (FIFO)");
            fails_with(&["people", "--people", &f], "is a named pipe (FIFO)");
            fails_with(&["topics", "--topics", &f], "is a named pipe (FIFO)");
        }
    }
}

/// A directory given for a data file asks for a TOML file (not for a
/// text, Markdown or EPUB); an empty people or topics file is a list with
/// nothing in it.
#[test]
fn a_data_file_is_toml_and_may_be_empty() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path().display().to_string();
    for flag in [["people", "--people"], ["topics", "--topics"]] {
        fails_with(&[flag[0], flag[1], &d], "is a directory: give a TOML file");
    }
    fails_with(&["keymap", "check", &d], "is a directory: give a TOML file");
    let empty = file(&dir, "empty.toml", b"");
    let o = run(&["people", "--people", &empty]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = run(&["topics", "--topics", &empty]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn hostile_strings_never_reach_the_output() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Written as TOML escapes: a TOML file cannot hold raw control characters.
    let hostile = "A\\u001b]52;c;QQ==\\u0007\\u001b[31m\\u009b\\u202e\\u200d\\ufe0f";
    let people = file(
        &dir,
        "people.toml",
        format!("[[person]]\nid = \"x\"\nname = \"{hostile}\"\nrole = \"{hostile}\"\nuk = [\"Наполеон\"]\n\n[[person]]\nid = \"h\"\nname = \"\u{1100}\u{1161}\u{200b}\u{1100}\"\nuk = [\"Коленкур\"]\n").as_bytes(),
    );
    let topics = file(
        &dir,
        "topics.toml",
        format!("[[topic]]\nid = \"t\"\nlabel = \"{hostile}\"\nuk = [\"переговор\"]\n").as_bytes(),
    );
    let keymap = file(
        &dir,
        "k.toml",
        "[reader]\n\"\\u009b\" = \"quit\"\n\"\\u0085\" = \"help\"\n".as_bytes(),
    );
    for args in [
        vec!["people", "--people", &people],
        vec!["people", "--json", "--people", &people],
        vec!["topics", "--topics", &topics],
        vec!["related", "--topics", &topics, "--people", &people],
        vec!["keymap", "show", "--keymap", &keymap],
    ] {
        runs_safely(&args);
    }
    // A hostile text in every command's output (joiners and selectors
    // included: they shift a terminal's columns).
    let text = file(
        &dir,
        "evil-text.txt",
        "Napoleon \u{1b}]52;c;QQ==\u{7} met Fam\u{200d}ily ❤\u{fe0f} and \u{202e}Marmont\u{202c} in Paris.\nNapoleon left \u{9b}31m Paris.\n".as_bytes(),
    );
    let plain = file(&dir, "plain.txt", b"Napoleon arrived in Paris.\n");
    for args in [
        vec!["print"],
        vec!["search", "napoleon"],
        vec!["search", "napoleon", "--json"],
        vec!["people"],
        vec!["people", "--json"],
        vec!["paragraphs"],
        vec!["related", "--json"],
        vec!["map"],
    ] {
        let args: Vec<&str> = args
            .into_iter()
            .chain(["--left", text.as_str(), "--right", plain.as_str()])
            .collect();
        runs_safely(&args);
    }
    // A hostile file name in an error or a report.
    let name = dir.path().join("evil\u{1b}]0;PWNED\u{7}.txt");
    std::fs::write(&name, "x.\n").expect("write");
    let o = run(&["keymap", "check", name.to_str().unwrap()]);
    assert!(
        !String::from_utf8_lossy(&o.stdout)
            .chars()
            .any(|c| c == '\u{1b}' || c == '\u{7}')
    );
    assert!(
        !String::from_utf8_lossy(&o.stderr)
            .chars()
            .any(|c| c == '\u{1b}' || c == '\u{7}')
    );
    let o = run(&["--bogus\u{1b}]0;x\u{7}"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        !err.chars().any(|c| c == '\u{1b}' || c == '\u{7}'),
        "{err:?}"
    );
}

#[test]
fn a_form_of_many_words_does_not_explode() {
    let dir = tempfile::tempdir().expect("tempdir");
    let form = "Жан-Батіст ".repeat(9);
    let people = file(
        &dir,
        "people.toml",
        format!(
            "[[person]]\nid = \"j\"\nname = \"J\"\nuk = [\"{}\"]\nsk = [\"{}\"]\n",
            form.trim(),
            form.trim()
        )
        .as_bytes(),
    );
    let o = run(&["people", "--people", &people]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn the_map_prints_as_text() {
    let o = run(&["map", "--width", "100"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8(o.stdout).expect("utf-8");
    assert!(
        out.lines().next().unwrap_or("").contains("uk1814")
            && out.lines().next().unwrap_or("").contains("sk1815")
    );
    for row in [
        "● Napoleon I",
        "● Auguste de Marmont",
        "● Joseph Fouché",
        "§ negotiations",
        "§ abdication",
        "◆ Paris",
    ] {
        assert!(out.lines().any(|l| l.starts_with(row)), "{row}: {out}");
    }
    assert!(
        out.lines().all(|l| diptych::wrap::display_width(l) <= 100),
        "{out}"
    );
}

#[test]
fn an_epub_opens_with_its_table_of_contents() {
    let dir = tempfile::tempdir().expect("tempdir");
    let book = dir.path().join("book.epub");
    std::fs::write(&book, common_epub::build(&common_epub::chapters())).expect("write");
    let plain = file(&dir, "plain.txt", b"One.\n\nTwo.\n");
    let b = book.to_str().unwrap();
    let o = run(&["outline", "--json", "--left", b, "--right", &plain]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    let titles: Vec<&str> = v
        .as_array()
        .expect("array")
        .iter()
        .filter(|h| h["side"] == "left")
        .filter_map(|h| h["title"].as_str())
        .collect();
    assert_eq!(
        titles,
        [
            "The First Chapter",
            "The Second Chapter",
            "The Third Chapter"
        ]
    );
    let p = run(&["paragraphs", "--json", "--left", b, "--right", &plain]);
    let v: serde_json::Value = serde_json::from_slice(&p.stdout).expect("valid JSON");
    let left: Vec<&serde_json::Value> = v
        .as_array()
        .expect("array")
        .iter()
        .filter(|p| p["side"] == "left")
        .collect();
    assert!(left.iter().all(|p| p["offsets"] == "extracted"));
    assert_eq!(left.iter().filter(|p| p["heading"] == true).count(), 3);
    // Round trip: the extracted text at each paragraph's offsets is its text.
    let pair = diptych::pair::Pair::from_files(&book, std::path::Path::new(&plain)).expect("opens");
    let a = &pair.accounts[0];
    let texts: Vec<&str> = left
        .iter()
        .map(|p| {
            &a.text[p["start"].as_u64().unwrap() as usize..p["end"].as_u64().unwrap() as usize]
        })
        .collect();
    assert!(texts.contains(&"The First Chapter"));
    assert!(
        texts.iter().any(|t| t.starts_with("It was a dark")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("[image: a map of the coast]")),
        "{texts:?}"
    );
}

#[test]
fn markdown_opens_as_a_format() {
    let dir = tempfile::tempdir().expect("tempdir");
    let md = "---\ntitle: The Abdication\nlang: en\n---\n\n# Fontainebleau\n\n\
              Napoleon **signed** the act[^1] before [the marshals](m.html).\n\n\
              ![The palace courtyard](court.png)\n\n[^1]: On the sixth of April.\n";
    let left = file(&dir, "abdication.md", md.as_bytes());
    // Markdown-looking text under another name is Markdown too.
    let right = file(&dir, "abdication.txt", md.as_bytes());
    let o = run(&["paragraphs", "--left", &left, "--right", &right]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("the Markdown's blocks (markdown, decided from the file)"),
        "{out}"
    );
    // One title for both: the labels come from the file names.
    assert!(out.contains("# abdication-left:"), "{out}");
    assert!(out.contains("heading\tFontainebleau"), "{out}");
    assert!(
        out.contains("Napoleon signed the act[1] before the marshals."),
        "{out}"
    );
    assert!(out.contains("[image: The palace courtyard]"), "{out}");
    assert!(out.contains("[1] On the sixth of April."), "{out}");
    assert!(!out.contains("**") && !out.contains("]("), "{out}");
    // A search finds the words, never the markup.
    let s = run(&["search", "court", "--left", &left, "--right", &right]);
    let found = String::from_utf8_lossy(&s.stdout);
    assert!(found.contains("[image: The palace [court]yard]"), "{found}");
    assert!(!found.contains(".png"), "{found}");
    // Asking for a layout reads the file as plain text.
    let o = run(&[
        "paragraphs",
        "--paragraphs",
        "blank",
        "--left",
        &left,
        "--right",
        &right,
    ]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("**signed**"));
}

#[test]
fn bad_epubs_are_one_line_and_status_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = file(&dir, "good.txt", b"Text.\n");
    let notzip = file(&dir, "notzip.epub", b"this is not a zip\n");
    fails_with(&["--left", &notzip, "--right", &good], "not a zip archive");
    // (file name, the archive's entries, what the error says)
    type Case<'a> = (&'a str, Vec<(&'a str, Vec<u8>)>, &'a str);
    let cases: [Case; 4] = [
        ("nocontainer.epub", vec![("mimetype", b"application/epub+zip".to_vec())], "lacks META-INF/container.xml"),
        (
            "nospine.epub",
            vec![
                ("META-INF/container.xml", common_epub::CONTAINER.as_bytes().to_vec()),
                ("OEBPS/content.opf", b"<package><manifest/></package>".to_vec()),
            ],
            "has no spine",
        ),
        (
            "drm.epub",
            vec![
                ("META-INF/container.xml", common_epub::CONTAINER.as_bytes().to_vec()),
                (
                    "META-INF/encryption.xml",
                    b"<encryption><EncryptedData><EncryptionMethod Algorithm=\"http://www.w3.org/2001/04/xmlenc#aes128-cbc\"/></EncryptedData></encryption>".to_vec(),
                ),
            ],
            "encrypted (DRM)",
        ),
        (
            "bomb.epub",
            vec![
                ("META-INF/container.xml", common_epub::CONTAINER.as_bytes().to_vec()),
                ("OEBPS/content.opf", vec![b' '; 70 << 20]),
            ],
            "decompresses to more than",
        ),
    ];
    for (name, entries, needle) in cases {
        let p = dir.path().join(name);
        std::fs::write(&p, common_epub::zip(&entries)).expect("write");
        fails_with(&["--left", p.to_str().unwrap(), "--right", &good], needle);
    }
}

#[test]
fn work_that_grows_faster_than_the_input_is_limited_and_says_so() {
    // Over 40,000 paragraphs a side: links only between nearby paragraphs,
    // and `related` says so; `topics` answers too.
    let dir = tempfile::tempdir().expect("tempdir");
    let para = |i: usize| format!("In {} it rained.\n", 1800 + i % 20);
    let text: String = (0..40_500).map(para).collect();
    let l = file(&dir, "l.txt", text.as_bytes());
    let r = file(&dir, "r.txt", text.as_bytes());
    // `related` with its first words, one link a paragraph, names and
    // topics left out (they are not what is measured).
    let related = |first: &[&str]| {
        let rest = ["--per-paragraph", "1", "--left", &l, "--right", &r];
        let quick = ["--people", "none", "--topics", "none"];
        run(&[&["related"][..], first, &rest, &quick].concat())
    };
    let o = related(&[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.lines()
            .nth(1)
            .is_some_and(|n| n.starts_with("# note: links limited to nearby paragraphs")),
        "{}",
        &out[..out.len().min(300)]
    );
    let o = related(&["--json"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("links limited to nearby paragraphs"));
    let o = run(&["topics", "--left", &l, "--right", &r]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn the_corpus_paragraphs_are_what_a_reader_sees() {
    // The Russian file is one paragraph a line, the English one wrapped
    // at about 72 columns with blank lines between paragraphs.
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let (ru, en) = (&pair.accounts[0], &pair.accounts[1]);
    assert_eq!(ru.paragraphs.len(), 200);
    assert_eq!(en.paragraphs.len(), 191);
    // Every English paragraph of chapters I–V ends a sentence (or a quote,
    // or announces what follows), never mid-sentence as a wrapped line would.
    let mut chapters = 0;
    for (i, p) in en.paragraphs.iter().enumerate() {
        let text = en.text[p.span()].trim_end();
        if matches!(p.kind, diptych::text::ParaKind::Heading(_)) {
            assert!(text.starts_with("CHAPTER "), "¶{}: {text}", i + 1);
            chapters += 1;
            continue;
        }
        let last = text.chars().last().expect("not empty");
        assert!(
            ".!?…:;”’\"')—".contains(last),
            "¶{} ends mid-sentence: …{}",
            i + 1,
            &text[text.len().saturating_sub(40)..]
        );
    }
    assert_eq!(chapters, 5);
    // Each chapter opens with its heading.
    for title in [
        "CHAPTER I",
        "CHAPTER II",
        "CHAPTER III",
        "CHAPTER IV",
        "CHAPTER V",
    ] {
        let p = en
            .paragraphs
            .iter()
            .find(|p| en.text[p.span()].trim() == title)
            .unwrap_or_else(|| panic!("{title}"));
        assert!(
            matches!(p.kind, diptych::text::ParaKind::Heading(_)),
            "{title}"
        );
    }
}

/// A keymap of hundreds of thousands of bad lines is checked in linear
/// time (each error's line was found by reading from the top), and the
/// check prints twenty errors and a count, not megabytes of them.
#[test]
fn a_keymap_of_many_errors_is_checked_quickly_and_briefly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut src = String::from("[reader]\n");
    for i in 0..200_000 {
        src.push_str(&format!("\"k{i}\" = \"nope{i}\"\n"));
    }
    let path = file(&dir, "keymap.toml", src.as_bytes());
    let o = run(&["keymap", "check", &path]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 21, "{}", &err[..err.len().min(2000)]);
    assert!(
        err.lines()
            .last()
            .is_some_and(|l| l.contains("more errors")),
        "{err}"
    );
    // `keymap show` (as the reader) stops at the first, with the count.
    let o = run(&["keymap", "show", "--keymap", &path]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("199999 more"), "{err}");
}

/// An EPUB's package for one document `ch.xhtml` that its spine names
/// `times` times.
fn spine_of(times: usize) -> Vec<u8> {
    let refs = "<itemref idref=\"ch\"/>".repeat(times);
    format!(
        "<?xml version=\"1.0\"?><package version=\"3.0\" xmlns=\"http://www.idpf.org/2007/opf\"><metadata/><manifest><item id=\"ch\" href=\"ch.xhtml\" media-type=\"application/xhtml+xml\"/><item id=\"good\" href=\"good.xhtml\" media-type=\"application/xhtml+xml\"/></manifest><spine>{refs}<itemref idref=\"good\"/></spine></package>"
    )
    .into_bytes()
}

/// The parts of the spine are read within budgets that say so: a zip bomb
/// among them, and one part named again and again past the paragraphs a
/// book may hold, are one line and exit status 2 (the bomb was left out
/// and the rest opened); a part in UTF-16 is read as text.
#[test]
fn spine_parts_within_budgets_and_in_utf16() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good_txt = file(&dir, "good.txt", b"Text.\n");
    let good = b"<html><body><p>A good chapter.</p></body></html>".to_vec();
    let book = |name: &str, doc: Vec<u8>, times: usize| {
        let p = dir.path().join(name);
        let entries = [
            (
                "META-INF/container.xml",
                common_epub::CONTAINER.as_bytes().to_vec(),
            ),
            ("OEBPS/content.opf", spine_of(times)),
            ("OEBPS/ch.xhtml", doc),
            ("OEBPS/good.xhtml", good.clone()),
        ];
        std::fs::write(&p, common_epub::zip(&entries)).expect("write");
        p.display().to_string()
    };
    let bomb = book("bomb.epub", vec![b' '; 70 << 20], 1);
    fails_with(
        &["--left", &bomb, "--right", &good_txt],
        "decompresses to more than",
    );
    let many = "<p>a</p>".repeat(300_000);
    let repeated = book(
        "repeated.epub",
        format!("<html><body>{many}</body></html>").into_bytes(),
        8,
    );
    fails_with(
        &["--left", &repeated, "--right", &good_txt],
        "OEBPS/ch.xhtml 8 times",
    );
    let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><html><body><p>Наполеон у Парижі.</p></body></html>";
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let wide = book("utf16.epub", utf16, 1);
    let o = run(&["--left", &wide, "--right", &good_txt, "paragraphs"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("Наполеон у Парижі."), "{out}");
}

/// One range for `--width` on every command that takes one: a width out
/// of it is a one-line error naming the range, never a panic.
#[test]
fn every_width_has_one_range() {
    for args in [
        ["map", "--width", "1000000"],
        ["outline", "--width", "200000"],
        ["print", "--width", "19"],
        ["--width", "10001", "print"],
    ] {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
        common::fails_with(&args, "must be between 20 and 10000");
    }
}

/// A file name that is not UTF-8 never panics the usage line, and an
/// error naming the file shows its bytes escaped.
#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_shown_escaped() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join(std::ffi::OsStr::from_bytes(b"caf\xe9.txt"));
    std::fs::write(&bad, "Alpha one.\n").expect("write");
    let good = dir.path().join("b.txt");
    std::fs::write(&good, "Beta one.\n").expect("write");
    let os = |s: &str| std::ffi::OsString::from(s);
    let args = [
        os("--left"),
        bad.clone().into_os_string(),
        os("--right"),
        good.clone().into_os_string(),
        os("--nosuchflag"),
    ];
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsString::as_os_str).collect();
    common::fails_with(&args, "unexpected argument '--nosuchflag'");
    let missing = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"caf\xe9x.txt"));
    let args = [
        os("--left"),
        missing.into_os_string(),
        os("--right"),
        good.into_os_string(),
        os("people"),
    ];
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsString::as_os_str).collect();
    common::fails_with(&args, "caf\\xe9x.txt");
}

/// A languages.toml of the user's is merged over the language data; a
/// malformed one is one line naming the file, line, column and key, with
/// exit status 2.
#[test]
fn a_users_languages_toml_is_merged_and_checked() {
    let home = tempfile::tempdir().expect("tempdir");
    let dir = home.path().join("diptych");
    std::fs::create_dir_all(&dir).expect("config dir");
    let file = dir.join("languages.toml");
    let run_with = |args: &[&str]| {
        Command::new(common::bin())
            .args(args)
            .env("XDG_CONFIG_HOME", home.path())
            .env("XDG_STATE_HOME", home.path())
            .output()
            .expect("runs")
    };
    std::fs::write(
        &file,
        "# mine\n[ru.declension]\nrules = [{ ends = \"а\", endings = [\"а\"] }]\n",
    )
    .expect("write");
    let o = run_with(&["people"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("languages.toml:3:19") && err.contains("key `ends`"),
        "{err}"
    );
    std::fs::write(&file, "[xx]\nendings = [\"a\"]\n").expect("write");
    let o = run_with(&["people"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("languages.toml:1:2") && err.contains("`xx`"),
        "{err}"
    );
    // A good one changes what is found: Marmont named no person.
    std::fs::write(&file, "[uk]\nnot_names = [\"Мармон\"]\n").expect("write");
    let o = run_with(&["people", "--people", "none"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!out.contains("Мармон"), "{out}");
    std::fs::remove_file(&file).expect("rm");
    let plain = run_with(&["people", "--people", "none"]).stdout;
    assert!(String::from_utf8_lossy(&plain).contains("Мармон"));
}
