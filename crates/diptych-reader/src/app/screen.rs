//! Where things go on screen, computed from the terminal size alone, so that
//! the state (page sizes, mouse hits) and the view agree without a terminal.

use diptych_core::text::Side;

/// The smallest terminal diptych draws into; below it shows a notice.
pub const MIN_SIZE: (u16, u16) = (40, 10);

/// A rectangle of cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rect {
    /// Left column.
    pub x: u16,
    /// Top row.
    pub y: u16,
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
}

impl Rect {
    /// A rectangle.
    pub fn new(x: u16, y: u16, width: u16, height: u16) -> Rect {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    /// True when the cell at `col`, `row` is inside.
    pub fn contains(&self, col: u16, row: u16) -> bool {
        col >= self.x
            && row >= self.y
            && (col - self.x) < self.width
            && (row - self.y) < self.height
    }

    /// The rectangle without a one-cell border.
    pub fn inner(&self) -> Rect {
        Rect {
            x: self.x.saturating_add(1),
            y: self.y.saturating_add(1),
            width: self.width.saturating_sub(2),
            height: self.height.saturating_sub(2),
        }
    }

    /// One past the last column.
    pub fn right(&self) -> u16 {
        self.x.saturating_add(self.width)
    }

    /// One past the last row.
    pub fn bottom(&self) -> u16 {
        self.y.saturating_add(self.height)
    }
}

/// How the two panes share the screen (`--layout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Arrangement {
    /// Side by side when each pane gets at least [`MIN_PANE`] columns,
    /// stacked otherwise.
    #[default]
    Auto,
    /// Always side by side.
    Side,
    /// Always one above the other.
    Stacked,
}

diptych_core::named_choices!(Arrangement, "layout", [
    "side" => Arrangement::Side,
    "stacked" => Arrangement::Stacked,
    "auto" => Arrangement::Auto,
]);

/// The narrowest a side-by-side pane may be before `auto` stacks them.
pub const MIN_PANE: u16 = 40;
/// Widths from which a panel sits beside the panes.
pub const PANEL_BESIDE_FROM: u16 = 120;
/// The narrowest a panel beside the panes is.
pub const PANEL_MIN: u16 = 38;
/// The widest a panel beside the panes is.
pub const PANEL_MAX: u16 = 72;
/// The fewest rows a panel below the panes has: its border, its filter
/// or first line, and two rows of its list.
pub const PANEL_LEAST_ROWS: u16 = 5;

/// The screen's parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ScreenLayout {
    /// The whole terminal.
    pub area: Rect,
    /// True when the terminal is below [`MIN_SIZE`]: only a notice is drawn.
    pub too_small: bool,
    /// True when the panes are one above the other.
    pub stacked: bool,
    /// The two panes with their borders, indexed by [`Side::index`].
    pub panes: [Rect; 2],
    /// The status line at the bottom.
    pub status: Rect,
    /// The prompt row (above the status line) when a prompt is open.
    pub prompt: Rect,
    /// The open panel: beside the panes when wide, below them when narrow.
    pub panel: Rect,
    /// Everything above the status line (and the prompt): the map's room.
    pub main: Rect,
}

impl ScreenLayout {
    /// The layout for a terminal of `width` × `height` cells.
    pub fn new(
        width: u16,
        height: u16,
        prompt_open: bool,
        panel_open: bool,
        arrangement: Arrangement,
    ) -> ScreenLayout {
        let area = Rect::new(0, 0, width, height);
        if width < MIN_SIZE.0 || height < MIN_SIZE.1 {
            return ScreenLayout {
                area,
                too_small: true,
                ..ScreenLayout::default()
            };
        }
        let status = Rect::new(0, height - 1, width, 1);
        let prompt_rows = u16::from(prompt_open);
        let prompt = Rect::new(0, height - 1 - prompt_rows, width, prompt_rows);
        let main_h = height - 1 - prompt_rows;
        let main = Rect::new(0, 0, width, main_h);
        // Panes stacked above a panel leave it too few rows in the
        // shortest terminals: `auto` then sets them side by side, however
        // narrow, so the panel that has the keyboard is drawn.
        let no_room_below =
            panel_open && width < PANEL_BESIDE_FROM && main_h < 6 + PANEL_LEAST_ROWS;
        let stacked_at = |panes_w: u16| match arrangement {
            Arrangement::Side => false,
            Arrangement::Stacked => true,
            Arrangement::Auto => panes_w / 2 < MIN_PANE && !no_room_below,
        };
        let (panes_w, panes_h, panel) = match panel_open {
            false => (width, main_h, Rect::default()),
            true if width >= PANEL_BESIDE_FROM => {
                let w = (width / 3).clamp(PANEL_MIN, PANEL_MAX);
                (width - w, main_h, Rect::new(width - w, 0, w, main_h))
            }
            true => {
                // Two fifths of the rows: enough list to choose from, and
                // the panes still show a paragraph's worth of text; at
                // least a line of text in each pane (its border and one
                // row), two panes high when they are stacked.
                let stacks = stacked_at(width);
                let panes_least = if stacks { 6 } else { 4 };
                // The panel has the keyboard: it keeps its few rows even
                // where the panes are left their borders alone (stacked
                // by choice, or a prompt open, in the shortest terminals).
                let least = PANEL_LEAST_ROWS.min(main_h.saturating_sub(if stacks { 4 } else { 2 }));
                let h = (main_h * 2 / 5)
                    .clamp(6, 18)
                    .min(main_h.saturating_sub(panes_least))
                    .max(least);
                (width, main_h - h, Rect::new(0, main_h - h, width, h))
            }
        };
        let stacked = stacked_at(panes_w);
        let panes = if stacked {
            let top_h = panes_h / 2;
            [
                Rect::new(0, 0, panes_w, top_h),
                Rect::new(0, top_h, panes_w, panes_h - top_h),
            ]
        } else {
            let left_w = panes_w / 2;
            [
                Rect::new(0, 0, left_w, panes_h),
                Rect::new(left_w, 0, panes_w - left_w, panes_h),
            ]
        };
        ScreenLayout {
            area,
            too_small: false,
            stacked,
            panes,
            status,
            prompt,
            panel,
            main,
        }
    }

    /// The pane under the cell at `col`, `row`, if any.
    pub fn pane_at(&self, col: u16, row: u16) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.panes[s.index()].contains(col, row))
    }

    /// True when the panel sits beside the panes (else below them).
    pub fn panel_beside(&self) -> bool {
        self.panel.width > 0 && self.panel.x > 0
    }
}

/// Gutter width for paragraph numbers up to `count`: a cursor column, the
/// digits, and a column for the counterpart bar.
pub fn gutter_width(count: usize) -> u16 {
    let digits = count.max(1).ilog10() as u16 + 1;
    digits + 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(w: u16, h: u16, prompt: bool, panel: bool) -> ScreenLayout {
        ScreenLayout::new(w, h, prompt, panel, Arrangement::Auto)
    }

    #[test]
    fn panes_split_the_width_and_leave_the_status_row() {
        let l81 = l(81, 24, false, false);
        assert_eq!(l81.panes[0], Rect::new(0, 0, 40, 23));
        assert_eq!(l81.panes[1], Rect::new(40, 0, 41, 23));
        assert_eq!(l81.status, Rect::new(0, 23, 81, 1));
        assert_eq!(l81.pane_at(45, 3), Some(Side::Right));
        assert_eq!(l81.pane_at(45, 23), None);
        assert!(l(39, 24, false, false).too_small);
        assert!(l(1, 1, false, false).too_small);
        let p = l(80, 24, true, false);
        assert_eq!(p.prompt, Rect::new(0, 22, 80, 1));
        assert_eq!(p.panes[0].height, 22);
    }

    #[test]
    fn a_panel_below_the_panes_leaves_each_a_line_of_text() {
        for h in 10..=16 {
            let s = ScreenLayout::new(40, h, false, true, Arrangement::Auto);
            // Stacked from 12 rows; below, side by side.
            assert_eq!(s.stacked, h >= 12, "{h} rows");
            for p in s.panes {
                assert!(p.height >= 3, "{h} rows: a pane of {}", p.height);
            }
            // The panel, which has the keyboard, is drawn: two rows of
            // its list at least (40 × 10 gave it three rows in all), with
            // a prompt open or the panes stacked by choice too.
            for (prompt, arrangement) in [
                (false, Arrangement::Auto),
                (true, Arrangement::Auto),
                (false, Arrangement::Stacked),
                (true, Arrangement::Stacked),
            ] {
                let s = ScreenLayout::new(40, h, prompt, true, arrangement);
                // Stacked by choice with a prompt open at 10 rows, the two
                // panes' borders leave four: still a row of the list.
                let least = if arrangement == Arrangement::Stacked && prompt && h == 10 {
                    PANEL_LEAST_ROWS - 1
                } else {
                    PANEL_LEAST_ROWS
                };
                assert!(
                    s.panel.height >= least,
                    "{h} rows, {arrangement:?}, prompt {prompt}: a panel of {}",
                    s.panel.height
                );
                assert!(s.panel.bottom() <= s.main.bottom());
            }
        }
    }

    #[test]
    fn narrow_terminals_stack_the_panes() {
        let s = l(70, 30, false, false);
        assert!(s.stacked);
        assert_eq!(s.panes[0], Rect::new(0, 0, 70, 14));
        assert_eq!(s.panes[1], Rect::new(0, 14, 70, 15));
        assert_eq!(s.pane_at(3, 20), Some(Side::Right));
        let side = ScreenLayout::new(70, 30, false, false, Arrangement::Side);
        assert!(!side.stacked);
        let stacked = ScreenLayout::new(200, 50, false, false, Arrangement::Stacked);
        assert!(stacked.stacked);
    }

    #[test]
    fn the_panel_takes_a_fair_share_of_wide_terminals() {
        let wide = l(160, 45, false, true);
        assert_eq!(wide.panel, Rect::new(107, 0, 53, 44));
        assert_eq!(wide.panes[1].right(), 107);
        let huge = l(300, 80, false, true);
        assert_eq!(huge.panel.width, PANEL_MAX);
        let narrow = l(80, 24, false, true);
        assert_eq!(narrow.panel, Rect::new(0, 14, 80, 9));
        assert_eq!(narrow.panes[0].height, 14);
        assert!(wide.panel_beside() && !narrow.panel_beside());
    }

    #[test]
    fn gutter_fits_the_largest_number_and_two_marks() {
        assert_eq!(gutter_width(9), 3);
        assert_eq!(gutter_width(11), 4);
        assert_eq!(gutter_width(100), 5);
        assert_eq!(gutter_width(0), 3);
    }
}
