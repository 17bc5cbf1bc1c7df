//! What an account operation can refuse.

use battaglie_identity::{NameError, PasswordError, SecretError, Throttled, TokenError};

use crate::store::StoreError;

/// Error of the account operations ([`super::Accounts`]).
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// The name is not a valid name.
    #[error(transparent)]
    Name(#[from] NameError),
    /// The new password is not acceptable (or could not be hashed).
    #[error(transparent)]
    Password(#[from] PasswordError),
    /// Another account has this name (in any case).
    #[error("the name {0:?} is taken")]
    NameTaken(String),
    /// Too many attempts from this address or for this name.
    #[error(transparent)]
    Throttled(#[from] Throttled),
    /// The name does not exist or the password is wrong: deliberately the same.
    #[error("wrong name or password")]
    Invalid,
    /// The current password given to change or delete the account is wrong.
    #[error("the current password is wrong")]
    WrongPassword,
    /// No open session: the cookie is missing, unknown, expired or of a deleted account.
    #[error("you are not signed in")]
    NotSignedIn,
    /// A request made with the session cookie lacks its CSRF token, or has another.
    #[error("the request lacks the session's CSRF token (header X-CSRF-Token)")]
    Csrf,
    /// More guest games sent to claim than a browser keeps.
    #[error("at most {max} games can be claimed at once, not {given}")]
    TooManyClaims {
        /// The limit.
        max: usize,
        /// How many were sent.
        given: usize,
    },
    /// The random source failed.
    #[error(transparent)]
    Token(#[from] TokenError),
    /// The stored server secret is unusable.
    #[error(transparent)]
    Secret(#[from] SecretError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Too many passwords are being checked on this node: try again shortly.
    #[error("the server is busy checking other passwords: try again in a second")]
    Busy,
    /// A hashing task failed.
    #[error("task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
}
