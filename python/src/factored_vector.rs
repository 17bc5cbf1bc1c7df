//! `battaglie.FactoredVectorEnv`: N games stepped together in Rust with the factored
//! actions, one choice per game and call (the source square, then each piece's
//! direction or "stay"), with a mask of 105 entries per game where `VectorEnv` has one
//! of 189,281.

use std::sync::Arc;

use numpy::{PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

use crate::env::{Env, Illegal, Shaping, Step, StepError};
use crate::errors::{ActionError, Seed};
use crate::factored::{Table, DIRECTIONS};
use crate::game::PyGame;
use crate::py_env::{battle, buffer, illegal, opponent, read_only, step_error, ShapingArg};
use crate::scenario;

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

/// What [`PyFactoredVectorEnv::each`] does in every game.
#[derive(Clone, Copy)]
enum Work<'a> {
    /// One choice per game.
    Step(&'a [i64]),
    /// Rewrites every row, after a reset when `reset` is given (`Some(None)`
    /// continuing each generator).
    Write { reset: Option<Option<u64>> },
}

/// One game's rows of the buffers.
struct Rows<'a> {
    obs: &'a mut [f32],
    source: &'a mut [f32],
    directions: &'a mut [f32],
    mask: &'a mut [bool],
    reward: &'a mut f32,
    terminated: &'a mut bool,
    length: &'a mut u32,
}

/// The buffers a step writes, read-only to Python.
struct Buffers {
    obs: Py<PyArray4<f32>>,
    source: Py<PyArray3<f32>>,
    directions: Py<PyArray3<f32>>,
    mask: Py<PyArray2<bool>>,
    rewards: Py<PyArray1<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    lengths: Py<PyArray1<u32>>,
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
    choosers: Vec<Chooser>,
    pool: Option<rayon::ThreadPool>,
    /// The generator of `sample_actions`.
    sampler: battaglie_rules::Rng,
    buffers: Buffers,
}

type Observed<'py> = (Bound<'py, PyDict>, Bound<'py, PyAny>);

#[pymethods]
impl PyFactoredVectorEnv {
    /// `num_envs` games of `scenario`; the other arguments as for `VectorEnv`.
    #[new]
    #[pyo3(
        signature = (scenario, num_envs, opponent = "random", side = "army", illegal = "forfeit", seed = Seed(0), threads = None, bfen = None, quiet_limit = None, shaping = ShapingArg(Shaping::Material(0.0))),
        text_signature = "(scenario, num_envs, opponent='random', side='army', illegal='forfeit', seed=0, threads=None, bfen=None, quiet_limit=None, shaping=0.0)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        scenario: &Bound<'_, PyAny>,
        num_envs: usize,
        opponent: &str,
        side: &str,
        illegal: &str,
        seed: Seed,
        threads: Option<usize>,
        bfen: Option<&str>,
        quiet_limit: Option<u32>,
        shaping: ShapingArg,
    ) -> PyResult<PyFactoredVectorEnv> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        let battle = battle(scenario, bfen, quiet_limit)?;
        let (opponent, agent, illegal) = (
            self::opponent(opponent)?,
            scenario::side(side)?,
            self::illegal(illegal)?,
        );
        let pool = match threads {
            Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
            Some(n) => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| PyValueError::new_err(format!("threads: {e}")))?,
            ),
            None => None,
        };
        let n = num_envs;
        let [p, h, w] = battle.layout.shape();
        let pieces = usize::from(battle.scenario.rules().stack_limit());
        let sources = h * w + 1;
        let buffers = Buffers {
            obs: PyArray1::from_vec(py, buffer::<f32>("observations", &[n, p, h, w])?)
                .reshape([n, p, h, w])?
                .unbind(),
            source: PyArray1::from_vec(py, buffer::<f32>("sources", &[n, h, w])?)
                .reshape([n, h, w])?
                .unbind(),
            directions: PyArray1::from_vec(
                py,
                buffer::<f32>("directions", &[n, pieces, DIRECTIONS])?,
            )
            .reshape([n, pieces, DIRECTIONS])?
            .unbind(),
            mask: PyArray1::from_vec(py, buffer::<bool>("action masks", &[n, sources])?)
                .reshape([n, sources])?
                .unbind(),
            rewards: PyArray1::zeros(py, [n], false).unbind(),
            terminated: PyArray1::zeros(py, [n], false).unbind(),
            truncated: PyArray1::zeros(py, [n], false).unbind(),
            lengths: PyArray1::zeros(py, [n], false).unbind(),
        };
        let seed = seed.0;
        let mut env = PyFactoredVectorEnv {
            choosers: Vec::new(),
            pool,
            sampler: battaglie_rules::Rng::new(seed ^ 0x5a4d_91e5),
            buffers,
        };
        let shaping = shaping.0;
        env.choosers = env.run(py, || {
            (0..n)
                .into_par_iter()
                .map(|i| {
                    let mut env = Env::new(
                        Arc::clone(&battle),
                        opponent,
                        agent,
                        illegal,
                        seed.wrapping_add(i as u64),
                    );
                    env.shaping = shaping;
                    Chooser {
                        env,
                        prefix: Vec::new(),
                        table: None,
                    }
                })
                .collect()
        });
        env.write_all(py, None)?;
        Ok(env)
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.choosers.len()
    }
    /// The choices of each step (the first step's, the largest: the squares and the pass).
    #[getter]
    fn num_choices(&self) -> usize {
        let [_, h, w] = self.choosers[0].env.battle().layout.shape();
        h * w + 1
    }
    /// One game's board observation shape.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, h, w] = self.choosers[0].env.battle().layout.shape();
        (p, h, w)
    }

    /// Resets every game (game `i` from `seed + i` when a seed is given): (observations,
    /// masks).
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<Seed>) -> PyResult<Observed<'py>> {
        self.write_all(py, Some(seed.map(|s| s.0)))?;
        Ok((
            self.observations(py)?,
            read_only(self.buffers.mask.bind(py).as_any())?,
        ))
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
        let actions: PyReadonlyArray1<'py, i64> = actions.extract().map_err(|_| {
            PyTypeError::new_err("actions: expected a one-dimensional int64 numpy array")
        })?;
        let actions = actions
            .as_slice()
            .map_err(|_| PyValueError::new_err("actions: the array is not contiguous"))?
            .to_vec();
        if actions.len() != self.choosers.len() {
            return Err(PyValueError::new_err(format!(
                "actions: expected {} choices (one per env), got {}",
                self.choosers.len(),
                actions.len()
            )));
        }
        if let Some(a) = actions.iter().find(|&&a| a < 0) {
            return Err(ActionError::new_err(format!(
                "choice {a} is outside every step's choices"
            )));
        }
        self.each(py, Work::Step(&actions))?;
        let b = &self.buffers;
        Ok((
            self.observations(py)?,
            read_only(b.mask.bind(py).as_any())?,
            read_only(b.rewards.bind(py).as_any())?,
            read_only(b.terminated.bind(py).as_any())?,
            read_only(b.truncated.bind(py).as_any())?,
        ))
    }

    /// A uniformly random legal choice of the next step in every game (int64).
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let sizes = self.num_choices();
        let (rng, choosers) = (&mut self.sampler, &mut self.choosers);
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
        for c in &mut self.choosers {
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
    fn choices(&self, i: usize) -> PyResult<Vec<i64>> {
        Ok(self.chooser(i)?.prefix.clone())
    }

    /// The plies of each game that ended at the last step (0 for the others).
    #[getter]
    fn episode_lengths<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        read_only(self.buffers.lengths.bind(py).as_any())
    }

    /// Game `i` so far (a copy, with its history).
    fn game(&self, i: usize) -> PyResult<PyGame> {
        Ok(PyGame::from(self.chooser(i)?.env.game()))
    }
}

impl PyFactoredVectorEnv {
    fn run<R: Send>(&self, py: Python<'_>, f: impl FnOnce() -> R + Send) -> R {
        py.detach(|| match &self.pool {
            Some(pool) => pool.install(f),
            None => f(),
        })
    }

    fn chooser(&self, i: usize) -> PyResult<&Chooser> {
        self.choosers.get(i).ok_or_else(|| {
            PyIndexError::new_err(format!("env {i}: there are {} envs", self.choosers.len()))
        })
    }

    /// The observation views, as a dict.
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let b = &self.buffers;
        let dict = PyDict::new(py);
        dict.set_item("observation", read_only(b.obs.bind(py).as_any())?)?;
        dict.set_item("source", read_only(b.source.bind(py).as_any())?)?;
        dict.set_item("directions", read_only(b.directions.bind(py).as_any())?)?;
        Ok(dict)
    }

    /// Resets (when `reset` is given, `Some(None)` continuing each generator) and
    /// rewrites every game's rows.
    fn write_all(&mut self, py: Python<'_>, reset: Option<Option<u64>>) -> PyResult<()> {
        self.each(py, Work::Write { reset })
    }

    /// Does `work` in every game, writing its rows of the buffers.
    fn each(&mut self, py: Python<'_>, work: Work<'_>) -> PyResult<()> {
        let b = &self.buffers;
        let (obs, source, directions, mask) = (
            b.obs.bind(py).clone(),
            b.source.bind(py).clone(),
            b.directions.bind(py).clone(),
            b.mask.bind(py).clone(),
        );
        let (rewards, terminated, lengths) = (
            b.rewards.bind(py).clone(),
            b.terminated.bind(py).clone(),
            b.lengths.bind(py).clone(),
        );
        let (mut obs_w, mut source_w, mut directions_w, mut mask_w) = (
            obs.readwrite(),
            source.readwrite(),
            directions.readwrite(),
            mask.readwrite(),
        );
        let (mut rew_w, mut term_w, mut len_w) = (
            rewards.readwrite(),
            terminated.readwrite(),
            lengths.readwrite(),
        );
        let n = self.choosers.len();
        let slices = (
            obs_w.as_slice_mut().expect("own contiguous buffer"),
            source_w.as_slice_mut().expect("own contiguous buffer"),
            directions_w.as_slice_mut().expect("own contiguous buffer"),
            mask_w.as_slice_mut().expect("own contiguous buffer"),
        );
        let (o_len, s_len, d_len, m_len) = (
            slices.0.len() / n,
            slices.1.len() / n,
            slices.2.len() / n,
            slices.3.len() / n,
        );
        let mut rows: Vec<Rows<'_>> = slices
            .0
            .chunks_mut(o_len)
            .zip(slices.1.chunks_mut(s_len))
            .zip(slices.2.chunks_mut(d_len))
            .zip(slices.3.chunks_mut(m_len))
            .zip(rew_w.as_slice_mut().expect("own contiguous buffer"))
            .zip(term_w.as_slice_mut().expect("own contiguous buffer"))
            .zip(len_w.as_slice_mut().expect("own contiguous buffer"))
            .map(
                |((((((obs, source), directions), mask), reward), terminated), length)| Rows {
                    obs,
                    source,
                    directions,
                    mask,
                    reward,
                    terminated,
                    length,
                },
            )
            .collect();
        let pool = &self.pool;
        let choosers = &mut self.choosers;
        py.detach(|| {
            let mut run = move || {
                choosers
                    .par_iter_mut()
                    .enumerate()
                    .zip(rows.par_iter_mut())
                    .map(|((i, c), row)| {
                        let moved = match work {
                            Work::Step(actions) => {
                                let step = c.step(actions[i])?;
                                *row.reward = step.reward;
                                *row.terminated = step.terminated;
                                *row.length = 0;
                                if step.terminated {
                                    *row.length = c.env.moves().len() as u32;
                                    c.reset(None);
                                }
                                c.prefix.is_empty()
                            }
                            Work::Write { reset } => {
                                if let Some(seed) = reset {
                                    c.reset(seed.map(|s| s.wrapping_add(i as u64)));
                                }
                                true
                            }
                        };
                        if moved {
                            // A new position (or a fresh buffer): the board's rows too.
                            let fresh = matches!(work, Work::Write { .. });
                            c.env.observe_into(row.obs, fresh);
                        }
                        c.write_chosen(row.source, row.directions);
                        c.write_mask(row.mask);
                        Ok(())
                    })
                    .collect::<PyResult<()>>()
            };
            match pool {
                Some(p) => p.install(run),
                None => run(),
            }
        })
    }
}
