//! `battaglie.Scenario`: a battle's map, forces and rules.

use std::sync::{Arc, Mutex};

use battaglie_rules::{Position, Scenario, Side};
use pyo3::prelude::*;

use crate::action::ActionSpace;
use crate::errors::{PyResultExt, ScenarioError};

/// A battle: map, terrain, rules, start position. `Scenario("washita")` is a built-in
/// battle (`washita`, `fetterman`, `apache-pass`); `Scenario.from_toml` reads a file's text.
#[pyclass(name = "Scenario", module = "battaglie", frozen)]
#[derive(Clone)]
pub struct PyScenario {
    pub inner: Arc<Scenario>,
}

/// The scenario named by `id` or given as a `Scenario`.
pub fn resolve(arg: &Bound<'_, PyAny>) -> PyResult<Arc<Scenario>> {
    if let Ok(s) = arg.extract::<PyRef<'_, PyScenario>>() {
        return Ok(Arc::clone(&s.inner));
    }
    let id: String = arg.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "scenario: expected a Scenario or a built-in id (washita, fetterman, apache-pass), got {}",
            arg.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))
    })?;
    builtin(&id)
}

fn builtin(id: &str) -> PyResult<Arc<Scenario>> {
    Scenario::builtin(id).ok_or_else(|| {
        let known: Vec<&str> = Scenario::builtins().iter().map(|s| s.id()).collect();
        ScenarioError::new_err(format!(
            "no built-in scenario {id:?}: the battles are {}",
            known.join(", ")
        ))
    })
}

/// `army` or `indians` (or `A`/`I`) as a side.
pub fn side(text: &str) -> PyResult<Side> {
    text.parse().py()
}

#[pymethods]
impl PyScenario {
    /// The built-in battle with this id.
    #[new]
    fn new(id: &str) -> PyResult<PyScenario> {
        Ok(PyScenario {
            inner: builtin(id)?,
        })
    }

    /// Reads a scenario from TOML text; `file` names the source in error messages.
    #[staticmethod]
    #[pyo3(signature = (text, file = "<string>"))]
    fn from_toml(text: &str, file: &str) -> PyResult<PyScenario> {
        Ok(PyScenario {
            inner: Scenario::from_toml(file, text).py()?,
        })
    }

    /// The built-in battles, in the chronological order of the battles.
    #[staticmethod]
    fn builtins() -> Vec<PyScenario> {
        Scenario::builtins()
            .iter()
            .map(|s| PyScenario {
                inner: Arc::clone(s),
            })
            .collect()
    }

    /// The id (`washita`).
    #[getter]
    fn id(&self) -> &str {
        self.inner.id()
    }
    /// The display name (`Washita River`).
    #[getter]
    fn name(&self) -> &str {
        self.inner.name()
    }
    /// The ISO date of the battle.
    #[getter]
    fn date(&self) -> &str {
        self.inner.date()
    }
    /// Files, west to east.
    #[getter]
    fn width(&self) -> u8 {
        self.inner.width()
    }
    /// Ranks, south to north.
    #[getter]
    fn height(&self) -> u8 {
        self.inner.height()
    }
    /// The most pieces one square may hold.
    #[getter]
    fn stack_limit(&self) -> u8 {
        self.inner.rules().stack_limit()
    }
    /// Plies without an elimination that end the game in a draw.
    #[getter]
    fn quiet_limit(&self) -> u32 {
        self.inner.rules().quiet_limit()
    }
    /// The start position in BFEN.
    #[getter]
    fn start_bfen(&self) -> String {
        Position::start(&self.inner).to_string()
    }
    /// The number of actions of the battle's action space (see `docs/python.md`).
    #[getter]
    fn num_actions(&self) -> PyResult<u64> {
        Ok(space(&self.inner)?.size())
    }
    /// The choices of each step of a factored action (see `docs/python.md`): the
    /// squares and the pass, then 5 directions (stay, N, E, S, W) per piece a stack holds.
    #[getter]
    fn factored_sizes(&self) -> Vec<usize> {
        crate::factored::sizes(&self.inner)
    }
    /// This battle with the game drawn after `limit` plies without an elimination
    /// (1 to 1,000,000) instead of its own limit: random play, which almost never
    /// eliminates within 100 plies, ends a good part of its games in a win with 1,000.
    fn with_quiet_limit(&self, limit: &Bound<'_, PyAny>) -> PyResult<PyScenario> {
        let limit = crate::errors::quiet_limit(Some(limit))?.expect("a limit was given");
        Ok(PyScenario {
            inner: self.inner.with_quiet_limit(limit).py()?,
        })
    }
    /// The display name of `side` (`army` or `indians`) in this battle.
    fn side_name(&self, side: &str) -> PyResult<String> {
        Ok(self.inner.side_name(self::side(side)?).to_string())
    }
    /// Pieces of each kind (Foot, Mounted, Vehicle) `side` starts with.
    fn forces(&self, side: &str) -> PyResult<(u32, u32, u32)> {
        let [f, m, v] = self.inner.forces(self::side(side)?);
        Ok((f, m, v))
    }
    /// The terrain name of a map square (`c5`); `None` for a staging square.
    fn terrain(&self, square: &str) -> PyResult<Option<String>> {
        let sq = crate::game::square(square)?;
        if !self.inner.contains(sq) {
            return Err(crate::errors::BattaglieError::new_err(format!(
                "{sq} is not on the {}x{} map",
                self.inner.width(),
                self.inner.height()
            )));
        }
        Ok(self.inner.terrain(sq).map(|t| t.name.clone()))
    }
    fn __repr__(&self) -> String {
        format!("Scenario({:?})", self.inner.id())
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, PyScenario>>()
            .is_ok_and(|o| o.inner.id() == self.inner.id())
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.id().hash(&mut h);
        h.finish()
    }
    /// A built-in battle travels by its id, any other by its text.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let id = self.inner.id();
        if Scenario::builtin_source(id) == Some(self.inner.source()) {
            let cls = py.get_type::<PyScenario>().into_any().unbind();
            return Ok((cls, (id.to_string(),)));
        }
        let from_toml = py.get_type::<PyScenario>().getattr("from_toml")?.unbind();
        Ok((from_toml, (self.inner.source().to_string(),)))
    }
}

/// The spaces made so far, by board width, height and stack limit.
type Spaces = Vec<((u8, u8, u8), Arc<ActionSpace>)>;

/// The action space of a scenario, or a clear error when it is too large. Made once
/// per board size and stack limit: OpenSpiel asks for it at every ply.
pub fn space(scenario: &Scenario) -> PyResult<Arc<ActionSpace>> {
    static SPACES: Mutex<Spaces> = Mutex::new(Vec::new());
    let key = (
        scenario.width(),
        scenario.height(),
        scenario.rules().stack_limit(),
    );
    let mut spaces = SPACES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, space)) = spaces.iter().find(|(k, _)| *k == key) {
        return Ok(Arc::clone(space));
    }
    let space = Arc::new(ActionSpace::new(scenario).ok_or_else(|| {
        crate::errors::ActionError::new_err(format!(
            "scenario {}: its action space does not fit in 63 bits",
            scenario.id()
        ))
    })?);
    spaces.push((key, Arc::clone(&space)));
    Ok(space)
}

/// The built-in scenario with this id.
pub fn resolve_id(id: &str) -> PyResult<Arc<Scenario>> {
    builtin(id)
}
