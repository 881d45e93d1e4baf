//! The command line as clap parses it: the options (each under the
//! commands it affects; global ones say so) and the subcommands, before
//! anything is read or checked. [`super::resolve`] turns them into what a
//! command works with.

use crate::settings::ColorChoice;
use clap::{Args, Parser, Subcommand, ValueEnum};
use diptych_core::links::AlignChoice;
use diptych_core::text::Choice;
use diptych_reader::app::Arrangement;
use std::path::PathBuf;

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
    // The help text is clap's, where "[global]" is plain text, not a link.
    #[allow(rustdoc::broken_intra_doc_links)]
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Width of the side-by-side text when standard output is not a terminal.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = width)]
    pub width: usize,
    /// What to do; without one, read in the terminal (or print when piped).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The two texts and how to read them.
#[derive(Debug, Clone, Default, Args)]
pub struct PairArgs {
    /// The left text: plain text (any encoding), Markdown or EPUB (give --right too); default: the bundled 1814 account.
    #[arg(long, value_name = "FILE")]
    pub left: Option<PathBuf>,
    /// The right text: plain text (any encoding), Markdown or EPUB (give --left too); default: the bundled 1815 account.
    #[arg(long, value_name = "FILE")]
    pub right: Option<PathBuf>,
    /// How a text file's lines make paragraphs: auto (decided per file), lines, blank.
    #[arg(long, value_name = "auto|lines|blank")]
    pub paragraphs: Option<Choice>,
    /// How the left text's lines make paragraphs (over --paragraphs): verse against prose.
    #[arg(long, value_name = "auto|lines|blank")]
    pub paragraphs_left: Option<Choice>,
    /// How the right text's lines make paragraphs (over --paragraphs).
    #[arg(long, value_name = "auto|lines|blank")]
    pub paragraphs_right: Option<Choice>,
    /// The left text's language (ISO 639-1: uk, ru, sk, cs, pl, en, de, fr); default: detected.
    #[arg(long, value_name = "CODE")]
    pub lang_left: Option<String>,
    /// The right text's language; default: detected.
    #[arg(long, value_name = "CODE")]
    pub lang_right: Option<String>,
    /// The encoding of text files without a byte order mark (utf-8,
    /// latin1, windows-1252, windows-1251, koi8-r, iso-8859-2…); default:
    /// UTF-8, or guessed from a file that is not.
    #[arg(long, value_name = "NAME")]
    pub encoding: Option<String>,
    /// The left text file's encoding (over --encoding): a Latin-1 file
    /// beside a UTF-8 one.
    #[arg(long, value_name = "NAME")]
    pub encoding_left: Option<String>,
    /// The right text file's encoding (over --encoding).
    #[arg(long, value_name = "NAME")]
    pub encoding_right: Option<String>,
    /// The left account's label in references, lists and the go-to prompt
    /// (one word); default: the book's title or the file's name. The reader
    /// remembers it with the pair.
    #[arg(long, value_name = "NAME")]
    pub label_left: Option<String>,
    /// The right account's label; default: the book's title or the file's name.
    #[arg(long, value_name = "NAME")]
    pub label_right: Option<String>,
}

/// People, topics and alignment.
#[derive(Debug, Clone, Default, Args)]
pub struct IndexArgs {
    /// The people index: a people.toml file, or `none` for names found in the texts only.
    #[arg(long, value_name = "FILE|none")]
    pub people: Option<PathBuf>,
    /// The topic list: a topics.toml file, or `none` to link by names alone.
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
    #[arg(long = "layout", value_name = "side|stacked|auto")]
    pub arrangement: Option<Arrangement>,
    /// The theme: dark, light, auto, or a theme file.
    #[arg(long, value_name = "NAME|FILE")]
    pub theme: Option<String>,
    /// The widest a column of text grows, in cells (0: as wide as the pane).
    #[arg(long, value_name = "N")]
    pub max_width: Option<u16>,
    /// Leave the mouse to the terminal (its own selection works; M switches).
    #[arg(long)]
    pub no_mouse: bool,
    /// Neither read nor write the remembered reading places (before or
    /// after a subcommand).
    #[arg(long, global = true)]
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
        /// Width of the output; default: the terminal's, or 100 when not a
        /// terminal.
        #[arg(long, value_name = "N", value_parser = width)]
        width: Option<usize>,
        /// One account alone, as wide as the output.
        #[arg(long, value_enum, value_name = "SIDE")]
        side: Option<SideArg>,
        /// The text alone: no headings, paragraph numbers or lines (as
        /// `--style plain`).
        #[arg(long, conflicts_with = "style")]
        plain: bool,
        /// What to draw besides the text, as bat's --style: full, plain, or
        /// a comma list of header, numbers, grid.
        #[arg(long, value_name = "STYLE")]
        style: Option<String>,
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
        /// Leave out fuzzy matches (letters in order within a word): only
        /// what matches as written, a name, by sound or with one typo (Alt-f
        /// in the reader's prompt).
        #[arg(long)]
        no_fuzzy: bool,
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
        /// How many links of each paragraph, its best (three keep the
        /// links of a pair of books within a few megabytes).
        #[arg(long, value_name = "K", default_value_t = 3, value_parser = at_least_one, conflicts_with = "all")]
        per_paragraph: usize,
        /// Every link of every paragraph.
        #[arg(long)]
        all: bool,
        /// Where linked paragraphs disagree: the counts and dates that
        /// differ between two tellings of one event, instead of the links.
        #[arg(long, conflicts_with = "all")]
        differences: bool,
    },
    /// Each topic with the paragraphs of each account it occurs in.
    Topics {
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// The topic list: a topics.toml file, or `none`.
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
        /// With --json, each paragraph's text too.
        #[arg(long, requires = "json")]
        text: bool,
    },
    /// Each account's headings (its table of contents, for an EPUB).
    Outline {
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// Print JSON instead of two columns.
        #[arg(long)]
        json: bool,
        /// Width of the two columns; default: the terminal's, or 100 when
        /// not a terminal.
        #[arg(long, value_name = "N", value_parser = width)]
        width: Option<usize>,
    },
    /// The overview map as text: topics, people and places against the paragraphs.
    Map {
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// People, topics, alignment.
        #[command(flatten)]
        index: IndexArgs,
        /// Width of the map; default: the terminal's, or 100 when not a
        /// terminal.
        #[arg(long, value_name = "N", value_parser = width)]
        width: Option<usize>,
        /// Print JSON (every row with the paragraphs it occurs in) instead
        /// of the drawn map.
        #[arg(long)]
        json: bool,
    },
    /// Export a translation's alignment: paragraph or sentence beads as
    /// text, TSV (Anki, spreadsheets), TMX (OmegaT, Trados, memoQ) or JSON.
    Align {
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// People, topics, alignment.
        #[command(flatten)]
        index: IndexArgs,
        /// Beads of paragraphs or of sentences.
        #[arg(long, value_enum, default_value_t = AlignBy::Paragraph)]
        by: AlignBy,
        /// The format.
        #[arg(long, value_enum, default_value_t = AlignFormat::Text)]
        format: AlignFormat,
        /// The same as --format json.
        #[arg(long)]
        json: bool,
        /// Only beads with both sides (TSV for Anki; TMX always leaves the others out).
        #[arg(long)]
        pairs_only: bool,
        /// Only what has no counterpart: each run of paragraphs (or sentences) with the beads around it, as text or JSON.
        #[arg(long, conflicts_with = "pairs_only")]
        gaps: bool,
    },
    /// The word pairs learned from a translation, strongest first.
    Lexicon {
        /// The pair.
        #[command(flatten)]
        pair: PairArgs,
        /// People, topics, alignment.
        #[command(flatten)]
        index: IndexArgs,
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
    Recent {
        /// Print JSON instead of lines.
        #[arg(long)]
        json: bool,
    },
}

/// An account of the pair, for `print --side`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// The left account.
    Left,
    /// The right account.
    Right,
}

/// What `align` makes beads of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AlignBy {
    /// Paragraphs.
    Paragraph,
    /// Sentences.
    Sentence,
}

/// How `align` writes the beads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AlignFormat {
    /// References and first words, for a person.
    Text,
    /// Left text TAB right text, a bead a line.
    Tsv,
    /// TMX 1.4b.
    Tmx,
    /// JSON: {"mode", "by", "beads": [{"left", "right", "score"}]}.
    Json,
}

/// `diptych keymap ...`.
#[derive(Debug, Subcommand)]
pub enum KeymapCommand {
    /// Check a keymap file: exit 0 when it is valid, 2 listing its errors (twenty, then a count) when not.
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
    pub(super) fn or(&self, outer: &PairArgs) -> PairArgs {
        PairArgs {
            left: self.left.clone().or_else(|| outer.left.clone()),
            right: self.right.clone().or_else(|| outer.right.clone()),
            paragraphs: self.paragraphs.or(outer.paragraphs),
            paragraphs_left: self.paragraphs_left.or(outer.paragraphs_left),
            paragraphs_right: self.paragraphs_right.or(outer.paragraphs_right),
            lang_left: self.lang_left.clone().or_else(|| outer.lang_left.clone()),
            lang_right: self.lang_right.clone().or_else(|| outer.lang_right.clone()),
            encoding: self.encoding.clone().or_else(|| outer.encoding.clone()),
            encoding_left: self
                .encoding_left
                .clone()
                .or_else(|| outer.encoding_left.clone()),
            encoding_right: self
                .encoding_right
                .clone()
                .or_else(|| outer.encoding_right.clone()),
            label_left: self.label_left.clone().or_else(|| outer.label_left.clone()),
            label_right: self
                .label_right
                .clone()
                .or_else(|| outer.label_right.clone()),
        }
    }
}

impl IndexArgs {
    /// These args, or where one is not given, `outer`'s.
    pub(super) fn or(&self, outer: &IndexArgs) -> IndexArgs {
        IndexArgs {
            people: self.people.clone().or_else(|| outer.people.clone()),
            topics: self.topics.clone().or_else(|| outer.topics.clone()),
            align: self.align.or(outer.align),
        }
    }
}

/// A parse error of clap's as one line: what is wrong and the `--help` to
/// read (the subcommand's when the error is in one). The message may quote
/// an argument (a file name with escapes in it), so it is made safe.
pub fn usage_line(e: &clap::Error) -> String {
    let message = e.to_string();
    let mut lines = message.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut first = lines
        .next()
        .unwrap_or("invalid arguments")
        .trim_start_matches("error: ")
        .to_string();
    let given = subcommand_given();
    // A command that needs a subcommand, given none: clap prints its
    // help, whose first line says what the command is, not what it lacks.
    if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
        && let Some(sub) = &given
    {
        let names: Vec<&str> = sub
            .get_subcommands()
            .map(clap::Command::get_name)
            .filter(|n| *n != "help")
            .collect();
        if !names.is_empty() {
            first = format!(
                "{} needs a subcommand: {}",
                sub.get_name(),
                names.join(" or ")
            );
        }
    }
    // "the following required arguments were not provided:" is
    // followed by what they are.
    if first.ends_with(':')
        && let Some(next) = lines.next()
    {
        first = format!("{first} {next}");
    }
    // A value not among the possible ones: say which are.
    if let Some(values) = message
        .lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix("[possible values: "))
    {
        first = format!("{first} (one of {})", values.trim_end_matches(']'));
    }
    // A negative number where a count goes is taken for a flag by clap.
    if let Some(n) = first
        .strip_prefix("unexpected argument '")
        .and_then(|r| r.strip_suffix("' found"))
        .filter(|n| n.starts_with('-') && n[1..].parse::<f64>().is_ok())
    {
        first = format!("{n}: a negative number is not taken here");
    }
    // The help to point at: the subcommand's when the error is in one
    // (clap's usage line names it).
    let command = message
        .lines()
        .find_map(|l| l.trim().strip_prefix("Usage: "))
        .map(|u| {
            // Named diptych, whatever the binary's file is called.
            std::iter::once("diptych")
                .chain(
                    u.split_whitespace()
                        .skip(1)
                        .take_while(|w| !w.starts_with(['[', '<', '-'])),
                )
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|c| c.contains(' '))
        // No usage line: the subcommand given, if any.
        .or_else(|| given.map(|sub| format!("diptych {}", sub.get_name())))
        .unwrap_or_else(|| "diptych".into());
    format!(
        "diptych: {}; see {} --help",
        diptych_core::text::sanitize::sanitize(&first),
        diptych_core::text::sanitize::sanitize(&command)
    )
}

/// The first argument of the command line that names a subcommand
/// (args_os: an argument that is not UTF-8, a file's name, must not panic
/// here).
fn subcommand_given() -> Option<clap::Command> {
    use clap::CommandFactory;
    let cmd = Cli::command();
    std::env::args_os()
        .skip(1)
        .filter_map(|a| a.to_str().map(str::to_string))
        .find_map(|a| cmd.find_subcommand(&a).cloned())
}

/// A `--width`, for every command that takes one: a number of cells from
/// [`diptych_core::report::print::MIN_WIDTH`] to [`diptych_core::report::print::MAX_WIDTH`].
fn width(s: &str) -> Result<usize, String> {
    use diptych_core::report::print::{MAX_WIDTH, MIN_WIDTH};
    let n: usize = s
        .trim()
        .parse()
        .map_err(|_| format!("a number of cells between {MIN_WIDTH} and {MAX_WIDTH}"))?;
    if (MIN_WIDTH..=MAX_WIDTH).contains(&n) {
        Ok(n)
    } else {
        Err(format!("must be between {MIN_WIDTH} and {MAX_WIDTH}"))
    }
}

/// A count of one or more (`--per-paragraph`: none would print nothing).
fn at_least_one(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        Ok(_) => Err("at least 1 (--all gives every link)".into()),
        Err(_) => Err("a number of links, 1 or more".into()),
    }
}
