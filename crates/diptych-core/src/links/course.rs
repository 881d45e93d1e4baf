//! The course of events two narratives share, as a reader would draw it
//! through both accounts: each paragraph of the account told in more
//! paragraphs sits beside a paragraph of the other, the next one mostly
//! beside the same or the next (one account's long paragraph against a
//! run of the other's short ones), with jumps where one account skips or
//! tells in another place, and backward jumps where it tells a little
//! earlier (local reversals). [`super::order`] decides whether a pair
//! follows one order at all; this finds the course where it does.
//!
//! It is a Viterbi path (an HMM whose states are the shorter account's
//! paragraphs): a paragraph of the longer account earns the square root of
//! its link's score at the state it is in (the square root: many weak
//! links along the course outweigh one strong link off it), or a small
//! constant where it says nothing of that state; moving costs nothing one
//! paragraph on, staying a little (the less, the more paragraphs the
//! longer account has for each of the shorter's), and a jump costs more
//! the farther it goes, back more than forth. The links are few (a
//! paragraph keeps its best eight), so the programme runs over the links
//! alone, in n log n, with prefix and suffix maxima of the best course so
//! far at each state. Where both accounts tell in nearly as many
//! paragraphs, neither is the longer: each is walked in order in turn, and
//! each takes its counterparts from its own walk (`ALIKE`).
//!
//! The figures were set on the corpus (`cargo test --release --test links
//! narrative -- --nocapture`): on Borodino, a French and an English
//! account with a reader's gold, the best counterpart is right (within
//! one paragraph) for 0.59 of its paragraphs (0.47 when a paragraph
//! between the rising path's anchors took the link nearest where the path
//! expects it: a run of one account piled onto one paragraph of the
//! other); Tour du monde and War and Peace, linked as if they were two
//! narratives, keep 0.89 and 0.93 (0.90, 0.94). Near these figures the
//! Borodino share moves between 0.53 and 0.59 (whether the course turns
//! back for the chapter one account tells earlier), the others by 0.02.

use super::prefix_max::PrefixMax;
use super::score::Scorer;
use super::{Link, ParaRef};
use crate::pair::Pair;
use crate::text::Side;
use thin_vec::ThinVec;

/// What a paragraph earns where it says nothing of the state it is in:
/// a link weaker than this squared is not worth a move.
const QUIET: f64 = 0.1;
/// The cost of a jump forward past the next paragraph…
const JUMP: f64 = 0.3;
/// …of one backward (a local reversal)…
const BACK: f64 = 0.5;
/// …and, added to either, per paragraph jumped, this over the shorter
/// account's paragraph count: a jump across the whole book costs this.
const ACROSS: f64 = 5.0;
/// What staying beside the same paragraph costs, times the shorter
/// account's paragraphs over the longer's: where the two tell in as many
/// paragraphs, a long run of one beside a single paragraph of the other
/// is unlikely, and where one has three times as many, three beside one
/// is the rule. (Borodino, 242 French paragraphs against 94 English:
/// 140 -> 142 of 234 paragraphs right from 0.05 to 0.07, 140 at 0.1;
/// Droysen / Abbott, Tour du monde and War and Peace as narratives the
/// same from 0 to 0.1.)
const STAY: f64 = 0.06;
/// Accounts told in nearly as many paragraphs (the shorter this share of
/// the longer or more) have no longer one: each is walked in order beside
/// the other, and takes its counterparts from its own walk, where the
/// course visits its paragraphs one by one. (Droysen / Abbott, 121 and
/// 119 paragraphs: 89 -> 105 of 160 paragraphs right, Abbott's 47 -> 63
/// of 96; War and Peace linked as two narratives, 200 and 191: 119 -> 117
/// of 121. Tour du monde, 552 of 712 paragraphs, 81 of 89 walked one way
/// and 75 walked both, sets the share over 0.78.)
const ALIKE: f64 = 0.8;

/// Each paragraph's counterpart on the course, per side (`None` where an
/// account has no link at all), for accounts of `lens` paragraphs, from
/// the `links` and `more` scored cells (left, right, score).
pub fn counterparts(
    links: &[Vec<ThinVec<Link>>; 2],
    more: &[(usize, usize, f64)],
    lens: [usize; 2],
) -> [Vec<Option<usize>>; 2] {
    let mut cells = super::order::cells(links);
    cells.extend_from_slice(more);
    cells.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)).then(b.2.total_cmp(&a.2)));
    cells.dedup_by(|a, b| (a.0, a.1) == (b.0, b.1));
    let long = longer(lens);
    let (l, s) = (long.index(), long.other().index());
    let mut out: [Vec<Option<usize>>; 2] = Side::BOTH.map(|s| vec![None; lens[s.index()]]);
    let (course, points) = walk(&cells, lens, long);
    if !course.is_empty() {
        out[l] = along(&course, lens[l]);
        out[s] = across(&course, &points, lens[l], lens[s]);
    }
    // Accounts of alike grain: the other is walked in order too.
    if lens[s] as f64 >= ALIKE * lens[l] as f64 {
        let (course, _) = walk(&cells, lens, long.other());
        if !course.is_empty() {
            out[s] = along(&course, lens[s]);
        }
    }
    out
}

/// The course through the `cells` with `long` walked in order, each of
/// its paragraphs beside one of the other's, and the links it was drawn
/// through (as the programme sees them).
fn walk(cells: &[(usize, usize, f64)], lens: [usize; 2], long: Side) -> (Vec<Point>, Vec<Point>) {
    let points: Vec<Point> = {
        let mut v: Vec<Point> = cells
            .iter()
            .map(|&(l, r, score)| {
                let (at, state) = if long == Side::Left { (l, r) } else { (r, l) };
                Point { at, state, score }
            })
            .filter(|p| p.at < lens[long.index()] && p.state < lens[long.other().index()])
            .collect();
        v.sort_by_key(|p| (p.at, p.state));
        v
    };
    let course = viterbi(&points, lens[long.other().index()], lens[long.index()]);
    (course, points)
}

/// The account told in more paragraphs (the left of two alike), of
/// accounts of `lens` paragraphs.
pub fn longer(lens: [usize; 2]) -> Side {
    if lens[1] > lens[0] {
        Side::Right
    } else {
        Side::Left
    }
}

/// A link as the programme sees it: at paragraph `at` of the longer
/// account, in `state` (a paragraph of the shorter), with its score.
#[derive(Debug, Clone, Copy)]
struct Point {
    at: usize,
    state: usize,
    score: f64,
}

/// The course: the points visited, in order (`at` strictly rising).
fn viterbi(points: &[Point], states: usize, long: usize) -> Vec<Point> {
    let per = ACROSS / states.max(1) as f64;
    let stay = STAY * states as f64 / long.max(1) as f64;
    // The best course ending at each state so far, as is, and with the
    // jump's per-paragraph cost folded in for prefix and suffix maxima.
    let mut at_state: Vec<(f64, Option<usize>)> = vec![(f64::NEG_INFINITY, None); states];
    let mut forth = PrefixMax::new(states);
    let mut back = PrefixMax::new(states);
    let mut best: Vec<f64> = vec![0.0; points.len()];
    let mut from: Vec<Option<usize>> = vec![None; points.len()];
    let mut end: (f64, Option<usize>) = (0.0, None);
    let mut row = 0;
    while row < points.len() {
        let next = row + points[row..].partition_point(|p| p.at == points[row].at);
        for j in row..next {
            let b = points[j].state;
            // Start afresh, stay, step on, jump forth or back.
            let mut before = (0.0, None);
            let mut consider = |v: f64, i: Option<usize>| {
                if i.is_some() && v > before.0 {
                    before = (v, i);
                }
            };
            let (v, i) = at_state[b];
            consider(v - stay, i);
            if b > 0 {
                let (v, i) = at_state[b - 1];
                consider(v, i);
            }
            if b > 1 {
                let (v, i) = forth.below(b - 1);
                consider(v - JUMP - per * (b - 1) as f64, i);
            }
            let (v, i) = back.below(states - 1 - b);
            consider(v - BACK + per * b as f64, i);
            best[j] = before.0 + points[j].score.sqrt() - QUIET;
            from[j] = before.1;
            if best[j] > end.0 {
                end = (best[j], Some(j));
            }
        }
        // A row's points join the maxima only once the row is done: one
        // paragraph sits beside one state.
        for (j, p) in points.iter().enumerate().take(next).skip(row) {
            if best[j] > at_state[p.state].0 {
                at_state[p.state] = (best[j], Some(j));
            }
            forth.raise(p.state, best[j] + per * p.state as f64, j);
            back.raise(states - 1 - p.state, best[j] - per * p.state as f64, j);
        }
        row = next;
    }
    let mut course = Vec::new();
    let mut at = end.1;
    while let Some(j) = at {
        course.push(points[j]);
        at = from[j];
    }
    course.reverse();
    course
}

/// Each paragraph of the longer account's state: a visited paragraph's
/// own; between two visited ones, in proportion when the course moves on
/// by a few paragraphs there, else the state it was in; none before the
/// first or after the last (front and back matter the other account does
/// not tell).
fn along(course: &[Point], len: usize) -> Vec<Option<usize>> {
    let mut out = vec![None; len];
    for pair in course.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let gain = b.state.wrapping_sub(a.state);
        for (p, slot) in out.iter_mut().enumerate().take(b.at).skip(a.at) {
            *slot = Some(if p > a.at && gain <= 3 {
                let t = (p - a.at) as f64 / (b.at - a.at) as f64;
                (a.state as f64 + t * gain as f64).round() as usize
            } else {
                a.state
            });
        }
    }
    if let Some(last) = course.last()
        && let Some(slot) = out.get_mut(last.at)
    {
        *slot = Some(last.state);
    }
    out
}

/// Each paragraph of the shorter account's (`short_len` of them, the
/// longer's `long_len`) counterpart: of the points
/// visited in it, the best linked; else its best link between the course's
/// last point before it and first point after it (in state); else the
/// paragraph in proportion between those two; none outside the states the
/// course visits, where it has no link.
fn across(
    course: &[Point],
    points: &[Point],
    long_len: usize,
    short_len: usize,
) -> Vec<Option<usize>> {
    let mut out: Vec<Option<usize>> = vec![None; short_len];
    let mut visited: Vec<Option<Point>> = vec![None; short_len];
    for p in course {
        let v = &mut visited[p.state];
        if v.is_none_or(|v| p.score > v.score) {
            *v = Some(*p);
        }
    }
    // The links into each state, by the longer account's paragraph.
    let mut into: Vec<Vec<Point>> = vec![Vec::new(); short_len];
    for p in points {
        into[p.state].push(*p);
    }
    // below[s]: the course's last point (in its order) in a state under s;
    // above[s]: its first in a state over s. Running maxima and minima of
    // each state's last and first point, so linear, not a walk a state.
    let mut last: Vec<Option<usize>> = vec![None; short_len];
    let mut first: Vec<Option<usize>> = vec![None; short_len];
    for (k, p) in course.iter().enumerate() {
        last[p.state] = Some(k);
        first[p.state].get_or_insert(k);
    }
    let mut below: Vec<Option<usize>> = vec![None; short_len];
    for s in 1..short_len {
        below[s] = below[s - 1].max(last[s - 1]);
    }
    let mut above: Vec<Option<usize>> = vec![None; short_len];
    for s in (0..short_len.saturating_sub(1)).rev() {
        above[s] = match (above[s + 1], first[s + 1]) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    for (s, slot) in out.iter_mut().enumerate() {
        if let Some(v) = visited[s] {
            *slot = Some(v.at);
            continue;
        }
        let below = below[s].map(|k| course[k]);
        let above = above[s].map(|k| course[k]);
        let lo = below.map_or(0, |p| p.at);
        let hi = above.map_or(long_len.saturating_sub(1), |p| p.at);
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        let linked = into[s]
            .iter()
            .filter(|p| (lo..=hi).contains(&p.at))
            .max_by(|a, b| a.score.total_cmp(&b.score).then(b.at.cmp(&a.at)));
        *slot = Some(match (linked, below, above) {
            (Some(p), _, _) => p.at,
            (None, Some(a), Some(b)) => {
                let t = (s - a.state) as f64 / (b.state - a.state) as f64;
                (a.at as f64 + t * (b.at as f64 - a.at as f64)).round() as usize
            }
            (None, _, _) => continue,
        });
    }
    out
}

/// Each text paragraph of the account told in more paragraphs scored
/// against the paragraph of the other where the order `path` expects it
/// (left, right, score; none where they share nothing): a paragraph keeps
/// only its best few links, and the weak one in its place in the order is
/// evidence the course of events needs. (Measured on Borodino: 0.59 with
/// it, 0.47 without.)
pub(super) fn in_place(
    pair: &Pair,
    path: &[(usize, usize)],
    scorer: &Scorer,
    lens: [usize; 2],
) -> Vec<(usize, usize, f64)> {
    let long = longer(lens);
    let (mine, theirs) = (pair.account(long), pair.account(long.other()));
    let mut out = Vec::new();
    for (p, para) in mine.paragraphs.iter().enumerate() {
        let Some(at) = super::order::expected(path, long, p).filter(|_| para.is_text()) else {
            continue;
        };
        let q = at.round().max(0.0) as usize;
        if !theirs
            .paragraphs
            .get(q)
            .is_some_and(crate::text::Paragraph::is_text)
        {
            continue;
        }
        let from = scorer.index(ParaRef {
            side: long,
            paragraph: p,
        });
        let to = scorer.index(ParaRef {
            side: long.other(),
            paragraph: q,
        });
        let score = scorer.score(from, to).0;
        if score > 0.0 {
            out.push(match long {
                Side::Left => (p, q, score),
                Side::Right => (q, p, score),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(at: usize, state: usize, score: f64) -> Point {
        Point { at, state, score }
    }

    #[test]
    fn a_run_of_paragraphs_stays_beside_one_and_a_lone_far_link_is_passed_by() {
        // Paragraphs 0–5 of the longer account tell what 0–2 of the shorter
        // tell, two each; paragraph 3 also has a slightly better link far
        // off, to 9.
        let points = vec![
            point(0, 0, 0.5),
            point(1, 0, 0.3),
            point(2, 1, 0.5),
            point(3, 1, 0.2),
            point(3, 9, 0.3),
            point(4, 2, 0.4),
            point(5, 2, 0.5),
        ];
        let course: Vec<(usize, usize)> = viterbi(&points, 10, 6)
            .iter()
            .map(|p| (p.at, p.state))
            .collect();
        assert_eq!(course, vec![(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)]);
    }

    #[test]
    fn a_paragraph_between_visited_ones_sits_in_proportion() {
        let course = [point(0, 0, 0.5), point(4, 2, 0.5), point(6, 9, 0.5)];
        let along = along(&course, 8);
        assert_eq!(
            along,
            [0, 1, 1, 2, 2, 2, 9]
                .map(Some)
                .into_iter()
                .chain([None])
                .collect::<Vec<_>>(),
            "on by two in four paragraphs: in proportion; a jump: stays; none after the last"
        );
        let across = across(&course, &course, 8, 10);
        // State 1 was not visited: between paragraphs 0 and 4.
        assert_eq!(across[1], Some(2));
        assert_eq!(across[9], Some(6));
    }

    proptest::proptest! {
        /// Any links of any two accounts give a counterpart, where there is
        /// one, inside the other account, and never a panic.
        #[test]
        fn counterparts_stay_inside_the_other_account(
            lens in (0usize..40, 0usize..40),
            cells in proptest::collection::vec((0usize..50, 0usize..50, 0.0f64..1.0), 0..120),
        ) {
            let lens = [lens.0, lens.1];
            let out = counterparts(&[Vec::new(), Vec::new()], &cells, lens);
            for side in Side::BOTH {
                proptest::prop_assert_eq!(out[side.index()].len(), lens[side.index()]);
                for q in out[side.index()].iter().flatten() {
                    proptest::prop_assert!(*q < lens[side.other().index()]);
                }
            }
        }
    }
}
