//! Where two tellings of one event disagree: the counts and dates that
//! differ between two linked paragraphs (3 guns against 5; the 23rd
//! against the 24th; 43 generals against 49). Claimed only where a reader
//! would agree the two paragraphs tell one event: a translation's aligned
//! paragraphs, or two narratives' counterparts on the order both tell
//! their events in, with strong evidence besides ([`eligible`]); and only
//! between quantities of one kind: a count of guns against a count of
//! guns ([`counts`]), a date against a date a few days off. Made when
//! asked for, from the two paragraphs: the links keep nothing for it.

pub mod counts;

use super::{Link, Links, ParaRef, units};
use crate::pair::Pair;
use crate::text::Side;
use std::ops::Range;

/// The least score of a link whose paragraphs' quantities are compared:
/// below it, the two may tell different events.
pub const STRONG: f64 = 0.3;

/// How many times larger one count may be than the other and still be
/// told of one thing (60 guns against 24; 700 prisoners against 2000);
/// beyond it two counts are of different things (3 guns lost against the
/// 900 of the whole battle).
const RATIO: f64 = 4.0;

/// How many days apart two dates may be and still be one day told
/// differently.
const DAYS: i32 = 3;

/// What two quantities that differ are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum What {
    /// A day of a month.
    Date,
    /// A count of a counted thing (index into [`counts::units`]).
    Count(usize),
}

/// One quantity as one paragraph tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    /// Which paragraph.
    pub at: ParaRef,
    /// The count, or the date as month × 32 + day.
    pub value: u64,
    /// Where it is written in its account.
    pub span: Range<usize>,
}

/// One disagreement between two linked paragraphs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// What differs.
    pub what: What,
    /// The left account's telling.
    pub left: Told,
    /// The right account's telling.
    pub right: Told,
}

impl Difference {
    /// What differs, as shown: the counted thing (`guns`) or `date`.
    pub fn label(&self) -> String {
        match self.what {
            What::Date => "date".into(),
            What::Count(u) => counts::units().label(u),
        }
    }

    /// The difference as a reader reads it, each side as written:
    /// `guns: trois canons / 5 guns`. Text from the files: sanitise it
    /// before it reaches a terminal.
    pub fn shown(&self, pair: &Pair) -> String {
        let text = |t: &Told| {
            let s = &pair.account(t.at.side).text[t.span.clone()];
            s.split_whitespace().collect::<Vec<_>>().join(" ")
        };
        format!(
            "{}: {} / {}",
            self.label(),
            text(&self.left),
            text(&self.right)
        )
    }
}

/// True when `r` is a paragraph of running text of `pair`.
fn is_text_at(pair: &Pair, r: ParaRef) -> bool {
    pair.account(r.side)
        .paragraphs
        .get(r.paragraph)
        .is_some_and(crate::text::Paragraph::is_text)
}

/// True when a link's two paragraphs may be compared: aligned, or on the
/// order path, with a score of at least [`STRONG`].
pub fn eligible(link: &Link) -> bool {
    (link.aligned || link.in_order) && link.score >= STRONG
}

/// A date's day of the year, roughly (no leap days): how far apart two
/// dates are.
fn day_of_year(d: u64) -> i32 {
    const BEFORE: [i32; 12] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
    let (m, day) = ((d / 32) as usize, (d % 32) as i32);
    BEFORE.get(m.wrapping_sub(1)).copied().unwrap_or(0) + day
}

/// Pairs each quantity of `a` with the closest of `b` of its kind when
/// the two sides share none of that kind and the two are close enough to
/// be one quantity told two ways.
fn disagreements(
    what: What,
    a: &[Told],
    b: &[Told],
    close: impl Fn(u64, u64) -> Option<f64>,
) -> Vec<Difference> {
    if a.is_empty() || b.is_empty() || a.iter().any(|x| b.iter().any(|y| x.value == y.value)) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for x in a {
        let best = b
            .iter()
            .filter_map(|y| close(x.value, y.value).map(|d| (d, y)))
            .min_by(|p, q| p.0.total_cmp(&q.0));
        if let Some((_, y)) = best {
            out.push(Difference {
                what,
                left: x.clone(),
                right: y.clone(),
            });
        }
    }
    out
}

/// The disagreements between paragraph `left` of the left account and
/// paragraph `right` of the right, in the left paragraph's reading order:
/// counts of one counted thing that differ, dates a few days apart. The
/// caller says the two tell one event ([`eligible`]).
pub fn between(pair: &Pair, left: usize, right: usize) -> Vec<Difference> {
    let at = [
        ParaRef {
            side: Side::Left,
            paragraph: left,
        },
        ParaRef {
            side: Side::Right,
            paragraph: right,
        },
    ];
    if !at.iter().all(|&r| is_text_at(pair, r)) {
        return Vec::new();
    }
    let mut out = Vec::new();
    // Dates.
    let dates = at.map(|r| {
        let account = pair.account(r.side);
        units::dates_at(account, account.paragraphs[r.paragraph].span())
            .into_iter()
            .map(|(d, span)| Told {
                at: r,
                value: u64::from(d),
                span,
            })
            .collect::<Vec<_>>()
    });
    out.extend(disagreements(What::Date, &dates[0], &dates[1], |x, y| {
        let d = (day_of_year(x) - day_of_year(y)).abs();
        (d <= DAYS).then_some(f64::from(d))
    }));
    // Counts, one counted thing at a time, where each paragraph counts
    // every time it names the thing: a mention left uncounted may be
    // counted in words the data does not read.
    let counted = at.map(|r| counts::counts(pair.account(r.side), r.paragraph));
    let mut kinds: Vec<usize> = counted[0].0.iter().map(|c| c.unit).collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds.retain(|u| !counted[0].1.contains(u) && !counted[1].1.contains(u));
    for u in kinds {
        let of = |k: usize| -> Vec<Told> {
            counted[k]
                .0
                .iter()
                .filter(|c| c.unit == u)
                .map(|c| Told {
                    at: at[k],
                    value: c.value,
                    span: c.span.clone(),
                })
                .collect()
        };
        out.extend(disagreements(What::Count(u), &of(0), &of(1), |x, y| {
            let r = x.max(y) as f64 / x.min(y).max(1) as f64;
            (r <= RATIO).then_some(r)
        }));
    }
    out.sort_by_key(|d| d.left.span.start);
    out
}

impl Links {
    /// The disagreements of a link from `from` ([`between`]), where the
    /// link may have them ([`eligible`]); else none.
    pub fn differences(&self, pair: &Pair, from: ParaRef, link: &Link) -> Vec<Difference> {
        if !eligible(link) || from.side == link.to.side {
            return Vec::new();
        }
        let (l, r) = match from.side {
            Side::Left => (from.paragraph, link.to.paragraph),
            Side::Right => (link.to.paragraph, from.paragraph),
        };
        between(pair, l, r)
    }

    /// Every pair of linked paragraphs that disagree, left paragraph by
    /// left paragraph, each pair once (its links from either side).
    pub fn all_differences(&self, pair: &Pair) -> Vec<((usize, usize), Vec<Difference>)> {
        differences_in(pair, &self.compared_pairs(pair))
    }

    /// The paragraph pairs (left, right) of `pair` whose quantities are
    /// compared: running text linked as telling one event ([`eligible`]),
    /// in order.
    pub fn compared_pairs(&self, pair: &Pair) -> Vec<(usize, usize)> {
        let text = |r: ParaRef| is_text_at(pair, r);
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for side in Side::BOTH {
            for (p, ls) in self.links[side.index()].iter().enumerate() {
                let from = ParaRef { side, paragraph: p };
                if !text(from) {
                    continue;
                }
                for l in ls
                    .iter()
                    .filter(|l| l.to.side != side && eligible(l) && text(l.to))
                {
                    pairs.push(match side {
                        Side::Left => (p, l.to.paragraph),
                        Side::Right => (l.to.paragraph, p),
                    });
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }

    /// True when any link is aligned or on the order path, whatever its
    /// score: where none is, the accounts follow no order both share, and
    /// no two paragraphs are known to tell one event.
    pub fn any_on_course(&self) -> bool {
        self.links
            .iter()
            .flatten()
            .flatten()
            .any(|l| l.aligned || l.in_order)
    }
}

/// The differences between the paragraph pairs `pairs` (left, right), for
/// those that have any, in order.
pub fn differences_in(
    pair: &Pair,
    pairs: &[(usize, usize)],
) -> Vec<((usize, usize), Vec<Difference>)> {
    pairs
        .iter()
        .filter_map(|&(l, r)| {
            let d = between(pair, l, r);
            (!d.is_empty()).then_some(((l, r), d))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Meta;

    fn pair(langs: [&str; 2], texts: [&str; 2]) -> Pair {
        let meta = |code: &str| {
            let mut m = Meta::named(code);
            m.language = crate::Lang::from_code(code);
            m
        };
        Pair::from_texts(langs.map(meta), texts.map(String::from))
    }

    fn shown(fr: &str, en: &str) -> Vec<String> {
        let p = pair(["fr", "en"], [fr, en]);
        between(&p, 0, 0).iter().map(|d| d.shown(&p)).collect()
    }

    #[test]
    fn counts_and_dates_that_differ() {
        assert_eq!(
            shown(
                "Le 23 août, les cuirassiers enlevèrent trois canons; quarante-trois généraux tombèrent.",
                "On August 24th the cuirassiers captured 5 guns; 43 generals fell."
            ),
            ["date: 23 août / August 24th", "guns: trois canons / 5 guns"]
        );
    }

    #[test]
    fn what_is_no_disagreement() {
        // The same date among others; a count of another thing; counts too
        // far apart to be one (3 guns lost, 900 in the battle); dates twelve
        // days apart (two calendars, or two days).
        for (fr, en) in [
            (
                "Le 6 et le 7 septembre.",
                "On September 7th and 8th September.",
            ),
            ("Il perdit trois canons.", "He lost 5 battalions."),
            ("Il perdit trois canons.", "Some 900 guns fired."),
            ("Le 26 août, la bataille.", "On September 7th, the battle."),
        ] {
            assert_eq!(shown(fr, en), Vec::<String>::new(), "{fr} / {en}");
        }
    }

    #[test]
    fn a_thing_named_without_a_readable_count_is_not_compared() {
        // "дней в пять" counts after the noun; "siedm" is an old spelling:
        // each paragraph names days it counts in a way not read, so seven
        // days against five is no claim.
        let p = pair(
            ["ru", "pl"],
            [
                "Мы отплыли и дней в пять прибыли к ним, где пробыли семь дней.",
                "Odpłynęliśmy i przyszliśmy do nich za pięć dni, gdzieśmy zamieszkali siedmioro dni.",
            ],
        );
        assert_eq!(between(&p, 0, 0), Vec::new());
    }

    #[test]
    fn only_strong_links_on_the_path_are_compared() {
        let link = |score, in_order| Link {
            to: ParaRef {
                side: Side::Right,
                paragraph: 0,
            },
            score,
            shared: Vec::new(),
            aligned: false,
            in_order,
        };
        assert!(eligible(&link(0.5, true)));
        assert!(!eligible(&link(0.5, false)));
        assert!(!eligible(&link(STRONG / 2.0, true)));
    }
}
