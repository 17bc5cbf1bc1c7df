//! More of the page in real headless Chromium: the rules page for players, the
//! battles' histories and the server's errors in each of the four languages, the
//! replay panel's animated GIF, accounts, and the engine's analysis of a finished
//! game (see `browser.rs` for skipping without Chromium).

use crate::browser_support::{browser, start_server, Browser, Page};
use serde_json::{json, Value};

pub(crate) async fn set_lang(page: &Page, b: &mut Browser, code: &str) {
    page.eval(
        b,
        &format!("(() => {{ const s = document.getElementById('lang'); s.value = {code:?}; s.dispatchEvent(new Event('change')); }})()"),
    )
    .await;
    page.wait(b, &format!("document.documentElement.lang === {code:?}"))
        .await;
}

/// A string of the page's language table `code`.
pub(crate) async fn string(page: &Page, b: &mut Browser, code: &str, key: &str) -> String {
    let v = page
        .eval(
            b,
            &format!("import('/lang-{code}.js').then(m => m.default[{key:?}])"),
        )
        .await;
    v.as_str()
        .unwrap_or_else(|| panic!("lang-{code}.js has no {key}"))
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn rules_histories_and_server_errors_speak_the_readers_language() {
    let binary = browser("rules_histories_and_server_errors_speak_the_readers_language");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;

    for code in ["en", "it", "fr", "de"] {
        set_lang(&page, &mut b, code).await;

        // The rules page, reached from the header of every page.
        page.click(&mut b, "header a.rules-link").await;
        page.wait(
            &mut b,
            "location.pathname === '/rules' && document.querySelector('main.rules-page h2')",
        )
        .await;
        let title = page.text(&mut b, "main h1").await;
        assert_eq!(
            title,
            string(&page, &mut b, code, "rules").await,
            "{code}: the rules page's title"
        );
        let sections = page
            .eval(
                &mut b,
                "document.querySelectorAll('main.rules-page h2').length",
            )
            .await;
        assert_eq!(
            sections,
            json!(6),
            "{code}: the rules page has its six sections (the clock's included)"
        );
        page.assert_accessible(&mut b, &format!("the rules page ({code})"))
            .await;

        // A record that does not read is refused in the reader's words.
        page.goto(&mut b, &format!("{}/", server.url)).await;
        page.eval(
            &mut b,
            "(() => { document.getElementById('record-text').value = 'not a record'; document.querySelector('form.import button[type=submit]').click(); })()",
        )
        .await;
        let expected = string(&page, &mut b, code, "err_bad_record").await;
        let headline = expected.split(':').next().unwrap().to_string();
        page.wait(
            &mut b,
            &format!("document.querySelector('form.import .form-error')?.textContent.includes({headline:?})"),
        )
        .await;
    }

    // The history of a battle, in the language of the page, marked as such.
    set_lang(&page, &mut b, "fr").await;
    page.click(&mut b, "article[data-id=washita] button.play")
        .await;
    page.wait(&mut b, "document.querySelector('details.notes')")
        .await;
    let history = page
        .eval(
            &mut b,
            "(() => { const d = document.querySelector('details.notes'); d.open = true; \
             const p = [...d.querySelectorAll('p')].find(p => p.textContent.includes('Medicine Lodge')); \
             return p ? {text: p.textContent, lang: p.getAttribute('lang')} : null; })()",
        )
        .await;
    assert!(
        history["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("En 1868, les plaines du Sud")),
        "the history is in French: {history}"
    );
    assert_eq!(
        history["lang"],
        json!(null),
        "a translated paragraph is not marked as English"
    );

    // A refused move over the WebSocket is said in French too, naming the squares.
    let said = page
        .eval(
            &mut b,
            "(async () => { const id = location.pathname.split('/')[2]; const token = new URLSearchParams(location.hash.slice(1)).get('token'); \
             const ws = new WebSocket(`ws://${location.host}/api/games/${id}/ws?token=${token}`); \
             const msg = await new Promise(r => { ws.onmessage = e => { const m = JSON.parse(e.data); if (m.type === 'state') ws.send(JSON.stringify({type: 'move', move: 'a1:F-c3'})); else if (m.type === 'error') r(m); }; }); \
             ws.close(); const { errorText } = await import('/errors.js'); const { ApiError } = await import('/api.js'); \
             return { code: msg.code, text: errorText(new ApiError(msg.status, msg.error, msg.code, msg.params)) }; })()",
        )
        .await;
    assert!(
        said["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("a1:F-c3 :")),
        "the move refused is named: {said}"
    );
    assert_ne!(
        said["code"],
        json!("bad_request"),
        "a refused move has its own code: {said}"
    );
    page.assert_accessible(&mut b, "the game page in French, notes open")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_replay_panel_downloads_an_animated_gif_of_the_game_or_up_to_the_move_shown() {
    let binary =
        browser("the_replay_panel_downloads_an_animated_gif_of_the_game_or_up_to_the_move_shown");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    page.eval(
        &mut b,
        "(() => { const s = document.getElementById('mode'); s.value = 'hotseat'; s.dispatchEvent(new Event('change')); })()",
    )
    .await;
    page.click(&mut b, "article[data-id=fetterman] button.play")
        .await;
    page.wait(&mut b, "document.querySelector('svg.board .hit')")
        .await;
    // Three moves through the API (the page follows over its socket).
    for n in 1..=3 {
        page.eval(
            &mut b,
            "(async () => { const id = location.pathname.split('/')[2]; const token = new URLSearchParams(location.hash.slice(1)).get('token'); \
             const st = await fetch(`/api/games/${id}?token=${token}`).then(r => r.json()); \
             await fetch(`/api/games/${id}/moves`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({token, move: st.legal[0].moves[0].notation})}); })()",
        )
        .await;
        page.wait(
            &mut b,
            &format!("document.querySelectorAll('table.moves button.mv').length === {n}"),
        )
        .await;
    }
    let link = page
        .eval(&mut b, "(() => { const a = document.querySelector('.replay-bar a.gif'); return a && {href: a.getAttribute('href'), text: a.textContent, hidden: a.offsetParent === null}; })()")
        .await;
    assert!(
        link["href"]
            .as_str()
            .is_some_and(|h| h.ends_with("/gif?from=0&until=3")),
        "{link}"
    );
    assert_eq!(
        link["hidden"],
        json!(false),
        "the download is in view: {link}"
    );

    // Replaying move 2: the link covers the game up to it.
    page.click(&mut b, ".replay-bar .rp-previous").await;
    page.wait(
        &mut b,
        "document.querySelector('.replay-bar a.gif').getAttribute('href').endsWith('until=2')",
    )
    .await;
    let got = page
        .eval(
            &mut b,
            "fetch(document.querySelector('.replay-bar a.gif').href).then(async r => ({type: r.headers.get('content-type'), head: new TextDecoder().decode((await r.arrayBuffer()).slice(0, 6))}))",
        )
        .await;
    assert_eq!(got, json!({"type": "image/gif", "head": "GIF89a"}));
    page.assert_accessible(&mut b, "the replay panel with its GIF download")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_guest_registers_in_the_page_and_finds_the_game_in_my_games() {
    let binary = browser("a_guest_registers_in_the_page_and_finds_the_game_in_my_games");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    // A guest's game.
    page.eval(
        &mut b,
        "(() => { const s = document.getElementById('mode'); s.value = 'hotseat'; s.dispatchEvent(new Event('change')); })()",
    )
    .await;
    page.click(&mut b, "article[data-id=fetterman] button.play")
        .await;
    page.wait(&mut b, "document.querySelector('svg.board .hit')")
        .await;
    let id = page.eval(&mut b, "location.pathname.split('/')[2]").await;
    let id = id.as_str().unwrap().to_string();

    // Home again: the control opens the form; registering signs in.
    page.goto(&mut b, &format!("{}/", server.url)).await;
    page.wait(
        &mut b,
        "document.querySelector('section.account')?.dataset.ready === 'signed-out'",
    )
    .await;
    assert_eq!(
        page.eval(&mut b, "document.getElementById('signin').hidden")
            .await,
        json!(true)
    );
    page.click(&mut b, "section.account button.account-toggle")
        .await;
    page.assert_accessible(&mut b, "the sign-in form").await;
    page.eval(
        &mut b,
        "(() => { document.getElementById('account-name').value = 'Red_Cloud'; \
         document.getElementById('account-password').value = 'powder river 1866'; \
         document.getElementById('register-submit').click(); })()",
    )
    .await;
    page.wait(
        &mut b,
        "document.querySelector('section.account')?.dataset.ready === 'signed-in'",
    )
    .await;
    let shown = page
        .eval(
            &mut b,
            "(() => ({ who: document.querySelector('section.account .signed-in').textContent, \
             games: [...document.querySelectorAll('section.account ul.my-games a')].map(a => a.getAttribute('href')) }))()",
        )
        .await;
    assert!(
        shown["who"]
            .as_str()
            .is_some_and(|w| w.contains("Red_Cloud")),
        "{shown}"
    );
    let games = shown["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{shown}");
    assert!(
        games[0]
            .as_str()
            .unwrap()
            .starts_with(&format!("/game/{id}#token=")),
        "{shown}"
    );
    page.assert_accessible(&mut b, "the account panel").await;
    // The game opens from "my games" with its seat.
    page.click(&mut b, "section.account ul.my-games a").await;
    page.wait(&mut b, "document.querySelector('svg.board .hit')")
        .await;
    // And logging out shows the control again.
    page.goto(&mut b, &format!("{}/", server.url)).await;
    page.wait(
        &mut b,
        "document.querySelector('section.account')?.dataset.ready === 'signed-in'",
    )
    .await;
    page.click(&mut b, "#logout").await;
    page.wait(
        &mut b,
        "document.querySelector('section.account')?.dataset.ready === 'signed-out'",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_finished_game_is_analysed_with_a_graph_marks_and_the_engines_move() {
    let binary = browser("a_finished_game_is_analysed_with_a_graph_marks_and_the_engines_move");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 900).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    // A hotseat game of 40 first legal moves (careless play), then resigned.
    let play = page
        .eval(
            &mut b,
            "(async () => { const post = (p, body) => fetch(p, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)}).then(r => r.json()); \
             const g = await post('/api/games', {scenario: 'fetterman', mode: 'hotseat'}); let st = g.state; \
             for (let i = 0; i < 40 && st.status === 'ongoing'; i++) st = await post(`/api/games/${g.id}/moves`, {token: g.token, move: st.legal[0].moves[0].notation}); \
             if (st.status === 'ongoing') await post(`/api/games/${g.id}/resign`, {token: g.token}); \
             return g.urls.play; })()",
        )
        .await;
    page.goto(&mut b, &format!("{}{}", server.url, play.as_str().unwrap()))
        .await;
    page.wait(
        &mut b,
        "document.querySelector('section.end button.analyse')",
    )
    .await;
    page.click(&mut b, "section.end button.analyse").await;
    // A progress bar, then the whole graph.
    page.wait(
        &mut b,
        "document.querySelector('section.analysis svg.eval-graph polyline') && !document.querySelector('section.analysis progress')",
    )
    .await;
    let report = analysed_by_the_server_after_the_page(&page, &mut b).await;
    let marked = marks(&report);
    assert!(
        !marked.is_empty(),
        "careless play has marked moves: {report}"
    );
    let dots = page
        .eval(
            &mut b,
            "document.querySelectorAll('svg.eval-graph .eg-mark').length",
        )
        .await;
    assert_eq!(dots, json!(marked.len()), "a dot on the graph per mark");
    let unit = page
        .eval(
            &mut b,
            "document.querySelector('.eval-unit .tip').getAttribute('title')",
        )
        .await;
    assert!(
        unit.as_str().is_some_and(|t| t.contains("100%")),
        "the unit is explained: {unit}"
    );

    // The keyboard on the graph steps the board through the game; at every ply the
    // engine's preferred move, named and drawn, is the one the API gives for the move
    // shown (its mover's alternative), never the opponent's reply.
    let plies = report["plies"].as_u64().unwrap();
    page.eval(&mut b, "document.querySelector('svg.eval-graph').focus()")
        .await;
    page.key(&mut b, "Home").await;
    for ply in 0..=plies {
        if ply > 0 {
            page.key(&mut b, "ArrowRight").await;
        }
        page.wait(
            &mut b,
            &format!("document.querySelector('svg.eval-graph').getAttribute('aria-valuenow') === '{ply}'"),
        )
        .await;
        let said = page
            .eval(
                &mut b,
                "[document.querySelector('section.analysis .engine-best')?.textContent ?? null, document.querySelectorAll('svg.board line.arrow.best').length]",
            )
            .await;
        let judged = ply.checked_sub(1).map(|i| &report["moves"][i as usize]);
        match judged.and_then(|m| Some((m["best"].as_str()?, m["move"].as_str()?))) {
            None => assert_eq!(said[0], Value::Null, "ply {ply} has no preferred move"),
            Some((best, played)) => {
                let text = said[0].as_str().unwrap_or_default();
                if best == played {
                    assert!(
                        text.contains("the engine's choice too"),
                        "ply {ply}: {text}"
                    );
                } else {
                    assert!(text.ends_with(best), "ply {ply}: {text} names {best}");
                }
                assert!(
                    said[1].as_u64().unwrap_or(0) > 0,
                    "ply {ply}: the preferred move is drawn"
                );
            }
        }
    }
    page.key(&mut b, "Home").await;
    page.wait(
        &mut b,
        "document.querySelector('svg.eval-graph').getAttribute('aria-valuenow') === '0'",
    )
    .await;

    // A click in the middle of the graph shows the middle of the game.
    page.click(&mut b, "svg.eval-graph").await;
    let half = plies / 2;
    let now = page
        .eval(
            &mut b,
            "Number(document.querySelector('svg.eval-graph').getAttribute('aria-valuenow'))",
        )
        .await;
    let now = now.as_u64().unwrap();
    assert!(
        now.abs_diff(half) <= 1,
        "clicked the middle: ply {now} of {plies}"
    );
    page.wait(
        &mut b,
        "document.querySelector('svg.board line.arrow.best')",
    )
    .await;
    page.screenshot(&mut b, "analysis").await;
    page.assert_accessible(&mut b, "the analysis panel").await;
}

/// Once the page shows a complete analysis: the server has computed none (the
/// reader's browser did), and the server's own analysis, asked for then, judges the
/// game as the page did. Answers the server's report.
async fn analysed_by_the_server_after_the_page(page: &Page, b: &mut Browser) -> Value {
    let answer = page
        .eval(
            b,
            "(async () => { const path = `/api/games/${location.pathname.split('/')[2]}/analysis`; \
             const before = await fetch(path).then(r => r.json()).then(r => r.started); \
             let r = await fetch(path, {method: 'POST'}).then(r => r.json()); \
             for (let i = 0; i < 600 && !r.complete; i++) { \
               await new Promise(f => setTimeout(f, 100)); r = await fetch(path).then(r => r.json()); } \
             return {before, report: r}; })()",
        )
        .await;
    assert_eq!(
        answer["before"],
        json!(false),
        "the page's analysis used no server analysis"
    );
    let report = answer["report"].clone();
    assert_eq!(report["complete"], json!(true), "{report}");
    let shown = page
        .eval(
            b,
            "[...document.querySelectorAll('table.moves button.mv')].flatMap(b => { const m = b.querySelector('.mark'); return m ? [[Number(b.dataset.ply), m.className.replace('mark mk-', '')]] : []; })",
        )
        .await;
    let shown: Vec<(u64, String)> = serde_json::from_value(shown).unwrap();
    assert_eq!(
        shown,
        marks(&report),
        "the page marks the moves as the server judges them"
    );
    report
}

/// The marked moves of an analysis: (ply, class).
fn marks(report: &Value) -> Vec<(u64, String)> {
    report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| Some((m["ply"].as_u64()?, m["class"].as_str()?.to_string())))
        .collect()
}

/// Registers `name` in `page`'s context (its cookie) and opens the lobby.
async fn into_the_lobby(page: &Page, b: &mut Browser, url: &str, name: &str) {
    page.goto(b, &format!("{url}/")).await;
    let status = page
        .eval(
            b,
            &format!(
                "fetch('/api/account/register', {{method: 'POST', headers: {{'content-type': 'application/json'}}, \
                 body: JSON.stringify({{name: {name:?}, password: 'powder river 1866'}})}}).then(r => r.status)"
            ),
        )
        .await;
    assert_eq!(status, json!(201), "registering {name}");
    page.goto(b, &format!("{url}/lobby")).await;
    page.wait(
        b,
        "document.querySelector('main.lobby')?.dataset.ready === 'live' && document.getElementById('post-challenge')",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn two_players_meet_in_the_lobby_and_land_on_the_game_on_opposite_sides() {
    let binary = browser("two_players_meet_in_the_lobby_and_land_on_the_game_on_opposite_sides");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let ann = b.page(1366, 768).await;
    let bob = b.page(390, 844).await;
    into_the_lobby(&ann, &mut b, &server.url, "Ann_Page").await;
    into_the_lobby(&bob, &mut b, &server.url, "Bob_Page").await;
    ann.assert_accessible(&mut b, "the lobby").await;
    // Ann posts: Fetterman, the Indians, 5+2, casual.
    ann.eval(
        &mut b,
        "(() => { const set = (id, v) => { const s = document.getElementById(id); s.value = v; s.dispatchEvent(new Event('change')); }; \
         set('challenge-battle', 'fetterman'); set('challenge-side', 'indians'); set('challenge-clock', '5+2'); \
         document.getElementById('post-challenge').click(); })()",
    )
    .await;
    // Bob sees it appear without reloading, on a phone-sized screen.
    bob.wait(
        &mut b,
        "document.querySelector('ul.challenges li button.accept')",
    )
    .await;
    let shown = bob.text(&mut b, "ul.challenges li").await;
    assert!(
        shown.contains("Ann_Page") && shown.contains("5+2"),
        "{shown}"
    );
    bob.assert_accessible(&mut b, "the lobby with a challenge")
        .await;
    ann.wait(
        &mut b,
        "document.querySelector('ul.challenges li button.cancel')",
    )
    .await;
    bob.click(&mut b, "ul.challenges li button.accept").await;
    // Both land on the game page, seated by their cookies on opposite sides.
    let mut sides = Vec::new();
    for page in [&ann, &bob] {
        page.wait(
            &mut b,
            "location.pathname.startsWith('/game/') && document.querySelector('svg.board')",
        )
        .await;
        let you = page
            .eval(
                &mut b,
                "fetch('/api/games/' + location.pathname.split('/')[2]).then(r => r.json()).then(s => s.you)",
            )
            .await;
        let token_seat = page
            .eval(
                &mut b,
                "fetch('/api/games/' + location.pathname.split('/')[2] + '?' + location.hash.slice(1)).then(r => r.json()).then(s => s.you)",
            )
            .await;
        assert_eq!(
            you, token_seat,
            "the link's token and the cookie open the same seat"
        );
        sides.push(you);
    }
    assert_eq!(
        sides,
        [json!("indians"), json!("army")],
        "Ann asked for the Indians"
    );
    let games = [&ann, &bob];
    let ids: Vec<Value> = {
        let mut v = Vec::new();
        for p in games {
            v.push(p.eval(&mut b, "location.pathname").await);
        }
        v
    };
    assert_eq!(ids[0], ids[1], "the same game");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn an_imported_record_is_analysed_in_one_click() {
    let binary = browser("an_imported_record_is_analysed_in_one_click");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(390, 844).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    // A record of 12 moves, as a player would paste it from elsewhere.
    page.eval(
        &mut b,
        "(async () => { const post = (p, body) => fetch(p, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)}).then(r => r.json()); \
         const g = await post('/api/games', {scenario: 'washita', mode: 'hotseat'}); let st = g.state; \
         for (let i = 0; i < 12; i++) st = await post(`/api/games/${g.id}/moves`, {token: g.token, move: st.legal[0].moves[0].notation}); \
         const text = await fetch(`/api/games/${g.id}/record?format=text`).then(r => r.text()); \
         document.getElementById('record-text').value = text; \
         document.querySelector('form.import button[value=analyse]').click(); return true; })()",
    )
    .await;
    // The imported game opens with its analysis running, then complete.
    page.wait(&mut b, "location.pathname.startsWith('/game/')")
        .await;
    page.wait(
        &mut b,
        "document.querySelector('section.analysis svg.eval-graph polyline') && !document.querySelector('section.analysis progress')",
    )
    .await;
    let report = analysed_by_the_server_after_the_page(&page, &mut b).await;
    assert_eq!(report["total"], json!(12), "{report}");
    let said = page
        .text(&mut b, "section.analysis .analysis-progress")
        .await;
    assert!(said.contains("12"), "the page judged the 12 moves: {said}");
    page.assert_accessible(&mut b, "an imported game being analysed")
        .await;
}
