//! The harness of the browser tests: headless Chromium driven over the DevTools
//! protocol, the server on a temporary database behind a proxy that can cut the
//! network, and axe-core injected into pages.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine;
use battaglie_rules::{Kind, Position, Scenario};
use battaglie_server::{app_with, AppState, HttpSettings, Store};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::support::wait::until;

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

/// The browser of a test marked `#[ignore = "needs Chromium"]`.
///
/// # Panics
/// When no Chromium is on the `PATH`: the test was asked for without it.
pub fn browser(test: &str) -> PathBuf {
    chromium().unwrap_or_else(|| {
        panic!(
            "{test}: no chromium on PATH (apt-get install chromium); a plain `cargo test` \
             leaves the browser tests ignored"
        )
    })
}

/// axe-core's script, installed by `npm ci` at the workspace root.
fn axe_source() -> String {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("axe-core is missing ({e}): run `npm ci` first"))
}

fn screenshot_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("e2e");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
    ws: Socket,
    next_id: u64,
    /// The requests DevTools holds (`Fetch.requestPaused`), by session and id:
    /// a server that does not answer (see [`Page::hold_requests`]).
    held: Vec<(String, String)>,
    /// The sessions whose failures are recorded ([`Page::record_failures`]), and
    /// what failed: requests answered 4xx/5xx or not at all, console errors, uncaught
    /// exceptions.
    recording: Vec<String>,
    failures: Vec<(String, String)>,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    pub async fn launch(binary: &PathBuf) -> Browser {
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
                "--autoplay-policy=no-user-gesture-required",
                "--remote-debugging-port=0",
                "--window-size=1366,768",
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
            held: Vec::new(),
            recording: Vec::new(),
            failures: Vec::new(),
        }
    }

    pub async fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        match self.try_call(session, method, params).await {
            Ok(v) => v,
            Err(e) => panic!("{method}: {e}"),
        }
    }

    /// A DevTools call whose error is the caller's to handle.
    async fn try_call(
        &mut self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, Value> {
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
                    return Err(e.clone());
                }
                return Ok(v["result"].clone());
            }
            if v["method"] == "Fetch.requestPaused" {
                if let (Some(s), Some(r)) =
                    (v["sessionId"].as_str(), v["params"]["requestId"].as_str())
                {
                    self.held.push((s.to_string(), r.to_string()));
                }
            }
            if let Some(s) = v["sessionId"].as_str() {
                if self.recording.iter().any(|r| r == s) {
                    if let Some(failure) = failure(&v) {
                        self.failures.push((s.to_string(), failure));
                    }
                }
            }
            // Any other event: not waited for.
        }
    }

    /// A new page in a fresh browser context (its own storage: another player),
    /// `width` x `height` CSS pixels.
    pub async fn page(&mut self, width: u32, height: u32) -> Page {
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
        let page = Page { session };
        page.viewport(self, width, height).await;
        page
    }
}

/// What a DevTools event says failed, if it is a failure.
fn failure(event: &Value) -> Option<String> {
    let p = &event["params"];
    match event["method"].as_str()? {
        "Network.responseReceived" if p["response"]["status"].as_u64()? >= 400 => Some(format!(
            "{} answered {}",
            p["response"]["url"], p["response"]["status"]
        )),
        "Network.loadingFailed" => Some(format!("a request failed: {}", p["errorText"])),
        "Runtime.exceptionThrown" => Some(format!("uncaught: {}", p["exceptionDetails"])),
        "Runtime.consoleAPICalled" if p["type"] == "error" => {
            Some(format!("console error: {}", p["args"]))
        }
        "Log.entryAdded" if p["entry"]["level"] == "error" => {
            Some(format!("logged: {}", p["entry"]["text"]))
        }
        _ => None,
    }
}

pub struct Page {
    session: String,
}

impl Page {
    /// The DevTools session of this page, for calls the helpers here do not make.
    pub fn session(&self) -> &str {
        &self.session
    }

    pub async fn viewport(&self, b: &mut Browser, width: u32, height: u32) {
        let mobile = width < 600;
        b.call(
            Some(&self.session),
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        )
        .await;
    }

    /// Holds every request whose URL matches `pattern` (`*/moves*`) unanswered,
    /// as a server that stalls would, until [`Page::fail_held`].
    pub async fn hold_requests(&self, b: &mut Browser, pattern: &str) {
        b.call(
            Some(&self.session),
            "Fetch.enable",
            json!({"patterns": [{"urlPattern": pattern, "requestStage": "Request"}]}),
        )
        .await;
    }

    /// How many requests of this page DevTools holds now.
    pub async fn held(&self, b: &mut Browser) -> usize {
        // A round trip, so that the events sent before it are read.
        b.call(
            Some(&self.session),
            "Runtime.evaluate",
            json!({"expression": "0"}),
        )
        .await;
        b.held.iter().filter(|(s, _)| *s == self.session).count()
    }

    /// Fails the held requests (a connection lost) and stops holding new ones.
    pub async fn fail_held(&self, b: &mut Browser) {
        let mine: Vec<String> = b
            .held
            .iter()
            .filter(|(s, _)| *s == self.session)
            .map(|(_, r)| r.clone())
            .collect();
        b.held.retain(|(s, _)| *s != self.session);
        for id in mine {
            // A request the page gave up on is gone already: no matter.
            let _ = b
                .try_call(
                    Some(&self.session),
                    "Fetch.failRequest",
                    json!({"requestId": id, "errorReason": "ConnectionClosed"}),
                )
                .await;
        }
        b.call(Some(&self.session), "Fetch.disable", json!({}))
            .await;
    }

    /// From now on, records what fails on this page: a request answered 4xx or 5xx
    /// or not at all, a console error, an uncaught exception ([`Page::failures`]).
    pub async fn record_failures(&self, b: &mut Browser) {
        b.recording.push(self.session.clone());
        for domain in ["Network.enable", "Runtime.enable", "Log.enable"] {
            b.call(Some(&self.session), domain, json!({})).await;
        }
    }

    /// What failed on this page since [`Page::record_failures`].
    pub async fn failures(&self, b: &mut Browser) -> Vec<String> {
        // A round trip, so that the events sent before it are read.
        self.eval(b, "0").await;
        b.failures
            .iter()
            .filter(|(s, _)| *s == self.session)
            .map(|(_, f)| f.clone())
            .collect()
    }

    /// The system asks for less motion (`prefers-reduced-motion: reduce`).
    pub async fn reduced_motion(&self, b: &mut Browser) {
        b.call(
            Some(&self.session),
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}),
        )
        .await;
    }

    pub async fn goto(&self, b: &mut Browser, url: &str) {
        b.call(Some(&self.session), "Page.navigate", json!({"url": url}))
            .await;
        self.wait(
            b,
            "document.readyState === 'complete' && !!document.querySelector('header') && !!document.querySelector('main')",
        )
        .await;
    }

    pub async fn eval(&self, b: &mut Browser, expr: &str) -> Value {
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

    pub async fn text(&self, b: &mut Browser, selector: &str) -> String {
        self.wait(b, &format!("document.querySelector({selector:?})"))
            .await;
        let v = self
            .eval(
                b,
                &format!("document.querySelector({selector:?}).textContent"),
            )
            .await;
        v.as_str().unwrap_or_default().to_string()
    }

    pub async fn wait(&self, b: &mut Browser, condition: &str) {
        let expression = format!("!!({condition})");
        let held = until(Duration::from_secs(20), async || {
            // During a navigation the page may be gone for a moment: not yet, then.
            let ok = b
                .try_call(
                    Some(&self.session),
                    "Runtime.evaluate",
                    json!({"expression": expression, "returnByValue": true}),
                )
                .await
                .unwrap_or_default();
            if ok["result"]["value"] == json!(true) {
                Ok(())
            } else {
                Err(())
            }
        })
        .await;
        if held.is_err() {
            let seen = b
                .call(
                    Some(&self.session),
                    "Runtime.evaluate",
                    json!({"expression": "[location.href, document.querySelector('.banner')?.textContent, \
                        document.getElementById('toast')?.textContent, document.querySelector('.mover')?.textContent, \
                        [...document.querySelectorAll('table.moves button')].map(b => b.textContent).slice(-6)]",
                        "returnByValue": true}),
                )
                .await;
            panic!(
                "timed out waiting for {condition}; the page shows {}",
                seen["result"]["value"]
            );
        }
    }

    /// The centre of the element `selector`, scrolled into view as `block` says
    /// (`nearest`, `center`: see `Element.scrollIntoView`).
    async fn centre(&self, b: &mut Browser, selector: &str, block: &str) -> (f64, f64) {
        self.wait(b, &format!("document.querySelector({selector:?})"))
            .await;
        // The page may still be moving (a panel docking under the board scrolls
        // it, a list may be drawn again): the point is taken once two frames agree
        // on it and the element found now (or, for a square, its square) is what a
        // click there reaches, as a person would wait to tap.
        let rect = self
            .eval(
                b,
                &format!(
                    "(async () => {{ let last = null; \
                     for (let i = 0; i < 30; i++) {{ \
                       const e = document.querySelector({selector:?}); \
                       e.scrollIntoView({{block: {block:?}}}); \
                       await new Promise(r => {{ requestAnimationFrame(() => requestAnimationFrame(r)); setTimeout(r, 100); }}); \
                       const r = e.getBoundingClientRect(); const p = [r.x + r.width / 2, r.y + r.height / 2]; \
                       const hit = document.elementFromPoint(p[0], p[1]); \
                       const sq = e.getAttribute('data-square'); \
                       const reached = hit && (e.contains(hit) || (sq !== null && hit.closest('[data-square]')?.getAttribute('data-square') === sq)); \
                       if (last && last[0] === p[0] && last[1] === p[1] && reached) return p; \
                       last = p; }} \
                     return last; }})()"
                ),
            )
            .await;
        (rect[0].as_f64().unwrap(), rect[1].as_f64().unwrap())
    }

    async fn mouse(&self, b: &mut Browser, kind: &str, x: f64, y: f64, buttons: u8) {
        b.call(
            Some(&self.session),
            "Input.dispatchMouseEvent",
            json!({"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1}),
        )
        .await;
    }

    /// A real mouse click at the centre of the element `selector`.
    pub async fn click(&self, b: &mut Browser, selector: &str) {
        // Scrolled to the middle of the view: on the emulated phone a click at an
        // element's coordinates near the viewport's bottom edge missed it.
        let (x, y) = self.centre(b, selector, "center").await;
        self.mouse(b, "mouseMoved", x, y, 0).await;
        self.mouse(b, "mousePressed", x, y, 1).await;
        self.mouse(b, "mouseReleased", x, y, 0).await;
    }

    /// A tap (`touch`) or a mouse click on the element `selector` where it is now,
    /// as a person taps what they see: the page is not scrolled first, and the
    /// element must be inside the window.
    pub async fn tap_in_place(&self, b: &mut Browser, selector: &str, touch: bool) {
        self.wait(b, &format!("document.querySelector({selector:?})"))
            .await;
        let at = self
            .eval(
                b,
                &format!(
                    "(() => {{ const r = document.querySelector({selector:?}).getBoundingClientRect(); \
                     return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
                ),
            )
            .await;
        let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
        let inside = self
            .eval(
                b,
                &format!("{x} >= 0 && {y} >= 0 && {x} < innerWidth && {y} < innerHeight"),
            )
            .await;
        assert_eq!(
            inside,
            json!(true),
            "{selector} is out of the window, at {x}, {y}"
        );
        if touch {
            for (kind, points) in [
                ("touchStart", json!([{"x": x, "y": y}])),
                ("touchEnd", json!([])),
            ] {
                b.call(
                    Some(&self.session),
                    "Input.dispatchTouchEvent",
                    json!({"type": kind, "touchPoints": points}),
                )
                .await;
            }
        } else {
            self.mouse(b, "mouseMoved", x, y, 0).await;
            self.mouse(b, "mousePressed", x, y, 1).await;
            self.mouse(b, "mouseReleased", x, y, 0).await;
        }
    }

    /// A real mouse drag from one element to another, in small steps.
    pub async fn drag(&self, b: &mut Browser, from: &str, to: &str) {
        // Scrolled as little as may be: the first point must still hold once
        // the second is in view.
        let (x0, y0) = self.centre(b, from, "nearest").await;
        let (x1, y1) = self.centre(b, to, "nearest").await;
        self.mouse(b, "mouseMoved", x0, y0, 0).await;
        self.mouse(b, "mousePressed", x0, y0, 1).await;
        for i in 1..=8 {
            let f = f64::from(i) / 8.0;
            self.mouse(b, "mouseMoved", x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, 1)
                .await;
        }
        self.mouse(b, "mouseReleased", x1, y1, 0).await;
    }

    /// Clicks the field `selector` and types `text` into it, as a keyboard would.
    pub async fn type_into(&self, b: &mut Browser, selector: &str, text: &str) {
        self.click(b, selector).await;
        self.wait(
            b,
            &format!("document.activeElement === document.querySelector({selector:?})"),
        )
        .await;
        b.call(
            Some(&self.session),
            "Input.insertText",
            json!({ "text": text }),
        )
        .await;
    }

    pub async fn key(&self, b: &mut Browser, key: &str) {
        let (code, vk, text) = match key {
            "Enter" => ("Enter", 13, "\r"),
            "ArrowRight" => ("ArrowRight", 39, ""),
            "ArrowLeft" => ("ArrowLeft", 37, ""),
            "ArrowUp" => ("ArrowUp", 38, ""),
            "ArrowDown" => ("ArrowDown", 40, ""),
            "Escape" => ("Escape", 27, ""),
            "Home" => ("Home", 36, ""),
            "End" => ("End", 35, ""),
            "Tab" => ("Tab", 9, ""),
            _ => panic!("no key code for {key}"),
        };
        let down = if text.is_empty() {
            "rawKeyDown"
        } else {
            "keyDown"
        };
        for kind in [down, "keyUp"] {
            let mut ev =
                json!({"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": vk});
            if kind == "keyDown" {
                ev["text"] = json!(text);
            }
            b.call(Some(&self.session), "Input.dispatchKeyEvent", ev)
                .await;
        }
    }

    pub async fn screenshot(&self, b: &mut Browser, name: &str) {
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

    /// The moves in the move list, in order.
    pub async fn moves(&self, b: &mut Browser) -> Vec<String> {
        let v = self
            .eval(
                b,
                "[...document.querySelectorAll('table.moves button.mv')].map(b => b.textContent)",
            )
            .await;
        serde_json::from_value(v).unwrap()
    }

    /// The game's state as the API gives it to a spectator (in the offline
    /// edition, as the page's own backend gives it).
    pub async fn state(&self, b: &mut Browser) -> Value {
        self.eval(
            b,
            "((path) => (globalThis.battaglieBackend ? globalThis.battaglieBackend.fetch(path, {}) : fetch(path)).then(r => r.json()))\
             ('/api/games/' + location.pathname.split('/')[2])",
        )
        .await
    }

    /// Runs axe-core on the page as it is and panics with every violation found.
    pub async fn assert_accessible(&self, b: &mut Browser, what: &str) {
        let found = self.accessibility_violations(b).await;
        assert!(
            found.is_empty(),
            "axe-core on {what}:\n{}",
            found.join("\n")
        );
    }

    /// What axe-core finds wrong with the page as it is, one line a violation.
    pub async fn accessibility_violations(&self, b: &mut Browser) -> Vec<String> {
        let axe = axe_source();
        let loaded = self.eval(b, "typeof axe !== 'undefined'").await;
        if loaded != json!(true) {
            b.call(
                Some(&self.session),
                "Runtime.evaluate",
                json!({"expression": axe, "returnByValue": true}),
            )
            .await;
        }
        let found = self
            .eval(
                b,
                "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => \
                 `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')}`))",
            )
            .await;
        serde_json::from_value(found).unwrap()
    }
}

/// A TCP proxy in front of the server whose network can be cut (every connection
/// dropped, new ones refused) and restored: a server that goes away and comes back.
/// It keeps what the browser sent (the first [`HEARD_LIMIT`] bytes), as a
/// proxy's access log would.
pub struct Proxy {
    pub url: String,
    cut: Arc<AtomicBool>,
    conns: Arc<Mutex<Vec<tokio::task::AbortHandle>>>,
    /// What each connection sent, in the order they opened.
    heard: Arc<Mutex<Vec<Vec<u8>>>>,
}

/// At most this much of what browsers send on a connection is kept.
const HEARD_LIMIT: usize = 16 << 20;

impl Proxy {
    pub async fn start(target: std::net::SocketAddr) -> Proxy {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let cut = Arc::new(AtomicBool::new(false));
        let conns: Arc<Mutex<Vec<tokio::task::AbortHandle>>> = Arc::default();
        let heard: Arc<Mutex<Vec<Vec<u8>>>> = Arc::default();
        let (c, l, h) = (cut.clone(), conns.clone(), heard.clone());
        tokio::spawn(async move {
            while let Ok((inbound, _)) = listener.accept().await {
                if c.load(Ordering::SeqCst) {
                    continue; // dropped: refused
                }
                let h = h.clone();
                let task = tokio::spawn(async move {
                    if let Ok(outbound) = tokio::net::TcpStream::connect(target).await {
                        relay(inbound, outbound, h).await;
                    }
                });
                l.lock().unwrap().push(task.abort_handle());
            }
        });
        Proxy {
            url,
            cut,
            conns,
            heard,
        }
    }

    /// What an access log keeps of the requests browsers sent: each request line
    /// and its `Referer` header, if any (bodies and WebSocket frames are not logged).
    pub fn logged_lines(&self) -> Vec<String> {
        let heard = self.heard.lock().unwrap();
        heard.iter().flat_map(|c| logged_requests(c)).collect()
    }

    pub fn cut(&self) {
        self.cut.store(true, Ordering::SeqCst);
        for c in self.conns.lock().unwrap().drain(..) {
            c.abort();
        }
    }

    pub fn restore(&self) {
        self.cut.store(false, Ordering::SeqCst);
    }
}

/// The request lines and `Referer` headers of the HTTP/1.1 requests in `sent`
/// (one connection's bytes), up to a WebSocket upgrade.
fn logged_requests(sent: &[u8]) -> Vec<String> {
    let mut logged = Vec::new();
    let mut rest = sent;
    while let Some(end) = rest.windows(4).position(|w| w == b"\r\n\r\n") {
        let head = String::from_utf8_lossy(&rest[..end]).to_string();
        let mut lines = head.split("\r\n");
        logged.extend(lines.next().map(str::to_string));
        let mut length = 0;
        let mut upgrade = false;
        for line in lines {
            let Some((name, value)) = line.split_once(':') else {
                continue;
            };
            match name.trim().to_ascii_lowercase().as_str() {
                "referer" => logged.push(line.to_string()),
                "content-length" => length = value.trim().parse().unwrap_or(0),
                "upgrade" => upgrade = true,
                _ => {}
            }
        }
        if upgrade {
            break;
        }
        rest = &rest[(end + 4 + length).min(rest.len())..];
    }
    logged
}

/// Copies both ways between a browser's connection and the server's, keeping what
/// the browser sent in `heard`.
async fn relay(
    inbound: tokio::net::TcpStream,
    outbound: tokio::net::TcpStream,
    heard: Arc<Mutex<Vec<Vec<u8>>>>,
) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (mut from_browser, mut to_browser) = inbound.into_split();
    let (mut from_server, mut to_server) = outbound.into_split();
    let up = async move {
        let mut buf = vec![0u8; 16 * 1024];
        let slot = {
            let mut heard = heard.lock().unwrap();
            heard.push(Vec::new());
            heard.len() - 1
        };
        while let Ok(n) = from_browser.read(&mut buf).await {
            if n == 0 {
                break;
            }
            {
                let mut heard = heard.lock().unwrap();
                let kept = &mut heard[slot];
                let room = HEARD_LIMIT.saturating_sub(kept.len()).min(n);
                kept.extend_from_slice(&buf[..room]);
            }
            if to_server.write_all(&buf[..n]).await.is_err() {
                break;
            }
        }
        let _ = to_server.shutdown().await;
    };
    let down = async move {
        let _ = tokio::io::copy(&mut from_server, &mut to_browser).await;
        let _ = to_browser.shutdown().await;
    };
    tokio::join!(up, down);
}

/// Registers `name` through the account form of the home page at `url`.
pub async fn register_in_the_page(page: &Page, b: &mut Browser, url: &str, name: &str) {
    page.goto(b, &format!("{url}/")).await;
    page.wait(
        b,
        "document.querySelector('section.account')?.dataset.ready === 'signed-out'",
    )
    .await;
    page.click(b, "section.account button.account-toggle").await;
    page.type_into(b, "#account-name", name).await;
    page.type_into(b, "#account-password", "sand creek 1864")
        .await;
    page.click(b, "#register-submit").await;
    page.wait(
        b,
        "document.querySelector('section.account')?.dataset.ready === 'signed-in'",
    )
    .await;
}

/// `fetch` in `page` with a JSON body: the answer's JSON with its status.
pub async fn call(page: &Page, b: &mut Browser, method: &str, path: &str, body: Value) -> Value {
    page.eval(
        b,
        &format!(
            "fetch({path:?}, {{method: {method:?}, headers: {{'content-type': 'application/json'}}, body: {body:?}}})\
             .then(async r => ({{status: r.status, body: await r.json()}}))",
            body = body.to_string(),
        ),
    )
    .await
}

/// A move as the page says it to players (`web/words.js`): "2 Foot from l4 to k4".
pub async fn move_words(page: &Page, b: &mut Browser, notation: &str) -> String {
    let v = page
        .eval(
            b,
            &format!("import('/words.js').then(m => m.moveText({notation:?}))"),
        )
        .await;
    v.as_str()
        .unwrap_or_else(|| panic!("no words for {notation}"))
        .to_string()
}

/// A Washita game against the computer at level 1, the reader the Army,
/// created from `page`: its play URL (path and token).
pub async fn computer_game(page: &Page, b: &mut Browser) -> String {
    computer_game_at(page, b, 1).await
}

/// As [`computer_game`], against the computer at `level`.
pub async fn computer_game_at(page: &Page, b: &mut Browser, level: u8) -> String {
    let game = call(
        page,
        b,
        "POST",
        "/api/games",
        json!({"scenario": "washita", "mode": "computer", "side": "army", "level": level}),
    )
    .await;
    assert_eq!(game["status"], 201, "{game}");
    game["body"]["urls"]["play"].as_str().unwrap().to_string()
}

/// The server on a temporary database, reached through a [`Proxy`], serving the
/// front end's plain modules (`--web-dev`), which the tests import one by one.
pub async fn start_server() -> (tempfile::TempDir, Proxy) {
    let web = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("web");
    start_server_with(Some(web)).await
}

/// The server as it is shipped: the front end from its embedded bundle.
pub async fn start_bundled_server() -> (tempfile::TempDir, Proxy) {
    start_server_with(None).await
}

async fn start_server_with(web_dev: Option<PathBuf>) -> (tempfile::TempDir, Proxy) {
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
    // The page plays long games in a burst of requests; rate limits have their own
    // tests (tests/server/hardening.rs).
    let proxy = Proxy::start(addr).await;
    let settings = HttpSettings {
        web_dev,
        // The browser names the proxy's address: the site's, as behind nginx.
        site: Some(proxy.url.clone()),
        ..HttpSettings::unlimited()
    };
    let router = app_with(AppState::new(store), &settings);
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (dir, proxy)
}

/// A legal move of the side to move that takes a whole stack to one square: the
/// stack's square, the destination, the move.
pub fn whole_stack_move(
    scenario: &Arc<Scenario>,
    bfen: &str,
    skip: usize,
) -> (String, String, String) {
    let pos = Position::from_bfen(scenario, bfen).unwrap();
    let mut found = pos.legal_moves().into_iter().filter_map(|mv| {
        let from = mv.from()?;
        let groups: Vec<_> = mv.groups().collect();
        let (_, stack) = pos.stack(from).unwrap();
        (groups.len() == 1 && mv.moved() == stack)
            .then(|| (from.to_string(), groups[0].to.to_string(), mv.to_string()))
    });
    found
        .nth(skip)
        .unwrap_or_else(|| panic!("no whole-stack move in {bfen}"))
}

/// A move that takes part of a stack to a square where the whole stack could go too
/// (so the rest might follow: the move needs a confirm): source, destination, move,
/// and how many of each kind (F, M, V) the player leaves behind.
pub fn part_stack_move(scenario: &Arc<Scenario>, bfen: &str) -> (String, String, String, [u8; 3]) {
    let pos = Position::from_bfen(scenario, bfen).unwrap();
    let legal = pos.legal_moves();
    for mv in &legal {
        let Some(from) = mv.from() else { continue };
        let groups: Vec<_> = mv.groups().collect();
        let (_, stack) = pos.stack(from).unwrap();
        if groups.len() != 1 || mv.moved() == stack {
            continue;
        }
        let to = groups[0].to;
        let whole = legal.iter().any(|m| {
            m.from() == Some(from) && m.moved() == stack && m.groups().all(|g| g.to == to)
        });
        if whole {
            let stay = stack.minus(mv.moved());
            let counts = [Kind::Foot, Kind::Mounted, Kind::Vehicle].map(|k| stay.count(k));
            return (from.to_string(), to.to_string(), mv.to_string(), counts);
        }
    }
    panic!("no part-stack move in {bfen}");
}
