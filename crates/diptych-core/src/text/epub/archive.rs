//! The EPUB's zip archive, read with limits: no entry may decompress past
//! [`MAX_ENTRY`] bytes, the whole book past [`MAX_TOTAL`], nor hold more than
//! [`MAX_ENTRIES`] entries; sizes in the zip's headers are only hints (a zip
//! bomb lies in them), so reads are capped as they go.

use super::EpubError;
use std::io::{Cursor, Read};
use zip::ZipArchive;

/// The most one entry may decompress to.
pub const MAX_ENTRY: u64 = 64 << 20;
/// The most all entries read may decompress to.
pub const MAX_TOTAL: u64 = 512 << 20;
/// The most entries a book may have.
pub const MAX_ENTRIES: usize = 20_000;

/// The archive and how much has been read from it.
pub struct Archive {
    zip: ZipArchive<Cursor<Vec<u8>>>,
    read: u64,
}

impl Archive {
    /// Opens `bytes` as a zip archive; the error says why not.
    pub fn new(bytes: Vec<u8>) -> Result<Archive, EpubError> {
        let zip = ZipArchive::new(Cursor::new(bytes))
            .map_err(|e| EpubError(format!("it is not a zip archive ({e}), so not an EPUB")))?;
        if zip.len() > MAX_ENTRIES {
            return Err(EpubError::from(format!(
                "it has {} entries, more than the {MAX_ENTRIES} an EPUB may have here",
                zip.len()
            )));
        }
        Ok(Archive { zip, read: 0 })
    }

    /// True when the archive has an entry `name`.
    pub fn has(&self, name: &str) -> bool {
        self.zip.index_for_name(name).is_some()
    }

    /// Reads entry `name` as text, within the limits.
    pub fn text(&mut self, name: &str) -> Result<String, EpubError> {
        Ok(decode(&self.bytes(name)?).replace('\0', ""))
    }

    /// Reads entry `name`, within the limits.
    pub fn bytes(&mut self, name: &str) -> Result<Vec<u8>, EpubError> {
        let cap = MAX_ENTRY.min(MAX_TOTAL.saturating_sub(self.read));
        let file = match self.zip.by_name(name) {
            Ok(f) => f,
            Err(zip::result::ZipError::FileNotFound) => {
                return Err(EpubError::from(format!("it lacks {name}")));
            }
            Err(e) => return Err(EpubError::from(format!("{name} cannot be read ({e})"))),
        };
        if file.encrypted() {
            return Err(EpubError::from(format!(
                "{name} is encrypted (DRM): diptych reads only unencrypted books"
            )));
        }
        let mut buf = Vec::with_capacity(file.size().min(cap).min(1 << 20) as usize);
        file.take(cap + 1)
            .read_to_end(&mut buf)
            .map_err(|e| EpubError(format!("{name} cannot be read ({e})")))?;
        if buf.len() as u64 > cap {
            return Err(EpubError::from(format!(
                "{name} decompresses to more than {} MiB: a zip bomb, or a book too large to read",
                cap >> 20
            )));
        }
        self.read += buf.len() as u64;
        Ok(buf)
    }
}

/// An XML part's text. UTF-8 (its BOM dropped; a bad byte becomes U+FFFD),
/// or UTF-16, which EPUB 2 allows: told by its BOM or, without one, by the
/// zero bytes around `<?` of the XML declaration. (std decodes UTF-16; no
/// encoding crate is needed for the two encodings XML requires.)
pub fn decode(bytes: &[u8]) -> String {
    let utf16 = |body: &[u8], little: bool| -> String {
        let units = body.chunks_exact(2).map(|c| {
            let pair = [c[0], c[1]];
            if little {
                u16::from_le_bytes(pair)
            } else {
                u16::from_be_bytes(pair)
            }
        });
        char::decode_utf16(units)
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect()
    };
    match bytes {
        [0xEF, 0xBB, 0xBF, rest @ ..] => String::from_utf8_lossy(rest).into_owned(),
        [0xFF, 0xFE, rest @ ..] => utf16(rest, true),
        [0xFE, 0xFF, rest @ ..] => utf16(rest, false),
        [b'<', 0, b'?', 0, ..] => utf16(bytes, true),
        [0, b'<', 0, b'?', ..] => utf16(bytes, false),
        _ => String::from_utf8_lossy(bytes).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_and_utf16_with_and_without_a_bom() {
        let text = "<?xml version=\"1.0\"?><p>Наполеон</p>";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        for bytes in [
            text.as_bytes().to_vec(),
            [&[0xEF, 0xBB, 0xBF][..], text.as_bytes()].concat(),
            [&[0xFF, 0xFE][..], &le].concat(),
            [&[0xFE, 0xFF][..], &be].concat(),
            le.clone(),
            be.clone(),
        ] {
            assert_eq!(decode(&bytes), text);
        }
        // An odd byte at the end, a lone surrogate: no panic, a mark.
        assert!(decode(&[0xFF, 0xFE, 0x00, 0xD8, b'a']).contains(char::REPLACEMENT_CHARACTER));
    }
}
