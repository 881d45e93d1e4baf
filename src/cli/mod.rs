//! The command line: [`args`] as clap parses it, [`resolve`]d against
//! config.toml and the files it names, then one function per command
//! ([`commands`], [`search`], [`read`]). Everything is checked before the
//! terminal is touched. Exit status: 0 done, 1 for a search that found
//! nothing (as grep, ripgrep and fzf do), 2 for an error.

pub mod args;
pub mod commands;
pub mod man;
pub mod out;
pub mod read;
pub mod resolve;
pub mod search;

pub use args::{
    Cli, Command, ConfigCommand, IndexArgs, KeymapCommand, PairArgs, ReaderArgs, usage_line,
};

use args::AlignFormat;
use commands::PeopleFormat;
use diptych_core::error::{Error, Result};
use resolve::Resolved;
use std::process::ExitCode;

/// Runs the command line; errors are printed by the caller.
pub fn run(cli: Cli) -> Result<ExitCode> {
    languages()?;
    if cli.resume && cli.command.is_some() {
        return Err(Error::Usage(
            "-r/--resume opens the reader at the pair read last; a command needs its pair (--left FILE --right FILE; diptych recent lists them)".into(),
        ));
    }
    if let Some(flag) = reader_flag_beside(&cli) {
        return Err(Error::Usage(format!(
            "{flag} sets how the reader looks and behaves, and a command does not open it: leave {flag} out, or give no command to read"
        )));
    }
    let r = Resolved::new(&cli);
    match &cli.command {
        None => read::read(&r),
        Some(command) => match about_diptych(&r, command) {
            Some(done) => done,
            None => about_the_pair(&r, command),
        },
    }
}

/// The first of the reader's own flags given with a command that does not
/// open the reader (`diptych --theme neon print`), which would do nothing
/// there; `keymap show` reads `--keymap`.
fn reader_flag_beside(cli: &Cli) -> Option<&'static str> {
    let command = cli.command.as_ref()?;
    let r = &cli.reader;
    let keymap = r.keymap.is_some()
        && !matches!(
            command,
            Command::Keymap {
                command: KeymapCommand::Show { .. }
            }
        );
    [
        (keymap, "--keymap"),
        (r.arrangement.is_some(), "--layout"),
        (r.theme.is_some(), "--theme"),
        (r.max_width.is_some(), "--max-width"),
        (r.no_mouse, "--no-mouse"),
    ]
    .into_iter()
    .find_map(|(given, flag)| given.then_some(flag))
}

/// The commands about diptych itself (its keymap, settings, completions,
/// manual and remembered pairs), or `None` for a command about a pair.
fn about_diptych(r: &Resolved, command: &Command) -> Option<Result<ExitCode>> {
    Some(match command {
        Command::Keymap { command } => match command {
            KeymapCommand::Check { file } => commands::keymap_check(file),
            KeymapCommand::Show { keymap } => commands::keymap_show(r, keymap.as_deref()),
        },
        Command::Config { command } => match command {
            ConfigCommand::Show => commands::config_show(),
            ConfigCommand::Check { file } => commands::config_check(file.as_ref()),
        },
        Command::Completions { shell } => commands::completions(*shell),
        Command::Man => commands::man(),
        Command::Recent { json } => commands::recent(*json),
        _ => return None,
    })
}

/// The width asked for, or the terminal's when standard output is one
/// (as bat fits its output), or 100.
fn output_width(r: &Resolved, asked: Option<usize>) -> usize {
    use diptych_core::report::print::{MAX_WIDTH, MIN_WIDTH};
    asked.unwrap_or_else(|| {
        r.tty
            .then(crate::tui::terminal_width)
            .flatten()
            .map_or(100, |w| w.clamp(MIN_WIDTH, MAX_WIDTH))
    })
}

/// The commands that read a pair: print, list or export what is in it.
fn about_the_pair(r: &Resolved, command: &Command) -> Result<ExitCode> {
    match command {
        Command::Print {
            pair,
            width,
            side,
            plain,
            style,
        } => commands::print_pair(
            r,
            pair,
            output_width(r, *width),
            *side,
            *plain,
            style.as_deref(),
        ),
        Command::Paragraphs { pair, json, text } => commands::paragraphs(r, pair, *json, *text),
        Command::Outline { pair, json, width } => {
            commands::outline(r, pair, *json, output_width(r, *width))
        }
        Command::People {
            pair,
            people,
            json,
            draft,
        } => {
            let format = match (json, draft) {
                (true, _) => PeopleFormat::Json,
                (_, true) => PeopleFormat::Draft,
                _ => PeopleFormat::Table,
            };
            commands::people(r, pair, people.as_deref(), format)
        }
        Command::Related {
            pair,
            index,
            json,
            per_paragraph,
            all,
            differences,
        } => {
            let what = if *differences {
                commands::Related::Differences
            } else {
                commands::Related::Links((!*all).then_some(*per_paragraph))
            };
            commands::related(r, pair, index, *json, what)
        }
        Command::Topics { pair, topics, json } => {
            commands::topics(r, pair, topics.as_deref(), *json)
        }
        Command::Map {
            pair,
            index,
            width,
            json,
        } => commands::map(r, pair, index, output_width(r, *width), *json),
        Command::Align {
            pair,
            index,
            by,
            format,
            json,
            pairs_only,
            gaps,
        } => {
            let format = if *json { AlignFormat::Json } else { *format };
            // Text and JSON keep every bead, the one-sided ones marked:
            // the flag would be silently left unheeded.
            if *pairs_only && matches!(format, AlignFormat::Text | AlignFormat::Json) {
                return Err(Error::Usage(
                    "--pairs-only is for TSV (TMX leaves one-sided beads out already): give --format tsv, or leave --pairs-only out".into(),
                ));
            }
            commands::align(r, pair, index, (*by, format, *pairs_only, *gaps))
        }
        Command::Lexicon { pair, index, json } => commands::lexicon(r, pair, index, *json),
        Command::Search {
            query,
            pair,
            people,
            json,
            limit,
            no_fuzzy,
        } => search::search(
            r,
            query,
            pair,
            people.as_deref(),
            *json,
            (*limit, !*no_fuzzy),
        ),
        Command::Keymap { .. }
        | Command::Config { .. }
        | Command::Completions { .. }
        | Command::Man
        | Command::Recent { .. } => unreachable_about_diptych(),
    }
}

/// A command about diptych itself reached the pair's commands: it cannot
/// ([`about_diptych`] takes them first); a usage error, not a panic.
fn unreachable_about_diptych() -> Result<ExitCode> {
    Err(Error::Usage("this command reads no pair".into()))
}

/// The user's `languages.toml` (in the config directory), merged over the
/// compiled-in language data before anything reads it; a malformed one is
/// an error with its line, column and key.
fn languages() -> Result<()> {
    let Some(path) =
        diptych_core::user_files::config_file("languages.toml").filter(|p| p.is_file())
    else {
        return Ok(());
    };
    let source = diptych_core::user_files::read_config(&path)
        .map_err(|e| e.reading("the language data "))?;
    diptych_core::lang::tables::use_user_file(&source, &path.display().to_string())
}
