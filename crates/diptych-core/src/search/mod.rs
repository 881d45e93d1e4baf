//! Search over both accounts, sentence by sentence, on folded keys.
//!
//! A query ([`query`], fzf's syntax) is a list of groups that must all
//! match; a group matches when one of its terms does. A term matches a
//! sentence, best first, by:
//!
//! 1. its folded key: a whole word, a word's start, or inside a word
//!    (`pariz` finds Париж and Paríži);
//! 2. naming a person or place the sentence mentions ([`people`]);
//! 3. its sound key: a word that sounds the same across scripts and
//!    transliterations (`weyrother` finds Вейротер, `pierre` finds Пьер);
//! 4. a typo: from five letters one edit, from nine two (`kutusov`);
//! 5. fuzzily: its letters in order within a word ([`fuzzy`]).
//!
//! Each tier ranks below every match of the tiers above; lower tiers are
//! looked for in an account only while the higher ones have not filled its
//! list. Ties are broken by account, paragraph and sentence, so results
//! come in one order everywhere, and `--limit N` gives its first N.

pub mod build;
pub mod fuzzy;
mod hit;
mod literal;
pub mod people;
pub mod query;
mod rank;
mod scores;
pub mod side;
mod sound;
mod typo;

pub use query::{Query, Term};

use crate::entities::Entities;
use crate::lang::fold::Keyed;
use crate::pair::Pair;
use crate::text::{Account, Side};
use fuzzy::{Matcher, Skim, WindowCache};
use literal::{excluded, literal_group};
use people::PersonKeys;
use query::Anchor;
use scores::{PERSON, Scores, WHOLE_WORD, combine};
use side::SideIndex;
use std::ops::Range;
use std::sync::Arc;

/// One search result: a sentence and where the query matched in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    /// Which account.
    pub side: Side,
    /// Paragraph index (0-based).
    pub paragraph: usize,
    /// Sentence index within the paragraph (0-based).
    pub sentence: usize,
    /// Higher is better.
    pub score: i64,
    /// Matched spans as byte ranges of the account's text, whole graphemes.
    pub matches: Vec<Range<usize>>,
    /// The person the query named, when the sentence was found through them.
    pub person: Option<String>,
}

impl Hit {
    /// Where the hit is: its first match, or its sentence's start (a query
    /// of exclusions alone marks nothing).
    pub fn start(&self, pair: &Pair) -> usize {
        self.matches
            .first()
            .map_or_else(|| self.sentence_span(pair).start, |m| m.start)
    }

    /// The span of the hit's sentence in its account's text.
    pub fn sentence_span(&self, pair: &Pair) -> Range<usize> {
        pair.account(self.side).paragraphs[self.paragraph].sentences()[self.sentence]
            .span()
            .clone()
    }
}

/// What a search found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Results {
    /// The results, in the order asked for.
    pub hits: Vec<Hit>,
    /// Matching sentences in each account.
    pub totals: [usize; 2],
    /// True for an account whose list filled up before every tier was
    /// looked at: its total is "at least".
    pub capped: [bool; 2],
}

/// The order of results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Best first; ties by account, paragraph, sentence (the command line).
    Ranked,
    /// Each account's best first, the two accounts taking turns (the
    /// reader's list, so both are in view).
    Interleaved,
}

/// How a search runs: how many results, in what order, and whether the
/// fuzzy tier (letters in order within a word) may fill the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// At most this many results per account.
    pub limit: usize,
    /// The order of the results.
    pub order: Order,
    /// The fuzzy tier on (the default); off, a query finds only what it
    /// matches as written, by a name, by sound or with one typo.
    pub fuzzy: bool,
}

impl Options {
    /// `limit` results in `order`, every tier on.
    pub fn new(limit: usize, order: Order) -> Options {
        Options {
            limit,
            order,
            fuzzy: true,
        }
    }
}

/// The most groups (words that must all match) a query is scored with a
/// list of scores each, and looked for by sound, with typos and fuzzily;
/// a longer query (a pasted passage) is matched as written, its groups'
/// scores summed as they come, so its memory does not grow with its length.
pub const MAX_DENSE_GROUPS: usize = 16;

/// Search keys for both accounts, built once.
pub struct SearchIndex {
    sides: [SideIndex; 2],
    matcher: Box<dyn Matcher>,
    /// The people a term can name; replaced when the alignment merges
    /// names, each search using the list it started with.
    entities: std::sync::RwLock<Option<Named>>,
}

/// The people a search knows, with their names' keys.
type Named = Arc<(Arc<Entities>, PersonKeys)>;

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex").finish_non_exhaustive()
    }
}

impl SearchIndex {
    /// Folds every sentence of both accounts (in parallel).
    pub fn new(pair: &Pair) -> SearchIndex {
        SearchIndex::from_sides(Side::both(|side| SideIndex::new(pair.account(side))))
    }

    /// Search keys from each account's, built already ([`SideIndex::new`]).
    pub fn from_sides(sides: [SideIndex; 2]) -> SearchIndex {
        SearchIndex {
            sides,
            matcher: Box::new(Skim::default()),
            entities: std::sync::RwLock::new(None),
        }
    }

    /// Search keys that also know `people`: naming a person finds their mentions.
    pub fn with_entities(pair: &Pair, entities: Arc<Entities>) -> SearchIndex {
        let index = SearchIndex::new(pair);
        index.set_entities(entities);
        index
    }

    /// Lets the search know `people` (searches already running go on
    /// with the list they had).
    pub fn set_entities(&self, entities: Arc<Entities>) {
        let keys = PersonKeys::new(&entities);
        let named = Arc::new((entities, keys));
        match self.entities.write() {
            Ok(mut p) => *p = Some(named),
            Err(poisoned) => *poisoned.into_inner() = Some(named),
        }
    }

    /// The people searches know now.
    fn named(&self) -> Option<Named> {
        match self.entities.read() {
            Ok(p) => p.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// The search keys of `side`, sentence by sentence.
    pub fn side(&self, side: Side) -> &SideIndex {
        &self.sides[side.index()]
    }

    /// Both accounts' folded text.
    pub fn folded_both(&self) -> [&dyn Keyed; 2] {
        [self.side(Side::Left), self.side(Side::Right)]
    }

    /// The best `limit` sentences of both accounts for `query`, best first.
    pub fn search(&self, pair: &Pair, query: &str, limit: usize) -> Vec<Hit> {
        self.run(pair, query, Options::new(limit, Order::Ranked), &|| true)
            .map(|r| r.hits)
            .unwrap_or_default()
    }

    /// The best `options.limit` sentences of each account in
    /// `options.order`, or `None` when `keep_going` says to stop (a newer
    /// query came).
    pub fn run(
        &self,
        pair: &Pair,
        query: &str,
        options: Options,
        keep_going: &(dyn Fn() -> bool + Sync),
    ) -> Option<Results> {
        let Options {
            limit,
            order,
            fuzzy,
        } = options;
        let mut q = Query::parse(query);
        if q.is_empty() || limit == 0 {
            return Some(Results::default());
        }
        let named = self.named();
        let named = named.as_deref();
        // A term is a name when it names someone the search knows, or is a
        // given name of texts/given-names.toml (three letters or more):
        // `diptych search`, which knows only the listed people, then does
        // not find "and" for Андрей either.
        for t in q.groups.iter_mut().flatten() {
            let given = !t.quoted
                && matches!(t.anchor, Anchor::Free | Anchor::Word)
                && t.key.chars().nth(2).is_some()
                && crate::lang::given::is_given_folded(&t.key);
            t.known = named.is_some_and(|(_, keys)| keys.is_name(t));
            t.name = given || t.known;
        }
        let per_side =
            Side::both(|side| self.side_results(pair, side, &q, (limit, fuzzy), named, keep_going));
        let [l, r] = per_side;
        let (l, r) = (l?, r?);
        let totals = [l.1, r.1];
        let capped = [l.2, r.2];
        let hits = rank::merge(l.0, r.0, order, limit);
        Some(Results {
            hits,
            totals,
            capped,
        })
    }

    /// One account's best `limit` hits (best first), its total, and
    /// whether the list filled before every tier was looked at. Each tier
    /// is looked at only while the tiers above have not filled the list;
    /// the fuzzy tier only when `fuzzy` is on.
    fn side_results(
        &self,
        pair: &Pair,
        side: Side,
        q: &Query,
        (limit, fuzzy): (usize, bool),
        named: Option<&(Arc<Entities>, PersonKeys)>,
        keep_going: &(dyn Fn() -> bool + Sync),
    ) -> Option<(Vec<Hit>, usize, bool)> {
        let index = &self.sides[side.index()];
        let account = pair.account(side);
        let mut scores = self.literal_and_people(index, account, side, q, named);
        if !keep_going() {
            return None;
        }
        let mut combined = scores.combined();
        // A query of many groups (a pasted passage) is matched as written:
        // the tiers below keep a list of scores per group.
        let loose = q.groups.len() <= MAX_DENSE_GROUPS
            && q.groups.iter().flatten().any(|t| t.loose() || t.fuzzy());
        let mut capped = combined.len() >= limit;
        if !capped && loose {
            sound::tier(index.vocab(), q, &mut scores);
            if !keep_going() {
                return None;
            }
            combined = scores.combined();
            capped = combined.len() >= limit;
        }
        let mut cache = WindowCache::new();
        if !capped && loose && fuzzy {
            let matcher = self.matcher.as_ref();
            combined.extend(fuzzy::tier::tier(
                index, q, &scores, matcher, &mut cache, keep_going,
            )?);
        }
        let total = combined.len();
        let out = rank::best(index, combined, limit)
            .into_iter()
            .map(|(score, s)| {
                let entities = named.map(|n| n.0.as_ref());
                let at = hit::At {
                    account,
                    side,
                    index,
                    s,
                    score,
                };
                self.hit(at, q, &scores.terms, entities, &mut cache)
            })
            .collect();
        Some((out, total, capped))
    }

    /// The first tiers: each group's literal scores, raised where a term
    /// names someone the sentence mentions; and the excluded sentences.
    fn literal_and_people(
        &self,
        index: &SideIndex,
        account: &Account,
        side: Side,
        q: &Query,
        named: Option<&(Arc<Entities>, PersonKeys)>,
    ) -> Scores {
        let mut groups: Vec<Vec<i64>> = Vec::with_capacity(q.groups.len().min(MAX_DENSE_GROUPS));
        let mut terms = Vec::with_capacity(q.groups.len());
        // Past MAX_DENSE_GROUPS groups the scores are summed as they come,
        // the sentences a group misses dropped: two lists of scores, not
        // one per group, whatever the query's length.
        let streaming = q.groups.len() > MAX_DENSE_GROUPS;
        for g in &q.groups {
            let mut scores = literal_group(index, g);
            // Only the person tier asks, and only where people were found.
            let written = named.is_some() && scores.iter().any(|&s| s >= WHOLE_WORD);
            let th = g
                .iter()
                .map(|t| people::person_pass(named, index, account, side, t, written, &mut scores))
                .collect();
            terms.push(th);
            match groups.first_mut() {
                Some(sum) if streaming => {
                    for (total, s) in sum.iter_mut().zip(&scores) {
                        *total = if *total > 0 && *s > 0 { *total + s } else { 0 };
                    }
                }
                _ => groups.push(scores),
            }
        }
        // A `!term` leaves out what the term finds as written and, where
        // it names someone, every sentence mentioning them: napoleon !paris
        // keeps no sentence about Париж. Not a stop word of any language:
        // the and of are words of many names (the Bourbons, the Duke of
        // Wellington), and `!the` is no name.
        let mut excluded = excluded(index, q);
        for t in q.excluded.iter().filter(|t| !is_stop_word(&t.key)) {
            let mut scores = vec![0i64; excluded.len()];
            people::person_pass(named, index, account, side, t, true, &mut scores);
            for (e, s) in excluded.iter_mut().zip(scores) {
                *e |= s > 0;
            }
        }
        Scores {
            groups,
            terms,
            excluded,
        }
    }
}

/// True when finding `limit` results for `query` in one account may need
/// its vocabulary: a term is not exact, and the query as written, with
/// the sentences in `mentioned` (which mention someone the query names),
/// does not fill the list. `diptych search` then builds the vocabulary on
/// the account's own thread, as soon as its keys are folded. (Mentions
/// count only for a query of one group, where they surely match; at worst
/// the vocabulary is built and not used, or built later by the search.)
pub fn may_need_vocab(index: &SideIndex, query: &str, limit: usize, mentioned: &[usize]) -> bool {
    let q = Query::parse(query);
    if q.is_empty()
        || limit == 0
        || q.groups.len() > MAX_DENSE_GROUPS
        || q.groups.iter().flatten().all(|t| t.exact)
    {
        return false;
    }
    let mut groups: Vec<Vec<i64>> = q.groups.iter().map(|g| literal_group(index, g)).collect();
    if let [only] = groups.as_mut_slice() {
        for &s in mentioned {
            if let Some(score) = only.get_mut(s) {
                *score = (*score).max(PERSON);
            }
        }
    }
    combine(&groups, &excluded(index, &q)).len() < limit
}

/// The entries of `people` a term of `query` names (by any name or form,
/// as the person tier reads it), in order: `diptych search` looks in the
/// texts for the mentions of these alone.
pub fn named(query: &str, entities: &Entities) -> Vec<usize> {
    named_in(query, &PersonKeys::new(entities))
}

/// True when a term of `query` names an entry of `entities` or a name
/// waiting for the alignment ([`Entities::pending`]: Grimm's Hänsel, whom
/// the German alone names so, becomes an entry with the Polish Jaś only
/// once the alignment pairs them): `diptych search` then asks for the
/// entries as the alignment merges them, as the reader searches them.
pub fn names_someone(query: &str, entities: &Entities) -> bool {
    !named(query, entities).is_empty()
        || (!entities.pending.is_empty()
            && !named_in(query, &PersonKeys::of(&entities.pending)).is_empty())
}

/// True when `key` (folded) is a stop word of a language with data.
fn is_stop_word(key: &str) -> bool {
    crate::Lang::ALL
        .iter()
        .any(|&l| crate::lang::tables::get(Some(l)).stop.contains(key))
}

/// The entries of `keys` a term of `query` names, in order: its terms',
/// and its `!terms'`, whose mentions it leaves out.
fn named_in(query: &str, keys: &PersonKeys) -> Vec<usize> {
    let q = Query::parse(query);
    let excluded = q.excluded.iter().filter(|t| !is_stop_word(&t.key));
    let mut named: Vec<usize> = q
        .groups
        .iter()
        .flatten()
        .chain(excluded)
        .filter(|t| matches!(t.anchor, Anchor::Free | Anchor::Word))
        .flat_map(|t| keys.naming(t))
        .collect();
    named.sort_unstable();
    named.dedup();
    named
}

/// Sorted, overlapping and touching ranges merged into one.
pub fn merge_ranges(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut out: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match out.last_mut() {
            Some(prev) if prev.end >= r.start => prev.end = prev.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Meta;

    fn pair(left: &str, right: &str) -> Pair {
        Pair::from_texts(
            [Meta::named("l"), Meta::named("r")],
            [left.into(), right.into()],
        )
    }

    fn found<'a>(p: &'a Pair, h: &Hit) -> Vec<&'a str> {
        let text = &p.account(h.side).text;
        h.matches.iter().map(|r| &text[r.clone()]).collect()
    }

    #[test]
    fn a_name_waiting_for_the_alignment_names_someone() {
        // Grimm's Hänsel, whom the German alone names so, waits for the
        // alignment to pair him with the Polish Jaś: typed, he still asks
        // `diptych search` for the entries as the alignment merges them.
        let p = pair(
            "Da sprach Hänsel. Hänsel ging.",
            "Wtedy Jaś rzekł. Jaś poszedł.",
        );
        let jas = crate::entities::test_entry(&p, "jas", &[(Side::Right, "Jaś")]);
        let hansel = crate::entities::test_entry(&p, "hansel", &[(Side::Left, "Hänsel")]);
        let e = Entities {
            entries: vec![jas],
            pending: vec![hansel],
            ..Entities::default()
        };
        assert!(named("Hänsel", &e).is_empty());
        assert!(names_someone("Hänsel", &e));
        assert!(names_someone("Jaś", &e));
        assert!(!names_someone("Gretel", &e));
    }

    #[test]
    fn either_script_finds_both() {
        let p = Pair::bundled().expect("bundled");
        let idx = SearchIndex::new(&p);
        let hits = idx.search(&p, "pariz", 100);
        let words: Vec<&str> = hits.iter().flat_map(|h| found(&p, h)).collect();
        assert!(words.iter().any(|w| w.starts_with("Париж")), "{words:?}");
        assert!(words.iter().any(|w| w.starts_with("Paríž")), "{words:?}");
        let hits = idx.search(&p, "kolenkur", 100);
        assert!(found(&p, &hits[0])[0].starts_with("Коленкур"));
    }

    /// A term whose match touches the last one's is found all the same:
    /// `napol eon` marks Napoleon, not e…on of "envisioned" fuzzily (joined
    /// to napol's, eon's match added no range, and was read as none found).
    #[test]
    fn touching_matches_of_two_terms_are_both_found() {
        let p = pair("Napoleon envisioned it.", "x.");
        let idx = SearchIndex::new(&p);
        let hits = idx.search(&p, "napol eon", 10);
        assert_eq!(found(&p, &hits[0]), ["Napoleon"], "{hits:?}");
    }

    /// A soft sign folds to nothing: the word that ends with it is
    /// marked whole (князь, not княз and a lone ь), in the reader as in
    /// `diptych search`.
    #[test]
    fn a_word_ending_in_a_soft_sign_is_marked_whole() {
        let p = pair("Сказал князь. Как день и ночь.", "x.");
        let idx = SearchIndex::new(&p);
        for (q, word) in [("князь", "князь"), ("kniaz", "князь"), ("день", "день")]
        {
            let hits = idx.search(&p, q, 10);
            assert_eq!(found(&p, &hits[0]), [word], "{q}: {hits:?}");
        }
    }

    #[test]
    fn tiers_rank_word_prefix_substring_sound_typo_fuzzy() {
        let p = pair(
            "Kde je mier. Mierové rokovania. Zmierenie bola. Pierre prišiel. Mierx tu. Mxixexr tu bol.",
            "x.",
        );
        let idx = SearchIndex::new(&p);
        let hits = idx.search(&p, "mier", 10);
        let order: Vec<usize> = hits.iter().map(|h| h.sentence).collect();
        assert_eq!(
            &order[..4],
            [0, 1, 4, 2],
            "word, prefixes, substring: {hits:?}"
        );
        assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));
        let p = pair(
            "Вейротер пришел. Кутузов ждал.",
            "Weyrother came. Kutúzov waited.",
        );
        let idx = SearchIndex::new(&p);
        for q in ["weyrother", "Вейротер", "kutusov", "kutuzov"] {
            let hits = idx.search(&p, q, 10);
            let sides: Vec<Side> = hits.iter().map(|h| h.side).collect();
            assert!(
                sides.contains(&Side::Left) && sides.contains(&Side::Right),
                "{q}: {hits:?}"
            );
        }
    }

    /// As in fzf, a query of exclusions alone finds every sentence
    /// without them (it found nothing).
    #[test]
    fn exclusions_alone_find_every_other_sentence() {
        let p = pair(
            "Napoleon left. Ney stayed. Napoleon came back.",
            "Paris fell.",
        );
        let idx = SearchIndex::new(&p);
        let hits = idx.search(&p, "!napoleon", 50);
        let texts: Vec<&str> = hits
            .iter()
            .map(|h| &p.account(h.side).text[h.sentence_span(&p)])
            .collect();
        assert_eq!(hits.len(), 2, "{texts:?}");
        assert!(texts.iter().all(|t| !t.contains("Napoleon")), "{texts:?}");
        assert!(idx.search(&p, "!napoleon !ney !paris", 50).is_empty());
    }

    #[test]
    fn fzf_operators() {
        let p = pair(
            "Napoleon v Paríži. Napoleon na Elbe. Paríž bez neho. Separ.",
            "x.",
        );
        let idx = SearchIndex::new(&p);
        let s =
            |q: &str| -> Vec<usize> { idx.search(&p, q, 10).iter().map(|h| h.sentence).collect() };
        assert_eq!(s("napoleon pariz"), [0]);
        assert_eq!(s("'elbe"), [1]);
        assert!(s("'elbx").is_empty());
        assert_eq!(s("^par"), [0, 2]);
        assert_eq!(s("par$").len(), 1, "{:?}", s("par$"));
        assert_eq!(s("napoleon !elbe"), [0]);
        let mut either = s("elbe | separ");
        either.sort_unstable();
        assert_eq!(either, [1, 3]);
    }

    #[test]
    fn ties_keep_one_order_under_any_limit() {
        let p = pair(&"Paríž. ".repeat(20), &"Париж. ".repeat(20));
        let idx = SearchIndex::new(&p);
        let all = idx.search(&p, "pariz", 100);
        for limit in [1, 3, 10, 25] {
            assert_eq!(idx.search(&p, "pariz", limit), all[..limit]);
        }
    }

    #[test]
    fn interleaved_shows_both_accounts() {
        let p = pair(&"Pierre came. ".repeat(30), "Пьер пришел.");
        let idx = SearchIndex::new(&p);
        let r = idx
            .run(&p, "pierre", Options::new(10, Order::Interleaved), &|| true)
            .expect("ran");
        assert_eq!(r.hits[1].side, Side::Right, "{:?}", r.hits);
        assert_eq!(r.totals, [30, 1]);
        assert!(r.capped[0]);
    }

    #[test]
    fn nonsense_and_empty_find_nothing() {
        let p = Pair::bundled().expect("bundled");
        let idx = SearchIndex::new(&p);
        assert!(idx.search(&p, "qqxzjv", 50).is_empty());
        assert!(idx.search(&p, "", 50).is_empty());
        assert!(idx.search(&p, "   ", 50).is_empty());
        let long = "ab".repeat(5000);
        assert!(idx.search(&p, &long, 50).is_empty());
        assert!(idx.search(&p, "\u{1b}\u{7}\u{0}", 50).is_empty());
    }
}
