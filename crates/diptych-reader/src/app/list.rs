//! One list component for every panel (search results, people, places,
//! links, outline, map rows): a selection that wraps around, the first row
//! shown, and the `3/36` position.

/// The selection and scroll of a list of `len` rows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct List {
    /// The selected row (0-based; 0 when the list is empty).
    pub selected: usize,
    /// How many rows there are.
    pub len: usize,
}

impl List {
    /// A list of `len` rows, the first selected.
    pub fn new(len: usize) -> List {
        List { selected: 0, len }
    }

    /// Sets the number of rows, keeping the selection within them.
    pub fn set_len(&mut self, len: usize) {
        self.len = len;
        self.selected = self.selected.min(len.saturating_sub(1));
    }

    /// Selects the next row, from the last back to the first.
    pub fn next(&mut self) {
        if self.len > 0 {
            self.selected = (self.selected + 1) % self.len;
        }
    }

    /// Selects the previous row, from the first round to the last.
    pub fn prev(&mut self) {
        if self.len > 0 {
            self.selected = (self.selected + self.len - 1) % self.len;
        }
    }

    /// Moves the selection by `delta` rows without wrapping.
    pub fn step(&mut self, delta: isize) {
        if self.len > 0 {
            self.selected = self.selected.saturating_add_signed(delta).min(self.len - 1);
        }
    }

    /// The selected row, if there is any row.
    pub fn get(&self) -> Option<usize> {
        (self.selected < self.len).then_some(self.selected)
    }

    /// The first row to show so the selection is in view with `rows` shown.
    pub fn offset(&self, rows: usize) -> usize {
        let rows = rows.max(1);
        let max = self.len.saturating_sub(rows);
        self.selected.saturating_sub(rows - 1).min(max)
    }

    /// `3/36`, or `0/0` for an empty list.
    pub fn position(&self) -> String {
        if self.len == 0 {
            "0/0".to_string()
        } else {
            format!("{}/{}", self.selected + 1, self.len)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_wraps_and_stays_in_view() {
        let mut l = List::new(3);
        l.prev();
        assert_eq!(l.selected, 2);
        l.next();
        assert_eq!(l.selected, 0);
        assert_eq!(l.position(), "1/3");
        let mut big = List::new(36);
        big.step(10);
        assert_eq!(big.offset(4), 7);
        assert_eq!(big.position(), "11/36");
        big.set_len(5);
        assert_eq!(big.selected, 4);
        let mut empty = List::new(0);
        empty.next();
        assert_eq!(empty.get(), None);
        assert_eq!(empty.position(), "0/0");
    }
}
