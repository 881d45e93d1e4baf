//! Helpers shared by the integration tests.
#![allow(dead_code)]

use diptych::app::{Action, App};
use diptych::keymap::{Key, Keymap};
use diptych::pair::Pair;
use diptych::ui::{self, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;

/// The bundled pair with the shipped keymap, sized `w` × `h`.
pub fn app(w: u16, h: u16) -> App {
    let pair = Pair::bundled().expect("bundled pair");
    let keymap = Keymap::default_keymap().expect("shipped keymap");
    let mut app = App::new(Arc::new(pair), keymap);
    // What the terminal layer builds in the background, built here at once
    // so every snapshot shows the finished screen.
    app.links();
    app.update(Action::Resize(w, h));
    app
}

/// Presses keys written as in keymap.toml, separated by spaces.
pub fn press(app: &mut App, keys: &str) {
    for k in keys.split(' ').filter(|k| !k.is_empty()) {
        let key: Key = k.parse().expect("key");
        app.handle_key(key);
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
        app.handle_key(key);
    }
}

/// Draws `app` into a test terminal of its own size.
pub fn render(app: &App) -> Terminal<TestBackend> {
    let area = app.layout.area;
    let mut terminal = Terminal::new(TestBackend::new(area.width, area.height)).expect("terminal");
    terminal
        .draw(|f| ui::draw(app, &Theme { color: true }, f.buffer_mut()))
        .expect("draw");
    terminal
}

/// Runs diptych with `args` (and no user config) and asserts exit status 2,
/// exactly one line on stderr containing `needle`, nothing on stdout.
pub fn fails_with(args: &[&std::ffi::OsStr], needle: &str) {
    let o = std::process::Command::new(bin())
        .args(args)
        .env(
            "XDG_CONFIG_HOME",
            std::env::temp_dir().join("diptych-test-no-config"),
        )
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("diptych: "), "{err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?} wrote to stdout");
}

/// The path of the built binary.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_diptych")
}
