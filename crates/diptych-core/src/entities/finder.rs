//! Finding the listed names: every form of every entry of the index, in the
//! folded text (either script, no diacritics), one word at a time.
//!
//! A form is split into its words (and the parts of hyphenated words); each
//! word is a slot holding that word's declined variants. A mention is a run
//! of the text's words filling a form's slots in order, with the same
//! separators between them. Work and memory grow with the sum of the
//! slots' variants, never with their product: a form of many words costs
//! no more than its words do (a form of eight repeated words once took
//! minutes when every combination was spelled out). At each word of the
//! text, the longest form wins (Napoleon II before Napoleon).

use super::index::PeopleIndex;
use crate::lang::fold::{Keyed, Origins, fold, fold_query, key_words, word_edges};
use crate::lang::inflect::variants;
use crate::text::is_roman;
// Looked up once per word of a book: foldhash, not SipHash (no defence
// against crafted collisions is needed for a book's words).
use aho_corasick::{AhoCorasick, MatchKind};
use foldhash::{HashMap, HashSet};
use std::ops::Range;
use unicode_segmentation::UnicodeSegmentation;

/// A found name: which index entry, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameFound {
    /// Byte span in the account's text.
    pub span: Range<usize>,
    /// Index into the index's entries.
    pub entry: usize,
}

/// One word of a form: its variants, folded.
#[derive(Debug, Clone, Default)]
struct Slot {
    variants: HashSet<String>,
    /// The word begins with a capital, so the text's must too.
    capital: bool,
    /// The word is a Roman numeral, which must be in capitals in the text
    /// too (else "Олександр і" would be Alexander I).
    numeral: bool,
}

/// One form of an entry: its slots and the separators between them.
#[derive(Debug, Clone)]
struct Form {
    entry: usize,
    slots: Vec<Slot>,
    /// `seps[i]` separates slot `i` from slot `i + 1` (folded: " " or "-").
    seps: Vec<String>,
}

/// Every form of every entry, compiled once.
#[derive(Debug, Clone, Default)]
pub struct Finder {
    forms: Vec<Form>,
    /// First-slot variant → the forms it can open.
    by_first: HashMap<String, Vec<u32>>,
    /// The first-slot variants that can be a word of a key (made of
    /// letters and digits), found all at once; `None` until
    /// [`Finder::index_first`] or when there are none.
    first: Option<AhoCorasick>,
    /// For each pattern of `first`, the forms it opens.
    first_forms: Vec<Vec<u32>>,
    /// For each entry, the Roman numerals its forms have (XVIII).
    numerals: Vec<Vec<String>>,
}

impl Finder {
    /// Compiles every form of `index`, each word declined in its language.
    pub fn new(index: &PeopleIndex) -> Finder {
        let mut finder = Finder::compiled(index);
        finder.index_first();
        finder
    }

    /// Compiles what finds `entries` of `index` (indexes into its
    /// entries): the forms that decide where they are found (`Finder::only`).
    /// Their mentions are those [`Finder::new`] finds, and so are those of
    /// the few other entries it finds (sharing a word with them). `diptych
    /// search` looks only for the entries its query names, in a fraction of
    /// the time.
    pub fn for_entries(index: &PeopleIndex, entries: &[usize]) -> Finder {
        Finder::compiled(index).only(entries)
    }

    /// Every form of `index`, compiled, not yet searchable.
    fn compiled(index: &PeopleIndex) -> Finder {
        let mut finder = Finder {
            numerals: index
                .entries
                .iter()
                .map(|e| {
                    e.forms
                        .iter()
                        .flat_map(|(_, f)| {
                            f.split_whitespace()
                                .filter(|w| is_roman(w))
                                .map(|w| w.replace('І', "I"))
                        })
                        .collect()
                })
                .collect(),
            ..Finder::default()
        };
        let mut seen: HashSet<(usize, String)> = HashSet::default();
        for (entry, e) in index.entries.iter().enumerate() {
            for (lang, form) in &e.forms {
                let key = (entry, format!("{lang}:{form}"));
                if !seen.insert(key) {
                    continue;
                }
                if let Some(f) = compile(entry, lang, form) {
                    finder.add(f);
                }
            }
        }
        finder
    }

    /// Adds `form`, found by the variants of its first word.
    fn add(&mut self, form: Form) {
        let id = self.forms.len() as u32;
        for v in &form.slots[0].variants {
            self.by_first.entry(v.clone()).or_default().push(id);
        }
        self.forms.push(form);
    }

    /// Builds the search for the first words of every form added. A
    /// variant with a character that is not a letter or digit never equals
    /// a word of a key, so it is left out.
    fn index_first(&mut self) {
        let mut patterns: Vec<&str> = self
            .by_first
            .keys()
            .map(String::as_str)
            .filter(|v| key_words(v).next() == Some(0..v.len()))
            .collect();
        patterns.sort_unstable();
        self.first_forms = patterns.iter().map(|p| self.by_first[*p].clone()).collect();
        // Leftmost-longest: where a word of the key is a variant, that
        // variant is the longest match starting there (a longer one would
        // run past the word's end, which no word's letters can). A DFA
        // reads a book three times as fast as the default; should an index
        // be too large for one, the default still finds every name.
        let build = |kind| {
            AhoCorasick::builder()
                .match_kind(MatchKind::LeftmostLongest)
                .kind(kind)
                .build(&patterns)
        };
        self.first = build(Some(aho_corasick::AhoCorasickKind::DFA))
            .or_else(|_| build(None))
            .ok()
            .filter(|_| !patterns.is_empty());
    }

    /// Only the forms that decide where `entries` are found: their own,
    /// and every form sharing a word with one kept, over and over. A form
    /// sharing no word with them can neither cover one of their words nor
    /// start inside one of their mentions, so their mentions are the same
    /// as with every form.
    fn only(mut self, entries: &[usize]) -> Finder {
        let mut keep: Vec<bool> = self
            .forms
            .iter()
            .map(|f| entries.contains(&f.entry))
            .collect();
        let mut words: HashSet<&str> = HashSet::default();
        let mut grew = true;
        while grew {
            grew = false;
            for (i, form) in self.forms.iter().enumerate() {
                let variants = || form.slots.iter().flat_map(|s| &s.variants);
                if !keep[i] && variants().any(|v| words.contains(v.as_str())) {
                    keep[i] = true;
                }
                if keep[i] && variants().any(|v| !words.contains(v.as_str())) {
                    words.extend(variants().map(String::as_str));
                    grew = true;
                }
            }
        }
        let mut finder = Finder {
            numerals: std::mem::take(&mut self.numerals),
            ..Finder::default()
        };
        for (form, _) in self.forms.into_iter().zip(&keep).filter(|(_, k)| **k) {
            finder.add(form);
        }
        finder.index_first();
        finder
    }

    /// How many word variants all slots hold together (linear in the words).
    pub fn variant_count(&self) -> usize {
        self.forms
            .iter()
            .flat_map(|f| &f.slots)
            .map(|s| s.variants.len())
            .sum()
    }

    /// True when the index has no forms.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// Every mention in `text`, in order.
    pub fn find(&self, text: &str) -> Vec<NameFound> {
        self.find_keyed(text, &fold(text, 0))
    }

    /// As [`Finder::find`], on `text` already folded into `keyed`.
    pub fn find_keyed(&self, text: &str, keyed: &dyn Keyed) -> Vec<NameFound> {
        let Some(first) = &self.first else {
            return Vec::new();
        };
        let key = keyed.key();
        let origins = &mut *keyed.origins(text);
        // The first words of the forms are found all at once (most words
        // of a book open none); where a whole word of the key is one, the
        // few words after it are gathered (a form is at most `longest`
        // words, and the word after it is looked at too). No list of every
        // word of a book is kept (a million ranges).
        let longest = self.forms.iter().map(|f| f.slots.len()).max().unwrap_or(0);
        let mut window: Vec<Range<usize>> = Vec::with_capacity(longest + 1);
        let mut out = Vec::new();
        let mut skip_to = 0;
        for m in first.find_iter(key) {
            let t = m.start()..m.end();
            if t.start < skip_to || word_edges(key, t.start, t.end) != (true, true) {
                continue;
            }
            let ids = &self.first_forms[m.pattern().as_usize()];
            window.clear();
            window.extend(
                key_words(&key[t.start..])
                    .take(longest + 1)
                    .map(|r| r.start + t.start..r.end + t.start),
            );
            let mut best: Option<(usize, usize)> = None; // (tokens, form)
            for &id in ids {
                let form = &self.forms[id as usize];
                if let Some(n) = self.fits(form, text, key, origins, &window)
                    && best.is_none_or(|(bn, _)| n > bn)
                {
                    best = Some((n, id as usize));
                }
            }
            if let Some((n, id)) = best {
                let end = window[n - 1].end;
                let mut span = original_span(text, origins, t.start, end);
                // A possessive is not part of the name (Pierre’s).
                for poss in ["’s", "'s"] {
                    if text[span.clone()].ends_with(poss) && span.len() > poss.len() + 1 {
                        span.end -= poss.len();
                        break;
                    }
                }
                out.push(NameFound {
                    span,
                    entry: self.forms[id].entry,
                });
                skip_to = end;
            }
        }
        out
    }

    /// How many of `tokens` (from the first) the form fills, if it fills them all.
    fn fits(
        &self,
        form: &Form,
        text: &str,
        key: &str,
        origins: &mut dyn Origins,
        tokens: &[Range<usize>],
    ) -> Option<usize> {
        let n = form.slots.len();
        if n > tokens.len() {
            return None;
        }
        for (i, slot) in form.slots.iter().enumerate() {
            let t = &tokens[i];
            if i > 0 {
                let sep = &key[tokens[i - 1].end..t.start];
                if sep != form.seps[i - 1] || !slot.variants.contains(&key[t.clone()]) {
                    return None;
                }
            }
            let at = origins.origin(t.start);
            if (slot.capital || slot.numeral) && !starts_upper(text, at) {
                return None;
            }
            if slot.numeral
                && !text[at..]
                    .split(|c: char| !c.is_alphanumeric())
                    .next()
                    .is_some_and(is_roman)
            {
                return None;
            }
        }
        // A name followed by a Roman numeral its entry does not have is
        // another name: Людовик XV is not the Людовик of "Людовик XVIII".
        // A long numeral one letter from the entry's is a misprint of it
        // (Ľudovítovi XIII for XVIII).
        if let Some(next) = tokens.get(n) {
            let sep = &key[tokens[n - 1].end..next.start];
            let at = origins.origin(next.start);
            let word = text[at..]
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("");
            if sep == " " && is_roman(word) && word.chars().count() > 1 {
                let own = &self.numerals[form.entry];
                let typo = word.chars().count() >= 3
                    && own
                        .iter()
                        .any(|x| x.chars().count() >= 3 && crate::lang::sound::within(x, word, 1));
                if !own.iter().any(|x| x == word) && !typo {
                    return None;
                }
            }
        }
        Some(n)
    }
}

/// Compiles one form of `entry` in `lang` (`other` is exact).
fn compile(entry: usize, lang: &str, form: &str) -> Option<Form> {
    let exact = lang == "other" || form.starts_with('=');
    let bound = form.ends_with('-');
    let text = form.trim_start_matches('=').trim_end_matches('-').trim();
    let mut slots: Vec<Slot> = Vec::new();
    let mut seps: Vec<String> = Vec::new();
    // Words, and the separator after each (as it folds).
    let mut words: Vec<(&str, String)> = Vec::new();
    for piece in text.split_word_bounds() {
        if piece.chars().any(char::is_alphanumeric) {
            words.push((piece, String::new()));
        } else if let Some(last) = words.last_mut() {
            last.1.push_str(piece);
        }
    }
    let count = words.len();
    for (i, (word, sep)) in words.into_iter().enumerate() {
        let last = i + 1 == count;
        let forms: Vec<String> = if exact {
            vec![word.to_string()]
        } else {
            let w = if bound && last {
                format!("{word}-")
            } else {
                word.to_string()
            };
            variants(crate::Lang::from_code(lang), &w)
        };
        let variants: HashSet<String> = forms
            .iter()
            .map(|v| fold_query(v))
            .filter(|v| !v.is_empty())
            .collect();
        if variants.is_empty() {
            return None;
        }
        slots.push(Slot {
            variants,
            capital: word.chars().next().is_some_and(char::is_uppercase),
            numeral: i > 0 && is_roman(word),
        });
        if !last {
            let s = fold_query(&sep);
            let s = if s.trim().is_empty() {
                " ".to_string()
            } else {
                crate::text::one_line(&s)
            };
            seps.push(s);
        }
    }
    (!slots.is_empty()).then_some(Form { entry, slots, seps })
}

fn starts_upper(text: &str, at: usize) -> bool {
    text[at..].chars().next().is_some_and(char::is_uppercase)
}

/// The original span of key bytes `start..end`, to the end of the last grapheme.
pub fn original_span(
    text: &str,
    origins: &mut dyn Origins,
    start: usize,
    end: usize,
) -> Range<usize> {
    let s = origins.origin(start);
    let last = origins.origin(end - 1);
    let e = last + text[last..].graphemes(true).next().map_or(0, str::len);
    s..e
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(src: &str) -> PeopleIndex {
        PeopleIndex::parse(src, "t.toml").expect("parses")
    }

    fn found(finder: &Finder, text: &str) -> Vec<String> {
        finder
            .find(text)
            .into_iter()
            .map(|f| text[f.span].to_string())
            .collect()
    }

    #[test]
    fn longest_form_wins_and_numerals_need_capitals() {
        let i = index(
            "[[person]]\nid = \"n1\"\nname = \"N\"\nuk = [\"Наполеон\"]\n\n[[person]]\nid = \"n2\"\nname = \"N2\"\nuk = [\"Наполеон II\"]\n\n[[person]]\nid = \"a\"\nname = \"A\"\nuk = [\"Олександр I\", \"Олександр\"]\n",
        );
        let f = Finder::new(&i);
        let text = "Наполеона II бачив Наполеон. Олександром і Олександр I.";
        let got = f.find(text);
        let names: Vec<(&str, usize)> = got
            .iter()
            .map(|g| (&text[g.span.clone()], g.entry))
            .collect();
        assert_eq!(
            names,
            [
                ("Наполеона II", 1),
                ("Наполеон", 0),
                ("Олександром", 2),
                ("Олександр I", 2)
            ]
        );
    }

    #[test]
    fn a_finder_for_one_entry_leaves_others_their_mentions() {
        // n1 and n2 share a word; a and p share another, and p and g a
        // third: the longer name, or the one that starts first, wins.
        let i = index(concat!(
            "[[person]]\nid = \"n1\"\nname = \"N\"\nuk = [\"Наполеон\"]\n\n",
            "[[person]]\nid = \"n2\"\nname = \"N2\"\nuk = [\"Наполеон II\"]\n\n",
            "[[person]]\nid = \"a\"\nname = \"A\"\nuk = [\"Анна\"]\n\n",
            "[[person]]\nid = \"p\"\nname = \"P\"\nuk = [\"Анна Павлівна\"]\n\n",
            "[[person]]\nid = \"g\"\nname = \"G\"\nuk = [\"Павлівна Гаврилівна\"]\n",
        ));
        let text = "Наполеона II і Наполеон. Анна Павлівна Гаврилівна, Павлівна Гаврилівна, Анна.";
        let whole = Finder::new(&i).find(text);
        for entries in [vec![0], vec![1], vec![2], vec![3], vec![4], vec![0, 2]] {
            let got = Finder::for_entries(&i, &entries).find(text);
            let of = |found: &[NameFound]| -> Vec<(String, usize)> {
                found
                    .iter()
                    .filter(|f| entries.contains(&f.entry))
                    .map(|f| (text[f.span.clone()].to_string(), f.entry))
                    .collect()
            };
            assert_eq!(of(&got), of(&whole), "entries {entries:?}");
        }
        let only_a = Finder::for_entries(&i, &[2]).find(text);
        let a: Vec<&str> = only_a
            .iter()
            .filter(|f| f.entry == 2)
            .map(|f| &text[f.span.clone()])
            .collect();
        assert_eq!(a, ["Анна"]);
    }

    #[test]
    fn a_different_numeral_is_a_different_name() {
        let i = index(
            "[[person]]\nid = \"l\"\nname = \"Louis XVIII\"\nru = [\"Людовик XVIII\", \"Людовик\"]\n",
        );
        let f = Finder::new(&i);
        assert_eq!(
            found(&f, "при Людовике XV и Людовике XVIII"),
            ["Людовике XVIII"]
        );
    }

    #[test]
    fn many_words_cost_no_more_than_their_words() {
        let form = "Жан-Батист ".repeat(8);
        let src = format!(
            "[[person]]\nid = \"j\"\nname = \"J\"\nuk = [\"{}\"]\n",
            form.trim()
        );
        let f = Finder::new(&index(&src));
        assert!(f.variant_count() < 200, "{} variants", f.variant_count());
        let text = format!("Бачив {}.", form.trim());
        assert_eq!(found(&f, &text).len(), 1);
    }
}
