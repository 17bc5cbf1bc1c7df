//! A stage being played: the game so far, the moves used, the opponent's replies, and
//! how it finished.

use std::sync::atomic::AtomicBool;

use battaglie_ai::{level_nodes, search, Limits};
use battaglie_rules::{Game, Move, Outcome, Side, Square};

use crate::lang::Lang;
use crate::lesson::{Opponent, Stage};
use crate::refusal::{refuse, Refusal};

/// How a stage finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    /// Every target holds: won in `moves` moves, for `stars` stars (1 to 3).
    Won {
        /// The player's moves used.
        moves: u32,
        /// The stars they earn.
        stars: u8,
    },
    /// The one-star budget is spent and the targets do not hold: the stage starts again.
    OutOfMoves,
    /// The game ended otherwise than the stage asks (a side eliminated, a draw).
    Ended(Outcome),
}

/// What a move tried in a stage did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The player's move.
    pub mv: Move,
    /// The other side's reply (a pass included), if the stage went on.
    pub reply: Option<Move>,
    /// How the stage finished, if it did.
    pub finish: Option<Finish>,
}

/// A stage in play.
#[derive(Debug, Clone)]
pub struct Run {
    stage: Stage,
    game: Game,
    played: u32,
    finish: Option<Finish>,
    /// The positions of the game before the current one, for the solver's states.
    seen: Vec<u64>,
    /// The `eliminate` squares where the player's move eliminated the enemy stack standing
    /// there (a stack the other side moved away was not eliminated), in order.
    taken: Vec<Square>,
}

impl Run {
    /// A stage from its start.
    pub fn new(stage: &Stage) -> Run {
        Run::unchecked(stage.clone())
    }

    pub(crate) fn unchecked(stage: Stage) -> Run {
        Run {
            game: Game::new(stage.start.clone()),
            stage,
            played: 0,
            finish: None,
            seen: Vec::new(),
            taken: Vec::new(),
        }
    }

    /// The stage played.
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The game so far (the start, the player's moves and the replies).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The player's moves so far.
    pub fn played(&self) -> u32 {
        self.played
    }

    /// The positions the game went through before the current one.
    pub(crate) fn seen(&self) -> &[u64] {
        &self.seen
    }

    /// The `eliminate` squares whose enemy stack the player has eliminated, for the
    /// solver's states.
    pub(crate) fn taken(&self) -> &[Square] {
        &self.taken
    }

    /// How the stage finished, if it has.
    pub fn finish(&self) -> Option<Finish> {
        self.finish
    }

    /// Tries a move written in notation: played (with the reply) when legal, or refused
    /// with the rule it breaks in `lang`, and the squares to mark. Nothing changes on a refusal.
    ///
    /// # Errors
    /// A [`Refusal`]: the text is not a move, the move breaks a rule, or the stage is over.
    pub fn try_move(&mut self, text: &str, lang: Lang) -> Result<Played, Refusal> {
        if self.finish.is_some() {
            return Err(Refusal::stage_over(lang));
        }
        let mv = self
            .game
            .position()
            .parse_move(text)
            .map_err(|e| refuse(self.game.position(), text, &e, lang))?;
        Ok(self.play(&mv))
    }

    /// Plays a legal move of the player and the reply; the caller has checked it.
    pub(crate) fn play(&mut self, mv: &Move) -> Played {
        self.play_with(mv, Run::reply)
    }

    /// Plays a legal move of the player and the reply `choose` picks (asked only when the
    /// stage goes on to a reply): the solver tries every reply this way.
    pub(crate) fn play_with(&mut self, mv: &Move, choose: impl FnOnce(&Run) -> Move) -> Played {
        let player = self.stage.player();
        self.seen.push(self.game.position().hash());
        let enemy_on = |game: &Game, sq| matches!(game.position().stack(sq), Some((side, _)) if side != player);
        let standing: Vec<Square> = (self.stage.targets.eliminate.iter().copied())
            .filter(|&sq| enemy_on(&self.game, sq))
            .collect();
        self.game.play(mv);
        self.played += 1;
        // On the player's move the other side's stacks stay put: one gone was eliminated.
        for sq in standing {
            if !enemy_on(&self.game, sq) && !self.taken.contains(&sq) {
                self.taken.push(sq);
            }
        }
        if let Some(finish) = self.judge(false) {
            self.finish = Some(finish);
            return Played {
                mv: *mv,
                reply: None,
                finish: Some(finish),
            };
        }
        // Out of moves: the reply is not played, unless a round must be completed.
        let out = self.played >= self.stage.stars[2];
        if out && self.stage.targets.survive.is_none() {
            self.finish = Some(Finish::OutOfMoves);
            return Played {
                mv: *mv,
                reply: None,
                finish: self.finish,
            };
        }
        let mut reply = None;
        if self.game.position().side_to_move() != player {
            let r = choose(self);
            self.seen.push(self.game.position().hash());
            self.game.play(&r);
            reply = Some(r);
        }
        self.finish = self.judge(true).or(out.then_some(Finish::OutOfMoves));
        Played {
            mv: *mv,
            reply,
            finish: self.finish,
        }
    }

    /// The other side's move now: the computer's choice, or its fixed reply when legal,
    /// else the pass when the rules allow it, else its first legal move.
    pub(crate) fn reply(&self) -> Move {
        let legal = self.game.legal_moves();
        match &self.stage.opponent {
            Opponent::Replies(list) => {
                let fixed = list
                    .get(self.played as usize - 1)
                    .and_then(|t| self.game.position().parse_move(t).ok());
                if let Some(mv) = fixed {
                    return mv;
                }
            }
            Opponent::Computer { level } => {
                if let Some(found) = computer_search(&self.game, *level) {
                    return found;
                }
            }
            Opponent::None => {}
        }
        legal
            .iter()
            .find(|m| m.is_pass())
            .or(legal.first())
            .copied()
            .unwrap_or(Move::PASS)
    }

    /// Whether the targets hold now (`after_reply`: a round is complete), or the game ended
    /// against them.
    fn judge(&self, after_reply: bool) -> Option<Finish> {
        let player = self.stage.player();
        if self.targets_hold(player, after_reply) {
            // Never past the one-star budget: the stage stops there.
            return Some(Finish::Won {
                moves: self.played,
                stars: self.stage.stars_for(self.played),
            });
        }
        self.game.outcome().map(Finish::Ended)
    }

    /// Whether the player's moves eliminated an enemy stack on every `eliminate` square.
    fn eliminated(&self) -> bool {
        let t = &self.stage.targets;
        t.eliminate.iter().all(|sq| self.taken.contains(sq))
    }

    fn targets_hold(&self, player: Side, after_reply: bool) -> bool {
        let t = &self.stage.targets;
        let pos = self.game.position();
        let outcome = self.game.outcome();
        let mine = |sq| matches!(pos.stack(sq), Some((side, _)) if side == player);
        t.reach.iter().all(|&sq| mine(sq))
            && self.eliminated()
            && t.gather.is_none_or(|(sq, n)| {
                matches!(pos.stack(sq), Some((side, p)) if side == player && p.total() >= n)
            })
            && (!t.win || matches!(outcome, Some(Outcome::Win(w, _)) if w == player))
            && t.draw.is_none_or(|d| outcome == Some(Outcome::Draw(d)))
            && t.survive.is_none_or(|n| {
                after_reply
                    && self.played >= n
                    && pos.piece_count(player) > 0
                    && !matches!(outcome, Some(Outcome::Win(w, _)) if w != player)
            })
    }
}

/// The computer's move at `level` in `game`: a node budget (no time cap) and the default
/// seed, so the same game always gets the same move, on any machine however busy.
fn computer_search(game: &Game, level: u8) -> Option<Move> {
    let limits = Limits {
        level: Some(level),
        nodes: level_nodes(level),
        ..Limits::default()
    };
    search(game, &limits, &AtomicBool::new(false), |_| {}).map(|found| found.best)
}
