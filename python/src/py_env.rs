//! `battaglie._core.Env` (one game, behind the Gymnasium, PettingZoo and OpenSpiel
//! wrappers) and `battaglie.VectorEnv` (N games stepped in Rust per call, across cores).

use std::sync::Arc;

use battaglie_rules::{Move, Position};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::batch::{self, Batch, Rows, Setup};
use crate::env::{Battle, Env, Illegal, Opponent, Shaping, StepError};
use crate::errors::{
    ranged_opt, Action, ActionError, BattaglieError, GameOverError, PyResultExt, Seed,
};
use crate::factored::{self, Prefix};
use crate::game::{PyGame, PyOutcome};
use crate::observation::View;
use crate::scenario::{self, PyScenario};

/// The opponent a spec names: `random`, `self` (self-play) or engine limits as
/// `battaglie match` writes them (`level:3`, `nodes:2000,seed:1`).
pub(crate) fn opponent(spec: &str) -> PyResult<Opponent> {
    match spec.trim() {
        "random" => Ok(Opponent::Random),
        "self" => Ok(Opponent::SelfPlay),
        other => Ok(Opponent::Engine(crate::matches::parse_limits(other)?)),
    }
}

pub(crate) fn illegal(word: &str) -> PyResult<Illegal> {
    match word {
        "forfeit" => Ok(Illegal::Forfeit),
        "raise" => Ok(Illegal::Raise),
        other => Err(PyValueError::new_err(format!(
            "illegal: expected `forfeit` or `raise`, got {other:?}"
        ))),
    }
}

/// The observation's view a word names: `absolute` (the default) or `mover`.
pub(crate) fn view(word: &str) -> PyResult<View> {
    View::from_word(word).ok_or_else(|| {
        PyValueError::new_err(format!(
            "view: expected `absolute` or `mover`, got {word:?}"
        ))
    })
}

pub(crate) fn battle(
    scenario: &Bound<'_, PyAny>,
    bfen: Option<&str>,
    quiet_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Arc<Battle>> {
    let quiet_limit = crate::errors::quiet_limit(quiet_limit)?;
    let mut scenario = scenario::resolve(scenario)?;
    if let Some(limit) = quiet_limit {
        scenario = scenario.with_quiet_limit(limit).py()?;
    }
    let start = match bfen {
        None => Position::start(&scenario),
        Some(text) => Position::from_bfen(&scenario, text).py()?,
    };
    scenario::space(&scenario)?;
    Ok(Battle::new(scenario, start).expect("the action space was checked"))
}

/// A `shaping` argument: a weight of the material reward (`0.0` for none), `material`
/// or `chance` (weight 1), or a pair such as `("chance", 0.5)`.
#[derive(Debug, Clone, Copy)]
pub struct ShapingArg(pub Shaping);

impl<'a, 'py> FromPyObject<'a, 'py> for ShapingArg {
    type Error = PyErr;
    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<ShapingArg> {
        let (kind, weight) = if let Ok(w) = obj.extract::<f32>() {
            ("material".to_string(), w)
        } else if let Ok(kind) = obj.extract::<String>() {
            (kind, 1.0)
        } else if let Ok(pair) = obj.extract::<(String, f32)>() {
            pair
        } else {
            return Err(PyTypeError::new_err(format!(
                "shaping: expected a number, `material`, `chance` or a pair such as (\"chance\", 0.5), got {}", obj.as_any()
            )));
        };
        if !weight.is_finite() {
            return Err(PyValueError::new_err(format!(
                "shaping must be a finite number, got {weight}"
            )));
        }
        match kind.as_str() {
            "material" => Ok(ShapingArg(Shaping::Material(weight))),
            "chance" => Ok(ShapingArg(Shaping::Chance(weight))),
            other => Err(PyValueError::new_err(format!(
                "shaping: expected `material` or `chance`, got {other:?}"
            ))),
        }
    }
}

/// The words of a shaping, as `shaping=` takes them back (what pickling stores).
pub(crate) fn shaping_words(shaping: Shaping) -> (&'static str, f32) {
    match shaping {
        Shaping::Material(w) => ("material", w),
        Shaping::Chance(w) => ("chance", w),
    }
}

/// An env's legal actions, ascending, as numpy indices.
fn sorted_actions(env: &Env) -> Vec<i64> {
    let mut actions: Vec<i64> = env.actions().iter().map(|&a| a as i64).collect();
    actions.sort_unstable();
    actions
}

pub(crate) fn step_error(e: StepError) -> PyErr {
    match e {
        StepError::Over => GameOverError::new_err("the game is over: call reset() first"),
        StepError::Illegal(a) => ActionError::new_err(format!("action {a} is not legal now")),
    }
}

/// One battle against a built-in opponent, stepped by action numbers (see
/// `docs/python.md` for the action space and the observation).
#[pyclass(name = "Env", module = "battaglie._core")]
#[derive(Clone)]
pub struct PyEnv {
    env: Env,
    /// The constructor's words, so that a pickled env is built again the same way.
    opponent: String,
    illegal: String,
}

/// A pickled env's state: its moves (packed), the generator's state, the forfeit.
pub(crate) type EnvState = (Vec<u64>, u64, bool);

#[pymethods]
impl PyEnv {
    /// `opponent`: `random`, `self` (the agent plays both sides) or engine limits
    /// (`level:1` to `level:8`, `nodes:N`, `depth:N`, `seed:N`...); `side`: the agent's
    /// side; `illegal`: `forfeit` (an illegal action resigns, reward -1) or `raise`;
    /// `quiet_limit`: another quiet limit (`Scenario.with_quiet_limit`); `shaping`: a
    /// reward added to each step, a number `w` for `w` times the change of the rewarded
    /// side's lead in pieces over the pieces at the start (0 for none), `chance` for
    /// the change of its winning chance by the static evaluation (0 to 1), or a pair
    /// such as `("chance", 0.5)` for another weight.
    #[new]
    #[pyo3(
        signature = (scenario, opponent = "random", side = "army", illegal = "forfeit", seed = Seed(0), bfen = None, quiet_limit = None, shaping = ShapingArg(Shaping::Material(0.0)), view = "absolute"),
        text_signature = "(scenario, opponent='random', side='army', illegal='forfeit', seed=0, bfen=None, quiet_limit=None, shaping=0.0, view='absolute')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        scenario: &Bound<'_, PyAny>,
        opponent: &str,
        side: &str,
        illegal: &str,
        seed: Seed,
        bfen: Option<&str>,
        quiet_limit: Option<&Bound<'_, PyAny>>,
        shaping: ShapingArg,
        view: &str,
    ) -> PyResult<PyEnv> {
        let battle = battle(scenario, bfen, quiet_limit)?;
        let shaping = shaping.0;
        let mut env = Env::new(
            battle,
            self::opponent(opponent)?,
            scenario::side(side)?,
            self::illegal(illegal)?,
            seed.0,
        );
        env.shaping = shaping;
        env.view = self::view(view)?;
        Ok(PyEnv {
            env,
            opponent: opponent.to_string(),
            illegal: illegal.to_string(),
        })
    }
    /// Starts a new game (the generator restarts from `seed`, or goes on without one).
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<Seed>) {
        let env = &mut self.env;
        py.detach(|| env.reset(seed.map(|s| s.0)));
    }
    /// Plays the action, then the opponent's answer: (reward, terminated, forfeit).
    /// Releases the GIL.
    fn step(&mut self, py: Python<'_>, action: Action) -> PyResult<(f32, bool, bool)> {
        let action = action.0;
        let env = &mut self.env;
        let s = py.detach(|| env.step(action)).map_err(step_error)?;
        Ok((s.reward, s.terminated, s.forfeit))
    }
    /// The observation of the current position, shape (13, height, width + 1), in the
    /// env's view.
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray3<f32>>> {
        let layout = &self.env.battle().layout;
        let mut out = vec![0.0; layout.len()];
        self.env.observe(&mut out);
        let [p, h, w] = layout.shape();
        PyArray1::from_vec(py, out).reshape([p, h, w])
    }
    /// The mask of legal actions (int8, one per action).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut mask = vec![0i8; self.env.battle().space.size() as usize];
        for &a in self.env.actions() {
            mask[a as usize] = 1;
        }
        PyArray1::from_vec(py, mask)
    }
    /// The legal actions, ascending.
    fn legal_actions(&self) -> Vec<u64> {
        let mut actions = self.env.actions().to_vec();
        actions.sort_unstable();
        actions
    }
    /// The legal actions as a sparse numpy array (int64, ascending): the mask's ones.
    fn legal_action_indices<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        PyArray1::from_vec(py, sorted_actions(&self.env))
    }
    /// The legal moves as factored actions, int64 of shape (legal moves, 1 + stack
    /// limit), in the order of `legal_action_indices` (see `Game.factored_actions`).
    fn factored_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        self.factored().array(py)
    }
    /// The mask (int8) of the factored step after `prefix` (see `Game.factored_mask`).
    #[pyo3(signature = (prefix = Prefix::default()), text_signature = "($self, prefix=())")]
    fn factored_mask<'py>(
        &self,
        py: Python<'py>,
        prefix: Prefix,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        factored::step_mask(py, &self.factored(), &prefix.0)
    }
    /// The ones of `factored_mask(prefix)`, ascending (int64).
    #[pyo3(signature = (prefix = Prefix::default()), text_signature = "($self, prefix=())")]
    fn factored_choices<'py>(
        &self,
        py: Python<'py>,
        prefix: Prefix,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        factored::step_choices(py, &self.factored(), &prefix.0)
    }
    /// The action number of the one legal move whose factored row begins with
    /// `prefix`, or `None` while several do.
    fn factored_action(&self, prefix: Prefix) -> PyResult<Option<u64>> {
        self.factored().action(&prefix.0)
    }
    /// The factored row of a legal action.
    fn factored_row(&self, action: Action) -> PyResult<Vec<i64>> {
        self.factored().row(action.0)
    }
    /// The game so far (a copy, with its history).
    fn game(&self) -> PyGame {
        PyGame::from(self.env.game())
    }
    /// The result once the game is over.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        self.env.outcome().map(|inner| PyOutcome { inner })
    }
    /// `army` or `indians`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.env.position().side_to_move().word()
    }
    /// The agent's side.
    #[getter]
    fn agent(&self) -> &'static str {
        self.env.agent.word()
    }
    /// The scenario.
    #[getter]
    fn scenario(&self) -> PyScenario {
        PyScenario {
            inner: Arc::clone(&self.env.battle().scenario),
        }
    }
    /// The number of actions.
    #[getter]
    fn num_actions(&self) -> u64 {
        self.env.battle().space.size()
    }
    /// The observation's shape.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, h, w] = self.env.battle().layout.shape();
        (p, h, w)
    }
    /// The plies played since the reset.
    #[getter]
    fn plies(&self) -> usize {
        self.env.moves().len()
    }
    fn __copy__(&self) -> PyEnv {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyEnv {
        self.clone()
    }
    /// Built again from the constructor's arguments, then the game replayed.
    #[allow(clippy::type_complexity)]
    fn __reduce__(
        &self,
        py: Python<'_>,
    ) -> (
        Py<PyAny>,
        (
            PyScenario,
            String,
            &'static str,
            String,
            u64,
            String,
            Option<u32>,
            (&'static str, f32),
            &'static str,
        ),
        EnvState,
    ) {
        let cls = py.get_type::<PyEnv>().into_any().unbind();
        let battle = self.env.battle();
        let args = (
            PyScenario {
                inner: Arc::clone(&battle.scenario),
            },
            self.opponent.clone(),
            self.env.agent.word(),
            self.illegal.clone(),
            0,
            battle.start.to_string(),
            None,
            shaping_words(self.env.shaping),
            self.env.view.word(),
        );
        (cls, args, saved(&self.env))
    }
    fn __setstate__(&mut self, state: EnvState) -> PyResult<()> {
        restore(&mut self.env, state)
    }
}

/// An env's state as pickling stores it.
pub(crate) fn saved(env: &Env) -> EnvState {
    let (rng, forfeited) = env.saved();
    let moves = env.moves().iter().map(|m| m.to_bits()).collect();
    (moves, rng, forfeited)
}

/// Puts an env in the state [`saved`] stored: its game replayed, its generator set.
pub(crate) fn restore(env: &mut Env, state: EnvState) -> PyResult<()> {
    let (bits, rng, forfeited) = state;
    let moves = bits
        .iter()
        .map(|&b| {
            Move::from_bits(b).ok_or_else(|| {
                BattaglieError::new_err(format!("env state: {b} is not a packed move"))
            })
        })
        .collect::<PyResult<Vec<Move>>>()?;
    env.restore(&moves, rng, forfeited)
        .map_err(|mv| BattaglieError::new_err(format!("env state: {mv} is not legal")))
}

impl PyEnv {
    /// The legal moves now as factored rows, by ascending action.
    fn factored(&self) -> factored::Table {
        factored::Table::of_env(&self.env)
    }
}

/// Observations and masks, as the vector env returns them (read-only views).
type Observed<'py> = (Bound<'py, PyAny>, Bound<'py, PyAny>);

/// N battles stepped together inside Rust, across cores (rayon), with numpy arrays in
/// and out. Environment `i` is seeded `seed + i` and plays exactly the games of
/// `Env(..., seed=seed + i)` reset without a seed after each game: an env whose game
/// ends is reset at once (its `terminated` is set and its observation is the new
/// game's). The arrays returned are read-only views of the env's own buffers,
/// overwritten by the next call: copy what you keep.
#[pyclass(name = "VectorEnv", module = "battaglie")]
pub struct PyVectorEnv {
    /// The games, with one observation buffer.
    batch: Batch<Env, 2>,
    /// The generator of `sample_actions`.
    sampler: battaglie_rules::Rng,
}

/// The generator of a vector env's `sample_actions`, from its seed.
pub(crate) fn sampler(seed: u64) -> battaglie_rules::Rng {
    battaglie_rules::Rng::new(seed ^ 0x5a4d_91e5)
}

/// The games a vector env's arguments describe.
#[allow(clippy::too_many_arguments)]
pub(crate) fn setup(
    scenario: &Bound<'_, PyAny>,
    opponent: &str,
    side: &str,
    illegal: &str,
    seed: Seed,
    threads: Option<&Bound<'_, PyAny>>,
    bfen: Option<&str>,
    quiet_limit: Option<&Bound<'_, PyAny>>,
    shaping: ShapingArg,
    view: &str,
) -> PyResult<Setup> {
    let (lo, hi) = batch::THREADS;
    let threads = ranged_opt(threads, "threads", lo, hi)?.map(|n| n as usize);
    Ok(Setup {
        words: batch::Words {
            opponent: opponent.to_string(),
            illegal: illegal.to_string(),
            seed: seed.0,
            threads,
        },
        battle: battle(scenario, bfen, quiet_limit)?,
        opponent: self::opponent(opponent)?,
        agent: scenario::side(side)?,
        illegal: self::illegal(illegal)?,
        seed: seed.0,
        shaping: shaping.0,
        view: self::view(view)?,
        threads,
    })
}

#[pymethods]
impl PyVectorEnv {
    /// `num_envs` games of `scenario`; `opponent`, `side`, `illegal`, `quiet_limit` and
    /// `shaping` as for `Env`; `threads` the rayon threads (all cores when `None`).
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
    ) -> PyResult<PyVectorEnv> {
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
        let actions = setup.battle.space.size() as usize;
        let seed = setup.seed;
        let batch = Batch::new(
            py,
            batch::num_envs(num_envs)?,
            setup,
            [
                ("observations", &[p, h, w]),
                ("final observations", &[p, h, w]),
            ],
            actions,
            |env| env,
        )?;
        let mut env = PyVectorEnv {
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
    /// The number of actions of each game.
    #[getter]
    fn num_actions(&self) -> u64 {
        self.batch.games[0].battle().space.size()
    }
    /// One game's observation shape.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, h, w] = self.batch.games[0].battle().layout.shape();
        (p, h, w)
    }

    /// Resets every game (env `i` from `seed + i` when a seed is given): (observations, masks).
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<Seed>) -> PyResult<Observed<'py>> {
        let seed = seed.map(|s| s.0);
        self.write_all(py, Some(seed))?;
        let ([obs, _], mask, ..) = self.batch.views(py)?;
        Ok((obs, mask))
    }

    /// Steps every game with its action (int64 array of num_envs): (observations,
    /// masks, rewards, terminated, truncated). Releases the GIL.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
    )> {
        let actions: Vec<u64> = batch::actions(actions, self.batch.games.len(), "actions")?
            .into_iter()
            .map(|a| {
                u64::try_from(a).map_err(|_| {
                    ActionError::new_err(format!("action {a} is outside the action space"))
                })
            })
            .collect::<PyResult<_>>()?;
        self.batch
            .each(py, |i, env, rows| {
                let Rows {
                    floats: [obs, last],
                    mask,
                    reward,
                    terminated,
                    length,
                } = rows;
                env.clear_mask(mask);
                let step = match env.step(actions[i]) {
                    Ok(s) => s,
                    Err(e) => {
                        env.set_mask(mask);
                        return Err(e);
                    }
                };
                *reward = step.reward;
                *terminated = step.terminated;
                *length = 0;
                if step.terminated {
                    *length = env.moves().len() as u32;
                    env.observe(last);
                    env.reset(None);
                }
                env.observe_into(obs, false);
                env.set_mask(mask);
                Ok(())
            })
            .map_err(step_error)?;
        let ([obs, _], mask, rewards, terminated, truncated) = self.batch.views(py)?;
        Ok((obs, mask, rewards, terminated, truncated))
    }

    /// A uniformly random legal action for every game (int64), from a generator seeded
    /// with the env's seed: a random agent without a Python loop over the masks.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let rng = &mut self.sampler;
        let envs = &self.batch.games;
        let actions: Vec<i64> = py.detach(|| {
            envs.iter()
                .map(|env| {
                    let legal = env.actions();
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

    /// The legal actions of game `i`, ascending.
    fn legal_actions(&self, i: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
        let mut actions = self.batch.game(i)?.actions().to_vec();
        actions.sort_unstable();
        Ok(actions)
    }

    /// Every game's legal actions, sparse: (indices, offsets), int64, game `i`'s
    /// ascending in `indices[offsets[i]:offsets[i + 1]]` (the masks' ones, without
    /// reading 189,281 entries per game).
    fn legal_action_indices<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>) {
        let mut indices = Vec::new();
        let mut offsets = Vec::with_capacity(self.batch.games.len() + 1);
        offsets.push(0);
        for env in &self.batch.games {
            indices.extend(sorted_actions(env));
            offsets.push(indices.len() as i64);
        }
        (
            PyArray1::from_vec(py, indices),
            PyArray1::from_vec(py, offsets),
        )
    }

    /// The plies of each game that ended at the last step (0 for the others).
    #[getter]
    fn episode_lengths<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.batch.lengths(py)
    }

    /// Game `i` so far (a copy, with its history).
    fn game(&self, i: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        Ok(PyGame::from(self.batch.game(i)?.game()))
    }

    /// The observation at the end of each game that ended at the last step (where
    /// `terminated` is set; the other rows hold older ends), before its reset: what
    /// Gymnasium's vector API calls the final observation. A read-only view.
    #[getter]
    fn final_observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let ([_, last], ..) = self.batch.views(py)?;
        Ok(last)
    }

    /// Built again from the constructor's arguments, then every game replayed and its
    /// generator set: a copy steps on as this env does.
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, batch::Args, VectorState) {
        let cls = py.get_type::<PyVectorEnv>().into_any().unbind();
        let games = self.batch.games.iter().map(saved).collect();
        (
            cls,
            self.batch.args(&self.batch.games[0]),
            (games, self.sampler.state()),
        )
    }
    fn __setstate__(&mut self, py: Python<'_>, state: VectorState) -> PyResult<()> {
        let (games, sampler) = state;
        check_games(games.len(), self.batch.games.len())?;
        for (env, state) in self.batch.games.iter_mut().zip(games) {
            restore(env, state)?;
        }
        self.sampler = battaglie_rules::Rng::new(sampler);
        self.write_all(py, None)
    }
}

/// A pickled vector env's state: each game's, the generator of `sample_actions`.
type VectorState = (Vec<EnvState>, u64);

/// A pickled vector env's games must be as many as its constructor made.
pub(crate) fn check_games(stored: usize, made: usize) -> PyResult<()> {
    if stored == made {
        Ok(())
    } else {
        Err(BattaglieError::new_err(format!(
            "vector env state: {stored} games stored for {made} envs"
        )))
    }
}

impl PyVectorEnv {
    /// Resets (when `seed` is given, `Some(None)` continuing each generator) and rewrites
    /// every observation and mask.
    fn write_all(&mut self, py: Python<'_>, reset: Option<Option<u64>>) -> PyResult<()> {
        self.batch.each(py, |i, env, rows| {
            let [obs, _] = rows.floats;
            if let Some(seed) = reset {
                env.clear_mask(rows.mask);
                env.reset(seed.map(|s| s.wrapping_add(i as u64)));
            }
            rows.mask.fill(false);
            env.observe_into(obs, true);
            env.set_mask(rows.mask);
            Ok(())
        })
    }
}
