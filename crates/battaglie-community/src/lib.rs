#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod challenge;
mod chat;
mod claim;
mod clock;
mod control;
mod ending;
mod levels;
mod notify;
mod pairing;
mod presence;
mod rating;
mod seat;
mod time;
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
pub use control::{TimeControl, TimeControlError};
pub use ending::{flag_fall, EndReason, Ending};
pub use levels::{
    level_rating, level_ratings, LevelError, LevelRating, LADDER_ELO, LEVELS, LEVEL_1_RATING,
    LEVEL_DEVIATION,
};
pub use notify::{
    mail_decision, notices, Channel, Event, GameId, MailDecision, Notice, Preferences,
    MAIL_INTERVAL,
};
pub use pairing::{pair, Pairing, Seek, SeekError};
pub use presence::{Presence, Status, ABSENCE_LIMIT};
pub use rating::{
    rate_against_fixed, rate_game, Rating, RatingError, Score, MAX_DEVIATION,
    PROVISIONAL_DEVIATION, RATING_PERIOD,
};
pub use seat::{Participant, PlayerId, Seats, SideChoice};
pub use time::{spoken, Clock, FakeClock, SystemClock, Timestamp};
pub use webhook::{webhook_body, WebhookKind, WebhookUrl, WebhookUrlError, MAX_URL};
