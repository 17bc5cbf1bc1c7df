//! The engine's analysis of a game over HTTP, on SQLite and PostgreSQL: started,
//! followed while it runs, stored for the next request and the next node, answered
//! as not started before anybody asked, and refused for a game that does not exist
//! or a record that does not read.

use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use battaglie_server::{app, AppState};
use serde_json::{json, Value};

use crate::support::wait::until;
use crate::support::{run, send, Backend, TestDb};

/// A hotseat game of `plies` moves (each side's first legal move): its id.
async fn played(app: &Router, plies: usize) -> String {
    let body = json!({"scenario": "fetterman", "mode": "hotseat"}).to_string();
    let (status, created) = send(app, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap();
    let mut state = created["state"].clone();
    for _ in 0..plies {
        let mv = &crate::support::first_legal(&state);
        let body = json!({"token": token, "move": mv}).to_string();
        let (status, after) =
            send(app, "POST", &format!("/api/games/{id}/moves"), Some(body)).await;
        assert_eq!(status, StatusCode::OK, "{after}");
        state = after;
    }
    id
}

/// Polls the analysis of game `id` until it is complete (within 60 s), keeping every
/// `done` it saw.
async fn until_complete(app: &Router, id: &str, seen: &mut Vec<u64>) -> Value {
    let uri = format!("/api/games/{id}/analysis");
    until(Duration::from_secs(60), async || {
        let (status, report) = send(app, "GET", &uri, None).await;
        seen.push(report["done"].as_u64().unwrap());
        if report["complete"] == true {
            assert_eq!(status, StatusCode::OK, "{report}");
            return Ok(report);
        }
        assert_eq!(status, StatusCode::ACCEPTED, "{report}");
        assert_eq!(report["running"], true, "{report}");
        Err(report)
    })
    .await
    .unwrap_or_else(|report| panic!("the analysis of {id} never completed: {report}"))
}

async fn an_analysis_runs_with_progress_and_is_stored_for_every_node(db: TestDb) {
    let state = AppState::new(db.open().await);
    let app = app(state.clone());
    let id = played(&app, 12).await;
    let uri = format!("/api/games/{id}/analysis");
    let (status, started) = send(&app, "POST", &uri, None).await;
    assert!(
        status == StatusCode::ACCEPTED || status == StatusCode::OK,
        "{started}"
    );
    assert_eq!(started["total"], 12);
    assert_eq!(started["started"], true, "{started}");
    assert_eq!(started["nodes"], battaglie_server::ANALYSIS_NODES);
    let mut seen = Vec::new();
    let done = until_complete(&app, &id, &mut seen).await;
    assert!(
        seen.windows(2).all(|w| w[0] <= w[1]),
        "progress only grows: {seen:?}"
    );
    assert_eq!(done["done"], 12);
    let moves = done["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 12);
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["ply"], i + 1);
        let chance = m["after"]["win_chance"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&chance), "{m}");
        assert_eq!(m["line"][0], m["best"], "{m}");
    }
    assert_eq!(
        done["summary"]["army"]["moves"].as_u64().unwrap()
            + done["summary"]["indians"]["moves"].as_u64().unwrap(),
        12
    );

    // Asked again, on this node and on another over the same database: the stored one.
    let (status, again) = send(&app, "POST", &uri, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again, done);
    let other = app_on(&db).await;
    let (status, there) = send(&other, "GET", &uri, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(there["moves"], done["moves"]);
}

/// A page asks whether a game has an analysis before it starts one: the answer is
/// "not started", not a failed request, and asking starts nothing.
async fn an_analysis_nobody_asked_for_is_answered_as_not_started(db: TestDb) {
    let app = app_on(&db).await;
    let id = played(&app, 5).await;
    let uri = format!("/api/games/{id}/analysis");
    for _ in 0..2 {
        let (status, report) = send(&app, "GET", &uri, None).await;
        assert_eq!(status, StatusCode::OK, "{report}");
        assert_eq!(report["started"], false, "{report}");
        assert_eq!(report["running"], false, "{report}");
        assert_eq!(report["complete"], false, "{report}");
        assert_eq!(report["done"], 0, "{report}");
        assert_eq!(report["total"], 5, "{report}");
        assert_eq!(report["moves"], json!([]), "{report}");
        assert_eq!(report["scenario"], "fetterman", "{report}");
    }
    let (status, started) = send(&app, "POST", &uri, None).await;
    assert!(
        status == StatusCode::ACCEPTED || status == StatusCode::OK,
        "{started}"
    );
    let (_, after) = send(&app, "GET", &uri, None).await;
    assert_eq!(after["started"], true, "{after}");
}

async fn app_on(db: &TestDb) -> Router {
    app(AppState::new(db.open().await))
}

async fn the_analysis_of_a_game_that_does_not_exist_is_refused(db: TestDb) {
    let app = app_on(&db).await;
    for method in ["GET", "POST"] {
        let (status, err) = send(&app, method, "/api/games/0123456789abcdef/analysis", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{err}");
        assert_eq!(err["code"], "game_not_found", "{err}");
    }
}

async fn an_imported_record_is_analysed_as_a_new_ended_game(db: TestDb) {
    let app = app_on(&db).await;
    let id = played(&app, 6).await;
    let (status, record) = send(
        &app,
        "GET",
        &format!("/api/games/{id}/record?format=json"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, created) = send(
        &app,
        "POST",
        "/api/records/analysis",
        Some(record.to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let new_id = created["id"].as_str().unwrap();
    assert_ne!(new_id, id);
    assert_eq!(created["analysis"]["total"], 6);
    let mut seen = Vec::new();
    let done = until_complete(&app, new_id, &mut seen).await;
    let played: Vec<&Value> = record["moves"].as_array().unwrap().iter().collect();
    let judged: Vec<&Value> = done["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["move"])
        .collect();
    assert_eq!(judged.len(), played.len());
}

async fn a_record_that_does_not_read_is_refused_and_nothing_is_analysed(db: TestDb) {
    let app = app_on(&db).await;
    let (status, err) = send(
        &app,
        "POST",
        "/api/records/analysis",
        Some("this is not a record".into()),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
    assert_eq!(err["code"], "bad_record", "{err}");
    let (status, err) = send(&app, "POST", "/api/records/analysis", Some("  ".into())).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    assert_eq!(err["code"], "empty_body", "{err}");
}

async fn an_online_game_is_analysed_only_once_it_has_ended(db: TestDb) {
    let app = app_on(&db).await;
    let (id, army, _) = crate::support::online_game(&app).await;
    let uri = format!("/api/games/{id}/analysis");
    for method in ["POST", "GET"] {
        let (status, err) = send(&app, method, &uri, None).await;
        assert_eq!(status, StatusCode::CONFLICT, "{method}: {err}");
        assert_eq!(err["code"], "game_in_progress", "{err}");
    }
    let resign = json!({"token": army}).to_string();
    let (status, body) = send(
        &app,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(resign),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, report) = send(&app, "POST", &uri, None).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "an ended game of no moves: {report}"
    );
    assert_eq!(report["complete"], true);
}

on_both_stores!(
    an_online_game_is_analysed_only_once_it_has_ended,
    an_analysis_runs_with_progress_and_is_stored_for_every_node,
    an_analysis_nobody_asked_for_is_answered_as_not_started,
    the_analysis_of_a_game_that_does_not_exist_is_refused,
    an_imported_record_is_analysed_as_a_new_ended_game,
    a_record_that_does_not_read_is_refused_and_nothing_is_analysed,
);
