//! Seat tokens stay out of what the server and its proxies see: a game played
//! from its links in real headless Chromium puts no token in a request line or a
//! `Referer` (what an access log keeps), and an older link with the token in its
//! query still opens the seat, once, the page moving the token out of the
//! address (see `browser.rs` for skipping without Chromium).

use battaglie_rules::Scenario;
use serde_json::json;

use crate::browser_support::{browser, call, start_server, whole_stack_move, Browser};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_game_played_from_its_links_puts_no_seat_token_in_a_logged_line() {
    let binary = browser("a_game_played_from_its_links_puts_no_seat_token_in_a_logged_line");
    let (_db, server) = start_server().await;
    let url = &server.url;
    let mut b = Browser::launch(&binary).await;
    let army = b.page(1366, 768).await;
    let indians = b.page(1366, 768).await;
    army.goto(&mut b, &format!("{url}/")).await;
    let game = call(
        &army,
        &mut b,
        "POST",
        "/api/games",
        json!({"scenario": "washita", "mode": "online", "side": "army"}),
    )
    .await;
    assert_eq!(game["status"], 201, "{game}");
    let field = |k: &str| game["body"][k].as_str().unwrap().to_string();
    let (id, army_token, indians_token) = (field("id"), field("token"), field("other_token"));
    let link = |k: &str| game["body"]["urls"][k].as_str().unwrap().to_string();
    let (play, invite) = (link("play"), link("invite"));
    assert_eq!(play, format!("/game/{id}#token={army_token}"));
    assert_eq!(invite, format!("/game/{id}#token={indians_token}"));

    // Both players open their links; each page holds its seat (its socket says
    // so to the other), the chat loads, and the Army moves by dragging.
    army.goto(&mut b, &format!("{url}{play}")).await;
    indians.goto(&mut b, &format!("{url}{invite}")).await;
    army.wait(
        &mut b,
        "document.querySelector('.presence-seat.indians.online')",
    )
    .await;
    indians
        .wait(
            &mut b,
            "document.querySelector('.presence-seat.army.online')",
        )
        .await;
    let scenario = Scenario::builtin("washita").unwrap();
    let st = army.state(&mut b).await;
    let (from, to, first) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
    army.drag(
        &mut b,
        &format!("[data-square=\"{from}\"]"),
        &format!("[data-square=\"{to}\"]"),
    )
    .await;
    indians
        .wait(
            &mut b,
            "document.querySelectorAll('table.moves button.mv').length === 1",
        )
        .await;
    assert_eq!(indians.moves(&mut b).await, vec![first]);
    // A reload keeps the seat (the fragment stays in the address bar).
    indians.goto(&mut b, &format!("{url}{invite}")).await;
    indians
        .wait(&mut b, "document.querySelector('svg.board .hit')")
        .await;

    let logged = server.logged_lines();
    assert!(
        logged
            .iter()
            .any(|l| l.starts_with(&format!("GET /game/{id} "))),
        "the proxy saw the pages: {logged:?}"
    );
    for token in [&army_token, &indians_token] {
        let leaks: Vec<_> = logged
            .iter()
            .filter(|l| l.contains(token.as_str()))
            .collect();
        assert!(leaks.is_empty(), "a seat token in logged lines: {leaks:?}");
    }

    // An older link, the token in its query, still opens the seat; the page moves
    // the token into the fragment, and no later request carries it.
    let old = b.page(1366, 768).await;
    old.goto(&mut b, &format!("{url}/game/{id}?token={indians_token}"))
        .await;
    old.wait(
        &mut b,
        "document.querySelector('.presence-seat.army.online')",
    )
    .await;
    let address = old.eval(&mut b, "location.search + location.hash").await;
    assert_eq!(address, json!(format!("#token={indians_token}")));
    let seated = old
        .eval(
            &mut b,
            "!(document.querySelector('.banner')?.textContent ?? '').includes('you are watching')",
        )
        .await;
    assert_eq!(seated, json!(true), "the old link opens the Indians' seat");
    let later: Vec<_> = server
        .logged_lines()
        .iter()
        .filter(|l| l.contains(indians_token.as_str()))
        .cloned()
        .collect();
    assert_eq!(
        later,
        vec![format!("GET /game/{id}?token={indians_token} HTTP/1.1")],
        "only the old link's own request holds the token"
    );
}
