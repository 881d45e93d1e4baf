//! The alignment's data: what each paragraph weighs ([`Unit`]), the beads
//! that pair them ([`Bead`], [`BeadSide`]), each paragraph's counterpart
//! ([`Counterparts`]) and the whole [`Alignment`], with how a side's
//! references are written ([`refs`]). The programme that makes them is in
//! the module above.

use super::{Part, SentenceBead};
use crate::text::Side;
use thin_vec::ThinVec;

/// What `--align` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AlignChoice {
    /// Decide per pair.
    #[default]
    Auto,
    /// Align as a translation.
    Translation,
    /// Link as two narratives.
    Narrative,
}

crate::named_choices!(AlignChoice, "alignment", [
    "translation" => AlignChoice::Translation,
    "narrative" => AlignChoice::Narrative,
    "auto" => AlignChoice::Auto,
]);

/// What a paragraph (or sentence) brings to the alignment, in 16 bytes:
/// a book of a million paragraphs has a million units, most with no
/// anchor and few words.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unit {
    /// Its length in characters (the low [`CHAR_BITS`] bits), and its
    /// heading level above them (0 when it is not a heading).
    size: u32,
    /// How many of its words the lexicon knows a counterpart of
    /// ([`Lexicon::mark`](crate::lexicon::Lexicon::mark)): what the lexicon scores beads by.
    pub known: u32,
    /// Its four lists one after another, after their first three lengths
    /// (empty when all four are): [`Unit::anchors`], [`Unit::words`],
    /// [`Unit::known_words`], [`Unit::translated`].
    lists: ThinVec<u32>,
}

/// Bits of [`Unit`]'s `size` that hold its length in characters.
const CHAR_BITS: u32 = 29;
/// The longest length a [`Unit`] keeps.
const CHAR_MAX: u32 = (1 << CHAR_BITS) - 1;

impl Unit {
    /// A unit of `chars` characters with its `anchors`, no words yet.
    pub fn new(chars: usize, heading: Option<u8>, anchors: &[u32]) -> Unit {
        let chars = chars.min(CHAR_MAX as usize) as u32;
        let level = u32::from(heading.map_or(0, |l| l.clamp(1, 7)));
        let mut u = Unit {
            size: chars | level << CHAR_BITS,
            ..Unit::default()
        };
        u.set_lists([anchors, &[], &[], &[]]);
        u
    }

    /// Its length in characters (at most 2^29 − 1: a text is at most
    /// 256 MiB).
    pub fn chars(&self) -> usize {
        (self.size & CHAR_MAX) as usize
    }

    /// Its heading level, when it is a heading (1 to 7).
    pub fn heading(&self) -> Option<u8> {
        let level = (self.size >> CHAR_BITS) as u8;
        (level > 0).then_some(level)
    }

    /// The four lists, as slices.
    fn all(&self) -> [&[u32]; 4] {
        let l = &self.lists;
        if l.len() < 3 {
            return [&[]; 4];
        }
        let (a, w, k) = (l[0] as usize, l[1] as usize, l[2] as usize);
        let rest = &l[3..];
        let (anchors, rest) = rest.split_at(a.min(rest.len()));
        let (words, rest) = rest.split_at(w.min(rest.len()));
        let (known, translated) = rest.split_at(k.min(rest.len()));
        [anchors, words, known, translated]
    }

    /// Sets the four lists.
    fn set_lists(&mut self, lists: [&[u32]; 4]) {
        let total: usize = lists.iter().map(|l| l.len()).sum();
        self.lists = ThinVec::new();
        if total == 0 {
            return;
        }
        self.lists.reserve(3 + total);
        for l in &lists[..3] {
            self.lists.push(l.len() as u32);
        }
        for l in lists {
            self.lists.extend_from_slice(l);
        }
    }

    /// Numbers, entries (people and places known in both texts) and the
    /// like: anything a translation keeps. Sorted, without repeats.
    pub fn anchors(&self) -> &[u32] {
        // Read straight off (the programme asks for it in every cell).
        match self.lists.as_slice() {
            [a, _, _, rest @ ..] => &rest[..(*a as usize).min(rest.len())],
            _ => &[],
        }
    }

    /// Its words, as sorted ids of its text's vocabulary (see
    /// [`crate::lexicon::Vocab::bag`]): what the lexicon learns from.
    pub fn words(&self) -> &[u32] {
        self.all()[1]
    }

    /// Those of its words the lexicon knows a counterpart of ([`Unit::known`]).
    pub fn known_words(&self) -> &[u32] {
        self.all()[2]
    }

    /// The other text's words its [`Unit::known_words`] stand for.
    pub fn translated(&self) -> &[u32] {
        self.all()[3]
    }

    /// Gives it its `words`.
    pub fn set_words(&mut self, words: &[u32]) {
        let [a, _, k, t] = self.all();
        let (a, k, t) = (a.to_vec(), k.to_vec(), t.to_vec());
        self.set_lists([&a, words, &k, &t]);
    }

    /// Gives it what the lexicon knows of its words: how many, those
    /// words, and what they stand for.
    pub fn set_known(&mut self, known: u32, words: &[u32], translated: &[u32]) {
        let [a, w, _, _] = self.all();
        let (a, w) = (a.to_vec(), w.to_vec());
        self.known = known;
        self.set_lists([&a, &w, words, translated]);
    }
}

/// Paragraph indexes of one side of a bead: a run of them, in eight bytes
/// (a book of a million paragraphs has a million beads; a list type of
/// `usize`s takes three times that). Written by hand: a bead side is
/// always a run (the programme's steps take two at most, and a lone run
/// beside a bead may join it), kept as its start and end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BeadSide {
    /// The run, `at[0]..at[1]` (empty when they are equal).
    at: [u32; 2],
}

impl BeadSide {
    /// No index.
    pub fn new() -> BeadSide {
        BeadSide::default()
    }

    /// One index.
    pub fn one(x: usize) -> BeadSide {
        BeadSide {
            at: [x as u32, x as u32 + 1],
        }
    }

    /// The run `range`.
    pub fn run(range: std::ops::Range<usize>) -> BeadSide {
        if range.is_empty() {
            return BeadSide::new();
        }
        BeadSide {
            at: [range.start as u32, range.end as u32],
        }
    }

    /// How many indexes.
    pub fn len(&self) -> usize {
        (self.at[1] - self.at[0]) as usize
    }

    /// True when it has none.
    pub fn is_empty(&self) -> bool {
        self.at[0] == self.at[1]
    }

    /// The first index.
    pub fn first(&self) -> Option<usize> {
        (!self.is_empty()).then_some(self.at[0] as usize)
    }

    /// The last index.
    pub fn last(&self) -> Option<usize> {
        (!self.is_empty()).then(|| self.at[1] as usize - 1)
    }

    /// True when `x` is one of its indexes.
    pub fn contains(&self, x: usize) -> bool {
        (self.at[0] as usize..self.at[1] as usize).contains(&x)
    }

    /// Its indexes, in order.
    pub fn iter(&self) -> std::ops::Range<usize> {
        self.at[0] as usize..self.at[1] as usize
    }
}

impl IntoIterator for &BeadSide {
    type Item = usize;
    type IntoIter = std::ops::Range<usize>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for BeadSide {
    type Item = usize;
    type IntoIter = std::ops::Range<usize>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl FromIterator<usize> for BeadSide {
    /// The run from the first index of `iter` to its last (a bead side is
    /// always a run).
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> BeadSide {
        let mut it = iter.into_iter();
        match it.next() {
            Some(first) => {
                let last = it.last().unwrap_or(first);
                BeadSide::run(first..last + 1)
            }
            None => BeadSide::new(),
        }
    }
}

/// A run of paragraphs on each side that translate each other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bead {
    /// Paragraph indexes on the left (a run, often of one or two).
    pub left: BeadSide,
    /// Paragraph indexes on the right.
    pub right: BeadSide,
}

/// Each unit's (or paragraph's) counterpart on the other side, four bytes
/// each (a book may have a million paragraphs).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counterparts(Vec<u32>);

/// How [`Counterparts`] keeps "none".
const NO_COUNTERPART: u32 = u32::MAX;

impl Counterparts {
    /// `n` units, none with a counterpart.
    pub fn none(n: usize) -> Counterparts {
        Counterparts(vec![NO_COUNTERPART; n])
    }

    /// How many units.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Unit `p`'s counterpart (`None` outside the units, `Some(None)` for
    /// a unit without one).
    pub fn get(&self, p: usize) -> Option<Option<usize>> {
        self.0
            .get(p)
            .map(|&q| (q != NO_COUNTERPART).then_some(q as usize))
    }

    /// Gives unit `p` its counterpart `q` (nothing outside the units).
    pub fn set(&mut self, p: usize, q: Option<usize>) {
        if let Some(slot) = self.0.get_mut(p) {
            *slot = q.map_or(NO_COUNTERPART, |q| q as u32);
        }
    }

    /// Every unit's counterpart, in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Option<usize>> + ExactSizeIterator + '_ {
        self.0
            .iter()
            .map(|&q| (q != NO_COUNTERPART).then_some(q as usize))
    }
}

/// The alignment of two accounts.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Alignment {
    /// The beads, in order.
    pub beads: Vec<Bead>,
    /// For each paragraph of each side, its counterpart on the other side.
    pub of: [Counterparts; 2],
    /// How sure each bead is, 0 to 1 (beside [`Alignment::beads`]).
    pub scores: Vec<f32>,
    /// The sentence beads, in order, when sentences were aligned.
    pub sentences: Vec<SentenceBead>,
    /// For a partial translation, the part of the longer text the shorter
    /// one is aligned with (the rest has no counterpart).
    pub part: Option<Part>,
    /// For each side, each sentence (paragraph, sentence) with the index of
    /// its bead in `sentences`, sorted ([`Alignment::index_sentences`]).
    pub sentence_index: [Vec<((usize, usize), u32)>; 2],
}

impl Alignment {
    /// Builds [`Alignment::sentence_index`] from the sentence beads.
    pub fn index_sentences(&mut self) {
        let mut index = [Vec::new(), Vec::new()];
        for (i, b) in self.sentences.iter().enumerate() {
            for &r in &b.left {
                index[0].push((r, i as u32));
            }
            for &r in &b.right {
                index[1].push((r, i as u32));
            }
        }
        for side in &mut index {
            side.sort_unstable();
        }
        self.sentence_index = index;
    }

    /// The sentence bead holding sentence `s` of paragraph `p` on `side`.
    pub fn sentence_bead(&self, side: Side, p: usize, s: usize) -> Option<&SentenceBead> {
        let index = &self.sentence_index[side.index()];
        let at = index.binary_search_by_key(&(p, s), |&(r, _)| r).ok()?;
        self.sentences.get(index[at].1 as usize)
    }
}

/// A side's references as every command writes them: `¶12.3–4`,
/// `¶12–13`, `¶12.3–13.1`, or `–` for none (0-based in, 1-based out; the
/// sentence `None` for a paragraph).
pub fn refs(units: &[(usize, Option<usize>)]) -> String {
    let (Some(&(p0, s0)), Some(&(p1, s1))) = (units.first(), units.last()) else {
        return "–".into();
    };
    match (s0, s1) {
        (Some(a), Some(b)) if p0 == p1 && a == b => format!("¶{}.{}", p0 + 1, a + 1),
        (Some(a), Some(b)) if p0 == p1 => format!("¶{}.{}–{}", p0 + 1, a + 1, b + 1),
        (Some(a), Some(b)) => format!("¶{}.{}–{}.{}", p0 + 1, a + 1, p1 + 1, b + 1),
        _ if p0 == p1 => format!("¶{}", p0 + 1),
        _ => format!("¶{}–{}", p0 + 1, p1 + 1),
    }
}
