//! Plain ASCII found 64 bytes at a time: the byte classes of a `u64`
//! (safe code has no vector compare), and the run of ASCII that folds to
//! itself lowercased.

/// ASCII that folds to itself lowercased with nothing around it to look
/// at: letters, digits and punctuation other than apostrophes, hyphens
/// (a hyphen may end a wrapped line) and white space.
pub(super) const fn plain_ascii(b: u8) -> bool {
    b.is_ascii_alphanumeric() || (b.is_ascii_punctuation() && !matches!(b, b'\'' | b'`' | b'-'))
}

/// [`plain_ascii`] for every byte, looked up in the hot loop.
pub(super) static PLAIN: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = plain_ascii(b as u8);
        b += 1;
    }
    t
};

/// The end of the run of plain ASCII, and single spaces between it, that
/// starts at `from`: the first byte that is neither plain nor a space
/// before a plain byte. Sixty-four bytes at a time where there are as many
/// ahead (see [`byte_classes`] for the way), byte by byte in the last ones: the
/// fold of an English book spent two thirds of its time on this, byte by
/// byte.
pub(super) fn plain_run_end(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    // Whole blocks while one more byte after the block can be looked at.
    while let Some(block) = bytes.get(i..i + 65) {
        let (plain, space) = plain_masks(&block[..64]);
        let plain_after = (plain >> 1) | (u64::from(PLAIN[usize::from(block[64])]) << 63);
        let stops = !plain & !(space & plain_after);
        if stops != 0 {
            return i + stops.trailing_zeros() as usize;
        }
        i += 64;
    }
    plain_run_end_bytewise(bytes, i)
}

/// [`plain_run_end`] byte by byte, from `i` (the last bytes of a run, and
/// the reference the 64-byte scan is tested against).
pub(super) fn plain_run_end_bytewise(bytes: &[u8], mut i: usize) -> usize {
    loop {
        while i < bytes.len() && PLAIN[usize::from(bytes[i])] {
            i += 1;
        }
        if i + 1 < bytes.len() && bytes[i] == b' ' && PLAIN[usize::from(bytes[i + 1])] {
            i += 1;
            continue;
        }
        return i;
    }
}

/// For 64 bytes: which are [`plain_ascii`], and which are spaces, as bits.
pub(super) fn plain_masks(chunk: &[u8]) -> (u64, u64) {
    /// The top bit of each byte that is not zero (exact: no carries).
    fn nonzero(v: u64) -> u64 {
        (((v & !TOP) + !TOP) | v) & TOP
    }
    byte_classes(chunk, |x| {
        let y = x & !TOP;
        // 0x21 to 0x7e: printable, not a space.
        let printable = y.wrapping_add(0x5F * ONES) & !y.wrapping_add(ONES) & !x;
        let plain = printable
            & nonzero(x ^ (u64::from(b'\'') * ONES))
            & nonzero(x ^ (u64::from(b'`') * ONES))
            & nonzero(x ^ (u64::from(b'-') * ONES));
        (plain, !nonzero(x ^ (u64::from(b' ') * ONES)))
    })
}

/// A one in each byte of a `u64`.
pub(super) const ONES: u64 = 0x0101_0101_0101_0101;
/// The top bit of each byte of a `u64`.
pub(super) const TOP: u64 = 0x80 * ONES;

/// Two classes of 64 bytes as bits (byte `i`'s to bit `i`), eight bytes
/// at a time in a `u64` (safe code has no vector compare-and-mask):
/// `classes` puts each byte's two classes in its top bit, by additions
/// that cannot carry into the next byte, and the eight top bits are
/// gathered into one byte by a multiplication whose partial products
/// never meet.
pub(super) fn byte_classes(chunk: &[u8], classes: impl Fn(u64) -> (u64, u64)) -> (u64, u64) {
    /// Gathers the top bits of eight bytes (byte k's to bit k).
    fn gather(v: u64) -> u64 {
        ((v & TOP) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
    }
    let (mut first, mut second) = (0u64, 0u64);
    let (eights, _) = chunk.as_chunks::<8>();
    for (k, eight) in eights.iter().enumerate() {
        let (a, b) = classes(u64::from_le_bytes(*eight));
        first |= gather(a) << (8 * k);
        second |= gather(b) << (8 * k);
    }
    (first, second)
}
