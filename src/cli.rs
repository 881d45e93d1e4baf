//! The command line: options, subcommands, and the non-interactive commands
//! (print, keymap check/show). Everything is checked before the terminal is
//! touched.

use crate::app::App;
use crate::error::Result;
use crate::keymap::Keymap;
use crate::pair::Pair;
use clap::{Parser, Subcommand};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

/// Read two narratives side by side.
#[derive(Debug, Parser)]
#[command(name = "diptych", version, about, long_about = None)]
pub struct Cli {
    /// The left text (give --right too); default: the bundled 1814 account.
    #[arg(long, global = true, value_name = "FILE")]
    pub left: Option<PathBuf>,
    /// The right text (give --left too); default: the bundled 1815 account.
    #[arg(long, global = true, value_name = "FILE")]
    pub right: Option<PathBuf>,
    /// A keymap to merge over the default one.
    #[arg(long, global = true, value_name = "FILE")]
    pub keymap: Option<PathBuf>,
    /// The people index: a people.toml file, or `none` for unlisted names only.
    #[arg(long, global = true, value_name = "FILE|none")]
    pub people: Option<PathBuf>,
    /// The topic lexicon: a topics.toml file, or `none` to link by names alone.
    #[arg(long, global = true, value_name = "FILE|none")]
    pub topics: Option<PathBuf>,
    /// Neither read nor write the remembered reading places.
    #[arg(long, global = true)]
    pub no_state: bool,
    /// Width of the side-by-side text when printing.
    #[arg(long, global = true, value_name = "N", default_value_t = 100)]
    pub width: usize,
    /// What to do; without one, read in the terminal (or print when piped).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the pair side by side as plain text.
    Print,
    /// Search both accounts; one line per matching sentence, best first.
    Search {
        /// The query: space-separated terms must all match; 'term is exact.
        query: String,
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
        /// At most this many results.
        #[arg(long, value_name = "N", default_value_t = 50)]
        limit: usize,
    },
    /// List the people both accounts mention, with every mention.
    People {
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Every link between related paragraphs, best first for each paragraph.
    Related {
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// Each topic with the paragraphs of each account it occurs in.
    Topics {
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// Check or show key bindings.
    Keymap {
        /// check or show.
        #[command(subcommand)]
        command: KeymapCommand,
    },
}

/// `diptych keymap ...`.
#[derive(Debug, Subcommand)]
pub enum KeymapCommand {
    /// Check a keymap file: exit 0 when it is valid, 2 with the error when not.
    Check {
        /// The keymap file.
        file: PathBuf,
    },
    /// Print the bindings in effect, with their descriptions.
    Show,
}

/// Runs the command line; errors are printed by the caller.
pub fn run(cli: Cli) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    match &cli.command {
        Some(Command::Keymap {
            command: KeymapCommand::Check { file },
        }) => {
            Keymap::from_file(file)?;
            ok(writeln!(out, "{}: ok", file.display()))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Keymap {
            command: KeymapCommand::Show,
        }) => {
            let keymap = Keymap::load(cli.keymap.as_deref())?;
            ok(write!(out, "{}", keymap.show()))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Print) => {
            let pair = Pair::open(cli.left.as_deref(), cli.right.as_deref())?;
            ok(crate::print::side_by_side(&pair, cli.width, &mut out))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::People { json }) => {
            let pair = Pair::open(cli.left.as_deref(), cli.right.as_deref())?;
            let index = crate::people::PeopleIndex::load(cli.people.as_deref())?;
            let people = crate::people::People::find(&pair, &index);
            if *json {
                ok(writeln!(
                    out,
                    "{}",
                    crate::report::people_json(&pair, &people)
                ))?;
            } else {
                ok(write!(
                    out,
                    "{}",
                    crate::report::people_table(&pair, &people)
                ))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Related { json }) | Some(Command::Topics { json }) => {
            let pair = Pair::open(cli.left.as_deref(), cli.right.as_deref())?;
            let index = crate::people::PeopleIndex::load(cli.people.as_deref())?;
            let lexicon = crate::topics::Lexicon::load(cli.topics.as_deref())?;
            let people = crate::people::People::find(&pair, &index);
            let links = crate::topics::Links::build(&pair, &people, lexicon);
            let related = matches!(cli.command, Some(Command::Related { .. }));
            let text = match (related, *json) {
                (true, true) => crate::report::related_json(&people, &links),
                (true, false) => crate::report::related_lines(&pair, &people, &links),
                (false, true) => crate::report::topics_json(&links),
                (false, false) => crate::report::topics_lines(&pair, &links),
            };
            ok(writeln!(out, "{}", text.trim_end()))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Search { query, json, limit }) => {
            let pair = Pair::open(cli.left.as_deref(), cli.right.as_deref())?;
            let people = crate::people::PeopleIndex::load(cli.people.as_deref())?;
            let mut index = crate::search::SearchIndex::new(&pair);
            let people = crate::people::People::find_with(&pair, &people, Some(&index));
            index.set_people(Arc::new(people));
            let hits = index.search(&pair, query, *limit);
            if *json {
                ok(writeln!(
                    out,
                    "{}",
                    crate::report::search_json(&pair, query, &hits)
                ))?;
            } else {
                let (open, close) = if out.is_terminal() && crate::ui::Theme::from_env().color {
                    ("\x1b[1;33m", "\x1b[0m")
                } else {
                    ("[", "]")
                };
                for h in &hits {
                    ok(writeln!(
                        out,
                        "{}",
                        crate::report::search_line(&pair, h, open, close)
                    ))?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        None => {
            let pair = Pair::open(cli.left.as_deref(), cli.right.as_deref())?;
            let keymap = Keymap::load(cli.keymap.as_deref())?;
            let index = crate::people::PeopleIndex::load(cli.people.as_deref())?;
            let lexicon = crate::topics::Lexicon::load(cli.topics.as_deref())?;
            if !out.is_terminal() {
                ok(crate::print::side_by_side(&pair, cli.width, &mut out))?;
                return Ok(ExitCode::SUCCESS);
            }
            drop(out);
            let people = crate::people::People::find(&pair, &index);
            let store = match cli.no_state {
                true => None,
                false => crate::state::default_path().map(|p| crate::state::Store::new(p, &pair)),
            };
            let (store, place, warning) = match store {
                Some(s) => s.load(),
                None => (None, Default::default(), None),
            };
            let mut app = App::with_data(Arc::new(pair), keymap, Arc::new(people), lexicon);
            app.restore(&place);
            if let Some(w) = warning {
                let w = crate::text::sanitize::sanitize(&w).into_owned();
                eprintln!("diptych: warning: {w}");
                app.message = Some(w);
            }
            crate::tui::run(app, store)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A write that failed because the reader went away (`| head`) is not an error.
fn ok<E: Into<crate::error::Error>>(r: std::result::Result<(), E>) -> Result<()> {
    match r.map_err(Into::into) {
        Err(crate::error::Error::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
