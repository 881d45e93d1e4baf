//! The scan for names, tried on short texts.

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

/// French says a place by "dans" and "sur" as by "à" (Ségur's "dans
/// Moskou", "marcher sur Moskou"; Hugo's "sur Hougomont").
#[test]
fn french_dans_and_sur_say_place() {
    let a = Account::new(
        Meta::named("t"),
        "Les Russes étaient dans Moskou. L'armée marcha sur Hougomont.".into(),
    );
    let found = candidates(&a, Some(Lang::Fr), &[]).occ;
    for name in ["moskou", "hougomont"] {
        let o = found.iter().find(|o| o.words[0] == name).expect(name);
        assert!(o.place, "{name}: {o:?}");
    }
}

#[test]
fn a_title_the_text_uses_as_a_name_is_one() {
    // Pan Tadeusz's Count: the title alone, with a capital, again and
    // again; before a name it is still that name's title.
    let text = "Wszedł Hrabia do sieni. Potem Hrabia siadł. Gdy Hrabia wstał, \
                mówił Hrabia długo. Że Hrabia jedzie, wiedzieli. \
                Był tam i Hrabia Horeszko. A Hrabiego nie było.";
    let a = Account::new(Meta::named("t"), text.into());
    let found = candidates(&a, Some(Lang::Pl), &[]).occ;
    let shown: Vec<&str> = found.iter().map(|o| &a.text[o.span.clone()]).collect();
    assert_eq!(
        shown.iter().filter(|n| **n == "Hrabia").count(),
        5,
        "{shown:?}"
    );
    let horeszko = found
        .iter()
        .find(|o| o.words == ["horeszko"])
        .expect("Horeszko");
    assert!(horeszko.title, "{shown:?}");
    // Written short, a title is no name however often (Mr. Fogg).
    let text = "Then Mr. came. ".repeat(6);
    assert!(names(&text, "en").iter().all(|n| n != "Mr"));
}

#[test]
fn a_name_next_to_a_place_noun_is_a_place() {
    let place = |text: &str, lang: &str, name: &str| {
        let a = Account::new(Meta::named("t"), text.to_string());
        let occ = candidates(&a, Lang::from_code(lang), &[]).occ;
        let o = occ
            .iter()
            .find(|o| a.text[o.span.clone()] == *name)
            .unwrap_or_else(|| panic!("{name} not found in {occ:?}"));
        o.place
    };
    assert!(place("Il vit la station d'Allahabad.", "fr", "Allahabad"));
    assert!(place("Il traverse l'île Salcette.", "fr", "Salcette"));
    assert!(place("They saw the pagoda of Pillaji.", "en", "Pillaji"));
    assert!(place(
        "They rode up Malabar Hill at dawn.",
        "en",
        "Malabar Hill"
    ));
    assert!(place("Он жил в городе Филиппы.", "ru", "Филиппы"));
    // The farms, hamlets and woods of a battlefield (Waterloo's).
    assert!(place(
        "Ils gardaient la ferme de Rossomme.",
        "fr",
        "Rossomme"
    ));
    assert!(place(
        "Ils entrèrent dans le bois d'Hougomont.",
        "fr",
        "Hougomont"
    ));
    assert!(place("They held the farm of Rossomme.", "en", "Rossomme"));
    assert!(!place("They saw Fogg and Pillaji.", "en", "Pillaji"));
    // An apostrophe inside a word keeps it whole.
    assert_eq!(names("Він сказав O'Brien тоді.", "uk"), ["O'Brien"]);
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

#[test]
fn a_vocative_first_in_speech_is_its_name() {
    // Acts 10:3 in the Polish: the vocative stands only where a
    // capital says nothing, the name's other forms inside sentences.
    let got = names(
        "Widział Kornelijusza anioł. Był tam Kornelijusz setnik. I rzekł mu: Kornelijuszu! Wtedy Kornelijusz wstał. Potem rzekł: Widząc to, odszedł.",
        "pl",
    );
    assert!(got.contains(&"Kornelijuszu".to_string()), "{got:?}");
    assert!(!got.contains(&"Widząc".to_string()), "{got:?}");
}

#[test]
fn a_footnote_number_set_against_a_name_is_no_part_of_it() {
    // Pan Tadeusz's English notes: "Kniaziewicz34", "Poland46".
    let got = names(
        "He served under Kniaziewicz34 in Italy. Then Kniaziewicz came home to Poland46 at last.",
        "en",
    );
    assert_eq!(
        got.iter().filter(|n| *n == "Kniaziewicz").count(),
        2,
        "{got:?}"
    );
    assert!(got.contains(&"Poland".to_string()), "{got:?}");
}

#[test]
fn a_conditional_opening_a_verse_line_is_no_name() {
    // Grimm's Polish verse, its lines run together: "Gdyby to Twoja
    // matka widziała, Pękłoby jej serce."
    let got = names(
        "Rzekła Falada: Gdyby to matka widziała, Pękłoby jej serce. I znów rzekła Falada: Pękłoby serce.",
        "pl",
    );
    assert!(!got.iter().any(|n| n.starts_with("Pękłoby")), "{got:?}");
    assert!(got.contains(&"Falada".to_string()), "{got:?}");
}

#[test]
fn a_short_stem_vocative_is_its_name_in_its_own_script() {
    // Grimm's Polish Jaś: the vocative Jasiu opens speech only, its
    // genitive Jasia stands inside sentences (a four-letter stem).
    let got = names(
        "Poszła do Jasia. Dała chleb dla Jasia. \"Jasiu, chodź!\" zawołała.",
        "pl",
    );
    assert!(got.contains(&"Jasiu".to_string()), "{got:?}");
    // A French word in a Russian novel opens a sentence: no case of the
    // Cyrillic name that folds like it.
    let got = names(
        "Пришёл князь Андрей. Сказал князь Андрей. Andre, vous êtes là.",
        "ru",
    );
    assert!(!got.contains(&"Andre".to_string()), "{got:?}");
}

#[test]
fn a_particle_between_german_nouns_joins_no_name() {
    // In German every noun has a capital: "der" between two is the
    // genitive's article and "von" a preposition, not a particle of a
    // name, unless it follows a given name.
    let got = names(
        "Das war die Schuld der Eltern. Auch die Schuld der Eltern blieb. \
         Die Tür von Gregors Zimmer war zu, die Tür von Gregors Zimmer. \
         Er las von Heinrich der Löwe, und von Heinrich der Löwe sprach er. \
         Otto von Bismarck kam, und Otto von Bismarck ging.",
        "de",
    );
    assert!(!got.iter().any(|n| n.contains("Schuld der")), "{got:?}");
    assert!(!got.iter().any(|n| n.contains("Tür von")), "{got:?}");
    assert!(got.contains(&"Heinrich der Löwe".to_string()), "{got:?}");
    assert!(got.contains(&"Otto von Bismarck".to_string()), "{got:?}");
}

#[test]
fn a_pronoun_and_its_verb_are_no_name() {
    // "I" always has a capital, and so has "I've" inside a sentence.
    let got = names(
        "Well, I've seen him. Yes, I've gone, and I've come. So I'll go, and I'll stay. \
         Then Gregor came, and I'd stay with O'Brien.",
        "en",
    );
    assert!(!got.iter().any(|n| n.starts_with('I')), "{got:?}");
    assert!(got.contains(&"Gregor".to_string()), "{got:?}");
    assert!(got.contains(&"O'Brien".to_string()), "{got:?}");
}

#[test]
fn feasts_heaven_and_amen_are_no_names() {
    let got = names(
        "At Christmas he prayed, and by Heaven, said Amen. At Easter Gregor came, \
         at Christmas Gregor left, and at Easter he said Amen to Heaven.",
        "en",
    );
    for word in ["Christmas", "Easter", "Heaven", "Amen"] {
        assert!(!got.contains(&word.to_string()), "{word}: {got:?}");
    }
    assert!(got.contains(&"Gregor".to_string()), "{got:?}");
}

/// The hymn Te Deum is sung for a victory: Deum (Latin, God) is no one,
/// in French as in English (Ségur's Petersburg sings two).
#[test]
fn te_deum_names_no_one() {
    for (text, lang) in [
        (
            "On chanta un Te Deum. Murat arriva. Un autre Te Deum fut chanté pour Murat.",
            "fr",
        ),
        (
            "They sang a Te Deum. Murat came. Another Te Deum was sung for Murat.",
            "en",
        ),
    ] {
        let got = names(text, lang);
        assert!(!got.iter().any(|n| n.contains("Deum")), "{lang}: {got:?}");
        assert!(got.contains(&"Murat".to_string()), "{lang}: {got:?}");
    }
}

#[test]
fn a_german_name_in_the_genitive_runs_into_no_noun() {
    let got = names(
        "Dann kam Gregor. Er sah Gregors Zimmer. Man hörte Gregor nicht. \
         Sie putzte Gregors Zimmer nie. Da sprach Hans Castorp.",
        "de",
    );
    assert!(!got.iter().any(|n| n.contains("Gregors ")), "{got:?}");
    assert_eq!(got.iter().filter(|n| *n == "Gregors").count(), 2, "{got:?}");
    assert!(got.contains(&"Hans Castorp".to_string()), "{got:?}");
}

#[test]
fn messrs_is_a_title_and_sundays_no_name() {
    // An English pair (its abbreviations, Messrs., end no sentence).
    let meta = Meta {
        language: Some(Lang::En),
        ..Meta::named("t")
    };
    let text = "We met Messrs. Andran at noon. Later Messrs. Andran left. On Sundays they rested.";
    let pair = crate::pair::Pair::from_texts([meta.clone(), meta], [text.into(), text.into()]);
    let found = crate::entities::Entities::find(&pair, &crate::entities::PeopleIndex::default());
    let names: Vec<&str> = found.entries.iter().map(|e| e.name.as_str()).collect();
    assert!(
        !names.iter().any(|n| *n == "Messrs" || *n == "Sundays"),
        "{names:?}"
    );
}

#[test]
fn with_a_name_in_the_instrumental_is_no_place_cue() {
    // Polish z: with (z Pawłem, z Drusyllą) or from (z Krakowa).
    let a = Account::new(
        Meta::named("t"),
        "Potem przyszedł z Pawłem. Wtedy wyszedł z Krakowa. Mówił z Drusyllą długo.".into(),
    );
    let found = candidates(&a, Some(Lang::Pl), &[]).occ;
    let place = |w: &str| {
        found
            .iter()
            .find(|o| &a.text[o.span.clone()] == w)
            .map(|o| o.place)
    };
    assert_eq!(place("Pawłem"), Some(false));
    assert_eq!(place("Drusyllą"), Some(false));
    assert_eq!(place("Krakowa"), Some(true));
}

#[test]
fn gods_other_names_are_no_people() {
    // Werther in English: the Creator, Providence; a German pending
    // Kreatur (creature) paired with Creator by sound.
    for (lang, words) in [
        (Lang::En, &["creator", "providence", "redeemer"][..]),
        (
            Lang::De,
            &["schöpfer", "vorsehung", "erlöser", "weihnachten"][..],
        ),
        (Lang::Fr, &["créateur", "providence", "noël"][..]),
    ] {
        let data = crate::lang::tables::get(Some(lang));
        for w in words {
            assert!(
                data.is_not_name(&crate::lang::fold::fold_query(w)),
                "{lang:?} {w}"
            );
        }
    }
}

#[test]
fn a_german_noun_after_an_article_is_no_part_of_the_name_after_it() {
    // "in der Nähe Jerusalems": near Jerusalem. Nähe is used on its own
    // too; Vorder only in its name, and a hyphen makes a compound. "Der
    // Wunsch Gregors": Gregor's wish.
    let got = names(
        "Er kam in die Nähe. Sie blieb in der Nähe. Die Nähe half. \
         Er lag in der Nähe Jerusalems. Am Vorder Selbsanft rasten wir. \
         Vom Vorder Selbsanft kamen wir. Am Zervreila-Stausee war es kalt. \
         Dann kam Gregor. Man sah Gregor. Der Wunsch Gregors war klar.",
        "de",
    );
    // A noun before the genitive of a name the text writes bare.
    assert!(got.contains(&"Gregors".to_string()), "{got:?}");
    assert!(!got.iter().any(|n| n.contains("Wunsch Gregors")), "{got:?}");
    assert!(got.contains(&"Jerusalems".to_string()), "{got:?}");
    assert!(!got.iter().any(|n| n.contains("Nähe Jer")), "{got:?}");
    assert!(got.contains(&"Vorder Selbsanft".to_string()), "{got:?}");
    assert!(got.contains(&"Zervreila-Stausee".to_string()), "{got:?}");
}

#[test]
fn a_particle_between_two_names_seen_alone_joins_none() {
    // Italian has no data: "disse Pinocchio al Gatto" (said Pinocchio to
    // the Cat) is two names that each stand alone, not one. A name made
    // with a particle and seen often stays whole.
    let text = "Disse Pinocchio al Gatto. Ma Pinocchio corse. Poi Pinocchio rise. \
                E il Gatto dormiva. Allora il Gatto parlò. Vide Dulcinea del Toboso. \
                Ecco Dulcinea del Toboso. Sempre Dulcinea del Toboso.";
    let got = names(text, "it");
    assert!(!got.iter().any(|n| n.contains(" al ")), "{got:?}");
    assert_eq!(
        got.iter().filter(|n| *n == "Pinocchio").count(),
        3,
        "{got:?}"
    );
    assert_eq!(got.iter().filter(|n| *n == "Gatto").count(), 3, "{got:?}");
    assert_eq!(
        got.iter().filter(|n| *n == "Dulcinea del Toboso").count(),
        3,
        "{got:?}"
    );
    // Said twice, beside names each used alone ten times and more.
    let text = format!(
        "{}{}",
        "Disse Pinocchio al Gatto. ".repeat(2),
        "Ma Pinocchio corse. E il Gatto dormiva. ".repeat(10)
    );
    let got = names(&text, "it");
    assert!(!got.iter().any(|n| n.contains(" al ")), "{got:?}");
}

#[test]
fn two_names_side_by_side_each_far_more_often_alone_are_two() {
    // Hungarian has no data, and only a name's last word declines: "monda
    // Saul Dávidnak" (said Saul to David) looks like one name in the
    // dative, as "Kossuth Lajosnak" is. Saul and David stand alone far
    // more often than together; Kossuth seldom does.
    let mut text = String::new();
    for _ in 0..2 {
        text.push_str("Akkor monda Saul Dávidnak. ");
    }
    for _ in 0..6 {
        text.push_str("És Saul elment. Akkor Dávid ült. Látta Dávidot. Jött Kossuth Lajos. ");
    }
    for _ in 0..6 {
        text.push_str("Ott Saul maradt. Aztán Lajos ment. ");
    }
    // The endings, learned where they alternate on many names.
    for name in ["Jonathán", "Sámuel", "Ákhis", "Nábál", "Abner"] {
        text.push_str(&format!(
            "Itt {name} volt. Adta {name}nak. Látta {name}ot. "
        ));
    }
    let got = names(&text, "hu");
    assert!(!got.iter().any(|n| n == "Saul Dávidnak"), "{got:?}");
    assert_eq!(
        got.iter().filter(|n| *n == "Dávidnak").count(),
        2,
        "{got:?}"
    );
    assert_eq!(
        got.iter().filter(|n| *n == "Kossuth Lajos").count(),
        6,
        "{got:?}"
    );
}

#[test]
fn a_full_name_whose_words_stand_alone_in_one_form_stays_whole() {
    // A family shares the surname, so both words stand alone far more
    // often than together; in one form, they are one name.
    let mut text = String::new();
    for _ in 0..3 {
        text.push_str("Then came Elizabeth Bennet. ");
    }
    for _ in 0..15 {
        text.push_str("So Elizabeth smiled. And Bennet laughed. ");
    }
    let got = names(&text, "en");
    assert_eq!(
        got.iter().filter(|n| *n == "Elizabeth Bennet").count(),
        3,
        "{got:?}"
    );
}

#[test]
fn a_text_without_language_data_learns_its_place_words() {
    // Every language's place words stand for a text without data, and
    // Czech u (at) or Ukrainian у (in) take a person in another (у Павла,
    // at Paul's): here u stands before given names, v before places.
    let text = "Bili smo v Berlinu. Potem smo bili v Parizu. Pisal je v Berlin. \
                Ostal je v Parizu. Sedel je u Petra. Spal je u Ivana. \
                Jedel je u Petra. Govoril je u Ivana dolgo.";
    let a = Account::new(Meta::named("t"), text.into());
    let found = candidates(&a, None, &[]).occ;
    let place = |word: &str| -> Vec<bool> {
        found
            .iter()
            .filter(|o| o.words[0] == word)
            .map(|o| o.place)
            .collect()
    };
    assert_eq!(place("petra"), [false, false], "{found:?}");
    assert_eq!(place("ivana"), [false, false], "{found:?}");
    assert!(place("berlinu").iter().all(|&p| p), "{found:?}");
}
