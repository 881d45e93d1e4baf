//! The terminal's events: the input thread that reads and decodes them,
//! and how each becomes the app's actions.

use super::Msg;
use super::input::{Decoder, Input};
use crossterm::event::{Event, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind};
use diptych_reader::app::{Action, App};
use diptych_reader::keymap::{Key, KeyCode};
use std::sync::mpsc::Sender;

/// How long the rest of an escape sequence is waited for before a lone
/// ESC counts as the Esc key.
const SEQUENCE_WAIT_MS: i64 = 30;
/// How long a bracketed paste may pause before it counts as never ending
/// (and is dropped, so that keys act again).
const PASTE_WAIT_MS: i64 = 1000;

/// Reads the terminal's input on a thread of its own (the controlling
/// terminal, else standard input), decodes it ([`Decoder`]) and sends the
/// events to the loop, every byte read as soon as it is there (a burst of
/// thousands of keys acts at once); when the terminal is gone it says so
/// once and stops.
pub(super) fn spawn_input(tx: Sender<Msg>) {
    std::thread::spawn(move || {
        let tty = std::fs::File::open("/dev/tty");
        let stdin = std::io::stdin();
        let mut source: Box<dyn std::io::Read> = match &tty {
            Ok(f) => Box::new(f),
            Err(_) => Box::new(stdin.lock()),
        };
        let fd: std::os::fd::BorrowedFd<'_> = match &tty {
            Ok(f) => std::os::fd::AsFd::as_fd(f),
            Err(_) => std::os::fd::AsFd::as_fd(&stdin),
        };
        let mut decoder = Decoder::default();
        let mut buf = vec![0u8; 64 << 10];
        let mut out: Vec<Input> = Vec::new();
        loop {
            let wait = if decoder.in_paste() {
                Some(PASTE_WAIT_MS)
            } else if decoder.pending() {
                Some(SEQUENCE_WAIT_MS)
            } else {
                None
            };
            match readable(fd, wait) {
                Ok(Ready::Interrupted) => {}
                Ok(Ready::Input) => match source.read(&mut buf) {
                    Ok(0) => {
                        let _ = tx.send(Msg::InputGone);
                        return;
                    }
                    Ok(n) => decoder.feed(&buf[..n], &mut out),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => {
                        let _ = tx.send(Msg::InputGone);
                        return;
                    }
                },
                Ok(Ready::Quiet) => decoder.idle(&mut out),
                Err(_) => {
                    let _ = tx.send(Msg::InputGone);
                    return;
                }
            }
            for i in out.drain(..) {
                let msg = match i {
                    Input::Term(ev) => Msg::Term(ev),
                    Input::Background(light) => Msg::Background(light),
                };
                if tx.send(msg).is_err() {
                    return;
                }
            }
        }
    });
}

/// What waiting for input ended with.
enum Ready {
    /// Input is there to read.
    Input,
    /// The time passed without any.
    Quiet,
    /// A signal came first: wait again.
    Interrupted,
}

/// Waits until `fd` has input or `wait_ms` passed (`None` waits for ever).
fn readable(fd: std::os::fd::BorrowedFd<'_>, wait_ms: Option<i64>) -> std::io::Result<Ready> {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let timeout = wait_ms.map(|ms| Timespec {
        tv_sec: ms / 1000,
        tv_nsec: (ms % 1000) * 1_000_000,
    });
    let mut fds = [PollFd::new(&fd, PollFlags::IN)];
    match poll(&mut fds, timeout.as_ref()) {
        Ok(n) => {
            let hung_up = fds[0].revents().intersects(PollFlags::HUP | PollFlags::ERR);
            if hung_up && !fds[0].revents().contains(PollFlags::IN) {
                return Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe));
            }
            Ok(if n > 0 { Ready::Input } else { Ready::Quiet })
        }
        Err(rustix::io::Errno::INTR) => Ok(Ready::Interrupted),
        Err(e) => Err(e.into()),
    }
}

/// Turns one terminal event into actions.
pub(super) fn handle(app: &mut App, event: Event) {
    match event {
        Event::Key(k) if k.kind != KeyEventKind::Release => {
            if let Some(key) = key(k) {
                app.update(Action::Key(key));
            }
        }
        Event::Mouse(m) => match m.kind {
            MouseEventKind::ScrollDown => app.update(Action::Wheel(m.column, m.row, true)),
            MouseEventKind::ScrollUp => app.update(Action::Wheel(m.column, m.row, false)),
            MouseEventKind::Down(MouseButton::Left) => app.update(Action::Click(m.column, m.row)),
            _ => {}
        },
        Event::Resize(w, h) => app.update(Action::Resize(w, h)),
        Event::Paste(text) => app.update(Action::Paste(text)),
        _ => {}
    }
}

/// A crossterm key event as our [`Key`].
pub(super) fn key(k: KeyEvent) -> Option<Key> {
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
