//! Searching from the reader, through `update`, and from the command line:
//! the bundled pair, then the War and Peace pair of the corpus. This file
//! holds the reader's prompt and stepping; `cli` the command line's
//! contracts; `names` names found across scripts, spellings and typos, in
//! the reader as on the command line.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod cli;
#[path = "../common/mod.rs"]
mod common;
mod names;

use common::{app, press, type_text};
use diptych::app::{Context, HighlightKind as MarkKind};
use diptych::search::{Order, SearchIndex};
use diptych::text::Side;

#[test]
fn latin_query_finds_cyrillic_and_enter_goes_there() {
    let mut a = app(80, 24);
    press(&mut a, "/");
    assert_eq!(a.context(), Context::Search);
    type_text(&mut a, "kolenkur");
    assert!(!a.search().results.is_empty());
    assert!(a.search().results.iter().all(|h| h.side == Side::Left));
    let hit = a.search().results[0].clone();
    press(&mut a, "<Enter>");
    assert_eq!(a.context(), Context::Reader);
    assert_eq!(a.focus(), Side::Left);
    let pane = a.pane(Side::Left);
    let line = pane.wrapped().line_of(hit.matches[0].start);
    assert!(line >= pane.top && line < pane.top + pane.height);
    assert!(
        a.highlights()[0]
            .iter()
            .any(|m| m.kind == MarkKind::Current && m.span == hit.matches[0])
    );
}

#[test]
fn esc_puts_both_panes_back() {
    let mut a = app(80, 24);
    press(&mut a, "j j <Tab> j");
    let before = [a.pane(Side::Left).top, a.pane(Side::Right).top];
    press(&mut a, "/");
    type_text(&mut a, "wellington");
    press(&mut a, "<Down> <Down>");
    press(&mut a, "<Esc>");
    assert_eq!([a.pane(Side::Left).top, a.pane(Side::Right).top], before);
    assert_eq!(a.focus(), Side::Right);
    assert!(a.highlights().iter().all(Vec::is_empty));
}

#[test]
fn n_and_n_step_through_results_across_both_accounts() {
    let mut a = app(80, 24);
    press(&mut a, "/");
    type_text(&mut a, "napoleon");
    let n = a.search().results.len();
    assert!(n > 5);
    press(&mut a, "<Enter>");
    let mut sides = Vec::new();
    for _ in 0..n {
        press(&mut a, "n");
        sides.push(a.focus());
    }
    assert!(sides.contains(&Side::Left) && sides.contains(&Side::Right));
    // Round once through all of them: back at the first one stepped from.
    assert_eq!(a.search().active.as_ref().map(|s| s.current), Some(0));
    press(&mut a, "N");
    assert_ne!(a.search().active.as_ref().map(|s| s.current), Some(0));
    assert!(!a.highlights()[0].is_empty() && !a.highlights()[1].is_empty());
    press(&mut a, "<Esc>");
    assert!(a.highlights().iter().all(Vec::is_empty));
}

#[test]
fn prompt_edits_and_remembers_queries() {
    let mut a = app(80, 24);
    press(&mut a, "/");
    type_text(&mut a, "fouche paris");
    press(&mut a, "<C-w>");
    assert_eq!(a.search().prompt.text, "fouche ");
    press(&mut a, "<Backspace> <Left> <Left> <Home> <End>");
    assert_eq!(a.search().prompt.text, "fouche");
    press(&mut a, "<Enter> /");
    assert_eq!(a.search().prompt.text, "");
    press(&mut a, "<Up>");
    assert_eq!(a.search().prompt.text, "fouche");
    assert!(!a.search().results.is_empty());
    press(&mut a, "<C-u>");
    assert_eq!(a.search().prompt.text, "");
    assert!(a.search().results.is_empty());
}

#[test]
fn every_operator_of_fzfs_syntax() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let idx = SearchIndex::new(&pair);
    let texts = |q: &str| -> Vec<String> {
        idx.search(&pair, q, 5000)
            .into_iter()
            .map(|h| {
                pair.account(h.side)
                    .shown(h.sentence_span(&pair))
                    .to_lowercase()
            })
            .collect()
    };
    let exact = texts("'genoa");
    assert!(!exact.is_empty() && exact.iter().all(|t| t.contains("genoa")));
    let start = texts("^prince");
    assert!(!start.is_empty() && start.iter().all(|t| t.contains("prince")));
    for t in texts("^rince") {
        assert!(
            t.split(|c: char| !c.is_alphanumeric())
                .any(|w| w.starts_with("rince")),
            "{t}"
        );
    }
    let end = texts("ness$");
    assert!(!end.is_empty());
    for t in &end {
        assert!(
            t.split(|c: char| !c.is_alphanumeric())
                .any(|w| w.ends_with("ness")),
            "{t}"
        );
    }
    let not = texts("'prince !'vasili");
    assert!(
        !not.is_empty()
            && not
                .iter()
                .all(|t| t.contains("prince") && !t.contains("vasíli") && !t.contains("vasili"))
    );
    let either = texts("'genoa | 'lucca");
    assert!(
        either.iter().any(|t| t.contains("genoa"))
            && either
                .iter()
                .all(|t| t.contains("genoa") || t.contains("lucca"))
    );
    let both = texts("'genoa 'lucca");
    assert!(
        both.iter()
            .all(|t| t.contains("genoa") && t.contains("lucca"))
    );
}

#[test]
fn one_order_under_any_limit_and_both_accounts_in_the_list() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let idx = SearchIndex::new(&pair);
    let all = idx.search(&pair, "prince", 5000);
    assert!(all.len() > 30);
    for limit in [1, 3, 10, 25] {
        assert_eq!(
            idx.search(&pair, "prince", limit),
            all[..limit],
            "--limit {limit}"
        );
    }
    for w in all.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        assert!(
            a.score > b.score
                || (a.score == b.score
                    && (a.side, a.paragraph, a.sentence) < (b.side, b.paragraph, b.sentence)),
            "{a:?} before {b:?}"
        );
    }
    // The reader's list takes turns, so both accounts are near the top.
    let r = idx
        .run(
            &pair,
            "Пьер",
            diptych::search::Options::new(500, Order::Interleaved),
            &|| true,
        )
        .expect("ran");
    assert_eq!(r.hits[0].side, Side::Left);
    assert_eq!(
        r.hits[1].side,
        Side::Right,
        "the English Pierre right under the Russian Пьер"
    );
    assert!(r.totals[0] > 10 && r.totals[1] > 10, "{:?}", r.totals);
}

#[test]
fn a_long_query_is_kept_whole() {
    let pair = diptych::pair::Pair::bundled().expect("bundled");
    let idx = SearchIndex::new(&pair);
    // 300 characters of terms that all match, then one that does not.
    let long = format!("{}qqxzjv", "napoleon ".repeat(34));
    assert!(long.chars().count() > 256);
    assert!(
        idx.search(&pair, &long, 50).is_empty(),
        "the last term counts too"
    );
}

/// A sentence wrapped over two lines of its file keeps the space between
/// them in the search list, as the command line prints it (was
/// `said PrinceAndrew`).
#[test]
fn the_search_list_keeps_the_space_at_a_line_break() {
    let text = "Then said Prince\nAndrew to the company, and left the room at once.\nIt was late, and the candles burned low in the hall.\n\nAnother paragraph, written on one line as most of them are here.\n\nA third one, also on one line, for the layout to be decided well.\n";
    let pair = diptych::pair::Pair::from_texts(
        [
            diptych::text::Meta::named("l"),
            diptych::text::Meta::named("r"),
        ],
        [text.to_string(), "Nothing here.\n".to_string()],
    );
    let mut a = common::app_for(pair, 120, 35);
    press(&mut a, "/");
    type_text(&mut a, "andrew");
    let screen = common::screen(&a);
    assert!(screen.contains("Prince Andrew"), "{screen}");
    assert!(!screen.contains("PrinceAndrew"), "{screen}");
}

/// n/N after a search step in reading order, as in less and vim: from the
/// cursor on through the focused pane, then into the other, then round
/// again with a note; the list keeps its ranking.
#[test]
fn n_steps_through_matches_in_reading_order() {
    let mut a = app(120, 35);
    press(&mut a, "/");
    type_text(&mut a, "napoleon");
    let ranked: Vec<(Side, usize)> = a
        .search()
        .results
        .iter()
        .map(|h| (h.side, h.matches[0].start))
        .collect();
    let n = ranked.len();
    press(&mut a, "<Enter>");
    let place = |a: &diptych::app::App| {
        let s = a.search().active.as_ref().expect("a search");
        let h = &s.hits[s.current];
        (h.side.index(), h.matches[0].start)
    };
    let mut seen = vec![place(&a)];
    let mut wraps = 0;
    for _ in 0..n {
        press(&mut a, "n");
        if a.message().unwrap_or("").contains("wrapped to the first") {
            wraps += 1;
        }
        seen.push(place(&a));
    }
    assert_eq!(wraps, 1, "one round: {seen:?}");
    let backwards = seen.windows(2).filter(|w| w[1] < w[0]).count();
    assert_eq!(backwards, 1, "in reading order but for the wrap: {seen:?}");
    assert_eq!(seen.first(), seen.last());
    // The list keeps its ranking.
    let list: Vec<(Side, usize)> = a
        .search()
        .active
        .as_ref()
        .expect("a search")
        .hits
        .iter()
        .map(|h| (h.side, h.matches[0].start))
        .collect();
    assert_eq!(list, ranked);
    // From the cursor: the first paragraph of the right account, then n.
    press(&mut a, "<Tab> g n");
    let (side, _) = place(&a);
    assert_eq!(side, Side::Right.index());
    let first_right = seen
        .iter()
        .filter(|p| p.0 == Side::Right.index())
        .min()
        .copied();
    assert_eq!(Some(place(&a)), first_right);
}

/// A query of exclusions alone marks nothing in its sentences: n still
/// steps through them one by one, in reading order.
#[test]
fn n_steps_through_the_sentences_of_exclusions() {
    let mut a = app(120, 35);
    press(&mut a, "/");
    type_text(&mut a, "!napoleon");
    press(&mut a, "<Enter>");
    let mut seen = Vec::new();
    for _ in 0..6 {
        let s = a.search().active.as_ref().expect("a search");
        let h = &s.hits[s.current];
        seen.push((h.side.index(), h.paragraph, h.sentence));
        press(&mut a, "n");
    }
    let mut distinct = seen.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), seen.len(), "{seen:?}");
}
