//! End-to-end tests in real headless Chromium, driven over the DevTools protocol:
//! the web UI against the real server on a temporary database.
//!
//! Without a `chromium` binary the tests say loudly that they were skipped; with
//! `CI=true` they fail instead. Screenshots go to `target/tmp/e2e/`.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use base64::Engine;
use battaglie_rules::{Position, Scenario, Side, Square};
use battaglie_server::{app, AppState, Store};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn chromium() -> Option<PathBuf> {
    let candidates = ["chromium", "chromium-browser", "google-chrome"];
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in candidates {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// The browser, or `None` after saying loudly why the test is skipped.
fn browser_or_skip(test: &str) -> Option<PathBuf> {
    match chromium() {
        Some(p) => Some(p),
        None if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("{test}: no chromium on PATH, and CI=true: browser tests must run in CI")
        }
        None => {
            eprintln!("\n*** SKIPPED {test}: no chromium on PATH (apt-get install chromium) ***\n");
            None
        }
    }
}

fn screenshot_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("e2e");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
    ws: Socket,
    next_id: u64,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    async fn launch(binary: &PathBuf) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new(binary)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
                "--window-size=1300,1000",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut sent = false;
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if !sent {
                    if let Some(url) = line.split("DevTools listening on ").nth(1) {
                        let _ = tx.send(url.trim().to_string());
                        sent = true;
                    }
                }
            }
        });
        let url = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("chromium prints its DevTools address");
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Browser {
            child,
            _profile: profile,
            ws,
            next_id: 0,
        }
    }

    async fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        self.ws
            .send(Message::Text(msg.to_string().into()))
            .await
            .unwrap();
        loop {
            let next = tokio::time::timeout(Duration::from_secs(30), self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("no answer to {method}"))
                .expect("DevTools connection open")
                .unwrap();
            let Message::Text(text) = next else { continue };
            let v: Value = serde_json::from_str(text.as_str()).unwrap();
            if v["id"] == json!(id) {
                if let Some(e) = v.get("error") {
                    panic!("{method}: {e}");
                }
                return v["result"].clone();
            }
            // An event: not waited for.
        }
    }

    /// A new page in a fresh browser context (its own storage: another player).
    async fn page(&mut self) -> Page {
        let ctx = self
            .call(None, "Target.createBrowserContext", json!({}))
            .await;
        let target = self
            .call(
                None,
                "Target.createTarget",
                json!({"url": "about:blank", "browserContextId": ctx["browserContextId"]}),
            )
            .await;
        let attached = self
            .call(
                None,
                "Target.attachToTarget",
                json!({"targetId": target["targetId"], "flatten": true}),
            )
            .await;
        let session = attached["sessionId"].as_str().unwrap().to_string();
        self.call(
            Some(&session),
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1300, "height": 1000, "deviceScaleFactor": 1, "mobile": false}),
        )
        .await;
        Page { session }
    }
}

struct Page {
    session: String,
}

impl Page {
    async fn goto(&self, b: &mut Browser, url: &str) {
        b.call(Some(&self.session), "Page.navigate", json!({"url": url}))
            .await;
        self.wait(
            b,
            "document.readyState === 'complete' && !!document.querySelector('header')",
        )
        .await;
    }

    async fn eval(&self, b: &mut Browser, expr: &str) -> Value {
        let r = b
            .call(
                Some(&self.session),
                "Runtime.evaluate",
                json!({"expression": expr, "awaitPromise": true, "returnByValue": true}),
            )
            .await;
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{expr}: {e}");
        }
        r["result"]["value"].clone()
    }

    async fn wait(&self, b: &mut Browser, condition: &str) {
        let start = Instant::now();
        loop {
            let ok = b
                .call(
                    Some(&self.session),
                    "Runtime.evaluate",
                    json!({"expression": format!("!!({condition})"), "returnByValue": true}),
                )
                .await;
            if ok["result"]["value"] == json!(true) {
                return;
            }
            if start.elapsed() > Duration::from_secs(20) {
                let seen = b
                    .call(
                        Some(&self.session),
                        "Runtime.evaluate",
                        json!({"expression": "[location.href, document.querySelector('.banner')?.textContent, \
                            document.getElementById('toast')?.textContent, \
                            [...document.querySelectorAll('ol.moves button')].map(b => b.textContent)]",
                            "returnByValue": true}),
                    )
                    .await;
                panic!(
                    "timed out waiting for {condition}; the page shows {}",
                    seen["result"]["value"]
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// A real mouse click at the centre of the element `selector`.
    async fn click(&self, b: &mut Browser, selector: &str) {
        self.wait(b, &format!("document.querySelector({selector:?})"))
            .await;
        let rect = self
            .eval(
                b,
                &format!(
                    "(() => {{ const e = document.querySelector({selector:?}); e.scrollIntoView({{block: 'center'}}); \
                     const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
                ),
            )
            .await;
        let (x, y) = (rect[0].as_f64().unwrap(), rect[1].as_f64().unwrap());
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            b.call(
                Some(&self.session),
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            )
            .await;
        }
    }

    async fn key(&self, b: &mut Browser, key: &str) {
        let (code, vk) = match key {
            "Enter" => ("Enter", 13),
            "ArrowRight" => ("ArrowRight", 39),
            "ArrowLeft" => ("ArrowLeft", 37),
            "ArrowUp" => ("ArrowUp", 38),
            "ArrowDown" => ("ArrowDown", 40),
            "Escape" => ("Escape", 27),
            _ => panic!("no key code for {key}"),
        };
        for kind in ["keyDown", "keyUp"] {
            b.call(
                Some(&self.session),
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": vk}),
            )
            .await;
        }
    }

    async fn screenshot(&self, b: &mut Browser, name: &str) {
        let shot = b
            .call(
                Some(&self.session),
                "Page.captureScreenshot",
                json!({"format": "png"}),
            )
            .await;
        let png = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap())
            .unwrap();
        std::fs::write(screenshot_dir().join(format!("{name}.png")), png).unwrap();
    }

    async fn moves(&self, b: &mut Browser) -> Vec<String> {
        let v = self
            .eval(
                b,
                "[...document.querySelectorAll('ol.moves button')].map(b => b.textContent)",
            )
            .await;
        serde_json::from_value(v).unwrap()
    }
}

async fn start_server() -> (tempfile::TempDir, String) {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_test_writer()
        .try_init();
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("e2e.sqlite")).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(AppState::new(store));
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (dir, format!("http://{addr}"))
}

/// A legal move of the side to move that takes a whole stack to one square, and that
/// stack's square: what a player does with two clicks and a confirm.
fn whole_stack_move(scenario: &Arc<Scenario>, bfen: &str) -> (String, String, String) {
    let pos = Position::from_bfen(scenario, bfen).unwrap();
    for mv in pos.legal_moves() {
        let Some(from) = mv.from() else { continue };
        let groups: Vec<_> = mv.groups().collect();
        let (_, stack) = pos.stack(from).unwrap();
        if groups.len() == 1 && mv.moved() == stack {
            return (from.to_string(), groups[0].to.to_string(), mv.to_string());
        }
    }
    panic!("no whole-stack move in {bfen}");
}

fn game_id(url: &str) -> String {
    url.split("/game/").nth(1).unwrap()[..16].to_string()
}

async fn state(page: &Page, b: &mut Browser) -> Value {
    page.eval(
        b,
        "fetch('/api/games/' + location.pathname.split('/')[2]).then(r => r.json())",
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_the_computer_by_clicking_and_reload() {
    let Some(binary) = browser_or_skip("play_the_computer_by_clicking_and_reload") else {
        return;
    };
    let (_db, base) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page().await;
    page.goto(&mut b, &format!("{base}/")).await;
    page.wait(
        &mut b,
        "document.querySelectorAll('article.card').length === 3",
    )
    .await;
    page.screenshot(&mut b, "home").await;

    // New game: Washita, the Army, against the computer at level 1.
    page.click(&mut b, "article[data-id=washita]").await;
    page.click(&mut b, "input[value=computer]").await;
    page.eval(
        &mut b,
        "(() => { const l = document.getElementById('level'); l.value = 1; l.dispatchEvent(new Event('input')); })()",
    )
    .await;
    // The slider names the strength it sets.
    let shown = page
        .eval(
            &mut b,
            "document.querySelector('output[for=level]').textContent",
        )
        .await;
    assert_eq!(shown.as_str(), Some("1 · recruit: makes real mistakes"));
    page.click(&mut b, "form.new-game button[type=submit]")
        .await;
    page.wait(
        &mut b,
        "location.pathname.startsWith('/game/') && document.querySelector('svg.board .hit')",
    )
    .await;
    let url = page.eval(&mut b, "location.href").await;
    let url = url.as_str().unwrap().to_string();
    let st = state(&page, &mut b).await;
    assert_eq!(st["to_move"], "army");

    // A move by clicking: the stack, its destination, confirm.
    let scenario = Scenario::builtin("washita").unwrap();
    let (from, to, text) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap());
    page.click(&mut b, &format!("[data-square=\"{from}\"]"))
        .await;
    page.wait(&mut b, "document.querySelector('.hl-target, .hl-capture')")
        .await;
    page.click(&mut b, &format!("[data-square=\"{to}\"]")).await;
    page.screenshot(&mut b, "computer-move-chosen").await;
    page.click(&mut b, "button.confirm:not([disabled])").await;

    // The computer's reply arrives without reload.
    page.wait(
        &mut b,
        "document.querySelectorAll('ol.moves button').length === 2",
    )
    .await;
    let moves = page.moves(&mut b).await;
    assert_eq!(moves[0], text);
    page.wait(
        &mut b,
        "document.querySelector('.banner').textContent.includes('your turn')",
    )
    .await;
    page.screenshot(&mut b, "computer-replied").await;
    let before = state(&page, &mut b).await;

    // Reload: the same position.
    page.goto(&mut b, &url).await;
    page.wait(
        &mut b,
        "document.querySelectorAll('ol.moves button').length === 2",
    )
    .await;
    assert_eq!(page.moves(&mut b).await, moves);
    let after = state(&page, &mut b).await;
    assert_eq!(after["bfen"], before["bfen"]);
    assert_eq!(game_id(&url), after["id"].as_str().unwrap());
    page.screenshot(&mut b, "computer-reloaded").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_online_and_a_spectator() {
    let Some(binary) = browser_or_skip("two_players_online_and_a_spectator") else {
        return;
    };
    let (_db, base) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let army = b.page().await;
    let indians = b.page().await;
    let spectator = b.page().await;

    army.goto(&mut b, &format!("{base}/")).await;
    army.click(&mut b, "article[data-id=fetterman]").await;
    army.click(&mut b, "input[value=online]").await;
    army.click(&mut b, "form.new-game button[type=submit]")
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
    assert!(invite.contains("token="));
    assert!(!spectate.contains("token="));

    indians.goto(&mut b, &invite).await;
    spectator.goto(&mut b, &spectate).await;
    for page in [&indians, &spectator] {
        page.wait(&mut b, "document.querySelector('svg.board .hit')")
            .await;
    }
    let read_only = spectator
        .eval(
            &mut b,
            "document.querySelector('.notation').hidden && document.querySelectorAll('.actions button').length === 0",
        )
        .await;
    assert_eq!(read_only, json!(true), "the spectator has no controls");

    // The Army moves by clicking; both other pages see it live.
    let scenario = Scenario::builtin("fetterman").unwrap();
    let st = state(&army, &mut b).await;
    let (from, to, first) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap());
    army.click(&mut b, &format!("[data-square=\"{from}\"]"))
        .await;
    army.click(&mut b, &format!("[data-square=\"{to}\"]")).await;
    army.click(&mut b, "button.confirm:not([disabled])").await;
    for page in [&indians, &spectator] {
        page.wait(
            &mut b,
            "document.querySelectorAll('ol.moves button').length === 1",
        )
        .await;
        assert_eq!(page.moves(&mut b).await, vec![first.clone()]);
    }

    // The Indians move with the keyboard only: Enter on the first square of theirs
    // selects it, an arrow moves to a destination, Enter sends, Enter confirms.
    indians
        .wait(
            &mut b,
            "document.querySelector('.banner').textContent.includes('your turn')",
        )
        .await;
    let st = state(&indians, &mut b).await;
    let pos = Position::from_bfen(&scenario, st["bfen"].as_str().unwrap()).unwrap();
    assert_eq!(pos.side_to_move(), Side::Indians);
    let (from, to, second) = whole_stack_move(&scenario, st["bfen"].as_str().unwrap());
    let (from, to): (Square, Square) = (from.parse().unwrap(), to.parse().unwrap());
    indians
        .eval(&mut b, "document.querySelector('.board-box').focus()")
        .await;
    // Walk the cursor to the source square from a1, then to the destination.
    let walk = |from_file: i32, from_rank: i32, sq: Square| {
        let file = sq.file().map_or(-1, i32::from);
        let rank = i32::from(sq.rank()) + 1;
        let mut keys = Vec::new();
        for _ in 0..(file - from_file).abs() {
            keys.push(if file > from_file {
                "ArrowRight"
            } else {
                "ArrowLeft"
            });
        }
        for _ in 0..(rank - from_rank).abs() {
            keys.push(if rank > from_rank {
                "ArrowUp"
            } else {
                "ArrowDown"
            });
        }
        keys
    };
    indians
        .eval(
            &mut b,
            "document.querySelector('.board-box').dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true}))",
        )
        .await;
    // Put the cursor on a1 by walking far south-west, then walk to the source.
    for _ in 0..20 {
        indians.key(&mut b, "ArrowLeft").await;
        indians.key(&mut b, "ArrowDown").await;
    }
    indians.key(&mut b, "ArrowRight").await; // from the staging column to file a
    for key in walk(0, 1, from) {
        indians.key(&mut b, key).await;
    }
    indians.key(&mut b, "Enter").await;
    indians
        .wait(&mut b, "document.querySelector('.mover .chooser')")
        .await;
    let f0 = from.file().map_or(-1, i32::from);
    for key in walk(f0, i32::from(from.rank()) + 1, to) {
        indians.key(&mut b, key).await;
    }
    indians.key(&mut b, "Enter").await;
    indians
        .wait(
            &mut b,
            "document.querySelector('button.confirm:not([disabled])')",
        )
        .await;
    indians.screenshot(&mut b, "online-keyboard-chosen").await;
    indians.key(&mut b, "Enter").await;
    for page in [&army, &spectator] {
        page.wait(
            &mut b,
            "document.querySelectorAll('ol.moves button').length === 2",
        )
        .await;
        assert_eq!(
            page.moves(&mut b).await,
            vec![first.clone(), second.clone()]
        );
    }
    army.screenshot(&mut b, "online-army").await;
    indians.screenshot(&mut b, "online-indians").await;
    spectator.screenshot(&mut b, "online-spectator").await;

    // Italian, remembered after a reload.
    spectator
        .eval(
            &mut b,
            "(() => { const s = document.querySelector('header select'); s.value = 'it'; s.dispatchEvent(new Event('change')); })()",
        )
        .await;
    spectator.goto(&mut b, &spectate).await;
    spectator
        .wait(&mut b, "document.querySelector('.banner') && document.querySelector('.banner').textContent.includes('Muove')")
        .await;
    spectator.screenshot(&mut b, "online-spectator-it").await;
}
