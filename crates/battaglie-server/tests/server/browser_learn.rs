//! Learn to play in real headless Chromium: a newcomer goes from the home page to the
//! lessons and walks the first two by clicks on a desktop (English) and by taps on a
//! phone (Italian, 390x844): a refused try is answered by the rule's words with its
//! squares marked, a hint draws a move, stars are shown and kept after a reload.
//! Keyboard alone completes a stage. axe-core finds nothing on the map and on a lesson
//! (see `browser.rs` for skipping without Chromium).

use serde_json::{json, Value};

use crate::browser_pages::set_lang;
use crate::browser_support::{browser, start_server, Browser, Page};

/// How the player's hand reaches the page.
#[derive(Clone, Copy)]
enum Hand {
    Mouse,
    Touch,
}

/// Presses `selector` as the hand does: a click, or a tap on what is in view.
async fn press(page: &Page, b: &mut Browser, hand: Hand, selector: &str) {
    match hand {
        Hand::Mouse => page.click(b, selector).await,
        Hand::Touch => {
            page.eval(
                b,
                &format!(
                    "document.querySelector({selector:?}).scrollIntoView({{block: 'center'}})"
                ),
            )
            .await;
            page.tap_in_place(b, selector, true).await;
        }
    }
}

fn cell(square: &str) -> String {
    format!(".learn-board rect[data-square=\"{square}\"]")
}

/// Plays `notation` (one stack to one square) on the board: the stack, as many of its
/// pieces as go, the square, and Confirm when the rest may stay.
async fn play(page: &Page, b: &mut Browser, hand: Hand, notation: &str) {
    let (from, group) = notation.split_once(':').unwrap();
    let at = group.find(['-', 'x']).unwrap();
    let (kinds, to) = (&group[..at], &group[at + 1..]);
    let played = page
        .eval(b, "document.querySelector('.learn-counter').dataset.played")
        .await;
    press(page, b, hand, &cell(from)).await;
    page.wait(b, "document.querySelector('.learn-stage .mover .chooser')")
        .await;
    for k in ["F", "M", "V"] {
        let going = kinds.matches(k).count();
        let less = format!(".mover button[data-focus=\"less-{k}\"]");
        loop {
            let chosen = page
                .eval(b, &format!("(() => {{ const c = document.querySelector({less:?})?.nextElementSibling?.textContent; return c ? parseInt(c, 10) : 0; }})()"))
                .await;
            if chosen.as_u64().unwrap_or(0) as usize <= going {
                break;
            }
            press(page, b, hand, &less).await;
        }
    }
    press(page, b, hand, &cell(to)).await;
    let confirm = page
        .eval(b, "!!document.querySelector('.mover button.confirm')")
        .await;
    if confirm == json!(true) {
        press(page, b, hand, ".mover button.confirm").await;
    }
    page.wait(
        b,
        &format!("document.querySelector('.learn-counter').dataset.played !== {played}"),
    )
    .await;
}

/// The lessons as the page reads them, in `code`.
async fn lessons(page: &Page, b: &mut Browser, code: &str) -> Value {
    page.eval(
        b,
        &format!("fetch('/api/learn/lessons/{code}').then(r => r.json())"),
    )
    .await
}

/// A newcomer's walk through the first two lessons in language `code`, by `hand`.
async fn first_two_lessons(b: &mut Browser, url: &str, code: &str, hand: Hand, size: (u32, u32)) {
    let page = b.page(size.0, size.1).await;
    if matches!(hand, Hand::Touch) {
        b.call(
            Some(page.session()),
            "Emulation.setTouchEmulationEnabled",
            json!({"enabled": true, "maxTouchPoints": 5}),
        )
        .await;
    }
    page.record_failures(b).await;
    page.reduced_motion(b).await;
    page.goto(b, &format!("{url}/")).await;
    set_lang(&page, b, code).await;
    // A visitor who never played is offered the lessons first, above the battles.
    page.wait(b, "document.querySelector('main.home > .home-learn + h1')")
        .await;
    // The home page's own request (the levels' ratings) answered before it is left:
    // a request cut by leaving would count as a failure of the page.
    page.wait(
        b,
        "[...document.querySelectorAll('#level option')].every(o => o.textContent.split('·').length === 3)",
    )
    .await;
    press(&page, b, hand, ".home-learn a").await;
    page.wait(
        b,
        "location.pathname === '/learn' && document.querySelector('ol.lessons li')",
    )
    .await;
    page.assert_accessible(b, &format!("the lessons' map ({code})"))
        .await;
    let all = lessons(&page, b, code).await;
    press(&page, b, hand, ".learn-next a").await;
    page.wait(b, "document.querySelector('.lesson-intro button')")
        .await;
    press(&page, b, hand, ".lesson-intro button").await;

    for (l, lesson) in all.as_array().unwrap()[..2].iter().enumerate() {
        let id = lesson["id"].as_str().unwrap();
        if l > 0 {
            page.wait(b, &format!("location.pathname === '/learn/{id}' && document.querySelector('.lesson-intro button')"))
                .await;
            press(&page, b, hand, ".lesson-intro button").await;
        }
        for (s, stage) in lesson["stages"].as_array().unwrap().iter().enumerate() {
            page.wait(
                b,
                &format!("document.querySelector('.learn-stage[data-stage=\"{}\"] .learn-board rect[data-square]')", s + 1),
            )
            .await;
            assert_eq!(
                page.text(b, ".learn-stage .goal").await,
                stage["goal"].as_str().unwrap(),
                "{code}: {id} {}: the goal is said",
                s + 1
            );
            if (l, s) == (1, 0) {
                // A diagonal step is refused by the rule's words, its squares marked.
                press(&page, b, hand, &cell("b1")).await;
                press(&page, b, hand, &cell("c2")).await;
                page.wait(
                    b,
                    "document.querySelector('.learn-said')?.textContent.length > 0",
                )
                .await;
                let said = page.text(b, ".learn-said").await;
                let expected = if code == "it" {
                    "Mai in diagonale"
                } else {
                    "Never diagonally"
                };
                assert!(said.starts_with(expected), "{code}: refused with {said:?}");
                let marked = page
                    .eval(
                        b,
                        "document.querySelectorAll('.learn-board .hl-refused').length",
                    )
                    .await;
                assert_eq!(
                    marked,
                    json!(2),
                    "{code}: the two squares of the try are marked"
                );
                let played = page
                    .eval(b, "document.querySelector('.learn-counter').dataset.played")
                    .await;
                assert_eq!(played, json!("0"), "{code}: a refused try is no move");
            }
            if (l, s) == (0, 1) {
                // A hint says a move and draws it.
                press(&page, b, hand, ".learn-stage button.hint").await;
                page.wait(b, "document.querySelector('.learn-board line.arrow.best')")
                    .await;
                assert!(!page.text(b, ".learn-said").await.is_empty());
            }
            for mv in stage["solution"].as_array().unwrap() {
                play(&page, b, hand, mv.as_str().unwrap()).await;
            }
            page.wait(b, "document.querySelector('.learn-done .won')")
                .await;
            let stars = page.text(b, ".learn-done .won .stars").await;
            assert_eq!(stars, "★★★", "{code}: {id} {} won with three stars", s + 1);
            if (l, s) == (0, 1) {
                page.assert_accessible(b, &format!("a lesson's stage, won ({code})"))
                    .await;
            }
            press(&page, b, hand, ".learn-done .next").await;
        }
    }
    // "Next lesson" after the second leads to the third's introduction.
    let third = all[2]["id"].as_str().unwrap();
    page.wait(
        b,
        &format!("location.pathname === '/learn/{third}' && document.querySelector('.lesson-intro button')"),
    )
    .await;
    // The stars are kept: the map shows them after a reload.
    page.goto(b, &format!("{url}/learn")).await;
    page.wait(b, "document.querySelector('ol.lessons li')")
        .await;
    let won = page
        .eval(b, "[...document.querySelectorAll('li[data-lesson=\"board\"] ol.stages a, li[data-lesson=\"steps\"] ol.stages a')].map(a => a.querySelector('.stars').textContent)")
        .await;
    let won: Vec<String> = serde_json::from_value(won).unwrap();
    assert!(
        !won.is_empty() && won.iter().all(|s| s == "★★★"),
        "{code}: {won:?}"
    );
    // The next stage offered is the third lesson's first.
    let next = page
        .eval(
            b,
            "document.querySelector('.learn-next a').getAttribute('href')",
        )
        .await;
    assert_eq!(next, json!(format!("/learn/{third}")));
    let failures = page.failures(b).await;
    assert!(failures.is_empty(), "{code}: {failures:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_newcomer_walks_the_first_two_lessons_by_clicks_on_a_desktop() {
    let binary = browser("a_newcomer_walks_the_first_two_lessons_by_clicks_on_a_desktop");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    first_two_lessons(&mut b, &server.url, "en", Hand::Mouse, (1366, 768)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_newcomer_walks_the_first_two_lessons_by_taps_on_a_phone_in_italian() {
    let binary = browser("a_newcomer_walks_the_first_two_lessons_by_taps_on_a_phone_in_italian");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    first_two_lessons(&mut b, &server.url, "it", Hand::Touch, (390, 844)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn keyboard_alone_completes_a_stage() {
    let binary = browser("keyboard_alone_completes_a_stage");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/learn/steps?stage=1", server.url))
        .await;
    page.wait(
        &mut b,
        "document.querySelector('.learn-board rect[tabindex=\"0\"]')",
    )
    .await;
    // Tab reaches the board's one tabbable square (bounded: the page has few stops).
    for _ in 0..40 {
        let on = page
            .eval(&mut b, "!!document.activeElement?.closest('.learn-board')")
            .await;
        if on == json!(true) {
            break;
        }
        page.key(&mut b, "Tab").await;
    }
    // The horseman on b1 goes east to c1, then north to c2 (the stage's goal).
    for key in ["Enter", "ArrowRight", "Enter"] {
        page.key(&mut b, key).await;
    }
    page.wait(
        &mut b,
        "document.querySelector('.learn-counter').dataset.played === '1'",
    )
    .await;
    for key in ["Enter", "ArrowUp", "Enter"] {
        page.key(&mut b, key).await;
    }
    page.wait(&mut b, "document.querySelector('.learn-done .won')")
        .await;
    assert_eq!(page.text(&mut b, ".learn-done .won .stars").await, "★★★");
}

/// The offline edition opens the lessons with the network cut: the map and a lesson
/// come from the service worker's cache, a stage is played and its stars kept in the
/// browser.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_offline_edition_opens_a_lesson_with_the_network_cut() {
    let binary = browser("the_offline_edition_opens_a_lesson_with_the_network_cut");
    let (_site, host) = crate::browser_offline::serve_site().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1280, 900).await;
    page.goto(&mut b, &format!("{}/", host.url)).await;
    page.wait(&mut b, "navigator.serviceWorker.controller !== null")
        .await;
    page.wait(&mut b, "document.querySelector('.home-learn a')")
        .await;
    crate::browser_offline::cut_the_network(&page, &mut b, &host).await;
    page.goto(&mut b, &format!("{}/learn", host.url)).await;
    page.wait(
        &mut b,
        "document.querySelectorAll('ol.lessons > li').length >= 12",
    )
    .await;
    page.goto(&mut b, &format!("{}/learn/steps?stage=1", host.url))
        .await;
    page.wait(
        &mut b,
        "document.querySelector('.learn-board rect[data-square]')",
    )
    .await;
    for mv in ["b1:M-c1", "c1:M-c2"] {
        play(&page, &mut b, Hand::Mouse, mv).await;
    }
    page.wait(&mut b, "document.querySelector('.learn-done .won')")
        .await;
    let kept = page
        .eval(
            &mut b,
            "JSON.parse(localStorage.getItem('battaglie.learn'))['steps/1']",
        )
        .await;
    assert_eq!(kept, json!(3), "the stars are kept in the browser");
    page.assert_accessible(&mut b, "a lesson in the offline edition")
        .await;
}
