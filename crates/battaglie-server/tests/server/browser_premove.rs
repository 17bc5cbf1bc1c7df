//! Premoves in real headless Chromium: against the computer, a move queued while
//! it thinks (by dragging, cancelled, then by two clicks, cancelled by Escape, then
//! queued again) is played the moment the computer's reply reaches the page; a
//! premove the rules refuse on the board as it stands cannot be queued. axe-core
//! checks the page with a premove queued (see `browser.rs` for skipping without
//! Chromium).

use std::time::Duration;

use battaglie_rules::{Position, Scenario, Side};
use serde_json::json;

use crate::browser::{move_count, my_turn};
use crate::browser_pages::string;
use crate::browser_support::{
    browser, computer_game_at, move_words, start_server, whole_stack_move, Browser, Page,
};
use crate::support::wait::until;

/// Wraps the page's WebSocket so that, while `window.heldPushes` is an array, the
/// messages pushed to the page wait in it instead of arriving: the test, not the
/// race between the computer's search and the clicks, decides when the reply lands.
const HOLD_PUSHES: &str = "(() => {
  const Native = window.WebSocket;
  window.heldPushes = null;
  window.WebSocket = class extends Native {
    set onmessage(handler) {
      super.onmessage = (event) =>
        window.heldPushes ? window.heldPushes.push(() => handler.call(this, event)) : handler.call(this, event);
    }
  };
})()";

/// Lets the held pushes in, in order: how many there were.
const RELEASE_PUSHES: &str = "(() => {
  const held = window.heldPushes;
  window.heldPushes = null;
  held.forEach((push) => push());
  return held.length;
})()";

/// Waits until the page shows `premove` queued, marked on the board and announced.
async fn queued(page: &Page, b: &mut Browser, premove: &str) {
    let said = string(page, b, "en", "premoveQueued")
        .await
        .replace("{move}", &move_words(page, b, premove).await);
    page.wait(
        b,
        &format!("document.querySelector('.premove-note:not([hidden])')?.textContent.startsWith({said:?}) && document.querySelectorAll('.hl-premove').length === 2 && document.getElementById('announcer')?.textContent === {said:?}"),
    )
    .await;
}

/// Waits until no premove is shown.
async fn none_queued(page: &Page, b: &mut Browser) {
    page.wait(
        b,
        "document.querySelector('.premove-note').hidden && !document.querySelector('.hl-premove')",
    )
    .await;
}

/// Clicks a stack's square, then the square it goes to.
async fn click_move(page: &Page, b: &mut Browser, from: &str, to: &str) {
    page.click(b, &format!("[data-square=\"{from}\"]")).await;
    page.wait(b, "document.querySelector('.hl-selected')").await;
    page.click(b, &format!("[data-square=\"{to}\"]")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_premove_queued_while_the_computer_thinks_is_played_when_it_has_moved() {
    let test = "a_premove_queued_while_the_computer_thinks_is_played_when_it_has_moved";
    let binary = browser(test);
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    // Level 8 thinks for a while: the answer to the first move cannot carry its reply,
    // which level 1 can find before that answer leaves a loaded machine.
    let play = computer_game_at(&page, &mut b, 8).await;
    // The game opened the way the browser's history does, with the socket held back.
    page.eval(&mut b, HOLD_PUSHES).await;
    page.eval(
        &mut b,
        &format!(
            "history.pushState(null, '', {play:?}); dispatchEvent(new PopStateEvent('popstate'))"
        ),
    )
    .await;
    page.wait(
        &mut b,
        "document.querySelector('.banner.mine') && document.querySelector('.hl-source')",
    )
    .await;

    // The first move, and a premove from another staging square: the Cheyenne, on
    // the east edge, cannot reach file a in one move, so it will still be legal.
    let scenario = Scenario::builtin("washita").unwrap();
    let start = page.state(&mut b).await;
    let start = start["bfen"].as_str().unwrap();
    let (from, to, first) = whole_stack_move(&scenario, start, 0);
    let (pre_from, pre_to, premove) = (1..)
        .map(|k| whole_stack_move(&scenario, start, k))
        .find(|(f, _, _)| f.starts_with('@') && *f != from)
        .unwrap();
    page.eval(&mut b, "window.heldPushes = []").await;
    page.drag(
        &mut b,
        &format!("[data-square=\"{from}\"]"),
        &format!("[data-square=\"{to}\"]"),
    )
    .await;
    move_count(&page, &mut b, 1).await;
    assert_eq!(page.moves(&mut b).await, [first]);
    // While the computer thinks, the help says what a move made now does.
    let help = string(&page, &mut b, "en", "premoveHelp").await;
    page.wait(
        &mut b,
        &format!("document.querySelector('p.help:not([hidden])')?.textContent === {help:?}"),
    )
    .await;

    // Dragged, then cancelled by its button.
    page.drag(
        &mut b,
        &format!("[data-square=\"{pre_from}\"]"),
        &format!("[data-square=\"{pre_to}\"]"),
    )
    .await;
    queued(&page, &mut b, &premove).await;
    page.click(&mut b, "button.cancel-premove").await;
    none_queued(&page, &mut b).await;
    // Clicked, then cancelled by Escape.
    click_move(&page, &mut b, &pre_from, &pre_to).await;
    queued(&page, &mut b, &premove).await;
    page.key(&mut b, "Escape").await;
    none_queued(&page, &mut b).await;
    // Clicked again: it waits.
    click_move(&page, &mut b, &pre_from, &pre_to).await;
    queued(&page, &mut b, &premove).await;
    page.screenshot(&mut b, "premove-queued").await;
    page.assert_accessible(&mut b, "a game with a premove queued")
        .await;

    // The computer has moved on the server; the page, its pushes held, still waits.
    let replied = until(Duration::from_secs(30), async || {
        let state = page.state(&mut b).await;
        if state["to_move"] == "army" && state["thinking"] == json!(false) {
            Ok(state)
        } else {
            Err(state)
        }
    })
    .await
    .unwrap_or_else(|state| panic!("the computer never answered: {state}"));
    let legal_now = replied["legal"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["moves"].as_array().unwrap())
        .any(|m| m["notation"] == json!(premove));
    assert!(
        legal_now,
        "{premove} is not legal after the computer's reply: {replied}"
    );
    // The page has had the computer's whole search to act; what it had queued
    // since runs before this look.
    page.eval(&mut b, "new Promise((r) => setTimeout(r))").await;
    assert_eq!(page.moves(&mut b).await.len(), 1);
    let still = page
        .eval(&mut b, "!document.querySelector('.premove-note').hidden")
        .await;
    assert_eq!(still, json!(true), "the premove left before the reply");

    // The reply reaches the page: the premove goes at once, with no gesture.
    let released = page.eval(&mut b, RELEASE_PUSHES).await;
    assert!(released.as_u64().unwrap() > 0, "no push was held");
    page.wait(
        &mut b,
        "document.querySelectorAll('table.moves button.mv').length >= 3",
    )
    .await;
    let moves = page.moves(&mut b).await;
    assert_eq!(moves[2], premove, "the moves played: {moves:?}");
    none_queued(&page, &mut b).await;
    let state = page.state(&mut b).await;
    assert_eq!(state["plies"][2]["notation"], json!(premove), "{state}");
}

/// Records the text of every premove the page shows as queued, in `window.premovesShown`.
const WATCH_PREMOVES: &str = "(() => {
  window.premovesShown = [];
  const note = document.querySelector('.premove-note');
  new MutationObserver(() => {
    if (!note.hidden) window.premovesShown.push(note.textContent);
  }).observe(note, { attributes: true, childList: true, subtree: true, characterData: true });
})()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_premove_the_rules_refuse_on_the_board_as_it_stands_is_not_queued() {
    let test = "a_premove_the_rules_refuse_on_the_board_as_it_stands_is_not_queued";
    let binary = browser(test);
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let play = computer_game_at(&page, &mut b, 8).await;
    page.eval(&mut b, HOLD_PUSHES).await;
    page.eval(
        &mut b,
        &format!(
            "history.pushState(null, '', {play:?}); dispatchEvent(new PopStateEvent('popstate'))"
        ),
    )
    .await;
    my_turn(&page, &mut b).await;

    // Three horsemen ride onto a7; once the computer has answered, three more onto
    // a8, and while it thinks again the a8 stack is sent onto a7: six on a square
    // that holds four.
    page.drag(&mut b, "[data-square=\"@7\"]", "[data-square=\"a7\"]")
        .await;
    move_count(&page, &mut b, 2).await;
    my_turn(&page, &mut b).await;
    page.eval(&mut b, "window.heldPushes = []").await;
    page.drag(&mut b, "[data-square=\"@8\"]", "[data-square=\"a8\"]")
        .await;
    move_count(&page, &mut b, 3).await;
    assert_eq!(page.moves(&mut b).await[2], "@8:MMM-a8");
    let state = page.state(&mut b).await;
    let scenario = Scenario::builtin("washita").unwrap();
    let waiting = Position::from_bfen(&scenario, state["bfen"].as_str().unwrap()).unwrap();
    let may: Vec<String> = waiting
        .moves_of(Side::Army)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(!may.contains(&"a8:MMM-a7".to_string()), "{may:?}");
    assert!(may.contains(&"a8:MMM-b8".to_string()), "{may:?}");
    // The rules have answered which premoves there are.
    let help = string(&page, &mut b, "en", "premoveHelp").await;
    page.wait(
        &mut b,
        &format!("document.querySelector('p.help:not([hidden])')?.textContent === {help:?}"),
    )
    .await;

    page.eval(&mut b, WATCH_PREMOVES).await;
    page.click(&mut b, "[data-square=\"a8\"]").await;
    page.wait(&mut b, "document.querySelector('.hl-selected')")
        .await;
    page.click(&mut b, "[data-square=\"a7\"]").await;
    // A premove the rules allow, queued after it: the page has taken every click by then.
    click_move(&page, &mut b, "a8", "b8").await;
    queued(&page, &mut b, "a8:MMM-b8").await;
    let shown = page.eval(&mut b, "window.premovesShown").await;
    let refused = move_words(&page, &mut b, "a8:MMM-a7").await;
    let allowed = move_words(&page, &mut b, "a8:MMM-b8").await;
    let shown: Vec<String> = serde_json::from_value(shown).unwrap();
    assert!(
        shown
            .iter()
            .all(|text| text.contains(&allowed) && !text.contains(&refused)),
        "the premoves shown: {shown:?}"
    );
}
