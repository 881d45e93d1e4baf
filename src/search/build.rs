//! Building a [`SearchIndex`] with its people: the one way both the
//! reader's worker and `diptych search` do it. The reader keys both texts
//! and finds every name on them; the command line, which must answer
//! before every name could be found, keys each account on its own thread as
//! it is read and finds only the listed entries the query names.

use super::SearchIndex;
use super::query::Anchor;
use super::side::SideIndex;
use crate::pair::Pair;
use crate::people::finder::{Finder, NameFound};
use crate::people::{IndexEntry, IndexKind, People, PeopleIndex};
use crate::text::Account;
use std::sync::{Arc, OnceLock};

/// The whole index of `pair`: its keys, and everyone mentioned found on
/// them and kept in `people` (built there unless it already was).
pub fn whole(pair: &Pair, index: &PeopleIndex, people: &OnceLock<Arc<People>>) -> SearchIndex {
    let keys = SearchIndex::new(pair);
    let people =
        people.get_or_init(|| Arc::new(People::find_with(pair, index, Some(keys.folded_both()))));
    keys.set_people(Arc::clone(people));
    keys
}

/// What one account gives a query's index: its keys and the listed names
/// found in it (none when the query names nobody).
pub type SideWork = (SideIndex, Option<Vec<NameFound>>);

/// An index for one query: only the listed entries the query names (and
/// the forms sharing a word with them, which decide where their mentions
/// end) are looked for. Finding every name in the texts takes longer than
/// the whole search may (see README, Speed).
pub struct ForQuery<'a> {
    /// The people index, with an entry for each given name the query
    /// holds that no listed entry is called by.
    index: PeopleIndex,
    query: &'a str,
    limit: usize,
    named: Vec<usize>,
    finder: Option<Finder>,
}

impl<'a> ForQuery<'a> {
    /// Plans the index for `query` and its first `limit` results.
    pub fn new(index: &PeopleIndex, query: &'a str, limit: usize) -> Self {
        let index = with_given_names(index, query);
        let listed = People {
            entries: crate::people::listed(&index),
            ..People::default()
        };
        let named = super::named(query, &listed);
        let finder = (!named.is_empty()).then(|| Finder::for_entries(&index, &named));
        ForQuery {
            index,
            query,
            limit,
            named,
            finder,
        }
    }

    /// One account's part, run on its own thread as soon as it is read.
    pub fn side(&self, account: &Account) -> SideWork {
        let keys = SideIndex::new(account);
        let found = self
            .finder
            .as_ref()
            .map(|f| People::listed_in(account, f, &keys));
        // The sentences mentioning someone the query names.
        let mentioned: Vec<usize> = found
            .iter()
            .flatten()
            .filter(|f| self.named.contains(&f.entry))
            .filter_map(|f| keys.sentence_at(account, f.span.start))
            .collect();
        // Built here, beside the other account's work, when the query may
        // not fill the list without it.
        if super::may_need_vocab(&keys, self.query, self.limit, &mentioned) {
            keys.vocab();
        }
        (keys, found)
    }

    /// The index of both parts.
    pub fn finish(&self, pair: &Pair, sides: [SideWork; 2]) -> SearchIndex {
        let [(left_keys, left_found), (right_keys, right_found)] = sides;
        let keys = SearchIndex::from_sides([left_keys, right_keys]);
        if let (Some(l), Some(r)) = (left_found, right_found) {
            keys.set_people(Arc::new(People::from_listed(pair, &self.index, [l, r])));
        }
        keys
    }
}

/// `index` with an entry for each given name among `query`'s words that
/// no entry of the index is called by, holding every form of that name in
/// every language (texts/given-names.toml): `diptych search Андрей` then
/// finds Андрея and Andrew, as the reader, which finds every name in the
/// texts, does. The reader's names take longer to find than the whole
/// search may take.
fn with_given_names(index: &PeopleIndex, query: &str) -> PeopleIndex {
    let mut out = index.clone();
    let listed = People {
        entries: crate::people::listed(index),
        ..People::default()
    };
    let q = super::Query::parse(query);
    for t in q.groups.iter().flatten() {
        if !matches!(t.anchor, Anchor::Free | Anchor::Word) || t.key.chars().nth(2).is_none() {
            continue;
        }
        let forms = crate::lang::given::equivalents(&t.key);
        let id = format!("given-name:{}", t.key);
        if forms.is_empty()
            || !super::named(&t.key, &listed).is_empty()
            || out.entries.iter().any(|e| e.id == id)
        {
            continue;
        }
        out.entries.push(IndexEntry {
            id,
            name: t.key.clone(),
            years: String::new(),
            role: String::new(),
            kind: IndexKind::Person,
            elsewhere: false,
            forms: forms.to_vec(),
        });
    }
    out
}
