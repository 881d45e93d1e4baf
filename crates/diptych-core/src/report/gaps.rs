//! `diptych align --gaps`: what a translation leaves without a counterpart,
//! a run of paragraphs (or sentences) on one side at a time, with the
//! beads on either side of it, so a translator or an editor sees where the
//! missing text would go.

use super::align::{By, Row, rows, side_name};
use super::to_json;
use crate::links::Alignment;
use crate::pair::Pair;
use crate::text::Side;
use std::fmt::Write as _;

/// One run of units without a counterpart, on one side.
struct Gap<'r> {
    side: Side,
    units: Vec<(usize, Option<usize>)>,
    before: Option<&'r Row>,
    after: Option<&'r Row>,
}

/// The runs of `rows` with one side empty, each with the two-sided rows
/// before and after it: one pass, the runs since the last two-sided row
/// waiting for the next.
fn gaps(rows: &[Row]) -> Vec<Gap<'_>> {
    let mut out: Vec<Gap<'_>> = Vec::new();
    let mut before: Option<&Row> = None;
    // The first run since `before`.
    let mut open = 0;
    for r in rows {
        let side = match (r.left.is_empty(), r.right.is_empty()) {
            (false, false) => {
                for g in &mut out[open..] {
                    g.after = Some(r);
                }
                open = out.len();
                before = Some(r);
                continue;
            }
            (false, true) => Side::Left,
            (true, false) => Side::Right,
            (true, true) => continue,
        };
        let units = if side == Side::Left {
            &r.left
        } else {
            &r.right
        };
        let runs = out.len();
        match out.last_mut() {
            Some(g) if runs > open && g.side == side => g.units.extend(units.iter().copied()),
            _ => out.push(Gap {
                side,
                units: units.clone(),
                before,
                after: None,
            }),
        }
    }
    out
}

/// A unit as a reference: `¶12` or `¶12.3`.
fn unit(u: (usize, Option<usize>)) -> String {
    match u.1 {
        Some(s) => format!("¶{}.{}", u.0 + 1, s + 1),
        None => format!("¶{}", u.0 + 1),
    }
}

/// A run of units: `¶12–14` when they are whole paragraphs in a row, else
/// each unit.
fn run(units: &[(usize, Option<usize>)]) -> String {
    match (units.first(), units.last()) {
        (Some(a), Some(b)) if units.len() > 1 && a.1.is_none() => {
            format!("¶{}–{}", a.0 + 1, b.0 + 1)
        }
        (Some(_), Some(_)) if units.len() > 1 => {
            format!("{}–{}", unit(units[0]), unit(units[units.len() - 1]))
        }
        (Some(&a), _) => unit(a),
        _ => String::new(),
    }
}

/// A two-sided bead as `¶7 ⇄ en ¶7` seen from `side`.
fn bead(pair: &Pair, side: Side, r: &Row) -> String {
    let (mine, theirs) = match side {
        Side::Left => (&r.left, &r.right),
        Side::Right => (&r.right, &r.left),
    };
    format!(
        "{} ⇄ {} {}",
        run(mine),
        side_name(pair, side.other()),
        run(theirs)
    )
}

/// `align --gaps` as lines: a run a line, its side, units, neighbours and
/// first words.
pub fn text(pair: &Pair, alignment: &Alignment, by: By) -> String {
    let rows = rows(alignment, by);
    let mut out = String::new();
    for g in gaps(&rows) {
        let mut line = format!(
            "{} {}\tno counterpart",
            side_name(pair, g.side),
            run(&g.units)
        );
        if let Some(b) = g.before {
            let _ = write!(line, " · after {}", bead(pair, g.side, b));
        }
        if let Some(a) = g.after {
            let _ = write!(line, " · before {}", bead(pair, g.side, a));
        }
        let words =
            super::align::first_words(&super::align::text_of(pair, g.side, &g.units[..1]), 50);
        let _ = writeln!(out, "{line}\t{words}");
    }
    out
}

/// `align --gaps --json`: the runs, each with its side, its units
/// (1-based; `[paragraph, sentence]` by sentence), the beads before and
/// after it, and its text.
pub fn json(pair: &Pair, alignment: &Alignment, by: By) -> String {
    let rows = rows(alignment, by);
    let refs = |units: &[(usize, Option<usize>)]| -> serde_json::Value {
        units
            .iter()
            .map(|&(p, s)| match s {
                Some(s) => serde_json::json!([p + 1, s + 1]),
                None => serde_json::json!(p + 1),
            })
            .collect::<Vec<_>>()
            .into()
    };
    let neighbour = |r: Option<&Row>| {
        r.map_or(
            serde_json::Value::Null,
            |r| serde_json::json!({ "left": refs(&r.left), "right": refs(&r.right) }),
        )
    };
    let list: Vec<serde_json::Value> = gaps(&rows)
        .iter()
        .map(|g| {
            serde_json::json!({
                "side": g.side.name(),
                "units": refs(&g.units),
                "before": neighbour(g.before),
                "after": neighbour(g.after),
                "text": crate::text::sanitize::sanitize_lines(&super::align::text_of(pair, g.side, &g.units)),
            })
        })
        .collect();
    to_json(&list)
}
