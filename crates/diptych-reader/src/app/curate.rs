//! Curating the people panel: `x` hides an entry (no person or place),
//! `+` merges it into another chosen from a filter list, `-` splits one
//! of its forms out, `k` turns a person into a place or back, `u` undoes
//! the last. The steps are kept in
//! [`App::curations`], saved with the pair's place and applied to the
//! people each time they arrive.

use super::Action;
use super::App;
use super::Why;
use super::list::List;
use super::people::{Ahead, Pick, SplitForm};
use super::prompt::Prompt;
use crate::keymap::Key;
use diptych_core::entities::curate::{self, Curation};
use diptych_core::text::{Side, one_line};
use std::sync::Arc;

/// The longest pause between the letters of a name typed in one go: a
/// longer one is a reader looking at what a curation key did.
const TYPING: std::time::Duration = std::time::Duration::from_millis(600);

impl App {
    /// The people shown and hidden again from the people found as they
    /// arrive or a saved place is restored: a worker applies the curations
    /// ([`crate::worker::Job::Curate`]) and [`App::curated`] shows them.
    /// True when that was asked for; false when there was nothing to do
    /// but show the people as found.
    pub(super) fn recurate_in_background(&mut self) -> bool {
        let Some(found) = self.arrived.found.clone() else {
            return false;
        };
        if self.curations.is_empty() {
            self.recurate();
            return false;
        }
        self.curate_generation += 1;
        self.submit(crate::worker::Job::Curate(crate::worker::CurateJob {
            generation: self.curate_generation,
            found,
            steps: self.curations.clone(),
        }));
        true
    }

    /// A worker's curated people: shown unless newer people or curations
    /// came since.
    pub(super) fn curated(
        &mut self,
        generation: u64,
        found: &Arc<diptych_core::entities::Entities>,
        curated: Arc<curate::Curated>,
    ) {
        let current = generation == self.curate_generation
            && self
                .arrived
                .found
                .as_ref()
                .is_some_and(|f| Arc::ptr_eq(f, found));
        if !current {
            return;
        }
        self.show_curated(Arc::try_unwrap(curated).unwrap_or_else(|c| (*c).clone()));
        self.refresh_chosen();
    }

    /// The people shown and hidden again, from the people found and the
    /// curations, at once (after a step of the reader's: one step over
    /// the people is linear in them); the search learns the curated names.
    pub(super) fn recurate(&mut self) {
        let Some(found) = self.arrived.found.clone() else {
            return;
        };
        // A curation still in the background is stale now.
        self.curate_generation += 1;
        if self.curations.is_empty() {
            // Undone to none: the search names the people as found again.
            if self.arrived.hidden.is_some()
                && let Some(index) = &self.arrived.search_index
            {
                index.set_entities(Arc::clone(&found));
            }
            self.arrived.entities = Some(found);
            self.arrived.hidden = None;
            self.name_link_people();
            self.after_curation();
        } else {
            self.show_curated(curate::apply(&self.pair, &found, &self.curations));
        }
    }

    /// Shows `c` as the people and the hidden list.
    fn show_curated(&mut self, c: curate::Curated) {
        let entities = Arc::new(c.entities);
        if let Some(index) = &self.arrived.search_index {
            index.set_entities(Arc::clone(&entities));
        }
        self.arrived.entities = Some(entities);
        self.arrived.hidden = Some(Arc::new(c.hidden));
        self.name_link_people();
        self.after_curation();
    }

    /// The links' reasons and found topics name people as the panel lists
    /// them once the reader corrected it: a merged name as merged, a hidden
    /// one not at all. Without corrections, the links as built (named as
    /// the alignment merged the names already).
    pub(super) fn name_link_people(&mut self) {
        let Some((built, Some(numbered))) = self.arrived.links_built.clone() else {
            return;
        };
        // A translation's people not merged yet (corrections made on the
        // names as found, before the alignment's merge arrives): the
        // links keep the merged names they were built with till then.
        let merge_pending = self
            .arrived
            .found
            .as_ref()
            .is_some_and(|f| Arc::ptr_eq(f, &numbered))
            && numbered
                .entries
                .iter()
                .map(|e| &e.name)
                .ne(built.names.iter());
        if merge_pending {
            self.arrived.links = Some(built);
            return;
        }
        let (Some(shown), false) = (self.arrived.entities.clone(), self.curations.is_empty())
        else {
            self.arrived.links = Some(built);
            return;
        };
        let names = diptych_core::passes::names_after_merging(
            &numbered,
            &shown,
            self.arrived.hidden.as_deref(),
        );
        if names == built.names {
            self.arrived.links = Some(built);
            return;
        }
        let mut links = (*built).clone();
        links.name_people(names);
        self.arrived.links = Some(Arc::new(links));
    }

    /// The panel after the people changed: off an empty hidden tab, the
    /// filter run again.
    fn after_curation(&mut self) {
        if self.people_panel.tab == super::people::Tab::Hidden
            && self
                .arrived
                .hidden
                .as_ref()
                .is_none_or(|h| h.entries.is_empty())
        {
            self.people_panel.tab = super::people::Tab::People;
        }
        self.refilter_people();
    }

    /// After a curation: the chosen entry follows its new mentions (or is
    /// let go when it is no longer listed), the mention in hand kept.
    fn refresh_chosen(&mut self) {
        // An entry a hide let go is tried again: back by an undo, it is
        // chosen again; still gone, the lookup below lets it go again.
        if self.chosen.is_none() {
            self.chosen = self.people_panel.let_go.take();
        }
        let Some(c) = &self.chosen else {
            return;
        };
        if c.id.starts_with("topic:") {
            return;
        }
        let entry = self
            .entities()
            .and_then(|p| p.entries.iter().find(|e| e.id == c.id))
            .map(|e| (e.name.clone(), e.spans()));
        match entry {
            Some((name, spans)) => {
                // The same stepping order (from the side first chosen from),
                // at the mention in hand, or the next one on its side when a
                // split took it away.
                let first = c.order.first().map_or(self.focus, |&(s, _)| s);
                let held = c
                    .order
                    .get(c.current)
                    .and_then(|&(s, i)| Some((s, c.spans[s.index()].get(i)?.start)));
                let fallback = c.current;
                let mut c = super::people::Chosen::new(c.id.clone(), name, spans, first);
                c.current = held
                    .and_then(|(side, at)| {
                        c.order
                            .iter()
                            .position(|&(s, i)| s == side && c.spans[s.index()][i].start >= at)
                    })
                    .unwrap_or(fallback)
                    .min(c.order.len().saturating_sub(1));
                self.chosen = Some(c);
                if self.follow == super::Follow::Mentions {
                    self.highlight_mentions();
                }
            }
            None => {
                self.people_panel.let_go = self.chosen.take();
                if self.follow == super::Follow::Mentions {
                    self.highlights = [Vec::new(), Vec::new()];
                }
            }
        }
    }

    /// The name of the entry `id`, shown or hidden, or the id.
    fn entry_name(&self, id: &str) -> String {
        [
            self.arrived.entities.as_deref(),
            self.arrived.hidden.as_deref(),
            self.arrived.found.as_deref(),
        ]
        .into_iter()
        .flatten()
        .flat_map(|p| p.entries.iter())
        .find(|e| e.id == id)
        .map_or_else(
            // An entry a split made and a merge has since taken in is no
            // longer among them: its form names it, not its id.
            || {
                let form = id
                    .strip_prefix("split:")
                    .and_then(|rest| rest.rsplit_once(':'))
                    .map_or(id, |(_, form)| form);
                diptych_core::text::sanitize::sanitize(form).into_owned()
            },
            |e| diptych_core::text::sanitize::sanitize(&e.name).into_owned(),
        )
    }

    /// The id and name of the selected entry.
    pub(super) fn selected_entry(&self) -> Option<(String, String)> {
        let i = self.people_panel.selected()?;
        let e = self.panel_entries()?.entries.get(i)?;
        Some((e.id.clone(), e.name.clone()))
    }

    /// Adds `step` and shows its effect.
    fn curate(&mut self, step: Curation) {
        if self.curations.len() >= curate::MAX_STEPS {
            self.say(Why::Refused, format!(
                "{} corrections are kept at most: diptych people --draft writes them to a people.toml to go on from",
                curate::MAX_STEPS
            ));
            return;
        }
        let done = step.describe(|id| self.entry_name(id));
        // The entry the step leaves in the list stays selected (the one
        // split, the one merged into); where it leaves none (hidden, or
        // gone to the other tab), the row below moves up into its place.
        let stays = match &step {
            Curation::Merge { into, .. } => Some(into.clone()),
            Curation::Split { entry, .. } => Some(entry.clone()),
            Curation::Hide { .. } | Curation::Kind { .. } => None,
        };
        self.curations.push(step);
        let selected = self.people_panel.list.selected;
        self.recurate();
        self.refresh_chosen();
        if !stays.is_some_and(|id| self.select_entry(&id)) {
            self.people_panel.list.selected =
                selected.min(self.people_panel.list.len.saturating_sub(1));
        }
        self.say(Why::Done, format!("{done} · u undoes"));
    }

    /// `x`: hides the selected entry; in the hidden list, shows it again.
    pub(super) fn hide_selected(&mut self) {
        let Some((id, name)) = self.selected_entry() else {
            self.say(Why::Refused, "no entry selected".into());
            return;
        };
        if self.people_panel.lists_hidden() {
            self.curations
                .retain(|c| !matches!(c, Curation::Hide { entry } if *entry == id));
            self.recurate();
            self.refresh_chosen();
            self.say(
                Why::Done,
                format!(
                    "{} shown again",
                    diptych_core::text::sanitize::sanitize(&name)
                ),
            );
            return;
        }
        self.curate(Curation::Hide { entry: id });
    }

    /// The selected entry shown (not hidden) to `what` (merge, split);
    /// without one the status line says so.
    fn entry_to(&mut self, what: &str) -> Option<(String, String)> {
        if self.people_panel.lists_hidden() {
            self.say(
                Why::Refused,
                format!("a hidden entry is not changed: x shows it again, then {what} it"),
            );
            return None;
        }
        let e = self.selected_entry();
        if e.is_none() {
            self.say(Why::Refused, format!("no entry selected to {what}"));
        }
        e
    }

    /// `k`: the selected entry is of the other kind (a person taken for a
    /// place, or a place for a person); it moves to the other tab.
    pub(super) fn toggle_kind(&mut self) {
        let Some((id, _)) = self.entry_to("change") else {
            return;
        };
        let Some(kind) = self
            .entities()
            .and_then(|p| p.entries.iter().find(|e| e.id == id))
            .map(|e| e.kind)
        else {
            return;
        };
        let to = match kind {
            diptych_core::entities::Kind::Person => diptych_core::entities::Kind::Place,
            diptych_core::entities::Kind::Place => diptych_core::entities::Kind::Person,
        };
        self.curate(Curation::Kind {
            entry: id,
            kind: to.name().to_string(),
        });
    }

    /// `+`: the list chooses the entry to merge the selected one into.
    pub(super) fn start_merge(&mut self) {
        let Some((from, name)) = self.entry_to("merge") else {
            return;
        };
        self.say(
            Why::Hint,
            format!(
                "merge {} into: type to filter, Enter merges, Esc cancels",
                diptych_core::text::sanitize::sanitize(&name)
            ),
        );
        self.begin_pick(Pick::Merge { from, name });
    }

    /// `-`: the list chooses the form to split out of the selected entry.
    pub(super) fn start_split(&mut self) {
        let Some((entry, name)) = self.entry_to("split") else {
            return;
        };
        let Some(e) = self
            .entities()
            .and_then(|p| p.entries.iter().find(|e| e.id == entry))
        else {
            return;
        };
        let mut forms: Vec<SplitForm> = Vec::new();
        for side in Side::BOTH {
            let text = &self.pair.account(side).text;
            for m in &e.mentions[side.index()] {
                let form = one_line(&text[m.span.clone()]);
                match forms.iter_mut().find(|f| f.side == side && f.form == form) {
                    Some(f) => f.count += 1,
                    None => forms.push(SplitForm {
                        side,
                        form,
                        count: 1,
                    }),
                }
            }
        }
        if forms.len() < 2 {
            self.say(
                Why::Done,
                format!(
                    "{} is written one way: nothing to split",
                    diptych_core::text::sanitize::sanitize(&name)
                ),
            );
            return;
        }
        forms.sort_by(|a, b| b.count.cmp(&a.count).then(a.side.cmp(&b.side)));
        self.say(
            Why::Hint,
            format!(
                "split out of {}: choose a form, Enter splits, Esc cancels",
                diptych_core::text::sanitize::sanitize(&name)
            ),
        );
        self.begin_pick(Pick::Split { entry, name, forms });
    }

    fn begin_pick(&mut self, pick: Pick) {
        let panel = &mut self.people_panel;
        panel.before_pick = Some((std::mem::take(&mut panel.filter), panel.list.selected));
        panel.pick = pick;
        panel.list = List::default();
        self.refilter_people();
    }

    /// Leaves a merge or split, the filter and selection as they were.
    pub(super) fn end_pick(&mut self) {
        let panel = &mut self.people_panel;
        panel.pick = Pick::None;
        let (filter, selected) = panel.before_pick.take().unwrap_or((Prompt::default(), 0));
        panel.filter = filter;
        self.refilter_people();
        self.people_panel.list.selected =
            selected.min(self.people_panel.list.len.saturating_sub(1));
    }

    /// Enter while choosing: merges into, or splits out, the row chosen.
    pub(super) fn finish_pick(&mut self) {
        let Some(row) = self.people_panel.selected() else {
            self.say(Why::Refused, "nothing matches: Esc cancels".into());
            return;
        };
        let step = match &self.people_panel.pick {
            Pick::None => return,
            Pick::Merge { from, .. } => {
                let Some(into) = self.entities().and_then(|p| p.entries.get(row)) else {
                    return;
                };
                Curation::Merge {
                    into: into.id.clone(),
                    from: from.clone(),
                }
            }
            Pick::Split { entry, forms, .. } => {
                let Some(f) = forms.get(row) else {
                    return;
                };
                Curation::Split {
                    entry: entry.clone(),
                    side: f.side.name().to_string(),
                    form: f.form.clone(),
                }
            }
        };
        self.end_pick();
        self.curate(step);
    }

    /// `u`: takes the last curation back.
    pub(super) fn undo_curation(&mut self) {
        let Some(step) = self.curations.pop() else {
            self.say(Why::Refused, "nothing to undo".into());
            return;
        };
        // The entry the step changed is selected again where the list
        // shows it (a hidden one back, a merged one apart again), else
        // the one selected before.
        let before = self.selected_entry().map(|(id, _)| id);
        self.recurate();
        self.refresh_chosen();
        let changed = match &step {
            Curation::Merge { from, .. } => from,
            Curation::Hide { entry }
            | Curation::Kind { entry, .. }
            | Curation::Split { entry, .. } => entry,
        };
        if !self.select_entry(changed)
            && let Some(id) = before
        {
            self.select_entry(&id);
        }
        // Named once the step is taken back: an entry merged into another
        // is an entry of its own again.
        let done = step.describe_undone(|id| self.entry_name(id));
        self.say(Why::Done, format!("undone: {done}"));
    }

    /// A key in the people panel. A name typed on an empty filter may
    /// begin with a curation key's letter (the k of kutuzov, the u of
    /// Uvarov), whether the panel has just taken the keyboard or a key
    /// has chosen an entry: those letters act, and are kept with the
    /// curations before the first; a letter no curation key holds, typed
    /// on at typing speed ([`TYPING`]), then takes those curations back
    /// and types every letter into the filter. A curation key no letter
    /// follows, or a letter after a pause to read what the key did, acts
    /// as it says. True when the key was typed so.
    pub(super) fn name_typed_on(&mut self, key: &Key, bound: Option<&Action>) -> bool {
        let letter = key
            .typed_char()
            .filter(|c| c.is_alphabetic() && !self.people_panel.typing());
        let Some(c) = letter else {
            self.people_panel.ahead = None;
            return false;
        };
        let now = std::time::Instant::now();
        let going = self
            .people_panel
            .ahead
            .as_ref()
            .is_some_and(|a| now.duration_since(a.at) <= TYPING);
        if bound.is_some_and(Action::acts_on_empty_filter) {
            if !going {
                self.people_panel.ahead = Some(Ahead {
                    letters: String::new(),
                    before: self.curations.clone(),
                    at: now,
                });
            }
            if let Some(a) = &mut self.people_panel.ahead {
                a.letters.push(c);
                a.at = now;
            }
            return false;
        }
        let Some(Ahead {
            letters, before, ..
        }) = self.people_panel.ahead.take().filter(|_| going)
        else {
            return false;
        };
        if before != self.curations {
            self.curations = before;
            self.recurate();
            self.refresh_chosen();
        }
        for l in letters.chars().chain([c]) {
            self.update(Action::Insert(l));
        }
        self.say(
            Why::Hint,
            format!("typed as a name: {letters} is not curation here"),
        );
        true
    }
}
