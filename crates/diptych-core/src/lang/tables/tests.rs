//! Tests of [`super`]: data.

use super::*;

#[test]
fn the_table_parses_and_every_language_has_stop_words() {
    let raw: Result<RawFile, _> = toml::from_str(LANGUAGES_TOML);
    assert!(raw.is_ok(), "{raw:?}");
    for code in crate::Lang::ALL {
        let d = get(Some(code));
        assert!(d.stop.len() >= 60, "{code}: {}", d.stop.len());
        assert!(!d.titles.is_empty(), "{code}");
    }
}

#[test]
fn number_words_by_their_stems() {
    use crate::lang::fold::fold_query;
    let n = |lang: &str, w: &str| get(crate::Lang::from_code(lang)).number(&fold_query(w));
    for (lang, word, v) in [
        ("en", "FIRST", 1),
        ("en", "Sixth", 6),
        ("en", "sixty", 60),
        ("en", "fifteenth", 15),
        ("en", "fifth", 5),
        ("ru", "ПЕРВАЯ", 1),
        ("ru", "пятнадцатая", 15),
        ("ru", "седьмая", 7),
        ("uk", "п'ята", 5),
        ("pl", "PIERWSZA", 1),
        ("pl", "sześćdziesiąty", 60),
        ("pl", "dwudziesty", 20),
        ("cs", "třetí", 3),
        ("sk", "KAPITOLA", 0),
        ("fr", "deuxième", 2),
        ("de", "Drittes", 3),
    ] {
        assert_eq!(n(lang, word).unwrap_or(0), v, "{lang} {word}");
    }
    assert_eq!(
        n("en", "September"),
        None,
        "more than four letters after a stem"
    );
}

#[test]
fn stop_words_are_never_names() {
    let en = get(Some(crate::Lang::En));
    for w in ["the", "but", "he", "his", "that"] {
        assert!(en.stop.contains(w), "{w}");
    }
    for name in ["will", "bill", "may", "mark"] {
        assert!(!en.stop.contains(name), "{name}");
    }
    let ru = get(Some(crate::Lang::Ru));
    for w in ["on", "no", "vot", "to", "my"] {
        assert!(ru.stop.contains(w), "{w}");
    }
    assert!(get(Some(crate::Lang::Uk)).stop.contains("i"));
}

#[test]
fn titles_in_their_case_forms() {
    let ru = get(Some(crate::Lang::Ru));
    assert!(ru.is_title(&fold_query("князь")));
    assert!(ru.is_title(&fold_query("князя")));
    assert!(ru.is_title(&fold_query("графом")));
    assert!(!ru.is_title(&fold_query("Кутузов")));
    assert!(get(Some(crate::Lang::En)).is_title("prince"));
}
