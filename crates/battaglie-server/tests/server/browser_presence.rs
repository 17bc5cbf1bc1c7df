//! Presence in real headless Chromium: a player sees the opponent online, a
//! spectator counted, then the opponent leave (away, with the time until a
//! claim), and a minute later (a fake clock, the node's beat telling the page)
//! claims the win from the page. axe-core checks each state (see `browser.rs`
//! for skipping without Chromium).

use std::sync::Arc;
use std::time::Duration;

use battaglie_community::{Clock, FakeClock, SystemClock};
use battaglie_server::{serve_on, AppState, Cluster, HttpSettings, MemoryLimits};
use serde_json::json;

use crate::browser_support::{browser, call, Browser};
use crate::support::{Backend, TestDb};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_player_sees_the_opponent_leave_and_claims_the_win_a_minute_later() {
    let test = "a_player_sees_the_opponent_leave_and_claims_the_win_a_minute_later";
    let binary = browser(test);
    // One node as `battaglie serve` runs it (its beat included), on a fake clock.
    let clock = Arc::new(FakeClock::new(SystemClock.now()));
    let db = TestDb::new(Backend::Sqlite).await;
    let state = AppState::with_time(
        db.open().await,
        MemoryLimits::default(),
        Cluster::default(),
        clock.clone(),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        let settings = HttpSettings::unlimited();
        serve_on(listener, state, &settings, std::future::pending())
            .await
            .unwrap();
    });

    let mut b = Browser::launch(&binary).await;
    let army = b.page(1366, 768).await;
    let indians = b.page(390, 844).await;
    let watcher = b.page(1366, 768).await;
    army.goto(&mut b, &format!("{url}/")).await;
    let game = call(
        &army,
        &mut b,
        "POST",
        "/api/games",
        json!({"scenario": "washita", "mode": "online", "side": "army", "clock": "5+0"}),
    )
    .await;
    assert_eq!(game["status"], 201, "{game}");
    let id = game["body"]["id"].as_str().unwrap().to_string();
    let token = game["body"]["token"].as_str().unwrap().to_string();
    let invite = game["body"]["urls"]["invite"].as_str().unwrap().to_string();
    // The Army's first move starts the clock.
    let state = army
        .eval(
            &mut b,
            &format!("fetch('/api/games/{id}').then(r => r.json())"),
        )
        .await;
    let first = crate::support::first_legal(&state);
    let moved = call(
        &army,
        &mut b,
        "POST",
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": first}),
    )
    .await;
    assert_eq!(moved["status"], 200, "{moved}");

    army.goto(&mut b, &format!("{url}/game/{id}?token={token}"))
        .await;
    indians.goto(&mut b, &format!("{url}{invite}")).await;
    watcher.goto(&mut b, &format!("{url}/game/{id}")).await;
    army.wait(
        &mut b,
        "document.querySelector('.presence-seat.indians.online') && document.querySelector('.presence-watching').textContent === '1 spectator watching'",
    )
    .await;
    let seat = army.text(&mut b, ".presence-seat.indians").await;
    assert!(seat.ends_with(": online"), "{seat}");
    army.assert_accessible(&mut b, "a game with both players and a spectator")
        .await;
    // The spectator's page counts itself too, and offers no claim.
    watcher
        .wait(
            &mut b,
            "document.querySelector('.presence-seat.army.online')",
        )
        .await;

    // The Indians leave for the home page (the page closes its socket even when the
    // browser keeps it in the back-forward cache): the Army's page says so, and
    // how long until a claim.
    indians.goto(&mut b, &format!("{url}/")).await;
    army.wait(
        &mut b,
        "document.querySelector('.presence-seat.indians.away') && !document.querySelector('.presence-wait').hidden",
    )
    .await;
    let wait = army.text(&mut b, ".presence-wait").await;
    assert!(
        wait.starts_with("Your opponent has left the game: if they are not back within"),
        "{wait}"
    );
    army.assert_accessible(&mut b, "an opponent away").await;

    // A minute later by the server's clock, the page offers the claim.
    clock.advance(Duration::from_secs(61));
    army.wait(
        &mut b,
        "document.querySelector('.presence-seat.indians.gone') && document.querySelector('[data-focus=claim-absent-win]') && !document.querySelector('.presence .claim').hidden",
    )
    .await;
    army.assert_accessible(&mut b, "the claim against an absent opponent")
        .await;
    army.click(&mut b, "[data-focus=claim-absent-win]").await;
    army.wait(
        &mut b,
        "document.body.textContent.includes('You won: the opponent left')",
    )
    .await;
    let state = army.state(&mut b).await;
    assert_eq!(
        (&state["result"], &state["reason"]),
        (&json!("army"), &json!("abandoned")),
        "{state}"
    );
    assert!(
        watcher
            .eval(&mut b, "document.querySelector('.presence .claim').hidden")
            .await
            .as_bool()
            .unwrap(),
        "a spectator is never offered a claim"
    );
}
