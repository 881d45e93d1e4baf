//! What the command line says about itself and its settings: help and
//! completions, the man page, colour, the config file and its errors.

use super::*;

#[test]
fn completions_for_every_shell_and_a_man_page() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = run(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let out = String::from_utf8_lossy(&o.stdout);
        for sub in [
            "search",
            "people",
            "related",
            "outline",
            "paragraphs",
            "recent",
        ] {
            assert!(out.contains(sub), "{shell} completions name {sub}");
        }
    }
    let man = run(&["man"]);
    let page = String::from_utf8_lossy(&man.stdout);
    assert!(
        page.starts_with(".ie") || page.contains(".TH diptych"),
        "{page}"
    );
    assert!(page.contains("search") && page.contains("\\-\\-left") || page.contains("left"));
    // Rendered with man where it is installed (it is not needed otherwise).
    if Command::new("man").arg("--version").output().is_ok() {
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("diptych.1");
        std::fs::write(&f, page.as_bytes()).expect("write");
        let o = Command::new("man")
            .arg("-l")
            .arg(&f)
            .env("MANPAGER", "cat")
            .env("PAGER", "cat")
            .output()
            .expect("man runs");
        assert!(
            String::from_utf8_lossy(&o.stdout).contains("diptych"),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn options_are_listed_under_the_commands_they_affect() {
    let o = run(&["search", "--help"]);
    let help = String::from_utf8_lossy(&o.stdout);
    assert!(help.contains("--left") && help.contains("--limit"));
    for other in ["--keymap", "--width", "--topics", "--layout"] {
        assert!(!help.contains(other), "search --help lists {other}: {help}");
    }
    assert!(
        help.contains("--color") && help.contains("[global]"),
        "{help}"
    );
}

#[test]
fn color_follows_the_flag_and_the_environment() {
    let marked = |args: &[&str], env: &[(&str, &str)]| -> String {
        let mut c = Command::new(common::bin());
        c.args(args)
            .env(
                "XDG_CONFIG_HOME",
                std::env::temp_dir().join("diptych-cli-test-no-config"),
            )
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE");
        for (k, v) in env {
            c.env(k, v);
        }
        String::from_utf8(c.output().expect("runs").stdout).expect("utf-8")
    };
    let plain = marked(&["search", "fouche", "--limit", "1"], &[]);
    assert!(
        plain.contains("[Fouch") && !plain.contains('\u{1b}'),
        "{plain}"
    );
    let always = marked(
        &["search", "fouche", "--limit", "1", "--color", "always"],
        &[],
    );
    assert!(
        always.contains("\u{1b}[1;33mFouch") && !always.contains("[Fouch"),
        "{always}"
    );
    let forced = marked(
        &["search", "fouche", "--limit", "1"],
        &[("CLICOLOR_FORCE", "1")],
    );
    assert!(forced.contains('\u{1b}'), "{forced}");
    let never = marked(
        &["search", "fouche", "--limit", "1", "--color", "never"],
        &[("CLICOLOR_FORCE", "1")],
    );
    assert!(!never.contains('\u{1b}'), "{never}");
    let no_color = marked(
        &["search", "fouche", "--limit", "1"],
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")],
    );
    assert!(
        !no_color.contains('\u{1b}'),
        "NO_COLOR wins over CLICOLOR_FORCE: {no_color}"
    );
}

#[test]
fn config_show_and_errors_with_line_and_column() {
    let o = run(&["config", "show"]);
    let shown = String::from_utf8(o.stdout).expect("utf-8");
    assert!(shown.contains("layout = \"auto\"") && shown.contains("max-width"));
    let dir = tempfile::tempdir().expect("tempdir");
    let f = file(&dir, "config.toml", b"sync = true\nlayout = \"diagonal\"\n");
    fails_with(
        &["config", "check", &f],
        "config.toml:2:10: unknown layout 'diagonal'",
    );
    let good = file(&dir, "good.toml", shown.as_bytes());
    assert_eq!(run(&["config", "check", &good]).status.code(), Some(0));
    // A theme file that is not there is found by the check, not by the reader.
    let themed = file(
        &dir,
        "themed.toml",
        b"theme = \"/nonexistent/theme.toml\"\n",
    );
    fails_with(
        &["config", "check", &themed],
        "theme: cannot read the theme /nonexistent/theme.toml",
    );
    // config.toml in the config directory is read by every command and
    // the reader: a mistake in it is a warning, its line left out.
    let home = tempfile::tempdir().expect("home");
    std::fs::create_dir_all(home.path().join("diptych")).expect("mkdir");
    std::fs::write(
        home.path().join("diptych").join("config.toml"),
        "paragraphs = \"sideways\"\n",
    )
    .expect("write");
    let with = |args: &[&str]| {
        Command::new(common::bin())
            .args(args)
            .env("XDG_CONFIG_HOME", home.path())
            .output()
            .expect("runs")
    };
    let said = "config.toml:1:14: unknown paragraph layout 'sideways'";
    let o = with(&[]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains(said));
    let o = with(&["print"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains(said));
    // A theme is named as the man page says: NAME finds NAME.toml in the
    // config directory; a name that finds nothing is a mistyped theme.
    std::fs::write(
        home.path().join("diptych").join("mine.toml"),
        "base = \"light\"\n",
    )
    .expect("write");
    let named = file(&dir, "named.toml", b"theme = \"mine\"\n");
    assert_eq!(with(&["config", "check", &named]).status.code(), Some(0));
    let purple = file(&dir, "purple.toml", b"theme = \"purple\"\n");
    let o = with(&["config", "check", &purple]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("unknown theme 'purple': choose dark, light, auto, or a theme file"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// An empty query and `--limit 0` can find nothing: errors that say so
/// (they were exit 1, "nothing found"); `config check` without a config
/// file says the defaults are in effect and exits 0.
#[test]
fn empty_queries_and_no_config_file() {
    common::fails_with(&["search".as_ref(), "".as_ref()], "the query is empty");
    common::fails_with(&["search".as_ref(), "   ".as_ref()], "the query is empty");
    common::fails_with(
        &[
            "search".as_ref(),
            "napoleon".as_ref(),
            "--limit".as_ref(),
            "0".as_ref(),
        ],
        "--limit 0",
    );
    let o = run(&["config", "check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("the defaults are in effect"));
}

/// The manual page is one page: the commands with their options (no
/// pointer to a page per command, which is not shipped), the keys, the
/// files, the environment, the exit status and examples.
#[test]
fn the_man_page_is_whole() {
    let o = run(&["man"]);
    assert_eq!(o.status.code(), Some(0));
    let page = String::from_utf8_lossy(&o.stdout);
    for section in [
        ".SH COMMANDS",
        ".SH KEYS",
        ".SH FILES",
        ".SH ENVIRONMENT",
        ".SH EXIT STATUS",
        ".SH EXAMPLES",
    ] {
        assert!(page.contains(section), "{section}");
    }
    assert!(
        !page.contains("diptych-search(1)"),
        "a page that is not shipped"
    );
    assert!(page.contains(".SS \"diptych search\"") && page.contains("\\-\\-limit"));
    assert!(
        page.contains("scroll_down") && page.contains("NO_COLOR") && page.contains("state.toml")
    );
}

/// A mistake in config.toml is a warning everywhere (every command and
/// the reader go on without that line), naming the key and the nearest
/// valid one; `config check` lists every mistake, not the first only, and
/// exits 2.
#[test]
fn a_bad_config_warns_everywhere_and_check_lists_every_mistake() {
    let home = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(home.path().join("diptych")).expect("mkdir");
    std::fs::write(
        home.path().join("diptych/config.toml"),
        "max-widht = 80\nsync = true\nlayout = \"sideways\"\ncolour = \"blue\"\n",
    )
    .expect("write");
    let with = |args: &[&str]| {
        Command::new(common::bin())
            .args(args)
            .env("XDG_CONFIG_HOME", home.path())
            .env("XDG_STATE_HOME", home.path().join("state"))
            .output()
            .expect("runs")
    };
    for args in [&["search", "napoleon"][..], &["print"], &[]] {
        let o = with(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 3, "{args:?}: {err}");
        assert!(
            err.contains("warning") && err.contains("`max-widht`: did you mean `max-width`?"),
            "{err}"
        );
        assert!(err.contains("colour") && err.contains("sideways"), "{err}");
        assert!(!o.stdout.is_empty());
    }
    let o = with(&["config", "check"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 3, "{err}");
    for at in ["config.toml:1:1:", "config.toml:3:10:", "config.toml:4:1:"] {
        assert!(err.contains(at), "{at}: {err}");
    }
}

/// `--help` says every format `--left` and `--right` read.
#[test]
fn help_names_every_format_a_side_reads() {
    let o = run(&["--help"]);
    let help = String::from_utf8_lossy(&o.stdout);
    for flag in ["The left text:", "The right text:"] {
        let line = help.lines().find(|l| l.contains(flag)).unwrap_or_default();
        assert!(
            line.contains("Markdown") && line.contains("EPUB") && line.contains("plain text"),
            "{line}"
        );
    }
}

/// `related --per-paragraph` counts from one (none would print only the
/// header) and is not given with `--all`: each a one-line error, status 2.
#[test]
fn related_counts_links_from_one() {
    fails_with(
        &["related", "--per-paragraph", "0"],
        "at least 1 (--all gives every link)",
    );
    fails_with(
        &["related", "--per-paragraph", "1", "--all"],
        "cannot be used with '--all'",
    );
    assert_eq!(
        run(&["related", "--per-paragraph", "1"]).status.code(),
        Some(0)
    );
}

/// A flag of the reader's given with a command is an error, not ignored:
/// `diptych --theme neon print` printed as if it were not there.
#[test]
fn a_reader_flag_with_a_command_is_refused() {
    for (flag, value) in [
        ("--theme", Some("neon")),
        ("--max-width", Some("60")),
        ("--no-mouse", None),
    ] {
        let mut args = vec![flag.as_ref()];
        args.extend(value.map(std::ffi::OsStr::new));
        args.push("print".as_ref());
        common::fails_with(&args, &format!("{flag} sets how the reader looks"));
    }
    // `keymap show` reads --keymap; `keymap check` takes its file as its
    // argument, and a --keymap beside it would be ignored.
    let keymap = concat!(env!("CARGO_MANIFEST_DIR"), "/keymap.toml");
    common::fails_with(
        &[
            "--keymap".as_ref(),
            keymap.as_ref(),
            "keymap".as_ref(),
            "check".as_ref(),
            keymap.as_ref(),
        ],
        "--keymap sets how the reader looks",
    );
}

/// A usage error names the help as `diptych … --help` whatever the
/// binary's file is called, and says what is missing after a colon.
#[test]
fn usage_errors_name_diptych_whatever_the_file_is_called() {
    let dir = tempfile::tempdir().expect("tempdir");
    let copy = dir.path().join("reader-copy");
    std::fs::copy(common::bin(), &copy).expect("copies the binary");
    let o = Command::new(&copy)
        .args(["--no-state", "search"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.trim_end(),
        "diptych: the following required arguments were not provided: <QUERY>; see diptych search --help"
    );
}
