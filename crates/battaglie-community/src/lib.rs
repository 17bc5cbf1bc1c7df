#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod challenge;
mod chat;
mod claim;
mod clock;
mod confirm;
mod control;
mod ending;
mod levels;
mod name;
mod notify;
mod pairing;
mod password;
mod presence;
mod rating;
mod seat;
mod signed;
mod throttle;
mod time;
mod token;
mod webhook;

pub use challenge::{
    AcceptError, Audience, Challenge, ChallengeError, Terms, WithdrawError,
    LIVE_CHALLENGE_LIFETIME, SLOW_CHALLENGE_LIFETIME,
};
pub use chat::{
    check_message, may_read, may_write, Allowance, ChatError, Mutes, Role, Room, BURST,
    MAX_MESSAGE, REFILL,
};
pub use claim::{claim, ClaimError, ClaimKind};
pub use clock::{ClockError, ClockState, GameClock};
pub use confirm::{
    check_confirmation, confirmation_token, may_send_confirmation, ConfirmError, CONFIRM_LIFETIME,
    CONFIRM_RESEND,
};
pub use control::{TimeControl, TimeControlError};
pub use ending::{flag_fall, EndReason, Ending};
pub use levels::{
    level_rating, level_ratings, LevelError, LevelRating, LADDER_ELO, LEVELS, LEVEL_1_RATING,
    LEVEL_DEVIATION,
};
pub use name::{NameError, PlayerName, MAX_NAME, MIN_NAME};
pub use notify::{
    check_unsubscribe, mail_decision, notices, unsubscribe_token, Channel, Event, GameId,
    MailDecision, Notice, Preferences, MAIL_INTERVAL,
};
pub use pairing::{pair, Pairing, Seek, SeekError};
pub use password::{
    check_password, hash_password, needs_rehash, verify_password, warm_up, PasswordError,
    StoredHash, LANES, MAX_PASSWORD, MEMORY_KIB, MIN_PASSWORD, PASSES,
};
pub use presence::{Presence, Status, ABSENCE_LIMIT};
pub use rating::{
    rate_against_fixed, rate_game, Rating, RatingError, Score, MAX_DEVIATION,
    PROVISIONAL_DEVIATION, RATING_PERIOD,
};
pub use seat::{Participant, PlayerId, Seats, SideChoice};
pub use signed::{Purpose, SecretError, Signer, MIN_SECRET};
pub use throttle::{Attempts, Policy, Throttled};
pub use time::{spoken, Clock, FakeClock, SystemClock, Timestamp};
pub use token::{
    check_csrf, check_session, csrf_token, ParseTokenError, SessionError, SessionToken, TokenError,
    TokenHash, SESSION_IDLE, SESSION_LIFETIME,
};
pub use webhook::{webhook_body, WebhookKind, WebhookUrl, WebhookUrlError, MAX_URL};
