//! Names found in texts: the corpus's people, sentence starts, possessives, declensions and places in each language, German nouns, the draft, and names wrapped over lines.

use super::*;

/// The names of the `n` most mentioned people entries.
fn top(people: &Entities, n: usize) -> Vec<String> {
    people.people().take(n).map(|p| p.name.clone()).collect()
}

#[test]
fn the_corpus_people_are_people_one_entry_each() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let people = Entities::find(&pair, &PeopleIndex::default());
    let names = top(&people, 20);
    // Read from the texts by hand: which of these are people.
    let not_people = [
        "Petersburg",
        "Петербург",
        "Genoa",
        "Lucca",
        "Europe",
        "Austria",
        "England",
        "Prussia",
        "Russia",
        "Moscow",
        "God",
        "Бог",
        "Emperor",
        "Prince",
        "князь",
        "граф",
        "The",
        "He",
        "But",
        "Вот",
        "Он",
        "Но",
    ];
    let wrong: Vec<&String> = names
        .iter()
        .filter(|n| {
            not_people
                .iter()
                .any(|w| n.split([' ', '/']).any(|x| x == *w))
        })
        .collect();
    assert!(
        wrong.len() <= 2,
        "of the 20 most mentioned, not people: {wrong:?} in {names:?}"
    );
    for (a, b) in [
        ("Anna Pavlovna", "Анна Павловна"),
        ("Vasíli", "Василий"),
        ("Pierre", "Пьер"),
    ] {
        let hits: Vec<&diptych::entities::Entry> = people
            .people()
            .filter(|p| {
                let f = fold_query(&p.name);
                f.contains(&fold_query(a)) || f.contains(&fold_query(b))
            })
            .collect();
        assert!(!hits.is_empty(), "{a}: {names:?}");
        let best = hits.iter().max_by_key(|p| p.total()).expect("an entry");
        assert!(
            !best.mentions[0].is_empty() && !best.mentions[1].is_empty(),
            "{a} / {b} in both texts: {best:?}"
        );
        let total: usize = hits.iter().map(|p| p.total()).sum();
        assert!(
            best.total() * 10 >= total * 9,
            "{a}: one entry holds 90% of the mentions ({} of {total})",
            best.total()
        );
    }
    // No stop word or title alone is an entry.
    for p in &people.entries {
        let f = fold_query(&p.name);
        for w in [
            "the",
            "he",
            "but",
            "on",
            "his",
            "that",
            "vot",
            "no",
            "to",
            "my",
            "prince",
            "emperor",
            "knyaz",
            "graf",
            "imperator",
        ] {
            assert_ne!(f, w, "{p:?}");
        }
    }
}

#[test]
fn sentence_starts_possessives_declensions_places_and_short_words() {
    // English: a sentence after quotes and dashes; possessives.
    let pair = pair_of(
        "Тогда пришел Кутузов. Все ждали Кутузова у моста. Говорили с Кутузовым о Праценских высотах. Он сказал: «Вот Кутузов». В Ольмюце стояли войска. Под Ольмюцем было тихо.",
        "“Well,” said Kutúzov. Then came Kutúzov’s adjutant. They spoke of Kutúzov. On the hill, Kutúzov waited. In Olmütz the army rested. Near Olmütz it was quiet.",
    );
    let mut left = Meta::named("l");
    left.language = "ru".parse().ok();
    let mut right = Meta::named("r");
    right.language = "en".parse().ok();
    let pair = Pair::from_texts(
        [left, right],
        [pair.accounts[0].text.clone(), pair.accounts[1].text.clone()],
    );
    let people = Entities::find(&pair, &PeopleIndex::default());
    let k = people
        .people()
        .find(|p| fold_query(&p.name).contains("kutuzov"))
        .expect("Kutuzov");
    assert_eq!(
        k.mentions[0].len(),
        4,
        "{:?}",
        k.forms_used(&pair, Side::Left)
    );
    assert_eq!(
        k.mentions[1].len(),
        4,
        "{:?}",
        k.forms_used(&pair, Side::Right)
    );
    assert!(
        k.forms_used(&pair, Side::Right).contains(&"Kutúzov"),
        "the possessive is cut off"
    );
    let olmutz = people
        .entries
        .iter()
        .find(|p| fold_query(&p.name).contains("olm"))
        .expect("Olmütz");
    assert_eq!(olmutz.kind, diptych::entities::Kind::Place, "{olmutz:?}");
    for w in [
        "Well",
        "Then",
        "They",
        "On",
        "In",
        "Near",
        "Тогда",
        "Все",
        "Говорили",
        "Он",
        "Вот",
        "Под",
        "В",
    ] {
        assert!(
            !people.entries.iter().any(|p| p.name == w),
            "{w} came out as an entry"
        );
    }
}

#[test]
fn on_and_on_never_meet() {
    let pair = pair_of(
        "И тут Он сказал. Все видели, как Он ушел, и Вера тоже.",
        "And then On came. They saw On leave, and Very too.",
    );
    let people = Entities::find(&pair, &PeopleIndex::default());
    for p in &people.entries {
        assert!(
            p.mentions[0].is_empty() || p.mentions[1].is_empty(),
            "{p:?}"
        );
    }
}

/// Two texts, `l` and `r`, in the languages `langs` (codes; "" for none
/// given).
fn pair_in(langs: [&str; 2], texts: [String; 2]) -> Pair {
    let [l, r] = [("l", langs[0]), ("r", langs[1])].map(|(name, code)| {
        let mut meta = Meta::named(name);
        meta.language = code.parse().ok();
        meta
    });
    Pair::from_texts([l, r], texts)
}

/// A German text beside an English one, both languages given.
fn german_and_english(german: &str, english: &str) -> Pair {
    pair_in(["de", "en"], [german.into(), english.into()])
}

#[test]
fn german_nouns_are_not_names_without_evidence() {
    let pair = german_and_english(
        "Die Armee wartete. Er sah die Armee und die Hoffnung. Dann kam Fürst Bagration mit der Regierung. Die Regierung schwieg. Dann kam Napoleon.",
        "The army waited. Then came Napoleon with Bagration.",
    );
    let people = Entities::find(&pair, &PeopleIndex::default());
    let names: Vec<&str> = people.entries.iter().map(|p| p.name.as_str()).collect();
    for noun in ["Armee", "Hoffnung", "Regierung"] {
        assert!(!names.iter().any(|n| n.contains(noun)), "{noun}: {names:?}");
    }
    assert!(names.iter().any(|n| n.contains("Bagration")), "{names:?}");
    assert!(names.iter().any(|n| n.contains("Napoleon")), "{names:?}");
}

/// A German noun takes a title too (Herr Prokurist, the chief clerk) but
/// mostly follows an article; a name after a title (Herr Samsa) does not.
#[test]
fn german_nouns_after_a_title_are_no_names() {
    let pair = german_and_english(
        "Herr Samsa kam. Da wartete der Prokurist. Herr Prokurist, sagte Herr Samsa. \
         Dann ging der Prokurist. Er sah den Prokuristen nicht. Dann schlief Herr Samsa.",
        "Mr Samsa came. The chief clerk waited. Then Mr Samsa slept.",
    );
    let people = Entities::find(&pair, &PeopleIndex::default());
    let names: Vec<&str> = people.entries.iter().map(|p| p.name.as_str()).collect();
    assert!(!names.iter().any(|n| n.contains("Prokurist")), "{names:?}");
    assert!(names.contains(&"Samsa"), "{names:?}");
}

/// A listed name the text writes in lower case again and again, and with
/// a capital hardly ever inside sentences, is the common word where it
/// opens one: German "Seine" (his) is not the river there, and is inside
/// a sentence.
#[test]
fn a_listed_name_the_text_writes_in_lower_case_is_the_common_word() {
    let pair = german_and_english(
        "Seine Mutter kam. Er sah seine Mutter und seine Schwester, seine Eltern, \
         seine Frau, seine Kinder, seine Tante, seine Freunde, seine Hunde, \
         seine Bücher und seine Bilder. Seine Frau ging. Dann floss die Seine.",
        "His mother came. He crossed the Seine at Paris. The Seine was grey.",
    );
    let people = Entities::find(&pair, &PeopleIndex::bundled().expect("index"));
    let seine = people
        .entries
        .iter()
        .find(|p| p.id == "seine")
        .expect("the Seine");
    let left: Vec<&str> = seine.mentions[0]
        .iter()
        .map(|m| &pair.accounts[0].text[m.span.clone()])
        .collect();
    assert_eq!(
        (seine.mentions[0].len(), seine.mentions[1].len()),
        (1, 2),
        "{left:?}"
    );
    assert!(pair.accounts[0].text[seine.mentions[0][0].span.start..].starts_with("Seine."));
}

#[test]
fn a_draft_people_toml_gives_the_same_panel_listed() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let found = Entities::find(&pair, &PeopleIndex::default());
    let draft = diptych::entities::draft::draft(&pair, &found);
    let index = PeopleIndex::parse(&draft, "draft.toml").unwrap_or_else(|e| panic!("{e}\n{draft}"));
    let listed = Entities::find(&pair, &index);
    let spans = |p: &Entities, listed: bool| -> std::collections::BTreeSet<(Side, usize, usize)> {
        p.entries
            .iter()
            .filter(|x| x.listed == listed)
            .flat_map(|x| {
                x.mentions
                    .iter()
                    .flatten()
                    .map(|m| (m.side, m.span.start, m.span.end))
            })
            .collect()
    };
    let before = spans(&found, false);
    let after = spans(&listed, true);
    let kept = before.intersection(&after).count();
    assert!(
        kept * 100 >= before.len() * 95,
        "{kept} of {} mentions found again",
        before.len()
    );
    assert!(listed.entries.iter().filter(|p| p.listed).count() >= found.entries.len() * 9 / 10);
}

#[test]
fn russian_forms_of_the_bundled_index() {
    let mut l = Meta::named("l");
    l.language = "ru".parse().ok();
    let pair = Pair::from_texts(
        [l, Meta::named("r")],
        [
            // Three listed people named by more than a given name: the
            // text is of the index's world, so Александр is Alexander I.
            "Император Александр встретил Коленкура и Нея. При Людовике XV и Людовике XVIII."
                .into(),
            "x".into(),
        ],
    );
    let index = PeopleIndex::bundled().expect("index");
    let people = Entities::find(&pair, &index);
    let alexander = people.by_id("alexander-i").expect("Alexander I");
    assert_eq!(alexander.forms_used(&pair, Side::Left), ["Александр"]);
    let louis = people.by_id("louis-xviii").expect("Louis XVIII");
    assert_eq!(
        louis.forms_used(&pair, Side::Left),
        ["Людовике XVIII"],
        "Людовик XV is not Louis XVIII"
    );
}

#[test]
fn known_places_are_places_one_entry_across_scripts() {
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let people = Entities::find(&pair, &PeopleIndex::default());
    let find = |name: &str| {
        people
            .entries
            .iter()
            .filter(|p| p.name.split(" / ").any(|n| n == name))
            .max_by_key(|p| p.total())
            .unwrap_or_else(|| panic!("no entry named {name}"))
    };
    // Москве and Moscou (a French passage of the Russian text) and Moscow;
    // Генуа and Gênes and Genoa: each one place, named in both texts.
    for name in ["Moscow", "Genoa", "Petersburg"] {
        let p = find(name);
        assert_eq!(p.kind, diptych::entities::Kind::Place, "{p:?}");
        assert!(
            !p.mentions[0].is_empty() && !p.mentions[1].is_empty(),
            "{p:?}"
        );
    }
    // Анатоль is a given name, though Анатоля folds like Anatolia.
    assert_eq!(find("Anatole").kind, diptych::entities::Kind::Person);
}

#[test]
fn a_name_wrapped_over_two_lines_is_one_form() {
    // War and Peace as found is hard-wrapped: "Anna⏎Pavlovna" is the
    // form "Anna Pavlovna", listed once and shown on one line.
    let Some(pair) = common::war_and_peace() else {
        return;
    };
    let people = Entities::find(&pair, &PeopleIndex::bundled().expect("index"));
    let anna = people
        .people()
        .find(|p| p.name.contains("Anna Pavlovna"))
        .expect("Anna Pavlovna");
    let forms = anna.forms_used(&pair, Side::Right);
    for (i, a) in forms.iter().enumerate() {
        for b in &forms[i + 1..] {
            assert!(
                !a.split_whitespace().eq(b.split_whitespace()),
                "{a:?} and {b:?} are one form: {forms:?}"
            );
        }
        assert!(!diptych::text::one_line(a).contains(['\r', '\n']), "{a:?}");
    }
    assert!(
        forms
            .iter()
            .any(|f| diptych::text::one_line(f) == "Anna Pavlovna"),
        "{forms:?}"
    );
}

/// Latin and Greek names meet across languages by their stems without
/// the endings each language gives them (texts/languages.toml `[names]
/// classical`): Winicjusz and Vinicius, Luctérios and Lucterius, the
/// German Issos and the English Issus; a stem of fewer than three letters
/// never does.
#[test]
fn classical_names_meet_across_their_endings() {
    let cases = [
        (
            "Wtedy Winicjusz wrócił do domu. Rano Winicjusz poszedł do Petroniusza. Potem Winicjusz milczał.",
            "Tehdy se Vinicius vrátil domů. Ráno Vinicius šel k Petroniovi. Pak Vinicius mlčel.",
            ["winicjusz", "vinicius"],
        ),
        (
            "Alors Luctérios prit la ville. Ensuite Luctérios quitta le camp. Enfin Luctérios revint.",
            "Then Lucterius took the town. Later Lucterius left the camp. At last Lucterius came back.",
            ["lucterios", "lucterius"],
        ),
        (
            "Dann zog das Heer nach Issos. Bei Issos lagerte es. Von Issos kam die Nachricht.",
            "Then the army marched to Issus. At Issus it camped. From Issus came the news.",
            ["issos", "issus"],
        ),
    ];
    for (left, right, [a, b]) in cases {
        let pair = pair_of(left, right);
        let people = Entities::find(&pair, &PeopleIndex::default());
        let entry = people
            .entries
            .iter()
            .find(|p| p.forms.iter().any(|(_, f)| fold_query(f) == a))
            .unwrap_or_else(|| panic!("{a}: {:?}", people.entries));
        assert!(
            entry.forms.iter().any(|(_, f)| fold_query(f) == b),
            "{a} and {b} in one entry: {entry:?}"
        );
        assert!(!entry.mentions[0].is_empty() && !entry.mentions[1].is_empty());
    }
}

/// An adjective made from a name (Кутузовский from Кутузов, Павлов from
/// Павел) counts as a mention of the person, not a person of its own;
/// one made from a place (Израильские from Израиль, Egipskiej from
/// Egipt) and a people's name (Rzymianin) are no person.
#[test]
fn adjectives_of_names_are_mentions_and_of_places_no_people() {
    let pair = pair_of(
        "Тогда Кутузов встал. Вечером Кутузов уехал. Потом Кутузовский полк ушёл. Там Кутузовский штаб стоял. И Кутузов молчал.",
        "Then Kutuzov rose. In the evening Kutuzov left. Then the Kutuzov regiment went. There the staff stood. And Kutuzov was silent.",
    );
    let people = Entities::find(&pair, &PeopleIndex::default());
    let kutuzov = people
        .people()
        .find(|p| p.forms.iter().any(|(_, f)| f == "Кутузов"))
        .unwrap_or_else(|| panic!("{:?}", people.entries));
    assert!(
        kutuzov.forms.iter().any(|(_, f)| f == "Кутузовский"),
        "{kutuzov:?}"
    );
    assert_eq!(kutuzov.mentions[0].len(), 5, "{kutuzov:?}");
    // Of a place used more than its adjective: the adjective is no person.
    let ru = "Пришли из Египта. Жили в Египте. Вышли из Египта. Там Египетский царь правил. И Египетский народ молчал. Египетский закон стоял.";
    let pl = "Przyszli z Egiptu. Mieszkali w Egipcie. Wyszli z Egiptu. Tam Egipski król rządził. I Egipski lud milczał. Egipski zakon stał.";
    let pair = Pair::from_texts(
        [Meta::named("ru"), Meta::named("pl")].map(|mut m| {
            m.language = diptych::Lang::from_code(&m.title);
            m
        }),
        [ru.into(), pl.into()],
    );
    let people = Entities::find(&pair, &PeopleIndex::default());
    assert!(
        people.people().all(|p| !p
            .forms
            .iter()
            .any(|(_, f)| f.starts_with("Египетск") || f.starts_with("Egipsk"))),
        "{:?}",
        people.entries
    );
}

/// Czech and Slovak possessives of a name (Petrův, Rostovových, Natašin)
/// are forms of that name, not people of their own.
#[test]
fn slavic_possessives_are_forms_of_their_name() {
    let pair = diptych::pair::Pair::from_texts(
        [
            diptych::text::Meta {
                language: Some(diptych::Lang::Cs),
                ..diptych::text::Meta::named("cs")
            },
            diptych::text::Meta {
                language: Some(diptych::Lang::En),
                ..diptych::text::Meta::named("en")
            },
        ],
        [
            "Tehdy přišel Vinicius. Všichni viděli, že Vinicius mlčí. Potom Viniciův otrok odešel. \
             Ráno Viniciův dům stál prázdný. Večer Vinicius odešel. Petronius dal Viniciovi dopis. Otrok hledal Vinicia. V domě Rostovových bylo ticho. \
             Starý Rostov se smál. Hosté Rostovových tančili. Mladý Rostov spal."
                .into(),
            "Then Vinicius came. Everyone saw that Vinicius was silent. Then the slave left. \
             In the morning the house stood empty. In the evening Vinicius left. The Rostovs were quiet."
                .into(),
        ],
    );
    let people = Entities::find(&pair, &PeopleIndex::default());
    for (name, possessive) in [
        ("Vinicius", "Viniciův"),
        ("Vinicius", "Viniciovi"),
        ("Vinicius", "Vinicia"),
        ("Rostov", "Rostovových"),
    ] {
        let holding: Vec<&str> = people
            .entries
            .iter()
            .filter(|p| p.forms.iter().any(|(_, f)| f == name || f == possessive))
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(
            holding.len(),
            1,
            "{name}: {holding:?} in {:?}",
            people.entries
        );
    }
}

/// A name found in the texts that a listed person's form names (Davoust
/// beside the listed Davout, Ney's beside Michel Ney) joins that person;
/// a capitalised word only one account uses, which the other writes in
/// lower case as a common word ("the 1st Corps" beside "le corps"), is
/// no person.
#[test]
fn found_forms_of_a_listed_person_join_it_and_common_words_are_no_people() {
    let mut pair = pair_of(
        "Davoust partit le matin. Le corps de Davoust suivit Davoust. Ney marcha. \
         Le maréchal Ney vit Davoust. Un corps entier, puis un autre corps, et le corps du centre.",
        "Davout left in the morning. The 1st Corps under Davout followed. Ney's men marched. \
         Marshal Ney saw Davout. The 3rd Corps came up, then the 4th Corps, and the 8th Corps.",
    );
    for (account, code) in pair.accounts.iter_mut().zip(["fr", "en"]) {
        account.meta.language = diptych::Lang::from_code(code);
    }
    let index = PeopleIndex::bundled().expect("index");
    let people = Entities::find(&pair, &index);
    let davout = people.by_id("davout").expect("the listed Davout");
    assert_eq!(
        (davout.mentions[0].len(), davout.mentions[1].len()),
        (4, 3),
        "{davout:?}"
    );
    assert!(davout.forms.iter().any(|(_, f)| f == "Davoust"));
    let ney = people.by_id("ney").expect("the listed Ney");
    assert_eq!((ney.mentions[0].len(), ney.mentions[1].len()), (2, 2));
    let unlisted: Vec<&str> = people
        .people()
        .filter(|p| !p.listed)
        .map(|p| p.name.as_str())
        .collect();
    assert!(unlisted.is_empty(), "{unlisted:?}");
}

/// A case form of a listed person the index does not decline in the
/// account's language (the Polish Napoleonem, Marmontowi) joins that
/// person, even after a word that often says place (pod: under).
#[test]
fn a_listed_persons_case_form_joins_the_person() {
    let mut pair = pair_of(
        "Wojsko szło pod Napoleonem na wschód. Potem Napoleon wrócił. \
         Cesarz dał Marmontowi rozkaz, a Marmont go nie wykonał.",
        "The army marched east under Napoleon. Then Napoleon came back. \
         The emperor gave Marmont an order, and Marmont did not carry it out.",
    );
    for (account, code) in pair.accounts.iter_mut().zip(["pl", "en"]) {
        account.meta.language = diptych::Lang::from_code(code);
    }
    let index = PeopleIndex::bundled().expect("index");
    let people = Entities::find(&pair, &index);
    for (id, left) in [("napoleon", 2), ("marmont", 2)] {
        let p = people.by_id(id).expect("listed");
        assert_eq!(p.mentions[0].len(), left, "{p:?}");
    }
    let unlisted: Vec<&str> = people
        .entries
        .iter()
        .filter(|p| !p.listed)
        .map(|p| p.name.as_str())
        .collect();
    assert!(unlisted.is_empty(), "{unlisted:?}");
}

/// A given name that opens one full name used often and another used once
/// is the first (Sancho is Sancho Panza); a name a numeral tells apart
/// (Tuchkov, Tuchkov IV and Tuchkov III: brothers) stays apart.
#[test]
fn a_given_name_joins_the_full_name_it_mostly_opens() {
    let mut left = String::new();
    for _ in 0..6 {
        left.push_str("Then Sancho Panza rode on. Tuchkov IV fell. ");
    }
    for _ in 0..5 {
        left.push_str("Later Sancho ate. Then Tuchkov held. ");
    }
    left.push_str("Once Sancho Bienaya came. Once Tuchkov III came.");
    let pair = pair_in(["en", ""], [left, String::new()]);
    let people = Entities::find(&pair, &PeopleIndex::default());
    let entry = |form: &str| {
        people
            .entries
            .iter()
            .position(|e| {
                e.mentions[0]
                    .iter()
                    .any(|m| &pair.accounts[0].text[m.span.clone()] == form)
            })
            .unwrap_or_else(|| {
                panic!(
                    "{form}: no entry in {:?}",
                    people
                        .entries
                        .iter()
                        .map(|e| (&e.name, e.mentions[0].len()))
                        .collect::<Vec<_>>()
                )
            })
    };
    assert_eq!(entry("Sancho"), entry("Sancho Panza"));
    assert_ne!(entry("Tuchkov"), entry("Tuchkov IV"));
}

/// The King James Bible opens speeches with a capital after a comma:
/// "And he said, Behold, ..." is no person Behold.
#[test]
fn the_king_james_words_that_open_a_speech_are_no_names() {
    let mut text = String::new();
    for _ in 0..6 {
        text.push_str("And Saul said, Behold, the men come. And David said, Wherefore is this? ");
        text.push_str("Then said Saul, Blessed be ye. Woe is me, said David. ");
    }
    let pair = pair_in(["en", ""], [text, String::new()]);
    let people = Entities::find(&pair, &PeopleIndex::default());
    let names: Vec<&str> = people.entries.iter().map(|p| p.name.as_str()).collect();
    for word in ["Behold", "Wherefore", "Blessed", "Woe"] {
        assert!(!names.contains(&word), "{word}: {names:?}");
    }
    assert!(
        names.contains(&"Saul") && names.contains(&"David"),
        "{names:?}"
    );
}

/// Where every noun is capitalised, a name with no title is told from a
/// noun by its bare uses: Lotte never follows an article, a possessive
/// or a demonstrative; das Herz and meine Seele nearly always do. Such a
/// name of one text waits for the alignment, which joins the form the
/// translator gave it (Lotte, Karolcia: a Polish name for Charlotte); a
/// bare noun nothing pairs goes. (A Polish Lota meets Lotte before the
/// alignment, by the stem both keep once an ending is off.)
#[test]
fn a_german_name_the_translator_changed_waits_for_the_alignment() {
    let german: Vec<String> = (0..12)
        .map(|i| match i % 3 {
            0 => format!("Lotte kam am Abend {i}. Mein Herz schlug."),
            1 => format!("Ich sah Lotte lange an {i}. Das Herz war schwer."),
            _ => format!("Er sprach mit Lotte {i}. Sie hatte Laune."),
        })
        .collect();
    let polish: Vec<String> = (0..12)
        .map(|i| match i % 3 {
            0 => format!("Karolcia przyszła wieczorem {i}. Moje serce biło."),
            1 => format!("Długo patrzyłem na Karolcię {i}. Serce było ciężkie."),
            _ => format!("Mówił z Karolcią {i}. Miała humor."),
        })
        .collect();
    let pair = pair_in(["de", "pl"], [german.join("\n\n"), polish.join("\n\n")]);
    let found = Entities::find(&pair, &PeopleIndex::default());
    let names =
        |e: &Entities| -> Vec<String> { e.entries.iter().map(|p| p.name.clone()).collect() };
    assert!(
        !names(&found).iter().any(|n| n.contains("Lotte")),
        "{:?}",
        names(&found)
    );
    assert!(
        found.pending.iter().any(|p| p.name == "Lotte"),
        "{:?}",
        found.pending
    );
    assert!(
        !found
            .pending
            .iter()
            .chain(&found.entries)
            .any(|p| p.name.contains("Herz"))
    );
    let merged = diptych::passes::entities(
        &pair,
        &std::sync::Arc::new(found),
        diptych::links::AlignChoice::Translation,
        &std::sync::atomic::AtomicBool::new(false),
    );
    let lotte = merged
        .entries
        .iter()
        .find(|p| p.name.contains("Lotte"))
        .unwrap_or_else(|| panic!("{:?}", names(&merged)));
    assert_eq!([lotte.mentions[0].len(), lotte.mentions[1].len()], [12, 12]);
    assert!(
        !names(&merged).iter().any(|n| n.contains("Laune")),
        "{:?}",
        names(&merged)
    );
}

/// Where every noun is capitalised, a name may also be a noun in some of
/// its forms (the girl Rapunzel, and the plant: von den Rapunzeln): the
/// forms after an article or a determiner in most of their uses are the
/// noun's, and the name is judged by the rest. It waits for the
/// alignment, which joins the translator's name for her; the noun's uses
/// are none of her mentions.
#[test]
fn a_german_name_that_is_also_a_noun_keeps_its_own_forms() {
    let german: Vec<String> = (0..12)
        .map(|i| match i % 4 {
            0 => format!("Rapunzel sang am Fenster {i}."),
            1 => format!("Die Frau aß von den Rapunzeln {i}."),
            2 => format!("Der Prinz rief Rapunzel {i}."),
            _ => format!("Sie wollte die Rapunzeln haben {i}."),
        })
        .collect();
    let polish: Vec<String> = (0..12)
        .map(|i| match i % 4 {
            0 => format!("Roszpunka śpiewała w oknie {i}."),
            1 => format!("Kobieta jadła sałatę {i}."),
            2 => format!("Królewicz wołał Roszpunkę {i}."),
            _ => format!("Chciała mieć sałatę {i}."),
        })
        .collect();
    let pair = pair_in(["de", "pl"], [german.join("\n\n"), polish.join("\n\n")]);
    let found = Entities::find(&pair, &PeopleIndex::default());
    let merged = diptych::passes::entities(
        &pair,
        &std::sync::Arc::new(found),
        diptych::links::AlignChoice::Translation,
        &std::sync::atomic::AtomicBool::new(false),
    );
    let names: Vec<&str> = merged.entries.iter().map(|p| p.name.as_str()).collect();
    let her = merged
        .entries
        .iter()
        .find(|p| p.name.contains("Rapunzel"))
        .unwrap_or_else(|| panic!("{names:?}"));
    assert!(her.name.contains("Roszpunka"), "{names:?}");
    assert_eq!(
        [her.mentions[0].len(), her.mentions[1].len()],
        [6, 6],
        "{:?}",
        her.forms
    );
}

/// Where every noun is capitalised, a name's possessive before a noun
/// ("Ossians Seele", Ossian's soul) is the name and the noun, not a name
/// of two words: the noun is no one, Ossian keeps his use.
#[test]
fn a_german_possessive_before_a_noun_is_no_name_of_two_words() {
    let pair = german_and_english(
        "Herr Ossian sang. Die Seele weinte. Ich hörte Ossians Seele. Die Seele war still. \
         Meine Seele schwieg. Dann sang Herr Ossian wieder.",
        "Mr Ossian sang. Then Mr Ossian sang again.",
    );
    let people = Entities::find(&pair, &PeopleIndex::default());
    let names: Vec<&str> = people.entries.iter().map(|p| p.name.as_str()).collect();
    assert!(!names.iter().any(|n| n.contains("Seele")), "{names:?}");
    let ossian = people
        .entries
        .iter()
        .find(|p| p.name.contains("Ossian"))
        .unwrap_or_else(|| panic!("{names:?}"));
    assert_eq!(ossian.mentions[0].len(), 3, "{:?}", ossian.forms);
}

/// A name written only after a title with its full stop ("Mr.
/// Limbkins", "M. Fogg") is inside a sentence, not opening one, and the
/// title stands before it; a saint's is no title ("St. Petersburg" is a
/// place). Through the command line, as a user opens two files.
#[test]
fn a_name_after_mr_with_its_full_stop_is_found() {
    let english = "The board sat. \"No,\" said Mr. Limbkins. The beadle bowed to Mr. Limbkins. \
                   Then Mr. Limbkins rose and went to St. Petersburg. Mrs. Mann wept. \
                   Later Mrs. Mann and Mr. Limbkins spoke of St. Petersburg.\n";
    let dir = tempfile::tempdir().expect("tempdir");
    let f = dir.path().join("board.txt");
    std::fs::write(&f, english).expect("write");
    let f = f.to_str().expect("a UTF-8 path");
    let o = std::process::Command::new(super::common::bin())
        .args(["--no-state", "people", "--json", "--left", f, "--right", f])
        .args([
            "--lang-left",
            "en",
            "--lang-right",
            "en",
            "--people",
            "none",
        ])
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    let entry = |name: &str| {
        v.as_array()
            .expect("entries")
            .iter()
            .find(|e| e["name"] == name)
            .unwrap_or_else(|| panic!("{name}: {v}"))
            .clone()
    };
    let left = |e: &serde_json::Value| {
        e["mentions"]
            .as_array()
            .expect("mentions")
            .iter()
            .filter(|m| m["side"] == "left")
            .count()
    };
    let limbkins = entry("Limbkins");
    assert_eq!(left(&limbkins), 4, "{limbkins}");
    assert_eq!(limbkins["kind"], "person");
    assert_eq!(left(&entry("Mann")), 2);
    assert_eq!(entry("Petersburg")["kind"], "place");
}

/// A German noun after a possessive or a demonstrative is a noun as
/// after an article: "meine Laune", "diese Laune" wait for nothing.
#[test]
fn a_german_noun_after_possessives_is_no_name_in_waiting() {
    let pair = german_and_english(
        "Er kam. Gestern war meine Laune gut. Heute war seine Laune schlecht. \
         Dann stieg ihre Laune. Aber diese Laune sank. Lotte sah Lotte an, und Lotte lachte.",
        "He came. Yesterday my mood was good. Lotte laughed.",
    );
    let found = Entities::find(&pair, &PeopleIndex::default());
    let all = names_and_waiting(&found);
    assert!(!all.iter().any(|n| n.contains("Laune")), "{all:?}");
}

/// The names of `found`'s entries and of the names waiting for the
/// alignment.
fn names_and_waiting(found: &Entities) -> Vec<&str> {
    found
        .entries
        .iter()
        .chain(&found.pending)
        .map(|p| p.name.as_str())
        .collect()
}

/// The kind of the entry of `found` whose name holds `name`.
fn kind_of(found: &Entities, name: &str) -> diptych::entities::Kind {
    found
        .entries
        .iter()
        .find(|p| p.name.contains(name))
        .map(|p| p.kind)
        .unwrap_or_else(|| panic!("{name}: {:?}", found.entries))
}

/// Whoever speaks is a person: "said the Dodger" says so, though an
/// article stands before him as before the Thames.
#[test]
fn a_name_a_verb_of_saying_stands_before_is_a_person() {
    let english = "They met. \"Yes,\" said the Dodger. \"No,\" replied the Dodger. \
                   They looked at the Dodger. He went to the Thames. The boat left the Thames.";
    let pair = pair_in(["en", "en"], [english.into(), english.into()]);
    let found = Entities::find(&pair, &PeopleIndex::default());
    assert_eq!(kind_of(&found, "Dodger"), diptych::entities::Kind::Person);
    assert_eq!(kind_of(&found, "Thames"), diptych::entities::Kind::Place);
}

/// An English article stands before a character (the Assessor) as
/// before a place (the Thames): where the Polish, which has no articles,
/// names him with no place word before him, he is a person; the river
/// the Polish names after "nad" stays a place.
#[test]
fn an_article_says_no_place_where_the_other_text_names_a_person() {
    let polish: Vec<String> = (0..6)
        .map(|i| format!("Asesor mówił {i}. Potem Asesor milczał. Szli nad Tamizę."))
        .collect();
    let english: Vec<String> = (0..6)
        .map(|i| {
            format!(
                "The Assessor spoke {i}. Then the Assessor fell silent. They went to the Thames."
            )
        })
        .collect();
    let pair = pair_in(["pl", "en"], [polish.join("\n\n"), english.join("\n\n")]);
    let found = Entities::find(&pair, &PeopleIndex::default());
    assert_eq!(kind_of(&found, "Asesor"), diptych::entities::Kind::Person);
    assert_eq!(kind_of(&found, "Thames"), diptych::entities::Kind::Place);
}

/// A German noun that follows a title's form once ("seiner Frauen
/// Grillen", his wives' whims) is no name: a title must stand before a
/// third of its uses.
#[test]
fn a_german_noun_once_after_a_title_is_no_name() {
    let pair = german_and_english(
        "Er hatte Grillen. Seiner Frauen Grillen waren groß. Von deinen Grillen sprach er. \
         Die Grillen kamen. Alte Grillen blieben. Herr Samsa kam. Dann ging Herr Samsa.",
        "He had whims. Mr Samsa came. Then Mr Samsa left.",
    );
    let found = Entities::find(&pair, &PeopleIndex::default());
    let all = names_and_waiting(&found);
    assert!(!all.iter().any(|n| n.contains("Grille")), "{all:?}");
    assert!(all.contains(&"Samsa"), "{all:?}");
}

/// An English text keeps the French titles (the Duc d’Enghien, Comte
/// Sorbier), and a name after an elided particle with a typographic
/// apostrophe is inside its sentence, as after a straight one: the duke
/// is Enghien, a person, not "Duc".
#[test]
fn a_name_after_d_and_a_french_title_is_found_in_english() {
    let english = "The guests spoke of the murder of the Duc d’Enghien. They said the Duc \
                   d’Enghien had perished. Comte Sorbier came. The Duc d’Enghien was \
                   mourned, and Comte Sorbier left.";
    let pair = pair_in(["en", "en"], [english.into(), english.into()]);
    let found = Entities::find(&pair, &PeopleIndex::default());
    let all = names_and_waiting(&found);
    assert!(all.contains(&"Enghien"), "{all:?}");
    assert!(all.contains(&"Sorbier"), "{all:?}");
    assert!(
        !all.iter().any(|n| n.contains("Duc") || n.contains("Comte")),
        "{all:?}"
    );
    assert_eq!(kind_of(&found, "Enghien"), diptych::entities::Kind::Person);
}

/// A German title in the genitive stands before a noun as before a name
/// ("des Königs Wunde", the king's wound): a name only the German text
/// writes, with a title before it, is one where it is used twice.
#[test]
fn a_german_noun_once_after_a_genitive_title_is_no_name() {
    let pair = german_and_english(
        "Er kam. Des Königs Wunde heilte langsam. Dann kam König Agis nach Kreta, \
         und König Agis rüstete Schiffe.",
        "He came. The wound healed slowly. Then a Spartan king sailed to Crete.",
    );
    let found = Entities::find(&pair, &PeopleIndex::default());
    let all = names_and_waiting(&found);
    assert!(!all.contains(&"Wunde"), "{all:?}");
    assert!(all.contains(&"Agis"), "{all:?}");
}

/// In a text whose language has no data, a possessive adjective made
/// from a name (Croatian Josipova, Josipovih, Josipovoj: every language's
/// possessive suffixes, any short ending after one) is a mention of that
/// name, not an entry of its own.
#[test]
fn a_possessive_of_a_name_without_language_data_is_its_mention() {
    let croatian: Vec<String> = (0..12)
        .map(|i| match i % 4 {
            0 => format!("Tada je Josip došao kući {i}."),
            1 => format!("Bila je to Josipova kuća {i}."),
            2 => format!("Sjeli su kod Josipovih roditelja {i}."),
            _ => format!("U Josipovoj sobi bilo je toplo {i}."),
        })
        .collect();
    let english: Vec<String> = (0..12)
        .map(|i| match i % 4 {
            0 => format!("Then Josip came home {i}."),
            1 => format!("It was Josip's house {i}."),
            2 => format!("They sat with Josip's parents {i}."),
            _ => format!("It was warm in Josip's room {i}."),
        })
        .collect();
    let pair = pair_in(["", "en"], [croatian.join("\n\n"), english.join("\n\n")]);
    assert!(pair.accounts[0].meta.language.is_none());
    let found = Entities::find(&pair, &PeopleIndex::default());
    let names: Vec<&str> = found.entries.iter().map(|p| p.name.as_str()).collect();
    assert!(!names.iter().any(|n| n.starts_with("Josipov")), "{names:?}");
    let josip = found
        .entries
        .iter()
        .find(|p| p.name.starts_with("Josip"))
        .unwrap_or_else(|| panic!("{names:?}"));
    assert_eq!(josip.mentions[0].len(), 12, "{:?}", josip.forms);
}
