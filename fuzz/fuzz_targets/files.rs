//! Any bytes as each file a user may write or diptych keeps: people.toml,
//! topics.toml, keymap.toml, config.toml, a theme file and the state file
//! (its places then put back into a reader). A bad file is an error, never
//! a panic, and a place from it never points outside the texts.
#![no_main]

use diptych::app::{Action, App, Options};
use diptych::pair::Pair;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = diptych::entities::PeopleIndex::parse(text, "people.toml");
    let _ = diptych::links::Topics::parse(text, "topics.toml");
    let _ = diptych::keymap::Keymap::parse(text, "keymap.toml");
    let _ = diptych::keymap::Keymap::parse_all(text, "keymap.toml");
    let _ = diptych::settings::Settings::parse(text, "config.toml");
    let _ = diptych::ui::theme::parse_theme(text, "theme.toml");
    if let Ok(pairs) = diptych::reading_places::read_pairs(data) {
        let pair = Pair::bundled().expect("bundled");
        let engine = diptych::worker::Engine::new(diptych::worker::Sources::bundled(pair));
        let keymap = diptych::keymap::Keymap::default_keymap().expect("keymap");
        for (_, place) in pairs.into_iter().take(3) {
            let mut app = App::new(engine.clone(), keymap.clone(), Options::default());
            app.update(Action::Resize(80, 24));
            app.update(Action::Restore(Box::new(place)));
            app.settle();
            for side in diptych::text::Side::BOTH {
                assert!(app.pane(side).cursor < app.pair().account(side).paragraphs.len().max(1));
            }
        }
    }
});
