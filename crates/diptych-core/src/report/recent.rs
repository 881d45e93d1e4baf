//! `diptych recent`: the pairs read recently, one tab-separated line each,
//! or as JSON.

use super::to_json;
use crate::reading_places::SavedPlace;
use crate::text::sanitize::sanitize;
use serde::Serialize;

/// `diptych recent`: label pair, where it was left, how long before `now`
/// (seconds since the epoch), and the paths.
pub fn lines(pairs: &[(String, SavedPlace)], now: u64) -> String {
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
        let clean = |s: &str| sanitize(s).into_owned();
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

/// One pair in `diptych recent --json`.
#[derive(Debug, Serialize)]
struct JsonRecent<'a> {
    /// The two accounts' labels (empty when never named).
    labels: &'a [String],
    /// The paragraph each cursor was left at, from 1.
    paragraphs: [usize; 2],
    /// When the pair was left, in seconds since the epoch.
    left_at: u64,
    /// How long before now that was, in seconds.
    seconds_ago: u64,
    /// The two files (empty for the bundled pair).
    paths: &'a [String],
}

/// `diptych recent --json`: the pairs, newest first, as a JSON array.
pub fn json(pairs: &[(String, SavedPlace)], now: u64) -> String {
    let rows: Vec<JsonRecent<'_>> = pairs
        .iter()
        .map(|(_, p)| JsonRecent {
            labels: &p.labels,
            paragraphs: [p.cursors[0] + 1, p.cursors[1] + 1],
            left_at: p.left_at,
            seconds_ago: now.saturating_sub(p.left_at),
            paths: &p.paths,
        })
        .collect();
    to_json(&rows)
}
