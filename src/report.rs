//! Output for scripts: search results as JSON or as marked plain lines.
//! Every string is escaped so that no control, bidi or invisible character
//! from a file reaches a terminal through our output.

use crate::pair::Pair;
use crate::search::Hit;
use crate::text::sanitize::{glyphs, is_unsafe};
use serde::Serialize;
use std::ops::Range;

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

/// One person in the people JSON contract.
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
    /// Every mention, left account first, in reading order.
    pub mentions: Vec<JsonMention>,
}

/// The people JSON document.
pub fn people_json(pair: &Pair, people: &crate::people::People) -> String {
    let persons: Vec<JsonPerson> = people
        .persons
        .iter()
        .map(|p| JsonPerson {
            id: p.id.clone(),
            name: p.name.clone(),
            role: p.role.clone(),
            years: p.years.clone(),
            listed: p.listed,
            mentions: p
                .mentions
                .iter()
                .flatten()
                .map(|m| {
                    let account = pair.account(m.side);
                    let para = account.paragraphs[m.paragraph].span.start;
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
    to_json(&persons)
}

/// The people as a plain table: name, mentions per account, role.
pub fn people_table(pair: &Pair, people: &crate::people::People) -> String {
    let labels = [&pair.accounts[0].meta.label, &pair.accounts[1].meta.label];
    let name_w = people
        .persons
        .iter()
        .map(|p| crate::wrap::display_width(&p.name))
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = format!(
        "{:name_w$}  {:>6} │ {:<6}  role\n",
        "name",
        crate::wrap::truncate(labels[0], 6),
        crate::wrap::truncate(labels[1], 6)
    );
    for p in &people.persons {
        let name = crate::text::sanitize::sanitize(&p.name);
        let pad = name_w - crate::wrap::display_width(&name);
        let role = if p.listed {
            p.role.as_str()
        } else {
            "(unlisted)"
        };
        out.push_str(&format!(
            "{name}{:pad$}  {:>6} │ {:<6}  {role}\n",
            "",
            p.mentions[0].len(),
            p.mentions[1].len()
        ));
    }
    out
}

/// A paragraph in the related JSON contract.
#[derive(Debug, Serialize)]
pub struct JsonPara {
    /// "left" or "right".
    pub side: &'static str,
    /// Paragraph number, from 1.
    pub paragraph: usize,
}

/// One link in the related JSON contract.
#[derive(Debug, Serialize)]
pub struct JsonLink {
    /// The paragraph linked from.
    pub from: JsonPara,
    /// The related paragraph.
    pub to: JsonPara,
    /// Relatedness, 0 to 1, comparable across paragraphs.
    pub score: f64,
    /// Shared topic labels, strongest first.
    pub topics: Vec<String>,
    /// Shared people (display names), strongest first.
    pub people: Vec<String>,
    /// Shared places and years.
    pub places: Vec<String>,
}

fn para(r: crate::topics::ParaRef) -> JsonPara {
    JsonPara {
        side: r.side.name(),
        paragraph: r.paragraph + 1,
    }
}

/// Every link, paragraph by paragraph (left account first), best first.
fn all_links(
    links: &crate::topics::Links,
) -> impl Iterator<Item = (crate::topics::ParaRef, &crate::topics::Link)> {
    crate::text::Side::BOTH.into_iter().flat_map(move |side| {
        links.links[side.index()]
            .iter()
            .enumerate()
            .flat_map(move |(p, ls)| {
                ls.iter()
                    .map(move |l| (crate::topics::ParaRef { side, paragraph: p }, l))
            })
    })
}

/// Topics, people and places/years of a link, as display strings.
fn reasons(
    people: &crate::people::People,
    links: &crate::topics::Links,
    l: &crate::topics::Link,
) -> [Vec<String>; 3] {
    use crate::topics::Feature;
    let mut out: [Vec<String>; 3] = Default::default();
    for f in &l.shared {
        let i = match f {
            Feature::Topic(_) => 0,
            Feature::Person(_) => 1,
            Feature::Place(_) | Feature::Year(_) => 2,
        };
        out[i].push(links.reason(people, f));
    }
    out
}

/// The related JSON document.
pub fn related_json(people: &crate::people::People, links: &crate::topics::Links) -> String {
    let list: Vec<JsonLink> = all_links(links)
        .map(|(from, l)| {
            let [topics, people, places] = reasons(people, links, l);
            JsonLink {
                from: para(from),
                to: para(l.to),
                score: (l.score * 1000.0).round() / 1000.0,
                topics,
                people,
                places,
            }
        })
        .collect();
    to_json(&list)
}

/// Links as lines: `uk1814 ¶2 → sk1815 ¶4  0.42  negotiations · Napoleon I`.
pub fn related_lines(
    pair: &Pair,
    people: &crate::people::People,
    links: &crate::topics::Links,
) -> String {
    let mut out = String::new();
    for (from, l) in all_links(links) {
        let [t, p, pl] = reasons(people, links, l);
        let mut why: Vec<String> = Vec::new();
        for r in t.into_iter().chain(p).chain(pl) {
            if !why.contains(&r) {
                why.push(r);
            }
        }
        out.push_str(&format!(
            "{} ¶{} → {} ¶{}\t{:.3}\t{}\n",
            pair.account(from.side).meta.label,
            from.paragraph + 1,
            pair.account(l.to.side).meta.label,
            l.to.paragraph + 1,
            l.score,
            crate::text::sanitize::sanitize(&why.join(" · "))
        ));
    }
    out
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

fn topic_paragraphs(links: &crate::topics::Links, side: crate::text::Side, t: usize) -> Vec<usize> {
    links.topics[side.index()]
        .iter()
        .enumerate()
        .filter(|(_, ts)| ts.contains(&t))
        .map(|(p, _)| p + 1)
        .collect()
}

/// The topics JSON document.
pub fn topics_json(links: &crate::topics::Links) -> String {
    let list: Vec<JsonTopic> = links
        .lexicon
        .topics
        .iter()
        .enumerate()
        .map(|(i, t)| JsonTopic {
            id: t.id.clone(),
            label: t.label.clone(),
            description: t.description.clone(),
            left: topic_paragraphs(links, crate::text::Side::Left, i),
            right: topic_paragraphs(links, crate::text::Side::Right, i),
        })
        .collect();
    to_json(&list)
}

/// Topics as lines: label, then the ¶ numbers in each account.
pub fn topics_lines(pair: &Pair, links: &crate::topics::Links) -> String {
    let join = |v: Vec<usize>| {
        v.iter()
            .map(|p| format!("¶{p}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = String::new();
    for (i, t) in links.lexicon.topics.iter().enumerate() {
        out.push_str(&format!(
            "{}\t{}: {}\t{}: {}\n",
            t.label,
            pair.accounts[0].meta.label,
            join(topic_paragraphs(links, crate::text::Side::Left, i)),
            pair.accounts[1].meta.label,
            join(topic_paragraphs(links, crate::text::Side::Right, i)),
        ));
    }
    out
}

/// The sentence span of a hit.
pub fn sentence_span(pair: &Pair, h: &Hit) -> Range<usize> {
    pair.account(h.side).paragraphs[h.paragraph].sentences[h.sentence]
        .span
        .clone()
}

/// `hits` as the search JSON document.
pub fn search_json(pair: &Pair, query: &str, hits: &[Hit]) -> String {
    let results = hits
        .iter()
        .map(|h| {
            let span = sentence_span(pair, h);
            JsonHit {
                side: h.side.name(),
                paragraph: h.paragraph + 1,
                sentence: h.sentence + 1,
                score: h.score,
                text: pair.account(h.side).text[span.clone()].to_string(),
                matches: h
                    .matches
                    .iter()
                    .map(|m| [m.start - span.start, m.end - span.start])
                    .collect(),
                person: h.person.clone(),
            }
        })
        .collect();
    to_json(&JsonSearch { query, results })
}

/// Serialises `value`, escaping every character serde_json leaves raw that a
/// terminal could act on (C1 controls, bidi and invisible characters).
pub fn to_json(value: &impl Serialize) -> String {
    let raw = serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    escape_unsafe(&raw)
}

/// `json` with unsafe characters written as `\uXXXX` escapes.
fn escape_unsafe(json: &str) -> String {
    if !json.chars().any(is_unsafe) {
        return json.to_string();
    }
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if is_unsafe(c) {
            let mut buf = [0u16; 2];
            for unit in c.encode_utf16(&mut buf) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// One plain line for a hit: label, ¶paragraph.sentence, the sentence with
/// matches marked by `open`/`close` (brackets in a pipe, colour on a terminal).
pub fn search_line(pair: &Pair, h: &Hit, open: &str, close: &str) -> String {
    let account = pair.account(h.side);
    let span = sentence_span(pair, h);
    let mut out = format!(
        "{}\t¶{}.{}\t",
        account.meta.label,
        h.paragraph + 1,
        h.sentence + 1
    );
    // A sentence may be a whole 20 MB line: keep some context around the
    // matches and mark what was left out.
    const CONTEXT: usize = 400;
    let text = &account.text;
    let first = h.matches.first().map_or(span.start, |m| m.start);
    let last = h.matches.last().map_or(span.start, |m| m.end);
    let mut lo = first.saturating_sub(CONTEXT).max(span.start);
    while !text.is_char_boundary(lo) {
        lo -= 1;
    }
    let mut hi = (last + CONTEXT).min(span.end);
    while !text.is_char_boundary(hi) {
        hi += 1;
    }
    if lo > span.start {
        out.push('…');
    }
    let mut inside = false;
    for g in glyphs(&text[lo..hi], lo) {
        let now = h.matches.iter().any(|m| m.contains(&g.span.start));
        if now != inside {
            out.push_str(if now { open } else { close });
            inside = now;
        }
        out.push_str(&g.show);
    }
    if inside {
        out.push_str(close);
    }
    if hi < span.end {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes_what_a_terminal_would_act_on() {
        let s = to_json(&"a\u{1b}[31m\u{9b}\u{202e}b");
        assert_eq!(s, "\"a\\u001b[31m\\u009b\\u202eb\"");
        let back: String = serde_json::from_str(&s).expect("valid JSON");
        assert_eq!(back, "a\u{1b}[31m\u{9b}\u{202e}b");
    }
}
