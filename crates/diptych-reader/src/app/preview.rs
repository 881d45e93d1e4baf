//! The preview beside the search list and the links list (as fzf's
//! preview window, toggled by a key): the selected result's or link's
//! paragraph, and beside it the paragraph it is compared with, its
//! counterpart in the other account for a result, the paragraph linked
//! from for a link. A reader judges a hit or a link without leaving the
//! list, and nothing in the panes moves.

use super::{App, Context, Why};
use diptych_core::links::ParaRef;
use diptych_core::text::Side;
use std::ops::Range;

/// One paragraph of the preview.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreviewPart {
    /// The paragraph.
    pub at: ParaRef,
    /// What it is: "result", "counterpart · aligned", "linked · 0.53", "links from".
    pub note: String,
    /// Where to look first: the hit's sentence, the counterpart sentence, the
    /// link's sentence (a long paragraph is shown from there).
    pub focus: Range<usize>,
    /// Spans to mark: the matches, the shared words, the aligned sentences.
    pub marks: Vec<Range<usize>>,
}

/// The preview: the selected item and what it is compared with, or why
/// the second part is missing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preview {
    /// The selected result or link.
    pub selected: PreviewPart,
    /// Its counterpart (a result) or the paragraph linked from (a link).
    pub other: Result<PreviewPart, String>,
}

impl App {
    /// True when the preview is on (it shows in the search and links lists).
    pub fn preview_on(&self) -> bool {
        self.preview
    }

    /// Turns the preview on or off, for the search and links lists alike.
    pub(crate) fn toggle_preview(&mut self) {
        self.preview = !self.preview;
        let keys = self
            .keymap
            .keys_for(self.context, &super::Action::TogglePreview);
        let hint = keys
            .first()
            .map_or(String::new(), |k| format!(" ({k} hides it)"));
        if self.preview {
            self.say(Why::Done, format!("preview on{hint}"));
        } else {
            self.say(Why::Done, "preview off".into());
        }
    }

    /// What the preview shows now: `None` when it is off or nothing is
    /// selected in a list that shows it.
    pub fn preview(&self) -> Option<Preview> {
        if !self.preview {
            return None;
        }
        match self.context {
            Context::Search => self.search_preview(),
            Context::Links => self.links_preview(),
            _ => None,
        }
    }

    /// The selected search result and its counterpart.
    fn search_preview(&self) -> Option<Preview> {
        let hit = self.search.results.get(self.search.list.selected)?;
        let sentence = hit.sentence_span(&self.pair);
        let selected = PreviewPart {
            at: ParaRef {
                side: hit.side,
                paragraph: hit.paragraph,
            },
            note: format!(
                "result {}/{}",
                self.search.list.selected + 1,
                self.search.results.len()
            ),
            focus: sentence,
            marks: hit.matches.clone(),
        };
        let other = self.counterpart_part(hit.side, hit.paragraph, hit.sentence);
        Some(Preview { selected, other })
    }

    /// The counterpart of sentence `s` of paragraph `p` of `side`: the
    /// aligned paragraph of a translation (its aligned sentences marked),
    /// else the best link in the other account.
    fn counterpart_part(&self, side: Side, p: usize, s: usize) -> Result<PreviewPart, String> {
        let links = self.links().ok_or_else(|| "finding links…".to_string())?;
        let to = links
            .sync_target(side, p)
            .ok_or_else(|| "no counterpart in the other account".to_string())?;
        let account = self.pair.account(to.side);
        let para = account
            .paragraphs
            .get(to.paragraph)
            .ok_or_else(|| "no counterpart in the other account".to_string())?;
        let aligned: Vec<Range<usize>> = self
            .sentence_alignment()
            .and_then(|a| a.sentence_bead(side, p, s))
            .map(|b| match side {
                Side::Left => &b.right,
                Side::Right => &b.left,
            })
            .into_iter()
            .flatten()
            .filter(|&&(q, _)| q == to.paragraph)
            .filter_map(|&(_, t)| para.sentences().get(t).map(|x| x.span().clone()))
            .collect();
        let note = match links.best_counterpart(side, p) {
            Some(l) if l.aligned => "counterpart · aligned".to_string(),
            Some(l) if l.to == to => format!("counterpart · {:.2}", l.score),
            _ => "counterpart".to_string(),
        };
        Ok(PreviewPart {
            at: to,
            note,
            focus: aligned
                .first()
                .cloned()
                .unwrap_or(para.span().start..para.span().start),
            marks: aligned,
        })
    }

    /// The selected link's paragraph and the paragraph it is linked from.
    fn links_preview(&self) -> Option<Preview> {
        let links = self.panel_links();
        let link = links.get(
            self.links_panel
                .list
                .selected
                .min(links.len().checked_sub(1)?),
        )?;
        let from = self.links_panel.from?;
        let account = self.pair.account(link.to.side);
        let para = account.paragraphs.get(link.to.paragraph)?;
        let snippet = self.link_snippet(link);
        let focus = snippet
            .as_ref()
            .map_or(para.span().start..para.span().start, |h| {
                h.sentence_span(&self.pair)
            });
        let measure = if link.aligned {
            "aligned".to_string()
        } else if link.in_order && link.score < 0.005 {
            "in order".to_string()
        } else {
            format!("{:.2}", link.score)
        };
        let selected = PreviewPart {
            at: link.to,
            note: format!("linked · {measure}"),
            focus,
            marks: snippet.map(|h| h.matches).unwrap_or_default(),
        };
        let start = self
            .pair
            .account(from.side)
            .paragraphs
            .get(from.paragraph)
            .map_or(0, |p| p.span().start);
        let other = Ok(PreviewPart {
            at: from,
            note: "links from".into(),
            focus: start..start,
            marks: Vec::new(),
        });
        Some(Preview { selected, other })
    }
}
