//! Marks: `m` then a letter sets one at the cursor, `'` then the letter
//! goes back to it (a jump); `''` goes to the place before the last jump.

use super::App;
use super::Why;

impl App {
    /// `m` + `c`: a mark at the focused pane's cursor paragraph.
    pub(super) fn set_mark(&mut self, c: char) {
        if !c.is_alphanumeric() {
            self.say(Why::Refused, "marks are letters or digits".into());
            return;
        }
        let side = self.focus;
        let p = self.pane(side).cursor;
        let offset = self.paragraph_start(side, p);
        self.marks
            .insert(c, (side, offset, diptych_core::reading_places::now()));
        self.say(
            Why::Done,
            format!(
                "mark {c} set at {} ¶{}",
                self.pair.account(side).meta.label,
                p + 1
            ),
        );
    }

    /// The marks set, each its letter and where it is ("a uk1814 ¶3 · b
    /// sk1815 ¶5"), in the order of their letters: what `'` waits for.
    pub(super) fn marks_listed(&self) -> String {
        self.marks
            .iter()
            .map(|(c, &(side, offset, _))| {
                let account = self.pair.account(side);
                let label = diptych_core::text::sanitize::sanitize(&account.meta.label);
                format!("{c} {label} ¶{}", account.paragraph_at(offset) + 1)
            })
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// `'` + `c`: back to mark `c`; `''` to the place before the last jump.
    pub(super) fn goto_mark(&mut self, c: char) {
        if c == '\'' || c == '`' {
            self.jump_toggle();
            return;
        }
        match self.marks.get(&c).copied() {
            Some((side, offset, _)) => {
                let p = self.pair.account(side).paragraph_at(offset);
                self.jump_to(side, p);
                self.say(Why::Done, format!("mark {c}"));
            }
            None => self.say(Why::Refused, format!("no mark {c}: set one with m{c}")),
        }
    }

    /// The byte offset where paragraph `p` of `side` starts (0 past the end).
    pub(super) fn paragraph_start(&self, side: diptych_core::text::Side, p: usize) -> usize {
        self.pair
            .account(side)
            .paragraphs
            .get(p)
            .map_or(0, |para| para.span().start)
    }
}
