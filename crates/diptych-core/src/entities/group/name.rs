//! The name an entry is shown by: each account's most used form, in the
//! nominative where the account uses it, or made from the language's
//! declension where it does not (Кутузов for Кутузова and Кутузову); in
//! a text of a language without data (or whose language was not told),
//! its most used form, or the shorter form it extends by an ending where
//! that ends in a consonant or the others go on from it with one.

use super::{WordForm, is_cyrillic};
use crate::Lang;
use crate::entities::paradigm::{is_vowel, weak_stem};
use crate::lang::fold::fold_query;
use crate::lang::sound::{sound_key, within};
use crate::text::Side;

/// The base form of the most used form `top` among `forms`: the shortest
/// other form it extends by at most a case ending (Кутузов for Кутузова,
/// Анатоль for Анатоля, Soplica for Soplicas), so an entry is named in
/// the nominative wherever the text uses it at all. `folded`: compared
/// folded (Hungarian Anna of Annát, whose vowel an ending lengthens; a
/// consonant-final base is not found so, as Polish Żydów of Żydowie).
fn base_form(top: &(String, usize), forms: &[(String, usize)], folded: bool) -> String {
    const ENDING: usize = 3;
    let len = |s: &str| s.chars().count();
    let key = |s: &str| if folded { fold_query(s) } else { s.to_string() };
    let top_key = key(&top.0);
    forms
        .iter()
        .map(|(f, _)| f)
        .filter(|f| {
            top_key.starts_with(key(f).as_str())
                && len(f) >= 3
                && len(&top.0) > len(f)
                && len(&top.0) - len(f) <= ENDING
                && f.split_whitespace().count() == top.0.split_whitespace().count()
        })
        .min_by_key(|f| len(f))
        .cloned()
        .unwrap_or_else(|| top.0.clone())
}

/// How a word of an account's names is found: its side and folded form
/// give its paradigm and whether it is a nominative.
pub(in crate::entities) type FormOf<'a> = &'a dyn Fn(Side, &str) -> Option<WordForm>;

/// The name an entry is shown by: the most used form of each account
/// (among equals the fullest, then the shortest, then the first used),
/// named by its nominative where the account uses it (Кутузов for
/// Кутузова, Jezus for Jezusa, Анна Павловна for Анны Павловны), both
/// accounts' when they differ.
pub(in crate::entities) fn shown_name(
    forms: &[Vec<(String, usize)>; 2],
    langs: [Option<Lang>; 2],
    form_of: FormOf,
) -> String {
    let rank = |(f, n): &(String, usize)| {
        (
            *n,
            f.split_whitespace().count(),
            std::cmp::Reverse(f.chars().count()),
        )
    };
    let shown: Vec<String> = Side::BOTH
        .into_iter()
        .zip(forms)
        .filter_map(|(side, f)| {
            let top = f
                .iter()
                .fold(None::<&(String, usize)>, |best, x| match best {
                    Some(b) if rank(b) >= rank(x) => Some(b),
                    _ => Some(x),
                })?;
            // A language without data has its paradigms learned from the
            // text, whose bare stems need not be words (Pinocchi, of
            // Pinocchio and Pinocchi): its most used form names it, or the
            // shorter form the text uses that it extends by an ending,
            // where that ends in a consonant, as a nominative does in the
            // languages that decline (Иисус, 13 times, for Иисуса, 50).
            if langs[side.index()].is_none() {
                let base = base_form(top, f, false);
                if base != top.0 && !base.is_empty() && !ends_in_vowel(&base) {
                    return Some(base);
                }
                let base = base_form(top, f, true);
                if base != top.0 && takes_suffixes(&base, f) {
                    return Some(base);
                }
                return Some(strong_grade(top, f).unwrap_or_else(|| top.0.clone()));
            }
            // A bare stem is the most used form less its ending: one
            // longer than it, used once where that is used more than
            // twice, is some other word's form (Soplicowem, the estate's
            // instrumental, once, beside the family's Soplica, five
            // times; Gdańska's Sylas, four times, beside Sylę, five, is
            // his).
            let used = |b: &str| f.iter().find(|(x, _)| x == b).map_or(0, |x| x.1);
            let longer = |b: &str| b.chars().count() > top.0.chars().count();
            let bare = nominative_of(side, top, f, form_of, |w| w.bare)
                .filter(|b| !(longer(b) && used(b) == 1 && top.1 > 2))
                .map(|b| open_stem_nominative(&b, f, langs[side.index()]).unwrap_or(b));
            Some(
                bare.or_else(|| built_nominative(langs[side.index()], side, top, f, form_of))
                    .or_else(|| nominative_of(side, top, f, form_of, |w| w.nominative))
                    .unwrap_or_else(|| base_form(top, f, false)),
            )
        })
        .collect();
    let shown = bare_beside(shown, forms, langs);
    let mut name = String::new();
    for f in shown {
        let f = crate::text::sanitize::sanitize(&f).into_owned();
        if name.is_empty() {
            name = f;
        } else if fold_query(&f) != fold_query(&name) || is_cyrillic(&f) != is_cyrillic(&name) {
            name = format!("{name} / {f}");
        }
    }
    name
}

/// True when the forms that extend `base` (ending in a vowel) mostly go
/// on with a consonant, counted by use, and with two consonants or more:
/// a whole word that takes suffixes, as the nominative does where
/// endings are added to it (Finnish Kaisa, Kaisan, Kaisalle; Hungarian
/// Anna, Annát, Annának), not a stem whose vowel the endings replace
/// (Polish Małgosi of Małgosia, Małgosię, Małgosią) nor the start of a
/// longer form (Jezu, the vocative, of Jezus, Jezusa, Jezusem).
fn takes_suffixes(base: &str, forms: &[(String, usize)]) -> bool {
    let base = fold_query(base);
    let mut letters: Vec<char> = Vec::new();
    let (mut consonant, mut vowel) = (0, 0);
    for (f, n) in forms {
        let f = fold_query(f);
        let Some(next) = f
            .strip_prefix(base.as_str())
            .and_then(|rest| rest.chars().next())
        else {
            continue;
        };
        if !next.is_alphabetic() {
            continue;
        }
        if is_vowel(next) {
            vowel += n;
        } else {
            consonant += n;
            if !letters.contains(&next) {
                letters.push(next);
            }
        }
    }
    consonant > vowel && letters.len() >= 2
}

/// The form among `forms` that ends in a doubled consonant and a vowel
/// (Heikki) where the most used form `top` and another begin with it
/// with that consonant single and without the vowel (Heikin, Heikille):
/// the nominative of a name whose cases weaken its consonant (Finnish
/// consonant gradation), however often each case is used.
fn strong_grade(top: &(String, usize), forms: &[(String, usize)]) -> Option<String> {
    /// Forms, the most used among them, that must begin with the weak stem.
    const GRADED: usize = 2;
    forms
        .iter()
        .filter(|(f, _)| *f != top.0)
        .find(|(f, _)| {
            let Some(weak) = weak_stem(f) else {
                return false;
            };
            top.0.starts_with(weak.as_str())
                && !f.starts_with(top.0.as_str())
                && forms
                    .iter()
                    .filter(|(o, _)| o.starts_with(weak.as_str()))
                    .count()
                    >= GRADED
        })
        .map(|(f, _)| f.clone())
}

/// True when `word`'s last letter, folded, is a vowel (Małgosi, not
/// Иисус).
fn ends_in_vowel(word: &str) -> bool {
    word.chars()
        .last()
        .is_some_and(|c| fold_query(&c.to_string()).chars().all(is_vowel))
}

/// The nominative of a name of one word whose bare stem `bare` ends in a
/// vowel, where the account uses that stem with a nominative ending of its
/// language more than bare: the bare stem is then the oblique case (Polish
/// Małgosi, genitive and dative, of Małgosia; Kasi, Zosi). A stem ending
/// in a consonant is the nominative however often the other forms are
/// used (Иисус 13 times, Иисуса 50).
fn open_stem_nominative(
    bare: &str,
    forms: &[(String, usize)],
    lang: Option<Lang>,
) -> Option<String> {
    if bare.contains(' ') || !ends_in_vowel(bare) {
        return None;
    }
    let uses = |form: &str| forms.iter().find(|(x, _)| x == form).map_or(0, |x| x.1);
    let at_bare = uses(bare);
    crate::lang::tables::get(lang)
        .nominative
        .iter()
        .filter(|e| !e.is_empty())
        .map(|e| format!("{bare}{e}"))
        .filter(|n| uses(n) > at_bare)
        .max_by_key(|n| uses(n))
}

/// Each account's shown name, where one is the other's with a case ending
/// of its own language and its account uses no other form, without that
/// ending: the nominative the account would use (Droysen's one
/// Jerusalems, a genitive, beside the English Jerusalem; Werther's one
/// Karlsbades beside Carlsbad, alike by sound). For German, whose one
/// form with a genitive's ending its declension cannot tell from a name
/// ending so (an English or French -s is as often the name's own: Ganges,
/// Lyons, Nivelles), and for a language that declines its names, where
/// the ending is one no nominative has and what is left is the other's
/// name exactly, however many forms (Pan Tadeusz's Mickiewiczem and
/// Mickiewiczów beside Mickiewicz). In one script.
fn bare_beside(
    mut shown: Vec<String>,
    forms: &[Vec<(String, usize)>; 2],
    langs: [Option<Lang>; 2],
) -> Vec<String> {
    let [a, b] = shown.as_slice() else {
        return shown;
    };
    if is_cyrillic(a) != is_cyrillic(b) {
        return shown;
    }
    let (a, b) = (fold_query(a), fold_query(b));
    for (k, side) in Side::BOTH.into_iter().enumerate() {
        let (mine, theirs) = if k == 0 { (&a, &b) } else { (&b, &a) };
        let data = crate::lang::tables::get(langs[side.index()]);
        if mine.contains(' ') || langs[side.index()].is_none() {
            continue;
        }
        // The same letters, but ending with a mark only an oblique case
        // writes (languages.toml's oblique_marks) where the other account
        // writes them plain: Pan Tadeusz has Rymszą (the instrumental)
        // alone, the translation the nominative Rymsza.
        let lower = shown[k].to_lowercase();
        if mine == theirs
            && shown[k] != shown[1 - k]
            && data
                .oblique_marks
                .iter()
                .any(|m| lower.ends_with(m.as_str()))
            && !data
                .oblique_marks
                .iter()
                .any(|m| shown[1 - k].to_lowercase().ends_with(m.as_str()))
        {
            shown[k] = shown[1 - k].clone();
            break;
        }
        // A language that declines its names: an ending no nominative
        // has, cut to leave the other account's name exactly.
        if !data.capitalises_nouns {
            let oblique = data.declension.is_some()
                && !data.possessive_names
                && data.endings.iter().any(|e| {
                    !data.nominative.contains(e) && mine.strip_suffix(e.as_str()) == Some(theirs)
                });
            if oblique && theirs.chars().count() >= 3 {
                shown[k] = shown[1 - k].clone();
                break;
            }
            continue;
        }
        if forms[side.index()].len() != 1 {
            continue;
        }
        // Alike already (Heyne and Heyne, Winckelmann and Winkelmann):
        // nothing to take off.
        if sound_key(mine) == sound_key(theirs) {
            continue;
        }
        let stem = |e: &&String| mine.strip_suffix(e.as_str());
        let cut = data
            .endings
            .iter()
            .find(|e| stem(e) == Some(theirs.as_str()))
            .or_else(|| {
                data.endings
                    .iter()
                    .filter(|e| {
                        stem(e).is_some_and(|s| s.len() >= 4 && sound_key(s) == sound_key(theirs))
                    })
                    // Of those, the stem spelled nearest theirs (Karlsbad,
                    // not Karlsbade, beside Carlsbad).
                    .min_by_key(|e| {
                        (0..4)
                            .find(|&d| stem(e).is_some_and(|s| within(s, theirs, d)))
                            .unwrap_or(4)
                    })
            });
        if let Some(e) = cut {
            let written = &shown[k];
            let keep = written.chars().count().saturating_sub(e.chars().count());
            shown[k] = written.chars().take(keep).collect();
            break;
        }
    }
    shown
}

/// The most used of `forms` that is `top` in the nominative: as many
/// words, each of the same paradigm as top's and a nominative by `is`
/// (its bare stem, or ending as a nominative does).
fn nominative_of(
    side: Side,
    top: &(String, usize),
    forms: &[(String, usize)],
    form_of: FormOf,
    is: impl Fn(&WordForm) -> bool,
) -> Option<String> {
    let words = |f: &str| -> Option<Vec<WordForm>> {
        f.split_whitespace()
            .map(|w| form_of(side, &fold_query(w)))
            .collect()
    };
    let of_top = words(&top.0)?;
    forms
        .iter()
        .filter(|(f, _)| {
            words(f).is_some_and(|ws| {
                ws.len() == of_top.len()
                    && ws
                        .iter()
                        .zip(&of_top)
                        .all(|(w, t)| is(w) && w.paradigm == t.paradigm)
            })
        })
        .max_by_key(|(f, n)| (*n, std::cmp::Reverse(f.chars().count())))
        .map(|(f, _)| f.clone())
}

/// The nominative of `top` where the account never uses it, made word by
/// word: of each word, the form that the language's declension of names
/// (`declension` in texts/languages.toml) takes to the most of the forms
/// the account uses of that word's paradigm, made of the word less up to
/// three letters and a nominative ending (Кутузов covers Кутузова, Кутузову, Кутузовым). `None` when no word
/// is so made, when a word's forms fit two nominatives as well (Силу,
/// Силе: Сил or Сила), or for a language without a declension.
fn built_nominative(
    lang: Option<Lang>,
    side: Side,
    top: &(String, usize),
    forms: &[(String, usize)],
    form_of: FormOf,
) -> Option<String> {
    let lang = lang?;
    let data = crate::lang::tables::get(Some(lang));
    data.declension.as_ref()?;
    let paradigm = |w: &str| form_of(side, &fold_query(w)).map(|f| f.paradigm);
    let mut out: Vec<String> = Vec::new();
    for word in top.0.split_whitespace() {
        let Some(p) = paradigm(word) else {
            out.push(word.to_string());
            continue;
        };
        // The forms of this word's paradigm the account uses.
        let seen: Vec<&str> = forms
            .iter()
            .flat_map(|(f, _)| f.split_whitespace())
            .filter(|w| paradigm(w) == Some(p))
            .collect();
        let chars: Vec<(usize, char)> = word.char_indices().collect();
        // The most forms covered; a tie with another made form says
        // nothing, and the word is left as the account writes it, unless
        // one of the tied forms alone is a given name (Wilhelmie and
        // Wilhelma fit Wilhelm as well as a feminine Wilhelma). Here:
        // the made forms covering the most, and how many they cover.
        let (mut most, mut ties): (usize, Vec<String>) = (0, Vec::new());
        for cut in 0..=3.min(chars.len().saturating_sub(2)) {
            let stem = match cut {
                0 => word,
                _ => &word[..chars[chars.len() - cut].0],
            };
            for e in &data.nominative_written {
                let candidate = format!("{stem}{e}");
                // (A form made twice, by two cuts, is one form: counted
                // twice among the tied, a given name would tie with itself.)
                if ties.contains(&candidate) {
                    continue;
                }
                let made = crate::lang::inflect::variants(Some(lang), &candidate);
                let covered = seen.iter().filter(|s| made.iter().any(|m| m == *s)).count();
                if covered > 0 && covered == most {
                    ties.push(candidate);
                } else if covered > most {
                    (most, ties) = (covered, vec![candidate]);
                }
            }
        }
        match ties.as_slice() {
            [] => out.push(word.to_string()),
            [one] => out.push(one.clone()),
            tied => {
                let given: Vec<&String> = tied
                    .iter()
                    .filter(|c| crate::lang::given::is_given_written(c, lang.code()))
                    .collect();
                match given.as_slice() {
                    [one] => out.push((*one).clone()),
                    // A word that cannot be told leaves the whole name as
                    // written: half a name in the nominative reads worse
                    // than none.
                    _ => return None,
                }
            }
        }
    }
    Some(out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The forms of each side with their counts, and every word one
    /// paradigm a side (none bare).
    fn name(left: &[(&str, usize)], right: &[(&str, usize)], langs: [&str; 2]) -> String {
        let forms = [left, right].map(|f| f.iter().map(|(s, n)| (s.to_string(), *n)).collect());
        let form_of = |_: Side, _: &str| {
            Some(WordForm {
                paradigm: 0,
                nominative: false,
                bare: false,
            })
        };
        shown_name(&forms, langs.map(Lang::from_code), &form_of)
    }

    /// Forms with their counts, owned.
    fn owned(f: &[(&str, usize)]) -> Vec<(String, usize)> {
        f.iter().map(|(s, n)| (s.to_string(), *n)).collect()
    }

    /// Every word one paradigm, whose bare stem (a nominative) is `stem`,
    /// folded.
    fn bare_stem(stem: &'static str) -> impl Fn(Side, &str) -> Option<WordForm> {
        move |_: Side, w: &str| {
            Some(WordForm {
                paradigm: 0,
                nominative: w == stem,
                bare: w == stem,
            })
        }
    }

    #[test]
    fn a_nominative_no_text_uses_is_made_from_the_declension() {
        assert_eq!(
            name(
                &[("Кутузова", 2), ("Кутузову", 2), ("Кутузовым", 1)],
                &[],
                ["ru", "en"]
            ),
            "Кутузов"
        );
        assert_eq!(
            name(&[], &[("Agrypo", 6), ("Agrypa", 6)], ["ru", "pl"]),
            "Agrypa"
        );
        assert_eq!(
            name(&[], &[("Agrypa", 6), ("Agrypo", 6)], ["ru", "pl"]),
            "Agrypa"
        );
        // Силу and Силе fit Сил as well as Сила: left as written.
        assert_eq!(name(&[("Силу", 5), ("Силе", 4)], &[], ["ru", "en"]), "Силу");
    }

    #[test]
    fn a_bare_stem_ending_in_a_vowel_is_named_by_its_nominative() {
        // Grimm in Polish: Małgosi (genitive, dative) is the bare stem of
        // Małgosia, Małgosiu, Małgosią; Иисус stays, however often
        // Иисуса is used.
        let pl = [
            Vec::new(),
            owned(&[("Małgosia", 26), ("Małgosiu", 5), ("Małgosi", 4)]),
        ];
        let langs = [Lang::from_code("de"), Lang::from_code("pl")];
        assert_eq!(shown_name(&pl, langs, &bare_stem("malgosi")), "Małgosia");
        let ru = [owned(&[("Иисуса", 50), ("Иисус", 13)]), Vec::new()];
        let langs = [Lang::from_code("ru"), Lang::from_code("en")];
        assert_eq!(shown_name(&ru, langs, &bare_stem("iisus")), "Иисус");
    }

    /// A bare stem longer than the most used form, used once, is another
    /// word's form: Pan Tadeusz's Soplica family (five times), not the
    /// estate's Soplicowem (once). Used more, it names the entry (Sylas,
    /// four times, beside Sylę, five).
    #[test]
    fn a_longer_bare_stem_used_once_names_nothing() {
        let langs = [Lang::from_code("pl"), Lang::from_code("en")];
        let pl = [
            owned(&[("Soplica", 5), ("Sopliców", 4), ("Soplicowem", 1)]),
            Vec::new(),
        ];
        // As the paradigm has them: Soplicowem its bare stem, Soplica no
        // nominative of it.
        let form_of = |_: Side, w: &str| {
            Some(WordForm {
                paradigm: 0,
                nominative: false,
                bare: w == "soplicowem",
            })
        };
        assert_eq!(shown_name(&pl, langs, &form_of), "Soplica");
        let pl = [owned(&[("Sylę", 5), ("Sylas", 4), ("Syli", 4)]), Vec::new()];
        assert_eq!(shown_name(&pl, langs, &bare_stem("sylas")), "Sylas");
    }

    #[test]
    fn of_nominatives_that_fit_alike_a_given_name_is_the_one() {
        // Wilhelmie and Wilhelma fit Wilhelm as well as a feminine
        // Wilhelma; Wilhelm is a given name as written.
        assert_eq!(
            name(&[], &[("Wilhelmie", 31), ("Wilhelma", 2)], ["de", "pl"]),
            "Wilhelm"
        );
        // Лидии: Лидия, a given name, against Лидий.
        assert_eq!(name(&[("Лидии", 3)], &[], ["ru", "pl"]), "Лидия");
        // Васильй folds as a given name does, but is none as written.
        assert_eq!(name(&[("Василья", 3)], &[], ["ru", "pl"]), "Василья");
        // Матфий is made by two cuts of Матфия; once, it is the one.
        assert_eq!(name(&[("Матфия", 4)], &[], ["ru", "pl"]), "Матфий");
    }

    #[test]
    fn a_lone_case_form_beside_the_others_bare_name_is_named_by_it() {
        assert_eq!(
            name(&[("Jerusalems", 1)], &[("Jerusalem", 8)], ["de", "en"]),
            "Jerusalem"
        );
        // Alike by sound: the German without its ending.
        assert_eq!(
            name(&[("Karlsbades", 1)], &[("Carlsbad", 2)], ["de", "en"]),
            "Karlsbad / Carlsbad"
        );
        // Alike by sound as they are: nothing taken off.
        assert_eq!(
            name(&[("Winckelmann", 1)], &[("Winkelmann", 1)], ["de", "en"]),
            "Winckelmann / Winkelmann"
        );
        // English and French -s is as often the name's own.
        assert_eq!(
            name(&[("Gange", 4)], &[("Ganges", 2)], ["fr", "en"]),
            "Gange / Ganges"
        );
        // A language that declines: the instrumental of the Polish beside
        // the English name, an ending no nominative has (Pan Tadeusz's
        // "z Mickiewiczem"); an ending a nominative may have stays (Anna
        // is no case of Ann).
        assert_eq!(
            name(
                &[("Mickiewiczem", 1), ("Mickiewiczów", 1)],
                &[("Mickiewicz", 20)],
                ["pl", "en"]
            ),
            "Mickiewicz"
        );
        assert_eq!(
            name(&[("Anna", 3)], &[("Ann", 3)], ["pl", "en"]),
            "Anna / Ann"
        );
        // The same letters, the Polish with the instrumental's ą where the
        // translation writes the nominative's a (Pan Tadeusz's Rymszą); a
        // Czech long vowel is a nominative's (Nováková stays).
        assert_eq!(
            name(&[("Rymszą", 3)], &[("Rymsza", 3)], ["pl", "en"]),
            "Rymsza"
        );
        assert_eq!(
            name(&[("Nováková", 3)], &[("Novakova", 3)], ["cs", "en"]),
            "Nováková"
        );
    }

    #[test]
    fn a_language_without_data_is_named_by_its_most_used_form() {
        // Its paradigms are learned from the text: the bare stem of
        // Pinocchio and Pinocchi need not be a word.
        let forms = [owned(&[("Pinocchio", 147), ("Pinocchi", 1)]), Vec::new()];
        let form_of = bare_stem("pinocchi");
        assert_eq!(shown_name(&forms, [None, None], &form_of), "Pinocchio");
        // With data, a bare stem ending in a vowel yields to a nominative
        // ending used more (Polish -o).
        assert_eq!(
            shown_name(&forms, [Some(Lang::Pl), None], &form_of),
            "Pinocchio"
        );
    }

    #[test]
    fn a_language_without_data_is_named_by_a_shorter_form_ending_in_a_consonant() {
        // The form the most used one extends by an ending, where it ends
        // in a consonant, is a nominative as in the languages that decline
        // (Иисус for Иисуса); one ending in a vowel may be any case.
        let forms = [
            owned(&[("Иисуса", 50), ("Иисус", 13)]),
            owned(&[("Małgosia", 26), ("Małgosi", 4)]),
        ];
        let form_of = bare_stem("");
        assert_eq!(
            shown_name(&forms, [None, None], &form_of),
            "Иисус / Małgosia"
        );
    }

    #[test]
    fn a_language_without_data_is_named_by_the_word_its_suffixes_follow() {
        // Where endings are added to the whole nominative (Finnish,
        // Hungarian), the shorter form the others go on from with a
        // consonant is the name, however often each case is used.
        let forms = [
            owned(&[("Kaisan", 8), ("Kaisa", 6), ("Kaisalle", 2), ("Kaisaa", 1)]),
            owned(&[("Zsuzsának", 5), ("Zsuzsa", 4), ("Zsuzsával", 2)]),
        ];
        let form_of = bare_stem("");
        assert_eq!(shown_name(&forms, [None, None], &form_of), "Kaisa / Zsuzsa");
        // Not the start of a longer form, whatever follows it.
        let forms = [
            owned(&[("Jezusa", 21), ("Jezus", 10), ("Jezusem", 1), ("Jezu", 1)]),
            Vec::new(),
        ];
        assert_ne!(shown_name(&forms, [None, None], &form_of), "Jezu");
        // A consonant the cases weaken: the strong form is the name.
        let forms = [
            owned(&[("Heikin", 11), ("Heikki", 8), ("Heikille", 1)]),
            Vec::new(),
        ];
        assert_eq!(shown_name(&forms, [None, None], &form_of), "Heikki");
        // A suffix that begins with the name's last consonant is no grade
        // (Hungarian Péterre, onto Péter).
        let forms = [
            owned(&[("Péter", 13), ("Péterre", 1), ("Péterrel", 3)]),
            Vec::new(),
        ];
        assert_eq!(shown_name(&forms, [None, None], &form_of), "Péter");
    }
}
