//! Topic links: which paragraphs of the two accounts (and of the same one)
//! deal with the same thing, and why. Features of a paragraph are its topics
//! (from the lexicon), the people it names (listed and unlisted), the places
//! and the years; each weighs by how rare it is (inverse document
//! frequency), and two paragraphs are as related as their weighted features
//! are alike (cosine, 0 to 1, comparable across paragraphs). Built once at
//! load from an inverted index, so only paragraphs sharing a feature are
//! ever compared.

pub mod lexicon;

pub use lexicon::{Lexicon, Topic};

use crate::pair::Pair;
use crate::people::People;
use crate::text::Side;
use std::collections::HashMap;

/// Links weaker than this are not kept: they share only a common name.
pub const MIN_SCORE: f64 = 0.01;

/// How many links each paragraph keeps, per account.
pub const KEEP: usize = 8;

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
    /// A topic of the lexicon (index).
    Topic(usize),
    /// A person (index into [`People::persons`]).
    Person(usize),
    /// A place, people or institution (its name).
    Place(String),
    /// A year named in the text.
    Year(u16),
}

impl Feature {
    /// How much this kind of feature counts.
    fn kind_weight(&self) -> f64 {
        match self {
            Feature::Topic(_) => 1.0,
            Feature::Person(_) => 1.0,
            Feature::Place(_) => 0.6,
            Feature::Year(_) => 0.6,
        }
    }
}

/// One link from a paragraph to a related one.
#[derive(Debug, Clone, PartialEq)]
pub struct Link {
    /// The related paragraph.
    pub to: ParaRef,
    /// Relatedness, 0 to 1.
    pub score: f64,
    /// The shared features, strongest first.
    pub shared: Vec<Feature>,
}

/// Topics of every paragraph and links between paragraphs.
#[derive(Debug, Clone, Default)]
pub struct Links {
    /// The lexicon the topics come from.
    pub lexicon: Lexicon,
    /// Topic indexes of each paragraph, per side.
    pub topics: [Vec<Vec<usize>>; 2],
    /// Links of each paragraph, per side: best first, other account and own.
    pub links: [Vec<Vec<Link>>; 2],
}

impl Links {
    /// Finds topics and builds links for `pair`.
    pub fn build(pair: &Pair, people: &People, lexicon: Lexicon) -> Links {
        let topic_counts = crate::search::both(|side| lexicon.find(pair.account(side)));
        // Feature weights per paragraph: 1 + ln(count).
        let mut features: Vec<(ParaRef, HashMap<Feature, f64>)> = Vec::new();
        for side in Side::BOTH {
            let account = pair.account(side);
            let mut per: Vec<HashMap<Feature, f64>> =
                vec![HashMap::new(); account.paragraphs.len()];
            for (p, counts) in topic_counts[side.index()].iter().enumerate() {
                for &(t, c) in counts {
                    per[p].insert(Feature::Topic(t), c as f64);
                }
            }
            for (pi, person) in people.persons.iter().enumerate() {
                for m in &person.mentions[side.index()] {
                    *per[m.paragraph].entry(Feature::Person(pi)).or_default() += 1.0;
                }
            }
            for pl in &people.places[side.index()] {
                *per[pl.paragraph]
                    .entry(Feature::Place(pl.name.clone()))
                    .or_default() += 1.0;
            }
            for (p, para) in account.paragraphs.iter().enumerate() {
                for s in &para.sentences {
                    for w in &s.words {
                        if let Some(y) = year(&account.text[w.clone()]) {
                            *per[p].entry(Feature::Year(y)).or_default() += 1.0;
                        }
                    }
                }
            }
            for (p, f) in per.into_iter().enumerate() {
                let f = f.into_iter().map(|(k, c)| (k, 1.0 + c.ln())).collect();
                features.push((ParaRef { side, paragraph: p }, f));
            }
        }
        let scorer = Scorer::new(&features);
        let mut links: [Vec<Vec<Link>>; 2] = [
            vec![Vec::new(); pair.accounts[0].paragraphs.len()],
            vec![Vec::new(); pair.accounts[1].paragraphs.len()],
        ];
        // Two threads, each taking every other paragraph.
        let found: Vec<Vec<(usize, Vec<Link>)>> = std::thread::scope(|s| {
            let workers: Vec<_> = (0..2)
                .map(|w| {
                    let scorer = &scorer;
                    s.spawn(move || {
                        let mut acc = vec![0.0f32; scorer.paras.len()];
                        (w..scorer.paras.len())
                            .step_by(2)
                            .map(|i| (i, scorer.links_of(i, &mut acc)))
                            .collect()
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        for (i, ls) in found.into_iter().flatten() {
            let from = features[i].0;
            links[from.side.index()][from.paragraph] = ls;
        }
        let topics = topic_counts.map(|per| {
            per.into_iter()
                .map(|c| c.into_iter().map(|(t, _)| t).collect())
                .collect()
        });
        Links {
            lexicon,
            topics,
            links,
        }
    }

    /// The links of paragraph `p` of `side`, best first.
    pub fn of(&self, side: Side, p: usize) -> &[Link] {
        self.links[side.index()].get(p).map_or(&[], Vec::as_slice)
    }

    /// The best related paragraph in the other account.
    pub fn best_counterpart(&self, side: Side, p: usize) -> Option<&Link> {
        self.of(side, p).iter().find(|l| l.to.side != side)
    }

    /// The topic labels of paragraph `p` of `side`.
    pub fn topic_labels(&self, side: Side, p: usize) -> Vec<&str> {
        self.topics[side.index()]
            .get(p)
            .map(|ts| {
                ts.iter()
                    .map(|&t| self.lexicon.topics[t].label.as_str())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A reason as shown to the user: the topic label, person name, place or year.
    pub fn reason(&self, people: &People, f: &Feature) -> String {
        match f {
            Feature::Topic(t) => self.lexicon.topics[*t].label.clone(),
            Feature::Person(p) => people
                .persons
                .get(*p)
                .map_or_else(String::new, |p| p.name.clone()),
            Feature::Place(name) => name.clone(),
            Feature::Year(y) => y.to_string(),
        }
    }

    /// True when paragraphs `a` and `b` share a topic.
    pub fn share_topic(&self, a: ParaRef, b: ParaRef) -> bool {
        let ta = &self.topics[a.side.index()][a.paragraph];
        let tb = &self.topics[b.side.index()][b.paragraph];
        ta.iter().any(|t| tb.contains(t))
    }
}

/// A candidate link: score, paragraph index, shared features with their
/// contributions.
type Scored = (f64, u32, Vec<(f32, u32)>);

/// Features interned as numbers, with their weights, for scoring.
struct Scorer {
    /// Each paragraph, its features (id, weight × idf) sorted by id.
    paras: Vec<(ParaRef, Vec<(u32, f32)>)>,
    /// Each feature, the paragraphs having it (index, weight × idf).
    postings: Vec<Vec<(u32, f32)>>,
    /// Each feature, as found.
    names: Vec<Feature>,
    /// Each paragraph: norm over all features, and over the features both
    /// accounts have (a feature only one account has cannot tell the other
    /// account's paragraphs apart, and would only dilute links across).
    norms: Vec<[f32; 2]>,
    /// Features in more paragraphs than this do not propose candidates
    /// (they still count in the scores of those proposed).
    cap: usize,
}

impl Scorer {
    fn new(features: &[(ParaRef, HashMap<Feature, f64>)]) -> Scorer {
        let mut ids: HashMap<&Feature, u32> = HashMap::new();
        let mut names: Vec<Feature> = Vec::new();
        let mut raw: Vec<Vec<(u32, f64)>> = Vec::with_capacity(features.len());
        for (_, f) in features {
            let mut v: Vec<(u32, f64)> = f
                .iter()
                .map(|(k, w)| {
                    let id = *ids.entry(k).or_insert_with(|| {
                        names.push(k.clone());
                        (names.len() - 1) as u32
                    });
                    (id, *w)
                })
                .collect();
            v.sort_by_key(|(id, _)| *id);
            raw.push(v);
        }
        let n = features.len() as f64;
        let mut df = vec![0usize; names.len()];
        let mut sides = vec![[false; 2]; names.len()];
        for (i, v) in raw.iter().enumerate() {
            for (id, _) in v {
                df[*id as usize] += 1;
                sides[*id as usize][features[i].0.side.index()] = true;
            }
        }
        let idf: Vec<f64> = names
            .iter()
            .zip(&df)
            .map(|(k, d)| (n / *d as f64).ln() * k.kind_weight())
            .collect();
        let paras: Vec<(ParaRef, Vec<(u32, f32)>)> = raw
            .into_iter()
            .zip(features)
            .map(|(v, (r, _))| {
                (
                    *r,
                    v.into_iter()
                        .map(|(id, w)| (id, (w * idf[id as usize]) as f32))
                        .collect(),
                )
            })
            .collect();
        let mut postings: Vec<Vec<(u32, f32)>> = vec![Vec::new(); names.len()];
        for (i, (_, v)) in paras.iter().enumerate() {
            for &(id, w) in v {
                postings[id as usize].push((i as u32, w));
            }
        }
        let norms = paras
            .iter()
            .map(|(_, v)| {
                let all = v.iter().map(|(_, w)| w * w).sum::<f32>().sqrt();
                let both = v
                    .iter()
                    .filter(|(id, _)| sides[*id as usize] == [true, true])
                    .map(|(_, w)| w * w)
                    .sum::<f32>()
                    .sqrt();
                [all, both]
            })
            .collect();
        let cap = (features.len() / 2).max(64);
        Scorer {
            paras,
            postings,
            names,
            norms,
            cap,
        }
    }

    /// The exact dot product of paragraphs `i` and `j` (a merge of their
    /// sorted features), with the shared features and their contributions.
    fn dot(&self, i: usize, j: usize) -> (f32, Vec<(f32, u32)>) {
        let (a, b) = (&self.paras[i].1, &self.paras[j].1);
        let (mut x, mut y, mut sum, mut shared) = (0, 0, 0.0, Vec::new());
        while x < a.len() && y < b.len() {
            match a[x].0.cmp(&b[y].0) {
                std::cmp::Ordering::Less => x += 1,
                std::cmp::Ordering::Greater => y += 1,
                std::cmp::Ordering::Equal => {
                    let c = a[x].1 * b[y].1;
                    if c > 0.0 {
                        sum += c;
                        shared.push((c, a[x].0));
                    }
                    x += 1;
                    y += 1;
                }
            }
        }
        (sum, shared)
    }

    /// The best links of paragraph `i`: candidates from the features not too
    /// common, the best of them per account scored exactly.
    fn links_of(&self, i: usize, acc: &mut [f32]) -> Vec<Link> {
        let (from, feats) = &self.paras[i];
        if self.norms[i][0] == 0.0 {
            return Vec::new();
        }
        let mut touched: Vec<u32> = Vec::new();
        for &(id, wi) in feats {
            let list = &self.postings[id as usize];
            if wi == 0.0 || list.len() > self.cap {
                continue;
            }
            for &(j, wj) in list {
                if j as usize == i {
                    continue;
                }
                if acc[j as usize] == 0.0 {
                    touched.push(j);
                }
                acc[j as usize] += wi * wj;
            }
        }
        let mut per_side: [Vec<(f32, u32)>; 2] = [Vec::new(), Vec::new()];
        for j in touched {
            let side = self.paras[j as usize].0.side;
            per_side[usize::from(side != from.side)].push((acc[j as usize], j));
            acc[j as usize] = 0.0;
        }
        let mut out: Vec<Link> = Vec::new();
        for mut cands in per_side {
            // The partial scores pick a short list; exact scores rank it.
            let short = (KEEP * 4).min(cands.len());
            if cands.len() > short {
                cands.select_nth_unstable_by(short, |a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
                cands.truncate(short);
            }
            let mut scored: Vec<Scored> = cands
                .into_iter()
                .map(|(_, j)| {
                    let cross = usize::from(self.paras[j as usize].0.side != from.side);
                    let (dot, shared) = self.dot(i, j as usize);
                    let norm = (self.norms[i][cross] * self.norms[j as usize][cross])
                        .max(f32::MIN_POSITIVE);
                    (f64::from(dot / norm).min(1.0), j, shared)
                })
                .filter(|(s, _, _)| *s >= MIN_SCORE)
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            for (score, j, mut shared) in scored.into_iter().take(KEEP) {
                shared.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
                out.push(Link {
                    to: self.paras[j as usize].0,
                    score,
                    shared: shared
                        .into_iter()
                        .map(|(_, id)| self.names[id as usize].clone())
                        .collect(),
                });
            }
        }
        out.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.to.cmp(&b.to)));
        out
    }
}

/// A year between 1000 and 2099 written as a word.
fn year(word: &str) -> Option<u16> {
    if word.len() != 4 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok().filter(|y| (1000..2100).contains(y))
}
