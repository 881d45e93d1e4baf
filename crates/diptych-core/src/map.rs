//! The overview map: where each topic, person and place of the pair occurs
//! in both accounts, at a glance (as CATview's bird's-eye strip and Juxta's
//! heat map do for collations). [`MapData`] is computed once, in the
//! background, with the links; [`Grid`] lays it out for a width, grouping
//! paragraphs into columns (chapters, or equal runs) when an account has
//! more paragraphs than columns. The view and `diptych map` draw the same
//! grid.

use crate::entities::{Entities, Kind};
use crate::links::Links;
use crate::pair::Pair;
use crate::text::{ParaKind, Side};
use std::ops::Range;

/// How many people the map lists (as many as fit are shown, the rest
/// scrolled to).
pub const PEOPLE_ROWS: usize = 24;
/// How many places the map shows.
pub const PLACE_ROWS: usize = 12;

/// What a row stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowKind {
    /// A topic of the topic list (index into it).
    Topic(usize),
    /// A person (index into [`Entities::entries`]).
    Person(usize),
    /// A place (index into [`Entities::entries`]).
    Place(usize),
}

impl RowKind {
    /// The mark before a row's label: § topic, ● person, ◆ place.
    pub fn mark(self) -> char {
        match self {
            RowKind::Topic(_) => '§',
            RowKind::Person(_) => '●',
            RowKind::Place(_) => '◆',
        }
    }
}

/// One row of the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapRow {
    /// What it stands for.
    pub kind: RowKind,
    /// Its label.
    pub label: String,
    /// Per account, (paragraph, occurrences) sorted by paragraph.
    pub cells: [Vec<(u32, u32)>; 2],
}

/// Every row of the map.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MapData {
    /// Topics first (in the topic list's order), then people, then places.
    pub rows: Vec<MapRow>,
}

impl MapData {
    /// The rows for `pair`: the topics that occur, the most mentioned
    /// people and places.
    pub fn build(pair: &Pair, entities: &Entities, links: &Links) -> MapData {
        let _ = pair;
        let mut rows = Vec::new();
        for (t, topic) in links.vocabulary.topics.iter().enumerate() {
            let cells = Side::BOTH.map(|side| {
                let mut v: Vec<(u32, u32)> = Vec::new();
                for (p, ts) in links.topics[side.index()].iter().enumerate() {
                    if ts.contains(&t) {
                        v.push((p as u32, 1));
                    }
                }
                v
            });
            if cells.iter().any(|c| !c.is_empty()) {
                rows.push(MapRow {
                    kind: RowKind::Topic(t),
                    label: topic.label.clone(),
                    cells,
                });
            }
        }
        for (kind, limit) in [(Kind::Person, PEOPLE_ROWS), (Kind::Place, PLACE_ROWS)] {
            let mut chosen: Vec<usize> = entities
                .entries
                .iter()
                .enumerate()
                .filter(|(_, p)| p.kind == kind && p.total() > 0)
                .map(|(i, _)| i)
                .collect();
            chosen.sort_by_key(|&i| std::cmp::Reverse(entities.entries[i].total()));
            chosen.truncate(limit);
            for i in chosen {
                let p = &entities.entries[i];
                let cells = Side::BOTH.map(|side| {
                    let mut v: Vec<(u32, u32)> = Vec::new();
                    for m in &p.mentions[side.index()] {
                        match v.last_mut() {
                            Some((para, n)) if *para == m.paragraph as u32 => *n += 1,
                            _ => v.push((m.paragraph as u32, 1)),
                        }
                    }
                    v
                });
                rows.push(MapRow {
                    kind: if kind == Kind::Person {
                        RowKind::Person(i)
                    } else {
                        RowKind::Place(i)
                    },
                    label: p.name.clone(),
                    cells,
                });
            }
        }
        MapData { rows }
    }
}

/// A column of the map: a paragraph, or a run of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The paragraphs it covers.
    pub paragraphs: Range<usize>,
}

/// The map laid out for a width.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// Each account's columns.
    pub columns: [Vec<Column>; 2],
    /// Each row's cells per account: occurrences in each column.
    pub cells: Vec<[Vec<u32>; 2]>,
    /// True when columns follow the chapters (runs inside each chapter;
    /// else paragraphs or equal runs).
    pub chapters: [bool; 2],
    /// How many chapters each account's columns follow (0 when none).
    pub chapter_count: [usize; 2],
    /// How many screen cells each account's strip takes: all the width
    /// given, shared among its columns ([`Grid::span`]), so a pair of few
    /// paragraphs fills the map as a long one does.
    pub strip: [usize; 2],
}

impl Grid {
    /// The grid for `data` with at most `width` columns per account.
    pub fn new(pair: &Pair, data: &MapData, width: usize) -> Grid {
        let width = width.max(1);
        let mut chapters = [false; 2];
        let mut chapter_count = [0; 2];
        let columns = Side::BOTH.map(|side| {
            let (cols, count) = columns(pair, side, width);
            chapters[side.index()] = count > 0;
            chapter_count[side.index()] = count;
            cols
        });
        let cells = data
            .rows
            .iter()
            .map(|row| {
                Side::BOTH.map(|side| {
                    let cols = &columns[side.index()];
                    let mut out = vec![0u32; cols.len()];
                    let mut c = 0;
                    for &(p, n) in &row.cells[side.index()] {
                        while c + 1 < cols.len() && cols[c].paragraphs.end <= p as usize {
                            c += 1;
                        }
                        if let Some(o) = out.get_mut(c) {
                            *o += n;
                        }
                    }
                    out
                })
            })
            .collect();
        let strip = [0, 1].map(|k| width.max(columns[k].len()));
        Grid {
            columns,
            cells,
            chapters,
            chapter_count,
            strip,
        }
    }

    /// The cells of its strip column `c` of `side` is drawn in (0 the
    /// strip's first): the strip shared evenly, each column one cell or
    /// more.
    pub fn span(&self, side: Side, c: usize) -> Range<usize> {
        let k = side.index();
        let n = self.columns[k].len().max(1);
        let at = |c: usize| c * self.strip[k] / n;
        at(c)..at(c + 1)
    }

    /// True when every column of `side` is three cells or more: wide
    /// enough to leave a blank between columns.
    pub fn gap(&self, side: Side) -> bool {
        let k = side.index();
        self.strip[k] / self.columns[k].len().max(1) >= 3
    }

    /// The column of `side` drawn at cell `x` of its strip, when there is
    /// one.
    pub fn column_at(&self, side: Side, x: usize) -> Option<usize> {
        let k = side.index();
        let n = self.columns[k].len();
        // The even shares round down: the column whose span holds x is
        // the estimate or one of its neighbours.
        let c = (x * n) / self.strip[k].max(1);
        (c.saturating_sub(1)..(c + 2).min(n)).find(|&c| self.span(side, c).contains(&x))
    }

    /// What the heading of `side` counts: its chapters, or its columns.
    pub fn heading_count(&self, side: Side) -> usize {
        let k = side.index();
        if self.chapters[k] {
            self.chapter_count[k]
        } else {
            self.columns[k].len()
        }
    }

    /// The column of `side` holding paragraph `p`.
    pub fn column_of(&self, side: Side, p: usize) -> usize {
        let cols = &self.columns[side.index()];
        cols.partition_point(|c| c.paragraphs.end <= p)
            .min(cols.len().saturating_sub(1))
    }
}

/// The mark for a cell with `n` occurrences: reads without colour.
pub fn cell_mark(n: u32) -> char {
    match n {
        0 => '·',
        1 => '▪',
        2..=3 => '◼',
        _ => '█',
    }
}

/// The paragraphs that open a chapter: headings of the first two levels.
fn chapter_starts(account: &crate::text::Account) -> Vec<usize> {
    account
        .paragraphs
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p.kind, ParaKind::Heading(1 | 2)))
        .map(|(i, _)| i)
        .collect()
}

/// The columns of `side`: one a paragraph when they fit, else runs of
/// each chapter when the chapters fit (as many as the chapter's share of
/// the width), else equal runs of paragraphs; with the chapters followed
/// (0 when none).
fn columns(pair: &Pair, side: Side, width: usize) -> (Vec<Column>, usize) {
    let account = pair.account(side);
    let n = account.paragraphs.len();
    if n <= width {
        return (
            (0..n)
                .map(|p| Column {
                    paragraphs: p..p + 1,
                })
                .collect(),
            0,
        );
    }
    let starts = chapter_starts(account);
    if starts.len() >= 2 && starts.len() <= width {
        let mut chapters = Vec::new();
        let mut from = 0;
        for &s in starts.iter().skip_while(|&&s| s == 0) {
            chapters.push(from..s);
            from = s;
        }
        chapters.push(from..n);
        let count = chapters.len();
        // Each chapter in runs, as many as its share of the width, so the
        // map fills the screen and no run crosses a chapter's start.
        let extra = width - chapters.len();
        let mut cols = Vec::new();
        for ch in chapters {
            let len = ch.len();
            let runs = (1 + extra * len / n).min(len.max(1));
            // Runs of near-equal length: run k starts at k·len/runs.
            for k in 0..runs {
                let (s, e) = (ch.start + k * len / runs, ch.start + (k + 1) * len / runs);
                cols.push(Column { paragraphs: s..e });
            }
        }
        return (cols, count);
    }
    let per = n.div_ceil(width);
    (
        (0..n)
            .step_by(per)
            .map(|s| Column {
                paragraphs: s..(s + per).min(n),
            })
            .collect(),
        0,
    )
}

/// A column's marks, `width` cells: the mark of `n` occurrences in each,
/// the last left blank when `gap` (every column of the strip three cells
/// or more, [`Grid::gap`]), so that the paragraphs stay apart.
pub fn cell_marks(n: u32, width: usize, gap: bool) -> String {
    let mut out = cell_mark(n).to_string().repeat(width);
    if gap && width >= 2 {
        out.pop();
        out.push(' ');
    }
    out
}

/// The map as plain text, `width` cells wide: a label column, then each
/// account's columns under its label.
pub fn plain(pair: &Pair, data: &MapData, width: usize) -> String {
    let label_w = data
        .rows
        .iter()
        .map(|r| crate::wrap::display_width(&r.label) + 2)
        .max()
        .unwrap_or(4)
        .clamp(8, 30)
        // Room left for four cells an account: a narrow map shortens the
        // labels rather than run past its width.
        .min(width.saturating_sub(14).max(6));
    // A row is the label, " │ ", the left cells, " │ ", the right cells.
    let room = width.saturating_sub(label_w + 6) / 2;
    let grid = Grid::new(pair, data, room.max(4));
    let mut out = String::new();
    let head = |side: Side| {
        let cols = grid.columns[side.index()].len();
        let what = if grid.chapters[side.index()] {
            "chapters"
        } else if cols < pair.account(side).paragraphs.len() {
            "runs of ¶"
        } else {
            "¶"
        };
        let count = grid.heading_count(side);
        let label = format!("{} ({count} {what})", pair.account(side).meta.label);
        let t = crate::wrap::truncate(&label, cols.max(room));
        format!("{t:<w$}", w = cols.max(room))
    };
    out.push_str(&format!(
        "{:label_w$} │ {} │ {}\n",
        "",
        head(Side::Left),
        head(Side::Right)
    ));
    for (row, cells) in data.rows.iter().zip(&grid.cells) {
        let label = crate::wrap::truncate(&format!("{} {}", row.kind.mark(), row.label), label_w);
        let pad = label_w.saturating_sub(crate::wrap::display_width(&label));
        let line = |k: usize| {
            cells[k]
                .iter()
                .enumerate()
                .map(|(c, &n)| {
                    let side = Side::BOTH[k];
                    cell_marks(n, grid.span(side, c).len(), grid.gap(side))
                })
                .collect::<String>()
        };
        let l = line(0);
        let drawn = crate::wrap::display_width(&l);
        let lpad = room.max(drawn).saturating_sub(drawn);
        out.push_str(&format!(
            "{label}{:pad$} │ {l}{:lpad$} │ {}\n",
            "",
            "",
            line(1)
        ));
    }
    let marks = [
        format!("{} none", cell_mark(0)),
        format!("{} once", cell_mark(1)),
        format!("{} 2–3 times", cell_mark(2)),
        format!("{} 4 or more", cell_mark(4)),
    ];
    let kinds = ["§ topic", "● person", "◆ place"].map(String::from);
    let [marks, kinds] = [legend(&marks, width), legend(&kinds, width)];
    // The legend on one line where it fits the width, else on more.
    let one = format!("{marks}    {kinds}");
    if !one.contains('\n') && crate::wrap::display_width(&one) <= width {
        out.push_str(&format!("\n{one}\n"));
    } else {
        out.push_str(&format!("\n{marks}\n{kinds}\n"));
    }
    out
}

/// `items` joined by " · ", a new line where the next would pass `width`.
fn legend(items: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for item in items {
        let w = crate::wrap::display_width(item);
        if line > 0 && line + 3 + w > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push_str(" · ");
            line += 3;
        }
        out.push_str(item);
        line += w;
    }
    out
}

#[cfg(test)]
mod tests {
    /// The bundled pair and its map's data, with its people and no links.
    fn bundled() -> (Pair, MapData) {
        let pair = Pair::bundled().expect("bundled");
        let entities = Entities::find(
            &pair,
            &crate::entities::PeopleIndex::bundled().expect("index"),
        );
        let data = MapData::build(&pair, &entities, &Links::default());
        (pair, data)
    }

    #[test]
    fn a_small_pair_fills_the_width_and_clicks_find_their_column() {
        let (pair, data) = bundled();
        let grid = Grid::new(&pair, &data, 90);
        for side in Side::BOTH {
            let n = grid.columns[side.index()].len();
            assert_eq!(
                grid.span(side, n - 1).end,
                90,
                "{side:?}: the strip is filled"
            );
            for c in 0..n {
                let span = grid.span(side, c);
                assert!(!span.is_empty());
                for x in span {
                    assert_eq!(grid.column_at(side, x), Some(c), "{side:?} {x}");
                }
            }
            assert_eq!(grid.column_at(side, 90), None);
        }
        let map = plain(&pair, &data, 100);
        let longest = map
            .lines()
            .map(crate::wrap::display_width)
            .max()
            .unwrap_or(0);
        assert!(longest >= 95, "{map}");
    }

    use super::*;

    /// No line of the plain map is wider than asked, down to the 20
    /// columns the command takes: the labels shorten and the legend
    /// wraps (`--width 30` gave rows of 44 and a legend of 75).
    #[test]
    fn the_plain_map_keeps_to_its_width() {
        let (pair, data) = bundled();
        for width in [20, 21, 30, 44, 60, 75, 80, 120] {
            let map = plain(&pair, &data, width);
            for line in map.lines() {
                assert!(
                    crate::wrap::display_width(line) <= width,
                    "{width}: {line:?}"
                );
            }
        }
    }

    #[test]
    fn marks_read_without_colour() {
        let marks: Vec<char> = [0, 1, 2, 9].map(cell_mark).to_vec();
        let mut d = marks.clone();
        d.dedup();
        assert_eq!(d.len(), 4, "{marks:?}");
    }

    #[test]
    fn chapters_in_runs_fill_the_width_and_no_run_crosses_a_chapter() {
        let mut text = String::new();
        for (c, n) in [("I", 30), ("II", 60), ("III", 30)] {
            text.push_str(&format!("CHAPTER {c}\n\n"));
            for i in 0..n {
                text.push_str(&format!("Paragraph {i} of chapter {c}.\n\n"));
            }
        }
        let pair = Pair::from_texts(
            [crate::text::Meta::named("a"), crate::text::Meta::named("b")],
            [text.clone(), text],
        );
        let heads = chapter_starts(&pair.accounts[0]);
        assert_eq!(heads.len(), 3, "the chapters are headings");
        let (cols, count) = columns(&pair, Side::Left, 40);
        assert_eq!(count, 3);
        assert!((36..=40).contains(&cols.len()), "{} columns", cols.len());
        for c in &cols {
            assert!(
                !heads
                    .iter()
                    .any(|&h| c.paragraphs.start < h && h < c.paragraphs.end)
            );
        }
    }
}
