//! One pane's view of its account: the wrapped lines for the current width
//! (with a small cache of other widths) and the scroll position.

use crate::text::Account;
use crate::wrap::{LineKind, Wrapped};
use std::sync::Arc;

/// How many widths of wrapped lines a pane keeps.
const CACHE: usize = 4;

/// Scroll state and wrapped text of one pane.
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
}

impl Pane {
    /// A pane showing `account` wrapped at `width`, scrolled to the top.
    pub fn new(account: &Account, width: usize) -> Pane {
        Pane::with(Arc::new(Wrapped::new(account, width)))
    }

    /// A pane with nothing wrapped yet: the first [`Pane::set_width`] wraps.
    pub fn unwrapped() -> Pane {
        Pane::with(Arc::new(Wrapped {
            width: 0,
            lines: Vec::new(),
            first_line: Vec::new(),
        }))
    }

    fn with(wrapped: Arc<Wrapped>) -> Pane {
        Pane {
            cache: vec![wrapped],
            top: 0,
            height: 1,
            anchor: 0,
        }
    }

    /// The lines at the current width.
    pub fn wrapped(&self) -> &Wrapped {
        &self.cache[0]
    }

    /// True when the pane needs wrapping anew for `width`.
    pub fn needs_wrap(&self, width: usize) -> bool {
        self.cache[0].width != width.max(1)
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
            .find(|w| w.width == width.max(1))
            .cloned()
            .unwrap_or_else(|| Arc::new(Wrapped::new(account, width)))
    }

    /// Makes `wrapped` current, keeping the top text in view.
    pub fn install(&mut self, wrapped: Arc<Wrapped>) {
        if Arc::ptr_eq(&wrapped, &self.cache[0]) {
            return;
        }
        let anchor = self.anchor;
        self.cache
            .retain(|w| w.width != wrapped.width && w.width != 0);
        self.cache.insert(0, wrapped);
        self.cache.truncate(CACHE);
        self.top = self.wrapped().line_of(anchor);
        self.clamp();
    }

    /// Sets the number of rows shown.
    pub fn set_height(&mut self, height: usize) {
        self.height = height.max(1);
        self.clamp();
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
        }
    }

    /// The byte offset of the text at the top of the pane.
    pub fn top_offset(&self) -> usize {
        self.wrapped()
            .lines
            .get(self.top)
            .map_or(0, |l| l.span.start)
    }

    /// The largest useful `top`: the last line at the bottom of the pane.
    pub fn max_top(&self) -> usize {
        self.wrapped().len().saturating_sub(self.height)
    }

    /// Keeps `top` within bounds.
    pub fn clamp(&mut self) {
        self.top = self.top.min(self.max_top());
    }

    /// Scrolls by `delta` lines (negative is up).
    pub fn scroll_by(&mut self, delta: isize) {
        self.scroll_to(self.top.saturating_add_signed(delta));
    }

    /// Scrolls so that `line` is the top line (as far as the end allows).
    pub fn scroll_to(&mut self, line: usize) {
        self.top = line;
        self.clamp();
        self.anchor = self.top_offset();
    }

    /// Scrolls the least so that `line` is shown, leaving a little context.
    pub fn reveal(&mut self, line: usize) {
        if line < self.top || line >= self.top + self.height {
            self.scroll_to(line.saturating_sub(self.height / 3));
        }
    }

    /// The paragraph at the top of the pane (0-based); a gap line counts as
    /// the paragraph after it.
    pub fn top_paragraph(&self) -> usize {
        match self.wrapped().lines.get(self.top) {
            Some(l) if l.kind == LineKind::Gap => l.para + 1,
            Some(l) => l.para,
            None => 0,
        }
    }

    /// Scrolls to the start of the paragraph `delta` paragraphs away from the
    /// top one; a paragraph already partly scrolled counts as the current one
    /// when going back.
    pub fn step_paragraph(&mut self, delta: isize) {
        let w = self.wrapped();
        let current = self.top_paragraph();
        let at_start = w.first_line.get(current) == Some(&self.top);
        let target = if delta < 0 && !at_start {
            current
        } else {
            current.saturating_add_signed(delta)
        };
        let target = target.min(w.first_line.len().saturating_sub(1));
        let line = w.first_line.get(target).copied().unwrap_or(0);
        self.scroll_to(line);
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
    use crate::text::Meta;

    fn account(text: &str) -> Account {
        Account::new(
            Meta {
                title: "t".into(),
                label: "t".into(),
                language: None,
                year: None,
            },
            text.into(),
        )
    }

    #[test]
    fn scrolling_stays_in_bounds() {
        let a = account("one two three four five six\nseven eight\nnine");
        let mut p = Pane::new(&a, 5);
        p.set_height(3);
        let total = p.wrapped().len();
        p.scroll_by(1000);
        assert_eq!(p.top, total - 3);
        p.scroll_by(-1000);
        assert_eq!(p.top, 0);
        p.step_paragraph(1);
        assert_eq!(p.top_paragraph(), 1);
        p.step_paragraph(-1);
        assert_eq!(p.top, 0);
    }

    #[test]
    fn rewrapping_keeps_the_top_text() {
        let a = account(&"word ".repeat(200));
        let mut p = Pane::new(&a, 10);
        p.set_height(5);
        p.scroll_to(40);
        let before = p.top_offset();
        p.set_width(&a, 37);
        let line = &p.wrapped().lines[p.top];
        assert!(line.span.start <= before && before < line.span.end.max(line.span.start + 1));
        p.set_width(&a, 10);
        assert_eq!(p.top, 40, "back at the first width, back at the same line");
    }
}
