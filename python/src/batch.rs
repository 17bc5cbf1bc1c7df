//! What `VectorEnv` and `FactoredVectorEnv` share: N games stepped together across
//! cores (rayon, in a pool of the threads asked for), and the buffers a step writes,
//! one row per game, handed to Python as read-only views of the same memory at every
//! call.

use std::sync::Arc;

use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::env::{Battle, Env, Illegal, Opponent, Shaping};

/// The games, the threads that step them, and their buffers: `F` float buffers (the
/// observation's parts) and a mask per game, the rewards, ends and lengths of a step.
pub struct Batch<G, const F: usize> {
    pub games: Vec<G>,
    /// The constructor's words, so that a pickled vector env is built again the same way.
    pub words: Words,
    pool: Option<rayon::ThreadPool>,
    floats: [Py<PyArrayDyn<f32>>; F],
    mask: Py<PyArrayDyn<bool>>,
    rewards: Py<PyArray1<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    /// The number of plies of the games that ended at the last step (0 for the others).
    lengths: Py<PyArray1<u32>>,
}

/// One game's rows of the buffers.
pub struct Rows<'a, const F: usize> {
    pub floats: [&'a mut [f32]; F],
    pub mask: &'a mut [bool],
    pub reward: &'a mut f32,
    pub terminated: &'a mut bool,
    pub length: &'a mut u32,
}

/// What a step returns: the float buffers' views, the masks, rewards, terminated,
/// truncated (read-only views).
pub type Views<'py, const F: usize> = (
    [Bound<'py, PyAny>; F],
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
);

/// The rayon threads a vector env may ask for.
pub const THREADS: (u64, u64) = (1, 1024);

/// A `num_envs` argument: at least 1 (a number too large for memory is a
/// `MemoryError` when the buffers are made).
pub fn num_envs(arg: &Bound<'_, PyAny>) -> PyResult<usize> {
    let n = crate::errors::ranged(arg, "num_envs", 1, u64::MAX)?;
    usize::try_from(n)
        .map_err(|_| PyMemoryError::new_err(format!("{n} envs do not fit in memory: fewer envs")))
}

/// A vector env's arguments as its constructor took them (the battle and the shaping
/// are the games' own).
#[derive(Debug, Clone)]
pub struct Words {
    pub opponent: String,
    pub illegal: String,
    pub seed: u64,
    pub threads: Option<usize>,
}

/// A vector env's constructor arguments, as pickling stores them: the scenario,
/// `num_envs`, `opponent`, `side`, `illegal`, `seed`, `threads`, `bfen` (the start),
/// `quiet_limit` (`None`: the scenario has its own), `shaping` and `view`.
pub type Args = (
    crate::scenario::PyScenario,
    usize,
    String,
    &'static str,
    String,
    u64,
    Option<usize>,
    String,
    Option<u32>,
    (&'static str, f32),
    &'static str,
);

/// The games to make, as the constructors take them.
pub struct Setup {
    pub words: Words,
    pub battle: Arc<Battle>,
    pub opponent: Opponent,
    pub agent: battaglie_rules::Side,
    pub illegal: Illegal,
    pub seed: u64,
    pub shaping: Shaping,
    pub view: crate::observation::View,
    pub threads: Option<usize>,
}

impl<G: Send + Sync, const F: usize> Batch<G, F> {
    /// `num_envs` games, game `i` made by `make` from its env (seeded `seed + i`);
    /// `floats` the name and shape of each float buffer's row, `mask` the length of a
    /// mask. A buffer that cannot be had is a `MemoryError`.
    pub fn new(
        py: Python<'_>,
        num_envs: usize,
        setup: Setup,
        floats: [(&str, &[usize]); F],
        mask: usize,
        make: impl Fn(Env) -> G + Sync,
    ) -> PyResult<Batch<G, F>> {
        let pool = match setup.threads {
            Some(n) => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| PyValueError::new_err(format!("threads: {e}")))?,
            ),
            None => None,
        };
        let n = num_envs;
        let float = |(what, row): (&str, &[usize])| -> PyResult<Py<PyArrayDyn<f32>>> {
            let dims: Vec<usize> = std::iter::once(n).chain(row.iter().copied()).collect();
            Ok(PyArray1::from_vec(py, buffer::<f32>(what, &dims)?)
                .reshape(dims)?
                .unbind())
        };
        let floats = all(floats.map(float))?;
        let mask = PyArray1::from_vec(py, buffer::<bool>("action masks", &[n, mask])?)
            .reshape(vec![n, mask])?
            .unbind();
        let mut batch = Batch {
            games: Vec::new(),
            words: setup.words.clone(),
            pool,
            floats,
            mask,
            rewards: PyArray1::zeros(py, [n], false).unbind(),
            terminated: PyArray1::zeros(py, [n], false).unbind(),
            truncated: PyArray1::zeros(py, [n], false).unbind(),
            lengths: PyArray1::zeros(py, [n], false).unbind(),
        };
        let Setup {
            battle,
            opponent,
            agent,
            illegal,
            seed,
            shaping,
            view,
            ..
        } = setup;
        batch.games = batch.run(py, || {
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
                    env.view = view;
                    make(env)
                })
                .collect()
        });
        Ok(batch)
    }

    /// Runs `f` on the batch's threads, without the GIL.
    pub fn run<R: Send>(&self, py: Python<'_>, f: impl FnOnce() -> R + Send) -> R {
        py.detach(|| match &self.pool {
            Some(pool) => pool.install(f),
            None => f(),
        })
    }

    /// Game `i` (a Python int): a `ValueError` naming the range when it is negative or
    /// huge, an `IndexError` when past the last game.
    pub fn game(&self, arg: &Bound<'_, PyAny>) -> PyResult<&G> {
        let n = self.games.len();
        let i = crate::errors::ranged(arg, "i", 0, u64::MAX).map_err(|e| {
            if e.is_instance_of::<PyValueError>(arg.py()) {
                PyValueError::new_err(format!("i must be 0 to {}, got {arg}", n - 1))
            } else {
                e
            }
        })?;
        usize::try_from(i)
            .ok()
            .and_then(|i| self.games.get(i))
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "env {i}: there are {n} envs (i must be 0 to {})",
                    n - 1
                ))
            })
    }

    /// Calls `f(i, game, rows)` for every game, in parallel without the GIL, with the
    /// game's rows of the buffers; the first error is returned.
    pub fn each<E: Send>(
        &mut self,
        py: Python<'_>,
        f: impl Fn(usize, &mut G, Rows<'_, F>) -> Result<(), E> + Send + Sync,
    ) -> Result<(), E> {
        let n = self.games.len();
        let floats = self.floats.each_ref().map(|f| f.bind(py).clone());
        let (mask, rewards) = (self.mask.bind(py).clone(), self.rewards.bind(py).clone());
        let (terminated, lengths) = (
            self.terminated.bind(py).clone(),
            self.lengths.bind(py).clone(),
        );
        let mut float_w = floats.each_ref().map(|f| f.readwrite());
        let (mut mask_w, mut rew_w) = (mask.readwrite(), rewards.readwrite());
        let (mut term_w, mut len_w) = (terminated.readwrite(), lengths.readwrite());
        // Each buffer cut into its games' rows, gathered per game.
        let mut float_rows = float_w.each_mut().map(|w| {
            let s = w.as_slice_mut().expect("own contiguous buffer");
            let len = s.len() / n;
            s.chunks_mut(len)
        });
        let mask_s = mask_w.as_slice_mut().expect("own contiguous buffer");
        let mask_len = mask_s.len() / n;
        let rows: Vec<Rows<'_, F>> = mask_s
            .chunks_mut(mask_len)
            .zip(rew_w.as_slice_mut().expect("own contiguous buffer"))
            .zip(term_w.as_slice_mut().expect("own contiguous buffer"))
            .zip(len_w.as_slice_mut().expect("own contiguous buffer"))
            .map(|(((mask, reward), terminated), length)| Rows {
                floats: float_rows
                    .each_mut()
                    .map(|rows| rows.next().expect("a row per game")),
                mask,
                reward,
                terminated,
                length,
            })
            .collect();
        let pool = &self.pool;
        let games = &mut self.games;
        py.detach(|| {
            let work = move || {
                games
                    .par_iter_mut()
                    .zip(rows)
                    .enumerate()
                    .map(|(i, (game, rows))| f(i, game, rows))
                    .collect::<Result<(), E>>()
            };
            match pool {
                Some(p) => p.install(work),
                None => work(),
            }
        })
    }

    /// The read-only views of the buffers a step returns.
    pub fn views<'py>(&self, py: Python<'py>) -> PyResult<Views<'py, F>> {
        Ok((
            all(self
                .floats
                .each_ref()
                .map(|f| read_only(f.bind(py).as_any())))?,
            read_only(self.mask.bind(py).as_any())?,
            read_only(self.rewards.bind(py).as_any())?,
            read_only(self.terminated.bind(py).as_any())?,
            read_only(self.truncated.bind(py).as_any())?,
        ))
    }

    /// The constructor's arguments that build this batch's games again, given the
    /// first game's env: what `__reduce__` returns beside the class.
    pub fn args(&self, env: &Env) -> Args {
        let battle = env.battle();
        let (kind, weight) = crate::py_env::shaping_words(env.shaping);
        (
            crate::scenario::PyScenario {
                inner: Arc::clone(&battle.scenario),
            },
            self.games.len(),
            self.words.opponent.clone(),
            env.agent.word(),
            self.words.illegal.clone(),
            self.words.seed,
            self.words.threads,
            battle.start.to_string(),
            None,
            (kind, weight),
            env.view.word(),
        )
    }

    /// The plies of each game that ended at the last step (0 for the others).
    pub fn lengths<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        read_only(self.lengths.bind(py).as_any())
    }
}

/// Every result, or the first error.
fn all<T, const F: usize>(results: [PyResult<T>; F]) -> PyResult<[T; F]> {
    let items = results.into_iter().collect::<PyResult<Vec<T>>>()?;
    items
        .try_into()
        .map_err(|_| pyo3::exceptions::PyRuntimeError::new_err("a buffer went missing"))
}

/// The actions of a step: a one-dimensional int64 numpy array of one per game.
pub fn actions(actions: &Bound<'_, PyAny>, n: usize, what: &str) -> PyResult<Vec<i64>> {
    let actions: PyReadonlyArray1<'_, i64> = actions.extract().map_err(|_| {
        PyTypeError::new_err("actions: expected a one-dimensional int64 numpy array")
    })?;
    let actions = actions
        .as_slice()
        .map_err(|_| PyValueError::new_err("actions: the array is not contiguous"))?;
    if actions.len() != n {
        return Err(PyValueError::new_err(format!(
            "actions: expected {n} {what} (one per env), got {}",
            actions.len()
        )));
    }
    Ok(actions.to_vec())
}

/// A read-only view of one of the env's buffers: a write to what `step` returned would
/// otherwise corrupt the next steps without a word.
pub fn read_only<'py>(array: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let view = array.call_method0("view")?;
    view.getattr("flags")?.setattr("writeable", false)?;
    Ok(view)
}

/// A zeroed buffer of `dims`, or `MemoryError` when it cannot be had (a large
/// `num_envs` under a memory limit), naming its size.
fn buffer<T: numpy::Element + Default + Clone>(what: &str, dims: &[usize]) -> PyResult<Vec<T>> {
    let len = dims
        .iter()
        .try_fold(1usize, |a, &d| a.checked_mul(d))
        .filter(|&n| n.checked_mul(std::mem::size_of::<T>()).is_some());
    let too_big = || {
        PyMemoryError::new_err(format!(
            "the {what} of {dims:?} do not fit in memory: fewer envs, or the compact actions"
        ))
    };
    let len = len.ok_or_else(too_big)?;
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| too_big())?;
    v.resize(len, T::default());
    Ok(v)
}
