//! Everything that knows about a language, below both search and people:
//! search keys ([`fold`]) and the sound key ([`sound`]) that make one
//! query find every script, the language of a text ([`detect`]), stop
//! words, titles, place words and name endings ([`tables`]), declension of
//! listed names ([`inflect`]), given names and well-known places across
//! languages ([`given`], [`places`]), and the one folding of names for
//! filters ([`names`]).

pub mod fold;
pub mod given;
pub mod inflect;
pub mod names;
pub mod places;
pub mod sound;
pub mod tables;
use crate::Lang;

/// How much text language detection looks at.
const SAMPLE_CHARS: usize = 6000;

/// The language of `text`, when it is one diptych
/// knows and the guess is reliable: script and common words
/// (whatlang's trigrams, limited to the known languages), on a sample
/// from the middle of the text (its start is often front matter); `None`
/// for a text surely in another language.
pub fn detect(text: &str) -> Option<Lang> {
    use whatlang::{Detector, Lang as W};
    let detector = Detector::with_allowlist(vec![
        W::Ukr,
        W::Rus,
        W::Slk,
        W::Ces,
        W::Pol,
        W::Eng,
        W::Deu,
        W::Fra,
    ]);
    let mut start = text.len() / 3;
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut sample: String = text[start..].chars().take(SAMPLE_CHARS).collect();
    if sample.chars().count() < SAMPLE_CHARS / 2 {
        sample = text.chars().take(SAMPLE_CHARS).collect();
    }
    let info = detector.detect(&sample)?;
    if !info.is_reliable() && sample.chars().count() < 200 {
        return None;
    }
    // A language diptych has no data for is none of its eight, not the
    // nearest of them: Italian and Spanish were taken for French, and
    // read by French rules (its particles, titles and endings, its label
    // in exports) instead of by what their own text shows. Told only
    // where the detector knowing every language is sure; and against a
    // sure guess among the eight, never for a close kin of it (Russian in
    // an old spelling may look Bulgarian or Belarusian, Slovak Slovene).
    if whatlang::detect(&sample).is_some_and(|all| {
        all.is_reliable()
            && all.lang() != info.lang()
            && (!info.is_reliable() || !kin(info.lang(), all.lang()))
    }) {
        return None;
    }
    Some(match info.lang() {
        W::Ukr => Lang::Uk,
        W::Rus => Lang::Ru,
        W::Slk => Lang::Sk,
        W::Ces => Lang::Cs,
        W::Pol => Lang::Pl,
        W::Eng => Lang::En,
        W::Deu => Lang::De,
        W::Fra => Lang::Fr,
        _ => return None,
    })
}

/// True for two languages close enough for the detector to mistake one
/// for the other: the Cyrillic East and South Slavic languages, and the
/// West and South Slavic ones in Latin letters.
fn kin(a: whatlang::Lang, b: whatlang::Lang) -> bool {
    use whatlang::Lang as W;
    const GROUPS: [&[W]; 2] = [
        &[W::Rus, W::Ukr, W::Bel, W::Bul, W::Mkd, W::Srp],
        &[W::Slk, W::Ces, W::Pol, W::Slv, W::Hrv],
    ];
    GROUPS.iter().any(|g| g.contains(&a) && g.contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_known_language() {
        for (text, want) in [
            (
                "Коленкур зустрівся з Олександром і намагався його переконати розпочати переговори з Наполеоном. Але російський імператор не хотів ніяких переговорів.",
                "uk",
            ),
            (
                "Князь Василий говорил всегда лениво, как актер говорит роль старой пиесы. Анна Павловна Шерер, напротив, несмотря на свои сорок лет, была преисполнена оживления.",
                "ru",
            ),
            (
                "Napoleon zatiaľ študoval vojenskú situáciu pred Parížom a vypracoval spôsob na rozdrtenie spojencov. Napísal Fouchému list, kde sa ponúkol.",
                "sk",
            ),
            (
                "Napoleon mezitím studoval vojenskou situaci před Paříží a vypracoval způsob, jak rozdrtit spojence. Napsal Fouchému dopis, kde se nabídl.",
                "cs",
            ),
            (
                "Napoleon tymczasem studiował sytuację wojskową przed Paryżem i opracował sposób na rozbicie sprzymierzonych. Napisał list do Fouchégo.",
                "pl",
            ),
            (
                "It was in July, 1805, and the speaker was the well-known Anna Pavlovna Scherer, maid of honor and favorite of the Empress Marya Fedorovna.",
                "en",
            ),
            (
                "Es war im Juli 1805, und die Sprecherin war die bekannte Anna Pawlowna Scherer, Hofdame und Vertraute der Kaiserin Maria Fjodorowna.",
                "de",
            ),
            (
                "C'était en juillet 1805, et celle qui parlait ainsi était la célèbre Anna Pavlovna Schérer, demoiselle d'honneur et favorite de l'impératrice.",
                "fr",
            ),
        ] {
            assert_eq!(detect(text).map(Lang::code), Some(want), "{text}");
        }
    }

    #[test]
    fn a_language_without_data_is_none_not_the_nearest() {
        for text in [
            "C'era una volta un pezzo di legno. Non era un legno di lusso, ma un semplice pezzo da catasta, di quelli che d'inverno si mettono nelle stufe e nei caminetti per accendere il fuoco e per riscaldare le stanze.",
            "En un lugar de la Mancha, de cuyo nombre no quiero acordarme, no ha mucho tiempo que vivía un hidalgo de los de lanza en astillero, adarga antigua, rocín flaco y galgo corredor.",
        ] {
            assert_eq!(detect(text), None, "{text}");
        }
    }

    #[test]
    fn russian_in_the_old_spelling_is_still_russian() {
        let text = "Въ началѣ было Слово, и Слово было у Бога, и Слово было Богъ. Оно было въ началѣ у Бога. Все чрезъ Него начало быть, и безъ Него ничто не начало быть, что начало быть. Въ Немъ была жизнь, и жизнь была свѣтъ человѣковъ.";
        assert_eq!(detect(text), Some(Lang::Ru));
    }
}
