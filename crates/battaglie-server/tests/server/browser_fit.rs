//! The whole turn in the window, in real headless Chromium at a desktop's 1366x768
//! and a phone's 390x844 (by touch): the banner, both strips with their clocks, the
//! board and the move's controls are all seen without scrolling; a tap on a stack
//! does not scroll the page; the banner keeps its height once it names the last
//! move; a server that does not answer is said where the player looks (see
//! `browser.rs` for skipping without Chromium).

use serde_json::{json, Value};

use crate::browser::move_count;
use crate::browser_support::{browser, call, start_server, whole_stack_move, Browser, Page};
use battaglie_rules::Scenario;

/// Each part of the turn a player must see, and whether every element of it lies
/// inside the window.
const TURN: &str = "(() => { const inside = (s) => [...document.querySelectorAll(s)].map(e => { const r = e.getBoundingClientRect(); \
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }); \
    return {banner: inside('.banner'), strips: inside('.board-dock .strip'), clocks: inside('.strip-clock .face'), \
    board: inside('svg.board'), controls: inside('.mover .chooser button, .mover [data-focus=cancel]'), \
    note: inside('.send-note:not([hidden])'), scrolled: scrollY}; })()";

/// Asserts that the page is not scrolled and that each of `parts` is wholly in the window.
fn assert_in_view(seen: &Value, parts: &[(&str, usize)], when: &str) {
    assert_eq!(
        seen["scrolled"],
        json!(0),
        "{when}: the page is scrolled: {seen}"
    );
    for (part, count) in parts {
        let all = seen[*part].as_array().unwrap();
        assert!(
            all.len() >= *count && all.iter().all(|v| *v == json!(true)),
            "{when}: {part} is not wholly in the window: {seen}"
        );
    }
}

/// The top of the board and the banner's height, in CSS pixels.
async fn board_top_and_banner(page: &Page, b: &mut Browser) -> (f64, f64) {
    let v = page
        .eval(b, "[document.querySelector('svg.board').getBoundingClientRect().top, document.querySelector('.banner').getBoundingClientRect().height]")
        .await;
    (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

/// An online game on a clock, the reader the Army: its play URL, and the Indians'
/// seat token (the invitation's).
async fn online_game(page: &Page, b: &mut Browser) -> (String, String, String) {
    let game = call(
        page,
        b,
        "POST",
        "/api/games",
        json!({"scenario": "washita", "mode": "online", "side": "army", "clock": "10+3"}),
    )
    .await;
    assert_eq!(game["status"], 201, "{game}");
    let urls = &game["body"]["urls"];
    let invite = urls["invite"].as_str().unwrap();
    let token = invite.split("token=").nth(1).unwrap().to_string();
    (
        urls["play"].as_str().unwrap().to_string(),
        game["body"]["id"].as_str().unwrap().to_string(),
        token,
    )
}

/// Plays a whole-stack move of the Army by tapping the stack and its square where
/// they are, checking the turn in view once the stack is taken.
async fn tap_a_move(page: &Page, b: &mut Browser, touch: bool, when: &str) {
    let scenario = Scenario::builtin("washita").unwrap();
    let st = page.state(b).await;
    let (from, to, _) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
    page.tap_in_place(b, &format!("[data-square=\"{from}\"]"), touch)
        .await;
    page.wait(b, "document.querySelector('.mover .chooser') && document.querySelector('.hl-target, .hl-capture')")
        .await;
    eprintln!("DEBUG {}", page.eval(b, "JSON.stringify({sy: scrollY, ih: innerHeight, dock: document.querySelector('.board-dock').getBoundingClientRect().toJSON(), mover: document.querySelector('.mover').getBoundingClientRect().toJSON(), board: document.querySelector('svg.board').getBoundingClientRect().toJSON(), max: document.querySelector('.board-box').style.getPropertyValue('--board-max'), status: document.querySelector('.status-row').getBoundingClientRect().toJSON(), sq: document.querySelector('[data-square=a1]').getBoundingClientRect().width})").await);
    let seen = page.eval(b, TURN).await;
    assert_in_view(
        &seen,
        &[
            ("banner", 1),
            ("strips", 2),
            ("clocks", 2),
            ("board", 1),
            ("controls", 2),
        ],
        &format!("{when}, a stack taken"),
    );
    page.tap_in_place(b, &format!("[data-square=\"{to}\"]"), touch)
        .await;
}

async fn the_turn_fits(width: u32, height: u32, touch: bool) {
    let binary = browser("the_whole_turn_fits_the_window_and_a_tap_does_not_scroll_it");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(width, height).await;
    if touch {
        b.call(
            Some(page.session()),
            "Emulation.setTouchEmulationEnabled",
            json!({"enabled": true, "maxTouchPoints": 5}),
        )
        .await;
    }
    let size = format!("{width}x{height}");
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let (play, id, indians) = online_game(&page, &mut b).await;
    page.goto(&mut b, &format!("{}{play}", server.url)).await;
    page.wait(
        &mut b,
        "document.querySelectorAll('.strip-clock .face').length === 2 && document.querySelector('.hl-source')",
    )
    .await;
    let seen = page.eval(&mut b, TURN).await;
    assert_in_view(
        &seen,
        &[("banner", 1), ("strips", 2), ("clocks", 2), ("board", 1)],
        &format!("{size}, the game opened"),
    );
    let square = page
        .eval(
            &mut b,
            "document.querySelector('[data-square=a1]').getBoundingClientRect().width",
        )
        .await;
    assert!(
        square.as_f64().unwrap() >= 40.0,
        "{size}: squares of {square} px"
    );
    let before = board_top_and_banner(&page, &mut b).await;

    // The first move: the banner then names it, and the board stays where it was.
    tap_a_move(&page, &mut b, touch, &size).await;
    move_count(&page, &mut b, 1).await;
    page.wait(
        &mut b,
        "document.querySelector('.banner .last-move')?.textContent.trim() !== ''",
    )
    .await;
    let after = board_top_and_banner(&page, &mut b).await;
    assert_eq!(
        after, before,
        "{size}: the board's top and the banner's height, before and after the first move"
    );
    let seen = page.eval(&mut b, TURN).await;
    assert_in_view(
        &seen,
        &[("banner", 1), ("strips", 2), ("board", 1)],
        &format!("{size}, a move played"),
    );

    // The Indians answer; the Army's next move meets a server that does not answer.
    let st = page.state(&mut b).await;
    let reply = st["legal"][0]["moves"][0]["notation"]
        .as_str()
        .unwrap()
        .to_string();
    let answered = call(
        &page,
        &mut b,
        "POST",
        &format!("/api/games/{id}/moves"),
        json!({"token": indians, "move": reply}),
    )
    .await;
    assert_eq!(answered["status"], 200, "{answered}");
    move_count(&page, &mut b, 2).await;
    page.wait(&mut b, "document.querySelector('.hl-source')")
        .await;
    page.hold_requests(&mut b, "*/moves*").await;
    tap_a_move(&page, &mut b, touch, &size).await;
    page.wait(
        &mut b,
        "document.querySelector('.send-note:not([hidden])')?.textContent.includes('The server is not answering')",
    )
    .await;
    let seen = page.eval(&mut b, TURN).await;
    assert_in_view(
        &seen,
        &[("note", 1), ("banner", 1), ("strips", 2), ("board", 1)],
        &format!("{size}, the server not answering"),
    );
    page.screenshot(&mut b, &format!("turn-in-view-{size}"))
        .await;
    page.fail_held(&mut b).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_whole_turn_fits_a_desktop_window_and_a_click_does_not_scroll_it() {
    the_turn_fits(1366, 768, false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_whole_turn_fits_a_phone_and_a_tap_does_not_scroll_it() {
    the_turn_fits(390, 844, true).await;
}
