//! The sentence cursor: `)` and `(` move it through the sentences of the
//! focused pane, paragraph after paragraph (as in vim); for an aligned
//! translation its counterpart sentences in the other pane are marked,
//! `l` and sync put them beside it, sync keeps the two sides level by
//! sentence while a long paragraph scrolls, and the status line shows the
//! correspondence (`¶12.3 ⇄ ¶11.2–3`).

use super::App;
use super::Why;
use diptych_core::links::align::{SentenceBead, refs};
use diptych_core::links::{Alignment, ParaRef};
use diptych_core::text::Side;
use std::ops::Range;

impl App {
    /// `)` (`forward`) and `(`: the next or previous sentence, into the
    /// next or previous paragraph that has one. The first `)` in a
    /// paragraph marks its first sentence.
    pub(super) fn step_sentence(&mut self, forward: bool, count: usize) {
        for _ in 0..count.max(1) {
            if !self.step_sentence_once(forward) {
                break;
            }
        }
    }

    /// One step of [`App::step_sentence`]; false at either end.
    fn step_sentence_once(&mut self, forward: bool) -> bool {
        let side = self.focus;
        let account = self.pair.account(side);
        let (p, s) = (self.pane(side).cursor, self.pane(side).sentence);
        let count = |p: usize| account.paragraphs.get(p).map_or(0, |x| x.sentences().len());
        let target = if forward {
            match s {
                None if count(p) > 0 => Some((p, 0)),
                Some(s) if s + 1 < count(p) => Some((p, s + 1)),
                _ => (p + 1..account.paragraphs.len())
                    .find(|&q| count(q) > 0)
                    .map(|q| (q, 0)),
            }
        } else {
            match s {
                Some(s) if s > 0 => Some((p, s - 1)),
                _ => (0..p)
                    .rev()
                    .find(|&q| count(q) > 0)
                    .map(|q| (q, count(q) - 1)),
            }
        };
        let Some((q, t)) = target else {
            self.say(
                Why::Done,
                if forward {
                    "the last sentence"
                } else {
                    "the first sentence"
                }
                .into(),
            );
            return false;
        };
        let start = account.paragraphs[q].sentences()[t].span().start;
        self.panes[side.index()].set_sentence(q, t, start, None);
        true
    }

    /// The span of sentence `s` of paragraph `p` on `side`.
    fn sentence_span(&self, side: Side, p: usize, s: usize) -> Option<Range<usize>> {
        self.pair
            .account(side)
            .paragraphs
            .get(p)
            .and_then(|x| x.sentences().get(s))
            .map(diptych_core::text::Sentence::span)
    }

    /// The alignment, when the pair is an aligned translation with
    /// sentences.
    pub(super) fn sentence_alignment(&self) -> Option<&Alignment> {
        self.links()
            .and_then(|l| l.alignment.as_ref())
            .filter(|a| !a.sentences.is_empty())
    }

    /// The sentence bead of the focused pane's cursor sentence.
    fn cursor_bead(&self) -> Option<&SentenceBead> {
        let pane = self.pane(self.focus);
        let s = pane.sentence?;
        self.sentence_alignment()?
            .sentence_bead(self.focus, pane.cursor, s)
    }

    /// The counterpart sentences of the cursor sentence: (paragraph,
    /// sentence) in the other pane, in order.
    pub(super) fn counterpart_sentences(&self) -> &[(usize, usize)] {
        self.cursor_bead().map_or(&[], |b| match self.focus {
            Side::Left => &b.right,
            Side::Right => &b.left,
        })
    }

    /// What `l` says once it put the cursor sentence's counterpart beside
    /// it: "en ¶112.1–2 beside ru ¶120.1".
    pub(super) fn sentence_counterpart_note(&self) -> String {
        let side = self.focus;
        let pane = self.pane(side);
        let label = |s: Side| self.pair.account(s).meta.label.clone();
        let here = format!(
            "{} ¶{}.{}",
            label(side),
            pane.cursor + 1,
            pane.sentence.map_or(1, |s| s + 1)
        );
        let there = self.counterpart_sentences();
        let (Some(&(q, first)), Some(&(q_last, last))) = (there.first(), there.last()) else {
            return here;
        };
        let span = if q_last == q && last != first {
            format!("¶{}.{}–{}", q + 1, first + 1, last + 1)
        } else {
            format!("¶{}.{}", q + 1, first + 1)
        };
        format!("{} {span} beside {here}", label(side.other()))
    }

    /// Puts the cursor sentence's counterpart beside it: its first line on
    /// the row of the cursor sentence's first line. False when there is no
    /// sentence cursor or no counterpart.
    pub(super) fn align_sentence(&mut self) -> bool {
        let side = self.focus;
        let Some(&(q, t)) = self.counterpart_sentences().first() else {
            return false;
        };
        let pane = self.pane(side);
        let Some(s) = pane.sentence else { return false };
        let Some(here) = self.sentence_span(side, pane.cursor, s) else {
            return false;
        };
        let row = pane.row_of(here.start).max(0) as usize;
        let other = side.other();
        let Some(start) = self.sentence_span(other, q, t).map(|x| x.start) else {
            return false;
        };
        let from = ParaRef {
            side,
            paragraph: pane.cursor,
        };
        self.placed = true;
        self.panes[other.index()].set_sentence(q, t, start, Some(row));
        self.panes[other.index()].sentence = None;
        self.bars[side.index()] = Some(from.paragraph);
        self.bars[other.index()] = Some(q);
        true
    }

    /// With sync on, after the focused pane scrolled with its cursor
    /// paragraph in place: the sentence at its top row and that
    /// sentence's counterpart are put on one row, so a long paragraph's
    /// two sides stay level as it scrolls.
    pub(super) fn level_by_sentence(&mut self) {
        let side = self.focus;
        let Some(a) = self.sentence_alignment() else {
            return;
        };
        let pane = self.pane(side);
        let account = self.pair.account(side);
        let offset = pane.top_offset();
        let p = account.paragraph_at(offset);
        let Some(s) = account.paragraphs.get(p).and_then(|para| {
            let i = para.sentences().partition_point(|x| x.span().end <= offset);
            (i < para.sentences().len()).then_some(i)
        }) else {
            return;
        };
        let Some(&(q, t)) = a.sentence_bead(side, p, s).and_then(|b| match side {
            Side::Left => b.right.first(),
            Side::Right => b.left.first(),
        }) else {
            return;
        };
        let row = pane.row_of(account.paragraphs[p].sentences()[s].span().start);
        let other = side.other();
        let Some(start) = self.sentence_span(other, q, t).map(|x| x.start) else {
            return;
        };
        let o = &mut self.panes[other.index()];
        let line = o.wrapped().line_of(start) as isize;
        o.scroll_to(line.saturating_sub(row).max(0) as usize);
        o.cursor = q.min(o.paragraphs().saturating_sub(1));
        o.sentence = None;
    }

    /// The spans to mark as sentences in `side`'s pane: the cursor sentence
    /// in the focused pane, its counterparts in the other.
    pub fn sentence_marks(&self, side: Side) -> Vec<Range<usize>> {
        let span = |p: usize, s: usize| self.sentence_span(side, p, s);
        if side == self.focus {
            let pane = self.pane(side);
            pane.sentence
                .and_then(|s| span(pane.cursor, s))
                .into_iter()
                .collect()
        } else {
            self.counterpart_sentences()
                .iter()
                .filter_map(|&(p, s)| span(p, s))
                .collect()
        }
    }

    /// The cursor sentence and its counterparts as the status line shows
    /// them (`¶12.3 ⇄ ¶11.2–3`), when there is a sentence cursor in an
    /// aligned translation.
    pub fn sentence_correspondence(&self) -> Option<String> {
        let b = self.cursor_bead()?;
        let one = |v: &[(usize, usize)]| -> Vec<(usize, Option<usize>)> {
            v.iter().map(|&(p, s)| (p, Some(s))).collect()
        };
        let there = match self.focus {
            Side::Left => &b.right,
            Side::Right => &b.left,
        };
        let pane = self.pane(self.focus);
        let mine = [(pane.cursor, pane.sentence)];
        Some(format!("{} ⇄ {}", refs(&mine), refs(&one(there))))
    }
}
