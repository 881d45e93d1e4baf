//! The command line resolved: flags given before or after a subcommand
//! merged, config.toml filling what they leave, and the files they name
//! read and checked. Every command starts from a [`Resolved`]; the reader
//! from a [`Reading`].

use super::args::{Cli, IndexArgs, PairArgs};
use crate::settings::{Settings, use_color};
use crate::ui::Theme;
use diptych_core::entities::{Entities, PeopleIndex};
use diptych_core::error::{Error, Result};
use diptych_core::links::{Links, Topics};
use diptych_core::pair::{Open, Pair};
use diptych_core::reading_places::{SavedPlace, Store};
use diptych_reader::app::Options;
use diptych_reader::keymap::Keymap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// What every command knows before it reads anything.
pub struct Resolved<'a> {
    /// The command line as parsed.
    pub cli: &'a Cli,
    /// Standard output is a terminal.
    pub tty: bool,
    /// Colour is on (the flag, the terminal, NO_COLOR, CLICOLOR_FORCE).
    pub color: bool,
}

impl<'a> Resolved<'a> {
    /// Resolves what needs no file.
    pub fn new(cli: &'a Cli) -> Self {
        let tty = std::io::stdout().is_terminal();
        let color = use_color(cli.color, tty, |k| std::env::var(k).ok());
        Resolved { cli, tty, color }
    }

    /// A subcommand's pair flags over the top-level ones.
    pub fn pair_args(&self, sub: &PairArgs) -> PairArgs {
        sub.or(&self.cli.pair)
    }

    /// Opens the pair of a subcommand's flags, config.toml filling the rest.
    pub fn open(&self, sub: &PairArgs) -> Result<Pair> {
        open(&self.pair_args(sub), &self.settings())
    }

    /// config.toml: each mistake in it is a warning on stderr and that
    /// line is left out; a file that cannot be read at all is a warning
    /// and the defaults are used. The reader and every command read it so;
    /// `config check` lists the mistakes.
    pub fn settings(&self) -> Settings {
        settings_warned()
    }

    /// The people index a subcommand's `--people` names, or the top-level one.
    pub fn people_index(&self, sub: Option<&Path>) -> Result<PeopleIndex> {
        PeopleIndex::load(sub.or(self.cli.index.people.as_deref()))
    }

    /// The topic list a subcommand's `--topics` names, or the top-level one.
    pub fn vocabulary(&self, sub: Option<&Path>) -> Result<Topics> {
        Topics::load(sub.or(self.cli.index.topics.as_deref()))
    }

    /// How the pair is to be aligned (`--align`, or decided).
    pub fn align(&self) -> diptych_core::links::AlignChoice {
        self.cli.index.align.unwrap_or_default()
    }

    /// The corrections made in the reader to the people of `pair` (none
    /// with `--no-state`, or where the pair was never curated).
    pub fn curations(&self, pair: &Pair) -> Vec<diptych_core::entities::curate::Curation> {
        if self.cli.reader.no_state {
            return Vec::new();
        }
        diptych_core::reading_places::default_path()
            .and_then(|p| diptych_core::reading_places::Store::new(p, pair).peek())
            .map(|place| place.curations)
            .unwrap_or_default()
    }

    /// The people of `pair`, merged through its alignment as the reader
    /// merges them ([`diptych_core::passes::entities`]), without the links
    /// that `people` does not print (half its time on a book).
    pub fn people_of(&self, pair: &Pair, sub: &IndexArgs) -> Result<Entities> {
        let index = sub.or(&self.cli.index);
        let people_index = PeopleIndex::load(index.people.as_deref())?;
        let found = Arc::new(Entities::find(pair, &people_index));
        let entities = diptych_core::passes::entities(
            pair,
            &found,
            index.align.unwrap_or_default(),
            &AtomicBool::new(false),
        );
        drop(found);
        Ok(Arc::try_unwrap(entities).unwrap_or_else(|p| (*p).clone()))
    }

    /// The people and links of `pair`, after every pass ([`diptych_core::passes`]):
    /// for `related` and `map`.
    pub fn links_of(&self, pair: &Pair, sub: &IndexArgs) -> Result<(Entities, Links)> {
        let index = sub.or(&self.cli.index);
        let people_index = PeopleIndex::load(index.people.as_deref())?;
        let vocabulary = Topics::load(index.topics.as_deref())?;
        let found = Arc::new(Entities::find(pair, &people_index));
        let u = diptych_core::passes::understand(
            pair,
            &found,
            vocabulary,
            index.align.unwrap_or_default(),
            &AtomicBool::new(false),
        );
        drop(found);
        let entities = Arc::try_unwrap(u.entities).unwrap_or_else(|p| (*p).clone());
        let links = Arc::try_unwrap(u.links).unwrap_or_else(|l| (*l).clone());
        Ok((entities, links))
    }
}

/// Opens the pair `args` name, config.toml filling what they leave.
pub fn open(args: &PairArgs, settings: &Settings) -> Result<Pair> {
    open_then(args, settings, |_| ()).map(|(pair, _)| pair)
}

/// As [`open`], running `then` on each account as it is split.
pub fn open_then<T: Send>(
    args: &PairArgs,
    settings: &Settings,
    then: impl Fn(&diptych_core::text::Account) -> T + Sync,
) -> Result<(Pair, [T; 2])> {
    let lang = |v: &Option<String>, i: usize| -> Result<Option<diptych_core::Lang>> {
        match v {
            Some(l) => l
                .parse()
                .map(Some)
                .map_err(|e: diptych_core::UnknownLang| Error::Usage(e.to_string())),
            None => Ok(settings.languages[i]),
        }
    };
    let encoding = |name: Option<&String>| {
        name.map(|n| diptych_core::text::encoding::by_name(n))
            .transpose()
    };
    let open = Open {
        // A side's flag, then the flag for both, then config.toml's key for
        // the side, then its key for both: flags win over the file.
        paragraphs: [
            (args.paragraphs_left, settings.paragraphs_sides[0]),
            (args.paragraphs_right, settings.paragraphs_sides[1]),
        ]
        .map(|(flag, key)| {
            flag.or(args.paragraphs)
                .or(key)
                .or(settings.paragraphs)
                .unwrap_or_default()
        }),
        languages: [lang(&args.lang_left, 0)?, lang(&args.lang_right, 1)?],
        // A side's flag, then the flag for both.
        encoding: [
            encoding(args.encoding_left.as_ref().or(args.encoding.as_ref()))?,
            encoding(args.encoding_right.as_ref().or(args.encoding.as_ref()))?,
        ],
    };
    let (mut pair, done) =
        Pair::open_then(args.left.as_deref(), args.right.as_deref(), &open, then)?;
    set_labels(
        &mut pair,
        [args.label_left.as_deref(), args.label_right.as_deref()],
    )?;
    Ok((pair, done))
}

/// The pane title of an account given `label`: the label in place of a
/// file's name (`fontainebleau-1814.uk.txt` becomes `Kyiv`), before a
/// book's own title (`Kyiv · Pan Tadeusz`).
fn titled(title: &str, label: &str) -> String {
    const FILE_ENDS: [&str; 5] = [".txt", ".text", ".md", ".markdown", ".epub"];
    let lower = title.to_lowercase();
    if title.is_empty()
        || FILE_ENDS.iter().any(|e| lower.ends_with(e))
        || lower == label.to_lowercase()
    {
        label.to_string()
    } else {
        format!("{label} · {title}")
    }
}

/// Gives the accounts the labels asked for (`--label-left`, `--label-right`,
/// or the ones the reader remembered); two labels the same are an error.
pub fn set_labels(pair: &mut Pair, labels: [Option<&str>; 2]) -> Result<()> {
    for (account, label) in pair.accounts.iter_mut().zip(labels) {
        if let Some(l) = label {
            account.meta.label = diptych_core::text::label::given(l).map_err(|e| {
                Error::Usage(format!(
                    "{e}: give --label-left and --label-right one word each"
                ))
            })?;
            account.meta.title = titled(&account.meta.title, &account.meta.label);
        }
    }
    let [l, r] = [&pair.accounts[0].meta.label, &pair.accounts[1].meta.label];
    if labels.iter().any(Option::is_some) && l.to_lowercase() == r.to_lowercase() {
        return Err(Error::Usage(format!(
            "both accounts would be labelled {}: give --label-left and --label-right different names",
            diptych_core::text::sanitize::sanitize(l)
        )));
    }
    Ok(())
}

/// Everything the reader starts from, read and checked before the
/// terminal is touched.
pub struct Reading {
    /// The pair (the bundled one, two files, or the last one read).
    pub pair: Pair,
    /// The pair's files as given on the command line (None: bundled).
    pub args: PairArgs,
    /// The settings file.
    pub settings: Settings,
    /// The keymap, the user's merged over the default.
    pub keymap: Keymap,
    /// The people index.
    pub people: PeopleIndex,
    /// The topic list.
    pub vocabulary: Topics,
    /// The mistakes of config.toml, each a warning (their lines left out).
    pub settings_mistakes: Vec<String>,
}

/// config.toml with its mistakes, one line each (the lines left out of
/// the settings; a file that cannot be read at all is one mistake and the
/// defaults), made safe to show.
pub fn settings_and_mistakes() -> (Settings, Vec<String>) {
    let show = |e: &Error| {
        let e = diptych_core::text::sanitize::sanitize(&e.to_string()).into_owned();
        format!("{e} (ignored)")
    };
    match Settings::load() {
        Ok((settings, errors)) => (settings, errors.iter().map(show).collect()),
        Err(e) => (Settings::default(), vec![show(&e)]),
    }
}

/// config.toml with its mistakes told on stderr (see [`Resolved::settings`]).
pub fn settings_warned() -> Settings {
    let (settings, mistakes) = settings_and_mistakes();
    for m in mistakes {
        eprintln!("diptych: warning: {m}");
    }
    settings
}

impl Reading {
    /// Opens what the reader (or its piped print) needs: `--resume`
    /// resolved to the last pair read.
    pub fn open(cli: &Cli) -> Result<Self> {
        let (settings, settings_mistakes) = settings_and_mistakes();
        let mut args = cli.pair.clone();
        if cli.resume && args.left.is_none() {
            let path = diptych_core::reading_places::default_path()
                .ok_or_else(|| Error::State("no state directory: nothing to resume".into()))?;
            let recent = diptych_core::reading_places::recent(&path)?;
            let Some((_, last)) = recent.first() else {
                return Err(Error::State("no pair read yet: nothing to resume".into()));
            };
            if let [l, r] = last.paths.as_slice() {
                args.left = Some(PathBuf::from(l));
                args.right = Some(PathBuf::from(r));
            }
        }
        let pair = open(&args, &settings)?;
        Ok(Reading {
            pair,
            keymap: Keymap::load(cli.reader.keymap.as_deref())?,
            people: PeopleIndex::load(cli.index.people.as_deref())?,
            vocabulary: Topics::load(cli.index.topics.as_deref())?,
            settings_mistakes,
            args,
            settings,
        })
    }

    /// The theme the flags or config.toml name, and whether to ask the
    /// terminal for its background once the first frame is drawn (`auto`
    /// starts from the background it answered last time, `last_light`).
    pub fn theme(&self, cli: &Cli, color: bool, last_light: Option<bool>) -> Result<(Theme, bool)> {
        crate::ui::theme::theme(
            cli.reader
                .theme
                .as_deref()
                .or(self.settings.theme.as_deref()),
            color,
            last_light,
        )
    }

    /// The reader's options, flags over config.toml.
    pub fn options(&self, cli: &Cli) -> Options {
        let s = &self.settings;
        Options {
            arrangement: cli.reader.arrangement.or(s.arrangement).unwrap_or_default(),
            mouse: !cli.reader.no_mouse && s.mouse.unwrap_or(true),
            sync: s.sync.unwrap_or(false),
            max_width: cli.reader.max_width.or(s.max_width).unwrap_or(0),
        }
    }

    /// The pair's files made absolute, as the state file keys them (none
    /// for the bundled pair).
    pub fn paths(&self) -> Vec<String> {
        match (&self.args.left, &self.args.right) {
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
        }
    }

    /// The state store (None with `--no-state` or no state directory), the
    /// place this pair was left at, and a warning about the state file.
    pub fn store(&self, cli: &Cli) -> (Option<Store>, SavedPlace, Option<String>) {
        let store = match cli.reader.no_state {
            true => None,
            false => {
                diptych_core::reading_places::default_path().map(|p| Store::new(p, &self.pair))
            }
        };
        match store {
            Some(s) => s.load(),
            None => (None, Default::default(), None),
        }
    }
}
