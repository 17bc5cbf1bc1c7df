//! The games' HTTP routes: a game created, read, played and ended
//! (`games.rs`), its pictures (`pictures.rs`), a record imported
//! (`records.rs`), a rematch (`rematch.rs`). HTTP only: each handler reads
//! the request, calls [`Games`](super::Games), and writes the answer.

mod action;
mod games;
mod pictures;
mod records;
mod rematch;

use axum::Router;

pub(crate) use games::takeback_action;
pub(crate) use pictures::{PictureError, MAX_FRAMES};
pub(crate) use records::record_text;

use crate::http::Limiters;
use crate::AppState;

/// The games' routes, the creations and the pictures rate-limited by `limiters`.
pub(crate) fn router(limiters: &Limiters) -> Router<AppState> {
    Router::new()
        .merge(games::router(limiters))
        .merge(pictures::router(limiters))
        .merge(records::router(limiters))
        .merge(rematch::router())
}
