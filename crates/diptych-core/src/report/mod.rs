//! Output for scripts and pipes only (the view never uses it): JSON
//! documents and plain lines for search, people, links, topics,
//! paragraphs, the outline and the recent pairs, and the pair printed side
//! by side ([`mod@print`]). Every string is escaped so that no
//! control, bidi or invisible character from a file reaches a terminal
//! through our output.

pub mod align;
pub mod differ;
pub mod gaps;
pub mod lexicon;
pub mod links;
pub mod map;
pub mod people;
pub mod print;
pub mod recent;
pub mod search;
pub mod text;

use crate::text::sanitize::is_unsafe;
use serde::Serialize;

/// Serialises `value`, escaping every character serde_json leaves raw that a
/// terminal could act on (C1 controls, bidi and invisible characters).
pub fn to_json(value: &impl Serialize) -> String {
    let raw = serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    escape_unsafe(&raw)
}

/// `json` with unsafe characters written as `\uXXXX` escapes.
fn escape_unsafe(json: &str) -> String {
    if !json.chars().any(is_unsafe) {
        return json.to_string();
    }
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if is_unsafe(c) {
            let mut buf = [0u16; 2];
            for unit in c.encode_utf16(&mut buf) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A paragraph in JSON: its side and number (from 1).
#[derive(Debug, Serialize)]
pub struct JsonPara {
    /// "left" or "right".
    pub side: &'static str,
    /// Paragraph number, from 1.
    pub paragraph: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes_what_a_terminal_would_act_on() {
        let s = to_json(&"a\u{1b}[31m\u{9b}\u{202e}\u{200d}b");
        assert_eq!(s, "\"a\\u001b[31m\\u009b\\u202e\\u200db\"");
        let back: String = serde_json::from_str(&s).expect("valid JSON");
        assert_eq!(back, "a\u{1b}[31m\u{9b}\u{202e}\u{200d}b");
    }
}
