//! The pair side by side as plain text, for a pipe (as bat prints plainly
//! when its output is not a terminal): paragraphs aligned by number, each
//! column wrapped by the same code as the panes (line ends inside
//! paragraphs joined as the layout says), every line sanitised; headings
//! bold when colour is asked for.

use crate::error::{Error, Result};
use crate::pair::Pair;
use crate::text::Side;
use crate::text::sanitize::GlyphKind;
use crate::wrap::{truncate, wrap_glyphs};
use std::io::Write;

/// The narrowest `--width` that leaves room for two columns.
pub const MIN_WIDTH: usize = 20;
/// The widest `--width`.
pub const MAX_WIDTH: usize = 10_000;

/// Column separator.
const SEP: &str = " │ ";
/// Column separator without the grid.
const SPACES: &str = "   ";

/// What `print` draws besides the text (bat's `--style`): the heading of
/// each account, the paragraph numbers, the rule under the headings and
/// the line between the columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Each account's title, language and year above its column.
    pub header: bool,
    /// Each paragraph's number in a gutter.
    pub numbers: bool,
    /// The rule under the headings and the line between the columns.
    pub grid: bool,
}

impl Style {
    /// Everything (the default).
    pub const FULL: Style = Style {
        header: true,
        numbers: true,
        grid: true,
    };
    /// The text alone (`--plain`).
    pub const PLAIN: Style = Style {
        header: false,
        numbers: false,
        grid: false,
    };

    /// A `--style` value: `full`, `plain`, or a comma list of `header`,
    /// `numbers`, `grid`.
    pub fn parse(value: &str) -> Result<Style> {
        let mut style = Style::PLAIN;
        for part in value.split(',').map(str::trim) {
            match part {
                "full" => style = Style::FULL,
                "plain" => {}
                "header" => style.header = true,
                "numbers" => style.numbers = true,
                "grid" => style.grid = true,
                other => {
                    return Err(Error::Usage(format!(
                        "unknown --style '{}': give full, plain, or a comma list of header, numbers, grid",
                        crate::text::sanitize::sanitize(other)
                    )));
                }
            }
        }
        Ok(style)
    }
}

/// Writes `pair` side by side in `width` columns to `out`, with every
/// decoration ([`Style::FULL`]).
pub fn side_by_side(pair: &Pair, width: usize, color: bool, out: &mut impl Write) -> Result<()> {
    print(pair, width, color, Style::FULL, None, out)
}

/// Writes `pair` to `out` in `width` columns: both accounts side by side,
/// or the account of `side` alone, drawn as `style` says.
pub fn print(
    pair: &Pair,
    width: usize,
    color: bool,
    style: Style,
    side: Option<Side>,
    out: &mut impl Write,
) -> Result<()> {
    if !(MIN_WIDTH..=MAX_WIDTH).contains(&width) {
        return Err(Error::Usage(format!(
            "--width must be between {MIN_WIDTH} and {MAX_WIDTH} (got {width})"
        )));
    }
    let sides: Vec<Side> = side.map_or_else(|| Side::BOTH.to_vec(), |s| vec![s]);
    let sep = if style.grid { SEP } else { SPACES };
    let col = if sides.len() == 2 {
        (width - sep.chars().count()) / 2
    } else {
        width
    };
    let count = sides
        .iter()
        .map(|&s| pair.account(s).paragraphs.len())
        .max()
        .unwrap_or(0);
    let gutter = if style.numbers {
        count.max(1).ilog10() as usize + 2
    } else {
        0
    };
    let text_w = col.saturating_sub(gutter).max(1);
    let row = |out: &mut dyn Write, cells: &[String], bold: &[bool]| -> Result<()> {
        write_row(out, cells, bold, col, sep, color)
    };
    if style.header {
        let heads: Vec<String> = sides
            .iter()
            .map(|&s| truncate(&pair.account(s).heading(), col))
            .collect();
        row(out, &heads, &[false; 2])?;
        if style.grid {
            let rule = "─".repeat(col);
            row(out, &vec![rule; sides.len()], &[false; 2])?;
        }
    }
    for i in 0..count {
        if i > 0 {
            row(out, &vec![String::new(); sides.len()], &[false; 2])?;
        }
        let mut bold = [false; 2];
        let cols: Vec<Vec<String>> = sides
            .iter()
            .enumerate()
            .map(|(k, &side)| {
                let a = pair.account(side);
                match a.paragraphs.get(i) {
                    Some(p) => {
                        bold[k] = p.is_heading();
                        wrap_glyphs(a.glyphs(p.span()), p.span(), text_w)
                            .into_iter()
                            .enumerate()
                            .map(|(n, span)| {
                                let num = match (style.numbers, n) {
                                    (false, _) => String::new(),
                                    (true, 0) => format!("{:>w$} ", i + 1, w = gutter - 1),
                                    (true, _) => " ".repeat(gutter),
                                };
                                let text: String = a
                                    .glyphs(span)
                                    .filter(|g| g.kind != GlyphKind::Break)
                                    .map(|g| g.show.into_owned())
                                    .collect();
                                num + text.trim_end()
                            })
                            .collect::<Vec<_>>()
                    }
                    None => Vec::new(),
                }
            })
            .collect();
        let rows = cols.iter().map(Vec::len).max().unwrap_or(0);
        for n in 0..rows {
            let cells: Vec<String> = cols
                .iter()
                .map(|c| c.get(n).cloned().unwrap_or_default())
                .collect();
            row(out, &cells, &bold)?;
        }
    }
    Ok(())
}

/// One output line: the cells (one or two columns), each padded to `col`
/// but the last, `sep` between them, bold where asked and coloured.
fn write_row(
    out: &mut dyn Write,
    cells: &[String],
    bold: &[bool],
    col: usize,
    sep: &str,
    color: bool,
) -> Result<()> {
    let style = |s: &str, b: bool| {
        if b && color && !s.is_empty() {
            format!("\x1b[1m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    };
    let mut line = String::new();
    for (k, cell) in cells.iter().enumerate() {
        let b = bold.get(k).copied().unwrap_or(false);
        line.push_str(&style(cell, b));
        if k + 1 < cells.len() {
            let pad = col.saturating_sub(crate::wrap::display_width(cell));
            line.push_str(&" ".repeat(pad));
            line.push_str(sep);
        }
    }
    writeln!(out, "{}", line.trim_end())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_line_is_wider_than_asked() {
        let pair = Pair::bundled().expect("bundled");
        for width in [20, 41, 80, 100, 157] {
            let mut out = Vec::new();
            side_by_side(&pair, width, false, &mut out).expect("prints");
            let s = String::from_utf8(out).expect("utf-8");
            for line in s.lines() {
                assert!(crate::wrap::display_width(line) <= width, "{width}: {line}");
            }
            assert!(s.lines().next().unwrap_or("").contains("│"));
        }
        assert!(side_by_side(&pair, 19, false, &mut Vec::new()).is_err());
        // One side alone, plain: its text only, as wide as asked.
        let mut out = Vec::new();
        print(&pair, 60, false, Style::PLAIN, Some(Side::Right), &mut out).expect("prints");
        let s = String::from_utf8(out).expect("utf-8");
        assert!(s.starts_with("Napoleon"), "{s}");
        assert!(!s.contains('│') && !s.contains("Під"), "{s}");
        assert!(s.lines().all(|l| crate::wrap::display_width(l) <= 60));
        assert!(side_by_side(&pair, 131_075, false, &mut Vec::new()).is_err());
    }
}
