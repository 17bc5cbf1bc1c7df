//! What the page is sent of ratings: a rating, a player's page, their games, the
//! seat taken in a rated game, and the computer's levels. Their TypeScript is
//! generated into `web/types/` (see `view/typescript.rs`).

use battaglie_community::Rating;
use battaglie_view::SideWord;
use serde::Serialize;
use ts_rs::TS;

/// A rating as the page shows it.
#[derive(Debug, Serialize, TS)]
#[ts(rename = "Rating")]
pub struct RatingView {
    /// The rating, rounded.
    pub rating: f64,
    /// Its deviation, rounded.
    pub deviation: f64,
    /// Whether it still rests on few games.
    pub provisional: bool,
    /// How the page writes it (`1500?` while provisional).
    pub label: String,
    /// How many rated games it counts.
    pub games: i64,
}

impl RatingView {
    /// `rating` after `games` rated games.
    pub fn of(rating: &Rating, games: i64) -> RatingView {
        RatingView {
            rating: rating.rating.round(),
            deviation: rating.deviation.round(),
            provisional: rating.is_provisional(),
            label: rating.label(),
            games,
        }
    }
}

/// One point of a player's rating history: after a rated game.
#[derive(Debug, Serialize, TS)]
pub struct HistoryPoint {
    /// The game.
    pub game: String,
    /// When it was rated (milliseconds since 1970).
    pub at: i64,
    /// The rating after it, rounded.
    pub rating: f64,
    /// Its deviation, rounded.
    pub deviation: f64,
    /// What the game changed, rounded.
    pub change: f64,
}

/// A player's finished games of one battle and side, counted by score.
#[derive(Debug, Serialize, TS)]
#[ts(rename = "ResultCount")]
pub struct ResultView {
    /// The battle's id.
    pub battle: String,
    /// The side played.
    pub side: String,
    /// Games won.
    pub win: i64,
    /// Games drawn.
    pub draw: i64,
    /// Games lost.
    pub loss: i64,
}

/// A player's page (`GET /api/players/{name}`).
#[derive(Debug, Serialize, TS)]
#[ts(rename = "Player")]
pub struct PlayerView {
    /// The name as registered.
    pub name: String,
    /// The rating now.
    pub rating: RatingView,
    /// The rating after each rated game, the oldest first.
    pub history: Vec<HistoryPoint>,
    /// Finished games by battle, side and score.
    pub results: Vec<ResultView>,
    /// The player's page.
    pub url: String,
}

/// Who a player's game was against.
#[derive(Debug, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Opponent {
    /// The computer, at a level.
    Computer {
        /// 1 to 8.
        level: u8,
    },
    /// An account.
    Player {
        /// Its name.
        name: String,
        /// Its page.
        url: String,
    },
    /// A guest.
    Anonymous,
}

/// What a rated game changed, rounded.
#[derive(Debug, Serialize, TS)]
pub struct RatingChange {
    /// The rating before.
    pub before: f64,
    /// The rating after.
    pub after: f64,
    /// After less before.
    pub change: f64,
}

/// A game's pages.
#[derive(Debug, Serialize, TS)]
pub struct GameUrls {
    /// The game.
    pub game: String,
    /// Its replay from the start.
    pub replay: String,
    /// Its analysis.
    pub analysis: String,
}

/// One of a player's games.
#[derive(Debug, Serialize, TS)]
#[ts(rename = "PlayerGame")]
pub struct PlayerGameView {
    /// The game's id.
    pub id: String,
    /// Its battle's id.
    pub battle: String,
    /// `online`, `computer` or `hotseat`.
    #[ts(type = "\"online\" | \"computer\" | \"hotseat\"")]
    pub mode: &'static str,
    /// The side the player played.
    pub side: String,
    /// Who it was against.
    pub opponent: Opponent,
    /// The player's score once it ended.
    #[ts(type = "\"win\" | \"draw\" | \"loss\" | null")]
    pub result: Option<&'static str>,
    /// How it ended: the winner or `draw`.
    pub outcome: Option<&'static str>,
    /// Why it ended.
    pub reason: Option<&'static str>,
    /// Whether it changed ratings.
    pub rated: bool,
    /// What it changed, once rated.
    pub rating_change: Option<RatingChange>,
    /// When it was made (seconds since 1970).
    pub created_at: i64,
    /// When it last changed.
    pub updated_at: i64,
    /// Its pages.
    pub urls: GameUrls,
}

/// A page of a player's games (`GET /api/players/{name}/games`).
#[derive(Debug, Serialize, TS)]
pub struct PlayerGames {
    /// The games, the last changed first.
    pub games: Vec<PlayerGameView>,
    /// The id to ask `before=` for the next page, if there may be one.
    pub next: Option<String>,
}

/// The seat a signed-in player took (`POST /api/games/{id}/seat`).
#[derive(Debug, Serialize, TS)]
pub struct SeatTaken {
    /// The game's id.
    pub id: String,
    /// The side whose seat it is.
    pub seat: SideWord,
    /// The player's name.
    pub name: String,
}

/// A computer level and its fixed rating.
#[derive(Debug, Serialize, TS)]
#[ts(rename = "Level")]
pub struct LevelView {
    /// 1 to 8.
    pub level: u8,
    /// Its rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
}

/// The computer's levels (`GET /api/levels`).
#[derive(Debug, Serialize, TS)]
pub struct Levels {
    /// From the weakest.
    pub levels: Vec<LevelView>,
}
