//! `/api/learn`: the lessons in a language, and the signed-in player's stars
//! (`GET`/`PUT /api/learn/progress`).

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};

use super::progress::checked;
use super::refusal::LearnError;
use super::repo::LearnRepo;
use super::wire::Progress;
use crate::accounts::{SignedIn, SignedInChange};
use crate::http::{Error, JsonBody};
use crate::node::Node;
use crate::AppState;

/// The learning pages' routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/learn/lessons/{lang}", get(super::lessons::in_language))
        .route("/learn/progress", get(show).put(keep))
}

async fn progress(repo: &LearnRepo, user: &str) -> Result<Progress, Error> {
    let rows = repo.stars(user).await.map_err(Error::internal)?;
    let stars = rows
        .into_iter()
        .map(|(lesson, stage, n)| (format!("{lesson}/{stage}"), i64::from(n)))
        .collect();
    Ok(Progress { stars })
}

/// The player's stars, stage by stage.
async fn show(
    State(node): State<Node>,
    SignedIn(session): SignedIn,
) -> Result<Json<Progress>, Error> {
    let repo = LearnRepo::new(node.store().clone());
    Ok(Json(progress(&repo, &session.user.id).await?))
}

/// Keeps the stars sent where they beat the account's (the browser's own, merged at
/// sign-in, or a stage just won), and answers the account's stars after.
async fn keep(
    State(node): State<Node>,
    SignedInChange(session): SignedInChange,
    JsonBody(sent): JsonBody<Progress>,
) -> Result<Json<Progress>, Error> {
    let won = checked(&sent).map_err(LearnError::from)?;
    let repo = LearnRepo::new(node.store().clone());
    let now = node.now_secs();
    repo.keep_best(&session.user.id, &won, now)
        .await
        .map_err(Error::internal)?;
    Ok(Json(progress(&repo, &session.user.id).await?))
}
