//! The command line: options (each under the commands it affects; global
//! ones say so), subcommands, and the non-interactive commands. Everything
//! is checked before the terminal is touched. Exit status: 0 done, 1 for a
//! search that found nothing (as grep, ripgrep and fzf do), 2 for an error.

use crate::app::{App, Arrangement, Options};
use crate::error::{Error, Result};
use crate::keymap::Keymap;
use crate::links::{AlignChoice, Lexicon, Links};
use crate::pair::{Open, Pair};
use crate::people::{People, PeopleIndex};
use crate::settings::{ColorChoice, Settings, use_color};
use crate::text::Choice;
use crate::worker::{Engine, Sources};
use clap::{Args, CommandFactory, Parser, Subcommand};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Read two narratives side by side.
#[derive(Debug, Parser)]
#[command(name = "diptych", version, about, long_about = None)]
pub struct Cli {
    /// The pair to read.
    #[command(flatten)]
    pub pair: PairArgs,
    /// People, topics and alignment.
    #[command(flatten)]
    pub index: IndexArgs,
    /// How the reader looks and behaves.
    #[command(flatten)]
    pub reader: ReaderArgs,
    /// Open the pair read most recently (see `diptych recent`).
    #[arg(short = 'r', long)]
    pub resume: bool,
    /// Colour: auto (on a terminal, honouring NO_COLOR and CLICOLOR_FORCE), always, never. [global]
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Width of the side-by-side text when standard output is not a terminal.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub width: usize,
    /// What to do; without one, read in the terminal (or print when piped).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The two texts and how to read them.
#[derive(Debug, Clone, Default, Args)]
pub struct PairArgs {
    /// The left text, plain text or EPUB (give --right too); default: the bundled 1814 account.
    #[arg(long, value_name = "FILE")]
    pub left: Option<PathBuf>,
    /// The right text, plain text or EPUB (give --left too); default: the bundled 1815 account.
    #[arg(long, value_name = "FILE")]
    pub right: Option<PathBuf>,
    /// How a text file's lines make paragraphs: auto (decided per file), lines, blank.
    #[arg(long, value_name = "auto|lines|blank")]
    pub paragraphs: Option<Choice>,
    /// The left text's language (ISO 639-1: uk, ru, sk, cs, pl, en, de, fr); default: detected.
    #[arg(long, value_name = "CODE")]
    pub lang_left: Option<String>,
    /// The right text's language; default: detected.
    #[arg(long, value_name = "CODE")]
    pub lang_right: Option<String>,
}

/// People, topics and alignment.
#[derive(Debug, Clone, Default, Args)]
pub struct IndexArgs {
    /// The people index: a people.toml file, or `none` for names found in the texts only.
    #[arg(long, value_name = "FILE|none")]
    pub people: Option<PathBuf>,
    /// The topic lexicon: a topics.toml file, or `none` to link by names alone.
    #[arg(long, value_name = "FILE|none")]
    pub topics: Option<PathBuf>,
    /// Align as a translation, link as two narratives, or decide (auto).
    #[arg(long, value_name = "translation|narrative|auto")]
    pub align: Option<AlignChoice>,
}

/// How the reader looks and behaves (config.toml sets the defaults).
#[derive(Debug, Clone, Default, Args)]
pub struct ReaderArgs {
    /// A keymap to merge over the default one.
    #[arg(long, value_name = "FILE")]
    pub keymap: Option<PathBuf>,
    /// Panes side by side, stacked, or decided by width (auto).
    #[arg(long, value_name = "side|stacked|auto")]
    pub layout: Option<Arrangement>,
    /// The theme: dark, light, auto, or a theme file.
    #[arg(long, value_name = "NAME|FILE")]
    pub theme: Option<String>,
    /// The widest a column of text grows, in cells (0: as wide as the pane).
    #[arg(long, value_name = "N")]
    pub max_width: Option<u16>,
    /// Leave the mouse to the terminal (its own selection works; M switches).
    #[arg(long)]
    pub no_mouse: bool,
    /// Neither read nor write the remembered reading places.
    #[arg(long)]
    pub no_state: bool,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the pair side by side as plain text.
    Print {
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// Width of the output.
        #[arg(long, value_name = "N", default_value_t = 100)]
        width: usize,
    },
    /// Search both accounts; one line per matching sentence, best first.
    /// Exit status 0 when something is found, 1 when nothing is.
    Search {
        /// The query, in fzf's syntax: terms must all match; 'exact, ^start, end$, !not, a | b.
        query: String,
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// The people index (a person named in any script counts as a term).
        #[arg(long, value_name = "FILE|none")]
        people: Option<PathBuf>,
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
        /// At most this many results (the first of the full order).
        #[arg(long, value_name = "N", default_value_t = 50)]
        limit: usize,
    },
    /// List the people and places both accounts mention, with every mention.
    People {
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// The people index: a people.toml file, or `none`.
        #[arg(long, value_name = "FILE|none")]
        people: Option<PathBuf>,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Print a people.toml of everyone found, to curate and load with --people.
        #[arg(long, conflicts_with = "json")]
        draft: bool,
    },
    /// The links between related paragraphs: each paragraph's best, best first.
    Related {
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// People, topics, alignment.
        #[command(flatten)]
        index: IndexArgs,
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
        /// How many links of each paragraph.
        #[arg(long, value_name = "K", default_value_t = 5)]
        per_paragraph: usize,
        /// Every link of every paragraph.
        #[arg(long)]
        all: bool,
    },
    /// Each topic with the paragraphs of each account it occurs in.
    Topics {
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// The topic lexicon: a topics.toml file, or `none`.
        #[arg(long, value_name = "FILE|none")]
        topics: Option<PathBuf>,
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// How each text's paragraphs were found, and every paragraph's byte span.
    Paragraphs {
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// Each account's headings (its table of contents, for an EPUB).
    Outline {
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// Print JSON instead of two columns.
        #[arg(long)]
        json: bool,
        /// Width of the two columns.
        #[arg(long, value_name = "N", default_value_t = 100)]
        width: usize,
    },
    /// The overview map as text: topics, people and places against the paragraphs.
    Map {
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// People, topics, alignment.
        #[command(flatten)]
        index: IndexArgs,
        /// Width of the map.
        #[arg(long, value_name = "N", default_value_t = 100)]
        width: usize,
    },
    /// Check or show key bindings.
    Keymap {
        /// check or show.
        #[command(subcommand)]
        command: KeymapCommand,
    },
    /// Print a shell completion script: bash, zsh, fish, elvish or powershell.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): `diptych man | man -l -`.
    Man,
    /// Show or check the settings file.
    Config {
        /// show or check.
        #[command(subcommand)]
        command: ConfigCommand,
    },
    /// The pairs read recently, newest first, with where each was left.
    Recent,
}

/// `diptych keymap ...`.
#[derive(Debug, Subcommand)]
pub enum KeymapCommand {
    /// Check a keymap file: exit 0 when it is valid, 2 listing every error when not.
    Check {
        /// The keymap file.
        file: PathBuf,
    },
    /// Print the bindings in effect, with their descriptions.
    Show {
        /// A keymap to merge over the default one.
        #[arg(long, value_name = "FILE")]
        keymap: Option<PathBuf>,
    },
}

/// `diptych config ...`.
#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Print the default config.toml, every setting documented.
    Show,
    /// Check a config.toml: exit 0 when it is valid, 2 with the error when not.
    Check {
        /// The file (default: the one in the config directory).
        file: Option<PathBuf>,
    },
}

impl PairArgs {
    /// These args, or where one is not given, `outer`'s (the options may
    /// come before or after the subcommand).
    fn or(&self, outer: &PairArgs) -> PairArgs {
        PairArgs {
            left: self.left.clone().or_else(|| outer.left.clone()),
            right: self.right.clone().or_else(|| outer.right.clone()),
            paragraphs: self.paragraphs.or(outer.paragraphs),
            lang_left: self.lang_left.clone().or_else(|| outer.lang_left.clone()),
            lang_right: self.lang_right.clone().or_else(|| outer.lang_right.clone()),
        }
    }

    /// Opens the pair, config.toml filling what the flags leave.
    fn open(&self, settings: &Settings) -> Result<Pair> {
        self.open_then(settings, |_| ()).map(|(pair, _)| pair)
    }

    /// As [`PairArgs::open`], running `then` on each account as it is split.
    fn open_then<T: Send>(
        &self,
        settings: &Settings,
        then: impl Fn(&crate::text::Account) -> T + Sync,
    ) -> Result<(Pair, [T; 2])> {
        let lang = |v: &Option<String>, i: usize| -> Result<Option<String>> {
            match v {
                Some(l) if crate::lang::KNOWN.contains(&l.as_str()) => Ok(Some(l.clone())),
                Some(l) => Err(Error::Usage(format!(
                    "unknown language '{}'; choose one of {}",
                    crate::text::sanitize::sanitize(l),
                    crate::lang::KNOWN.join(", ")
                ))),
                None => Ok(settings.languages[i].clone()),
            }
        };
        let open = Open {
            paragraphs: self.paragraphs.or(settings.paragraphs).unwrap_or_default(),
            languages: [lang(&self.lang_left, 0)?, lang(&self.lang_right, 1)?],
        };
        Pair::open_then(self.left.as_deref(), self.right.as_deref(), &open, then)
    }
}

impl IndexArgs {
    fn or(&self, outer: &IndexArgs) -> IndexArgs {
        IndexArgs {
            people: self.people.clone().or_else(|| outer.people.clone()),
            topics: self.topics.clone().or_else(|| outer.topics.clone()),
            align: self.align.or(outer.align),
        }
    }
}

/// A write that failed because the reader went away (`| head`) is not an error.
fn ok<E: Into<Error>>(r: std::result::Result<(), E>) -> Result<()> {
    match r.map_err(Into::into) {
        Err(Error::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Writes `text` to standard output (a closed pipe is not an error).
fn print(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    ok(out.write_all(text.as_bytes()))?;
    ok(out.flush())
}

/// Runs the command line; errors are printed by the caller.
pub fn run(cli: Cli) -> Result<ExitCode> {
    let tty = std::io::stdout().is_terminal();
    let color = use_color(cli.color, tty, |k| std::env::var(k).ok());
    let settings = || Settings::load();
    match &cli.command {
        Some(Command::Keymap {
            command: KeymapCommand::Check { file },
        }) => {
            let errors = Keymap::check_file(file)?;
            if errors.is_empty() {
                print(&format!(
                    "{}: ok\n",
                    crate::text::sanitize::sanitize(&file.display().to_string())
                ))?;
                return Ok(ExitCode::SUCCESS);
            }
            for e in &errors {
                eprintln!(
                    "diptych: {}",
                    crate::text::sanitize::sanitize(&e.to_string())
                );
            }
            Ok(ExitCode::from(2))
        }
        Some(Command::Keymap {
            command: KeymapCommand::Show { keymap },
        }) => {
            let keymap = Keymap::load(keymap.as_deref().or(cli.reader.keymap.as_deref()))?;
            print(&keymap.show())?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Completions { shell }) => {
            let mut buf = Vec::new();
            clap_complete::generate(*shell, &mut Cli::command(), "diptych", &mut buf);
            print(&String::from_utf8_lossy(&buf))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Man) => {
            let mut buf = Vec::new();
            clap_mangen::Man::new(Cli::command()).render(&mut buf)?;
            print(&String::from_utf8_lossy(&buf))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Config {
            command: ConfigCommand::Show,
        }) => {
            print(crate::settings::DEFAULT_CONFIG)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Config {
            command: ConfigCommand::Check { file },
        }) => {
            let path = file
                .clone()
                .or_else(|| crate::config::config_file("config.toml"))
                .ok_or_else(|| Error::Usage("no config directory: give the file".into()))?;
            Settings::from_file(&path)?;
            print(&format!(
                "{}: ok\n",
                crate::text::sanitize::sanitize(&path.display().to_string())
            ))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Recent) => {
            let path = crate::places::default_path()
                .ok_or_else(|| Error::Usage("no state directory: nothing is remembered".into()))?;
            let pairs = crate::places::recent(&path).map_err(Error::Usage)?;
            print(&recent_lines(&pairs))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Print { pair, width }) => {
            let pair = pair.or(&cli.pair).open(&settings()?)?;
            let mut out = std::io::stdout().lock();
            ok(crate::print::side_by_side(&pair, *width, color, &mut out))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Paragraphs { pair, json }) => {
            let pair = pair.or(&cli.pair).open(&settings()?)?;
            print(&if *json {
                crate::report::text::paragraphs_json(&pair) + "\n"
            } else {
                crate::report::text::paragraphs_lines(&pair)
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Outline { pair, json, width }) => {
            let pair = pair.or(&cli.pair).open(&settings()?)?;
            print(&if *json {
                crate::report::text::outline_json(&pair) + "\n"
            } else {
                crate::report::text::outline_lines(&pair, *width)
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::People {
            pair,
            people,
            json,
            draft,
        }) => {
            let pair = pair.or(&cli.pair).open(&settings()?)?;
            let index = PeopleIndex::load(people.as_deref().or(cli.index.people.as_deref()))?;
            let people = People::find(&pair, &index);
            print(&if *json {
                crate::report::people::json(&pair, &people) + "\n"
            } else if *draft {
                crate::people::draft::draft(&pair, &people)
            } else {
                crate::report::people::table(&pair, &people)
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Related {
            pair,
            index,
            json,
            per_paragraph,
            all,
        }) => {
            let pair = pair.or(&cli.pair).open(&settings()?)?;
            let (people, links) = links_of(&pair, &index.or(&cli.index))?;
            let per = (!*all).then_some(*per_paragraph);
            // The JSON's shape is a contract: a limit goes to stderr.
            if *json && let Some(note) = &links.note {
                eprintln!("diptych: note: {note}");
            }
            print(&if *json {
                crate::report::links::json(&people, &links, per) + "\n"
            } else {
                crate::report::links::lines(&pair, &people, &links, per)
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Topics { pair, topics, json }) => {
            let pair = pair.or(&cli.pair).open(&settings()?)?;
            let lexicon = Lexicon::load(topics.as_deref().or(cli.index.topics.as_deref()))?;
            let found = crate::text::Side::BOTH.map(|s| lexicon.find(pair.account(s)));
            let links = Links {
                topics: found.map(|f| {
                    f.counts
                        .into_iter()
                        .map(|c| c.into_iter().map(|(t, _)| t).collect())
                        .collect()
                }),
                lexicon,
                ..Links::default()
            };
            print(&if *json {
                crate::report::links::topics_json(&links) + "\n"
            } else {
                crate::report::links::topics_lines(&pair, &links)
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Map { pair, index, width }) => {
            let pair = pair.or(&cli.pair).open(&settings()?)?;
            let (people, links) = links_of(&pair, &index.or(&cli.index))?;
            let data = crate::map::MapData::build(&pair, &people, &links);
            print(&crate::map::plain(&pair, &data, *width))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Search {
            query,
            pair,
            people,
            json,
            limit,
        }) => {
            let index = PeopleIndex::load(people.as_deref().or(cli.index.people.as_deref()))?;
            // The listed entries the query names, and only those: finding
            // every name in the texts takes longer than the whole search
            // may (see README, Speed).
            let listed = People {
                persons: crate::people::listed(&index),
            };
            let named = crate::search::named(query, &listed);
            let finder = (!named.is_empty())
                .then(|| crate::people::finder::Finder::for_entries(&index, &named));
            // Each account folded, and its listed names found, on its own
            // thread as soon as it is read.
            let (pair, sides) = pair.or(&cli.pair).open_then(&settings()?, |account| {
                let keys = crate::search::side::SideIndex::new(account);
                let found = finder
                    .as_ref()
                    .map(|f| People::listed_in(account, f, &keys));
                // The sentences mentioning someone the query names.
                let mentioned: Vec<usize> = found
                    .iter()
                    .flatten()
                    .filter(|f| named.contains(&f.entry))
                    .filter_map(|f| keys.sentence_at(account, f.span.start))
                    .collect();
                // Built here, beside the other account's work, when the
                // query may not fill the list without it.
                if crate::search::may_need_vocab(&keys, query, *limit, &mentioned) {
                    keys.vocab();
                }
                (keys, found)
            })?;
            let [(left_keys, left_found), (right_keys, right_found)] = sides;
            let mut keys = crate::search::SearchIndex::from_sides([left_keys, right_keys]);
            if let (Some(l), Some(r)) = (left_found, right_found) {
                keys.set_people(Arc::new(People::from_listed(&pair, &index, [l, r])));
            }
            let hits = keys.search(&pair, query, *limit);
            if *json {
                print(&(crate::report::search::json(&pair, query, &hits) + "\n"))?;
            } else {
                let (open, close) = if color {
                    ("\x1b[1;33m", "\x1b[0m")
                } else {
                    ("[", "]")
                };
                let mut text = String::new();
                for h in &hits {
                    text.push_str(&crate::report::search::line(&pair, h, open, close));
                    text.push('\n');
                }
                print(&text)?;
            }
            Ok(if hits.is_empty() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        None => read(&cli, tty, color),
    }
}

/// The people and links of `pair` (for `related` and `map`).
fn links_of(pair: &Pair, index: &IndexArgs) -> Result<(People, Links)> {
    let people_index = PeopleIndex::load(index.people.as_deref())?;
    let lexicon = Lexicon::load(index.topics.as_deref())?;
    let people = People::find(pair, &people_index);
    let links = Links::build(
        pair,
        &people,
        lexicon,
        index.align.unwrap_or_default(),
        &AtomicBool::new(false),
    );
    Ok((people, links))
}

/// `diptych recent`: label pair, where it was left, when, and the paths.
fn recent_lines(pairs: &[(String, crate::places::SavedPlace)]) -> String {
    let now = crate::places::now();
    let mut out = String::new();
    for (_, p) in pairs {
        let labels = if p.labels.len() == 2 {
            format!("{} · {}", p.labels[0], p.labels[1])
        } else {
            "(unnamed pair)".to_string()
        };
        let ago = now.saturating_sub(p.left_at);
        let when = match ago {
            0..60 => "just now".to_string(),
            60..3600 => format!("{} min ago", ago / 60),
            3600..86400 => format!("{} h ago", ago / 3600),
            _ => format!("{} days ago", ago / 86400),
        };
        let paths = if p.paths.is_empty() {
            "(bundled)".to_string()
        } else {
            p.paths.join("  ")
        };
        // Tab-separated fields, each made safe (a tab inside one would
        // become spaces).
        let clean = |s: &str| crate::text::sanitize::sanitize(s).into_owned();
        out.push_str(&format!(
            "{}\t¶{} · ¶{}\t{when}\t{}",
            clean(&labels),
            p.cursors[0] + 1,
            p.cursors[1] + 1,
            clean(&paths)
        ));
        out.push('\n');
    }
    if out.is_empty() {
        out.push_str("no pair read yet\n");
    }
    out
}

/// No subcommand: read in the terminal, or print when piped.
fn read(cli: &Cli, tty: bool, color: bool) -> Result<ExitCode> {
    let settings = Settings::load()?;
    let mut pair_args = cli.pair.clone();
    if cli.resume && pair_args.left.is_none() {
        let path = crate::places::default_path()
            .ok_or_else(|| Error::Usage("no state directory: nothing to resume".into()))?;
        let recent = crate::places::recent(&path).map_err(Error::Usage)?;
        let Some((_, last)) = recent.first() else {
            return Err(Error::Usage("no pair read yet: nothing to resume".into()));
        };
        if let [l, r] = last.paths.as_slice() {
            pair_args.left = Some(PathBuf::from(l));
            pair_args.right = Some(PathBuf::from(r));
        }
    }
    let pair = pair_args.open(&settings)?;
    let keymap = Keymap::load(cli.reader.keymap.as_deref())?;
    let people = PeopleIndex::load(cli.index.people.as_deref())?;
    let lexicon = Lexicon::load(cli.index.topics.as_deref())?;
    if !tty {
        let mut out = std::io::stdout().lock();
        ok(crate::print::side_by_side(
            &pair, cli.width, color, &mut out,
        ))?;
        return Ok(ExitCode::SUCCESS);
    }
    let theme = crate::settings::theme(
        cli.reader.theme.as_deref().or(settings.theme.as_deref()),
        color,
    )?;
    let options = Options {
        arrangement: cli.reader.layout.or(settings.layout).unwrap_or_default(),
        mouse: !cli.reader.no_mouse && settings.mouse.unwrap_or(true),
        sync: settings.sync.unwrap_or(false),
        max_width: cli.reader.max_width.or(settings.max_width).unwrap_or(0),
    };
    let paths: Vec<String> = match (&pair_args.left, &pair_args.right) {
        (Some(l), Some(r)) => [l, r]
            .into_iter()
            .map(|p| {
                std::fs::canonicalize(p)
                    .unwrap_or_else(|_| p.clone())
                    .display()
                    .to_string()
            })
            .collect(),
        _ => Vec::new(),
    };
    let store = match cli.reader.no_state {
        true => None,
        false => crate::places::default_path().map(|p| crate::places::Store::new(p, &pair)),
    };
    let (store, place, warning) = match store {
        Some(s) => s.load(),
        None => (None, Default::default(), None),
    };
    let engine = Engine::new(Sources {
        pair: Arc::new(pair),
        people,
        lexicon,
        align: cli.index.align.unwrap_or_default(),
        paths,
    });
    let mut app = App::new(engine, keymap, options);
    if place != Default::default() {
        app.update(crate::app::Action::Restore(Box::new(place)));
    }
    if let Some(w) = warning {
        let w = crate::text::sanitize::sanitize(&w).into_owned();
        eprintln!("diptych: warning: {w}");
        app.update(crate::app::Action::Notice(w));
    }
    crate::tui::run(app, store, theme)?;
    Ok(ExitCode::SUCCESS)
}
