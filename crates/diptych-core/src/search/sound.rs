//! The sound tier: a vocabulary word that sounds as the term does across
//! scripts and transliterations (`weyrother` finds Вейротер), or whose
//! start does; with the typo tier, in one pass over the vocabulary.

use super::Term;
use super::query::Query;
use super::scores::{SOUND_PREFIX, SOUND_WORD, Scores, TYPO};
use super::side::Vocab;
use super::typo::Typo;

/// Scores the sentences holding a word each loose term of `q` matches by
/// sound or with a typo, and keeps the words for the hits' spans.
pub(super) fn tier(vocab: &Vocab, q: &Query, scores: &mut Scores) {
    for (g, group) in q.groups.iter().enumerate() {
        for (ti, t) in group.iter().enumerate().filter(|(_, t)| t.loose()) {
            for (id, score) in sound_and_typos(vocab, t) {
                for &s in vocab.postings(id) {
                    let s = s as usize;
                    scores.groups[g][s] = scores.groups[g][s].max(score);
                }
                scores.terms[g][ti]
                    .words
                    .insert(vocab.word(id).to_string(), score);
            }
        }
    }
}

/// The vocabulary words `t` matches by sound or with a typo (not those it
/// holds as written: the literal tier found them), with their scores.
/// Cheap tests on lengths and letter sets come first: most of the
/// vocabulary is never compared letter by letter.
fn sound_and_typos(vocab: &Vocab, t: &Term) -> Vec<(usize, i64)> {
    let mut out = Vec::new();
    let typo = Typo::new(t);
    let sound_ok = t.sound.chars().count() >= 3;
    for (id, word) in vocab.words() {
        let sound = vocab.sound(id);
        let score = if sound_ok && sound == t.sound {
            Some(SOUND_WORD)
        } else if sound_ok
            && sound.starts_with(t.sound.as_str())
            && (t.sound.len() >= 5 || sound.len() - t.sound.len() <= 3)
        {
            Some(SOUND_PREFIX)
        } else if !t.name {
            // A name is not looked for with typos: Андрей is not "and".
            typo.matches(vocab, id, word).then_some(TYPO)
        } else {
            None
        };
        if let Some(s) = score
            && !word.contains(t.key.as_str())
        {
            out.push((id, s + t.key.len() as i64));
        }
    }
    out
}
