//! `battaglie.search` and `battaglie.analyze`: the built-in engine.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use battaglie_ai::{Limits, Score, MAX_LEVEL};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::{ranged_opt, GameOverError};
use crate::game::{PyGame, PyMove};

/// What a search found: the move, its score from the mover's side, the depth reached,
/// the principal variation, nodes and milliseconds.
#[pyclass(name = "SearchResult", module = "battaglie", frozen, get_all)]
#[derive(Clone)]
pub struct PySearchResult {
    /// The move to play.
    #[pyo3(name = "move")]
    pub mv: PyMove,
    /// Centi-pieces (a Foot is 100) from the side to move's view; for a forced
    /// result see `mate`.
    pub score: i32,
    /// Plies to a forced win (positive) or loss (negative), else `None`.
    pub mate: Option<i64>,
    /// The last finished iteration's depth in plies.
    pub depth: u32,
    /// The principal variation, starting with `move`.
    pub pv: Vec<PyMove>,
    /// Nodes visited.
    pub nodes: u64,
    /// Milliseconds the whole search took (every iteration).
    pub time_ms: u64,
}

#[pymethods]
impl PySearchResult {
    /// A result from its parts (as pickling rebuilds one).
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        r#move: PyMove,
        score: i32,
        mate: Option<i64>,
        depth: u32,
        pv: Vec<PyMove>,
        nodes: u64,
        time_ms: u64,
    ) -> PySearchResult {
        PySearchResult {
            mv: r#move,
            score,
            mate,
            depth,
            pv,
            nodes,
            time_ms,
        }
    }
    #[allow(clippy::type_complexity)]
    fn __reduce__(
        &self,
        py: Python<'_>,
    ) -> (
        Py<PyAny>,
        (PyMove, i32, Option<i64>, u32, Vec<PyMove>, u64, u64),
    ) {
        let cls = py.get_type::<PySearchResult>().into_any().unbind();
        let parts = (
            self.mv,
            self.score,
            self.mate,
            self.depth,
            self.pv.clone(),
            self.nodes,
            self.time_ms,
        );
        (cls, parts)
    }
    fn __repr__(&self) -> String {
        let pv: Vec<String> = self.pv.iter().map(|m| m.inner.to_string()).collect();
        format!(
            "SearchResult(move={:?}, score={}, mate={:?}, depth={}, pv={:?}, nodes={})",
            self.mv.inner.to_string(),
            self.score,
            self.mate,
            self.depth,
            pv,
            self.nodes
        )
    }
}

/// The search limits of the keyword arguments, checked.
pub fn limits(
    level: Option<&Bound<'_, PyAny>>,
    depth: Option<&Bound<'_, PyAny>>,
    nodes: Option<&Bound<'_, PyAny>>,
    movetime: Option<f64>,
    seed: Option<u64>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Limits> {
    let level = ranged_opt(level, "level", 1, u64::from(MAX_LEVEL))?;
    let depth = ranged_opt(depth, "depth", 1, MAX_DEPTH)?;
    let nodes = ranged_opt(nodes, "nodes", 1, u64::MAX)?;
    let threads = ranged_opt(threads, "threads", 1, MAX_THREADS)?;
    let movetime = match movetime {
        Some(ms) => Some(
            Some(ms)
                .filter(|ms| ms.is_finite() && *ms > 0.0)
                .and_then(|ms| Duration::try_from_secs_f64(ms / 1000.0).ok())
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "movetime must be a positive number of milliseconds, got {ms:?}"
                    ))
                })?,
        ),
        None => None,
    };
    Ok(Limits {
        level: level.map(|l| l as u8),
        depth: depth.map(|d| d as u32),
        nodes,
        movetime,
        seed,
        threads: threads.map(|t| t as u32),
        ..Limits::default()
    })
}

/// The deepest search `depth` asks for.
const MAX_DEPTH: u64 = 64;
/// The most search threads `threads` asks for.
const MAX_THREADS: u64 = 64;

fn score_parts(score: Score) -> (i32, Option<i64>) {
    match score {
        Score::Value(v) => (v, None),
        Score::Win(n) => (100_000 - n.min(1000) as i32, Some(i64::from(n))),
        Score::Loss(n) => (-100_000 + n.min(1000) as i32, Some(-i64::from(n))),
    }
}

/// Searches `game`'s position and returns the engine's move with its score, depth and
/// principal variation. `level` is 1 (weakest) to 8; `nodes`, `depth` and `movetime`
/// (milliseconds) bound the search (with a level, they replace its own budget); `seed`
/// fixes the weak levels' randomness. With no limit at all, level 8. Releases the GIL.
///
/// Raises `GameOverError` when the game is over.
#[pyfunction]
#[pyo3(signature = (game, level = None, nodes = None, movetime = None, depth = None, seed = None, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn search(
    py: Python<'_>,
    game: PyRef<'_, PyGame>,
    level: Option<Bound<'_, PyAny>>,
    nodes: Option<Bound<'_, PyAny>>,
    movetime: Option<f64>,
    depth: Option<Bound<'_, PyAny>>,
    seed: Option<crate::errors::Seed>,
    threads: Option<Bound<'_, PyAny>>,
) -> PyResult<PySearchResult> {
    let seed = seed.map(|s| s.0);
    let limits = limits(
        level.as_ref(),
        depth.as_ref(),
        nodes.as_ref(),
        movetime,
        seed,
        threads.as_ref(),
    )?;
    let g = game.inner.clone();
    drop(game);
    let (found, elapsed) = py.detach(|| {
        let stop = AtomicBool::new(false);
        let started = Instant::now();
        let found = battaglie_ai::search(&g, &limits, &stop, |_| {});
        (found, started.elapsed())
    });
    let r = found
        .ok_or_else(|| GameOverError::new_err("the game is over: there is nothing to search"))?;
    let (score, mate) = score_parts(r.info.score);
    Ok(PySearchResult {
        mv: PyMove { inner: r.best },
        score,
        mate,
        depth: r.info.depth,
        pv: r.info.pv.iter().map(|&inner| PyMove { inner }).collect(),
        nodes: r.info.nodes,
        // The engine's own figure is the last iteration's; `nodes` counts them all.
        time_ms: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
    })
}

/// The engine's view of every move of a game record (JSON or text), as `battaglie
/// analyze --json` gives it: a list of dicts with `ply`, `side`, `move`, `before`,
/// `best`, `line` (the engine's expected line), `after` (centi-pieces from the mover's
/// side), `loss`, `mark` (`?!`, `?`, `??` or `""`) and `win_chance_before` /
/// `win_chance_after` (the expected result, 0 to 1, from the mover's side). `depth` (default 3) or `movetime` (milliseconds) bound each search.
/// Releases the GIL.
#[pyfunction]
#[pyo3(signature = (record, depth = None, movetime = None))]
pub fn analyze(
    py: Python<'_>,
    record: &str,
    depth: Option<Bound<'_, PyAny>>,
    movetime: Option<f64>,
) -> PyResult<Vec<Py<pyo3::types::PyDict>>> {
    if depth.is_some() && movetime.is_some() {
        return Err(PyValueError::new_err("give depth or movetime, not both"));
    }
    let full = crate::game::replay(record)?;
    let limits = match movetime {
        Some(_) => limits(None, None, None, movetime, None, None)?,
        None => match depth {
            Some(depth) => limits(None, Some(&depth), None, None, None, None)?,
            None => Limits {
                depth: Some(3),
                ..Limits::default()
            },
        },
    };
    let analysis = py.detach(|| {
        let stop = AtomicBool::new(false);
        battaglie_ai::analysis::analyze(&full, &limits, &stop, |_| {})
    });
    analysis
        .moves
        .into_iter()
        .map(|m| {
            let d = pyo3::types::PyDict::new(py);
            d.set_item("ply", m.ply)?;
            d.set_item("side", m.side.word())?;
            d.set_item("move", m.played)?;
            d.set_item("before", m.before.centi)?;
            d.set_item("best", m.best.unwrap_or_else(|| "-".to_string()))?;
            d.set_item("line", m.line)?;
            d.set_item("after", m.after.centi)?;
            d.set_item("loss", m.loss)?;
            d.set_item("mark", m.class.map_or("", |c| c.mark()))?;
            d.set_item("win_chance_before", m.before.win_chance)?;
            d.set_item("win_chance_after", m.after.win_chance)?;
            Ok(d.unbind())
        })
        .collect()
}
