//! Everything a user can ask for, and everything else that changes the
//! state: one [`Action`] enum. Bindable variants carry a snake_case name
//! (the keymap's vocabulary), a one-line description (the help screen) and
//! the contexts where a key may be bound to them; internal variants carry
//! what the terminal layer and the background workers report.

use crate::key::Key;
use crate::worker::Done;
use diptych_core::reading_places::SavedPlace;
use serde::{Deserialize, Serialize};

/// Where a key binding applies: one table of keymap.toml each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Context {
    /// Reading the two panes.
    Reader,
    /// Typing a search query and choosing a result.
    Search,
    /// The people panel has the keyboard.
    People,
    /// The links panel has the keyboard.
    Links,
    /// The outline panel has the keyboard.
    Outline,
    /// The overview map has the keyboard.
    Map,
    /// The go-to prompt (`:`).
    Goto,
    /// The help screen.
    Help,
}

impl Context {
    /// All contexts, in the order the help screen shows them.
    pub const ALL: [Context; 8] = [
        Context::Reader,
        Context::Search,
        Context::People,
        Context::Links,
        Context::Outline,
        Context::Map,
        Context::Goto,
        Context::Help,
    ];

    /// The keymap table name.
    pub fn name(self) -> &'static str {
        match self {
            Context::Reader => "reader",
            Context::Search => "search",
            Context::People => "people",
            Context::Links => "links",
            Context::Outline => "outline",
            Context::Map => "map",
            Context::Goto => "goto",
            Context::Help => "help",
        }
    }

    /// The context named `name`, if any.
    pub fn from_name(name: &str) -> Option<Context> {
        Context::ALL.into_iter().find(|c| c.name() == name)
    }

    /// True where typing enters text (a prompt or a filter): a printable
    /// key bound there could never be typed, and keyboard layouts are
    /// never remapped there.
    pub fn takes_text(self) -> bool {
        matches!(
            self,
            Context::Search | Context::People | Context::Outline | Context::Goto | Context::Help
        )
    }

    /// The actions a key may be bound to in this context.
    pub fn actions(self) -> impl Iterator<Item = Action> {
        Action::BINDABLE
            .iter()
            .filter(move |a| a.contexts().contains(&self))
            .cloned()
    }
}

macro_rules! actions {
    (
        bindable { $( $variant:ident = $name:literal, $desc:literal, [$($ctx:ident),+]; )* }
        internal { $( #[doc = $idoc:literal] $ivariant:ident ( $($ity:ty),* ); )* }
    ) => {
        /// Something that changes the state. Bindable actions have a
        /// snake_case name used in keymap.toml; internal ones come from the
        /// terminal layer and the background workers.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum Action {
            $( #[doc = $desc] $variant, )*
            $( #[doc = $idoc] #[serde(skip)] $ivariant($($ity),*), )*
        }

        impl Action {
            /// Every action a key can be bound to, in help-screen order.
            pub const BINDABLE: &'static [Action] = &[$(Action::$variant),*];

            /// The keymap name ("scroll_down"); empty for internal actions.
            pub fn name(&self) -> &'static str {
                match self {
                    $( Action::$variant => $name, )*
                    $( Action::$ivariant(..) => "", )*
                }
            }

            /// One line saying what the action does.
            pub fn description(&self) -> &'static str {
                match self {
                    $( Action::$variant => $desc, )*
                    $( Action::$ivariant(..) => $idoc.trim(), )*
                }
            }

            /// The keymap contexts where this action may be bound.
            pub fn contexts(&self) -> &'static [Context] {
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
        ScrollDown = "scroll_down", "Scroll down one line (a count scrolls that many)", [Reader, Help];
        ScrollUp = "scroll_up", "Scroll up one line (a count scrolls that many)", [Reader, Help];
        HalfPageDown = "half_page_down", "Scroll down half a page", [Reader, Help];
        HalfPageUp = "half_page_up", "Scroll up half a page", [Reader, Help];
        PageDown = "page_down", "Scroll down one page", [Reader, Help];
        PageUp = "page_up", "Scroll up one page", [Reader, Help];
        Top = "top", "Go to the first paragraph (a jump)", [Reader];
        Bottom = "bottom", "Go to the last paragraph, or to paragraph N with a count: 12G (a jump)", [Reader];
        NextParagraph = "next_paragraph", "Move the cursor to the next paragraph", [Reader];
        PrevParagraph = "prev_paragraph", "Move the cursor to the previous paragraph", [Reader];
        NextSentence = "next_sentence", "Move the sentence cursor to the next sentence (its counterpart marked in a translation)", [Reader];
        PrevSentence = "prev_sentence", "Move the sentence cursor to the previous sentence", [Reader];
        FocusOther = "focus_other", "Move focus to the other pane (neither pane moves)", [Reader];
        FocusLeft = "focus_left", "Focus the left (or upper) pane", [Reader];
        FocusRight = "focus_right", "Focus the right (or lower) pane", [Reader];
        Goto = "goto", "Go to a paragraph: 12, or 5.8 (sentence 8 of paragraph 5), or a reference such as sk1815 ¶5.8", [Reader];
        NextGap = "next_gap", "Go to the next run of paragraphs (or the next sentence, with the sentence cursor on) the translation leaves without a counterpart", [Reader];
        PrevGap = "prev_gap", "Go to the previous run of paragraphs (or sentence) without a counterpart", [Reader];
        JumpBack = "jump_back", "Go back to where the cursor was before the last jump (jump list, both panes)", [Reader];
        JumpForward = "jump_forward", "Go forward again in the jump list", [Reader];
        Search = "search", "Search both accounts as you type", [Reader, People];
        NextMatch = "next_match", "Next search result or mention of the chosen person (whichever was chosen last)", [Reader];
        PrevMatch = "prev_match", "Previous search result or mention of the chosen person", [Reader];
        People = "people", "Open or close the people and places panel", [Reader];
        Outline = "outline", "Open the outline: the headings of both accounts", [Reader];
        Map = "map", "Open the overview map: people and topics against the paragraphs of both accounts", [Reader, Map];
        NextTopic = "next_topic", "Go to the next paragraph, in either account, sharing a topic with the cursor's", [Reader];
        PrevTopic = "prev_topic", "Go to the previous paragraph sharing a topic with the cursor's", [Reader];
        Counterpart = "counterpart", "Put the best counterpart of the cursor paragraph (or translated sentence) beside it", [Reader];
        Links = "links", "Open the links panel for the cursor paragraph", [Reader];
        Sync = "sync", "Keep the other pane on the counterpart of the cursor paragraph (on/off)", [Reader];
        SetMark = "set_mark", "Set a mark at the cursor: then press a letter", [Reader];
        GotoMark = "goto_mark", "Go to a mark: then press its letter ('' goes back before the last jump)", [Reader];
        Reposition = "reposition", "Then z, t or b: put the cursor paragraph in the middle, at the top or at the bottom of the pane", [Reader];
        Percent = "percent", "Go to N% of the text, with a count: 50% (a jump)", [Reader];
        Copy = "copy", "Copy the cursor paragraph (or sentence) with its reference to the clipboard (OSC 52)", [Reader];
        CopyWithCounterpart = "copy_with_counterpart", "Copy the cursor sentence (or paragraph) and its counterpart, a tab between, to the clipboard", [Reader];
        ToggleMouse = "toggle_mouse", "Mouse capture on/off (off lets the terminal select text)", [Reader];
        ToggleFold = "toggle_fold", "Show or fold the front or back matter under the cursor", [Reader];
        Suspend = "suspend", "Suspend diptych (fg brings it back)", [Reader];
        Help = "help", "Show or hide this help", [Reader, Search, People, Links, Outline, Map, Goto, Help];
        Cancel = "cancel", "Close what is open; in the text, clear highlights (n/N still step)", [Reader, Search, People, Links, Outline, Map, Goto, Help];
        Quit = "quit", "Quit diptych", [Reader, Search, People, Links, Outline, Map, Goto, Help];
        Jump = "jump", "Go to the selected result, person, paragraph or heading", [Search, People, Links, Outline, Map, Goto];
        SelectNext = "select_next", "Select the next row", [Search, People, Links, Outline, Map, Help];
        SelectPrev = "select_prev", "Select the previous row (in search, with the prompt empty: recall an earlier query)", [Search, People, Links, Outline, Map, Help];
        TogglePreview = "toggle_preview", "Show or hide a preview of the selected result or link, beside the paragraph it goes with", [Search, Links];
        ToggleFuzzy = "toggle_fuzzy", "Fuzzy matches (letters in order) on/off: off, only close matches", [Search];
        NextColumn = "next_column", "Move to the next paragraph column", [Map];
        PrevColumn = "prev_column", "Move to the previous paragraph column", [Map];
        ChooseRow = "choose_row", "Highlight the selected row's person or topic in the panes (n/N step through it)", [Map];
        NextTab = "next_tab", "Switch between the people, the places and the hidden list", [People];
        HideEntry = "hide_entry", "Hide the selected entry as neither a person nor a place (in the hidden list: show it again); with the filter empty", [People];
        MergeEntry = "merge_entry", "Merge the selected entry into another, chosen from a filter list; also after filtering", [People];
        SplitEntry = "split_entry", "Split one form out of the selected entry, chosen from its forms; with the filter empty", [People];
        ToggleKind = "toggle_kind", "Turn the selected entry from a person into a place, or back; with the filter empty", [People];
        UndoCuration = "undo_curation", "Undo the last hide, merge, split or change of kind; with the filter empty", [People];
        FocusText = "focus_text", "Back to the text; the panel stays open", [People, Links, Outline, Map];
        ClosePanel = "close_panel", "Close the panel", [People, Links, Outline, Map];
        DeleteBack = "delete_back", "Delete the character before the cursor", [Search, People, Outline, Goto, Help];
        DeleteForward = "delete_forward", "Delete the character under the cursor", [Search, People, Outline, Goto, Help];
        DeleteWord = "delete_word", "Delete the word before the cursor", [Search, People, Outline, Goto, Help];
        ClearLine = "clear_line", "Delete everything before the cursor", [Search, People, Outline, Goto, Help];
        CursorLeft = "cursor_left", "Move the cursor left", [Search, People, Outline, Goto, Help];
        CursorRight = "cursor_right", "Move the cursor right", [Search, People, Outline, Goto, Help];
        CursorHome = "cursor_home", "Move the cursor to the start", [Search, People, Outline, Goto, Help];
        CursorEnd = "cursor_end", "Move the cursor to the end", [Search, People, Outline, Goto, Help];
        None = "none", "Do nothing (unbinds a default key)", [Reader, Search, People, Links, Outline, Map, Goto, Help];
    }
    internal {
        #[doc = " A key was pressed: counts, letters after m and ', bindings."]
        Key(Key);
        #[doc = " The terminal is now this many columns and rows."]
        Resize(u16, u16);
        #[doc = " The mouse wheel turned at a column and row; true is down."]
        Wheel(u16, u16, bool);
        #[doc = " A mouse click at a column and row."]
        Click(u16, u16);
        #[doc = " A character typed into a prompt or filter."]
        Insert(char);
        #[doc = " Text pasted into a prompt or filter (one search for all of it)."]
        Paste(String);
        #[doc = " The letter after m: set that mark."]
        SetMarkAt(char);
        #[doc = " The letter after ': go to that mark."]
        GotoMarkAt(char);
        #[doc = " Put the reader back where a saved place says."]
        Restore(Box<SavedPlace>);
        #[doc = " A background worker finished something."]
        Done(Done);
        #[doc = " Show a one-line notice in the status line."]
        Notice(String);
    }
}

impl std::str::FromStr for Action {
    type Err = ();

    /// The bindable action named `s`.
    fn from_str(s: &str) -> Result<Action, ()> {
        Action::BINDABLE
            .iter()
            .find(|a| a.name() == s)
            .cloned()
            .ok_or(())
    }
}

/// True for a character a name may hold, which the people panel's filter
/// takes when typed: a key of any other (/) may be bound there.
pub fn in_a_name(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, ' ' | '-' | '\'' | '’' | '.')
}

impl Action {
    /// True for the people panel's curation keys: a printable key may be
    /// bound to them, acting while the filter is empty and typed into the
    /// filter otherwise.
    pub fn acts_on_empty_filter(&self) -> bool {
        matches!(
            self,
            Action::HideEntry
                | Action::MergeEntry
                | Action::SplitEntry
                | Action::ToggleKind
                | Action::UndoCuration
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_agree_with_serde() {
        for a in Action::BINDABLE {
            let json = serde_json::to_string(a).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", a.name()));
            assert_eq!(a.name().parse::<Action>(), Ok(a.clone()));
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

    #[test]
    fn text_contexts_are_the_prompts_and_filters() {
        let text: Vec<&str> = Context::ALL
            .into_iter()
            .filter(|c| c.takes_text())
            .map(Context::name)
            .collect();
        assert_eq!(text, ["search", "people", "outline", "goto", "help"]);
    }
}
