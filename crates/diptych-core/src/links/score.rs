//! Scoring how related two paragraphs are, from the features they share.
//!
//! Each feature of a paragraph weighs 1 + ln(count) times its rarity in
//! the pair (inverse document frequency, ln(N / df), times a weight for its
//! kind), so a name in most paragraphs counts for little. The score of two
//! paragraphs is the cosine of their weighted features (how much of what
//! they name they share) times the strength of that evidence,
//! 1 − e^(−S/2) for S the summed weight they share: one common name is
//! weak evidence, three rare ones strong. A thousandth of the score is
//! nearness of their relative positions, so ties go to the paragraph at
//! the same place in its account (and the score stays within 0–1). Candidates come from an inverted index:
//! only paragraphs sharing a feature rare enough to tell them apart are
//! ever compared.

use super::{Feature, Link, ParaRef};
use crate::text::Side;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use thin_vec::ThinVec;

/// Links weaker than this are not kept.
pub const MIN_SCORE: f64 = 0.02;
/// How many links each paragraph keeps, per account.
pub const KEEP: usize = 8;
/// How many shared features a link keeps as its reasons, strongest first
/// (more never fit a line, and every link of a book is kept).
pub const MAX_REASONS: usize = 8;
/// Features in more paragraphs than this propose only the paragraphs
/// nearest in position ([`Scorer::nearest`]).
const PROPOSE_DF: usize = 400;
/// How many paragraphs of each account, either side of a paragraph's
/// place, a frequent feature proposes ([`Scorer::nearest`]).
const NEAREST: usize = 32;
/// How many of a paragraph's rarest features propose candidates.
const PROPOSERS: usize = 12;
/// Paragraphs in a run of [`Scorer::all_links`]'s work.
const RUN: usize = 512;

/// A run: the index of its first paragraph, and where its links go.
type Run<'a> = (usize, &'a mut [ThinVec<Link>]);

/// The weight of nearness of position, to break ties.
const NEARNESS: f64 = 0.001;

/// A paragraph's features with their counts, sorted by feature, each
/// once: a list, not a map, as a book may have a million paragraphs and
/// most have few features (an empty one takes 8 bytes and no allocation).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Features(ThinVec<(Feature, f64)>);

impl Features {
    /// The features of `counts`, the counts of one feature summed.
    pub fn from_counts(mut counts: Vec<(Feature, f64)>) -> Features {
        counts.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out: ThinVec<(Feature, f64)> = ThinVec::with_capacity(counts.len());
        for (f, n) in counts {
            match out.last_mut() {
                Some(last) if last.0 == f => last.1 += n,
                _ => out.push((f, n)),
            }
        }
        Features(out)
    }

    /// Each feature with its count, in order.
    pub fn iter(&self) -> std::slice::Iter<'_, (Feature, f64)> {
        self.0.iter()
    }

    /// Each feature, in order.
    pub fn keys(&self) -> impl Iterator<Item = &Feature> {
        self.0.iter().map(|(f, _)| f)
    }

    /// How many features.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when it has none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The count of `f`, if it has it.
    pub fn get(&self, f: &Feature) -> Option<f64> {
        self.0
            .binary_search_by(|(g, _)| g.cmp(f))
            .ok()
            .map(|i| self.0[i].1)
    }
}

/// The features of every paragraph of one side, from (paragraph, feature,
/// count) triples in any order: `n` paragraphs, counts of one feature in
/// one paragraph summed.
pub fn features_of(n: usize, mut triples: Vec<(u32, Feature, f64)>) -> Vec<Features> {
    triples.sort_by_key(|t| t.0);
    let mut out: Vec<Features> = Vec::with_capacity(n);
    let mut rest = triples.as_slice();
    for p in 0..n {
        let end = rest.partition_point(|t| t.0 as usize <= p);
        let (here, after) = rest.split_at(end);
        rest = after;
        out.push(if here.is_empty() {
            Features::default()
        } else {
            Features::from_counts(here.iter().map(|(_, f, c)| (f.clone(), *c)).collect())
        });
    }
    out
}

/// Orders the links of a paragraph of `side`: the other account's first
/// (its best counterpart is always there, and links inside its own
/// account never crowd it), each account's best first.
pub fn other_account_first(links: &mut [Link], side: crate::text::Side) {
    links.sort_by(|a, b| {
        (a.to.side == side)
            .cmp(&(b.to.side == side))
            .then(b.score.total_cmp(&a.score))
            .then(a.to.cmp(&b.to))
    });
}

/// Features interned as numbers, with their weights, for scoring. The
/// paragraphs are numbered the left account's first, then the right's.
pub struct Scorer {
    /// Each paragraph, its features (id, weight × idf) sorted by id.
    paras: Vec<ThinVec<(u32, f32)>>,
    /// How many of [`Scorer::paras`] are the left account's.
    left_count: usize,
    /// Each feature, the paragraphs having it (index, weight × idf).
    postings: Vec<Vec<(u32, f32)>>,
    /// Each feature, as found.
    pub names: Vec<Feature>,
    /// Each paragraph: norm over all features, and over the features both
    /// accounts have (a feature only one account has cannot tell the other
    /// account's paragraphs apart, and would only dilute links across).
    norms: Vec<[f32; 2]>,
    /// When set, candidates must be this near in relative position.
    window: Option<f32>,
}

impl Scorer {
    /// A scorer for the paragraphs of both accounts with `features`.
    pub fn new(features: &[Vec<Features>; 2], window: Option<f32>) -> Scorer {
        let left_count = features[0].len();
        let mut ids: HashMap<&Feature, u32> = HashMap::new();
        let mut names: Vec<Feature> = Vec::new();
        let mut raw: Vec<ThinVec<(u32, f64)>> =
            Vec::with_capacity(features[0].len() + features[1].len());
        for side in features {
            for f in side {
                // Interned in order (the features are sorted), not in a
                // map's (which differs from one run to the next): ties
                // between reasons, and sums of floats, come out the same
                // every time.
                let mut v: ThinVec<(u32, f64)> = f
                    .iter()
                    .map(|(k, w)| {
                        let id = *ids.entry(k).or_insert_with(|| {
                            names.push(k.clone());
                            (names.len() - 1) as u32
                        });
                        (id, 1.0 + w.ln())
                    })
                    .collect();
                v.sort_by_key(|(id, _)| *id);
                raw.push(v);
            }
        }
        drop(ids);
        // Every paragraph is a document, featureless ones too: in two short
        // texts a name in one paragraph of each is rare, not everywhere.
        let n = raw.len().max(1) as f64;
        let mut df = vec![0usize; names.len()];
        let mut sides = vec![[false; 2]; names.len()];
        for (i, v) in raw.iter().enumerate() {
            for (id, _) in v {
                df[*id as usize] += 1;
                sides[*id as usize][usize::from(i >= left_count)] = true;
            }
        }
        let idf: Vec<f64> = names
            .iter()
            .zip(&df)
            .map(|(k, d)| (n / *d as f64).ln().max(0.0) * k.kind_weight())
            .collect();
        let paras: Vec<ThinVec<(u32, f32)>> = raw
            .into_iter()
            .map(|v| {
                v.into_iter()
                    .map(|(id, w)| (id, (w * idf[id as usize]) as f32))
                    .collect()
            })
            .collect();
        let mut postings: Vec<Vec<(u32, f32)>> = vec![Vec::new(); names.len()];
        for (i, v) in paras.iter().enumerate() {
            for &(id, w) in v {
                postings[id as usize].push((i as u32, w));
            }
        }
        let norms = paras
            .iter()
            .map(|v| {
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
        Scorer {
            paras,
            left_count,
            postings,
            names,
            norms,
            window,
        }
    }

    /// Paragraph `i`'s relative position in its account, 0 to 1 (worked
    /// out when asked: four bytes a paragraph fewer).
    fn position(&self, i: usize) -> f32 {
        let (p, n) = if i < self.left_count {
            (i, self.left_count)
        } else {
            (i - self.left_count, self.paras.len() - self.left_count)
        };
        p as f32 / n.max(1) as f32
    }

    /// Paragraph `i` as the scorer numbers them.
    fn para_ref(&self, i: usize) -> ParaRef {
        if i < self.left_count {
            ParaRef {
                side: Side::Left,
                paragraph: i,
            }
        } else {
            ParaRef {
                side: Side::Right,
                paragraph: i - self.left_count,
            }
        }
    }

    /// The side of paragraph `i`.
    fn side(&self, i: usize) -> Side {
        if i < self.left_count {
            Side::Left
        } else {
            Side::Right
        }
    }

    /// Paragraph `r`'s number in the scorer.
    pub fn index(&self, r: ParaRef) -> usize {
        match r.side {
            Side::Left => r.paragraph,
            Side::Right => self.left_count + r.paragraph,
        }
    }

    /// How many paragraphs it scores.
    pub fn len(&self) -> usize {
        self.paras.len()
    }

    /// True when it scores none.
    pub fn is_empty(&self) -> bool {
        self.paras.is_empty()
    }

    /// The score of paragraphs `i` and `j`, with the shared features and
    /// their contributions.
    pub fn score(&self, i: usize, j: usize) -> (f64, Vec<(f32, u32)>) {
        // As many as the shorter list can share: one allocation, not a
        // growing list (their growing was a twentieth of `related`).
        let mut shared = Vec::with_capacity(self.paras[i].len().min(self.paras[j].len()));
        let s = self.score_into(i, j, Some(&mut shared));
        (s, shared)
    }

    /// The score of paragraphs `i` and `j`, their shared features (with
    /// their contributions) pushed onto `shared` when given: ranking the
    /// candidates needs only the scores, and a book has millions of them.
    fn score_into(&self, i: usize, j: usize, mut shared: Option<&mut Vec<(f32, u32)>>) -> f64 {
        let (a, b) = (&self.paras[i], &self.paras[j]);
        let (mut x, mut y, mut dot, mut mass) = (0, 0, 0.0f32, 0.0f32);
        while x < a.len() && y < b.len() {
            match a[x].0.cmp(&b[y].0) {
                std::cmp::Ordering::Less => x += 1,
                std::cmp::Ordering::Greater => y += 1,
                std::cmp::Ordering::Equal => {
                    let c = a[x].1 * b[y].1;
                    if c > 0.0 {
                        dot += c;
                        mass += a[x].1.min(b[y].1);
                        if let Some(s) = shared.as_deref_mut() {
                            s.push((c, a[x].0));
                        }
                    }
                    x += 1;
                    y += 1;
                }
            }
        }
        if dot <= 0.0 {
            return 0.0;
        }
        let cross = usize::from(self.side(i) != self.side(j));
        let norm = (self.norms[i][cross] * self.norms[j][cross]).max(f32::MIN_POSITIVE);
        let cosine = f64::from(dot / norm).min(1.0);
        let evidence = 1.0 - (-f64::from(mass) / 2.0).exp();
        let near = 1.0 - f64::from((self.position(i) - self.position(j)).abs());
        // In 0–1: nearness only breaks ties.
        (1.0 - NEARNESS) * cosine * evidence + NEARNESS * near
    }

    /// The best links of paragraph `i`: candidates from its rarest
    /// features, the best of them per account scored exactly.
    pub fn links_of(&self, i: usize, acc: &mut [f32]) -> ThinVec<Link> {
        let (from, feats) = (self.para_ref(i), &self.paras[i]);
        if self.norms[i][0] == 0.0 {
            return ThinVec::new();
        }
        // The rarest features propose; only a paragraph that has none rare
        // enough lets its frequent ones propose their nearest paragraphs
        // (else it would have no link at all).
        let rare = |id: u32| self.postings[id as usize].len() <= PROPOSE_DF;
        let any_rare = feats.iter().any(|&(id, w)| w > 0.0 && rare(id));
        let mut proposers: Vec<&(u32, f32)> = feats
            .iter()
            .filter(|&&(id, w)| w > 0.0 && (rare(id) || !any_rare))
            .collect();
        proposers.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        proposers.truncate(PROPOSERS);
        // Room for the candidates of a usual paragraph at once: growing
        // these lists push by push was a twentieth of `related` on a book.
        let mut touched: Vec<u32> = Vec::with_capacity(256);
        for &&(id, wi) in &proposers {
            for &(j, wj) in self.nearest(id, i) {
                if j as usize == i {
                    continue;
                }
                if let Some(w) = self.window
                    && (self.position(i) - self.position(j as usize)).abs() > w
                {
                    continue;
                }
                if acc[j as usize] == 0.0 {
                    touched.push(j);
                }
                acc[j as usize] += wi * wj;
            }
        }
        let mut per_side: [Vec<(f32, u32)>; 2] = [
            Vec::with_capacity(touched.len()),
            Vec::with_capacity(touched.len()),
        ];
        for j in touched {
            let side = self.side(j as usize);
            per_side[usize::from(side != from.side)].push((acc[j as usize], j));
            acc[j as usize] = 0.0;
        }
        let mut out: ThinVec<Link> = ThinVec::new();
        for mut cands in per_side {
            let keep = KEEP;
            // The partial scores pick a short list; exact scores rank it.
            let short = (keep * 4).min(cands.len());
            if cands.len() > short {
                cands.select_nth_unstable_by(short, |a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
                cands.truncate(short);
            }
            let mut scored: Vec<(f64, u32)> = Vec::with_capacity(cands.len());
            scored.extend(
                cands
                    .into_iter()
                    .map(|(_, j)| (self.score_into(i, j as usize, None), j))
                    .filter(|(s, _)| *s >= MIN_SCORE),
            );
            scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            for (score, j) in scored.into_iter().take(keep) {
                let (_, shared) = self.score(i, j as usize);
                out.push(self.make_link(j as usize, score, shared, false));
            }
        }
        other_account_first(&mut out, from.side);
        out
    }

    /// The paragraphs having feature `id` that may be proposed for
    /// paragraph `i`: all of them when at most [`PROPOSE_DF`] do, else the
    /// [`NEAREST`] nearest to `i` in relative position on either side in
    /// each account (a feature of thousands of paragraphs in a long book
    /// still proposes, in bounded time).
    fn nearest(&self, id: u32, i: usize) -> impl Iterator<Item = &(u32, f32)> {
        let all = &self.postings[id as usize];
        let (few, split) = if all.len() <= PROPOSE_DF {
            (true, 0)
        } else {
            (
                false,
                all.partition_point(|&(j, _)| (j as usize) < self.left_count),
            )
        };
        let at = self.position(i);
        let window = |seg: &'_ [(u32, f32)]| -> std::ops::Range<usize> {
            if few {
                return 0..seg.len();
            }
            let mid = seg.partition_point(|&(j, _)| self.position(j as usize) < at);
            let half = NEAREST;
            mid.saturating_sub(half)..(mid + half).min(seg.len())
        };
        let (left, right) = if few {
            (all.as_slice(), &all[..0])
        } else {
            all.split_at(split)
        };
        let (wl, wr) = (window(left), window(right));
        left[wl].iter().chain(right[wr].iter())
    }

    /// The link from paragraph `i` to `j` whatever its score (an aligned pair).
    pub fn link(&self, i: usize, j: usize) -> Link {
        let (score, shared) = self.score(i, j);
        self.make_link(j, score, shared, true)
    }

    /// The link to paragraph `j` with its `score` and shared features
    /// (contribution, id), the strongest kept as its reasons.
    fn make_link(&self, j: usize, score: f64, mut shared: Vec<(f32, u32)>, aligned: bool) -> Link {
        shared.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        Link {
            to: self.para_ref(j),
            score,
            shared: shared
                .into_iter()
                .take(MAX_REASONS)
                .map(|(_, id)| self.names[id as usize].clone())
                .collect(),
            aligned,
            in_order: false,
        }
    }

    /// The links of every paragraph of each side, written into `links`,
    /// on two threads; `None` when stopped.
    ///
    /// The paragraphs go in runs of 512 (`RUN`), dealt to the threads in turn
    /// (long and short paragraphs spread evenly between them), each
    /// thread writing its runs' links where they belong: no list of every
    /// paragraph's links is made beside the result.
    pub fn all_links(&self, stop: &AtomicBool, links: &mut [Vec<ThinVec<Link>>; 2]) -> Option<()> {
        let counts = [self.left_count, self.paras.len() - self.left_count];
        let mut runs: [Vec<Run>; 2] = Default::default();
        let mut dealt = 0;
        let [left, right] = links;
        for ((base, side), count) in [(0, left), (self.left_count, right)]
            .into_iter()
            .zip(counts)
        {
            side.resize(count, ThinVec::new());
            for (r, run) in side.chunks_mut(RUN).enumerate() {
                runs[dealt % 2].push((base + r * RUN, run));
                dealt += 1;
            }
        }
        let done: Vec<bool> = std::thread::scope(|s| {
            let workers: Vec<_> = runs
                .into_iter()
                .map(|mine| {
                    s.spawn(move || {
                        let mut acc = vec![0.0f32; self.paras.len()];
                        for (base, run) in mine {
                            if stop.load(Ordering::Relaxed) {
                                return false;
                            }
                            for (k, slot) in run.iter_mut().enumerate() {
                                *slot = self.links_of(base + k, &mut acc);
                            }
                        }
                        true
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        done.iter().all(|&d| d).then_some(())
    }
}
