//! The live scenario, whole, in real headless Chromium on two nodes
//! (one PostgreSQL database, one bus: NATS when `BATTAGLIE_TEST_NATS` is set,
//! else PostgreSQL's): two players register in two browser contexts through
//! the page's form, one on each node; one posts a rated live challenge in the
//! lobby, the other sees it appear and accepts it; both pages open the game in
//! their own seat, they play by clicks on the board, and when the shared fake
//! clock passes the mover's time both pages show the loss on time without a
//! reload; then the player pages show both changed ratings and the game.
//! axe-core checks the lobby, the game and the player page.
//!
//! Skipped loudly without Chromium or `BATTAGLIE_TEST_POSTGRES` (see
//! `browser.rs`), failed so under CI.

use std::sync::Arc;
use std::time::Duration;

use battaglie_community::{Clock, FakeClock, SystemClock};
use battaglie_rules::Scenario;
use serde_json::json;

use crate::browser::{move_count, my_turn};
use crate::browser_support::{browser, register_in_the_page, whole_stack_move, Browser, Page};
use crate::support::cluster::{two_timed_nodes, Kind};

/// Opens the lobby at `url` and waits for its live list.
async fn open_the_lobby(page: &Page, b: &mut Browser, url: &str) {
    page.goto(b, &format!("{url}/lobby")).await;
    page.wait(
        b,
        "document.querySelector('main.lobby')?.dataset.ready === 'live' && document.getElementById('post-challenge')",
    )
    .await;
}

/// The rating a player page shows.
async fn shown_rating(page: &Page, b: &mut Browser) -> f64 {
    let shown = page.text(b, ".rating .value").await;
    shown
        .split_whitespace()
        .next()
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("a rating: {shown:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and PostgreSQL (BATTAGLIE_TEST_POSTGRES)"]
async fn strangers_meet_in_the_lobby_of_two_nodes_and_a_flag_fall_rates_them() {
    let test = "strangers_meet_in_the_lobby_of_two_nodes_and_a_flag_fall_rates_them";
    let binary = browser(test);
    let clock = Arc::new(FakeClock::new(SystemClock.now()));
    let (_db, one, two) = two_timed_nodes(Kind::available(), clock.clone()).await;
    let (url_one, url_two) = (one.url(), two.url());
    let mut b = Browser::launch(&binary).await;
    // Two contexts, two cookie jars: Ann on node one, Bob (on a phone) on node two.
    let ann = b.page(1366, 768).await;
    let bob = b.page(390, 844).await;
    register_in_the_page(&ann, &mut b, &url_one, "Ann_Meet").await;
    register_in_the_page(&bob, &mut b, &url_two, "Bob_Meet").await;
    open_the_lobby(&ann, &mut b, &url_one).await;
    open_the_lobby(&bob, &mut b, &url_two).await;
    ann.assert_accessible(&mut b, "the lobby").await;

    // Ann posts a rated live challenge: Fetterman, the Army, 5+2.
    ann.eval(
        &mut b,
        "(() => { const set = (id, v) => { const s = document.getElementById(id); s.value = v; s.dispatchEvent(new Event('change')); }; \
         set('challenge-battle', 'fetterman'); set('challenge-side', 'army'); set('challenge-clock', '5+2'); })()",
    )
    .await;
    ann.click(&mut b, "#challenge-rated").await;
    ann.wait(&mut b, "document.getElementById('challenge-rated').checked")
        .await;
    ann.click(&mut b, "#post-challenge").await;

    // Bob, on the other node, sees it appear without reloading, and accepts it.
    bob.wait(
        &mut b,
        "document.querySelector('ul.challenges li button.accept')",
    )
    .await;
    let shown = bob.text(&mut b, "ul.challenges li").await;
    assert!(
        shown.contains("Ann_Meet") && shown.contains("5+2") && shown.contains("Rated"),
        "{shown}"
    );
    bob.assert_accessible(&mut b, "the lobby with a challenge from another node")
        .await;
    bob.click(&mut b, "ul.challenges li button.accept").await;

    // Both pages open the game, each in its own seat.
    for page in [&ann, &bob] {
        page.wait(
            &mut b,
            "location.pathname.startsWith('/game/') && document.querySelector('svg.board') && !document.querySelector('section.clock').hidden",
        )
        .await;
    }
    let mut seats = Vec::new();
    let mut ids = Vec::new();
    for page in [&ann, &bob] {
        let st = page
            .eval(
                &mut b,
                "fetch('/api/games/' + location.pathname.split('/')[2]).then(r => r.json())",
            )
            .await;
        seats.push(st["you"].clone());
        ids.push(st["id"].clone());
    }
    assert_eq!(seats, [json!("army"), json!("indians")]);
    assert_eq!(ids[0], ids[1], "the same game");
    let id = ids[0].as_str().unwrap().to_string();

    // Four moves, each by clicks on the mover's board, each seen on the other.
    let scenario = Scenario::builtin("fetterman").unwrap();
    let mut to_move = String::new();
    for ply in 0..4 {
        let st = ann.state(&mut b).await;
        to_move = st["to_move"].as_str().unwrap().to_string();
        let mover = if to_move == "army" { &ann } else { &bob };
        my_turn(mover, &mut b).await;
        let (from, to, _) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
        mover
            .click(&mut b, &format!("[data-square=\"{from}\"]"))
            .await;
        // The stack is taken up (the move's panel opens beside the board, and the
        // board may move with it) before the square it goes to is clicked.
        mover
            .wait(&mut b, "document.querySelector('.mover .chooser')")
            .await;
        mover
            .click(&mut b, &format!("[data-square=\"{to}\"]"))
            .await;
        for page in [&ann, &bob] {
            move_count(page, &mut b, ply + 1).await;
        }
        if ply == 1 {
            mover
                .assert_accessible(&mut b, "a rated game with a clock")
                .await;
        }
    }
    let st = ann.state(&mut b).await;
    to_move = st["to_move"].as_str().map_or(to_move, str::to_string);

    // The mover's five minutes (and the increments) pass on the shared clock:
    // a node's flag timer ends the game; both pages show it, without a reload.
    clock.advance(Duration::from_secs(15 * 60));
    let (loser, winner) = if to_move == "army" {
        (&ann, &bob)
    } else {
        (&bob, &ann)
    };
    for (page, class) in [(loser, "loss"), (winner, "win")] {
        page.wait(
            &mut b,
            &format!("document.querySelector('section.end.{class}:not([hidden])')?.textContent.includes('out of time')"),
        )
        .await;
    }
    loser.assert_accessible(&mut b, "a game lost on time").await;

    // Each player's page, from either node, shows the changed ratings and the game.
    let (won, lost) = if to_move == "army" {
        ("Bob_Meet", "Ann_Meet")
    } else {
        ("Ann_Meet", "Bob_Meet")
    };
    for (page, url) in [(&ann, &url_one), (&bob, &url_two)] {
        for (name, opponent, up) in [(won, lost, true), (lost, won, false)] {
            page.goto(&mut b, &format!("{url}/players/{name}")).await;
            page.wait(
                &mut b,
                &format!("document.querySelector(\"table.games tr[data-game='{id}']\") && document.querySelector('.rating .value')"),
            )
            .await;
            let rating = shown_rating(page, &mut b).await;
            assert_eq!(rating > 1500.0, up, "{name} shows {rating}");
            assert_eq!(rating < 1500.0, !up, "{name} shows {rating}");
            let row = page.text(&mut b, &format!("tr[data-game='{id}']")).await;
            assert!(row.contains(opponent), "{row}");
        }
    }
    bob.assert_accessible(&mut b, "a player page after a rated game")
        .await;
}
