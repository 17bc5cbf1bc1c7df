//! The offline edition (`battaglie site`) in real headless Chromium, served by a
//! plain static file server on the loopback: the page loads and its service worker
//! keeps the site; the network is cut (DevTools' offline emulation, and the server
//! gone); the page reloads from the cache; a game against level 1 started before
//! the cut, closed mid-way, is offered back on the home page and resumed where it
//! was, then played to its end, in the browser alone, and its animated GIF drawn
//! in the page; a record imported is analysed in the page. The computer answers a
//! draw offer and resigns a lost game as the server's does. axe-core checks the
//! pages (see `browser.rs` for skipping without Chromium).

use std::path::PathBuf;

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use battaglie_rules::record::Record;
use battaglie_rules::{Game, Position, Scenario, Side};
use serde_json::json;

use crate::browser_battle::{play_moves, Hands, MOST_MOVES};
use crate::browser_support::{browser, whole_stack_move, Browser, Page, Proxy};

/// A static host: the files of `dir` by path, 404 for anything else (as a host
/// without the page's routes answers a game's address).
async fn static_file(dir: PathBuf, uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    if path.split('/').any(|part| part == ".." || part.is_empty()) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let file = dir.join(path);
    let Ok(body) = tokio::fs::read(&file).await else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let kind = match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("svg") => "image/svg+xml",
        Some("webmanifest") => "application/manifest+json",
        _ => "application/octet-stream",
    };
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// The site written into a new folder and served from the loopback, through a
/// proxy whose network can be cut.
pub(crate) async fn serve_site() -> (tempfile::TempDir, Proxy) {
    let dir = tempfile::tempdir().unwrap();
    battaglie_server::site::write_site(dir.path(), false).expect("the site is written");
    let root = dir.path().to_path_buf();
    let router = axum::Router::new().fallback(move |uri: Uri| static_file(root.clone(), uri));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (dir, Proxy::start(addr).await)
}

/// A short game of Washita River as a record in its text form.
fn short_record() -> String {
    let scenario = Scenario::builtin("washita").unwrap();
    let mut game = Game::new(Position::start(&scenario));
    for _ in 0..6 {
        let first = game.legal_moves()[0];
        game.play(&first);
    }
    Record::from_game(&game, "Custer", "Black Kettle", None).to_string()
}

/// Cuts the network: the page's requests fail (DevTools' offline emulation) and
/// the host is gone (every connection dropped, new ones refused).
async fn cut_the_network(page: &Page, b: &mut Browser, host: &Proxy) {
    b.call(Some(page.session()), "Network.enable", json!({}))
        .await;
    b.call(
        Some(page.session()),
        "Network.emulateNetworkConditions",
        json!({"offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}),
    )
    .await;
    host.cut();
}

/// Leaves the site, as closing its tab does: the page and its workers end.
async fn close(page: &Page, b: &mut Browser) {
    b.call(
        Some(page.session()),
        "Page.navigate",
        json!({"url": "about:blank"}),
    )
    .await;
    page.wait(b, "location.href === 'about:blank'").await;
}

/// Keeps every file the page hands the browser to download (`URL.createObjectURL`'s
/// blobs) in `window.downloads`.
const KEEP_DOWNLOADS: &str = "(() => {
  window.downloads = [];
  const make = URL.createObjectURL;
  URL.createObjectURL = (blob) => (window.downloads.push(blob), make(blob));
})()";

/// Starts a game of Washita River against level 1 from the home page, as a player
/// starts one, the player's side `side`, and waits for its board.
async fn computer_game(page: &Page, b: &mut Browser, side: &str) {
    page.eval(
        b,
        &format!(
            "(() => {{ for (const [id, v] of [['mode', 'computer'], ['side', {side:?}], ['level', '1']]) {{ \
             const s = document.getElementById(id); s.value = v; s.dispatchEvent(new Event('change')); }} }})()"
        ),
    )
    .await;
    page.click(b, "article.card[data-id=\"washita\"] button.play")
        .await;
    page.wait(
        b,
        "location.pathname.startsWith('/game/') && !!document.querySelector('svg.board .hit')",
    )
    .await;
}

/// The plies of the game on the page, as the move list shows them.
async fn plies_shown(page: &Page, b: &mut Browser) -> usize {
    page.eval(
        b,
        "document.querySelectorAll('table.moves button.mv').length",
    )
    .await
    .as_u64()
    .unwrap() as usize
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_offline_edition_plays_a_whole_battle_with_the_network_cut_and_resumes_a_closed_game() {
    let binary = browser(
        "the_offline_edition_plays_a_whole_battle_with_the_network_cut_and_resumes_a_closed_game",
    );
    let (_site, host) = serve_site().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1280, 900).await;
    page.goto(&mut b, &format!("{}/", host.url)).await;
    // The service worker has kept the site and serves the page.
    page.wait(&mut b, "navigator.serviceWorker.controller !== null")
        .await;
    page.wait(&mut b, "document.querySelector('.cards button.play')")
        .await;
    // What needs a server is not offered.
    let hidden = page
        .eval(
            &mut b,
            "['section.account', 'header .lobby-link', '#mode option[value=online]'].map(s => { \
             const e = document.querySelector(s); return !e || getComputedStyle(e).display === 'none'; })",
        )
        .await;
    assert_eq!(
        hidden,
        json!([true, true, true]),
        "the server's features are hidden"
    );
    page.assert_accessible(&mut b, "the offline edition's home page")
        .await;

    // A game against level 1, started from the home page as a player starts one.
    computer_game(&page, &mut b, "army").await;
    let game_path = page.eval(&mut b, "location.pathname").await;
    let game_path = game_path.as_str().unwrap().to_string();

    // The network goes; the page reloads from the service worker's cache.
    cut_the_network(&page, &mut b, &host).await;
    b.call(Some(page.session()), "Page.reload", json!({})).await;
    page.wait(
        &mut b,
        "document.readyState === 'complete' && !!document.querySelector('svg.board .hit')",
    )
    .await;

    // Two moves of the player's, then the tab is closed mid-game.
    let before = play_moves(&page, &mut b, Hands::Drag, 2).await;
    let played = before["ply"].as_u64().unwrap() as usize;
    assert!(
        played >= 3,
        "two moves and the computer's replies: {before}"
    );
    close(&page, &mut b).await;

    // Back with the network still off: the home page offers the game back, and it
    // opens where it was left.
    page.goto(&mut b, &format!("{}/", host.url)).await;
    let link = format!("section.recent a[href^=\"{game_path}\"]");
    page.click(&mut b, &link).await;
    page.wait(&mut b, "!!document.querySelector('svg.board .hit')")
        .await;
    page.wait(
        &mut b,
        &format!("document.querySelectorAll('table.moves button.mv').length >= {played}"),
    )
    .await;
    assert!(plies_shown(&page, &mut b).await >= played);

    // And on to the end of the battle, in the browser alone.
    let end = play_moves(&page, &mut b, Hands::Drag, MOST_MOVES).await;
    assert_eq!(end["status"], json!("over"), "{end}");
    page.wait(&mut b, "!!document.getElementById('end-h')")
        .await;
    page.assert_accessible(&mut b, "the end of an offline battle")
        .await;

    // The replay's animated GIF of the whole game, drawn in the page and downloaded.
    page.eval(&mut b, KEEP_DOWNLOADS).await;
    page.click(&mut b, ".replay-bar a.gif").await;
    page.wait(&mut b, "window.downloads.length === 1").await;
    let header = page
        .eval(
            &mut b,
            "(async () => { const blob = window.downloads[0]; \
             return [blob.type, new TextDecoder().decode(await blob.slice(0, 6).arrayBuffer()), blob.size]; })()",
        )
        .await;
    assert_eq!(header[0], json!("image/gif"), "{header}");
    assert_eq!(header[1], json!("GIF89a"), "{header}");
    assert!(header[2].as_u64().unwrap() > 1000, "{header}");

    // A record imported to be analysed: the analysis is computed in the page.
    page.goto(&mut b, &format!("{}/", host.url)).await;
    page.type_into(&mut b, "#record-text", &short_record())
        .await;
    page.click(&mut b, "form.import button[value=\"analyse\"]")
        .await;
    page.wait(
        &mut b,
        "!!(document.querySelector('section.analysis svg.eval-graph polyline') && !document.querySelector('section.analysis progress'))",
    )
    .await;
    page.assert_accessible(&mut b, "the analysis of an imported record, offline")
        .await;
    assert!(
        host.logged_lines().iter().all(|l| !l.contains("/api/")),
        "no request reached a server's API"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_offline_computer_answers_a_draw_offer_as_the_servers_does() {
    let binary = browser("the_offline_computer_answers_a_draw_offer_as_the_servers_does");
    let (_site, host) = serve_site().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1280, 900).await;
    page.goto(&mut b, &format!("{}/", host.url)).await;
    page.wait(&mut b, "navigator.serviceWorker.controller !== null")
        .await;
    page.wait(&mut b, "document.querySelector('.cards button.play')")
        .await;
    computer_game(&page, &mut b, "indians").await;

    // The computer (the Army) opens; the Cheyenne move; the computer replies; the
    // player takes back their move with the reply, and the computer's judgement of
    // the game starts again from there, as on the server.
    let my_turn_at = |n: usize| {
        format!("document.querySelectorAll('table.moves button.mv').length === {n} && !!document.querySelector('.hl-source')")
    };
    page.wait(&mut b, &my_turn_at(1)).await;
    let scenario = Scenario::builtin("washita").unwrap();
    let opened = page.state(&mut b).await;
    let (from, to, _) = whole_stack_move(&scenario, opened["bfen"].as_str().unwrap(), 0);
    page.drag(
        &mut b,
        &format!("[data-square=\"{from}\"]"),
        &format!("[data-square=\"{to}\"]"),
    )
    .await;
    page.wait(&mut b, &my_turn_at(3)).await;
    page.click(&mut b, "button.undo").await;
    page.wait(&mut b, &my_turn_at(1)).await;

    // Without a move of its own since, the computer judges an offer by the outlook
    // of the position: here it gives the Army less than an even chance, and it
    // agrees, saying so at the end.
    let now = page.state(&mut b).await;
    let pos = Position::from_bfen(&scenario, now["bfen"].as_str().unwrap()).unwrap();
    assert!(
        battaglie_ai::Sport::new()
            .accepts_draw(&pos, Side::Army, None)
            .is_some(),
        "the Army's computer would decline here: {now}"
    );
    page.click(&mut b, "button.offer-draw").await;
    page.click(&mut b, "dialog.ask[open] .yes").await;
    page.wait(
        &mut b,
        "document.querySelector('.end h2') && document.querySelector('.end .computer-says')",
    )
    .await;
    let state = page.state(&mut b).await;
    assert_eq!(
        [
            &state["result"],
            &state["reason"],
            &state["ply"],
            &state["computer_says"]
        ],
        [
            &json!("draw"),
            &json!("agreement"),
            &json!(1),
            &json!("behind")
        ],
        "{state}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_offline_computer_resigns_a_game_its_searches_keep_scoring_lost() {
    let binary = browser("the_offline_computer_resigns_a_game_its_searches_keep_scoring_lost");
    let (_site, host) = serve_site().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1280, 900).await;
    page.goto(&mut b, &format!("{}/", host.url)).await;
    page.wait(&mut b, "navigator.serviceWorker.controller !== null")
        .await;
    // A game kept in this browser where the Cheyenne (the computer, to move) are down
    // to one Foot against sixteen horsemen, its last five searches scored lost.
    let hopeless = "|(MMMM)(MMMM)(MMMM)(MMMM)8/|12/|12/|12/|12/|12/|12/|11f I 5 30";
    let id = "00c0ffee00c0ffee";
    page.eval(
        &mut b,
        &format!(
            "new Promise((resolve, reject) => {{
               const open = indexedDB.open('battaglie', 1);
               open.onupgradeneeded = () => open.result.createObjectStore('games', {{ keyPath: 'id' }});
               open.onerror = () => reject(open.error);
               open.onsuccess = () => {{
                 const now = Date.now();
                 const tx = open.result.transaction('games', 'readwrite');
                 tx.objectStore('games').put({{ id: {id:?}, scenario: 'washita', start: {hopeless:?}, mode: 'computer',
                   computer: {{ side: 'indians', level: 1 }}, moves: [], ending: null, record: null, version: now,
                   created_at: Math.floor(now / 1000), updated_at: Math.floor(now / 1000), sport: Array(5).fill('loss 9') }});
                 tx.oncomplete = () => resolve(true);
                 tx.onerror = () => reject(tx.error);
               }};
             }})"
        ),
    )
    .await;

    // Opened, the computer searches once more and resigns, saying why.
    page.goto(&mut b, &format!("{}/game/{id}", host.url)).await;
    page.wait(
        &mut b,
        "document.querySelector('.end h2') && document.querySelector('.end .computer-says')",
    )
    .await;
    let state = page.state(&mut b).await;
    assert_eq!(
        [
            &state["status"],
            &state["result"],
            &state["reason"],
            &state["computer_says"],
            &state["ply"]
        ],
        [
            &json!("over"),
            &json!("army"),
            &json!("resignation"),
            &json!("lost-score"),
            &json!(0)
        ],
        "{state}"
    );
    page.assert_accessible(&mut b, "a game the offline computer resigned")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_offline_edition_offers_only_the_computer_and_one_screen() {
    let binary = browser("the_offline_edition_offers_only_the_computer_and_one_screen");
    let (_site, host) = serve_site().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(390, 844).await;
    page.goto(&mut b, &format!("{}/", host.url)).await;
    page.wait(&mut b, "navigator.serviceWorker.controller !== null")
        .await;
    // Even a choice remembered as "a friend online" (a phone's picker shows every
    // option of the list, hidden or not) gives the two this edition can play.
    page.eval(
        &mut b,
        "localStorage.setItem('battaglie.choice', JSON.stringify({mode: 'online', side: 'army', level: 1}))",
    )
    .await;
    b.call(Some(page.session()), "Page.reload", json!({})).await;
    page.wait(
        &mut b,
        "document.querySelector('.cards button.play') && document.getElementById('mode')",
    )
    .await;
    let offered = page
        .eval(
            &mut b,
            "[[...document.querySelectorAll('#mode option')].map(o => o.value), document.getElementById('mode').value, document.querySelector('label.rated').hidden]",
        )
        .await;
    assert_eq!(
        offered,
        json!([["computer", "hotseat"], "computer", true]),
        "no online or rated game is offered"
    );
    page.click(&mut b, "article.card[data-id=\"washita\"] button.play")
        .await;
    page.wait(
        &mut b,
        "location.pathname.startsWith('/game/') && !!document.querySelector('svg.board .hit')",
    )
    .await;
    assert_eq!(page.state(&mut b).await["mode"], json!("computer"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_offline_edition_exports_a_games_records_with_the_network_cut() {
    let binary = browser("the_offline_edition_exports_a_games_records_with_the_network_cut");
    let (_site, host) = serve_site().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1280, 900).await;
    page.goto(&mut b, &format!("{}/", host.url)).await;
    page.wait(&mut b, "navigator.serviceWorker.controller !== null")
        .await;
    page.wait(&mut b, "document.querySelector('.cards button.play')")
        .await;
    computer_game(&page, &mut b, "army").await;
    play_moves(&page, &mut b, Hands::Drag, 1).await;
    cut_the_network(&page, &mut b, &host).await;

    // Each record link downloads the game's record, written in the page.
    page.eval(&mut b, KEEP_DOWNLOADS).await;
    for (n, kind) in ["json", "txt"].iter().enumerate() {
        page.click(&mut b, &format!(".export a[download$=\".{kind}\"]"))
            .await;
        page.wait(&mut b, &format!("window.downloads.length === {}", n + 1))
            .await;
    }
    let got = page
        .eval(
            &mut b,
            "Promise.all(window.downloads.map(async f => [f.type, null, await f.text()]))",
        )
        .await;
    assert_eq!(got[0][0], json!("application/json"), "{got}");
    let json: serde_json::Value = serde_json::from_str(got[0][2].as_str().unwrap()).unwrap();
    assert!(!json["moves"].as_array().unwrap().is_empty(), "{json}");
    assert_eq!(got[1][0], json!("text/plain; charset=utf-8"), "{got}");
    let text = got[1][2].as_str().unwrap();
    assert!(
        text.contains("[Scenario \"washita\"]"),
        "the text record: {text}"
    );
    assert!(
        host.logged_lines().iter().all(|l| !l.contains("/api/")),
        "no request reached a server's API"
    );
}
