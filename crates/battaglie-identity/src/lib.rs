#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod confirm;
mod name;
mod password;
mod signed;
mod throttle;
mod token;
mod unsubscribe;

pub use confirm::{
    check_confirmation, confirmation_token, may_send_confirmation, ConfirmError, CONFIRM_LIFETIME,
    CONFIRM_RESEND,
};
pub use name::{NameError, PlayerName, MAX_NAME, MIN_NAME};
pub use password::{
    check_password, hash_password, needs_rehash, verify_password, warm_up, PasswordError,
    StoredHash, LANES, MAX_PASSWORD, MEMORY_KIB, MIN_PASSWORD, PASSES,
};
pub use signed::{Purpose, SecretError, Signer, MIN_SECRET};
pub use throttle::{Attempts, Policy, Throttled};
pub use token::{
    check_csrf, check_session, csrf_token, ParseTokenError, SessionError, SessionToken, TokenError,
    TokenHash, SESSION_IDLE, SESSION_LIFETIME,
};
pub use unsubscribe::{check_unsubscribe, unsubscribe_token};
