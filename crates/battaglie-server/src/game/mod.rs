//! The game domain: games in memory behind a lock, their moves stored before they
//! are acknowledged, their state pushed to every subscriber after each change, and
//! the computer moving when it is its turn. Nothing here knows HTTP: refusals are
//! [`GameError`]s, which the HTTP layer turns into status codes.

mod abort;
mod actions;
mod budget;
mod claim;
mod clock;
mod computer;
mod created;
mod error;
mod followers;
mod live_game;
mod mode;
mod move_refusal;
mod outage;
pub mod policy;
mod rebuild;
mod refusal;
mod registry;
mod rematch;
mod remote;
pub(crate) mod repo;
pub(crate) mod routes;
mod seat;
pub(crate) mod snapshot;
mod socket_message;
mod takeback;
mod wire;

pub use budget::BudgetTooSmall;
pub use created::{Created, Urls};
pub use error::{Action, GameError};
pub use live_game::{LiveGame, Told};
pub use mode::Mode;
pub use policy::DrawAction;
pub(crate) use registry::builtin_scenario;
pub use registry::{Cluster, Games, MemoryLimits};
pub use rematch::{RematchAction, RematchError};
pub(crate) use repo::{game_row, position_key};
pub use repo::{ComputerTurn, GameRow, GamesRepo, RematchRow};
pub use seat::Seat;
pub use snapshot::{with_seat, with_seat_on_turn, SharedState, StateParts};
pub use socket_message::GameSocketMessage;
pub use takeback::TakebackAction;
pub use wire::RematchView;
