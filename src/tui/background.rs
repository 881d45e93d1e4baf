//! The terminal's background colour, asked for with OSC 11 after the
//! first frame and read from its answer: what the `auto` theme follows.

/// The question for the terminal's background colour (OSC 11, ended by
/// BEL); the answer comes as input.
pub const BACKGROUND_QUERY: &str = "\x1b]11;?\x07";

/// Whether the terminal's answer to [`BACKGROUND_QUERY`] (`11;rgb:ffff/ffff/ffff`,
/// between the escape and the end) is a light background: its luminance
/// over one half. `None` for anything else.
pub fn light_from_reply(reply: &str) -> Option<bool> {
    let colour = reply.strip_prefix("11;")?;
    let channels = colour
        .strip_prefix("rgb:")
        .or_else(|| colour.strip_prefix("rgba:"))?;
    let mut values = [0f64; 3];
    let mut parts = channels.split('/');
    for v in &mut values {
        let hex = parts.next()?;
        if hex.is_empty() || hex.len() > 4 {
            return None;
        }
        let n = u32::from_str_radix(hex, 16).ok()?;
        *v = f64::from(n) / f64::from((1u32 << (4 * hex.len())) - 1);
    }
    let [r, g, b] = values;
    Some(0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terminals_background_answer_is_read() {
        assert_eq!(light_from_reply("11;rgb:ffff/ffff/ffff"), Some(true));
        assert_eq!(light_from_reply("11;rgb:1e1e/1e1e/2e2e"), Some(false));
        assert_eq!(light_from_reply("11;rgba:ff/fa/f0/ff"), Some(true));
        assert_eq!(light_from_reply("11;rgb:f/f/f"), Some(true));
        for bad in [
            "",
            "10;rgb:ffff/ffff/ffff",
            "11;rgb:ffff/ffff",
            "11;rgb:fffff/0/0",
            "11;hsl:1/2/3",
        ] {
            assert_eq!(light_from_reply(bad), None, "{bad}");
        }
    }
}
