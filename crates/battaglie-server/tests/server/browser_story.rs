//! The game screen tells the battle's story, in real headless Chromium: who plays
//! each side and what each has lost, in strips docked to the board (a whole move on
//! a phone without scrolling), the other side's moves seen moving and said in words,
//! a server that stalls shown as such, and a page for an unknown address (see
//! `browser.rs` for skipping without Chromium).

use serde_json::{json, Value};

use crate::browser::{move_count, my_turn, pieces_in_words};
use crate::browser_support::{
    browser, call, computer_game, move_words, start_server, whole_stack_move, Browser, Page,
};
use battaglie_rules::Scenario;

/// Counts of a state's `eliminated` or of its stacks, Foot, Mounted, Vehicles.
fn counts(v: &Value) -> [u8; 3] {
    ["F", "M", "V"].map(|k| v[k].as_u64().unwrap_or(0) as u8)
}

/// What a side's strip says of its losses, from the state the API gives.
fn losses_said(state: &Value, side: &str) -> String {
    let lost = counts(&state["eliminated"][side]);
    let mut left = [0u8; 3];
    for s in state["stacks"].as_array().unwrap() {
        if s["side"] == side {
            for (i, n) in counts(s).iter().enumerate() {
                left[i] += n;
            }
        }
    }
    let gone = if lost.iter().all(|n| *n == 0) {
        "No losses".to_string()
    } else {
        format!("Lost {}", pieces_in_words(lost))
    };
    format!("{gone} · {} left", pieces_in_words(left))
}

/// Plays the reader's first movable stack whole, by two clicks.
async fn play_a_move(page: &Page, b: &mut Browser) {
    let scenario = Scenario::builtin("washita").unwrap();
    let st = page.state(b).await;
    let (from, to, _) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
    page.click(b, &format!("[data-square=\"{from}\"]")).await;
    page.click(b, &format!("[data-square=\"{to}\"]")).await;
}

/// From now on, whether any stack of the board was drawn arriving (sliding in).
async fn watch_arrivals(page: &Page, b: &mut Browser) {
    page.eval(
        b,
        "window.sawArriving = false; new MutationObserver(() => { if (document.querySelector('svg.board .stack.arriving')) window.sawArriving = true; }) \
         .observe(document.body, {subtree: true, childList: true, attributes: true}); true",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_strips_name_the_computer_and_count_losses_and_its_moves_are_seen_moving() {
    let binary =
        browser("the_strips_name_the_computer_and_count_losses_and_its_moves_are_seen_moving");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let url = computer_game(&page, &mut b).await;
    page.goto(&mut b, &format!("{}{url}", server.url)).await;
    page.wait(
        &mut b,
        "document.querySelector('.strip.indians .player-name')?.textContent === 'Computer · level 1'",
    )
    .await;
    assert_eq!(page.text(&mut b, ".strip.army .player-name").await, "Guest");
    let order = page
        .eval(
            &mut b,
            "[document.querySelector('.strip-slot.top .strip').classList.contains('indians'), \
              document.querySelector('.strip-slot.bottom .strip').classList.contains('army'), \
              [...document.querySelectorAll('.presence-watching')].every(p => p.hidden)]",
        )
        .await;
    assert_eq!(
        order,
        json!([true, true, true]),
        "the reader's side below, the computer's above, no count of spectators"
    );

    // The computer's reply slides in, and the banner says it in words.
    my_turn(&page, &mut b).await;
    watch_arrivals(&page, &mut b).await;
    play_a_move(&page, &mut b).await;
    move_count(&page, &mut b, 2).await;
    my_turn(&page, &mut b).await;
    page.wait(&mut b, "window.sawArriving").await;
    let reply = page.moves(&mut b).await[1].clone();
    let words = move_words(&page, &mut b, &reply).await;
    let banner = page.text(&mut b, ".banner").await;
    assert!(
        banner.contains(&format!("Last move, Cheyenne: {words}")),
        "{banner}"
    );
    let st = page.state(&mut b).await;
    for side in ["army", "indians"] {
        assert_eq!(
            page.text(&mut b, &format!(".strip.{side} .losses")).await,
            losses_said(&st, side),
            "the {side}' losses"
        );
    }
    page.assert_accessible(&mut b, "a computer game with its strips")
        .await;

    // Asked for less motion: the reply simply appears.
    page.reduced_motion(&mut b).await;
    watch_arrivals(&page, &mut b).await;
    play_a_move(&page, &mut b).await;
    move_count(&page, &mut b, 4).await;
    my_turn(&page, &mut b).await;
    assert_eq!(page.eval(&mut b, "window.sawArriving").await, json!(false));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn on_a_phone_the_board_its_clocks_and_the_split_controls_fit_one_screen() {
    let binary = browser("on_a_phone_the_board_its_clocks_and_the_split_controls_fit_one_screen");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(390, 844).await;
    b.call(
        Some(page.session()),
        "Emulation.setTouchEmulationEnabled",
        json!({"enabled": true, "maxTouchPoints": 5}),
    )
    .await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let game = call(
        &page,
        &mut b,
        "POST",
        "/api/games",
        json!({"scenario": "washita", "mode": "online", "side": "army", "clock": "10+3"}),
    )
    .await;
    assert_eq!(game["status"], 201, "{game}");
    let play = game["body"]["urls"]["play"].as_str().unwrap().to_string();
    page.goto(&mut b, &format!("{}{play}", server.url)).await;
    page.wait(
        &mut b,
        "document.querySelectorAll('.strip-clock .face').length === 2 && document.querySelector('svg.board.quarter')",
    )
    .await;
    let scenario = Scenario::builtin("washita").unwrap();
    let st = page.state(&mut b).await;
    let (from, _, _) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
    page.click(&mut b, &format!("[data-square=\"{from}\"]"))
        .await;
    page.wait(&mut b, "document.querySelector('.mover .chooser')")
        .await;
    let seen = page
        .eval(
            &mut b,
            "(() => { const inside = (s) => [...document.querySelectorAll(s)].map(e => { const r = e.getBoundingClientRect(); \
               return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }); \
               return {board: inside('svg.board'), clocks: inside('.strip-clock .face'), split: inside('.mover .chooser button'), \
               cancel: inside('.mover [data-focus=cancel]')}; })()",
        )
        .await;
    for part in ["board", "clocks", "split", "cancel"] {
        let all = seen[part].as_array().unwrap();
        assert!(
            !all.is_empty() && all.iter().all(|v| *v == json!(true)),
            "{part} inside the screen after tapping a stack: {seen}"
        );
    }
    page.screenshot(&mut b, "phone-move-in-one-screen").await;
    page.assert_accessible(&mut b, "a move being built on a phone")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_move_the_server_does_not_answer_says_so_and_can_be_stopped() {
    let binary = browser("a_move_the_server_does_not_answer_says_so_and_can_be_stopped");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let url = computer_game(&page, &mut b).await;
    page.goto(&mut b, &format!("{}{url}", server.url)).await;
    my_turn(&page, &mut b).await;

    // The server takes the move and says nothing.
    page.hold_requests(&mut b, "*/moves*").await;
    play_a_move(&page, &mut b).await;
    page.wait(
        &mut b,
        "document.querySelector('.send-note:not([hidden])')?.textContent.startsWith('Sending your move')",
    )
    .await;
    page.wait(
        &mut b,
        "document.querySelector('.send-note:not([hidden])')?.textContent.includes('The server is not answering') && document.querySelector('button.cancel-sending')",
    )
    .await;
    assert!(
        page.held(&mut b).await >= 1,
        "the move was sent, and is held"
    );
    page.assert_accessible(&mut b, "a move the server does not answer")
        .await;

    // Stopped: the page gives up the move and shows the game as the server has it.
    page.click(&mut b, "button.cancel-sending").await;
    page.wait(&mut b, "document.querySelector('.send-note').hidden")
        .await;
    page.fail_held(&mut b).await;
    my_turn(&page, &mut b).await;
    assert_eq!(page.state(&mut b).await["ply"], 0, "no move was played");
    play_a_move(&page, &mut b).await;
    move_count(&page, &mut b, 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn an_unknown_address_answers_404_with_a_page_in_the_readers_language() {
    let binary = browser("an_unknown_address_answers_404_with_a_page_in_the_readers_language");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/no/such/page", server.url))
        .await;
    page.wait(&mut b, "document.querySelector('main h1')").await;
    assert_eq!(
        page.text(&mut b, "main h1").await,
        "This page does not exist"
    );
    let links = page
        .eval(
            &mut b,
            "[...document.querySelectorAll('main a')].map(a => a.getAttribute('href'))",
        )
        .await;
    let status = page
        .eval(&mut b, "fetch(location.href).then(r => r.status)")
        .await;
    assert_eq!(status, json!(404));
    assert_eq!(
        links,
        json!(["/", "/learn", "/rules", "/lobby"]),
        "the ways back"
    );
    page.assert_accessible(&mut b, "the page of an unknown address")
        .await;

    page.eval(&mut b, "localStorage.setItem('battaglie.lang', 'de')")
        .await;
    page.goto(&mut b, &format!("{}/no/such/page", server.url))
        .await;
    page.wait(&mut b, "document.documentElement.lang === 'de'")
        .await;
    assert_eq!(
        page.text(&mut b, "main h1").await,
        "Diese Seite gibt es nicht"
    );
    page.assert_accessible(&mut b, "the page of an unknown address, in German")
        .await;
}
