//! Loading, sanitising, wrapping, folding, searching and finding names in
//! any bytes: nothing may panic, and what reaches the screen is safe.
#![no_main]

use diptych::text::{Account, Meta, sanitize, validate_text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (width, bytes) = match data.split_first() {
        Some((w, rest)) => (usize::from(*w % 120) + 1, rest),
        None => return,
    };
    let Ok(text) = validate_text(std::path::Path::new("fuzz"), bytes.to_vec()) else {
        return;
    };
    let safe = sanitize::sanitize(&text);
    assert!(!safe.chars().any(sanitize::is_unsafe));
    let account = Account::new(Meta::named("f"), text.clone());
    let wrapped = diptych::wrap::Wrapped::new(&account, width);
    for line in &wrapped.lines {
        let t = &text[line.span.clone()];
        let one = sanitize::glyphs(t, 0).count() == 1;
        assert!(diptych::wrap::display_width(t) <= width.max(2) || one);
    }
    let folded = diptych::fold::fold(&text, 0);
    assert_eq!(folded.key.len(), folded.map.len());
    let pair = diptych::pair::Pair::from_texts([Meta::named("l"), Meta::named("r")], [text.clone(), text]);
    let index = diptych::search::SearchIndex::new(&pair);
    let query: String = account.text.chars().take(12).collect();
    for hit in index.search(&pair, &query, 20) {
        for m in hit.matches {
            assert!(pair.account(hit.side).text.get(m).is_some());
        }
    }
    let people = diptych::people::People::find(&pair, &diptych::people::PeopleIndex::bundled().expect("index"));
    for p in &people.persons {
        for m in p.mentions.iter().flatten() {
            assert!(pair.account(m.side).text.get(m.span.clone()).is_some());
        }
    }
});
