//! New games: created for a mode, or imported from a record.

use std::sync::Arc;

use battaglie_community::{GameClock, TimeControl};
use battaglie_rules::record::Record;
use battaglie_rules::{Game, Side};
use serde::Serialize;
use ts_rs::TS;

use super::live_game::LiveGame;
use super::rebuild::rebuild;
use super::registry::builtin_scenario;
use super::{GameError, Games};
use crate::game::{GameRow, Mode};
use crate::ids;

/// What creating or importing a game answers.
#[derive(Debug, Serialize, TS)]
pub struct Created {
    /// The game id.
    pub id: String,
    /// How it is played.
    #[ts(type = "\"computer\" | \"online\" | \"hotseat\"")]
    pub mode: &'static str,
    /// The creator's seat: `army`, `indians` or `both`.
    #[ts(type = "\"army\" | \"indians\" | \"both\"")]
    pub seat: &'static str,
    /// The creator's seat token.
    pub token: String,
    /// The other seat's token (online games): give it to the opponent.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub other_token: Option<String>,
    /// Links: `play` (the creator's), `invite` (online), `spectate`.
    pub urls: Urls,
}

/// The links of a game, relative to the server's root.
#[derive(Debug, Serialize, TS)]
#[ts(rename = "CreatedUrls")]
pub struct Urls {
    /// The creator's page.
    pub play: String,
    /// The opponent's page (online games).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub invite: Option<String>,
    /// The read-only page.
    pub spectate: String,
}

impl Games {
    /// Creates a game. `side` is the creator's side (ignored in hotseat games);
    /// `clock`, online games only, its time control (the clock starts with the
    /// first move).
    ///
    /// # Errors
    /// An unknown scenario, a level out of range or without a computer, a clock
    /// for a game that is not online, the store failing.
    pub async fn create(
        &self,
        scenario: &str,
        mode: Mode,
        side: Side,
        level: Option<u8>,
        clock: Option<TimeControl>,
    ) -> Result<(Created, Arc<LiveGame>), GameError> {
        let scenario = builtin_scenario(scenario)?;
        let clock = match (mode, clock) {
            (_, None) => None,
            (Mode::Online, Some(control)) => {
                let first = battaglie_rules::Position::start(&scenario).side_to_move();
                Some(GameClock::new(control.validate()?, first))
            }
            (_, Some(_)) => return Err(GameError::ClockOnlineOnly),
        };
        let computer = match (mode, level) {
            (Mode::Computer, level) => {
                let level = level.unwrap_or(3);
                if !(1..=battaglie_ai::MAX_LEVEL).contains(&level) {
                    return Err(GameError::LevelOutOfRange(level.into()));
                }
                Some((!side, level))
            }
            (_, Some(_)) => return Err(GameError::LevelWithoutComputer),
            (_, None) => None,
        };
        let (army_token, indians_token) = match mode {
            Mode::Hotseat => {
                let t = ids::token()?;
                (Some(t.clone()), Some(t))
            }
            Mode::Online => (Some(ids::token()?), Some(ids::token()?)),
            Mode::Computer => match side {
                Side::Army => (Some(ids::token()?), None),
                Side::Indians => (None, Some(ids::token()?)),
            },
        };
        let now = self.now_secs();
        let row = GameRow {
            id: ids::game_id()?,
            scenario: scenario.id().to_string(),
            mode,
            computer_side: computer.map(|(s, _)| s),
            computer_level: computer.map(|(_, l)| l),
            army_token,
            indians_token,
            start: None,
            draw_offer: None,
            takeback_offer: None,
            outcome: None,
            created_at: now,
            updated_at: now,
            revision: 0,
            clock,
            aborted_at: None,
        };
        self.repo().insert_game(&row, &[]).await?;
        let live = Arc::new(rebuild(row, &[], self.clock().clone())?);
        self.remember(live.clone());
        self.schedule_computer(&live).await;
        Ok((created(&live, side), live))
    }

    /// Imports a game record (JSON or text form): replays and checks it, and stores it
    /// as a hotseat game.
    ///
    /// # Errors
    /// A record that does not read or replay, an unknown scenario, the store failing.
    pub async fn import(&self, text: &str) -> Result<(Created, Arc<LiveGame>), GameError> {
        let (record, game) = Games::replay_record(text)?;
        self.store_record(&record, &game).await
    }

    /// A game record (JSON or text form) read and replayed, stored nowhere.
    ///
    /// # Errors
    /// A record that does not read or replay, an unknown scenario.
    pub(crate) fn replay_record(text: &str) -> Result<(Record, Game), GameError> {
        let record = Record::read(text)?;
        let scenario = builtin_scenario(&record.scenario).map_err(|e| match e {
            GameError::UnknownScenario { id, known } => {
                GameError::UnknownRecordScenario { id, known }
            }
            e => e,
        })?;
        let game = record.replay(&scenario)?;
        Ok((record, game))
    }

    /// Stores `game`, replayed from `record`, as a new hotseat game.
    ///
    /// # Errors
    /// The store failing.
    pub(crate) async fn store_record(
        &self,
        record: &Record,
        game: &Game,
    ) -> Result<(Created, Arc<LiveGame>), GameError> {
        let token = ids::token()?;
        let now = self.now_secs();
        let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
        let row = GameRow {
            id: ids::game_id()?,
            scenario: game.start().scenario().id().to_string(),
            mode: Mode::Hotseat,
            computer_side: None,
            computer_level: None,
            army_token: Some(token.clone()),
            indians_token: Some(token),
            start: record.start.clone(),
            draw_offer: None,
            takeback_offer: None,
            outcome: game.outcome(),
            created_at: now,
            updated_at: now,
            revision: 0,
            clock: None,
            aborted_at: None,
        };
        self.repo().insert_game(&row, &moves).await?;
        let live = Arc::new(rebuild(row, &moves, self.clock().clone())?);
        self.remember(live.clone());
        Ok((created(&live, Side::Army), live))
    }
}

fn created(live: &LiveGame, side: Side) -> Created {
    let row = &live.row;
    let id = &row.id;
    let play = |token: &str| format!("/game/{id}#token={token}");
    let (seat, token, other) = match row.mode {
        Mode::Hotseat => ("both", row.army_token.clone(), None),
        Mode::Computer => (
            side.word(),
            row.army_token.clone().or_else(|| row.indians_token.clone()),
            None,
        ),
        Mode::Online => match side {
            Side::Army => ("army", row.army_token.clone(), row.indians_token.clone()),
            Side::Indians => ("indians", row.indians_token.clone(), row.army_token.clone()),
        },
    };
    let token = token.unwrap_or_default();
    Created {
        id: id.clone(),
        mode: row.mode.word(),
        seat,
        urls: Urls {
            play: play(&token),
            invite: other.as_deref().map(play),
            spectate: format!("/game/{id}"),
        },
        token,
        other_token: other,
    }
}
