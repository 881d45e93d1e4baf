//! The map from each byte of a folded key back to the text, about a byte
//! per key byte, and the sinks folding writes offsets to.

/// Key bytes between two absolute offsets in an [`OffsetMap`].
pub(super) const BLOCK: usize = 32;
/// A step that does not fit in a byte: the offset is in `far`.
pub(super) const FAR: u8 = u8::MAX;

/// The original offset of every key byte, in about a byte each instead of
/// four: offsets only grow, and by little (a Cyrillic letter is two bytes
/// of text for one or two of key), so each is kept as its step from the
/// one before, with the whole offset every `BLOCK` bytes. A whole book's
/// keys are kept for searching; this is most of their memory.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OffsetMap {
    /// The offset of key bytes 0, BLOCK, 2·BLOCK, …
    marks: Vec<u32>,
    /// Each key byte's step from the byte before ([`FAR`]: see `far`).
    steps: Vec<u8>,
    /// (key byte, offset) for the steps too big for a byte, in key order.
    far: Vec<(u32, u32)>,
    /// The last offset pushed.
    last: u32,
}

impl OffsetMap {
    /// An empty map with room for `n` key bytes.
    pub fn with_capacity(n: usize) -> OffsetMap {
        OffsetMap {
            marks: Vec::with_capacity(n / BLOCK + 1),
            steps: Vec::with_capacity(n),
            far: Vec::new(),
            last: 0,
        }
    }

    /// Gives back the room reserved and not used.
    pub fn shrink_to_fit(&mut self) {
        self.marks.shrink_to_fit();
        self.steps.shrink_to_fit();
        self.far.shrink_to_fit();
    }

    /// How many key bytes it maps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True when it maps no key byte.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Maps the next key byte to `offset`.
    #[inline]
    pub fn push(&mut self, offset: u32) {
        let i = self.steps.len();
        if i.is_multiple_of(BLOCK) {
            self.marks.push(offset);
            self.steps.push(0);
        } else {
            match offset.checked_sub(self.last) {
                Some(d) if d < u32::from(FAR) => self.steps.push(d as u8),
                _ => {
                    self.steps.push(FAR);
                    self.far.push((i as u32, offset));
                }
            }
        }
        self.last = offset;
    }

    /// Maps the next `n` key bytes to `offset`, `offset + 1`, … (a run of
    /// ASCII copied as it is).
    pub fn push_run(&mut self, offset: u32, n: u32) {
        if n == 0 {
            return;
        }
        self.push(offset);
        let mut k = 1;
        while k < n {
            let i = self.steps.len();
            if i.is_multiple_of(BLOCK) {
                self.marks.push(offset + k);
                self.steps.push(0);
                k += 1;
                continue;
            }
            // To the end of this block, each one past the last.
            let take = ((BLOCK - i % BLOCK) as u32).min(n - k);
            self.steps.extend(std::iter::repeat_n(1u8, take as usize));
            k += take;
        }
        self.last = offset + n - 1;
    }

    /// `n` entries all `offset` (the key bytes of one character).
    pub fn push_same(&mut self, offset: u32, n: usize) {
        if n == 0 {
            return;
        }
        self.push(offset);
        for _ in 1..n {
            if self.steps.len().is_multiple_of(BLOCK) {
                self.marks.push(offset);
            }
            self.steps.push(0);
        }
    }

    /// Maps key bytes up to `len` to `offset` (a character folded to
    /// several key bytes).
    pub fn fill_to(&mut self, len: usize, offset: u32) {
        while self.steps.len() < len {
            self.push(offset);
        }
    }

    /// The original offset of key byte `i` (which must be mapped).
    pub fn get(&self, i: usize) -> u32 {
        let block = i / BLOCK;
        let mut offset = self.marks[block];
        for j in block * BLOCK + 1..=i {
            offset = match self.steps[j] {
                FAR => self.far[self.far.partition_point(|&(k, _)| (k as usize) < j)].1,
                d => offset + u32::from(d),
            };
        }
        offset
    }

    /// Every mapped offset, in key order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }
}

/// Where folding puts each key byte's original offset.
pub(super) trait Sink {
    fn push(&mut self, offset: u32);
    fn push_run(&mut self, offset: u32, n: u32);
    fn push_same(&mut self, offset: u32, n: usize);
    fn fill_to(&mut self, len: usize, offset: u32);
}

impl Sink for OffsetMap {
    #[inline]
    fn push(&mut self, offset: u32) {
        OffsetMap::push(self, offset);
    }
    #[inline]
    fn push_run(&mut self, offset: u32, n: u32) {
        OffsetMap::push_run(self, offset, n);
    }
    #[inline]
    fn push_same(&mut self, offset: u32, n: usize) {
        OffsetMap::push_same(self, offset, n);
    }
    #[inline]
    fn fill_to(&mut self, len: usize, offset: u32) {
        OffsetMap::fill_to(self, len, offset);
    }
}

/// Nowhere: a key folded without a map (a third less time for a
/// Cyrillic text, and a byte less per key byte).
pub(super) struct NoMap;

impl Sink for NoMap {
    #[inline]
    fn push(&mut self, _: u32) {}
    #[inline]
    fn push_run(&mut self, _: u32, _: u32) {}
    #[inline]
    fn push_same(&mut self, _: u32, _: usize) {}
    #[inline]
    fn fill_to(&mut self, _: usize, _: u32) {}
}
