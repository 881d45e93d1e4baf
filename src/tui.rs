//! The terminal layer: entering and always leaving raw mode and the alternate
//! screen, the event loop, and turning crossterm events into actions. The
//! state and the view know nothing of this module.

use crate::app::{Action, App};
use crate::error::Result;
use crate::keymap::{Key, KeyCode};
use crate::state::{PairState, Store};
use crate::text::sanitize::sanitize;
use crate::ui::{self, Theme};
use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEvent, KeyEventKind, KeyModifiers,
    MouseButton, MouseEventKind,
};
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{cursor, execute, terminal};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::io::{Stdout, stdout};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long the loop waits for an event before looking again.
const TICK: Duration = Duration::from_millis(250);

/// The place to save on the way out, however the way out comes.
#[derive(Clone)]
struct Saver {
    store: Option<Store>,
    /// The latest reading place, updated after every batch of events.
    place: Arc<Mutex<PairState>>,
}

impl Saver {
    /// Saves the latest place; a failure is one line on stderr, never more.
    fn save(&self) {
        let Some(store) = &self.store else {
            return;
        };
        // try_lock: a panic while the lock is held must not hang the exit.
        let place = match self.place.try_lock() {
            Ok(p) => p.clone(),
            Err(_) => return,
        };
        if let Err(e) = store.save(&place) {
            eprintln!("diptych: warning: {}", sanitize(&e));
        }
    }
}

/// Runs the reader until the user quits, then saves the reading place to
/// `store` (when given). SIGTERM, SIGHUP and SIGINT restore the terminal,
/// save the place and end the process with status 128 + the signal's
/// number, from a thread of their own: crossterm can spin inside its read
/// loop once the terminal is gone, so the event loop cannot be relied on to
/// see them. A panic restores the terminal and saves the place too.
pub fn run(mut app: App, store: Option<Store>) -> Result<()> {
    let saver = Saver {
        store,
        place: Arc::new(Mutex::new(app.snapshot())),
    };
    let mut signals = Signals::new([SIGTERM, SIGHUP, SIGINT])?;
    let handle = signals.handle();
    {
        let saver = saver.clone();
        std::thread::spawn(move || {
            if let Some(sig) = signals.forever().next() {
                restore();
                saver.save();
                std::process::exit(128 + sig);
            }
        });
    }
    install_panic_hook(saver.clone());
    let mut terminal = enter()?;
    let result = event_loop(&mut terminal, &mut app, &saver.place);
    restore();
    handle.close();
    if let Ok(mut p) = saver.place.lock() {
        *p = app.snapshot();
    }
    saver.save();
    result
}

/// Raw mode, the alternate screen and mouse capture, in that order.
fn enter() -> Result<Terminal<CrosstermBackend<Stdout>>> {
    terminal::enable_raw_mode()?;
    let mut out = stdout();
    if let Err(e) = execute!(out, EnterAlternateScreen, EnableMouseCapture, cursor::Hide) {
        restore();
        return Err(e.into());
    }
    Terminal::new(CrosstermBackend::new(out)).map_err(|e| {
        restore();
        e.into()
    })
}

/// Leaves the terminal as it was found. Safe to call more than once.
pub fn restore() {
    let _ = execute!(
        stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        cursor::Show
    );
    let _ = terminal::disable_raw_mode();
}

/// Restores the terminal before the previous panic hook prints its message,
/// then saves the reading place and says where to report the crash.
fn install_panic_hook(saver: Saver) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
        saver.save();
        eprintln!(
            "diptych {} crashed; your place was saved. Please report it on the project's issue tracker with the message above and the command you ran.",
            env!("CARGO_PKG_VERSION")
        );
    }));
}

/// Draws and handles events until the user quits, keeping `place` current.
fn event_loop(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    app: &mut App,
    place: &Mutex<PairState>,
) -> Result<()> {
    let theme = Theme::from_env();
    let size = terminal.size()?;
    app.update(Action::Resize(size.width, size.height));
    terminal.draw(|f| ui::draw(app, &theme, f.buffer_mut()))?;
    app.warm_up();
    let mut dirty = false;
    // The status line shows topics once the links are built: one more frame then.
    let mut links_shown = app.links_ready().is_some();
    loop {
        if !links_shown && app.links_ready().is_some() {
            links_shown = true;
            dirty = true;
        }
        if dirty {
            terminal.draw(|f| ui::draw(app, &theme, f.buffer_mut()))?;
            dirty = false;
        }
        if app.quit {
            return Ok(());
        }
        if !event::poll(TICK)? {
            continue;
        }
        // Take every event already waiting before drawing again, so a burst
        // of keys or a resize storm costs one frame.
        loop {
            dirty |= handle(app, event::read()?);
            if app.quit || !event::poll(Duration::ZERO)? {
                break;
            }
        }
        if let Ok(mut p) = place.lock() {
            *p = app.snapshot();
        }
    }
}

/// Turns one terminal event into actions; true when the screen may have changed.
fn handle(app: &mut App, event: Event) -> bool {
    match event {
        Event::Key(k) if k.kind != KeyEventKind::Release => {
            if let Some(key) = key(k) {
                app.handle_key(key);
            }
        }
        Event::Mouse(m) => match m.kind {
            MouseEventKind::ScrollDown => app.update(Action::Wheel(m.column, m.row, true)),
            MouseEventKind::ScrollUp => app.update(Action::Wheel(m.column, m.row, false)),
            MouseEventKind::Down(MouseButton::Left) => app.update(Action::Click(m.column, m.row)),
            _ => return false,
        },
        Event::Resize(w, h) => app.update(Action::Resize(w, h)),
        Event::Paste(text) => {
            for c in text.chars().filter(|c| !c.is_control()) {
                app.update(Action::Insert(c));
            }
        }
        _ => return false,
    }
    true
}

/// A crossterm key event as our [`Key`].
pub fn key(k: KeyEvent) -> Option<Key> {
    use crossterm::event::KeyCode as C;
    let code = match k.code {
        C::Char(c) => KeyCode::Char(c),
        C::Enter => KeyCode::Enter,
        C::Esc => KeyCode::Esc,
        C::Tab => KeyCode::Tab,
        C::BackTab => KeyCode::BackTab,
        C::Backspace => KeyCode::Backspace,
        C::Delete => KeyCode::Delete,
        C::Insert => KeyCode::Insert,
        C::Up => KeyCode::Up,
        C::Down => KeyCode::Down,
        C::Left => KeyCode::Left,
        C::Right => KeyCode::Right,
        C::Home => KeyCode::Home,
        C::End => KeyCode::End,
        C::PageUp => KeyCode::PageUp,
        C::PageDown => KeyCode::PageDown,
        C::F(n) => KeyCode::F(n),
        _ => return None,
    };
    let m = k.modifiers;
    Some(Key::new(
        code,
        m.contains(KeyModifiers::CONTROL),
        m.contains(KeyModifiers::ALT),
        m.contains(KeyModifiers::SHIFT),
    ))
}
