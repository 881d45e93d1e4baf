//! Links between two narratives, measured: the two translation pairs of
//! the corpus linked as if they were two independent accounts
//! (`--align narrative`: no alignment, no lexicon learned from beads), each
//! paragraph's best counterpart in the other account checked against the
//! paragraphs the hand-aligned gold (tests/links/gold/) pairs it with,
//! within one paragraph. Two accounts in the same order, in two languages,
//! with nothing in topics.toml for either: what a reader of two
//! narratives no one tuned for gets.
//! Run with `cargo test --release --test links narrative -- --nocapture`.

use super::common::{corpus::SKIPPED, corpus_pair};
use super::sentences::gold;
use diptych::links::AlignChoice;
use diptych::text::Side;
use std::collections::{BTreeMap, BTreeSet};

/// (paragraphs whose best counterpart is right within one, of how many).
fn score(files: [&str; 2], gold_file: &str) -> Option<(usize, usize)> {
    let pair = corpus_pair(files)?;
    let links = super::built(&pair, AlignChoice::Narrative);
    // Each side's paragraph → the gold's paragraphs on the other side.
    let mut want: [BTreeMap<usize, BTreeSet<usize>>; 2] = Default::default();
    for (l, r) in gold(gold_file, &pair) {
        for &(a, _) in &l {
            for &(b, _) in &r {
                want[0].entry(a).or_default().insert(b);
                want[1].entry(b).or_default().insert(a);
            }
        }
    }
    let (mut right, mut of) = (0, 0);
    for side in Side::BOTH {
        for (&p, targets) in &want[side.index()] {
            of += 1;
            let best = links.best_counterpart(side, p).map(|l| l.to.paragraph);
            if best.is_some_and(|b| targets.iter().any(|&t| t.abs_diff(b) <= 1)) {
                right += 1;
            }
        }
    }
    Some((right, of))
}

#[test]
fn narrative_links_against_the_gold() {
    let cases = [
        (
            super::common::corpus::TOUR_DU_MONDE,
            "tour-du-monde.gold",
            81,
        ),
        (
            super::common::corpus::WAR_AND_PEACE,
            "war-and-peace.gold",
            114,
        ),
    ];
    for (files, gold_file, floor) in cases {
        let Some((right, of)) = score(files, gold_file) else {
            eprintln!("{SKIPPED}");
            return;
        };
        eprintln!(
            "{gold_file}: {right} of {of} paragraphs' best counterpart within one of the gold ({:.2})",
            right as f64 / of as f64
        );
        assert!(right >= floor, "{gold_file}: {right} of {of}");
    }
}

/// The first byte of each blank-line block of `text` (the numbering of the
/// corpus's `.links` golds: blocks of non-blank lines, from 1).
fn blocks(text: &str) -> Vec<usize> {
    let (mut starts, mut at, mut inside) = (Vec::new(), 0, false);
    for line in text.split('\n') {
        let blank = line.trim_matches([' ', '\t', '\r']).is_empty();
        if !blank && !inside {
            starts.push(at);
        }
        inside = !blank;
        at += line.len() + 1;
    }
    starts
}

/// A reader's `.links` gold (Borodino's format): each paragraph (index)
/// of each side → the paragraphs of the other side the reader links it
/// with.
fn readers_gold(pair: &diptych::pair::Pair, gold: &str) -> [BTreeMap<usize, BTreeSet<usize>>; 2] {
    let starts = Side::BOTH.map(|s| blocks(&pair.account(s).text));
    let para = |side: Side, n: usize| pair.account(side).paragraph_at(starts[side.index()][n - 1]);
    let mut want: [BTreeMap<usize, BTreeSet<usize>>; 2] = Default::default();
    for line in gold
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut fields = line.split('\t');
        let mut side = |s: Side| -> Vec<usize> {
            fields
                .next()
                .unwrap_or("")
                .split(',')
                .filter_map(|n| n.trim().parse().ok())
                .map(|n| para(s, n))
                .collect()
        };
        let (l, r) = (side(Side::Left), side(Side::Right));
        for &a in &l {
            want[0].entry(a).or_default().extend(&r);
        }
        for &b in &r {
            want[1].entry(b).or_default().extend(&l);
        }
    }
    want
}

/// Where the two accounts of Borodino disagree (`related --differences`):
/// claimed only between paragraphs the reader links, and the one the
/// gold's header names that the links reach (43 generals against 49).
#[test]
fn borodino_differences_are_between_paragraphs_the_reader_links() {
    let (Some(pair), Some(gold)) = (
        corpus_pair(super::common::corpus::BORODINO),
        super::common::corpus::read("borodino-1812.links"),
    ) else {
        eprintln!("{SKIPPED}");
        return;
    };
    let links = super::built(&pair, AlignChoice::Auto);
    let want = readers_gold(&pair, &gold);
    let all = links.all_differences(&pair);
    let shown: Vec<String> = all
        .iter()
        .flat_map(|(_, ds)| ds.iter().map(|d| d.shown(&pair)))
        .collect();
    eprintln!("borodino differences: {shown:?}");
    for ((l, r), ds) in &all {
        assert!(
            want[0].get(l).is_some_and(|t| t.contains(r)),
            "¶{} / ¶{} are not linked by the reader: {:?}",
            l + 1,
            r + 1,
            ds.iter().map(|d| d.shown(&pair)).collect::<Vec<_>>()
        );
    }
    assert!(
        shown
            .iter()
            .any(|s| s.contains("43") || s.contains("Quarante-trois"))
            && shown.iter().any(|s| s.contains("49 generals")),
        "{shown:?}"
    );
}

/// The share of a reader's `.links` gold paragraphs (`gold`, over the
/// corpus `files`) whose best counterpart is right within one paragraph
/// (what `../shared/tools/links-score` prints), with the counts; none
/// where the corpus lacks the texts.
fn against_readers_gold(files: [&str; 2], gold: &str) -> Option<(usize, usize, f64)> {
    let pair = corpus_pair(files)?;
    let links = super::built(&pair, AlignChoice::Auto);
    let want = readers_gold(&pair, gold);
    let (mut right, mut of) = (0, 0);
    for side in Side::BOTH {
        for (&p, targets) in &want[side.index()] {
            of += 1;
            let best = links.best_counterpart(side, p).map(|l| l.to.paragraph);
            right += usize::from(best.is_some_and(|b| targets.iter().any(|&t| t.abs_diff(b) <= 1)));
        }
    }
    Some((right, of, right as f64 / of.max(1) as f64))
}

/// Two independent accounts of Borodino (Ségur in French, Foord in
/// English) against the links a reader drew by hand: each gold
/// paragraph's best counterpart within one paragraph of one the reader
/// links it with.
#[test]
fn borodino_links_against_the_readers_gold() {
    /// The share of gold paragraphs whose best counterpart is right
    /// (142 of 234, 0.607, when this was set; the target is 0.60).
    const FLOOR: f64 = 0.60;
    let Some(gold) = super::common::corpus::read("borodino-1812.links") else {
        eprintln!("{SKIPPED}");
        return;
    };
    let Some((right, of, share)) = against_readers_gold(super::common::corpus::BORODINO, &gold)
    else {
        eprintln!("{SKIPPED}");
        return;
    };
    eprintln!(
        "borodino-1812.links: {right} of {of} paragraphs' best counterpart right ({share:.2})"
    );
    assert!(share >= FLOOR, "{right} of {of} ({share:.2})");
}

/// The pair `name` (`NAME.links` in tests/links/gold/, texts `NAME.L.txt`
/// and `NAME.R.txt` for the two `langs`) against its reader's gold, where
/// the texts are in the corpus folder (the gold's header says how to make
/// them from their public sources): at least `floor` of the gold's
/// paragraphs get a right best counterpart.
fn made_pair_against_readers_gold(name: &str, langs: [&str; 2], gold: &str, floor: f64) {
    let files = langs.map(|l| format!("{name}.{l}.txt"));
    let made = files.iter().all(|f| super::common::corpus::has(f));
    let files = [files[0].as_str(), files[1].as_str()];
    let Some((right, of, share)) = made.then(|| against_readers_gold(files, gold)).flatten() else {
        eprintln!("skipped: no {} and {} in the corpus", files[0], files[1]);
        return;
    };
    eprintln!("{name}.links: {right} of {of} paragraphs' best counterpart right ({share:.2})");
    assert!(share >= floor, "{right} of {of} ({share:.2})");
}

/// A second narrative pair with a reader's gold: Hugo's Waterloo in Les
/// Misérables against Creasy's, an account that digresses against one
/// that tells in order. 39 of 138 (0.28) when the floor was set.
#[test]
fn waterloo_links_against_the_readers_gold() {
    let gold = include_str!("gold/waterloo-1815.links");
    made_pair_against_readers_gold("waterloo-1815", ["fr", "en"], gold, 0.25);
}

/// A third, German against English: Droysen's history of Alexander from
/// Gordion to Egypt against Abbott's biography, which give the Greek
/// names two spellings (Dareios and Darius, Issos and Issus). 0.66 when
/// the floor was last raised: 0.40 before German names were read as names
/// (Alexander had been a place, Dareios no one), 0.46 before a strong
/// link off the course went before a course link with next to no
/// evidence, 0.56 before each account of alike grain took its
/// counterparts from its own walk along the course.
#[test]
fn alexander_links_against_the_readers_gold() {
    let gold = include_str!("gold/alexander-issus.links");
    made_pair_against_readers_gold("alexander-issus", ["de", "en"], gold, 0.6);
}

/// The reasons the links panel shows name no false cognate: words that
/// only start alike (grandeur / grandfathers, considérés / consisted,
/// déparait / departing, интересные / interrupt, светлым / sweetly), or
/// one letter apart as no spellings of one word are (français / frankly,
/// strict / strike, tempête / temper, choses / choose), or a
/// cognate the translation never renders by it (спектакле / spectacles),
/// are no shared word. On the Borodino accounts and on War and Peace.
#[test]
fn reasons_name_no_false_cognate() {
    let pairs: [(&[&str; 2], &[&str]); 2] = [
        (
            &super::common::corpus::BORODINO,
            &[
                "grandfathers",
                "consisted",
                "departing",
                "contemplate",
                "frankly",
                "strike",
                "temper",
                "choose",
                "comment",
                "rested",
            ],
        ),
        (
            &super::common::corpus::WAR_AND_PEACE,
            &[
                "grandfathers",
                "interrupt",
                "politeness",
                "wished",
                "privilege",
                "sovereign",
                "sweetly",
                "prisoners",
                "spectacles",
                "powerless",
            ],
        ),
    ];
    for (files, false_words) in pairs {
        let Some(pair) = corpus_pair(*files) else {
            eprintln!("{SKIPPED}");
            return;
        };
        let links = super::built(&pair, AlignChoice::Auto);
        // The reasons as shown: each shared word as its two paragraphs
        // write it.
        let mut written = diptych::links::words::Written::new(&pair, &links.words);
        for side in Side::BOTH {
            for p in 0..pair.account(side).paragraphs.len() {
                for l in links.of(side, p) {
                    let from = diptych::links::ParaRef { side, paragraph: p };
                    for r in links.reasons_written(from, l, &mut written) {
                        assert!(
                            !false_words.iter().any(|f| r.contains(f)),
                            "{side:?} ¶{} -> ¶{}: {r}",
                            p + 1,
                            l.to.paragraph + 1
                        );
                    }
                }
            }
        }
    }
}

/// A shared word given as a link's reason is written in the two
/// paragraphs it links, each half in its own (troupes / troops): not the
/// words the pair first wrote for that cognate, which a link between two
/// French paragraphs showed as "contenait / contented".
#[test]
fn a_shared_word_is_shown_as_its_paragraphs_write_it() {
    let mut seen = 0;
    let ran = each_borodino_link(|pair, links, from, l, written| {
        let text = |r: diptych::links::ParaRef| {
            let a = pair.account(r.side);
            a.text[a.paragraphs[r.paragraph].span()].to_lowercase()
        };
        let (a, b) = (text(from), text(l.to));
        for f in &l.shared {
            let diptych::links::Feature::Word(w) = f else {
                continue;
            };
            let shown = links.word_written(from, l.to, *w, written);
            for half in shown.split(" / ") {
                assert!(
                    a.contains(half) || b.contains(half),
                    "{from:?} -> {:?}: {shown}",
                    l.to
                );
            }
            seen += 1;
        }
    });
    assert!(!ran || seen > 100, "{seen} shared words");
}

/// Calls `check` with every link of the Borodino pair, from each
/// paragraph of each side, and a cache of the words as written; false
/// (having said it is skipped) where the corpus is absent.
fn each_borodino_link(
    mut check: impl FnMut(
        &diptych::pair::Pair,
        &diptych::links::Links,
        diptych::links::ParaRef,
        &diptych::links::Link,
        &mut diptych::links::words::Written,
    ),
) -> bool {
    let Some(pair) = corpus_pair(super::common::corpus::BORODINO) else {
        eprintln!("{SKIPPED}");
        return false;
    };
    let links = super::built(&pair, AlignChoice::Auto);
    let mut written = diptych::links::words::Written::new(&pair, &links.words);
    for side in Side::BOTH {
        for p in 0..pair.account(side).paragraphs.len() {
            let from = diptych::links::ParaRef { side, paragraph: p };
            for l in links.of(side, p) {
                check(&pair, &links, from, l, &mut written);
            }
        }
    }
    true
}

/// A concept's label that a shared word already says is not said again:
/// Borodino's links read "villages / village · village" and "cavalerie /
/// cavalry · cavalry" in 116 of 972 lines, and "centre · the centre".
#[test]
fn a_label_the_shared_words_say_is_said_once() {
    let mut seen = 0;
    let ran = each_borodino_link(|_, links, from, l, written| {
        let reasons = links.reasons_written(from, l, written);
        let halves: Vec<String> = reasons
            .iter()
            .filter(|r| r.contains(" / "))
            .flat_map(|r| r.split(" / ").map(str::to_lowercase))
            .collect();
        let words: Vec<String> = reasons
            .iter()
            .flat_map(|r| r.split(" / ").map(str::to_lowercase))
            .collect();
        for r in reasons.iter().filter(|r| !r.contains(" / ")) {
            assert!(!halves.contains(&r.to_lowercase()), "{from:?}: {reasons:?}");
            // "centre · the centre": a label with its article, said by a
            // word shared as written the same on both sides.
            if let Some(bare) = r.strip_prefix("the ") {
                assert!(
                    !words.contains(&bare.to_lowercase()),
                    "{from:?}: {reasons:?}"
                );
            }
        }
        seen += usize::from(!halves.is_empty());
    });
    assert!(!ran || seen > 100, "{seen} links with a shared word");
}

/// `related --json` tells what the lines tell: a narrative's counterpart on
/// the course of events is `"in_order": true` where the lines say "in the
/// order both accounts tell", a translation's aligned counterpart
/// `"aligned": true` where they say "aligned translation", and neither
/// field is written where it would be false.
#[test]
fn json_marks_the_course_and_the_alignment_as_the_lines_do() {
    let cases = [
        (
            super::common::corpus::BORODINO,
            "in_order",
            "in the order both accounts tell",
        ),
        (
            super::common::corpus::TOUR_DU_MONDE,
            "aligned",
            "aligned translation",
        ),
    ];
    for (files, field, said) in cases {
        let Some(pair) = corpus_pair(files) else {
            eprintln!("{SKIPPED}");
            return;
        };
        let links = super::built(&pair, AlignChoice::Auto);
        let json = diptych::report::links::json(&pair, &links, Some(3));
        let v: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
        let marked: Vec<bool> = v["links"]
            .as_array()
            .expect("links")
            .iter()
            .map(|l| {
                assert_ne!(l[field], serde_json::json!(false), "false is left out");
                l[field] == serde_json::json!(true)
            })
            .collect();
        let lines = diptych::report::links::lines(&pair, &links, Some(3));
        let told: Vec<bool> = lines
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.contains(said))
            .collect();
        assert_eq!(marked, told, "{field}");
        assert!(marked.iter().filter(|&&m| m).count() > 50, "{field}");
    }
}
