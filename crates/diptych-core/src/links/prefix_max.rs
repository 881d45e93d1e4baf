//! Prefix maxima over positions that take only better values: a Fenwick
//! tree of (value, item), for the dynamic programmes of [`super::order`]
//! and [`super::course`] over links (the whole matrix of two books would
//! be tens of millions of cells; the links are a few per paragraph).
//! Written here because it is twenty lines, and each crate that has it
//! brings sums, not maxima with the item that holds them.

/// The best (value, item) at each of `n` positions, asked for over every
/// position below a bound.
pub(super) struct PrefixMax(Vec<(f64, Option<usize>)>);

impl PrefixMax {
    /// A tree over `n` positions, none set.
    pub(super) fn new(n: usize) -> PrefixMax {
        PrefixMax(vec![(f64::NEG_INFINITY, None); n + 1])
    }

    /// The best entry among positions below `end` (`-inf` and none when
    /// none is set).
    pub(super) fn below(&self, end: usize) -> (f64, Option<usize>) {
        let mut best = (f64::NEG_INFINITY, None);
        let mut i = end.min(self.0.len() - 1);
        while i > 0 {
            if self.0[i].0 > best.0 {
                best = self.0[i];
            }
            i &= i - 1;
        }
        best
    }

    /// Raises position `at`'s entry to `value` (of `item`) where better.
    pub(super) fn raise(&mut self, at: usize, value: f64, item: usize) {
        let mut i = at + 1;
        while i < self.0.len() {
            if value > self.0[i].0 {
                self.0[i] = (value, Some(item));
            }
            i += i & i.wrapping_neg();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_below_a_bound() {
        let mut t = PrefixMax::new(8);
        assert_eq!(t.below(8), (f64::NEG_INFINITY, None));
        t.raise(2, 1.0, 10);
        t.raise(5, 3.0, 11);
        t.raise(2, 0.5, 12);
        assert_eq!(t.below(2), (f64::NEG_INFINITY, None));
        assert_eq!(t.below(3), (1.0, Some(10)));
        assert_eq!(t.below(6), (3.0, Some(11)));
        assert_eq!(t.below(100), (3.0, Some(11)));
    }
}
