//! What the page is sent of an account (`GET /api/account`, the answers that
//! sign in, and `GET /api/account/turns`). Its TypeScript is generated into
//! `web/types/` (see `view/typescript.rs`).

use serde::Serialize;
use ts_rs::TS;

use crate::ratings::RatingView;

/// The signed-in account, as its owner sees it.
#[derive(Debug, Serialize, TS)]
#[ts(rename = "Account")]
pub struct AccountView {
    /// The name as registered.
    pub name: String,
    /// When it was made (milliseconds since 1970).
    pub created_at: i64,
    /// The token a change must carry in `X-CSRF-Token`.
    pub csrf: String,
    /// The games whose seats the account holds, the last changed first.
    pub games: Vec<AccountGame>,
    /// The guest games of this browser just linked to the account (on signing in).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub claimed: Option<Vec<String>>,
    /// Its rating.
    pub rating: RatingView,
    /// Its player page.
    pub url: String,
}

/// A game whose seat the account holds.
#[derive(Debug, Serialize, TS)]
pub struct AccountGame {
    /// The game's id.
    pub id: String,
    /// Its battle's id.
    pub scenario: String,
    /// `online`, `computer` or `hotseat`.
    #[ts(type = "\"online\" | \"computer\" | \"hotseat\"")]
    pub mode: &'static str,
    /// The seat held: `army`, `indians` or `both`.
    #[ts(type = "\"army\" | \"indians\" | \"both\"")]
    pub seat: String,
    /// The account holding the other seat, by name.
    pub opponent: Option<String>,
    /// The computer's level, in a game against it.
    pub level: Option<u8>,
    /// The seat's token.
    pub token: Option<String>,
    /// `ongoing`, `over` (`result` and `reason` say how) or `aborted` (called
    /// off before its first move: no result).
    #[ts(type = "\"ongoing\" | \"over\" | \"aborted\"")]
    pub status: &'static str,
    /// How it ended: the winner or `draw`.
    pub result: Option<&'static str>,
    /// Why it ended.
    pub reason: Option<&'static str>,
    /// When it last changed (seconds since 1970).
    pub updated_at: i64,
    /// Its page.
    pub url: String,
}

/// The games where it is the player's turn (`GET /api/account/turns`).
#[derive(Debug, Serialize, TS)]
pub struct Turns {
    /// How many.
    pub count: usize,
    /// Which.
    pub games: Vec<TurnGame>,
}

/// A game where it is the player's turn.
#[derive(Debug, Serialize, TS)]
pub struct TurnGame {
    /// The game's id.
    pub id: String,
    /// Its battle's id.
    pub scenario: String,
    /// The player's seat.
    #[ts(type = "\"army\" | \"indians\"")]
    pub seat: String,
    /// Its page.
    pub url: String,
}
