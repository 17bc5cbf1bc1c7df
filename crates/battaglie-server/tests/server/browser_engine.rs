//! The rules and the computer in the page's Web Worker (web/engine.js, compiled to
//! WebAssembly), in real headless Chromium under the server's content security
//! policy: a search tells its iterations as they finish and is stopped mid-way, and
//! the next request finds the engine ready again (see `browser.rs` for skipping
//! without Chromium).

use serde_json::json;

use crate::browser_support::{browser, start_server, Browser};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_search_in_the_browser_is_stopped_mid_way_keeping_its_last_iteration() {
    let binary = browser("a_search_in_the_browser_is_stopped_mid_way_keeping_its_last_iteration");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1024, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    // A search bounded by nothing a test would wait for (64 plies, a minute), stopped
    // once it has told two iterations.
    let answer = page
        .eval(
            &mut b,
            "(async () => { const { Engine, EngineStopped } = await import('/engine.js'); \
             const engine = new Engine(); const heard = []; \
             const start = await engine.ask('position', {scenario: 'washita'}); \
             let stopped = false; \
             try { await engine.ask('think', {scenario: 'washita', depth: 64, movetimeMs: 60000}, \
               (t) => { heard.push(t); if (heard.length === 2) engine.stop(); }); } \
             catch (e) { stopped = e instanceof EngineStopped; } \
             const best = heard.at(-1).best; \
             const after = await engine.ask('position', {scenario: 'washita', moves: [best]}); \
             return {stopped, depths: heard.map((t) => t.depth), best, legal: start.legal, played: after.moves}; })()",
        )
        .await;
    assert_eq!(answer["stopped"], json!(true), "{answer}");
    assert_eq!(answer["depths"], json!([1, 2]), "{answer}");
    let legal = answer["legal"].as_array().unwrap();
    assert!(legal.contains(&answer["best"]), "{answer}");
    assert_eq!(answer["played"], json!([answer["best"]]), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn an_illegal_move_asked_of_the_browsers_engine_is_refused_with_the_rule() {
    let binary = browser("an_illegal_move_asked_of_the_browsers_engine_is_refused_with_the_rule");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1024, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let refusal = page
        .eval(
            &mut b,
            "(async () => { const { Engine } = await import('/engine.js'); const engine = new Engine(); \
             try { await engine.ask('position', {scenario: 'washita', moves: ['pass']}); return null; } \
             catch (e) { return e.message; } })()",
        )
        .await;
    let said = refusal.as_str().unwrap_or_default();
    assert!(
        said.contains("pass"),
        "the refusal names the move: {refusal}"
    );
}
