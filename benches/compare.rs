//! diptych beside fzf on the same 2 × 5 MB book pair (War and Peace I–V,
//! Russian and English, hard-wrapped, grown to 5 MB each; see
//! `common/books.rs`), as whole processes: wall time and peak memory of
//! `diptych search` against `fzf --filter`, and of the reader's first
//! frame (in a pseudo-terminal) against fzf reading the same text; and
//! `diptych people` and `diptych related` on the pair, with how many
//! megabytes `related` prints by default. Each figure is the median of
//! several runs. Run with
//! `cargo bench --bench compare`; without fzf on the PATH only diptych's
//! figures are printed.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    missing_docs,
    unsafe_code
)]

#[path = "common/mod.rs"]
mod common;

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Runs of each measurement (the median is shown).
const RUNS: usize = 7;

/// Wall time and peak resident memory of one finished process.
#[derive(Debug, Clone, Copy)]
struct Cost {
    wall: Duration,
    peak_kb: i64,
}

/// Waits for `pid` and returns its peak resident memory in KB (wait4 is
/// the only way to have it per child).
fn wait_peak(pid: u32) -> i64 {
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid, and wait4 writes into it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our child; status and usage point to live locals.
    unsafe { libc::wait4(pid as i32, &mut status, 0, &mut usage) };
    usage.ru_maxrss
}

/// Runs `cmd` to its end with `stdin` (a file) and its output thrown away.
fn run(cmd: Command, stdin: Option<&Path>) -> Cost {
    run_into(cmd, stdin, Stdio::null())
}

/// Runs `cmd` to its end with `stdin` (a file), its output into `out`.
fn run_into(mut cmd: Command, stdin: Option<&Path>, out: impl Into<Stdio>) -> Cost {
    cmd.stdout(out).stderr(Stdio::null());
    if let Some(p) = stdin {
        cmd.stdin(std::fs::File::open(p).expect("stdin file"));
    }
    let start = Instant::now();
    // Waited for with wait4 (for its peak memory), not Child::wait.
    #[allow(clippy::zombie_processes)]
    let child = cmd.spawn().expect("spawn");
    let peak_kb = wait_peak(child.id());
    Cost {
        wall: start.elapsed(),
        peak_kb,
    }
}

/// Starts `program args` in a 120 × 35 pseudo-terminal, waits until its
/// screen shows every one of `marks`, then `settle`s, sends `quit`, and
/// returns the time to the screen and its peak memory.
fn in_terminal(
    program: &str,
    args: &[&str],
    stdin: Option<&Path>,
    marks: &[&str],
    settle: Duration,
    quit: &str,
) -> Cost {
    let pty = native_pty_system();
    let pair = pty
        .openpty(PtySize {
            rows: 35,
            cols: 120,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("openpty");
    // fzf reads its list from stdin and the keyboard from the terminal;
    // a shell redirect gives it the file.
    let mut cmd = if let Some(p) = stdin {
        let mut c = CommandBuilder::new("sh");
        let line = format!("exec {program} {} < '{}'", args.join(" "), p.display());
        c.args(["-c", &line]);
        c
    } else {
        let mut c = CommandBuilder::new(program);
        c.args(args);
        c
    };
    cmd.env("TERM", "xterm-256color");
    let home = tempfile::tempdir().expect("tempdir");
    cmd.env("XDG_CONFIG_HOME", home.path());
    cmd.env("XDG_STATE_HOME", home.path());
    // The theme is left to `auto`: this pseudo-terminal never answers the
    // question about its background, and the first frame must not wait
    // for it.
    let parser = Arc::new(Mutex::new(vt100::Parser::new(35, 120, 0)));
    let start = Instant::now();
    let child = pair.slave.spawn_command(cmd).expect("spawn");
    let pid = child.process_id().expect("pid");
    let mut reader = pair.master.try_clone_reader().expect("reader");
    let p = Arc::clone(&parser);
    std::thread::spawn(move || {
        let mut buf = [0u8; 65536];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            p.lock().expect("lock").process(&buf[..n]);
        }
    });
    let wall = loop {
        let screen = parser.lock().expect("lock").screen().contents();
        if marks.iter().all(|m| screen.contains(m)) {
            break start.elapsed();
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{program}: no first screen:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(1));
    };
    std::thread::sleep(settle);
    let mut writer = pair.master.take_writer().expect("writer");
    writer.write_all(quit.as_bytes()).expect("quit");
    writer.flush().expect("flush");
    let peak_kb = wait_peak(pid);
    drop(child);
    Cost { wall, peak_kb }
}

/// The median of `RUNS` runs of `f`, by time and by memory.
fn median(mut f: impl FnMut() -> Cost) -> Cost {
    let mut runs: Vec<Cost> = (0..RUNS).map(|_| f()).collect();
    runs.sort_by_key(|c| c.wall);
    let wall = runs[RUNS / 2].wall;
    runs.sort_by_key(|c| c.peak_kb);
    Cost {
        wall,
        peak_kb: runs[RUNS / 2].peak_kb,
    }
}

fn row(what: &str, c: Cost) {
    println!(
        "{what:<52} {:>8.1} ms {:>8.1} MB",
        c.wall.as_secs_f64() * 1000.0,
        c.peak_kb as f64 / 1024.0
    );
}

fn main() {
    // `cargo bench` passes --bench; nothing else is taken.
    if !common::corpus_or_skip() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let [ru, en] = common::books::book_files(dir.path(), 5 << 20);
    let both = dir.path().join("both.txt");
    let mut joined = std::fs::read(&ru).expect("ru");
    joined.extend(std::fs::read(&en).expect("en"));
    std::fs::write(&both, joined).expect("both");
    let bin = env!("CARGO_BIN_EXE_diptych");
    let fzf = Command::new("fzf").arg("--version").output().is_ok();
    println!(
        "2 × 5 MB book pair ({} + {} bytes), median of {RUNS} runs",
        std::fs::metadata(&ru).map_or(0, |m| m.len()),
        std::fs::metadata(&en).map_or(0, |m| m.len())
    );
    println!("{:<52} {:>11} {:>11}", "", "wall", "peak RSS");
    for query in ["pariz", "pierre", "napoelon"] {
        if fzf {
            row(
                &format!("fzf --filter {query} < both files"),
                median(|| {
                    let mut c = Command::new("fzf");
                    c.args(["--filter", query]);
                    run(c, Some(&both))
                }),
            );
        }
        row(
            &format!("diptych search {query} --left ru --right en"),
            median(|| {
                let mut c = Command::new(bin);
                c.args(["search", query, "--left"])
                    .arg(&ru)
                    .arg("--right")
                    .arg(&en);
                run(c, None)
            }),
        );
    }
    let (l, r) = (ru.display().to_string(), en.display().to_string());
    // The reports of the whole pair, and how much `related` prints.
    let printed = dir.path().join("printed.txt");
    for (what, args) in [
        (
            "diptych people --json --left ru --right en",
            &["people", "--json"][..],
        ),
        ("diptych related --left ru --right en", &["related"][..]),
    ] {
        row(
            what,
            median(|| {
                let mut c = Command::new(bin);
                c.args(["--no-state", "--left", &l, "--right", &r])
                    .args(args);
                run_into(c, None, std::fs::File::create(&printed).expect("out"))
            }),
        );
        println!(
            "{:<52} {:>8.1} MB printed",
            "",
            std::fs::metadata(&printed).map_or(0, |m| m.len()) as f64 / 1e6
        );
    }
    if fzf {
        // fzf has read everything when it counts every line.
        let lines = std::fs::read(&both)
            .expect("both")
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        let all = format!("{lines}/{lines}");
        row(
            "fzf, all lines read and shown (and memory after 5 s)",
            median(|| {
                in_terminal(
                    "fzf",
                    &[],
                    Some(&both),
                    &[all.as_str()],
                    Duration::from_secs(5),
                    "\x1b",
                )
            }),
        );
    }
    row(
        "diptych reader, first frame (and memory after 5 s)",
        median(|| {
            in_terminal(
                bin,
                &["--no-state", "--left", &l, "--right", &r],
                None,
                &["Лев Николаевич", "CHAPTER I"],
                Duration::from_secs(5),
                "q",
            )
        }),
    );
}
