//! What the game page says, checked in real headless Chromium: an attack names what it
//! eliminated; a verb agrees with a side named in the plural; a split says what
//! Confirm would leave; the end counts turns as the move list does; a stack shows
//! how many of each kind it holds; the terrain has a key; a first visit is offered
//! the gentlest level; the rules say what the computer may do (see `browser.rs` for
//! skipping without Chromium).

use serde_json::{json, Value};

use crate::browser::{move_count, pieces_in_words};
use crate::browser_support::{browser, call, start_server, Browser, Page};
use battaglie_rules::{Kind, Move, Position, Scenario, Side};

/// How far a group arriving on `to` is from the nearest stack of `enemy`.
fn distance(pos: &Position, enemy: Side, to: battaglie_rules::Square) -> u32 {
    let at = |s: battaglie_rules::Square| {
        (
            i32::from(s.file().map_or(-1, |f| f as i8)),
            i32::from(s.rank()),
        )
    };
    let (f, r) = at(to);
    pos.squares_of(enemy)
        .map(|s| {
            let (g, q) = at(s);
            (f - g).unsigned_abs() + (r - q).unsigned_abs()
        })
        .min()
        .unwrap_or(0)
}

/// Moves of both sides from the start of `id`, each side closing on the other, up
/// to and with the first attack of a single group: the moves, the position before
/// the attack, and the attack.
fn moves_to_an_attack(id: &str) -> (Vec<String>, Position, Move) {
    let scenario = Scenario::builtin(id).unwrap();
    let mut pos = Position::start(&scenario);
    let mut played = Vec::new();
    for _ in 0..200 {
        let legal = pos.legal_moves();
        if let Some(attack) = legal
            .iter()
            .find(|m| m.is_capture() && m.groups().count() == 1)
        {
            played.push(attack.to_string());
            return (played, pos, *attack);
        }
        let enemy = !pos.side_to_move();
        let closest = legal
            .iter()
            .filter(|m| m.from().is_some())
            .min_by_key(|m| {
                m.groups()
                    .map(|g| distance(&pos, enemy, g.to))
                    .min()
                    .unwrap_or(u32::MAX)
            })
            .copied()
            .unwrap_or(legal[0]);
        played.push(closest.to_string());
        pos.play(&closest);
    }
    panic!("no attack in 200 plies of {id}");
}

/// A game at one screen of battle `id`, created from `page`: its id, token and play URL.
async fn hotseat(page: &Page, b: &mut Browser, id: &str) -> (String, String, String) {
    let game = call(
        page,
        b,
        "POST",
        "/api/games",
        json!({"scenario": id, "mode": "hotseat"}),
    )
    .await;
    assert_eq!(game["status"], 201, "{game}");
    let body = &game["body"];
    (
        body["id"].as_str().unwrap().to_string(),
        body["token"].as_str().unwrap().to_string(),
        body["urls"]["play"].as_str().unwrap().to_string(),
    )
}

/// Plays `moves` in game `id` through the API.
async fn play(page: &Page, b: &mut Browser, id: &str, token: &str, moves: &[String]) {
    let done = page
        .eval(
            b,
            &format!(
                "(async () => {{ for (const move of {moves}) {{ \
                   const r = await fetch('/api/games/{id}/moves', {{method: 'POST', headers: {{'content-type': 'application/json'}}, body: JSON.stringify({{token: {token:?}, move}})}}); \
                   if (!r.ok) return move + ': ' + r.status; }} return 'ok'; }})()",
                moves = serde_json::to_string(moves).unwrap()
            ),
        )
        .await;
    assert_eq!(done, json!("ok"));
}

fn counts(p: battaglie_rules::Pieces) -> [u8; 3] {
    [Kind::Foot, Kind::Mounted, Kind::Vehicle].map(|k| p.count(k))
}

async fn set_lang(page: &Page, b: &mut Browser, code: &str) {
    page.eval(
        b,
        &format!("localStorage.setItem('battaglie.lang', {code:?})"),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn an_attack_says_what_it_eliminated_not_only_what_it_moved() {
    let binary = browser("an_attack_says_what_it_eliminated_not_only_what_it_moved");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let (id, token, url) = hotseat(&page, &mut b, "washita").await;
    let (moves, before, attack) = moves_to_an_attack("washita");
    play(&page, &mut b, &id, &token, &moves).await;
    let group = attack.groups().next().unwrap();
    let (_, defenders) = before.stack(group.to).unwrap();
    let from = attack.from().unwrap().to_string();
    let side = if before.side_to_move() == Side::Army {
        "7th U.S. Cavalry"
    } else {
        "Cheyenne"
    };
    let said = format!(
        "Last move, {side}: {} from {from} to {}, eliminating {}",
        pieces_in_words(counts(group.pieces)),
        group.to,
        pieces_in_words(counts(defenders))
    );
    let state = page
        .eval(
            &mut b,
            &format!("fetch('/api/games/{id}').then(r => r.json())"),
        )
        .await;
    assert_eq!(
        state["last_eliminated"],
        json!({"F": defenders.count(Kind::Foot), "M": defenders.count(Kind::Mounted), "V": defenders.count(Kind::Vehicle)}),
        "the state carries what the last move eliminated"
    );
    page.goto(&mut b, &format!("{}{url}", server.url)).await;
    move_count(&page, &mut b, moves.len()).await;
    assert_eq!(page.text(&mut b, ".banner .last-move").await, said);

    // In Italian too.
    set_lang(&page, &mut b, "it").await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    page.goto(&mut b, &format!("{}{url}", server.url)).await;
    page.wait(&mut b, "document.documentElement.lang === 'it' && document.querySelector('.banner .last-move')?.textContent.includes('eliminando')")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_side_named_in_the_plural_takes_a_plural_verb() {
    let binary = browser("a_side_named_in_the_plural_takes_a_plural_verb");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let (id, token, url) = hotseat(&page, &mut b, "apache-pass").await;
    let scenario = Scenario::builtin("apache-pass").unwrap();
    let first = Position::start(&scenario).legal_moves()[0].to_string();
    play(&page, &mut b, &id, &token, &[first]).await;
    set_lang(&page, &mut b, "de").await;
    page.goto(&mut b, &format!("{}{url}", server.url)).await;
    page.wait(&mut b, "document.documentElement.lang === 'de' && document.querySelector('.banner .last-move')?.textContent.trim()")
        .await;
    let banner = page.text(&mut b, ".banner").await;
    assert!(
        banner.contains("Chiricahua-Apachen sind am Zug"),
        "{banner}"
    );
    set_lang(&page, &mut b, "fr").await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    page.goto(&mut b, &format!("{}{url}", server.url)).await;
    page.wait(&mut b, "document.documentElement.lang === 'fr' && document.querySelector('.banner .last-move')?.textContent.trim()")
        .await;
    let banner = page.text(&mut b, ".banner").await;
    assert!(
        banner.contains("Au tour des Apaches chiricahuas"),
        "{banner}"
    );
}

/// Each stack drawn on the board: its square, and the count shown under each kind's figure.
const DRAWN: &str = "[...document.querySelectorAll('svg.board g.stack[data-at]')].map(g => ({square: g.dataset.at, \
    kinds: Object.fromEntries([...g.querySelectorAll('g.kind')].map(k => [k.dataset.kind, k.querySelector('text')?.textContent ?? '1'])), \
    figures: [...g.querySelectorAll('use')].map(u => { const r = u.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }), \
    text: Math.min(99, ...[...g.querySelectorAll('text')].map(t => t.getBoundingClientRect().height))}))";

/// Checks that each stack of `state` is drawn with one figure per kind, side by side,
/// and the count of each kind readable under it.
fn assert_make_up_drawn(drawn: &Value, state: &Value, size: &str) {
    for stack in state["stacks"].as_array().unwrap() {
        let square = stack["square"].as_str().unwrap();
        let d = drawn
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["square"] == square)
            .unwrap_or_else(|| panic!("{size}: no stack drawn on {square}"));
        let mut want = serde_json::Map::new();
        for k in ["F", "M", "V"] {
            if stack[k].as_u64().unwrap() > 0 {
                want.insert(k.into(), json!(stack[k].as_u64().unwrap().to_string()));
            }
        }
        assert_eq!(
            d["kinds"],
            Value::Object(want),
            "{size}: what {square} is drawn holding"
        );
        let boxes: Vec<Vec<f64>> = serde_json::from_value(d["figures"].clone()).unwrap();
        for (i, a) in boxes.iter().enumerate() {
            for c in &boxes[i + 1..] {
                let apart = a[2] <= c[0] + 0.5
                    || c[2] <= a[0] + 0.5
                    || a[3] <= c[1] + 0.5
                    || c[3] <= a[1] + 0.5;
                assert!(apart, "{size}: the figures on {square} overlap: {d}");
            }
        }
        let total: u64 = ["F", "M", "V"]
            .iter()
            .map(|k| stack[*k].as_u64().unwrap())
            .sum();
        if total > 1 {
            assert!(
                d["text"].as_f64().unwrap() >= 8.0,
                "{size}: the counts on {square} are too small to read: {d}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn a_stack_shows_how_many_of_each_kind_it_holds_and_the_terrain_has_a_key() {
    let binary = browser("a_stack_shows_how_many_of_each_kind_it_holds_and_the_terrain_has_a_key");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    for (width, height) in [(1366, 768), (390, 844)] {
        let page = b.page(width, height).await;
        let size = format!("{width}x{height}");
        page.goto(&mut b, &format!("{}/", server.url)).await;
        // A first visit is offered the gentlest level.
        page.wait(&mut b, "document.getElementById('level')").await;
        assert_eq!(
            page.eval(&mut b, "document.getElementById('level').value")
                .await,
            json!("1"),
            "{size}"
        );
        let (_, _, url) = hotseat(&page, &mut b, "washita").await;
        page.goto(&mut b, &format!("{}{url}", server.url)).await;
        page.wait(&mut b, "document.querySelector('svg.board g.stack')")
            .await;
        let state = page.state(&mut b).await;
        assert!(
            state["stacks"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| ["F", "M", "V"]
                    .iter()
                    .filter(|k| s[**k].as_u64().unwrap() > 0)
                    .count()
                    > 1),
            "Washita starts with a stack of two kinds"
        );
        let drawn = page.eval(&mut b, DRAWN).await;
        assert_make_up_drawn(&drawn, &state, &size);

        // The key: each terrain of the map pictured, with what it does here.
        let key = page
            .eval(&mut b, "Object.fromEntries([...document.querySelectorAll('.terrain-key li[data-terrain]')].map(li => [li.dataset.terrain, [!!li.querySelector('svg'), li.querySelector('span').textContent]]))")
            .await;
        for (terrain, says) in [
            (
                "house",
                "House: only Foot may enter it, not Mounted and Vehicles",
            ),
            (
                "river",
                "River: only Foot and Mounted may enter it, not Vehicles",
            ),
            (
                "woods",
                "Woods: scenery: every piece may cross it and stand on it",
            ),
            (
                "ridge",
                "Ridge: scenery: every piece may cross it and stand on it",
            ),
            (
                "ford",
                "Ford: scenery: every piece may cross it and stand on it",
            ),
        ] {
            assert_eq!(
                key[terrain][0],
                json!(true),
                "{size}: {terrain} has a picture: {key}"
            );
            let text = key[terrain][1].as_str().unwrap_or_default();
            assert!(
                text.eq_ignore_ascii_case(says),
                "{size}: the key says {text:?}, not {says:?}"
            );
        }
        page.screenshot(&mut b, &format!("stacks-and-key-{size}"))
            .await;
        page.assert_accessible(&mut b, "a stack's make-up and the terrain key")
            .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_rules_say_the_computer_may_resign_and_answer_draws() {
    let binary = browser("the_rules_say_the_computer_may_resign_and_answer_draws");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(1366, 768).await;
    page.goto(&mut b, &format!("{}/rules", server.url)).await;
    page.wait(&mut b, "document.querySelector('main h2')").await;
    let text = page.text(&mut b, "main").await;
    assert!(
        text.contains("it resigns a battle it judges lost, offers a draw"),
        "{text}"
    );
    set_lang(&page, &mut b, "de").await;
    page.goto(&mut b, &format!("{}/rules", server.url)).await;
    page.wait(
        &mut b,
        "document.documentElement.lang === 'de' && document.querySelector('main h2')",
    )
    .await;
    let text = page.text(&mut b, "main").await;
    assert!(
        text.contains("Er gibt eine Schlacht auf, die er für verloren hält"),
        "{text}"
    );
}
