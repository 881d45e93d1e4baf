//! One account's search keys: every sentence folded once (one key for the
//! whole account, sentences separated by a line end), and, built on first
//! need, its vocabulary: each distinct word with its sound key and the
//! sentences it occurs in. The sound and typo tiers look words up in the
//! vocabulary (tens of thousands of words) instead of scanning the text.

use crate::lang::fold::{Folded, fold_into};
use crate::lang::sound::sound_key;
use crate::text::Account;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::OnceLock;

/// Where a sentence's key lies in its account's key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SentenceKey {
    /// Paragraph index (0-based).
    pub paragraph: u32,
    /// Sentence index within the paragraph.
    pub sentence: u32,
    /// Start of its key.
    pub start: u32,
    /// End of its key.
    pub end: u32,
}

/// Each distinct word of an account, with its sound key and sentences.
#[derive(Debug, Clone, Default)]
pub struct Vocab {
    /// The words, folded.
    pub words: Vec<String>,
    /// Their sound keys.
    pub sounds: Vec<String>,
    /// The words without the longest ending of any language (leaving three
    /// letters): typos are counted on these, so a typo in an inflected form
    /// is still one typo (Павловне for pavlovma).
    pub bare: Vec<String>,
    /// For each word, the sentences (indexes into [`SideIndex::sentences`]) it is in.
    pub postings: Vec<Vec<u32>>,
}

/// The search keys of one account.
#[derive(Debug, Default)]
pub struct SideIndex {
    /// Every sentence folded, one after another, each followed by `\n`.
    pub folded: Folded,
    /// Each sentence's place in the key, in reading order.
    pub sentences: Vec<SentenceKey>,
    /// For each paragraph, the index of its first sentence.
    pub para_first: Vec<u32>,
    vocab: OnceLock<Vocab>,
}

impl SideIndex {
    /// Folds every sentence of `account` (matter has none).
    pub fn new(account: &Account) -> SideIndex {
        let mut folded = Folded {
            key: String::with_capacity(account.text.len()),
            map: Vec::with_capacity(account.text.len()),
        };
        let mut sentences = Vec::new();
        let mut para_first = Vec::with_capacity(account.paragraphs.len());
        for (pi, p) in account.paragraphs.iter().enumerate() {
            para_first.push(sentences.len() as u32);
            for (si, s) in p.sentences.iter().enumerate() {
                let start = folded.key.len() as u32;
                fold_into(&account.text[s.span.clone()], s.span.start, &mut folded);
                sentences.push(SentenceKey {
                    paragraph: pi as u32,
                    sentence: si as u32,
                    start,
                    end: folded.key.len() as u32,
                });
                folded.key.push('\n');
                folded.map.push(s.span.end as u32);
            }
        }
        SideIndex {
            folded,
            sentences,
            para_first,
            vocab: OnceLock::new(),
        }
    }

    /// The folded key of sentence `n`.
    pub fn key(&self, n: usize) -> &str {
        let s = &self.sentences[n];
        &self.folded.key[s.start as usize..s.end as usize]
    }

    /// The sentence holding key byte `at`.
    pub fn sentence_at_key(&self, at: usize) -> usize {
        self.sentences
            .partition_point(|s| (s.end as usize) < at)
            .min(self.sentences.len().saturating_sub(1))
    }

    /// The sentence (index into `sentences`) holding byte `offset` of the text.
    pub fn sentence_at(&self, account: &Account, offset: usize) -> Option<usize> {
        let p = account.paragraph_at(offset);
        let para = account.paragraphs.get(p)?;
        if para.sentences.is_empty() {
            return None;
        }
        let s = para
            .sentences
            .partition_point(|s| s.span.end <= offset)
            .min(para.sentences.len() - 1);
        Some(self.para_first[p] as usize + s)
    }

    /// The vocabulary, built on first use.
    pub fn vocab(&self) -> &Vocab {
        self.vocab.get_or_init(|| {
            let mut ids: HashMap<&str, u32> = HashMap::new();
            let mut v = Vocab::default();
            for (n, s) in self.sentences.iter().enumerate() {
                let key = &self.folded.key[s.start as usize..s.end as usize];
                for w in words(key) {
                    let word = &key[w];
                    let id = *ids.entry(word).or_insert_with(|| {
                        v.words.push(word.to_string());
                        v.sounds.push(sound_key(word));
                        v.bare.push(bare(word).to_string());
                        v.postings.push(Vec::new());
                        (v.words.len() - 1) as u32
                    });
                    let post = &mut v.postings[id as usize];
                    if post.last() != Some(&(n as u32)) {
                        post.push(n as u32);
                    }
                }
            }
            v
        })
    }
}

/// `word` (folded) without the longest ending of any language that leaves
/// three letters.
pub fn bare(word: &str) -> &str {
    crate::lang::data::get(None)
        .endings
        .iter()
        .find(|e| word.len() >= e.len() + 3 && word.ends_with(e.as_str()))
        .map_or(word, |e| &word[..word.len() - e.len()])
}

/// The byte ranges of the words (alphanumeric runs) of a folded key.
pub fn words(key: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut chars = key.char_indices().peekable();
    std::iter::from_fn(move || {
        loop {
            let (i, c) = chars.next()?;
            if c.is_alphanumeric() {
                let mut end = i + c.len_utf8();
                while let Some(&(j, d)) = chars.peek() {
                    if !d.is_alphanumeric() {
                        break;
                    }
                    end = j + d.len_utf8();
                    chars.next();
                }
                return Some(i..end);
            }
        }
    })
}
