//! Pictures of a game: `GET /api/games/{id}/gif?from=N&until=M`, the game or a range
//! of its plies as an animated GIF (the replay panel's download), and `GET
//! /api/games/{id}/png?ply=N`, one position as a small PNG (the export panel's).

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use battaglie_image::{game_gif, game_png, GifError};
use battaglie_rules::Scenario;
use serde::Deserialize;

use crate::game::Games;
use crate::http::Limiters;
use crate::http::{Error, QueryParams};
use crate::AppState;

/// The most positions one GIF shows (a longer game is downloaded in ranges).
pub const MAX_FRAMES: usize = 600;

/// A range of plies the server will not draw (answered in `game/refusal.rs`).
#[derive(Debug, thiserror::Error)]
pub(crate) enum PictureError {
    /// Outside the game, backwards, or the encoder failed.
    #[error(transparent)]
    Gif(#[from] GifError),
    /// More positions than one GIF shows.
    #[error("plies {from}..{until}: a GIF shows at most {MAX_FRAMES} positions; choose a range with `from` and `until`")]
    TooLong {
        /// The first ply asked for.
        from: usize,
        /// The last ply asked for.
        until: usize,
        /// The game's plies.
        plies: usize,
    },
}

pub(super) fn router(limiters: &Limiters) -> Router<AppState> {
    Router::new()
        .route("/games/{id}/gif", limiters.creates(get(gif)))
        .route("/games/{id}/png", limiters.creates(get(png)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Shown {
    #[serde(default)]
    ply: Option<usize>,
}

/// The position after ply `ply` (default: the last), with the move that led to it.
async fn png(
    State(games): State<Games>,
    Path(id): Path<String>,
    QueryParams(q): QueryParams<Shown>,
) -> Result<Response, Error> {
    let (name, mut game) = replayed(&games, &id).await?;
    let plies = game.moves().len();
    let ply = q.ply.unwrap_or(plies);
    if ply > plies {
        let (from, until) = (ply, ply);
        return Err(PictureError::from(GifError::Range { from, until, plies }).into());
    }
    while game.moves().len() > ply {
        game.undo();
    }
    let bytes = tokio::task::spawn_blocking(move || game_png(&game))
        .await?
        .map_err(Error::internal)?;
    Ok(download(bytes, "image/png", &format!("{name}-{ply}.png")))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Range {
    #[serde(default)]
    from: Option<usize>,
    #[serde(default)]
    until: Option<usize>,
}

async fn gif(
    State(games): State<Games>,
    Path(id): Path<String>,
    QueryParams(q): QueryParams<Range>,
) -> Result<Response, Error> {
    let (name, game) = replayed(&games, &id).await?;
    let plies = game.moves().len();
    let from = q.from.unwrap_or(0);
    let until = q.until.unwrap_or(plies);
    if from > until {
        return Err(PictureError::from(GifError::Backwards { from, until }).into());
    }
    if until > plies {
        return Err(PictureError::from(GifError::Range { from, until, plies }).into());
    }
    if until - from + 1 > MAX_FRAMES {
        return Err(PictureError::TooLong { from, until, plies }.into());
    }
    let bytes = tokio::task::spawn_blocking(move || game_gif(&game, Some(from..=until)))
        .await?
        .map_err(Error::internal)?;
    Ok(download(
        bytes,
        "image/gif",
        &format!("{name}-{from}-{until}.gif"),
    ))
}

/// The game `id` replayed through the rules, with the start of its pictures' file
/// names (`washita-0123456789abcdef`).
async fn replayed(games: &Games, id: &str) -> Result<(String, battaglie_rules::Game), Error> {
    let live = games.game_to_read(id).await?;
    let record = live.record().await;
    let scenario = Scenario::builtin(&record.scenario).ok_or_else(|| {
        Error::internal(format!(
            "game {id}: scenario {:?} is not built in",
            record.scenario
        ))
    })?;
    let game = record.replay(&scenario).map_err(Error::internal)?;
    Ok((format!("{}-{}", record.scenario, live.id()), game))
}

/// A picture to download as `name`.
fn download(bytes: Vec<u8>, content_type: &'static str, name: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        bytes,
    )
        .into_response()
}
