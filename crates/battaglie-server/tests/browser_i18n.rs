//! The page in the reader's language, in real headless Chromium: the rules page for
//! players, the battles' histories and the server's errors, in each of the four
//! languages (see `browser.rs` for the harness and for skipping without Chromium).

#[allow(dead_code)] // each test binary uses a part of the harness
mod browser_support;

use browser_support::{browser_or_skip, start_server, Browser, Page};
use serde_json::json;

async fn set_lang(page: &Page, b: &mut Browser, code: &str) {
    page.eval(
        b,
        &format!("(() => {{ const s = document.getElementById('lang'); s.value = {code:?}; s.dispatchEvent(new Event('change')); }})()"),
    )
    .await;
    page.wait(b, &format!("document.documentElement.lang === {code:?}"))
        .await;
}

/// A string of the page's language table `code`.
async fn string(page: &Page, b: &mut Browser, code: &str, key: &str) -> String {
    let v = page
        .eval(
            b,
            &format!("import('/lang-{code}.js').then(m => m.default[{key:?}])"),
        )
        .await;
    v.as_str()
        .unwrap_or_else(|| panic!("lang-{code}.js has no {key}"))
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_histories_and_server_errors_speak_the_readers_language() {
    let Some(binary) =
        browser_or_skip("rules_histories_and_server_errors_speak_the_readers_language")
    else {
        return;
    };
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;

    for code in ["en", "it", "fr", "de"] {
        set_lang(&page, &mut b, code).await;

        // The rules page, reached from the header of every page.
        page.click(&mut b, "header a.rules-link").await;
        page.wait(
            &mut b,
            "location.pathname === '/rules' && document.querySelector('main.rules-page h2')",
        )
        .await;
        let title = page.text(&mut b, "main h1").await;
        assert_eq!(
            title,
            string(&page, &mut b, code, "rules").await,
            "{code}: the rules page's title"
        );
        let sections = page
            .eval(
                &mut b,
                "document.querySelectorAll('main.rules-page h2').length",
            )
            .await;
        assert_eq!(
            sections,
            json!(5),
            "{code}: the rules page has its five sections"
        );
        page.assert_accessible(&mut b, &format!("the rules page ({code})"))
            .await;

        // A record that does not read is refused in the reader's words.
        page.goto(&mut b, &format!("{}/", server.url)).await;
        page.eval(
            &mut b,
            "(() => { document.getElementById('record-text').value = 'not a record'; document.querySelector('form.import button[type=submit]').click(); })()",
        )
        .await;
        let expected = string(&page, &mut b, code, "err_bad_record").await;
        let headline = expected.split(':').next().unwrap().to_string();
        page.wait(
            &mut b,
            &format!("document.getElementById('toast')?.textContent.includes({headline:?})"),
        )
        .await;
    }

    // The history of a battle, in the language of the page, marked as such.
    set_lang(&page, &mut b, "fr").await;
    page.click(&mut b, "article[data-id=washita] button.play")
        .await;
    page.wait(&mut b, "document.querySelector('details.notes')")
        .await;
    let history = page
        .eval(
            &mut b,
            "(() => { const d = document.querySelector('details.notes'); d.open = true; \
             const p = [...d.querySelectorAll('p')].find(p => p.textContent.includes('Medicine Lodge')); \
             return p ? {text: p.textContent, lang: p.getAttribute('lang')} : null; })()",
        )
        .await;
    assert!(
        history["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("En 1868, les plaines du Sud")),
        "the history is in French: {history}"
    );
    assert_eq!(
        history["lang"],
        json!(null),
        "a translated paragraph is not marked as English"
    );

    // A refused move over the WebSocket is said in French too, naming the squares.
    let said = page
        .eval(
            &mut b,
            "(async () => { const id = location.pathname.split('/')[2]; const token = new URLSearchParams(location.search).get('token'); \
             const ws = new WebSocket(`ws://${location.host}/api/games/${id}/ws?token=${token}`); \
             const msg = await new Promise(r => { ws.onmessage = e => { const m = JSON.parse(e.data); if (m.type === 'state') ws.send(JSON.stringify({type: 'move', move: 'a1:F-c3'})); else r(m); }; }); \
             ws.close(); const { errorText } = await import('/errors.js'); const { ApiError } = await import('/api.js'); \
             return { code: msg.code, text: errorText(new ApiError(msg.status, msg.error, msg.code, msg.params)) }; })()",
        )
        .await;
    assert!(
        said["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("a1:F-c3 :")),
        "the move refused is named: {said}"
    );
    assert_ne!(
        said["code"],
        json!("bad_request"),
        "a refused move has its own code: {said}"
    );
    page.assert_accessible(&mut b, "the game page in French, notes open")
        .await;
}
