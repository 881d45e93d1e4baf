//! Curating the people panel: `x` hides, `+` merges, `-` splits, `u`
//! undoes; the steps are kept with the pair's place and applied again.

use super::common::{app, press, type_text};
use diptych::app::people::{Pick, Tab};
use diptych::app::{Action, Context};

fn ids(a: &diptych::app::App) -> Vec<String> {
    a.arrived()
        .entities
        .as_ref()
        .expect("people")
        .entries
        .iter()
        .map(|e| e.id.clone())
        .collect()
}

fn total(a: &diptych::app::App, id: &str) -> usize {
    a.arrived()
        .entities
        .as_ref()
        .and_then(|p| p.entries.iter().find(|e| e.id == id))
        .map_or(0, diptych::entities::Entry::total)
}

/// Selects entry `id` in the people panel's list.
fn select(a: &mut diptych::app::App, id: &str) {
    let i = ids(a).iter().position(|e| e == id).expect("kept");
    select_row_of(a, i);
}

/// Selects the row of the panel's list that shows `i` (an entry, or in a
/// split the form), as a reader does: with the arrow keys.
fn select_row_of(a: &mut diptych::app::App, i: usize) {
    let row = a
        .people_panel()
        .rows
        .iter()
        .position(|&r| r == i)
        .expect("listed");
    while a.people_panel().list.selected < row {
        press(a, "<Down>");
    }
    while a.people_panel().list.selected > row {
        press(a, "<Up>");
    }
}

/// The bundled pair's reader with `шварц` typed in the people panel's
/// filter, and the entry it selects (Schwarzenberg).
fn filtered_for_schwarzenberg() -> (diptych::app::App, usize) {
    let mut a = app(100, 30);
    press(&mut a, "p");
    type_text(&mut a, "шварц");
    let want = a.people_panel().selected().expect("Schwarzenberg");
    assert_eq!(ids(&a)[want], "schwarzenberg");
    (a, want)
}

#[test]
fn hide_undo_and_keys_typed_into_a_filter() {
    let mut a = app(100, 30);
    press(&mut a, "p");
    assert_eq!(ids(&a)[0], "napoleon");
    press(&mut a, "x");
    assert!(!ids(&a).contains(&"napoleon".to_string()));
    let hidden = a.arrived().hidden.clone().expect("hidden list");
    assert_eq!(hidden.entries[0].id, "napoleon");
    assert!(
        a.message().unwrap_or("").contains("u undoes"),
        "{:?}",
        a.message()
    );
    // The hidden list is a tab; x there shows the entry again.
    press(&mut a, "<C-t> <C-t>");
    assert_eq!(a.people_panel().tab, Tab::Hidden);
    press(&mut a, "x");
    assert!(ids(&a).contains(&"napoleon".to_string()));
    assert_eq!(
        a.people_panel().tab,
        Tab::People,
        "an empty hidden list is left"
    );
    press(&mut a, "x u");
    assert!(
        ids(&a).contains(&"napoleon".to_string()),
        "u undoes the hide"
    );
    assert!(a.curations().is_empty());
    press(&mut a, "u");
    assert_eq!(a.message(), Some("nothing to undo"));
    // With text in the filter, the keys are letters (after a pause: a
    // letter typed on at once would make the u the start of a name).
    std::thread::sleep(std::time::Duration::from_millis(700));
    type_text(&mut a, "Uux");
    assert_eq!(
        a.people_panel().filter.text,
        "Uux",
        "U is typed, then u and x are"
    );
    assert!(a.curations().is_empty());
}

#[test]
fn merge_and_split_are_kept_with_the_place() {
    let mut a = app(100, 30);
    press(&mut a, "p");
    let (napoleon, schwarzenberg) = (total(&a, "napoleon"), total(&a, "schwarzenberg"));
    assert!(schwarzenberg > 0);
    press(&mut a, "+");
    assert!(matches!(a.people_panel().pick, Pick::Merge { .. }));
    type_text(&mut a, "шварц");
    assert_eq!(a.people_panel().rows.len(), 1);
    press(&mut a, "<Enter>");
    assert_eq!(a.people_panel().pick, Pick::None);
    assert!(
        a.people_panel().filter.text.is_empty(),
        "the filter is as it was"
    );
    assert_eq!(total(&a, "schwarzenberg"), napoleon + schwarzenberg);
    assert!(!ids(&a).contains(&"napoleon".to_string()));
    // Split one form out of the merged entry.
    select(&mut a, "schwarzenberg");
    press(&mut a, "-");
    let Pick::Split { forms, .. } = a.people_panel().pick.clone() else {
        panic!("split pick: {:?}", a.message());
    };
    assert!(forms.len() >= 2);
    let first = forms[a.people_panel().rows[0]].clone();
    press(&mut a, "<Enter>");
    let split = format!("split:schwarzenberg:{}:{}", first.side.name(), first.form);
    assert_eq!(total(&a, &split), first.count);
    assert_eq!(
        total(&a, "schwarzenberg"),
        napoleon + schwarzenberg - first.count
    );
    // Esc leaves a pick without a step.
    press(&mut a, "+ <Esc>");
    assert_eq!(a.people_panel().pick, Pick::None);
    assert_eq!(a.curations().len(), 2);
    // Kept with the place, and applied in a reader opened again.
    let place = a.snapshot();
    assert_eq!(place.curations.len(), 2);
    let mut b = app(100, 30);
    b.update(Action::Restore(Box::new(place)));
    // A worker applies them, not the UI thread.
    let jobs = b.take_jobs();
    assert!(
        jobs.iter()
            .any(|j| matches!(j, diptych::worker::Job::Curate(_))),
        "the corrections are a job"
    );
    assert!(ids(&b).contains(&"napoleon".to_string()));
    for j in jobs {
        let mut done = Vec::new();
        b.engine().run(&j, &mut |d| done.push(d));
        for d in done {
            b.update(Action::Done(d));
        }
    }
    b.settle();
    assert_eq!(total(&b, &split), first.count);
    assert!(!ids(&b).contains(&"napoleon".to_string()));
}

/// The mention in hand is where the chosen person's n/N go on from after
/// a curation, whichever pane has the keyboard by then.
#[test]
fn a_curation_keeps_the_mention_in_hand() {
    let mut a = app(100, 30);
    press(&mut a, "p");
    type_text(&mut a, "шварц");
    press(&mut a, "<Enter>");
    press(&mut a, "n n");
    let held = |a: &diptych::app::App| {
        let c = a.chosen().as_ref().expect("chosen");
        let (side, i) = c.order[c.current];
        (side, c.spans[side.index()][i].clone())
    };
    let before = held(&a);
    press(&mut a, "<Esc> <Tab> p");
    // The panel opens with its filter as left: cleared here.
    while !a.people_panel().filter.text.is_empty() {
        press(&mut a, "<Backspace>");
    }
    select(&mut a, "napoleon");
    press(&mut a, "+");
    type_text(&mut a, "шварц");
    press(&mut a, "<Enter>");
    assert_eq!(a.curations().len(), 1, "{:?}", a.message());
    assert_eq!(held(&a), before);
}

/// Esc clears a filter that matches no one and selects again the entry
/// last selected while filtering, not the list's first: a curation key
/// pressed next acts on the entry the reader filtered for.
#[test]
fn esc_after_a_filter_that_matches_none_keeps_the_entry_filtered_for() {
    let (mut a, want) = filtered_for_schwarzenberg();
    type_text(&mut a, "-");
    assert!(a.people_panel().rows.is_empty(), "no name holds шварц-");
    press(&mut a, "<Esc>");
    assert!(a.people_panel().filter.text.is_empty());
    assert_eq!(a.people_panel().selected(), Some(want));
}

/// A filter widened by editing (Ctrl-u, Backspace) leaves the entry it
/// found selected, as Esc does, so the curation keys,
/// which type into a filter, then act on it: the selection went back to
/// the first row.
#[test]
fn a_filter_emptied_by_editing_keeps_the_entry_it_found() {
    let (mut a, want) = filtered_for_schwarzenberg();
    press(&mut a, "<C-u>");
    assert!(a.people_panel().filter.text.is_empty());
    assert_eq!(a.people_panel().selected(), Some(want));
    // An entry below the first match, chosen with the arrow keys, stays
    // chosen as Backspace widens the filter letter by letter.
    type_text(&mut a, "ma");
    press(&mut a, "<Down>");
    let second = a.people_panel().selected().expect("a second match");
    assert_ne!(a.people_panel().list.selected, 0);
    press(&mut a, "<BS>");
    assert_eq!(a.people_panel().selected(), Some(second));
    press(&mut a, "<BS>");
    assert_eq!(a.people_panel().selected(), Some(second));
    // Now `x` hides it.
    let id = ids(&a)[second].clone();
    press(&mut a, "x");
    assert!(!ids(&a).contains(&id));
}

/// In the split chooser, the form typed comes first, before longer forms
/// written more often (Napoleon before Наполеона).
#[test]
fn the_split_chooser_lists_the_form_typed_first() {
    let mut a = app(100, 30);
    press(&mut a, "p");
    select(&mut a, "napoleon");
    press(&mut a, "-");
    type_text(&mut a, "napoleon");
    let Pick::Split { forms, .. } = a.people_panel().pick.clone() else {
        panic!("split pick: {:?}", a.message());
    };
    let shown: Vec<&str> = a
        .people_panel()
        .rows
        .iter()
        .map(|&i| forms[i].form.as_str())
        .collect();
    assert_eq!(shown[..2], ["Наполеон", "Napoleon"], "{shown:?}");
    assert!(shown.len() > 2, "{shown:?}");
}

/// A hide lets the chosen entry go; the undo that brings it back chooses
/// it again (its ● in the list, n/N on its mentions).
#[test]
fn undoing_a_hide_chooses_the_entry_again() {
    let mut a = app(100, 30);
    press(&mut a, "p");
    select(&mut a, "napoleon");
    press(&mut a, "<Enter>");
    assert_eq!(a.chosen().as_ref().map(|c| c.id.as_str()), Some("napoleon"));
    press(&mut a, "<Esc> <Tab> p");
    select(&mut a, "napoleon");
    press(&mut a, "x");
    assert!(a.chosen().is_none(), "a hidden entry is let go");
    press(&mut a, "u");
    assert_eq!(
        a.chosen().as_ref().map(|c| c.id.as_str()),
        Some("napoleon"),
        "{:?}",
        a.message()
    );
}

/// A name typed as the panel opens may begin with a curation key's letter
/// (the k of kutuzov, the u that follows): it is typed into the filter and
/// whatever those letters did is taken back, as after keys that chose an
/// entry. A `k` no letter follows at typing speed acts.
#[test]
fn a_name_typed_on_opening_is_a_name_not_curation() {
    let mut a = app(100, 30);
    let before = ids(&a);
    press(&mut a, "p");
    type_text(&mut a, "kutuzov");
    assert_eq!(a.people_panel().filter.text, "kutuzov");
    assert!(a.curations().is_empty(), "{:?}", a.curations());
    press(&mut a, "<Esc>");
    assert_eq!(ids(&a), before);
    // A curation key on opening, then a pause to read what it did: the
    // letters typed after it filter, and the curation stands.
    press(&mut a, "<Esc> <Esc> p x");
    assert_eq!(a.curations().len(), 1);
    std::thread::sleep(std::time::Duration::from_millis(700));
    type_text(&mut a, "a");
    assert_eq!(a.people_panel().filter.text, "a");
    assert_eq!(a.curations().len(), 1, "the hide stands");
    press(&mut a, "<Esc> u");
    assert!(a.curations().is_empty());
    // A name typed after keys that chose an entry is a name too: the k
    // of kutuzov turns no one into a place.
    press(&mut a, "<Down> <Up>");
    type_text(&mut a, "kutuzov");
    assert_eq!(a.people_panel().filter.text, "kutuzov");
    assert!(a.curations().is_empty(), "{:?}", a.curations());
    press(&mut a, "<C-u>");
    // A deliberate k, once a key has chosen the entry, acts.
    press(&mut a, "<Down> <Up> k");
    assert_eq!(a.curations().len(), 1);
    press(&mut a, "u");
    assert!(
        a.message().unwrap_or("").contains("person again"),
        "{:?}",
        a.message()
    );
    assert!(a.curations().is_empty());
}

/// No name holds a slash: in the people panel, whatever its filter holds,
/// `/` searches the texts as it does from them.
#[test]
fn a_slash_in_the_people_panel_searches_the_texts() {
    let mut a = app(100, 30);
    press(&mut a, "p");
    type_text(&mut a, "шварц");
    press(&mut a, "/");
    assert_eq!(a.context(), Context::Search);
    assert_eq!(a.people_panel().filter.text, "шварц");
    type_text(&mut a, "napoleon");
    a.settle();
    assert!(a.search().totals.iter().sum::<usize>() > 0);
}

/// Undoing the merge of an entry a split made names it by its form, not
/// by its id (`undone: split:schwarzenberg:left:… apart from …`).
#[test]
fn undoing_a_merge_of_a_split_names_its_form() {
    let mut a = app(100, 30);
    press(&mut a, "p");
    select(&mut a, "schwarzenberg");
    press(&mut a, "-");
    let Pick::Split { forms, .. } = a.people_panel().pick.clone() else {
        panic!("split pick: {:?}", a.message());
    };
    let first = forms[a.people_panel().rows[0]].clone();
    press(&mut a, "<Enter>");
    let split = format!("split:schwarzenberg:{}:{}", first.side.name(), first.form);
    select(&mut a, &split);
    press(&mut a, "+");
    type_text(&mut a, "шварц");
    press(&mut a, "<Enter>");
    assert_eq!(a.curations().len(), 2, "{:?}", a.message());
    press(&mut a, "u");
    let said = a.message().unwrap_or("").to_string();
    assert!(
        said.starts_with(&format!("undone: {} apart from", first.form)),
        "{said}"
    );
    assert!(!said.contains("split:"), "{said}");
}

/// The links' reasons name people as the panel lists them after a
/// correction: a hidden entry is no reason (War and Peace's links still
/// said "Пьер / Pierre" once Pierre was hidden), and an undo brings it
/// back.
#[test]
fn a_hidden_entry_is_no_reason_for_a_link() {
    let reasons = |a: &diptych::app::App| -> Vec<String> {
        let links = a.links().expect("links");
        diptych::text::Side::BOTH
            .into_iter()
            .flat_map(|side| {
                (0..a.pair().account(side).paragraphs.len())
                    .flat_map(move |p| links.of(side, p).iter().flat_map(|l| links.reasons(l)))
            })
            .collect()
    };
    let mut a = app(100, 30);
    a.settle();
    assert!(reasons(&a).iter().any(|r| r == "Napoleon I"));
    press(&mut a, "p");
    assert_eq!(ids(&a)[0], "napoleon");
    press(&mut a, "x");
    a.settle();
    assert!(!ids(&a).contains(&"napoleon".to_string()));
    let named = reasons(&a)
        .iter()
        .filter(|r| *r == "Napoleon I" || r.is_empty())
        .count();
    assert_eq!(named, 0, "reasons naming the hidden entry, or empty");
    press(&mut a, "u");
    a.settle();
    assert!(reasons(&a).iter().any(|r| r == "Napoleon I"));
}

/// The id of the entry selected in the panel.
fn selected_id(a: &diptych::app::App) -> Option<String> {
    let i = a.people_panel().selected()?;
    Some(a.arrived().entities.as_ref()?.entries.get(i)?.id.clone())
}

/// After a split the entry split stays selected, though the one split
/// out may take a row above it: a second `-` splits it again, not the
/// entry that came into its row. After `u` the entry the undo changed is
/// selected, and after a merge the entry merged into.
#[test]
fn the_entry_a_step_changes_stays_selected() {
    let mut a = app(100, 30);
    press(&mut a, "p <Down>");
    let second = selected_id(&a).expect("a second entry");
    press(&mut a, "-");
    let Pick::Split { forms, .. } = a.people_panel().pick.clone() else {
        panic!("split pick: {:?}", a.message());
    };
    // The most written form: what is left of the entry falls below
    // entries it was above.
    let most = (0..forms.len())
        .max_by_key(|&i| forms[i].count)
        .expect("forms");
    select_row_of(&mut a, most);
    press(&mut a, "<Enter>");
    assert_eq!(a.curations().len(), 1, "{:?}", a.message());
    assert_ne!(ids(&a)[1], second, "the entry split moved down");
    assert_eq!(selected_id(&a), Some(second.clone()));
    press(&mut a, "u");
    assert_eq!(selected_id(&a), Some(second));
    // Merged into Schwarzenberg: he is selected.
    select(&mut a, "napoleon");
    press(&mut a, "+");
    type_text(&mut a, "шварц");
    press(&mut a, "<Enter>");
    assert_eq!(selected_id(&a).as_deref(), Some("schwarzenberg"));
    press(&mut a, "u");
    assert_eq!(selected_id(&a).as_deref(), Some("napoleon"));
}

/// A topic found in the pair and named only by an entry the reader hid
/// leads `]` nowhere: Acts' "Апостолов / Apostoły", hidden, left `]` going
/// to paragraphs with a blank reason ("acts-ru ¶3:").
#[test]
fn a_topic_only_a_hidden_entry_named_leads_nowhere() {
    use super::common::corpus;
    let Some([ru, pl]) = corpus::files(corpus::ACTS) else {
        eprintln!("{}", corpus::SKIPPED);
        return;
    };
    let pair = diptych::pair::Pair::from_files(&ru, &pl).expect("Acts");
    let mut a = super::common::app_for(pair, 120, 35);
    press(&mut a, "p <C-t>");
    type_text(&mut a, "апостол");
    press(&mut a, "<C-u> x <Esc> g");
    assert_eq!(a.curations().len(), 1, "{:?}", a.message());
    for _ in 0..12 {
        press(&mut a, "]");
        let said = a.message().unwrap_or("").to_string();
        assert!(!said.trim_end().ends_with(':'), "{said}");
        assert!(!said.contains("Апостолов"), "{said}");
    }
}

/// Switching the panel's tabs and back comes back to the entry selected
/// there, as a reader left it: before, the selection went to the first
/// row, and an `x` then hid the wrong entry.
#[test]
fn a_tab_switched_away_and_back_keeps_its_selection() {
    let mut a = app(100, 30);
    press(&mut a, "p <Down> <Down>");
    let chosen = selected_id(&a).expect("a third entry");
    press(&mut a, "<C-t>");
    assert_eq!(a.people_panel().tab, Tab::Places);
    press(&mut a, "<Down>");
    let place = selected_id(&a).expect("a second place");
    press(&mut a, "<C-t>");
    assert_eq!(a.people_panel().tab, Tab::People);
    assert_eq!(selected_id(&a), Some(chosen));
    press(&mut a, "<C-t>");
    assert_eq!(selected_id(&a), Some(place));
}
