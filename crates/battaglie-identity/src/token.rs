//! Session tokens: 32 random bytes given to the browser in a cookie, stored by
//! the server only as their SHA-256, so that a copy of the store opens no
//! session. A login always makes a new token (never one the browser offers:
//! no session fixation), and a password change or a log-out everywhere drops
//! them all.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::signed::{Purpose, Signer};
use battaglie_community::Timestamp;

/// A session ends this long after the login, however active.
pub const SESSION_LIFETIME: Duration = Duration::from_secs(30 * 86_400);
/// A session ends after this long without a request.
pub const SESSION_IDLE: Duration = Duration::from_secs(14 * 86_400);

/// Length of a token's text: 32 bytes in URL-safe base64 without padding.
const TOKEN_CHARS: usize = 43;

/// A session token as the browser holds it. Never stored or logged.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionToken(String);

/// What the store keeps of a token: its SHA-256, in hex.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TokenHash(pub String);

/// Error of [`SessionToken::generate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// The system's random source failed.
    #[error("no randomness for a session token: {0}")]
    Randomness(getrandom::Error),
}

/// Error of [`SessionToken::from_str`] (a cookie that cannot be a token).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ParseTokenError {
    /// Not 43 characters long.
    #[error("a session token has {TOKEN_CHARS} characters, not {0}")]
    Length(usize),
    /// Not URL-safe base64.
    #[error("a session token is URL-safe base64")]
    Alphabet,
}

/// Error of [`check_session`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// Older than [`SESSION_LIFETIME`].
    #[error("the session has expired: log in again")]
    Expired,
    /// Unused for [`SESSION_IDLE`].
    #[error("the session was unused too long: log in again")]
    Idle,
}

impl SessionToken {
    /// A new random token.
    ///
    /// # Errors
    /// [`TokenError::Randomness`] when the system gives no random bytes.
    pub fn generate() -> Result<SessionToken, TokenError> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(TokenError::Randomness)?;
        Ok(SessionToken(URL_SAFE_NO_PAD.encode(bytes)))
    }

    /// The text for the cookie.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the store keeps and looks the session up by.
    pub fn hash(&self) -> TokenHash {
        TokenHash(
            Sha256::digest(self.0.as_bytes())
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
        )
    }
}

impl fmt::Debug for SessionToken {
    /// Never prints the token itself.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SessionToken(..)")
    }
}

impl FromStr for SessionToken {
    type Err = ParseTokenError;

    /// Reads a token from a cookie.
    fn from_str(s: &str) -> Result<SessionToken, ParseTokenError> {
        if s.len() != TOKEN_CHARS {
            return Err(ParseTokenError::Length(s.len()));
        }
        match URL_SAFE_NO_PAD.decode(s) {
            Ok(bytes) if bytes.len() == 32 => Ok(SessionToken(s.to_string())),
            _ => Err(ParseTokenError::Alphabet),
        }
    }
}

/// Whether a session that began at `created` and was last used at `last_seen`
/// is still open at `now`.
///
/// # Errors
/// [`SessionError::Expired`] past the lifetime, [`SessionError::Idle`] past the idle limit.
pub fn check_session(
    created: Timestamp,
    last_seen: Timestamp,
    now: Timestamp,
) -> Result<(), SessionError> {
    if now.since(created) >= SESSION_LIFETIME {
        return Err(SessionError::Expired);
    }
    if now.since(last_seen) >= SESSION_IDLE {
        return Err(SessionError::Idle);
    }
    Ok(())
}

/// The CSRF token of a session, sent with every state-changing request made
/// with the session cookie (the server checks it with [`check_csrf`]).
pub fn csrf_token(signer: &Signer, session: &TokenHash) -> String {
    signer.sign(Purpose::Csrf, session.0.as_bytes())
}

/// Whether `presented` is the CSRF token of `session`.
pub fn check_csrf(signer: &Signer, session: &TokenHash, presented: &str) -> bool {
    signer.verify(Purpose::Csrf, session.0.as_bytes(), presented)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_stored_only_hashed() {
        let a = SessionToken::generate().unwrap();
        let b = SessionToken::generate().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 43);
        let h = a.hash();
        assert_eq!(h.0.len(), 64);
        assert!(!h.0.contains(a.as_str()));
        assert_eq!(a.as_str().parse::<SessionToken>().unwrap().hash(), h);
        assert_eq!(format!("{a:?}"), "SessionToken(..)");
    }

    #[test]
    fn cookies_that_are_not_tokens_are_refused() {
        assert_eq!(
            "abc".parse::<SessionToken>(),
            Err(ParseTokenError::Length(3))
        );
        assert_eq!(
            "!".repeat(43).parse::<SessionToken>(),
            Err(ParseTokenError::Alphabet)
        );
    }

    #[test]
    fn sessions_end_after_their_lifetime_or_idle_limit() {
        let t0 = Timestamp(1_767_225_600_000);
        let day = Duration::from_secs(86_400);
        assert_eq!(
            check_session(t0, t0.plus(day * 20), t0.plus(day * 29)),
            Ok(())
        );
        assert_eq!(
            check_session(t0, t0.plus(day * 29), t0.plus(day * 30)),
            Err(SessionError::Expired)
        );
        assert_eq!(
            check_session(t0, t0, t0.plus(day * 14)),
            Err(SessionError::Idle)
        );
    }

    #[test]
    fn the_csrf_token_belongs_to_one_session() {
        let signer = Signer::new(&[1u8; 32]).unwrap();
        let a = SessionToken::generate().unwrap().hash();
        let b = SessionToken::generate().unwrap().hash();
        let t = csrf_token(&signer, &a);
        assert!(check_csrf(&signer, &a, &t));
        assert!(!check_csrf(&signer, &b, &t));
        assert!(!check_csrf(&signer, &a, ""));
    }
}
