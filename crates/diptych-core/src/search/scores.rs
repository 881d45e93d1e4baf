//! What the tiers share: each tier's score, and one account's scores for
//! a query, filled in tier by tier ([`super::literal`], the people,
//! [`super::sound`] with [`super::typo`], [`super::fuzzy`]) and ranked by
//! [`super::rank`].

use std::collections::HashMap;

// Tier scores: every match of a tier outranks every match of the next.
/// A whole word as written.
pub(super) const WHOLE_WORD: i64 = 6000;
/// Naming a person or place the sentence mentions.
pub(super) const PERSON: i64 = 5500;
/// A word's start.
pub(super) const WORD_PREFIX: i64 = 5000;
/// Inside a word.
pub(super) const SUBSTRING: i64 = 4000;
/// A word that sounds the same.
pub(super) const SOUND_WORD: i64 = 3500;
/// A word whose start sounds the same.
pub(super) const SOUND_PREFIX: i64 = 3000;
/// A word one or two edits away.
pub(super) const TYPO: i64 = 2000;
/// Fuzzy matches score below this.
pub(super) const FUZZY: i64 = 1000;

/// What one term matched in one account, beyond its letters as written.
#[derive(Debug, Default)]
pub(super) struct TermHits {
    /// Vocabulary words matched by sound or with a typo, with their score.
    pub words: HashMap<String, i64>,
    /// Entries the term names.
    pub entries: Vec<usize>,
}

/// One account's scores for a query.
pub(super) struct Scores {
    /// For each group, each sentence's best score so far (0: no match).
    pub groups: Vec<Vec<i64>>,
    /// For each group and term, what it matched (for the hit's spans).
    pub terms: Vec<Vec<TermHits>>,
    /// The sentences a `!term` excludes.
    pub excluded: Vec<bool>,
}

impl Scores {
    /// The sentences every group matches so far, with their summed scores.
    pub fn combined(&self) -> Vec<(i64, usize)> {
        combine(&self.groups, &self.excluded)
    }
}

/// The sentences where every group matches and no exclusion does, with
/// the sum of their groups' scores.
pub(super) fn combine(groups: &[Vec<i64>], excluded: &[bool]) -> Vec<(i64, usize)> {
    (0..excluded.len())
        .filter(|&s| !excluded[s] && groups.iter().all(|g| g[s] > 0))
        .map(|s| (groups.iter().map(|g| g[s]).sum(), s))
        .collect()
}
