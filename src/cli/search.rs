//! `diptych search`: one line (or a JSON object) per matching sentence,
//! best first; exit status 1 when nothing matched, as grep's. The search
//! is the reader's: the same passes find everyone mentioned and merge them
//! through the alignment, the corrections made in the reader apply, and a
//! name typed in any form, spelling or language finds every form of its
//! person on both sides (a test types each query in the reader too).

use super::args::PairArgs;
use super::out::print;
use super::resolve::Resolved;
use diptych_core::error::{Error, Result};
use diptych_reader::worker::{Engine, Sources};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

/// Searches the pair for `query`, printing its first `limit` results,
/// with the fuzzy tier when `fuzzy`.
pub fn search(
    r: &Resolved,
    query: &str,
    pair: &PairArgs,
    people: Option<&Path>,
    json: bool,
    (limit, fuzzy): (usize, bool),
) -> Result<ExitCode> {
    // Blank, or only operators (^ $ ' ! |): no word to look for.
    if diptych_core::search::query::Query::parse(query).is_empty() {
        return Err(Error::Usage(
            "the query is empty: give words to look for (fzf's syntax: 'exact ^start end$ !not a | b)".into(),
        ));
    }
    if limit == 0 {
        return Err(Error::Usage(
            "--limit 0 lists nothing: give 1 or more".into(),
        ));
    }
    let pair = Arc::new(r.open(pair)?);
    let engine = Engine::new(Sources {
        pair: Arc::clone(&pair),
        people: r.people_index(people)?,
        vocabulary: r.vocabulary(None)?,
        align: r.align(),
        paths: Vec::new(),
    });
    // The names as the reader has them once its work is done: merged
    // through the alignment, then corrected as the reader corrected them.
    // A query that names no one found, nor any name waiting for the
    // alignment, needs no merging: merged entries hold the same forms, so
    // it would name no one there either.
    let merged = if !diptych_core::search::names_someone(query, engine.entities()) {
        Arc::clone(engine.entities())
    } else {
        engine.entities_for_search()
    };
    let steps = r.curations(&pair);
    let index = engine.search_index();
    if steps.is_empty() {
        index.set_entities(merged);
    } else {
        let curated = diptych_core::entities::curate::apply(&pair, &merged, &steps).entities;
        index.set_entities(Arc::new(curated));
    }
    let options = diptych_core::search::Options {
        fuzzy,
        ..diptych_core::search::Options::new(limit, diptych_core::search::Order::Ranked)
    };
    let (hits, found) = index
        .run(&pair, query, options, &|| true)
        .map(|r| {
            let total: usize = r.totals.iter().sum();
            (r.hits, (total, r.capped.iter().any(|&c| c)))
        })
        .unwrap_or_default();
    // A list cut at its limit says so (on stderr: the lines and the JSON
    // stay what scripts read), as the reader's status line does.
    if hits.len() == limit && found.0 > limit {
        let more = if found.1 { "or more " } else { "" };
        eprintln!(
            "diptych: note: the best {limit} of {} {more}matching sentences; --limit N shows more",
            found.0
        );
    }
    if json {
        print(&(diptych_core::report::search::json(&pair, query, &hits) + "\n"))?;
    } else {
        let (open, close) = if r.color {
            ("\x1b[1;33m", "\x1b[0m")
        } else {
            ("[", "]")
        };
        let mut text = String::new();
        for h in &hits {
            text.push_str(&diptych_core::report::search::line(&pair, h, open, close));
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
