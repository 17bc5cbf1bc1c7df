//! End-to-end tests in real headless Chromium, driven over the DevTools protocol:
//! the web UI against the real server on a temporary database, at desktop and phone
//! sizes, with axe-core checking every screen.
//!
//! They are marked ignored (they need Chromium, and `npm ci`'s axe-core); `.ci/run`
//! runs them with `-- --include-ignored`. Screenshots go to `target/tmp/e2e/`.

use crate::browser_support::{
    browser, move_words, part_stack_move, start_server, whole_stack_move, Browser, Page,
};
use battaglie_rules::Scenario;
use serde_json::json;

/// The moves to walk the keyboard cursor from one square to another on a board drawn
/// the usual way (north up, staging on the west).
pub(crate) fn walk(from: &str, to: &str) -> Vec<&'static str> {
    let at = |s: &str| {
        let file = if s.starts_with('@') {
            -1
        } else {
            i32::from(s.as_bytes()[0] - b'a')
        };
        (file, s[1..].parse::<i32>().unwrap())
    };
    let ((f0, r0), (f1, r1)) = (at(from), at(to));
    let mut keys = Vec::new();
    for _ in 0..(f1 - f0).abs() {
        keys.push(if f1 > f0 { "ArrowRight" } else { "ArrowLeft" });
    }
    for _ in 0..(r1 - r0).abs() {
        keys.push(if r1 > r0 { "ArrowUp" } else { "ArrowDown" });
    }
    keys
}

async fn set_select(page: &Page, b: &mut Browser, id: &str, value: &str) {
    page.eval(
        b,
        &format!("(() => {{ const s = document.getElementById({id:?}); s.value = {value:?}; s.dispatchEvent(new Event('change')); }})()"),
    )
    .await;
}

/// "1 Foot and 2 Mounted", as the page counts pieces in English (a list as `Intl.ListFormat` writes it).
pub(crate) fn pieces_in_words(counts: [u8; 3]) -> String {
    let names = [
        ("Foot", "Foot"),
        ("Mounted", "Mounted"),
        ("Vehicle", "Vehicles"),
    ];
    let parts: Vec<String> = counts
        .iter()
        .zip(names)
        .filter(|(n, _)| **n > 0)
        .map(|(n, (one, many))| format!("{n} {}", if *n == 1 { one } else { many }))
        .collect();
    match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
    }
}

pub(crate) async fn move_count(page: &Page, b: &mut Browser, n: usize) {
    page.wait(
        b,
        &format!("document.querySelectorAll('table.moves button.mv').length === {n}"),
    )
    .await;
}

pub(crate) async fn my_turn(page: &Page, b: &mut Browser) {
    page.wait(b, "document.querySelector('.banner').textContent.includes('your turn') && document.querySelector('.hl-source')")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn one_tap_starts_a_battle_and_moves_take_one_gesture() {
    let binary = browser("one_tap_starts_a_battle_and_moves_take_one_gesture");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    page.wait(
        &mut b,
        "document.querySelectorAll('article.card').length === 3",
    )
    .await;
    // Every battle's Play button is above the fold.
    let lowest = page
        .eval(&mut b, "Math.max(...[...document.querySelectorAll('button.play')].map(b => b.getBoundingClientRect().bottom))")
        .await;
    assert!(
        lowest.as_f64().unwrap() <= 768.0,
        "a Play button is {lowest} px down"
    );
    page.screenshot(&mut b, "home-desktop").await;
    page.assert_accessible(&mut b, "the home page").await;

    // One tap on a card starts the battle against the computer.
    set_select(&page, &mut b, "mode", "computer").await;
    set_select(&page, &mut b, "level", "1").await;
    page.click(&mut b, "article[data-id=washita] .preview")
        .await;
    page.wait(
        &mut b,
        "location.pathname.startsWith('/game/') && document.querySelector('svg.board .hit')",
    )
    .await;
    let url = page
        .eval(&mut b, "location.href")
        .await
        .as_str()
        .unwrap()
        .to_string();
    // The board fits the window, squares of 40 px and more.
    let fit = page
        .eval(&mut b, "(() => { const r = document.querySelector('svg.board').getBoundingClientRect(); \
               const c = document.querySelector('[data-square=a1]').getBoundingClientRect(); return [r.bottom, c.width]; })()")
        .await;
    assert!(
        fit[0].as_f64().unwrap() <= 768.0,
        "the board ends {} px down",
        fit[0]
    );
    assert!(fit[1].as_f64().unwrap() >= 40.0, "squares of {} px", fit[1]);
    page.assert_accessible(&mut b, "a new game").await;

    // Dragging a whole stack onto a square plays it: no confirm.
    let scenario = Scenario::builtin("washita").unwrap();
    let st = page.state(&mut b).await;
    let (from, to, first) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
    page.drag(
        &mut b,
        &format!("[data-square=\"{from}\"]"),
        &format!("[data-square=\"{to}\"]"),
    )
    .await;
    move_count(&page, &mut b, 2).await; // the computer's reply came live
    assert_eq!(page.moves(&mut b).await[0], first);
    // The last move is marked on the board and in the list.
    my_turn(&page, &mut b).await;
    let marked = page
        .eval(&mut b, "[document.querySelectorAll('.hl-last').length > 0, document.querySelector('table.moves .current')?.textContent]")
        .await;
    assert_eq!(marked[0], json!(true));
    assert_eq!(marked[1], page.moves(&mut b).await[1].as_str());

    // Click the stack, click the square: the move goes.
    let st = page.state(&mut b).await;
    let (from, to, second) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
    page.click(&mut b, &format!("[data-square=\"{from}\"]"))
        .await;
    page.wait(&mut b, "document.querySelector('.hl-target, .hl-capture')")
        .await;
    // The chooser is true: every piece of the stack is chosen, none stays.
    let status = page.text(&mut b, ".mover .status").await;
    assert!(
        status.contains(&format!("nothing stays on {from}")),
        "the chooser says {status:?}"
    );
    page.click(&mut b, &format!("[data-square=\"{to}\"]")).await;
    move_count(&page, &mut b, 4).await;
    assert_eq!(page.moves(&mut b).await[2], second);

    // Part of a stack: the move is ambiguous (the rest could follow), so it waits for
    // a confirm, with the arriving pieces drawn on their square.
    my_turn(&page, &mut b).await;
    let st = page.state(&mut b).await;
    let (from, to, third, stay) = part_stack_move(&scenario, st["bfen"].as_str().unwrap());
    page.click(&mut b, &format!("[data-square=\"{from}\"]"))
        .await;
    page.wait(&mut b, "document.querySelector('.mover .chooser')")
        .await;
    for (k, n) in ["F", "M", "V"].iter().zip(stay) {
        for _ in 0..n {
            page.click(&mut b, &format!("[data-focus=less-{k}]")).await;
        }
    }
    let status = page.text(&mut b, ".mover .status").await;
    let verb = if stay.iter().sum::<u8>() == 1 {
        "stays"
    } else {
        "stay"
    };
    let staying = format!("{} {verb} on {from}", pieces_in_words(stay));
    assert!(
        status.ends_with(&staying),
        "the chooser says {status:?}, not {staying:?}"
    );
    page.click(&mut b, &format!("[data-square=\"{to}\"]")).await;
    page.wait(&mut b, "document.querySelector('button.confirm')")
        .await;
    let ghosts = page
        .eval(&mut b, "document.querySelectorAll('.stack.ghost').length")
        .await;
    assert_eq!(
        ghosts,
        json!(1),
        "the pieces on their way are drawn on the destination"
    );
    let said = move_words(&page, &mut b, &third).await;
    assert_eq!(
        page.text(&mut b, "button.confirm").await,
        format!("Confirm: {said}"),
        "Confirm says the move in words"
    );
    let status = page.text(&mut b, ".mover .status").await;
    assert!(
        status.ends_with(&format!("Confirm now and {staying}")),
        "what stays is said as what Confirm leaves, beside the chooser that still offers it to the next square: {status:?}"
    );
    page.screenshot(&mut b, "split-waits-for-confirm").await;
    page.click(&mut b, "button.confirm").await;
    move_count(&page, &mut b, 6).await;
    assert_eq!(page.moves(&mut b).await[4], third);

    // Take back says what it takes back, and takes back exactly that.
    my_turn(&page, &mut b).await;
    let label = page.text(&mut b, "button.undo").await;
    assert_eq!(label, format!("Take back {said} and the reply"));
    page.click(&mut b, "button.undo").await;
    move_count(&page, &mut b, 4).await;

    // Reload: the same game.
    let before = page.moves(&mut b).await;
    page.goto(&mut b, &url).await;
    move_count(&page, &mut b, 4).await;
    assert_eq!(page.moves(&mut b).await, before);
    page.screenshot(&mut b, "computer-reloaded").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_phone_gets_the_board_turned_a_quarter_and_landscape_fits() {
    let binary = browser("a_phone_gets_the_board_turned_a_quarter_and_landscape_fits");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(390, 844).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    page.wait(
        &mut b,
        "document.querySelectorAll('article.card').length === 3",
    )
    .await;
    let first = page
        .eval(
            &mut b,
            "document.querySelector('button.play').getBoundingClientRect().bottom",
        )
        .await;
    assert!(
        first.as_f64().unwrap() <= 844.0,
        "the first Play button is {first} px down"
    );
    page.screenshot(&mut b, "home-phone").await;
    page.assert_accessible(&mut b, "the home page on a phone")
        .await;
    // Animations stop for those who ask the system for less motion.
    page.reduced_motion(&mut b).await;
    let motion = page
        .eval(
            &mut b,
            "getComputedStyle(document.querySelector('article.card')).transitionDuration",
        )
        .await;
    assert_eq!(motion, "0s");

    // In French: the page, the battles' summaries.
    set_select(&page, &mut b, "lang", "fr").await;
    page.wait(&mut b, "document.documentElement.lang === 'fr' && document.querySelector('button.play')?.textContent === 'Jouer'")
        .await;
    let summary = page
        .eval(&mut b, "[document.querySelector('.summary').textContent.startsWith('Le 15 juillet 1862'), document.querySelector('.summary').lang]")
        .await;
    assert_eq!(
        summary,
        json!([true, ""]),
        "the summary is French, not English marked as such"
    );
    page.screenshot(&mut b, "home-phone-fr").await;
    page.click(&mut b, "button.play").await;
    page.wait(&mut b, "document.querySelector('svg.board .hit')")
        .await;
    let shape = page
        .eval(&mut b, "(() => { const s = document.querySelector('svg.board'); const r = s.getBoundingClientRect(); \
               const c = document.querySelector('[data-square=a1]').getBoundingClientRect(); \
               return [s.classList.contains('quarter'), c.width, r.right, document.documentElement.scrollWidth]; })()")
        .await;
    assert_eq!(
        shape[0],
        json!(true),
        "upright phones get the board turned a quarter"
    );
    assert!(
        shape[1].as_f64().unwrap() >= 40.0,
        "squares of {} px",
        shape[1]
    );
    assert!(
        shape[2].as_f64().unwrap() <= 390.0 && shape[3].as_f64().unwrap() <= 390.0,
        "nothing wider than the phone: {shape}"
    );
    page.screenshot(&mut b, "game-phone").await;
    page.assert_accessible(&mut b, "a game on a phone").await;

    // Landscape: the board as usual, and as high as the window at most.
    page.viewport(&mut b, 844, 390).await;
    page.wait(
        &mut b,
        "!document.querySelector('svg.board').classList.contains('quarter')",
    )
    .await;
    let height = page
        .eval(
            &mut b,
            "document.querySelector('svg.board').getBoundingClientRect().height",
        )
        .await;
    assert!(
        height.as_f64().unwrap() <= 390.0,
        "the board is {height} px high"
    );
    page.eval(
        &mut b,
        "document.querySelector('svg.board').scrollIntoView()",
    )
    .await;
    page.screenshot(&mut b, "game-phone-landscape").await;

    // In German, the game goes on where it was.
    set_select(&page, &mut b, "lang", "de").await;
    page.wait(&mut b, "document.documentElement.lang === 'de' && document.querySelector('.banner')?.textContent.includes('am Zug')")
        .await;
    page.assert_accessible(&mut b, "a game in German").await;
}

/// A long game with turn numbers past 1000: quiet moves played at one screen through
/// the API, then imported as a record that starts at turn `turn`. Returns the play URL
/// and the number of moves.
async fn long_game(page: &Page, b: &mut Browser, plies: usize, turn: u32) -> (String, u64) {
    let made = page
        .eval(
            b,
            &format!(
                "(async () => {{
                  const post = (path, body) => fetch(path, {{method: 'POST', headers: {{'content-type': typeof body === 'string' ? 'text/plain' : 'application/json'}}, body: typeof body === 'string' ? body : JSON.stringify(body)}}).then(r => r.json());
                  const created = await post('/api/games', {{scenario: 'washita', mode: 'hotseat'}});
                  let s = created.state; let seed = 11;
                  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
                  while (s.status === 'ongoing' && s.ply < {plies}) {{
                    const legal = s.legal.flatMap(g => g.moves.map(m => m.notation));
                    const calm = legal.filter(m => !m.includes('x'));
                    const pool = calm.length ? calm : legal;
                    s = await post(`/api/games/${{created.id}}/moves`, {{token: created.token, move: pool[Math.floor(rnd() * pool.length)]}});
                    if (s.error) return [s.error, 0];
                  }}
                  const start = s.start.split(' ').slice(0, 3).concat(['{turn}']).join(' ');
                  const record = {{scenario: 'washita', army: '', indians: '', start, moves: s.plies.map(p => p.notation), result: 'ongoing'}};
                  const imported = await post('/api/records', JSON.stringify(record));
                  if (imported.error) return [imported.error, 0];
                  return [imported.urls.play, imported.state.ply];
                }})()"
            ),
        )
        .await;
    (
        made[0].as_str().unwrap().to_string(),
        made[1].as_u64().unwrap_or(0),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn replay_follows_the_keyboard_from_anywhere_and_keeps_the_list_in_view() {
    let binary = browser("replay_follows_the_keyboard_from_anywhere_and_keeps_the_list_in_view");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let (url, plies) = long_game(&page, &mut b, 98, 960).await;
    assert_eq!(plies, 98, "the long game: {url}");
    page.goto(&mut b, &format!("{}{url}", server.url)).await;
    move_count(&page, &mut b, usize::try_from(plies).unwrap()).await;
    let shown = "Number(document.querySelector('.replay-bar input').value)";
    // The list shows the last move, whatever the length.
    let in_view = "(() => { const c = document.querySelector('table.moves .current'); const s = document.querySelector('.moves-scroll'); \
                   if (!c) return false; const a = c.getBoundingClientRect(), r = s.getBoundingClientRect(); return a.top >= r.top && a.bottom <= r.bottom; })()";
    assert_eq!(
        page.eval(&mut b, in_view).await,
        json!(true),
        "the last move is in view"
    );

    // Arrow keys step from anywhere (nothing focused), Home and End jump.
    page.eval(&mut b, "document.activeElement.blur()").await;
    page.key(&mut b, "ArrowLeft").await;
    page.wait(&mut b, &format!("{shown} === {}", plies - 1))
        .await;
    let banner = page.text(&mut b, ".banner").await;
    assert!(
        banner.contains("Replay: turn") && !banner.contains("after move"),
        "one numbering: {banner:?}"
    );
    page.key(&mut b, "Home").await;
    page.wait(&mut b, &format!("{shown} === 0")).await;
    for _ in 0..3 {
        page.key(&mut b, "ArrowRight").await;
    }
    page.wait(&mut b, &format!("{shown} === 3")).await;
    // A replay button keeps the focus, and the keys go on from it.
    page.click(&mut b, ".rp-previous").await;
    page.wait(&mut b, &format!("{shown} === 2")).await;
    page.key(&mut b, "ArrowLeft").await;
    page.wait(&mut b, &format!("{shown} === 1")).await;
    assert_eq!(
        page.eval(&mut b, "document.activeElement.dataset.focus")
            .await,
        json!("replay-previous")
    );
    page.key(&mut b, "End").await;
    page.wait(&mut b, "document.querySelector('.replay-bar .live').hidden")
        .await;

    // A move in the middle of the list: the list follows, its turn number is whole
    // (four digits), Esc leaves.
    page.click(&mut b, "button[data-ply='81']").await;
    page.wait(&mut b, &format!("{shown} === 81")).await;
    assert_eq!(
        page.eval(&mut b, in_view).await,
        json!(true),
        "move 81 is in view"
    );
    let number = page
        .eval(&mut b, "(() => { const th = document.querySelector('button[data-ply=\"81\"]').closest('tr').querySelector('th'); \
               return [th.textContent, th.scrollWidth <= th.clientWidth]; })()")
        .await;
    assert_eq!(
        number,
        json!(["1000", true]),
        "the 81st move is the Army's of turn 1000, unclipped"
    );
    assert!(page.text(&mut b, ".banner").await.contains("turn 1000"));
    assert_eq!(
        page.eval(&mut b, "document.activeElement.dataset.focus")
            .await,
        json!("ply-81")
    );
    page.screenshot(&mut b, "replay-long-game").await;
    page.assert_accessible(&mut b, "the replay").await;
    page.key(&mut b, "Escape").await;
    page.wait(&mut b, "document.querySelector('.replay-bar .live').hidden && !document.querySelector('.banner').textContent.includes('Replay')")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn online_players_a_spectator_draw_offers_takebacks_and_a_lost_network() {
    let binary = browser("online_players_a_spectator_draw_offers_takebacks_and_a_lost_network");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let army = b.page(1366, 768).await;
    let indians = b.page(1366, 768).await;
    let spectator = b.page(1366, 768).await;

    army.goto(&mut b, &format!("{}/", server.url)).await;
    set_select(&army, &mut b, "mode", "online").await;
    set_select(&army, &mut b, "side", "army").await;
    army.click(&mut b, "article[data-id=fetterman] button.play")
        .await;
    army.wait(
        &mut b,
        "document.querySelectorAll('.invite input').length === 2",
    )
    .await;
    let links = army
        .eval(
            &mut b,
            "[...document.querySelectorAll('.invite input')].map(i => i.value)",
        )
        .await;
    let invite = links[0].as_str().unwrap().to_string();
    let spectate = links[1].as_str().unwrap().to_string();
    assert!(invite.contains("token=") && !spectate.contains("token="));

    indians.goto(&mut b, &invite).await;
    spectator.goto(&mut b, &spectate).await;
    for page in [&indians, &spectator] {
        page.wait(&mut b, "document.querySelector('svg.board .hit')")
            .await;
    }
    // Spectators are told they watch, and get no controls nor moving help.
    let watching = spectator
        .eval(&mut b, "[document.querySelector('.banner').textContent.includes('you are watching'), \
               !document.querySelector('.actions .buttons'), document.querySelector('.help').hidden, !document.querySelector('.hl-source')]")
        .await;
    assert_eq!(watching, json!([true, true, true, true]));
    spectator
        .assert_accessible(&mut b, "a spectator's page")
        .await;

    // A wrong token is no dead end: it offers to watch.
    let bad = b.page(1366, 768).await;
    bad.goto(
        &mut b,
        &format!("{spectate}?token=0123456789abcdef0123456789abcdef"),
    )
    .await;
    bad.wait(&mut b, "document.querySelector('a.watch')").await;
    bad.assert_accessible(&mut b, "a bad link").await;
    bad.click(&mut b, "a.watch").await;
    bad.wait(&mut b, "document.querySelector('.banner') && document.querySelector('.banner').textContent.includes('you are watching')")
        .await;

    // The Army moves by keyboard alone: Tab's cell, arrows, Enter, arrows, Enter.
    let scenario = Scenario::builtin("fetterman").unwrap();
    let st = army.state(&mut b).await;
    let (from, to, first) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
    let focus = army
        .eval(&mut b, "(() => { const c = document.querySelectorAll('.board-box [tabindex=\"0\"]'); c[0].focus(); return [c.length, c[0].dataset.square]; })()")
        .await;
    assert_eq!(
        focus[0],
        json!(1),
        "one cell of the grid is in the tab order"
    );
    for key in walk(focus[1].as_str().unwrap(), &from) {
        army.key(&mut b, key).await;
    }
    let said = army
        .eval(&mut b, "document.activeElement.getAttribute('aria-label')")
        .await;
    assert!(
        said.as_str().unwrap().starts_with(&format!("{from}, ")),
        "the focused cell says {said}"
    );
    assert!(
        said.as_str().unwrap().contains("Army"),
        "the focused cell says what stands there: {said}"
    );
    army.key(&mut b, "Enter").await;
    army.wait(&mut b, "document.querySelector('.mover .chooser')")
        .await;
    for key in walk(&from, &to) {
        army.key(&mut b, key).await;
    }
    army.key(&mut b, "Enter").await;
    for page in [&indians, &spectator] {
        move_count(page, &mut b, 1).await;
        assert_eq!(page.moves(&mut b).await, vec![first.clone()]);
    }

    // The Indians offer a draw, after a confirmation; the Army declines; the Indians are told.
    indians.click(&mut b, "button.offer-draw").await;
    indians
        .wait(&mut b, "document.querySelector('dialog.ask[open]')")
        .await;
    indians.assert_accessible(&mut b, "a confirmation").await;
    indians.click(&mut b, "dialog.ask .yes").await;
    army.wait(&mut b, "document.querySelector('.actions .offer')")
        .await;
    army.click(&mut b, "button.decline-draw").await;
    // Said beside the draw button, never over the board.
    indians
        .wait(
            &mut b,
            "document.querySelector('.actions .draw-declined')?.textContent.includes('declined') \
             && !document.querySelector('#toast.show')",
        )
        .await;

    // The Indians move by clicks; the Army hears its turn, and a hidden tab says so in its title.
    army.eval(
        &mut b,
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => true})",
    )
    .await;
    let st = indians.state(&mut b).await;
    let (from, to, second) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
    my_turn(&indians, &mut b).await;
    indians
        .click(&mut b, &format!("[data-square=\"{from}\"]"))
        .await;
    indians
        .click(&mut b, &format!("[data-square=\"{to}\"]"))
        .await;
    move_count(&army, &mut b, 2).await;
    assert_eq!(army.moves(&mut b).await[1], second);
    army.wait(
        &mut b,
        "document.title.startsWith('●') && document.documentElement.dataset.sound === 'yourTurn'",
    )
    .await;
    let said = army.text(&mut b, "#announcer").await;
    let words = move_words(&army, &mut b, &second).await;
    assert!(
        said.contains(&words) && !said.contains(&second),
        "a screen reader hears the move: {said:?}"
    );
    // Muted, no sound.
    army.click(&mut b, "header .mute").await;
    army.wait(
        &mut b,
        "document.querySelector('header .mute').getAttribute('aria-pressed') === 'true'",
    )
    .await;
    army.eval(&mut b, "delete document.documentElement.dataset.sound")
        .await;

    // The network goes: the Army cannot move and is told; it comes back by itself.
    let st = indians.state(&mut b).await;
    let (from, _, _) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
    server.cut();
    army.wait(
        &mut b,
        "document.querySelector('.banner').textContent.includes('Connection lost')",
    )
    .await;
    army.wait(&mut b, "!document.querySelector('.hl-source')")
        .await;
    army.click(&mut b, &format!("[data-square=\"{from}\"]"))
        .await;
    assert_eq!(
        army.eval(&mut b, "!document.querySelector('.mover .chooser')")
            .await,
        json!(true)
    );
    army.screenshot(&mut b, "online-network-lost").await;
    server.restore();
    my_turn(&army, &mut b).await;
    // The game goes on; muted, the Army hears nothing of the Indians' reply.
    let st = army.state(&mut b).await;
    let (from, to, _) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
    army.click(&mut b, &format!("[data-square=\"{from}\"]"))
        .await;
    army.click(&mut b, &format!("[data-square=\"{to}\"]")).await;
    my_turn(&indians, &mut b).await;
    let st = indians.state(&mut b).await;
    let (from, to, _) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
    indians
        .click(&mut b, &format!("[data-square=\"{from}\"]"))
        .await;
    indians
        .click(&mut b, &format!("[data-square=\"{to}\"]"))
        .await;
    move_count(&army, &mut b, 4).await;
    let quiet = army
        .eval(&mut b, "[document.documentElement.dataset.sound ?? null, document.querySelector('header .mute').getAttribute('aria-pressed')]")
        .await;
    assert_eq!(quiet, json!([null, "true"]), "muted: no sound");

    // A take-back online is a request: the Indians ask, the Army allows it, and both
    // boards go back a move; asked again, the Army refuses and the Indians are told.
    indians.click(&mut b, "button.ask-takeback").await;
    indians
        .wait(&mut b, "document.querySelector('button.withdraw-takeback')")
        .await;
    army.wait(&mut b, "document.querySelector('.takeback-request')")
        .await;
    army.assert_accessible(&mut b, "a take-back request").await;
    army.click(&mut b, "button.accept-takeback").await;
    for page in [&army, &indians, &spectator] {
        move_count(page, &mut b, 3).await;
    }
    indians.click(&mut b, "button.ask-takeback").await;
    army.wait(&mut b, "document.querySelector('.takeback-request')")
        .await;
    army.click(&mut b, "button.decline-takeback").await;
    indians
        .wait(
            &mut b,
            "document.getElementById('toast')?.textContent.includes('refused')",
        )
        .await;
    move_count(&indians, &mut b, 3).await;

    // Italian, remembered after a reload; the verb agrees with the Indians' plural name.
    set_select(&spectator, &mut b, "lang", "it").await;
    spectator.goto(&mut b, &spectate).await;
    spectator
        .wait(&mut b, "document.querySelector('.banner') && document.querySelector('.banner').textContent.includes('Muovono Lakota, Cheyenne e Arapaho')")
        .await;
    spectator.screenshot(&mut b, "online-spectator-it").await;
    army.screenshot(&mut b, "online-army").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn draws_and_resignations_are_confirmed_and_the_end_says_who_won() {
    let binary = browser("draws_and_resignations_are_confirmed_and_the_end_says_who_won");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    set_select(&page, &mut b, "mode", "hotseat").await;
    page.click(&mut b, "article[data-id=washita] button.play")
        .await;
    page.wait(&mut b, "document.querySelector('svg.board .hit')")
        .await;
    let scenario = Scenario::builtin("washita").unwrap();
    let st = page.state(&mut b).await;
    let (from, to, _) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap(), 0);
    page.click(&mut b, &format!("[data-square=\"{from}\"]"))
        .await;
    page.click(&mut b, &format!("[data-square=\"{to}\"]")).await;
    move_count(&page, &mut b, 1).await;

    // At one screen the banner names the side to move, not "you", and no one is
    // offered a draw by the person beside them.
    page.wait(
        &mut b,
        "document.querySelector('.banner').textContent.includes(\"Cheyenne's turn\")",
    )
    .await;
    assert_eq!(
        page.eval(
            &mut b,
            "[document.querySelector('.banner').textContent.includes('your turn'), !!document.querySelector('button.offer-draw')]"
        )
        .await,
        json!([false, false]),
        "hotseat says no 'your turn' and offers no draw"
    );

    // Resigning asks first; then the end screen; no take-back removes a move for it.
    page.click(&mut b, "button.resign").await;
    page.click(&mut b, "dialog.ask[open] .no").await;
    assert_eq!(
        page.state(&mut b).await["status"],
        "ongoing",
        "keep playing means keep playing"
    );
    page.click(&mut b, "button.resign").await;
    page.click(&mut b, "dialog.ask[open] .yes").await;
    page.wait(&mut b, "document.querySelector('.end h2')").await;
    assert_eq!(page.text(&mut b, ".end h2").await, "7th U.S. Cavalry won");
    // The end counts as the move list does, in turns, and the list awaits no move
    // of the side that resigned.
    let ending = page.text(&mut b, ".end h2 + p").await;
    assert!(ending.ends_with("after 1 turn."), "{ending}");
    let cells = page
        .eval(&mut b, "[document.querySelectorAll('table.moves tbody tr').length, [...document.querySelectorAll('table.moves td')].map(td => td.textContent)]")
        .await;
    assert_eq!(cells[0], json!(1), "one turn listed: {cells}");
    assert_eq!(
        cells[1][1],
        json!(""),
        "nothing awaited after the end: {cells}"
    );
    assert_eq!(
        page.eval(&mut b, "!document.querySelector('button.undo')")
            .await,
        json!(true)
    );
    assert_eq!(page.state(&mut b).await["ply"], 1);
    page.screenshot(&mut b, "hotseat-end").await;
    page.assert_accessible(&mut b, "the end screen").await;

    // Against the computer, the end screen speaks to the player; the rematch swaps sides.
    page.goto(&mut b, &format!("{}/", server.url)).await;
    set_select(&page, &mut b, "mode", "computer").await;
    set_select(&page, &mut b, "side", "army").await;
    set_select(&page, &mut b, "level", "1").await;
    page.click(&mut b, "article[data-id=apache-pass] button.play")
        .await;
    page.wait(&mut b, "document.querySelector('button.resign')")
        .await;
    page.click(&mut b, "button.resign").await;
    page.click(&mut b, "dialog.ask[open] .yes").await;
    page.wait(&mut b, "document.querySelector('.end h2')").await;
    assert_eq!(page.text(&mut b, ".end h2").await, "You lost");
    let banner = page
        .eval(&mut b, "document.querySelector('.banner').className")
        .await;
    assert!(
        !banner.as_str().unwrap().contains("army"),
        "the banner's colour is the result's, not the side to move: {banner}"
    );
    let id = page.state(&mut b).await["id"].clone();
    page.click(&mut b, "button.rematch").await;
    page.wait(&mut b, &format!("location.pathname.startsWith('/game/') && !location.pathname.includes({id}) && document.querySelector('svg.board .hit')"))
        .await;
    let st = page.state(&mut b).await;
    assert_eq!(st["scenario"], "apache-pass");
    let you = page
        .eval(&mut b, "fetch('/api/games/' + location.pathname.split('/')[2] + '?' + location.hash.slice(1)).then(r => r.json()).then(s => s.you)")
        .await;
    assert_eq!(you, "indians", "the rematch swaps the sides");
}
