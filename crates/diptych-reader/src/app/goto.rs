//! The go-to prompt (`:`): `12` is paragraph 12 of the focused account,
//! `5.8` sentence 8 of paragraph 5, and a reference as the command line
//! prints it (`sk1815 ¶5.8`, `sk1815 5`) names the account by its label.

use super::Why;
use super::prompt::Edit;
use super::{Action, App, Context};
use diptych_core::pair::Pair;
use diptych_core::text::Side;

/// Where a go-to line points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// The account, when named.
    pub side: Option<Side>,
    /// Paragraph number, from 1.
    pub paragraph: usize,
    /// Sentence number, from 1, when given.
    pub sentence: Option<usize>,
}

diptych_core::message_error!(
    /// Why a go-to line names no place: one line for the status bar.
    GotoError
);

/// Reads a go-to line; the error says what is wrong.
pub fn parse(line: &str, pair: &Pair) -> Result<Target, GotoError> {
    let line = line.trim().trim_start_matches(':').trim();
    let (side, rest) = match line.split_once(char::is_whitespace) {
        Some((label, rest)) => {
            let side = account_named(label, pair).ok_or_else(|| {
                format!(
                    "no account labelled {label}: use {}, {}, left or right",
                    pair.accounts[0].meta.label, pair.accounts[1].meta.label
                )
            })?;
            (Some(side), rest.trim())
        }
        None => (None, line),
    };
    let number = rest.trim_start_matches('¶').trim();
    let (p, s) = match number.split_once('.') {
        Some((p, s)) => (p, Some(s)),
        None => (number, None),
    };
    let bad = || {
        format!(
            "cannot read '{line}': type 12, 5.8 or a reference such as {} ¶5.8",
            pair.accounts[1].meta.label
        )
    };
    // A number past what a machine word holds is no less a number, past
    // every count: the jump says how many there are, as for any number
    // past the count.
    let number = |t: &str| -> Result<usize, String> {
        t.parse::<usize>().or_else(|_| {
            if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
                Ok(usize::MAX)
            } else {
                Err(bad())
            }
        })
    };
    let paragraph = number(p)?;
    let sentence = match s {
        Some(s) if !s.is_empty() => Some(number(s)?),
        _ => None,
    };
    if paragraph == 0 || sentence == Some(0) {
        return Err(GotoError("paragraphs and sentences count from 1".into()));
    }
    Ok(Target {
        side,
        paragraph,
        sentence,
    })
}

/// The account a word names: its label (or the start of it, when that
/// picks one), `left`/`right` (`l`/`r`), or its language code.
fn account_named(word: &str, pair: &Pair) -> Option<Side> {
    let word = word.to_lowercase();
    let label = |s: Side| pair.account(s).meta.label.to_lowercase();
    if let Some(s) = Side::BOTH.into_iter().find(|s| label(*s) == word) {
        return Some(s);
    }
    match word.as_str() {
        "l" | "left" => return Some(Side::Left),
        "r" | "right" => return Some(Side::Right),
        _ => {}
    }
    let one = |hits: Vec<Side>| (hits.len() == 1).then(|| hits[0]);
    let by_prefix = one(Side::BOTH
        .into_iter()
        .filter(|s| label(*s).starts_with(&word))
        .collect());
    by_prefix.or_else(|| {
        one(Side::BOTH
            .into_iter()
            .filter(|s| {
                pair.account(*s).meta.language.map(diptych_core::Lang::code) == Some(word.as_str())
            })
            .collect())
    })
}

impl App {
    /// Go-to prompt actions; true when consumed.
    pub(super) fn update_goto(&mut self, action: &Action) -> bool {
        if self.goto.apply(action) != Edit::None {
            return true;
        }
        match action {
            Action::Jump => {
                let line = self.goto.text.clone();
                self.set_context(Context::Reader);
                match parse(&line, &self.pair) {
                    Ok(t) => self.go_to_target(t),
                    Err(e) => self.say(Why::Refused, e.0),
                }
            }
            Action::Cancel => self.set_context(Context::Reader),
            _ => {}
        }
        true
    }

    /// Puts the cursor on a go-to target (a jump).
    pub(super) fn go_to_target(&mut self, t: Target) {
        let side = t.side.unwrap_or(self.focus);
        let pair = std::sync::Arc::clone(&self.pair);
        let account = pair.account(side);
        let n = account.paragraphs.len();
        if t.paragraph > n {
            self.say(
                Why::Refused,
                format!("{} has {n} paragraphs", account.meta.label),
            );
            return;
        }
        let p = t.paragraph - 1;
        let sentences = account.paragraphs[p].sentences();
        // A sentence past the paragraph's is refused as a paragraph past
        // the account's is: without moving.
        if let Some(s) = t.sentence
            && s > sentences.len()
        {
            self.say(
                Why::Refused,
                match sentences.len() {
                    1 => format!("¶{} has 1 sentence", p + 1),
                    n => format!("¶{} has {n} sentences", p + 1),
                },
            );
            return;
        }
        self.jump_to(side, p);
        if let Some(s) = t.sentence
            && let Some(sentence) = sentences.get(s - 1)
        {
            let at = sentence.span().start;
            self.panes[side.index()].set_sentence(p, s - 1, at, None);
            self.say(Why::Done, format!("{} ¶{}.{s}", account.meta.label, p + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_sentences_and_references() {
        let pair = Pair::bundled().expect("bundled");
        let t = |s: &str| parse(s, &pair);
        assert_eq!(
            t("12"),
            Ok(Target {
                side: None,
                paragraph: 12,
                sentence: None
            })
        );
        assert_eq!(
            t(":5.8").map(|t| (t.paragraph, t.sentence)),
            Ok((5, Some(8)))
        );
        assert_eq!(
            t("sk1815 ¶5.8"),
            Ok(Target {
                side: Some(Side::Right),
                paragraph: 5,
                sentence: Some(8)
            })
        );
        assert_eq!(t("uk1814 3").map(|t| t.side), Ok(Some(Side::Left)));
        assert!(t("xx 3").is_err_and(|e| e.0.contains("uk1814, sk1815, left or right")));
        assert!(t("abc").is_err());
        assert!(t("0").is_err());
        // A number past usize is past every count, not unreadable.
        assert_eq!(
            t("99999999999999999999999.3").map(|t| (t.paragraph, t.sentence)),
            Ok((usize::MAX, Some(3)))
        );
        assert!(t("12x").is_err());
    }
}
