//! The sentence cursor: `)` and `(` through the sentences, paragraph after
//! paragraph; in an aligned translation the counterpart marked, put beside
//! it by `l` and by sync, the two sides kept level by sentence while a long
//! paragraph scrolls, and the correspondence in the status line.

use super::common::{self, app_for, press, render, rows};
use diptych::app::App;
use diptych::pair::Pair;
use diptych::text::{Meta, Side};

/// A made-up translation: twelve paragraphs of three sentences, each
/// sentence with a number of its own, then a long paragraph of forty
/// sentences; the right side says each sentence in two, from paragraph
/// three on.
fn translation(w: u16, h: u16) -> App {
    let (mut left, mut right) = (String::new(), String::new());
    let mut n = 100;
    for p in 0..12 {
        for _ in 0..3 {
            n += 1;
            left.push_str(&format!(
                "Vojaci prišli v roku {n} do mesta a stáli tam dlho. "
            ));
            if p >= 2 {
                right.push_str(&format!(
                    "The soldiers came to the town in {n}. They stood there long. "
                ));
            } else {
                right.push_str(&format!(
                    "The soldiers came in {n} to the town and stood there long. "
                ));
            }
        }
        left.push_str("\n\n");
        right.push_str("\n\n");
    }
    for _ in 0..40 {
        n += 1;
        left.push_str(&format!("Potom v roku {n} kone bežali po poli. "));
        right.push_str(&format!("Then in {n} the horses ran across the field. "));
    }
    let pair = Pair::from_texts([Meta::named("sk"), Meta::named("en")], [left, right]);
    app_for(pair, w, h)
}

/// The row of the pane on `side` where sentence `s` of paragraph `p` starts.
fn row(a: &App, side: Side, p: usize, s: usize) -> isize {
    let start = a.pair().account(side).paragraphs[p].sentences()[s]
        .span()
        .start;
    a.pane(side).row_of(start)
}

/// The left pane's cursor paragraph and sentence.
fn left_at(a: &App) -> (usize, Option<usize>) {
    (a.pane(Side::Left).cursor, a.pane(Side::Left).sentence)
}

fn status(a: &App) -> String {
    rows(render(a).backend().buffer())
        .last()
        .cloned()
        .unwrap_or_default()
}

#[test]
fn parens_move_through_sentences_and_paragraphs() {
    let mut a = translation(100, 30);
    press(&mut a, ")");
    assert_eq!(left_at(&a), (0, Some(0)));
    press(&mut a, ") ) )");
    assert_eq!(left_at(&a), (1, Some(0)), "into the next paragraph");
    press(&mut a, "(");
    assert_eq!(
        left_at(&a),
        (0, Some(2)),
        "back to the last of the one before"
    );
    press(&mut a, "5 )");
    assert_eq!(left_at(&a), (2, Some(1)), "a count");
    press(&mut a, "}");
    assert_eq!(
        a.pane(Side::Left).sentence,
        None,
        "a paragraph move clears it"
    );
}

#[test]
fn the_counterpart_is_marked_and_the_status_says_which() {
    let mut a = translation(100, 30);
    press(&mut a, "} } ) )");
    // Left ¶3.2 is right ¶3.3–4 (the right says each sentence in two).
    let s = status(&a);
    assert!(s.contains("¶3.2 ⇄ ¶3.3–4"), "{s}");
    assert_eq!(a.sentence_marks(Side::Right).len(), 2);
    // Both panes mark the lines with ┃ in the gutter, without colour.
    let screen = rows(render(&a).backend().buffer()).join("\n");
    assert!(screen.matches('┃').count() >= 4, "{screen}");
}

#[test]
fn l_and_sync_put_the_counterpart_sentence_beside_it() {
    let mut a = translation(100, 30);
    press(&mut a, "} } ) ) l");
    assert_eq!(a.pane(Side::Right).cursor, 2);
    // Said, as `l` says what it put beside a paragraph.
    assert_eq!(a.message(), Some("en ¶3.3–4 beside sk ¶3.2"));
    assert_eq!(
        row(&a, Side::Left, 2, 1),
        row(&a, Side::Right, 2, 2),
        "l: on one row"
    );
    press(&mut a, "s ) ) )");
    let (p, s) = (
        a.pane(Side::Left).cursor,
        a.pane(Side::Left).sentence.expect("a sentence"),
    );
    assert_eq!((p, s), (3, 1));
    assert_eq!(
        row(&a, Side::Left, 3, 1),
        row(&a, Side::Right, 3, 2),
        "sync keeps them level"
    );
}

#[test]
fn scrolling_a_long_paragraph_with_sync_keeps_the_sides_level() {
    let mut a = translation(70, 16);
    press(&mut a, "s 1 3 G");
    assert_eq!(a.pane(Side::Left).cursor, 12);
    press(&mut a, "<C-e> <C-e> <C-e> <C-e> <C-e> <C-e> <C-e>");
    assert_eq!(
        a.pane(Side::Left).cursor,
        12,
        "still inside the long paragraph"
    );
    // The sentence at the left pane's top and its counterpart share a row.
    let left = a.pair().account(Side::Left);
    let top = a.pane(Side::Left).top_offset();
    let s = left.paragraphs[12]
        .sentences()
        .partition_point(|x| x.span().end <= top);
    assert!(s > 2, "scrolled past a few sentences: {s}");
    assert_eq!(row(&a, Side::Left, 12, s), row(&a, Side::Right, 12, s));
}

/// With the sentence cursor on, `y` copies the sentence with its reference
/// and `Y` the sentence, a tab and its counterpart; without it, `Y` copies
/// the paragraph and its counterpart.
#[test]
fn y_copies_the_sentence_and_shift_y_its_counterpart_beside_it() {
    use diptych::app::Effect;
    let mut a = translation(100, 30);
    let copied = |a: &mut App| match a.take_effects().as_slice() {
        [Effect::Clipboard(text)] => text.clone(),
        other => panic!("{other:?}"),
    };
    press(&mut a, "} } ) )");
    press(&mut a, "y");
    assert_eq!(
        copied(&mut a),
        "sk ¶3.2\nVojaci prišli v roku 108 do mesta a stáli tam dlho."
    );
    press(&mut a, "Y");
    assert_eq!(
        copied(&mut a),
        "Vojaci prišli v roku 108 do mesta a stáli tam dlho.\tThe soldiers came to the town in 108. They stood there long."
    );
    // Without the sentence cursor (a paragraph move clears it): paragraphs.
    press(&mut a, "}");
    press(&mut a, "Y");
    let text = copied(&mut a);
    let (mine, theirs) = text.split_once('\t').expect("a tab");
    assert!(mine.starts_with("Vojaci prišli v roku 110"), "{mine}");
    assert!(
        theirs.starts_with("The soldiers came to the town in 110."),
        "{theirs}"
    );
    assert!(!text.contains('\n'), "one line: {text}");
}

/// `>` and `<` step to the paragraphs the translation leaves without a
/// counterpart, and with the sentence cursor on, to such sentences.
#[test]
fn gt_and_lt_step_to_what_the_translation_leaves_out() {
    let [left, right] = common::translation_with_a_note();
    let pair = Pair::from_texts([Meta::named("sk"), Meta::named("en")], [left, right]);
    let mut a = app_for(pair, 100, 30);
    assert!(
        a.lacks_counterpart(Side::Left, 7),
        "the note has no counterpart"
    );
    press(&mut a, ">");
    assert_eq!(a.pane(Side::Left).cursor, 7);
    assert!(
        status(&a).contains("¶8 has no counterpart"),
        "{}",
        status(&a)
    );
    press(&mut a, ">");
    assert_eq!(a.pane(Side::Left).cursor, 7, "no other gap after it");
    press(&mut a, "G <lt>");
    assert_eq!(a.pane(Side::Left).cursor, 7);
    // The sentence cursor on: the note's sentences are gaps too.
    press(&mut a, "g ) >");
    assert_eq!(a.pane(Side::Left).cursor, 7);
    assert!(a.pane(Side::Left).sentence.is_some());
    press(&mut a, "H");
    assert_eq!(a.pane(Side::Left).cursor, 0, "a jump: H goes back");
}

/// A run of paragraphs the translation leaves out is one stop for `>`
/// and `<`, at its first, and the status says how far it goes.
#[test]
fn a_run_of_gaps_is_one_stop() {
    let [left, right] = common::translation_with_notes(&[
        (
            6,
            "Tu je dlhá poznámka vydavateľa o rukopise, Praha 1999, Brno 2001. ",
            6,
        ),
        (
            6,
            "Druhá poznámka hovorí o papieri, atramente a väzbe knihy. ",
            5,
        ),
        (
            20,
            "Tretia poznámka spomína tlačiareň vo Viedni a v Pešti. ",
            5,
        ),
    ]);
    let pair = Pair::from_texts([Meta::named("sk"), Meta::named("en")], [left, right]);
    let mut a = app_for(pair, 100, 30);
    let gaps: Vec<usize> = (0..50)
        .filter(|&p| a.lacks_counterpart(Side::Left, p))
        .collect();
    assert_eq!(gaps, [7, 8, 23], "two notes after ¶7, one after ¶21");
    press(&mut a, ">");
    assert_eq!(a.pane(Side::Left).cursor, 7);
    assert!(
        status(&a).contains("¶8–9 have no counterpart"),
        "{}",
        status(&a)
    );
    press(&mut a, ">");
    assert_eq!(a.pane(Side::Left).cursor, 23, "past the run, to the next");
    assert!(
        status(&a).contains("¶24 has no counterpart"),
        "{}",
        status(&a)
    );
    press(&mut a, "<lt>");
    assert_eq!(a.pane(Side::Left).cursor, 7, "back to the run's first");
}

/// `:5.2` puts the sentence cursor on sentence 2 of paragraph 5, as the
/// guide says: the status line names it and `)` goes on from it.
#[test]
fn go_to_a_sentence_puts_the_sentence_cursor_on_it() {
    let mut a = translation(120, 35);
    super::go_to(&mut a, "5.2");
    assert_eq!(left_at(&a), (4, Some(1)));
    press(&mut a, ")");
    assert_eq!(left_at(&a), (4, Some(2)));
}

/// A go-to line it cannot read names this pair's accounts in its
/// example, not the bundled pair's.
#[test]
fn a_go_to_line_it_cannot_read_names_this_pairs_account() {
    let mut a = translation(120, 35);
    super::go_to(&mut a, "abc");
    let s = status(&a);
    assert!(s.contains("en ¶5.8"), "{s}");
    assert!(!s.contains("sk1815"), "{s}");
}

/// Two narratives link paragraphs, not sentences: `l` with the sentence
/// cursor on puts the cursor paragraph's counterpart beside it, as
/// without it, and says what it put there.
#[test]
fn counterpart_of_a_sentence_in_two_narratives_is_its_paragraphs() {
    let mut a = common::app(120, 35);
    press(&mut a, "} ) l");
    let s = status(&a);
    assert!(!s.contains("no counterpart"), "{s}");
    let shown = |a: &App| a.pane(Side::Right).shows(3);
    assert!(shown(&a), "{s}");
    assert!(s.contains("sk1815 ¶4"), "{s}");
}
