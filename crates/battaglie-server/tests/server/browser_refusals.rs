//! Refusals of what a player writes into a form, in headless Chromium: said in the
//! player's words, in their language, below the form's buttons, which stay in reach
//! to try again (a notice over them would hide them on a phone).

use crate::browser_pages::set_lang;
use crate::browser_support::{browser, register_in_the_page, start_server, Browser, Page};
use serde_json::json;

/// Whether every control matched by `selector` takes a tap at its centre (nothing
/// covers it), each scrolled into view first.
async fn all_reachable(page: &Page, b: &mut Browser, selector: &str) -> bool {
    let v = page
        .eval(
            b,
            &format!(
                "(() => {{ const all = [...document.querySelectorAll({selector:?})].filter(e => e.checkVisibility()); \
                 return all.length > 0 && all.every(e => {{ e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect(); \
                 const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2); return at === e || e.contains(at); }}); }})()"
            ),
        )
        .await;
    v == json!(true)
}

/// A refusal said for a player: not the server's English message for programmers.
fn for_a_player(said: &str) {
    for jargon in [
        "MINUTES",
        "SECONDS",
        "DAYSd",
        "`",
        "expected",
        "time control \"",
    ] {
        assert!(!said.contains(jargon), "{jargon:?} in {said:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_custom_clock_written_wrong_is_explained_below_the_buttons_in_the_players_words() {
    let binary =
        browser("a_custom_clock_written_wrong_is_explained_below_the_buttons_in_the_players_words");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(390, 844).await;
    b.call(
        Some(page.session()),
        "Emulation.setTouchEmulationEnabled",
        json!({"enabled": true, "maxTouchPoints": 5}),
    )
    .await;
    page.record_failures(&mut b).await;

    // The home page: an online game with the clock "45d".
    page.goto(&mut b, &format!("{}/", server.url)).await;
    page.eval(
        &mut b,
        "(() => { const pick = (id, v) => { const s = document.getElementById(id); s.value = v; s.dispatchEvent(new Event('change')); }; \
         pick('mode', 'online'); pick('clock', 'custom'); return true; })()",
    )
    .await;
    page.type_into(&mut b, "#clock-custom", "45d").await;
    for (code, word) in [("en", "clock"), ("de", "Bedenkzeit")] {
        if code != "en" {
            set_lang(&page, &mut b, code).await;
        }
        page.click(&mut b, "article[data-id=washita] button.play")
            .await;
        page.wait(
            &mut b,
            "document.querySelector('div.how + p.form-error:not([hidden])') !== null",
        )
        .await;
        let said = page.text(&mut b, "div.how + p.form-error").await;
        for_a_player(&said);
        assert!(said.contains(word), "{code}: {said}");
        assert!(
            all_reachable(
                &page,
                &mut b,
                "div.how select, div.how input, .cards button.play"
            )
            .await,
            "{code}: a control is covered while the refusal shows: {said}"
        );
        let toast = page
            .eval(&mut b, "!!document.querySelector('#toast.show')")
            .await;
        assert_eq!(toast, json!(false), "{code}: a notice covers the page");
        page.assert_accessible(&mut b, &format!("a custom clock refused ({code})"))
            .await;
    }
    set_lang(&page, &mut b, "en").await;

    // The lobby's challenge and "play anyone", for a signed-in player.
    register_in_the_page(&page, &mut b, &server.url, "clockwork").await;
    page.goto(&mut b, &format!("{}/lobby", server.url)).await;
    page.wait(
        &mut b,
        "document.querySelector('main').dataset.ready === 'live'",
    )
    .await;
    page.eval(
        &mut b,
        "(() => { const s = document.getElementById('challenge-clock'); s.value = 'custom'; s.dispatchEvent(new Event('change')); return true; })()",
    )
    .await;
    page.type_into(&mut b, "#challenge-clock-custom", "45d")
        .await;
    for (button, refusal) in [
        (
            "#post-challenge",
            "form.post-challenge .form-error:not([hidden])",
        ),
        (
            "#play-anyone",
            "section.play-anyone .form-error:not([hidden])",
        ),
    ] {
        page.click(&mut b, button).await;
        page.wait(
            &mut b,
            &format!("document.querySelector({refusal:?}) !== null"),
        )
        .await;
        let said = page.text(&mut b, refusal).await;
        for_a_player(&said);
        assert!(said.contains("clock"), "{button}: {said}");
        assert!(
            all_reachable(
                &page,
                &mut b,
                "main form button, main form select, main form input, section.play-anyone button"
            )
            .await,
            "{button}: a control is covered while the refusal shows: {said}"
        );
    }
    page.assert_accessible(&mut b, "the lobby's refusals of a custom clock")
        .await;
    // The refusals are the server's answers (422), said; nothing else failed.
    let failures: Vec<_> = page
        .failures(&mut b)
        .await
        .into_iter()
        .filter(|f| !f.contains("answered 422") && !f.contains("status of 422"))
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}
