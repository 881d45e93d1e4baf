//! The endings of names, derived by rule from the nominative, so that an
//! index lists each name once and still finds Наполеона, Наполеоном,
//! Napoleonovi, Napoleonem, Napoleon's. The rules are each language's
//! `declension` in `texts/languages.toml` (Ukrainian, Russian, Slovak,
//! Czech and Polish cases, English and German possessives); no crate does
//! this.

use super::tables;
use crate::Lang;
use crate::text::is_roman;

/// The inflected forms of one word-part (no spaces or hyphens) in `lang`:
/// its stem with each ending of the language's declension (a stem form
/// `Name-` without the stem alone); as it is in a language without one, a
/// particle, a Roman numeral, or the stem form of a language whose names
/// take only a possessive.
fn part_variants(lang: Option<Lang>, part: &str, bound: bool) -> Vec<String> {
    let as_is = || vec![part.to_string()];
    if part.is_empty() || is_roman(part) || tables::undeclined().contains(&part.to_lowercase()) {
        return as_is();
    }
    let Some(data) = lang.map(|l| tables::get(Some(l))) else {
        return as_is();
    };
    let Some(declension) = &data.declension else {
        return as_is();
    };
    if bound && data.possessive_names {
        return as_is();
    }
    let (at, endings) = declension.split(part);
    let stem = &part[..at];
    endings
        .iter()
        .filter(|e| !(bound && e.is_empty()))
        .map(|e| format!("{stem}{e}"))
        .collect()
}

/// Every `a` joined by `sep` to every `b`.
fn join(a: &[String], b: &[String], sep: &str) -> Vec<String> {
    a.iter()
        .flat_map(|x| b.iter().map(move |y| format!("{x}{sep}{y}")))
        .collect()
}

/// Every form of `form` in `lang`: each word (and each part of a hyphenated
/// word) takes the language's endings. `=Form` is exact; `Stem-` takes
/// endings only. Capitalisation of the stem is kept.
pub fn variants(lang: Option<Lang>, form: &str) -> Vec<String> {
    if let Some(exact) = form.strip_prefix('=') {
        return vec![exact.to_string()];
    }
    let (form, bound) = match form.strip_suffix('-') {
        Some(stem) => (stem, true),
        None => (form, false),
    };
    let mut out: Vec<String> = Vec::new();
    for (wi, word) in form.split(' ').filter(|w| !w.is_empty()).enumerate() {
        let mut word_forms: Vec<String> = Vec::new();
        for (pi, part) in word.split('-').enumerate() {
            let parts = part_variants(lang, part, bound);
            word_forms = if pi == 0 {
                parts
            } else {
                join(&word_forms, &parts, "-")
            };
        }
        out = if wi == 0 {
            word_forms
        } else {
            join(&out, &word_forms, " ")
        };
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has(lang: &str, form: &str, expected: &[&str]) {
        let v = variants(Lang::from_code(lang), form);
        for e in expected {
            assert!(v.iter().any(|x| x == e), "{form} → {e} missing from {v:?}");
        }
    }

    #[test]
    fn ukrainian_declensions() {
        has(
            "uk",
            "Наполеон",
            &[
                "Наполеон",
                "Наполеона",
                "Наполеону",
                "Наполеонові",
                "Наполеоном",
                "Наполеоні",
            ],
        );
        has("uk", "Олександр", &["Олександра", "Олександром"]);
        has("uk", "Ней", &["Ней", "Нея", "Нею", "Неєм"]);
        has(
            "uk",
            "Марія-Луїза",
            &[
                "Марія-Луїза",
                "Марії-Луїзи",
                "Марії-Луїзі",
                "Марію-Луїзу",
                "Марією-Луїзою",
            ],
        );
        has("uk", "Красинский", &["Красинского", "Красинским"]);
        has(
            "uk",
            "король Римський",
            &["короля Римського", "королем Римським"],
        );
        has(
            "uk",
            "Бойє де Ребеваль",
            &["Бойє де Ребеваля", "Бойє де Ребевалем"],
        );
        has("uk", "Деларош", &["Деларошем", "Делароша"]);
        has("uk", "Наполеон II", &["Наполеона II", "Наполеоном II"]);
        assert_eq!(variants(Lang::from_code("uk"), "Мортье"), ["Мортье"]);
        assert_eq!(variants(Lang::from_code("uk"), "Ожеро"), ["Ожеро"]);
        has("uk", "герцог Рагузский", &["герцогом Рагузскім"]);
    }

    #[test]
    fn russian_czech_and_polish_declensions() {
        has(
            "ru",
            "Кутузов",
            &["Кутузова", "Кутузову", "Кутузовым", "Кутузове"],
        );
        has("ru", "Александр", &["Александра", "Александром"]);
        has(
            "ru",
            "Болконский",
            &["Болконского", "Болконскому", "Болконским"],
        );
        has(
            "ru",
            "Анна Павловна",
            &["Анны Павловны", "Анне Павловне", "Анной Павловной"],
        );
        has("ru", "Василий", &["Василия", "Василию", "Василием"]);
        has(
            "cs",
            "Napoleon",
            &["Napoleona", "Napoleonovi", "Napoleonem"],
        );
        has("cs", "Dvorský", &["Dvorského", "Dvorskému", "Dvorským"]);
        has(
            "pl",
            "Napoleon",
            &["Napoleona", "Napoleonowi", "Napoleonem"],
        );
        has(
            "pl",
            "Przebyszewski",
            &["Przebyszewskiego", "Przebyszewskiemu", "Przebyszewskim"],
        );
    }

    #[test]
    fn english_and_german_possessives() {
        has("en", "Kutuzov", &["Kutuzov", "Kutuzov's", "Kutuzov’s"]);
        has("en", "Anna Pavlovna", &["Anna Pavlovna's"]);
        has("de", "Napoleon", &["Napoleons"]);
        assert_eq!(variants(Lang::from_code("fr"), "Napoléon"), ["Napoléon"]);
    }

    #[test]
    fn slovak_declensions() {
        has(
            "sk",
            "Napoleon",
            &["Napoleon", "Napoleona", "Napoleonovi", "Napoleonom"],
        );
        has("sk", "Davout", &["Davouta", "Davoutovi", "Davoutom"]);
        has(
            "sk",
            "Fouché",
            &["Fouché", "Fouchého", "Fouchému", "Fouchém"],
        );
        has("sk", "Savary", &["Savarym", "Savaryho"]);
        has(
            "sk",
            "Mária Lujza",
            &["Márie Lujzy", "Márii Lujze", "Máriu Lujzu", "Máriou Lujzou"],
        );
        has(
            "sk",
            "Krasinský",
            &["Krasinského", "Krasinskému", "Krasinským"],
        );
        has("sk", "Alexander", &["Alexander"]);
        has(
            "sk",
            "Alexandr-",
            &["Alexandra", "Alexandrovi", "Alexandrom"],
        );
        assert!(!variants(Lang::from_code("sk"), "Alexandr-").contains(&"Alexandr".to_string()));
        has(
            "sk",
            "Barclay de Tolly",
            &["Barclay de Tolly", "Barclay de Tollyho"],
        );
        has(
            "sk",
            "Ľudovít XVIII",
            &["Ľudovítovi XVIII", "Ľudovíta XVIII"],
        );
        assert_eq!(variants(Lang::from_code("sk"), "=Prusov"), ["Prusov"]);
        has("sk", "Bretónsko", &["Bretónsku", "Bretónska", "Bretónskom"]);
    }
}
