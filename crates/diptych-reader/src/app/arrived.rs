//! What the background work has brought so far: the search index, the
//! people (as curated, hidden and found), the links and the map, each
//! there once its job is done.

use diptych_core::entities::Entities;
use diptych_core::links::Links;
use diptych_core::map::MapData;
use diptych_core::search::SearchIndex;
use std::sync::Arc;

/// What the background work has brought, each part as it arrives.
#[derive(Debug, Clone, Default)]
pub struct Arrived {
    /// The search index of both accounts.
    pub search_index: Option<Arc<SearchIndex>>,
    /// Everyone and every place mentioned, as the reader curated them.
    pub entities: Option<Arc<Entities>>,
    /// The entries the reader hid.
    pub hidden: Option<Arc<Entities>>,
    /// Everyone and every place mentioned, as found.
    pub found: Option<Arc<Entities>>,
    /// Topics, alignment and links, their reasons naming people as the
    /// panel lists them (the reader's corrections applied).
    pub links: Option<Arc<Links>>,
    /// The links as built, and the people entries they number (as found,
    /// before the alignment merged any): what the reader's corrections
    /// name again.
    pub links_built: Option<(Arc<Links>, Option<Arc<Entities>>)>,
    /// The overview map.
    pub map: Option<Arc<MapData>>,
    /// Background work that failed, as error lines.
    pub failed: Vec<String>,
}
