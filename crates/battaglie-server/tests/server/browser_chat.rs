//! The game page's chat and rematch in real headless Chromium: two guests chat live,
//! the 500-character limit is said before sending, a guest's mute hides an author
//! (and lasts a reload) until unmuted, and after the game a rematch offered on one
//! page and accepted on the other opens the new game, sides swapped, on both
//! (see `browser.rs` for skipping without Chromium).

use crate::browser_support::{browser_or_skip, call, start_server, Browser, Page};
use serde_json::json;
use std::time::Duration;

/// Types `text` into the chat's box (as typing does: an `input` event).
async fn type_chat(page: &Page, b: &mut Browser, text: &str) {
    page.eval(
        b,
        &format!(
            "(() => {{ const i = document.querySelector('.chat-text'); i.value = {text:?}; \
             i.dispatchEvent(new Event('input', {{bubbles: true}})); }})()"
        ),
    )
    .await;
}

/// Whether the page's chat log shows a message with this body.
fn shows(text: &str) -> String {
    format!("[...document.querySelectorAll('.chat-log .chat-body')].some(e => e.textContent === {text:?})")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_chat_live_mute_each_other_and_agree_a_rematch() {
    let Some(binary) = browser_or_skip("two_players_chat_live_mute_each_other_and_agree_a_rematch")
    else {
        return;
    };
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let army = b.page(1366, 768).await;
    let indians = b.page(1366, 768).await;
    army.goto(&mut b, &format!("{}/", server.url)).await;
    let game = call(
        &army,
        &mut b,
        "POST",
        "/api/games",
        json!({"scenario": "fetterman", "mode": "online", "side": "army"}),
    )
    .await;
    assert_eq!(game["status"], 201, "{game}");
    let id = game["body"]["id"].as_str().unwrap().to_string();
    let army_token = game["body"]["token"].as_str().unwrap().to_string();
    let invite = game["body"]["urls"]["invite"].as_str().unwrap().to_string();
    army.goto(
        &mut b,
        &format!("{}/game/{id}?token={army_token}", server.url),
    )
    .await;
    indians
        .goto(&mut b, &format!("{}{invite}", server.url))
        .await;
    // Each page has read the (empty) history before anything is sent.
    for page in [&army, &indians] {
        page.wait(&mut b, "document.querySelector('.chat .chat-empty') && performance.getEntriesByType('resource').some(e => e.name.includes('/chat?room=players'))")
            .await;
    }

    // A message sent on one page arrives on the other, in the live region.
    type_chat(&army, &mut b, "Good luck").await;
    army.click(&mut b, ".chat-send").await;
    indians.wait(&mut b, &shows("Good luck")).await;
    let live = indians
        .eval(
            &mut b,
            "document.querySelector('.chat-log').getAttribute('aria-live')",
        )
        .await;
    assert_eq!(live, json!("polite"));
    army.assert_accessible(&mut b, "the game page with its chat")
        .await;

    // Over the limit: the count says so and the refusal is said, nothing is sent.
    type_chat(&army, &mut b, &"x".repeat(501)).await;
    let count = army.text(&mut b, ".chat-count").await;
    assert_eq!(count, "501 / 500 characters");
    army.click(&mut b, ".chat-send").await;
    let refusal = army.text(&mut b, ".chat-error").await;
    assert_eq!(refusal, "The message has 501 characters; the limit is 500.");

    // The guest mutes the Army: its messages go, new ones do not come, even after a reload.
    indians.click(&mut b, ".chat-log .chat-mute").await;
    indians
        .wait(
            &mut b,
            &format!(
                "!{} && document.querySelector('.chat-unmute')",
                shows("Good luck")
            ),
        )
        .await;
    type_chat(&army, &mut b, "Second").await;
    army.click(&mut b, ".chat-send").await;
    army.wait(&mut b, &shows("Second")).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(indians.eval(&mut b, &shows("Second")).await, json!(false));
    indians
        .goto(&mut b, &format!("{}{invite}", server.url))
        .await;
    // Once the history is read (and drawn), the muted author's messages are still left out.
    indians
        .wait(&mut b, "document.querySelector('.chat-unmute') && performance.getEntriesByType('resource').some(e => e.name.includes('/chat?room=players'))")
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(indians.eval(&mut b, &shows("Second")).await, json!(false));
    indians.click(&mut b, ".chat-unmute").await;
    indians
        .wait(
            &mut b,
            &format!("{} && {}", shows("Good luck"), shows("Second")),
        )
        .await;

    // The game ends; the Army offers a rematch, the Indians accept it.
    let resigned = call(
        &army,
        &mut b,
        "POST",
        &format!("/api/games/{id}/resign"),
        json!({"token": army_token}),
    )
    .await;
    assert_eq!(resigned["status"], 200, "{resigned}");
    army.wait(
        &mut b,
        "document.querySelector('.end button.rematch-offer')",
    )
    .await;
    army.click(&mut b, ".end button.rematch-offer").await;
    army.wait(
        &mut b,
        "document.querySelector('.end button.rematch-cancel')",
    )
    .await;
    indians
        .wait(&mut b, "document.querySelector('.end button.rematch-accept') && document.querySelector('.rematch-says').textContent.includes('offers a rematch')")
        .await;
    indians.assert_accessible(&mut b, "a rematch offer").await;
    indians.click(&mut b, ".end button.rematch-accept").await;
    for page in [&army, &indians] {
        page.wait(
            &mut b,
            &format!("location.pathname.startsWith('/game/') && !location.pathname.includes({id:?}) && document.querySelector('.banner')"),
        )
        .await;
    }
    // Each page holds the other seat of the new game now.
    let seats = [
        army.eval(&mut b, "fetch('/api/games/' + location.pathname.split('/')[2] + location.search).then(r => r.json()).then(g => g.you)").await,
        indians.eval(&mut b, "fetch('/api/games/' + location.pathname.split('/')[2] + location.search).then(r => r.json()).then(g => g.you)").await,
    ];
    assert_eq!(seats, [json!("indians"), json!("army")]);
}
