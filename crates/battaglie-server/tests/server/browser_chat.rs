//! The game page's chat and rematch in real headless Chromium: two guests chat live,
//! the 500-character limit is said before sending, a guest's mute hides an author
//! (and lasts a reload) until unmuted, and after the game a rematch offered on one
//! page and accepted on the other opens the new game, sides swapped, on both
//! (see `browser.rs` for skipping without Chromium). Spectators read the players'
//! chat and are told why they may not write in it; a guest spectator is told to
//! sign in for the spectators' room, a signed-in one writes there and mutes on
//! the server; the players read that room only once the game is over.

use crate::browser_support::{browser, call, register_in_the_page, start_server, Browser, Page};
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

/// An online `scenario` game created from `army`'s page at `url`, which then
/// opens the Army's seat: id, the Army's token, the invitation's path.
async fn army_opens_a_game(
    army: &Page,
    b: &mut Browser,
    url: &str,
    scenario: &str,
) -> (String, String, String) {
    army.goto(b, &format!("{url}/")).await;
    let game = call(
        army,
        b,
        "POST",
        "/api/games",
        json!({"scenario": scenario, "mode": "online", "side": "army"}),
    )
    .await;
    assert_eq!(game["status"], 201, "{game}");
    let field = |k: &str| game["body"][k].as_str().unwrap().to_string();
    let (id, token) = (field("id"), field("token"));
    let invite = game["body"]["urls"]["invite"].as_str().unwrap().to_string();
    army.goto(b, &format!("{url}/game/{id}?token={token}"))
        .await;
    (id, token, invite)
}

/// Whether the page's chat log shows a message with this body.
fn shows(text: &str) -> String {
    format!("[...document.querySelectorAll('.chat-log .chat-body')].some(e => e.textContent === {text:?})")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn two_players_chat_live_mute_each_other_and_agree_a_rematch() {
    let binary = browser("two_players_chat_live_mute_each_other_and_agree_a_rematch");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let army = b.page(1366, 768).await;
    let indians = b.page(1366, 768).await;
    let (id, army_token, invite) = army_opens_a_game(&army, &mut b, &server.url, "fetterman").await;
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
    // Still a timed wait (the page tells no event of a push it keeps hidden): a
    // hook on the page's socket is the way out, not yet working.
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(indians.eval(&mut b, &shows("Second")).await, json!(false));
    indians
        .goto(&mut b, &format!("{}{invite}", server.url))
        .await;
    // Once the history is read (and drawn), the muted author's messages are still left out.
    indians
        .wait(&mut b, "document.querySelector('.chat-unmute') && performance.getEntriesByType('resource').some(e => e.name.includes('/chat?room=players'))")
        .await;
    // Still a timed wait: the history's drawing, after its request, has no event.
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
        army.eval(&mut b, "fetch('/api/games/' + location.pathname.split('/')[2] + '?' + location.hash.slice(1)).then(r => r.json()).then(g => g.you)").await,
        indians.eval(&mut b, "fetch('/api/games/' + location.pathname.split('/')[2] + '?' + location.hash.slice(1)).then(r => r.json()).then(g => g.you)").await,
    ];
    assert_eq!(seats, [json!("indians"), json!("army")]);
}

/// The sentence the page shows in place of the message box.
async fn why_no_write(page: &Page, b: &mut Browser) -> String {
    page.wait(b, "!document.querySelector('.chat-why').hidden && document.querySelector('.chat-form').hidden")
        .await;
    page.text(b, ".chat-why").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn spectators_read_the_players_and_write_in_their_own_room_once_signed_in() {
    let binary = browser("spectators_read_the_players_and_write_in_their_own_room_once_signed_in");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let army = b.page(1366, 768).await;
    let guest = b.page(390, 844).await;
    let member = b.page(1366, 768).await;
    let (id, army_token, _) = army_opens_a_game(&army, &mut b, &server.url, "washita").await;
    let watch = format!("{}/game/{id}", server.url);
    register_in_the_page(&member, &mut b, &server.url, "Custer_Watch").await;
    for page in [&guest, &member] {
        page.goto(&mut b, &watch).await;
    }
    for page in [&army, &guest, &member] {
        page.wait(&mut b, "document.querySelector('.chat .chat-empty') && performance.getEntriesByType('resource').some(e => e.name.includes('/chat?room=players'))")
            .await;
    }

    // A player writes; the spectators read it, and are told why they cannot answer.
    type_chat(&army, &mut b, "Hello").await;
    army.click(&mut b, ".chat-send").await;
    for page in [&guest, &member] {
        page.wait(&mut b, &shows("Hello")).await;
        assert_eq!(
            why_no_write(page, &mut b).await,
            "Only the two players write in the players' chat."
        );
    }
    // The players do not see the spectators' room while the game goes on.
    assert_eq!(
        army.eval(&mut b, "document.querySelector('.chat-rooms').hidden")
            .await,
        json!(true)
    );

    // The guest must sign in to write in the spectators' room.
    guest.click(&mut b, ".chat-room.spectators").await;
    assert_eq!(
        why_no_write(&guest, &mut b).await,
        "Sign in to write in the spectators' chat."
    );
    guest
        .assert_accessible(&mut b, "a guest spectator in the spectators' chat")
        .await;

    // The signed-in spectator writes there; the guest reads it live.
    member.click(&mut b, ".chat-room.spectators").await;
    member
        .wait(&mut b, "!document.querySelector('.chat-form').hidden")
        .await;
    type_chat(&member, &mut b, "Go Army!").await;
    member.click(&mut b, ".chat-send").await;
    guest.wait(&mut b, &shows("Go Army!")).await;
    member
        .assert_accessible(&mut b, "a signed-in spectator's chat")
        .await;

    // The signed-in spectator mutes the Army: kept by the server, so a reload keeps it.
    member.click(&mut b, ".chat-room.players").await;
    member.wait(&mut b, &shows("Hello")).await;
    member.click(&mut b, ".chat-log .chat-mute").await;
    member
        .wait(
            &mut b,
            &format!(
                "!{} && document.querySelector('.chat-unmute')",
                shows("Hello")
            ),
        )
        .await;
    member.goto(&mut b, &watch).await;
    member
        .wait(&mut b, "document.querySelector('.chat-unmute') && performance.getEntriesByType('resource').some(e => e.name.includes('/chat?room=players'))")
        .await;
    assert_eq!(member.eval(&mut b, &shows("Hello")).await, json!(false));

    // Once the game is over the players read the spectators' room, but do not write in it.
    let resigned = call(
        &army,
        &mut b,
        "POST",
        &format!("/api/games/{id}/resign"),
        json!({"token": army_token}),
    )
    .await;
    assert_eq!(resigned["status"], 200, "{resigned}");
    army.wait(&mut b, "!document.querySelector('.chat-rooms').hidden")
        .await;
    army.click(&mut b, ".chat-room.spectators").await;
    army.wait(&mut b, &shows("Go Army!")).await;
    assert_eq!(
        why_no_write(&army, &mut b).await,
        "The players read the spectators' chat after the game, but do not write in it."
    );
}
