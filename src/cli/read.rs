//! No subcommand: read the pair in the terminal, or print it side by side
//! when standard output is not one.

use super::out::ok;
use super::resolve::{Reading, Resolved};
use diptych_core::error::Result;
use diptych_reader::app::{Action, App};
use diptych_reader::worker::{Engine, Sources};
use std::process::ExitCode;
use std::sync::Arc;

/// Opens the reader (everything checked before the terminal is touched).
pub fn read(r: &Resolved) -> Result<ExitCode> {
    let cli = r.cli;
    let mut reading = Reading::open(cli)?;
    let mistakes = std::mem::take(&mut reading.settings_mistakes);
    if !r.tty {
        // A theme given as a flag is checked as the reader checks it,
        // though the printed pair has no use for it: a mistake in a
        // script's flags shows the first time it runs.
        if cli.reader.theme.is_some() {
            reading.theme(cli, r.color, None)?;
        }
        for m in &mistakes {
            eprintln!("diptych: warning: {m}");
        }
        let mut out = std::io::stdout().lock();
        ok(diptych_core::report::print::side_by_side(
            &reading.pair,
            cli.width,
            r.color,
            &mut out,
        ))?;
        return Ok(ExitCode::SUCCESS);
    }
    let (store, place, warning) = reading.store(cli);
    let mut reading = reading;
    // Labels given now, or given when this pair was read before.
    let given = cli.pair.label_left.is_some() || cli.pair.label_right.is_some();
    let remembered = !given && place.labels_chosen && place.labels.len() == 2;
    if remembered {
        let [l, r] = [place.labels[0].as_str(), place.labels[1].as_str()];
        // A remembered pair of labels that no longer holds is let go.
        let _ = super::resolve::set_labels(&mut reading.pair, [Some(l), Some(r)]);
    }
    let last_light = match place.background.as_str() {
        "light" => Some(true),
        "dark" => Some(false),
        _ => None,
    };
    let mut warnings: Vec<String> = mistakes.into_iter().chain(warning).collect();
    // A bad theme named in config.toml is warned of and the auto theme
    // used, as for the file's other bad keys; one given as a flag stops.
    let (theme, ask) = match reading.theme(cli, r.color, last_light) {
        Err(e) if cli.reader.theme.is_none() => {
            warnings.push(format!("config.toml: theme: {e}; the auto theme is used"));
            crate::ui::theme::theme(None, r.color, last_light)?
        }
        chosen => chosen?,
    };
    let options = reading.options(cli);
    let paths = reading.paths();
    let Reading {
        pair,
        people,
        vocabulary,
        keymap,
        ..
    } = reading;
    let engine = Engine::new(Sources {
        pair: Arc::new(pair),
        people,
        vocabulary,
        align: cli.index.align.unwrap_or_default(),
        paths,
    });
    let mut app = App::new(engine, keymap, options);
    app.set_labels_chosen(given || remembered);
    if place != Default::default() {
        app.update(Action::Restore(Box::new(place)));
    }
    for w in warnings {
        let w = diptych_core::text::sanitize::sanitize(&w).into_owned();
        eprintln!("diptych: warning: {w}");
        app.update(Action::Notice(w));
    }
    crate::tui::run(app, store, theme, ask)?;
    Ok(ExitCode::SUCCESS)
}
