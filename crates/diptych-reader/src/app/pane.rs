//! One pane's view of its account: the wrapped lines for the current width
//! (with a small cache of other widths), the scroll position, and the
//! paragraph cursor every paragraph-relative command works from.
//!
//! The cursor is always on a paragraph with a line in view: moving it
//! scrolls the least that shows it, and scrolling past it carries it along.

use diptych_core::text::Account;
use diptych_core::wrap::{LineKind, Wrapped};
use std::ops::Range;
use std::sync::Arc;

/// How many widths of wrapped lines a pane keeps.
const CACHE: usize = 4;

/// Scroll state, cursor and wrapped text of one pane.
#[derive(Debug, Clone)]
pub struct Pane {
    cache: Vec<Arc<Wrapped>>,
    /// Index of the first line shown.
    pub top: usize,
    /// Rows of text shown.
    pub height: usize,
    /// The byte offset the user last scrolled to: kept through resizes, so a
    /// window made large (which clamps `top`) and small again returns there.
    anchor: usize,
    /// The paragraph under the cursor (0-based).
    pub cursor: usize,
    /// The sentence cursor inside the cursor paragraph (`)` and `(`), when
    /// one was chosen: any other move of the cursor clears it.
    pub sentence: Option<usize>,
    /// Paragraphs of front or back matter shown in full, sorted.
    pub expanded: Vec<usize>,
}

impl Pane {
    /// A pane showing `account` wrapped at `width`, scrolled to the top.
    pub fn new(account: &Account, width: usize) -> Pane {
        Pane::with(Arc::new(Wrapped::new(account, width)))
    }

    /// A pane with nothing wrapped yet: the first [`Pane::set_width`] wraps.
    pub fn unwrapped() -> Pane {
        Pane::with(Arc::new(Wrapped::empty()))
    }

    fn with(wrapped: Arc<Wrapped>) -> Pane {
        Pane {
            cache: vec![wrapped],
            top: 0,
            height: 1,
            anchor: 0,
            cursor: 0,
            sentence: None,
            expanded: Vec::new(),
        }
    }

    /// The lines at the current width.
    pub fn wrapped(&self) -> &Wrapped {
        &self.cache[0]
    }

    /// True when the pane needs wrapping anew for `width`.
    pub fn needs_wrap(&self, width: usize) -> bool {
        self.cache[0].width != width.max(1) || self.cache[0].expanded != self.expanded
    }

    /// Wraps for `width` (or takes it from the cache), keeping the text that
    /// was at the top of the pane at the top.
    pub fn set_width(&mut self, account: &Account, width: usize) {
        let wrapped = self.wrap_for(account, width);
        self.install(wrapped);
    }

    /// The wrapped lines for `width`, from the cache or freshly made.
    pub fn wrap_for(&self, account: &Account, width: usize) -> Arc<Wrapped> {
        self.cache
            .iter()
            .find(|w| w.width == width.max(1) && w.expanded == self.expanded)
            .cloned()
            .unwrap_or_else(|| Arc::new(Wrapped::with_expanded(account, width, &self.expanded)))
    }

    /// Makes `wrapped` current, keeping the top text in view.
    pub fn install(&mut self, wrapped: Arc<Wrapped>) {
        if Arc::ptr_eq(&wrapped, &self.cache[0]) {
            return;
        }
        let anchor = self.anchor;
        self.cache.retain(|w| {
            (w.width != wrapped.width || w.expanded != wrapped.expanded) && w.width != 0
        });
        self.cache.insert(0, wrapped);
        self.cache.truncate(CACHE);
        self.top = self.wrapped().line_of(anchor);
        self.clamp();
        self.cursor = self.cursor.min(self.paragraphs().saturating_sub(1));
        self.reveal_cursor();
    }

    /// After a resize or rewrap: scrolls the least that shows the cursor
    /// paragraph again (the cursor is where the reader is; it never moves
    /// because the pane changed size).
    fn reveal_cursor(&mut self) {
        if self.paragraphs() > 0 && !self.shows(self.cursor) {
            // The sentence cursor stays too: the reader did not move.
            let sentence = self.sentence;
            self.set_cursor(self.cursor);
            self.sentence = sentence;
        }
    }

    /// Shows or folds paragraph `p` of matter; the caller rewraps.
    pub fn toggle_expanded(&mut self, p: usize) {
        match self.expanded.binary_search(&p) {
            Ok(i) => {
                self.expanded.remove(i);
            }
            Err(i) => self.expanded.insert(i, p),
        }
    }

    /// Sets the number of rows shown without scrolling, for a rewrap to
    /// follow (which keeps the top text and shows the cursor at this
    /// height).
    pub fn size_rows(&mut self, height: usize) {
        self.height = height.max(1);
    }

    /// Sets the number of rows shown.
    pub fn set_height(&mut self, height: usize) {
        self.height = height.max(1);
        self.clamp();
        self.reveal_cursor();
    }

    /// The byte offset the user last scrolled to (kept through resizes).
    pub fn anchor(&self) -> usize {
        self.anchor
    }

    /// Scrolls to the line holding byte `offset`, now or at the first wrap.
    pub fn set_anchor(&mut self, offset: usize) {
        self.anchor = offset;
        if !self.wrapped().is_empty() {
            self.top = self.wrapped().line_of(offset);
            self.clamp();
            self.keep_cursor_in_view();
        }
    }

    /// The byte offset of the text at the top of the pane.
    pub fn top_offset(&self) -> usize {
        self.wrapped().line(self.top).map_or(0, |l| l.span().start)
    }

    /// The largest useful `top`: the last line at the bottom of the pane.
    pub fn max_top(&self) -> usize {
        self.wrapped().len().saturating_sub(self.height)
    }

    /// Keeps `top` within bounds.
    pub fn clamp(&mut self) {
        self.top = self.top.min(self.max_top());
    }

    /// Scrolls by `delta` lines (negative is up); the cursor comes along
    /// when its paragraph leaves the view.
    pub fn scroll_by(&mut self, delta: isize) {
        self.scroll_to(self.top.saturating_add_signed(delta));
    }

    /// Scrolls so that `line` is the top line (as far as the end allows).
    pub fn scroll_to(&mut self, line: usize) {
        self.top = line;
        self.clamp();
        self.anchor = self.top_offset();
        self.keep_cursor_in_view();
    }

    /// Scrolls the least so that `line` is shown, leaving a little context.
    pub fn reveal(&mut self, line: usize) {
        if line < self.top || line >= self.top + self.height {
            self.scroll_to(line.saturating_sub(self.height / 3));
        }
    }

    /// The number of paragraphs.
    pub fn paragraphs(&self) -> usize {
        self.wrapped().first_line.len()
    }

    /// The lines of paragraph `p` (without the gap after it).
    pub fn lines_of(&self, p: usize) -> Range<usize> {
        let w = self.wrapped();
        let Some(&first) = w.first_line.get(p) else {
            return 0..0;
        };
        let first = first as usize;
        let end = w
            .first_line
            .get(p + 1)
            .map_or(w.len(), |&n| (n as usize).saturating_sub(1));
        first..end.max(first + 1)
    }

    /// The first line of paragraph `p`.
    pub fn first_line(&self, p: usize) -> usize {
        self.lines_of(p).start
    }

    /// True when a line of paragraph `p` is in view.
    pub fn shows(&self, p: usize) -> bool {
        let l = self.lines_of(p);
        l.start < self.top + self.height && l.end > self.top
    }

    /// Puts the cursor on paragraph `p` and scrolls the least that shows
    /// it whole (or its start, when it is taller than the pane).
    pub fn set_cursor(&mut self, p: usize) {
        let n = self.paragraphs();
        if n == 0 {
            return;
        }
        self.cursor = p.min(n - 1);
        self.sentence = None;
        let l = self.lines_of(self.cursor);
        if l.len() > self.height || l.start < self.top {
            self.scroll_to(l.start);
        } else if l.end > self.top + self.height {
            self.scroll_to(l.end - self.height);
        }
    }

    /// Puts the cursor on paragraph `p` with its first line on the pane's
    /// `row`, as far as the text allows (to line two panes up).
    pub fn set_cursor_at_row(&mut self, p: usize, row: usize) {
        let n = self.paragraphs();
        if n == 0 {
            return;
        }
        self.cursor = p.min(n - 1);
        self.sentence = None;
        let first = self.first_line(self.cursor);
        self.scroll_to(first.saturating_sub(row));
    }

    /// Puts the cursor on sentence `s` of paragraph `p`, the sentence's
    /// first byte at `start`: with `row`, its first line on that row of the
    /// pane (as far as the text allows, to line two panes up), else
    /// scrolled the least that shows it.
    pub fn set_sentence(&mut self, p: usize, s: usize, start: usize, row: Option<usize>) {
        let n = self.paragraphs();
        if n == 0 {
            return;
        }
        self.cursor = p.min(n - 1);
        self.sentence = Some(s);
        let line = self.wrapped().line_of(start);
        match row {
            Some(row) => self.scroll_to(line.saturating_sub(row)),
            None => self.reveal(line),
        }
    }

    /// The row of the pane byte `offset`'s line is on (negative above it).
    pub fn row_of(&self, offset: usize) -> isize {
        self.wrapped().line_of(offset) as isize - self.top as isize
    }

    /// Moves the cursor `delta` paragraphs; false when it was already at
    /// the end it moves towards.
    pub fn move_cursor(&mut self, delta: isize) -> bool {
        let n = self.paragraphs();
        let target = self
            .cursor
            .saturating_add_signed(delta)
            .min(n.saturating_sub(1));
        if target == self.cursor {
            return false;
        }
        self.set_cursor(target);
        true
    }

    /// After a scroll: a cursor whose paragraph left the view moves to the
    /// nearest paragraph in view.
    pub fn keep_cursor_in_view(&mut self) {
        if self.paragraphs() == 0 || self.shows(self.cursor) {
            return;
        }
        let w = self.wrapped();
        let bottom = (self.top + self.height).min(w.len()).saturating_sub(1);
        let para_at = |line: usize| match w.line(line) {
            Some(l) if l.kind() == LineKind::Gap => l.para() + 1,
            Some(l) => l.para(),
            None => 0,
        };
        let cursor = if self.first_line(self.cursor) < self.top {
            para_at(self.top)
        } else {
            w.line(bottom).map_or(0, |l| l.para())
        }
        .min(self.paragraphs() - 1);
        // A sentence cursor stays where its paragraph does (a resize that
        // leaves the paragraph under the cursor).
        if cursor != self.cursor {
            self.sentence = None;
        }
        self.cursor = cursor;
    }

    /// The paragraph at the top of the pane (0-based); a gap line counts as
    /// the paragraph after it.
    pub fn top_paragraph(&self) -> usize {
        match self.wrapped().line(self.top) {
            Some(l) if l.kind() == LineKind::Gap => l.para() + 1,
            Some(l) => l.para(),
            None => 0,
        }
    }

    /// The cursor paragraph's first line as a row of the pane (may be
    /// negative or past the bottom when it starts out of view).
    pub fn cursor_row(&self) -> isize {
        self.first_line(self.cursor) as isize - self.top as isize
    }

    /// How far down the text the bottom of the pane is, 0 to 100.
    pub fn percent(&self) -> usize {
        let total = self.wrapped().len().max(1);
        ((self.top + self.height).min(total) * 100) / total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use diptych_core::text::Meta;

    fn account(text: &str) -> Account {
        Account::new(Meta::named("t"), text.into())
    }

    #[test]
    fn scrolling_stays_in_bounds_and_carries_the_cursor() {
        let a = account("one two three four five six\nseven eight\nnine");
        let mut p = Pane::new(&a, 5);
        p.set_height(3);
        let total = p.wrapped().len();
        p.scroll_by(1000);
        assert_eq!(p.top, total - 3);
        assert_eq!(
            p.cursor, 1,
            "the cursor came along to the first paragraph in view"
        );
        p.scroll_by(-1000);
        assert_eq!(p.top, 0);
        assert_eq!(p.cursor, 0);
        assert!(p.move_cursor(1));
        assert_eq!(p.cursor, 1);
        assert!(p.shows(1));
        assert!(p.move_cursor(1));
        assert!(!p.move_cursor(1), "no paragraph after the last");
        assert_eq!(p.cursor, 2);
    }

    #[test]
    fn a_pane_holding_all_its_text_still_moves_its_cursor() {
        let a = account("a\nb\nc\nd\ne");
        let mut p = Pane::new(&a, 20);
        p.set_height(40);
        for want in 1..5 {
            assert!(p.move_cursor(1));
            assert_eq!(p.cursor, want);
            assert_eq!(p.top, 0, "nothing to scroll");
        }
    }

    #[test]
    fn a_resize_keeps_the_sentence_cursor() {
        // Paragraph 2 at the bottom of a tall pane, its second sentence
        // chosen; the pane made short, then narrow: the reader did not move.
        let a = account(&format!(
            "{}\n{}\nOne. Two. Three.",
            "a b c ".repeat(20),
            "d ".repeat(30)
        ));
        let mut p = Pane::new(&a, 40);
        p.set_height(30);
        let start = a.text.find("Two").expect("the sentence");
        p.set_sentence(2, 1, start, None);
        p.set_height(3);
        assert_eq!((p.cursor, p.sentence), (2, Some(1)));
        p.set_width(&a, 12);
        assert_eq!((p.cursor, p.sentence), (2, Some(1)));
    }

    #[test]
    fn rewrapping_keeps_the_top_text() {
        let a = account(&"word ".repeat(200));
        let mut p = Pane::new(&a, 10);
        p.set_height(5);
        p.scroll_to(40);
        let before = p.top_offset();
        p.set_width(&a, 37);
        let line = p.wrapped().line(p.top).expect("a line at the top");
        assert!(line.span().start <= before && before < line.span().end.max(line.span().start + 1));
        p.set_width(&a, 10);
        assert_eq!(p.top, 40, "back at the first width, back at the same line");
    }
}
