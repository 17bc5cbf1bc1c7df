//! `battaglie.FactoredVectorEnv`: N games stepped together in Rust with the factored
//! actions, one choice per game and call (the source square, then each piece's
//! direction or "stay"), with a mask of 105 entries per game where `VectorEnv` has one
//! of 189,281.

use std::sync::Arc;

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::batch::{self, Batch, Rows};
use crate::env::{Env, Illegal, Shaping, Step, StepError};
use crate::errors::{ActionError, BattaglieError, Seed};
use crate::factored::{Table, DIRECTIONS};
use crate::game::PyGame;
use crate::py_env::{
    check_games, restore, sampler, saved, setup, step_error, EnvState, ShapingArg,
};

/// One game and the choices made towards the agent's next move.
struct Chooser {
    env: Env,
    prefix: Vec<i64>,
    /// The factored rows of the position's legal moves, made at the first step of a move.
    table: Option<Arc<Table>>,
}

impl Chooser {
    fn table(&mut self) -> Arc<Table> {
        let env = &self.env;
        Arc::clone(
            self.table
                .get_or_insert_with(|| Arc::new(Table::of_env(env))),
        )
    }

    /// Adds a choice; plays the move (and the opponent's answer) once only one legal
    /// move begins with the choices. An illegal choice forfeits the game (the core
    /// env's forfeit), or is refused with `ActionError` when illegal actions raise.
    fn step(&mut self, choice: i64) -> PyResult<Step> {
        if self.env.outcome().is_some() {
            return Err(step_error(StepError::Over));
        }
        self.prefix.push(choice);
        let move_action = match self.table().action(&self.prefix) {
            Ok(found) => found,
            Err(e) => {
                self.prefix.pop();
                if self.env.illegal == Illegal::Raise {
                    return Err(e);
                }
                // An action outside the full space: the core env's forfeit.
                Some(self.env.battle().space.size())
            }
        };
        let Some(action) = move_action else {
            return Ok(Step {
                reward: 0.0,
                terminated: false,
                forfeit: false,
            });
        };
        self.prefix.clear();
        self.table = None;
        self.env.step(action).map_err(step_error)
    }

    fn reset(&mut self, seed: Option<u64>) {
        self.env.reset(seed);
        self.prefix.clear();
        self.table = None;
    }

    /// The mask of the next step into `mask` (cleared first), padded with `false`.
    fn write_mask(&mut self, mask: &mut [bool]) {
        mask.fill(false);
        if self.env.outcome().is_some() {
            return;
        }
        if let Ok(step) = self.table().mask(&self.prefix) {
            for (m, &s) in mask.iter_mut().zip(&step) {
                *m = s != 0;
            }
        }
    }

    /// Writes the game's rows: the board's when `board` (a new position; `fresh` for a
    /// buffer not written before), the choices made and the mask of the next step.
    fn write(&mut self, rows: Rows<'_, 4>, board: bool, fresh: bool) {
        let [obs, source, directions, _] = rows.floats;
        if board {
            self.env.observe_into(obs, fresh);
        }
        self.write_chosen(source, directions);
        self.write_mask(rows.mask);
    }

    /// The choices made: the source one-hot over the board, a one-hot row of stay, N,
    /// E, S, W per piece whose direction is chosen.
    fn write_chosen(&self, source: &mut [f32], directions: &mut [f32]) {
        source.fill(0.0);
        directions.fill(0.0);
        if let Some(cell) = self
            .prefix
            .first()
            .and_then(|&s| source.get_mut(s as usize))
        {
            *cell = 1.0;
        }
        for (piece, &d) in self.prefix.iter().skip(1).enumerate() {
            directions[piece * DIRECTIONS + d as usize] = 1.0;
        }
    }
}

/// N battles stepped together in Rust, across cores, with the factored actions of
/// `FactoredBattaglieEnv`: each call makes one choice per game, the source square (or
/// the pass), then each piece's direction (0 stay, 1 N, 2 E, 3 S, 4 W), from
/// `num_choices` (105 for the 12x8 battles) with a mask per step; the move is played,
/// and the opponent answers, once only one legal move begins with the choices (the
/// steps before pay 0). Game `i` plays exactly the games of
/// `FactoredBattaglieEnv(...)` reset with seed `seed + i`, then without a seed after
/// each game; a game that ends is reset at once. Observations are a dict of
/// `observation` (the board planes), `source` and `directions` (what the agent has
/// chosen towards its move), each with the games first; the arrays are read-only
/// views of the env's buffers, overwritten by the next call: copy what you keep.
#[pyclass(name = "FactoredVectorEnv", module = "battaglie")]
pub struct PyFactoredVectorEnv {
    /// The games, with three observation buffers: the board, the source chosen, the
    /// directions chosen.
    batch: Batch<Chooser, 4>,
    /// The generator of `sample_actions`.
    sampler: battaglie_rules::Rng,
}

type Observed<'py> = (Bound<'py, PyDict>, Bound<'py, PyAny>);

#[pymethods]
impl PyFactoredVectorEnv {
    /// `num_envs` games of `scenario`; the other arguments as for `VectorEnv`.
    #[new]
    #[pyo3(
        signature = (scenario, num_envs, opponent = "random", side = "army", illegal = "forfeit", seed = Seed(0), threads = None, bfen = None, quiet_limit = None, shaping = ShapingArg(Shaping::Material(0.0)), view = "absolute"),
        text_signature = "(scenario, num_envs, opponent='random', side='army', illegal='forfeit', seed=0, threads=None, bfen=None, quiet_limit=None, shaping=0.0, view='absolute')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        scenario: &Bound<'_, PyAny>,
        num_envs: &Bound<'_, PyAny>,
        opponent: &str,
        side: &str,
        illegal: &str,
        seed: Seed,
        threads: Option<&Bound<'_, PyAny>>,
        bfen: Option<&str>,
        quiet_limit: Option<&Bound<'_, PyAny>>,
        shaping: ShapingArg,
        view: &str,
    ) -> PyResult<PyFactoredVectorEnv> {
        let setup = setup(
            scenario,
            opponent,
            side,
            illegal,
            seed,
            threads,
            bfen,
            quiet_limit,
            shaping,
            view,
        )?;
        let [p, h, w] = setup.battle.layout.shape();
        let pieces = usize::from(setup.battle.scenario.rules().stack_limit());
        let seed = setup.seed;
        let batch = Batch::new(
            py,
            batch::num_envs(num_envs)?,
            setup,
            [
                ("observations", &[p, h, w]),
                ("sources", &[h, w]),
                ("directions", &[pieces, DIRECTIONS]),
                ("final observations", &[p, h, w]),
            ],
            h * w + 1,
            |env| Chooser {
                env,
                prefix: Vec::new(),
                table: None,
            },
        )?;
        let mut env = PyFactoredVectorEnv {
            batch,
            sampler: sampler(seed),
        };
        env.write_all(py, None)?;
        Ok(env)
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.batch.games.len()
    }
    /// The choices of each step (the first step's, the largest: the squares and the pass).
    #[getter]
    fn num_choices(&self) -> usize {
        let [_, h, w] = self.batch.games[0].env.battle().layout.shape();
        h * w + 1
    }
    /// One game's board observation shape.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, h, w] = self.batch.games[0].env.battle().layout.shape();
        (p, h, w)
    }

    /// Resets every game (game `i` from `seed + i` when a seed is given): (observations,
    /// masks).
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<Seed>) -> PyResult<Observed<'py>> {
        self.write_all(py, Some(seed.map(|s| s.0)))?;
        let (floats, mask, ..) = self.batch.views(py)?;
        Ok((observations(py, floats)?, mask))
    }

    /// Makes one choice in every game (int64 array of num_envs): (observations, masks,
    /// rewards, terminated, truncated). Releases the GIL.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyDict>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
    )> {
        let actions = batch::actions(actions, self.batch.games.len(), "choices")?;
        if let Some(a) = actions.iter().find(|&&a| a < 0) {
            return Err(ActionError::new_err(format!(
                "choice {a} is outside every step's choices"
            )));
        }
        self.batch.each(py, |i, c, rows| {
            let step = c.step(actions[i])?;
            *rows.reward = step.reward;
            *rows.terminated = step.terminated;
            *rows.length = 0;
            if step.terminated {
                *rows.length = c.env.moves().len() as u32;
                c.env.observe(rows.floats[3]);
                c.reset(None);
            }
            // A move played: a new position, whose board rows are written too.
            c.write(rows, c.prefix.is_empty(), false);
            Ok::<(), PyErr>(())
        })?;
        let (floats, mask, rewards, terminated, truncated) = self.batch.views(py)?;
        Ok((
            observations(py, floats)?,
            mask,
            rewards,
            terminated,
            truncated,
        ))
    }

    /// A uniformly random legal choice of the next step in every game (int64).
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let sizes = self.num_choices();
        let (rng, choosers) = (&mut self.sampler, &mut self.batch.games);
        let actions: Vec<i64> = py.detach(|| {
            let mut mask = vec![false; sizes];
            choosers
                .iter_mut()
                .map(|c| {
                    c.write_mask(&mut mask);
                    let legal: Vec<usize> = (0..sizes).filter(|&i| mask[i]).collect();
                    if legal.is_empty() {
                        0
                    } else {
                        legal[rng.below(legal.len())] as i64
                    }
                })
                .collect()
        });
        PyArray1::from_vec(py, actions)
    }

    /// Every game's legal choices at its next step, sparse: (indices, offsets), int64,
    /// game `i`'s ascending in `indices[offsets[i]:offsets[i + 1]]`.
    fn legal_action_indices<'py>(
        &mut self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>) {
        let mut mask = vec![false; self.num_choices()];
        let mut indices = Vec::new();
        let mut offsets = vec![0];
        for c in &mut self.batch.games {
            c.write_mask(&mut mask);
            indices.extend((0..mask.len()).filter(|&i| mask[i]).map(|i| i as i64));
            offsets.push(indices.len() as i64);
        }
        (
            PyArray1::from_vec(py, indices),
            PyArray1::from_vec(py, offsets),
        )
    }

    /// The choices game `i` has made towards its next move.
    fn choices(&self, i: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
        Ok(self.batch.game(i)?.prefix.clone())
    }

    /// The plies of each game that ended at the last step (0 for the others).
    #[getter]
    fn episode_lengths<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.batch.lengths(py)
    }

    /// Game `i` so far (a copy, with its history).
    fn game(&self, i: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        Ok(PyGame::from(self.batch.game(i)?.env.game()))
    }

    /// The board observation at the end of each game that ended at the last step
    /// (where `terminated` is set; the other rows hold older ends), before its reset
    /// (no choice is pending at a game's end). A read-only view.
    #[getter]
    fn final_observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let ([.., last], ..) = self.batch.views(py)?;
        Ok(last)
    }

    /// Built again from the constructor's arguments, then every game replayed with
    /// the choices made towards its next move: a copy steps on as this env does.
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, batch::Args, FactoredState) {
        let cls = py.get_type::<PyFactoredVectorEnv>().into_any().unbind();
        let games = self
            .batch
            .games
            .iter()
            .map(|c| (saved(&c.env), c.prefix.clone()))
            .collect();
        (
            cls,
            self.batch.args(&self.batch.games[0].env),
            (games, self.sampler.state()),
        )
    }
    fn __setstate__(&mut self, py: Python<'_>, state: FactoredState) -> PyResult<()> {
        let (games, sampler) = state;
        check_games(games.len(), self.batch.games.len())?;
        for (c, (state, prefix)) in self.batch.games.iter_mut().zip(games) {
            restore(&mut c.env, state)?;
            c.table = None;
            c.prefix = Vec::new();
            // Checked as a step checks it: choices no legal move begins with, or that
            // name a whole move (which a step would have played), are refused.
            if !prefix.is_empty() && c.table().action(&prefix)?.is_some() {
                return Err(BattaglieError::new_err(
                    "vector env state: the choices stored name a whole move",
                ));
            }
            c.prefix = prefix;
        }
        self.sampler = battaglie_rules::Rng::new(sampler);
        self.write_all(py, None)
    }
}

/// A pickled factored vector env's state: each game's with its choices, the
/// generator of `sample_actions`.
type FactoredState = (Vec<(EnvState, Vec<i64>)>, u64);

impl PyFactoredVectorEnv {
    /// Resets (when `reset` is given, `Some(None)` continuing each generator) and
    /// rewrites every game's rows.
    fn write_all(&mut self, py: Python<'_>, reset: Option<Option<u64>>) -> PyResult<()> {
        self.batch.each(py, |i, c, rows| {
            if let Some(seed) = reset {
                c.reset(seed.map(|s| s.wrapping_add(i as u64)));
            }
            c.write(rows, true, true);
            Ok(())
        })
    }
}

/// The observation views, as a dict.
fn observations<'py>(
    py: Python<'py>,
    [obs, source, directions, _]: [Bound<'py, PyAny>; 4],
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("observation", obs)?;
    dict.set_item("source", source)?;
    dict.set_item("directions", directions)?;
    Ok(dict)
}
