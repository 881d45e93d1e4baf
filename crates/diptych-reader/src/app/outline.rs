//! The outline panel (`o`): the headings of both accounts side by side,
//! each row a heading of the left account beside the matching one of the
//! right (matched through the alignment for a translation, else by their
//! numbers and places in the texts), each with its paragraph number;
//! typing filters, Enter moves both panes there (a jump).

use super::Why;
use super::list::List;
use super::prompt::{Edit, Prompt};
use super::{Action, App, Context, Panel};
use diptych_core::lang::fold::fold_query;
use diptych_core::links::ParaRef;
use diptych_core::text::{Side, TocEntry};

/// One row of the outline: a heading of either account, or both.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OutlineRow {
    /// The headings, left and right.
    pub sides: [Option<TocEntry>; 2],
}

impl OutlineRow {
    /// The heading on `side`, if the row has one.
    pub fn get(&self, side: Side) -> Option<&TocEntry> {
        self.sides[side.index()].as_ref()
    }
}

/// The outline panel's state.
#[derive(Debug, Clone, Default)]
pub struct OutlinePanel {
    /// Every row, in reading order.
    pub all: Vec<OutlineRow>,
    /// What is typed.
    pub filter: Prompt,
    /// Indexes into `all` the filter leaves.
    pub rows: Vec<usize>,
    /// The selection.
    pub list: List,
}

impl OutlinePanel {
    /// Keeps the rows where either heading holds every word typed.
    pub fn refilter(&mut self) {
        let words: Vec<String> = fold_query(&self.filter.text)
            .split_whitespace()
            .map(str::to_string)
            .collect();
        self.rows = self
            .all
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                r.sides.iter().flatten().any(|e| {
                    let key = fold_query(&e.title);
                    words.iter().all(|w| key.contains(w.as_str()))
                })
            })
            .map(|(i, _)| i)
            .collect();
        self.list.set_len(self.rows.len());
    }

    /// The selected row.
    pub fn selected(&self) -> Option<&OutlineRow> {
        self.list
            .get()
            .and_then(|i| self.rows.get(i))
            .and_then(|&r| self.all.get(r))
    }
}

/// The number a heading carries (`XI`, `CHAPTER XI`, `Глава 3`, `BOOK
/// ONE`, `Rozdział sześćdziesiąty`): its first numeral, arabic, Roman or
/// a number word of any language's table.
fn heading_number(title: &str) -> Option<u32> {
    title.split_whitespace().find_map(|w| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        if !w.is_empty() && w.len() <= 4 && w.bytes().all(|b| b.is_ascii_digit()) {
            return w.parse().ok();
        }
        if diptych_core::text::is_roman(w) {
            return Some(diptych_core::text::roman_value(w));
        }
        diptych_core::lang::tables::get(None).number(&fold_query(w))
    })
}

/// The largest outlines matched in full (the work is their product); past
/// it the headings are merged by their places in the texts alone.
const MAX_CELLS: usize = 4_000_000;

/// How well heading `a` of the left account matches `b` of the right:
/// near where the alignment (or, without one, the share of the text read)
/// puts it, the same number (`XI` and `CHAPTER XI`), the same level.
fn match_score(a: &Heading, b: &Heading, expected: f64, len: usize) -> f64 {
    let at = b.entry.paragraph as f64 / len.max(1) as f64;
    let near = 1.0 - ((expected - at).abs() * 10.0).min(1.0);
    let number = match (a.number, b.number) {
        (Some(x), Some(y)) if x == y => 1.0,
        (Some(_), Some(_)) => -1.0,
        _ => 0.0,
    };
    near + number
        + if a.entry.level == b.entry.level {
            0.2
        } else {
            0.0
        }
}

/// A heading with the number it carries, read once.
struct Heading {
    entry: TocEntry,
    number: Option<u32>,
}

/// The rows of the paired outline: `left` and `right` headings matched in
/// order, most score in all (Needleman–Wunsch, a heading left alone
/// costing nothing), a pair counting only when it scores over a half.
/// `counterpart` gives, for a left paragraph, the right one the
/// alignment puts beside it.
pub fn pair_headings(
    left: Vec<TocEntry>,
    right: Vec<TocEntry>,
    lens: [usize; 2],
    counterpart: &dyn Fn(usize) -> Option<usize>,
) -> Vec<OutlineRow> {
    let (n, m) = (left.len(), right.len());
    let numbered = |v: Vec<TocEntry>| -> Vec<Heading> {
        v.into_iter()
            .map(|entry| Heading {
                number: heading_number(&entry.title),
                entry,
            })
            .collect()
    };
    let (left, right) = (numbered(left), numbered(right));
    let expected: Vec<f64> = left
        .iter()
        .map(|a| match counterpart(a.entry.paragraph) {
            Some(q) => q as f64 / lens[1].max(1) as f64,
            None => a.entry.paragraph as f64 / lens[0].max(1) as f64,
        })
        .collect();
    let mut pairs: Vec<(Option<usize>, Option<usize>)> = Vec::new();
    if n.saturating_mul(m) <= MAX_CELLS {
        // best[i][j]: the most score of the first i and j headings.
        let w = m + 1;
        let mut best = vec![0f64; (n + 1) * w];
        for i in 1..=n {
            for j in 1..=m {
                let s = match_score(&left[i - 1], &right[j - 1], expected[i - 1], lens[1]);
                let diag = if s > 0.5 {
                    best[(i - 1) * w + j - 1] + s
                } else {
                    f64::MIN
                };
                best[i * w + j] = diag.max(best[(i - 1) * w + j]).max(best[i * w + j - 1]);
            }
        }
        let (mut i, mut j) = (n, m);
        while i > 0 || j > 0 {
            if i > 0 && j > 0 {
                let s = match_score(&left[i - 1], &right[j - 1], expected[i - 1], lens[1]);
                if s > 0.5 && (best[i * w + j] - best[(i - 1) * w + j - 1] - s).abs() < 1e-9 {
                    pairs.push((Some(i - 1), Some(j - 1)));
                    i -= 1;
                    j -= 1;
                    continue;
                }
            }
            if i > 0 && (j == 0 || best[i * w + j] == best[(i - 1) * w + j]) {
                pairs.push((Some(i - 1), None));
                i -= 1;
            } else {
                pairs.push((None, Some(j - 1)));
                j -= 1;
            }
        }
        pairs.reverse();
    } else {
        // Merged by place: each account's headings in order, unpaired.
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            let right_first = j < m
                && (i >= n
                    || (right[j].entry.paragraph as f64 / lens[1].max(1) as f64) < expected[i]);
            if right_first {
                pairs.push((None, Some(j)));
                j += 1;
            } else {
                pairs.push((Some(i), None));
                i += 1;
            }
        }
    }
    let mut left: Vec<Option<TocEntry>> = left.into_iter().map(|h| Some(h.entry)).collect();
    let mut right: Vec<Option<TocEntry>> = right.into_iter().map(|h| Some(h.entry)).collect();
    pairs
        .into_iter()
        .map(|(a, b)| OutlineRow {
            sides: [
                a.and_then(|i| left[i].take()),
                b.and_then(|j| right[j].take()),
            ],
        })
        .collect()
}

impl App {
    /// `o`: the outline, the row of the cursor's section selected.
    pub(super) fn open_outline(&mut self) {
        let [left, right] = Side::BOTH.map(|s| self.pair.account(s).outline());
        if left.is_empty() && right.is_empty() {
            self.say(Why::Refused, "neither account has headings".into());
            return;
        }
        let lens = Side::BOTH.map(|s| self.pair.account(s).paragraphs.len());
        let links = self.arrived.links.clone();
        let counterpart = |p: usize| {
            links
                .as_ref()
                .filter(|l| l.alignment.is_some())
                .and_then(|l| l.sync_target(Side::Left, p))
                .map(|r| r.paragraph)
        };
        let all = pair_headings(left, right, lens, &counterpart);
        let cursor = self.pane(self.focus).cursor;
        self.outline = OutlinePanel {
            all,
            ..OutlinePanel::default()
        };
        self.outline.refilter();
        // The section the cursor is in.
        let here = self
            .outline
            .all
            .iter()
            .rposition(|r| r.get(self.focus).is_some_and(|e| e.paragraph <= cursor))
            .unwrap_or(0);
        self.outline.list.selected = here;
        self.show(Panel::Outline, Context::Outline);
    }

    /// Enter on a row: the focused pane's heading (or the row's one) at the
    /// top of its pane, a jump, and the other account's beside it.
    fn go_to_row(&mut self, row: &OutlineRow) {
        let main = if row.get(self.focus).is_some() {
            self.focus
        } else {
            self.focus.other()
        };
        let Some(entry) = row.get(main) else {
            return;
        };
        self.set_context(Context::Reader);
        self.jump_to(main, entry.paragraph);
        let pane = &mut self.panes[main.index()];
        let first = pane.first_line(entry.paragraph);
        pane.scroll_to(first);
        if let Some(other) = row.get(main.other()) {
            self.align(
                ParaRef {
                    side: main,
                    paragraph: entry.paragraph,
                },
                ParaRef {
                    side: main.other(),
                    paragraph: other.paragraph,
                },
            );
            self.focus_on(main);
        }
    }

    /// Outline actions; true when consumed.
    pub(super) fn update_outline(&mut self, action: &Action) -> bool {
        match self.outline.filter.apply(action) {
            Edit::Text => {
                self.outline.list.selected = 0;
                self.outline.refilter();
                return true;
            }
            Edit::Cursor => return true,
            Edit::None => {}
        }
        match action {
            Action::SelectNext => self.outline.list.next(),
            Action::SelectPrev => self.outline.list.prev(),
            Action::Jump => {
                if let Some(r) = self.outline.selected().cloned() {
                    self.go_to_row(&r);
                }
            }
            Action::FocusText => self.set_context(Context::Reader),
            Action::Cancel if !self.outline.filter.text.is_empty() => {
                self.outline.filter = Prompt::default();
                self.outline.refilter();
                self.say(
                    Why::Done,
                    "filter cleared · Esc again closes the outline".into(),
                );
            }
            Action::Cancel | Action::ClosePanel => self.close_panel(),
            _ => {}
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heads(titles: &[(&str, usize)]) -> Vec<TocEntry> {
        titles
            .iter()
            .map(|&(t, p)| TocEntry {
                title: t.into(),
                paragraph: p,
                level: 2,
            })
            .collect()
    }

    fn titles(rows: &[OutlineRow]) -> Vec<(String, String)> {
        rows.iter()
            .map(|r| {
                let t = |s: Side| r.get(s).map_or(String::new(), |e| e.title.clone());
                (t(Side::Left), t(Side::Right))
            })
            .collect()
    }

    #[test]
    fn headings_carry_their_numbers() {
        assert_eq!(heading_number("XI"), Some(11));
        assert_eq!(heading_number("CHAPTER XIV"), Some(14));
        assert_eq!(heading_number("Глава 3."), Some(3));
        assert_eq!(heading_number("MCMXLV"), Some(1945));
        assert_eq!(heading_number("The Abdication"), None);
    }

    #[test]
    fn numbered_chapters_meet_and_the_rest_stand_alone() {
        let left = heads(&[("Аннотация", 3), ("I", 10), ("II", 50), ("III", 70)]);
        let right = heads(&[("CHAPTER I", 0), ("CHAPTER II", 43), ("CHAPTER III", 62)]);
        let rows = pair_headings(left, right, [100, 90], &|_| None);
        assert_eq!(
            titles(&rows),
            [
                ("Аннотация".into(), String::new()),
                ("I".into(), "CHAPTER I".into()),
                ("II".into(), "CHAPTER II".into()),
                ("III".into(), "CHAPTER III".into()),
            ]
        );
    }

    #[test]
    fn the_alignment_decides_where_numbers_say_nothing() {
        let left = heads(&[("Fontainebleau", 5), ("Elba", 40)]);
        let right = heads(&[("Paris", 2), ("Waterloo", 30), ("Elbe", 80)]);
        // The alignment puts left ¶5 beside right ¶30 and ¶40 beside ¶80.
        let rows = pair_headings(left, right, [50, 100], &|p| {
            Some(if p < 20 { 30 } else { 80 })
        });
        assert_eq!(
            titles(&rows),
            [
                (String::new(), "Paris".into()),
                ("Fontainebleau".into(), "Waterloo".into()),
                ("Elba".into(), "Elbe".into()),
            ]
        );
    }
}
