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
}

impl Layout {
    /// The layout for a terminal of `width` × `height` cells.
    pub fn new(width: u16, height: u16, prompt_open: bool) -> Layout {
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
        let left_w = width / 2;
        Layout {
            area,
            too_small: false,
            panes: [
                Rect::new(0, 0, left_w, main_h),
                Rect::new(left_w, 0, width - left_w, main_h),
            ],
            status,
            prompt,
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
        let l = Layout::new(81, 24, false);
        assert_eq!(l.panes[0], Rect::new(0, 0, 40, 23));
        assert_eq!(l.panes[1], Rect::new(40, 0, 41, 23));
        assert_eq!(l.status, Rect::new(0, 23, 81, 1));
        assert_eq!(l.pane_at(45, 3), Some(Side::Right));
        assert_eq!(l.pane_at(45, 23), None);
        assert!(Layout::new(39, 24, false).too_small);
        assert!(Layout::new(1, 1, false).too_small);
        let p = Layout::new(80, 24, true);
        assert_eq!(p.prompt, Rect::new(0, 22, 80, 1));
        assert_eq!(p.panes[0].height, 22);
    }

    #[test]
    fn gutter_fits_the_largest_number() {
        assert_eq!(gutter_width(9), 2);
        assert_eq!(gutter_width(11), 3);
        assert_eq!(gutter_width(100), 4);
        assert_eq!(gutter_width(0), 2);
    }
}
