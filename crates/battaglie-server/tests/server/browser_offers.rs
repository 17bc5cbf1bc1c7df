//! What the game page and the home page offer, in real headless Chromium: only
//! what the server would grant, said in the reader's language. An invitation not
//! yet opened waits for the friend (no "left", no claim); the analysis is offered
//! once a game against the computer is over; a rated game shows each newcomer's
//! provisional rating from the first move, the lobby the challenger's; the home
//! page names whom a game was against and how it ended. axe-core checks the pages
//! (see `browser.rs` for skipping without Chromium).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use battaglie_community::{Clock, FakeClock, SystemClock};
use battaglie_rules::{Position, Scenario};
use battaglie_server::{serve_on, AppState, Cluster, HttpSettings, MemoryLimits};
use serde_json::json;

use crate::browser_pages::{set_lang, string};
use crate::browser_support::{
    browser, call, computer_game, register_in_the_page, start_server, Browser, Page,
};
use crate::support::{first_legal, Backend, TestDb};

/// The server on a fake clock (its presence beat included), serving the front
/// end's plain modules, whose language tables the test reads: its URL.
async fn timed_server(clock: Arc<FakeClock>) -> (TestDb, String) {
    let db = TestDb::new(Backend::Sqlite).await;
    let state = AppState::with_time(
        db.open().await,
        MemoryLimits::default(),
        Cluster::default(),
        clock,
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        let settings = HttpSettings {
            web_dev: Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("web")),
            ..HttpSettings::unlimited()
        };
        serve_on(listener, state, &settings, std::future::pending())
            .await
            .unwrap();
    });
    (db, url)
}

/// The page's words for the error `code` (no parameters) in its language now.
async fn refusal_words(page: &Page, b: &mut Browser, code: &str) -> String {
    let said = page
        .eval(
            b,
            &format!(
                "Promise.all([import('/errors.js'), import('/api.js')]).then(([e, a]) => e.errorText(new a.ApiError(409, '', {code:?}, {{}})))"
            ),
        )
        .await;
    said.as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn an_invitation_not_yet_opened_waits_for_the_friend_and_offers_no_claim() {
    let binary = browser("an_invitation_not_yet_opened_waits_for_the_friend_and_offers_no_claim");
    let clock = Arc::new(FakeClock::new(SystemClock.now()));
    let (_db, url) = timed_server(clock.clone()).await;
    let mut b = Browser::launch(&binary).await;
    let army = b.page(1366, 768).await;
    army.goto(&mut b, &format!("{url}/")).await;
    let game = call(
        &army,
        &mut b,
        "POST",
        "/api/games",
        json!({"scenario": "washita", "mode": "online", "side": "army", "clock": "5+2"}),
    )
    .await;
    assert_eq!(game["status"], 201, "{game}");
    let id = game["body"]["id"].as_str().unwrap().to_string();
    let token = game["body"]["token"].as_str().unwrap().to_string();
    army.goto(&mut b, &format!("{url}/game/{id}?token={token}"))
        .await;

    // Nobody has opened the invitation: the friend's seat waits, in each language.
    for lang in ["en", "fr"] {
        set_lang(&army, &mut b, lang).await;
        army.wait(
            &mut b,
            "document.querySelector('.presence-seat.indians.waiting') && !document.querySelector('.presence-wait').hidden",
        )
        .await;
        let seat = army.text(&mut b, ".presence-seat.indians").await;
        let waiting = string(&army, &mut b, lang, "presence_waiting").await;
        assert!(seat.ends_with(&waiting), "{lang}: {seat}");
        let note = army.text(&mut b, ".presence-wait").await;
        assert_eq!(
            note,
            string(&army, &mut b, lang, "opponentNotArrived").await
        );
    }
    army.assert_accessible(&mut b, "an invitation not yet opened")
        .await;

    // The Army moves (the clock runs), and more than a minute passes with the
    // friend still not there: a spectator arriving brings the page the presence
    // again, which still waits, with no claim.
    let state = army
        .eval(
            &mut b,
            &format!("fetch('/api/games/{id}').then(r => r.json())"),
        )
        .await;
    let moved = call(
        &army,
        &mut b,
        "POST",
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": first_legal(&state)}),
    )
    .await;
    assert_eq!(moved["status"], 200, "{moved}");
    clock.advance(Duration::from_secs(120));
    let watcher = b.page(1366, 768).await;
    watcher.goto(&mut b, &format!("{url}/game/{id}")).await;
    army.wait(
        &mut b,
        "/1/.test(document.querySelector('.presence-watching').textContent)",
    )
    .await;
    let offered = army
        .eval(
            &mut b,
            "[!!document.querySelector('.presence-seat.indians.waiting'), document.querySelector('.presence .claim').hidden, !document.querySelector('[data-focus=claim-absent-win]')]",
        )
        .await;
    assert_eq!(offered, json!([true, true, true]), "no claim is offered");

    // The server refuses a claim all the same, and the page has words for why.
    let claimed = call(
        &army,
        &mut b,
        "POST",
        &format!("/api/games/{id}/claim"),
        json!({"token": token, "kind": "win"}),
    )
    .await;
    assert_eq!(
        (&claimed["status"], &claimed["body"]["code"]),
        (&json!(409), &json!("claim_opponent_not_arrived")),
        "{claimed}"
    );
    for lang in ["fr", "en"] {
        set_lang(&army, &mut b, lang).await;
        let said = refusal_words(&army, &mut b, "claim_opponent_not_arrived").await;
        assert_eq!(
            said,
            string(&army, &mut b, lang, "err_claim_opponent_not_arrived").await
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_analysis_is_offered_once_a_game_against_the_computer_is_over() {
    let binary = browser("the_analysis_is_offered_once_a_game_against_the_computer_is_over");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let play = computer_game(&page, &mut b).await;
    page.goto(&mut b, &format!("{}{play}", server.url)).await;
    page.wait(&mut b, "!!document.querySelector('svg.board .hit')")
        .await;
    let state = page.state(&mut b).await;
    let id = state["id"].as_str().unwrap().to_string();
    let token = play.rsplit("token=").next().unwrap().to_string();
    let moved = call(
        &page,
        &mut b,
        "POST",
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": first_legal(&state)}),
    )
    .await;
    assert_eq!(moved["status"], 200, "{moved}");
    // The computer's reply: the replay bar is there, without the analysis.
    page.wait(
        &mut b,
        "document.querySelectorAll('table.moves button.mv').length >= 2 && !document.querySelector('.replay-bar').hidden",
    )
    .await;
    let offered = page
        .eval(
            &mut b,
            "[...document.querySelectorAll('button.analyse')].filter(e => e.offsetParent !== null).length",
        )
        .await;
    assert_eq!(offered, json!(0), "no analysis while the game is played");

    // Once over (a resignation), it is offered.
    let resigned = call(
        &page,
        &mut b,
        "POST",
        &format!("/api/games/{id}/resign"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(resigned["status"], 200, "{resigned}");
    page.wait(
        &mut b,
        "document.querySelector('.replay-bar button.analyse')?.hidden === false",
    )
    .await;
}

/// Whether the page shows the button that calls the game off.
const CALL_OFF_SHOWN: &str =
    "[...document.querySelectorAll('button.abort')].some(e => e.offsetParent !== null)";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn either_player_calls_off_a_game_before_its_first_move_and_the_other_sees_it_at_once() {
    let binary = browser(
        "either_player_calls_off_a_game_before_its_first_move_and_the_other_sees_it_at_once",
    );
    let clock = Arc::new(FakeClock::new(SystemClock.now()));
    let (_db, url) = timed_server(clock).await;
    let mut b = Browser::launch(&binary).await;
    let army = b.page(1366, 768).await;
    let friend = b.page(390, 844).await;
    army.goto(&mut b, &format!("{url}/")).await;
    // The Army's player starts a friend's game from the page (it is then among
    // the home page's recent games) and sends the friend the link.
    army.eval(
        &mut b,
        "import('/home.js').then(m => { m.startGame({scenario: 'washita', mode: 'online', side: 'army', clock: '5+2'}); })",
    )
    .await;
    army.wait(
        &mut b,
        "location.pathname.startsWith('/game/') && !!document.querySelector('svg.board .hit')",
    )
    .await;
    let recent = army
        .eval(
            &mut b,
            "JSON.parse(localStorage.getItem('battaglie.games'))[0]",
        )
        .await;
    let id = recent["id"].as_str().unwrap().to_string();
    let other = recent["otherToken"].as_str().unwrap().to_string();
    friend
        .goto(&mut b, &format!("{url}/game/{id}?token={other}"))
        .await;

    // Before the first move both seats are offered the call-off, in each language.
    for lang in ["en", "it", "fr", "de"] {
        for page in [&army, &friend] {
            set_lang(page, &mut b, lang).await;
            let words = string(page, &mut b, lang, "callOff").await;
            page.wait(
                &mut b,
                &format!("{CALL_OFF_SHOWN} && document.querySelector('button.abort').textContent === {words:?}"),
            )
            .await;
        }
    }
    army.assert_accessible(&mut b, "a game that may be called off")
        .await;

    // The friend calls it off: the Army's page says so at once, with no reload,
    // and offers nothing more to do in it.
    friend.click(&mut b, "button.abort").await;
    let said = string(&army, &mut b, "de", "calledOff").await;
    for page in [&army, &friend] {
        page.wait(
            &mut b,
            &format!(
                "document.querySelector('.banner')?.textContent.includes({said:?}) && !({CALL_OFF_SHOWN}) \
                 && !document.querySelector('button.resign')"
            ),
        )
        .await;
    }
    assert_eq!(army.state(&mut b).await["status"], "aborted");
    army.assert_accessible(&mut b, "a game called off").await;
    // The home page's recent games say it was called off.
    army.goto(&mut b, &format!("{url}/")).await;
    let aborted = string(&army, &mut b, "de", "aborted").await;
    army.wait(
        &mut b,
        &format!("[...document.querySelectorAll('.recent li')].some(li => li.textContent.includes({aborted:?}))"),
    )
    .await;

    // Once a move is played, neither seat is offered it any more.
    let game = call(
        &army,
        &mut b,
        "POST",
        "/api/games",
        json!({"scenario": "washita", "mode": "online", "side": "army"}),
    )
    .await;
    assert_eq!(game["status"], 201, "{game}");
    let field = |k: &str| game["body"][k].as_str().unwrap().to_string();
    let (id, token, other) = (field("id"), field("token"), field("other_token"));
    army.goto(&mut b, &format!("{url}/game/{id}?token={token}"))
        .await;
    friend
        .goto(&mut b, &format!("{url}/game/{id}?token={other}"))
        .await;
    for page in [&army, &friend] {
        page.wait(&mut b, CALL_OFF_SHOWN).await;
    }
    let state = army.state(&mut b).await;
    let moved = call(
        &army,
        &mut b,
        "POST",
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": first_legal(&state)}),
    )
    .await;
    assert_eq!(moved["status"], 200, "{moved}");
    for page in [&army, &friend] {
        page.wait(
            &mut b,
            &format!("document.querySelectorAll('table.moves button.mv').length === 1 && !({CALL_OFF_SHOWN})"),
        )
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_draw_the_computer_declines_is_said_beside_the_button_with_no_error() {
    let binary = browser("a_draw_the_computer_declines_is_said_beside_the_button_with_no_error");
    // A battle whose start the computer, before any search of its own, judges
    // itself ahead in, the player to move first (what the server asks the
    // computer's sport too).
    let (battle, player) = ["washita", "fetterman", "apache-pass"]
        .into_iter()
        .find_map(|id| {
            let scenario = Scenario::builtin(id).unwrap();
            let start = Position::start(&scenario);
            let player = start.side_to_move();
            let declines = battaglie_ai::Sport::new()
                .accepts_draw(&start, !player, None)
                .is_none();
            declines.then(|| (id, player.word()))
        })
        .expect("a battle whose start the computer would play on from");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(390, 844).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let game = call(
        &page,
        &mut b,
        "POST",
        "/api/games",
        json!({"scenario": battle, "mode": "computer", "side": player, "level": 1}),
    )
    .await;
    assert_eq!(game["status"], 201, "{game}");
    let play = game["body"]["urls"]["play"].as_str().unwrap().to_string();
    page.goto(&mut b, &format!("{}{play}", server.url)).await;
    page.wait(&mut b, "!!document.querySelector('button.offer-draw')")
        .await;
    page.record_failures(&mut b).await;
    page.click(&mut b, "button.offer-draw").await;
    page.click(&mut b, "dialog.ask[open] .yes").await;
    let said = string(&page, &mut b, "en", "says_ahead").await;
    page.wait(
        &mut b,
        &format!("document.querySelector('.actions .draw-declined')?.textContent === {said:?}"),
    )
    .await;
    assert_eq!(
        page.eval(&mut b, "!!document.querySelector('#toast.show')")
            .await,
        json!(false),
        "nothing over the board"
    );
    assert_eq!(page.failures(&mut b).await, Vec::<String>::new());
    assert_eq!(page.state(&mut b).await["status"], "ongoing");
}

/// Opens the lobby at `url` and waits for its live list.
async fn open_the_lobby(page: &Page, b: &mut Browser, url: &str) {
    page.goto(b, &format!("{url}/lobby")).await;
    page.wait(
        b,
        "document.querySelector('main.lobby')?.dataset.ready === 'live' && document.getElementById('post-challenge')",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn newcomers_see_provisional_ratings_and_their_games_named_by_opponent_and_result() {
    let binary =
        browser("newcomers_see_provisional_ratings_and_their_games_named_by_opponent_and_result");
    let (_db, server) = start_server().await;
    let url = server.url.clone();
    let mut b = Browser::launch(&binary).await;
    let custer = b.page(1366, 768).await;
    let kettle = b.page(390, 844).await;
    register_in_the_page(&custer, &mut b, &url, "Custer").await;
    register_in_the_page(&kettle, &mut b, &url, "BlackKettle").await;
    set_lang(&kettle, &mut b, "fr").await;
    open_the_lobby(&custer, &mut b, &url).await;
    open_the_lobby(&kettle, &mut b, &url).await;

    // Custer, never rated, posts a rated challenge: the lobby shows his rating.
    custer
        .eval(
            &mut b,
            "(() => { const s = document.getElementById('challenge-side'); s.value = 'army'; s.dispatchEvent(new Event('change')); })()",
        )
        .await;
    custer.click(&mut b, "#challenge-rated").await;
    custer
        .wait(&mut b, "document.getElementById('challenge-rated').checked")
        .await;
    custer.click(&mut b, "#post-challenge").await;
    kettle
        .wait(
            &mut b,
            "document.querySelector('ul.challenges li button.accept')",
        )
        .await;
    assert_eq!(
        kettle.text(&mut b, "ul.challenges li .rating").await,
        "1500?"
    );
    kettle
        .assert_accessible(&mut b, "a challenge with its rating")
        .await;
    kettle.click(&mut b, "ul.challenges li button.accept").await;

    // Their first rated game: each strip shows the newcomer's provisional rating.
    for page in [&custer, &kettle] {
        page.wait(
            &mut b,
            "location.pathname.startsWith('/game/') && document.querySelectorAll('.strip .rating').length === 2",
        )
        .await;
        let ratings = page
            .eval(
                &mut b,
                "[...document.querySelectorAll('.strip .rating')].map(e => e.textContent)",
            )
            .await;
        assert_eq!(ratings, json!(["1500?", "1500?"]));
    }

    // Black Kettle resigns; each home page names the opponent and the result.
    let (id, token) = {
        let v = kettle
            .eval(
                &mut b,
                "(() => { const g = JSON.parse(localStorage.getItem('battaglie.games'))[0]; return [g.id, g.token]; })()",
            )
            .await;
        (
            v[0].as_str().unwrap().to_string(),
            v[1].as_str().unwrap().to_string(),
        )
    };
    let resigned = call(
        &kettle,
        &mut b,
        "POST",
        &format!("/api/games/{id}/resign"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(resigned["status"], 200, "{resigned}");
    for (page, lang, key, name) in [
        (&custer, "en", "recentWonAgainst", "BlackKettle"),
        (&kettle, "fr", "recentLostTo", "Custer"),
    ] {
        page.wait(&mut b, "!!document.getElementById('end-h')")
            .await;
        let expected = string(page, &mut b, lang, key)
            .await
            .replace("{name}", name);
        page.goto(&mut b, &format!("{url}/")).await;
        page.wait(&mut b, "!!document.querySelector('section.recent li')")
            .await;
        let line = page.text(&mut b, "section.recent li").await;
        assert!(
            line.contains(&expected),
            "{lang}: {line:?} lacks {expected:?}"
        );
    }
    custer
        .assert_accessible(&mut b, "the home page's recent games")
        .await;
}
