//! The text model for scripts: `diptych paragraphs` (every paragraph's
//! byte span, and how paragraphs were found) and `diptych outline`.

use super::to_json;
use crate::pair::Pair;
use crate::text::Side;
use crate::text::sanitize::sanitize;
use crate::wrap::truncate;
use serde::Serialize;

/// One paragraph in the paragraphs JSON contract.
#[derive(Debug, Serialize)]
pub struct JsonParagraph {
    /// "left" or "right".
    pub side: &'static str,
    /// Paragraph number, from 1.
    pub paragraph: usize,
    /// Byte offset of its start in the file as read (a BOM counts).
    pub start: usize,
    /// Byte offset of its end.
    pub end: usize,
    /// True for a heading.
    pub heading: bool,
    /// "extracted" for an EPUB, whose offsets are in the extracted text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offsets: Option<&'static str>,
    /// Its text (`paragraphs --json --text`), on one line as a result
    /// list shows it: line ends are spaces, unsafe characters placeholders.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// Each paragraph's start and end, one after the other, as offsets in the
/// file as read (also for a file not in UTF-8: a BOM counts).
fn file_spans(a: &crate::text::Account) -> Vec<usize> {
    let ends: Vec<usize> = a
        .paragraphs
        .iter()
        .flat_map(|p| [p.span().start, p.span().end])
        .collect();
    a.file_offsets(&ends)
}

/// The paragraphs JSON document: every paragraph of both accounts in
/// order, with its text when `with_text`.
pub fn paragraphs_json(pair: &Pair, with_text: bool) -> String {
    let list: Vec<JsonParagraph> = Side::BOTH
        .into_iter()
        .flat_map(|side| {
            let a = pair.account(side);
            let offsets = a.source.is_extracted().then_some("extracted");
            let file = file_spans(a);
            a.paragraphs
                .iter()
                .enumerate()
                .map(move |(i, p)| JsonParagraph {
                    side: side.name(),
                    paragraph: i + 1,
                    start: file[2 * i],
                    end: file[2 * i + 1],
                    heading: p.is_heading(),
                    offsets,
                    text: with_text.then(|| a.shown(p.span())),
                })
        })
        .collect();
    to_json(&list)
}

/// The paragraphs as lines: how each account's paragraphs were found, then
/// one line a paragraph (`uk1814 ¶3  120–553  text  Під час…`).
pub fn paragraphs_lines(pair: &Pair) -> String {
    let mut out = String::new();
    for side in Side::BOTH {
        let a = pair.account(side);
        let headings = a.paragraphs.iter().filter(|p| p.is_heading()).count();
        out.push_str(&format!(
            "# {}: {} ({}{}), {} paragraphs, {} headings{}\n",
            sanitize(&a.meta.label),
            a.layout.describe(),
            a.layout.name(),
            if a.layout_forced {
                ", asked for"
            } else {
                ", decided from the file"
            },
            a.paragraphs.len(),
            headings,
            if a.source.is_extracted() {
                "; offsets are in the extracted text".to_string()
            } else {
                a.encoding
                    .map(|e| format!("; {}", e.describe()))
                    .unwrap_or_default()
            }
        ));
    }
    for side in Side::BOTH {
        let a = pair.account(side);
        let file = file_spans(a);
        for (i, p) in a.paragraphs.iter().enumerate() {
            let kind = match p.kind {
                crate::text::ParaKind::Text => "text",
                crate::text::ParaKind::Heading(_) => "heading",
                crate::text::ParaKind::Matter(_) => "matter",
            };
            out.push_str(&format!(
                "{} ¶{}\t{}–{}\t{kind}\t{}\n",
                sanitize(&a.meta.label),
                i + 1,
                file[2 * i],
                file[2 * i + 1],
                truncate(a.shown(p.span()).trim(), 60)
            ));
        }
    }
    out
}

/// One heading in the outline JSON contract.
#[derive(Debug, Serialize)]
pub struct JsonHeading {
    /// "left" or "right".
    pub side: &'static str,
    /// The paragraph it heads, from 1.
    pub paragraph: usize,
    /// 1 (part), 2 (chapter) or 3.
    pub level: u8,
    /// The heading as shown.
    pub title: String,
}

/// The outline JSON document: the left account's headings, then the right's.
pub fn outline_json(pair: &Pair) -> String {
    let list: Vec<JsonHeading> = Side::BOTH
        .into_iter()
        .flat_map(|side| {
            pair.account(side)
                .outline()
                .into_iter()
                .map(move |e| JsonHeading {
                    side: side.name(),
                    paragraph: e.paragraph + 1,
                    level: e.level,
                    title: e.title,
                })
        })
        .collect();
    to_json(&list)
}

/// The outline as two columns, each account's headings under its label.
pub fn outline_lines(pair: &Pair, width: usize) -> String {
    let col = width.saturating_sub(3) / 2;
    let rows = Side::BOTH.map(|side| {
        let a = pair.account(side);
        let mut v = vec![truncate(&a.meta.label, col), "─".repeat(col.min(40))];
        for e in a.outline() {
            let indent = "  ".repeat(e.level.saturating_sub(1) as usize);
            v.push(truncate(
                &format!("{indent}{}  ¶{}", e.title, e.paragraph + 1),
                col,
            ));
        }
        v
    });
    let n = rows[0].len().max(rows[1].len());
    let mut out = String::new();
    for i in 0..n {
        let l = rows[0].get(i).map_or("", String::as_str);
        let r = rows[1].get(i).map_or("", String::as_str);
        let pad = col.saturating_sub(crate::wrap::display_width(l));
        out.push_str(format!("{l}{:pad$} │ {r}", "").trim_end());
        out.push('\n');
    }
    out
}
