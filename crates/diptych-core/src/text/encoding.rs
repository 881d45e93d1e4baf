//! Text files in an encoding other than UTF-8: UTF-16 with its byte order
//! mark, or a legacy single-byte encoding (Latin-1 and Windows-1252,
//! Windows-1250/1251, KOI8-R, ISO-8859-x). `--encoding` names it, else a
//! file that is not UTF-8 has it guessed from its bytes (chardetng, the
//! guesser Firefox uses) and decoded (encoding_rs). The account remembers
//! it, to say so, and to give byte offsets in the file as read.

use crate::error::{Error, Result};
use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE};
use std::path::Path;

/// How a file's bytes became its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileEncoding {
    /// The encoding.
    pub encoding: &'static Encoding,
    /// True when guessed from the file, false when given (`--encoding`).
    pub decided: bool,
}

impl FileEncoding {
    /// Its name as the user reads it: `latin-1 (windows-1252)`,
    /// `windows-1251`, `koi8-r`, `utf-16le`.
    pub fn name(&self) -> String {
        let name = self.encoding.name().to_ascii_lowercase();
        if self.encoding == encoding_rs::WINDOWS_1252 {
            format!("latin-1 ({name})")
        } else {
            name
        }
    }

    /// `latin-1 (windows-1252), decided from the file` or `…, as given`.
    pub fn describe(&self) -> String {
        let how = if self.decided {
            "decided from the file"
        } else {
            "as given"
        };
        format!("{}, {how}", self.name())
    }

    /// The bytes in the file before its text's first character (the byte
    /// order mark of UTF-16, which decoding removes).
    fn bom_len(&self) -> usize {
        if self.encoding == UTF_16LE || self.encoding == UTF_16BE {
            2
        } else {
            0
        }
    }

    /// The size in the file of `c`: one byte in a single-byte encoding,
    /// two or four in UTF-16, and in a multi-byte one (GBK, Shift_JIS)
    /// what encoding it back takes.
    fn size(&self, c: char) -> usize {
        if self.encoding == UTF_16LE || self.encoding == UTF_16BE {
            c.len_utf16() * 2
        } else if self.encoding.is_single_byte() || c.is_ascii() {
            1
        } else {
            let mut buf = [0u8; 4];
            self.encoding.encode(c.encode_utf8(&mut buf)).0.len()
        }
    }
}

/// An encoding by the name `--encoding` gives (any WHATWG label:
/// `latin1`, `windows-1251`, `koi8-r`, `utf-16le`, `utf-8`).
pub fn by_name(name: &str) -> Result<&'static Encoding> {
    Encoding::for_label(name.trim().as_bytes()).ok_or_else(|| {
        Error::Usage(format!(
            "unknown encoding \"{}\": give a name such as utf-8, latin1, windows-1252, windows-1251, koi8-r, iso-8859-2 or utf-16le",
            crate::text::sanitize::sanitize(name)
        ))
    })
}

/// The text of `bytes` read from `path`: UTF-8 as it is (checked as
/// ever); else decoded from the byte order mark (which wins over
/// `given`, as docs/GUIDE.md says), from `given`, or from the encoding the
/// bytes look like; a file with NUL bytes that is not UTF-16 is refused
/// as binary, as is one that does not decode. A file that is UTF-8 but
/// for a few bad bytes is said to be so, with where, not guessed as
/// another encoding.
pub fn decode(
    path: &Path,
    bytes: Vec<u8>,
    given: Option<&'static Encoding>,
) -> Result<(String, Option<FileEncoding>)> {
    let bom = Encoding::for_bom(&bytes).map(|(e, _)| e);
    let chosen = match (bom, given) {
        (Some(e), _) if e == UTF_8 => return super::validate_text(path, bytes).map(|t| (t, None)),
        (Some(e), _) => FileEncoding {
            encoding: e,
            decided: true,
        },
        (_, Some(e)) if e != UTF_8 => FileEncoding {
            encoding: e,
            decided: false,
        },
        _ => {
            if simdutf8::basic::from_utf8(&bytes).is_ok() || memchr::memchr(0, &bytes).is_some() {
                return super::validate_text(path, bytes).map(|t| (t, None));
            }
            if given == Some(UTF_8) || mostly_utf_8(&bytes) {
                return super::validate_text(path, bytes).map(|t| (t, None));
            }
            let mut detector = chardetng::EncodingDetector::new();
            detector.feed(&bytes, true);
            FileEncoding {
                encoding: detector.guess(None, false),
                decided: true,
            }
        }
    };
    let (text, had_errors) = chosen.encoding.decode_with_bom_removal(&bytes);
    if had_errors {
        return Err(Error::Usage(not_decoded(path, &bytes, chosen)));
    }
    let text = text.into_owned();
    if let Some(at) = memchr::memchr(0, text.as_bytes()) {
        return Err(Error::Nul {
            path: path.into(),
            offset: file_offsets(&text, Some(chosen), &[at])[0],
            utf16: None,
        });
    }
    if text.trim().is_empty() {
        return Err(Error::Empty { path: path.into() });
    }
    Ok((text, Some(chosen)))
}

/// True when `bytes` read as UTF-8 have far more good multi-byte
/// characters than bad sequences: a UTF-8 text with a few damaged bytes,
/// which a guesser would take for another encoding and garble whole.
fn mostly_utf_8(bytes: &[u8]) -> bool {
    let (mut good, mut bad) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        good += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        bad += usize::from(!chunk.invalid().is_empty());
    }
    bad > 0 && good >= 8 * bad
}

/// The error for a file that does not decode as `chosen`: where it is
/// not UTF-8, what it was taken for, and which encodings to try.
fn not_decoded(path: &Path, bytes: &[u8], chosen: FileEncoding) -> String {
    let at = std::str::from_utf8(bytes).err().map(|e| e.valid_up_to());
    let found = match at {
        Some(at) => format!("is not UTF-8 (a bad byte at offset {at})"),
        None => "is UTF-8".to_owned(),
    };
    let tried = if chosen.decided {
        format!(
            "and does not decode as {}, its likeliest encoding",
            chosen.name()
        )
    } else {
        format!("and does not decode as {}, as given", chosen.name())
    };
    format!(
        "{} {found} {tried}: give its encoding with --encoding NAME (such as windows-1252, windows-1251, iso-8859-2, koi8-r, gb18030, shift_jis), or convert it (iconv -t UTF-8)",
        crate::error::shown(path)
    )
}

/// The byte offsets in the file of text offsets `at` (sorted), for a text
/// decoded from `encoding` (the same offsets for UTF-8): one walk over
/// the text, however many offsets.
pub fn file_offsets(text: &str, encoding: Option<FileEncoding>, at: &[usize]) -> Vec<usize> {
    let Some(e) = encoding else {
        return at.to_vec();
    };
    let mut out = Vec::with_capacity(at.len());
    let (mut pos, mut file) = (0usize, e.bom_len());
    for &target in at {
        if target >= pos {
            let end = target.min(text.len());
            for c in text.get(pos..end).unwrap_or("").chars() {
                file += e.size(c);
            }
            pos = end;
        }
        out.push(file);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(bytes: &[u8], given: Option<&'static Encoding>) -> (String, Option<FileEncoding>) {
        decode(Path::new("t.txt"), bytes.to_vec(), given).expect("decodes")
    }

    #[test]
    fn latin_1_french_is_guessed_and_decoded() {
        let bytes = b"Phileas Fogg \xe9tait un gentleman. O\xf9 \xe9tait-il all\xe9? \xc0 Londres, \xe0 la Bourse, \xe7a se savait.\n";
        let (text, e) = decoded(bytes, None);
        assert!(
            text.starts_with("Phileas Fogg était un gentleman. Où était-il allé?"),
            "{text}"
        );
        let e = e.expect("an encoding");
        assert_eq!(
            e.describe(),
            "latin-1 (windows-1252), decided from the file"
        );
        // Offsets in the file: one byte a character.
        let at = [0, text.find("était").expect("word"), text.len()];
        assert_eq!(file_offsets(&text, Some(e), &at), [0, 13, bytes.len()]);
    }

    #[test]
    fn windows_1251_russian_is_guessed() {
        let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(
            "Так говорила в июле 1805 года известная Анна Павловна Шерер, фрейлина и приближенная императрицы Марии Феодоровны, встречая важного и чиновного князя Василия.",
        );
        let (text, e) = decoded(&bytes, None);
        assert!(text.starts_with("Так говорила"), "{text}");
        assert_eq!(e.expect("an encoding").name(), "windows-1251");
    }

    #[test]
    fn utf_16_with_a_bom_and_a_given_encoding() {
        let mut bytes = vec![0xff, 0xfe];
        for u in "Пьер и Pierre\n".encode_utf16() {
            bytes.extend_from_slice(&u.to_le_bytes());
        }
        let (text, e) = decoded(&bytes, None);
        assert_eq!(text, "Пьер и Pierre\n");
        let e = e.expect("utf-16");
        assert_eq!(e.name(), "utf-16le");
        let at = [0, text.find("Pierre").expect("word")];
        assert_eq!(file_offsets(&text, Some(e), &at), [2, 2 + 7 * 2]);
        // Given: KOI8-R bytes read as asked.
        let (bytes, _, _) = encoding_rs::KOI8_R.encode("Война и мир\n");
        let (text, e) = decoded(&bytes, Some(encoding_rs::KOI8_R));
        assert_eq!(text, "Война и мир\n");
        assert_eq!(e.expect("given").describe(), "koi8-r, as given");
        assert!(by_name("latin1").is_ok() && by_name("klingon").is_err());
    }

    #[test]
    fn binary_and_utf_8_are_as_before() {
        assert!(
            decode(
                Path::new("b.bin"),
                b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
                None
            )
            .is_err()
        );
        let (text, e) = decoded("Наполеон\n".as_bytes(), None);
        assert_eq!((text.as_str(), e), ("Наполеон\n", None));
    }

    #[test]
    fn a_utf_8_byte_order_mark_wins_over_a_given_encoding() {
        let bytes = "\u{feff}Napoléon à Paris\n".as_bytes();
        let (text, e) = decoded(bytes, Some(encoding_rs::WINDOWS_1252));
        assert!(
            text.trim_start_matches('\u{feff}').starts_with("Napoléon"),
            "{text}"
        );
        assert_eq!(e, None);
    }

    #[test]
    fn a_nul_is_named_at_its_offset_in_the_file() {
        let mut bytes = "Napoléon était à Paris. ".repeat(4).into_bytes();
        bytes.insert(50, 0);
        for given in [encoding_rs::WINDOWS_1252, encoding_rs::GB18030] {
            let e = decode(Path::new("x.txt"), bytes.clone(), Some(given)).unwrap_err();
            assert!(e.to_string().contains("at offset 50"), "{e}");
        }
    }

    #[test]
    fn a_few_bad_bytes_in_utf_8_are_named_not_taken_for_another_encoding() {
        let sentence = "Наполеон пришёл в Париж. ";
        let mut bytes = sentence.repeat(20).into_bytes();
        let at = sentence.len() * 4;
        bytes.splice(at..at, [0xff, 0xfe, 0xfd, 0xfc]);
        let e = decode(Path::new("x.txt"), bytes, None)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("is not UTF-8") && e.contains(&format!("offset {at}")),
            "{e}"
        );
        assert!(e.contains("--encoding NAME"), "{e}");
    }
}
