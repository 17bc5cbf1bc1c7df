#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod claim;
mod clock;
mod control;
mod ending;
mod levels;
mod presence;
mod rating;
mod time;

pub use claim::{claim, ClaimError, ClaimKind};
pub use clock::{ClockError, ClockState, GameClock};
pub use control::{TimeControl, TimeControlError};
pub use ending::{flag_fall, EndReason, Ending};
pub use levels::{
    level_rating, level_ratings, LevelError, LevelRating, LADDER_ELO, LEVELS, LEVEL_1_RATING,
    LEVEL_DEVIATION,
};
pub use presence::{Presence, Status, ABSENCE_LIMIT};
pub use rating::{
    rate_against_fixed, rate_game, Rating, RatingError, Score, MAX_DEVIATION,
    PROVISIONAL_DEVIATION, RATING_PERIOD,
};
pub use time::{Clock, FakeClock, SystemClock, Timestamp};
