//! Matches between built-in players, game by game, for `battaglie.cluster`: the
//! `battaglie-match` crate's specs, openings, seeds, games and table, the ones
//! `battaglie match` uses, so that a match spread over a Ray cluster plays the same
//! games as one on a single machine.

use battaglie_ai::Limits;
use battaglie_match::{GameResult, Job, Player};
use battaglie_rules::{Game, Outcome, Position, Side, WinReason};
use pyo3::prelude::*;

use crate::errors::{ranged, Seed, SpecError};

/// The most games a match is split into.
const MAX_GAMES: u64 = 1 << 32;

/// A count or index of a match's game (`index`, `plies`...): 0 to 2**32 - 1.
fn count(arg: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
    Ok(ranged(arg, name, 0, u64::from(u32::MAX))? as usize)
}

/// Reads built-in engine limits written as `battaglie match` writes a player
/// (`level:8,movetime:100`); external engines are refused.
pub fn parse_limits(text: &str) -> PyResult<Limits> {
    match text.parse::<Player>() {
        Ok(Player::Builtin(limits)) => Ok(limits),
        Ok(Player::External { .. }) => Err(SpecError::new_err(format!(
            "player {text:?}: external engines cannot play here: give built-in limits"
        ))),
        Err(e) => Err(SpecError::new_err(e.to_string())),
    }
}

/// One game of a match, as `battaglie match` numbers and seeds it.
#[pyclass(name = "MatchJob", module = "battaglie", frozen, get_all)]
#[derive(Clone)]
pub struct PyJob {
    /// The game's number, from 0.
    pub index: usize,
    /// The battle's id.
    pub battle: String,
    /// The opening moves, in notation.
    pub opening: Vec<String>,
    /// Whether player A has the Army.
    pub a_is_army: bool,
    /// The seed of the built-in players' randomness in this game.
    pub seed: u64,
}

#[pymethods]
impl PyJob {
    /// A job from its fields (as a cluster task receives them).
    #[new]
    fn new(
        index: &Bound<'_, PyAny>,
        battle: String,
        opening: Vec<String>,
        a_is_army: bool,
        seed: Seed,
    ) -> PyResult<PyJob> {
        Ok(PyJob {
            index: count(index, "index")?,
            battle,
            opening,
            a_is_army,
            seed: seed.0,
        })
    }
}

/// The games of a match of `games` games between specs `a` and `b` over `battle`
/// (an id or `all`), with `openings` random plies and `seed`: the jobs `battaglie match`
/// makes for the same arguments.
#[pyfunction]
#[pyo3(
    signature = (a, b, games, battle = "all", openings = None, seed = Seed(1)),
    text_signature = "(a, b, games, battle='all', openings=0, seed=1)"
)]
pub fn match_jobs(
    a: &str,
    b: &str,
    games: &Bound<'_, PyAny>,
    battle: &str,
    openings: Option<&Bound<'_, PyAny>>,
    seed: Seed,
) -> PyResult<Vec<PyJob>> {
    let (a, b) = (
        Player::Builtin(parse_limits(a)?),
        Player::Builtin(parse_limits(b)?),
    );
    let games = ranged(games, "games", 1, MAX_GAMES)? as usize;
    let openings = match openings {
        Some(n) => ranged(n, "openings", 0, u64::from(u32::MAX))? as u32,
        None => 0,
    };
    let seed = seed.0;
    let scenarios = if battle == "all" {
        battaglie_rules::Scenario::builtins().to_vec()
    } else {
        vec![crate::scenario::resolve_id(battle)?]
    };
    Ok(
        battaglie_match::jobs(&a, &b, &scenarios, games, openings, seed)
            .into_iter()
            .map(|job| PyJob {
                index: job.index,
                battle: job.scenario.id().to_string(),
                opening: job.opening.iter().map(|m| m.to_string()).collect(),
                a_is_army: job.a_is_army,
                seed: job.seed,
            })
            .collect(),
    )
}

/// How one game of a match ended, from A's view, with its JSON record (one line).
#[pyclass(name = "MatchGame", module = "battaglie", frozen, get_all)]
#[derive(Clone)]
pub struct PyGameResult {
    /// The game's number, from 0.
    pub index: usize,
    /// The battle's id.
    pub battle: String,
    /// Whether A had the Army.
    pub a_is_army: bool,
    /// `army`, `indians` or `draw`.
    pub result: String,
    /// The draw reason (`quiet`...) or `None` for a win.
    pub draw_reason: Option<String>,
    /// Why the players settled the game (`lost-score` for a resignation,
    /// `neither-can-win` for an agreed draw...), or `None` when it was played out.
    pub settled: Option<String>,
    /// Plies played.
    pub plies: usize,
    /// The ply (from 1) of the first elimination, if any.
    pub first_elimination: Option<usize>,
    /// A's points: 1, 0.5 or 0.
    pub a_points: f64,
    /// The game record, JSON on one line.
    pub record: String,
}

#[pymethods]
impl PyGameResult {
    /// A result from its fields (as a cluster task returns them).
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (index, battle, a_is_army, result, draw_reason, plies, first_elimination, a_points, record, settled = None))]
    fn new(
        index: &Bound<'_, PyAny>,
        battle: String,
        a_is_army: bool,
        result: String,
        draw_reason: Option<String>,
        plies: &Bound<'_, PyAny>,
        first_elimination: Option<&Bound<'_, PyAny>>,
        a_points: f64,
        record: String,
        settled: Option<String>,
    ) -> PyResult<PyGameResult> {
        Ok(PyGameResult {
            index: count(index, "index")?,
            battle,
            a_is_army,
            result,
            draw_reason,
            settled,
            plies: count(plies, "plies")?,
            first_elimination: first_elimination
                .map(|f| count(f, "first_elimination"))
                .transpose()?,
            a_points,
            record,
        })
    }
}

/// Plays one game of a match (both players built in). Releases the GIL.
#[pyfunction]
#[pyo3(signature = (job, a, b, date))]
pub fn play_match_game(
    py: Python<'_>,
    job: PyJob,
    a: &str,
    b: &str,
    date: &str,
) -> PyResult<PyGameResult> {
    let (pa, pb) = (
        Player::Builtin(parse_limits(a)?),
        Player::Builtin(parse_limits(b)?),
    );
    let scenario = crate::scenario::resolve_id(&job.battle)?;
    let mut game = Game::new(Position::start(&scenario));
    for text in &job.opening {
        game.play_text(text)
            .map_err(|e| SpecError::new_err(format!("opening: {e}")))?;
    }
    let job = Job {
        index: job.index,
        scenario,
        opening: game.moves().copied().collect(),
        a_is_army: job.a_is_army,
        seed: job.seed,
    };
    let r = py.detach(|| battaglie_match::play(&job, &pa, &pb, (a, b), date, false));
    Ok(PyGameResult {
        index: r.index,
        a_points: r.a_points(),
        result: r.outcome.result_word().to_string(),
        draw_reason: match r.outcome {
            Outcome::Draw(reason) => Some(reason.word().to_string()),
            Outcome::Win(..) => None,
        },
        battle: r.battle,
        a_is_army: r.a_is_army,
        plies: r.plies,
        first_elimination: r.first_elimination,
        settled: r.settled,
        record: r.record,
    })
}

impl PyGameResult {
    /// The match crate's result again. Built-in players never forfeit, so a win is by
    /// resignation when the players settled it, and by elimination otherwise.
    fn to_result(&self) -> PyResult<GameResult> {
        let outcome = match (self.result.as_str(), self.draw_reason.as_deref()) {
            ("draw", Some(reason)) => Outcome::from_words("draw", reason),
            (side, None) => side.parse::<Side>().ok().map(|side| {
                let reason = if self.settled.is_some() {
                    WinReason::Resignation
                } else {
                    WinReason::Elimination
                };
                Outcome::Win(side, reason)
            }),
            _ => None,
        }
        .ok_or_else(|| {
            SpecError::new_err(format!(
                "game {}: result {:?} with draw reason {:?} is no outcome",
                self.index, self.result, self.draw_reason
            ))
        })?;
        Ok(GameResult {
            index: self.index,
            battle: self.battle.clone(),
            a_is_army: self.a_is_army,
            outcome,
            plies: self.plies,
            first_elimination: self.first_elimination,
            forfeit: None,
            settled: self.settled.clone(),
            record: self.record.clone(),
        })
    }
}

/// The summary table `battaglie match` prints, for these games (any order).
///
/// # Errors
/// `SpecError` for a game whose result is not one.
#[pyfunction]
pub fn match_report(a: &str, b: &str, games: Vec<PyGameResult>) -> PyResult<String> {
    let mut results = games
        .iter()
        .map(PyGameResult::to_result)
        .collect::<PyResult<Vec<_>>>()?;
    results.sort_by_key(|r| r.index);
    Ok(battaglie_match::report(a, b, &results))
}
