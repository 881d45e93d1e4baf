//! Reading the XML of an EPUB with quick-xml, leniently (real books have
//! stray end tags and HTML entities such as `&nbsp;` they never declare):
//! attributes by local name, entities resolved from HTML5's list.

use quick_xml::Reader;
use quick_xml::events::{BytesRef, BytesStart};

/// A reader that does not stop at a mismatched or stray end tag, or an `&`.
pub fn reader(s: &str) -> Reader<&[u8]> {
    let mut r = Reader::from_str(s);
    let c = r.config_mut();
    c.check_end_names = false;
    c.allow_unmatched_ends = true;
    c.allow_dangling_amp = true;
    r
}

/// An entity's text, from HTML5's named entities.
pub fn entity(name: &str) -> Option<&'static str> {
    quick_xml::escape::resolve_html5_entity(name)
}

/// Appends a reference (`&#160;`, `&mdash;`); an unknown one stays as written.
pub fn push_ref(out: &mut String, r: &BytesRef) {
    match r.resolve_char_ref() {
        Ok(Some(c)) => out.push(c),
        _ => match entity(r) {
            Some(s) => out.push_str(s),
            None => {
                out.push('&');
                out.push_str(r);
                out.push(';');
            }
        },
    }
}

/// The value of the attribute whose local name is `local` (`epub:type` is `type`).
pub fn attr(e: &BytesStart, local: &str) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.local_name().as_ref() == local)
        .map(|a| {
            a.normalized_value_with(quick_xml::XmlVersion::Implicit1_0, 1, entity)
                .map(std::borrow::Cow::into_owned)
                .unwrap_or_else(|_| a.value.to_string())
        })
}

/// The lower-cased local name of an element.
pub fn name(e: &BytesStart) -> String {
    e.local_name().as_ref().to_ascii_lowercase()
}

/// Resolves `href` (relative, maybe %-encoded, maybe with a `#fragment`)
/// against the document at zip path `base`: (zip path, fragment).
pub fn resolve(base: &str, href: &str) -> (String, Option<String>) {
    let (path, frag) = match href.split_once('#') {
        Some((p, f)) => (p, Some(percent_decode(f))),
        None => (href, None),
    };
    let path = path.split('?').next().unwrap_or("");
    if path.is_empty() {
        return (base.to_string(), frag);
    }
    let mut parts: Vec<String> = if path.starts_with('/') {
        Vec::new()
    } else {
        let mut d: Vec<String> = base.split('/').map(str::to_string).collect();
        d.pop();
        d
    };
    for seg in percent_decode(path).split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s.to_string()),
        }
    }
    (parts.join("/"), frag)
}

/// `%20` and the like decoded.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let hex = |c: u8| (c as char).to_digit(16);
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hrefs_resolve_against_their_document() {
        assert_eq!(
            resolve("OEBPS/content.opf", "text/ch%201.xhtml#s2"),
            ("OEBPS/text/ch 1.xhtml".into(), Some("s2".into()))
        );
        assert_eq!(
            resolve("OEBPS/nav/toc.xhtml", "../text/a.xhtml"),
            ("OEBPS/text/a.xhtml".into(), None)
        );
        assert_eq!(
            resolve("a/b.xhtml", "#x"),
            ("a/b.xhtml".into(), Some("x".into()))
        );
    }
}
