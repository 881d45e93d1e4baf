//! diptych: read two narratives side by side. Parses the command line, runs
//! it, and turns any error into one line on stderr and exit status 2.

use clap::Parser;
use std::process::ExitCode;

/// Runs diptych and maps errors to exit status 2.
fn main() -> ExitCode {
    one_arena();
    no_file_size_signal();
    let cli = match diptych::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            eprintln!("{}", diptych::cli::usage_line(&e));
            return ExitCode::from(2);
        }
    };
    match diptych::cli::run(cli) {
        Ok(code) => code,
        Err(e) => {
            // An error may quote a file (a keymap key, a people form): never raw.
            let message = e.to_string();
            eprintln!("diptych: {}", diptych::text::sanitize::sanitize(&message));
            ExitCode::from(2)
        }
    }
}

/// One malloc arena for every thread. glibc gives each thread that
/// allocates an arena of its own; the background work builds large
/// structures on worker threads, and what one arena frees the others never
/// reuse, so a book-sized pair kept about 15 MB more resident than it used
/// (measured: 87 MB at 2 × 5 MB, 73 MB with one arena). The threads
/// allocate little at once, so sharing the arena costs no time we could
/// measure.
///
/// Blocks of a megabyte or more are mapped on their own, and given back
/// when freed. glibc raises that threshold as large blocks are freed, and
/// then keeps what the passes over a book of millions of paragraphs free
/// (their lists of a few bytes a paragraph) inside its heap: 8.4M
/// one-letter paragraphs peaked at 908 MB resident without, 876 MB with
/// (measured before the corridor and the anchors were made smaller, which
/// brought it to 842 MB).
/// No time cost could be measured (`related` and `search` at 2 × 5 MB,
/// timed as whole processes, each against the other).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn one_arena() {
    // SAFETY: mallopt only sets a parameter of the allocator; it is
    // called first thing in main, before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

/// Other allocators manage their arenas themselves.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn one_arena() {}

/// A write past `ulimit -f` fails with an error (EFBIG) instead of killing
/// the process: the state file's save then reports it in one line,
/// removes its temporary file and keeps the old file.
#[cfg(unix)]
#[allow(unsafe_code)]
fn no_file_size_signal() {
    // SAFETY: setting a signal's disposition to SIG_IGN installs no
    // handler; it is done first thing in main, before any other thread.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Elsewhere there is no such signal.
#[cfg(not(unix))]
fn no_file_size_signal() {}
