use super::Vocab;
use crate::text::Side;

/// Two vocabularies, each side's units, and the beads between them.
type Made = ([Vocab; 2], [Vec<Vec<u32>>; 2], Vec<super::learn::Bead>);
use super::learn::{Words, learn, seed};

/// The sides of `vocab` over `units`.
fn sides(vocab: [Vocab; 2], units: &[Vec<Vec<u32>>; 2]) -> [Words<'_>; 2] {
    let [a, b] = vocab;
    [
        Words {
            vocab: a,
            units: units[0].iter().map(Vec::as_slice).collect(),
        },
        Words {
            vocab: b,
            units: units[1].iter().map(Vec::as_slice).collect(),
        },
    ]
}

/// A made-up pair: each bead says two of six things, in two languages.
fn pair() -> Made {
    let left = [
        "kot", "pes", "dom", "les", "reka", "gora", "more", "nebo", "solnce", "luna", "zvezda",
        "pole", "sad", "most", "gorod",
    ];
    let right = [
        "cat", "dog", "house", "wood", "river", "hill", "sea", "sky", "sun", "moon", "star",
        "field", "garden", "bridge", "town",
    ];
    let mut vocab = [Vocab::default(), Vocab::default()];
    let mut units = [Vec::new(), Vec::new()];
    let mut key = String::new();
    let mut beads = Vec::new();
    for i in 0..45 {
        let (a, b) = (i % 15, (i * 7 + i / 15 + 3) % 15);
        let l = format!("{} i {} Napoleon", left[a], left[b]);
        let r = format!("the {} and {} Napoléon", right[a], right[b]);
        units[0].push(vocab[0].bag(&l, &mut key));
        units[1].push(vocab[1].bag(&r, &mut key));
        beads.push((i..i + 1, i..i + 1));
    }
    (vocab, units, beads)
}

#[test]
fn co_occurrence_learns_the_words_of_a_made_up_pair() {
    let (vocab, units, beads) = pair();
    let lex = learn(sides(vocab, &units), &beads);
    for (l, r) in [("kot", "cat"), ("reka", "river"), ("gora", "hill")] {
        assert_eq!(lex.translations(Side::Left, l), [r], "{l}");
    }
    let (l, r, score, count) = lex.entries().next().expect("a pair");
    assert!(score > 0.9 && count >= 2, "{l} {r} {score} {count}");
    // Common words (in every bead) are learned from nothing.
    assert!(
        lex.entries()
            .all(|(l, _, _, _)| l != "i" && l != "napoleon")
    );
}

#[test]
fn similarity_prefers_the_translation() {
    let (vocab, units, beads) = pair();
    let lex = learn(sides(vocab, &units), &beads);
    let right = lex.similarity(&[&units[0][3]], &[&units[1][3]]);
    let wrong = lex.similarity(&[&units[0][3]], &[&units[1][4]]);
    assert!(right > 0.6 && wrong < right / 2.0, "{right} {wrong}");
    assert_eq!(lex.similarity(&[], &[&units[1][0]]), 0.0);
}

#[test]
fn cognates_meet_across_scripts_and_endings() {
    let mut vocab = [Vocab::default(), Vocab::default()];
    let mut units = [Vec::new(), Vec::new()];
    let mut key = String::new();
    for (k, texts) in [
        ["Шерер сказала в 1805 году: экспедиция!", "Анна"],
        ["Scherer said in 1805: expeditions!", "Anna"],
    ]
    .into_iter()
    .enumerate()
    {
        for t in texts {
            units[k].push(vocab[k].bag(t, &mut key));
        }
    }
    let lex = seed(sides(vocab, &units));
    assert_eq!(lex.translations(Side::Left, "sherer"), ["scherer"]);
    assert_eq!(lex.translations(Side::Left, "1805"), ["1805"]);
    assert!(lex.translations(Side::Left, "?").is_empty());
    assert_eq!(lex.translations(Side::Left, "!"), ["!"]);
    assert!(
        lex.translations(Side::Left, "v").is_empty(),
        "short words only as themselves when symbols"
    );
}

#[test]
fn learning_twice_gives_the_same_lexicon() {
    let (vocab, units, beads) = pair();
    let once: Vec<(String, String, f32, u32)> = learn(sides(vocab.clone(), &units), &beads)
        .entries()
        .map(|(l, r, s, c)| (l.into(), r.into(), s, c))
        .collect();
    for _ in 0..5 {
        let again: Vec<(String, String, f32, u32)> = learn(sides(vocab.clone(), &units), &beads)
            .entries()
            .map(|(l, r, s, c)| (l.into(), r.into(), s, c))
            .collect();
        assert_eq!(once, again);
    }
}
