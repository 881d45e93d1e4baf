//! Pins: the numbered headings both sides share (chapter I with CHAPTER
//! I), in order, that the alignment is made to keep together.

use super::{NUMBER, Unit, shared};

/// The numbered headings of both sides to align with each other: the
/// heaviest sequence, in order on both sides, of pairs sharing a number,
/// a pair at the same heading level weighing more (chapter I with CHAPTER
/// I rather than with "Volume 1").
pub fn heading_pins(left: &[Unit], right: &[Unit]) -> Vec<(usize, usize)> {
    let numbered = |units: &[Unit]| -> Vec<usize> {
        (0..units.len())
            .filter(|&i| {
                units[i].heading().is_some() && units[i].anchors().iter().any(|&x| x >= NUMBER)
            })
            .collect()
    };
    let (l, r) = (numbered(left), numbered(right));
    if l.is_empty() || r.is_empty() || l.len().saturating_mul(r.len()) > 4_000_000 {
        return Vec::new();
    }
    // Each heading's numbers, once (the table below asks for every pair).
    let numbers = |units: &[Unit], at: &[usize]| -> Vec<Vec<u32>> {
        at.iter()
            .map(|&i| {
                units[i]
                    .anchors()
                    .iter()
                    .copied()
                    .filter(|&a| a >= NUMBER)
                    .collect()
            })
            .collect()
    };
    let (l_numbers, r_numbers) = (numbers(left, &l), numbers(right, &r));
    // Ties between pinnings of one weight go to the pins nearest the same
    // place in both texts (KSIĘGA PIERWSZA, not the title page's TOM
    // PIERWSZY, with BOOK I): a bonus below one unit of weight even summed
    // over every pin.
    let (n, m) = (left.len().max(1) as f64, right.len().max(1) as f64);
    let weight = |i: usize, j: usize| -> u64 {
        let (x, y) = (&left[l[i]], &right[r[j]]);
        let base = if shared(&l_numbers[i], &r_numbers[j]) == 0 {
            return 0;
        } else if x.heading() == y.heading() {
            2
        } else {
            1
        };
        let apart = (l[i] as f64 / n - r[j] as f64 / m).abs().min(1.0);
        base * 1_000_000_000 + ((1.0 - apart) * 999.0) as u64
    };
    // best[i][j]: the heaviest pinning of l[i..] and r[j..].
    let w = r.len() + 1;
    let mut best = vec![0u64; (l.len() + 1) * w];
    for i in (0..l.len()).rev() {
        for j in (0..r.len()).rev() {
            let take = match weight(i, j) {
                0 => 0,
                k => k + best[(i + 1) * w + j + 1],
            };
            best[i * w + j] = take.max(best[(i + 1) * w + j]).max(best[i * w + j + 1]);
        }
    }
    let mut pins = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < l.len() && j < r.len() {
        let k = weight(i, j);
        if k > 0 && best[i * w + j] == k + best[(i + 1) * w + j + 1] {
            pins.push((l[i], r[j]));
            i += 1;
            j += 1;
        } else if best[i * w + j] == best[(i + 1) * w + j] {
            i += 1;
        } else {
            j += 1;
        }
    }
    pins
}
