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

/// Writes `pair` side by side in `width` columns to `out`.
pub fn side_by_side(pair: &Pair, width: usize, color: bool, out: &mut impl Write) -> Result<()> {
    if !(MIN_WIDTH..=MAX_WIDTH).contains(&width) {
        return Err(Error::Usage(format!(
            "--width must be between {MIN_WIDTH} and {MAX_WIDTH} (got {width})"
        )));
    }
    let col = (width - SEP.chars().count()) / 2;
    let [l, r] = &pair.accounts;
    let count = l.paragraphs.len().max(r.paragraphs.len());
    let gutter = count.max(1).ilog10() as usize + 2;
    let text_w = col.saturating_sub(gutter).max(1);
    let head = |side: Side| truncate(&pair.account(side).heading(), col);
    write_row(
        out,
        &head(Side::Left),
        &head(Side::Right),
        col,
        [false; 2],
        color,
    )?;
    let rule = "─".repeat(col);
    write_row(out, &rule, &rule, col, [false; 2], color)?;
    for i in 0..count {
        if i > 0 {
            write_row(out, "", "", col, [false; 2], color)?;
        }
        let mut bold = [false; 2];
        let cols = [Side::Left, Side::Right].map(|side| {
            let a = pair.account(side);
            match a.paragraphs.get(i) {
                Some(p) => {
                    bold[side.index()] = p.is_heading();
                    wrap_glyphs(a.glyphs(p.span()), p.span(), text_w)
                        .into_iter()
                        .enumerate()
                        .map(|(n, span)| {
                            let num = if n == 0 {
                                format!("{:>w$} ", i + 1, w = gutter - 1)
                            } else {
                                " ".repeat(gutter)
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
        });
        let rows = cols[0].len().max(cols[1].len());
        for n in 0..rows {
            let left = cols[0].get(n).map_or("", String::as_str);
            let right = cols[1].get(n).map_or("", String::as_str);
            write_row(out, left, right, col, bold, color)?;
        }
    }
    Ok(())
}

fn write_row(
    out: &mut impl Write,
    left: &str,
    right: &str,
    col: usize,
    bold: [bool; 2],
    color: bool,
) -> Result<()> {
    let pad = col.saturating_sub(crate::wrap::display_width(left));
    let style = |s: &str, b: bool| {
        if b && color && !s.is_empty() {
            format!("\x1b[1m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    };
    let line = format!(
        "{}{:pad$}{SEP}{}",
        style(left, bold[0]),
        "",
        style(right, bold[1])
    );
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
        assert!(side_by_side(&pair, 131_075, false, &mut Vec::new()).is_err());
    }
}
