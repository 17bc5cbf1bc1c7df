//! The player page in real headless Chromium: after a rated game, the winner's
//! page shows the new rating, the chart and the game in the list, whose replay
//! and analysis links work; axe-clean (see `browser.rs` for skipping without Chromium).

use crate::browser_support::{browser, start_server, Browser, Page};
use crate::support::wait::until;
use serde_json::{json, Value};

/// `fetch` in the page (with its cookie), the answer's JSON with its status.
async fn call(
    page: &Page,
    b: &mut Browser,
    method: &str,
    path: &str,
    body: Value,
    csrf: &str,
) -> Value {
    page.eval(
        b,
        &format!(
            "fetch({path:?}, {{method: {method:?}, headers: {{'content-type': 'application/json', 'x-csrf-token': {csrf:?}}}, \
             body: {body}}}).then(async r => ({{status: r.status, body: await r.json()}}))",
            body = if body.is_null() { "undefined".to_string() } else { format!("{:?}", body.to_string()) },
        ),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn after_a_rated_game_the_player_page_shows_the_rating_chart_and_game() {
    let binary = browser("after_a_rated_game_the_player_page_shows_the_rating_chart_and_game");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(390, 844).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;

    // Custer makes a rated game and plays the first move, then leaves.
    let pw = "washita river 1868";
    let reg = call(
        &page,
        &mut b,
        "POST",
        "/api/account/register",
        json!({"name": "Custer", "password": pw}),
        "",
    )
    .await;
    assert_eq!(reg["status"], 201, "{reg}");
    let csrf = reg["body"]["csrf"].as_str().unwrap().to_string();
    let game = call(
        &page,
        &mut b,
        "POST",
        "/api/games",
        json!({"scenario": "washita", "mode": "online", "side": "army", "rated": true}),
        &csrf,
    )
    .await;
    assert_eq!(game["status"], 201, "{game}");
    let id = game["body"]["id"].as_str().unwrap().to_string();
    let army = game["body"]["token"].as_str().unwrap().to_string();
    let invite = game["body"]["urls"]["invite"].as_str().unwrap().to_string();
    let state = page
        .eval(
            &mut b,
            &format!("fetch('/api/games/{id}?token={army}').then(r => r.json())"),
        )
        .await;
    let mv = crate::support::first_legal(&state);
    let played = call(
        &page,
        &mut b,
        "POST",
        &format!("/api/games/{id}/moves"),
        json!({"token": army, "move": mv}),
        "",
    )
    .await;
    assert_eq!(played["status"], 200, "{played}");
    let out = call(
        &page,
        &mut b,
        "POST",
        "/api/account/logout",
        Value::Null,
        &csrf,
    )
    .await;
    assert_eq!(out["status"], 200, "{out}");

    // Black Kettle registers and opens the invite: the page takes the seat; he resigns.
    let reg = call(
        &page,
        &mut b,
        "POST",
        "/api/account/register",
        json!({"name": "Black_Kettle", "password": pw}),
        "",
    )
    .await;
    assert_eq!(reg["status"], 201, "{reg}");
    page.goto(&mut b, &format!("{}{invite}", server.url)).await;
    let indians = invite.rsplit('=').next().unwrap().to_string();
    until(std::time::Duration::from_secs(5), async || {
        let resigned = call(
            &page,
            &mut b,
            "POST",
            &format!("/api/games/{id}/resign"),
            json!({"token": indians}),
            "",
        )
        .await;
        if resigned["status"] == 200 {
            return Ok(());
        }
        // The page's own seat request may not have landed yet.
        assert_eq!(
            resigned["body"]["code"], "rated_seat_needs_account",
            "{resigned}"
        );
        Err(resigned)
    })
    .await
    .unwrap_or_else(|resigned| panic!("the Indians could never resign: {resigned}"));

    // The game names its players above and below the board, each linking to their
    // page, and its end says what the game did to their ratings.
    page.goto(&mut b, &format!("{}{invite}", server.url)).await;
    page.wait(
        &mut b,
        "document.querySelectorAll('.strip a.player-name').length === 2 && document.querySelectorAll('.end .rating-change').length === 2",
    )
    .await;
    let named = page
        .eval(
            &mut b,
            "[...document.querySelectorAll('.strip a.player-name')].map(a => a.getAttribute('href')).sort()",
        )
        .await;
    assert_eq!(named, json!(["/players/Black_Kettle", "/players/Custer"]));
    let said = page.text(&mut b, ".end").await;
    let seats = page
        .eval(
            &mut b,
            &format!("fetch('/api/games/{id}/players').then(r => r.json())"),
        )
        .await;
    for side in ["army", "indians"] {
        let s = &seats[side];
        let change = s["change"].as_i64().expect("a rated game's change");
        let sign = if change >= 0 { "+" } else { "−" };
        let line = format!(
            "{}: rating {} ({sign}{})",
            s["name"].as_str().unwrap(),
            s["rating"],
            change.abs()
        );
        assert!(said.contains(&line), "the end says {line:?}: {said}");
    }
    page.assert_accessible(&mut b, "a rated game's end, its players named")
        .await;

    // Custer's page, reached from the name.
    page.goto(&mut b, &format!("{}/players/Custer", server.url))
        .await;
    page.wait(&mut b, "document.querySelector('table.games tbody tr') && document.querySelector('svg.rating-chart')").await;
    let shown = page.text(&mut b, ".rating .value").await;
    let rating: f64 = shown.split_whitespace().next().unwrap().parse().unwrap();
    assert!(rating > 1500.0, "{shown}");
    let api = page
        .eval(&mut b, "fetch('/api/players/Custer').then(r => r.json())")
        .await;
    assert_eq!(Some(rating), api["rating"]["rating"].as_f64());
    let chart = page
        .eval(
            &mut b,
            "(() => { const s = document.querySelector('svg.rating-chart'); return {points: s.querySelectorAll('circle.point').length, band: !!s.querySelector('polygon.band'), axes: s.querySelectorAll('line.axis').length, title: s.querySelector('title').textContent}; })()",
        )
        .await;
    assert_eq!(chart["points"], 1, "{chart}");
    assert_eq!(chart["band"], true);
    assert_eq!(chart["axes"], 2);
    assert!(
        chart["title"]
            .as_str()
            .unwrap()
            .contains(&format!("{rating}")),
        "{chart}"
    );
    let row = page.text(&mut b, &format!("tr[data-game='{id}']")).await;
    assert!(row.contains("Black_Kettle"), "{row}");
    // Usable on the phone: the game's links within the screen, nothing wider than
    // it, and the way to the rest of the site.
    let fits = page
        .eval(
            &mut b,
            &format!("[document.querySelector(\"tr[data-game='{id}'] a.analysis\").getBoundingClientRect().right <= innerWidth, \
              document.documentElement.scrollWidth <= innerWidth, !!document.querySelector('header a.lobby-link'), !!document.querySelector('header a.rules-link')]"),
        )
        .await;
    assert_eq!(
        fits,
        json!([true, true, true, true]),
        "the player page at 390 px"
    );
    page.assert_accessible(&mut b, "the player page (phone width)")
        .await;

    // The filters: no casual game.
    page.eval(&mut b, "(() => { const s = document.getElementById('f-rated'); s.value = 'false'; s.dispatchEvent(new Event('change')); })()").await;
    page.wait(&mut b, "!document.querySelector('table.games tbody tr')")
        .await;
    page.eval(&mut b, "(() => { const s = document.getElementById('f-rated'); s.value = 'true'; s.dispatchEvent(new Event('change')); })()").await;
    page.wait(&mut b, "document.querySelector('table.games tbody tr')")
        .await;

    // The replay link opens the game at its start, the analysis link its analysis.
    page.click(&mut b, &format!("tr[data-game='{id}'] a.replay"))
        .await;
    page.wait(
        &mut b,
        "location.search === '?replay=0' && document.querySelector('.banner strong')",
    )
    .await;
    page.goto(&mut b, &format!("{}/players/Custer", server.url))
        .await;
    page.click(&mut b, &format!("tr[data-game='{id}'] a.analysis"))
        .await;
    page.wait(
        &mut b,
        "location.search === '?analysis' && !document.querySelector('section.analysis').hidden",
    )
    .await;
}
