//! The game in progress kept on disk after every change, so that a crash, a closed
//! terminal or a quit without saving loses nothing, and offered back at the next
//! start.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::anyhow;
use battaglie_rules::{file_error, Game, Move, Outcome, Position, Scenario, Side};

use crate::session::{free_name, read_record, replay_record, save_record, title, Session};
use crate::Opponent;

/// What the file holds: the start, the moves and any settlement.
type Held = (Position, Vec<Move>, Option<Outcome>);

fn held(game: &Game) -> Held {
    (
        game.start().clone(),
        game.moves().copied().collect(),
        game.settled(),
    )
}

/// An unfinished game found in the autosave, with who played it.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub(crate) game: Game,
    pub(crate) opponent: Opponent,
    pub(crate) human: Side,
}

impl Found {
    /// The game in words: battle, moves, players.
    pub(crate) fn describe(&self) -> String {
        let s = self.game.start().scenario();
        let who = match self.opponent {
            Opponent::Hotseat => "two players".to_string(),
            Opponent::Computer { level } => {
                format!("you the {} vs level {level}", title(self.human))
            }
        };
        let n = self.game.moves().len();
        let plural = if n == 1 { "" } else { "s" };
        // Moves of either side; the turn (both sides' moves) as the history numbers it.
        let turn = self
            .game
            .numbered_moves()
            .last()
            .map(|(ply, _)| format!(" through turn {}", ply.turn))
            .unwrap_or_default();
        format!("{}, {n} move{plural}{turn}, {who}", s.name())
    }

    /// A session on the game, counted as saved (the autosave holds it).
    pub(crate) fn session(self) -> Session {
        Session::from_game(self.game, self.opponent, self.human)
    }
}

/// The autosave file and what this run last wrote to it.
#[derive(Debug)]
pub(crate) struct Autosave {
    path: PathBuf,
    written: Option<Held>,
}

impl Autosave {
    pub(crate) fn new(path: PathBuf) -> Autosave {
        Autosave {
            path,
            written: None,
        }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the file holds the session's game as it is, unfinished, so that the
    /// next start offers it back.
    pub(crate) fn offers_back(&self, session: &Session) -> bool {
        !session.game.is_over() && self.written.as_ref() == Some(&held(&session.game))
    }

    /// The unfinished game in the file: `None` when there is no file, or its game
    /// is over or has no move.
    ///
    /// # Errors
    /// When the file cannot be read or replayed.
    pub(crate) fn find(&self, scenario: &Arc<Scenario>) -> anyhow::Result<Option<Found>> {
        if !self.path.exists() {
            return Ok(None);
        }
        let record = read_record(&self.path)?;
        let game = replay_record(&record, &self.path, scenario)?;
        if game.is_over() || game.moves().len() == 0 {
            return Ok(None);
        }
        let (opponent, human) = Session::players_from_names(&record.army, &record.indians)
            .unwrap_or((Opponent::Hotseat, Side::Army));
        Ok(Some(Found {
            game,
            opponent,
            human,
        }))
    }

    /// The unfinished game in the file, for `--resume`.
    ///
    /// # Errors
    /// When there is none, or it cannot be read.
    pub(crate) fn resume(&mut self, scenario: &Arc<Scenario>) -> anyhow::Result<Session> {
        let found = self.find(scenario)?.ok_or_else(|| {
            anyhow!(
                "there is no unfinished game to resume in {}",
                self.path.display()
            )
        })?;
        self.written = Some(held(&found.game));
        Ok(found.session())
    }

    /// Copies the file, which cannot be read, to a name beside it that no file
    /// has (`autosave-damaged.txt`), before the next move replaces it.
    fn copy_aside(&self) -> anyhow::Result<PathBuf> {
        let copy = free_name(&self.path.with_file_name("autosave-damaged.txt"), true)?;
        std::fs::copy(&self.path, &copy)
            .map_err(|e| anyhow!("cannot write {}", file_error(&copy, &e)))?;
        Ok(copy)
    }

    /// Writes the session's game unless the file holds it already. Until this run
    /// has written the file once, a game without a move leaves it alone, so that
    /// starting and leaving never overwrites an unfinished game. Returns whether
    /// the file was written.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub(crate) fn keep(&mut self, session: &Session) -> anyhow::Result<bool> {
        let now = held(&session.game);
        if self.written.as_ref() == Some(&now)
            || (self.written.is_none() && now.1.is_empty() && now.2.is_none())
        {
            return Ok(false);
        }
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| anyhow!("cannot create the folder {}", file_error(dir, &e)))?;
        }
        let (army, indians) = session.player_names();
        save_record(&self.path, &session.game, &army, &indians)?;
        self.written = Some(now);
        Ok(true)
    }
}

/// The session `options` ask for (the autosaved game with `options.resume`), and
/// the autosave to keep it in.
///
/// # Errors
/// When the record to load or the game to resume cannot be read.
pub(crate) fn open(options: &crate::PlayOptions) -> anyhow::Result<(Session, Option<Autosave>)> {
    let mut autosave = options.autosave.clone().map(Autosave::new);
    let session = match (&mut autosave, options.resume) {
        (Some(a), true) => a.resume(&options.scenario)?,
        (None, true) => return Err(anyhow!("there is no autosave to resume from")),
        (_, false) => Session::new(options)?,
    };
    Ok((session, autosave))
}

/// The unfinished game to offer back at the start: only when neither a record
/// nor the autosave itself was asked for.
///
/// # Errors
/// When the autosave is there but cannot be read.
pub(crate) fn offer(
    options: &crate::PlayOptions,
    autosave: Option<&Autosave>,
) -> anyhow::Result<Option<Found>> {
    match autosave {
        Some(a) if options.load.is_none() && !options.resume => {
            a.find(&options.scenario).map_err(|e| match a.copy_aside() {
                Ok(copy) => anyhow!(
                    "The autosaved game cannot be resumed ({e:#}): it is copied to {}, and the next move starts a new autosave.",
                    copy.display()
                ),
                Err(c) => anyhow!("The autosaved game cannot be resumed ({e:#}), nor copied aside ({c:#}): the next move replaces it."),
            })
        }
        _ => Ok(None),
    }
}
