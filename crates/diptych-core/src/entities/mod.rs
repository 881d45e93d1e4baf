//! The entities of both accounts: the people and places they name (the
//! reader calls them all "people", as its panel, command and file do).
//! Entries listed in people.toml ([`index`], found by [`finder`]) and
//! names no index lists, found in the text ([`candidates`]) and grouped
//! across forms, scripts and languages ([`group`]); each entry with every
//! mention in both accounts, computed once in the background. One entry
//! per person across both languages.

pub mod aligned;
pub mod candidates;
mod company;
pub mod curate;
pub mod draft;
mod evidence;
pub mod finder;
pub mod group;
pub mod index;
mod no_people;
pub mod paradigm;
mod scan;
pub mod untranslated;

pub use index::{IndexEntry, IndexKind, PeopleIndex};

use crate::Lang;
use crate::lang::fold::Keyed;
use crate::lang::sound::sound_key;
use crate::pair::Pair;
use crate::text::{Account, Side};
use finder::Finder;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

/// A person, or a place (with peoples, dynasties and institutions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// A person.
    Person,
    /// A place, a people, a dynasty or an institution.
    Place,
}

impl Kind {
    /// "person" or "place", as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Person => "person",
            Kind::Place => "place",
        }
    }
}

/// One mention of an entry in an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    /// Which account.
    pub side: Side,
    /// Paragraph index (0-based).
    pub paragraph: usize,
    /// Byte span in the account's text.
    pub span: Range<usize>,
}

/// An entry of the panel: listed in the index or found in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The index id, or `unlisted:<key>`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Years of life; empty when unknown.
    pub years: String,
    /// One line on who they were; empty when unknown.
    pub role: String,
    /// False for a name the index does not list.
    pub listed: bool,
    /// A person or a place.
    pub kind: Kind,
    /// Forms by language (index forms, or the forms found), for search
    /// and the details of the panel.
    pub forms: Vec<(String, String)>,
    /// Mentions in each account, in reading order.
    pub mentions: [Vec<Mention>; 2],
}

impl Entry {
    /// An entry found in the texts, which no index lists.
    pub fn found(
        id: String,
        name: String,
        kind: Kind,
        forms: Vec<(String, String)>,
        mentions: [Vec<Mention>; 2],
    ) -> Entry {
        Entry {
            id,
            name,
            years: String::new(),
            role: String::new(),
            listed: false,
            kind,
            forms,
            mentions,
        }
    }

    /// Mentions in both accounts.
    pub fn total(&self) -> usize {
        self.mentions[0].len() + self.mentions[1].len()
    }

    /// The byte spans of the mentions, per account.
    pub fn spans(&self) -> [Vec<std::ops::Range<usize>>; 2] {
        self.mentions
            .each_ref()
            .map(|ms| ms.iter().map(|m| m.span.clone()).collect())
    }

    /// The distinct forms the account on `side` uses, in order of first
    /// use: a form wrapped over two lines of the file is the same form
    /// (shown with [`crate::text::one_line`]).
    pub fn forms_used<'a>(&self, pair: &'a Pair, side: Side) -> Vec<&'a str> {
        let text = &pair.account(side).text;
        let mut out: Vec<&str> = Vec::new();
        for m in &self.mentions[side.index()] {
            let f = &text[m.span.clone()];
            if !out
                .iter()
                .any(|o| o.split_whitespace().eq(f.split_whitespace()))
            {
                out.push(f);
            }
        }
        out
    }
}

/// Everyone and every place mentioned, people first, most mentioned first.
#[derive(Debug, Clone, Default)]
pub struct Entities {
    /// The entries: people (listed first among equals), then places.
    pub entries: Vec<Entry>,
    /// The paradigm of each folded word of the names found in each
    /// account (Павел, Павла, Павлу: one paradigm), which the alignment
    /// never splits.
    pub paradigms: [Arc<group::WordParadigms>; 2],
    /// Names of one text waiting for a translation's alignment to pair
    /// them with a name of the other ([`group::Group::pending`]): not
    /// entries until then, and never in a pair the alignment does not
    /// pair.
    pub pending: Vec<Entry>,
}

impl Entities {
    /// Finds every mention in both accounts (in parallel).
    pub fn find(pair: &Pair, index: &PeopleIndex) -> Entities {
        Entities::find_with(pair, index, None)
    }

    /// As [`Entities::find`], reusing the search keys' folded text when given
    /// (so the text is folded once for both).
    pub fn find_with(
        pair: &Pair,
        index: &PeopleIndex,
        folded: Option<[&dyn Keyed; 2]>,
    ) -> Entities {
        let finder = Finder::new(index);
        let langs = Side::BOTH.map(|s| pair.account(s).meta.language);
        let mut known = Side::both(|side| {
            let account = pair.account(side);
            match folded {
                Some(f) => Entities::listed_in(account, &finder, f[side.index()]),
                None => Entities::listed_in(
                    account,
                    &finder,
                    &crate::lang::fold::fold(&account.text, 0),
                ),
            }
        });
        evidence::keep_evidenced(index, texts(pair), &mut known);
        let occ = Side::both(|side| {
            let spans: Vec<Range<usize>> =
                known[side.index()].iter().map(|f| f.span.clone()).collect();
            candidates::candidates(pair.account(side), langs[side.index()], &spans)
        });
        for (side, found) in Side::BOTH.into_iter().zip(known.iter_mut()) {
            common_words_out(pair.account(side), &occ[side.index()], found);
        }
        let [kl, kr] = known;
        let [ol, or] = occ;
        Entities::assemble(pair, index, [(kl, ol), (kr, or)])
    }

    /// The listed entries' mentions in one account, folded as `folded`,
    /// without looking for the names the index does not list (`diptych
    /// search`, which must answer faster than finding every name takes,
    /// runs it on each account as soon as it is read).
    pub fn listed_in(
        account: &Account,
        finder: &Finder,
        folded: &dyn Keyed,
    ) -> Vec<finder::NameFound> {
        let mut known = finder.find_keyed(&account.text, folded);
        // Matter is never scanned for names.
        known.retain(|f| !account.paragraphs[account.paragraph_at(f.span.start)].is_matter());
        known
    }

    /// The listed entries with the mentions found in each account by
    /// [`Entities::listed_in`].
    pub fn from_listed(
        pair: &Pair,
        index: &PeopleIndex,
        mut known: [Vec<finder::NameFound>; 2],
    ) -> Entities {
        evidence::keep_evidenced(index, texts(pair), &mut known);
        let [l, r] = known;
        Entities::assemble(
            pair,
            index,
            [
                (l, candidates::Found::default()),
                (r, candidates::Found::default()),
            ],
        )
    }

    /// Every entry with its mentions: the listed ones with those `found`
    /// (each side's listed mentions and unlisted names), and a new entry
    /// for each group of unlisted names.
    fn assemble(
        pair: &Pair,
        index: &PeopleIndex,
        found: [(Vec<finder::NameFound>, candidates::Found); 2],
    ) -> Entities {
        let langs = Side::BOTH.map(|s| pair.account(s).meta.language);
        let [(known_l, occ_l), (known_r, occ_r)] = found;
        let mut entries = listed(index);
        let mut pending = Vec::new();
        for (side, known) in Side::BOTH.into_iter().zip([known_l, known_r]) {
            let account = pair.account(side);
            for f in known {
                entries[f.entry].mentions[side.index()].push(Mention {
                    side,
                    paragraph: account.paragraph_at(f.span.start),
                    span: f.span,
                });
            }
        }
        let (groups, paradigms) = group::group(texts(pair), [&occ_l, &occ_r], langs);
        // Listed entries by the known place they name (France and Франция
        // found in the texts join the listed France).
        // Only wanted for names found in the texts (`diptych search` finds
        // none, and must not spend its time here).
        let listed_places: HashMap<u32, usize> = if groups.is_empty() {
            HashMap::new()
        } else {
            listed_places(index)
        };
        let listed_people = if groups.is_empty() {
            Vec::new()
        } else {
            listed_people(&entries)
        };
        for g in groups {
            let place_entry = Side::BOTH.into_iter().find_map(|side| {
                let lang = langs[side.index()];
                g.forms[side.index()].iter().find_map(|f| {
                    let id =
                        crate::lang::places::place_of(&crate::lang::fold::fold_query(f), lang)?;
                    listed_places.get(&id).copied()
                })
            });
            // A found name the pair also names by a listed person's form
            // (Davout's, Davoust beside the listed Davout) is that person.
            let place_entry = place_entry.or_else(|| listed_person_of(&listed_people, &g, langs));
            if let Some(e) = place_entry {
                for side in Side::BOTH {
                    let account = pair.account(side);
                    let mentions = &mut entries[e].mentions[side.index()];
                    for span in &g.spans[side.index()] {
                        if mentions
                            .iter()
                            .all(|m| m.span.end <= span.start || m.span.start >= span.end)
                        {
                            mentions.push(Mention {
                                side,
                                paragraph: account.paragraph_at(span.start),
                                span: span.clone(),
                            });
                        }
                    }
                    mentions.sort_by_key(|m| m.span.start);
                }
                if entries[e].kind == Kind::Person {
                    for side in Side::BOTH {
                        let lang = langs[side.index()].map_or("other", Lang::code);
                        for f in &g.forms[side.index()] {
                            if !entries[e].forms.iter().any(|(_, have)| have == f) {
                                entries[e].forms.push((lang.to_string(), f.clone()));
                            }
                        }
                    }
                }
                continue;
            }
            if g.pending {
                pending.push(unlisted(pair, &langs, g));
            } else {
                entries.push(unlisted(pair, &langs, g));
            }
        }
        // An entry no account names (an index lists people of other texts
        // of the period) is not listed: a row of 0 │ 0 says nothing.
        entries.retain(|p| p.total() > 0);
        no_people::adjectives_are_no_people(&mut entries);
        no_people::common_words_are_no_people(pair, &mut entries);
        company::places_by_company(pair, &mut entries);
        unique_ids(&mut entries);
        sort_entries(&mut entries);
        Entities {
            entries,
            paradigms: paradigms.map(Arc::new),
            pending,
        }
    }

    /// The entry with `id`.
    pub fn by_id(&self, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|p| p.id == id)
    }

    /// The people (not places), in panel order.
    pub fn people(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|p| p.kind == Kind::Person)
    }

    /// The places, in panel order.
    pub fn places(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|p| p.kind == Kind::Place)
    }
}

/// Drops the uses of a listed name of one word that open a sentence,
/// where a capital says nothing, when the account writes that word in
/// lower case inside sentences again and again and hardly ever with a
/// capital there: German "Seine" (his) opening a sentence is not the
/// river, Russian "Вера" there beside "вера" (faith) again and again is
/// not Vera. Inside a sentence the capital says it is the name, and the
/// use stays (the river Сена beside сена, hay).
fn common_words_out(
    account: &Account,
    occ: &candidates::Found,
    found: &mut Vec<finder::NameFound>,
) {
    /// Lower-case uses that make such a word the common one…
    const COMMON: u32 = 3;
    /// …when they are this many times its uses with a capital inside
    /// sentences (Zarathustra: Seine once, seine 167 times).
    const TIMES: u32 = 10;
    let text = &account.text;
    let opens = |at: usize| {
        let p = &account.paragraphs[account.paragraph_at(at)];
        p.sentences()
            .iter()
            .find(|s| s.span().contains(&at))
            .is_some_and(|s| !text[s.span().start..at].chars().any(char::is_alphanumeric))
    };
    found.retain(|f| {
        let said = text.get(f.span.clone()).unwrap_or("");
        if said.split_whitespace().nth(1).is_some() || !opens(f.span.start) {
            return true;
        }
        occ.uses
            .get(&crate::lang::fold::fold_query(said))
            .is_none_or(|u| u.lower_inside < COMMON.max(u.capital_inside * TIMES))
    });
}

/// The two accounts' texts.
fn texts(pair: &Pair) -> [&str; 2] {
    [
        pair.accounts[0].text.as_str(),
        pair.accounts[1].text.as_str(),
    ]
}

/// Makes the ids of unlisted entries unique (`unlisted:pierre-2`): two
/// groups of one key keep apart.
fn unique_ids(entries: &mut [Entry]) {
    let mut seen: HashMap<String, usize> = HashMap::new();
    for p in entries.iter_mut().filter(|p| !p.listed) {
        let n = seen.entry(p.id.clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            p.id = format!("{}-{n}", p.id);
        }
    }
}

/// The panel's order: people, then places; most mentioned first, listed
/// first among equals, then by name.
fn sort_entries(entries: &mut [Entry]) {
    entries.sort_by(|a, b| {
        a.kind
            .cmp(&b.kind)
            .then(b.total().cmp(&a.total()))
            .then(b.listed.cmp(&a.listed))
            .then(a.name.cmp(&b.name))
    });
}

/// The index's entries as people with no mention yet, in index order.
pub fn listed(index: &PeopleIndex) -> Vec<Entry> {
    index
        .entries
        .iter()
        .map(|e| Entry {
            id: e.id.clone(),
            name: e.name.clone(),
            years: e.years.clone(),
            role: e.role.clone(),
            listed: true,
            kind: if e.is_person() {
                Kind::Person
            } else {
                Kind::Place
            },
            forms: e.forms.clone(),
            mentions: [Vec::new(), Vec::new()],
        })
        .collect()
}

/// The entry of a group of unlisted names, its mentions in reading order.
fn unlisted(pair: &Pair, langs: &[Option<Lang>; 2], g: group::Group) -> Entry {
    let mentions = Side::BOTH.map(|side| {
        let account = pair.account(side);
        g.spans[side.index()]
            .iter()
            .map(|span| Mention {
                side,
                paragraph: account.paragraph_at(span.start),
                span: span.clone(),
            })
            .collect()
    });
    let forms = Side::BOTH
        .into_iter()
        .flat_map(|side| {
            let lang = langs[side.index()].map_or("other", Lang::code).to_string();
            g.forms[side.index()]
                .iter()
                .map(move |f| (lang.clone(), f.clone()))
        })
        .collect();
    let kind = if g.place { Kind::Place } else { Kind::Person };
    Entry::found(format!("unlisted:{}", g.key), g.name, kind, forms, mentions)
}

/// The listed people the pair names, as the sound keys of each form and of
/// each form's last word (a surname: Ney of Michel Ney; not a given name, a
/// particle or a numeral), with the person.
fn listed_people(entries: &[Entry]) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        if !e.listed || e.kind != Kind::Person || e.total() == 0 {
            continue;
        }
        for (_, form) in &e.forms {
            let folded = crate::lang::fold::fold_query(form);
            let last = folded.rsplit([' ', '-']).next().filter(|w| {
                *w != folded
                    && w.chars().count() >= 3
                    && !crate::text::is_roman(&w.to_uppercase())
                    && !crate::lang::given::is_given_folded(w)
            });
            for key in [Some(folded.as_str()), last].into_iter().flatten() {
                // A name of several words is its folded self: the sound
                // key would make Napoleon III of Napoleon I.
                let key = if key.contains(' ') {
                    key.to_string()
                } else {
                    sound_key(key)
                };
                out.push((key, i));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The listed person (see [`listed_people`]) group `g`'s forms name, by
/// sound, or a letter apart in a long one-word name (Davoust, Davout; not
/// Napoleon III, Napoleon I), or by sound once one of the account's case
/// endings is off (the Polish Napoleonem, which the index's forms do not
/// decline), when all that name one name the same.
fn listed_person_of(
    listed: &[(String, usize)],
    g: &group::Group,
    langs: [Option<Lang>; 2],
) -> Option<usize> {
    /// Letters a stem keeps, its ending off.
    const STEM: usize = 4;
    let mut found = None;
    for side in Side::BOTH {
        let data = crate::lang::tables::get(langs[side.index()]);
        for f in &g.forms[side.index()] {
            let folded = crate::lang::fold::fold_query(f);
            // A name of several words is its folded self (listed_people).
            let whole = folded.contains(' ');
            let key = if whole {
                folded.clone()
            } else {
                sound_key(&folded)
            };
            let n = key.chars().count();
            let budget = crate::lang::sound::typo_budget(n.saturating_sub(1));
            let stems: Vec<String> = if whole {
                Vec::new()
            } else {
                data.stems(&folded, STEM).skip(1).map(sound_key).collect()
            };
            for (k, e) in listed {
                let m = k.chars().count();
                let same = *k == key
                    || (budget > 0
                        && !whole
                        && !k.contains(' ')
                        && m.abs_diff(n) <= budget
                        && k.chars().next() == key.chars().next()
                        && crate::lang::sound::within(k, &key, budget))
                    || stems.iter().any(|s| s == k);
                if same {
                    if found.is_some_and(|x| x != *e) {
                        return None;
                    }
                    found = Some(*e);
                }
            }
        }
    }
    found
}

/// The listed entries by the known place they name (France and Франция
/// found in the texts join the listed France).
fn listed_places(index: &PeopleIndex) -> HashMap<u32, usize> {
    index
        .entries
        .iter()
        .enumerate()
        .flat_map(|(i, e)| {
            e.forms.iter().filter_map(move |(lang, form)| {
                crate::lang::places::place_of(
                    &crate::lang::fold::fold_query(form),
                    crate::Lang::from_code(lang),
                )
                .map(|id| (id, i))
            })
        })
        .collect()
}

/// For tests: an unlisted person of the mentions of `words` (side,
/// word) in `pair`, named `id`.
#[cfg(test)]
pub(crate) fn test_entry(pair: &crate::pair::Pair, id: &str, words: &[(Side, &str)]) -> Entry {
    let mut mentions = [Vec::new(), Vec::new()];
    for &(side, w) in words {
        let account = pair.account(side);
        for (at, _) in account.text.match_indices(w) {
            // A shorter word inside a longer name given before is no
            // mention of its own.
            let inside = |m: &Mention| m.span.start <= at && at < m.span.end;
            if mentions[side.index()].iter().any(inside) {
                continue;
            }
            mentions[side.index()].push(Mention {
                side,
                paragraph: account.paragraph_at(at),
                span: at..at + w.len(),
            });
        }
    }
    for m in &mut mentions {
        m.sort_by_key(|m| m.span.start);
    }
    Entry::found(
        format!("unlisted:{id}"),
        id.into(),
        Kind::Person,
        Vec::new(),
        mentions,
    )
}
