//! The real binary in a pseudo-terminal, its screen read with vt100: what a
//! person at a terminal would see.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, unsafe_code)]

#[path = "../common/mod.rs"]
mod common;
mod sessions;

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running diptych in a pseudo-terminal.
pub struct Session {
    parser: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    _pair: portable_pty::PtyPair,
    /// A fresh config and state home for this run.
    home: Option<tempfile::TempDir>,
}

impl Session {
    /// The bundled pair at `w` × `h`, its first screen drawn.
    fn bundled(w: u16, h: u16) -> Session {
        let s = Session::start(&[], w, h);
        s.wait_for("the first screen", |s| s.contains("1 Під час кампанії"));
        s
    }

    /// Starts diptych with `args` in a `cols` × `rows` terminal.
    pub fn start(args: &[&str], cols: u16, rows: u16) -> Session {
        Session::start_in(tempfile::tempdir().expect("tempdir"), args, cols, rows)
    }

    /// Starts diptych with `home` as its config and state home.
    pub fn start_in(home: tempfile::TempDir, args: &[&str], cols: u16, rows: u16) -> Session {
        let path = home.path().to_path_buf();
        Session::start_with_home(home, &path, args, cols, rows)
    }

    /// Starts diptych with `path` as its config and state home; `home` is kept.
    fn start_with_home(
        home: tempfile::TempDir,
        path: &std::path::Path,
        args: &[&str],
        cols: u16,
        rows: u16,
    ) -> Session {
        let pty = native_pty_system();
        let pair = pty
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("openpty");
        let mut cmd = CommandBuilder::new(common::bin());
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("XDG_CONFIG_HOME", path);
        cmd.env("XDG_STATE_HOME", path);
        let child = pair.slave.spawn_command(cmd).expect("spawn");
        let mut reader = pair.master.try_clone_reader().expect("reader");
        let writer = pair.master.take_writer().expect("writer");
        let parser = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let p = Arc::clone(&parser);
        let r = Arc::clone(&raw);
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut parser) = p.lock() {
                    parser.process(&buf[..n]);
                }
                if let Ok(mut raw) = r.lock() {
                    raw.extend_from_slice(&buf[..n]);
                }
            }
        });
        Session {
            parser,
            raw,
            writer,
            child,
            _pair: pair,
            home: Some(home),
        }
    }

    /// Starts diptych with the config and state home at `path`, owned elsewhere.
    pub fn start_shared(path: &std::path::Path, args: &[&str], cols: u16, rows: u16) -> Session {
        let home = tempfile::tempdir().expect("tempdir");
        let mut s = Session::start_with_home(home, path, args, cols, rows);
        s.home = None;
        s
    }

    /// Starts diptych again in the same config and state home.
    pub fn restart(mut self, args: &[&str], cols: u16, rows: u16) -> Session {
        let home = self.home.take().expect("a home");
        drop(self);
        Session::start_in(home, args, cols, rows)
    }

    /// Every byte the program has written to the terminal so far.
    pub fn raw(&self) -> Vec<u8> {
        self.raw.lock().expect("lock").clone()
    }

    /// The screen's text, row by row.
    pub fn screen(&self) -> String {
        self.parser.lock().expect("lock").screen().contents()
    }

    /// Waits until `pred` holds for the screen, or panics with the screen.
    #[track_caller]
    pub fn wait_for(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if pred(&s) {
                return s;
            }
            if start.elapsed() > Duration::from_secs(10) {
                panic!("timed out waiting for {what}; screen:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types bytes as keys.
    pub fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).expect("write");
        self.writer.flush().expect("flush");
    }

    /// Waits for the program to exit and returns its exit code.
    #[track_caller]
    pub fn exit_code(&mut self) -> u32 {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.exit_code();
            }
            if start.elapsed() > Duration::from_secs(10) {
                let _ = self.child.kill();
                panic!("diptych did not exit; screen:\n{}", self.screen());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Session {
    /// A failed test must not leave diptych running.
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

#[test]
fn reads_side_by_side_scrolls_opens_help_and_quits() {
    let mut s = Session::start(&[], 120, 35);
    let screen = s.wait_for("both first paragraphs", |s| {
        s.lines()
            .any(|l| l.contains("1 Під час кампанії") && l.contains("1 Napoleon zatiaľ"))
    });
    assert!(
        screen.contains("uk · 1814") && screen.contains("sk · 1815"),
        "{screen}"
    );
    let first_row = screen.lines().nth(1).unwrap_or("").to_string();
    s.send("j");
    s.wait_for("the left pane to scroll", |now| {
        let row = now.lines().nth(1).unwrap_or("");
        row != first_row && !row.contains("1 Під час")
    });
    s.send("?");
    s.wait_for("the help", |s| {
        s.contains("Help: keys in effect") && s.contains("Scroll down one line")
    });
    s.send("\x1b");
    s.wait_for("the help to close", |s| !s.contains("Help: keys in effect"));
    s.send("q");
    assert_eq!(s.exit_code(), 0);
}

/// A misspelt key in config.toml is a warning in the reader's status line,
/// naming the nearest key; the reader opens (it once exited 2 while every
/// command only warned).
#[test]
fn a_misspelt_setting_warns_and_the_reader_opens() {
    let home = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(home.path().join("diptych")).expect("mkdir");
    std::fs::write(home.path().join("diptych/config.toml"), "max-widht = 80\n").expect("write");
    let mut s = Session::start_in(home, &[], 120, 35);
    s.wait_for("the first screen", |s| s.contains("1 Під час кампанії"));
    s.wait_for("the warning", |s| s.contains("max-width"));
    s.send("q");
    assert_eq!(s.exit_code(), 0);
}

#[test]
fn tiny_terminal_says_so_and_keeps_running() {
    let mut s = Session::start(&[], 30, 8);
    s.wait_for("the notice", |s| s.contains("terminal too small"));
    s.send("q");
    assert_eq!(s.exit_code(), 0);
}

#[test]
fn latin_query_jumps_to_a_cyrillic_sentence() {
    let mut s = Session::bundled(100, 30);
    s.send("/kolenkur");
    s.wait_for("a Cyrillic result", |s| {
        s.contains("results") && s.contains("Коленкур")
    });
    s.send("\r");
    let screen = s.wait_for("the prompt to close", |s| s.contains("result 1/"));
    // The best result (the whole word) puts the cursor on ¶2 of the left
    // pane, already in view, so the pane does not scroll.
    assert!(screen.contains("▶ 2 Коленкур зустрівся"), "{screen}");
    assert!(screen.contains("¶ 2/11"), "{screen}");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
}

#[test]
fn counterpart_and_sync_scrolling_line_paragraphs_up() {
    let mut s = Session::bundled(120, 35);
    // uk ¶2 (the Tsar will not treat) beside its counterpart sk ¶4.
    s.send("}l");
    s.wait_for("sk ¶4 on the row of uk ¶2", |screen| {
        screen
            .lines()
            .any(|row| row.contains("2▍Коленкур") && row.contains("4▍Napriek"))
    });
    // Sync on: the next paragraph brings its counterpart along.
    s.send("s}");
    s.wait_for("uk ¶3 with sk ¶3 beside it", |screen| {
        screen
            .lines()
            .any(|row| row.contains("3▍У цей час") && row.contains("3▍V Paríži"))
            && screen.contains("sync")
    });
    s.send("q");
    assert_eq!(s.exit_code(), 0);
}

/// Byte sequences a hostile file might carry to drive the terminal.
const HOSTILE: &[(&str, &[u8])] = &[
    ("OSC 52 clipboard", b"\x1b]52;"),
    ("OSC 8 link", b"\x1b]8;"),
    ("OSC title", b"\x1b]0;"),
    ("DCS", b"\x1bP"),
    ("APC", b"\x1b_"),
    ("C1 CSI", "\u{9b}".as_bytes()),
    ("C1 OSC", "\u{9d}".as_bytes()),
    ("bidi override", "\u{202e}".as_bytes()),
    ("bidi isolate", "\u{2066}".as_bytes()),
    ("zero-width space", "\u{200b}".as_bytes()),
    ("zero-width joiner", "\u{200d}".as_bytes()),
    ("variation selector", "\u{fe0f}".as_bytes()),
    ("bell", b"\x07"),
];

#[test]
fn a_hostile_file_never_reaches_the_terminal() {
    let dir = tempfile::tempdir().expect("tempdir");
    let evil = dir.path().join("evil.txt");
    let text = "Evil \x1b]52;c;UFdORUQ=\x07 clipboard. Link \x1b]8;;http://x\x07PW\x1b]8;;\x07NED. \
                Title \x1b]0;PWNED\x07 here. DCS \x1bPqPWNED\x1b\\ and APC \x1b_PWNED\x1b\\. \
                C1 \u{9b}31m red \u{9d}0;x\u{9c}. Bidi \u{202e}desrever\u{202c} and \u{2066}iso\u{2069}. \
                Zero\u{200b}width. Family 👨\u{200d}👩 and ❤\u{fe0f}. Bell \x07. Tab\there. Lone\rCR. Clear \x1b[2J screen.\r\n\
                Napoleon left.\r\n";
    std::fs::write(&evil, text).expect("write");
    let plain = dir.path().join("plain.txt");
    std::fs::write(&plain, "Napoleon arrived.\n").expect("write");
    let (e, p) = (evil.display().to_string(), plain.display().to_string());
    let mut s = Session::start(&["--left", &e, "--right", &p], 120, 35);
    s.wait_for("the hostile text as placeholders", |s| {
        // Controls and bidi marks shown; joiners, selectors and zero-width
        // spaces (invisible by design) left out, never passed raw.
        s.contains("^[]52;")
            && s.contains("<U+202E>")
            && s.contains("Zerowidth")
            && s.contains("Family 👨👩 and ❤.")
    });
    s.send("/napoleon");
    s.wait_for("search results", |s| s.contains("results"));
    s.send("\r");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
    // The reader's own queries (the terminal's colours, OSC 10 and 11,
    // ended by BEL) are not from the file: take them out first.
    let mut raw = s.raw();
    for query in [&b"\x1b]10;?\x07"[..], &b"\x1b]11;?\x07"[..]] {
        while let Some(i) = raw.windows(query.len()).position(|w| w == query) {
            raw.drain(i..i + query.len());
        }
    }
    for (what, seq) in HOSTILE {
        assert!(
            !raw.windows(seq.len()).any(|w| w == *seq),
            "{what} from the file reached the terminal"
        );
    }
}

/// With `theme = "auto"` the first frame is drawn before the terminal is
/// asked for its background: a terminal that never answers costs no wait.
/// One that answers "light" gets the light theme drawn next, and the
/// answer is remembered for the next start's first frame.
#[test]
fn the_first_frame_never_waits_for_the_terminals_colours() {
    let home = tempfile::tempdir().expect("tempdir");
    let state = home.path().join("diptych/state.toml");
    let mut s = Session::start_in(home, &[], 100, 30);
    s.wait_for("the first screen", |s| s.contains("1 Під час кампанії"));
    let query = b"\x1b]11;?";
    let raw = s.raw();
    let frame = "Під".as_bytes();
    let drawn = raw.windows(frame.len()).position(|w| w == frame);
    let asked = raw.windows(query.len()).position(|w| w == query);
    assert!(drawn.is_some(), "the first frame is drawn");
    if let Some(asked) = asked {
        assert!(drawn < Some(asked), "drawn at {drawn:?}, asked at {asked}");
    }
    // Answer as a light terminal does: the background, then the device
    // attributes the query ends with.
    let start = Instant::now();
    while !s.raw().windows(query.len()).any(|w| w == query) {
        assert!(start.elapsed() < Duration::from_secs(10), "never asked");
        std::thread::sleep(Duration::from_millis(10));
    }
    s.send("\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[?62;22c");
    std::thread::sleep(Duration::from_millis(300));
    s.send("q");
    assert_eq!(s.exit_code(), 0);
    let saved = std::fs::read_to_string(&state).expect("state saved");
    assert!(saved.contains("background = \"light\""), "{saved}");
}

/// A bracketed paste that never ends is dropped after a moment, and the
/// keys after it act (`q` quits).
#[test]
fn an_unterminated_paste_never_freezes_the_keys() {
    let mut s = Session::bundled(100, 30);
    s.send("\x1b[200~");
    std::thread::sleep(Duration::from_millis(1300));
    s.send("q");
    assert_eq!(s.exit_code(), 0);
}

/// A terminal made larger is drawn larger (the size is read on SIGWINCH).
/// A pasted megabyte in the search prompt is cut at the prompt's limit
/// with a word on the status line, and the reader answers at once (each
/// frame once measured the whole text from its start: minutes for this).
#[test]
fn a_pasted_megabyte_is_cut_and_never_freezes_the_reader() {
    let mut s = Session::bundled(80, 24);
    s.send("/");
    s.wait_for("the search prompt", |s| s.contains("/"));
    let terms: Vec<String> = (0..100_000).map(|i| format!("baba{i}")).collect();
    s.send(&format!("\x1b[200~{}\x1b[201~", terms.join(" | ")));
    s.wait_for("the cut said", |s| s.contains("at most 1000 characters"));
    s.send("\x1b");
    s.wait_for("the prompt closed", |s| s.contains("/ search"));
    s.send("q");
    assert_eq!(s.exit_code(), 0);
}

#[test]
fn a_resized_terminal_is_drawn_again() {
    let s = Session::bundled(80, 24);
    s._pair
        .master
        .resize(PtySize {
            rows: 40,
            cols: 150,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("resize");
    s.parser
        .lock()
        .expect("lock")
        .screen_mut()
        .set_size(40, 150);
    s.wait_for("the wider screen", |screen| {
        screen
            .lines()
            .any(|l| l.chars().count() > 120 && l.contains("Napoleon"))
    });
}

/// `print` on a terminal fits the terminal, as bat does; piped, it is
/// 100 cells wide unless `--width` says otherwise.
#[test]
fn print_on_a_terminal_fits_its_width() {
    let mut s = Session::start(&["--no-state", "print", "--side", "left"], 60, 200);
    assert_eq!(s.exit_code(), 0);
    let raw = String::from_utf8_lossy(&s.raw()).into_owned();
    let widest = raw
        .lines()
        .map(|l| diptych::wrap::display_width(l.trim_end_matches('\r')))
        .max()
        .unwrap_or(0);
    assert!(
        widest <= 60,
        "a line of {widest} cells in a 60-cell terminal"
    );
    assert!(widest > 40, "the terminal's width is used: {widest}");
}
