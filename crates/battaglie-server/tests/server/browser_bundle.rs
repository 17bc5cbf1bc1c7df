//! The shipped front end (the embedded bundle) in headless Chromium, as a reader
//! who never signed in meets it: nothing fails, one language is fetched, the
//! engine's worker runs from the bundle.

use crate::browser_pages::set_lang;
use crate::browser_support::{browser, computer_game, start_bundled_server, Browser, Page};

/// The paths of the files the page has fetched so far (`/app-XXXXXXXX.js`...).
async fn fetched(page: &Page, b: &mut Browser) -> Vec<String> {
    let v = page
        .eval(
            b,
            "performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)",
        )
        .await;
    serde_json::from_value(v).unwrap()
}

/// The bundled file holding the words of the language whose tagline is `tagline`.
fn language_file(tagline: &str) -> String {
    let needle = tagline.as_bytes();
    let holding: Vec<_> = battaglie_server::web_assets()
        .iter()
        .filter(|a| a.path.ends_with(".js") && a.body.windows(needle.len()).any(|w| w == needle))
        .collect();
    assert_eq!(holding.len(), 1, "one file holds {tagline:?}");
    format!("/{}", holding[0].path)
}

const ENGLISH: &str = "Atlantic's 1977 Old-West battles, to play in the browser.";
const GERMAN: &str = "Atlantics Wildwest-Schlachten von 1977, im Browser zu spielen.";
const ITALIAN: &str = "Le battaglie del Far West di Atlantic (1977), da giocare nel browser.";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn an_anonymous_reader_meets_no_failed_request_and_fetches_one_language() {
    let binary = browser("an_anonymous_reader_meets_no_failed_request_and_fetches_one_language");
    let (_db, server) = start_bundled_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.record_failures(&mut b).await;

    page.goto(&mut b, &format!("{}/", server.url)).await;
    page.wait(
        &mut b,
        "document.querySelectorAll('.cards button.play').length === 3",
    )
    .await;
    let home = fetched(&page, &mut b).await;
    assert!(
        home.len() <= 10,
        "the home page fetched {} files: {home:?}",
        home.len()
    );
    assert!(home.contains(&language_file(ENGLISH)), "{home:?}");
    for other in [GERMAN, ITALIAN] {
        assert!(
            !home.contains(&language_file(other)),
            "{other:?} fetched: {home:?}"
        );
    }

    // A game against the computer, to the moment its board takes a click.
    let url = computer_game(&page, &mut b).await;
    page.goto(&mut b, &format!("{}{url}", server.url)).await;
    page.wait(
        &mut b,
        "performance.getEntriesByName('board-interactive').length === 1",
    )
    .await;
    page.wait(
        &mut b,
        "document.querySelector('svg.board [data-square]') !== null",
    )
    .await;

    // A second visit gets the battles from the browser's copy, checked by their tag
    // (a 304 without the list), not downloaded again.
    page.goto(&mut b, &format!("{}/", server.url)).await;
    page.goto(&mut b, &format!("{}{url}", server.url)).await;
    page.wait(
        &mut b,
        "performance.getEntriesByName('board-interactive').length === 1",
    )
    .await;
    let battles = page
        .eval(
            &mut b,
            "performance.getEntriesByType('resource').filter(e => new URL(e.name).pathname === '/api/scenarios').map(e => [e.transferSize, e.decodedBodySize])",
        )
        .await;
    let [transferred, size] = [&battles[0][0], &battles[0][1]].map(|v| v.as_u64().unwrap_or(0));
    assert!(
        size > 10_000 && transferred < 2_000,
        "the battles' list came again whole: {battles}"
    );

    // Another language is fetched when chosen, and speaks.
    set_lang(&page, &mut b, "de").await;
    assert!(fetched(&page, &mut b)
        .await
        .contains(&language_file(GERMAN)));
    assert_eq!(page.text(&mut b, "header .tag").await, GERMAN);

    let failures = page.failures(&mut b).await;
    assert!(failures.is_empty(), "{failures:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_bundled_engine_worker_analyses_an_imported_record_with_no_failed_request() {
    let binary =
        browser("the_bundled_engine_worker_analyses_an_imported_record_with_no_failed_request");
    let (_db, server) = start_bundled_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(390, 844).await;
    page.record_failures(&mut b).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    page.eval(
        &mut b,
        "(async () => { const post = (p, body) => fetch(p, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)}).then(r => r.json()); \
         const g = await post('/api/games', {scenario: 'washita', mode: 'hotseat'}); let st = g.state; \
         for (let i = 0; i < 6; i++) st = await post(`/api/games/${g.id}/moves`, {token: g.token, move: st.legal[0].moves[0].notation}); \
         const text = await fetch(`/api/games/${g.id}/record?format=text`).then(r => r.text()); \
         document.getElementById('record-text').value = text; \
         document.querySelector('form.import button[value=analyse]').click(); return true; })()",
    )
    .await;
    page.wait(&mut b, "location.pathname.startsWith('/game/')")
        .await;
    page.wait(
        &mut b,
        "document.querySelector('section.analysis svg.eval-graph polyline') && !document.querySelector('section.analysis progress')",
    )
    .await;
    // The worker fetches the module itself: the server saw both asked for.
    let asked = server.logged_lines();
    let worker = asked.iter().any(|l| l.contains("/engine-worker-"));
    let wasm = asked.iter().any(|l| l.contains(".wasm"));
    assert!(
        worker && wasm,
        "the analysis ran without the bundle's worker and module: {asked:#?}"
    );
    let said = page
        .text(&mut b, "section.analysis .analysis-progress")
        .await;
    assert!(said.contains('6'), "the page judged the 6 moves: {said}");
    // Opened, started and read without a failed request: asking whether the server
    // holds an analysis already is answered "not started" (docs/api.md), not refused.
    let failures = page.failures(&mut b).await;
    assert!(failures.is_empty(), "{failures:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_bad_square_in_an_imported_record_is_said_with_the_battles_board_below_the_buttons() {
    let binary = browser(
        "a_bad_square_in_an_imported_record_is_said_with_the_battles_board_below_the_buttons",
    );
    let (_db, server) = start_bundled_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(390, 844).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    // A Washita record whose first move starts on z9, a square of no board.
    page.eval(
        &mut b,
        "(async () => { const post = (p, body) => fetch(p, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)}).then(r => r.json()); \
         const g = await post('/api/games', {scenario: 'washita', mode: 'hotseat'}); \
         await post(`/api/games/${g.id}/moves`, {token: g.token, move: g.state.legal[0].moves[0].notation}); \
         const record = await fetch(`/api/games/${g.id}/record?format=json`).then(r => r.json()); \
         record.moves[0] = 'z9:F-a1'; \
         document.getElementById('record-text').value = JSON.stringify(record); \
         document.querySelector('form.import button[value=import]').click(); return true; })()",
    )
    .await;
    page.wait(
        &mut b,
        "document.querySelector('form.import .form-error:not([hidden])') !== null",
    )
    .await;
    let said = page.text(&mut b, "form.import .form-error").await;
    assert!(
        said.contains("z9") && said.contains("from a to l") && said.contains("from 1 to 8"),
        "{said}"
    );
    // Both buttons stay where a tap reaches them, the message shown.
    let reachable = page
        .eval(
            &mut b,
            "[...document.querySelectorAll('form.import button')].every(bt => { bt.scrollIntoView({block: 'center'}); const r = bt.getBoundingClientRect(); return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === bt; })",
        )
        .await;
    assert_eq!(
        reachable,
        serde_json::json!(true),
        "a button is covered: {said}"
    );
    page.assert_accessible(&mut b, "an import refused, its reason below the buttons")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_lobby_with_games_in_play_has_no_accessibility_violation() {
    let binary = browser("the_lobby_with_games_in_play_has_no_accessibility_violation");
    let (_db, server) = start_bundled_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.record_failures(&mut b).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    // Games in play: one against the computer, one online between two guests.
    computer_game(&page, &mut b).await;
    page.eval(
        &mut b,
        "fetch('/api/games', {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({scenario: 'fetterman', mode: 'online', side: 'army'})}).then(r => r.status)",
    )
    .await;
    page.goto(&mut b, &format!("{}/lobby", server.url)).await;
    page.wait(
        &mut b,
        "document.querySelector('.lobby-life .life-counts') !== null",
    )
    .await;
    page.assert_accessible(&mut b, "the lobby with games in play")
        .await;
    let failures = page.failures(&mut b).await;
    assert!(failures.is_empty(), "{failures:#?}");
}
