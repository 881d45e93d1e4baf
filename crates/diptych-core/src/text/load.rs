//! Reading a file and refusing what is not readable text, with errors
//! that name the file and the place. Only regular files are read (a FIFO
//! would wait forever, `/dev/zero` would never end), and only up to a size
//! that says what it is.

use crate::error::{Error, Result};
use std::io::Read;
use std::path::Path;

/// The largest text diptych opens: 64 MiB, twenty times War and Peace.
/// Byte offsets stay within 32 bits, and the working memory stays near a
/// gigabyte even for a text that is names from end to end (a 64 MiB file
/// of one sentence of three names repeated: `people` peaks at 1.1 GB, 18
/// bytes a byte; at the 256 MiB allowed before, 4.4 GB).
pub const MAX_TEXT_BYTES: u64 = 64 << 20;

/// The largest EPUB file diptych opens: 256 MiB (its pictures may weigh
/// far more than its text, which is held to [`MAX_TEXT_BYTES`]).
pub const MAX_BOOK_BYTES: u64 = 256 << 20;

/// The largest settings or data file (keymap, people, topics, config, state): 8 MiB.
pub const MAX_CONFIG_BYTES: u64 = 8 << 20;

/// Reads `path` as UTF-8 text: anything but a regular file, a file over
/// [`MAX_TEXT_BYTES`], a non-UTF-8 file, a file with a NUL byte or a file
/// without any non-blank line is an error naming the path.
pub fn read_text(path: &Path) -> Result<String> {
    let bytes = read_file(path, MAX_TEXT_BYTES)?;
    validate_text(path, bytes)
}

/// Reads the regular file at `path`, at most `limit` bytes: a directory, a
/// FIFO, a device or a socket, or a larger file, is an error saying so.
pub fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>> {
    let read_err = |e: std::io::Error| Error::Read {
        what: "",
        path: path.into(),
        reason: io_reason(&e),
    };
    // Look before opening: opening a FIFO blocks until a writer comes.
    let meta = std::fs::metadata(path).map_err(read_err)?;
    if meta.is_dir() {
        return Err(Error::Directory {
            what: "",
            path: path.into(),
        });
    }
    if !meta.is_file() {
        return Err(Error::NotAFile {
            path: path.into(),
            what: file_kind(&meta),
        });
    }
    if meta.len() > limit {
        return Err(Error::TooLarge {
            path: path.into(),
            size: meta.len(),
            limit,
        });
    }
    let file = std::fs::File::open(path).map_err(read_err)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The file may grow while it is read: never past the limit.
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(read_err)?;
    if bytes.len() as u64 > limit {
        return Err(Error::TooLarge {
            path: path.into(),
            size: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// What a file that is not a regular file is, in words.
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    let _ = meta;
    "not a regular file"
}

/// Checks that `bytes` read from `path` are non-empty UTF-8 text without NUL bytes.
pub fn validate_text(path: &Path, bytes: Vec<u8>) -> Result<String> {
    if let Some(offset) = memchr_nul(&bytes) {
        return Err(Error::Nul {
            path: path.into(),
            offset,
            utf16: utf16_without_bom(&bytes),
        });
    }
    let text = utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        Error::NotUtf8 {
            path: path.into(),
            offset,
            byte: e.as_bytes()[offset],
        }
    })?;
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        return Err(Error::Empty { path: path.into() });
    }
    Ok(text)
}

/// `bytes` as a `String`, when they are UTF-8. Checked with simdutf8's
/// vector code: the standard check reads a Cyrillic book at about a byte
/// a nanosecond, a tenth of simdutf8's speed (6 ms of a 5 MB book), and
/// opening a book is a race against the reader's first frame.
#[allow(unsafe_code)]
fn utf8(bytes: Vec<u8>) -> std::result::Result<String, std::string::FromUtf8Error> {
    if simdutf8::basic::from_utf8(&bytes).is_err() {
        // The standard check says where, for the error.
        return String::from_utf8(bytes);
    }
    // SAFETY: simdutf8 has just checked that `bytes` are valid UTF-8.
    Ok(unsafe { String::from_utf8_unchecked(bytes) })
}

/// "utf-16le" or "utf-16be" when `bytes` look like that text without a
/// byte order mark: in their first 4 KiB, a NUL in most odd (or even)
/// places and almost none in the others, as Latin or Cyrillic text in
/// UTF-16 has.
fn utf16_without_bom(bytes: &[u8]) -> Option<&'static str> {
    let head = &bytes[..bytes.len().min(4096) & !1];
    let pairs = head.len() / 2;
    if pairs < 4 {
        return None;
    }
    let nul_at = |k: usize| head.chunks_exact(2).filter(|p| p[k] == 0).count();
    let (even, odd) = (nul_at(0), nul_at(1));
    let most = |n: usize| n * 10 >= pairs * 6;
    let few = |n: usize| n * 20 <= pairs;
    match (most(even), few(even), most(odd), few(odd)) {
        (_, true, true, _) => Some("utf-16le"),
        (true, _, _, true) => Some("utf-16be"),
        _ => None,
    }
}

fn memchr_nul(bytes: &[u8]) -> Option<usize> {
    memchr::memchr(0, bytes)
}

/// The operating system's message without the "(os error N)" suffix, lower-cased.
fn io_reason(e: &std::io::Error) -> String {
    let s = e.to_string();
    let s = s.split(" (os error").next().unwrap_or(&s);
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_bytes_are_named_with_their_offset() {
        let p = Path::new("x.txt");
        let e = validate_text(p, b"abc\xffdef".to_vec()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.txt is not UTF-8: invalid byte 0xff at offset 3; a text in another encoding is read with --encoding NAME (such as windows-1252, windows-1251, iso-8859-2, gb18030), else convert or repair it (iconv -t UTF-8)"
        );
        let e = validate_text(p, b"ab\0".to_vec()).unwrap_err();
        assert!(e.to_string().contains("NUL byte at offset 2"));
        for (bytes, name) in [
            (u16::to_le_bytes as fn(u16) -> [u8; 2], "utf-16le"),
            (u16::to_be_bytes, "utf-16be"),
        ] {
            let text: Vec<u8> = "Napoleon rode on.".encode_utf16().flat_map(bytes).collect();
            let e = validate_text(Path::new("x.txt"), text).expect_err("NUL");
            assert!(
                e.to_string().contains(&format!("give --encoding {name}")),
                "{e}"
            );
        }
        let e = validate_text(p, b" \n\r\n".to_vec()).unwrap_err();
        assert!(e.to_string().contains("is empty"));
        assert!(validate_text(p, "ž\n".as_bytes().to_vec()).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_are_read() {
        let e = read_text(Path::new("/dev/zero")).unwrap_err().to_string();
        assert!(e.contains("/dev/zero is a device"), "{e}");
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("big.txt");
        std::fs::write(&f, "abc").expect("write");
        let e = read_file(&f, 2).map(|_| ()).unwrap_err();
        assert!(e.to_string().contains("larger than"), "{e}");
    }

    #[test]
    fn missing_file_and_directory() {
        let e = read_text(Path::new("/nonexistent/x.txt")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot read /nonexistent/x.txt: no such file or directory"
        );
        let e = read_text(Path::new("/")).unwrap_err();
        assert!(e.to_string().contains("is a directory"));
    }
}
