//! Names no index lists: capitalised words (and runs of them) that are
//! capitalised in most of their uses inside a sentence and are not stop
//! words or titles, with what their uses say of them: a title before
//! them (a person), a place word or a place ending (a place), an article
//! (not a person in English), a people's name.

use crate::lang::Lang;
use crate::lang::data::{self, LangData};
use crate::lang::fold::fold_query;
use crate::people::paradigm::{self, Inflection, Paradigms};
use crate::text::{Account, is_roman};
use std::collections::HashMap;
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
    /// It is a people's name (French, Russians).
    pub people: bool,
    /// It opens a sentence (its capital says nothing).
    pub start: bool,
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
}

impl Found {
    /// The index of folded `word` in [`Found::words`].
    pub fn word(&self, word: &str) -> Option<usize> {
        self.words.binary_search_by(|w| w.as_str().cmp(word)).ok()
    }
}

/// One word of a sentence, as the scan needs it: a word with a capital,
/// or one a name's neighbour may be (a title, a place word, an article, a
/// particle). The others are counted and dropped, so what is kept of a
/// whole book stays small.
#[derive(Debug, Clone, Copy)]
struct Word {
    start: u32,
    end: u32,
    /// Its folded form, as an index into [`Words::folded`].
    id: u32,
    /// Its place in its sentence (neighbours are one apart).
    pos: u32,
    capital: bool,
    /// It opens a sentence.
    opens: bool,
    /// Only a space or a hyphen separates it from the word before.
    joined: bool,
}

impl Word {
    fn span(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Each distinct folded word once, with how it is used.
#[derive(Debug, Default)]
struct Words {
    ids: HashMap<String, u32>,
    folded: Vec<String>,
    uses: Vec<Uses>,
    /// Whether a word without a capital is kept as a name's neighbour
    /// (decided once a word).
    neighbour: Vec<bool>,
}

impl Words {
    /// The number of `folded`, added when new.
    fn id(&mut self, folded: String) -> u32 {
        if let Some(&id) = self.ids.get(&folded) {
            return id;
        }
        let id = self.folded.len() as u32;
        self.folded.push(folded.clone());
        self.uses.push(Uses::default());
        self.neighbour.push(false);
        self.ids.insert(folded, id);
        id
    }
}

/// Every use of an unlisted name in `account` (of language `lang`) not
/// inside a `known` span (sorted), in reading order, and the uses of the
/// words written with a capital.
pub fn candidates(account: &Account, lang: Option<Lang>, known: &[Range<usize>]) -> Found {
    let data = data::get(lang);
    let text = &account.text;
    let covered = |r: &Range<usize>| {
        let i = known.partition_point(|k| k.end <= r.start);
        known.get(i).is_some_and(|k| k.start < r.end)
    };
    // First the words of every sentence, with their uses counted.
    let (all, bounds, vocab) = sentence_words(account, data);
    let folded = |w: &Word| vocab.folded[w.id as usize].as_str();
    let is_name = |w: &Word| {
        if !w.capital || covered(&w.span()) || is_roman(&account.text[w.span()]) {
            return false;
        }
        let f = folded(w);
        if f.chars().count() < 2
            || f.chars().all(|c| c.is_ascii_digit())
            || data.stop.contains(f)
            || data.is_title(f)
            || data.is_not_name(f)
            || data.is_verb_form(&account.text[w.span()].to_lowercase())
        {
            return false;
        }
        let u = vocab.uses[w.id as usize];
        u.capital_inside >= 1 && u.capital_inside > u.lower_inside
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
            // The word right before it, when kept (one not kept is no
            // title, place word or article).
            let before = i.checked_sub(1).filter(|_| next_to(i)).map(|b| &words[b]);
            let place_cue =
                before.is_some_and(|b| words[i].joined && data.place_words.contains(folded(b)));
            // A run of name words (particles allowed inside); a word after
            // a place word stands alone (в Париж Коленкура: a place, then a
            // person).
            let mut end = i + 1;
            while end < words.len() && !place_cue {
                let w = &words[end];
                if !w.joined || !next_to(end) {
                    break;
                }
                if is_name(w) {
                    end += 1;
                } else if data::name_particles().contains(folded(w))
                    && words.get(end + 1).is_some_and(|n| n.joined && is_name(n))
                    && next_to(end + 1)
                {
                    end += 2;
                } else {
                    break;
                }
            }
            // A regnal numeral belongs to the name (Louis XV, Людовика XVIII).
            if let Some(w) = words.get(end)
                && w.joined
                && next_to(end)
                && is_roman(&text[w.span()])
            {
                end += 1;
            }
            // What stands right before it (only spaces between: "prince.
            // Gênes" has no title before Gênes).
            let prev = before.filter(|_| words[i].joined).map(&folded);
            let title = prev.is_some_and(|p| data.is_title(p));
            let place_word = prev.is_some_and(|p| data.place_words.contains(p));
            let article = prev.is_some_and(|p| data.articles.contains(p));
            let last = folded(&words[end - 1]);
            let suffix = data::place_suffixes()
                .iter()
                .any(|s| last.len() > s.len() + 2 && last.ends_with(s.as_str()));
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
                place: place_word || suffix,
                article,
                start: words[i].opens && !title,
            });
            i = end;
        }
    }
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
    let mut found = Found {
        occ: Vec::new(),
        uses,
        words,
        paradigms,
        inflection,
    };
    let occ = {
        let one_name = one_name_test(&found, data);
        split_rare_runs(out, &one_name)
    };
    found.occ = occ;
    found
}

/// Whether the words of a run can be one name, by their cases: a run
/// whose words are one in the nominative and one not is two names side
/// by side ("выходки Пьера Анна Павловна": Пьера is not the nominative of
/// Пьер, Анна is that of Анна), while Андрей Болконский can be one. A
/// form is a nominative when it is its paradigm's bare stem, or ends as
/// the language's nominative does where the paradigm has no bare form.
/// In a language that does not decline (no nominative endings beyond the
/// bare stem), no run can be told by them.
fn one_name_test<'a>(found: &'a Found, data: &'a LangData) -> impl Fn(&[String]) -> bool + 'a {
    let par = &found.paradigms;
    let mut bare = vec![false; par.len()];
    for (i, e) in par.ending.iter().enumerate() {
        if e.is_empty() && !found.words[i].is_empty() {
            bare[par.of[i] as usize] = true;
        }
    }
    move |run: &[String]| {
        if !data.nominative.iter().any(|e| !e.is_empty()) {
            return false;
        }
        let nominative = |w: &String| {
            found.word(w).is_none_or(|i| {
                let e = &par.ending[i];
                e.is_empty() || (!bare[par.of[i] as usize] && data.nominative.contains(e))
            })
        };
        let n = run.iter().filter(|w| nominative(w)).count();
        n == 0 || n == run.len()
    }
}

/// The words of every sentence of `account` worth looking at for names
/// (capitalised, or a title, place word, article or particle), the index
/// of each sentence's first in that list (and one past the last), and every
/// word's uses counted. A possessive written apart (English Kutúzov’s) is
/// no part of a word.
fn sentence_words(account: &Account, data: &LangData) -> (Vec<Word>, Vec<usize>, Words) {
    let text = &account.text;
    let mut all: Vec<Word> = Vec::new();
    let mut bounds: Vec<usize> = vec![0];
    let mut vocab = Words::default();
    let neighbour = |f: &str| {
        data.is_title(f)
            || data.place_words.contains(f)
            || data.articles.contains(f)
            || data::name_particles().contains(f)
    };
    for p in account.paragraphs.iter().filter(|p| p.is_text()) {
        // In verse every line opens with a capital: a word opening a line
        // says no more by its capital than one opening a sentence.
        let verse = is_verse(&text[p.span()]);
        for s in p.sentences() {
            let mut prev_end = s.span().start;
            for (wi, w) in account.words(s.span()).into_iter().enumerate() {
                let mut span = w.clone();
                // Emphasis marks of plain text and Markdown (_Tadeusz_)
                // are no part of a name.
                while text[span.clone()].starts_with('_') && span.len() > 1 {
                    span.start += 1;
                }
                while text[span.clone()].ends_with('_') && span.len() > 1 {
                    span.end -= 1;
                }
                for poss in &data.possessive_endings {
                    if text[span.clone()].ends_with(poss.as_str()) && span.len() > poss.len() + 1 {
                        span.end -= poss.len();
                        break;
                    }
                }
                let word = &text[span.clone()];
                let gap = &text[prev_end..w.start];
                let start =
                    wi == 0 || gap.contains(opens_sentence) || (verse && gap.contains('\n'));
                let joined = wi > 0
                    && (gap == " "
                        || gap == "-"
                        || gap.chars().all(char::is_whitespace)
                            && !gap.is_empty()
                            && gap.len() <= 3);
                let capital = word.chars().next().is_some_and(char::is_uppercase)
                    && word.chars().any(char::is_lowercase);
                let known = vocab.ids.len();
                let id = vocab.id(fold_query(word));
                if vocab.ids.len() > known {
                    vocab.neighbour[id as usize] = neighbour(&vocab.folded[id as usize]);
                }
                if !start {
                    let u = &mut vocab.uses[id as usize];
                    if capital {
                        u.capital_inside += 1;
                    } else if word.chars().next().is_some_and(char::is_lowercase) {
                        u.lower_inside += 1;
                    }
                }
                prev_end = w.end;
                let upper = word.chars().next().is_some_and(char::is_uppercase);
                if upper || vocab.neighbour[id as usize] {
                    all.push(Word {
                        start: span.start as u32,
                        end: span.end as u32,
                        id,
                        pos: wi as u32,
                        capital,
                        opens: start,
                        joined,
                    });
                }
            }
            bounds.push(all.len());
        }
    }
    (all, bounds, vocab)
}

/// A run of names seen once whose two parts are names seen on their own
/// is two names side by side, not one ("выходки Пьера Анна Павловна"),
/// unless `one_name` says its words agree as one name's do (Андрей
/// Болконский): split it there.
fn split_rare_runs(occ: Vec<Occurrence>, one_name: &dyn Fn(&[String]) -> bool) -> Vec<Occurrence> {
    let mut count: HashMap<&[String], usize> = HashMap::new();
    for o in &occ {
        *count.entry(o.words.as_slice()).or_default() += 1;
    }
    let seen = |w: &[String]| count.get(w).copied().unwrap_or(0) >= 2;
    let mut out = Vec::with_capacity(occ.len());
    for o in &occ {
        let n = o.words.len();
        if n < 2 || count.get(o.words.as_slice()).copied().unwrap_or(0) > 1 || one_name(&o.words) {
            out.push(o.clone());
            continue;
        }
        // The split point whose parts are both seen as names on their own
        // (one of them more than once): "Anna Pavlovna" seen once beside
        // many a lone "Anna" stays whole, as "Pavlovna" never stands alone.
        let alone = |w: &[String]| count.get(w).copied().unwrap_or(0) >= 1;
        let at = (1..n).find(|&k| {
            let (a, b) = (&o.words[..k], &o.words[k..]);
            alone(a) && alone(b) && (seen(a) || seen(b))
        });
        let Some(k) = at else {
            out.push(o.clone());
            continue;
        };
        let (a, b) = (&o.word_spans[..k], &o.word_spans[k..]);
        out.push(Occurrence {
            span: a[0].start..a[k - 1].end,
            word_spans: a.to_vec(),
            words: o.words[..k].to_vec(),
            ..o.clone()
        });
        out.push(Occurrence {
            span: b[0].start..b[b.len() - 1].end,
            word_spans: b.to_vec(),
            words: o.words[k..].to_vec(),
            title: false,
            start: false,
            ..o.clone()
        });
    }
    out
}

/// True for a paragraph of verse: three lines or more, four in five of
/// them opening with a capital (wrapped prose opens a line with one by
/// chance only).
fn is_verse(text: &str) -> bool {
    let mut lines = 0;
    let mut capital = 0;
    for line in text.lines() {
        let Some(first) = line.chars().find(|c| c.is_alphabetic()) else {
            continue;
        };
        lines += 1;
        if first.is_uppercase() {
            capital += 1;
        }
    }
    lines >= 3 && capital * 5 >= lines * 4
}

/// True for a people's name (French, Russians).
fn is_people(data: &LangData, folded: &str) -> bool {
    data.peoples.contains(folded)
}

/// True for the characters after which a capital opens a sentence.
fn opens_sentence(c: char) -> bool {
    matches!(
        c,
        '.' | '!'
            | '?'
            | '…'
            | ':'
            | ';'
            | '—'
            | '–'
            | '«'
            | '»'
            | '"'
            | '“'
            | '”'
            | '„'
            | '‘'
            | '’'
            | '('
            | ')'
            | '['
            | ']'
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Meta;

    fn names(text: &str, lang: &str) -> Vec<String> {
        let a = Account::new(Meta::named("t"), text.to_string());
        candidates(&a, Lang::from_code(lang), &[])
            .occ
            .into_iter()
            .map(|o| a.text[o.span].to_string())
            .collect()
    }

    #[test]
    fn sentence_starts_after_quotes_dashes_and_brackets() {
        let text = "“Well, Prince,” said Anna Pavlovna. — Вот как. «Но» said Anna. [Go] to Anna. … But Anna came. He and Pierre.";
        let got = names(text, "en");
        assert!(
            got.iter()
                .all(|n| !["Well", "Вот", "Но", "Go", "But", "He"].contains(&n.as_str())),
            "{got:?}"
        );
        assert!(got.contains(&"Anna Pavlovna".to_string()), "{got:?}");
        assert!(got.contains(&"Pierre".to_string()), "{got:?}");
    }

    #[test]
    fn possessives_titles_and_places() {
        let a = Account::new(
            Meta::named("t"),
            "The army saw Kutúzov’s tent. Then Prince Andrew came from Brünn to Olmütz. He met Kutúzov in Olmütz and in Brünn.".into(),
        );
        let found = candidates(&a, Some(Lang::En), &[]).occ;
        let k: Vec<&Occurrence> = found.iter().filter(|o| o.words[0] == "kutuzov").collect();
        assert_eq!(k.len(), 2);
        assert_eq!(&a.text[k[0].span.clone()], "Kutúzov");
        let andrew = found
            .iter()
            .find(|o| o.words[0] == "andrew")
            .expect("Andrew");
        assert!(andrew.title);
        let olmutz: Vec<&Occurrence> = found.iter().filter(|o| o.words[0] == "olmutz").collect();
        assert!(
            olmutz.iter().filter(|o| o.place).count() * 2 >= olmutz.len(),
            "{olmutz:?}"
        );
    }

    #[test]
    fn only_words_capitalised_inside_sentences_count() {
        // "Armee" is capitalised everywhere, "Vater" too: both German nouns;
        // "heute" is lowercase inside: never a name.
        let got = names(
            "Heute kam die Armee. Der Vater sah die Armee mit Napoleon.",
            "de",
        );
        assert!(got.contains(&"Napoleon".to_string()));
        assert!(!got.contains(&"Heute".to_string()));
    }
}
