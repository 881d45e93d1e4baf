//! `diptych search`: one line (or a JSON object) per matching sentence,
//! best first; exit status 1 when nothing matched, as grep's.

use super::args::PairArgs;
use super::out::print;
use super::resolve::{Resolved, open_then};
use crate::error::{Error, Result};
use crate::search::build::ForQuery;
use std::path::Path;
use std::process::ExitCode;

/// Searches the pair for `query`, printing its first `limit` results.
pub fn search(
    r: &Resolved,
    query: &str,
    pair: &PairArgs,
    people: Option<&Path>,
    json: bool,
    limit: usize,
) -> Result<ExitCode> {
    if query.trim().is_empty() {
        return Err(Error::Usage(
            "the query is empty: give words to look for (fzf's syntax: 'exact ^start end$ !not a | b)".into(),
        ));
    }
    if limit == 0 {
        return Err(Error::Usage(
            "--limit 0 lists nothing: give 1 or more".into(),
        ));
    }
    let index = r.people_index(people)?;
    let plan = ForQuery::new(&index, query, limit);
    // Each account folded, and its listed names found, on its own thread
    // as soon as it is read.
    let (pair, sides) = open_then(&r.pair_args(pair), &r.settings(), |a| plan.side(a))?;
    let keys = plan.finish(&pair, sides);
    let hits = keys.search(&pair, query, limit);
    if json {
        print(&(crate::report::search::json(&pair, query, &hits) + "\n"))?;
    } else {
        let (open, close) = if r.color {
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
