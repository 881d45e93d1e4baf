//! Background work as messages. Everything slower than a frame (search
//! keys, people, links, the map, every search) is a [`Job`] run by the
//! [`Engine`]; each result comes back as a [`Done`], which the event loop
//! hands to `App::update` like any other action. Nothing on the UI thread
//! waits for a worker.
//!
//! As in television's matcher worker, a search carries a generation
//! number: a newer query makes older ones stale (they stop early and their
//! results are dropped), and quitting stops everything. A worker catches
//! its own panic and reports it as [`Done::Failed`], so the reader shows an
//! error line and keeps running.

use diptych_core::entities::{Entities, PeopleIndex};
use diptych_core::links::{Links, Topics};
use diptych_core::map::MapData;
use diptych_core::pair::Pair;
use diptych_core::passes::EntitiesAndLinks;
use diptych_core::search::{Order, Results, SearchIndex};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// Something to compute in the background.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Job {
    /// Search keys, people, links and the map, in that order, each sent as
    /// soon as it is ready.
    Warm,
    /// One search: stale once a newer generation has been asked for.
    Search {
        /// Newer searches have larger numbers.
        generation: u64,
        /// The query as typed.
        query: String,
        /// At most this many results.
        limit: usize,
        /// The fuzzy tier on (Alt-f in the prompt turns it off).
        fuzzy: bool,
        /// What the results are for.
        purpose: Purpose,
    },
    /// A reader's corrections applied to the people found: off the UI
    /// thread, as a thousand steps over a long book are not a frame's work.
    Curate(CurateJob),
}

/// The people found and the corrections to apply to them.
#[derive(Debug, Clone)]
pub struct CurateJob {
    /// Newer curations have larger numbers; an older result is dropped.
    pub generation: u64,
    /// The people as found.
    pub found: Arc<Entities>,
    /// The corrections, in order.
    pub steps: Vec<diptych_core::entities::curate::Curation>,
}

impl PartialEq for CurateJob {
    fn eq(&self, other: &CurateJob) -> bool {
        self.generation == other.generation
            && Arc::ptr_eq(&self.found, &other.found)
            && self.steps == other.steps
    }
}

impl Eq for CurateJob {}

/// What a search's results are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The live list under the prompt.
    Prompt,
    /// The search a saved place remembers: it becomes the active search.
    Restore,
}

impl Job {
    /// A name for error lines.
    pub fn name(&self) -> &'static str {
        match self {
            Job::Warm => "indexing",
            Job::Search { .. } => "search",
            Job::Curate(_) => "curating",
        }
    }
}

/// The results of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchDone {
    /// The generation it was asked for with.
    pub generation: u64,
    /// The query.
    pub query: String,
    /// Results, in the list's order, with each account's count.
    pub results: Results,
    /// What they are for.
    pub purpose: Purpose,
}

/// A result from a worker.
#[derive(Debug, Clone)]
pub enum Done {
    /// Search keys of both accounts.
    SearchIndex(Arc<SearchIndex>),
    /// Everyone (and every place) mentioned.
    Entities(Arc<Entities>),
    /// Topics, alignment and links.
    Links(Arc<Links>),
    /// The overview map's data.
    Map(Arc<MapData>),
    /// A search's results.
    Search(Arc<SearchDone>),
    /// The people with a reader's corrections applied.
    Curated {
        /// The job's generation.
        generation: u64,
        /// The people they were applied to.
        found: Arc<Entities>,
        /// The people shown and hidden.
        curated: Arc<diptych_core::entities::curate::Curated>,
    },
    /// A job failed (panicked); the reader goes on without its result.
    Failed {
        /// What failed ("indexing", "search").
        what: &'static str,
        /// The panic's message.
        message: String,
    },
}

impl PartialEq for Done {
    fn eq(&self, other: &Done) -> bool {
        match (self, other) {
            (Done::SearchIndex(a), Done::SearchIndex(b)) => Arc::ptr_eq(a, b),
            (Done::Entities(a), Done::Entities(b)) => Arc::ptr_eq(a, b),
            (Done::Links(a), Done::Links(b)) => Arc::ptr_eq(a, b),
            (Done::Map(a), Done::Map(b)) => Arc::ptr_eq(a, b),
            (Done::Search(a), Done::Search(b)) => a == b,
            (
                Done::Curated {
                    generation, found, ..
                },
                Done::Curated {
                    generation: g2,
                    found: f2,
                    ..
                },
            ) => generation == g2 && Arc::ptr_eq(found, f2),
            (
                Done::Failed { what, message },
                Done::Failed {
                    what: w2,
                    message: m2,
                },
            ) => what == w2 && message == m2,
            _ => false,
        }
    }
}

/// What the indexes are built from.
#[derive(Debug, Clone)]
pub struct Sources {
    /// The two accounts.
    pub pair: Arc<Pair>,
    /// The people index (people.toml).
    pub people: PeopleIndex,
    /// The topic list (topics.toml).
    pub vocabulary: Topics,
    /// How the pair is to be aligned.
    pub align: diptych_core::links::AlignChoice,
    /// The files the pair was opened from (empty for the bundled pair).
    pub paths: Vec<String>,
}

impl Sources {
    /// The sources for `pair` with the bundled index and topic list.
    pub fn bundled(pair: Pair) -> Sources {
        Sources {
            pair: Arc::new(pair),
            people: PeopleIndex::bundled().unwrap_or_default(),
            vocabulary: Topics::bundled().unwrap_or_default(),
            align: diptych_core::links::AlignChoice::Auto,
            paths: Vec::new(),
        }
    }
}

/// Computes jobs; shared by every worker thread (and run in place by tests).
#[derive(Debug)]
pub struct Engine {
    sources: Sources,
    search_index: OnceLock<Arc<SearchIndex>>,
    entities: OnceLock<Arc<Entities>>,
    understood: OnceLock<EntitiesAndLinks>,
    map: OnceLock<Arc<MapData>>,
    generation: AtomicU64,
    stopped: AtomicBool,
    searches: AtomicUsize,
}

impl Engine {
    /// An engine for `sources`, nothing built yet.
    pub fn new(sources: Sources) -> Arc<Engine> {
        Arc::new(Engine {
            sources,
            search_index: OnceLock::new(),
            entities: OnceLock::new(),
            understood: OnceLock::new(),
            map: OnceLock::new(),
            generation: AtomicU64::new(0),
            stopped: AtomicBool::new(false),
            searches: AtomicUsize::new(0),
        })
    }

    /// The pair.
    pub fn pair(&self) -> &Arc<Pair> {
        &self.sources.pair
    }

    /// The files the pair was opened from.
    pub fn paths(&self) -> &[String] {
        &self.sources.paths
    }

    /// Search keys (people included), built on first use.
    pub fn search_index(&self) -> &Arc<SearchIndex> {
        self.search_index.get_or_init(|| {
            Arc::new(diptych_core::search::build::whole(
                &self.sources.pair,
                &self.sources.people,
                &self.entities,
            ))
        })
    }

    /// Everyone mentioned as found in the texts, before the alignment
    /// merges anyone (built on first use, with the search keys).
    pub fn entities(&self) -> &Arc<Entities> {
        self.search_index();
        self.entities
            .get_or_init(|| Arc::new(Entities::find(&self.sources.pair, &self.sources.people)))
    }

    /// The passes over the pair ([`diptych_core::passes`]): links, and everyone
    /// mentioned merged through the alignment; built on first use. The
    /// search keys learn the merged names.
    pub fn understood(&self) -> &EntitiesAndLinks {
        self.understood.get_or_init(|| {
            let u = diptych_core::passes::understand(
                &self.sources.pair,
                self.entities(),
                self.sources.vocabulary.clone(),
                self.sources.align,
                &self.stopped,
            );
            if !Arc::ptr_eq(&u.entities, self.entities()) {
                self.search_index().set_entities(Arc::clone(&u.entities));
            }
            u
        })
    }

    /// Everyone mentioned, merged through the alignment, as
    /// [`Engine::merged_entities`] has them, without waiting for the links
    /// where they are not built yet: what `diptych search` needs.
    pub fn entities_for_search(&self) -> Arc<Entities> {
        if let Some(u) = self.understood.get() {
            return Arc::clone(&u.entities);
        }
        diptych_core::passes::entities(
            &self.sources.pair,
            self.entities(),
            self.sources.align,
            &self.stopped,
        )
    }

    /// Topics, alignment and links, built on first use.
    pub fn links(&self) -> &Arc<Links> {
        &self.understood().links
    }

    /// Everyone mentioned, merged through the alignment (the panel's list).
    pub fn merged_entities(&self) -> &Arc<Entities> {
        &self.understood().entities
    }

    /// The map's data, built on first use.
    pub fn map(&self) -> &Arc<MapData> {
        self.map.get_or_init(|| {
            Arc::new(MapData::build(
                &self.sources.pair,
                self.merged_entities(),
                self.links(),
            ))
        })
    }

    /// Makes every search older than `generation` stale.
    pub fn advance(&self, generation: u64) {
        self.generation.fetch_max(generation, Ordering::SeqCst);
    }

    /// True while no newer search has been asked for than `generation`.
    pub fn is_current(&self, generation: u64) -> bool {
        !self.is_stopped() && self.generation.load(Ordering::SeqCst) <= generation
    }

    /// Stops all work (the reader is quitting).
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
    }

    /// True once [`Engine::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::SeqCst)
    }

    /// How many searches ran to the end (for tests and benchmarks).
    pub fn searches_run(&self) -> usize {
        self.searches.load(Ordering::SeqCst)
    }

    /// Runs `job`, handing each result to `emit` as soon as it is ready.
    pub fn run(&self, job: &Job, emit: &mut dyn FnMut(Done)) {
        match job {
            Job::Warm => {
                let steps: [&Step; 5] = [
                    &|e| Some(Done::SearchIndex(Arc::clone(e.search_index()))),
                    &|e| Some(Done::Entities(Arc::clone(e.entities()))),
                    &|e| Some(Done::Links(Arc::clone(e.links()))),
                    // The names again, when the alignment merged some.
                    &|e| {
                        (!Arc::ptr_eq(e.merged_entities(), e.entities()))
                            .then(|| Done::Entities(Arc::clone(e.merged_entities())))
                    },
                    &|e| Some(Done::Map(Arc::clone(e.map()))),
                ];
                for step in steps {
                    if self.is_stopped() {
                        return;
                    }
                    if let Some(done) = step(self) {
                        emit(done);
                    }
                }
            }
            Job::Search {
                generation,
                query,
                limit,
                fuzzy,
                purpose,
            } => {
                self.advance(*generation);
                let keys = self.search_index();
                if !self.is_current(*generation) {
                    return;
                }
                let current = || self.is_current(*generation);
                let options = diptych_core::search::Options {
                    limit: *limit,
                    order: Order::Interleaved,
                    fuzzy: *fuzzy,
                };
                let Some(results) = keys.run(&self.sources.pair, query, options, &current) else {
                    return;
                };
                self.searches.fetch_add(1, Ordering::SeqCst);
                emit(Done::Search(Arc::new(SearchDone {
                    generation: *generation,
                    query: query.clone(),
                    results,
                    purpose: *purpose,
                })));
            }
            Job::Curate(job) => {
                let curated = diptych_core::entities::curate::apply(
                    &self.sources.pair,
                    &job.found,
                    &job.steps,
                );
                emit(Done::Curated {
                    generation: job.generation,
                    found: Arc::clone(&job.found),
                    curated: Arc::new(curated),
                });
            }
        }
    }
}

/// One step of warming up: a result to send, or none.
type Step = dyn Fn(&Engine) -> Option<Done>;

/// The name every worker thread has; the panic hook leaves the terminal
/// alone for these (the worker reports its panic as a message instead).
pub const THREAD_NAME: &str = "diptych-worker";

/// True on a worker thread.
pub fn is_worker_thread() -> bool {
    std::thread::current().name() == Some(THREAD_NAME)
}

/// Runs each job on a thread of its own (named [`THREAD_NAME`]) and delivers
/// what it sends. Not a fixed pool: jobs are few (the background build,
/// then a search per keystroke, a stale one stopping at its next check),
/// and a search must never wait in a queue behind the build, nor block a
/// pool thread on a search index another queued job would build.
#[derive(Clone)]
pub struct Workers {
    engine: Arc<Engine>,
    deliver: Arc<dyn Fn(Done) + Send + Sync>,
}

impl std::fmt::Debug for Workers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workers").finish_non_exhaustive()
    }
}

impl Workers {
    /// Workers for `engine` handing results to `deliver` (the event loop's channel).
    pub fn new(engine: Arc<Engine>, deliver: Arc<dyn Fn(Done) + Send + Sync>) -> Workers {
        Workers { engine, deliver }
    }

    /// Starts `job` on a thread of its own.
    pub fn submit(&self, job: Job) {
        if let Job::Search { generation, .. } = &job {
            // Older searches see they are stale before this one even starts.
            self.engine.advance(*generation);
        }
        let engine = Arc::clone(&self.engine);
        let name = job.name();
        self.spawn(name, move |emit| engine.run(&job, emit));
    }

    /// Runs `work` on a worker thread: what it emits is delivered, and a
    /// panic is delivered as [`Done::Failed`].
    pub fn spawn(
        &self,
        what: &'static str,
        work: impl FnOnce(&mut dyn FnMut(Done)) + Send + 'static,
    ) {
        let deliver = Arc::clone(&self.deliver);
        let on_fail = Arc::clone(&self.deliver);
        let spawned = std::thread::Builder::new()
            .name(THREAD_NAME.to_string())
            .spawn(move || {
                let mut emit = |d: Done| deliver(d);
                let result =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&mut emit)));
                if let Err(payload) = result {
                    deliver(Done::Failed {
                        what,
                        message: panic_message(payload.as_ref()),
                    });
                }
            });
        if let Err(e) = spawned {
            on_fail(Done::Failed {
                what,
                message: format!("cannot start a thread: {e}"),
            });
        }
    }

    /// Stops all work.
    pub fn stop(&self) {
        self.engine.stop();
    }
}

/// The message of a panic payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}
