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
        let bytes = self.bytes(name)?;
        let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
        Ok(String::from_utf8_lossy(bytes).replace('\0', ""))
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
