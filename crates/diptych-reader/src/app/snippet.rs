//! What a link found, shown: the sentence of the linked paragraph holding
//! most of what the two paragraphs share (its topics' words, the names,
//! years and content words of its reasons), those words marked, drawn as
//! a search result is.

use super::App;
use diptych_core::lang::fold::fold_query;
use diptych_core::links::{Feature, Link};
use diptych_core::search::Hit;
use std::ops::Range;

/// How many bytes of a linked paragraph's start the snippet is looked for
/// in.
const WINDOW: usize = 16 * 1024;
/// A word of a reason marks a word of the text that starts with it, or
/// shares this many letters with it (потребу and потреби).
const SHARED_START: usize = 5;

impl App {
    /// The snippet of `link`: its paragraph's sentence with the most marks,
    /// as a hit whose matches are the marks; none when nothing shared is
    /// found in its words.
    pub fn link_snippet(&self, link: &Link) -> Option<Hit> {
        let links = self.links()?;
        let side = link.to.side;
        let account = self.pair.account(side);
        let para = account.paragraphs.get(link.to.paragraph)?;
        // Only the paragraph's start is looked at: it may be a whole 20 MB
        // line, and this runs for every link of every frame.
        let mut end = (para.span().start + WINDOW).min(para.span().end);
        while !account.text.is_char_boundary(end) {
            end -= 1;
        }
        let window = para.span().start..end;
        let mut marks: Vec<Range<usize>> = Vec::new();
        let mut stems: Vec<String> = Vec::new();
        for f in &link.shared {
            if let Feature::Topic(t) = f {
                // The topic spans are in reading order.
                let all = &links.topic_spans[side.index()];
                let first = all.partition_point(|(_, s)| s.start < window.start);
                marks.extend(
                    all[first..]
                        .iter()
                        .take_while(|(_, s)| s.start < window.end)
                        .filter(|(x, _)| *x == *t as usize)
                        .map(|(_, s)| s.clone()),
                );
                continue;
            }
            for part in links.reason(f).split(" / ") {
                stems.extend(
                    part.split_whitespace()
                        .map(fold_query)
                        .filter(|w| w.chars().count() >= 3),
                );
            }
        }
        if !stems.is_empty() {
            for w in account.words(window.clone()) {
                let f = fold_query(&account.text[w.clone()]);
                if stems.iter().any(|s| marks_word(s, &f)) {
                    marks.push(w);
                }
            }
        }
        marks.sort_by_key(|m| (m.start, m.end));
        marks.dedup();
        let count = |s: &Range<usize>| {
            marks
                .iter()
                .filter(|m| m.start >= s.start && m.end <= s.end)
                .count()
        };
        let (sentence, best) = para
            .sentences()
            .iter()
            .enumerate()
            .take_while(|(_, s)| s.span().start < window.end)
            .map(|(i, s)| (i, count(&s.span())))
            .fold((0, 0), |b, x| if x.1 > b.1 { x } else { b });
        // A link that shares nothing (a heading's, a paragraph in its
        // place in the order) shows how the paragraph begins.
        if best == 0 && (!link.shared.is_empty() || para.sentences().is_empty()) {
            return None;
        }
        let span = para.sentences()[sentence].span();
        Some(Hit {
            side,
            paragraph: link.to.paragraph,
            sentence,
            score: 0,
            matches: marks
                .into_iter()
                .filter(|m| m.start >= span.start && m.end <= span.end)
                .collect(),
            person: None,
        })
    }
}

/// True when the text's word `word` (folded) is the reason's word `stem`
/// with an ending, or shares [`SHARED_START`] letters with it.
fn marks_word(stem: &str, word: &str) -> bool {
    let common = stem
        .chars()
        .zip(word.chars())
        .take_while(|(a, b)| a == b)
        .count();
    common == stem.chars().count() || common >= SHARED_START
}

#[cfg(test)]
mod tests {
    use super::marks_word;

    #[test]
    fn a_reason_marks_its_word_with_any_ending() {
        assert!(marks_word("napoleon", "napoleona"));
        assert!(marks_word("potrebu", "potrebi"));
        assert!(marks_word("1814", "1814"));
        assert!(!marks_word("paris", "parma"));
    }
}
