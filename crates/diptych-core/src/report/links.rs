//! Links and topics as JSON or plain lines.

use super::{JsonPara, to_json};
use crate::links::words::Written;
use crate::links::{Feature, Link, Links, ParaRef};
use crate::pair::Pair;
use crate::text::Side;
use crate::text::sanitize::sanitize;
use serde::Serialize;
use std::fmt::Write as _;

/// One link in the related JSON contract.
#[derive(Debug, Serialize)]
pub struct JsonLink {
    /// The paragraph linked from.
    pub from: JsonPara,
    /// The related paragraph.
    pub to: JsonPara,
    /// Relatedness, 0 to 1 (docs/HOW-IT-WORKS.md: what a score means).
    pub score: f64,
    /// The counterpart the translation's alignment pairs this paragraph
    /// with (the lines' "aligned translation"); left out when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub aligned: bool,
    /// The counterpart on the course of events two narratives share (the
    /// lines' "in the order both accounts tell"); left out when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub in_order: bool,
    /// Shared topic labels, strongest first.
    pub topics: Vec<String>,
    /// Shared people (display names), strongest first.
    pub people: Vec<String>,
    /// Shared places and years.
    pub places: Vec<String>,
    /// Shared content words (cognates across the languages), strongest
    /// first.
    pub words: Vec<String>,
}

/// The related JSON document.
#[derive(Debug, Serialize)]
pub struct JsonRelated {
    /// "translation" or "narrative".
    pub mode: &'static str,
    /// The links, paragraph by paragraph (left account first), best first.
    pub links: Vec<JsonLink>,
}

fn para(r: ParaRef) -> JsonPara {
    JsonPara {
        side: r.side.name(),
        paragraph: r.paragraph + 1,
    }
}

/// The links to report: each paragraph's best `per` (all with `None`),
/// paragraph by paragraph, left account first.
pub fn selected(links: &Links, per: Option<usize>) -> impl Iterator<Item = (ParaRef, &Link)> {
    Side::BOTH
        .into_iter()
        .flat_map(move |side| selected_from(links, side, per))
}

/// [`selected`] of `side`'s paragraphs only.
fn selected_from(
    links: &Links,
    side: Side,
    per: Option<usize>,
) -> impl Iterator<Item = (ParaRef, &Link)> {
    links.links[side.index()]
        .iter()
        .enumerate()
        .flat_map(move |(p, ls)| {
            ls.iter()
                .take(per.unwrap_or(usize::MAX))
                .map(move |l| (ParaRef { side, paragraph: p }, l))
        })
}

/// Topics, people, places/years and words of a link from `from`, as
/// display strings (a shared word as the two paragraphs write it).
fn reasons(links: &Links, from: ParaRef, l: &Link, written: &mut Written) -> [Vec<String>; 4] {
    let mut out: [Vec<String>; 4] = Default::default();
    for f in &l.shared {
        let i = match f {
            Feature::Topic(_) | Feature::Concept(_) => 0,
            Feature::Person(_) => 1,
            Feature::Place(_) | Feature::Year(_) | Feature::Date(_) | Feature::Number(_) => 2,
            Feature::Word(_) => 3,
        };
        out[i].push(match f {
            Feature::Word(w) => links.word_written(from, l.to, *w, written),
            _ => links.reason(f),
        });
    }
    out
}

/// The related JSON document, each paragraph's best `per` links (or all).
pub fn json(pair: &Pair, links: &Links, per: Option<usize>) -> String {
    let mut written = Written::new(pair, &links.words);
    let list: Vec<JsonLink> = selected(links, per)
        .map(|(from, l)| {
            let [topics, people, places, words] = reasons(links, from, l, &mut written);
            JsonLink {
                from: para(from),
                to: para(l.to),
                score: (l.score * 1000.0).round() / 1000.0,
                aligned: l.aligned,
                in_order: l.in_order,
                topics,
                people,
                places,
                words,
            }
        })
        .collect();
    to_json(&JsonRelated {
        mode: links.mode.name(),
        links: list,
    })
}

/// Links as lines: `uk1814 ¶2 → sk1815 ¶4  0.42  negotiations · Napoleon I`.
pub fn lines(pair: &Pair, links: &Links, per: Option<usize>) -> String {
    let mut out = format!("# mode: {}\n", links.mode.name());
    if let Some(note) = &links.note {
        out.push_str(&format!("# note: {note}\n"));
    }
    // The labels sanitised once, not on each of a book's 100,000 lines.
    let labels = Side::BOTH.map(|s| sanitize(&pair.account(s).meta.label).into_owned());
    // Each account's lines on a thread of its own (a tenth of `related`
    // on a book was writing them), then one after the other.
    let [left, right] = Side::both(|side| {
        let mut lines = String::new();
        let mut written = Written::new(pair, &links.words);
        for (from, l) in selected_from(links, side, per) {
            let why = links.reasons_written(from, l, &mut written);
            // Writing to a String cannot fail.
            let _ = writeln!(
                lines,
                "{} ¶{} → {} ¶{}\t{:.3}\t{}",
                labels[from.side.index()],
                from.paragraph + 1,
                labels[l.to.side.index()],
                l.to.paragraph + 1,
                l.score,
                sanitize(&why.join(" · "))
            );
        }
        lines
    });
    out + &left + &right
}

/// One topic in the topics JSON contract.
#[derive(Debug, Serialize)]
pub struct JsonTopic {
    /// Topic id.
    pub id: String,
    /// Short label.
    pub label: String,
    /// What it covers.
    pub description: String,
    /// Paragraph numbers (from 1) of the left account dealing with it.
    pub left: Vec<usize>,
    /// Paragraph numbers (from 1) of the right account dealing with it.
    pub right: Vec<usize>,
}

fn topic_paragraphs(links: &Links, side: Side, t: usize) -> Vec<usize> {
    links.topics[side.index()]
        .iter()
        .enumerate()
        .filter(|(_, ts)| ts.contains(&t))
        .map(|(p, _)| p + 1)
        .collect()
}

/// The topics JSON document.
pub fn topics_json(links: &Links) -> String {
    let list: Vec<JsonTopic> = links
        .vocabulary
        .topics
        .iter()
        .enumerate()
        .map(|(i, t)| JsonTopic {
            id: t.id.clone(),
            label: t.label.clone(),
            description: t.description.clone(),
            left: topic_paragraphs(links, Side::Left, i),
            right: topic_paragraphs(links, Side::Right, i),
        })
        .collect();
    to_json(&list)
}

/// Topics as lines: label, then the ¶ numbers in each account; a comment
/// line where there is none. Labels come from a file and are sanitised.
pub fn topics_lines(pair: &Pair, links: &Links) -> String {
    let join = |v: Vec<usize>| {
        v.iter()
            .map(|p| format!("¶{p}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = String::new();
    for (i, t) in links.vocabulary.topics.iter().enumerate() {
        out.push_str(&format!(
            "{}\t{}: {}\t{}: {}\n",
            sanitize(&t.label),
            sanitize(&pair.accounts[0].meta.label),
            join(topic_paragraphs(links, Side::Left, i)),
            sanitize(&pair.accounts[1].meta.label),
            join(topic_paragraphs(links, Side::Right, i)),
        ));
    }
    if out.is_empty() {
        // A blank answer reads as a failure: say that nothing was found.
        out = format!(
            "# no topics found in {} or {}\n",
            sanitize(&pair.accounts[0].meta.label),
            sanitize(&pair.accounts[1].meta.label)
        );
    }
    out
}
