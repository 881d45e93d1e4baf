//! What a translation leaves out: `>` and `<` step to the next or previous
//! paragraph of the focused account that has no counterpart in the other,
//! or, with the sentence cursor on, to the next or previous such sentence
//! (a translator or an editor checking a translation looks for these).

use super::{App, Why};
use diptych_core::text::Side;

impl App {
    /// `>` (`forward`) and `<`: the next or previous gap of the focused
    /// account, a jump.
    pub(super) fn step_gap(&mut self, forward: bool) {
        let side = self.focus;
        let Some(alignment) = self.links().and_then(|l| l.alignment.as_ref()) else {
            let why = if self.links().is_some() {
                "not an aligned translation: no counterparts to miss"
            } else {
                "finding links…"
            };
            self.say(Why::Refused, why.into());
            return;
        };
        let pane = self.pane(side);
        let here = (pane.cursor, pane.sentence);
        let target = match here.1 {
            Some(s) => {
                // Sentences whose bead has nothing on the other side.
                let mut gaps: Vec<(usize, usize)> = alignment
                    .sentences
                    .iter()
                    .filter(|b| match side {
                        Side::Left => b.right.is_empty(),
                        Side::Right => b.left.is_empty(),
                    })
                    .flat_map(|b| match side {
                        Side::Left => b.left.clone(),
                        Side::Right => b.right.clone(),
                    })
                    .collect();
                gaps.sort_unstable();
                let at = (here.0, s);
                if forward {
                    gaps.into_iter().find(|&g| g > at)
                } else {
                    gaps.into_iter().rev().find(|&g| g < at)
                }
                .map(|(p, s)| (p, Some(s)))
            }
            None => {
                // A run of paragraphs without one is one stop, at its
                // first, as vim's ]c steps from change to change.
                let of = &alignment.of[side.index()];
                let lone = |p: usize| of.get(p).is_some_and(|q| q.is_none());
                let opens = |p: &usize| lone(*p) && (*p == 0 || !lone(*p - 1));
                let n = self.pair.account(side).paragraphs.len();
                if forward {
                    (here.0 + 1..n).find(opens)
                } else {
                    (0..here.0).rev().find(opens)
                }
                .map(|p| (p, None))
            }
        };
        let what = if here.1.is_some() {
            "sentence"
        } else {
            "paragraph"
        };
        let Some((p, s)) = target else {
            let dir = if forward { "after" } else { "before" };
            self.say(
                Why::Done,
                format!("no {what} without a counterpart {dir} this one"),
            );
            return;
        };
        // Where a run of paragraphs without one ends (one past its last).
        let of = &alignment.of[side.index()];
        let end = (p + 1..)
            .find(|&q| of.get(q).is_none_or(|x| x.is_some()))
            .unwrap_or(p + 1);
        self.jump_to(side, p);
        let label = self.pair.account(side).meta.label.clone();
        match s {
            Some(s) => {
                if let Some(start) = self
                    .pair
                    .account(side)
                    .paragraphs
                    .get(p)
                    .and_then(|x| x.sentences().get(s))
                    .map(|x| x.span().start)
                {
                    self.panes[side.index()].set_sentence(p, s, start, None);
                }
                self.say(
                    Why::Done,
                    format!("{label} ¶{}.{} has no counterpart", p + 1, s + 1),
                );
            }
            None => {
                let note = if end > p + 1 {
                    format!("{label} ¶{}–{end} have no counterpart", p + 1)
                } else {
                    format!("{label} ¶{} has no counterpart", p + 1)
                };
                self.say(Why::Done, note);
            }
        }
    }
}
