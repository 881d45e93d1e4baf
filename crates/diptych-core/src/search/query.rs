//! Queries in fzf's syntax: space-separated terms must all match;
//! `'exact` must occur as written (folded), `^prefix` at a word's start,
//! `suffix$` at a word's end, `!term` must not occur, and `a | b` matches
//! either. Every term is folded (case, diacritics, script) and keeps its
//! sound key.

use crate::lang::fold::fold_query;
use crate::lang::sound::sound_key;

/// Where a term must sit in a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// Anywhere (fuzzy, by sound and with typos too).
    Free,
    /// At a word's start (`^term`).
    Start,
    /// At a word's end (`term$`).
    End,
    /// The whole word (`^term$`).
    Word,
}

/// One term, folded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// The folded term.
    pub key: String,
    /// Its sound key.
    pub sound: String,
    /// True when it must occur as written (`'term`, an anchored term, a
    /// `!term`): no sound, typos or fuzz.
    pub exact: bool,
    /// True when typed with a quote (`'term`, `!'term`): the letters as
    /// written only, naming no one.
    pub quoted: bool,
    /// Where it must sit.
    pub anchor: Anchor,
    /// True when it is a name: someone the search knows names it, or it is
    /// a given name (set by the search). It then matches a word's start
    /// and never with typos or fuzzily, so Андрей does not find "and";
    /// when short, before at most one of the text's name endings if
    /// someone `known` goes by it (Пьер is not "первый"), else at most
    /// [`NAME_ENDING`] letters (by sound still, unless `known`).
    pub name: bool,
    /// True when someone the search knows goes by it: their mentions in
    /// every spelling are found, and neither sound nor typos are tried.
    pub known: bool,
}

/// A short name term (fewer letters than [`LONG_NAME`]) no one the
/// search knows goes by matches a word's start with at most this many
/// letters after it: a case ending (Пьера), not another word (перехода).
pub const NAME_ENDING: usize = 3;
/// A name term this long matches any word it starts (паризького for
/// Pariz): few other words share five letters with a name.
pub const LONG_NAME: usize = 5;

impl Term {
    /// A term from its text as typed (without `!`).
    pub fn parse(t: &str) -> Option<Term> {
        let (exact, t) = match t.strip_prefix('\'') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (start, t) = match t.strip_prefix('^') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (end, t) = match t.strip_suffix('$') {
            Some(rest) if !rest.is_empty() => (true, rest),
            _ => (false, t),
        };
        let key: String = fold_query(t).split_whitespace().collect();
        if key.is_empty() {
            return None;
        }
        let anchor = match (start, end) {
            (true, true) => Anchor::Word,
            (true, false) => Anchor::Start,
            (false, true) => Anchor::End,
            (false, false) => Anchor::Free,
        };
        Some(Term {
            sound: sound_key(&key),
            key,
            exact: exact || anchor != Anchor::Free,
            quoted: exact,
            anchor,
            name: false,
            known: false,
        })
    }

    /// True when it may match by sound or with typos: neither exact nor
    /// the name of someone known (whose spellings the person tier finds).
    pub fn loose(&self) -> bool {
        !self.exact && !self.known
    }

    /// True when it may match fuzzily: neither exact nor a name.
    pub fn fuzzy(&self) -> bool {
        !self.exact && !self.name
    }

    /// True when a match of this term at `key[start..end]` sits where the
    /// anchor says (and, for a name, at a word's start before at most an
    /// ending: for a short name someone known goes by, one of `endings`,
    /// the text's language's, as the person tier finds their every form
    /// already and Пьер is not "первый" nor "perdu").
    pub fn sits(&self, key: &str, start: usize, end: usize, endings: &[String]) -> bool {
        let (opens, closes) = crate::lang::fold::word_edges(key, start, end);
        if self.name {
            let short = self.key.chars().nth(LONG_NAME - 1).is_none();
            let ending_fits = || {
                let after = key[end..]
                    .char_indices()
                    .find(|(_, c)| !c.is_alphanumeric())
                    .map_or(&key[end..], |(i, _)| &key[end..end + i]);
                if self.known {
                    after.is_empty() || endings.iter().any(|e| e == after)
                } else {
                    after.chars().nth(NAME_ENDING).is_none()
                }
            };
            if !opens || (short && !ending_fits()) {
                return false;
            }
        }
        match self.anchor {
            Anchor::Free => true,
            Anchor::Start => opens,
            Anchor::End => closes,
            Anchor::Word => opens && closes,
        }
    }
}

/// A parsed query: groups of alternatives that must all match, and terms
/// that must not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    /// Each group must match; a group matches when any of its terms does.
    pub groups: Vec<Vec<Term>>,
    /// A sentence holding any of these (folded) is left out.
    pub excluded: Vec<Term>,
}

impl Query {
    /// Parses `query` in fzf's syntax. The whole query is read, however long.
    pub fn parse(query: &str) -> Query {
        let mut q = Query::default();
        let mut or_next = false;
        for token in query.split_whitespace() {
            if token == "|" {
                or_next = !q.groups.is_empty();
                continue;
            }
            if let Some(rest) = token.strip_prefix('!') {
                // Left out as written (exact, as in fzf), and every
                // mention of whom it names whole, unless typed with a
                // quote (`!'paris`).
                if let Some(t) = Term::parse(rest) {
                    q.excluded.push(Term { exact: true, ..t });
                }
                or_next = false;
                continue;
            }
            let Some(term) = Term::parse(token) else {
                continue;
            };
            match (or_next, q.groups.last_mut()) {
                (true, Some(g)) => g.push(term),
                _ => q.groups.push(vec![term]),
            }
            or_next = false;
        }
        q
    }

    /// True when nothing is asked for. Exclusions alone ask for every
    /// sentence without them, as in fzf.
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty() && self.excluded.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fzf_syntax() {
        let q = Query::parse("'exact ^pre suf$ ^whole$ !not a | b | c plain");
        let g: Vec<Vec<(&str, Anchor, bool)>> = q
            .groups
            .iter()
            .map(|g| {
                g.iter()
                    .map(|t| (t.key.as_str(), t.anchor, t.exact))
                    .collect()
            })
            .collect();
        assert_eq!(
            g,
            vec![
                vec![("exact", Anchor::Free, true)],
                vec![("pre", Anchor::Start, true)],
                vec![("suf", Anchor::End, true)],
                vec![("whole", Anchor::Word, true)],
                vec![
                    ("a", Anchor::Free, false),
                    ("b", Anchor::Free, false),
                    ("c", Anchor::Free, false)
                ],
                vec![("plain", Anchor::Free, false)],
            ]
        );
        assert_eq!(q.excluded[0].key, "not");
        // `!paris` leaves out whom it names too; `!'paris` as written only.
        assert!(!Query::parse("a !paris").excluded[0].quoted);
        assert!(Query::parse("a !'paris").excluded[0].quoted);
        // An anchored term is exact, yet names whom it names whole.
        let anchored = &Query::parse("^pierre$").groups[0][0];
        assert!(anchored.exact && !anchored.quoted);
        // Exclusions alone ask for every other sentence, as in fzf.
        assert!(!Query::parse("!only").is_empty());
        assert!(Query::parse("  ").is_empty());
        let long = "ab ".repeat(200);
        assert_eq!(
            Query::parse(&long).groups.len(),
            200,
            "a long query is kept whole"
        );
    }

    #[test]
    fn anchors_sit_where_they_say() {
        let t = Term::parse("^par").expect("term");
        assert!(t.sits("v parizi", 2, 5, &[]));
        assert!(!t.sits("separ", 2, 5, &[]));
        let e = Term::parse("izi$").expect("term");
        assert!(e.sits("v parizi.", 5, 8, &[]));
        assert!(!e.sits("parizia", 3, 6, &[]));
    }
}
