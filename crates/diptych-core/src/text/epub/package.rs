//! The EPUB's package: `META-INF/container.xml` names the OPF, which lists
//! the manifest, the spine (reading order) and the table of contents (an
//! EPUB 3 nav document or an EPUB 2 NCX); `META-INF/encryption.xml` lists
//! what is encrypted (font obfuscation is harmless, anything else is DRM).

use super::EpubError;
use super::xml::{attr, name, push_ref, reader, resolve};
use quick_xml::events::Event;
use std::collections::HashMap;

/// Font obfuscation: the only encryption a readable EPUB may have.
const FONT_OBFUSCATION: [&str; 2] = [
    "http://www.idpf.org/2008/embedding",
    "http://ns.adobe.com/pdf/enc#RC",
];

/// What the OPF says.
#[derive(Debug, Default)]
pub struct Package {
    /// The book's title.
    pub title: Option<String>,
    /// Its language (ISO code, maybe with a region: en-GB).
    pub language: Option<String>,
    /// The spine's documents (zip paths), in reading order.
    pub spine: Vec<String>,
    /// The EPUB 3 nav document.
    pub nav: Option<String>,
    /// The EPUB 2 NCX.
    pub ncx: Option<String>,
}

/// An entry of the book's own table of contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TocItem {
    /// Its label.
    pub label: String,
    /// The document (zip path) it points to.
    pub path: String,
    /// The element id it points to, if any.
    pub fragment: Option<String>,
    /// Its depth, from 1.
    pub depth: u8,
}

/// The OPF's path, from container.xml.
pub fn opf_path(container: &str) -> Result<String, EpubError> {
    let mut r = reader(container);
    loop {
        match r.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) if name(&e) == "rootfile" => {
                if let Some(p) = attr(&e, "full-path") {
                    return Ok(p);
                }
            }
            Ok(Event::Eof) | Err(_) => {
                return Err(EpubError::from("its container.xml names no package (OPF)"));
            }
            _ => {}
        }
    }
}

/// Errs when encryption.xml lists anything but font obfuscation.
pub fn check_encryption(xml: &str) -> Result<(), EpubError> {
    let mut r = reader(xml);
    loop {
        match r.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) if name(&e) == "encryptionmethod" => {
                let alg = attr(&e, "Algorithm").unwrap_or_default();
                if !FONT_OBFUSCATION.contains(&alg.as_str()) {
                    return Err(EpubError::from(
                        "it is encrypted (DRM): diptych reads only unencrypted books",
                    ));
                }
            }
            Ok(Event::Eof) | Err(_) => return Ok(()),
            _ => {}
        }
    }
}

/// Reads the OPF at `path`.
pub fn parse_opf(xml: &str, path: &str) -> Result<Package, EpubError> {
    let mut r = reader(xml);
    let mut pkg = Package::default();
    let mut manifest: HashMap<String, (String, String, String)> = HashMap::new();
    let mut idrefs: Vec<String> = Vec::new();
    let (mut saw_spine, mut toc_id) = (false, None);
    let mut capture: Option<&'static str> = None;
    let mut text = String::new();
    loop {
        match r.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) => match name(&e).as_str() {
                "title" if pkg.title.is_none() => {
                    capture = Some("title");
                    text.clear();
                }
                "language" if pkg.language.is_none() => {
                    capture = Some("language");
                    text.clear();
                }
                "item" => {
                    if let (Some(id), Some(href)) = (attr(&e, "id"), attr(&e, "href")) {
                        let media = attr(&e, "media-type").unwrap_or_default();
                        let props = attr(&e, "properties").unwrap_or_default();
                        manifest.insert(id, (resolve(path, &href).0, media, props));
                    }
                }
                "spine" => {
                    saw_spine = true;
                    toc_id = attr(&e, "toc");
                }
                "itemref" => {
                    if let Some(id) = attr(&e, "idref")
                        && attr(&e, "linear").as_deref() != Some("no")
                    {
                        idrefs.push(id);
                    }
                }
                _ => {}
            },
            Ok(Event::Text(t)) if capture.is_some() => text.push_str(&t.xml10_content()),
            Ok(Event::GeneralRef(g)) if capture.is_some() => push_ref(&mut text, &g),
            Ok(Event::End(_)) if capture.is_some() => {
                let v = crate::text::one_line(&text);
                if capture == Some("title") {
                    pkg.title = Some(v);
                } else {
                    pkg.language = Some(v);
                }
                capture = None;
            }
            Ok(Event::Eof) => break,
            Err(e) => {
                return Err(EpubError::from(format!(
                    "its package {path} is not well-formed XML ({e})"
                )));
            }
            _ => {}
        }
    }
    if !saw_spine || idrefs.is_empty() {
        return Err(EpubError::from(format!(
            "its package {path} has no spine (no reading order)"
        )));
    }
    pkg.spine = idrefs
        .iter()
        .filter_map(|id| manifest.get(id).map(|(p, _, _)| p.clone()))
        .collect();
    if pkg.spine.is_empty() {
        return Err(EpubError::from(format!(
            "the spine of {path} names nothing in its manifest"
        )));
    }
    pkg.nav = manifest
        .values()
        .find(|(_, _, props)| props.split_whitespace().any(|p| p == "nav"))
        .map(|(p, _, _)| p.clone());
    pkg.ncx = toc_id
        .and_then(|id| manifest.get(&id))
        .or_else(|| {
            manifest
                .values()
                .find(|(_, m, _)| m == "application/x-dtbncx+xml")
        })
        .map(|(p, _, _)| p.clone());
    Ok(pkg)
}

/// The entries of an EPUB 3 nav document's table of contents.
pub fn parse_nav(xml: &str, path: &str) -> Vec<TocItem> {
    let mut r = reader(xml);
    let mut out = Vec::new();
    let (mut in_toc, mut nav_depth, mut ol_depth) = (false, 0usize, 0u8);
    let mut label: Option<(String, String)> = None;
    while let Ok(ev) = r.read_event() {
        match ev {
            Event::Start(e) => match name(&e).as_str() {
                "nav" => {
                    nav_depth += 1;
                    if attr(&e, "type").is_some_and(|t| t.split_whitespace().any(|x| x == "toc")) {
                        in_toc = true;
                    }
                }
                "ol" if in_toc => ol_depth += 1,
                "a" if in_toc => {
                    label = Some((attr(&e, "href").unwrap_or_default(), String::new()));
                }
                _ => {}
            },
            Event::Text(t) => {
                if let Some((_, l)) = label.as_mut() {
                    l.push_str(&t.xml10_content());
                }
            }
            Event::GeneralRef(g) => {
                if let Some((_, l)) = label.as_mut() {
                    push_ref(l, &g);
                }
            }
            Event::End(e) => match e.local_name().as_ref().to_ascii_lowercase().as_str() {
                "a" => {
                    if let Some((href, l)) = label.take() {
                        let (p, fragment) = resolve(path, &href);
                        out.push(TocItem {
                            label: crate::text::one_line(&l),
                            path: p,
                            fragment,
                            depth: ol_depth.max(1),
                        });
                    }
                }
                "ol" if in_toc => ol_depth = ol_depth.saturating_sub(1),
                "nav" => {
                    nav_depth = nav_depth.saturating_sub(1);
                    in_toc = false;
                }
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    let _ = nav_depth;
    out
}

/// The entries of an EPUB 2 NCX.
pub fn parse_ncx(xml: &str, path: &str) -> Vec<TocItem> {
    let mut r = reader(xml);
    let mut out: Vec<TocItem> = Vec::new();
    let mut depth = 0u8;
    let mut in_text = false;
    let mut label = String::new();
    while let Ok(ev) = r.read_event() {
        match ev {
            Event::Start(e) => match name(&e).as_str() {
                "navpoint" => {
                    depth += 1;
                    label.clear();
                }
                "text" => in_text = true,
                _ => {}
            },
            Event::Empty(e) if name(&e) == "content" => {
                if let Some(src) = attr(&e, "src") {
                    let (p, fragment) = resolve(path, &src);
                    out.push(TocItem {
                        label: crate::text::one_line(&label),
                        path: p,
                        fragment,
                        depth: depth.max(1),
                    });
                }
            }
            Event::Text(t) if in_text => label.push_str(&t.xml10_content()),
            Event::GeneralRef(g) if in_text => push_ref(&mut label, &g),
            Event::End(e) => match e.local_name().as_ref().to_ascii_lowercase().as_str() {
                "text" => in_text = false,
                "navpoint" => depth = depth.saturating_sub(1),
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    out
}
