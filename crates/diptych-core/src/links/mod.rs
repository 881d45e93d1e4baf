//! Links between paragraphs, of two kinds in one model. A pair of texts is
//! either a translation (one aligns with the other, [`align`]: the aligned
//! paragraph is each paragraph's counterpart, and sync follows the
//! alignment row by row) or two narratives of the same events (the
//! counterpart is the paragraph sharing the most telling topics, people,
//! places and years, [`score`]). Both kinds also link every paragraph to
//! the related paragraphs of both accounts, with the reasons. A heading is
//! linked only to its counterpart (the `headings` module); matter is not
//! linked. Built once, in the background.

pub mod align;
mod counts;
pub mod course;
pub mod differ;
mod features;
pub mod found;
mod headings;
mod known;
pub mod order;
mod prefix_max;
pub mod score;
pub mod topics;
pub mod translation;
pub mod units;
pub mod words;

pub use align::{AlignChoice, Alignment};
pub use topics::{Topic, Topics};

use crate::entities::Entities;
use crate::lexicon::Lexicon;
use crate::pair::Pair;
use crate::text::Side;
use score::{Features, Scorer};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use thin_vec::ThinVec;

/// Paragraphs per account beyond which candidates must be near in position.
pub const MAX_FREE_PARAGRAPHS: usize = 40_000;

/// Whether the pair is a translation or two narratives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// One text translates the other: paragraphs are aligned.
    Translation,
    /// Two narratives: paragraphs are linked by what they share.
    Narrative,
}

impl Mode {
    /// "translation" or "narrative".
    pub fn name(self) -> &'static str {
        match self {
            Mode::Translation => "translation",
            Mode::Narrative => "narrative",
        }
    }
}

/// A paragraph of either account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ParaRef {
    /// Which account.
    pub side: Side,
    /// Paragraph index (0-based).
    pub paragraph: usize,
}

/// Something two paragraphs can share.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    /// A topic of the topic list (index).
    Topic(u32),
    /// A person (index into [`Entities::entries`]).
    Person(u32),
    /// A place, people or institution (index into [`Entities::entries`]).
    Place(u32),
    /// A year named in the text.
    Year(u16),
    /// A day of a month named in the text (7 September, 7. září, September
    /// 7th), as month × 32 + day.
    Date(u16),
    /// A content word both accounts use, as cognates (index into
    /// [`Links::words`]).
    Word(u32),
    /// A concept both accounts name in their own words (index into
    /// [`Links::concepts`]): heat, chaleur; the wounded, les blessés.
    Concept(u32),
    /// A number named in digits that is neither a year nor a day: a count
    /// (80 guns, 120 000 men) or a unit's number (the 106th, le 106e).
    Number(u32),
}

impl Feature {
    /// How much this kind of feature counts.
    fn kind_weight(&self) -> f64 {
        match self {
            Feature::Topic(_) => 1.0,
            Feature::Person(_) => 1.0,
            Feature::Place(_) => 0.6,
            Feature::Year(_) => 0.6,
            Feature::Date(_) => 0.8,
            Feature::Word(_) => 0.5,
            Feature::Concept(_) => 0.5,
            Feature::Number(_) => 0.8,
        }
    }
}

/// One link from a paragraph to a related one.
#[derive(Debug, Clone, PartialEq)]
pub struct Link {
    /// The related paragraph.
    pub to: ParaRef,
    /// Relatedness, 0 to 1 (see [`score`]).
    pub score: f64,
    /// The shared features, strongest first.
    pub shared: Vec<Feature>,
    /// True for the aligned translation of the paragraph.
    pub aligned: bool,
    /// True for two narratives' counterpart on the order both accounts
    /// tell their events in ([`order`]), shown first.
    pub in_order: bool,
}

/// Topics of every paragraph, the alignment, and links between paragraphs.
#[derive(Debug, Clone)]
pub struct Links {
    /// The vocabulary the topics come from: each topic and its words.
    pub vocabulary: Topics,
    /// Translation or narratives.
    pub mode: Mode,
    /// Topic indexes of each paragraph, per side.
    pub topics: [Vec<ThinVec<usize>>; 2],
    /// Every stem match: (topic, span), per side, in reading order.
    pub topic_spans: [Vec<(usize, Range<usize>)>; 2],
    /// Links of each paragraph, per side: the aligned one first, then best first.
    pub links: [Vec<ThinVec<Link>>; 2],
    /// The alignment, for a translation: beads, counterparts and sentence
    /// beads by paragraph index.
    pub alignment: Option<Alignment>,
    /// The lexicon learned from a translation (empty for narratives).
    pub lexicon: Lexicon,
    /// A limit the build ran into, to say in the status line.
    pub note: Option<String>,
    /// The name of each people entry the links were built with (their
    /// features number them): the panel's list may be merged since.
    pub names: Vec<String>,
    /// The content words the features number.
    pub words: words::Words,
    /// The concepts the features number (texts/concepts.toml), for two
    /// narratives whose languages the topic list does not cover; else
    /// empty.
    pub concepts: Topics,
    /// Each topic found in the pair ([`found`]), the features its label
    /// names, to name it again when the people are ([`Links::name_people`]).
    pub found_labels: Vec<Vec<Feature>>,
}

/// A link off the course of events goes first where its score is at
/// least this…
const OFF_COURSE: f64 = 0.4;
/// …this many times the course link's (one that shares next to nothing,
/// in place by the order alone)…
const OVERRULES: f64 = 5.0;
/// …and it gives this many reasons: one shared name or word is no
/// evidence against the course (Anna Pavlovna in two paragraphs of one
/// evening). Set on the readers' golds: Droysen / Abbott 0.46 to 0.53,
/// Borodino 139 to 140 of 234 paragraphs right, Tour du monde and War
/// and Peace linked as narratives unchanged (with one reason or more
/// they lost 1 and 4 paragraphs); from 4 to 7 times and 0.35 to 0.5 both
/// golds move by 0.02.
const OFF_COURSE_REASONS: usize = 3;

impl Default for Links {
    fn default() -> Links {
        Links {
            vocabulary: Topics::default(),
            mode: Mode::Narrative,
            topics: [Vec::new(), Vec::new()],
            topic_spans: [Vec::new(), Vec::new()],
            links: [Vec::new(), Vec::new()],
            alignment: None,
            lexicon: Lexicon::default(),
            note: None,
            names: Vec::new(),
            words: words::Words::default(),
            concepts: Topics::default(),
            found_labels: Vec::new(),
        }
    }
}

impl Links {
    /// The pair's alignment when it is a translation (`None` for two
    /// narratives), and the lexicon learned from it: the first of the
    /// links' passes, and all that merging the people needs. `None` when
    /// stopped.
    pub fn alignment(
        pair: &Pair,
        entities: &Entities,
        choice: AlignChoice,
        stop: &AtomicBool,
    ) -> Option<(Option<Alignment>, Lexicon)> {
        // Its units are what a paragraph costs most here, and they are gone
        // before the links' features are made.
        let mut units = Side::BOTH.map(|side| units::units(pair, entities, side));
        // Two narratives by choice are never aligned: nothing would read it.
        let first = if choice == AlignChoice::Narrative {
            Alignment::default()
        } else {
            align::align(&units[0].paragraphs, &units[1].paragraphs)
        };
        let translation = choice == AlignChoice::Translation
            || (choice == AlignChoice::Auto
                && align::is_translation(&units[0].paragraphs, &units[1].paragraphs, &first));
        if !translation {
            return Some((None, Lexicon::default()));
        }
        let r = translation::refine(pair, entities, &mut units, &first, stop)?;
        drop(first);
        Some((
            Some(translation::by_paragraph(pair, &units, r.alignment)),
            r.lexicon,
        ))
    }

    /// Finds topics, decides the mode, aligns a translation and links
    /// paragraphs. Stops early (with what it has) when `stop` is set.
    pub fn build(
        pair: &Pair,
        entities: &Entities,
        vocabulary: Topics,
        choice: AlignChoice,
        stop: &AtomicBool,
    ) -> Links {
        let covered = vocabulary.covers_both(pair);
        let mut out = Links {
            vocabulary,
            names: entities.entries.iter().map(|e| e.name.clone()).collect(),
            ..Links::default()
        };
        // Content words and concepts, where the topic list does not cover
        // both languages (a topic list written for them says what the
        // paragraphs are about better), found beside the alignment: they
        // need only the texts until it chooses among the words and decides
        // whether the concepts count (only for two narratives), and its
        // first pass leaves the other core idle. The years, dates and
        // counts each paragraph names are found there too. Not begun once
        // stopped.
        let begin = !covered && !stop.load(Ordering::Relaxed);
        let (
            Beside {
                counted: beside,
                in_text,
            },
            aligned,
        ) = crate::text::join(
            || found_beside(pair, begin, stop),
            || Links::alignment(pair, entities, choice, stop),
        );
        let Some((alignment, lexicon)) = aligned else {
            return out;
        };
        out.lexicon = lexicon;
        if stop.load(Ordering::Relaxed) {
            return out;
        }
        let found = Side::both(|side| out.vocabulary.find(pair.account(side)));
        let (counted, concepts) = beside.unzip();
        let word_counts;
        (out.words, word_counts) = match counted {
            None => (words::Words::default(), [Vec::new(), Vec::new()]),
            Some(counted) => counted.keep(alignment.as_ref().map(|a| &a.of[0])),
        };
        // Concepts, for two narratives the topic list does not cover.
        let concept_counts = match concepts {
            Some((concepts, counts)) if alignment.is_none() => {
                out.concepts = concepts;
                counts
            }
            _ => [Vec::new(), Vec::new()],
        };
        // Where the topic list does not cover both languages, its topics are
        // replaced by those found in the pair (below), and count for
        // nothing: one account's topics cannot link across.
        let counts_of = |side: Side| -> &[ThinVec<(usize, usize)>] {
            if covered {
                &found[side.index()].counts
            } else {
                &[]
            }
        };
        let features: [Vec<Features>; 2] = Side::both(|side| {
            features::paragraph_features(
                pair,
                entities,
                side,
                counts_of(side),
                &word_counts[side.index()],
                &concept_counts[side.index()],
                &in_text[side.index()],
            )
        });
        drop((word_counts, concept_counts, in_text));
        for (side, f) in Side::BOTH.into_iter().zip(found) {
            out.topics[side.index()] = f
                .counts
                .iter()
                .map(|c| c.iter().map(|(t, _)| *t).collect())
                .collect();
            out.topic_spans[side.index()] = f.spans;
            out.links[side.index()] = vec![ThinVec::new(); features[side.index()].len()];
        }
        if !covered {
            out.find_topics(pair, entities, &features);
        }
        if stop.load(Ordering::Relaxed) {
            return out;
        }
        // Paragraph links.
        let big = pair
            .accounts
            .iter()
            .any(|a| a.paragraphs.len() > MAX_FREE_PARAGRAPHS);
        if big {
            out.note = Some(format!(
                "links limited to nearby paragraphs (an account has over {MAX_FREE_PARAGRAPHS} paragraphs)"
            ));
        }
        let scorer = Scorer::new(&features, big.then_some(0.02));
        // The scorer holds what it needs; the features of every paragraph go.
        drop(features);
        if scorer.all_links(stop, &mut out.links).is_none() {
            return out;
        }
        match alignment {
            Some(alignment) => {
                out.mode = Mode::Translation;
                out.aligned_first(pair, &alignment, &scorer);
                out.alignment = Some(alignment);
            }
            None => {
                if let Some(path) = order::path(&out.links) {
                    out.follow_order(pair, &path, &scorer);
                }
            }
        }
        headings::link_headings(pair, &mut out.links);
        out
    }

    /// Topics found in the pair ([`found`]) in place of the list's,
    /// which do not cover its languages.
    fn find_topics(&mut self, pair: &Pair, entities: &Entities, features: &[Vec<Features>; 2]) {
        let label = |f: &Feature| self.reason(f);
        let spans = |side: Side, p: usize, f: &Feature| -> Vec<Range<usize>> {
            let k = side.index();
            match f {
                Feature::Word(w) => {
                    // The paragraph's words keyed again: a book's every
                    // word's place is not kept for the few topics.
                    self.words.spans_in(pair, side, p, *w)
                }
                Feature::Person(i) | Feature::Place(i) => entities.entries[*i as usize].mentions[k]
                    .iter()
                    .filter(|m| m.paragraph == p)
                    .map(|m| m.span.clone())
                    .collect(),
                _ => Vec::new(),
            }
        };
        let found = found::find(features, &label, &spans);
        self.vocabulary = found.topics;
        self.topics = found.per;
        self.topic_spans = found.spans;
        self.found_labels = found.labelled_by;
    }

    /// Names the people entries the links were built with as `names`
    /// says (one a number, in their order), and the topics found in the
    /// pair that they label: the alignment merges a translation's people
    /// after the links are built, and a reason or a topic then shows the
    /// name the panel lists (`Андрей / Andrew`, not `Андрей / Bolkónski`
    /// beside `Andrew`). A name given twice is shown once in a label, and
    /// an empty name (an entry the reader hid) not at all; a link whose
    /// every reason was such a name goes.
    pub fn name_people(&mut self, names: Vec<String>) {
        if names.len() != self.names.len() {
            return;
        }
        // The entries hidden now (named "" where they had a name): a link
        // that gave reasons before and whose every reason names one of
        // them is no link. Only links naming one are looked at (a pair of
        // 2 x 5 MB has hundreds of thousands of links).
        let hidden: std::collections::HashSet<u32> = (0..names.len())
            .filter(|&i| names[i].is_empty() && !self.names[i].is_empty())
            .filter_map(|i| u32::try_from(i).ok())
            .collect();
        let names_hidden = |l: &Link| {
            l.shared
                .iter()
                .any(|f| matches!(f, Feature::Person(i) | Feature::Place(i) if hidden.contains(i)))
        };
        let had_reasons: [Vec<Vec<bool>>; 2] = self.links.each_ref().map(|side| {
            side.iter()
                .map(|ls| {
                    ls.iter()
                        .map(|l| names_hidden(l) && !self.reasons(l).is_empty())
                        .collect()
                })
                .collect()
        });
        self.names = names;
        for side in Side::BOTH {
            let i = side.index();
            for (p, had) in had_reasons[i].iter().enumerate() {
                if !had.contains(&true) {
                    continue;
                }
                let keep: Vec<bool> = self.links[i][p]
                    .iter()
                    .zip(had)
                    .map(|(l, &had)| !had || !self.reasons(l).is_empty())
                    .collect();
                let mut kept = keep.into_iter();
                self.links[i][p].retain(|_| kept.next().unwrap_or(true));
            }
        }
        let labels: Vec<String> = self
            .found_labels
            .iter()
            .map(|fs| {
                let mut shown: Vec<String> = Vec::new();
                for f in fs {
                    let r = self.reason(f);
                    if !r.is_empty() && !shown.contains(&r) {
                        shown.push(r);
                    }
                }
                shown.join(" · ")
            })
            .collect();
        for (topic, label) in self.vocabulary.topics.iter_mut().zip(labels) {
            topic.label = label;
        }
    }

    /// For two narratives told in one order ([`order`]): each text
    /// paragraph's counterpart on the course of events ([`course`]) goes
    /// first among its links, with what the two share as its reasons
    /// (between the course's links it may share nothing: its place in the
    /// order is the reason).
    fn follow_order(&mut self, pair: &Pair, path: &[(usize, usize)], scorer: &Scorer) {
        let lens = Side::BOTH.map(|s| pair.account(s).paragraphs.len());
        let in_place = course::in_place(pair, path, scorer, lens);
        let course = course::counterparts(&self.links, &in_place, lens);
        let mut chosen: Vec<(ParaRef, ParaRef)> = Vec::new();
        for side in Side::BOTH {
            let (mine, theirs) = (pair.account(side), pair.account(side.other()));
            for (p, para) in mine.paragraphs.iter().enumerate() {
                if !para.is_text() {
                    continue;
                }
                let from = ParaRef { side, paragraph: p };
                let Some(q) = course[side.index()][p] else {
                    continue;
                };
                if theirs
                    .paragraphs
                    .get(q)
                    .is_some_and(crate::text::Paragraph::is_text)
                {
                    let to = ParaRef {
                        side: side.other(),
                        paragraph: q,
                    };
                    chosen.push((from, to));
                }
            }
        }
        for (from, to) in chosen {
            let ls = &mut self.links[from.side.index()][from.paragraph];
            let mut link = match ls.iter().position(|l| l.to == to) {
                Some(i) => ls.remove(i),
                None => {
                    let mut l = scorer.link(scorer.index(from), scorer.index(to));
                    l.aligned = false;
                    // Room for this one only (see `aligned_first`).
                    if ls.len() == ls.capacity() {
                        ls.reserve_exact(1);
                    }
                    l
                }
            };
            link.in_order = true;
            // Strong evidence off the course outweighs a course link with
            // next to none: the course says where the events are told,
            // not that a paragraph shares nothing with another place.
            let strongest = ls
                .iter()
                .enumerate()
                .filter(|(_, l)| l.to.side != from.side)
                .max_by(|a, b| a.1.score.total_cmp(&b.1.score));
            let at = match strongest {
                Some((i, l))
                    if l.score >= OFF_COURSE
                        && l.score >= OVERRULES * link.score
                        && l.shared.len() >= OFF_COURSE_REASONS =>
                {
                    i + 1
                }
                _ => 0,
            };
            ls.insert(at, link);
        }
    }

    /// Puts each text paragraph's aligned counterpart first among its
    /// links, with its bead's score (how sure the alignment is: what the
    /// two share may be little, a short line of dialogue) and its shared
    /// features as its reasons; a heading's aligned heading or paragraph is
    /// its one link.
    fn aligned_first(&mut self, pair: &Pair, alignment: &Alignment, scorer: &Scorer) {
        let mut sure: [Vec<f32>; 2] =
            Side::BOTH.map(|s| vec![0.0; pair.account(s).paragraphs.len()]);
        for (b, score) in alignment.beads.iter().zip(&alignment.scores) {
            for (k, ps) in [&b.left, &b.right].into_iter().enumerate() {
                for p in ps {
                    if let Some(x) = sure[k].get_mut(p) {
                        *x = *score;
                    }
                }
            }
        }
        for side in Side::BOTH {
            for (p, para) in pair.account(side).paragraphs.iter().enumerate() {
                let heading = para.is_heading();
                let (Some(Some(q)), true) =
                    (alignment.of[side.index()].get(p), para.is_text() || heading)
                else {
                    continue;
                };
                let other = &pair.account(side.other()).paragraphs[q];
                if (heading && other.is_matter()) || (!heading && !other.is_text()) {
                    continue;
                }
                let from = ParaRef { side, paragraph: p };
                let to = ParaRef {
                    side: side.other(),
                    paragraph: q,
                };
                let ls = &mut self.links[side.index()][p];
                ls.retain(|l| l.to != to);
                let mut link = if heading {
                    Link {
                        to,
                        score: 0.0,
                        shared: Vec::new(),
                        aligned: true,
                        in_order: false,
                    }
                } else {
                    scorer.link(scorer.index(from), scorer.index(to))
                };
                link.score = f64::from(sure[side.index()][p].clamp(0.0, 1.0));
                // Room for this one only: a ThinVec grows by four, and a
                // million paragraphs of one link each would hold 240 MB.
                if ls.len() == ls.capacity() {
                    ls.reserve_exact(1);
                }
                ls.insert(0, link);
            }
        }
    }

    /// The links of paragraph `p` of `side`, best first.
    pub fn of(&self, side: Side, p: usize) -> &[Link] {
        self.links[side.index()]
            .get(p)
            .map_or(&[], ThinVec::as_slice)
    }

    /// The best related paragraph in the other account (the aligned one
    /// for a translation).
    pub fn best_counterpart(&self, side: Side, p: usize) -> Option<&Link> {
        self.of(side, p).iter().find(|l| l.to.side != side)
    }

    /// Where sync puts the other pane for paragraph `p` of `side`: the
    /// aligned paragraph for a translation (headings included), else the
    /// best counterpart.
    pub fn sync_target(&self, side: Side, p: usize) -> Option<ParaRef> {
        if let Some(a) = &self.alignment {
            return a.of[side.index()].get(p).flatten().map(|q| ParaRef {
                side: side.other(),
                paragraph: q,
            });
        }
        self.best_counterpart(side, p).map(|l| l.to)
    }

    /// The topic labels of paragraph `p` of `side`.
    pub fn topic_labels(&self, side: Side, p: usize) -> Vec<&str> {
        self.topics[side.index()]
            .get(p)
            .map(|ts| {
                ts.iter()
                    .map(|&t| self.vocabulary.topics[t].label.as_str())
                    // A found topic named only by people the reader hid.
                    .filter(|l| !l.is_empty())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A reason as shown to the user: the topic label, person or place name, or year.
    pub fn reason(&self, f: &Feature) -> String {
        match f {
            Feature::Topic(t) => self.vocabulary.label(*t as usize),
            Feature::Person(p) | Feature::Place(p) => {
                self.names.get(*p as usize).cloned().unwrap_or_default()
            }
            Feature::Year(y) => y.to_string(),
            Feature::Number(n) => grouped(*n),
            Feature::Date(d) => date_shown(*d),
            Feature::Word(w) => self.words.shown(*w),
            Feature::Concept(c) => self.concepts.label(*c as usize),
        }
    }

    /// A link's reasons, strongest first, distinct: "aligned translation"
    /// first for an aligned pair.
    pub fn reasons(&self, link: &Link) -> Vec<String> {
        self.reasons_by(link, |w| self.words.shown(w))
    }

    /// [`Links::reasons`] with each shared word `w` shown as `word` says.
    fn reasons_by(&self, link: &Link, mut word: impl FnMut(u32) -> String) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        if link.aligned {
            out.push("aligned translation".into());
        }
        if link.in_order {
            out.push("in the order both accounts tell".into());
        }
        let mut labels: Vec<String> = Vec::new();
        for f in &link.shared {
            let r = match f {
                Feature::Word(w) => word(*w),
                _ => self.reason(f),
            };
            if matches!(f, Feature::Topic(_) | Feature::Concept(_)) {
                labels.push(r.clone());
            }
            if !r.is_empty() && !out.contains(&r) {
                out.push(r);
            }
        }
        // A label the shared words already say ("villages / village ·
        // village", "cavalerie / cavalry · cavalry", "centre · the
        // centre") is said once, by the words as the paragraphs write them.
        let said: std::collections::HashSet<String> = out
            .iter()
            .filter(|r| !labels.contains(r))
            .flat_map(|r| r.split(" / "))
            .map(crate::lang::fold::fold_query)
            .collect();
        let bare = |r: &str| crate::lang::fold::fold_query(r.strip_prefix("the ").unwrap_or(r));
        out.retain(|r| !labels.contains(r) || !said.contains(&bare(r)));
        out
    }

    /// [`Links::reasons`] of `link` from `from`, each shared word as the
    /// two paragraphs write it (`written`), the left account's first:
    /// troupes / troops where the pair first wrote troupeau / troupes, and
    /// between two paragraphs of one account that account's words alone.
    pub fn reasons_written(
        &self,
        from: ParaRef,
        link: &Link,
        written: &mut words::Written,
    ) -> Vec<String> {
        self.reasons_by(link, |w| self.word_written(from, link.to, w, written))
    }

    /// Shared word `w` as paragraphs `a` and `b` write it: one word where
    /// they fold alike, the left account's first.
    pub fn word_written(
        &self,
        a: ParaRef,
        b: ParaRef,
        w: u32,
        written: &mut words::Written,
    ) -> String {
        let (a, b) = if b.side < a.side { (b, a) } else { (a, b) };
        match (
            written.word(a.side, a.paragraph, w),
            written.word(b.side, b.paragraph, w),
        ) {
            (Some(x), Some(y))
                if crate::lang::fold::fold_query(&x) == crate::lang::fold::fold_query(&y) =>
            {
                x
            }
            (Some(x), Some(y)) => format!("{x} / {y}"),
            _ => self.words.shown(w),
        }
    }

    /// True when paragraphs `a` and `b` share a topic (one that has a
    /// label: a topic found in the pair and named only by people the
    /// reader hid is none).
    pub fn share_topic(&self, a: ParaRef, b: ParaRef) -> bool {
        let get = |r: ParaRef| self.topics[r.side.index()].get(r.paragraph);
        let named = |t: usize| {
            self.vocabulary
                .topics
                .get(t)
                .is_some_and(|t| !t.label.is_empty())
        };
        match (get(a), get(b)) {
            (Some(ta), Some(tb)) => ta.iter().any(|&t| named(t) && tb.contains(&t)),
            _ => false,
        }
    }
}

/// Each paragraph's (topic, count) pairs, per account.
type TopicCounts = [Vec<ThinVec<(usize, usize)>>; 2];

/// What is found beside the alignment, needing only the texts.
struct Beside {
    /// Each paragraph's content words, and the concepts with each
    /// paragraph's counts of them (where asked for).
    counted: Option<(words::Counted, (Topics, TopicCounts))>,
    /// Each account's paragraphs' years, dates and counts.
    in_text: [Vec<features::Found>; 2],
}

/// [`Beside`]: content words and concepts when `content`; nothing more
/// once `stop` is set.
fn found_beside(pair: &Pair, content: bool, stop: &AtomicBool) -> Beside {
    let counted = content.then(|| (words::Words::counted(pair), found_concepts(pair)));
    let in_text = Side::BOTH.map(|side| {
        if stop.load(Ordering::Relaxed) {
            Vec::new()
        } else {
            features::in_the_text(pair, side)
        }
    });
    Beside { counted, in_text }
}

/// The bundled concepts, when they cover both accounts' languages, and
/// each paragraph's counts of them, per account.
fn found_concepts(pair: &Pair) -> (Topics, TopicCounts) {
    let concepts = Topics::concepts()
        .ok()
        .filter(|c| c.covers_both(pair))
        .unwrap_or_default();
    let counts = Side::BOTH.map(|side| concepts.find(pair.account(side)).counts);
    (concepts, counts)
}

/// A date feature as a reason: the day and the month in Roman numerals,
/// as European dates are written whatever the language (`7.IX`).
fn date_shown(d: u16) -> String {
    const MONTHS: [&str; 12] = [
        "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
    ];
    let (month, day) = (usize::from(d / 32), d % 32);
    let m = MONTHS.get(month.wrapping_sub(1)).copied().unwrap_or("?");
    format!("{day}.{m}")
}

/// A count as shown among a link's reasons: in groups of three digits
/// from ten thousand on (120 000), as French, Russian and Polish write
/// them and English readers read them.
fn grouped(n: u32) -> String {
    let digits = n.to_string();
    if n < 10_000 {
        return digits;
    }
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}
