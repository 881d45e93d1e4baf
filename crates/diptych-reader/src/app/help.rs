//! The help screen's content, generated from the keymap in effect: each
//! context's bound actions with their keys and descriptions, a few notes on
//! how counts, jumps and layouts work, filtered by what is typed (as
//! helix's command palette is), and wrapped to the width there is.

use super::prompt::Prompt;
use super::screen::Rect;
use crate::action::Context;
use crate::keymap::{Keymap, keys_text};
use diptych_core::lang::fold::fold_query;
use diptych_core::wrap::{display_width, wrap_spans};

/// Notes shown above the bindings.
pub const NOTES: &[&str] = &[
    "A count before a key repeats it: 5j, 3}. 12G or :12 goes to paragraph 12; :5.8 to sentence 8 of paragraph 5.",
    "Jumps (search results, mentions, links, marks, outline, go-to, g and G) are kept in one list for both panes: Ctrl-o goes back, L forward, '' to the place before the last jump.",
    "Where nothing is typed, keys of a Cyrillic (ЙЦУКЕН) or Slovak/Czech (QWERTZ) layout act as the Latin key at the same place.",
];

/// One binding of the help screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpRow {
    /// The context it is bound in.
    pub context: Context,
    /// The keys, as written in keymap.toml.
    pub keys: String,
    /// The action's name.
    pub action: &'static str,
    /// What the action does.
    pub description: &'static str,
}

/// One row of the help screen as drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    /// A note, or a line of one.
    Note(String),
    /// A context's heading.
    Header(Context),
    /// Keys (on the first line of an entry) and a line of its description.
    Binding {
        /// The keys, on the first line only.
        keys: String,
        /// A line of the description.
        text: String,
    },
    /// Space between groups.
    Blank,
}

/// The help screen: every binding, the filter, and the scroll position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Help {
    /// Every binding, in help order.
    pub entries: Vec<HelpRow>,
    /// What is typed to filter the bindings.
    pub filter: Prompt,
    /// Indexes of the entries the filter leaves.
    pub shown: Vec<usize>,
    /// First row shown.
    pub scroll: usize,
    /// Rows at the width last drawn (for scrolling).
    rows: usize,
    /// What had the keyboard when the help opened, and gets it back.
    pub back: Option<super::Context>,
}

impl Help {
    /// The help for `keymap`.
    pub fn new(keymap: &Keymap) -> Help {
        let entries: Vec<HelpRow> = keymap
            .rows()
            .into_iter()
            .map(|(context, action, keys)| HelpRow {
                context,
                keys: keys_text(&keys),
                action: action.name(),
                description: action.description(),
            })
            .collect();
        let shown = (0..entries.len()).collect();
        Help {
            entries,
            filter: Prompt::default(),
            shown,
            scroll: 0,
            rows: 0,
            back: None,
        }
    }

    /// Opens with an empty filter, at the top.
    pub fn open(&mut self) {
        self.filter = Prompt::default();
        self.shown = (0..self.entries.len()).collect();
        self.scroll = 0;
    }

    /// Keeps the entries whose keys, name or description hold every word
    /// of the filter (case and diacritics ignored).
    pub fn refilter(&mut self, _keymap: &Keymap) {
        let words: Vec<String> = fold_query(&self.filter.text)
            .split_whitespace()
            .map(str::to_string)
            .collect();
        self.shown = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                let hay = fold_query(&format!(
                    "{} {} {} {}",
                    e.context.name(),
                    e.keys,
                    e.action,
                    e.description
                ));
                words.iter().all(|w| hay.contains(w.as_str()))
            })
            .map(|(i, _)| i)
            .collect();
        self.scroll = 0;
    }

    /// The rows for a screen `width` cells wide: notes (unfiltered only),
    /// then each context's bindings, descriptions wrapped beside the keys.
    pub fn rows(&self, width: usize) -> Vec<Row> {
        let mut out = Vec::new();
        if self.filter.text.is_empty() {
            for note in NOTES {
                for r in wrap_spans(note, 0, width.max(10)) {
                    out.push(Row::Note(note[r].trim_end().to_string()));
                }
            }
            out.push(Row::Blank);
        }
        let key_w = self.key_width(width);
        let text_w = width.saturating_sub(key_w + 2).max(10);
        let mut last = None;
        for &i in &self.shown {
            let e = &self.entries[i];
            if last != Some(e.context) {
                if last.is_some() {
                    out.push(Row::Blank);
                }
                out.push(Row::Header(e.context));
                last = Some(e.context);
            }
            for (n, r) in wrap_spans(e.description, 0, text_w).into_iter().enumerate() {
                out.push(Row::Binding {
                    keys: if n == 0 {
                        e.keys.clone()
                    } else {
                        String::new()
                    },
                    text: e.description[r].trim_end().to_string(),
                });
            }
        }
        out
    }

    /// The width of the keys column: the widest keys, at most a third.
    pub fn key_width(&self, width: usize) -> usize {
        self.entries
            .iter()
            .map(|e| display_width(&e.keys))
            .max()
            .unwrap_or(0)
            .min(width / 3)
    }

    /// Notes the number of rows drawn at the current width, for scrolling.
    pub fn set_rows(&mut self, rows: usize) {
        self.rows = rows;
    }

    /// Scrolls by `delta` rows with `page` rows visible, within bounds.
    pub fn scroll_by(&mut self, delta: isize, page: usize) {
        let max = self.rows.saturating_sub(page);
        self.scroll = self.scroll.saturating_add_signed(delta).min(max);
    }

    /// Keeps the scroll within bounds for `page` rows.
    pub fn clamp(&mut self, page: usize) {
        self.scroll_by(0, page);
    }
}

/// The help overlay's rectangle within `area`: nearly all of it, at most
/// 120 columns wide, so descriptions wrap rather than being cut.
pub fn help_area(area: Rect) -> Rect {
    let width = area.width.saturating_sub(4).min(120);
    let height = area.height.saturating_sub(2);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_wrap_instead_of_being_cut() {
        let k = Keymap::default_keymap().expect("keymap");
        let h = Help::new(&k);
        let narrow = h.rows(60);
        let key_w = h.key_width(60);
        for r in &narrow {
            if let Row::Binding { text, .. } = r {
                assert!(display_width(text) <= 60 - key_w - 2, "{text}");
            }
        }
        // Every word of every description is on screen.
        let shown: String = narrow
            .iter()
            .filter_map(|r| match r {
                Row::Binding { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(" ");
        assert!(shown.contains("sharing a topic with the cursor's"));
    }

    #[test]
    fn typing_filters_the_bindings() {
        let k = Keymap::default_keymap().expect("keymap");
        let mut h = Help::new(&k);
        for c in "counterp".chars() {
            h.filter.insert(c);
        }
        h.refilter(&k);
        assert!(!h.shown.is_empty());
        assert!(h.shown.iter().all(|&i| {
            let e = &h.entries[i];
            format!("{} {}", e.action, e.description)
                .to_lowercase()
                .contains("counterp")
        }));
    }
}
