//! Analyses under a burst: what one address may queue is counted in positions,
//! not requests, and refused 429 with `Retry-After` past its share; another
//! address still gets in; a game longer than the server analyses is refused; and
//! while analyses run a computer opponent always finds a search permit free.

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use axum::Router;
use battaglie_rules::record::Record;
use battaglie_rules::{Game, Position, Rng, Scenario};
use battaglie_server::analysis::{Refused, Workload};
use battaglie_server::{app, AppState, Store, ADDRESS_POSITIONS};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// A record of `plies` random legal moves of Washita (`seed` picks them), each
/// chosen among those that do not end the game (a Washita game lasts about a
/// hundred).
pub(crate) fn long_record(plies: usize, seed: u64) -> String {
    let scenario = Scenario::builtin("washita").expect("Washita is built in");
    let mut rng = Rng::new(seed);
    let mut game = Game::new(Position::start(&scenario));
    while game.moves().len() < plies {
        let mut moves = game.legal_moves();
        let going_on = loop {
            assert!(
                !moves.is_empty(),
                "every move ends the game at ply {}",
                game.moves().len()
            );
            let mv = moves.swap_remove(rng.below(moves.len()));
            let mut next = game.clone();
            next.play(&mv);
            if !next.is_over() {
                break next;
            }
        };
        game = going_on;
    }
    Record::from_game(&game, "army", "indians", None).to_json()
}

/// Imports `record` for analysis from `from`: the status, `Retry-After` and body.
async fn import_from(
    app: &Router,
    from: [u8; 4],
    record: &str,
) -> (StatusCode, Option<u64>, Value) {
    let mut req = Request::builder()
        .method("POST")
        .uri("/api/records/analysis")
        .header("content-type", "application/json")
        .body(Body::from(record.to_string()))
        .unwrap();
    req.extensions_mut()
        .insert(ConnectInfo(SocketAddr::from((from, 40000))));
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let retry = res
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse().unwrap());
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, retry, serde_json::from_slice(&bytes).unwrap())
}

const ONE: [u8; 4] = [127, 0, 0, 1];
const TWO: [u8; 4] = [127, 0, 0, 2];

#[tokio::test]
async fn a_burst_of_long_records_from_one_address_is_refused_429_once_its_positions_are_used() {
    let state = AppState::new(Store::memory().await.unwrap());
    let app = app(state.clone());
    let plies = 90;
    let fit = ADDRESS_POSITIONS / plies;
    let record = long_record(plies, 1);
    let mut accepted = 0;
    let mut refusal = None;
    // Within the limit of 30 imports at once: positions, not requests, refuse.
    for _ in 0..30 {
        let (status, retry, body) = import_from(&app, ONE, &record).await;
        if status == StatusCode::CREATED {
            accepted += 1;
        } else {
            refusal = Some((status, retry, body));
            break;
        }
    }
    assert!(
        accepted >= fit,
        "{accepted} records of {plies} moves accepted"
    );
    let (status, retry, body) = refusal.expect("a burst of records is refused at last");
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["code"], "analysis_busy", "{body}");
    let seconds = body["params"]["seconds"].as_u64().unwrap();
    assert_eq!(retry, Some(seconds));
    assert!((1..=180).contains(&seconds), "wait {seconds} s");

    // Another address still gets its share of the node.
    let (status, _, body) = import_from(&app, TWO, &record).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // While they are judged, computer opponents keep a search permit.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let slots = state.analyses.workload().slots();
    for _ in 0..20 {
        let free = state.games.searches().available_permits();
        assert!(
            free + slots >= cores,
            "{free} search permits of {cores} free while analyses run"
        );
        // Not a wait: the samples are spread over the searches' run (they hold
        // and give back permits on threads of their own), so that a count taken
        // at any moment of it would be caught.
        tokio::time::sleep(crate::support::wait::EVERY).await;
    }
    state.node.shut_down();
}

#[tokio::test]
async fn a_game_longer_than_the_server_analyses_is_refused_whatever_the_queue() {
    let workload = Workload::new(2);
    assert_eq!(
        workload.book("127.0.0.1", ADDRESS_POSITIONS + 1).err(),
        Some(Refused::TooLong {
            most: ADDRESS_POSITIONS
        })
    );
    assert!(workload.book("127.0.0.1", ADDRESS_POSITIONS).is_ok());
}
