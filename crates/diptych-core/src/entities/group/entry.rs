//! One entry made of the local entries joined across and within the
//! accounts: its uses, its forms counted, whether it is a place, and the
//! name it is shown by.

use super::name::shown_name;
use super::{Group, Local, Occurrence};
use std::ops::Range;

/// What the entries are made from: both accounts' texts, occurrences,
/// languages, local entries and known places.
pub(super) struct Parts<'a> {
    /// Each account's text.
    pub texts: [&'a str; 2],
    /// Each account's name occurrences.
    pub occ: [&'a [Occurrence]; 2],
    /// Each account's language.
    pub langs: [Option<crate::Lang>; 2],
    /// Each account's local entries.
    pub locals: &'a [Vec<Local>; 2],
    /// The known place each local entry names.
    pub places: &'a [Vec<Option<u32>>; 2],
    /// Each account's name words.
    pub words: [&'a super::WordParadigms; 2],
}

/// The uses of one entry's members, counted.
#[derive(Default)]
struct Uses {
    spans: [Vec<Range<usize>>; 2],
    /// Each form as written (white space made one space), with its count.
    forms: [Vec<(String, usize)>; 2],
    /// Uses after a title or a verb of saying.
    person: usize,
    /// Uses after a title.
    titles: usize,
    /// Uses in a form only the plural takes.
    plural: usize,
    /// Uses of a name made from another (an adjective, a people's name).
    derived: usize,
    total: usize,
    /// The first member's stems, joined.
    key: String,
    /// The accounts it is used in.
    sides: [bool; 2],
    /// Every member is of a German text.
    german_only: bool,
    /// Uses right after an article.
    article: usize,
    /// Uses right after an article or another word that stands before
    /// nouns (German meine, im).
    determined: usize,
    /// Some member names a known place.
    known: bool,
    /// Per account: uses, uses saying place or people, and those of them
    /// that say so by an article alone.
    side_uses: [[usize; 3]; 2],
}

impl Parts<'_> {
    /// The entry of `members` (account, local entry), or `None` for a
    /// German-only name with too little to show it is one.
    pub fn entry(&self, members: &[(usize, usize)]) -> Option<Group> {
        let mut uses = self.uses(members, &[]);
        // German capitalises every noun: a German-only name needs more
        // than its capital. Either a title before it in a third of its
        // uses (a noun follows a noun that may be a title now and then:
        // "seiner Frauen Grillen", his wives' whims), where it is also used
        // without an article (a noun takes a title too: Herr Prokurist, the
        // chief clerk, follows an article in half his uses, Herr Samsa in
        // none of his); or, untitled, three uses or more, nearly none
        // after an article, a possessive or a demonstrative (das Herz,
        // meine Seele: two uses in three in Werther; Lotte: 3 of 148).
        // Untitled, it waits for the alignment (`Group::pending`): bare
        // nouns are many (Laune, Schnee, Heftigkeit), and a name the
        // translator changed (Lotte, Lota) is one the alignment pairs.
        // Titled, it is used twice: a title in the genitive stands before
        // a noun once ("des Königs Wunde", the king's wound), a name again.
        let mut pending = false;
        if uses.german_only && !(uses.sides[0] && uses.sides[1]) {
            let titled =
                uses.total >= 2 && uses.titles * 3 >= uses.total && uses.article * 3 < uses.total;
            let bare = |u: &Uses| u.total >= 3 && u.determined * 10 <= u.total;
            if !titled && !bare(&uses) {
                // A name that is also a noun in some of its forms (the
                // plant, von den Rapunzeln, beside the girl, Rapunzel):
                // the forms after an article or a determiner in most of
                // their uses are the noun's, and the rest is judged alone.
                let nouns = self.noun_forms(members);
                let rest = self.uses(members, &nouns);
                if nouns.is_empty() || !bare(&rest) {
                    return None;
                }
                uses = rest;
            }
            pending = !titled;
        }
        for s in &mut uses.spans {
            s.sort_by_key(|r| r.start);
        }
        // Uses that say it is a place or a people, less those that say so
        // by an article alone where the other text says otherwise.
        let place =
            uses.side_uses.iter().map(|u| u[1]).sum::<usize>() - self.said_by_articles_alone(&uses);
        // Languages say place by different cues (English "the city of
        // Tyre", German "von Tyros" with none): one account's own uses
        // saying so in a quarter or more, by more than an article, say so
        // for both, where both use it often enough to tell and the other
        // says so at least once (French "à Bülow", to Bülow, and never an
        // English cue: a general).
        const TELL: usize = 5;
        let [a, b] = uses.side_uses;
        let says = |[n, place, by_article]: [usize; 3]| n >= TELL && (place - by_article) * 4 >= n;
        let never = |[n, place, _]: [usize; 3]| n >= TELL && place == 0;
        let one_side_says_place = (says(a) && !never(b)) || (says(b) && !never(a));
        let Uses {
            spans,
            forms,
            person,
            plural,
            derived,
            total,
            key,
            known,
            ..
        } = uses;
        Some(Group {
            name: shown_name(&forms, self.langs, &|side, w| {
                self.words[side.index()].get(w).copied()
            }),
            key,
            spans,
            // A known place is one unless a title stands before it (Prince
            // Paris); otherwise a quarter of its uses (or of one account's)
            // must say so (places are named bare as often as after a place
            // word: "Bombay is"), and a title must stand before it four
            // times less.
            // A people or a group is used in the plural now and then
            // (Иудеям, Żydowie), a person never.
            place: (known && person == 0)
                || ((place * 4 >= total || one_side_says_place) && person * 4 < place)
                || (plural >= 2 && plural * 10 >= total)
                || derived * 2 >= total.max(1),
            forms: forms.map(|f| f.into_iter().map(|(f, _)| f).collect()),
            pending,
        })
    }

    /// The uses that say place by an article alone where the other text
    /// says otherwise: an article stands before a character (the
    /// Assessor, the Dodger) as before a place (the Thames), so where the
    /// other text is in a language with data and no articles, and names
    /// the entry three times or more with no place cue in three uses of
    /// four, this text's articles say nothing (Pan Tadeusz's Asesor,
    /// never after a place word, is the English "the Assessor").
    fn said_by_articles_alone(&self, uses: &Uses) -> usize {
        (0..2)
            .filter(|&s| {
                let o = 1 - s;
                let [total, place, _] = uses.side_uses[o];
                let bare = self.langs[o]
                    .is_some_and(|l| crate::lang::tables::get(Some(l)).articles.is_empty());
                bare && total >= 3 && place * 4 < total
            })
            .map(|s| uses.side_uses[s][2])
            .sum()
    }

    /// A use's form as written, white space made one space.
    fn form(&self, side: usize, oc: &Occurrence) -> String {
        self.texts[side][oc.span.clone()]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The forms of `members` used after an article or a determiner in
    /// more than half their uses, twice or more: a noun's forms.
    fn noun_forms(&self, members: &[(usize, usize)]) -> Vec<String> {
        // Each form with its uses after an article or a determiner, and
        // all its uses.
        let mut counts: Vec<(String, usize, usize)> = Vec::new();
        for &(s, g) in members {
            for &o in &self.locals[s][g].uses {
                let oc = &self.occ[s][o];
                let form = self.form(s, oc);
                let i = match counts.iter().position(|(f, _, _)| *f == form) {
                    Some(i) => i,
                    None => {
                        counts.push((form, 0, 0));
                        counts.len() - 1
                    }
                };
                counts[i].1 += usize::from(oc.determined);
                counts[i].2 += 1;
            }
        }
        counts
            .into_iter()
            .filter(|&(_, d, n)| d >= 2 && d * 2 > n)
            .map(|(f, _, _)| f)
            .collect()
    }

    /// Every use of `members`, counted, less those in one of the forms
    /// `without` (as written, white space made one space).
    fn uses(&self, members: &[(usize, usize)], without: &[String]) -> Uses {
        let mut u = Uses {
            german_only: true,
            ..Uses::default()
        };
        for &(s, g) in members {
            u.sides[s] = true;
            u.known |= self.places[s][g].is_some();
            let german =
                self.langs[s].is_some_and(|l| crate::lang::tables::get(Some(l)).capitalises_nouns);
            if !german {
                u.german_only = false;
            }
            let local = &self.locals[s][g];
            u.plural += local.plural;
            u.derived += local.derived;
            if u.key.is_empty() {
                u.key = local.stems.join("-");
            }
            for &o in &local.uses {
                let oc = &self.occ[s][o];
                let form = self.form(s, oc);
                if without.contains(&form) {
                    continue;
                }
                u.spans[s].push(oc.span.clone());
                match u.forms[s].iter_mut().find(|(f, _)| *f == form) {
                    Some((_, n)) => *n += 1,
                    None => u.forms[s].push((form, 1)),
                }
                u.total += 1;
                u.titles += usize::from(oc.title);
                u.article += usize::from(oc.article);
                u.determined += usize::from(oc.determined);
                if oc.says_place() {
                    u.side_uses[s][1] += 1;
                    if !(oc.place || oc.people) {
                        u.side_uses[s][2] += 1;
                    }
                }
                u.side_uses[s][0] += 1;
                // Whoever speaks is a person, unless named by a people
                // ("said the Italian": no one's name).
                if oc.title || (oc.spoke && !oc.people) {
                    u.person += 1;
                }
            }
        }
        u
    }
}
