//! keymap.toml → bindings. The shipped keymap is compiled in; a user's file
//! merges over it, key by key. Every mistake in a file (unknown context,
//! unparsable key, unknown action, one key bound twice, a printable key
//! bound where text is typed, no way to quit) is reported with the file,
//! line and column, and the valid choices; `keymap check` lists twenty and counts the rest.
//! A `[layout]` table maps keys of other keyboard layouts ([`keyboard`]).

pub mod keyboard;

pub use crate::key::{KEY_FORMS, Key, KeyCode};

use crate::action::{Action, Context};
use diptych_core::error::{Error, Result};
use std::collections::BTreeMap;
use std::path::Path;
use toml::Spanned;

/// The shipped keymap, compiled in from the repository's keymap.toml.
pub const DEFAULT_KEYMAP: &str = include_str!("../../../../keymap.toml");

/// Key bindings, per context, and the keyboard layout table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Keymap {
    bindings: BTreeMap<Context, BTreeMap<Key, Action>>,
    /// Keys of other layouts, from the `[layout]` table, over the defaults.
    keyboard: BTreeMap<char, char>,
}

/// A file's raw shape: tables of "key" = "action", with positions.
type RawKeymap = BTreeMap<Spanned<String>, BTreeMap<Spanned<String>, Spanned<String>>>;

impl Keymap {
    /// The shipped keymap.
    pub fn default_keymap() -> Result<Keymap> {
        Keymap::parse(DEFAULT_KEYMAP, "keymap.toml (built in)")
    }

    /// Parses keymap `source`, naming it `file` in errors: the first error
    /// (with how many more there are).
    pub fn parse(source: &str, file: &str) -> Result<Keymap> {
        let (keymap, mut errors) = Keymap::parse_all(source, file);
        if errors.is_empty() {
            return Ok(keymap);
        }
        let more = errors.len() - 1;
        let first = errors.remove(0);
        if more == 0 {
            return Err(first);
        }
        Err(match first {
            Error::Config {
                file,
                line,
                column,
                message,
            } => Error::Config {
                file,
                line,
                column,
                message: format!("{message} (and {more} more: diptych keymap check lists them)"),
            },
            other => other,
        })
    }

    /// Parses keymap `source`: what could be read, and every error.
    pub fn parse_all(source: &str, file: &str) -> (Keymap, Vec<Error>) {
        // One index of the lines for every error's position: a file of a
        // million bad lines is read once, not once an error.
        let lines = diptych_core::error::LineIndex::new(source);
        let at = |offset: usize, msg: String| lines.error(file, source, offset, msg);
        let raw: RawKeymap = match diptych_core::user_files::parse_toml(source, file) {
            Ok(r) => r,
            Err(e) => return (Keymap::default(), vec![e]),
        };
        let mut keymap = Keymap::default();
        let mut errors = Vec::new();
        for (ctx_name, table) in raw {
            if ctx_name.get_ref() == "layout" {
                keyboard_table(table, &mut keymap, &mut errors, &at);
                continue;
            }
            let Some(context) = Context::from_name(ctx_name.get_ref()) else {
                errors.push(at(
                    ctx_name.span().start,
                    format!(
                        "unknown context [{}]; valid contexts: {}, layout",
                        ctx_name.get_ref(),
                        Context::ALL.map(Context::name).join(", ")
                    ),
                ));
                continue;
            };
            let mut seen: BTreeMap<Key, (String, usize)> = BTreeMap::new();
            for (key_text, action_text) in table {
                let key: Key = match key_text.get_ref().parse() {
                    Ok(k) => k,
                    Err(e) => {
                        errors.push(at(key_text.span().start, e.0));
                        continue;
                    }
                };
                let action = action_text
                    .get_ref()
                    .parse::<Action>()
                    .ok()
                    .filter(|a| a.contexts().contains(&context));
                let Some(action) = action else {
                    errors.push(at(
                        action_text.span().start,
                        format!(
                            "no action named '{}' in [{}]; valid actions: {}",
                            action_text.get_ref(),
                            context.name(),
                            context
                                .actions()
                                .map(|a| a.name())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    ));
                    continue;
                };
                if let Some((first, offset)) = seen.get(&key) {
                    let (line, _) = diptych_core::error::line_column(source, *offset);
                    errors.push(at(
                        key_text.span().start,
                        format!(
                            "key {key} is bound twice in [{}]: as \"{first}\" on line {line} and as \"{}\" here; keep one",
                            context.name(),
                            key_text.get_ref()
                        ),
                    ));
                    continue;
                }
                // (In the people panel, a key no name holds may act: /.)
                let typed = key
                    .typed_char()
                    .filter(|&c| context != Context::People || crate::action::in_a_name(c));
                if context.takes_text()
                    && typed.is_some()
                    && action != Action::None
                    && !action.acts_on_empty_filter()
                {
                    errors.push(at(
                        key_text.span().start,
                        format!(
                            "key {key} is bound to {} in [{}], where it could never be typed: bind a key with Ctrl or Alt, or a named key",
                            action.name(),
                            context.name()
                        ),
                    ));
                    continue;
                }
                seen.insert(key, (key_text.get_ref().clone(), key_text.span().start));
                keymap
                    .bindings
                    .entry(context)
                    .or_default()
                    .insert(key, action);
            }
        }
        (keymap, errors)
    }

    /// Reads and parses the keymap file at `path`.
    pub fn from_file(path: &Path) -> Result<Keymap> {
        let source = read_keymap(path)?;
        Keymap::parse(&source, &path.display().to_string())
    }

    /// Checks the keymap file at `path` as it would be used (merged over
    /// the shipped one): every error, none when it is fine.
    pub fn check_file(path: &Path) -> Result<Vec<Error>> {
        let source = read_keymap(path)?;
        let file = path.display().to_string();
        let (user, mut errors) = Keymap::parse_all(&source, &file);
        let merged = Keymap::default_keymap()?.merged(user);
        if let Some(e) = merged.missing_quit(&file, &source) {
            errors.push(e);
        }
        Ok(errors)
    }

    /// An error when the reader has no key bound to quit.
    fn missing_quit(&self, file: &str, source: &str) -> Option<Error> {
        let quits = self.keys_for(Context::Reader, &Action::Quit);
        quits.is_empty().then(|| {
            let at = source.find("[reader]").unwrap_or(0);
            Error::config_at(
                file,
                source,
                at,
                "no key quits the reader: bind one to \"quit\" in [reader]",
            )
        })
    }

    /// The shipped keymap with `user` merged over it: each key the user binds
    /// replaces the default binding of that key in that context.
    pub fn merged(mut self, user: Keymap) -> Keymap {
        for (context, bindings) in user.bindings {
            self.bindings.entry(context).or_default().extend(bindings);
        }
        self.keyboard.extend(user.keyboard);
        self
    }

    /// The keymap in effect: the shipped one, with `explicit` (from --keymap)
    /// or else `$XDG_CONFIG_HOME/diptych/keymap.toml` merged over it.
    pub fn load(explicit: Option<&Path>) -> Result<Keymap> {
        let default = Keymap::default_keymap()?;
        let user_path = match explicit {
            Some(p) => Some(p.to_path_buf()),
            None => diptych_core::user_files::config_file("keymap.toml").filter(|p| p.is_file()),
        };
        let Some(p) = user_path else {
            return Ok(default);
        };
        let source = read_keymap(&p)?;
        let file = p.display().to_string();
        let merged = default.merged(Keymap::parse(&source, &file)?);
        match merged.missing_quit(&file, &source) {
            Some(e) => Err(e),
            None => Ok(merged),
        }
    }

    /// The action bound to `key` in `context`, if any.
    pub fn action(&self, context: Context, key: &Key) -> Option<Action> {
        self.bindings
            .get(&context)
            .and_then(|b| b.get(key))
            .filter(|a| **a != Action::None)
            .cloned()
    }

    /// The Latin key at the place of `c` on another keyboard layout, if `c`
    /// is one (the `[layout]` table first, then the built-in tables).
    pub fn remap(&self, c: char) -> Option<char> {
        self.keyboard
            .get(&c)
            .copied()
            .or_else(|| keyboard::latin(c))
    }

    /// The keys bound to `action` in `context`, in key order.
    pub fn keys_for(&self, context: Context, action: &Action) -> Vec<Key> {
        self.bindings
            .get(&context)
            .map(|b| {
                b.iter()
                    .filter(|(_, a)| *a == action)
                    .map(|(k, _)| *k)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// For each context, each bound action (in help order) with its keys.
    pub fn rows(&self) -> Vec<(Context, Action, Vec<Key>)> {
        let mut rows = Vec::new();
        for context in Context::ALL {
            for action in context.actions() {
                let keys = self.keys_for(context, &action);
                if !keys.is_empty() && action != Action::None {
                    rows.push((context, action, keys));
                }
            }
        }
        rows
    }

    /// The effective bindings as text: one `[context]` header per context,
    /// then `keys  action  description` lines.
    pub fn show(&self) -> String {
        let rows = self.rows();
        let shown: Vec<String> = rows
            .iter()
            .map(|r| keys_cut(&r.2, SHOW_KEYS_WIDTH))
            .collect();
        let key_w = shown
            .iter()
            .map(|k| diptych_core::wrap::display_width(k))
            .max()
            .unwrap_or(0);
        let act_w = rows.iter().map(|r| r.1.name().len()).max().unwrap_or(0);
        let mut out = String::new();
        let mut last = None;
        for ((context, action, _), k) in rows.iter().zip(&shown) {
            if last != Some(*context) {
                if last.is_some() {
                    out.push('\n');
                }
                out.push_str(&format!("[{}]\n", context.name()));
                last = Some(*context);
            }
            let pad = key_w.saturating_sub(diptych_core::wrap::display_width(k));
            out.push_str(&format!(
                "{k}{:pad$}  {:act_w$}  {}\n",
                "",
                action.name(),
                action.description()
            ));
        }
        out
    }

    /// A context's bindings as a Markdown table (the keys tables of the
    /// README and docs/GUIDE.md are this, checked by a test).
    pub fn markdown(&self, context: Context) -> String {
        let mut out = String::from("| keys | action | what it does |\n|---|---|---|\n");
        for (c, action, keys) in self.rows() {
            if c != context {
                continue;
            }
            let k: Vec<String> = keys
                .iter()
                .map(|key| {
                    let k = key.to_string().replace('|', "\\|");
                    // A backtick is code only between two of its own.
                    let code = if k.contains('`') {
                        format!("`` {k} ``")
                    } else {
                        format!("`{k}`")
                    };
                    if key.kitty_only() {
                        format!("{code} {KITTY_NOTE}")
                    } else {
                        code
                    }
                })
                .collect();
            out.push_str(&format!(
                "| {} | {} | {} |\n",
                k.join(" "),
                action.name(),
                action.description()
            ));
        }
        out
    }
}

/// Reads a keymap file (an empty file is an empty keymap).
fn read_keymap(path: &Path) -> Result<String> {
    diptych_core::user_files::read_config(path).map_err(|e| e.reading("the keymap "))
}

/// `[layout]`: one character of another keyboard layout for one of a US
/// keyboard, each pair into `keymap`, anything else an error.
fn keyboard_table(
    table: impl IntoIterator<Item = (toml::Spanned<String>, toml::Spanned<String>)>,
    keymap: &mut Keymap,
    errors: &mut Vec<Error>,
    at: &impl Fn(usize, String) -> Error,
) {
    for (from, to) in table {
        let (mut f, mut t) = (from.get_ref().chars(), to.get_ref().chars());
        match (f.next(), f.next(), t.next(), t.next()) {
                (Some(a), None, Some(b), None) => {
                    keymap.keyboard.insert(a, b);
                }
                _ => errors.push(at(
                    from.span().start,
                    format!(
                        "in [layout], write one character for another: \"ы\" = \"s\" (got \"{}\" = \"{}\")",
                        from.get_ref(),
                        to.get_ref()
                    ),
                )),
            }
    }
}

/// The widest the keys column of `keymap show` grows, in cells.
const SHOW_KEYS_WIDTH: usize = 40;

/// `keys` as [`keys_text`] writes them, made safe, and cut to at most
/// `max` cells with a count of those left out (`a b c … +21997`): a keymap
/// may bind thousands of keys to one action.
fn keys_cut(keys: &[Key], max: usize) -> String {
    let mut out = String::new();
    for (i, k) in keys.iter().enumerate() {
        let k = diptych_core::text::sanitize::sanitize(&keys_text(std::slice::from_ref(k)))
            .into_owned();
        let sep = if out.is_empty() { "" } else { " " };
        let more = format!(" … +{}", keys.len() - i);
        let room = max.saturating_sub(diptych_core::wrap::display_width(&more));
        let last = i + 1 == keys.len();
        let width = diptych_core::wrap::display_width(&out)
            + sep.len()
            + diptych_core::wrap::display_width(&k);
        if width > if last { max } else { room } && !out.is_empty() {
            out.push_str(&more);
            return out;
        }
        out.push_str(sep);
        out.push_str(&k);
    }
    out
}

/// Keys joined for display: `j <Down>`.
pub fn keys_text(keys: &[Key]) -> String {
    keys.iter()
        .map(|k| {
            if k.kitty_only() {
                format!("{k} {KITTY_NOTE}")
            } else {
                k.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Said after a key only a terminal speaking the kitty keyboard protocol
/// sends ([`Key::kitty_only`]).
pub const KITTY_NOTE: &str = "(kitty)";

#[cfg(test)]
mod tests {
    use super::*;

    /// A keymap binding thousands of keys to one action shows, its keys
    /// column cut with a count (was a formatting panic).
    #[test]
    fn thousands_of_keys_to_one_action_show_cut() {
        let mut src = String::from("[reader]\n");
        for c in ('\u{4e00}'..).take(22_000) {
            src.push_str(&format!("\"{c}\" = \"quit\"\n"));
        }
        let km = Keymap::default_keymap()
            .expect("default")
            .merged(Keymap::parse(&src, "k.toml").expect("parses"));
        let shown = km.show();
        let quit = shown
            .lines()
            .find(|l| l.contains("quit"))
            .expect("quit row");
        assert!(quit.contains("… +"), "{quit}");
        assert!(
            shown
                .lines()
                .all(|l| diptych_core::wrap::display_width(l) < 200)
        );
    }

    fn err(src: &str) -> String {
        Keymap::parse(src, "k.toml").unwrap_err().to_string()
    }

    #[test]
    fn shipped_keymap_parses_and_binds_the_documented_keys() {
        let k = Keymap::default_keymap().expect("shipped keymap parses");
        let r = |s: &str| k.action(Context::Reader, &s.parse().expect("key"));
        assert_eq!(r("j"), Some(Action::ScrollDown));
        assert_eq!(r("<Down>"), Some(Action::ScrollDown));
        assert_eq!(r("<C-d>"), Some(Action::HalfPageDown));
        assert_eq!(r("<Space>"), Some(Action::PageDown));
        assert_eq!(r("b"), Some(Action::PageUp));
        assert_eq!(r("G"), Some(Action::Bottom));
        assert_eq!(r("}"), Some(Action::NextParagraph));
        assert_eq!(r("<Tab>"), Some(Action::FocusOther));
        assert_eq!(r("<C-o>"), Some(Action::JumpBack));
        assert_eq!(r("?"), Some(Action::Help));
        assert_eq!(r("q"), Some(Action::Quit));
        assert_eq!(r("<C-c>"), Some(Action::Quit));
    }

    #[test]
    fn errors_name_line_column_and_choices() {
        assert!(err("[reader]\n\"j\" = \"scrol_down\"\n").starts_with(
            "k.toml:2:7: no action named 'scrol_down' in [reader]; valid actions: scroll_down, scroll_up,"
        ));
        assert!(
            err("[reader]\n\"<C-Foo>\" = \"quit\"\n")
                .starts_with("k.toml:2:1: unknown key name 'Foo'")
        );
        assert!(
            err("[nope]\n\"j\" = \"quit\"\n")
                .starts_with("k.toml:1:2: unknown context [nope]; valid contexts: reader, search,")
        );
        assert_eq!(
            err("[reader]\n\" \" = \"quit\"\n\"<Space>\" = \"help\"\n"),
            "k.toml:3:1: key <Space> is bound twice in [reader]: as \" \" on line 2 and as \"<Space>\" here; keep one"
        );
        assert!(err("[reader]\n\"j\" = 3\n").starts_with("k.toml:2:7: "));
        assert!(err("[reader\n").starts_with("k.toml:1:"));
        assert!(
            err("[search]\n\"<C-j>\" = \"top\"\n")
                .contains("valid actions: help, cancel, quit, jump")
        );
    }

    #[test]
    fn traps_are_errors_and_all_are_listed() {
        let src = "[search]\n\"j\" = \"select_next\"\n\"<C-j>\" = \"select_next\"\n[people]\n\"x\" = \"jump\"\n[reader]\n\"q\" = \"none\"\n\"<C-c>\" = \"none\"\n";
        let (_, errors) = Keymap::parse_all(src, "k.toml");
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(text.len(), 2, "{text:?}");
        assert!(text.iter().any(|t| t.starts_with("k.toml:2:1: key j is bound to select_next in [search], where it could never be typed")), "{text:?}");
        assert!(
            text.iter().any(|t| t.starts_with("k.toml:5:1: key x")),
            "{text:?}"
        );
        let e = err(src);
        assert!(
            e.contains("(and 1 more: diptych keymap check lists them)"),
            "{e}"
        );
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("k.toml");
        std::fs::write(&f, src).expect("write");
        let all = Keymap::check_file(&f).expect("reads");
        assert_eq!(all.len(), 3, "{all:?}");
        assert!(all[2].to_string().contains("no key quits the reader"));
    }

    #[test]
    fn user_keys_merge_over_defaults() {
        let user = Keymap::parse(
            "[reader]\n\"j\" = \"bottom\"\n\"q\" = \"none\"\n[layout]\n\"ы\" = \"j\"\n",
            "u",
        )
        .expect("parses");
        let k = Keymap::default_keymap().expect("default").merged(user);
        let r = |s: &str| k.action(Context::Reader, &s.parse().expect("key"));
        assert_eq!(r("j"), Some(Action::Bottom));
        assert_eq!(r("q"), None);
        assert_eq!(r("k"), Some(Action::ScrollUp));
        assert_eq!(k.remap('ы'), Some('j'));
        assert_eq!(k.remap('о'), Some('j'));
    }

    #[test]
    fn show_lists_every_context() {
        let s = Keymap::default_keymap().expect("default").show();
        assert!(s.starts_with("[reader]\n"));
        assert!(s.contains("\n[search]\n"));
        assert!(
            s.lines()
                .any(|l| l.contains("j <Down>") && l.contains("scroll_down"))
        );
    }
}
