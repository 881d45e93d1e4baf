//! Reading an EPUB 2 or 3 as an account: the spine's documents in reading
//! order, each XHTML block a paragraph (`h1`–`h3` headings), the book's own
//! table of contents as the outline, text only (an image as
//! `[image: alt]`). Byte offsets then refer to the extracted text, where
//! paragraphs are separated by a blank line.
//!
//! Written on the zip and quick-xml crates rather than an EPUB crate: the
//! crates with a compatible licence neither cap how much a book may
//! decompress to (a zip bomb) nor refuse DRM-encrypted books, and both are
//! needed to refuse bad input with one clear line.

mod archive;
pub mod package;
pub mod xhtml;
mod xml;

use super::{Account, Break, BreakKind, Meta, ParaKind, ParagraphLayout, TocEntry};
use archive::Archive;
use std::collections::HashMap;
use std::ops::Range;

/// True when `bytes` (a file's start) look like an EPUB or any zip archive,
/// or `name` ends in `.epub`.
pub fn looks_like(name: &str, bytes: &[u8]) -> bool {
    name.to_ascii_lowercase().ends_with(".epub") || bytes.starts_with(b"PK\x03\x04")
}

pub use super::Book;

crate::message_error!(
    /// Why a file cannot be read as an EPUB: one clause, to follow "cannot
    /// be read as an EPUB:".
    EpubError
);

/// The most paragraphs a book may hold, read from all its parts (a part
/// the spine names again is read again, and counted again).
pub const MAX_PARAGRAPHS: usize = 2_000_000;

/// An archive that is no EPUB (no container) or is encrypted (DRM).
fn refuse_drm_and_strangers(zip: &mut Archive) -> Result<(), EpubError> {
    if !zip.has("META-INF/container.xml") {
        return Err(EpubError::from(
            "it lacks META-INF/container.xml, so it is not an EPUB",
        ));
    }
    if zip.has("META-INF/encryption.xml") {
        let enc = zip.text("META-INF/encryption.xml")?;
        package::check_encryption(&enc)?;
    }
    if zip.has("META-INF/rights.xml") {
        return Err(EpubError::from(
            "it is encrypted (DRM, rights.xml): diptych reads only unencrypted books",
        ));
    }
    Ok(())
}

/// Reads an EPUB from its bytes; the error says in a few words what is wrong.
pub fn read(bytes: Vec<u8>, meta: Meta) -> Result<Book, EpubError> {
    let mut zip = Archive::new(bytes)?;
    refuse_drm_and_strangers(&mut zip)?;
    let container = zip.text("META-INF/container.xml")?;
    let opf_path = package::opf_path(&container)?;
    let opf = zip.text(&opf_path)?;
    let pkg = package::parse_opf(&opf, &opf_path)?;
    let mut text = String::new();
    let mut parts: Vec<(Range<usize>, ParaKind)> = Vec::new();
    let mut breaks: Vec<Break> = Vec::new();
    let mut first_of: HashMap<String, usize> = HashMap::new();
    let mut anchors: HashMap<(String, String), usize> = HashMap::new();
    for path in &pkg.spine {
        // A part the spine names and the zip lacks is left out; one that
        // cannot be read (a zip bomb, a part past the limits) is an error.
        if !zip.has(path) {
            continue;
        }
        let doc = xhtml::parse(&zip.text(path)?, MAX_PARAGRAPHS - parts.len());
        if doc.over {
            let times = pkg.spine.iter().filter(|p| *p == path).count();
            let again = if times > 1 {
                format!(" (its spine reads {path} {times} times)")
            } else {
                String::new()
            };
            return Err(EpubError::from(format!(
                "it holds more than {MAX_PARAGRAPHS} paragraphs{again}: diptych reads books up to that many"
            )));
        }
        first_of.entry(path.clone()).or_insert(parts.len());
        for (id, b) in doc.anchors {
            anchors.insert((path.clone(), id), parts.len() + b);
        }
        for block in doc.blocks {
            if !text.is_empty() {
                text.push_str("\n\n");
            }
            let start = text.len();
            for (i, line) in block.text.split('\n').enumerate() {
                if i > 0 {
                    breaks.push(Break {
                        span: text.len()..text.len() + 1,
                        kind: BreakKind::Line,
                    });
                    text.push('\n');
                }
                text.push_str(line);
            }
            let kind = match block.heading {
                Some(l) => ParaKind::Heading(l.min(3)),
                None => ParaKind::Text,
            };
            parts.push((start..text.len(), kind));
            if text.len() as u64 > super::MAX_TEXT_BYTES {
                return Err(EpubError::from(format!(
                    "its text is larger than {} MiB",
                    super::MAX_TEXT_BYTES >> 20
                )));
            }
        }
    }
    if parts.is_empty() {
        return Err(EpubError::from("its spine holds no text"));
    }
    let items = match (&pkg.nav, &pkg.ncx) {
        (Some(nav), _) if zip.has(nav) => package::parse_nav(&zip.text(nav)?, nav),
        (_, Some(ncx)) if zip.has(ncx) => package::parse_ncx(&zip.text(ncx)?, ncx),
        _ => Vec::new(),
    };
    let toc = items
        .into_iter()
        .filter_map(|i| {
            let p = i
                .fragment
                .as_ref()
                .and_then(|f| anchors.get(&(i.path.clone(), f.clone())))
                .or_else(|| first_of.get(&i.path))
                .copied()?;
            (p < parts.len()).then(|| TocEntry {
                title: i.label,
                paragraph: p,
                level: i.depth.min(3),
            })
        })
        .collect();
    let language = pkg
        .language
        .as_ref()
        .and_then(|l| l.split(['-', '_']).next())
        .map(str::to_ascii_lowercase)
        .filter(|l| !l.is_empty());
    let account = Account::from_parts(meta, text, parts, breaks, ParagraphLayout::Epub, toc);
    Ok(Book {
        title: pkg.title,
        language,
        account,
    })
}
