//! Search results as JSON or as marked plain lines.

use super::to_json;
use crate::pair::Pair;
use crate::search::Hit;
use serde::Serialize;

/// One search result in the JSON contract.
#[derive(Debug, Serialize)]
pub struct JsonHit {
    /// "left" or "right".
    pub side: &'static str,
    /// Paragraph number, from 1.
    pub paragraph: usize,
    /// Sentence number within the paragraph, from 1.
    pub sentence: usize,
    /// Higher is better.
    pub score: i64,
    /// The sentence as it stands in the file.
    pub text: String,
    /// Matched spans as byte offsets into `text`.
    pub matches: Vec<[usize; 2]>,
    /// The id of the person the query named, when found through them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub person: Option<String>,
}

/// The search JSON document.
#[derive(Debug, Serialize)]
pub struct JsonSearch<'a> {
    /// The query as given.
    pub query: &'a str,
    /// Results, best first.
    pub results: Vec<JsonHit>,
}

/// `raw` with its line ends written `\n` (a file's `\r\n` and lone `\r`),
/// and a map from a byte offset in `raw` to the same place in the result.
fn line_ends_normalised(raw: &str) -> (String, impl Fn(usize) -> usize) {
    // The offsets (in `raw`) of the `\r`s dropped before a `\n`.
    let dropped: Vec<usize> = raw.match_indices("\r\n").map(|(i, _)| i).collect();
    let text = raw.replace("\r\n", "\n").replace('\r', "\n");
    let at = move |o: usize| o - dropped.partition_point(|&d| d < o);
    (text, at)
}

/// `hits` as the search JSON document.
pub fn json(pair: &Pair, query: &str, hits: &[Hit]) -> String {
    let results = hits
        .iter()
        .map(|h| {
            let span = h.sentence_span(pair);
            let raw = &pair.account(h.side).text[span.clone()];
            let (text, at) = line_ends_normalised(raw);
            JsonHit {
                side: h.side.name(),
                paragraph: h.paragraph + 1,
                sentence: h.sentence + 1,
                score: h.score,
                text,
                matches: h
                    .matches
                    .iter()
                    .map(|m| [at(m.start - span.start), at(m.end - span.start)])
                    .collect(),
                person: h.person.clone(),
            }
        })
        .collect();
    to_json(&JsonSearch { query, results })
}

/// One plain line for a hit: label, ¶paragraph.sentence, the sentence with
/// matches marked by `open`/`close` (brackets, or colour when asked for);
/// line ends inside the sentence shown as spaces.
pub fn line(pair: &Pair, h: &Hit, open: &str, close: &str) -> String {
    let account = pair.account(h.side);
    let span = h.sentence_span(pair);
    let mut out = format!(
        "{}\t¶{}.{}\t",
        account.meta.label,
        h.paragraph + 1,
        h.sentence + 1
    );
    // A sentence may be a whole 20 MB line: keep some context around the
    // matches (at most `MOST` bytes from the first, where matches run all
    // through it) and mark what was left out.
    const CONTEXT: usize = 400;
    const MOST: usize = 4_000;
    let text = &account.text;
    let first = h.matches.first().map_or(span.start, |m| m.start);
    let last = h.matches.last().map_or(span.start, |m| m.end);
    let mut lo = first.saturating_sub(CONTEXT).max(span.start);
    while !text.is_char_boundary(lo) {
        lo -= 1;
    }
    let mut hi = (last + CONTEXT).min(first + MOST).min(span.end);
    while !text.is_char_boundary(hi) {
        hi += 1;
    }
    if lo > span.start {
        out.push('…');
    }
    let mut inside = false;
    // The matches are sorted and apart: one walk over them beside the
    // glyphs (a 20 MB sentence with a match every few words is linear).
    let mut next = 0;
    for g in account.glyphs(lo..hi) {
        while h.matches.get(next).is_some_and(|m| m.end <= g.span.start) {
            next += 1;
        }
        let now = h
            .matches
            .get(next)
            .is_some_and(|m| m.contains(&g.span.start));
        if now != inside {
            out.push_str(if now { open } else { close });
            inside = now;
        }
        if g.kind == crate::text::sanitize::GlyphKind::Break {
            out.push(' ');
        } else {
            out.push_str(&g.show);
        }
    }
    if inside {
        out.push_str(close);
    }
    if hi < span.end {
        out.push('…');
    }
    out
}
