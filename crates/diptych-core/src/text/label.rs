//! The short labels that name the two accounts in references (`war-and-peace.ru
//! ¶120`), result lists and the go-to prompt: one word each, typable, and
//! never the same. Given with `--label-left`/`--label-right`, or made from
//! a book's title (EPUB, Markdown) or the file's name, cut at a word's end.

/// The longest label made from a title or a file name, in characters
/// (a label given is kept whole).
const MAX: usize = 16;
/// The longest shared part kept when the two names differ only at the end
/// (`war-and-peace` of `war-and-peace-1-1-i-v.ru` and `….en`).
const MAX_SHARED: usize = 14;

/// A label as given by a user: white space becomes `-` (a label is one
/// word), and an empty one, or one with control characters, is refused
/// with the reason.
pub fn given(label: &str) -> Result<String, String> {
    let words: Vec<&str> = label.split_whitespace().collect();
    if words.is_empty() {
        return Err("a label cannot be empty".into());
    }
    let word = words.join("-");
    if word.chars().any(crate::text::sanitize::is_unsafe) {
        return Err(format!(
            "the label {} holds control characters",
            crate::text::sanitize::sanitize(&word)
        ));
    }
    Ok(word)
}

/// The words of a name: runs of letters and digits.
fn words(name: &str) -> Vec<String> {
    name.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// `words` joined by `-`, as many as fit in `max` characters (the first
/// cut to `max` when it alone is longer).
fn fit(words: &[String], max: usize) -> String {
    let mut out = String::new();
    for w in words {
        let len = out.chars().count() + usize::from(!out.is_empty()) + w.chars().count();
        if len > max {
            break;
        }
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(w);
    }
    if out.is_empty() {
        out = words
            .first()
            .map(|w| w.chars().take(max).collect())
            .unwrap_or_default();
    }
    out
}

/// True for a word that numbers a part: digits, or a Roman numeral in
/// either case (1, 12, i, ii, IV).
pub(crate) fn numbering(word: &str) -> bool {
    !word.is_empty()
        && (word.chars().all(|c| c.is_ascii_digit()) || super::is_roman(&word.to_uppercase()))
}

/// Labels for two accounts called `names` (a title, or a file's name
/// without its extension), in `languages` (codes, when known): each name
/// cut at a word's end, and where that leaves them the same, the shared
/// words with what tells them apart (`war-and-peace.ru`, `war-and-peace.en`),
/// else the languages, else `-left` and `-right`.
pub fn defaults(names: [&str; 2], languages: [Option<&str>; 2]) -> [String; 2] {
    let ws = names.map(words);
    let short = ws.each_ref().map(|w| {
        let s = fit(w, MAX);
        if s.is_empty() { "text".to_string() } else { s }
    });
    if !short[0].eq_ignore_ascii_case(&short[1]) {
        return short;
    }
    let shared = ws[0]
        .iter()
        .zip(&ws[1])
        .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
        .count();
    let base = {
        let mut kept: Vec<String> = ws[0][..shared].to_vec();
        let b = fit(&kept, MAX_SHARED);
        // A cut inside a run of numbers (pan-tadeusz-i-ii cut to
        // pan-tadeusz-i) would name another part: the run goes whole.
        let fitted = b.split('-').count().min(kept.len());
        if fitted < kept.len() && numbering(&kept[fitted]) {
            kept.truncate(fitted);
            while kept.len() > 1 && kept.last().is_some_and(|w| numbering(w)) {
                kept.pop();
            }
            kept.join("-")
        } else if b.is_empty() {
            short[0].clone()
        } else {
            b
        }
    };
    // What tells them apart: the last word of each that is not shared.
    let tails = ws
        .each_ref()
        .map(|w| w[shared.min(w.len())..].last().cloned());
    if let [Some(a), Some(b)] = &tails
        && !a.eq_ignore_ascii_case(b)
    {
        return [format!("{base}.{a}"), format!("{base}.{b}")];
    }
    if let [Some(a), Some(b)] = languages
        && a != b
    {
        return [format!("{base}.{a}"), format!("{base}.{b}")];
    }
    [format!("{base}-left"), format!("{base}-right")]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cut_at_word_ends_and_told_apart() {
        let d = |a: &str, b: &str| defaults([a, b], [None, None]);
        assert_eq!(
            d("war-and-peace-1-1-i-v.ru", "war-and-peace-1-1-i-v.en"),
            ["war-and-peace.ru", "war-and-peace.en"]
        );
        assert_eq!(
            d("tour-du-monde-i-xiii.fr", "tour-du-monde-i-xiii.en"),
            ["tour-du-monde.fr", "tour-du-monde.en"]
        );
        assert_eq!(
            d("Pan Tadeusz", "Pan Tadeusz, or the Last Foray"),
            ["Pan-Tadeusz", "Pan-Tadeusz-or"]
        );
        // A cut never leaves a part's number half: i-ii is not i.
        assert_eq!(
            d("pan-tadeusz-i-ii.pl", "pan-tadeusz-i-ii.en"),
            ["pan-tadeusz.pl", "pan-tadeusz.en"]
        );
        assert_eq!(d("fontainebleau", "paris"), ["fontainebleau", "paris"]);
        assert_eq!(
            d("abdication", "abdication"),
            ["abdication-left", "abdication-right"]
        );
        assert_eq!(
            defaults(["abdication", "abdication"], [Some("uk"), Some("sk")]),
            ["abdication.uk", "abdication.sk"]
        );
        assert_eq!(d("", "***"), ["text-left", "text-right"]);
        assert_eq!(
            d("Пьер_и_Наташа_полная_версия", "x"),
            ["Пьер-и-Наташа", "x"]
        );
    }

    #[test]
    fn a_given_label_is_one_word() {
        assert_eq!(given("War and Peace").as_deref(), Ok("War-and-Peace"));
        assert!(given("  ").is_err());
        assert!(given("a\u{1b}[2J").is_err());
    }
}
