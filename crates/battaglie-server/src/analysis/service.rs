//! The engine's analysis of a stored game ([`battaglie_ai::analysis`]): taken on
//! within the node's workload (positions per address and per node, `workload.rs`),
//! computed on the blocking pool in one of the analyses' few slots at a fixed node
//! budget per position, holding a search permit one position at a time (a
//! computer opponent waiting for its move gets the next permit), stopped at
//! shutdown, and stored per game and move count: every node answers from the
//! store, so a finished analysis costs nothing to ask for again, and the node
//! computing it writes its progress there as it goes, the longer the analysis
//! the less often.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use battaglie_ai::analysis::{self, Analysis, Ending, MoveAnalysis, Summary};
use battaglie_ai::Limits;
use battaglie_rules::Game;

use super::repo::{AnalysisKey, AnalysisRepo};
use super::wire::AnalysisReport;
use super::workload::{Booked, Refused, Workload};
use crate::game::{position_key, Created, GameError, Games, Mode};
use crate::ids;
use crate::store::StoreError;

/// The nodes searched per position: about 40 ms on one core, so that a 300-move
/// game is judged in about 12 s (measured in docs/api.md). The outlook's budget, by
/// which the winning chance is read during play: the analysis shows the same chances.
pub const ANALYSIS_NODES: u64 = battaglie_ai::OUTLOOK_NODES;

/// How often the computing node renews its claim on an analysis.
const RENEW_EVERY: Duration = Duration::from_secs(2);

/// An unfinished analysis not renewed for this long is taken over by the next request.
const STALE_AFTER_MS: i64 = 10_000;

/// How often progress is written to the store while an analysis runs, at most.
const WRITE_EVERY: Duration = Duration::from_millis(400);

/// The bytes of progress an analysis writes a second, at most: a long game's
/// analysis (some hundreds of KiB) is written every few seconds, not 2.5 times a
/// second.
const WRITE_BYTES_PER_SECOND: f64 = 64.0 * 1024.0;

/// Why an analysis cannot be answered.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The game does not exist or cannot be loaded.
    #[error(transparent)]
    Game(#[from] GameError),
    /// Nobody asked for an analysis of the game at its current move count.
    #[error("game {id} has no analysis at {plies} moves: start one with POST")]
    NotStarted {
        /// The game.
        id: String,
        /// Its move count.
        plies: usize,
    },
    /// The game is played online or against the computer and not over: the
    /// engine's judgement would be advice to a player.
    #[error("game {id} is still being played: its analysis opens once it has ended")]
    InProgress {
        /// The game.
        id: String,
    },
    /// A position of the game is where a game in play stands: its best move would
    /// be advice to a player.
    #[error("a position of this game is where a game in play stands: it is analysed once that game has moved on")]
    LivePosition,
    /// The game has more moves than an analysis on the server may judge.
    #[error("the game has {plies} moves: the server analyses games of at most {most}")]
    TooLong {
        /// Its move count.
        plies: usize,
        /// The most an analysis may have.
        most: usize,
    },
    /// The address, or the node, has queued as many positions as it may.
    #[error("the server is busy analysing other games: try again in {seconds} s")]
    Busy {
        /// About how long until there is room.
        seconds: u64,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored analysis does not read back.
    #[error("the stored analysis of game {id}: {source}")]
    Stored {
        /// The game.
        id: String,
        /// Why.
        source: serde_json::Error,
    },
}

/// The analyses of a node's games.
#[derive(Clone)]
pub struct Analyses {
    games: Games,
    repo: AnalysisRepo,
    workload: Workload,
}

impl Analyses {
    /// The analyses of the `games`, judged on half this machine's cores.
    pub fn new(games: Games) -> Analyses {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Analyses {
            repo: AnalysisRepo::new(games.store().clone()),
            workload: Workload::new(cores),
            games,
        }
    }

    /// The analyses' workload on this node.
    pub fn workload(&self) -> &Workload {
        &self.workload
    }

    /// The analysis of game `id` at its current move count, as far as it has come;
    /// not started (nothing judged, `started` false) when nobody asked for it yet,
    /// which is an answer, not a refusal: a page asks before it starts one.
    ///
    /// # Errors
    /// No such game; the store failing.
    pub async fn report(&self, id: &str) -> Result<AnalysisReport, AnalysisError> {
        let game = self.current_game(id).await?;
        let plies = game.moves().len();
        let stored = self.stored(id, plies).await?;
        Ok(stored.unwrap_or_else(|| AnalysisReport {
            id: id.to_string(),
            plies,
            nodes: ANALYSIS_NODES,
            done: 0,
            total: plies,
            running: false,
            started: false,
            analysis: unjudged(&game),
        }))
    }

    /// Starts the analysis of game `id` at its current move count for the client
    /// at `address` unless it is stored or running (somewhere in the cluster);
    /// answers it as far as it has come.
    ///
    /// # Errors
    /// No such game; a game too long, or no room in the address's or the node's
    /// workload; the store failing.
    pub async fn start(&self, id: &str, address: &str) -> Result<AnalysisReport, AnalysisError> {
        let game = self.current_game(id).await?;
        let plies = game.moves().len();
        if let Some(stored) = self.stored(id, plies).await? {
            if stored.analysis.complete || stored.running {
                return Ok(stored);
            }
        }
        self.refuse_live_positions(&game).await?;
        let booked = self.book(address, plies)?;
        self.launch(id, game, booked).await
    }

    /// Imports a game record (as `Games::import`) for the client at `address` and
    /// starts its analysis; a record the workload has no room for is stored nowhere.
    ///
    /// # Errors
    /// A record that does not read or replay; a game too long, or no room in the
    /// address's or the node's workload; the store failing.
    pub async fn import(
        &self,
        text: &str,
        address: &str,
    ) -> Result<(Created, AnalysisReport), AnalysisError> {
        let (record, game) = Games::replay_record(text)?;
        self.refuse_live_positions(&game).await?;
        let booked = self.book(address, game.moves().len())?;
        let (created, live) = self.games.store_record(&record, &game).await?;
        let report = self.launch(live.id(), game, booked).await?;
        Ok((created, report))
    }

    /// Refuses `game` when one of its positions, its start included, is where a
    /// game in play against a person or the computer now stands (after a move:
    /// a scenario's start is every game's), whatever game it is a copy of.
    async fn refuse_live_positions(&self, game: &Game) -> Result<(), AnalysisError> {
        let mut replay = Game::new(game.start().clone());
        let mut keys = vec![replay.position().hash() as i64];
        for mv in game.moves() {
            replay.play(mv);
            keys.extend(position_key(&replay));
        }
        keys.sort_unstable();
        keys.dedup();
        if self.games.repo().live_at(&keys).await? {
            return Err(AnalysisError::LivePosition);
        }
        Ok(())
    }

    /// Books `plies` positions to judge for `address` in the node's workload.
    fn book(&self, address: &str, plies: usize) -> Result<Booked, AnalysisError> {
        self.workload
            .book(address, plies)
            .map_err(|refused| match refused {
                Refused::TooLong { most } => AnalysisError::TooLong { plies, most },
                Refused::Busy { wait } => AnalysisError::Busy {
                    seconds: wait.as_secs_f64().ceil() as u64,
                },
            })
    }

    /// Claims the analysis of `game` (game `id`) and computes it on this node with
    /// the `booked` work, unless it is stored or running somewhere; answers it as
    /// far as it has come.
    async fn launch(
        &self,
        id: &str,
        game: Game,
        booked: Booked,
    ) -> Result<AnalysisReport, AnalysisError> {
        let plies = game.moves().len();
        let body = encode(id, &unjudged(&game))?;
        let now = ids::wall_millis() as i64;
        let key = AnalysisKey { id, plies };
        let node = self.games.node();
        let claimed = self
            .repo
            .claim(key, ANALYSIS_NODES, node, &body, now, now - STALE_AFTER_MS)
            .await?;
        if claimed && plies > 0 {
            let state = self.clone();
            let id = id.to_string();
            tokio::spawn(async move { state.run(id, game, booked).await });
        }
        self.stored(id, plies)
            .await?
            .ok_or_else(|| AnalysisError::NotStarted {
                id: id.to_string(),
                plies,
            })
    }

    /// The game `id` as it stands, if it may be analysed: a hotseat game (an
    /// imported record is one) at any time, others once over.
    async fn current_game(&self, id: &str) -> Result<Game, AnalysisError> {
        let live = self.games.game_to_read(id).await?;
        let game = live.game().await;
        if live.mode() != Mode::Hotseat && !game.is_over() {
            return Err(AnalysisError::InProgress { id: id.to_string() });
        }
        Ok(game)
    }

    async fn stored(
        &self,
        id: &str,
        plies: usize,
    ) -> Result<Option<AnalysisReport>, AnalysisError> {
        let Some(row) = self.repo.get(AnalysisKey { id, plies }).await? else {
            return Ok(None);
        };
        let analysis: Analysis =
            serde_json::from_str(&row.body).map_err(|source| AnalysisError::Stored {
                id: id.to_string(),
                source,
            })?;
        let stale = ids::wall_millis() as i64 - STALE_AFTER_MS;
        Ok(Some(AnalysisReport {
            id: id.to_string(),
            plies,
            nodes: row.nodes,
            done: row.done,
            total: row.total,
            running: !analysis.complete && row.updated_at >= stale,
            started: true,
            analysis,
        }))
    }

    /// Computes the analysis this node claimed, writing its progress, until it is
    /// done, the server shuts down or another node takes it over.
    /// Waits for one of the analyses' slots (renewing the claim meanwhile), then
    /// computes the analysis this node claimed, writing its progress, until it is
    /// done, the server shuts down or another node takes it over.
    async fn run(&self, id: String, game: Game, booked: Booked) {
        let plies = game.moves().len();
        let stop = Arc::new(AtomicBool::new(false));
        let renewal = self.spawn_renewal(&id, plies, stop.clone());
        let mut shutdown = self.games.shutdown_signal();
        let slot = tokio::select! {
            slot = self.workload.slot() => slot,
            _ = shutdown.wait_for(|&s| s) => None,
        };
        let Some(_slot) = slot else {
            renewal.abort();
            return;
        };
        let flag = stop.clone();
        let watcher = tokio::spawn(async move {
            if shutdown.wait_for(|&s| s).await.is_ok() {
                flag.store(true, Ordering::Relaxed);
            }
        });
        let (tx, mut rx) = tokio::sync::watch::channel::<Option<Analysis>>(None);
        let games = self.games.clone();
        let stopping = stop.clone();
        let started = std::time::Instant::now();
        let mut work =
            tokio::task::spawn_blocking(move || judge(&games, &game, &stopping, &tx, booked));
        let mut tick = tokio::time::interval(WRITE_EVERY);
        let mut next_write = tokio::time::Instant::now();
        let finished = loop {
            tokio::select! {
                done = &mut work => break done,
                _ = tick.tick() => {
                    if tokio::time::Instant::now() < next_write || !rx.has_changed().unwrap_or(false) {
                        continue;
                    }
                    let partial = rx.borrow_and_update().clone();
                    if let Some(partial) = partial {
                        match self.write_progress(&id, plies, &partial).await {
                            Some(bytes) => {
                                let pace = Duration::from_secs_f64(bytes as f64 / WRITE_BYTES_PER_SECOND);
                                next_write = tokio::time::Instant::now() + pace;
                            }
                            None => stop.store(true, Ordering::Relaxed),
                        }
                    }
                }
            }
        };
        watcher.abort();
        renewal.abort();
        match finished {
            Ok(analysis) => {
                self.write_progress(&id, plies, &analysis).await;
                if analysis.complete {
                    let ms = started.elapsed().as_millis() as u64;
                    tracing::info!(game = %id, plies, ms, "analysis done");
                }
            }
            Err(e) => tracing::error!(game = %id, error = %e, "the analysis failed"),
        }
    }

    /// Writes `analysis` as the progress of game `id`'s analysis at `plies` moves:
    /// the bytes written, `None` when this node no longer holds it.
    async fn write_progress(&self, id: &str, plies: usize, analysis: &Analysis) -> Option<usize> {
        let body = encode(id, analysis).ok()?;
        let key = AnalysisKey { id, plies };
        let done = analysis.moves.len();
        let now = ids::wall_millis() as i64;
        let written = self
            .repo
            .progress(key, self.games.node(), done, &body, now)
            .await;
        match written {
            Ok(true) => Some(body.len()),
            Ok(false) => None,
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "cannot store the analysis' progress");
                Some(body.len())
            }
        }
    }

    /// Renews this node's claim on an analysis until `stop` is set; sets it when
    /// another node took the analysis over.
    fn spawn_renewal(
        &self,
        id: &str,
        plies: usize,
        stop: Arc<AtomicBool>,
    ) -> tokio::task::JoinHandle<()> {
        let state = self.clone();
        let id = id.to_string();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(RENEW_EVERY);
            tick.tick().await;
            while !stop.load(Ordering::Relaxed) {
                tick.tick().await;
                let key = AnalysisKey { id: &id, plies };
                let now = ids::wall_millis() as i64;
                let renewed = state.repo.renew(key, state.games.node(), now).await;
                match renewed {
                    Ok(true) => {}
                    Ok(false) => {
                        tracing::info!(game = %id, "another node took the analysis over");
                        stop.store(true, Ordering::Relaxed);
                    }
                    Err(e) => tracing::warn!(game = %id, error = %e, "cannot renew the analysis"),
                }
            }
        })
    }
}

/// Judges `game` (on a blocking thread), one search permit per position, sending the
/// analysis so far after each move and giving each judged position of the
/// `booked` work back.
fn judge(
    games: &Games,
    game: &Game,
    stop: &AtomicBool,
    progress: &tokio::sync::watch::Sender<Option<Analysis>>,
    mut booked: Booked,
) -> Analysis {
    let runtime = tokio::runtime::Handle::current();
    let permits = games.searches();
    let mut permit = runtime.block_on(permits.acquire()).ok();
    if permit.is_none() {
        stop.store(true, Ordering::Relaxed);
    }
    let limits = Limits {
        nodes: Some(ANALYSIS_NODES),
        ..Limits::default()
    };
    let ending = Ending::of(game);
    let scenario = game.start().scenario().id().to_string();
    let mut judged: Vec<MoveAnalysis> = Vec::new();
    analysis::analyze(game, &limits, stop, |p| {
        judged.push(p.last.clone());
        booked.judged();
        progress.send_replace(Some(Analysis {
            scenario: scenario.clone(),
            moves: judged.clone(),
            summary: Summary::of(&judged),
            result: ending.clone(),
            complete: false,
        }));
        // Let a waiting search (a computer's move) go first.
        drop(permit.take());
        permit = runtime.block_on(permits.acquire()).ok();
        if permit.is_none() {
            stop.store(true, Ordering::Relaxed);
        }
    })
}

/// The analysis of `game` before any move is judged (complete only when there is
/// no move to judge).
fn unjudged(game: &Game) -> Analysis {
    Analysis {
        scenario: game.start().scenario().id().to_string(),
        moves: Vec::new(),
        summary: Summary::default(),
        result: Ending::of(game),
        complete: game.moves().next().is_none(),
    }
}

fn encode(id: &str, analysis: &Analysis) -> Result<String, AnalysisError> {
    serde_json::to_string(analysis).map_err(|source| AnalysisError::Stored {
        id: id.to_string(),
        source,
    })
}
