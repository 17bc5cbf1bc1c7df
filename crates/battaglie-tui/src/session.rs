//! What both front ends share: the game, who plays what, undo and redo, records.

use std::path::Path;
use std::sync::Arc;

use anyhow::{anyhow, Context};
use battaglie_rules::record::Record;
use battaglie_rules::{DrawReason, Game, Move, Outcome, Position, Scenario, Side, WinReason};

use crate::{Opponent, PlayOptions};

/// Reads a game record from `path` and replays it.
///
/// The file is JSON when its name ends in `.json` (or when it starts with `{`),
/// the text form otherwise. The record must be of `scenario` or of a built-in
/// battle.
///
/// # Errors
/// When the file cannot be read, is not a record, names another battle, or does
/// not replay (an illegal move, a result that does not match).
pub fn load_record(path: &Path, scenario: &Arc<Scenario>) -> anyhow::Result<Game> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        || text.trim_start().starts_with('{');
    let record = if json {
        Record::from_json(&text)
    } else {
        Record::read(&text)
    }
    .with_context(|| format!("cannot read {}", path.display()))?;
    let battle = if record.scenario == scenario.id() {
        scenario.clone()
    } else {
        Scenario::builtin(&record.scenario).ok_or_else(|| {
            anyhow!(
                "{} is a game of the battle {:?}, which is not built in: start that battle to load it",
                path.display(),
                record.scenario
            )
        })?
    };
    record
        .replay(&battle)
        .with_context(|| format!("cannot load {}", path.display()))
}

/// Writes `game` to `path` as a game record: JSON when the name ends in `.json`,
/// the text form otherwise. `army` and `indians` name the players.
///
/// # Errors
/// When the file cannot be written.
pub fn save_record(path: &Path, game: &Game, army: &str, indians: &str) -> anyhow::Result<()> {
    let record = Record::from_game(game, army, indians, None);
    let json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let text = if json {
        let mut t = record.to_json();
        if !t.ends_with('\n') {
            t.push('\n');
        }
        t
    } else {
        record.to_string()
    };
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// The result of a game in words: who won or that it is a draw, and why.
pub fn describe_outcome(game: &Game) -> Option<String> {
    let outcome = game.outcome()?;
    let s = game.position().scenario();
    Some(match outcome {
        Outcome::Win(side, reason) => {
            let loser = !side;
            let why = match reason {
                WinReason::Resignation => format!("the {} resigned", title(loser)),
                WinReason::Elimination => {
                    format!("the {} have no piece left", s.side_name(loser))
                }
            };
            format!(
                "Victory for the {} ({}) by {}: {why}.",
                title(side),
                s.side_name(side),
                reason.word()
            )
        }
        Outcome::Draw(reason) => {
            let why = match reason {
                DrawReason::Deadlock => "neither side can move".to_string(),
                DrawReason::Repetition => {
                    "the same position occurred for the third time".to_string()
                }
                DrawReason::Quiet => format!(
                    "{} plies in a row without an elimination",
                    s.rules().quiet_limit()
                ),
                DrawReason::Agreement => "the players agreed".to_string(),
            };
            format!("Draw by {}: {why}.", reason.word())
        }
    })
}

/// `Army` or `Indians`.
pub(crate) fn title(side: Side) -> &'static str {
    match side {
        Side::Army => "Army",
        Side::Indians => "Indians",
    }
}

/// A game with its players, and the moves taken back (for redo).
#[derive(Debug, Clone)]
pub(crate) struct Session {
    pub(crate) game: Game,
    pub(crate) redo: Vec<Move>,
    pub(crate) opponent: Opponent,
    pub(crate) human: Side,
}

impl Session {
    /// The session `options` ask for (loading the record if one is named).
    pub(crate) fn new(options: &PlayOptions) -> anyhow::Result<Session> {
        let game = match &options.load {
            Some(path) => load_record(path, &options.scenario)?,
            None => Game::new(Position::start(&options.scenario)),
        };
        Ok(Session {
            game,
            redo: Vec::new(),
            opponent: options.opponent,
            human: options.human_side,
        })
    }

    /// Whether a person plays the side to move.
    pub(crate) fn human_to_move(&self) -> bool {
        match self.opponent {
            Opponent::Hotseat => true,
            Opponent::Computer { .. } => self.game.position().side_to_move() == self.human,
        }
    }

    /// Whether the computer should move now.
    pub(crate) fn computer_to_move(&self) -> bool {
        !self.human_to_move() && !self.game.is_over()
    }

    /// The computer's level, when there is a computer.
    pub(crate) fn level(&self) -> Option<u8> {
        match self.opponent {
            Opponent::Computer { level } => Some(level),
            Opponent::Hotseat => None,
        }
    }

    /// Plays a move and forgets the moves taken back.
    pub(crate) fn play(&mut self, mv: &Move) -> Result<(), String> {
        self.game.try_play(mv).map_err(|e| e.to_string())?;
        self.redo.clear();
        Ok(())
    }

    /// Reads and plays a move and forgets the moves taken back.
    pub(crate) fn play_text(&mut self, text: &str) -> Result<Move, String> {
        let mv = self.game.play_text(text).map_err(|e| e.to_string())?;
        self.redo.clear();
        Ok(mv)
    }

    /// Takes back the last move; against the computer, until a person is to move
    /// again. Returns the moves taken back, last first.
    pub(crate) fn undo(&mut self) -> Vec<Move> {
        let mut undone = Vec::new();
        if self.game.settled().is_some() {
            // Take back the resignation (or agreed draw) alone: replay the moves.
            let mut game = Game::new(self.game.start().clone());
            for mv in self.game.moves() {
                if game.try_play(mv).is_err() {
                    break;
                }
            }
            self.game = game;
            return undone;
        }
        while let Some(mv) = self.game.undo() {
            self.redo.push(mv);
            undone.push(mv);
            if self.human_to_move() {
                break;
            }
        }
        undone
    }

    /// Plays again the moves taken back; against the computer, until a person is
    /// to move again. Returns the moves played.
    pub(crate) fn redo(&mut self) -> Vec<Move> {
        let mut done = Vec::new();
        while let Some(mv) = self.redo.pop() {
            if self.game.try_play(&mv).is_err() {
                self.redo.clear();
                break;
            }
            done.push(mv);
            if self.human_to_move() {
                break;
            }
        }
        done
    }

    /// The names written into saved records.
    pub(crate) fn player_names(&self) -> (String, String) {
        match self.opponent {
            Opponent::Hotseat => ("Player 1".into(), "Player 2".into()),
            Opponent::Computer { level } => {
                let computer = format!("Computer (level {level})");
                match self.human {
                    Side::Army => ("Player".into(), computer),
                    Side::Indians => (computer, "Player".into()),
                }
            }
        }
    }

    /// Saves the game to `path`.
    pub(crate) fn save(&self, path: &Path) -> anyhow::Result<()> {
        let (army, indians) = self.player_names();
        save_record(path, &self.game, &army, &indians)
    }

    /// Loads a game from `path`; the current game stays when that fails.
    pub(crate) fn load(&mut self, path: &Path) -> anyhow::Result<()> {
        let game = load_record(path, self.game.start().scenario())?;
        self.game = game;
        self.redo.clear();
        Ok(())
    }
}
