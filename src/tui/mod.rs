//! The terminal layer: entering and always leaving raw mode and the
//! alternate screen, one event loop waiting on terminal input (`input`
//! decodes it), worker results and signals together (no polling), events
//! turned into actions, and the effects the state asks for (clipboard,
//! mouse, suspend).
//! The state and the view know nothing of this module.

mod background;
mod events;
mod input;
#[cfg(unix)]
mod stop;

use crate::ui::{self, Theme};
use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event,
};
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{cursor, execute, terminal};
use diptych_core::error::Result;
use diptych_core::reading_places::{SavedPlace, Store};
use diptych_core::text::sanitize::sanitize;
use diptych_reader::app::{Action, App, Effect};
use diptych_reader::worker::{Done, Workers};
use events::{handle, spawn_input};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGWINCH};
use signal_hook::iterator::Signals;
use std::io::{Stdout, Write, stdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};

/// What the event loop waits for.
enum Msg {
    /// A terminal event.
    Term(Event),
    /// The terminal's input is gone (its pty closed).
    InputGone,
    /// A worker's result.
    Done(Done),
    /// Stop until `fg` (SIGTSTP), unless a SIGCONT came after it: the
    /// SIGTSTP's mark (see `stop::stop_mark`).
    Suspend(u64),
    /// Back from a stop (SIGCONT): draw everything again.
    Resume,
    /// The terminal answered the question for its background: light or not.
    Background(bool),
}

/// True while the terminal is ours (raw mode, alternate screen).
static ENTERED: AtomicBool = AtomicBool::new(false);

/// True while the kitty keyboard protocol's keys are asked for.
static KITTY: AtomicBool = AtomicBool::new(false);
/// True while mouse capture is on.
static MOUSE: AtomicBool = AtomicBool::new(true);

/// Held while the loop writes to the terminal (a frame, a mode change),
/// and taken by the thread that ends the process on a signal before it
/// restores the terminal: no half-written frame can land after the
/// restore (it once did, and left the terminal with a hidden cursor).
static WRITING: Mutex<()> = Mutex::new(());

/// Takes [`WRITING`] (a panic while it was held does not matter here).
fn writing() -> std::sync::MutexGuard<'static, ()> {
    WRITING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Takes [`WRITING`] for the way out on a signal: waited for up to half a
/// second (a frame being written ends well within it), then gone without
/// (a loop stuck in a frame must not keep a SIGTERM from ending the
/// process: the restore then comes after at most a torn frame).
fn writing_for_exit() -> Option<std::sync::MutexGuard<'static, ()>> {
    for _ in 0..250 {
        match WRITING.try_lock() {
            Ok(g) => return Some(g),
            Err(std::sync::TryLockError::Poisoned(p)) => return Some(p.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) => {
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
        }
    }
    None
}

/// The place to save on the way out, however the way out comes.
#[derive(Clone)]
struct Saver {
    store: Option<Store>,
    /// The latest reading place, updated after every batch of events.
    place: Arc<Mutex<SavedPlace>>,
}

impl Saver {
    /// Saves the latest place; a failure is one line on stderr, never more.
    fn save(&self) {
        let Some(store) = &self.store else {
            return;
        };
        // The loop holds the lock for a moment at a time: tried for up to
        // 200 ms, not waited for (a panic while it is held must not hang
        // the exit), and not given up at once (the place was lost so when a
        // signal came while the loop was taking its snapshot).
        let mut place = None;
        for _ in 0..100 {
            match self.place.try_lock() {
                Ok(p) => {
                    place = Some(p.clone());
                    break;
                }
                Err(std::sync::TryLockError::Poisoned(p)) => {
                    place = Some(p.into_inner().clone());
                    break;
                }
                Err(std::sync::TryLockError::WouldBlock) => {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
            }
        }
        let Some(place) = place else {
            return;
        };
        match store.save(&place) {
            Ok(None) => {}
            Ok(Some(w)) => eprintln!("diptych: warning: {}", sanitize(&w)),
            Err(e) => eprintln!("diptych: warning: {}", sanitize(&e.to_string())),
        }
    }
}

/// The width of the terminal, in cells (none when it cannot be read):
/// ask it only where standard output is one ([`crate::cli`] knows).
pub fn terminal_width() -> Option<usize> {
    crossterm::terminal::size()
        .ok()
        .map(|(w, _)| usize::from(w))
        .filter(|&w| w > 0)
}

/// Runs the reader until the user quits, then saves the reading place to
/// `store` (when given). SIGTERM, SIGHUP and SIGINT restore the terminal,
/// save the place and end the process with status 128 + the signal's
/// number, from a thread of their own. SIGTSTP leaves the terminal as it
/// was found and stops; SIGCONT takes it back and draws everything again.
/// A panic restores the terminal and saves the place too; a worker's panic
/// is only an error line.
pub fn run(mut app: App, store: Option<Store>, theme: Theme, ask: bool) -> Result<()> {
    let saver = Saver {
        store,
        place: Arc::new(Mutex::new(app.snapshot())),
    };
    let (tx, rx) = channel::<Msg>();
    let mut signals = Signals::new([SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGCONT, SIGWINCH])?;
    #[cfg(unix)]
    stop::count_signals()?;
    let handle = signals.handle();
    {
        let saver = saver.clone();
        let tx = tx.clone();
        std::thread::spawn(move || {
            while !signals.is_closed() {
                // Signals come in batches, ordered by number, not arrival:
                // a SIGTSTP and a SIGCONT of one batch (`kill -TSTP; kill
                // -CONT` back to back) are a stop already ended, and no
                // stop is made (it would wait for a SIGCONT already gone).
                let batch: Vec<i32> = signals.wait().collect();
                let continued = batch.contains(&SIGCONT);
                for sig in batch {
                    match sig {
                        SIGTSTP if continued => {}
                        SIGTSTP => {
                            let _ = tx.send(Msg::Suspend(stop_mark()));
                        }
                        SIGCONT => {
                            let _ = tx.send(Msg::Resume);
                        }
                        SIGWINCH => {
                            if let Ok((w, h)) = terminal::size() {
                                let _ = tx.send(Msg::Term(Event::Resize(w, h)));
                            }
                        }
                        _ => {
                            // Held to the end: the loop writes nothing more.
                            let _writing = writing_for_exit();
                            restore();
                            saver.save();
                            std::process::exit(128 + sig);
                        }
                    }
                }
            }
        });
    }
    install_panic_hook(saver.clone());
    MOUSE.store(app.options().mouse, Ordering::SeqCst);
    let mut terminal = {
        let _writing = writing();
        enter()?
    };
    let pool = {
        let tx = tx.clone();
        Workers::new(
            Arc::clone(app.engine()),
            Arc::new(move |d| {
                let _ = tx.send(Msg::Done(d));
            }),
        )
    };
    spawn_input(tx);
    let result = first_frame(&mut terminal, &mut app, &pool, &theme, ask).and_then(|()| {
        event_loop(
            &mut terminal,
            &mut app,
            &rx,
            &pool,
            &saver.place,
            theme,
            ask,
        )
    });
    pool.stop();
    {
        let _writing = writing();
        restore();
    }
    handle.close();
    if let Ok(mut p) = saver.place.lock() {
        *p = app.snapshot();
    }
    saver.save();
    result
}

/// Raw mode, the alternate screen, bracketed paste and mouse capture.
fn enter() -> Result<Terminal<CrosstermBackend<Stdout>>> {
    claim()?;
    Terminal::new(CrosstermBackend::new(stdout())).map_err(|e| {
        restore();
        e.into()
    })
}

/// Takes the terminal: raw mode, alternate screen, paste, mouse, no cursor.
fn claim() -> Result<()> {
    terminal::enable_raw_mode()?;
    ENTERED.store(true, Ordering::SeqCst);
    let mut out = stdout();
    let done = execute!(
        out,
        EnterAlternateScreen,
        EnableBracketedPaste,
        cursor::Hide
    )
    // The kitty keyboard protocol's first level, where it is spoken (other
    // terminals leave the sequence alone): Ctrl-i is then not Tab.
    .and_then(|()| {
        out.write_all(KITTY_PUSH.as_bytes())
            .and_then(|()| out.flush())
    })
    .and_then(|_| {
        if MOUSE.load(Ordering::SeqCst) {
            execute!(out, EnableMouseCapture)
        } else {
            Ok(())
        }
    });
    if let Err(e) = done {
        restore();
        return Err(e.into());
    }
    Ok(())
}

/// Asks for the kitty keyboard protocol's disambiguated keys.
const KITTY_PUSH: &str = "\x1b[>1u";
/// Gives them back.
const KITTY_POP: &str = "\x1b[<u";

/// Leaves the terminal as it was found. Safe to call more than once.
pub fn restore() {
    if !ENTERED.swap(false, Ordering::SeqCst) {
        return;
    }
    if KITTY.swap(false, Ordering::SeqCst) {
        let _ = stdout().write_all(KITTY_POP.as_bytes());
    }
    let _ = execute!(
        stdout(),
        DisableMouseCapture,
        DisableBracketedPaste,
        LeaveAlternateScreen,
        cursor::Show
    );
    let _ = terminal::disable_raw_mode();
}

/// Restores the terminal before the previous panic hook prints its message,
/// then saves the reading place and says where to report the crash. A
/// worker's panic leaves the terminal alone: the worker reports it.
fn install_panic_hook(saver: Saver) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if diptych_reader::worker::is_worker_thread() {
            return;
        }
        restore();
        previous(info);
        saver.save();
        eprintln!(
            "diptych {} crashed; your place was saved. Please report it on the project's issue tracker with the message above and the command you ran.",
            env!("CARGO_PKG_VERSION")
        );
    }));
}

/// Draws and handles messages until the user quits, keeping `place` current.
/// Draws the first frame at once, starts the background work, and then
/// (for `theme = "auto"`) asks the terminal for its background: the answer
/// comes with the keys ([`ColourReply`]), and the loop draws again in it.
fn first_frame(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    app: &mut App,
    pool: &Workers,
    theme: &Theme,
    ask: bool,
) -> Result<()> {
    let size = terminal.size()?;
    app.update(Action::Resize(size.width, size.height));
    draw(terminal, app, theme)?;
    // The first frame is up: now the background work.
    for job in app.take_jobs() {
        pool.submit(job);
    }
    // The question, answered among the keys (see `input`).
    if ask {
        let _writing = writing();
        let mut out = stdout();
        let _ = out
            .write_all(background::BACKGROUND_QUERY.as_bytes())
            .and_then(|()| out.flush());
    }
    Ok(())
}

fn event_loop(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    app: &mut App,
    rx: &Receiver<Msg>,
    pool: &Workers,
    place: &Mutex<SavedPlace>,
    mut theme: Theme,
    ask: bool,
) -> Result<()> {
    loop {
        if app.quit() {
            return Ok(());
        }
        let Ok(first) = rx.recv() else {
            return Ok(());
        };
        // Take every message already waiting before drawing again, so a
        // burst of keys or a resize storm costs one frame and one search.
        let mut next = Some(first);
        while let Some(msg) = next {
            match msg {
                Msg::Term(ev) => handle(app, ev),
                Msg::Done(d) => app.update(Action::Done(d)),
                Msg::InputGone => app.update(Action::Quit),
                Msg::Suspend(continued) => {
                    let _writing = writing();
                    suspend(terminal, continued)?;
                }
                Msg::Resume => {
                    let _writing = writing();
                    claim()?;
                    redraw_all(terminal)?;
                }
                Msg::Background(light) => {
                    app.set_background(light);
                    if ask {
                        theme = crate::ui::theme::auto_theme(theme.color, light);
                    }
                }
            }
            if app.quit() {
                break;
            }
            next = rx.try_recv().ok();
        }
        for job in app.take_jobs() {
            pool.submit(job);
        }
        for effect in app.take_effects() {
            match effect {
                Effect::Clipboard(text) => copy(&text),
                Effect::Mouse(on) => {
                    let _writing = writing();
                    MOUSE.store(on, Ordering::SeqCst);
                    let _ = if on {
                        execute!(stdout(), EnableMouseCapture)
                    } else {
                        execute!(stdout(), DisableMouseCapture)
                    };
                }
                Effect::Suspend => {
                    let _writing = writing();
                    suspend(terminal, mark_now())?;
                }
            }
        }
        if let Ok(mut p) = place.lock() {
            *p = app.snapshot();
        }
        if !app.quit() {
            draw(terminal, app, &theme)?;
        }
    }
}

/// Draws one frame, holding [`WRITING`].
fn draw(terminal: &mut Terminal<CrosstermBackend<Stdout>>, app: &App, theme: &Theme) -> Result<()> {
    let _writing = writing();
    terminal.draw(|f| ui::draw(app, theme, f.buffer_mut()))?;
    Ok(())
}

/// Leaves the terminal, stops until `fg`, then takes it back and draws
/// everything again. No stop when a SIGCONT came after the SIGTSTP (the
/// count was `continued` then): it would wait for a SIGCONT already gone.
fn suspend(terminal: &mut Terminal<CrosstermBackend<Stdout>>, mark: u64) -> Result<()> {
    #[cfg(unix)]
    {
        if stop::continued_since(mark) {
            return Ok(());
        }
        restore();
        stop::stop_unless_continued(mark)?;
    }
    #[cfg(not(unix))]
    {
        let _ = mark;
        restore();
    }
    claim()?;
    redraw_all(terminal)
}

/// The mark of the latest SIGTSTP (no stops without unix signals).
fn stop_mark() -> u64 {
    #[cfg(unix)]
    return stop::stop_mark();
    #[cfg(not(unix))]
    0
}

/// A mark for a stop the reader asks for now (Ctrl-z).
fn mark_now() -> u64 {
    #[cfg(unix)]
    return stop::mark_now();
    #[cfg(not(unix))]
    0
}

/// Makes the next frame draw every cell, on a fresh (blank) alternate
/// screen. Not `Terminal::clear`: that asks the terminal where its cursor
/// is, and waits two seconds when the answer never comes.
fn redraw_all(terminal: &mut Terminal<CrosstermBackend<Stdout>>) -> Result<()> {
    // An empty frame: its difference from the last one blanks every drawn
    // cell, and it becomes what the next frame is compared with.
    terminal.draw(|_| {})?;
    Ok(())
}

/// Puts `text` on the clipboard with OSC 52 (the text is sanitised already;
/// the sequence carries it base64-encoded, so nothing in it reaches the
/// terminal raw). Inside tmux the sequence is passed through.
fn copy(text: &str) {
    let seq = clipboard_sequences(text, std::env::var_os("TMUX").is_some());
    let mut out = stdout();
    let _ = out.write_all(seq.as_bytes());
    let _ = out.flush();
}

/// The OSC 52 sequence that puts `text` on the terminal's clipboard. Inside
/// tmux, the plain one as well as the one wrapped for the outer terminal:
/// tmux's own `set-clipboard` (on by default) takes the plain one, and the
/// wrapped one passes through only where `allow-passthrough` is on (off by
/// default in tmux 3.3).
fn clipboard_sequences(text: &str, tmux: bool) -> String {
    use base64::Engine as _;
    let b64 = base64::engine::general_purpose::STANDARD.encode(text.as_bytes());
    let seq = format!("\x1b]52;c;{b64}\x1b\\");
    if tmux {
        format!("{seq}\x1bPtmux;{}\x1b\\", seq.replace('\x1b', "\x1b\x1b"))
    } else {
        seq
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_tmux_the_clipboard_gets_the_plain_sequence_too() {
        let plain = clipboard_sequences("¶3", false);
        assert_eq!(plain, "\x1b]52;c;wrYz\x1b\\");
        let both = clipboard_sequences("¶3", true);
        assert!(both.starts_with(&plain), "{both:?}");
        assert!(
            both.ends_with("\x1bPtmux;\x1b\x1b]52;c;wrYz\x1b\x1b\\\x1b\\"),
            "{both:?}"
        );
    }
}
