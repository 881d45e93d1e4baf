//! The endings of names, derived by rule from the nominative, so that an
//! index lists each name once and still finds Наполеона, Наполеоном,
//! Napoleonovi, Napoleonem, Napoleon's. The rules cover the declensions
//! that names take in Ukrainian, Russian, Slovak, Czech and Polish (hard
//! and soft consonant stems, -а/-я and -a/-ia stems, adjectival -ський/
//! -ский/-ský/-ski, indeclinable vowel endings) and the possessives of
//! English and German; no crate does this.

use crate::text::is_roman;

/// Words of a name that never take endings.
const PARTICLES: &[&str] = &[
    "de", "la", "le", "du", "des", "d", "von", "van", "zu", "der", "di", "da", "of", "z", "і", "и",
    "де", "фон", "ла", "ван", "цу",
];

fn ends_any(word: &str, ends: &[&str]) -> Option<usize> {
    let lower = word.to_lowercase();
    ends.iter()
        .find(|e| lower.ends_with(**e))
        .map(|e| word.len() - e.len())
}

/// The last letter of `word`, lower-cased.
fn last_letter(word: &str) -> char {
    word.chars()
        .last()
        .and_then(|c| c.to_lowercase().next())
        .unwrap_or(' ')
}

/// The stem and endings of one Ukrainian word.
fn ukrainian(word: &str) -> (usize, &'static [&'static str]) {
    const HARD: &[&str] = &["", "а", "у", "ові", "ом", "і", "е"];
    const HUSHING: &[&str] = &["", "а", "у", "еві", "ем", "і", "е"];
    if let Some(at) = ends_any(word, &["ий"]) {
        return (at, &["ий", "ого", "ому", "им", "ім"]);
    }
    if let Some(at) = ends_any(word, &["ій"]) {
        return (at, &["ій", "ія", "ію", "ієм", "ієві", "ії"]);
    }
    if let Some(at) = ends_any(word, &["й"]) {
        return (at, &["й", "я", "ю", "єм", "єві", "ї"]);
    }
    if let Some(at) = ends_any(word, &["ь"]) {
        return (at, &["ь", "я", "ю", "ем", "еві", "і"]);
    }
    if let Some(at) = ends_any(word, &["а"]) {
        return (at, &["а", "и", "і", "у", "ою"]);
    }
    if let Some(at) = ends_any(word, &["я"]) {
        return (at, &["я", "ї", "ю", "єю", "і"]);
    }
    let last = last_letter(word);
    if "оеєюіуиїaeiouy".contains(last) {
        return (word.len(), &[""]);
    }
    if "жчшщц".contains(last) {
        return (word.len(), HUSHING);
    }
    (word.len(), HARD)
}

/// The stem and endings of one Russian word.
fn russian(word: &str) -> (usize, &'static [&'static str]) {
    const HARD: &[&str] = &["", "а", "у", "ом", "е"];
    const HUSHING: &[&str] = &["", "а", "у", "ем", "ом", "е"];
    if ends_any(word, &["ский", "цкий", "ый"]).is_some() {
        // Adjectival surnames: Болконский, Болконского, Болконским.
        return (
            word.len() - "ий".len(),
            &["ий", "ый", "ого", "ому", "им", "ым", "ом"],
        );
    }
    if ends_any(word, &["ской", "цкой"]).is_some() {
        return (word.len() - "ой".len(), &["ой", "ого", "ому", "им", "ом"]);
    }
    if let Some(at) = ends_any(word, &["ий"]) {
        // Nouns in -ий: Василий, Василия, Василию, Василием, Василии.
        return (at, &["ий", "ия", "ию", "ием", "ии"]);
    }
    if let Some(at) = ends_any(word, &["ая"]) {
        return (at, &["ая", "ой", "ую"]);
    }
    if let Some(at) = ends_any(word, &["ия"]) {
        return (at, &["ия", "ии", "ию", "ией", "ией"]);
    }
    if let Some(at) = ends_any(word, &["й"]) {
        return (at, &["й", "я", "ю", "ем", "е"]);
    }
    if let Some(at) = ends_any(word, &["ь"]) {
        return (at, &["ь", "я", "ю", "ем", "е", "и", "ью"]);
    }
    if let Some(at) = ends_any(word, &["а"]) {
        return (at, &["а", "ы", "и", "е", "у", "ой", "ою"]);
    }
    if let Some(at) = ends_any(word, &["я"]) {
        return (at, &["я", "и", "е", "ю", "ей", "ею"]);
    }
    if ends_any(word, &["ов", "ев", "ёв", "ин", "ын"]).is_some() {
        // Surnames: Кутузов, Кутузова, Кутузову, Кутузовым, Кутузове.
        return (word.len(), &["", "а", "у", "ым", "е", "ом"]);
    }
    let last = last_letter(word);
    if "оеэиуыюaeiouy".contains(last) {
        return (word.len(), &[""]);
    }
    if "жчшщц".contains(last) {
        return (word.len(), HUSHING);
    }
    (word.len(), HARD)
}

/// The stem and endings of one Czech word.
fn czech(word: &str) -> (usize, &'static [&'static str]) {
    if ends_any(word, &["ský", "cký"]).is_some() {
        let last = word.chars().last().map_or(0, char::len_utf8);
        return (word.len() - last, &["ý", "ého", "ému", "ým", "ém"]);
    }
    if let Some(at) = ends_any(word, &["ie", "ia"]) {
        return (at + 1, &["e", "a", "i", "ií"]);
    }
    if let Some(at) = ends_any(word, &["a"]) {
        return (at, &["a", "y", "e", "u", "ou", "ovi", "o"]);
    }
    let last = last_letter(word);
    if "íý".contains(last) {
        return (word.len(), &["", "ho", "mu", "m"]);
    }
    if "eéiyóuúů".contains(last) {
        return (word.len(), &[""]);
    }
    (word.len(), &["", "a", "u", "ovi", "em", "e", "i", "ové"])
}

/// The stem and endings of one Polish word.
fn polish(word: &str) -> (usize, &'static [&'static str]) {
    if let Some(at) = ends_any(word, &["ski", "cki"]) {
        return (at + 2, &["i", "iego", "iemu", "im"]);
    }
    if let Some(at) = ends_any(word, &["ska", "cka"]) {
        return (at + 2, &["a", "iej", "ą"]);
    }
    if let Some(at) = ends_any(word, &["a"]) {
        return (at, &["a", "y", "i", "ie", "ę", "ą", "o"]);
    }
    let last = last_letter(word);
    if "eéioóuy".contains(last) {
        return (word.len(), &[""]);
    }
    (word.len(), &["", "a", "owi", "em", "ie", "u", "zie"])
}

/// The forms of an English or German word: itself and its possessive.
fn possessives(lang: &str, word: &str) -> Vec<String> {
    let mut out = vec![word.to_string()];
    match lang {
        "en" if word.ends_with('s') => out.push(format!("{word}'")),
        "en" => {
            out.push(format!("{word}'s"));
            out.push(format!("{word}’s"));
        }
        "de" if !word.ends_with(['s', 'ß', 'x', 'z']) => out.push(format!("{word}s")),
        _ => {}
    }
    out
}

/// The stem and endings of one Slovak word.
fn slovak(word: &str) -> (usize, &'static [&'static str]) {
    if ends_any(word, &["ský", "cký", "ski", "cki", "sky"]).is_some() {
        let last = word.chars().last().map_or(0, char::len_utf8);
        return (
            word.len() - last,
            &["ý", "i", "y", "ého", "ému", "ým", "om"],
        );
    }
    if let Some(at) = ends_any(word, &["ia"]) {
        let at = at + 1;
        return (at, &["a", "e", "i", "u", "ou"]);
    }
    if let Some(at) = ends_any(word, &["a"]) {
        return (at, &["a", "y", "e", "u", "ou", "ovi", "om"]);
    }
    let last = last_letter(word);
    if "yiíéýe".contains(last) {
        return (word.len(), &["", "ho", "mu", "m"]);
    }
    if last == 'o' {
        let at = word.len() - 1;
        return (at, &["o", "a", "u", "om"]);
    }
    if "óuú".contains(last) {
        return (word.len(), &[""]);
    }
    (word.len(), &["", "a", "u", "ovi", "om", "e", "i"])
}

/// The inflected forms of one word-part (no spaces or hyphens) in `lang`.
fn part_variants(lang: &str, part: &str, bound: bool) -> Vec<String> {
    if part.is_empty() || is_roman(part) || PARTICLES.contains(&part.to_lowercase().as_str()) {
        return vec![part.to_string()];
    }
    let (at, endings) = match lang {
        "uk" => ukrainian(part),
        "ru" => russian(part),
        "sk" => slovak(part),
        "cs" => czech(part),
        "pl" => polish(part),
        "en" | "de" if !bound => return possessives(lang, part),
        _ => return vec![part.to_string()],
    };
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
pub fn variants(lang: &str, form: &str) -> Vec<String> {
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
        let v = variants(lang, form);
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
        assert_eq!(variants("uk", "Мортье"), ["Мортье"]);
        assert_eq!(variants("uk", "Ожеро"), ["Ожеро"]);
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
        assert_eq!(variants("fr", "Napoléon"), ["Napoléon"]);
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
        assert!(!variants("sk", "Alexandr-").contains(&"Alexandr".to_string()));
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
        assert_eq!(variants("sk", "=Prusov"), ["Prusov"]);
        has("sk", "Bretónsko", &["Bretónsku", "Bretónska", "Bretónskom"]);
    }
}
