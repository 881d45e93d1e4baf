//! Names no index lists: capitalised words (and runs of them) that are
//! capitalised in most of their uses inside a sentence and are not stop
//! words or titles, with what their uses say of them: a title before
//! them (a person), a place word or a place ending (a place), an article
//! (not a person in English), a people's name.

use crate::Lang;
use crate::entities::paradigm::{self, Inflection, Paradigms};
use crate::entities::scan::{Word, Words, sentence_words};
use crate::lang::tables::{self, LangTable};
use crate::text::{Account, is_roman};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// One use of an unlisted name in an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occurrence {
    /// Byte span of the name (without a title before it or a possessive after).
    pub span: Range<usize>,
    /// The span of each of its words.
    pub word_spans: Vec<Range<usize>>,
    /// Its words, folded.
    pub words: Vec<String>,
    /// A title stands before it.
    pub title: bool,
    /// It follows a place word, or ends as place names do.
    pub place: bool,
    /// It follows an article (English, German, French).
    pub article: bool,
    /// It follows an article or another word that stands before nouns
    /// (German meine, im): a noun, where every noun is capitalised.
    pub determined: bool,
    /// It follows a verb of saying, with or without an article between
    /// ("said the Dodger"): a person speaks.
    pub spoke: bool,
    /// It is a people's name (French, Russians).
    pub people: bool,
    /// It opens a sentence (its capital says nothing).
    pub start: bool,
    /// It is set in italics (`_Morning Chronicle_` in plain text): the
    /// title of a paper, a book or a ship rather than a person's name.
    pub italic: bool,
}

impl Occurrence {
    /// True when this use says place or people rather than person: after a
    /// place word or an article, or a people's name.
    pub fn says_place(&self) -> bool {
        self.place || self.people || (self.article && !self.spoke)
    }
}

/// How a folded word is used across an account.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Uses {
    /// Uses with a capital inside a sentence (not opening it).
    pub capital_inside: u32,
    /// Uses in lower case inside a sentence.
    pub lower_inside: u32,
}

/// What the scan of one account finds: every use of an unlisted name,
/// and how each word written with a capital somewhere is used (for the
/// paradigm of a name: Сына is a name by its own uses, not once сын, сына
/// and Сын are counted with it).
#[derive(Debug, Clone, Default)]
pub struct Found {
    /// Every use of an unlisted name, in reading order.
    pub occ: Vec<Occurrence>,
    /// Each folded word used inside a sentence, with a capital or not,
    /// with its uses.
    pub uses: HashMap<String, Uses>,
    /// Every word of every name and every word written with a capital
    /// inside a sentence, folded, sorted: the words `paradigms` groups.
    pub words: Vec<String>,
    /// Their paradigms ([`paradigm::paradigms`]).
    pub paradigms: Paradigms,
    /// How the account's names take endings.
    pub inflection: Inflection,
    /// Each of `words` by its place (looked up many times a name).
    index: HashMap<String, u32, foldhash::fast::RandomState>,
    /// Whether each word is a nominative: its paradigm's bare stem, or
    /// ending as the language's nominative does where the paradigm has no
    /// bare form (Анна, not Анны; Jezus, not Jezu or Jezusa).
    pub nominative: Vec<bool>,
}

impl Found {
    /// The index of folded `word` in [`Found::words`].
    pub fn word(&self, word: &str) -> Option<usize> {
        self.index.get(word).map(|&i| i as usize)
    }
}

/// A general list's stop word that this text uses as a name: written
/// with a capital inside sentences again and again and never in lower
/// case (the detective Fix: "fix" is an English stop word), or hardly
/// ever where another case form of it is a name the text writes (the
/// Russian list's сила, power, is Silas in Acts: Сила three times inside
/// sentences and сила once, beside Силу and Силе). A pronoun written
/// with a capital in address (Polish Twoja, your) has no such form. Not
/// where every noun has a capital, nor for the words languages.toml adds.
fn stop_word_named(data: &LangTable, vocab: &Words, folded: &str, u: Uses) -> bool {
    /// Uses with a capital inside sentences that make a stop word a name…
    const NAMED: u32 = 3;
    /// …where it is written in lower case at most this share as often,
    /// beside a form that is a name.
    const LOWER: u32 = 3;
    /// Letters the stem keeps.
    const STEM: usize = 3;
    if data.capitalises_nouns
        || data.stop_added.contains(folded)
        || folded.chars().count() < 3
        || u.capital_inside < NAMED
        || u.lower_inside * LOWER > u.capital_inside
    {
        return false;
    }
    if u.lower_inside == 0 {
        return true;
    }
    let named = |w: &str| {
        w != folded
            && !data.stop.contains(w)
            && vocab.ids.get(w).is_some_and(|&id| {
                let o = vocab.uses[id as usize];
                o.capital_inside >= 2 && o.lower_inside * LOWER <= o.capital_inside
            })
    };
    data.stems(folded, STEM)
        .skip(1)
        .any(|stem| data.endings.iter().any(|e| named(&format!("{stem}{e}"))))
}

/// [`case_of_a_name`] of a vocabulary word (its id and folded form),
/// decided once a word, not at each of its uses.
fn start_named<'a>(
    data: &'a LangTable,
    vocab: &'a super::scan::Words,
) -> impl Fn(u32, &str) -> bool + 'a {
    let known: Vec<std::cell::OnceCell<bool>> = vec![Default::default(); vocab.folded.len()];
    move |id, folded| *known[id as usize].get_or_init(|| case_of_a_name(data, vocab, id, folded))
}

/// True when `folded` (vocabulary word `id`), a word seen only where a
/// capital says nothing (a sentence's or a quoted speech's first word),
/// is a case form of a word the text writes as a name: its stem, one of
/// the language's endings off, is itself (or with another ending) written
/// with a capital inside sentences again and again and never in lower
/// case. A vocative stands first in speech (rzekł mu: Kornelijuszu!
/// "Jasiu, co tak patrzysz"), where nothing else of the name is.
fn case_of_a_name(data: &LangTable, vocab: &super::scan::Words, id: u32, folded: &str) -> bool {
    /// Uses inside sentences that make the stem's other form a name.
    const NAMED: u32 = 2;
    /// Letters the stem keeps: more where it takes another ending to be
    /// the name and is written in another script too (a French Andre in
    /// a Russian novel is no case of Андрей; Jasiu is of Jasia).
    const STEM: usize = 4;
    let script = vocab.scripts[id as usize];
    let named = |w: &str, same_script: bool| {
        vocab.ids.get(w).is_some_and(|&id| {
            let u = vocab.uses[id as usize];
            u.capital_inside >= NAMED
                && u.lower_inside == 0
                && (!same_script || vocab.scripts[id as usize] & script != 0)
        })
    };
    data.endings.iter().any(|e| {
        let Some(stem) = folded.strip_suffix(e.as_str()) else {
            return false;
        };
        let letters = stem.chars().count();
        letters >= STEM
            && (named(stem, false)
                || data
                    .endings
                    .iter()
                    .filter(|o| *o != e)
                    .any(|o| named(&format!("{stem}{o}"), letters == STEM)))
    })
}

/// True when `word`, as written, is a form of a verb (a participle) or
/// ends in one of the language's clitics after an apostrophe (I've,
/// We'll: a pronoun and a verb, no name; O'Brien is one).
fn ordinary_word(word: &str, data: &LangTable) -> bool {
    data.is_verb_form(&word.to_lowercase())
        || word
            .rsplit_once(['\'', '’', 'ʼ', '`'])
            .is_some_and(|(_, after)| data.clitics.contains(&after.to_lowercase()))
}

/// A title this text uses as a character's name: written with a capital
/// inside sentences again and again and hardly ever in lower case (Pan
/// Tadeusz's Hrabia, the Count: 24 uses, none in lower case). Where it
/// stands before a name (Hrabia Horeszko) it is still that name's title.
/// Not where every noun has a capital, nor for a title written short
/// (Mr., M.: it stands before a name the full stop keeps apart), nor for
/// the Lord (languages.toml's `not_names`: Pan, Lord).
fn title_named(data: &LangTable, folded: &str, u: Uses) -> bool {
    /// Uses with a capital inside sentences that make a title a name.
    const NAMED: u32 = 5;
    !data.capitalises_nouns
        && !data.abbreviations.contains(folded)
        && u.capital_inside >= NAMED
        && u.lower_inside * 10 <= u.capital_inside
}

/// True when `folded` may stand inside a name (de, von) after the word
/// `after`. In a language that capitalises every noun, one joins only a
/// given name and what follows (Otto von Bismarck, Heinrich der Löwe):
/// between two nouns, or a noun and a name, it is a noun's (Schuld der
/// Eltern, die Tür von Gregors Zimmer), not a name's.
fn particle(data: &LangTable, folded: &str, after: &str) -> bool {
    tables::name_particles().contains(folded)
        && (!data.capitalises_nouns || crate::lang::given::is_given_folded(after))
}

/// True when `folded`, in a language that capitalises every noun, is a
/// name the account writes with a capital inside sentences and never in
/// lower case, with a genitive's -s: "Gregors Zimmer" (Gregor's room) is
/// a name and a noun, not a name of two words. Die Verwandlung lost 20 of
/// Gregor's 263 mentions to such runs.
fn genitive_of_a_name(data: &LangTable, vocab: &Words, folded: &str) -> bool {
    data.capitalises_nouns
        && folded.strip_suffix('s').is_some_and(|stem| {
            stem.chars().count() >= 3
                && vocab.ids.get(stem).is_some_and(|&id| {
                    let u = vocab.uses[id as usize];
                    u.capital_inside >= 2 && u.lower_inside == 0
                })
        })
}

/// Every use of an unlisted name in `account` (of language `lang`) not
/// inside a `known` span (sorted), in reading order, and the uses of the
/// words written with a capital.
pub fn candidates(account: &Account, lang: Option<Lang>, known: &[Range<usize>]) -> Found {
    let data = tables::get(lang);
    let text = &account.text;
    let covered = |r: &Range<usize>| {
        let i = known.partition_point(|k| k.end <= r.start);
        known.get(i).is_some_and(|k| k.start < r.end)
    };
    // First the words of every sentence, with their uses counted.
    let (all, bounds, vocab) = sentence_words(account, data);
    let folded = |w: &Word| vocab.folded[w.id as usize].as_str();
    let places = place_words(lang.is_some(), &all, &bounds, data, &folded);
    let start_named = start_named(data, &vocab);
    let is_name = |w: &Word| {
        if !w.capital || covered(&w.span()) || is_roman(&account.text[w.span()]) {
            return false;
        }
        let f = folded(w);
        let u = vocab.uses[w.id as usize];
        if f.chars().count() < 2
            || f.chars().all(|c| c.is_ascii_digit())
            || (data.stop.contains(f) && !stop_word_named(data, &vocab, f, u))
            || (data.is_title(f) && !title_named(data, f, u))
            || data.is_not_name(f)
            || ordinary_word(&account.text[w.span()], data)
        {
            return false;
        }
        (u.capital_inside >= 1 && u.capital_inside > u.lower_inside)
            || (u.capital_inside == 0 && u.lower_inside == 0 && start_named(w.id, f))
    };
    let mut out: Vec<Occurrence> = Vec::new();
    for b in bounds.windows(2) {
        let words = &all[b[0]..b[1]];
        // The word kept at `k` stands right after the one kept before it.
        let next_to = |k: usize| k > 0 && words[k].pos == words[k - 1].pos + 1;
        let mut i = 0;
        while i < words.len() {
            if !is_name(&words[i]) {
                i += 1;
                continue;
            }
            // A title used as a name, before a name: that name's title.
            if data.is_title(folded(&words[i]))
                && words
                    .get(i + 1)
                    .is_some_and(|n| n.joined && next_to(i + 1) && is_name(n))
            {
                i += 1;
                continue;
            }
            // The word right before it, when kept (one not kept is no
            // title, place word or article).
            let before = i.checked_sub(1).filter(|_| next_to(i)).map(|b| &words[b]);
            let place_cue = before.is_some_and(|b| words[i].joined && places.contains(folded(b)));
            // A run of name words (particles allowed inside); a word after
            // a place word stands alone (в Париж Коленкура: a place, then a
            // person).
            let mut end = i + 1;
            while end < words.len() && !place_cue {
                let w = &words[end];
                if !w.joined || !next_to(end) {
                    break;
                }
                if is_name(w) && !genitive_of_a_name(data, &vocab, folded(&words[end - 1])) {
                    end += 1;
                } else if particle(data, folded(w), folded(&words[end - 1]))
                    && words.get(end + 1).is_some_and(|n| n.joined && is_name(n))
                    && next_to(end + 1)
                {
                    end += 2;
                } else {
                    break;
                }
            }
            // A regnal numeral belongs to the name (Louis XV, Людовика XVIII).
            if words
                .get(end)
                .is_some_and(|w| w.joined && next_to(end) && is_roman(&text[w.span()]))
            {
                end += 1;
            }
            // What stands right before it (only spaces between: "prince.
            // Gênes" has no title before Gênes).
            let prev = before.filter(|_| words[i].joined).map(&folded);
            let title = prev.is_some_and(|p| data.is_title(p));
            let place_word =
                prev.is_some_and(|p| says_place(data, &places, p, &text[words[i].span()]));
            let article = prev.is_some_and(|p| data.articles.contains(p));
            let determined = article || prev.is_some_and(|p| data.determiners.contains(p));
            let suffix = ends_as_places_do(folded(&words[end - 1]));
            let noun = place_noun_next_to(words, i, end, data, &folded);
            let names: Vec<String> = words[i..end]
                .iter()
                .map(|w| folded(w).to_string())
                .collect();
            out.push(Occurrence {
                span: words[i].span().start..words[end - 1].span().end,
                word_spans: words[i..end].iter().map(Word::span).collect(),
                people: names.len() == 1 && is_people(data, &names[0]),
                words: names,
                title,
                place: place_word || suffix || noun,
                article,
                determined,
                spoke: says(data, words, i, article, &next_to, &vocab.folded),
                start: words[i].opens && !title,
                italic: words[i].italic_open && words[end - 1].italic_close,
            });
            i = end;
        }
    }
    found(out, &vocab, text, lang, data)
}

/// The place words of a text in a language without data: of every
/// language's (`data`), some take a person in another language (Ukrainian
/// у, in; Russian у Павла, at Paul's), so only those this text puts
/// before a known place at least `LEARNED_PLACES` times, and before a
/// given name at most a third as often, say place here. `all` holds the
/// words of every sentence, `bounds` where each sentence begins.
/// With data (`known`), the language's place words.
fn place_words<'a, 'd>(
    known: bool,
    all: &[Word],
    bounds: &[usize],
    data: &'d LangTable,
    folded: &impl Fn(&Word) -> &'a str,
) -> Cow<'d, HashSet<String>> {
    /// Uses before a known place that make a place word this text's.
    const LEARNED_PLACES: usize = 3;
    if known {
        return Cow::Borrowed(&data.place_words);
    }
    let mut seen: HashMap<&str, (usize, usize)> = HashMap::new();
    for b in bounds.windows(2) {
        for pair in all[b[0]..b[1]].windows(2) {
            let (w, name) = (&pair[0], &pair[1]);
            if !name.capital || name.pos != w.pos + 1 || !name.joined {
                continue;
            }
            let word = folded(w);
            if !data.place_words.contains(word) {
                continue;
            }
            let n = folded(name);
            let entry = seen.entry(word).or_default();
            if crate::lang::places::place_of(n, None).is_some() {
                entry.0 += 1;
            } else if data.stems(n, 3).any(crate::lang::given::is_given_folded) {
                entry.1 += 1;
            }
        }
    }
    Cow::Owned(
        seen.into_iter()
            .filter(|&(_, (places, given))| places >= LEARNED_PLACES && given * 3 <= places)
            .map(|(w, _)| w.to_string())
            .collect(),
    )
}

/// True when `prev`, the folded word before a name written `name`, says it
/// is a place: a place word, unless it means "with" before the name's
/// instrumental (Polish z Pawłem, with Paul; z Krakowa, from Kraków).
fn says_place(data: &LangTable, place_words: &HashSet<String>, prev: &str, name: &str) -> bool {
    place_words.contains(prev)
        && !(data.with_words.contains(prev) && {
            let name = name.to_lowercase();
            data.with_endings.iter().any(|e| name.ends_with(e.as_str()))
        })
}

/// True when a noun that names a kind of place stands next to the name
/// `words[start..end]` of a sentence's kept words: right before it, or
/// before it with a link between (station of Allahabad, l'île Salcette,
/// la station d'Allahabad), right after it (the Suez canal), or as the
/// first or last word of a name of two words or more (Malabar Hill, Mount
/// Sinai).
fn place_noun_next_to<'a>(
    words: &[Word],
    start: usize,
    end: usize,
    data: &LangTable,
    folded: &impl Fn(&Word) -> &'a str,
) -> bool {
    let next_to = |k: usize| k > 0 && words[k].pos == words[k - 1].pos + 1;
    let noun = |k: usize| data.is_place_noun(folded(&words[k]));
    let first = &words[start];
    let before = start > 0 && next_to(start) && first.joined && noun(start - 1);
    let linked = start > 1
        && next_to(start)
        && next_to(start - 1)
        && (first.joined || first.elided)
        && words[start - 1].joined
        && data.place_links.contains(folded(&words[start - 1]))
        && noun(start - 2);
    let after = end < words.len() && next_to(end) && words[end].joined && noun(end);
    let inside = end - start >= 2 && (noun(start) || noun(end - 1));
    before || linked || after || inside
}

/// What the scan found, with the paradigms of its words: the runs `out`
/// (of `text`) split where they are two names, and the uses of `vocab`.
fn found(
    out: Vec<Occurrence>,
    vocab: &Words,
    text: &str,
    lang: Option<Lang>,
    data: &LangTable,
) -> Found {
    let out = nouns_before_names(out, vocab, text, data);
    let uses: HashMap<String, Uses> = vocab
        .folded
        .iter()
        .zip(&vocab.uses)
        .filter(|(_, u)| u.capital_inside > 0 || u.lower_inside > 0)
        .map(|(f, u)| (f.clone(), *u))
        .collect();
    let mut words: Vec<String> = out
        .iter()
        .flat_map(|o| o.words.iter().cloned())
        .chain(
            uses.iter()
                .filter(|(_, u)| u.capital_inside > 0)
                .map(|(w, _)| w.clone()),
        )
        .collect();
    words.sort_unstable();
    words.dedup();
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let inflection = paradigm::inflection(lang, &refs);
    let paradigms = paradigm::paradigms(&refs, &inflection);
    let nominative = nominatives(&words, &paradigms, data);
    let index = words
        .iter()
        .enumerate()
        .map(|(i, w)| (w.clone(), i as u32))
        .collect();
    let mut found = Found {
        occ: Vec::new(),
        uses,
        index,
        words,
        paradigms,
        inflection,
        nominative,
    };
    let occ = {
        let cases = one_name_test(&found, data);
        let paradigm = |w: &str| found.word(w).map(|i| found.paradigms.of[i]);
        let ending = |w: &str| found.word(w).map(|i| found.paradigms.ending[i].clone());
        split_rare_runs(out, &cases, &paradigm, &ending, data.capitalises_nouns)
    };
    found.occ = occ;
    found
}

/// Where every noun is capitalised, a run right after an article or a
/// determiner may be that article's noun and a name in the genitive: "in
/// der Nähe Jerusalems" (near Jerusalem), "nach dem Fall Gazas". Its
/// first word is such a noun when it is no given name, the text writes it
/// in lower case at most half as often as with a capital (an adjective is
/// written so more; the folded nahe of Nähe is also the adverb nahe,
/// near), and uses it more than twice as often as it opens such runs (a
/// place's Vorder or Mittler opens its runs and stands in no other use);
/// and a space, not a hyphen, stands between (Zervreila-Stausee). The
/// noun and the name are then two uses, the name after no article.
/// Droysen's Alexander had "Nähe Jerusalems" and "Fall Gazas" as names of
/// two words, so its Jerusalem never met the English one. A noun before
/// the genitive of a name the text writes bare is one wherever it stands:
/// Die Verwandlung lost five of Gregor's uses to "Wunsch Gregors",
/// "Verwundung Gregors" and their like.
fn nouns_before_names(
    out: Vec<Occurrence>,
    vocab: &Words,
    text: &str,
    data: &LangTable,
) -> Vec<Occurrence> {
    if !data.capitalises_nouns {
        return out;
    }
    let mut opens: HashMap<&str, u32> = HashMap::new();
    for o in out.iter().filter(|o| o.determined && o.words.len() >= 2) {
        *opens.entry(o.words[0].as_str()).or_default() += 1;
    }
    let noun = |o: &Occurrence| -> bool {
        let [first, rest @ ..] = o.words.as_slice() else {
            return false;
        };
        if rest.is_empty() || o.title || crate::lang::given::is_given_folded(first) {
            return false;
        }
        // A noun and the genitive of a name the text writes bare ("der
        // Wunsch Gregors", "eine Photographie Gregors"), after an article
        // or not.
        let genitive = matches!(rest, [name] if genitive_of_a_name(data, vocab, name));
        if !o.determined && !genitive {
            return false;
        }
        // A compound's first part is a name (Zervreila-Stausee).
        let spaced = text
            .get(o.word_spans[0].end..o.word_spans[1].start)
            .is_some_and(|between| between.chars().all(char::is_whitespace));
        let Some(u) = vocab
            .ids
            .get(first.as_str())
            .map(|&id| vocab.uses[id as usize])
            .filter(|_| spaced)
        else {
            return false;
        };
        let runs = opens.get(first.as_str()).copied().unwrap_or(0);
        u.lower_inside * 2 <= u.capital_inside && (genitive || u.capital_inside > 2 * runs)
    };
    let mut split = Vec::with_capacity(out.len());
    for o in &out {
        if !noun(o) {
            split.push(o.clone());
            continue;
        }
        let [mut first, mut name] = halves(o, 1, 0);
        first.people = is_people(data, &first.words[0]);
        first.place = false;
        name.people = name.words.len() == 1 && is_people(data, &name.words[0]);
        name.article = false;
        name.determined = false;
        split.extend([first, name]);
    }
    split
}

/// Whether each of `words` is a nominative (see [`Found::nominative`]).
fn nominatives(words: &[String], par: &Paradigms, data: &LangTable) -> Vec<bool> {
    let mut bare = vec![false; par.len()];
    for (i, e) in par.ending.iter().enumerate() {
        if e.is_empty() && !words[i].is_empty() {
            bare[par.of[i] as usize] = true;
        }
    }
    par.ending
        .iter()
        .enumerate()
        .map(|(i, e)| e.is_empty() || (!bare[par.of[i] as usize] && data.nominative.contains(e)))
        .collect()
}

/// What the cases of a run's words say of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cases {
    /// They agree as one name's words do: all nominatives (Андрей
    /// Болконский), or all in one other case (Анны Павловны).
    Agree,
    /// They do not: two names side by side ("выходки Пьера Анна
    /// Павловна", "Pawła Merkuryjuszem"), or a name and a possessive of
    /// another (Jakób Alfeuszowy: James, Alphaeus's son).
    Disagree,
    /// The language does not decline: its cases say nothing.
    Unknown,
}

/// The test of a run's cases ([`Cases`]). A form is a nominative as
/// [`Found::nominative`] says; two other forms agree when their endings
/// end alike (Иоанна Крестителя, Jana Chrzciciela).
fn one_name_test<'a>(found: &'a Found, data: &'a LangTable) -> impl Fn(&[String]) -> Cases + 'a {
    let par = &found.paradigms;
    let mut size = vec![0u32; par.len()];
    for &p in &par.of {
        size[p as usize] += 1;
    }
    let names: std::collections::HashSet<&str> = par
        .stems
        .iter()
        .enumerate()
        .filter(|&(p, _)| size[p] >= 2)
        .map(|(_, s)| s.as_str())
        .collect();
    let possessive = move |w: &str| {
        data.adjective_endings.iter().any(|e| {
            w.strip_suffix(e.as_str()).is_some_and(|rest| {
                data.possessive_suffixes.iter().any(|s| {
                    rest.strip_suffix(s.as_str())
                        .is_some_and(|b| names.contains(b))
                })
            })
        })
    };
    move |run: &[String]| {
        if !data.nominative.iter().any(|e| !e.is_empty()) {
            return Cases::Unknown;
        }
        if run.iter().skip(1).any(|w| possessive(w)) {
            return Cases::Disagree;
        }
        let at = |w: &String| found.word(w);
        let nominative = |w: &String| at(w).is_none_or(|i| found.nominative[i]);
        let n = run.iter().filter(|w| nominative(w)).count();
        let last = |w: &String| at(w).and_then(|i| par.ending[i].chars().last());
        let alike = run.windows(2).all(|p| last(&p[0]) == last(&p[1]));
        if n == run.len() || (n == 0 && alike) {
            Cases::Agree
        } else {
            Cases::Disagree
        }
    }
}

/// A run of names seen once whose two parts are names seen on their own
/// (one of them more than once) is two names side by side, not one
/// ("выходки Пьера Анна Павловна"), unless its words agree in case as
/// one name's do (Андрей Болконский). Where they disagree, one part seen
/// on its own more than once is enough ("Pawła Merkuryjuszem": Paul,
/// called Mercury). A particle between two names each seen more than
/// once on their own joins neither ("Pinocchio al Gatto"). A run of two
/// words in different forms, each used alone far more often than the run
/// however often it is seen, is two names ("Saul Dávidnak"); `paradigm`
/// and `ending` give a word's paradigm and its ending after the stem.
fn split_rare_runs(
    occ: Vec<Occurrence>,
    cases: &dyn Fn(&[String]) -> Cases,
    paradigm: &dyn Fn(&str) -> Option<u32>,
    ending: &dyn Fn(&str) -> Option<String>,
    nouns_capitalised: bool,
) -> Vec<Occurrence> {
    let mut count: HashMap<&[String], usize> = HashMap::new();
    // Names of one word, by paradigm (Dávid, Dávidnak, Dávidot).
    let mut lone: HashMap<u32, usize> = HashMap::new();
    for o in &occ {
        *count.entry(o.words.as_slice()).or_default() += 1;
        if let [w] = o.words.as_slice()
            && let Some(p) = paradigm(w)
        {
            *lone.entry(p).or_default() += 1;
        }
    }
    // Two names side by side in different forms, each far more often on
    // its own ("monda Saul Dávidnak", said Saul to David, 4 times; Saul
    // alone 200 times, David 250): where only a name's last word
    // declines, as in Hungarian, the cases cannot tell it from one name
    // (Kossuth Lajosnak), but one name's words are seldom both used alone
    // so much more than together. Two words in one form (Elizabeth
    // Bennet, whose family shares the surname) stay one name; a particle
    // between two names so used joins neither, however often.
    let apart = |words: &[String], n: usize| -> bool {
        const TIMES: usize = 5;
        const MIN_ALONE: usize = 10;
        let often = |w: &String| {
            paradigm(w)
                .and_then(|p| lone.get(&p))
                .is_some_and(|&k| k >= MIN_ALONE && k >= TIMES * n)
        };
        match words {
            [a, b] => often(a) && often(b) && ending(a) != ending(b),
            // A particle between them ("Pinocchio al Gatto" again and
            // again) says by itself that they are not in one form.
            [a, p, b] => tables::name_particles().contains(p.as_str()) && often(a) && often(b),
            _ => false,
        }
    };
    let seen = |w: &[String]| count.get(w).copied().unwrap_or(0) >= 2;
    let mut out = Vec::with_capacity(occ.len());
    for o in &occ {
        let n = o.words.len();
        let case = if n < 2 { Cases::Agree } else { cases(&o.words) };
        let seen_as_run = count.get(o.words.as_slice()).copied().unwrap_or(0);
        if apart(&o.words, seen_as_run) {
            out.extend(halves(o, 1, n - 2));
            continue;
        }
        if case == Cases::Agree || seen_as_run > 1 {
            out.push(o.clone());
            continue;
        }
        // The split point whose parts are both seen as names on their own
        // (one of them more than once): "Anna Pavlovna" seen once beside
        // many a lone "Anna" stays whole, as "Pavlovna" never stands alone.
        // Where every noun is capitalised, a name's possessive before a
        // noun looks like a name of two words ("Ossians Seele", Ossian's
        // soul): there a word is seen alone in any of its forms.
        let alone = |w: &[String]| {
            count.get(w).copied().unwrap_or(0) >= 1
                || (nouns_capitalised
                    && matches!(w, [one] if paradigm(one).is_some_and(|p| lone.contains_key(&p))))
        };
        let at = (1..n).find(|&k| {
            let (a, b) = (&o.words[..k], &o.words[k..]);
            let both = alone(a) && alone(b);
            (both || case == Cases::Disagree) && (seen(a) || seen(b))
        });
        // Or a particle between two names each seen on their own more than
        // once, which joins neither ("disse Pinocchio al Gatto": said
        // Pinocchio to the Cat; Dulcinea del Toboso, seen as often, stays).
        let between = || {
            (1..n.saturating_sub(1)).find(|&k| {
                let (a, b) = (&o.words[..k], &o.words[k + 1..]);
                tables::name_particles().contains(o.words[k].as_str()) && seen(a) && seen(b)
            })
        };
        let (k, skip) = match at {
            Some(k) => (k, 0),
            None => match between() {
                Some(k) => (k, 1),
                None => {
                    out.push(o.clone());
                    continue;
                }
            },
        };
        out.extend(halves(o, k, skip));
    }
    out
}

/// True when the name at `words[i]` follows a verb of saying, right
/// before it or before its article (`article`): "said the Dodger".
fn says(
    data: &LangTable,
    words: &[Word],
    i: usize,
    article: bool,
    next_to: &dyn Fn(usize) -> bool,
    folded: &[String],
) -> bool {
    let verb = |k: usize| {
        next_to(k + 1)
            && words[k + 1].joined
            && data.speech_verbs.contains(&folded[words[k].id as usize])
    };
    match i {
        0 => false,
        1 => verb(0),
        _ => verb(i - 1) || (article && verb(i - 2)),
    }
}

/// True when the folded word `last` ends as place names do (-burg,
/// -ville), after more than two letters.
fn ends_as_places_do(last: &str) -> bool {
    tables::place_suffixes()
        .iter()
        .any(|s| last.len() > s.len() + 2 && last.ends_with(s.as_str()))
}

/// `o` cut before its word `k` into two names, the `skip` words after
/// the cut (a particle) in neither.
fn halves(o: &Occurrence, k: usize, skip: usize) -> [Occurrence; 2] {
    debug_assert!(k >= 1 && k + skip < o.words.len());
    let (a, b) = (&o.word_spans[..k], &o.word_spans[k + skip..]);
    [
        Occurrence {
            span: a[0].start..a[k - 1].end,
            word_spans: a.to_vec(),
            words: o.words[..k].to_vec(),
            ..o.clone()
        },
        Occurrence {
            span: b[0].start..b[b.len() - 1].end,
            word_spans: b.to_vec(),
            words: o.words[k + skip..].to_vec(),
            title: false,
            start: false,
            ..o.clone()
        },
    ]
}

/// True for a people's name (French, Russians).
fn is_people(data: &LangTable, folded: &str) -> bool {
    data.peoples.contains(folded)
}

#[cfg(test)]
mod tests;
