//! Topics found in the pair itself, for languages the topic list
//! (topics.toml) does not cover: the names, places and content words both
//! accounts keep returning to, each in a few paragraphs of each (not in
//! most of them), the most telling first; features that mark much the
//! same paragraphs make one topic, labelled by up to three of them
//! (`Bombay · Parsee · pagoda`). They are used as the list's topics
//! are: `]`/`[`, the status line, the map and `diptych topics`.

use super::score::Features;
use super::{Feature, Topic, Topics};
use crate::text::Side;
use std::collections::{BTreeMap, HashSet};
use std::ops::Range;

/// At most this many topics (as many as the bundled list has).
pub const MAX_TOPICS: usize = 12;
/// A feature in more than this share of an account's paragraphs is no
/// topic: it is what the whole book is about.
const MAX_SHARE: f64 = 0.25;
/// Features marking paragraphs this alike (Jaccard) are one topic.
const ALIKE: f64 = 0.5;
/// Labels per topic.
const LABELS: usize = 3;
/// Content words count for less than names in choosing topics.
const WORD_WEIGHT: f64 = 0.7;

/// Where a feature is in one paragraph of one account.
pub type SpansOf<'a> = &'a dyn Fn(Side, usize, &Feature) -> Vec<Range<usize>>;
/// A topic being made: its features, and the (account, paragraph)s marked.
type Group<'a> = (Vec<&'a Feature>, HashSet<(usize, usize)>);

/// The topics found, each paragraph's topics, and where their features
/// are in the text.
#[derive(Debug, Clone, Default)]
pub struct Found {
    /// The topics, most telling first.
    pub topics: Topics,
    /// Each account's paragraphs' topic indexes.
    pub per: [Vec<thin_vec::ThinVec<usize>>; 2],
    /// Each account's topic spans (topic, span), in reading order.
    pub spans: [Vec<(usize, Range<usize>)>; 2],
    /// Each topic, the features its label names (up to three).
    pub labelled_by: Vec<Vec<Feature>>,
}

/// The topics of two accounts with `features` per paragraph. `label`
/// names a feature; `spans` gives its places in a paragraph.
pub fn find(
    features: &[Vec<Features>; 2],
    label: &dyn Fn(&Feature) -> String,
    spans: SpansOf<'_>,
) -> Found {
    // Each feature's paragraphs in each account.
    let mut at: BTreeMap<&Feature, [Vec<usize>; 2]> = BTreeMap::new();
    for (k, paras) in features.iter().enumerate() {
        for (p, fs) in paras.iter().enumerate() {
            for f in fs
                .keys()
                .filter(|f| matches!(f, Feature::Word(_) | Feature::Person(_) | Feature::Place(_)))
            {
                at.entry(f).or_default()[k].push(p);
            }
        }
    }
    let texts = features
        .each_ref()
        .map(|ps| ps.iter().filter(|f| !f.is_empty()).count());
    let total = (texts[0] + texts[1]).max(1) as f64;
    let mut ranked: Vec<(f64, &Feature, [Vec<usize>; 2])> = at
        .into_iter()
        .filter(|(_, ps)| {
            (0..2).all(|k| {
                let cap = (MAX_SHARE * texts[k] as f64).max(3.0) as usize;
                (2..=cap).contains(&ps[k].len())
            })
        })
        .map(|(f, ps)| {
            let df = (ps[0].len() + ps[1].len()) as f64;
            let weight = if matches!(f, Feature::Word(_)) {
                WORD_WEIGHT
            } else {
                1.0
            };
            (df * (total / df).ln() * weight, f, ps)
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    // Greedily: a feature joins the topic whose paragraphs it shares,
    // else opens a new one while there is room.
    let mut groups: Vec<Group<'_>> = Vec::new();
    for (_, f, ps) in ranked {
        let set: HashSet<(usize, usize)> = (0..2)
            .flat_map(|k| ps[k].iter().map(move |&p| (k, p)))
            .collect();
        let alike = groups.iter().position(|(_, g)| {
            let both = g.intersection(&set).count();
            both as f64 / (g.len() + set.len() - both).max(1) as f64 >= ALIKE
        });
        match alike {
            Some(i) => {
                groups[i].0.push(f);
                groups[i].1.extend(set);
            }
            None if groups.len() < MAX_TOPICS => groups.push((vec![f], set)),
            None => {}
        }
    }
    let mut found = Found {
        per: features
            .each_ref()
            .map(|ps| vec![thin_vec::ThinVec::new(); ps.len()]),
        ..Found::default()
    };
    for (t, (fs, set)) in groups.iter().enumerate() {
        let labels: Vec<String> = fs.iter().take(LABELS).map(|f| label(f)).collect();
        found
            .labelled_by
            .push(fs.iter().take(LABELS).map(|&f| f.clone()).collect());
        let counts = [0, 1].map(|k| set.iter().filter(|(s, _)| *s == k).count());
        found.topics.topics.push(Topic {
            id: format!("found-{}", t + 1),
            label: labels.join(" · "),
            description: format!(
                "found in the pair: {} paragraphs of the left account and {} of the right share it",
                counts[0], counts[1]
            ),
            stems: Vec::new(),
            except: HashSet::new(),
        });
        let mut paras: Vec<&(usize, usize)> = set.iter().collect();
        paras.sort_unstable();
        for &&(k, p) in &paras {
            found.per[k][p].push(t);
            let side = Side::BOTH[k];
            for f in fs {
                found.spans[k].extend(spans(side, p, f).into_iter().map(|s| (t, s)));
            }
        }
    }
    for s in &mut found.spans {
        s.sort_by_key(|(t, r)| (r.start, *t));
        s.dedup();
    }
    found
}
