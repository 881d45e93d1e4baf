//! Any bytes as a text: loading, paragraphs, sanitising, wrapping,
//! folding, searching, names, links, the map, and every printed report.
//! Nothing may panic, and nothing unsafe may reach the output.
#![no_main]

use diptych::links::{AlignChoice, Links, Topics};
use diptych::pair::Pair;
use diptych::entities::{Entities, PeopleIndex};
use diptych::text::{Meta, sanitize, validate_text};
use libfuzzer_sys::fuzz_target;
use std::sync::atomic::AtomicBool;

/// True when `out` (a report) holds nothing a terminal would act on.
fn safe(out: &str) -> bool {
    !out.replace(['\n', '\t'], "").chars().any(sanitize::is_unsafe)
}

fuzz_target!(|data: &[u8]| {
    let (width, bytes) = match data.split_first() {
        Some((w, rest)) => (usize::from(*w % 120) + 1, rest),
        None => return,
    };
    let Ok(text) = validate_text(std::path::Path::new("fuzz"), bytes.to_vec()) else {
        return;
    };
    assert!(!sanitize::sanitize(&text).chars().any(sanitize::is_unsafe));
    // The same bytes as Markdown: spans stay on the extracted text's characters.
    let md = diptych::text::markdown::read(&text, Meta::named("md")).account;
    for p in &md.paragraphs {
        assert!(md.text.is_char_boundary(p.span().start) && md.text.is_char_boundary(p.span().end));
    }
    let half = text.len() / 2;
    let cut = (half..=text.len()).find(|&i| text.is_char_boundary(i)).unwrap_or(text.len());
    let pair = Pair::from_texts(
        [Meta::named("l"), Meta::named("r")],
        [text[..cut].to_string(), text[cut..].to_string()],
    );
    for account in &pair.accounts {
        let wrapped = diptych::wrap::Wrapped::new(account, width);
        for line in wrapped.lines(0..wrapped.len()) {
            let glyphs = account.glyphs(line.span()).filter(|g| g.width > 0).count();
            let shown = account.shown(line.span());
            assert!(glyphs <= 1 || diptych::wrap::display_width(&shown) <= width.max(2));
        }
        let folded = diptych::lang::fold::fold(&account.text, 0);
        assert_eq!(folded.key.len(), folded.map.len());
        assert!(folded.map.iter().all(|m| (m as usize) <= account.text.len()));
    }
    let people = Entities::find(&pair, &PeopleIndex::bundled().expect("index"));
    for p in &people.entries {
        for m in p.mentions.iter().flatten() {
            assert!(pair.account(m.side).text.get(m.span.clone()).is_some());
        }
    }
    let index = diptych::search::SearchIndex::with_entities(&pair, std::sync::Arc::new(people.clone()));
    let query: String = pair.accounts[0].text.chars().take(12).collect();
    let hits = index.search(&pair, &query, 20);
    for hit in &hits {
        for m in &hit.matches {
            assert!(pair.account(hit.side).text.get(m.clone()).is_some());
        }
        assert!(safe(&diptych::report::search::line(&pair, hit, "[", "]")));
    }
    assert!(safe(&diptych::report::search::json(&pair, &query, &hits)));
    let links = Links::build(&pair, &people, Topics::bundled().expect("lexicon"), AlignChoice::Auto, &AtomicBool::new(false));
    let map = diptych::map::MapData::build(&pair, &people, &links);
    // Aligned as a translation whatever it is: every paragraph and sentence
    // in one bead, every export safe.
    let aligned = Links::build(&pair, &people, Topics::bundled().expect("lexicon"), AlignChoice::Translation, &AtomicBool::new(false));
    // The names merged through that alignment: every mention still in its
    // text, none in two entries.
    let found = std::sync::Arc::new(people.clone());
    let merged = diptych::passes::understand(&pair, &found, Topics::bundled().expect("lexicon"), AlignChoice::Translation, &AtomicBool::new(false)).entities;
    for side in 0..2 {
        let mut spans: Vec<(usize, usize)> = merged.entries.iter().flat_map(|e| e.mentions[side].iter().map(|m| (m.span.start, m.span.end))).collect();
        assert!(spans.iter().all(|&(a, b)| pair.accounts[side].text.get(a..b).is_some()));
        let n = spans.len();
        spans.sort_unstable();
        spans.dedup();
        assert_eq!(spans.len(), n, "a mention in two entries");
    }
    if let Some(a) = &aligned.alignment {
        for side in 0..2 {
            let mut seen: Vec<usize> = a.beads.iter().flat_map(|b| if side == 0 { b.left.clone() } else { b.right.clone() }).collect();
            let n = seen.len();
            seen.dedup();
            assert_eq!(seen.len(), n);
        }
        use diptych::report::align::{By, json, text, tmx, tsv};
        for by in [By::Paragraph, By::Sentence] {
            assert!(safe(&text(&pair, a, by)) && safe(&tsv(&pair, a, by, true)) && safe(&tmx(&pair, a, by)));
            assert!(safe(&json(&pair, a, by)));
            let gaps = diptych::report::gaps::text(&pair, a, by);
            assert!(safe(&gaps) && safe(&diptych::report::gaps::json(&pair, a, by)));
        }
    }
    let mut printed = Vec::new();
    let _ = diptych::report::print::side_by_side(&pair, width.max(20), false, &mut printed);
    for out in [
        String::from_utf8_lossy(&printed).into_owned(),
        diptych::report::people::table(&pair, &people),
        diptych::report::people::json(&pair, &people),
        diptych::report::links::lines(&pair, &links, Some(5)),
        diptych::report::links::json(&pair, &links, None),
        diptych::report::people::json(&pair, &merged),
        diptych::report::links::topics_lines(&pair, &links),
        diptych::report::text::paragraphs_lines(&pair),
        diptych::report::text::paragraphs_json(&pair, true),
        diptych::report::text::outline_lines(&pair, width.max(20)),
        diptych::map::plain(&pair, &map, width.max(20)),
    ] {
        assert!(safe(&out), "{out:?}");
    }
});
