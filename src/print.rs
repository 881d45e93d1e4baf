//! The pair side by side as plain text, for a pipe (as bat prints plainly
//! when its output is not a terminal): paragraphs aligned by number, each
//! column wrapped by the same code as the panes, every line sanitised.

use crate::error::{Error, Result};
use crate::pair::Pair;
use crate::text::Side;
use crate::text::sanitize::glyphs;
use crate::wrap::{truncate, wrap_spans};
use std::io::Write;

/// The narrowest `--width` that leaves room for two columns.
pub const MIN_WIDTH: usize = 20;

/// Column separator.
const SEP: &str = " │ ";

/// Writes `pair` side by side in `width` columns to `out`.
pub fn side_by_side(pair: &Pair, width: usize, out: &mut impl Write) -> Result<()> {
    if width < MIN_WIDTH {
        return Err(Error::Usage(format!(
            "--width must be at least {MIN_WIDTH} (got {width})"
        )));
    }
    let col = (width - SEP.chars().count()) / 2;
    let [l, r] = &pair.accounts;
    let count = l.paragraphs.len().max(r.paragraphs.len());
    let gutter = count.max(1).ilog10() as usize + 2;
    let text_w = col.saturating_sub(gutter).max(1);
    let head = |side: Side| truncate(&pair.account(side).meta.heading(), col);
    write_row(out, &head(Side::Left), &head(Side::Right), col)?;
    let rule = "─".repeat(col);
    write_row(out, &rule, &rule, col)?;
    for i in 0..count {
        if i > 0 {
            write_row(out, "", "", col)?;
        }
        let cols = [Side::Left, Side::Right].map(|side| {
            let a = pair.account(side);
            match a.paragraphs.get(i) {
                Some(p) => wrap_spans(&a.text[p.span.clone()], p.span.start, text_w)
                    .into_iter()
                    .enumerate()
                    .map(|(n, span)| {
                        let num = if n == 0 {
                            format!("{:>w$} ", i + 1, w = gutter - 1)
                        } else {
                            " ".repeat(gutter)
                        };
                        let text: String = glyphs(&a.text[span.clone()], 0)
                            .map(|g| g.show.into_owned())
                            .collect();
                        num + text.trim_end()
                    })
                    .collect::<Vec<_>>(),
                None => Vec::new(),
            }
        });
        let rows = cols[0].len().max(cols[1].len());
        for n in 0..rows {
            let left = cols[0].get(n).map_or("", String::as_str);
            let right = cols[1].get(n).map_or("", String::as_str);
            write_row(out, left, right, col)?;
        }
    }
    Ok(())
}

fn write_row(out: &mut impl Write, left: &str, right: &str, col: usize) -> Result<()> {
    let pad = col.saturating_sub(crate::wrap::display_width(left));
    let line = format!("{left}{:pad$}{SEP}{right}", "");
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
            side_by_side(&pair, width, &mut out).expect("prints");
            let s = String::from_utf8(out).expect("utf-8");
            for line in s.lines() {
                assert!(crate::wrap::display_width(line) <= width, "{width}: {line}");
            }
            assert!(s.lines().next().unwrap_or("").contains("│"));
        }
        assert!(side_by_side(&pair, 19, &mut Vec::new()).is_err());
    }
}
