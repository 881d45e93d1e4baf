//! The overview map in the reader (`v`): a row and a column selected;
//! Enter opens the column's paragraph in its pane, Space makes the row's
//! person, place or topic what the panes highlight and n/N step through.

use super::list::List;
use super::people::Chosen;
use super::{Action, App, Context};
use diptych_core::map::{Grid, MapData, RowKind};
use diptych_core::text::Side;
use diptych_core::wrap::display_width;

/// The map's selection.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MapView {
    /// The selected row.
    pub rows: List,
    /// The account of the selected column.
    pub side: Side,
    /// The selected column within that account.
    pub column: usize,
}

impl MapView {
    /// Follows new map data.
    pub fn refresh(&mut self, data: Option<&MapData>) {
        self.rows.set_len(data.map_or(0, |d| d.rows.len()));
    }
}

/// Where the map's parts are for a screen `width` cells wide: the label
/// column's width and the columns each account may have.
pub fn map_widths(data: &MapData, width: u16) -> (usize, usize) {
    let label_w = data
        .rows
        .iter()
        .map(|r| display_width(&r.label))
        .max()
        .unwrap_or(4)
        .clamp(6, (width as usize / 5).max(6));
    let room = (width as usize).saturating_sub(label_w + 7) / 2;
    (label_w, room.max(1))
}

impl App {
    /// The map laid out for the screen.
    pub fn map_grid(&self) -> Option<(Grid, usize, usize)> {
        let data = self.arrived.map.as_deref()?;
        let (label_w, room) = map_widths(data, self.screen.main.width);
        Some((Grid::new(&self.pair, data, room), label_w, room))
    }

    /// `v`: the map, the focused cursor's column selected.
    pub(super) fn open_map(&mut self) {
        if self.arrived.map.is_none() {
            self.wait_for(Action::Map, "the map");
            return;
        }
        let side = self.focus;
        let cursor = self.pane(side).cursor;
        if let Some((grid, _, _)) = self.map_grid() {
            self.map.side = side;
            self.map.column = grid.column_of(side, cursor);
        }
        self.map.refresh(self.arrived.map.as_deref());
        self.set_context(Context::Map);
    }

    /// Map actions; true when consumed.
    pub(super) fn update_map(&mut self, action: &Action) -> bool {
        let Some((grid, _, _)) = self.map_grid() else {
            self.set_context(Context::Reader);
            return true;
        };
        let cols = |s: Side| grid.columns[s.index()].len();
        match action {
            Action::SelectNext => self.map.rows.next(),
            Action::SelectPrev => self.map.rows.prev(),
            Action::NextColumn => {
                let side = self.map.side;
                if self.map.column + 1 < cols(side) {
                    self.map.column += 1;
                } else if side == Side::Left {
                    self.map.side = Side::Right;
                    self.map.column = 0;
                }
            }
            Action::PrevColumn => {
                let side = self.map.side;
                if self.map.column > 0 {
                    self.map.column -= 1;
                } else if side == Side::Right {
                    self.map.side = Side::Left;
                    self.map.column = cols(Side::Left).saturating_sub(1);
                }
            }
            Action::Jump => {
                let side = self.map.side;
                if let Some(col) = grid.columns[side.index()].get(self.map.column) {
                    // The first paragraph of the column where the row occurs.
                    let row = self
                        .arrived
                        .map
                        .as_ref()
                        .and_then(|m| m.rows.get(self.map.rows.selected));
                    let p = row
                        .and_then(|r| {
                            r.cells[side.index()]
                                .iter()
                                .map(|&(p, _)| p as usize)
                                .find(|p| col.paragraphs.contains(p))
                        })
                        .unwrap_or(col.paragraphs.start);
                    self.set_context(Context::Reader);
                    self.jump_to(side, p);
                }
            }
            Action::ChooseRow => self.choose_map_row(),
            Action::Map | Action::Cancel | Action::ClosePanel | Action::FocusText => {
                self.set_context(Context::Reader);
            }
            _ => {}
        }
        true
    }

    /// Space on a row: its person, place or topic becomes what the panes
    /// highlight and n/N step through.
    fn choose_map_row(&mut self) {
        let Some(row) = self
            .arrived
            .map
            .as_ref()
            .and_then(|m| m.rows.get(self.map.rows.selected))
            .cloned()
        else {
            return;
        };
        match row.kind {
            RowKind::Person(i) | RowKind::Place(i) => self.choose_person(i),
            RowKind::Topic(t) => {
                let Some(links) = self.arrived.links.clone() else {
                    return;
                };
                let spans = Side::BOTH.map(|s| {
                    links.topic_spans[s.index()]
                        .iter()
                        .filter(|(topic, _)| *topic == t)
                        .map(|(_, r)| r.clone())
                        .collect()
                });
                let chosen = Chosen::new(
                    format!("topic:{}", row.label),
                    row.label.clone(),
                    spans,
                    self.focus,
                );
                self.choose(chosen);
            }
        }
    }

    /// A click in the map selects the cell under it.
    pub(super) fn click_map(&mut self, col: u16, row: u16) {
        let Some((grid, label_w, room)) = self.map_grid() else {
            return;
        };
        let main = self.screen.main;
        // Rows start under the frame's top border and two header rows.
        let first = main.y + 3;
        if row >= first {
            let r = (row - first) as usize + self.map.rows.offset(self.map_rows_shown());
            if r < self.map.rows.len {
                self.map.rows.selected = r;
            }
        }
        let x0 = main.x as usize + 1 + label_w + 3;
        let x = col as usize;
        let x1 = x0 + room + 3;
        let hit = if (x0..x1).contains(&x) {
            grid.column_at(Side::Left, x - x0).map(|c| (Side::Left, c))
        } else if x >= x1 {
            grid.column_at(Side::Right, x - x1)
                .map(|c| (Side::Right, c))
        } else {
            None
        };
        if let Some((side, c)) = hit {
            self.map.side = side;
            self.map.column = c;
        }
    }

    /// How many map rows fit on screen.
    pub fn map_rows_shown(&self) -> usize {
        (self.screen.main.height as usize).saturating_sub(5).max(1)
    }
}
