#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod claim;
mod clock;
mod control;
mod ending;
mod presence;
mod time;

pub use claim::{claim, ClaimError, ClaimKind};
pub use clock::{ClockError, ClockState, GameClock};
pub use control::{TimeControl, TimeControlError};
pub use ending::{flag_fall, EndReason, Ending};
pub use presence::{Presence, Status, ABSENCE_LIMIT};
pub use time::{Clock, FakeClock, SystemClock, Timestamp};
