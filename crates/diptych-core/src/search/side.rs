//! One account's search keys: every sentence folded once (one key for the
//! whole account, sentences separated by a line end), and, built on first
//! need, its vocabulary: each distinct word with its sound key and the
//! sentences it occurs in. The sound and typo tiers look words up in the
//! vocabulary (tens of thousands of words) instead of scanning the text.

use crate::lang::fold::{Folded, Keyed, Origins, fold, fold_key_into, key_words};
use crate::lang::sound::sound_key_into;
use crate::text::Account;
// A book's words need no defence against crafted collisions: foldhash
// hashes them several times faster than the standard SipHash.
use foldhash::HashMap as FastMap;
use std::collections::hash_map::Entry;
use std::sync::OnceLock;

/// Where a sentence's key lies in its account's key (its end is where
/// the next one starts, less the line end between them: not kept, as a
/// book may have millions of sentences; see [`SideIndex::key_end`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SentenceKey {
    /// Start of its key.
    pub start: u32,
    /// Start of the sentence in the text.
    pub text_start: u32,
    /// End of the sentence in the text.
    pub text_end: u32,
}

/// Each distinct word of an account, with its sound key and sentences.
///
/// Kept compact (a whole book has a few hundred thousand distinct word
/// forms): the words and their sound keys are each one string with
/// offsets, a bare word is a length (it is a prefix of its word), and the
/// sentences of all words are one list with offsets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Vocab {
    /// The words, folded, one after another.
    text: String,
    /// Where each word starts in `text` (one more at the end).
    starts: Vec<u32>,
    /// Their sound keys, one after another.
    sound_text: String,
    /// Where each sound key starts in `sound_text` (one more at the end).
    sound_starts: Vec<u32>,
    /// Each word's length in bytes without the longest ending of any
    /// language (leaving three letters): typos are counted on these, so a
    /// typo in an inflected form is still one typo (Павловне for pavlovma).
    bare_bytes: Vec<u8>,
    /// The sentences of every word (indexes into
    /// [`SideIndex::sentences`]), word after word.
    posting_list: Vec<u32>,
    /// Where each word's sentences start in `posting_list` (one more at the end).
    posting_starts: Vec<u32>,
    /// Each word's length in characters (at most 255).
    pub lens: Vec<u8>,
    /// Each word's letters as a set ([`letter_mask`]).
    pub masks: Vec<u32>,
    /// The same for each bare word.
    pub bare_lens: Vec<u8>,
    /// The same for each bare word.
    pub bare_masks: Vec<u32>,
}

impl Vocab {
    /// How many distinct words.
    pub fn len(&self) -> usize {
        self.lens.len()
    }

    /// True when the account has no words.
    pub fn is_empty(&self) -> bool {
        self.lens.is_empty()
    }

    /// Word `id`, folded.
    pub fn word(&self, id: usize) -> &str {
        &self.text[self.starts[id] as usize..self.starts[id + 1] as usize]
    }

    /// The sound key of word `id`.
    pub fn sound(&self, id: usize) -> &str {
        &self.sound_text[self.sound_starts[id] as usize..self.sound_starts[id + 1] as usize]
    }

    /// Word `id` without its longest ending (see `bare_bytes`).
    pub fn bare(&self, id: usize) -> &str {
        &self.word(id)[..usize::from(self.bare_bytes[id])]
    }

    /// The sentences word `id` is in, in order.
    pub fn postings(&self, id: usize) -> &[u32] {
        &self.posting_list[self.posting_starts[id] as usize..self.posting_starts[id + 1] as usize]
    }

    /// Every word with its id.
    pub fn words(&self) -> impl Iterator<Item = (usize, &str)> + '_ {
        (0..self.len()).map(|id| (id, self.word(id)))
    }
}

/// The letters of a word as a set of 32 bits (a–z one bit each, digits
/// one, other letters hashed onto the rest). One edit changes at most two
/// bits, so two words whose sets differ in more than 2k bits are more than
/// k edits apart, and a word lacking a letter of a needle cannot hold it:
/// the typo and fuzzy tiers skip most of the vocabulary on this alone.
pub fn letter_mask(word: &str) -> u32 {
    word.chars().fold(0, |m, c| {
        m | match c {
            'a'..='z' => 1 << (c as u32 - 'a' as u32),
            '0'..='9' => 1 << 26,
            _ => 1 << (27 + c as u32 % 5),
        }
    })
}

/// A length in characters, as the vocabulary keeps it.
pub fn char_len(word: &str) -> u8 {
    let n = if word.is_ascii() {
        word.len()
    } else {
        word.chars().count()
    };
    n.min(255) as u8
}

/// The search keys of one account.
#[derive(Debug, Default)]
pub struct SideIndex {
    /// Every sentence folded, one after another, each followed by `\n`.
    /// No map back to the text is kept (it would take a byte for each
    /// byte of key, and a third of the time): a key byte's origin is found
    /// by folding its sentence again ([`Keyed::origins`]).
    pub key: String,
    /// Each sentence's place in the key, in reading order.
    pub sentences: Vec<SentenceKey>,
    /// For each paragraph, the index of its first sentence.
    pub para_first: Vec<u32>,
    /// The endings a name takes in the account's language, folded
    /// (texts/languages.toml; every language's for one without data).
    pub endings: &'static [String],
    vocab: OnceLock<Vocab>,
}

impl SideIndex {
    /// Folds every sentence of `account` (matter has none).
    pub fn new(account: &Account) -> SideIndex {
        let mut key = String::with_capacity(account.text.len());
        let mut sentences = Vec::new();
        let mut para_first = Vec::with_capacity(account.paragraphs.len());
        for p in &account.paragraphs {
            para_first.push(sentences.len() as u32);
            for s in p.sentences() {
                let start = key.len() as u32;
                fold_key_into(&account.text[s.span()], &mut key);
                sentences.push(SentenceKey {
                    start,
                    text_start: s.span().start as u32,
                    text_end: s.span().end as u32,
                });
                key.push('\n');
            }
        }
        // Room was reserved for a key as long as the text; a Cyrillic
        // text folds to much less.
        key.shrink_to_fit();
        sentences.shrink_to_fit();
        SideIndex {
            key,
            sentences,
            para_first,
            endings: &crate::lang::tables::get(account.meta.language).endings,
            vocab: OnceLock::new(),
        }
    }

    /// The folded key of sentence `n`.
    pub fn key(&self, n: usize) -> &str {
        &self.key[self.sentences[n].start as usize..self.key_end(n)]
    }

    /// Where sentence `n`'s key ends: at the line end before the next
    /// sentence's (every sentence's key is followed by one).
    pub fn key_end(&self, n: usize) -> usize {
        self.sentences
            .get(n + 1)
            .map_or(self.key.len(), |s| s.start as usize)
            .saturating_sub(1)
    }

    /// Sentence `n` folded again, with its map: key byte `i` of
    /// [`SideIndex::key`]`(n)` came from `map.get(i)` of `text`.
    pub fn refold(&self, text: &str, n: usize) -> Folded {
        let s = &self.sentences[n];
        let f = fold(
            &text[s.text_start as usize..s.text_end as usize],
            s.text_start as usize,
        );
        debug_assert_eq!(f.key, self.key(n), "a sentence folds as it did");
        f
    }

    /// Sentence `n`'s (paragraph, sentence within it), both 0-based (not
    /// kept with each sentence: a book may have millions).
    pub fn place(&self, n: usize) -> (usize, usize) {
        let p = self
            .para_first
            .partition_point(|&f| f as usize <= n)
            .saturating_sub(1);
        (p, n - self.para_first.get(p).map_or(0, |&f| f as usize))
    }

    /// The sentence holding key byte `at`.
    pub fn sentence_at_key(&self, at: usize) -> usize {
        self.sentences
            .partition_point(|s| s.start as usize <= at)
            .saturating_sub(1)
    }

    /// The sentence (index into `sentences`) holding byte `offset` of the text.
    pub fn sentence_at(&self, account: &Account, offset: usize) -> Option<usize> {
        let p = account.paragraph_at(offset);
        let para = account.paragraphs.get(p)?;
        if para.sentences().is_empty() {
            return None;
        }
        let s = para
            .sentences()
            .partition_point(|s| s.span().end <= offset)
            .min(para.sentences().len() - 1);
        Some(self.para_first[p] as usize + s)
    }

    /// The vocabulary, built on first use.
    pub fn vocab(&self) -> &Vocab {
        self.vocab.get_or_init(|| self.build_vocab(VOCAB_PART))
    }

    /// The vocabulary; from `2 · part` bytes of key, its two halves read
    /// on two threads, then joined (a core the other account has left
    /// idle shares the work). Either way, the words are numbered as one
    /// pass in reading order would.
    pub fn build_vocab(&self, part: usize) -> Vocab {
        let n = self.sentences.len();
        if self.key.len() / 2 < part || n < 2 {
            return self.scan(0..n).finish();
        }
        let mid = n / 2;
        let (mut first, second) = std::thread::scope(|s| {
            let second = s.spawn(|| self.scan(mid..n));
            let first = self.scan(0..mid);
            let second = second
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            (first, second)
        });
        first.join(second);
        first.finish()
    }

    /// The words of sentences `range`.
    fn scan(&self, range: std::ops::Range<usize>) -> Scan {
        let mut scan = Scan {
            tiny_ids: vec![u32::MAX; TINY],
            short_ids: FastMap::default(),
            ids: FastMap::default(),
            v: Vocab::default(),
            seq: Vec::new(),
            ends: Vec::with_capacity(range.len()),
            count: Vec::new(),
            later: Vec::new(),
        };
        let key_bytes = self.key.as_bytes();
        let mut last_seen: Vec<u32> = Vec::new();
        for (n, s) in self.sentences[range.clone()].iter().enumerate() {
            let key = self.key(range.start + n);
            for w in key_words(key) {
                let at = s.start as usize + w.start;
                let word = &key[w];
                let (id, new) = scan.slot(word, pack(key_bytes, at, word.len()));
                if new {
                    last_seen.push(u32::MAX);
                }
                if last_seen[id as usize] != n as u32 {
                    last_seen[id as usize] = n as u32;
                    scan.count[id as usize] += 1;
                    scan.seq.push(id);
                }
            }
            scan.ends.push(scan.seq.len() as u32);
        }
        scan
    }
}

/// The least key each of the two threads building a vocabulary reads (a
/// smaller account is read on one).
const VOCAB_PART: usize = 512 << 10;

/// The words of some sentences, as [`SideIndex::scan`] found them: the
/// vocabulary's words so far, the distinct words of each sentence in turn
/// (`seq`, with `ends` marking each sentence's end), and how many
/// sentences each word is in.
struct Scan {
    /// Words of one to three letters a–z (a third of a book's words), by
    /// their letters as a number: no hashing at all.
    tiny_ids: Vec<u32>,
    /// Words of up to 15 bytes (nearly all the rest), each looked up as
    /// one number, compared without a call to memcmp.
    short_ids: FastMap<u128, u32>,
    /// Longer words, as strings.
    ids: FastMap<Box<str>, u32>,
    /// The words so far: their text only, until [`Scan::finish`].
    v: Vocab,
    seq: Vec<u32>,
    ends: Vec<u32>,
    count: Vec<u32>,
    /// The `seq` and `ends` of the sentences after these, joined
    /// ([`Scan::join`]): their words numbered as here.
    later: Vec<(Vec<u32>, Vec<u32>)>,
}

impl Scan {
    /// The id of `word` (`packed` by [`pack`]), and whether it is new
    /// (added now, in no sentence yet).
    fn slot(&mut self, word: &str, packed: Option<u128>) -> (u32, bool) {
        let next = self.v.starts.len() as u32;
        let known = match tiny(word.as_bytes()) {
            Some(t) => {
                let slot = &mut self.tiny_ids[t];
                if *slot == u32::MAX {
                    *slot = next;
                    None
                } else {
                    Some(*slot)
                }
            }
            None => match packed {
                Some(k) => match self.short_ids.entry(k) {
                    Entry::Occupied(e) => Some(*e.get()),
                    Entry::Vacant(e) => {
                        e.insert(next);
                        None
                    }
                },
                None => match self.ids.get(word) {
                    Some(&id) => Some(id),
                    None => {
                        self.ids.insert(word.into(), next);
                        None
                    }
                },
            },
        };
        if let Some(id) = known {
            return (id, false);
        }
        self.v.starts.push(self.v.text.len() as u32);
        self.v.text.push_str(word);
        self.count.push(0);
        (next, true)
    }

    /// Adds the sentences `later` read, which follow these: its words new
    /// here are numbered after these, in its order.
    fn join(&mut self, mut later: Scan) {
        // Its words' ends, for `word`.
        later.v.starts.push(later.v.text.len() as u32);
        let words = &later.v;
        let mut to_here: Vec<u32> = Vec::with_capacity(later.count.len());
        for id in 0..later.count.len() {
            let word = words.word(id);
            let (here, _) = self.slot(word, pack(word.as_bytes(), 0, word.len()));
            self.count[here as usize] += later.count[id];
            to_here.push(here);
        }
        // Kept apart, not copied onto the end of these (a copy of a
        // megabyte or more to pages never touched before).
        let (mut seq, ends) = (later.seq, later.ends);
        for id in &mut seq {
            *id = to_here[*id as usize];
        }
        self.later.push((seq, ends));
        self.later.extend(later.later);
    }

    /// The vocabulary, each word's sentences laid out one after another.
    fn finish(self) -> Vocab {
        let Scan {
            mut v,
            seq,
            ends,
            later,
            mut count,
            ..
        } = self;
        v.starts.push(v.text.len() as u32);
        // What the tiers ask of each word, once a word (not once in each
        // half that read it).
        let words = count.len();
        v.sound_starts = Vec::with_capacity(words + 1);
        for id in 0..words {
            let word = &v.text[v.starts[id] as usize..v.starts[id + 1] as usize];
            let b = bare(word);
            v.sound_starts.push(v.sound_text.len() as u32);
            sound_key_into(word, &mut v.sound_text);
            v.bare_bytes.push(b.len().min(255) as u8);
            v.lens.push(char_len(word));
            v.masks.push(letter_mask(word));
            v.bare_lens.push(char_len(b));
            v.bare_masks.push(letter_mask(b));
        }
        v.sound_starts.push(v.sound_text.len() as u32);
        v.posting_starts = Vec::with_capacity(count.len() + 1);
        let mut total = 0u32;
        for c in &count {
            v.posting_starts.push(total);
            total += c;
        }
        v.posting_starts.push(total);
        // `count` becomes each word's next free slot.
        count.copy_from_slice(&v.posting_starts[..words]);
        v.posting_list = vec![0; total as usize];
        let mut n = 0u32;
        for (seq, ends) in std::iter::once((seq, ends)).chain(later) {
            let mut from = 0usize;
            for &end in &ends {
                for &id in &seq[from..end as usize] {
                    v.posting_list[count[id as usize] as usize] = n;
                    count[id as usize] += 1;
                }
                from = end as usize;
                n += 1;
            }
        }
        v.text.shrink_to_fit();
        v.sound_text.shrink_to_fit();
        v
    }
}

impl Keyed for SideIndex {
    fn key(&self) -> &str {
        &self.key
    }

    fn origins<'a>(&'a self, text: &'a str) -> Box<dyn Origins + 'a> {
        Box::new(Refolded {
            index: self,
            text,
            sentence: None,
            folded: Folded::default(),
        })
    }
}

/// The origins of a [`SideIndex`]'s key bytes, found by folding their
/// sentence again; the last sentence folded is kept (a name's words are
/// asked for one after another).
struct Refolded<'a> {
    index: &'a SideIndex,
    text: &'a str,
    sentence: Option<usize>,
    folded: Folded,
}

impl Origins for Refolded<'_> {
    fn origin(&mut self, at: usize) -> usize {
        let n = self.index.sentence_at_key(at);
        if self.sentence != Some(n) {
            self.folded = self.index.refold(self.text, n);
            self.sentence = Some(n);
        }
        let s = &self.index.sentences[n];
        match at.checked_sub(s.start as usize) {
            Some(i) if i < self.folded.map.len() => self.folded.map.get(i) as usize,
            // The line end after the sentence: its end.
            _ => s.text_end as usize,
        }
    }
}

/// How many numbers [`tiny`] gives.
const TINY: usize = 27 * 27 * 27;

/// A word of one to three letters a–z as a number below [`TINY`] (each
/// letter 1 to 26, so "a" and "aa" differ), or `None`.
fn tiny(word: &[u8]) -> Option<usize> {
    if word.len() > 3 {
        return None;
    }
    let mut n = 0;
    for &b in word {
        if !b.is_ascii_lowercase() {
            return None;
        }
        n = n * 27 + usize::from(b - b'a' + 1);
    }
    Some(n)
}

/// The word of `len` bytes at `at` in `key`, when at most 15 bytes, as
/// one number: its bytes, and its length in the last byte (so "a" and
/// "a\0" differ). Read as sixteen bytes at once where the key has them
/// (a copy of a word's bytes to the stack, read back whole, stalls).
fn pack(key: &[u8], at: usize, len: usize) -> Option<u128> {
    if len > 15 {
        return None;
    }
    let n = match key
        .get(at..at + 16)
        .and_then(|b| <[u8; 16]>::try_from(b).ok())
    {
        Some(b) => u128::from_le_bytes(b) & ((1u128 << (8 * len)) - 1),
        None => {
            let mut raw = [0u8; 16];
            raw[..len].copy_from_slice(&key[at..at + len]);
            u128::from_le_bytes(raw)
        }
    };
    Some(n | ((len as u128) << 120))
}

/// `word` (folded) without the longest ending of any language that leaves
/// three letters.
pub fn bare(word: &str) -> &str {
    // The endings by their last byte, longest first: a word is tried only
    // against those it could end with (it is asked of every word of a book).
    static BY_LAST: OnceLock<Vec<Vec<&'static str>>> = OnceLock::new();
    let by_last = BY_LAST.get_or_init(|| {
        let mut t: Vec<Vec<&'static str>> = vec![Vec::new(); 256];
        for e in &crate::lang::tables::get(None).endings {
            if let Some(&b) = e.as_bytes().last() {
                t[usize::from(b)].push(e.as_str());
            }
        }
        t
    });
    let Some(&last) = word.as_bytes().last() else {
        return word;
    };
    by_last[usize::from(last)]
        .iter()
        .find(|e| word.len() >= e.len() + 3 && word.ends_with(*e))
        .map_or(word, |e| &word[..word.len() - e.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Read in two halves on two threads, a vocabulary is the one a
    /// single pass builds: the same words, numbered alike, in the same
    /// sentences.
    #[test]
    fn two_halves_build_the_vocabulary_one_pass_does() {
        let pair = crate::pair::Pair::bundled().expect("bundled");
        let mixed = format!(
            "{} A tiny word and a long one: Donaudampfschifffahrtsgesellschaft. {}",
            "Наполеон зрадив. Napoléon a abdiqué. ".repeat(40),
            "Slovo za slovom, Donaudampfschifffahrtsgesellschaftskapitän. ".repeat(40),
        );
        let own = Account::new(crate::text::Meta::named("mixed"), mixed);
        for account in [&pair.accounts[0], &pair.accounts[1], &own] {
            let keys = SideIndex::new(account);
            let one = keys.build_vocab(usize::MAX);
            let two = keys.build_vocab(1);
            assert!(one.len() > 10, "{} words", one.len());
            assert_eq!(one, two, "{}", account.meta.label);
        }
    }
}
