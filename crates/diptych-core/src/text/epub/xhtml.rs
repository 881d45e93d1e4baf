//! A spine document's XHTML as blocks of text: paragraphs, headings (`h1`
//! to `h6`), list items and quotations; `<br>` a line break kept inside a
//! block, an image its `[image: alt]`; `head`, `script` and `style` left
//! out. Element ids are kept, to find where the table of contents points.

use super::xml::{attr, name, push_ref, reader};
use quick_xml::events::Event;
use std::collections::HashMap;

/// A block of text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// Its heading level, for `h1`–`h6`.
    pub heading: Option<u8>,
    /// Its text; `\n` where a `<br>` broke a line.
    pub text: String,
}

/// A document's blocks and the block each element id opens.
#[derive(Debug, Default)]
pub struct Document {
    /// The blocks, in order.
    pub blocks: Vec<Block>,
    /// Element id → the index of the next block.
    pub anchors: HashMap<String, usize>,
    /// True when it holds more blocks than the parse was allowed (the
    /// blocks past that are not kept).
    pub over: bool,
}

fn is_block(name: &str) -> Option<Option<u8>> {
    Some(match name {
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => Some(name.as_bytes()[1] - b'0'),
        "p" | "div" | "section" | "article" | "li" | "blockquote" | "pre" | "td" | "th" | "dt"
        | "dd" | "figcaption" | "header" | "footer" | "aside" | "caption" | "tr" | "body" => None,
        _ => return None,
    })
}

struct State {
    doc: Document,
    buf: String,
    heading: Vec<Option<u8>>,
    ids: Vec<String>,
    /// The most blocks kept.
    max_blocks: usize,
}

impl State {
    fn text(&mut self, s: &str) {
        // XML white space collapses; a no-break space stays.
        for (i, w) in s.split(|c: char| c.is_ascii_whitespace()).enumerate() {
            if i > 0 && !self.buf.is_empty() && !self.buf.ends_with([' ', '\n']) {
                self.buf.push(' ');
            }
            self.buf.push_str(w);
        }
    }

    fn flush(&mut self) {
        let text: String = self
            .buf
            .split('\n')
            .map(|l| l.trim_matches(|c: char| c.is_ascii_whitespace()))
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n");
        self.buf.clear();
        if text.trim().is_empty() {
            return;
        }
        let at = self.doc.blocks.len();
        for id in self.ids.drain(..) {
            self.doc.anchors.entry(id).or_insert(at);
        }
        if self.doc.blocks.len() >= self.max_blocks {
            self.doc.over = true;
            return;
        }
        let heading = self.heading.iter().rev().find_map(|h| *h);
        self.doc.blocks.push(Block { heading, text });
    }
}

/// The blocks of an XHTML document (as much as parses, for a broken one),
/// at most `max_blocks` of them (see [`Document::over`]).
pub fn parse(xhtml: &str, max_blocks: usize) -> Document {
    let mut r = reader(xhtml);
    let mut st = State {
        doc: Document::default(),
        buf: String::new(),
        heading: Vec::new(),
        ids: Vec::new(),
        max_blocks,
    };
    let mut skip = 0usize;
    while let Ok(ev) = r.read_event() {
        if st.doc.over {
            break;
        }
        match ev {
            Event::Start(e) => {
                let n = name(&e);
                if skip > 0 || matches!(n.as_str(), "head" | "script" | "style") {
                    skip += 1;
                    continue;
                }
                if let Some(id) = attr(&e, "id") {
                    st.ids.push(id);
                }
                if let Some(level) = is_block(&n) {
                    st.flush();
                    st.heading.push(level);
                }
            }
            Event::Empty(e) => {
                if skip > 0 {
                    continue;
                }
                if let Some(id) = attr(&e, "id") {
                    st.ids.push(id);
                }
                match name(&e).as_str() {
                    "br" => st.buf.push('\n'),
                    "img" | "image" => {
                        let alt = attr(&e, "alt").filter(|a| !a.trim().is_empty());
                        st.text(&format!("[image: {}]", alt.as_deref().unwrap_or("").trim()));
                    }
                    "hr" => st.flush(),
                    _ => {}
                }
            }
            Event::End(e) => {
                let n = e.local_name().as_ref().to_ascii_lowercase();
                if skip > 0 {
                    skip -= 1;
                    continue;
                }
                if is_block(&n).is_some() {
                    st.flush();
                    st.heading.pop();
                }
            }
            Event::Text(t) if skip == 0 => st.text(&t.xml10_content()),
            Event::CData(t) if skip == 0 => st.text(&t.xml10_content()),
            Event::GeneralRef(g) if skip == 0 => push_ref(&mut st.buf, &g),
            Event::Eof => break,
            _ => {}
        }
    }
    st.flush();
    st.doc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_headings_breaks_images_and_entities() {
        let doc = parse(
            "<?xml version=\"1.0\"?><!DOCTYPE html><html><head><title>T</title><style>p{}</style></head><body>\
             <h2 id=\"c1\">Chapter&nbsp;One</h2><p>First &mdash; line<br/>second line</p>\
             <p>An <img alt=\"owl\"/> here &amp; <b>bold</p><div><p id=\"x\">Nested</p></div></body></html>",
            usize::MAX,
        );
        let texts: Vec<(&str, Option<u8>)> = doc
            .blocks
            .iter()
            .map(|b| (b.text.as_str(), b.heading))
            .collect();
        assert_eq!(
            texts,
            [
                ("Chapter\u{a0}One", Some(2)),
                ("First — line\nsecond line", None),
                ("An [image: owl] here & bold", None),
                ("Nested", None),
            ]
        );
        assert_eq!(doc.anchors.get("c1"), Some(&0));
        assert_eq!(doc.anchors.get("x"), Some(&3));
    }
}
