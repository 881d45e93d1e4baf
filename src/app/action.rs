//! Everything a user can ask for: one [`Action`] enum whose bindable variants
//! carry a snake_case name (the keymap's vocabulary), a one-line description
//! (the help screen) and the contexts where a key may be bound to them.

use serde::{Deserialize, Serialize};

/// Where a key binding applies: one table of keymap.toml each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Context {
    /// Reading the two panes (also scrolls the help screen).
    Reader,
    /// Typing a search query and choosing a result.
    Search,
    /// The people panel has the keyboard.
    People,
    /// The links panel has the keyboard.
    Links,
}

impl Context {
    /// All contexts, in the order the help screen shows them.
    pub const ALL: [Context; 4] = [
        Context::Reader,
        Context::Search,
        Context::People,
        Context::Links,
    ];

    /// The keymap table name.
    pub fn name(self) -> &'static str {
        match self {
            Context::Reader => "reader",
            Context::Search => "search",
            Context::People => "people",
            Context::Links => "links",
        }
    }

    /// The context named `name`, if any.
    pub fn from_name(name: &str) -> Option<Context> {
        Context::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The actions a key may be bound to in this context.
    pub fn actions(self) -> impl Iterator<Item = Action> {
        Action::BINDABLE
            .iter()
            .copied()
            .filter(move |a| a.contexts().contains(&self))
    }
}

macro_rules! actions {
    (
        bindable { $( $variant:ident = $name:literal, $desc:literal, [$($ctx:ident),+]; )* }
        internal { $( #[doc = $idoc:literal] $ivariant:ident ( $($ity:ty),* ); )* }
    ) => {
        /// Something the user asked for. Bindable actions have a snake_case name
        /// used in keymap.toml; internal ones come from the terminal layer.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum Action {
            $( #[doc = $desc] $variant, )*
            $( #[doc = $idoc] #[serde(skip)] $ivariant($($ity),*), )*
        }

        impl Action {
            /// Every action a key can be bound to, in help-screen order.
            pub const BINDABLE: &'static [Action] = &[$(Action::$variant),*];

            /// The keymap name ("scroll_down"); empty for internal actions.
            pub fn name(self) -> &'static str {
                match self {
                    $( Action::$variant => $name, )*
                    $( Action::$ivariant(..) => "", )*
                }
            }

            /// One line saying what the action does.
            pub fn description(self) -> &'static str {
                match self {
                    $( Action::$variant => $desc, )*
                    $( Action::$ivariant(..) => $idoc.trim(), )*
                }
            }

            /// The keymap contexts where this action may be bound.
            pub fn contexts(self) -> &'static [Context] {
                match self {
                    $( Action::$variant => &[$(Context::$ctx),+], )*
                    $( Action::$ivariant(..) => &[], )*
                }
            }
        }
    };
}

actions! {
    bindable {
        ScrollDown = "scroll_down", "Scroll down one line", [Reader];
        ScrollUp = "scroll_up", "Scroll up one line", [Reader];
        HalfPageDown = "half_page_down", "Scroll down half a page", [Reader];
        HalfPageUp = "half_page_up", "Scroll up half a page", [Reader];
        PageDown = "page_down", "Scroll down one page", [Reader];
        PageUp = "page_up", "Scroll up one page", [Reader];
        Top = "top", "Go to the first line", [Reader];
        Bottom = "bottom", "Go to the last line", [Reader];
        NextParagraph = "next_paragraph", "Go to the next paragraph", [Reader];
        PrevParagraph = "prev_paragraph", "Go to the previous paragraph", [Reader];
        FocusOther = "focus_other", "Move focus to the other pane", [Reader];
        FocusLeft = "focus_left", "Focus the left pane", [Reader];
        FocusRight = "focus_right", "Focus the right pane", [Reader];
        Search = "search", "Search both accounts as you type", [Reader];
        NextMatch = "next_match", "Go to the next search result", [Reader];
        PrevMatch = "prev_match", "Go to the previous search result", [Reader];
        People = "people", "Open or close the people panel", [Reader];
        NextTopic = "next_topic", "Go to the next paragraph, in either account, sharing a topic with this one", [Reader];
        PrevTopic = "prev_topic", "Go to the previous paragraph sharing a topic with this one", [Reader];
        Counterpart = "counterpart", "Show this paragraph's best counterpart beside it in the other pane", [Reader];
        Links = "links", "Open the links panel for this paragraph", [Reader];
        Sync = "sync", "Keep the other pane on the best counterpart while moving (on/off)", [Reader];
        SetMark = "set_mark", "Set a mark here: then press a letter", [Reader];
        GotoMark = "goto_mark", "Go to a mark: then press its letter", [Reader];
        Help = "help", "Show or hide this help", [Reader];
        Cancel = "cancel", "Close what is open, clear highlights", [Reader, Search, People, Links];
        Quit = "quit", "Quit diptych", [Reader, Search, People, Links];
        Jump = "jump", "Go to the selected result, person or paragraph", [Search, People, Links];
        SelectNext = "select_next", "Select the next row", [Search, People, Links];
        SelectPrev = "select_prev", "Select the previous row (on an empty prompt: recall an earlier query)", [Search, People, Links];
        FocusText = "focus_text", "Back to the text; the panel stays open", [People, Links];
        ClosePanel = "close_panel", "Close the panel", [People, Links];
        DeleteBack = "delete_back", "Delete the character before the cursor", [Search, People];
        DeleteForward = "delete_forward", "Delete the character under the cursor", [Search, People];
        DeleteWord = "delete_word", "Delete the word before the cursor", [Search, People];
        ClearLine = "clear_line", "Delete everything before the cursor", [Search, People];
        CursorLeft = "cursor_left", "Move the cursor left", [Search, People];
        CursorRight = "cursor_right", "Move the cursor right", [Search, People];
        CursorHome = "cursor_home", "Move the cursor to the start", [Search, People];
        CursorEnd = "cursor_end", "Move the cursor to the end", [Search, People];
        None = "none", "Do nothing (unbinds a default key)", [Reader, Search, People, Links];
    }
    internal {
        #[doc = " The terminal is now this many columns and rows."]
        Resize(u16, u16);
        #[doc = " The mouse wheel turned at a column and row; true is down."]
        Wheel(u16, u16, bool);
        #[doc = " A mouse click at a column and row."]
        Click(u16, u16);
        #[doc = " A character typed into the prompt."]
        Insert(char);
    }
}

impl std::str::FromStr for Action {
    type Err = ();

    /// The bindable action named `s`.
    fn from_str(s: &str) -> Result<Action, ()> {
        Action::BINDABLE
            .iter()
            .copied()
            .find(|a| a.name() == s)
            .ok_or(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_agree_with_serde() {
        for a in Action::BINDABLE {
            let json = serde_json::to_string(a).expect("serialises");
            assert_eq!(json, format!("\"{}\"", a.name()));
            assert_eq!(a.name().parse::<Action>(), Ok(*a));
            assert!(!a.description().is_empty());
            assert!(!a.contexts().is_empty());
        }
        assert!(Action::Resize(1, 1).name().is_empty());
        assert!(
            Action::Resize(1, 1)
                .description()
                .starts_with("The terminal")
        );
    }
}
