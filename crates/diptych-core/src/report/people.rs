//! The people (and places) as JSON or as a plain table.

use super::to_json;
use crate::entities::Entities;
use crate::pair::Pair;
use crate::text::sanitize::sanitize;
use crate::wrap::{display_width, truncate};
use serde::Serialize;

/// One mention in the people JSON contract.
#[derive(Debug, Serialize)]
pub struct JsonMention {
    /// "left" or "right".
    pub side: &'static str,
    /// Paragraph number, from 1.
    pub paragraph: usize,
    /// The mention exactly as it stands in the paragraph.
    pub text: String,
    /// Byte offset of the mention in the paragraph.
    pub start: usize,
    /// Byte offset of its end in the paragraph.
    pub end: usize,
}

/// One entry in the people JSON contract.
#[derive(Debug, Serialize)]
pub struct JsonPerson {
    /// Index id, or `unlisted:<key>`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// One line on who they were.
    pub role: String,
    /// Years of life.
    pub years: String,
    /// False for names the index does not list.
    pub listed: bool,
    /// "person" or "place".
    pub kind: &'static str,
    /// Every mention, left account first, in reading order.
    pub mentions: Vec<JsonMention>,
}

/// The people JSON document: people first, then places.
pub fn json(pair: &Pair, entities: &Entities) -> String {
    let entries: Vec<JsonPerson> = entities
        .entries
        .iter()
        .map(|p| JsonPerson {
            id: p.id.clone(),
            name: p.name.clone(),
            role: p.role.clone(),
            years: p.years.clone(),
            listed: p.listed,
            kind: p.kind.name(),
            mentions: p
                .mentions
                .iter()
                .flatten()
                .map(|m| {
                    let account = pair.account(m.side);
                    let para = account.paragraphs[m.paragraph].span().start;
                    JsonMention {
                        side: m.side.name(),
                        paragraph: m.paragraph + 1,
                        text: account.text[m.span.clone()].to_string(),
                        start: m.span.start - para,
                        end: m.span.end - para,
                    }
                })
                .collect(),
        })
        .collect();
    to_json(&entries)
}

/// The people as a plain table: name, mentions per account, role; then
/// the places; a comment line where there is no one. Every field is
/// sanitised (a role or name in a file may hold an escape sequence).
pub fn table(pair: &Pair, entities: &Entities) -> String {
    let labels = [&pair.accounts[0].meta.label, &pair.accounts[1].meta.label];
    let names: Vec<String> = entities
        .entries
        .iter()
        .map(|p| sanitize(&p.name).into_owned())
        .collect();
    let name_w = names
        .iter()
        .map(|n| display_width(n))
        .max()
        .unwrap_or(4)
        .clamp(4, 48);
    // Count columns as wide as the labels (which are short: see
    // `text::label`).
    let col = labels
        .iter()
        .map(|l| display_width(&sanitize(l)))
        .max()
        .unwrap_or(0)
        .clamp(6, 20);
    let mut out = String::new();
    for (kind, heading) in [
        (crate::entities::Kind::Person, "name"),
        (crate::entities::Kind::Place, "place"),
    ] {
        let rows: Vec<usize> = (0..entities.entries.len())
            .filter(|&i| entities.entries[i].kind == kind)
            .collect();
        if rows.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        let [l, r] = labels.map(|l| sanitize(l).into_owned());
        out.push_str(&format!(
            "{heading:name_w$}  {}{l} │ {r}{}  role\n",
            " ".repeat(col - display_width(&l)),
            " ".repeat(col - display_width(&r)),
        ));
        for i in rows {
            let p = &entities.entries[i];
            let name = truncate(&names[i], name_w);
            let pad = name_w.saturating_sub(display_width(&name));
            let role = if p.listed {
                sanitize(&p.role).into_owned()
            } else {
                "(found in the texts)".to_string()
            };
            out.push_str(&format!(
                "{name}{:pad$}  {:>col$} │ {:<col$}  {role}\n",
                "",
                p.mentions[0].len(),
                p.mentions[1].len()
            ));
        }
    }
    if out.is_empty() {
        // A blank answer reads as a failure: say that nothing was found.
        let [l, r] = labels.map(|l| sanitize(l).into_owned());
        out = format!("# no people or places found in {l} or {r}\n");
    }
    out
}
