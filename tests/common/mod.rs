//! Helpers shared by the integration tests.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub mod corpus;
pub mod tellings;

use diptych::app::{Action, App, Options};
use diptych::keymap::{Key, Keymap};
use diptych::pair::Pair;
use diptych::ui::{self, Theme};
use diptych::worker::{Engine, Sources};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

/// A reader for `pair` with the shipped keymap and the bundled index and
/// lexicon, its background work done in place, sized `w` × `h`.
pub fn app_for(pair: Pair, w: u16, h: u16) -> App {
    let keymap = Keymap::default_keymap().expect("shipped keymap");
    let mut app = App::new(
        Engine::new(Sources::bundled(pair)),
        keymap,
        Options::default(),
    );
    app.update(Action::Resize(w, h));
    // What the terminal layer runs on worker threads, run here at once
    // so every test sees the finished screen.
    app.settle();
    app
}

/// The bundled pair, sized `w` × `h`.
pub fn app(w: u16, h: u16) -> App {
    app_for(Pair::bundled().expect("bundled pair"), w, h)
}

/// A key as written in keymap.toml.
pub fn key(k: &str) -> Key {
    k.parse().expect("key")
}

/// Presses keys written as in keymap.toml, separated by spaces; the
/// background work each asks for is done before the next.
pub fn press(app: &mut App, keys: &str) {
    for k in keys.split(' ').filter(|k| !k.is_empty()) {
        app.update(Action::Key(key(k)));
        app.settle();
    }
}

/// Types text into whatever has the keyboard, one character at a time.
pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let key: Key = if c == ' ' {
            "<Space>".parse().expect("space")
        } else {
            c.to_string().parse().expect("char")
        };
        app.update(Action::Key(key));
        app.settle();
    }
}

/// Draws `app` into a test terminal of its own size.
pub fn render(app: &App) -> Terminal<TestBackend> {
    render_with(app, &Theme::default())
}

/// Draws `app` with `theme`.
pub fn render_with(app: &App, theme: &Theme) -> Terminal<TestBackend> {
    let area = app.screen().area;
    let mut terminal = Terminal::new(TestBackend::new(area.width, area.height)).expect("terminal");
    terminal
        .draw(|f| ui::draw(app, theme, f.buffer_mut()))
        .expect("draw");
    terminal
}

/// The screen's text, row by row.
pub fn screen(app: &App) -> String {
    let t = render(app);
    rows(t.backend().buffer()).join("\n")
}

/// The rows of a buffer as text.
pub fn rows(buf: &Buffer) -> Vec<String> {
    let a = buf.area;
    (0..a.height)
        .map(|y| {
            let mut s = String::new();
            let mut x = 0;
            while x < a.width {
                let c = &buf[(x, y)];
                s.push_str(c.symbol());
                x += 1;
            }
            s
        })
        .collect()
}

/// The cells of `buf` whose text is `text` on row `y` (the first match),
/// as the column of its first cell.
pub fn find_on_row(buf: &Buffer, y: u16, text: &str) -> Option<u16> {
    let row = &rows(buf)[y as usize];
    let byte = row.find(text)?;
    Some(row[..byte].chars().count() as u16)
}

/// The style of the cell at `x`, `y`: (foreground, background, modifiers).
pub fn style_at(buf: &Buffer, x: u16, y: u16) -> (Color, Color, Modifier) {
    let c = &buf[(x, y)];
    (c.fg, c.bg, c.modifier)
}

/// Runs diptych with `args` (and no user config) and asserts exit status 2,
/// exactly one line on stderr containing `needle`, nothing on stdout.
pub fn fails_with(args: &[&std::ffi::OsStr], needle: &str) {
    let o = run_os(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("diptych: "), "{err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?} wrote to stdout");
}

/// Runs diptych with `args` and no user config: its output.
pub fn run(args: &[&str]) -> std::process::Output {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    run_os(&args)
}

/// [`run`] with arguments that need not be UTF-8 (and neither `NO_COLOR`
/// nor `CLICOLOR_FORCE` from the environment the tests run in).
pub fn run_os(args: &[&std::ffi::OsStr]) -> std::process::Output {
    std::process::Command::new(bin())
        .args(args)
        .env(
            "XDG_CONFIG_HOME",
            std::env::temp_dir().join("diptych-test-no-config"),
        )
        .env(
            "XDG_STATE_HOME",
            std::env::temp_dir().join("diptych-test-no-state"),
        )
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("runs")
}

/// The path of the built binary.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_diptych")
}

/// A file of the development corpus, or `None` (printed as skipped)
/// where there is none (see [`corpus::file`]).
pub fn corpus(name: &str) -> Option<std::path::PathBuf> {
    corpus::file(name)
}

/// A pair of the corpus, left then right, opened as the reader opens it
/// (the French Verne, Latin-1, decoded as the reader decodes it).
pub fn corpus_pair(names: [&str; 2]) -> Option<Pair> {
    let [l, r] = corpus::files(names)?;
    Some(
        Pair::from_files(&l, &r).unwrap_or_else(|e| panic!("the corpus pair {names:?} opens: {e}")),
    )
}

/// A reader of the corpus's War and Peace pair, sized `w` × `h`.
pub fn war_and_peace_app(w: u16, h: u16) -> Option<App> {
    war_and_peace().map(|pair| app_for(pair, w, h))
}

/// The War and Peace pair of the corpus: Russian left, English right.
pub fn war_and_peace() -> Option<Pair> {
    corpus_pair(corpus::WAR_AND_PEACE)
}

/// A made-up translation of forty paragraphs (a name, two years each)
/// whose left side alone has an editor's note after the seventh: the one
/// paragraph the translation leaves out, ¶8 on the left.
#[allow(dead_code, reason = "not every test binary uses it")]
pub fn translation_with_a_note() -> [String; 2] {
    translation_with_notes(&[(
        6,
        "Tu je dlhá poznámka vydavateľa o rukopise, Praha 1999, Brno 2001. ",
        6,
    )])
}

/// [`translation_with_a_note`] with the left side's `notes`: after
/// paragraph `p` (from 0), a note of a sentence repeated so many times,
/// one paragraph each, in the order given.
#[allow(dead_code, reason = "not every test binary uses it")]
pub fn translation_with_notes(notes: &[(usize, &str, usize)]) -> [String; 2] {
    let (mut left, mut right) = (String::new(), String::new());
    let names = ["Kutuzov", "Pierre", "Bagration", "Murat", "Ney"];
    for p in 0..40 {
        let (n, who) = (1700 + p, names[p % names.len()]);
        left.push_str(&format!(
            "{who} prišiel v roku {n} do mesta a stál tam dlho. Potom v roku {} odišiel.\n\n",
            n + 50
        ));
        right.push_str(&format!(
            "{who} came to the town in {n} and stood there long. Then in {} he left.\n\n",
            n + 50
        ));
        for (_, sentence, times) in notes.iter().filter(|(after, _, _)| *after == p) {
            left.push_str(&sentence.repeat(*times));
            left.push_str("\n\n");
        }
    }
    [left, right]
}
