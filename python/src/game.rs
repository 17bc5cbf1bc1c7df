//! `battaglie.Move`, `Outcome`, `Position` and `Game`.

use std::sync::{Arc, OnceLock};

use battaglie_rules::record::Record;
use battaglie_rules::{
    perft, perft_played, random_playout, Game, Move, Outcome, Position, Rng, Square,
};
use numpy::PyArrayMethods;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::{Action, ActionError, GameOverError, PyResultExt, Seed};
use crate::factored::{self, Prefix};
use crate::listing::Legal;
use crate::scenario::{self, PyScenario};

/// A square in notation (`c5`, `@3`).
pub fn square(text: &str) -> PyResult<Square> {
    text.parse::<Square>()
        .map_err(|e| crate::errors::BattaglieError::new_err(e.to_string()))
}

/// A legal move of some position, in canonical notation when printed (`c3:FF-c4,Mxd3`).
#[pyclass(name = "Move", module = "battaglie", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove {
    pub inner: Move,
}

#[pymethods]
impl PyMove {
    /// The square the pieces leave; `None` for the pass.
    #[getter]
    fn source(&self) -> Option<String> {
        self.inner.from().map(|s| s.to_string())
    }
    /// Whether this is the pass.
    #[getter]
    fn is_pass(&self) -> bool {
        self.inner.is_pass()
    }
    /// Whether the move eliminates enemy pieces.
    #[getter]
    fn is_capture(&self) -> bool {
        self.inner.is_capture()
    }
    /// The groups: (destination, kinds arriving such as `FF`, whether they eliminate).
    #[getter]
    fn groups(&self) -> Vec<(String, String, bool)> {
        self.inner
            .groups()
            .map(|g| (g.to.to_string(), g.pieces.to_string(), g.capture))
            .collect()
    }
    /// The move from its packed form (what pickling stores).
    #[staticmethod]
    fn _from_bits(bits: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let bits = crate::errors::ranged(bits, "bits", 0, u64::MAX)?;
        Move::from_bits(bits)
            .map(|inner| PyMove { inner })
            .ok_or_else(|| {
                crate::errors::BattaglieError::new_err(format!("{bits} is not a packed move"))
            })
    }
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (u64,))> {
        let from_bits = py.get_type::<PyMove>().getattr("_from_bits")?.unbind();
        Ok((from_bits, (self.inner.to_bits(),)))
    }
    fn __str__(&self) -> String {
        self.inner.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Move({:?})", self.inner.to_string())
    }
}

/// How a game ended: `winner` (`army`, `indians` or `None`), `result` (`army`,
/// `indians`, `draw`) and `reason` (`elimination`, `resignation`, `deadlock`,
/// `repetition`, `quiet`, `agreement`).
#[pyclass(name = "Outcome", module = "battaglie", frozen, eq)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PyOutcome {
    pub inner: Outcome,
}

#[pymethods]
impl PyOutcome {
    /// The winning side, or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.inner.winner().map(|s| s.word())
    }
    /// `army`, `indians` or `draw`, as records write it.
    #[getter]
    fn result(&self) -> &'static str {
        self.inner.result_word()
    }
    /// Why the game ended, as records write it.
    #[getter]
    fn reason(&self) -> &'static str {
        self.inner.reason_word()
    }
    /// The points of `side`: 1 for a win, 0.5 for a draw, 0 for a loss.
    fn points(&self, side: &str) -> PyResult<f64> {
        let side = scenario::side(side)?;
        Ok(match self.inner.winner() {
            None => 0.5,
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
        })
    }
    /// The outcome of a result and a reason as records write them (what pickling stores).
    #[staticmethod]
    fn _from_words(result: &str, reason: &str) -> PyResult<PyOutcome> {
        Outcome::from_words(result, reason)
            .map(|inner| PyOutcome { inner })
            .ok_or_else(|| {
                crate::errors::BattaglieError::new_err(format!(
                    "no outcome is {result:?} by {reason:?}"
                ))
            })
    }
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (&'static str, &'static str))> {
        let from_words = py.get_type::<PyOutcome>().getattr("_from_words")?.unbind();
        Ok((from_words, (self.result(), self.reason())))
    }
    fn __str__(&self) -> String {
        self.inner.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Outcome({:?}, {:?})", self.result(), self.reason())
    }
}

/// A move given as a `Move` or as text, read in `pos`.
fn read_move(pos: &Position, arg: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = arg.extract::<PyRef<'_, PyMove>>() {
        return Ok(m.inner);
    }
    let text: String = arg.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "move: expected a Move or its notation (`c3:FF-c4`), got {}",
            arg.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    pos.parse_move(&text).py()
}

fn moves(list: Vec<Move>) -> Vec<PyMove> {
    list.into_iter().map(|inner| PyMove { inner }).collect()
}

/// A position of a battle: pieces, side to move, counters. It does not know the
/// history (repetition is the `Game`'s business).
#[pyclass(name = "Position", module = "battaglie")]
#[derive(Clone)]
pub struct PyPosition {
    pub inner: Position,
}

#[pymethods]
impl PyPosition {
    /// The position a BFEN describes in `scenario` (the start position when `bfen` is `None`).
    #[new]
    #[pyo3(signature = (scenario, bfen = None))]
    fn new(scenario: &Bound<'_, PyAny>, bfen: Option<&str>) -> PyResult<PyPosition> {
        let scenario = scenario::resolve(scenario)?;
        let inner = match bfen {
            None => Position::start(&scenario),
            Some(text) => Position::from_bfen(&scenario, text).py()?,
        };
        Ok(PyPosition { inner })
    }
    /// The scenario.
    #[getter]
    fn scenario(&self) -> PyScenario {
        PyScenario {
            inner: Arc::clone(self.inner.scenario()),
        }
    }
    /// The position in BFEN.
    #[getter]
    fn bfen(&self) -> String {
        self.inner.to_string()
    }
    /// `army` or `indians`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.inner.side_to_move().word()
    }
    /// The turn number (1 at the start, +1 after each Indian move).
    #[getter]
    fn turn(&self) -> u32 {
        self.inner.turn()
    }
    /// Plies since the last elimination.
    #[getter]
    fn quiet(&self) -> u32 {
        self.inner.quiet()
    }
    /// The Zobrist hash of the placement and the side to move.
    #[getter]
    fn hash(&self) -> u64 {
        self.inner.hash()
    }
    /// Pieces `side` has left.
    fn piece_count(&self, side: &str) -> PyResult<u32> {
        Ok(self.inner.piece_count(scenario::side(side)?))
    }
    /// The stack on `square`: (owner, kinds such as `FFM`), or `None` when empty.
    fn stack(&self, square: &str) -> PyResult<Option<(&'static str, String)>> {
        let sq = self::square(square)?;
        Ok(self.inner.stack(sq).map(|(s, p)| (s.word(), p.to_string())))
    }
    /// Every legal move (`[pass]` when nothing else is legal; none when the position ends the game).
    fn legal_moves(&self) -> Vec<PyMove> {
        moves(self.inner.legal_moves())
    }
    /// Reads a move in notation and checks it here.
    fn parse_move(&self, text: &str) -> PyResult<PyMove> {
        Ok(PyMove {
            inner: self.inner.parse_move(text).py()?,
        })
    }
    /// Plays a move (a `Move` or its notation) in place.
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let mv = read_move(&self.inner, mv)?;
        self.inner.try_play(&mv).py()?;
        Ok(PyMove { inner: mv })
    }
    /// The result as far as the position alone tells (win, deadlock, quiet limit).
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        self.inner.outcome().map(|inner| PyOutcome { inner })
    }
    /// How many move sequences of `depth` plies start here (protocol `perft`);
    /// `played` plays the last ply too. Releases the GIL.
    #[pyo3(signature = (depth, played = false))]
    fn perft(&self, py: Python<'_>, depth: &Bound<'_, PyAny>, played: bool) -> PyResult<u64> {
        let depth = u32::try_from(crate::errors::value(depth, "depth")?)
            .map_err(|_| PyValueError::new_err("depth must be below 2**32"))?;
        let mut pos = self.inner.clone();
        Ok(py.detach(|| {
            if played {
                perft_played(&mut pos, depth)
            } else {
                perft(&mut pos, depth)
            }
        }))
    }
    /// An independent copy of the position.
    fn copy(&self) -> PyPosition {
        self.clone()
    }
    fn __copy__(&self) -> PyPosition {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPosition {
        self.clone()
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, PyPosition>>()
            .is_ok_and(|o| o.inner == self.inner)
    }
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (PyScenario, String)) {
        let cls = py.get_type::<PyPosition>().into_any().unbind();
        (cls, (self.scenario(), self.inner.to_string()))
    }
    fn __str__(&self) -> String {
        self.inner.to_string()
    }
    fn __repr__(&self) -> String {
        format!(
            "Position({:?}, {:?})",
            self.inner.scenario().id(),
            self.inner.to_string()
        )
    }
}

/// A game: a start position, the moves played, repetition over the whole history,
/// and results the players settle (resignation, agreed draw).
#[pyclass(name = "Game", module = "battaglie")]
#[derive(Clone)]
pub struct PyGame {
    pub inner: Game,
    /// The legal moves by action, ascending, once asked for in this position: OpenSpiel
    /// lists the actions and then plays one, and that should not list them twice. A
    /// copy shares the list (a search copies a state, then lists its moves).
    legal: OnceLock<Arc<Legal>>,
    /// The factored rows of those moves, once asked for: the steps of one move (the
    /// OpenSpiel factored game, the factored envs) read them at every step.
    factored: OnceLock<Arc<factored::Table>>,
    /// The result in this position, once asked for: OpenSpiel asks whether the game is
    /// over and whose turn it is several times a ply, and each answer looks the
    /// placement up in the history.
    outcome: OnceLock<Option<Outcome>>,
}

impl From<Game> for PyGame {
    fn from(inner: Game) -> PyGame {
        PyGame {
            inner,
            legal: OnceLock::new(),
            factored: OnceLock::new(),
            outcome: OnceLock::new(),
        }
    }
}

impl PyGame {
    /// The legal moves by action, ascending (listed once per position).
    fn legal(&self) -> PyResult<&Legal> {
        if let Some(legal) = self.legal.get() {
            return Ok(legal);
        }
        let legal = if self.outcome().is_some() {
            Legal::default()
        } else {
            let space = scenario::space(self.inner.start().scenario())?;
            Legal::of(&space, self.inner.position())
        };
        Ok(self.legal.get_or_init(|| Arc::new(legal)))
    }

    /// The legal moves as factored rows (made once per position).
    fn factored(&self) -> PyResult<Arc<factored::Table>> {
        if let Some(table) = self.factored.get() {
            return Ok(Arc::clone(table));
        }
        let space = scenario::space(self.inner.start().scenario())?;
        let legal = self.legal()?;
        let table = factored::Table::new(
            &space,
            self.inner.position(),
            legal.iter().map(|(a, m)| (*a, m)),
        );
        Ok(Arc::clone(self.factored.get_or_init(|| Arc::new(table))))
    }

    /// The result, or `None` while the game goes on (worked out once per position).
    fn outcome(&self) -> Option<Outcome> {
        *self.outcome.get_or_init(|| self.inner.outcome())
    }

    /// Forgets what was listed and ruled in the position left.
    fn forget(&mut self) {
        self.legal = OnceLock::new();
        self.factored = OnceLock::new();
        self.outcome = OnceLock::new();
    }

    /// Plays a legal move of the list, forgetting the list.
    fn played(&mut self, mv: Move) -> PyMove {
        self.inner.play_listed(&mv);
        self.forget();
        PyMove { inner: mv }
    }

    /// The legal move an action number names, from the list.
    fn legal_move(&self, action: u64) -> PyResult<Move> {
        match self.legal()?.find(action) {
            Some(mv) => Ok(mv),
            None => move_of(&self.inner, action),
        }
    }
}

/// Replays a record (JSON or text) into a game.
pub fn replay(text: &str) -> PyResult<Game> {
    replay_in(text, None)
}

/// Replays a record in `scenario`, or in the built-in battle it names when `None`.
fn replay_in(text: &str, scenario: Option<Arc<battaglie_rules::Scenario>>) -> PyResult<Game> {
    let record = Record::read(text).py()?;
    let scenario = match scenario {
        Some(s) if s.id() == record.scenario => s,
        Some(s) => {
            return Err(crate::errors::RecordError::new_err(format!(
                "game record: its scenario is {:?}, not {:?}",
                record.scenario,
                s.id()
            )))
        }
        None => battaglie_rules::Scenario::builtin(&record.scenario).ok_or_else(|| {
            crate::errors::RecordError::new_err(format!(
                "game record: scenario {:?} is not a built-in battle (give the Scenario)",
                record.scenario
            ))
        })?,
    };
    record.replay(&scenario).py()
}

#[pymethods]
impl PyGame {
    /// A new game of `scenario` (a `Scenario` or a built-in id) from its start or from `bfen`.
    #[new]
    #[pyo3(signature = (scenario, bfen = None))]
    fn new(scenario: &Bound<'_, PyAny>, bfen: Option<&str>) -> PyResult<PyGame> {
        let start = PyPosition::new(scenario, bfen)?.inner;
        Ok(PyGame::from(Game::new(start)))
    }
    /// Replays a game record, JSON or text, checking every move and the result;
    /// `scenario` (a `Scenario`) for a battle that is not built in.
    #[staticmethod]
    #[pyo3(signature = (text, scenario = None))]
    fn from_record(text: &str, scenario: Option<PyScenario>) -> PyResult<PyGame> {
        Ok(PyGame::from(replay_in(text, scenario.map(|s| s.inner))?))
    }
    /// The scenario.
    #[getter]
    fn scenario(&self) -> PyScenario {
        PyScenario {
            inner: Arc::clone(self.inner.start().scenario()),
        }
    }
    /// The current position (a copy).
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: self.inner.position().clone(),
        }
    }
    /// The start position (a copy).
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition {
            inner: self.inner.start().clone(),
        }
    }
    /// The current position in BFEN.
    #[getter]
    fn bfen(&self) -> String {
        self.inner.position().to_string()
    }
    /// `army` or `indians`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.inner.position().side_to_move().word()
    }
    /// The moves played, in order.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        moves(self.inner.moves().copied().collect())
    }
    /// The number of plies played.
    fn __len__(&self) -> usize {
        self.inner.moves().len()
    }
    /// The result, or `None` while the game goes on.
    #[getter(outcome)]
    fn py_outcome(&self) -> Option<PyOutcome> {
        self.outcome().map(|inner| PyOutcome { inner })
    }
    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
    /// The player to move by OpenSpiel's numbers: 0 the Army, 1 the Indians, -4
    /// (terminal) once the game is over, in one call.
    #[getter]
    fn player_number(&self) -> i64 {
        if self.outcome().is_some() {
            return -4;
        }
        match self.inner.position().side_to_move() {
            battaglie_rules::Side::Army => 0,
            battaglie_rules::Side::Indians => 1,
        }
    }
    /// How many times the current placement has occurred (3 ends the game).
    #[getter]
    fn occurrences(&self) -> u32 {
        self.inner.occurrences()
    }
    /// The legal moves; none once the game is over (repetition included).
    fn legal_moves(&self) -> Vec<PyMove> {
        moves(self.inner.legal_moves())
    }
    /// Plays a move (a `Move` or its notation) and returns it.
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        if let Some(o) = self.inner.outcome() {
            return Err(GameOverError::new_err(format!(
                "the game is over ({o}): no move can be played"
            )));
        }
        let mv = read_move(self.inner.position(), mv)?;
        self.inner.try_play(&mv).py()?;
        self.forget();
        Ok(PyMove { inner: mv })
    }
    /// Takes back the last move (and any settled result); `None` at the start.
    fn undo(&mut self) -> Option<PyMove> {
        self.forget();
        self.inner.undo().map(|inner| PyMove { inner })
    }
    /// `side` resigns.
    fn resign(&mut self, side: &str) -> PyResult<()> {
        let side = scenario::side(side)?;
        self.forget();
        self.inner.resign(side).py()
    }
    /// The players agree a draw.
    fn agree_draw(&mut self) -> PyResult<()> {
        self.forget();
        self.inner.agree_draw().py()
    }
    /// The game record: `form` is `json` or `text` (the PGN-like form).
    #[pyo3(signature = (form = "json", army = "", indians = "", date = None))]
    fn record(
        &self,
        form: &str,
        army: &str,
        indians: &str,
        date: Option<&str>,
    ) -> PyResult<String> {
        let record = Record::from_game(&self.inner, army, indians, date);
        match form {
            "json" => Ok(record.to_json()),
            "text" => Ok(record.to_string()),
            other => Err(crate::errors::BattaglieError::new_err(format!(
                "record form {other:?}: expected `json` or `text`"
            ))),
        }
    }
    /// Perft from the current position (see `Position.perft`). Releases the GIL.
    #[pyo3(signature = (depth, played = false))]
    fn perft(&self, py: Python<'_>, depth: &Bound<'_, PyAny>, played: bool) -> PyResult<u64> {
        self.position().perft(py, depth, played)
    }
    /// Plays the game to its end by uniformly random legal moves from a seeded
    /// generator, without changing this game: (outcome, plies played). Releases the GIL.
    #[pyo3(signature = (seed = Seed(0)), text_signature = "($self, seed=0)")]
    fn random_playout(&self, py: Python<'_>, seed: Seed) -> (PyOutcome, u32) {
        let seed = seed.0;
        let game = &self.inner;
        let p = py.detach(|| {
            let mut rng = Rng::new(seed);
            random_playout(game, |n| rng.below(n))
        });
        (PyOutcome { inner: p.outcome }, p.plies)
    }
    /// The measure a `shaping` (as the envs take it: a weight of the material,
    /// `material`, `chance`, or a pair such as `("chance", 0.5)`) gives the current
    /// position for `side`, times its weight: the shaped rewards of the envs and of the
    /// OpenSpiel games are its changes over a step.
    #[pyo3(signature = (shaping, side = "army"))]
    fn shaped_value(&self, shaping: crate::py_env::ShapingArg, side: &str) -> PyResult<f32> {
        let side = scenario::side(side)?;
        let game = &self.inner;
        Ok(shaping
            .0
            .value(game.start(), game.position(), game.outcome(), side))
    }
    /// The legal actions (numbers in the battle's action space), ascending.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let legal = self.legal()?;
        crate::ints::list(py, legal.len(), legal.iter().map(|&(a, _)| a))
    }
    /// The action number of a move (a `Move` or its notation) legal now.
    fn action_of(&self, mv: &Bound<'_, PyAny>) -> PyResult<u64> {
        let mv = read_move(self.inner.position(), mv)?;
        Ok(scenario::space(self.inner.start().scenario())?.encode(&mv))
    }
    /// The legal move an action number names.
    fn move_of(&self, action: Action) -> PyResult<PyMove> {
        self.legal_move(action.0).map(|inner| PyMove { inner })
    }
    /// Plays the legal move an action number names.
    fn play_action(&mut self, action: Action) -> PyResult<PyMove> {
        let mv = self.legal_move(action.0)?;
        Ok(self.played(mv))
    }
    /// The observation tensor of the current position, shape (13, height, width + 1);
    /// `view="mover"` puts the side to move's pieces in planes 0-2 (see `docs/python.md`).
    #[pyo3(signature = (view = "absolute"))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        view: &str,
    ) -> PyResult<Bound<'py, numpy::PyArray3<f32>>> {
        let view = crate::py_env::view(view)?;
        let layout = crate::observation::layout_of(self.inner.start().scenario());
        let mut out = vec![0.0; layout.len()];
        let occurrences = self.inner.occurrences();
        layout.write(self.inner.position(), occurrences, view, &mut out);
        let [p, h, w] = layout.shape();
        numpy::PyArray1::from_vec(py, out).reshape([p, h, w])
    }
    /// The legal actions as a sparse numpy array (int64, ascending): the indices of
    /// the mask's ones, a few dozen numbers where the mask has 189,281 entries.
    fn legal_action_indices<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, numpy::PyArray1<i64>>> {
        let indices: Vec<i64> = self.legal()?.iter().map(|&(a, _)| a as i64).collect();
        Ok(numpy::PyArray1::from_vec(py, indices))
    }
    /// The legal actions as a mask (int8, one entry per action of the space, 1 where
    /// legal): what OpenSpiel's `legal_actions_mask` gives, as a numpy array.
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, numpy::PyArray1<i8>>> {
        let space = scenario::space(self.inner.start().scenario())?;
        let mask = numpy::PyArray1::<i8>::zeros(py, [space.size() as usize], false);
        {
            let mut w = mask.readwrite();
            let m = w.as_slice_mut().expect("a fresh contiguous array");
            for &(a, _) in self.legal()?.iter() {
                m[a as usize] = 1;
            }
        }
        Ok(mask)
    }
    /// The legal moves as factored actions (see `docs/python.md`): int64 of shape
    /// (legal moves, 1 + stack limit), each row the source square then each piece's
    /// direction (0 stay, 1 N, 2 E, 3 S, 4 W), in the order of `legal_action_indices`.
    fn factored_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<i64>>> {
        self.factored()?.array(py)
    }
    /// The mask (int8) of the factored step after `prefix`: the squares and the pass
    /// for an empty prefix, else the five directions of the next piece.
    #[pyo3(signature = (prefix = Prefix::default()), text_signature = "($self, prefix=())")]
    fn factored_mask<'py>(
        &self,
        py: Python<'py>,
        prefix: Prefix,
    ) -> PyResult<Bound<'py, numpy::PyArray1<i8>>> {
        let table = self.factored()?;
        factored::step_mask(py, &table, &prefix.0)
    }
    /// The ones of `factored_mask(prefix)`, ascending (int64): the sparse form.
    #[pyo3(signature = (prefix = Prefix::default()), text_signature = "($self, prefix=())")]
    fn factored_choices<'py>(
        &self,
        py: Python<'py>,
        prefix: Prefix,
    ) -> PyResult<Bound<'py, numpy::PyArray1<i64>>> {
        let table = self.factored()?;
        factored::step_choices(py, &table, &prefix.0)
    }
    /// The action number of the one legal move whose factored row begins with
    /// `prefix`, or `None` while several do.
    fn factored_action(&self, prefix: Prefix) -> PyResult<Option<u64>> {
        self.factored()?.action(&prefix.0)
    }
    /// The factored row of a legal action.
    fn factored_row(&self, action: Action) -> PyResult<Vec<i64>> {
        self.factored()?.row(action.0)
    }
    /// The board as a picture: an RGB array of shape (height, width, 3), uint8, drawn
    /// as the game's animated GIF draws it (the last move marked, the result once over).
    fn rgb_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray3<u8>>> {
        let picture = battaglie_image::game_picture(&self.inner);
        let (h, w) = (usize::from(picture.height()), usize::from(picture.width()));
        numpy::PyArray1::from_vec(py, picture.rgb()).reshape([h, w, 3])
    }
    /// An independent copy of the game, with its history.
    fn copy(&self) -> PyGame {
        self.clone()
    }
    fn __copy__(&self) -> PyGame {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String, PyScenario))> {
        let from_record = py.get_type::<PyGame>().getattr("from_record")?.unbind();
        Ok((
            from_record,
            (self.record("json", "", "", None)?, self.scenario()),
        ))
    }
    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, {} plies, {})",
            self.inner.start().scenario().id(),
            self.inner.moves().len(),
            self.inner
                .outcome()
                .map_or_else(|| "ongoing".to_string(), |o| o.to_string())
        )
    }
}

/// The legal move of `game` that an action number names.
pub fn move_of(game: &Game, action: u64) -> PyResult<Move> {
    let space = scenario::space(game.start().scenario())?;
    if action >= space.size() {
        return Err(ActionError::new_err(format!(
            "action {action} is outside the action space (0 to {})",
            space.size() - 1
        )));
    }
    if game.is_over() {
        return Err(GameOverError::new_err(
            "the game is over: no action is legal",
        ));
    }
    game.legal_moves()
        .into_iter()
        .find(|m| space.encode(m) == action)
        .ok_or_else(|| {
            let what = match space.decode(action) {
                None => "the pass".to_string(),
                Some((sq, counts)) => {
                    format!("from {sq} with counts {counts:?} (F, M, V x N, E, S, W)")
                }
            };
            ActionError::new_err(format!("action {action} ({what}) is not legal now"))
        })
}
