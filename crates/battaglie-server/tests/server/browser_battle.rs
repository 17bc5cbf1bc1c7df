//! Whole battles against the computer in real headless Chromium, as a newcomer
//! plays them: one in each of the four languages, on a desktop and on a phone
//! (whose board is turned a quarter), by dragging stacks and by the keyboard
//! alone, to the end screen, which says in the reader's language whether they
//! won; then each reviewed with the engine's analysis and replayed by
//! keyboard. axe-core checks every end screen and analysis (see `browser.rs` for skipping
//! without Chromium).

use std::time::Duration;

use serde_json::{json, Value};

use crate::browser::walk;
use crate::browser_pages::{set_lang, string};
use crate::browser_support::{browser, computer_game, start_server, Browser, Page};
use crate::support::wait::until;

/// How the player makes every move of a battle.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Hands {
    /// Dragging each stack onto its square.
    Drag,
    /// Arrows to the stack, Enter, arrows to the square, Enter.
    Keyboard,
}

/// The most moves of the player's a battle may take: the quiet limit ends a
/// battle long before.
pub(crate) const MOST_MOVES: usize = 1_500;

/// The player's move in `state`: a whole stack to one square (a move with
/// nothing to choose), one that eliminates where there is one (a newcomer takes
/// what is offered), else the `n`-th such move round the list: source,
/// destination, notation.
fn newcomers_move(state: &Value, n: usize) -> (String, String, String) {
    let stacks = state["stacks"].as_array().expect("the stacks");
    let whole = |from: &str, group: &Value| {
        stacks
            .iter()
            .any(|s| s["square"] == from && ["F", "M", "V"].iter().all(|k| s[*k] == group[*k]))
    };
    let mut moves = Vec::new();
    let mut taking = Vec::new();
    for source in state["legal"].as_array().expect("the legal moves") {
        let from = source["from"].as_str().unwrap();
        let captures = source["captures"].as_array().unwrap();
        for mv in source["moves"].as_array().unwrap() {
            let groups = mv["groups"].as_array().unwrap();
            if let [group] = groups.as_slice() {
                if whole(from, group) {
                    let to = group["to"].as_str().unwrap().to_string();
                    let found = (
                        from.to_string(),
                        to,
                        mv["notation"].as_str().unwrap().into(),
                    );
                    if captures.contains(&group["to"]) {
                        taking.push(found.clone());
                    }
                    moves.push(found);
                }
            }
        }
    }
    let pick = if taking.is_empty() { moves } else { taking };
    assert!(!pick.is_empty(), "no whole-stack move in {}", state["bfen"]);
    pick[n % pick.len()].clone()
}

/// The state once the computer has answered: the player's turn, or the end.
pub(crate) async fn when_the_computer_has_moved(page: &Page, b: &mut Browser) -> Value {
    until(Duration::from_secs(30), async || {
        let state = page.state(b).await;
        if state["status"] != "ongoing" || state["to_move"] == "army" {
            Ok(state)
        } else {
            Err(state)
        }
    })
    .await
    .unwrap_or_else(|state| panic!("the computer never answered: {state}"))
}

/// Plays the Army with `hands` until the battle ends: its last state.
async fn play_to_the_end(page: &Page, b: &mut Browser, hands: Hands) -> Value {
    let end = play_moves(page, b, hands, MOST_MOVES).await;
    assert_ne!(
        end["status"], "ongoing",
        "the battle did not end in {MOST_MOVES} moves"
    );
    end
}

/// Plays the Army with `hands`, `most` moves or until the battle ends: the state
/// after the computer's answer to the last.
pub(crate) async fn play_moves(page: &Page, b: &mut Browser, hands: Hands, most: usize) -> Value {
    for n in 0..most {
        let state = when_the_computer_has_moved(page, b).await;
        if state["status"] != "ongoing" {
            return state;
        }
        let ply = state["ply"].as_u64().unwrap();
        // The page shows that position and offers the player's stacks.
        page.wait(
            b,
            &format!("document.querySelectorAll('table.moves button.mv').length === {ply} && document.querySelector('.hl-source')"),
        )
        .await;
        let (from, to, _) = newcomers_move(&state, n);
        match hands {
            Hands::Drag => {
                page.drag(
                    b,
                    &format!("[data-square=\"{from}\"]"),
                    &format!("[data-square=\"{to}\"]"),
                )
                .await;
            }
            Hands::Keyboard => {
                let start = page
                    .eval(b, "(() => { const c = document.querySelector('.board-box [tabindex=\"0\"]'); c.focus(); return c.dataset.square; })()")
                    .await;
                for key in walk(start.as_str().unwrap(), &from) {
                    page.key(b, key).await;
                }
                page.key(b, "Enter").await;
                page.wait(b, "document.querySelector('.mover .chooser')")
                    .await;
                for key in walk(&from, &to) {
                    page.key(b, key).await;
                }
                page.key(b, "Enter").await;
            }
        }
        // A whole stack to one square goes at once: nothing asks for a confirm, but the
        // coach (on against level 1) may ask first, and the newcomer plays it anyway.
        let sent = format!("document.querySelectorAll('table.moves button.mv').length > {ply}");
        page.wait(
            b,
            &format!("{sent} || document.querySelector('dialog.ask[open]')"),
        )
        .await;
        if page
            .eval(b, "!!document.querySelector('dialog.ask[open]')")
            .await
            == json!(true)
        {
            page.click(b, "dialog.ask button.yes").await;
        }
        page.wait(b, &sent).await;
    }
    when_the_computer_has_moved(page, b).await
}

/// A battle of Washita River against level 1, the player's side the Army, in
/// language `lang` on a `width` x `height` window: the page, once it shows the end.
async fn a_whole_battle(
    b: &mut Browser,
    url: &str,
    lang: &str,
    (width, height): (u32, u32),
    hands: Hands,
) -> (Page, Value) {
    let page = b.page(width, height).await;
    page.goto(b, &format!("{url}/")).await;
    set_lang(&page, b, lang).await;
    let play = computer_game(&page, b).await;
    page.goto(b, &format!("{url}{play}")).await;
    page.wait(b, "document.querySelector('svg.board .hit')")
        .await;
    let end = play_to_the_end(&page, b, hands).await;

    // The end screen says, in the reader's language, how it went for them.
    let key = match end["result"].as_str() {
        Some("army") => "endYouWon",
        Some("indians") => "endYouLost",
        _ => "endDraw",
    };
    let said = string(&page, b, lang, key).await;
    page.wait(
        b,
        &format!("document.getElementById('end-h')?.textContent === {said:?}"),
    )
    .await;
    page.assert_accessible(
        b,
        &format!("the end of a whole battle in {lang} played by {hands:?}"),
    )
    .await;
    (page, end)
}

/// Waits for the analysis of a whole battle to complete on the page: some 240
/// positions at the analysis's fixed budget, searched in the page's worker on cores
/// the other tests share, take longer than a page's usual wait.
async fn analysed(page: &Page, b: &mut Browser) {
    let done = "!!(document.querySelector('section.analysis svg.eval-graph polyline') && !document.querySelector('section.analysis progress'))";
    let seen = until(Duration::from_secs(180), async || {
        if page.eval(b, done).await == json!(true) {
            Ok(())
        } else {
            Err(())
        }
    })
    .await;
    if seen.is_err() {
        let shown = page
            .eval(
                b,
                "JSON.stringify({analysis: document.querySelector('section.analysis')?.outerHTML.slice(0, 400), \
                 toast: document.getElementById('toast')?.textContent, \
                 end: document.querySelector('section.end')?.outerHTML.slice(0, 1500)})",
            )
            .await;
        panic!("the analysis of a whole battle never completed; the page shows {shown}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn whole_battles_are_played_by_dragging_and_by_keyboard_in_four_languages() {
    let binary = browser("whole_battles_are_played_by_dragging_and_by_keyboard_in_four_languages");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let (desktop, phone) = ((1366, 768), (390, 844));
    let mut ended = Vec::new();
    for (lang, window, hands) in [
        ("it", phone, Hands::Drag),
        ("fr", desktop, Hands::Keyboard),
        ("de", phone, Hands::Drag),
        ("en", desktop, Hands::Keyboard),
    ] {
        let (page, end) = a_whole_battle(&mut b, &server.url, lang, window, hands).await;
        ended.push((lang, end["ply"].clone(), end["reason"].clone()));
        // Each battle reviewed: the engine's analysis, then a replay by keyboard.
        page.click(&mut b, "section.end button.analyse").await;
        analysed(&page, &mut b).await;
        // Nothing is wider than the screen (a long label once made the phone's
        // page wider, and zoomed it out).
        let sideways = "document.documentElement.scrollWidth - innerWidth";
        assert_eq!(
            page.eval(&mut b, sideways).await,
            json!(0),
            "the analysis in {lang} scrolls sideways"
        );
        page.assert_accessible(&mut b, &format!("the analysis of a whole battle in {lang}"))
            .await;
        // Arrow keys step from anywhere on the page, Home and End jump, Esc leaves.
        let shown = "Number(document.querySelector('.replay-bar input').value)";
        page.eval(&mut b, "document.activeElement.blur()").await;
        page.key(&mut b, "Home").await;
        page.wait(&mut b, &format!("{shown} === 0")).await;
        for _ in 0..3 {
            page.key(&mut b, "ArrowRight").await;
        }
        page.wait(&mut b, &format!("{shown} === 3")).await;
        page.key(&mut b, "End").await;
        page.wait(&mut b, &format!("{shown} === {}", end["ply"]))
            .await;
        page.key(&mut b, "Escape").await;
        page.wait(&mut b, "document.querySelector('.replay-bar .live').hidden")
            .await;
    }
    eprintln!("whole battles (language, plies, how they ended): {ended:?}");
}
