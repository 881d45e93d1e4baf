//! `diptych map --json`: each row of the overview map with the paragraphs
//! of each account it occurs in.

use super::to_json;
use crate::map::{MapData, RowKind};
use serde::Serialize;

/// One row in `diptych map --json`.
#[derive(Debug, Serialize)]
struct JsonRow<'a> {
    /// "topic", "person" or "place".
    kind: &'static str,
    /// What the row is labelled.
    label: &'a str,
    /// Where it occurs in the left account.
    left: Vec<JsonCell>,
    /// Where it occurs in the right account.
    right: Vec<JsonCell>,
}

/// One paragraph a row occurs in.
#[derive(Debug, Serialize)]
struct JsonCell {
    /// Paragraph number, from 1.
    paragraph: u32,
    /// How many times it occurs there.
    count: u32,
}

/// The map's rows as a JSON array: topics, then people, then places.
pub fn json(data: &MapData) -> String {
    let cells = |c: &[(u32, u32)]| -> Vec<JsonCell> {
        c.iter()
            .map(|&(paragraph, count)| JsonCell {
                paragraph: paragraph + 1,
                count,
            })
            .collect()
    };
    let rows: Vec<JsonRow<'_>> = data
        .rows
        .iter()
        .map(|r| JsonRow {
            kind: match r.kind {
                RowKind::Topic(_) => "topic",
                RowKind::Person(_) => "person",
                RowKind::Place(_) => "place",
            },
            label: &r.label,
            left: cells(&r.cells[0]),
            right: cells(&r.cells[1]),
        })
        .collect();
    to_json(&rows)
}
