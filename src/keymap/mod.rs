//! keymap.toml → bindings. The shipped keymap is compiled in; a user's file
//! merges over it, key by key. Every mistake in a file (unknown context,
//! unparsable key, unknown action, one key bound twice) is reported with the
//! file, line and column, and the valid choices.

mod key;

pub use key::{KEY_FORMS, Key, KeyCode};

use crate::app::action::{Action, Context};
use crate::error::{Error, Result};
use std::collections::BTreeMap;
use std::path::Path;
use toml::Spanned;

/// The shipped keymap, compiled in from the repository's keymap.toml.
pub const DEFAULT_KEYMAP: &str = include_str!("../../keymap.toml");

/// Key bindings, per context.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Keymap {
    bindings: BTreeMap<Context, BTreeMap<Key, Action>>,
}

/// A file's raw shape: tables of "key" = "action", with positions.
type RawKeymap = BTreeMap<Spanned<String>, BTreeMap<Spanned<String>, Spanned<String>>>;

impl Keymap {
    /// The shipped keymap.
    pub fn default_keymap() -> Result<Keymap> {
        Keymap::parse(DEFAULT_KEYMAP, "keymap.toml (built in)")
    }

    /// Parses keymap `source`, naming it `file` in errors.
    pub fn parse(source: &str, file: &str) -> Result<Keymap> {
        let at = |offset: usize, msg: String| Error::config_at(file, source, offset, msg);
        let raw: RawKeymap = crate::config::parse_toml(source, file)?;
        let mut keymap = Keymap::default();
        for (ctx_name, table) in raw {
            let context = Context::from_name(ctx_name.get_ref()).ok_or_else(|| {
                at(
                    ctx_name.span().start,
                    format!(
                        "unknown context [{}]; valid contexts: {}",
                        ctx_name.get_ref(),
                        Context::ALL.map(Context::name).join(", ")
                    ),
                )
            })?;
            let mut seen: BTreeMap<Key, (String, usize)> = BTreeMap::new();
            let bindings = keymap.bindings.entry(context).or_default();
            for (key_text, action_text) in table {
                let key: Key = key_text
                    .get_ref()
                    .parse()
                    .map_err(|e: String| at(key_text.span().start, e))?;
                let action = action_text
                    .get_ref()
                    .parse::<Action>()
                    .ok()
                    .filter(|a| a.contexts().contains(&context))
                    .ok_or_else(|| {
                        at(
                            action_text.span().start,
                            format!(
                                "no action named '{}' in [{}]; valid actions: {}",
                                action_text.get_ref(),
                                context.name(),
                                context
                                    .actions()
                                    .map(Action::name)
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        )
                    })?;
                if let Some((first, offset)) = seen.get(&key) {
                    let (line, _) = crate::error::line_column(source, *offset);
                    return Err(at(
                        key_text.span().start,
                        format!(
                            "key {key} is bound twice in [{}]: as \"{first}\" on line {line} and as \"{}\" here; keep one",
                            context.name(),
                            key_text.get_ref()
                        ),
                    ));
                }
                seen.insert(key, (key_text.get_ref().clone(), key_text.span().start));
                bindings.insert(key, action);
            }
        }
        Ok(keymap)
    }

    /// Reads and parses the keymap file at `path`.
    pub fn from_file(path: &Path) -> Result<Keymap> {
        let source = crate::text::read_text(path).or_else(|e| match e {
            Error::Empty { .. } => Ok(String::new()),
            other => Err(other),
        })?;
        Keymap::parse(&source, &path.display().to_string())
    }

    /// The shipped keymap with `user` merged over it: each key the user binds
    /// replaces the default binding of that key in that context.
    pub fn merged(mut self, user: Keymap) -> Keymap {
        for (context, bindings) in user.bindings {
            self.bindings.entry(context).or_default().extend(bindings);
        }
        self
    }

    /// The keymap in effect: the shipped one, with `explicit` (from --keymap)
    /// or else `$XDG_CONFIG_HOME/diptych/keymap.toml` merged over it.
    pub fn load(explicit: Option<&Path>) -> Result<Keymap> {
        let default = Keymap::default_keymap()?;
        let user_path = match explicit {
            Some(p) => Some(p.to_path_buf()),
            None => user_keymap_path().filter(|p| p.is_file()),
        };
        match user_path {
            Some(p) => Ok(default.merged(Keymap::from_file(&p)?)),
            None => Ok(default),
        }
    }

    /// The action bound to `key` in `context`, if any.
    pub fn action(&self, context: Context, key: &Key) -> Option<Action> {
        self.bindings
            .get(&context)
            .and_then(|b| b.get(key))
            .copied()
            .filter(|a| *a != Action::None)
    }

    /// The keys bound to `action` in `context`, in key order.
    pub fn keys_for(&self, context: Context, action: Action) -> Vec<Key> {
        self.bindings
            .get(&context)
            .map(|b| {
                b.iter()
                    .filter(|(_, a)| **a == action)
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
                let keys = self.keys_for(context, action);
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
        let key_w = rows
            .iter()
            .map(|r| keys_text(&r.2).chars().count())
            .max()
            .unwrap_or(0);
        let act_w = rows.iter().map(|r| r.1.name().len()).max().unwrap_or(0);
        let mut out = String::new();
        let mut last = None;
        for (context, action, keys) in rows {
            if last != Some(context) {
                if last.is_some() {
                    out.push('\n');
                }
                out.push_str(&format!("[{}]\n", context.name()));
                last = Some(context);
            }
            let k = crate::text::sanitize::sanitize(&keys_text(&keys)).into_owned();
            let pad = key_w - k.chars().count();
            out.push_str(&format!(
                "{k}{:pad$}  {:act_w$}  {}\n",
                "",
                action.name(),
                action.description()
            ));
        }
        out
    }
}

/// Keys joined for display: `j <Down>`.
pub fn keys_text(keys: &[Key]) -> String {
    keys.iter()
        .map(Key::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `$XDG_CONFIG_HOME/diptych/keymap.toml`, or `~/.config/diptych/keymap.toml`.
pub fn user_keymap_path() -> Option<std::path::PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".config")))?;
    Some(base.join("diptych").join("keymap.toml"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(
            err("[nope]\n\"j\" = \"quit\"\n"),
            "k.toml:1:2: unknown context [nope]; valid contexts: reader, search, people, links"
        );
        assert_eq!(
            err("[reader]\n\" \" = \"quit\"\n\"<Space>\" = \"help\"\n"),
            "k.toml:3:1: key <Space> is bound twice in [reader]: as \" \" on line 2 and as \"<Space>\" here; keep one"
        );
        assert!(err("[reader]\n\"j\" = 3\n").starts_with("k.toml:2:7: "));
        assert!(err("[reader\n").starts_with("k.toml:1:"));
        assert!(err("[search]\n\"j\" = \"top\"\n").contains("valid actions: cancel, quit, jump"));
    }

    #[test]
    fn user_keys_merge_over_defaults() {
        let user =
            Keymap::parse("[reader]\n\"j\" = \"bottom\"\n\"q\" = \"none\"\n", "u").expect("parses");
        let k = Keymap::default_keymap().expect("default").merged(user);
        let r = |s: &str| k.action(Context::Reader, &s.parse().expect("key"));
        assert_eq!(r("j"), Some(Action::Bottom));
        assert_eq!(r("q"), None);
        assert_eq!(r("k"), Some(Action::ScrollUp));
    }

    #[test]
    fn show_lists_every_context() {
        let s = Keymap::default_keymap().expect("default").show();
        assert!(s.starts_with("[reader]\n"));
        assert!(s.contains("\n[search]\n"));
        assert!(
            s.lines()
                .any(|l| l.starts_with("j <Down>") && l.contains("scroll_down"))
        );
    }
}
