//! Reading a text file and refusing what is not readable text, with errors
//! that name the file and the place.

use crate::error::{Error, Result};
use std::path::Path;

/// Reads `path` as UTF-8 text: a directory, a non-UTF-8 file, a file with a
/// NUL byte or a file without any non-blank line is an error naming the path.
pub fn read_text(path: &Path) -> Result<String> {
    if path.is_dir() {
        return Err(Error::Directory { path: path.into() });
    }
    let bytes = std::fs::read(path).map_err(|e| Error::Read {
        path: path.into(),
        reason: io_reason(&e),
    })?;
    validate_text(path, bytes)
}

/// Checks that `bytes` read from `path` are non-empty UTF-8 text without NUL bytes.
pub fn validate_text(path: &Path, bytes: Vec<u8>) -> Result<String> {
    if let Some(offset) = memchr_nul(&bytes) {
        return Err(Error::Nul {
            path: path.into(),
            offset,
        });
    }
    let text = String::from_utf8(bytes).map_err(|e| {
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

fn memchr_nul(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == 0)
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
            "x.txt is not UTF-8: invalid byte 0xff at offset 3; convert it first (iconv -t UTF-8)"
        );
        let e = validate_text(p, b"ab\0".to_vec()).unwrap_err();
        assert!(e.to_string().contains("NUL byte at offset 2"));
        let e = validate_text(p, b" \n\r\n".to_vec()).unwrap_err();
        assert!(e.to_string().contains("is empty"));
        assert!(validate_text(p, "ž\n".as_bytes().to_vec()).is_ok());
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
