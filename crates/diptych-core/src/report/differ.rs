//! Where linked paragraphs disagree (`related --differences`), as JSON or
//! plain lines.

use super::{JsonPara, to_json};
use crate::links::Links;
use crate::links::differ::{Difference, Told, What};
use crate::pair::Pair;
use crate::text::sanitize::sanitize;
use serde::Serialize;

/// One paragraph's telling of a quantity in the differences JSON.
#[derive(Debug, Serialize)]
pub struct JsonTold {
    /// The paragraph.
    #[serde(flatten)]
    pub at: JsonPara,
    /// The words as written (`trois canons`, `September 7th`).
    pub text: String,
    /// The count, for a count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// The date as ISO 8601 writes a day of a month (`--09-07`), for a
    /// date.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

/// One disagreement in the differences JSON.
#[derive(Debug, Serialize)]
pub struct JsonDifference {
    /// "count" or "date".
    pub kind: &'static str,
    /// What differs: the counted thing (`guns`) or `date`.
    pub what: String,
    /// The left account's telling.
    pub left: JsonTold,
    /// The right account's telling.
    pub right: JsonTold,
}

/// The differences JSON document.
#[derive(Debug, Serialize)]
pub struct JsonDifferences {
    /// "translation" or "narrative".
    pub mode: &'static str,
    /// The disagreements, left paragraph by left paragraph.
    pub differences: Vec<JsonDifference>,
}

fn told(pair: &Pair, what: What, t: &Told) -> JsonTold {
    let text = &pair.account(t.at.side).text[t.span.clone()];
    JsonTold {
        at: JsonPara {
            side: t.at.side.name(),
            paragraph: t.at.paragraph + 1,
        },
        text: text.split_whitespace().collect::<Vec<_>>().join(" "),
        count: matches!(what, What::Count(_)).then_some(t.value),
        date: (what == What::Date).then(|| format!("--{:02}-{:02}", t.value / 32, t.value % 32)),
    }
}

fn json_of(pair: &Pair, d: &Difference) -> JsonDifference {
    JsonDifference {
        kind: match d.what {
            What::Date => "date",
            What::Count(_) => "count",
        },
        what: d.label(),
        left: told(pair, d.what, &d.left),
        right: told(pair, d.what, &d.right),
    }
}

/// The differences JSON document: every disagreement of linked
/// paragraphs.
pub fn json(pair: &Pair, links: &Links) -> String {
    let differences = links
        .all_differences(pair)
        .iter()
        .flat_map(|(_, ds)| ds.iter().map(|d| json_of(pair, d)))
        .collect();
    to_json(&JsonDifferences {
        mode: links.mode.name(),
        differences,
    })
}

/// The differences as lines, one a disagreement:
/// `fr ¶75 ↔ en ¶41  guns: trois canons / 5 guns`.
pub fn lines(pair: &Pair, links: &Links) -> String {
    let pairs = links.compared_pairs(pair);
    let all = crate::links::differ::differences_in(pair, &pairs);
    let n: usize = all.iter().map(|(_, d)| d.len()).sum();
    let compared = pairs.len();
    let mode = links.mode.name();
    let strong = crate::links::differ::STRONG;
    // Which links are compared, in the words of the links panel.
    let linked = match links.mode {
        crate::links::Mode::Translation => "aligned",
        crate::links::Mode::Narrative => "linked in the order both accounts tell",
    };
    let mut out = if compared == 0 {
        // "0 differences in 0 of the 0 pairs" says nothing a reader can use.
        let why = if links.any_on_course() {
            format!("none {linked} has a score of {strong} or more")
        } else {
            format!(
                "differences are told between paragraphs {linked} with a score of \
                 {strong} or more, and these accounts follow no order both share"
            )
        };
        format!("# mode: {mode}\n# no linked paragraph pairs to compare: {why}\n")
    } else {
        format!(
            "# mode: {mode}\n# {n} difference{} in {} of the {compared} linked paragraph pair{} \
             compared ({linked}, score {strong} or more)\n",
            if n == 1 { "" } else { "s" },
            all.len(),
            if compared == 1 { "" } else { "s" },
        )
    };
    let label = |s: crate::text::Side| sanitize(&pair.account(s).meta.label).into_owned();
    for ((l, r), ds) in &all {
        for d in ds {
            out.push_str(&format!(
                "{} ¶{} ↔ {} ¶{}\t{}\n",
                label(crate::text::Side::Left),
                l + 1,
                label(crate::text::Side::Right),
                r + 1,
                sanitize(&d.shown(pair))
            ));
        }
    }
    out
}
