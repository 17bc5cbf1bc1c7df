//! The rules and the computer of battaglie for a browser: `battaglie-rules`,
//! `battaglie-ai` and the pictures of `battaglie-image` behind a small wasm-bindgen
//! interface, run in a Web Worker (`web/engine-worker.js`) so that a search never
//! freezes the page.
//!
//! Everything here is a thin translation: moves, positions and records travel as
//! the notation the rules crate reads and writes, analyses as the JSON the server
//! sends, and every refusal is the rules crate's own error, thrown as a JS `Error`.
//! The search is single-threaded in WebAssembly; a page stops it by ending the
//! worker, keeping the best move of the last iteration it heard of.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod coach;
mod learn;

pub use learn::LearnStage;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use battaglie_ai::analysis::{analyze, Analysis, Ending, MoveAnalysis, Progress, Summary};
use battaglie_ai::{offers_draw_again, report_score, Gesture, Info, Limits, Score, Sport};
use battaglie_image::{game_gif, game_png, GifError};
use battaglie_rules::record::Record;
use battaglie_rules::{perft, ClockReason, Game, Position, Scenario, Side};
use battaglie_tablebase::registry::installed;
use battaglie_view::{game_view, replay, scenario_view, write_legal};
use wasm_bindgen::prelude::*;

/// The ids of the built-in battles, in the rules crate's order.
#[wasm_bindgen(js_name = scenarioIds)]
pub fn scenario_ids() -> Vec<String> {
    Scenario::builtins()
        .iter()
        .map(|s| s.id().to_string())
        .collect()
}

/// The built-in battles as the page draws and describes them: the JSON of the
/// server's `GET /api/scenarios`.
#[wasm_bindgen(js_name = scenariosJson)]
pub fn scenarios_json() -> String {
    let views: Vec<_> = Scenario::builtins().iter().map(scenario_view).collect();
    serde_json::to_string(&views).expect("a battle always serialises")
}

/// The scenario file (TOML) of the built-in battle `id`.
#[wasm_bindgen(js_name = scenarioSource)]
pub fn scenario_source(id: &str) -> Result<String, JsError> {
    Scenario::builtin_source(id)
        .map(str::to_string)
        .ok_or_else(|| unknown_battle(id))
}

/// The positions of `battaglie bench`, each a game to search (the speed benchmark
/// compares the browser with the native program on them).
#[wasm_bindgen(js_name = benchPositions)]
pub fn bench_positions() -> Vec<Battle> {
    battaglie_match::bench_positions()
        .into_iter()
        .map(|(_, game)| Battle { game })
        .collect()
}

/// The search's signature (`battaglie_ai::bench`): its own set of positions searched
/// to `depth` plies on one thread, whose node count is pinned for the native search.
#[wasm_bindgen]
pub fn bench(depth: u32) -> Bench {
    let (nodes, time) = battaglie_ai::bench(depth);
    Bench {
        nodes: nodes as f64,
        ms: time.as_secs_f64() * 1000.0,
    }
}

/// What [`bench`] measured.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy)]
pub struct Bench {
    /// Nodes searched in all.
    pub nodes: f64,
    /// Milliseconds taken.
    pub ms: f64,
}

fn unknown_battle(id: &str) -> JsError {
    let known = scenario_ids().join(", ");
    JsError::new(&format!(
        "no battle is called {id:?} (the battles: {known})"
    ))
}

fn builtin(id: &str) -> Result<Arc<Scenario>, JsError> {
    Scenario::builtin(id).ok_or_else(|| unknown_battle(id))
}

fn error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A game: its start, the moves played and the position they reached.
#[wasm_bindgen]
pub struct Battle {
    game: Game,
}

#[wasm_bindgen]
impl Battle {
    /// A game of the built-in battle `scenario` (its id, e.g. `washita`), from the
    /// battle's start or from the position `bfen`.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario: &str, bfen: Option<String>) -> Result<Battle, JsError> {
        let scenario = builtin(scenario)?;
        Battle::starting(&scenario, bfen.as_deref())
    }

    /// A game of a scenario given as its file (`file` names it in errors), from its
    /// start or from the position `bfen`.
    #[wasm_bindgen(js_name = fromScenarioFile)]
    pub fn from_scenario_file(
        file: &str,
        toml: &str,
        bfen: Option<String>,
    ) -> Result<Battle, JsError> {
        let scenario = Scenario::from_toml(file, toml).map_err(error)?;
        Battle::starting(&scenario, bfen.as_deref())
    }

    /// The game a record holds, in either form (JSON or text), every move replayed
    /// and checked.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str) -> Result<Battle, JsError> {
        let record = Record::read(text).map_err(error)?;
        let scenario = builtin(&record.scenario)?;
        let game = record.replay(&scenario).map_err(error)?;
        Ok(Battle { game })
    }

    fn starting(scenario: &Arc<Scenario>, bfen: Option<&str>) -> Result<Battle, JsError> {
        let start = match bfen {
            None => Position::start(scenario),
            Some(text) => Position::from_bfen(scenario, text).map_err(error)?,
        };
        Ok(Battle {
            game: Game::new(start),
        })
    }

    /// The battle's id.
    #[wasm_bindgen(getter)]
    pub fn scenario(&self) -> String {
        self.game.start().scenario().id().to_string()
    }

    /// The current position in BFEN.
    #[wasm_bindgen(getter)]
    pub fn bfen(&self) -> String {
        self.game.position().to_string()
    }

    /// The side to move: `army` or `indians`.
    #[wasm_bindgen(getter, js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.game.position().side_to_move().to_string()
    }

    /// The moves played, in canonical notation.
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> Vec<String> {
        self.game.moves().map(|m| m.to_string()).collect()
    }

    /// The legal moves of the current position in canonical notation (none once the
    /// game is over).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    /// The moves `side` (`army` or `indians`) could make on the board as it stands,
    /// were it its turn (`Position::moves_of`): what a player may queue as a premove
    /// while the opponent is to move. Grouped by source as the state's `legal`.
    #[wasm_bindgen(js_name = premovesJson)]
    pub fn premoves_json(&self, side: &str) -> Result<String, JsError> {
        let side: Side = side.parse().map_err(error)?;
        let mut out = String::new();
        write_legal(&self.game.position().moves_of(side), &mut out);
        Ok(out)
    }

    /// Plays the move `text` (any notation the rules accept) and answers it in
    /// canonical notation; an illegal move is refused with the rule it breaks.
    pub fn play(&mut self, text: &str) -> Result<String, JsError> {
        self.game
            .play_text(text)
            .map(|m| m.to_string())
            .map_err(error)
    }

    /// Takes back the last move, answering it (`undefined` at the start).
    pub fn undo(&mut self) -> Option<String> {
        self.game.undo().map(|m| m.to_string())
    }

    /// How the game ended, in the protocol's status words (`win army`, `draw
    /// repetition`), or `undefined` while it goes on.
    #[wasm_bindgen(getter)]
    pub fn outcome(&self) -> Option<String> {
        self.game.outcome().map(|o| o.to_string())
    }

    /// Ends the game as the players or a clock settled it, in the state's words:
    /// `result` `army`, `indians` or `draw`, `reason` `resignation`, `agreement`,
    /// `time` or `abandoned` (the other endings are the rules' own); refused once
    /// the game is over.
    pub fn settle(&mut self, result: &str, reason: &str) -> Result<(), JsError> {
        let winner = match result {
            "draw" => None,
            side => Some(side.parse::<Side>().map_err(error)?),
        };
        let done = match (reason, winner) {
            ("resignation", Some(w)) => self.game.resign(!w),
            ("agreement", None) => self.game.agree_draw(),
            ("time", w) => self.game.end_by_clock(w, ClockReason::Time),
            ("abandoned", w) => self.game.end_by_clock(w, ClockReason::Abandoned),
            _ => {
                return Err(JsError::new(&format!(
                    "{result} by {reason} is not an ending the players settle"
                )))
            }
        };
        done.map_err(error)
    }

    /// The rules' fields of the game's state, as the server's state JSON writes them
    /// (`battaglie_view::game_view`): the offline edition adds the rest.
    #[wasm_bindgen(js_name = stateJson)]
    pub fn state_json(&self) -> String {
        serde_json::to_string(&game_view(&self.game)).expect("a state always serialises")
    }

    /// Every position of the game, for replaying it: the JSON of the server's
    /// `GET /api/games/{id}/positions`.
    #[wasm_bindgen(js_name = replayJson)]
    pub fn replay_json(&self) -> String {
        serde_json::to_string(&replay(&self.game)).expect("a replay always serialises")
    }

    /// The positions after plies `from` to `until` (0 is the start; by default the
    /// whole game) as an animated GIF, drawn as the server draws its
    /// `GET /api/games/{id}/gif`; a range the game does not have is refused.
    pub fn gif(&self, from: Option<u32>, until: Option<u32>) -> Result<Vec<u8>, JsError> {
        let plies = self.game.moves().len();
        let from = from.map_or(0, |p| p as usize);
        let until = until.map_or(plies, |p| p as usize);
        game_gif(&self.game, Some(from..=until)).map_err(error)
    }

    /// The position after ply `ply` (by default the last) as a PNG, drawn as the
    /// server draws its `GET /api/games/{id}/png`.
    pub fn png(&self, ply: Option<u32>) -> Result<Vec<u8>, JsError> {
        let plies = self.game.moves().len();
        let ply = ply.map_or(plies, |p| p as usize);
        if ply > plies {
            return Err(error(GifError::Range {
                from: ply,
                until: ply,
                plies,
            }));
        }
        let mut game = self.game.clone();
        while game.moves().len() > ply {
            game.undo();
        }
        game_png(&game).map_err(error)
    }

    /// The positions `depth` plies ahead, counted (perft).
    pub fn perft(&self, depth: u32) -> u64 {
        perft(&mut self.game.position().clone(), depth)
    }

    /// The game's record in its text form.
    #[wasm_bindgen(js_name = recordText)]
    pub fn record_text(&self, army: &str, indians: &str, date: Option<String>) -> String {
        Record::from_game(&self.game, army, indians, date.as_deref()).to_string()
    }

    /// The game's record in its JSON form.
    #[wasm_bindgen(js_name = recordJson)]
    pub fn record_json(&self, army: &str, indians: &str, date: Option<String>) -> String {
        Record::from_game(&self.game, army, indians, date.as_deref()).to_json()
    }

    /// The computer's move in the current position: at `level` (1 to 8, the
    /// computer opponent's levels), or within explicit bounds (`depth` plies,
    /// `nodes`, `movetime_ms`); `seed` makes a level's choices reproducible.
    /// `on_iteration` hears of each finished iteration (a [`Thought`]). Answers
    /// `undefined` when there is no move to make.
    pub fn think(
        &self,
        level: Option<u8>,
        depth: Option<u32>,
        nodes: Option<u32>,
        movetime_ms: Option<u32>,
        seed: Option<u64>,
        on_iteration: Option<js_sys::Function>,
    ) -> Result<Option<Thought>, JsError> {
        let limits = Limits {
            level: level.map(checked_level).transpose()?,
            depth,
            nodes: nodes.map(u64::from),
            movetime: movetime_ms.map(|ms| Duration::from_millis(ms.into())),
            seed,
            ..Limits::default()
        };
        let position = self.game.position();
        let stop = AtomicBool::new(false);
        let found = battaglie_ai::search(&self.game, &limits, &stop, |info| {
            if let Some(f) = &on_iteration {
                let thought = Thought::of(position, &limits, info, None);
                // A listener's exception must not end the search.
                let _ = f.call1(&JsValue::NULL, &thought.into());
            }
        });
        Ok(found.map(|r| Thought::of(position, &limits, &r.info, Some(r.best.to_string()))))
    }

    /// The computer's turn as the server plays it (`battaglie_ai::computer_turn`):
    /// its move at `level`, and whether it resigns instead or offers a draw with it.
    /// `scores` is its side's course of the game (what its last turn answered; none
    /// at the start and after a take-back), `offered_at` the length of the game when
    /// it last offered a draw. Answers `undefined` when there is no move to make.
    #[wasm_bindgen(js_name = computerTurn)]
    pub fn computer_turn(
        &self,
        level: u8,
        scores: Vec<String>,
        offered_at: Option<u32>,
        seed: Option<u64>,
    ) -> Result<Option<ComputerTurn>, JsError> {
        let limits = Limits {
            level: Some(checked_level(level)?),
            seed,
            ..Limits::default()
        };
        let mut sport = sport(&scores)?;
        let stop = AtomicBool::new(false);
        let Some(turn) =
            battaglie_ai::computer_turn(&self.game, &limits, &mut sport, &stop, |_| {})
        else {
            return Ok(None);
        };
        let after = self.game.moves().len() + 1;
        let (resigns, offers_draw, says) = match turn.gesture {
            Some(Gesture::Resign(why)) => (true, false, Some(why.word())),
            Some(Gesture::OfferDraw(why))
                if offers_draw_again(offered_at.map(|p| p as usize), after) =>
            {
                (false, true, Some(why.word()))
            }
            _ => (false, false, None),
        };
        Ok(Some(ComputerTurn {
            best: turn.best.to_string(),
            resigns,
            offers_draw,
            says: says.map(str::to_string),
            scores: sport.scores().iter().map(ToString::to_string).collect(),
        }))
    }

    /// Why the computer, playing `computer` (`army` or `indians`) with its course
    /// of the game `scores` (as [`Battle::computer_turn`] answered them), accepts a
    /// draw offered now, as it does on the server and in the words of its state's
    /// `computer_says` (`cannot-win`, `behind` ...); nothing when it declines.
    #[wasm_bindgen(js_name = computerAcceptsDraw)]
    pub fn computer_accepts_draw(
        &self,
        computer: &str,
        scores: Vec<String>,
    ) -> Result<Option<String>, JsError> {
        let side: Side = computer.parse().map_err(error)?;
        let pos = self.game.position();
        let why = sport(&scores)?.accepts_draw(pos, side, installed(pos.scenario()));
        Ok(why.map(|why| why.word().to_string()))
    }

    /// How many moves an undo takes back: the last one at one screen (no
    /// `computer`), against the computer (playing `computer`) back to before its
    /// opponent's last move; 0 when there is nothing to take back.
    #[wasm_bindgen(js_name = undoCount)]
    pub fn undo_count(&self, computer: Option<String>) -> Result<u32, JsError> {
        let computer = computer
            .map(|c| c.parse::<Side>())
            .transpose()
            .map_err(error)?;
        Ok(battaglie_ai::undo_count(&self.game, computer) as u32)
    }

    /// Every move of the game judged at `nodes` per position, as the JSON the
    /// server's analysis answers; `progress` hears the analysis as far as it has
    /// come (the same JSON) after each judged move, for a page to draw as it goes.
    pub fn analyse(&self, nodes: u32, progress: Option<js_sys::Function>) -> String {
        let limits = Limits {
            nodes: Some(nodes.into()),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let mut judged: Vec<MoveAnalysis> = Vec::new();
        let analysis = analyze(&self.game, &limits, &stop, |p: Progress<'_>| {
            let Some(f) = &progress else { return };
            judged.push(p.last.clone());
            let so_far = Analysis {
                scenario: self.scenario(),
                moves: judged.clone(),
                summary: Summary::of(&judged),
                result: Ending::of(&self.game),
                complete: p.done == p.total,
            };
            let _ = f.call1(&JsValue::NULL, &JsValue::from(json(&so_far)));
        });
        json(&analysis)
    }
}

fn checked_level(level: u8) -> Result<u8, JsError> {
    if (1..=battaglie_ai::MAX_LEVEL).contains(&level) {
        return Ok(level);
    }
    Err(JsError::new(&format!(
        "level {level} does not exist: the levels go from 1 to {}",
        battaglie_ai::MAX_LEVEL
    )))
}

/// A side's course of the game read back from its scores' words.
fn sport(scores: &[String]) -> Result<Sport, JsError> {
    let read: Result<Vec<Score>, _> = scores.iter().map(|s| s.parse::<Score>()).collect();
    Ok(Sport::with_scores(read.map_err(error)?))
}

/// What the computer does on its turn ([`Battle::computer_turn`]).
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone)]
pub struct ComputerTurn {
    /// The move it plays, in canonical notation (unless it resigns).
    pub best: String,
    /// Whether it resigns instead of moving.
    pub resigns: bool,
    /// Whether it offers a draw with its move.
    #[wasm_bindgen(js_name = offersDraw)]
    pub offers_draw: bool,
    /// Why it resigns or offers, as the server's state says it (`computer_says`).
    pub says: Option<String>,
    /// Its course of the game, to give back at its next turn.
    pub scores: Vec<String>,
}

fn json(analysis: &Analysis) -> String {
    serde_json::to_string(analysis).expect("an analysis always serialises")
}

/// What a search found: the move, the depth, the score and the line.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone)]
pub struct Thought {
    /// The move chosen (the line's first move while the search goes on).
    pub best: String,
    /// The last finished iteration's depth in plies.
    pub depth: u32,
    /// The reported score for programs (the page shows players none), for the side
    /// to move: centi-pieces (`35`), or `win 3` / `loss 4` in plies.
    pub score: String,
    /// Nodes searched.
    pub nodes: f64,
    /// Milliseconds since the search began.
    #[wasm_bindgen(js_name = timeMs)]
    pub time_ms: f64,
    /// The expected line, in canonical notation.
    pub line: Vec<String>,
}

impl Thought {
    fn of(position: &Position, limits: &Limits, info: &Info, best: Option<String>) -> Thought {
        let line: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        Thought {
            best: best.or_else(|| line.first().cloned()).unwrap_or_default(),
            depth: info.depth,
            score: report_score(position, limits, info).to_string(),
            nodes: info.nodes as f64,
            time_ms: info.time_ms as f64,
            line,
        }
    }
}
