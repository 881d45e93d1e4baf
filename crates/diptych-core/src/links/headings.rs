//! Headings' counterparts. A heading shares no words worth scoring ("II"
//! against "CHAPTER II"), so the scorer gives it no links; but a reader on
//! a chapter's heading wants the other account's heading of that chapter
//! beside it, and sync wants somewhere to go. A translation's heading
//! takes its aligned paragraph. Elsewhere a heading stands before the
//! paragraph it opens: the counterpart of that paragraph shows where the
//! other account's chapter begins, and its heading of the same level in
//! the run of headings just before is the counterpart. A part's heading
//! with no part heading on the other side, or a caption the other side
//! sets as a heading of another level, stays without one.

use super::{Link, ParaRef};
use crate::pair::Pair;
use crate::text::{Paragraph, Side};
use thin_vec::ThinVec;

/// How far a heading may stand before the text it opens, and the other
/// account's heading before the counterpart: a heading, a title line, a
/// subtitle.
const NEAR: usize = 3;

/// Gives each heading without a link (a translation's aligned heading has
/// one, [`super::Links::aligned_first`]) the heading before the
/// counterpart of the text it opens.
pub(super) fn link_headings(pair: &Pair, links: &mut [Vec<ThinVec<Link>>; 2]) {
    let mut found: Vec<(ParaRef, ParaRef)> = Vec::new();
    for side in Side::BOTH {
        let mine = &pair.account(side).paragraphs;
        let theirs = &pair.account(side.other()).paragraphs;
        for (h, para) in mine.iter().enumerate() {
            if !para.is_heading() || !links[side.index()][h].is_empty() {
                continue;
            }
            if let Some(q) = before_counterpart(side, mine, theirs, &links[side.index()], h) {
                let from = ParaRef { side, paragraph: h };
                let to = ParaRef {
                    side: side.other(),
                    paragraph: q,
                };
                found.push((from, to));
            }
        }
    }
    for (from, to) in found {
        let ls = &mut links[from.side.index()][from.paragraph];
        ls.reserve_exact(1);
        ls.push(Link {
            to,
            score: 0.0,
            shared: Vec::new(),
            aligned: false,
            in_order: true,
        });
    }
}

/// The heading of `theirs` before the counterpart of the text paragraph
/// heading `h` of `mine` (on `side`) opens (`links` are mine's); `None`
/// where no text with a counterpart follows within [`NEAR`] paragraphs or
/// no heading of its level stands near before that counterpart.
fn before_counterpart(
    side: Side,
    mine: &[Paragraph],
    theirs: &[Paragraph],
    links: &[ThinVec<Link>],
    h: usize,
) -> Option<usize> {
    let (p, q) = (h + 1..=h + NEAR)
        .take_while(|&p| p < mine.len())
        .filter(|&p| mine[p].is_text())
        .find_map(|p| {
            let l = links[p].iter().find(|l| l.to.side != side)?;
            Some((p, l.to.paragraph))
        })?;
    let mine_level = mine[h].heading_level()?;
    // The other account's heading of the same level in the run of
    // headings just before the counterpart, as far before it as mine is
    // before my text (a caption set as a heading, text after it, opens
    // nothing). The counterpart may stand a paragraph or two off the
    // chapter's first: then the text's other links near it are tried, in
    // their order (the chapter's opening paragraph shares the most).
    let heading_before = |t: usize| {
        let run = (t.saturating_sub(NEAR)..t)
            .rev()
            .take_while(|&i| theirs[i].is_heading())
            .last()?;
        (run..t)
            .filter(|&i| theirs[i].heading_level() == Some(mine_level))
            .min_by_key(|&i| ((t - i).abs_diff(p - h), t - i))
    };
    std::iter::once(q)
        .chain(
            links[p]
                .iter()
                .filter(|l| l.to.side != side && l.to.paragraph.abs_diff(q) <= NEAR)
                .map(|l| l.to.paragraph),
        )
        .filter(|&t| t < theirs.len())
        .find_map(heading_before)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::ParaKind;

    fn paras(kinds: &[ParaKind]) -> Vec<Paragraph> {
        kinds
            .iter()
            .enumerate()
            .map(|(i, &k)| Paragraph::new(i * 10..i * 10 + 5, &[], k))
            .collect()
    }

    fn link_to(paragraph: usize) -> ThinVec<Link> {
        let mut v = ThinVec::new();
        v.push(Link {
            to: ParaRef {
                side: Side::Right,
                paragraph,
            },
            score: 0.5,
            shared: Vec::new(),
            aligned: false,
            in_order: true,
        });
        v
    }

    #[test]
    fn a_heading_takes_the_heading_of_its_level_before_its_texts_counterpart() {
        use ParaKind::{Heading, Text};
        // Mine: "Part one", "I", text, text, "II", text.
        let mine = paras(&[Heading(1), Heading(2), Text, Text, Heading(2), Text]);
        // Theirs: "CHAPTER I", text, text, a caption set as a heading, its
        // closing bracket, text, "CHAPTER II", text.
        let theirs = paras(&[
            Heading(2),
            Text,
            Text,
            Heading(2),
            Text,
            Text,
            Heading(2),
            Text,
        ]);
        let mut links = vec![ThinVec::new(); mine.len()];
        links[2] = link_to(1);
        links[5] = link_to(7);
        let got =
            |links: &[ThinVec<Link>], h| before_counterpart(Side::Left, &mine, &theirs, links, h);
        assert_eq!(got(&links, 1), Some(0), "I beside CHAPTER I");
        assert_eq!(got(&links, 0), None, "no part heading on the other side");
        assert_eq!(got(&links, 4), Some(6), "II beside CHAPTER II");
        // Had the text after II gone beside the text after the caption,
        // the caption (text follows it) opens nothing.
        links[5] = link_to(5);
        assert_eq!(got(&links, 4), None);
    }
}
