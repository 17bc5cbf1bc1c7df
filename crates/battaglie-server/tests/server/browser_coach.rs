//! The coach of the first battles in headless Chromium, on a phone, against the computer
//! at level 1: a move that leaves a stack to be taken is stopped by a dialog naming it
//! (its squares marked); "Take it back" and Escape leave the board and the server as they
//! were, "Play it anyway" plays it; after the computer's move the status area says what it
//! threatens; the switch turns the coach off. The offline edition's games against the
//! computer have it too, in the page's language. axe-core checks the page with the dialog
//! open.

use serde_json::Value;

use crate::browser_battle::when_the_computer_has_moved;
use crate::browser_offline::serve_site;
use crate::browser_pages::set_lang;
use crate::browser_support::{browser, computer_game, start_server, Browser, Page};

/// The most of the player's moves before the armies meet (they start a map apart).
const MOST_MOVES: usize = 40;

/// The Army's whole-stack moves now (one stack to one square: a drag plays them), each
/// with the coach's warning or `null`, asked of the page's own coach module.
async fn moves_with_warnings(page: &Page, b: &mut Browser) -> Vec<Value> {
    let v = page
        .eval(
            b,
            "(async () => { \
               const { warningFor } = await import('/coach.js'); \
               const { Engine } = await import('/engine.js'); \
               const engine = (globalThis.coachTestEngine ??= new Engine()); \
               const game = await (await fetch('/api/games/' + location.pathname.split('/')[2])).json(); \
               const found = []; \
               for (const source of game.legal) for (const mv of source.moves) { \
                 const stack = game.stacks.find((s) => s.square === source.from); \
                 const [g, ...more] = mv.groups; \
                 if (more.length || !['F', 'M', 'V'].every((k) => stack[k] === g[k])) continue; \
                 found.push({ from: source.from, to: g.to, notation: mv.notation, warning: await warningFor(engine, game, mv.notation) }); \
               } \
               return found; })()",
        )
        .await;
    v.as_array().expect("the moves").clone()
}

/// A column's place from west to east, the staging squares first.
fn file(square: &str) -> u8 {
    square.as_bytes()[0]
}

/// Plays unwarned moves, each heading east where one does, until a warned move is on
/// offer: that move (`from`, `to`, `notation`, `warning`).
async fn a_warned_move(page: &Page, b: &mut Browser) -> Value {
    for _ in 0..MOST_MOVES {
        let state = when_the_computer_has_moved(page, b).await;
        assert_eq!(
            state["status"], "ongoing",
            "the battle ended first: {state}"
        );
        let moves = moves_with_warnings(page, b).await;
        if let Some(warned) = moves.iter().find(|m| !m["warning"].is_null()) {
            return warned.clone();
        }
        let east = moves
            .iter()
            .max_by_key(|m| {
                file(m["to"].as_str().unwrap()) as i16 - file(m["from"].as_str().unwrap()) as i16
            })
            .expect("a whole-stack move");
        let ply = state["ply"].as_u64().unwrap();
        drag(page, b, east).await;
        sent_after(page, b, ply).await;
    }
    panic!("no move in {MOST_MOVES} left a stack to be taken");
}

async fn drag(page: &Page, b: &mut Browser, mv: &Value) {
    page.wait(b, "document.querySelector('.hl-source')").await;
    page.drag(
        b,
        &format!("[data-square=\"{}\"]", mv["from"].as_str().unwrap()),
        &format!("[data-square=\"{}\"]", mv["to"].as_str().unwrap()),
    )
    .await;
}

/// Waits until the server holds a move after ply `ply`.
async fn sent_after(page: &Page, b: &mut Browser, ply: u64) {
    page.wait(
        b,
        &format!("document.querySelectorAll('table.moves button.mv').length > {ply}"),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn against_level_one_the_coach_stops_a_move_that_leaves_a_stack_to_be_taken() {
    let binary =
        browser("against_level_one_the_coach_stops_a_move_that_leaves_a_stack_to_be_taken");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(390, 844).await;
    page.record_failures(&mut b).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let play = computer_game(&page, &mut b).await;
    page.goto(&mut b, &format!("{}{play}", server.url)).await;
    page.wait(
        &mut b,
        "document.querySelector('#coach-switch')?.checked === true",
    )
    .await;

    let warned = a_warned_move(&page, &mut b).await;
    let words = warned["warning"]["words"].as_str().unwrap().to_string();
    assert!(
        words.starts_with("Your ") && words.contains(" can be taken by "),
        "{words}"
    );
    let before = page.state(&mut b).await;

    // "Take it back", and Escape: nothing is sent and the move being built is gone.
    for answer in ["take it back", "Escape"] {
        drag(&page, &mut b, &warned).await;
        page.wait(&mut b, "document.querySelector('dialog.ask[open]')")
            .await;
        assert_eq!(page.text(&mut b, "dialog.ask p").await, words);
        let marked = page
            .eval(
                &mut b,
                "document.querySelectorAll('rect.hit.coach-mark').length",
            )
            .await;
        assert!(
            marked.as_u64().unwrap() >= 2,
            "the stack and its attacker are marked: {marked}"
        );
        let focus_inside = page
            .eval(
                &mut b,
                "document.querySelector('dialog.ask').contains(document.activeElement)",
            )
            .await;
        assert_eq!(
            focus_inside,
            Value::Bool(true),
            "the focus is in the dialog"
        );
        if answer == "Escape" {
            page.key(&mut b, "Escape").await;
        } else {
            page.assert_accessible(&mut b, "the coach's warning").await;
            assert_eq!(
                page.text(&mut b, "dialog.ask button.no").await,
                "Take it back"
            );
            page.click(&mut b, "dialog.ask button.no").await;
        }
        page.wait(&mut b, "!document.querySelector('dialog.ask') && !document.querySelector('rect.hit.coach-mark') && !document.querySelector('.mover .chooser')").await;
        let after = page.state(&mut b).await;
        assert_eq!(
            after["version"], before["version"],
            "{answer}: the server is untouched"
        );
        assert_eq!(after["bfen"], before["bfen"]);
        assert_eq!(
            page.moves(&mut b).await.len() as u64,
            before["ply"].as_u64().unwrap()
        );
    }

    // "Play it anyway" plays it; the computer answers and the coach says what it threatens.
    drag(&page, &mut b, &warned).await;
    page.wait(&mut b, "document.querySelector('dialog.ask[open]')")
        .await;
    assert_eq!(
        page.text(&mut b, "dialog.ask button.yes").await,
        "Play it anyway"
    );
    page.click(&mut b, "dialog.ask button.yes").await;
    sent_after(&page, &mut b, before["ply"].as_u64().unwrap()).await;
    let state = when_the_computer_has_moved(&page, &mut b).await;
    assert_eq!(
        state["plies"][before["ply"].as_u64().unwrap() as usize]["notation"],
        warned["notation"]
    );
    if state["status"] == "ongoing" {
        page.wait(
            &mut b,
            "document.querySelector('.coach-note:not([hidden])')?.textContent.length > 0",
        )
        .await;
        let note = page.text(&mut b, ".coach-note").await;
        assert!(
            note == "None of your stacks can be taken next move." || note.contains(" threaten"),
            "{note}"
        );
        assert_eq!(
            page.eval(
                &mut b,
                "document.querySelector('.coach-note').getAttribute('aria-live')"
            )
            .await,
            "polite"
        );
        page.assert_accessible(&mut b, "the coach's sentence after the computer's move")
            .await;
    }

    // The switch turns it off, remembered: a warned move goes at once, and nothing is said.
    page.click(&mut b, "#coach-switch").await;
    page.wait(&mut b, "localStorage.getItem('battaglie.coach') === 'off' && document.querySelector('.coach-note').hidden").await;
    let warned = a_warned_move(&page, &mut b).await;
    let ply = page.state(&mut b).await["ply"].as_u64().unwrap();
    drag(&page, &mut b, &warned).await;
    sent_after(&page, &mut b, ply).await;
    assert_eq!(
        page.eval(&mut b, "!!document.querySelector('dialog.ask')")
            .await,
        Value::Bool(false)
    );
    assert!(
        page.failures(&mut b).await.is_empty(),
        "{:?}",
        page.failures(&mut b).await
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_offline_editions_coach_warns_in_the_players_language() {
    let binary = browser("the_offline_editions_coach_warns_in_the_players_language");
    let (_site, host) = serve_site().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(390, 844).await;
    page.goto(&mut b, &format!("{}/", host.url)).await;
    page.wait(&mut b, "navigator.serviceWorker.controller !== null")
        .await;
    set_lang(&page, &mut b, "it").await;
    // A game kept in this browser against level 1: the Army's Foot on a2 (and l3), the
    // Indians' Mounted on c2. Stepping to b2 leaves the Foot next to the Mounted.
    let start = "|12/|12/|12/|12/|12/|11F/|F1m9/|12 A 0 30";
    let id = "00c0ac4e00c0ac4e";
    page.eval(
        &mut b,
        &format!(
            "new Promise((resolve, reject) => {{
               const open = indexedDB.open('battaglie', 1);
               open.onupgradeneeded = () => open.result.createObjectStore('games', {{ keyPath: 'id' }});
               open.onerror = () => reject(open.error);
               open.onsuccess = () => {{
                 const now = Date.now();
                 const tx = open.result.transaction('games', 'readwrite');
                 tx.objectStore('games').put({{ id: {id:?}, scenario: 'washita', start: {start:?}, mode: 'computer',
                   computer: {{ side: 'indians', level: 1 }}, moves: [], ending: null, record: null, version: now,
                   created_at: Math.floor(now / 1000), updated_at: Math.floor(now / 1000), sport: [] }});
                 tx.oncomplete = () => resolve(true);
                 tx.onerror = () => reject(tx.error);
               }};
             }})"
        ),
    )
    .await;
    page.goto(&mut b, &format!("{}/game/{id}", host.url)).await;
    page.wait(&mut b, "document.querySelector('#coach-switch')?.checked === true && document.querySelector('.hl-source')").await;
    let step = serde_json::json!({"from": "a2", "to": "b2"});

    drag(&page, &mut b, &step).await;
    page.wait(&mut b, "document.querySelector('dialog.ask[open]')")
        .await;
    assert_eq!(
        page.text(&mut b, "dialog.ask p").await,
        "La tua pila in b2 (1 fante) può essere eliminata dalla pila in c2 (1 cavaliere)."
    );
    assert_eq!(
        page.text(&mut b, "dialog.ask button.no").await,
        "Riprendila"
    );
    page.assert_accessible(&mut b, "the offline coach's warning")
        .await;
    page.click(&mut b, "dialog.ask button.no").await;
    page.wait(&mut b, "!document.querySelector('dialog.ask')")
        .await;
    assert_eq!(page.state(&mut b).await["ply"], 0, "nothing was played");

    drag(&page, &mut b, &step).await;
    page.wait(&mut b, "document.querySelector('dialog.ask[open]')")
        .await;
    assert_eq!(
        page.text(&mut b, "dialog.ask button.yes").await,
        "Giocala lo stesso"
    );
    page.click(&mut b, "dialog.ask button.yes").await;
    page.wait(&mut b, "document.querySelectorAll('table.moves button.mv').length >= 2 && document.querySelector('.coach-note:not([hidden])')?.textContent.length > 0").await;
    let state = page.state(&mut b).await;
    assert_eq!(state["plies"][0]["notation"], "a2:F-b2");
    let note = page.text(&mut b, ".coach-note").await;
    assert!(
        note == "Nessuna tua pila può essere eliminata alla prossima mossa."
            || note.contains(" minaccia "),
        "{note}"
    );
}
