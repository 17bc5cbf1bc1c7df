//! What a lobby operation can refuse.

use battaglie_community::{
    AcceptError, ChallengeError, SeekError, TimeControlError, WithdrawError,
};
use battaglie_identity::Throttled;

use crate::game::GameError;
use crate::store::StoreError;

/// Error of the lobby's operations ([`super::Lobby`]).
#[derive(Debug, thiserror::Error)]
pub enum LobbyError {
    /// No challenge with this id.
    #[error("no challenge {0:?}")]
    NotFound(String),
    /// No account with this name, for a direct challenge.
    #[error("no player is called {0:?}")]
    UnknownPlayer(String),
    /// The time control does not read or is out of range.
    #[error(transparent)]
    Control(#[from] TimeControlError),
    /// The terms may not be offered.
    #[error(transparent)]
    Challenge(#[from] ChallengeError),
    /// This player may not accept it.
    #[error(transparent)]
    Accept(#[from] AcceptError),
    /// The account has as many challenges open as it may.
    #[error("you have {max} challenges open already: cancel one first")]
    TooManyOpen {
        /// How many may be open at once.
        max: usize,
    },
    /// The account posted challenges too fast.
    #[error(transparent)]
    Throttled(#[from] Throttled),
    /// Another player accepted it first.
    #[error("another player accepted this challenge first")]
    Taken,
    /// It was cancelled or declined.
    #[error("this challenge was withdrawn")]
    Closed,
    /// This player may not cancel or decline it.
    #[error(transparent)]
    Withdraw(#[from] WithdrawError),
    /// The request to play anyone may not be made.
    #[error(transparent)]
    Seek(#[from] SeekError),
    /// Making the game failed (an unknown battle included).
    #[error(transparent)]
    Game(#[from] GameError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// No randomness for an id or a coin.
    #[error("no randomness: {0}")]
    Random(#[from] getrandom::Error),
}
