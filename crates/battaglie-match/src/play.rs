//! One game of a match, played to its end and its record.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use battaglie_ai::{Gesture, Limits, Sport};
use battaglie_rules::record::Record;
use battaglie_rules::{Game, Move, Outcome, Position, Rng, Scenario, Side};

use battaglie_tablebase::registry::installed;

use crate::engine::{go_timeout, Engine, EngineError};
use crate::jobs::Job;
use crate::player::Player;

/// How a game ended, from A's view, with its record.
#[derive(Debug, Clone)]
pub struct GameResult {
    /// The game's number, from 0.
    pub index: usize,
    /// The battle's id.
    pub battle: String,
    /// Whether A had the Army.
    pub a_is_army: bool,
    /// The result.
    pub outcome: Outcome,
    /// Plies played (the opening's included).
    pub plies: usize,
    /// The ply (counted from 1) of the game's first elimination, if any.
    pub first_elimination: Option<usize>,
    /// Why a player lost by forfeit (illegal move, crash, no answer).
    pub forfeit: Option<String>,
    /// Why a player resigned, or the players agreed a draw.
    pub settled: Option<String>,
    /// The JSON game record, on one line.
    pub record: String,
}

impl GameResult {
    /// A's points: 1, 0.5 or 0.
    pub fn a_points(&self) -> f64 {
        match self.outcome.winner() {
            None => 0.5,
            Some(Side::Army) if self.a_is_army => 1.0,
            Some(Side::Indians) if !self.a_is_army => 1.0,
            Some(_) => 0.0,
        }
    }
}

/// A player seated for one game.
enum Seat {
    Builtin(Limits, Sport),
    External { engine: Engine, go: String },
}

impl Seat {
    /// Seats `player`; a built-in engine without a seed of its own gets `seed`, so
    /// that the weak levels' randomness differs from game to game.
    fn new(player: &Player, scenario: &Scenario, seed: u64) -> Result<Seat, EngineError> {
        Ok(match player {
            Player::Builtin(l) => Seat::Builtin(
                Limits {
                    seed: l.seed.or(Some(seed)),
                    ..*l
                },
                Sport::new(),
            ),
            Player::External { command, go } => {
                let mut engine = Engine::spawn(command)?;
                engine.command(
                    &format!("scenario {}", scenario.id()),
                    Duration::from_secs(30),
                )?;
                Seat::External {
                    engine,
                    go: go.clone(),
                }
            }
        })
    }

    /// The move chosen in `game` (not over), checked against the rules, and whether a
    /// built-in player resigns or offers a draw instead.
    fn choose(&mut self, game: &Game) -> Result<(Move, Option<Gesture>), EngineError> {
        match self {
            Seat::Builtin(limits, sport) => {
                let stop = AtomicBool::new(false);
                let turn = battaglie_ai::computer_turn(game, limits, sport, &stop, |_| {})
                    .expect("the game is not over");
                Ok((turn.best, turn.gesture))
            }
            Seat::External { engine, go } => {
                let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
                let start = game.start();
                let position = if *start != Position::start(start.scenario()) {
                    format!("position bfen {start}")
                } else {
                    "position startpos".to_string()
                };
                let position = if moves.is_empty() {
                    position
                } else {
                    format!("{position} moves {}", moves.join(" "))
                };
                engine.command(&position, Duration::from_secs(30))?;
                let data = engine.command(go, go_timeout(go))?;
                let best = data
                    .iter()
                    .rev()
                    .find_map(|l| l.strip_prefix("bestmove "))
                    .ok_or(EngineError::NoBestMove)?
                    .trim()
                    .to_string();
                let mv = game
                    .position()
                    .parse_move(&best)
                    .map_err(|e| EngineError::Illegal {
                        mv: best.clone(),
                        reason: format!(": {e}"),
                    })?;
                if !game.legal_moves().contains(&mv) {
                    return Err(EngineError::Illegal {
                        mv: best,
                        reason: String::new(),
                    });
                }
                Ok((mv, None))
            }
        }
    }

    /// Whether this player accepts a draw offered in `game` (external programs decline).
    fn accepts_draw(&self, game: &Game, us: Side) -> bool {
        match self {
            Seat::Builtin(_, sport) => {
                let pos = game.position();
                sport.answer(pos, us, installed(pos.scenario())).is_some()
            }
            Seat::External { .. } => false,
        }
    }
}

/// Plays one game of a match between `a` and `b` (named `names` in the record, dated
/// `date`): a player whose engine fails forfeits, the reason in [`GameResult::forfeit`].
/// Built-in players resign lost positions and agree draws in dead ones (the reason in
/// [`GameResult::settled`]) unless `play_out` is set.
pub fn play(
    job: &Job,
    a: &Player,
    b: &Player,
    names: (&str, &str),
    date: &str,
    play_out: bool,
) -> GameResult {
    let mut game = Game::new(Position::start(&job.scenario));
    for mv in &job.opening {
        game.play(mv);
    }
    let (army, indians) = if job.a_is_army { (a, b) } else { (b, a) };
    let (army_name, indians_name) = if job.a_is_army {
        names
    } else {
        (names.1, names.0)
    };
    let mut forfeit = None;
    let mut seeds = Rng::new(job.seed);
    let seats = [
        Seat::new(army, &job.scenario, seeds.next_u64()),
        Seat::new(indians, &job.scenario, seeds.next_u64()),
    ];
    let mut seats: Vec<Option<Seat>> = seats
        .into_iter()
        .zip(Side::ALL)
        .map(|(seat, side)| {
            seat.map_err(|e| {
                forfeit.get_or_insert((side, e.to_string()));
            })
            .ok()
        })
        .collect();
    let mut settled = None;
    if forfeit.is_none() {
        while !game.is_over() {
            let side = game.position().side_to_move();
            let seat = seats[side.index()].as_mut().expect("both seats started");
            match seat.choose(&game) {
                Ok((_, Some(Gesture::Resign(why)))) if !play_out => {
                    game.resign(side).expect("the game is not over");
                    settled = Some(why.word().to_string());
                }
                Ok((mv, gesture)) => {
                    if let (Some(Gesture::OfferDraw(why)), false) = (gesture, play_out) {
                        let other = seats[(!side).index()].as_ref().expect("both seats started");
                        if other.accepts_draw(&game, !side) {
                            game.agree_draw().expect("the game is not over");
                            settled = Some(why.word().to_string());
                            continue;
                        }
                    }
                    game.play(&mv);
                }
                Err(e) => {
                    forfeit = Some((side, e.to_string()));
                    break;
                }
            }
        }
    }
    seats.clear();
    let forfeit = forfeit.map(|(side, why)| {
        if !game.is_over() {
            game.resign(side).expect("the game is not over");
        }
        let name = if side == Side::Army {
            army_name
        } else {
            indians_name
        };
        format!(
            "game {} ({}): {name} as {} forfeits: {why}",
            job.index + 1,
            job.scenario.id(),
            side.word()
        )
    });
    let record = Record::from_game(&game, army_name, indians_name, Some(date));
    let plies = game.moves().len();
    let first_elimination = game.moves().position(Move::is_capture).map(|i| i + 1);
    GameResult {
        index: job.index,
        battle: job.scenario.id().to_string(),
        a_is_army: job.a_is_army,
        outcome: game.outcome().expect("the game is over"),
        plies,
        first_elimination,
        forfeit,
        settled,
        record: serde_json::to_string(&record).expect("a record always serialises"),
    }
}
