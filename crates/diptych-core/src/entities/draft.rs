//! `diptych people --draft`: the people and places found, written as a
//! people.toml to curate. Listed entries keep their forms; found ones get
//! the forms the texts use (exact, `=Кутузова`, except in English and
//! German, whose possessives are derived), with their counts as comments.
//! Loading the draft with `--people` gives the same panel, every entry
//! listed.

use super::{Entities, Kind};
use crate::Lang;
use crate::lang::fold::fold_query;
use crate::lang::tables;
use crate::pair::Pair;
use crate::text::Side;
use std::collections::HashSet;

/// The draft people.toml for `people` of `pair`.
pub fn draft(pair: &Pair, entities: &Entities) -> String {
    let labels = [&pair.accounts[0].meta.label, &pair.accounts[1].meta.label];
    let mut out = String::new();
    let (np, nl) = (entities.people().count(), entities.places().count());
    out.push_str(&format!(
        "# A draft people index for {} and {}, written by `diptych people --draft`:\n\
         # {np} people and {nl} places as found. Correct the names, add years and\n\
         # roles, move or delete what is wrong, then read with it: --people FILE.\n\
         # The format is explained at the top of texts/people.toml in diptych's\n\
         # sources. Forms starting with = are matched exactly as written.\n",
        toml_comment(labels[0]),
        toml_comment(labels[1])
    ));
    let mut ids: HashSet<String> = HashSet::new();
    // Folded form → the entry (by position) that claimed it.
    let mut claimed: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for kind in [Kind::Person, Kind::Place] {
        for (n, p) in entities
            .entries
            .iter()
            .enumerate()
            .filter(|(_, p)| p.kind == kind)
        {
            let mut lists: Vec<(String, Vec<(String, usize)>)> = Vec::new();
            if p.listed {
                for (lang, form) in &p.forms {
                    push_form(&mut lists, lang, form.clone(), 0);
                }
            } else {
                for side in Side::BOTH {
                    let language = pair.account(side).meta.language;
                    let lang = language.map_or("other", Lang::code);
                    // Case forms are listed as found; a possessive is derived.
                    let exact = language.is_none_or(|l| !tables::get(Some(l)).possessive_names);
                    let text = &pair.account(side).text;
                    for m in &p.mentions[side.index()] {
                        let form = text[m.span.clone()]
                            .split_whitespace()
                            .collect::<Vec<_>>()
                            .join(" ");
                        let form = form.as_str();
                        let written = if exact {
                            format!("={form}")
                        } else {
                            form.to_string()
                        };
                        push_form(&mut lists, lang, written, 1);
                    }
                }
            }
            // A form claimed by an earlier entry stays with it.
            for (_, forms) in &mut lists {
                forms.retain(|(f, _)| {
                    let key = fold_query(f.trim_start_matches('=').trim_end_matches('-'));
                    *claimed.entry(key).or_insert(n) == n
                });
            }
            lists.retain(|(_, f)| !f.is_empty());
            if lists.is_empty() {
                continue;
            }
            let id = unique_id(&mut ids, if p.listed { &p.id } else { &p.name });
            out.push_str(if kind == Kind::Person {
                "\n[[person]]\n"
            } else {
                "\n[[place]]\n"
            });
            out.push_str(&format!("id = {}\n", quote(&id)));
            out.push_str(&format!("name = {}\n", quote(&p.name)));
            if !p.years.is_empty() {
                out.push_str(&format!("years = {}\n", quote(&p.years)));
            }
            if !p.role.is_empty() {
                out.push_str(&format!("role = {}\n", quote(&p.role)));
            }
            out.push_str(&format!(
                "# mentions: {} {}, {} {}\n",
                toml_comment(labels[0]),
                p.mentions[0].len(),
                toml_comment(labels[1]),
                p.mentions[1].len()
            ));
            for (lang, forms) in lists {
                let list: Vec<String> = forms.iter().map(|(f, _)| quote(f)).collect();
                let counts: Vec<String> = forms
                    .iter()
                    .filter(|(_, n)| *n > 0)
                    .map(|(_, n)| n.to_string())
                    .collect();
                out.push_str(&format!("{lang} = [{}]", list.join(", ")));
                if !counts.is_empty() {
                    out.push_str(&format!("  # {}", counts.join(", ")));
                }
                out.push('\n');
            }
        }
    }
    out
}

/// Adds `form` to the list of `lang`, counting it.
fn push_form(lists: &mut Vec<(String, Vec<(String, usize)>)>, lang: &str, form: String, n: usize) {
    let lang = Lang::from_code(lang).map_or("other", Lang::code);
    let i = match lists.iter().position(|(l, _)| l == lang) {
        Some(i) => i,
        None => {
            lists.push((lang.to_string(), Vec::new()));
            lists.len() - 1
        }
    };
    match lists[i].1.iter_mut().find(|(f, _)| *f == form) {
        Some((_, c)) => *c += n,
        None => lists[i].1.push((form, n)),
    }
}

/// An id from a name: ASCII letters and digits joined by `-`, unique.
fn unique_id(ids: &mut HashSet<String>, name: &str) -> String {
    let folded = fold_query(name);
    let mut base: String = folded
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if base.is_empty() {
        base = "entry".into();
    }
    let mut id = base.clone();
    let mut n = 2;
    while !ids.insert(id.clone()) {
        id = format!("{base}-{n}");
        n += 1;
    }
    id
}

/// A TOML basic string: quotes, backslashes and controls escaped.
fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// Text safe inside a TOML comment (one line, no controls).
fn toml_comment(s: &str) -> String {
    crate::text::sanitize::sanitize(s).replace(['\n', '\r'], " ")
}
