//! The jump list: where the cursor was before every jump (a search result,
//! a mention, a link, a mark, the outline, go-to, `g`/`G`), across both
//! panes, as vim keeps it: `Ctrl-o` goes back, forward goes forward again,
//! and `''` swaps with the place before the last jump.

use diptych_core::text::Side;

/// How many places the list keeps.
const KEEP: usize = 100;

/// A place in the reader: a pane, its cursor paragraph and its scroll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// Which pane.
    pub side: Side,
    /// The cursor paragraph (0-based).
    pub paragraph: usize,
    /// The byte offset at the top of the pane.
    pub top: usize,
}

/// Places before jumps, oldest first, and where `Ctrl-o` has got to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JumpList {
    places: Vec<Place>,
    /// Index of the place `Ctrl-o` last went to; `places.len()` when at the newest.
    at: usize,
}

impl JumpList {
    /// Records `here` before a jump; anything ahead of the current
    /// position is dropped, as in a browser's history.
    pub fn record(&mut self, here: Place) {
        self.places.truncate(self.at);
        if self.places.last().is_some_and(|p| same(p, &here)) {
            self.places.pop();
        }
        self.places.push(here);
        if self.places.len() > KEEP {
            self.places.remove(0);
        }
        self.at = self.places.len();
    }

    /// `Ctrl-o` from `here`: the previous place, if any.
    pub fn back(&mut self, here: Place) -> Option<Place> {
        if self.at == 0 {
            return None;
        }
        if self.at == self.places.len() {
            // Coming back from the newest: remember it, to go forward to.
            self.places.push(here);
        }
        self.at -= 1;
        self.places.get(self.at).copied()
    }

    /// Forward again after `Ctrl-o`.
    pub fn forward(&mut self) -> Option<Place> {
        if self.at + 1 >= self.places.len() {
            return None;
        }
        self.at += 1;
        let place = self.places.get(self.at).copied();
        if self.at + 1 == self.places.len() {
            // Back at the newest: it is the current place again, not a jump.
            self.places.pop();
        }
        place
    }

    /// `''`: the place before the last jump; `here` takes its place, so a
    /// second `''` comes back.
    pub fn toggle(&mut self, here: Place) -> Option<Place> {
        let last = self.places.pop()?;
        self.places.push(here);
        self.at = self.places.len();
        Some(last)
    }

    /// `2/5`: where in the list the reader is, of every place in it and
    /// the newest (where the reader was before going back, or is): the
    /// total stays the same going back and forward.
    pub fn position(&self) -> String {
        if self.at >= self.places.len() {
            // At the newest, which is not kept until the reader goes back.
            let n = self.places.len() + 1;
            format!("{n}/{n}")
        } else {
            format!("{}/{}", self.at + 1, self.places.len())
        }
    }

    /// True when there is no jump to go back to.
    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }
}

/// Two places are the same for the list when the cursor is on the same paragraph.
fn same(a: &Place, b: &Place) -> bool {
    a.side == b.side && a.paragraph == b.paragraph
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(p: usize) -> Place {
        Place {
            side: Side::Left,
            paragraph: p,
            top: p * 10,
        }
    }

    #[test]
    fn back_and_forward_like_vim() {
        let mut j = JumpList::default();
        assert_eq!(j.back(at(0)), None);
        j.record(at(0)); // at 0, jumped to 5
        j.record(at(5)); // at 5, jumped to 9
        assert_eq!(j.position(), "3/3");
        assert_eq!(j.back(at(9)), Some(at(5)));
        assert_eq!(j.position(), "2/3");
        assert_eq!(j.back(at(5)), Some(at(0)));
        assert_eq!(j.back(at(0)), None);
        assert_eq!(j.forward(), Some(at(5)));
        assert_eq!(j.position(), "2/3");
        assert_eq!(j.forward(), Some(at(9)));
        assert_eq!(j.position(), "3/3", "the total is the same going forward");
        assert_eq!(j.forward(), None);
        // A new jump after going back drops what was ahead.
        assert_eq!(j.back(at(9)), Some(at(5)));
        j.record(at(5));
        assert_eq!(j.forward(), None);
    }

    #[test]
    fn quote_quote_swaps() {
        let mut j = JumpList::default();
        assert_eq!(j.toggle(at(3)), None);
        j.record(at(1));
        assert_eq!(j.toggle(at(8)), Some(at(1)));
        assert_eq!(j.toggle(at(1)), Some(at(8)));
    }
}
