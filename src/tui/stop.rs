//! The stop a SIGTSTP asks for (Ctrl-z, `kill -TSTP`), made so that a
//! SIGCONT sent after it is never lost. A SIGCONT that reaches a process
//! still running (it was restoring the terminal before stopping) does
//! nothing and is gone, so the stop that follows would last for ever: a
//! shell that sends TSTP and CONT back to back left the reader stopped
//! about one time in three.
//!
//! Two things close the gap. The signals are counted in their handlers
//! (not by the thread that reads them, which may wake late): a SIGTSTP
//! records how many SIGCONTs had come, and the stop is not made when one
//! came since. And the stop itself is raised blocked, so that a SIGCONT
//! coming while it waits makes the kernel discard it, and is let through
//! only after the last look at the count. Written with libc: no crate makes
//! a stop that a later SIGCONT cancels (signal-hook's
//! `emulate_default_handler` raises it unblocked).

use signal_hook::consts::{SIGCONT, SIGTSTP};
use std::sync::atomic::{AtomicU64, Ordering};

/// SIGCONTs that have come, counted in the handler.
static CONTINUED: AtomicU64 = AtomicU64::new(0);

/// [`CONTINUED`] when the latest SIGTSTP came, recorded in its handler.
static STOP_ASKED_AT: AtomicU64 = AtomicU64::new(0);

/// Counts SIGCONT and marks SIGTSTP in their handlers, beside the
/// signal thread that reads them.
#[allow(unsafe_code)]
pub fn count_signals() -> std::io::Result<()> {
    // SAFETY: each action only loads and stores atomics, which is
    // async-signal-safe; neither allocates, locks or panics.
    unsafe {
        signal_hook::low_level::register(SIGCONT, || {
            CONTINUED.fetch_add(1, Ordering::SeqCst);
        })?;
        signal_hook::low_level::register(SIGTSTP, || {
            STOP_ASKED_AT.store(CONTINUED.load(Ordering::SeqCst), Ordering::SeqCst);
        })?;
    }
    Ok(())
}

/// The mark of the latest SIGTSTP: how many SIGCONTs had come before it.
pub fn stop_mark() -> u64 {
    STOP_ASKED_AT.load(Ordering::SeqCst)
}

/// A mark for a stop asked for now (Ctrl-z in the reader).
pub fn mark_now() -> u64 {
    CONTINUED.load(Ordering::SeqCst)
}

/// True when a SIGCONT came after the SIGTSTP marked `mark`.
pub fn continued_since(mark: u64) -> bool {
    CONTINUED.load(Ordering::SeqCst) != mark
}

/// Stops the process as SIGTSTP's default action does, unless a SIGCONT
/// came after the SIGTSTP marked `mark`, before or while stopping.
/// Returns once the process runs again.
#[allow(unsafe_code)]
pub fn stop_unless_continued(mark: u64) -> std::io::Result<()> {
    // SAFETY: plain POSIX calls on values owned here: the signal mask of
    // this thread and SIGTSTP's action, both put back before returning.
    unsafe {
        let mut tstp: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&raw mut tstp);
        libc::sigaddset(&raw mut tstp, SIGTSTP);
        let mut mask: libc::sigset_t = std::mem::zeroed();
        if libc::pthread_sigmask(libc::SIG_BLOCK, &raw const tstp, &raw mut mask) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        let mut default: libc::sigaction = std::mem::zeroed();
        default.sa_sigaction = libc::SIG_DFL;
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(SIGTSTP, &raw const default, &raw mut old);
        // Pending on this thread: a SIGCONT from now on discards it.
        libc::raise(SIGTSTP);
        if continued_since(mark) {
            // One came before the raise: an ignored signal that is pending
            // is discarded.
            let mut ignore: libc::sigaction = std::mem::zeroed();
            ignore.sa_sigaction = libc::SIG_IGN;
            libc::sigaction(SIGTSTP, &raw const ignore, std::ptr::null_mut());
        }
        // Unblocked, the stop (if still pending) is made here.
        libc::pthread_sigmask(libc::SIG_SETMASK, &raw const mask, std::ptr::null_mut());
        libc::sigaction(SIGTSTP, &raw const old, std::ptr::null_mut());
    }
    Ok(())
}
