//! The new user's pass: every screen a new player meets (the battles, the rules, an
//! unknown address, the account's forms and panel, the lobby, the player page, a
//! game against the computer in play and ended, its replay and its analysis), in
//! each of the four languages, on a desktop (1366x768) and on a phone with touch
//! (390x844). On each: axe-core finds nothing, no English is left on a page in
//! another language (names and notation aside), nothing failed, and on the phone
//! nothing scrolls sideways. One server and one browser for all of it.

use std::time::Duration;

use crate::browser_support::{browser, call, computer_game, start_server, Browser, Page};
use crate::support::wait::until;
use serde_json::{json, Value};

const LANGUAGES: [&str; 4] = ["en", "it", "fr", "de"];

/// The English of the page's words left on a page in language `code`: the phrases
/// of `lang-en.js` (two words or more, between their `{placeholders}`) that differ
/// in `code`'s table and show on the page, and the one-word strings (buttons,
/// labels) shown alone. Text marked as another language (`lang`) is not counted.
const ENGLISH_LEFT: &str = r#"(async (code) => {
  const en = (await import('/lang-en.js')).default;
  const own = (await import(`/lang-${code}.js`)).default;
  const ownText = Object.values(own).join('\n');
  const trim = (s) => s.trim().replace(/^[\s·:;,.()…–-]+|[\s·:;,.()…–-]+$/g, '');
  const phrases = new Set();
  const words = new Set();
  for (const [key, value] of Object.entries(en)) {
    if (own[key] === value) continue;
    for (const part of value.split(/\{\w+\}/).map(trim)) {
      if (!/[a-z]{2}/i.test(part) || ownText.includes(part)) continue;
      if (part.includes(' ')) { if (part.length >= 8) phrases.add(part); }
      else if (part.length >= 4 && trim(value) === part) words.add(part);
    }
  }
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!e || !n.textContent.trim() || e.closest('script, style')) continue;
    if (!e.checkVisibility() || (e.closest('[lang]')?.getAttribute('lang') ?? code) !== code) continue;
    texts.push(n.textContent.trim());
  }
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if ((e.closest('[lang]')?.getAttribute('lang') ?? code) !== code) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) if (e.getAttribute(a)) texts.push(e.getAttribute(a));
  }
  const all = texts.join('\n');
  return [...[...phrases].filter((p) => all.includes(p)), ...texts.map(trim).filter((t) => words.has(t))];
})"#;

/// One screen: its address, what shows once it is ready, and what a player does
/// there first (a script, or nothing).
struct Screen<'a> {
    name: &'a str,
    path: String,
    ready: &'a str,
    then: Option<(&'a str, &'a str)>,
}

impl<'a> Screen<'a> {
    fn new(name: &'a str, path: impl Into<String>, ready: &'a str) -> Screen<'a> {
        Screen {
            name,
            path: path.into(),
            ready,
            then: None,
        }
    }

    /// Runs `script` once ready, then waits for `shown`.
    fn then(mut self, script: &'a str, shown: &'a str) -> Screen<'a> {
        self.then = Some((script, shown));
        self
    }
}

/// The desktop or the phone, and the page that sees with its size.
struct Reader {
    page: Page,
    phone: bool,
    url: String,
    /// The page's failures already accounted for.
    failures_seen: usize,
    /// What is wrong, screen by screen: all of it is said at the end.
    problems: Vec<String>,
}

impl Reader {
    async fn new(b: &mut Browser, url: &str, phone: bool) -> Reader {
        let (w, h) = if phone { (390, 844) } else { (1366, 768) };
        let page = b.page(w, h).await;
        if phone {
            b.call(
                Some(page.session()),
                "Emulation.setTouchEmulationEnabled",
                json!({"enabled": true, "maxTouchPoints": 5}),
            )
            .await;
        }
        page.record_failures(b).await;
        page.goto(b, &format!("{url}/")).await;
        Reader {
            page,
            phone,
            url: url.to_string(),
            failures_seen: 0,
            problems: Vec::new(),
        }
    }

    /// Shows `screen` in every language and checks each.
    async fn pass(&mut self, b: &mut Browser, screen: &Screen<'_>) {
        let size = if self.phone { "390x844" } else { "1366x768" };
        for code in LANGUAGES {
            let what = format!("{} ({code}, {size})", screen.name);
            let page = &self.page;
            page.eval(
                b,
                &format!("localStorage.setItem('battaglie.lang', {code:?})"),
            )
            .await;
            // Away first: a link that differs only in its fragment would not load again.
            b.call(
                Some(page.session()),
                "Page.navigate",
                json!({"url": "about:blank"}),
            )
            .await;
            page.wait(b, "location.href === 'about:blank'").await;
            page.goto(b, &format!("{}{}", self.url, screen.path)).await;
            page.wait(b, &format!("document.documentElement.lang === {code:?}"))
                .await;
            page.wait(b, screen.ready).await;
            if let Some((script, shown)) = screen.then {
                page.eval(b, script).await;
                page.wait(b, shown).await;
            }
            let mut problems = page.accessibility_violations(b).await;
            if code != "en" {
                let left = page.eval(b, &format!("{ENGLISH_LEFT}({code:?})")).await;
                if left != json!([]) {
                    problems.push(format!("English left: {left}"));
                }
            }
            if self.phone {
                let wide = page
                    .eval(
                        b,
                        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]",
                    )
                    .await;
                if wide[0].as_u64() > wide[1].as_u64() {
                    problems.push(format!("scrolls sideways: {wide}"));
                }
            }
            // An unknown address is answered 404, on purpose; nothing else fails.
            let unknown = screen.path == "/no/such/page";
            let failures = page.failures(b).await;
            let new = failures.len();
            problems.extend(
                failures
                    .into_iter()
                    .skip(self.failures_seen)
                    .filter(|f| !(unknown && f.contains("404"))),
            );
            self.failures_seen = new;
            self.problems
                .extend(problems.into_iter().map(|p| format!("{what}: {p}")));
        }
    }

    async fn register(&self, b: &mut Browser, name: &str) {
        let made = call(
            &self.page,
            b,
            "POST",
            "/api/account/register",
            json!({"name": name, "password": "sand creek 1864"}),
        )
        .await;
        assert!(made["status"].as_u64().is_some_and(|s| s < 300), "{made}");
    }

    /// Plays the game `play` (its link) for the Army, its first legal move, and waits
    /// for the computer's reply.
    async fn play_a_move(&self, b: &mut Browser, play: &str) {
        let id = play.split('/').nth(2).unwrap().split('#').next().unwrap();
        let token = play.split("#token=").nth(1).unwrap();
        let state = self.state(b, id).await;
        let mv = crate::support::first_legal(&state);
        let played = call(
            &self.page,
            b,
            "POST",
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": mv}),
        )
        .await;
        assert_eq!(played["status"], 200, "{played}");
        until(Duration::from_secs(10), async || {
            let state = self.state(b, id).await;
            if state["ply"] == 2 {
                Ok(())
            } else {
                Err(state)
            }
        })
        .await
        .unwrap_or_else(|state| panic!("the computer did not reply: {state}"));
    }

    /// The game `id` as a spectator reads it.
    async fn state(&self, b: &mut Browser, id: &str) -> Value {
        self.page
            .eval(b, &format!("fetch('/api/games/{id}').then(r => r.json())"))
            .await
    }

    async fn resign(&self, b: &mut Browser, play: &str) {
        let id = play.split('/').nth(2).unwrap().split('#').next().unwrap();
        let token = play.split("#token=").nth(1).unwrap();
        let resigned = call(
            &self.page,
            b,
            "POST",
            &format!("/api/games/{id}/resign"),
            json!({"token": token}),
        )
        .await;
        assert_eq!(resigned["status"], 200, "{resigned}");
    }
}

/// `play` (`/game/ID#token=...`) with the query `query` before its fragment.
fn with_query(play: &str, query: &str) -> String {
    let (path, fragment) = play.split_once('#').unwrap();
    format!("{path}?{query}#{fragment}")
}

/// Walks every screen on the desktop or the phone: what is wrong, one line each.
async fn new_user_pass(b: &mut Browser, url: &str, phone: bool) -> Vec<String> {
    let mut reader = Reader::new(b, url, phone).await;

    // Before signing in.
    let signed_out = "document.querySelector('section.account')?.dataset.ready === 'signed-out' && document.querySelectorAll('.cards button.play').length === 3";
    reader
        .pass(b, &Screen::new("the battles", "/", signed_out))
        .await;
    reader
        .pass(
            b,
            &Screen::new("the account's forms", "/", signed_out).then(
                "document.querySelector('section.account button.account-toggle').click()",
                "document.getElementById('account-name')?.checkVisibility()",
            ),
        )
        .await;
    reader
        .pass(
            b,
            &Screen::new(
                "the rules",
                "/rules",
                "document.querySelector('main.rules-page h2')",
            ),
        )
        .await;
    reader
        .pass(
            b,
            &Screen::new(
                "an unknown address",
                "/no/such/page",
                "document.querySelector('main.fatal-page ul.ways-back')",
            ),
        )
        .await;

    // Signed in, with a game against the computer.
    let name = if phone { "phone390" } else { "desk1366" };
    reader.register(b, name).await;
    let play = computer_game(&reader.page, b).await;
    reader.play_a_move(b, &play).await;
    reader
        .pass(
            b,
            &Screen::new(
                "the account",
                "/",
                "document.querySelector('section.account')?.dataset.ready === 'signed-in' && document.querySelector('section.account details.notifications[data-ready]')",
            ),
        )
        .await;
    reader
        .pass(
            b,
            &Screen::new(
                "the lobby",
                "/lobby",
                "document.querySelector('main').dataset.ready === 'live' && document.querySelector('.lobby-life .life-counts')",
            ),
        )
        .await;
    let board = "performance.getEntriesByName('board-interactive').length === 1 && document.querySelectorAll('.strip .losses').length === 2";
    reader
        .pass(b, &Screen::new("a game in play", play.clone(), board))
        .await;

    reader.resign(b, &play).await;
    let ended =
        "document.querySelector('section.end #end-h') && document.querySelector('.banner.over')";
    reader
        .pass(
            b,
            &Screen::new("a game ended, its end card", play.clone(), ended),
        )
        .await;
    reader
        .pass(
            b,
            &Screen::new(
                "the replay",
                with_query(&play, "replay=1"),
                "document.querySelector('.banner strong') && document.querySelector('.replay-bar button')",
            ),
        )
        .await;
    reader
        .pass(
            b,
            &Screen::new(
                "the analysis",
                with_query(&play, "analysis"),
                "document.querySelector('section.analysis svg.eval-graph polyline') && !document.querySelector('section.analysis progress')",
            ),
        )
        .await;
    reader
        .pass(
            b,
            &Screen::new(
                "the player page",
                format!("/players/{name}"),
                "document.querySelector('main.player-page h1') && (document.querySelector('main.player-page tbody[role=rowgroup] tr') || document.querySelector('main.player-page p.muted[role=status]')?.textContent)",
            ),
        )
        .await;
    // The search for English finds it: the last screen (in German) given an English
    // button of the page's own words.
    let left = reader
        .page
        .eval(
            b,
            &format!(
                "import('/lang-en.js').then(m => {{ const e = document.createElement('button'); e.textContent = m.default.offerDraw; \
                 document.querySelector('main').append(e); return {ENGLISH_LEFT}('de'); }})"
            ),
        )
        .await;
    assert_ne!(left, json!([]), "an English button went unnoticed");
    reader.problems
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn every_screen_speaks_each_language_with_no_violation_on_a_desktop_and_a_phone() {
    let binary =
        browser("every_screen_speaks_each_language_with_no_violation_on_a_desktop_and_a_phone");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let mut problems = new_user_pass(&mut b, &server.url, false).await;
    problems.extend(new_user_pass(&mut b, &server.url, true).await);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
