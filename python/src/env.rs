//! One environment: a battle the agent plays against a built-in opponent (or both
//! sides, for self-play), stepped by action numbers. The Gymnasium env, the PettingZoo
//! env and the vector env all step this, so their trajectories agree by construction.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use battaglie_ai::{Limits, Score};
use battaglie_rules::{Game, Move, Outcome, Position, Rng, Rollout, Scenario, Side, WinReason};

use crate::action::ActionSpace;
use crate::observation::{Layout, View, Written};

/// Who answers the agent's moves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Opponent {
    /// Nobody: the agent plays both sides (rewards are the mover's).
    SelfPlay,
    /// A uniformly random legal move.
    Random,
    /// The engine with these limits.
    Engine(Limits),
}

/// What the agent does with an action that is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Illegal {
    /// The agent forfeits: it resigns, the episode ends with reward -1.
    Forfeit,
    /// The step is refused with an error; nothing changes.
    Raise,
}

/// A reward added to each step beside the result's, from the rewarded side's view.
/// Over a game the added rewards telescope: they sum to the weight times the change
/// from the start to the end.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shaping {
    /// The weight times the change of the side's lead in pieces over the step,
    /// divided by the pieces at the start (0: only the result is rewarded).
    Material(f32),
    /// The weight times the change of the side's winning chance over the step: the
    /// static evaluation's expected result (a win 1, a draw ½), the real result once
    /// the game is over.
    Chance(f32),
}

impl Shaping {
    /// The measure of `pos` (of a game from `start`, ended with `outcome` if over) for
    /// `side`, times the weight: the rewards of the shaping are its changes.
    pub fn value(
        self,
        start: &Position,
        pos: &Position,
        outcome: Option<Outcome>,
        side: Side,
    ) -> f32 {
        match self {
            Shaping::Material(w) | Shaping::Chance(w) if w == 0.0 => 0.0,
            Shaping::Material(w) => {
                let start = start.piece_count(Side::Army) + start.piece_count(Side::Indians);
                let lead = i64::from(pos.piece_count(side)) - i64::from(pos.piece_count(!side));
                w * lead as f32 / start.max(1) as f32
            }
            Shaping::Chance(w) => {
                let chance = match outcome {
                    Some(o) => match o.winner() {
                        Some(winner) if winner == side => 1.0,
                        Some(_) => 0.0,
                        None => 0.5,
                    },
                    None => {
                        let eval = battaglie_ai::evaluate(pos);
                        let eval = if pos.side_to_move() == side {
                            eval
                        } else {
                            -eval
                        };
                        battaglie_ai::win_chance(pos.scenario(), side, Score::Value(eval))
                    }
                };
                w * chance as f32
            }
        }
    }
}

/// The scenario-wide parts shared by every copy of an env.
#[derive(Debug)]
pub struct Battle {
    pub scenario: Arc<Scenario>,
    pub space: ActionSpace,
    pub layout: Layout,
    pub start: Position,
}

impl Battle {
    /// The battle of `scenario` from `start`; `None` when its action space is too large.
    pub fn new(scenario: Arc<Scenario>, start: Position) -> Option<Arc<Battle>> {
        Some(Arc::new(Battle {
            space: ActionSpace::new(&scenario)?,
            layout: Layout::new(&scenario),
            scenario,
            start,
        }))
    }
}

/// What one step did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step {
    /// +1 when the agent (or in self-play, the side that moved) won, -1 lost, else 0.
    pub reward: f32,
    /// Whether the game ended.
    pub terminated: bool,
    /// Whether the action was illegal and forfeited the game.
    pub forfeit: bool,
}

/// An action that cannot be stepped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepError {
    /// The game is over: reset first.
    Over,
    /// The action is not a legal move now.
    Illegal(u64),
}

/// One environment.
#[derive(Debug, Clone)]
pub struct Env {
    battle: Arc<Battle>,
    pub opponent: Opponent,
    /// The agent's side (ignored in self-play).
    pub agent: Side,
    pub illegal: Illegal,
    /// The reward added to each step beside the result.
    pub shaping: Shaping,
    /// Whose pieces the observation's first planes hold.
    pub view: View,
    rng: Rng,
    rollout: Rollout,
    moves: Vec<Move>,
    /// The actions of the legal moves now, in move generation order (those of `legal`).
    actions: Vec<u64>,
    outcome: Option<Outcome>,
    /// The agent resigned (an illegal action) in this game.
    forfeited: bool,
    /// The agent's legal moves (empty once the game is over).
    legal: Vec<Move>,
    /// What the buffer of [`Env::observe_into`] holds.
    written: Written,
}

impl Env {
    /// An env of `battle`, reset with `seed`.
    pub fn new(
        battle: Arc<Battle>,
        opponent: Opponent,
        agent: Side,
        illegal: Illegal,
        seed: u64,
    ) -> Env {
        let rollout = Rollout::from_position(battle.start.clone());
        let mut env = Env {
            battle,
            opponent,
            agent,
            illegal,
            shaping: Shaping::Material(0.0),
            view: View::Absolute,
            rng: Rng::new(seed),
            rollout,
            moves: Vec::new(),
            actions: Vec::new(),
            outcome: None,
            forfeited: false,
            legal: Vec::new(),
            written: Written::default(),
        };
        env.reset(Some(seed));
        env
    }

    /// The battle.
    pub fn battle(&self) -> &Arc<Battle> {
        &self.battle
    }

    /// A new game; with a seed the generator restarts from it, without one it goes on
    /// (so that an env reset without a seed plays another game).
    pub fn reset(&mut self, seed: Option<u64>) {
        if let Some(seed) = seed {
            self.rng = Rng::new(seed);
        }
        self.rollout = Rollout::from_position(self.battle.start.clone());
        self.moves.clear();
        self.outcome = None;
        self.forfeited = false;
        self.advance();
    }

    /// The generator's state and whether the agent forfeited: with [`Env::moves`],
    /// what [`Env::restore`] needs to rebuild this env in another process.
    pub fn saved(&self) -> (u64, bool) {
        (self.rng.state(), self.forfeited)
    }

    /// Replays `moves` from the start, then sets the generator's state and the forfeit
    /// ([`Env::saved`]).
    ///
    /// # Errors
    /// The first move that is not legal where it is played, leaving a fresh game.
    pub fn restore(&mut self, moves: &[Move], rng: u64, forfeited: bool) -> Result<(), Move> {
        self.reset(None);
        self.rollout = Rollout::from_position(self.battle.start.clone());
        self.moves.clear();
        for mv in moves {
            let ended = self.rollout.legal_moves_into(&mut self.legal);
            if ended.is_some() || !self.legal.contains(mv) {
                self.reset(None);
                return Err(*mv);
            }
            self.rollout.play(mv);
            self.moves.push(*mv);
        }
        self.rng = Rng::new(rng);
        self.written = Written::default();
        self.forfeited = forfeited;
        self.outcome = self.rollout.legal_moves_into(&mut self.legal);
        if forfeited {
            let loser = self.position().side_to_move();
            self.outcome = Some(Outcome::Win(!loser, WinReason::Resignation));
        }
        self.refresh();
        Ok(())
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.rollout.position()
    }

    /// The moves played since the reset.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The legal actions now, in move generation order.
    pub fn actions(&self) -> &[u64] {
        &self.actions
    }

    /// The legal moves now, in move generation order (those of [`Env::actions`]).
    pub fn legal_moves(&self) -> &[Move] {
        &self.legal
    }

    /// The game so far as a rules [`Game`] (with its history, for the engine and records).
    pub fn game(&self) -> Game {
        let mut game = Game::new(self.battle.start.clone());
        for mv in &self.moves {
            game.play(mv);
        }
        if self.forfeited && !game.is_over() {
            let loser = self.rollout.position().side_to_move();
            game.resign(loser).expect("the game is not over");
        }
        game
    }

    /// Plays the agent's action, then the opponent's answer.
    ///
    /// # Errors
    /// [`StepError::Over`] after the end; [`StepError::Illegal`] for an action that is
    /// not legal when illegal actions raise.
    pub fn step(&mut self, action: u64) -> Result<Step, StepError> {
        if self.outcome.is_some() {
            return Err(StepError::Over);
        }
        let mover = self.position().side_to_move();
        let Some(i) = self.actions.iter().position(|&a| a == action) else {
            if self.illegal == Illegal::Raise {
                return Err(StepError::Illegal(action));
            }
            self.forfeited = true;
            self.outcome = Some(Outcome::Win(!mover, WinReason::Resignation));
            self.actions.clear();
            self.legal.clear();
            return Ok(Step {
                reward: -1.0,
                terminated: true,
                forfeit: true,
            });
        };
        let perspective = if self.opponent == Opponent::SelfPlay {
            mover
        } else {
            self.agent
        };
        let before = self.shaped(perspective);
        let mv = self.legal[i];
        self.rollout.play(&mv);
        self.moves.push(mv);
        self.advance();
        let reward = match self.outcome.and_then(Outcome::winner) {
            Some(w) if w == perspective => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
        let reward = reward + self.shaped(perspective) - before;
        Ok(Step {
            reward,
            terminated: self.outcome.is_some(),
            forfeit: false,
        })
    }

    /// The shaping's measure of the position for `side`, times its weight.
    fn shaped(&self, side: Side) -> f32 {
        self.shaping
            .value(&self.battle.start, self.position(), self.outcome, side)
    }

    /// Lets the opponent play until the agent is to move, then lists the agent's
    /// moves and actions (or settles the outcome). The random opponent chooses without
    /// listing its moves ([`Rollout::play_random`]): the same move as picking from the
    /// full list with the same number, at a fraction of the cost.
    fn advance(&mut self) {
        loop {
            let mover = self.position().side_to_move();
            if self.opponent == Opponent::SelfPlay || mover == self.agent {
                self.outcome = self.rollout.legal_moves_into(&mut self.legal);
                break;
            }
            let mv = match self.opponent {
                Opponent::Random => {
                    let rng = &mut self.rng;
                    match self.rollout.play_random(|n| rng.below(n)) {
                        Some(mv) => mv,
                        None => {
                            self.outcome = self.rollout.outcome();
                            break;
                        }
                    }
                }
                Opponent::Engine(limits) => {
                    if let Some(outcome) = self.rollout.outcome() {
                        self.outcome = Some(outcome);
                        break;
                    }
                    let limits = Limits {
                        seed: limits.seed.or(Some(self.rng.next_u64())),
                        ..limits
                    };
                    let stop = AtomicBool::new(false);
                    let best = battaglie_ai::search(&self.game(), &limits, &stop, |_| {})
                        .expect("the game is not over")
                        .best;
                    self.rollout.play(&best);
                    best
                }
                Opponent::SelfPlay => unreachable!("self-play has no opponent"),
            };
            self.moves.push(mv);
        }
        self.refresh();
    }

    /// The actions of the new position's legal moves.
    fn refresh(&mut self) {
        if self.outcome.is_some() {
            self.legal.clear();
        }
        let space = &self.battle.space;
        self.actions.clear();
        self.actions
            .extend(self.legal.iter().map(|m| space.encode(m)));
    }

    /// Writes the observation into `out`.
    pub fn observe(&self, out: &mut [f32]) {
        let occurrences = self.rollout.occurrences();
        self.battle
            .layout
            .write(self.position(), occurrences, self.view, out);
    }

    /// Writes the observation into `out`, the env's own buffer, rewriting only what
    /// changed since the last call (all of it when `fresh`, as after a reset of the buffer).
    pub fn observe_into(&mut self, out: &mut [f32], fresh: bool) {
        if fresh {
            self.written = Written::default();
        }
        let position = self.rollout.position();
        let occurrences = self.rollout.occurrences();
        self.battle
            .layout
            .update(position, occurrences, self.view, out, &mut self.written);
    }

    /// Sets the mask entries of the legal actions in `mask` (which must be clear).
    pub fn set_mask(&self, mask: &mut [bool]) {
        for &a in &self.actions {
            mask[a as usize] = true;
        }
    }

    /// Clears the mask entries `set_mask` set.
    pub fn clear_mask(&self, mask: &mut [bool]) {
        for &a in &self.actions {
            mask[a as usize] = false;
        }
    }
}
