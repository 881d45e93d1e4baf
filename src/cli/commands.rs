//! The non-interactive commands, one function each: what the command reads,
//! and the report it prints.

use super::args::{AlignBy, AlignFormat, IndexArgs, PairArgs};
use super::out::{ok, print, report};
use super::resolve::Resolved;
use crate::settings::Settings;
use clap::CommandFactory;
use diptych_core::error::{Error, Result};
use diptych_core::links::Links;
use diptych_core::text::sanitize::sanitize;
use diptych_reader::keymap::Keymap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The most errors `keymap check` and `config check` print, one a line,
/// before a count of the rest.
const MAX_ERRORS_SHOWN: usize = 20;

/// `keymap check FILE`: ok, or its errors (the first twenty, then a count),
/// each on its own line, and exit 2.
pub fn keymap_check(file: &Path) -> Result<ExitCode> {
    let errors = Keymap::check_file(file)?;
    if errors.is_empty() {
        print(&format!("{}: ok\n", sanitize(&file.display().to_string())))?;
        return Ok(ExitCode::SUCCESS);
    }
    print_errors(&errors, file);
    Ok(ExitCode::from(2))
}

/// Prints a checked file's `errors` on stderr, one a line: the first
/// twenty, then how many more.
fn print_errors(errors: &[impl std::fmt::Display], file: &Path) {
    for e in errors.iter().take(MAX_ERRORS_SHOWN) {
        eprintln!("diptych: {}", sanitize(&e.to_string()));
    }
    if errors.len() > MAX_ERRORS_SHOWN {
        eprintln!(
            "diptych: and {} more errors in {} (fix these first)",
            errors.len() - MAX_ERRORS_SHOWN,
            sanitize(&file.display().to_string())
        );
    }
}

/// `keymap show`: the bindings in effect, with their descriptions.
pub fn keymap_show(r: &Resolved, keymap: Option<&Path>) -> Result<ExitCode> {
    let keymap = Keymap::load(keymap.or(r.cli.reader.keymap.as_deref()))?;
    print(&keymap.show())?;
    Ok(ExitCode::SUCCESS)
}

/// `completions SHELL`: the shell's completion script.
pub fn completions(shell: clap_complete::Shell) -> Result<ExitCode> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut super::Cli::command(), "diptych", &mut buf);
    print(&String::from_utf8_lossy(&buf))?;
    Ok(ExitCode::SUCCESS)
}

/// `man`: the manual page in roff.
pub fn man() -> Result<ExitCode> {
    print(&super::man::page()?)?;
    Ok(ExitCode::SUCCESS)
}

/// `config show`: the default config.toml, every setting documented.
pub fn config_show() -> Result<ExitCode> {
    print(crate::settings::DEFAULT_CONFIG)?;
    Ok(ExitCode::SUCCESS)
}

/// `config check [FILE]`: ok, or every mistake (one a line, exit 2); with no file given and none
/// in the config directory, says so (the defaults are in effect).
pub fn config_check(file: Option<&PathBuf>) -> Result<ExitCode> {
    let given = file.is_some();
    let path = file
        .cloned()
        .or_else(|| diptych_core::user_files::config_file("config.toml"))
        .ok_or_else(|| Error::Usage("no config directory: give the file".into()))?;
    if !given && !path.exists() {
        print(&format!(
            "{}: no such file; the defaults are in effect (diptych config show prints them)\n",
            sanitize(&path.display().to_string())
        ))?;
        return Ok(ExitCode::SUCCESS);
    }
    let (settings, errors) = Settings::from_file(&path)?;
    if !errors.is_empty() {
        print_errors(&errors, &path);
        return Ok(ExitCode::from(2));
    }
    if let Some(theme) = settings.theme.as_deref() {
        crate::ui::theme::theme(Some(theme), false, None).map_err(|e| {
            Error::Usage(format!(
                "{}: theme: {e}",
                sanitize(&path.display().to_string())
            ))
        })?;
    }
    print(&format!("{}: ok\n", sanitize(&path.display().to_string())))?;
    Ok(ExitCode::SUCCESS)
}

/// `recent`: the pairs read recently, newest first.
pub fn recent(json: bool) -> Result<ExitCode> {
    let path = diptych_core::reading_places::default_path()
        .ok_or_else(|| Error::State("no state directory: nothing is remembered".into()))?;
    let pairs = diptych_core::reading_places::recent(&path)?;
    let now = diptych_core::reading_places::now();
    if json {
        print(&format!(
            "{}\n",
            diptych_core::report::recent::json(&pairs, now)
        ))?;
    } else {
        print(&diptych_core::report::recent::lines(&pairs, now))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `print`: the pair side by side as plain text, or one side alone, with
/// the decorations `--plain` or `--style` leave.
pub fn print_pair(
    r: &Resolved,
    pair: &PairArgs,
    width: usize,
    side: Option<super::args::SideArg>,
    plain: bool,
    style: Option<&str>,
) -> Result<ExitCode> {
    use diptych_core::report::print::Style;
    let style = match (plain, style) {
        (true, _) => Style::PLAIN,
        (false, Some(s)) => Style::parse(s)?,
        (false, None) => Style::FULL,
    };
    let side = side.map(|s| match s {
        super::args::SideArg::Left => diptych_core::text::Side::Left,
        super::args::SideArg::Right => diptych_core::text::Side::Right,
    });
    let pair = r.open(pair)?;
    let mut out = std::io::stdout().lock();
    ok(diptych_core::report::print::print(
        &pair, width, r.color, style, side, &mut out,
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// `paragraphs`: how each text's paragraphs were found, with byte spans.
pub fn paragraphs(r: &Resolved, pair: &PairArgs, json: bool, text: bool) -> Result<ExitCode> {
    let pair = r.open(pair)?;
    report(
        json,
        || diptych_core::report::text::paragraphs_json(&pair, text),
        || diptych_core::report::text::paragraphs_lines(&pair),
    )
}

/// `outline`: each account's headings.
pub fn outline(r: &Resolved, pair: &PairArgs, json: bool, width: usize) -> Result<ExitCode> {
    let pair = r.open(pair)?;
    report(
        json,
        || diptych_core::report::text::outline_json(&pair),
        || diptych_core::report::text::outline_lines(&pair, width),
    )
}

/// How `people` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeopleFormat {
    /// A table.
    Table,
    /// JSON.
    Json,
    /// A people.toml to curate.
    Draft,
}

/// `people`: everyone mentioned, with every mention.
pub fn people(
    r: &Resolved,
    pair: &PairArgs,
    index: Option<&Path>,
    format: PeopleFormat,
) -> Result<ExitCode> {
    let pair = r.open(pair)?;
    let sub = IndexArgs {
        people: index.map(Path::to_path_buf),
        ..IndexArgs::default()
    };
    let found = r.people_of(&pair, &sub)?;
    // The corrections made in the reader apply here as they do there and
    // in search: an entry hidden there is not listed.
    let steps = r.curations(&pair);
    let curated =
        (!steps.is_empty()).then(|| diptych_core::entities::curate::apply(&pair, &found, &steps));
    let entities = curated.as_ref().map_or(&found, |c| &c.entities);
    if let Some(c) = &curated
        && format != PeopleFormat::Draft
    {
        eprintln!(
            "diptych: note: with the {} correction(s) made in the reader ({} entr{} hidden); --no-state lists the people as found",
            steps.len(),
            c.hidden.entries.len(),
            if c.hidden.entries.len() == 1 {
                "y"
            } else {
                "ies"
            }
        );
    }
    print(&match format {
        PeopleFormat::Json => diptych_core::report::people::json(&pair, entities) + "\n",
        PeopleFormat::Draft => {
            let mut out = diptych_core::entities::draft::draft(&pair, entities);
            if !steps.is_empty() {
                // The corrections made in the reader go into the draft.
                out.insert_str(
                    0,
                    &format!(
                        "# With the {} correction(s) made in the reader (hidden, merged, split).\n",
                        steps.len()
                    ),
                );
            }
            out
        }
        PeopleFormat::Table => diptych_core::report::people::table(&pair, entities),
    })?;
    Ok(ExitCode::SUCCESS)
}

/// What `related` prints.
#[derive(Debug, Clone, Copy)]
pub enum Related {
    /// Each paragraph's best links, this many of them (all with `None`).
    Links(Option<usize>),
    /// Where linked paragraphs disagree.
    Differences,
}

/// `related`: each paragraph's best links, or where they disagree.
pub fn related(
    r: &Resolved,
    pair: &PairArgs,
    index: &IndexArgs,
    json: bool,
    what: Related,
) -> Result<ExitCode> {
    let pair = r.open(pair)?;
    let (_, links) = r.links_of(&pair, index)?;
    // The JSON's shape is a contract: a limit goes to stderr.
    if json && let Some(note) = &links.note {
        eprintln!("diptych: note: {note}");
    }
    match what {
        Related::Links(per) => report(
            json,
            || diptych_core::report::links::json(&pair, &links, per),
            || diptych_core::report::links::lines(&pair, &links, per),
        ),
        Related::Differences => report(
            json,
            || diptych_core::report::differ::json(&pair, &links),
            || diptych_core::report::differ::lines(&pair, &links),
        ),
    }
}

/// `topics`: each topic with the paragraphs it occurs in.
pub fn topics(
    r: &Resolved,
    pair: &PairArgs,
    topics: Option<&Path>,
    json: bool,
) -> Result<ExitCode> {
    let pair = r.open(pair)?;
    let vocabulary = r.vocabulary(topics)?;
    let links = if vocabulary.covers_both(&pair) {
        let found = diptych_core::text::Side::BOTH.map(|s| vocabulary.find(pair.account(s)));
        Links {
            topics: found.map(|f| {
                f.counts
                    .into_iter()
                    .map(|c| c.into_iter().map(|(t, _)| t).collect())
                    .collect()
            }),
            vocabulary,
            ..Links::default()
        }
    } else {
        // The topics are found in the pair: its links are made for that.
        let sub = IndexArgs {
            topics: topics.map(Path::to_path_buf),
            align: Some(diptych_core::links::AlignChoice::Narrative),
            ..IndexArgs::default()
        };
        r.links_of(&pair, &sub)?.1
    };
    report(
        json,
        || diptych_core::report::links::topics_json(&links),
        || diptych_core::report::links::topics_lines(&pair, &links),
    )
}

/// `map`: the overview map as text.
pub fn map(
    r: &Resolved,
    pair: &PairArgs,
    index: &IndexArgs,
    width: usize,
    json: bool,
) -> Result<ExitCode> {
    let pair = r.open(pair)?;
    let (entities, links) = r.links_of(&pair, index)?;
    let data = diptych_core::map::MapData::build(&pair, &entities, &links);
    if json {
        print(&format!("{}\n", diptych_core::report::map::json(&data)))?;
    } else {
        print(&diptych_core::map::plain(&pair, &data, width))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The links of a pair that must be a translation, and its alignment:
/// one line and exit 2 for two narratives (unless `--align translation`
/// is given).
fn translation_links(
    r: &Resolved,
    pair: &diptych_core::pair::Pair,
    index: &IndexArgs,
    what: &str,
) -> Result<(Links, diptych_core::links::Alignment)> {
    let (_, mut links) = r.links_of(pair, index)?;
    let Some(alignment) = links.alignment.take() else {
        return Err(Error::Usage(format!(
            "{what}: the pair is not a translation (two narratives); give --align translation to align it anyway"
        )));
    };
    Ok((links, alignment))
}

/// `align`: the beads of a translation, in the format asked for.
pub fn align(
    r: &Resolved,
    pair: &PairArgs,
    index: &IndexArgs,
    (by, format, pairs_only, gaps): (AlignBy, AlignFormat, bool, bool),
) -> Result<ExitCode> {
    use diptych_core::report::align as report;
    let pair = r.open(pair)?;
    let (_, alignment) = translation_links(r, &pair, index, "align")?;
    let alignment = &alignment;
    let by = match by {
        AlignBy::Paragraph => report::By::Paragraph,
        AlignBy::Sentence => report::By::Sentence,
    };
    if gaps {
        let text = match format {
            AlignFormat::Json => diptych_core::report::gaps::json(&pair, alignment, by) + "\n",
            AlignFormat::Text => diptych_core::report::gaps::text(&pair, alignment, by),
            AlignFormat::Tsv | AlignFormat::Tmx => {
                return Err(Error::Usage(
                    "--gaps lists what has no counterpart as text or JSON: give --format text or --json".into(),
                ));
            }
        };
        print(&text)?;
        return Ok(ExitCode::SUCCESS);
    }
    let text = match format {
        AlignFormat::Json => report::json(&pair, alignment, by) + "\n",
        AlignFormat::Tsv => report::tsv(&pair, alignment, by, pairs_only),
        AlignFormat::Tmx => report::tmx(&pair, alignment, by),
        AlignFormat::Text => report::text(&pair, alignment, by),
    };
    print(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// `lexicon`: the word pairs learned from a translation, strongest first.
pub fn lexicon(r: &Resolved, pair: &PairArgs, index: &IndexArgs, json: bool) -> Result<ExitCode> {
    let pair = r.open(pair)?;
    let (links, _) = translation_links(r, &pair, index, "lexicon")?;
    report(
        json,
        || diptych_core::report::lexicon::json(&pair, &links.lexicon),
        || diptych_core::report::lexicon::lines(&pair, &links.lexicon),
    )
}
