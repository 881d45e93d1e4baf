//! The content words two accounts share across their languages, as link
//! features: each word of six letters or more that is no stop word and
//! not capitalised (names are the people's features) loses its language's
//! ending (texts/languages.toml) and is keyed by its sound key, under
//! which most cognates of European languages meet (centurions and
//! centurions, légion and legion, капітуляція and kapitulácia, регентство
//! and regentstvo), however each language ends them. A shared start is
//! not enough: the whole words must hold as one (`cognates`). The
//! scorer weighs each cognate by its rarity in the pair, and only those
//! both accounts have count between them.

use crate::entities::paradigm::is_vowel;
use crate::lang::fold::fold_query;
use crate::links::align::Counterparts;
use crate::pair::Pair;
use crate::text::Side;
use std::collections::HashMap;
use thin_vec::ThinVec;

/// Shorter words are not keyed: too many unrelated ones share a start.
const MIN_LETTERS: usize = 6;
/// A paragraph keeps at most this many content words, the rarest.
const PER_PARAGRAPH: usize = 24;
/// How much of the sound key words must share to be compared at all.
const KEY_LETTERS: usize = 5;
/// A shared stem this long holds where the whole words differ more.
const STEM_LETTERS: usize = 6;
/// And it leaves at most this many letters of the shorter word: an
/// ending (régiment, regiments), not another word (contemporain,
/// contemplate).
const ENDING: usize = 3;
/// A sound key this long may take a consonant at its end and stay the
/// word (assaillans, assailants; sentimens, sentiments).
const LONG_WORD: usize = 7;
/// How many times more often (in paragraphs per paragraph) one account
/// may use a word than the other uses its cognate: a translation or a
/// second account of the same events uses a true cognate about as often.
const RATE_RATIO: f64 = 8.0;

/// Each paragraph's content words (id, count), per account.
pub type PerParagraph = [Vec<ThinVec<(u32, u32)>>; 2];

/// The content words both accounts share as cognates, interned.
#[derive(Debug, Clone, Default)]
pub struct Words {
    /// Each word's whole sound key (its ending gone) and the cognate it
    /// is part of.
    ids: HashMap<String, u32>,
    /// Each cognate's words as first seen in each account.
    shown: Vec<[Option<String>; 2]>,
}

/// One account's keyed words: each distinct sound key with the word it
/// was first seen as and the paragraphs it is in, and each paragraph's
/// words as forms, in reading order.
#[derive(Default)]
struct Keyed {
    forms: Vec<Form>,
    paragraphs: Vec<ThinVec<u32>>,
}

/// A distinct sound key of one account.
struct Form {
    sound: String,
    word: String,
    paragraphs: u32,
}

/// Each paragraph's cognates as [`Words::counted`] finds them, all kept.
pub struct Counted {
    words: Words,
    per: PerParagraph,
}

impl Counted {
    /// The words kept as [`Words::of_pair`] keeps them, `aligned` giving
    /// each left paragraph's counterpart for a translation.
    pub fn keep(self, aligned: Option<&Counterparts>) -> (Words, PerParagraph) {
        self.words.keep_shared(self.per, aligned)
    }
}

impl Words {
    /// Each text paragraph's content word keys with their counts, per
    /// account (empty for headings and matter). For a translation,
    /// `aligned` gives each left paragraph's counterpart: a cognate must
    /// then stand in the counterpart of most paragraphs it stands in (the
    /// Russian спектакле, a play, beside the English spectacles Pierre
    /// wears, never does).
    pub fn of_pair(pair: &Pair, aligned: Option<&Counterparts>) -> (Words, PerParagraph) {
        Words::counted(pair).keep(aligned)
    }

    /// Each text paragraph's cognates with their counts, before the
    /// alignment chooses among them ([`Counted::keep`]): this needs only
    /// the texts, so it runs beside the alignment.
    pub fn counted(pair: &Pair) -> Counted {
        let keyed = Side::both(|side| keyed(pair, side));
        let of_form = cognates(pair, &keyed);
        let mut words = Words::default();
        let mut class: HashMap<usize, u32> = HashMap::new();
        let per = [0, 1].map(|k| {
            // Each form's cognate, once it has been met.
            let mut met: Vec<Option<u32>> = vec![None; keyed[k].forms.len()];
            keyed[k]
                .paragraphs
                .iter()
                .map(|para| {
                    let mut ids: ThinVec<(u32, u32)> = ThinVec::new();
                    for &form in para {
                        let form = form as usize;
                        let Some(&root) = of_form[k].get(form).and_then(Option::as_ref) else {
                            continue;
                        };
                        let id = match met[form] {
                            Some(id) => id,
                            None => {
                                let f = &keyed[k].forms[form];
                                let next = words.shown.len() as u32;
                                let id = *class.entry(root).or_insert(next);
                                if id == next {
                                    words.shown.push([None, None]);
                                }
                                words.shown[id as usize][k].get_or_insert_with(|| f.word.clone());
                                words.ids.entry(f.sound.clone()).or_insert(id);
                                met[form] = Some(id);
                                id
                            }
                        };
                        match ids.iter_mut().find(|(i, _)| *i == id) {
                            Some((_, n)) => *n += 1,
                            None => ids.push((id, 1)),
                        }
                    }
                    ids
                })
                .collect::<Vec<_>>()
        });
        drop(keyed);
        Counted { words, per }
    }

    /// Each paragraph's words kept to those both accounts use (a word of one
    /// account alone links nothing across; only cognates are evidence),
    /// and for a translation to those that stand in most of their
    /// paragraphs' counterparts (within one paragraph), at most
    /// [`PER_PARAGRAPH`] of them, the rarest.
    fn keep_shared(
        mut self,
        mut per: PerParagraph,
        aligned: Option<&Counterparts>,
    ) -> (Words, PerParagraph) {
        let mut df = vec![0u32; self.shown.len()];
        for paras in &per {
            for ids in paras {
                for &(id, _) in ids {
                    df[id as usize] += 1;
                }
            }
        }
        if let Some(of) = aligned {
            let has = |q: usize, id: u32| {
                per[1]
                    .get(q)
                    .is_some_and(|ids| ids.iter().any(|&(i, _)| i == id))
            };
            let (mut left, mut met) = (vec![0u32; self.shown.len()], vec![0u32; self.shown.len()]);
            for (p, ids) in per[0].iter().enumerate() {
                let q = of.get(p).flatten();
                for &(id, _) in ids {
                    left[id as usize] += 1;
                    let near = q.is_some_and(|q| (q.saturating_sub(1)..=q + 1).any(|q| has(q, id)));
                    met[id as usize] += u32::from(near);
                }
            }
            for (id, shown) in self.shown.iter_mut().enumerate() {
                if met[id] * 2 < left[id] {
                    shown[1] = None;
                }
            }
        }
        for paras in &mut per {
            for ids in paras.iter_mut() {
                ids.retain(|&(id, _)| {
                    let [a, b] = &self.shown[id as usize];
                    a.is_some() && b.is_some()
                });
                if ids.len() > PER_PARAGRAPH {
                    ids.sort_by_key(|&(id, _)| (df[id as usize], id));
                    ids.truncate(PER_PARAGRAPH);
                }
                ids.shrink_to_fit();
            }
        }
        (self, per)
    }

    /// Where word `id` is in paragraph `p` of `side` (its words keyed again).
    pub fn spans_in(
        &self,
        pair: &Pair,
        side: Side,
        p: usize,
        id: u32,
    ) -> Vec<std::ops::Range<usize>> {
        let mut out = Vec::new();
        for_each_word(pair, side, p, |sound, start, end| {
            if self.ids.get(sound) == Some(&id) {
                out.push(start..end);
            }
        });
        out
    }

    /// Each cognate of paragraph `p` of `side` as the paragraph first
    /// writes it, in lower case (the paragraph's words keyed again).
    pub fn written_in(&self, pair: &Pair, side: Side, p: usize) -> Vec<(u32, String)> {
        let text = &pair.account(side).text;
        let mut out: Vec<(u32, String)> = Vec::new();
        for_each_word(pair, side, p, |sound, start, end| {
            if let Some(&id) = self.ids.get(sound)
                && !out.iter().any(|(i, _)| *i == id)
            {
                out.push((id, text[start..end].to_lowercase()));
            }
        });
        out
    }

    /// How word `id` is shown: its words in both accounts when they differ
    /// (`légion / legion`).
    pub fn shown(&self, id: u32) -> String {
        match self.shown.get(id as usize) {
            Some([Some(a), Some(b)]) if fold_query(a) != fold_query(b) => format!("{a} / {b}"),
            Some([Some(a), _] | [None, Some(a)]) => a.clone(),
            _ => String::new(),
        }
    }
}

/// The keyed content words of each paragraph of `side`.
fn keyed(pair: &Pair, side: Side) -> Keyed {
    let account = pair.account(side);
    let mut out = Keyed::default();
    let mut index: HashMap<String, u32> = HashMap::new();
    let mut last_seen: Vec<usize> = Vec::new();
    for p in 0..account.paragraphs.len() {
        let mut para = ThinVec::new();
        for_each_word(pair, side, p, |sound, start, end| {
            let id = match index.get(sound) {
                Some(&id) => id,
                None => {
                    let id = out.forms.len() as u32;
                    let sound = sound.to_string();
                    index.insert(sound.clone(), id);
                    out.forms.push(Form {
                        sound,
                        word: account.text[start..end].to_lowercase(),
                        paragraphs: 0,
                    });
                    last_seen.push(usize::MAX);
                    id
                }
            };
            if last_seen[id as usize] != p {
                last_seen[id as usize] = p;
                out.forms[id as usize].paragraphs += 1;
            }
            para.push(id);
        });
        out.paragraphs.push(para);
    }
    out
}

/// Which words of the two accounts are cognates, as the root of each
/// form's cognate (`None`: no cognate across). Two words are compared
/// only when their sound keys share [`KEY_LETTERS`] letters; they hold
/// as [`holds`] says, and when neither account uses
/// its word far more often than the other uses its own (grandeur and
/// grandfathers, considérés and consisted, a Russian спектакле once
/// against the spectacles Pierre wears on many a page: none holds).
fn cognates(pair: &Pair, keyed: &[Keyed; 2]) -> [Vec<Option<usize>>; 2] {
    let paragraphs = [0, 1].map(|k| pair.accounts[k].paragraphs.len().max(1) as f64);
    let n0 = keyed[0].forms.len();
    let mut buckets: HashMap<String, [Vec<usize>; 2]> = HashMap::new();
    for (k, side) in keyed.iter().enumerate() {
        for (i, f) in side.forms.iter().enumerate() {
            let start: String = f.sound.chars().take(KEY_LETTERS).collect();
            buckets.entry(start).or_default()[k].push(i);
        }
    }
    // Forms of both accounts in one numbering: the left's, then the right's.
    let mut union = crate::entities::group::Union::new(n0 + keyed[1].forms.len());
    let mut crossed = vec![false; n0 + keyed[1].forms.len()];
    let chars: [Vec<Vec<char>>; 2] = [0, 1].map(|k| {
        keyed[k]
            .forms
            .iter()
            .map(|f| f.sound.chars().collect())
            .collect()
    });
    // Each form joins only its closest cognate across (the one whose key
    // differs least, then the one used most): a chain of near pairs
    // (contemporain, contemplate, contempt) makes no class.
    for [left, right] in buckets.values() {
        let mut best: Vec<Option<(usize, usize, u32)>> = vec![None; left.len() + right.len()];
        for (i, &a) in left.iter().enumerate() {
            for (j, &b) in right.iter().enumerate() {
                let (fa, fb) = (&keyed[0].forms[a], &keyed[1].forms[b]);
                let ra = f64::from(fa.paragraphs) / paragraphs[0];
                let rb = f64::from(fb.paragraphs) / paragraphs[1];
                if ra.max(rb) > RATE_RATIO * ra.min(rb) {
                    continue;
                }
                let (ca, cb) = (&chars[0][a], &chars[1][b]);
                if !holds(ca, cb) {
                    continue;
                }
                let d = crate::lang::sound::distance(ca, cb, ca.len().max(cb.len()))
                    .unwrap_or(usize::MAX);
                let mut offer = |slot: usize, other: usize, uses: u32| {
                    let better = best[slot].is_none_or(|(od, _, ou)| {
                        (d, std::cmp::Reverse(uses)) < (od, std::cmp::Reverse(ou))
                    });
                    if better {
                        best[slot] = Some((d, other, uses));
                    }
                };
                offer(i, n0 + b, fb.paragraphs);
                offer(left.len() + j, a, fa.paragraphs);
            }
        }
        for (slot, b) in best.iter().enumerate() {
            let Some((_, other, _)) = *b else { continue };
            let me = match left.get(slot) {
                Some(&a) => a,
                None => n0 + right[slot - left.len()],
            };
            union.join(me, other);
            crossed[me] = true;
            crossed[other] = true;
        }
    }
    let left = (0..n0).map(|a| crossed[a].then(|| union.find(a))).collect();
    let right = (0..keyed[1].forms.len())
        .map(|b| crossed[n0 + b].then(|| union.find(n0 + b)))
        .collect();
    [left, right]
}

/// True when two sound keys that share their start are one word's: one
/// edit apart where the edit [`holds_one_edit`], their consonants the
/// same (cavalerie and cavalry, victoire and victory), or a stem of
/// [`STEM_LETTERS`] letters shared that leaves the shorter word an ending
/// only, with lengths within a third (divisions and division).
fn holds(a: &[char], b: &[char]) -> bool {
    let consonants =
        |w: &[char]| -> Vec<char> { w.iter().copied().filter(|&c| !is_vowel(c)).collect() };
    let stem = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (short, long) = (a.len().min(b.len()), a.len().max(b.len()));
    holds_one_edit(a, b)
        || consonants(a) == consonants(b)
        || (stem >= STEM_LETTERS.max(short.saturating_sub(ENDING)) && (long - short) * 3 <= long)
}

/// True when two different sound keys are one edit apart and the edit is
/// one spellings of a word make: a vowel changed, put in or left out
/// (milit-ai-re, milit-a-ry), or a consonant put in inside the word
/// (redoute, redoubt) or at the end of a long one (assaillans,
/// assailants). A consonant changed (profit, profile; français, frankly)
/// or added to a short word's end (strict, strike; conçue, concur) makes
/// another word.
fn holds_one_edit(a: &[char], b: &[char]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let at = short.iter().zip(long).take_while(|(x, y)| x == y).count();
    if short.len() == long.len() {
        return at < short.len()
            && short[at + 1..] == long[at + 1..]
            && is_vowel(short[at])
            && is_vowel(long[at]);
    }
    long.len() == short.len() + 1
        && short[at..] == long[at + 1..]
        && (is_vowel(long[at]) || at + 1 < long.len() || short.len() >= LONG_WORD)
}

/// Calls `f` with the sound key (its language's ending gone) and the byte
/// span of each content word of paragraph `p` of `side` (none for a
/// heading or matter). Capitalised words are names, except in a language
/// that capitalises its nouns (German Regiment, Kavallerie).
fn for_each_word(pair: &Pair, side: Side, p: usize, mut f: impl FnMut(&str, usize, usize)) {
    let account = pair.account(side);
    let Some(para) = account.paragraphs.get(p).filter(|para| para.is_text()) else {
        return;
    };
    let data = crate::lang::tables::get(account.meta.language);
    let (mut folded, mut sound) = (String::new(), String::new());
    for w in account.words(para.span()) {
        let word = &account.text[w.clone()];
        let lower = word.chars().next().is_some_and(char::is_lowercase);
        let noun = data.capitalises_nouns && word.chars().any(char::is_lowercase);
        if !(lower || noun) {
            continue;
        }
        folded.clear();
        crate::lang::fold::fold_key_into(word, &mut folded);
        if folded.chars().nth(MIN_LETTERS - 1).is_none() || data.stop.contains(folded.as_str()) {
            continue;
        }
        // The language's endings go first (texts/languages.toml), where
        // five letters stay: армії and армія, legions and legion key alike.
        let stem = data
            .endings
            .iter()
            .find_map(|e| {
                let s = folded.strip_suffix(e.as_str())?;
                s.chars().nth(KEY_LETTERS - 1).is_some().then_some(s)
            })
            .unwrap_or(&folded);
        sound.clear();
        crate::lang::sound::word_key_into(stem, &mut sound);
        f(&sound, w.start, w.end);
    }
}

/// The cognates each paragraph writes ([`Words::written_in`]), found once
/// a paragraph: a link's reasons show a shared word as its two paragraphs
/// write it, not as the pair first wrote its class (troupes / troops, not
/// troupeau / troupes).
pub struct Written<'a> {
    pair: &'a Pair,
    words: &'a Words,
    seen: HashMap<(Side, usize), Vec<(u32, String)>>,
}

impl<'a> Written<'a> {
    /// An empty store for `words` of `pair`.
    pub fn new(pair: &'a Pair, words: &'a Words) -> Written<'a> {
        Written {
            pair,
            words,
            seen: HashMap::new(),
        }
    }

    /// Word `id` as paragraph `p` of `side` writes it, if it does.
    pub fn word(&mut self, side: Side, p: usize, id: u32) -> Option<String> {
        let (pair, words) = (self.pair, self.words);
        self.seen
            .entry((side, p))
            .or_insert_with(|| words.written_in(pair, side, p))
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, w)| w.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Meta;

    #[test]
    fn cognates_of_two_languages_share_a_key_and_stop_words_none() {
        let pair = Pair::from_texts(
            [Meta::named("fr"), Meta::named("en")],
            [
                "Les centurions de la légion donnèrent l'assaut avec la cavalerie.".into(),
                "The centurions of the legion led the assault with the cavalry.".into(),
            ],
        );
        let (words, per) = Words::of_pair(&pair, None);
        let shown = |k: usize| -> Vec<String> {
            per[k][0].iter().map(|(id, _)| words.shown(*id)).collect()
        };
        let (fr, en) = (shown(0), shown(1));
        for w in ["centurions", "légion", "cavalerie / cavalry"] {
            assert!(
                fr.contains(&w.to_string()) && en.contains(&w.to_string()),
                "{w}: {fr:?} {en:?}"
            );
        }
        assert!(!en.iter().any(|w| w == "the" || w == "with"));
    }

    #[test]
    fn a_shared_start_is_no_cognate() {
        // The false cognates readers found among the reasons (issue #37),
        // beside true ones of the same paragraphs.
        let pair = Pair::from_texts(
            [Meta::named("fr"), Meta::named("en")],
            [
                "La grandeur des soldats considérés déparait la redoute et la cavalerie.".into(),
                "The grandfathers consisted of departing soldiers at the redoubt and the cavalry."
                    .into(),
            ],
        );
        let (words, per) = Words::of_pair(&pair, None);
        let shown: Vec<String> = per[0][0].iter().map(|(id, _)| words.shown(*id)).collect();
        for w in ["redoute / redoubt", "cavalerie / cavalry"] {
            assert!(shown.contains(&w.to_string()), "{w}: {shown:?}");
        }
        for w in ["grandeur", "considérés", "déparait"] {
            assert!(!shown.iter().any(|s| s.starts_with(w)), "{w}: {shown:?}");
        }
    }

    #[test]
    fn one_letter_apart_is_a_cognate_only_as_spellings_differ() {
        // Reasons shown on Borodino before: a consonant changed or added to
        // a short word's end makes another word.
        let pair = Pair::from_texts(
            [Meta::named("fr"), Meta::named("en")],
            [
                "Un ordre strict, le profit français, la conçue militaire, les assaillans.".into(),
                "A strike, a frankly military profile, the assailants, they concur.".into(),
            ],
        );
        let (words, per) = Words::of_pair(&pair, None);
        let shown: Vec<String> = per[0][0].iter().map(|(id, _)| words.shown(*id)).collect();
        for w in ["militaire / military", "assaillans / assailants"] {
            assert!(shown.contains(&w.to_string()), "{w}: {shown:?}");
        }
        for w in ["strict", "profit", "français", "conçue"] {
            assert!(!shown.iter().any(|s| s.starts_with(w)), "{w}: {shown:?}");
        }
    }

    #[test]
    fn a_language_that_capitalises_nouns_keys_its_nouns() {
        let mut meta = [Meta::named("de"), Meta::named("en")];
        meta[0].language = Some(crate::Lang::De);
        meta[1].language = Some(crate::Lang::En);
        let pair = Pair::from_texts(
            meta,
            [
                "Die Kavallerie griff die Redoute mit der Artillerie an.".into(),
                "The cavalry stormed the redoubt with the artillery.".into(),
            ],
        );
        let (words, per) = Words::of_pair(&pair, None);
        let shown: Vec<String> = per[0][0].iter().map(|(id, _)| words.shown(*id)).collect();
        for w in ["kavallerie / cavalry", "artillerie / artillery"] {
            assert!(shown.contains(&w.to_string()), "{w}: {shown:?}");
        }
    }
}
