//! Partial translations: a Russian text of some chapters only against the
//! whole English one is still a translation, each Russian paragraph finds
//! its English counterpart (seven hand-picked by reading, for each of two
//! cuts), and the English chapters the Russian lacks have none.

use super::common::corpus::{self, SKIPPED};
use diptych::links::{AlignChoice, Links, Mode};
use diptych::pair::Pair;
use diptych::text::Side;

/// The links of the Russian lines `keep` (a cut of the file) against the
/// whole English text, and the pair.
fn cut(keep: impl Fn(usize, usize) -> bool) -> Option<(Pair, Links)> {
    let [ru, en] = corpus::files(corpus::WAR_AND_PEACE)?;
    let text = std::fs::read_to_string(ru).expect("ru");
    let lines: Vec<&str> = text.lines().collect();
    let four = lines
        .iter()
        .position(|l| l.trim() == "IV")
        .expect("chapter IV");
    let kept: Vec<&str> = lines
        .iter()
        .enumerate()
        .filter(|&(i, _)| keep(i, four))
        .map(|(_, l)| *l)
        .collect();
    let dir = tempfile::tempdir().expect("tempdir");
    let left = dir.path().join("war-and-peace-part.ru.txt");
    std::fs::write(&left, kept.join("\n")).expect("write");
    let pair = Pair::from_files(&left, &en).expect("pair");
    let links = super::built(&pair, AlignChoice::Auto);
    Some((pair, links))
}

/// Checks that each (Russian, English) pair of 1-based paragraph numbers is
/// aligned within two paragraphs, that `first` opens the Russian paragraph
/// of the first pair, and returns how many of the English paragraphs in
/// `none` have no counterpart.
fn check(
    pair: &Pair,
    links: &Links,
    picked: &[(usize, usize)],
    first: &str,
    none: std::ops::Range<usize>,
) -> usize {
    assert_eq!(
        links.mode,
        Mode::Translation,
        "--align auto says translation"
    );
    let ru = pair.account(Side::Left);
    assert!(
        ru.paragraph_text(picked[0].0 - 1)
            .trim_start()
            .starts_with(first),
        "{}",
        ru.paragraph_text(picked[0].0 - 1)
    );
    let a = links.alignment.as_ref().expect("aligned");
    for &(r, e) in picked {
        let got = a.of[0].get(r - 1).flatten().map(|q| q + 1);
        assert!(
            got.is_some_and(|q| q.abs_diff(e) <= 2),
            "ru ¶{r}: en ¶{got:?}, not ¶{e}"
        );
    }
    none.filter(|&e| a.of[1].get(e - 1).flatten().is_none())
        .count()
}

#[test]
fn the_first_chapters_against_the_whole() {
    let Some((pair, links)) = cut(|i, four| i < four) else {
        println!("{SKIPPED}");
        return;
    };
    let picked = [
        (13, 3),
        (16, 6),
        (17, 7),
        (71, 64),
        (72, 65),
        (85, 79),
        (99, 94),
    ];
    let none = check(&pair, &links, &picked, "Так говорила", 100..192);
    assert!(
        none >= 85,
        "English chapters IV–V without a counterpart: {none} of 92"
    );
}

#[test]
fn the_last_chapters_against_the_whole() {
    let Some((pair, links)) = cut(|i, four| i >= four) else {
        println!("{SKIPPED}");
        return;
    };
    // Russian paragraph numbers of the whole file, less the 99 before IV.
    // (This edition's chapter V opens 21 paragraphs before the English
    // one's, so its heading has no counterpart: ¶120 is the English ¶112.)
    let picked: Vec<(usize, usize)> = [
        (100, 95),
        (101, 96),
        (102, 97),
        (110, 105),
        (120, 112),
        (156, 150),
        (196, 189),
    ]
    .iter()
    .map(|&(r, e)| (r - 99, e))
    .collect();
    let none = check(&pair, &links, &picked, "IV", 1..90);
    assert!(
        none >= 80,
        "English chapters I–III without a counterpart: {none} of 89"
    );
}

/// The whole Russian against the English followed by another book (Le
/// Tour du monde's English, after its licence header): no heading says
/// where the translated part ends (the second book numbers its chapters
/// from I again), so the rare names and numbers both texts have place it.
#[test]
fn the_whole_against_the_english_and_another_book() {
    let (Some([ru, en]), Some(other)) = (
        corpus::files(corpus::WAR_AND_PEACE),
        corpus::read(corpus::TOUR_DU_MONDE[1]),
    ) else {
        println!("{SKIPPED}");
        return;
    };
    let body = other
        .split_once("*** START")
        .and_then(|(_, rest)| rest.split_once('\n'))
        .map_or(other.as_str(), |(_, rest)| rest);
    let mut english = std::fs::read_to_string(en).expect("en");
    english.push_str("\n\n");
    english.push_str(body);
    let dir = tempfile::tempdir().expect("tempdir");
    let right = dir.path().join("war-and-peace-and-more.en.txt");
    std::fs::write(&right, english).expect("write");
    let pair = Pair::from_files(&ru, &right).expect("pair");
    let links = super::built(&pair, AlignChoice::Auto);
    let picked = [
        (13, 3),
        (16, 6),
        (71, 64),
        (85, 79),
        (120, 112),
        (156, 150),
        (196, 189),
    ];
    let n = pair.account(Side::Right).paragraphs.len();
    let none = check(&pair, &links, &picked, "Так говорила", 200..n + 1);
    assert!(
        none * 10 >= (n - 199) * 9,
        "the other book's paragraphs without a counterpart: {none} of {}",
        n - 199
    );
}
