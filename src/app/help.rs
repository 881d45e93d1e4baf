//! The help screen's content, generated from the keymap in effect: each
//! context's bound actions with their keys and descriptions.

use super::layout::Rect;
use crate::app::action::Context;
use crate::keymap::{Keymap, keys_text};

/// One line of the help screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HelpLine {
    /// A context's heading.
    Header(Context),
    /// Keys, action name and description.
    Row {
        /// The keys, as written in keymap.toml.
        keys: String,
        /// What the action does.
        description: &'static str,
    },
    /// Space between contexts.
    Blank,
}

/// The help screen: its lines and scroll position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Help {
    /// Lines in order.
    pub lines: Vec<HelpLine>,
    /// First line shown.
    pub scroll: usize,
}

impl Help {
    /// The help lines for `keymap`.
    pub fn new(keymap: &Keymap) -> Help {
        let mut lines = Vec::new();
        let mut last = None;
        for (context, action, keys) in keymap.rows() {
            if last != Some(context) {
                if last.is_some() {
                    lines.push(HelpLine::Blank);
                }
                lines.push(HelpLine::Header(context));
                last = Some(context);
            }
            lines.push(HelpLine::Row {
                keys: keys_text(&keys),
                description: action.description(),
            });
        }
        Help { lines, scroll: 0 }
    }

    /// Scrolls by `delta` lines with `page` rows visible, within bounds.
    pub fn scroll_by(&mut self, delta: isize, page: usize) {
        let max = self.lines.len().saturating_sub(page);
        self.scroll = self.scroll.saturating_add_signed(delta).min(max);
    }
}

/// The help overlay's rectangle within `area`: centred, at most 76 wide.
pub fn help_area(area: Rect) -> Rect {
    let width = area.width.saturating_sub(4).min(76);
    let height = area.height.saturating_sub(2);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}
