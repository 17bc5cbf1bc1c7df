//! What the rating operations can refuse.

use crate::game::GameError;
use crate::store::StoreError;

/// Error of rated games and player pages ([`crate::Games::mark_rated`] and the rest).
#[derive(Debug, thiserror::Error)]
pub enum RatingsError {
    /// A rated game is made, or its seat taken, only by a signed-in player.
    #[error("a rated game is played by signed-in players: sign in (or register) first")]
    NeedsAccount,
    /// Only games between two players online can be rated.
    #[error("rated: only online games between two players are rated, not {mode} games")]
    NotOnline {
        /// The game's mode.
        mode: &'static str,
    },
    /// Both seats of a rated game would be one account's.
    #[error("you hold the other seat of this rated game: a rated game is between two accounts")]
    SameAccount,
    /// The seat is held by another account already.
    #[error("this seat of the rated game is another player's")]
    SeatTaken,
    /// No account has this name (or it was deleted).
    #[error("no player {0:?}")]
    PlayerNotFound(String),
    /// The game refused (wrong token, no such game...).
    #[error(transparent)]
    Game(#[from] GameError),
    /// The store failed.
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for RatingsError {
    fn from(e: StoreError) -> RatingsError {
        match e {
            StoreError::Conflict => RatingsError::SeatTaken,
            e => RatingsError::Store(e),
        }
    }
}
