//! `diptych align`: a translation's beads, by paragraph or by sentence,
//! as JSON, TSV (for Anki and spreadsheets), TMX 1.4b (for OmegaT, Trados,
//! memoQ) or lines for a person. Paragraph and sentence numbers are
//! 1-based, as in every command.

use super::to_json;
use crate::links::Alignment;
use crate::links::align::refs;
use crate::pair::Pair;
use crate::text::sanitize::{sanitize, sanitize_lines};
use crate::text::{BreakKind, Side, one_line};
use serde::Serialize;
use std::fmt::Write as _;

/// What a bead is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    /// Paragraph beads.
    Paragraph,
    /// Sentence beads.
    Sentence,
}

/// One bead, both sides as (paragraph, sentence) pairs, 0-based (the
/// sentence `None` for a paragraph bead), with its score.
pub struct Row {
    /// The left side's units.
    pub left: Vec<(usize, Option<usize>)>,
    /// The right side's units.
    pub right: Vec<(usize, Option<usize>)>,
    /// How sure the bead is, 0 to 1.
    pub score: f32,
}

/// The beads of `alignment`, by paragraph or by sentence.
pub fn rows(alignment: &Alignment, by: By) -> Vec<Row> {
    match by {
        By::Paragraph => alignment
            .beads
            .iter()
            .enumerate()
            .map(|(i, b)| Row {
                left: b.left.iter().map(|p| (p, None)).collect(),
                right: b.right.iter().map(|p| (p, None)).collect(),
                score: alignment.scores.get(i).copied().unwrap_or(0.5),
            })
            .collect(),
        By::Sentence => alignment
            .sentences
            .iter()
            .map(|b| Row {
                left: b.left.iter().map(|&(p, s)| (p, Some(s))).collect(),
                right: b.right.iter().map(|&(p, s)| (p, Some(s))).collect(),
                score: b.score,
            })
            .collect(),
    }
}

/// The text of one side of a row: its units' texts joined by a space,
/// each as the reader shows it: a wrapped line's end is a space, a
/// hyphen's is nothing, and only a line the author broke (verse, a list)
/// keeps its line end.
pub(super) fn text_of(pair: &Pair, side: Side, units: &[(usize, Option<usize>)]) -> String {
    let a = pair.account(side);
    let mut out = String::new();
    for &(p, s) in units {
        let Some(para) = a.paragraphs.get(p) else {
            continue;
        };
        let span = match s {
            Some(s) => para
                .sentences()
                .get(s)
                .map_or(para.span(), crate::text::Sentence::span),
            None => para.span(),
        };
        if !out.is_empty() {
            out.push(' ');
        }
        let mut at = span.start;
        let first = a.breaks.partition_point(|b| b.span.end <= span.start);
        for b in a.breaks[first..]
            .iter()
            .take_while(|b| b.span.start < span.end)
        {
            let (from, to) = (b.span.start.max(at), b.span.end.min(span.end));
            out.push_str(&a.text[at..from]);
            out.push_str(match b.kind {
                BreakKind::Space => " ",
                BreakKind::Join => "",
                BreakKind::Line => "\n",
            });
            at = to.max(at);
        }
        out.push_str(&a.text[at..span.end]);
    }
    out
}

/// The JSON document.
#[derive(Serialize)]
struct Doc {
    mode: &'static str,
    by: &'static str,
    /// What each side's byte offsets are in: "file" (the file as read),
    /// or "extracted" (the text of an EPUB or a Markdown file).
    offsets: serde_json::Value,
    beads: Vec<serde_json::Value>,
}

/// The byte spans of each row's units on `side`, in the file as read (or
/// the extracted text of an EPUB or Markdown file). One walk over the
/// text for all rows: a file in a legacy encoding has its offsets counted
/// character by character, and the rows' units come in reading order.
fn spans_of(pair: &Pair, side: Side, rows: &[Row]) -> Vec<Vec<[usize; 2]>> {
    let a = pair.account(side);
    let spans: Vec<Vec<std::ops::Range<usize>>> = rows
        .iter()
        .map(|r| {
            let units = match side {
                Side::Left => &r.left,
                Side::Right => &r.right,
            };
            units
                .iter()
                .filter_map(|&(p, s)| {
                    let para = a.paragraphs.get(p)?;
                    Some(match s {
                        Some(s) => para.sentences().get(s)?.span(),
                        None => para.span(),
                    })
                })
                .collect()
        })
        .collect();
    let ends: Vec<usize> = spans
        .iter()
        .flatten()
        .flat_map(|r| [r.start, r.end])
        .collect();
    let mut file = a.file_offsets(&ends).into_iter();
    spans
        .iter()
        .map(|row| {
            row.iter()
                .map(|_| [file.next().unwrap_or(0), file.next().unwrap_or(0)])
                .collect()
        })
        .collect()
}

/// `align --format json`: each bead's units (1-based numbers), its
/// score, each side's byte spans and its text (line ends as the reader
/// shows them: only a line the author broke is a `\n`).
pub fn json(pair: &Pair, alignment: &Alignment, by: By) -> String {
    let side = |units: &[(usize, Option<usize>)]| -> serde_json::Value {
        match by {
            By::Paragraph => units.iter().map(|&(p, _)| p + 1).collect::<Vec<_>>().into(),
            By::Sentence => units
                .iter()
                .map(|&(p, s)| vec![p + 1, s.unwrap_or(0) + 1])
                .collect::<Vec<_>>()
                .into(),
        }
    };
    let rows = rows(alignment, by);
    let spans = [Side::Left, Side::Right].map(|s| spans_of(pair, s, &rows));
    let beads = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            serde_json::json!({
                "left": side(&r.left),
                "right": side(&r.right),
                "score": (f64::from(r.score) * 100.0).round() / 100.0,
                "left_spans": spans[0][i],
                "right_spans": spans[1][i],
                "left_text": sanitize_lines(&text_of(pair, Side::Left, &r.left)),
                "right_text": sanitize_lines(&text_of(pair, Side::Right, &r.right)),
            })
        })
        .collect();
    to_json(&Doc {
        mode: "translation",
        by: match by {
            By::Paragraph => "paragraph",
            By::Sentence => "sentence",
        },
        offsets: Side::BOTH
            .map(|s| {
                if pair.account(s).source.is_extracted() {
                    "extracted"
                } else {
                    "file"
                }
            })
            .into_iter()
            .zip(["left", "right"])
            .map(|(o, k)| (k.to_string(), serde_json::Value::from(o)))
            .collect::<serde_json::Map<_, _>>()
            .into(),
        beads,
    })
}

/// A TSV cell: sanitised, backslashes, tabs and line ends escaped as
/// `\\`, `\t` and `\n` (so a written `\t` and a real tab read back apart).
fn cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    sanitize(&out).into_owned()
}

/// `align --format tsv`: a bead a line, left TAB right; with `pairs_only`
/// only the beads with both sides (an Anki card needs both).
pub fn tsv(pair: &Pair, alignment: &Alignment, by: By, pairs_only: bool) -> String {
    let mut out = String::new();
    for r in rows(alignment, by) {
        if pairs_only && (r.left.is_empty() || r.right.is_empty()) {
            continue;
        }
        let l = cell(&text_of(pair, Side::Left, &r.left));
        let rt = cell(&text_of(pair, Side::Right, &r.right));
        let _ = writeln!(out, "{l}\t{rt}");
    }
    out
}

/// Text escaped for XML, with what XML 1.0 cannot hold made visible.
fn xml(text: &str) -> String {
    let safe = sanitize(&one_line(text)).into_owned();
    let mut out = String::with_capacity(safe.len());
    for c in safe.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\u{FFFE}' | '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// `align --format tmx`: TMX 1.4b, one translation unit per bead with a
/// counterpart, the languages detected or given (`und` when unknown).
pub fn tmx(pair: &Pair, alignment: &Alignment, by: By) -> String {
    let lang = |s: Side| pair.account(s).meta.language.map_or("und", |l| l.code());
    let (l, r) = (lang(Side::Left), lang(Side::Right));
    let seg = match by {
        By::Paragraph => "paragraph",
        By::Sentence => "sentence",
    };
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str("<!DOCTYPE tmx SYSTEM \"tmx14.dtd\">\n<tmx version=\"1.4\">\n");
    let _ = writeln!(
        out,
        "  <header creationtool=\"diptych\" creationtoolversion=\"{}\" segtype=\"{seg}\" o-tmf=\"diptych\" adminlang=\"en\" srclang=\"{l}\" datatype=\"plaintext\"/>",
        env!("CARGO_PKG_VERSION")
    );
    out.push_str("  <body>\n");
    for row in rows(alignment, by) {
        if row.left.is_empty() || row.right.is_empty() {
            continue;
        }
        let a = xml(&text_of(pair, Side::Left, &row.left));
        let b = xml(&text_of(pair, Side::Right, &row.right));
        let _ = write!(
            out,
            "    <tu>\n      <tuv xml:lang=\"{l}\"><seg>{a}</seg></tuv>\n      <tuv xml:lang=\"{r}\"><seg>{b}</seg></tuv>\n    </tu>\n"
        );
    }
    out.push_str("  </body>\n</tmx>\n");
    out
}

/// A side as the user reads it in a reference: its language code when
/// known, else its label (sanitised).
pub fn side_name(pair: &Pair, side: Side) -> String {
    sanitize(&pair.account(side).meta.short_name()).into_owned()
}

/// The first words of `text`, about `width` characters, on one line.
pub(super) fn first_words(text: &str, width: usize) -> String {
    let line = one_line(text);
    let mut out = String::new();
    for w in line.split(' ') {
        if out.chars().count() + w.chars().count() > width {
            out.push('…');
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    sanitize(&out).into_owned()
}

/// `align --format text`: a bead a line, for a person: both sides'
/// references, the score, and the first words of each.
///
/// A run of two or more beads with one side empty is one line,
/// `no counterpart: en ¶251–552`.
pub fn text(pair: &Pair, alignment: &Alignment, by: By) -> String {
    let mut out = String::new();
    let rows = rows(alignment, by);
    let mut i = 0;
    while i < rows.len() {
        let r = &rows[i];
        // A run without a counterpart, on one side.
        let lone = |r: &Row| match (r.left.is_empty(), r.right.is_empty()) {
            (false, true) => Some(Side::Left),
            (true, false) => Some(Side::Right),
            _ => None,
        };
        if let Some(side) = lone(r) {
            let run = rows[i..]
                .iter()
                .take_while(|x| lone(x) == Some(side))
                .count();
            if run >= 2 {
                let units: Vec<(usize, Option<usize>)> = rows[i..i + run]
                    .iter()
                    .flat_map(|x| {
                        if side == Side::Left {
                            x.left.clone()
                        } else {
                            x.right.clone()
                        }
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "no counterpart: {} {}",
                    side_name(pair, side),
                    refs(&units)
                );
                i += run;
                continue;
            }
        }
        i += 1;
        let l = refs(&r.left);
        let rr = refs(&r.right);
        let a = first_words(&text_of(pair, Side::Left, &r.left), 34);
        let b = first_words(&text_of(pair, Side::Right, &r.right), 34);
        let _ = writeln!(out, "{l:<12} ⇄ {rr:<12} {:.2}  {a} │ {b}", r.score);
    }
    out
}
