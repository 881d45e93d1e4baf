//! Whether the pair is about the people the index lists: a listed person
//! named in a pair only by a given name (Иосиф, Alexander) is as likely
//! someone else of that name (Joseph in Acts is not Joseph Bonaparte), so
//! such mentions stay the pair's own names unless the pair names the
//! index's world by its distinctive names.

use super::finder::NameFound;
use super::index::PeopleIndex;
use crate::lang::fold::fold_query;
use crate::lang::given::is_given_folded;

/// How many listed people a pair must name by a distinctive form (a
/// surname, a form of two words) before the index's people named there only
/// by a given name are taken for the listed ones: one or two could be
/// chance (a Napoleon in any book), three say the pair is of that world.
const WORLD: usize = 3;

/// Drops the mentions of each listed person that the pair names only by a
/// given name, unless [`WORLD`] listed people are named distinctively.
/// Places are not touched: a place's name is never a given name.
pub fn keep_evidenced(index: &PeopleIndex, texts: [&str; 2], known: &mut [Vec<NameFound>; 2]) {
    let entries = &index.entries;
    // Each listed person's one-word forms that are no given name, folded.
    let distinct: Vec<Vec<String>> = entries
        .iter()
        .map(|e| {
            e.forms
                .iter()
                .map(|(_, f)| f)
                .filter(|f| f.split_whitespace().count() == 1)
                .map(|f| fold_query(f))
                .filter(|f| !f.is_empty() && !is_given_folded(f))
                .collect()
        })
        .collect();
    let mut named = vec![false; entries.len()];
    let mut found = vec![false; entries.len()];
    for (side, list) in known.iter().enumerate() {
        for f in list {
            let Some(entry) = entries.get(f.entry) else {
                continue;
            };
            if !entry.is_person() {
                continue;
            }
            found[f.entry] = true;
            let said = texts[side].get(f.span.clone()).unwrap_or("");
            if named[f.entry] || said.split_whitespace().count() > 1 {
                named[f.entry] = true;
                continue;
            }
            let said = fold_query(said);
            named[f.entry] = distinct[f.entry]
                .iter()
                .any(|d| said.starts_with(d.as_str()));
        }
    }
    if named.iter().filter(|&&n| n).count() >= WORLD {
        return;
    }
    for list in known.iter_mut() {
        list.retain(|f| !found.get(f.entry).copied().unwrap_or(false) || named[f.entry]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> PeopleIndex {
        PeopleIndex::parse(
            r#"
[[person]]
id = "joseph"
name = "Joseph Bonaparte"
en = ["Joseph Bonaparte", "Joseph"]

[[person]]
id = "ney"
name = "Michel Ney"
en = ["Ney"]
"#,
            "p.toml",
        )
        .expect("index")
    }

    fn at(text: &str, word: &str, entry: usize) -> NameFound {
        let start = text.find(word).expect("word");
        NameFound {
            span: start..start + word.len(),
            entry,
        }
    }

    #[test]
    fn a_given_name_alone_is_not_the_listed_person() {
        let text = "Joseph came. Ney rode.";
        let mut known = [vec![at(text, "Joseph", 0), at(text, "Ney", 1)], vec![]];
        keep_evidenced(&index(), [text, ""], &mut known);
        assert_eq!(known[0].len(), 1);
        assert_eq!(known[0][0].entry, 1, "Ney is named by his surname");
    }

    #[test]
    fn the_whole_name_confirms_the_given_name() {
        let text = "Joseph Bonaparte came. Joseph left.";
        let first = at(text, "Joseph Bonaparte", 0);
        let second = NameFound {
            span: 23..29,
            entry: 0,
        };
        assert_eq!(&text[second.span.clone()], "Joseph");
        let mut known = [vec![first, second], vec![]];
        keep_evidenced(&index(), [text, ""], &mut known);
        assert_eq!(known[0].len(), 2);
    }
}
