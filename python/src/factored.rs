//! The factored actions: a move chosen in steps, its source square and then each
//! piece's direction or "stay", with a mask per step.
//!
//! A move is the row `[source, d_1, ..., d_L]` (L the stack limit): `source` is a
//! square number of the action space (`squares`, one past the last, for the pass), then
//! one direction per piece of the source stack, its Foot first, then its Mounted, then
//! its Vehicles, each 0 stay, 1 north, 2 east, 3 south or 4 west. Pieces of one kind
//! are interchangeable, so their directions are listed ascending (one row per move),
//! and the slots past the stack's pieces hold 0. Which rows are legal comes from the
//! rules' legal moves: this module only writes them in another form.

use battaglie_rules::{Kind, Move, Position, Scenario};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;

use crate::action::ActionSpace;
use crate::errors::ActionError;

/// The choices of every step after the first: stay, north, east, south, west.
pub const DIRECTIONS: usize = 5;

/// The choices of each step of `scenario`: the squares and the pass, then
/// [`DIRECTIONS`] per piece a stack may hold.
pub fn sizes(scenario: &Scenario) -> Vec<usize> {
    let squares = usize::from(scenario.height()) * (usize::from(scenario.width()) + 1);
    let mut sizes = vec![squares + 1];
    sizes.resize(1 + usize::from(scenario.rules().stack_limit()), DIRECTIONS);
    sizes
}

/// The legal moves of a position as factored rows, beside their action numbers.
pub struct Table {
    /// Steps per row: 1 + the stack limit.
    width: usize,
    /// The choices of the first step (squares and the pass).
    sources: usize,
    /// The rows, one after another.
    rows: Vec<i64>,
    /// The action number of each row.
    actions: Vec<u64>,
}

impl Table {
    /// The rows of the legal moves `legal` (action numbers and moves) of `pos`, in
    /// the order given.
    pub fn new<'a>(
        space: &ActionSpace,
        pos: &Position,
        legal: impl Iterator<Item = (u64, &'a Move)>,
    ) -> Table {
        let sizes = sizes(pos.scenario());
        let (width, sources) = (sizes.len(), sizes[0]);
        let mut rows = Vec::new();
        let mut actions = Vec::new();
        for (action, mv) in legal {
            let start = rows.len();
            match mv.from() {
                Some(from) => {
                    let counts = crate::action::counts(mv);
                    rows.push(space.square_index(from) as i64);
                    let pieces = pos.stack(from).map(|(_, p)| p).unwrap_or_default();
                    for (k, kind) in Kind::ALL.iter().enumerate() {
                        let moving = &counts[4 * k..4 * k + 4];
                        let moved: u8 = moving.iter().sum();
                        let stay = pieces.count(*kind).saturating_sub(moved);
                        rows.extend(std::iter::repeat_n(0, usize::from(stay)));
                        for (dir, &n) in moving.iter().enumerate() {
                            rows.extend(std::iter::repeat_n(dir as i64 + 1, usize::from(n)));
                        }
                    }
                }
                None => rows.push(sources as i64 - 1),
            }
            rows.resize(start + width, 0);
            actions.push(action);
        }
        Table {
            width,
            sources,
            rows,
            actions,
        }
    }

    /// The rows of an env's legal moves now, by ascending action.
    pub fn of_env(env: &crate::env::Env) -> Table {
        let mut legal: Vec<(u64, &Move)> = env
            .actions()
            .iter()
            .copied()
            .zip(env.legal_moves())
            .collect();
        legal.sort_unstable_by_key(|&(a, _)| a);
        Table::new(&env.battle().space, env.position(), legal.into_iter())
    }

    fn rows(&self) -> impl Iterator<Item = (&[i64], u64)> {
        self.rows
            .chunks_exact(self.width)
            .zip(self.actions.iter().copied())
    }

    /// Checks a prefix of steps: not longer than a row, each choice within its step's.
    fn check(&self, prefix: &[i64]) -> PyResult<()> {
        if prefix.len() > self.width {
            return Err(ActionError::new_err(format!(
                "factored action {prefix:?}: at most {} steps (the square, then one per piece)",
                self.width
            )));
        }
        for (step, &choice) in prefix.iter().enumerate() {
            let size = if step == 0 { self.sources } else { DIRECTIONS };
            if !(0..size as i64).contains(&choice) {
                return Err(ActionError::new_err(format!(
                    "factored action {prefix:?}: step {step} is {choice}, outside 0 to {}",
                    size - 1
                )));
            }
        }
        Ok(())
    }

    /// The rows that begin with `prefix`, with their actions.
    fn matching<'a>(&'a self, prefix: &'a [i64]) -> impl Iterator<Item = (&'a [i64], u64)> {
        // Compared element by element: `starts_with` calls `memcmp` for these few
        // numbers (18% of a factored vector env's step in a profile).
        self.rows()
            .filter(move |(row, _)| row.iter().zip(prefix).all(|(a, b)| a == b))
    }

    /// The mask of the step after `prefix`: which choices some legal move goes on with.
    ///
    /// # Errors
    /// A prefix out of range or already a whole row (`ActionError`).
    pub fn mask(&self, prefix: &[i64]) -> PyResult<Vec<i8>> {
        self.check(prefix)?;
        if prefix.len() == self.width {
            return Err(ActionError::new_err(format!(
                "factored action {prefix:?}: every step is chosen, no step is left to mask"
            )));
        }
        let size = if prefix.is_empty() {
            self.sources
        } else {
            DIRECTIONS
        };
        let mut mask = vec![0i8; size];
        for (row, _) in self.matching(prefix) {
            mask[row[prefix.len()] as usize] = 1;
        }
        Ok(mask)
    }

    /// The action of the one legal move that begins with `prefix`; `None` while
    /// several do.
    ///
    /// # Errors
    /// A prefix out of range, or that no legal move begins with (`ActionError`).
    pub fn action(&self, prefix: &[i64]) -> PyResult<Option<u64>> {
        self.check(prefix)?;
        let mut found = self.matching(prefix).map(|(_, a)| a);
        match (found.next(), found.next()) {
            (Some(a), None) => Ok(Some(a)),
            (Some(_), Some(_)) => Ok(None),
            (None, _) => Err(ActionError::new_err(format!(
                "factored action {prefix:?}: no legal move begins so"
            ))),
        }
    }

    /// The row of a legal action.
    ///
    /// # Errors
    /// An action that is not legal now (`ActionError`).
    pub fn row(&self, action: u64) -> PyResult<Vec<i64>> {
        self.rows()
            .find(|&(_, a)| a == action)
            .map(|(row, _)| row.to_vec())
            .ok_or_else(|| ActionError::new_err(format!("action {action} is not legal now")))
    }

    /// The rows as a numpy array, shape (legal moves, 1 + stack limit).
    pub fn array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        PyArray1::from_vec(py, self.rows.clone()).reshape([self.actions.len(), self.width])
    }
}

/// The steps chosen so far: a sequence of integers, the square then directions. One
/// negative or past 2^63 is an `ActionError` (as it is out of every step's range).
#[derive(Debug, Clone, Default)]
pub struct Prefix(pub Vec<i64>);

impl<'a, 'py> FromPyObject<'a, 'py> for Prefix {
    type Error = PyErr;
    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Prefix> {
        let items: Vec<Bound<'py, PyAny>> = obj.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "factored action: expected a sequence of integers (the square, then directions)",
            )
        })?;
        items
            .iter()
            .map(|item| match item.extract::<i64>() {
                Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(obj.py()) => Err(
                    ActionError::new_err(format!("factored action: {item} is outside every step")),
                ),
                other => other,
            })
            .collect::<PyResult<_>>()
            .map(Prefix)
    }
}

/// The mask of the step after `prefix`, as a numpy array.
pub fn step_mask<'py>(
    py: Python<'py>,
    table: &Table,
    prefix: &[i64],
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    Ok(PyArray1::from_vec(py, table.mask(prefix)?))
}

/// The choices of the step after `prefix` that some legal move goes on with, ascending.
pub fn step_choices<'py>(
    py: Python<'py>,
    table: &Table,
    prefix: &[i64],
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let ones = table
        .mask(prefix)?
        .iter()
        .enumerate()
        .filter(|&(_, &m)| m != 0)
        .map(|(i, _)| i as i64)
        .collect();
    Ok(PyArray1::from_vec(py, ones))
}
