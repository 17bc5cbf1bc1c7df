//! What both front ends share: the game, who plays what, undo and redo, records.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{anyhow, Context};
use battaglie_rules::record::Record;
use battaglie_rules::{
    file_error, DrawReason, Game, Move, Outcome, Position, Scenario, Side, WinReason,
};
use battaglie_tablebase::registry::installed;

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
    replay_record(&read_record(path)?, path, scenario)
}

/// Reads the game record at `path` (JSON or the text form, as [`load_record`] says).
pub(crate) fn read_record(path: &Path) -> anyhow::Result<Record> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow!("cannot read {}", file_error(path, &e)))?;
    let json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        || text.trim_start().starts_with('{');
    if json {
        Record::from_json(&text)
    } else {
        Record::read(&text)
    }
    .with_context(|| format!("cannot read {}", path.display()))
}

/// Replays `record` (read from `path`) in `scenario`, or in the built-in battle it names.
pub(crate) fn replay_record(
    record: &Record,
    path: &Path,
    scenario: &Arc<Scenario>,
) -> anyhow::Result<Game> {
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
/// The file is written whole beside `path` and then renamed over it, so that a
/// crash or a full disk never leaves half a record in place of the last one.
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
    write_whole(path, &text).map_err(|e| anyhow!("cannot save to {}", file_error(path, &e)))
}

/// The first name beside `path` that no file has: `game.txt` gives `game-2.txt`,
/// `game-3.txt`...; with `itself`, `path` first when no file has it.
pub(crate) fn free_name(path: &Path, itself: bool) -> anyhow::Result<PathBuf> {
    if itself && !path.exists() {
        return Ok(path.to_path_buf());
    }
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (2..1000)
        .map(|n| path.with_file_name(format!("{stem}-{n}{ext}")))
        .find(|p| !p.exists())
        .ok_or_else(|| {
            anyhow!(
                "{} and 998 numbered names beside it are all taken",
                path.display()
            )
        })
}

/// Writes `text` to a temporary file beside `path`, flushes it to the disk and
/// renames it over `path`.
pub(crate) fn write_whole(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    let partial = path.with_file_name(name);
    let mut file = std::fs::File::create(&partial)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&partial, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&partial);
    })
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
                    // The Army's forces are one body (a column, a command), the
                    // Indians' several peoples: the verb agrees.
                    let has = match loser {
                        Side::Army => "has",
                        Side::Indians => "have",
                    };
                    format!("the {} {has} no piece left", s.side_name(loser))
                }
                WinReason::Time => format!("the {} ran out of time", title(loser)),
                WinReason::Abandoned => format!("the {} left the game", title(loser)),
            };
            format!(
                "Victory for the {} ({}) {}: {why}.",
                title(side),
                s.side_name(side),
                reason.how()
            )
        }
        Outcome::Draw(reason) => {
            let why = match reason {
                DrawReason::Deadlock => "neither side can move".to_string(),
                DrawReason::Repetition => {
                    "the same position occurred for the third time".to_string()
                }
                DrawReason::Quiet => format!(
                    "{} moves in a row without an elimination",
                    s.rules().quiet_limit()
                ),
                DrawReason::Agreement => "the players agreed".to_string(),
                DrawReason::Time => {
                    "a clock ran out, and its opponent could never have won".to_string()
                }
                DrawReason::Abandoned => {
                    "a player left, and the opponent claimed a draw".to_string()
                }
            };
            format!("Draw {}: {why}.", reason.how())
        }
    })
}

/// `Army` or `Indians`.
pub(crate) fn title(side: Side) -> &'static str {
    side.title()
}

/// How saved records name the two players of a game at one keyboard.
const HOTSEAT: [&str; 2] = ["Player 1", "Player 2"];

/// How saved records name the person playing against the computer.
const PERSON: &str = "Player";

/// How saved records name the computer, before its level and `)`.
const COMPUTER: &str = "Computer (level ";

/// A game with its players, and the moves taken back (for redo).
#[derive(Debug, Clone)]
pub(crate) struct Session {
    pub(crate) game: Game,
    pub(crate) redo: Vec<Move>,
    pub(crate) opponent: Opponent,
    pub(crate) human: Side,
    /// The moves (and settlement) as last saved or loaded: anything else is unsaved.
    saved: (Vec<Move>, Option<Outcome>),
    /// The computer's course of this game (whether to resign); a new session, whether
    /// new, loaded or resumed, starts it afresh.
    sport: battaglie_ai::Sport,
    /// The file this game was loaded from or last saved to: saving there again
    /// replaces it, saving onto any other existing file does not.
    own_file: Option<PathBuf>,
}

impl Session {
    /// The session `options` ask for. A record named to load brings its game and,
    /// when it was saved here, who played it (the person's side and the computer's
    /// level, from its player tags); otherwise `options` say who plays.
    pub(crate) fn new(options: &PlayOptions) -> anyhow::Result<Session> {
        let mut session = Session::from_game(
            Game::new(Position::start(&options.scenario)),
            options.opponent,
            options.human_side,
        );
        if let Some(path) = &options.load {
            session.load(path)?;
        }
        Ok(session)
    }

    /// A session on `game`, counted as saved as it is.
    pub(crate) fn from_game(game: Game, opponent: Opponent, human: Side) -> Session {
        let saved = (game.moves().copied().collect(), game.settled());
        Session {
            game,
            redo: Vec::new(),
            opponent,
            human,
            saved,
            sport: battaglie_ai::Sport::new(),
            own_file: None,
        }
    }

    /// Whether moves were played (or taken back) since the game was saved or loaded.
    pub(crate) fn is_dirty(&self) -> bool {
        !self.game.moves().eq(self.saved.0.iter()) || self.game.settled() != self.saved.1
    }

    fn mark_saved(&mut self) {
        self.saved = (self.game.moves().copied().collect(), self.game.settled());
    }

    /// Whether the human has a move of their own to take back.
    fn human_has_moved(&self) -> bool {
        match self.opponent {
            Opponent::Hotseat => self.game.moves().len() > 0,
            Opponent::Computer { .. } => self
                .game
                .numbered_moves()
                .any(|(ply, _)| ply.side == self.human),
        }
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
        if !self.human_has_moved() {
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

    /// Whether the computer accepts a draw now: as online and offline on the web
    /// ([`battaglie_ai::Sport::accepts_draw`]: the endgame table, no way left to win,
    /// or the outlook giving it less than an even chance).
    pub(crate) fn computer_accepts_draw(&self) -> bool {
        let pos = self.game.position();
        self.sport
            .accepts_draw(pos, !self.human, installed(pos.scenario()))
            .is_some()
    }

    /// The computer's side's winning chance, the one the status panel shows: the
    /// outlook's score its last move recorded, or, before it has moved, the
    /// outlook's of the position now ([`battaglie_ai::outlook`]).
    pub(crate) fn computer_chance(&self) -> f64 {
        let computer = !self.human;
        let pos = self.game.position();
        let score = match self.sport.scores().last() {
            Some(&score) => score,
            None if pos.side_to_move() == computer => battaglie_ai::outlook(pos),
            None => battaglie_ai::outlook(pos).flipped(),
        };
        battaglie_ai::win_chance(pos.scenario(), computer, score)
    }

    /// Why the computer declined a draw, in the status panel's words: its side's
    /// winning chance ([`Session::computer_chance`]), the panel's number.
    pub(crate) fn draw_refusal(&self) -> String {
        format!(
            "The computer declines the draw: it gives the {} a {}% winning chance.",
            title(!self.human),
            crate::describe::percent(self.computer_chance())
        )
    }

    /// The computer's search budget: its level's.
    pub(crate) fn computer_limits(&self) -> battaglie_ai::Limits {
        battaglie_ai::Limits {
            level: self.level(),
            ..Default::default()
        }
    }

    /// Follows the computer's turn (its sport records the outlook's score of the
    /// position, [`battaglie_ai::outlook`]) and lets it resign when its course of
    /// this game says the position is lost. Returns the recorded score (the
    /// computer's view) and, when it resigned, why.
    pub(crate) fn computer_follows(&mut self) -> (battaglie_ai::Score, Option<String>) {
        let root = self.game.position().clone();
        match self.sport.follow(&root) {
            (score, Some(battaglie_ai::Gesture::Resign(why))) => {
                let resigned = self.game.resign(root.side_to_move()).is_ok();
                (score, resigned.then(|| why.to_string()))
            }
            (score, _) => (score, None),
        }
    }

    /// The names written into saved records.
    pub(crate) fn player_names(&self) -> (String, String) {
        match self.opponent {
            Opponent::Hotseat => (HOTSEAT[0].into(), HOTSEAT[1].into()),
            Opponent::Computer { level } => {
                let computer = format!("{COMPUTER}{level})");
                match self.human {
                    Side::Army => (PERSON.into(), computer),
                    Side::Indians => (computer, PERSON.into()),
                }
            }
        }
    }

    /// Who played a record written with [`Session::player_names`]: the computer at
    /// its level and the side of the person against it, or two players at one
    /// keyboard; `None` for names written elsewhere (a server's players).
    pub(crate) fn players_from_names(army: &str, indians: &str) -> Option<(Opponent, Side)> {
        let level = |name: &str| {
            name.strip_prefix(COMPUTER)
                .and_then(|rest| rest.strip_suffix(')'))
                .and_then(|n| n.parse::<u8>().ok())
                .filter(|n| (1..=battaglie_ai::MAX_LEVEL).contains(n))
        };
        match (level(army), level(indians)) {
            (None, Some(level)) if army == PERSON => {
                Some((Opponent::Computer { level }, Side::Army))
            }
            (Some(level), None) if indians == PERSON => {
                Some((Opponent::Computer { level }, Side::Indians))
            }
            _ if [army, indians] == HOTSEAT => Some((Opponent::Hotseat, Side::Army)),
            _ => None,
        }
    }

    /// Who plays, in words: "you play the Indians against the computer at level
    /// 1", or "two players at one keyboard".
    pub(crate) fn describe_players(&self) -> String {
        match self.opponent {
            Opponent::Hotseat => "two players at one keyboard".to_string(),
            Opponent::Computer { level } => format!(
                "you play the {} against the computer at level {level}",
                title(self.human)
            ),
        }
    }

    /// Saves the game to `path`, or, when `path` holds another file than this
    /// game's own (the one it was loaded from or last saved to), to the first free
    /// numbered name beside it (`game-2.txt`), so that no other game is lost.
    /// Returns where the game was written.
    pub(crate) fn save(&mut self, path: &Path) -> anyhow::Result<PathBuf> {
        if path.is_dir() {
            return Err(anyhow!(
                "cannot save to {}: it is a folder, not a file: name a file in it, as {}",
                path.display(),
                path.join(self.default_file_name()).display()
            ));
        }
        let target = if path.exists() && !self.is_own_file(path) {
            free_name(path, false)?
        } else {
            path.to_path_buf()
        };
        let (army, indians) = self.player_names();
        save_record(&target, &self.game, &army, &indians)?;
        self.mark_saved();
        self.own_file = Some(target.clone());
        Ok(target)
    }

    /// Saves the game under a name no file has, in `dir`: the battle's name
    /// (`washita-game.txt`) or the first free numbered one beside it. For a game
    /// that would otherwise be lost with nobody there to say where to save it.
    /// Returns where the game was written.
    pub(crate) fn keep_aside(&mut self, dir: &Path) -> anyhow::Result<PathBuf> {
        let target = free_name(&dir.join(self.default_file_name()), true)?;
        let (army, indians) = self.player_names();
        save_record(&target, &self.game, &army, &indians)?;
        self.mark_saved();
        self.own_file = Some(target.clone());
        Ok(target)
    }

    /// The file the game is saved to unless the player names another: its own
    /// (loaded from or last saved to), else one named after the battle.
    pub(crate) fn default_file(&self) -> PathBuf {
        self.own_file
            .clone()
            .unwrap_or_else(|| PathBuf::from(self.default_file_name()))
    }

    fn default_file_name(&self) -> String {
        format!("{}-game.txt", self.game.start().scenario().id())
    }

    /// What to tell the player after [`Session::save`] asked for `asked` wrote `written`.
    pub(crate) fn saved_message(asked: &Path, written: &Path) -> String {
        if asked == written {
            format!("Saved to {}.", written.display())
        } else {
            format!(
                "{} holds another game, which is kept: saved to {} instead.",
                asked.display(),
                written.display()
            )
        }
    }

    /// Whether `path` is the file this game was loaded from or last saved to.
    fn is_own_file(&self, path: &Path) -> bool {
        let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => a == b,
        };
        self.own_file.as_deref().is_some_and(|own| same(own, path))
    }

    /// Loads a game from `path`, with who played it when the record says (see
    /// [`Session::players_from_names`]); the current game stays when that fails.
    pub(crate) fn load(&mut self, path: &Path) -> anyhow::Result<()> {
        let record = read_record(path)?;
        let game = replay_record(&record, path, self.game.start().scenario())?;
        if let Some((opponent, human)) = Session::players_from_names(&record.army, &record.indians)
        {
            self.opponent = opponent;
            self.human = human;
        }
        self.game = game;
        self.redo.clear();
        self.sport = battaglie_ai::Sport::new();
        self.mark_saved();
        self.own_file = Some(path.to_path_buf());
        Ok(())
    }
}
