//! Where things go on screen, computed from the terminal size alone, so that
//! the state (page sizes, mouse hits) and the view agree without a terminal.

use crate::text::Side;

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
}

/// The screen's parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Layout {
    /// The whole terminal.
    pub area: Rect,
    /// True when the terminal is below [`MIN_SIZE`]: only a notice is drawn.
    pub too_small: bool,
    /// The two panes with their borders, indexed by [`Side::index`].
    pub panes: [Rect; 2],
    /// The status line at the bottom.
    pub status: Rect,
    /// The search prompt row (above the status line) when a prompt is open.
    pub prompt: Rect,
    /// The people panel, when open: beside the panes when wide, below when narrow.
    pub panel: Rect,
}

/// Widths from which the people panel sits beside the panes.
pub const PANEL_BESIDE_FROM: u16 = 120;
/// The panel's width beside the panes.
pub const PANEL_WIDTH: u16 = 38;

impl Layout {
    /// The layout for a terminal of `width` × `height` cells.
    pub fn new(width: u16, height: u16, prompt_open: bool, panel_open: bool) -> Layout {
        let area = Rect::new(0, 0, width, height);
        if width < MIN_SIZE.0 || height < MIN_SIZE.1 {
            return Layout {
                area,
                too_small: true,
                ..Layout::default()
            };
        }
        let status = Rect::new(0, height - 1, width, 1);
        let prompt_rows = u16::from(prompt_open);
        let prompt = Rect::new(0, height - 1 - prompt_rows, width, prompt_rows);
        let main_h = height - 1 - prompt_rows;
        let (panes_w, panes_h, panel) = match panel_open {
            false => (width, main_h, Rect::default()),
            true if width >= PANEL_BESIDE_FROM => (
                width - PANEL_WIDTH,
                main_h,
                Rect::new(width - PANEL_WIDTH, 0, PANEL_WIDTH, main_h),
            ),
            true => {
                let h = (main_h / 3).clamp(6, 12).min(main_h.saturating_sub(4));
                (width, main_h - h, Rect::new(0, main_h - h, width, h))
            }
        };
        let left_w = panes_w / 2;
        Layout {
            area,
            too_small: false,
            panes: [
                Rect::new(0, 0, left_w, panes_h),
                Rect::new(left_w, 0, panes_w - left_w, panes_h),
            ],
            status,
            prompt,
            panel,
        }
    }

    /// The pane under the cell at `col`, `row`, if any.
    pub fn pane_at(&self, col: u16, row: u16) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.panes[s.index()].contains(col, row))
    }
}

/// Gutter width for paragraph numbers up to `count`: digits and one space.
pub fn gutter_width(count: usize) -> u16 {
    let digits = count.max(1).ilog10() as u16 + 1;
    digits + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panes_split_the_width_and_leave_the_status_row() {
        let l = Layout::new(81, 24, false, false);
        assert_eq!(l.panes[0], Rect::new(0, 0, 40, 23));
        assert_eq!(l.panes[1], Rect::new(40, 0, 41, 23));
        assert_eq!(l.status, Rect::new(0, 23, 81, 1));
        assert_eq!(l.pane_at(45, 3), Some(Side::Right));
        assert_eq!(l.pane_at(45, 23), None);
        assert!(Layout::new(39, 24, false, false).too_small);
        assert!(Layout::new(1, 1, false, false).too_small);
        let p = Layout::new(80, 24, true, false);
        assert_eq!(p.prompt, Rect::new(0, 22, 80, 1));
        assert_eq!(p.panes[0].height, 22);
    }

    #[test]
    fn the_panel_sits_beside_when_wide_and_below_when_narrow() {
        let wide = Layout::new(160, 45, false, true);
        assert_eq!(wide.panel, Rect::new(122, 0, 38, 44));
        assert_eq!(wide.panes[1].x + wide.panes[1].width, 122);
        let narrow = Layout::new(80, 24, false, true);
        assert_eq!(narrow.panel, Rect::new(0, 16, 80, 7));
        assert_eq!(narrow.panes[0].height, 16);
    }

    #[test]
    fn gutter_fits_the_largest_number() {
        assert_eq!(gutter_width(9), 2);
        assert_eq!(gutter_width(11), 3);
        assert_eq!(gutter_width(100), 4);
        assert_eq!(gutter_width(0), 2);
    }
}
