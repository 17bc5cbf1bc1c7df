//! The Python exceptions: one class per error kind of the rules and the engine, all
//! under `battaglie.BattaglieError` (a `ValueError`), and the conversions into them.

use battaglie_rules::record::RecordError as RulesRecordError;
use battaglie_rules::{
    BfenError as RulesBfenError, GameOver, IllegalMoveError as RulesIllegalMoveError, MoveError,
    ParseBfenError, ParseMoveError, ParseSideError, PlayError, SetupError as RulesSetupError,
};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    battaglie,
    BattaglieError,
    PyValueError,
    "Base class of every error the rules and the engine report."
);
create_exception!(
    battaglie,
    ScenarioError,
    BattaglieError,
    "A scenario file that cannot be read: names the file, the key and the reason."
);
create_exception!(
    battaglie,
    BfenError,
    BattaglieError,
    "A BFEN that is not one, or does not fit the scenario (base of BfenParseError and SetupError)."
);
create_exception!(
    battaglie,
    BfenParseError,
    BfenError,
    "Text that is not a BFEN: names the field and, for the placement, the rank."
);
create_exception!(
    battaglie,
    SetupError,
    BfenError,
    "A BFEN that does not fit the scenario's map or rules: names the rank or square."
);
create_exception!(
    battaglie,
    MoveParseError,
    BattaglieError,
    "Text that is not a move at all (`c3:FF-c4`, `pass`)."
);
create_exception!(
    battaglie,
    IllegalMoveError,
    BattaglieError,
    "A well-formed move that breaks a rule in the position: names the square; `rule` names the rule (`stack_limit`, `terrain`...)."
);
create_exception!(
    battaglie,
    GameOverError,
    BattaglieError,
    "A move, resignation or draw offered after the game ended."
);
create_exception!(
    battaglie,
    RecordError,
    BattaglieError,
    "A game record that cannot be read or replayed: names the line, move or field."
);
create_exception!(
    battaglie,
    SideError,
    BattaglieError,
    "A side that is not `army` or `indians`."
);
create_exception!(
    battaglie,
    ActionError,
    BattaglieError,
    "An action number outside the action space, or not legal in the position."
);
create_exception!(
    battaglie,
    SpecError,
    BattaglieError,
    "A player specification (`level:8`, `nodes:5000,seed:3`) that cannot be read."
);

/// Registers the exception classes on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("BattaglieError", py.get_type::<BattaglieError>())?;
    m.add("ScenarioError", py.get_type::<ScenarioError>())?;
    m.add("BfenError", py.get_type::<BfenError>())?;
    m.add("BfenParseError", py.get_type::<BfenParseError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("MoveParseError", py.get_type::<MoveParseError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("SideError", py.get_type::<SideError>())?;
    m.add("ActionError", py.get_type::<ActionError>())?;
    m.add("SpecError", py.get_type::<SpecError>())?;
    Ok(())
}

/// The Python exception of a rules error.
pub trait IntoPyErr {
    /// The exception, with the error's message.
    fn py_err(self) -> PyErr;
}

impl IntoPyErr for battaglie_rules::ScenarioError {
    fn py_err(self) -> PyErr {
        ScenarioError::new_err(self.to_string())
    }
}

impl IntoPyErr for ParseBfenError {
    fn py_err(self) -> PyErr {
        BfenParseError::new_err(self.to_string())
    }
}

impl IntoPyErr for RulesSetupError {
    fn py_err(self) -> PyErr {
        SetupError::new_err(self.to_string())
    }
}

impl IntoPyErr for RulesBfenError {
    fn py_err(self) -> PyErr {
        match self {
            RulesBfenError::Parse(e) => e.py_err(),
            RulesBfenError::Setup(e) => e.py_err(),
        }
    }
}

impl IntoPyErr for ParseMoveError {
    fn py_err(self) -> PyErr {
        MoveParseError::new_err(self.to_string())
    }
}

impl IntoPyErr for ParseSideError {
    fn py_err(self) -> PyErr {
        SideError::new_err(self.to_string())
    }
}

impl IntoPyErr for RulesRecordError {
    fn py_err(self) -> PyErr {
        RecordError::new_err(self.to_string())
    }
}

impl IntoPyErr for GameOver {
    fn py_err(self) -> PyErr {
        GameOverError::new_err(self.to_string())
    }
}

/// An `IllegalMoveError` with the message and the rule's name.
fn illegal(message: String, rule: &RulesIllegalMoveError) -> PyErr {
    Python::attach(|py| {
        let err = IllegalMoveError::new_err(message);
        // Setting an attribute on a fresh exception cannot fail.
        let _ = err.value(py).setattr("rule", rule.rule());
        err
    })
}

impl IntoPyErr for PlayError {
    fn py_err(self) -> PyErr {
        let message = self.to_string();
        match self {
            PlayError::GameOver(_) => GameOverError::new_err(message),
            PlayError::Illegal { reason, .. } => illegal(message, &reason),
        }
    }
}

impl IntoPyErr for MoveError {
    fn py_err(self) -> PyErr {
        let message = self.to_string();
        match self {
            MoveError::Parse(e) => e.py_err(),
            MoveError::Illegal { reason, .. } => illegal(message, &reason),
            MoveError::GameOver(_) => GameOverError::new_err(message),
        }
    }
}

/// `?` for rules results: `result.py()?`.
pub trait PyResultExt<T> {
    /// The value, or the error as its Python exception.
    fn py(self) -> PyResult<T>;
}

impl<T, E: IntoPyErr> PyResultExt<T> for Result<T, E> {
    fn py(self) -> PyResult<T> {
        self.map_err(IntoPyErr::py_err)
    }
}

/// A non-negative whole number given as `what`: one that is negative or past 2^64 - 1
/// raises `err` naming it, not the `OverflowError` of a plain conversion.
pub fn whole(arg: &Bound<'_, PyAny>, what: &str, err: fn(String) -> PyErr) -> PyResult<u64> {
    arg.extract::<u64>().map_err(|e| {
        if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(arg.py()) {
            err(format!("{what} must be 0 to 2**64 - 1, got {arg}"))
        } else {
            e
        }
    })
}

/// A whole number argument `name` that must be `lo` to `hi`: any other (negative,
/// past the range, past any machine integer) raises a `ValueError` naming it and the
/// range, where a plain conversion raises `OverflowError`; what is not an integer at
/// all stays a `TypeError`.
pub fn ranged(arg: &Bound<'_, PyAny>, name: &str, lo: u64, hi: u64) -> PyResult<u64> {
    let out_of_range = || {
        let hi = if hi == u64::MAX {
            "2**64 - 1".to_string()
        } else {
            hi.to_string()
        };
        PyValueError::new_err(format!("{name} must be {lo} to {hi}, got {arg}"))
    };
    match arg.extract::<i128>() {
        Ok(n) => u64::try_from(n)
            .ok()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or_else(out_of_range),
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(arg.py()) => {
            Err(out_of_range())
        }
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{name}: expected an integer, got {}",
            arg.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))),
    }
}

/// [`ranged`] for an optional argument.
pub fn ranged_opt(
    arg: Option<&Bound<'_, PyAny>>,
    name: &str,
    lo: u64,
    hi: u64,
) -> PyResult<Option<u64>> {
    arg.map(|a| ranged(a, name, lo, hi)).transpose()
}

/// The quiet limits a scenario takes (its loader's range).
pub const QUIET_LIMITS: (u64, u64) = (1, 1_000_000);

/// A `quiet_limit` argument, checked against [`QUIET_LIMITS`]: out of range, a
/// `ScenarioError` (a `ValueError`), as the scenario's own limit out of range is.
pub fn quiet_limit(arg: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u32>> {
    let (lo, hi) = QUIET_LIMITS;
    let limit = ranged_opt(arg, "quiet_limit", lo, hi).map_err(|e| {
        Python::attach(|py| {
            if e.get_type(py).is(py.get_type::<PyValueError>()) {
                ScenarioError::new_err(e.value(py).to_string())
            } else {
                e
            }
        })
    })?;
    Ok(limit.map(|n| n as u32))
}

/// [`whole`] for a number the docs call a `ValueError` when out of range (seeds, depths).
pub fn value(arg: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    whole(arg, what, PyValueError::new_err)
}

/// [`whole`] for an action number: out of range it is an `ActionError`.
pub fn action(arg: &Bound<'_, PyAny>) -> PyResult<u64> {
    arg.extract::<u64>().map_err(|e| {
        if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(arg.py()) {
            ActionError::new_err(format!("action {arg} is outside the action space"))
        } else {
            e
        }
    })
}

/// A seed argument: any whole number 0 to 2^64 - 1, else a `ValueError`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Seed(pub u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;
    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Seed> {
        value(&obj, "seed").map(Seed)
    }
}

/// An action argument: a negative or huge one is an `ActionError`, as any action
/// outside the space is.
#[derive(Debug, Clone, Copy)]
pub struct Action(pub u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Action {
    type Error = PyErr;
    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Action> {
        action(&obj).map(Action)
    }
}
