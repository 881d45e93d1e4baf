//! The pair of accounts on screen: the bundled one (compiled in from
//! `texts/`, described by `texts/pair.toml`) or two files from the command
//! line, plain text or EPUB, each with its paragraph layout and language.

use crate::error::{Error, Result};
use crate::text::{Account, Book, Choice, Meta, Side, epub, markdown, read_file};
use serde::Deserialize;
use std::path::Path;

/// `texts/pair.toml`, compiled in.
pub const PAIR_TOML: &str = include_str!("../../../texts/pair.toml");

/// The bundled account files, compiled in, by file name.
pub const BUNDLED_FILES: [(&str, &str); 2] = [
    (
        "fontainebleau-1814.uk.txt",
        include_str!("../../../texts/fontainebleau-1814.uk.txt"),
    ),
    (
        "paris-1815.sk.txt",
        include_str!("../../../texts/paris-1815.sk.txt"),
    ),
];

/// One side of `pair.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// File name in `texts/`.
    pub file: String,
    /// Title above the pane.
    pub title: String,
    /// Short label for result lists.
    pub label: String,
    /// Its language (an ISO 639-1 code in pair.toml).
    pub language: crate::Lang,
    /// The year the account is about.
    pub year: i32,
}

/// The whole of `pair.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairSpec {
    /// The left account.
    pub left: SideSpec,
    /// The right account.
    pub right: SideSpec,
}

/// How to open a pair: the paragraph layout and the languages, when given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Open {
    /// How each text's lines make paragraphs (`--paragraphs`, or
    /// `--paragraphs-left` / `--paragraphs-right` for one side).
    pub paragraphs: [Choice; 2],
    /// `--lang-left`, `--lang-right` (or config.toml).
    pub languages: [Option<crate::Lang>; 2],
    /// `--encoding` (or `--encoding-left` / `--encoding-right` for one
    /// side): the encoding of a text file without a byte order mark
    /// (default: UTF-8, or guessed from a file that is not).
    pub encoding: [Option<&'static encoding_rs::Encoding>; 2],
}

/// Two accounts, left and right.
#[derive(Debug, Clone)]
pub struct Pair {
    /// `[left, right]`, indexed by [`Side::index`].
    pub accounts: [Account; 2],
    /// True for the bundled pair, whose people and topic lists fit it.
    pub bundled: bool,
}

impl Pair {
    /// The account on `side`.
    pub fn account(&self, side: Side) -> &Account {
        &self.accounts[side.index()]
    }

    /// The bundled pair, from the compiled-in `texts/`.
    pub fn bundled() -> Result<Pair> {
        Pair::bundled_with(&Open::default())
    }

    /// The bundled pair, opened as `open` says.
    pub fn bundled_with(open: &Open) -> Result<Pair> {
        let spec: PairSpec = crate::user_files::parse_toml(PAIR_TOML, "texts/pair.toml")?;
        let load = |s: &SideSpec, side: Side| -> Result<Account> {
            let text = BUNDLED_FILES
                .iter()
                .find(|(name, _)| *name == s.file)
                .map(|(_, text)| text.to_string())
                .ok_or_else(|| {
                    Error::config_at(
                        "texts/pair.toml",
                        PAIR_TOML,
                        PAIR_TOML.find(&s.file).unwrap_or(0),
                        format!("{} is not a bundled text", s.file),
                    )
                })?;
            let meta = Meta {
                title: s.title.clone(),
                label: s.label.clone(),
                language: open.languages[side.index()].or(Some(s.language)),
                year: Some(s.year),
            };
            let mut account = Account::with_choice(meta, text, open.paragraphs[side.index()]);
            join_abbreviations(&mut account);
            Ok(account)
        };
        Ok(Pair {
            accounts: [
                load(&spec.left, Side::Left)?,
                load(&spec.right, Side::Right)?,
            ],
            bundled: true,
        })
    }

    /// Two files, each read, checked and split.
    pub fn from_files(left: &Path, right: &Path) -> Result<Pair> {
        Pair::from_files_with(left, right, &Open::default())
    }

    /// Two files opened as `open` says: each read and checked (text or
    /// EPUB), split in parallel, its language detected unless given.
    pub fn from_files_with(left: &Path, right: &Path, open: &Open) -> Result<Pair> {
        Pair::files_then(left, right, open, |_| ()).map(|(pair, _)| pair)
    }

    /// As [`Pair::open_with`], and `then` run on each account as soon as
    /// it is split, on that account's thread: work on one account need not
    /// wait for the other to be read (`diptych search` folds each as it
    /// comes).
    pub fn open_then<T: Send>(
        left: Option<&Path>,
        right: Option<&Path>,
        open: &Open,
        then: impl Fn(&Account) -> T + Sync,
    ) -> Result<(Pair, [T; 2])> {
        match (left, right) {
            (Some(l), Some(r)) => Pair::files_then(l, r, open, then),
            (None, None) => {
                let pair = Pair::bundled_with(open)?;
                let done = Side::both(|side| then(pair.account(side)));
                Ok((pair, done))
            }
            _ => Err(Error::HalfPair),
        }
    }

    /// Two files opened as `open` says, `then` run on each account.
    fn files_then<T: Send>(
        left: &Path,
        right: &Path,
        open: &Open,
        then: impl Fn(&Account) -> T + Sync,
    ) -> Result<(Pair, [T; 2])> {
        let paths = [left, right];
        // Each side read, checked and split on its own thread, start to
        // end; the left's error is the one told when both fail.
        let [l, r] = Side::both(|side| -> Result<(Account, T, Option<String>)> {
            let i = side.index();
            let mut meta = file_meta(paths[i]);
            let mut title = None;
            let what = match side {
                Side::Left => "the left text ",
                Side::Right => "the right text ",
            };
            let read = read_source(paths[i], open.encoding[i], open.paragraphs[i]);
            let account = match read.map_err(|e| e.reading(what))? {
                Source::Text(text, encoding) => {
                    let mut a = Account::with_choice(meta, text, open.paragraphs[i]);
                    a.encoding = encoding;
                    a
                }
                Source::Book(book, encoding) => {
                    let book = *book;
                    let mut a = book.account;
                    a.encoding = encoding;
                    if let Some(t) = &book.title {
                        meta.title = crate::text::sanitize::sanitize(t).into_owned();
                        title = Some(meta.title.clone());
                    }
                    meta.language = book.language.as_deref().and_then(crate::Lang::from_code);
                    a.meta = meta;
                    a
                }
            };
            let account = finish(account, open.languages[i]);
            let done = then(&account);
            Ok((account, done, title))
        });
        let ((mut l, l_done, l_title), (mut r, r_done, r_title)) = (l?, r?);
        // Labels from the titles books give, else the files' names (also
        // when both books give one title: two translations of one book).
        let same_title = matches!((&l_title, &r_title), (Some(a), Some(b)) if a.to_lowercase() == b.to_lowercase());
        // A title that is only a number (a chapter file's `LX`, `12`) names
        // no book: the file's name does.
        let numbered = |t: &String| {
            t.split(|c: char| c.is_whitespace() || c == '.')
                .filter(|w| !w.is_empty())
                .all(crate::text::label::numbering)
        };
        let names = [(&l_title, &l.meta.label), (&r_title, &r.meta.label)].map(|(title, stem)| {
            title
                .clone()
                .filter(|t| !same_title && !numbered(t))
                .unwrap_or_else(|| stem.clone())
        });
        let languages = [&l, &r].map(|a| a.meta.language.map(crate::Lang::code));
        let [ll, rl] = crate::text::label::defaults([&names[0], &names[1]], languages);
        l.meta.label = ll;
        r.meta.label = rl;
        Ok((
            Pair {
                accounts: [l, r],
                bundled: false,
            },
            [l_done, r_done],
        ))
    }

    /// A pair from two texts already in memory, split in parallel.
    pub fn from_texts(metas: [Meta; 2], texts: [String; 2]) -> Pair {
        let [lm, rm] = metas;
        let [lt, rt] = texts;
        let (left, right) = crate::text::join(|| Account::new(lm, lt), || Account::new(rm, rt));
        Pair {
            accounts: [left, right],
            bundled: false,
        }
    }

    /// The pair named on the command line, or the bundled one.
    pub fn open(left: Option<&Path>, right: Option<&Path>) -> Result<Pair> {
        Pair::open_with(left, right, &Open::default())
    }

    /// The pair named on the command line, or the bundled one, opened as `open` says.
    pub fn open_with(left: Option<&Path>, right: Option<&Path>, open: &Open) -> Result<Pair> {
        Pair::open_then(left, right, open, |_| ()).map(|(pair, _)| pair)
    }
}

/// A file as read: text, or a book's extracted text (EPUB, Markdown).
enum Source {
    Text(String, Option<crate::text::encoding::FileEncoding>),
    Book(Box<Book>, Option<crate::text::encoding::FileEncoding>),
}

/// Reads `path` as text, as an EPUB or as Markdown (unless a paragraph
/// layout is asked for: then a Markdown file is read as plain text).
fn read_source(
    path: &Path,
    encoding: Option<&'static encoding_rs::Encoding>,
    paragraphs: Choice,
) -> Result<Source> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // A text is refused past its limit before it is read; only an EPUB
    // (by its name or its first bytes) may be larger, for its pictures.
    let bytes = match read_file(path, crate::text::MAX_TEXT_BYTES) {
        Err(Error::TooLarge { .. }) if epub::looks_like(&name, &first_bytes(path)) => {
            read_file(path, crate::text::MAX_BOOK_BYTES)?
        }
        read => read?,
    };
    if epub::looks_like(&name, &bytes) {
        let book = epub::read(bytes, Meta::named("")).map_err(|reason| Error::Epub {
            path: path.into(),
            reason: reason.0,
        })?;
        return Ok(Source::Book(Box::new(book), None));
    }
    let (text, encoding) = crate::text::encoding::decode(path, bytes, encoding)?;
    if paragraphs == Choice::Auto && markdown::looks_like(&name, &text) {
        let book = markdown::read(&text, Meta::named(""));
        if book.account.paragraphs.is_empty() {
            return Err(Error::Empty { path: path.into() });
        }
        return Ok(Source::Book(Box::new(book), encoding));
    }
    Ok(Source::Text(text, encoding))
}

/// The first four bytes of the regular file at `path` (fewer, or none,
/// where it cannot be read): enough to know a zip.
fn first_bytes(path: &Path) -> Vec<u8> {
    use std::io::Read;
    let mut head = Vec::with_capacity(4);
    if let Ok(f) = std::fs::File::open(path) {
        let _ = f.take(4).read_to_end(&mut head);
    }
    head
}

/// Gives the account its language: as asked, or as found in its text.
fn finish(mut account: Account, language: Option<crate::Lang>) -> Account {
    account.meta.language = language
        .or_else(|| account.meta.language.take())
        .or_else(|| crate::lang::detect(&account.text));
    join_abbreviations(&mut account);
    account
}

/// Joins the sentences a full stop after an abbreviation or an initial
/// split (Mr. Fogg), by the account's language ([`crate::text::abbrev`]).
fn join_abbreviations(account: &mut Account) {
    let tables = crate::lang::tables::get(account.meta.language);
    crate::text::abbrev::join_abbreviations(
        account,
        &tables.abbreviations,
        &tables.number_abbreviations,
    );
}

/// Title and label for a file opened from the command line: its name.
pub fn file_meta(path: &Path) -> Meta {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let stem = path
        .file_stem()
        .map_or_else(|| name.clone(), |n| n.to_string_lossy().into_owned());
    Meta {
        title: crate::text::sanitize::sanitize(&name).into_owned(),
        label: crate::text::sanitize::sanitize(&stem).into_owned(),
        language: None,
        year: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sentences of `text` in `lang`, by that language's own lists
    /// (texts/languages.toml).
    fn sentences_in(text: &str, lang: crate::Lang) -> Vec<String> {
        let mut meta = Meta::named("t");
        meta.language = Some(lang);
        let mut a = Account::new(meta, text.to_string());
        join_abbreviations(&mut a);
        a.sentence_texts()
    }

    /// German ca. before a number and sog., vgl. before a noun (every
    /// German noun has a capital), French env. before a number and cf.:
    /// a yearbook's "Die ca. 600 m hohe Nordostwand" is one sentence.
    #[test]
    fn german_and_french_short_words_end_no_sentence() {
        assert_eq!(
            sentences_in(
                "Die ca. 600 m hohe Wand. Der sog. Bergführer kam, vgl. Kapitel 2.",
                crate::Lang::De
            ),
            [
                "Die ca. 600 m hohe Wand.",
                "Der sog. Bergführer kam, vgl. Kapitel 2."
            ]
        );
        assert_eq!(
            sentences_in(
                "La paroi mesure env. 600 mètres. Voir cf. Annexe B.",
                crate::Lang::Fr
            ),
            ["La paroi mesure env. 600 mètres.", "Voir cf. Annexe B."]
        );
    }

    #[test]
    fn bundled_pair_is_ukrainian_left_and_slovak_right() {
        let p = Pair::bundled().expect("bundled pair loads");
        let l = p.account(Side::Left);
        let r = p.account(Side::Right);
        assert_eq!(l.meta.language, Some(crate::Lang::Uk));
        assert_eq!(l.meta.year, Some(1814));
        assert_eq!(r.meta.language, Some(crate::Lang::Sk));
        assert_eq!(r.meta.year, Some(1815));
        assert_eq!(l.paragraphs.len(), 11);
        assert_eq!(r.paragraphs.len(), 5);
        assert!(l.paragraphs.iter().all(crate::text::Paragraph::is_text));
        assert!(r.paragraphs.iter().all(crate::text::Paragraph::is_text));
        assert!(l.paragraph_text(0).starts_with("Під час кампанії 1813"));
        assert!(r.paragraph_text(0).starts_with("Napoleon zatiaľ"));
    }

    #[test]
    fn one_side_alone_is_an_error() {
        let e = Pair::open(Some(Path::new("a")), None).unwrap_err();
        assert!(matches!(e, Error::HalfPair));
    }
}
