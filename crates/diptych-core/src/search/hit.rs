//! A hit: the sentence found and the spans of the text every term of the
//! query matched in it, mapped back from the folded key.

use super::fuzzy::{WindowCache, char_ranges, fuzzy_in_words};
use super::query::Query;
use super::scores::TermHits;
use super::side::SideIndex;
use super::{Hit, SearchIndex, merge_ranges};
use crate::entities::Entities;
use crate::text::grapheme_end;
use crate::text::{Account, Side};
use std::ops::Range;

/// The most matches a hit keeps (the rest of a sentence's are left
/// unmarked): a sentence is as long as a file makes it, and one of 60 MB
/// of a single letter held 60 million matches of that letter, 4 GB.
/// Matches that touch are one already.
const MAX_MATCHES: usize = 4096;

/// `end` moved past the letters after it that fold to nothing (the soft
/// sign of князь, день): the key has no byte for them, so a match that
/// ends the folded word would end the highlight before them
/// ("[княз]ь"). Not past `limit`.
fn silent_letters_after(text: &str, mut end: usize, limit: usize) -> usize {
    while let Some(c) = text[end..limit].chars().next() {
        let mut buf = [0; 4];
        if !crate::text::is_word_char(c)
            || !crate::lang::fold::fold_query(c.encode_utf8(&mut buf)).is_empty()
        {
            break;
        }
        end = grapheme_end(text, end, limit);
    }
    end
}

/// `r` added to `ranges` (in the order found), joined to the last one
/// where the two touch, and not at all once [`MAX_MATCHES`] are held.
fn push_match(ranges: &mut Vec<Range<usize>>, r: Range<usize>) {
    if let Some(last) = ranges.last_mut()
        && last.start <= r.start
        && r.start <= last.end
    {
        last.end = last.end.max(r.end);
    } else if ranges.len() < MAX_MATCHES {
        ranges.push(r);
    }
}

/// Where a hit is: its account and sentence, with its score.
pub(super) struct At<'k, 'a> {
    /// The account.
    pub account: &'a Account,
    /// Which side it is.
    pub side: Side,
    /// Its search keys.
    pub index: &'k SideIndex,
    /// The sentence (an index into the keys).
    pub s: usize,
    /// Its score.
    pub score: i64,
}

impl SearchIndex {
    /// The hit for sentence `at.s`, with every match's span; `people` are
    /// those the terms' entries in `hits` index.
    pub(super) fn hit<'k>(
        &'k self,
        at: At<'k, '_>,
        q: &Query,
        hits: &[Vec<TermHits>],
        entities: Option<&Entities>,
        cache: &mut WindowCache<'k>,
    ) -> Hit {
        let At {
            account,
            side,
            index,
            s,
            score,
        } = at;
        let key = index.key(s);
        let (paragraph, sentence) = index.place(s);
        let sentence_span = account.paragraphs[paragraph].sentences()[sentence]
            .span()
            .clone();
        let mut key_ranges: Vec<Range<usize>> = Vec::new();
        let mut spans: Vec<Range<usize>> = Vec::new();
        let mut person = None;
        for (gi, group) in q.groups.iter().enumerate() {
            // Whether the group matched as written, counted as found (a
            // match joined to the one before, or past the most a hit
            // keeps, adds no range).
            let mut found = false;
            let before = spans.len();
            for (ti, t) in group.iter().enumerate() {
                for (i, _) in key.match_indices(t.key.as_str()) {
                    if t.sits(key, i, i + t.key.len(), index.endings) {
                        push_match(&mut key_ranges, i..i + t.key.len());
                        found = true;
                    }
                }
                let th = &hits[gi][ti];
                if !th.words.is_empty() {
                    for w in crate::lang::fold::key_words(key) {
                        if th.words.contains_key(&key[w.clone()]) {
                            push_match(&mut key_ranges, w);
                            found = true;
                        }
                    }
                }
                if let Some(entities) = entities {
                    for &p in &th.entries {
                        for m in &entities.entries[p].mentions[side.index()] {
                            if m.span.start >= sentence_span.start
                                && m.span.end <= sentence_span.end
                            {
                                spans.push(m.span.clone());
                                person.get_or_insert_with(|| entities.entries[p].id.clone());
                            }
                        }
                    }
                }
            }
            if !found && spans.len() == before {
                // Matched fuzzily: the letters matched.
                let best = group
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| t.fuzzy())
                    .filter_map(|(ti, t)| {
                        fuzzy_in_words(self.matcher.as_ref(), key, gi * 64 + ti, &t.key, cache)
                    })
                    .max_by_key(|(score, _)| *score);
                if let Some((_, idx)) = best {
                    key_ranges.extend(char_ranges(key, &idx));
                }
            }
        }
        if !key_ranges.is_empty() {
            // Back to the text through the sentence's map, folded again.
            let map = index.refold(&account.text, s).map;
            for r in key_ranges.into_iter().filter(|r| !r.is_empty()) {
                let start = map.get(r.start) as usize;
                let last = map.get(r.end - 1) as usize;
                let end = grapheme_end(&account.text, last, sentence_span.end);
                spans.push(start..silent_letters_after(&account.text, end, sentence_span.end));
            }
        }
        Hit {
            side,
            paragraph,
            sentence,
            score,
            matches: merge_ranges(spans),
            person,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Matches that touch are one, and a hit holds no more than
    /// [`MAX_MATCHES`] (a 60 MB sentence of one letter held 60 million).
    #[test]
    fn matches_that_touch_join_and_are_capped() {
        let mut r = Vec::new();
        for i in 0..1000 {
            push_match(&mut r, i..i + 1);
        }
        assert_eq!(r.len(), 1);
        assert_eq!(r[0], 0..1000);
        let mut r = Vec::new();
        for i in 0..3 * MAX_MATCHES {
            push_match(&mut r, 2 * i..2 * i + 1);
        }
        assert_eq!(r.len(), MAX_MATCHES);
    }
}
