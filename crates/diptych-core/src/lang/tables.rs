//! Language data: stop words (the stopwords-iso lists, through the
//! `stop-words` crate) and `texts/languages.toml` (titles, place words,
//! articles, peoples, name endings, place suffixes), folded once for
//! lookups. Code never tests for one language's word inline.

mod declension;

pub use declension::{Declension, Rule};

use super::fold::fold_query;
use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

/// The most letters a number word may have after its stem (`-aya`, `-ième`).
pub const NUMBER_ENDING: usize = 4;

/// `texts/languages.toml`, compiled in.
pub const LANGUAGES_TOML: &str = include_str!("../../../../texts/languages.toml");

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLang {
    #[serde(default)]
    titles: Vec<String>,
    #[serde(default)]
    place_words: Vec<String>,
    #[serde(default)]
    with_words: Vec<String>,
    #[serde(default)]
    with_endings: Vec<String>,
    #[serde(default)]
    articles: Vec<String>,
    #[serde(default)]
    determiners: Vec<String>,
    #[serde(default)]
    speech_verbs: Vec<String>,
    #[serde(default)]
    peoples: Vec<String>,
    #[serde(default)]
    endings: Vec<String>,
    #[serde(default)]
    stop_add: Vec<String>,
    #[serde(default)]
    stop_remove: Vec<String>,
    #[serde(default)]
    capitalises_nouns: bool,
    #[serde(default)]
    possessive_names: bool,
    #[serde(default)]
    possessive_endings: Vec<String>,
    #[serde(default)]
    declension: Option<Declension>,
    #[serde(default)]
    numbers: HashMap<String, u32>,
    #[serde(default)]
    fleeting: Vec<String>,
    #[serde(default)]
    alternations: Vec<[String; 2]>,
    #[serde(default)]
    plural_endings: Vec<String>,
    #[serde(default)]
    possessive_suffixes: Vec<String>,
    #[serde(default)]
    adjective_endings: Vec<String>,
    #[serde(default)]
    demonym_suffixes: Vec<String>,
    #[serde(default)]
    alias_words: Vec<String>,
    #[serde(default)]
    months: Vec<String>,
    #[serde(default)]
    abbreviations: Vec<String>,
    #[serde(default)]
    number_abbreviations: Vec<String>,
    #[serde(default)]
    nominative: Vec<String>,
    #[serde(default)]
    oblique_marks: Vec<String>,
    #[serde(default)]
    not_names: Vec<String>,
    #[serde(default)]
    verb_endings: Vec<String>,
    #[serde(default)]
    place_nouns: Vec<String>,
    #[serde(default)]
    place_links: Vec<String>,
    #[serde(default)]
    list_words: Vec<String>,
    #[serde(default)]
    elisions: Vec<String>,
    #[serde(default)]
    clitics: Vec<String>,
}

/// `[names]`: words of names in any language.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNames {
    #[serde(default)]
    inside: Vec<String>,
    #[serde(default)]
    undeclined: Vec<String>,
    #[serde(default)]
    classical: Vec<String>,
    #[serde(default)]
    changed: Vec<String>,
    #[serde(default)]
    adjectives: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
struct RawPlaces {
    #[serde(default)]
    suffixes: Vec<String>,
}

/// The file: a table a language, by code, and the tables of all. Each
/// language is a field, not a flattened map, so that an error is reported
/// at its line and key (a flattened map loses them).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    places: RawPlaces,
    #[serde(default)]
    names: RawNames,
    uk: Option<RawLang>,
    ru: Option<RawLang>,
    sk: Option<RawLang>,
    cs: Option<RawLang>,
    pl: Option<RawLang>,
    en: Option<RawLang>,
    de: Option<RawLang>,
    fr: Option<RawLang>,
}

impl RawFile {
    /// Each language's table, by its code.
    fn langs(self) -> Vec<(crate::Lang, RawLang)> {
        use crate::Lang;
        [
            (Lang::Uk, self.uk),
            (Lang::Ru, self.ru),
            (Lang::Sk, self.sk),
            (Lang::Cs, self.cs),
            (Lang::Pl, self.pl),
            (Lang::En, self.en),
            (Lang::De, self.de),
            (Lang::Fr, self.fr),
        ]
        .into_iter()
        .filter_map(|(l, raw)| Some((l, raw?)))
        .collect()
    }
}

/// What is known of one language, folded.
#[derive(Debug, Clone, Default)]
pub struct LangTable {
    /// Titles (prince, князь, cisár).
    pub titles: HashSet<String>,
    /// Prepositions after which a capitalised word is a place.
    pub place_words: HashSet<String>,
    /// Those of them that mean "with" before the endings of
    /// `with_endings` (Polish z Pawłem, with Paul; z Krakowa, from
    /// Kraków, stays a place's cue).
    pub with_words: HashSet<String>,
    /// The endings (lower case, as the texts write them) of a name that
    /// a `with_words` word before it makes no place.
    pub with_endings: Vec<String>,
    /// Nouns that name a kind of place (station, island, город), as the
    /// stems of their forms: a name next to one is a place.
    pub place_nouns: HashSet<String>,
    /// Words between such a noun and the name it says is a place (of, de).
    pub place_links: HashSet<String>,
    /// Words that join two names of one kind in a list or a route (and,
    /// or; Suez to Bombay).
    pub list_words: HashSet<String>,
    /// Short words written elided before the next, in lower case (French
    /// l', d': l'île is `l` and `île`).
    pub elisions: HashSet<String>,
    /// Short words written after an apostrophe onto the word before
    /// (English 've, 'll: I've is no name), in lower case.
    pub clitics: HashSet<String>,
    /// Articles after which a capitalised word is not a person.
    pub articles: HashSet<String>,
    /// Other words that stand before nouns and hardly ever before names
    /// (German mein, dieser, im): with the articles, what tells a noun
    /// from a name where every noun is capitalised.
    pub determiners: HashSet<String>,
    /// Verbs of saying a name follows ("said the Dodger"): whoever
    /// speaks is a person, whatever article stands before.
    pub speech_verbs: HashSet<String>,
    /// Peoples and their adjectives, where capitalised.
    pub peoples: HashSet<String>,
    /// Name endings, longest first.
    pub endings: Vec<String>,
    /// Stop words.
    pub stop: HashSet<String>,
    /// The stop words languages.toml adds (`stop_add`: interjections, days,
    /// God), which no use in a text makes a name; the general lists' words
    /// (English `fix`, `bill`) can be one where a text proves it.
    pub stop_added: HashSet<String>,
    /// Every noun is capitalised (German): a capitalised word is a name
    /// only with more evidence.
    pub capitalises_nouns: bool,
    /// Names take a possessive, not case endings (English, German): a
    /// listed form's other forms are derived from it.
    pub possessive_names: bool,
    /// What may follow a name as its possessive, apart from it (English
    /// Kutúzov’s).
    pub possessive_endings: Vec<String>,
    /// How listed names take the language's endings (none: as written).
    pub declension: Option<Declension>,
    /// Number words as folded stems with their values, longest first
    /// (`[xx.numbers]`: first, пятая, sześćdziesiąty).
    pub numbers: Vec<(String, u32)>,
    /// Vowels that drop before a name's last consonant when it takes an
    /// ending (Павел, Павла; Paweł, Pawła), folded.
    pub fleeting: Vec<String>,
    /// Consonants that change before an ending: (in the case form, in the
    /// stem), folded (Piotrze of Piotr: `rz`, `r`), longest first.
    pub alternations: Vec<(String, String)>,
    /// Endings only the plural takes (Иудеям, Żydowie), folded, longest first:
    /// a name used so is a people or a group, not a person.
    pub plural_endings: Vec<String>,
    /// What makes a possessive adjective of a name (Павлов, Pawłowe), folded.
    pub possessive_suffixes: Vec<String>,
    /// The endings such an adjective takes, folded ("" included).
    pub adjective_endings: Vec<String>,
    /// What makes a name for a people of a place's name (Rzym-ianin,
    /// Рим-лян, Egypt-ians), folded, longest first: such a word is a
    /// people, not a person.
    pub demonym_suffixes: Vec<String>,
    /// The starts of words that give a person's other name ("Иосия,
    /// прозванный … Варнавою", "Jozes, który nazwany był … Barnabaszem",
    /// "Joses, who was surnamed Barnabas"), folded, longest first.
    pub alias_words: Vec<String>,
    /// Each month's name starts, folded, with its number (1 to 12),
    /// longest first: [`LangTable::month`] reads a word by them.
    pub months: Vec<(String, u8)>,
    /// Short words written with a full stop before a name (Mr., ген.),
    /// in lower case: the full stop after one ends no sentence.
    pub abbreviations: HashSet<String>,
    /// Short words written with a full stop only before a number (No. 7,
    /// Nr. 5, гл. 3), in lower case: the full stop after one ends no
    /// sentence before a number, and may end one before a name (“No.
    /// Pierre…”).
    pub number_abbreviations: HashSet<String>,
    /// The endings of the nominative, folded ("" included): an entry is
    /// named by a form ending so.
    pub nominative: Vec<String>,
    /// The same as written (lower case), in the file's order: what a
    /// nominative no text uses is made with, the first that fits first.
    pub nominative_written: Vec<String>,
    /// Letters that end a name only in an oblique case, as written (Polish
    /// ą, ę: Rymszą, the instrumental of Rymsza), lower case.
    pub oblique_marks: Vec<String>,
    /// Words written with a capital that name no person (God, the Lord,
    /// the Spirit, in their case forms), folded, each with its stems.
    pub not_names: HashSet<String>,
    /// Endings of verb forms (participles) that are never names, in lower
    /// case (not folded: Polish -ąc is not the -ac of Kovač).
    pub verb_endings: Vec<String>,
}

impl LangTable {
    /// True when `folded` (a folded word) is a title in this language,
    /// also in a case form (князя, графом).
    pub fn is_title(&self, folded: &str) -> bool {
        self.titles.contains(folded)
            || self.endings.iter().any(|e| {
                folded.len() > e.len() + 2
                    && folded.ends_with(e.as_str())
                    && self.titles.contains(&folded[..folded.len() - e.len()])
            })
    }

    /// The value of a folded number word (`pervaya` → 1, `sixty` → 60):
    /// the longest stem it starts with, its ending at most
    /// [`NUMBER_ENDING`] letters.
    pub fn number(&self, folded: &str) -> Option<u32> {
        let len = folded.chars().count();
        self.numbers
            .iter()
            .find(|(stem, _)| {
                folded.starts_with(stem.as_str()) && len <= stem.chars().count() + NUMBER_ENDING
            })
            .map(|&(_, v)| v)
    }

    /// The month folded `word` names (1 to 12): the longest month start it
    /// begins with (September, sept., września, сентября), a start of
    /// three letters or fewer taking one letter at most after it (mai,
    /// maja; not maison).
    pub fn month(&self, word: &str) -> Option<u8> {
        let len = word.chars().count();
        self.months
            .iter()
            .find(|(m, _)| {
                let n = m.chars().count();
                word.starts_with(m.as_str()) && len <= n + if n <= 3 { 1 } else { 8 }
            })
            .map(|&(_, n)| n)
    }

    /// The stems of a folded word: itself, and itself without each ending
    /// that leaves at least `min` bytes.
    pub fn stems<'a>(&'a self, folded: &'a str, min: usize) -> impl Iterator<Item = &'a str> + 'a {
        std::iter::once(folded).chain(
            self.endings
                .iter()
                .filter(move |e| folded.len() >= e.len() + min && folded.ends_with(e.as_str()))
                .map(move |e| &folded[..folded.len() - e.len()]),
        )
    }
}

impl LangTable {
    /// True when folded `word` is one of the capitalised words that name no
    /// person ([`LangTable::not_names`]), in any of its case forms: the word
    /// or one of its stems of three letters or more is listed.
    pub fn is_not_name(&self, word: &str) -> bool {
        // A listed stem must start the word: looked up by the word's
        // starts first, the endings tried only then.
        !self.not_names.is_empty()
            && word
                .char_indices()
                .skip(2)
                .any(|(i, c)| self.not_names.contains(&word[..i + c.len_utf8()]))
            && self.stems(word, 3).any(|s| self.not_names.contains(s))
    }

    /// True when folded `word` is a noun that names a kind of place
    /// ([`LangTable::place_nouns`]) in any of its case forms.
    pub fn is_place_noun(&self, word: &str) -> bool {
        !self.place_nouns.is_empty() && self.stems(word, 3).any(|s| self.place_nouns.contains(s))
    }

    /// True when `word` (in lower case) ends as a verb form does (a
    /// participle: widząc, przywiódłszy), and is longer than that ending
    /// by three letters.
    pub fn is_verb_form(&self, lower: &str) -> bool {
        self.verb_endings
            .iter()
            .any(|e| lower.ends_with(e.as_str()) && lower.chars().count() >= e.chars().count() + 3)
    }
}

/// Folded, distinct, longest first (then in order): how lists of endings
/// are matched.
fn longest_first(words: &[String]) -> Vec<String> {
    let mut out: Vec<String> = words.iter().map(|e| fold_query(e)).collect();
    out.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    out.dedup();
    out
}

/// Every language's data, and the union for texts of unknown language.
#[derive(Debug, Default)]
struct All {
    langs: HashMap<crate::Lang, LangTable>,
    any: LangTable,
    suffixes: Vec<String>,
    /// `[names] inside`, folded.
    inside: HashSet<String>,
    /// `[names] undeclined`, lower-cased.
    undeclined: HashSet<String>,
    /// `[names] classical`, folded, longest first.
    classical: Vec<String>,
    /// `[names] changed` and `classical`, folded, longest first.
    changed: Vec<String>,
    /// `[names] adjectives`, folded.
    adjectives: Vec<String>,
}

fn fold_set(words: &[String]) -> HashSet<String> {
    words
        .iter()
        .map(|w| fold_query(w))
        .filter(|w| !w.is_empty())
        .collect()
}

/// A user's `languages.toml` (in the config directory), its tables merged
/// over the compiled-in ones key by key; set before any data is read.
static USER: OnceLock<toml::Table> = OnceLock::new();

/// Takes `source`, a languages.toml of the user's named `file` in errors,
/// to merge over the compiled-in one: a key of a language's table (or of
/// `[places]`, `[names]`, a declension) replaces the compiled-in key. A
/// malformed file (a bad ending table, an unknown key or language) is an
/// error naming its line, column and key. Must come before anything reads
/// language data; later, it changes nothing and says so.
pub fn use_user_file(source: &str, file: &str) -> crate::Result<()> {
    let _: RawFile = crate::user_files::parse_toml(source, file)?;
    let table: toml::Table = crate::user_files::parse_toml(source, file)?;
    USER.set(table).map_err(|_| {
        crate::Error::Usage("the language data was read before the user's languages.toml".into())
    })
}

/// `into` with every key of `over` put in it, tables merged key by key.
fn merge(into: &mut toml::Table, over: &toml::Table) {
    for (k, v) in over {
        match (into.get_mut(k), v) {
            (Some(toml::Value::Table(a)), toml::Value::Table(b)) => merge(a, b),
            _ => {
                into.insert(k.clone(), v.clone());
            }
        }
    }
}

/// The compiled-in table with the user's merged over it.
fn raw_file() -> RawFile {
    // Compiled in and checked by a test: a parse error cannot reach users;
    // the user's file was checked on its own when it was taken.
    let mut table: toml::Table = toml::from_str(LANGUAGES_TOML).unwrap_or_default();
    if let Some(user) = USER.get() {
        merge(&mut table, user);
    }
    RawFile::deserialize(toml::Value::Table(table)).unwrap_or_default()
}

/// The months' forms, folded, with their numbers (each of the first
/// twelve lines of `[xx].months` holds one month's forms), longest first.
fn months(lines: &[String]) -> Vec<(String, u8)> {
    let mut m: Vec<(String, u8)> = lines
        .iter()
        .take(12)
        .enumerate()
        .flat_map(|(i, forms)| {
            forms
                .split_whitespace()
                .map(move |f| (fold_query(f), i as u8 + 1))
                .collect::<Vec<_>>()
        })
        .filter(|(f, _)| !f.is_empty())
        .collect();
    m.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.cmp(b)));
    m
}

/// One language's data from its table, folded for lookups.
fn lang_data(code: crate::Lang, l: RawLang) -> LangTable {
    let mut stop: HashSet<String> = stop_words::lookup(code.code())
        .unwrap_or(&[])
        .iter()
        .map(|w| fold_query(w))
        .filter(|w| !w.is_empty() && !w.contains(' '))
        .collect();
    let stop_added = fold_set(&l.stop_add);
    stop.extend(stop_added.iter().cloned());
    for w in fold_set(&l.stop_remove) {
        stop.remove(&w);
    }
    let mut endings: Vec<String> = l.endings.iter().map(|e| fold_query(e)).collect();
    endings.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    endings.dedup();
    let mut numbers: Vec<(String, u32)> = l
        .numbers
        .iter()
        .map(|(w, &v)| (fold_query(w), v))
        .filter(|(w, _)| !w.is_empty())
        .collect();
    numbers.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.cmp(b)));
    let mut alternations: Vec<(String, String)> = l
        .alternations
        .iter()
        .map(|[case, stem]| (fold_query(case), fold_query(stem)))
        .filter(|(case, _)| !case.is_empty())
        .collect();
    alternations.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.cmp(b)));
    let data = LangTable {
        numbers,
        fleeting: longest_first(&l.fleeting),
        alternations,
        plural_endings: longest_first(&l.plural_endings),
        possessive_suffixes: longest_first(&l.possessive_suffixes),
        adjective_endings: longest_first(&l.adjective_endings),
        demonym_suffixes: longest_first(&l.demonym_suffixes),
        alias_words: longest_first(&l.alias_words),
        abbreviations: l.abbreviations.iter().map(|a| a.to_lowercase()).collect(),
        number_abbreviations: l
            .number_abbreviations
            .iter()
            .map(|a| a.to_lowercase())
            .collect(),
        months: months(&l.months),
        nominative: longest_first(&l.nominative),
        nominative_written: l.nominative.iter().map(|e| e.to_lowercase()).collect(),
        oblique_marks: l.oblique_marks.iter().map(|e| e.to_lowercase()).collect(),
        not_names: Default::default(),
        verb_endings: {
            let mut v: Vec<String> = l.verb_endings.iter().map(|e| e.to_lowercase()).collect();
            v.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
            v.dedup();
            v
        },
        titles: fold_set(&l.titles),
        place_words: fold_set(&l.place_words),
        with_words: fold_set(&l.with_words),
        with_endings: l.with_endings.iter().map(|e| e.to_lowercase()).collect(),
        place_nouns: Default::default(),
        place_links: fold_set(&l.place_links),
        list_words: fold_set(&l.list_words),
        elisions: l.elisions.iter().map(|e| e.to_lowercase()).collect(),
        clitics: l.clitics.iter().map(|e| e.to_lowercase()).collect(),
        articles: fold_set(&l.articles),
        determiners: fold_set(&l.determiners),
        speech_verbs: fold_set(&l.speech_verbs),
        peoples: fold_set(&l.peoples),
        endings,
        stop,
        stop_added,
        capitalises_nouns: l.capitalises_nouns,
        possessive_names: l.possessive_names,
        possessive_endings: l.possessive_endings,
        declension: l.declension,
    };
    // Each word that names no person, and each noun for a kind of place,
    // with its stems, so that its case forms are found (Bożej of boży:
    // `boz`).
    let with_stems = |words: &[String]| -> HashSet<String> {
        fold_set(words)
            .iter()
            .flat_map(|w| data.stems(w, 3).map(str::to_string).collect::<Vec<_>>())
            .collect()
    };
    let not_names = with_stems(&l.not_names);
    let place_nouns = with_stems(&l.place_nouns);
    LangTable {
        not_names,
        place_nouns,
        ..data
    }
}

fn all() -> &'static All {
    static ALL: OnceLock<All> = OnceLock::new();
    ALL.get_or_init(|| {
        let raw = raw_file();
        let mut all = All {
            suffixes: raw.places.suffixes.iter().map(|s| fold_query(s)).collect(),
            inside: fold_set(&raw.names.inside),
            adjectives: fold_set(&raw.names.adjectives).into_iter().collect(),
            classical: {
                let mut c: Vec<String> = fold_set(&raw.names.classical).into_iter().collect();
                c.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
                c
            },
            changed: {
                let mut c: Vec<String> = fold_set(&raw.names.classical)
                    .union(&fold_set(&raw.names.changed))
                    .cloned()
                    .collect();
                c.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
                c
            },
            undeclined: raw
                .names
                .undeclined
                .iter()
                .map(|w| w.to_lowercase())
                .collect(),
            ..All::default()
        };
        for (code, l) in raw.langs() {
            let data = lang_data(code, l);
            let any = &mut all.any;
            any.titles.extend(data.titles.iter().cloned());
            any.place_words.extend(data.place_words.iter().cloned());
            any.place_nouns.extend(data.place_nouns.iter().cloned());
            any.place_links.extend(data.place_links.iter().cloned());
            any.list_words.extend(data.list_words.iter().cloned());
            any.peoples.extend(data.peoples.iter().cloned());
            any.stop.extend(data.stop.iter().cloned());
            any.stop_added.extend(data.stop_added.iter().cloned());
            any.endings.extend(data.endings.iter().cloned());
            any.fleeting.extend(data.fleeting.iter().cloned());
            any.possessive_suffixes
                .extend(data.possessive_suffixes.iter().cloned());
            any.alternations.extend(data.alternations.iter().cloned());
            any.numbers.extend(data.numbers.iter().cloned());
            any.not_names.extend(data.not_names.iter().cloned());
            all.langs.insert(code, data);
        }
        all.any.endings.sort_by_key(|e| std::cmp::Reverse(e.len()));
        all.any.endings.dedup();
        all.any.fleeting = longest_first(&all.any.fleeting);
        all.any.possessive_suffixes = longest_first(&all.any.possessive_suffixes);
        all.any
            .alternations
            .sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.cmp(b)));
        all.any.alternations.dedup();
        all.any
            .numbers
            .sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.cmp(b)));
        all.any.numbers.dedup();
        all
    })
}

/// The data of `lang`, or of every language together when the language
/// is unknown.
pub fn get(lang: Option<crate::Lang>) -> &'static LangTable {
    let a = all();
    lang.and_then(|l| a.langs.get(&l)).unwrap_or(&a.any)
}

/// Words that may stand inside a name (de, von), folded.
pub fn name_particles() -> &'static HashSet<String> {
    &all().inside
}

/// The endings Latin and Greek names take in each language (Vinicius,
/// Winicjusz, Luctérios, Lucterius), folded, longest first: a name's
/// stem without one meets its spelling in another language.
pub fn classical_endings() -> &'static [String] {
    &all().classical
}

/// The stems of a folded name of one word, of three letters or more:
/// itself, and without each classical or changed ending
/// ([`classical_endings`], `[names] changed`) (Tyros and Tyre: tyr; Pelusion and
/// Pelusium: pelus).
pub fn changed_stems(word: &str) -> impl Iterator<Item = &str> {
    std::iter::once(word)
        .chain(
            all()
                .changed
                .iter()
                .filter_map(move |e| word.strip_suffix(e.as_str())),
        )
        .filter(|stem| stem.chars().count() >= 3)
}

/// The endings of adjectives made from names, folded (Кутузовский,
/// Праценских, pražský): such a word is no person.
pub fn name_adjectives() -> &'static [String] {
    &all().adjectives
}

/// The stem of a folded name word without its classical ending
/// ([`classical_endings`]), when the word is five letters or more and the
/// stem three (Issos and Issus: iss).
pub fn classical_stem(word: &str) -> Option<&str> {
    if word.chars().count() < 5 {
        return None;
    }
    classical_endings().iter().find_map(|e| {
        let stem = word.strip_suffix(e.as_str())?;
        (stem.chars().count() >= 3).then_some(stem)
    })
}

/// Words of a name that never take endings (de, фон), lower-cased.
pub fn undeclined() -> &'static HashSet<String> {
    &all().undeclined
}

/// The folded endings of place names (burg, grad, ville).
pub fn place_suffixes() -> &'static [String] {
    &all().suffixes
}

#[cfg(test)]
mod tests;
