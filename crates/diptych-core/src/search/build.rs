//! Building a [`SearchIndex`] with its people: the one way both the
//! reader's worker and `diptych search` (which runs the worker's passes)
//! do it: both texts keyed, every name found on them.

use super::SearchIndex;
use crate::entities::{Entities, PeopleIndex};
use crate::pair::Pair;
use std::sync::{Arc, OnceLock};

/// The whole index of `pair`: its keys, and everyone mentioned found on
/// them and kept in `people` (built there unless it already was).
pub fn whole(pair: &Pair, index: &PeopleIndex, entities: &OnceLock<Arc<Entities>>) -> SearchIndex {
    let keys = SearchIndex::new(pair);
    let entities = entities
        .get_or_init(|| Arc::new(Entities::find_with(pair, index, Some(keys.folded_both()))));
    keys.set_entities(Arc::clone(entities));
    keys
}
