//! The rules page illustrated, in real headless Chromium: every rule with a small board
//! from its lesson (the move marked, what it shows in words), readable on a phone and a
//! desktop, in two languages, accessible, and "Try it" leading to a lesson that exists
//! (see `browser.rs` for skipping without Chromium).

use std::path::PathBuf;

use crate::browser_pages::{set_lang, string};
use crate::browser_support::{browser, start_server, Browser};
use serde_json::Value;

/// The ids of the lessons, read from their files.
fn lesson_ids() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../battaglie-learn/lessons");
    std::fs::read_dir(dir)
        .expect("the lessons")
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .filter_map(|text| {
            text.lines().find_map(|l| {
                l.strip_prefix("id = \"")?
                    .strip_suffix('"')
                    .map(String::from)
            })
        })
        .collect()
}

const FIGURES: &str = "[...document.querySelectorAll('main.rules-page figure.rule-figure')].map(f => { \
    const svg = f.querySelector('svg.board'); const r = svg.getBoundingClientRect(); \
    return {key: f.dataset.rule, role: svg.getAttribute('role'), label: svg.getAttribute('aria-label'), \
    caption: f.querySelector('figcaption').textContent, href: f.querySelector('a.try-it')?.getAttribute('href'), \
    width: r.width, left: r.left, right: r.right, pieces: svg.querySelectorAll('.stack').length, \
    arrows: svg.querySelectorAll('.arrow').length}; })";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_rules_page_shows_every_rule_on_a_board_with_its_lesson_on_a_phone_and_a_desktop() {
    let binary = browser(
        "the_rules_page_shows_every_rule_on_a_board_with_its_lesson_on_a_phone_and_a_desktop",
    );
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let lessons = lesson_ids();
    assert!(lessons.len() >= 12, "{lessons:?}");
    for (width, height) in [(390u32, 844u32), (1366, 768)] {
        let page = b.page(width, height).await;
        for code in ["en", "de"] {
            let what = format!("{code} at {width}x{height}");
            page.goto(&mut b, &format!("{}/", server.url)).await;
            set_lang(&page, &mut b, code).await;
            page.click(&mut b, "header a.rules-link").await;
            page.wait(
                &mut b,
                "location.pathname === '/rules' && document.querySelector('main.rules-page figure.rule-figure svg.board')",
            )
            .await;
            let figures = page.eval(&mut b, FIGURES).await;
            let figures = figures.as_array().expect("a list");
            assert_eq!(figures.len(), 10, "{what}: a board per rule: {figures:?}");
            for f in figures {
                let key = f["key"].as_str().expect("a rule");
                let words = string(&page, &mut b, code, &format!("ruleFig_{key}")).await;
                assert_eq!(f["role"], "img", "{what}: {key} is a picture");
                assert_eq!(
                    f["label"].as_str(),
                    Some(words.as_str()),
                    "{what}: {key} says what it shows"
                );
                assert!(
                    f["caption"].as_str().is_some_and(|c| c.starts_with(&words)),
                    "{what}: {key}'s caption: {f}"
                );
                assert!(f["pieces"].as_u64() > Some(0), "{what}: {key} has pieces");
                // Every move drawn, but a pass, which has nowhere to go.
                assert_eq!(
                    f["arrows"].as_u64() == Some(0),
                    key == "pass",
                    "{what}: {key}'s arrows: {f}"
                );
                let href = f["href"].as_str().unwrap_or_default();
                let lesson = href.strip_prefix("/learn/").unwrap_or_default();
                assert!(
                    lessons.iter().any(|l| l == lesson),
                    "{what}: {key}'s \"Try it\" leads to {href}, not a lesson"
                );
                // Small enough for the screen, large enough to read.
                let px = |k: &str| f[k].as_f64().unwrap_or(f64::NAN);
                assert!(
                    px("left") >= 0.0 && px("right") <= f64::from(width),
                    "{what}: {key} overflows the screen: {f}"
                );
                assert!(px("width") >= 180.0, "{what}: {key} is too small: {f}");
            }
            let sideways = page
                .eval(
                    &mut b,
                    "document.documentElement.scrollWidth > window.innerWidth",
                )
                .await;
            assert_eq!(
                sideways,
                Value::Bool(false),
                "{what}: the page scrolls sideways"
            );
            page.assert_accessible(&mut b, &format!("the illustrated rules ({what})"))
                .await;
            page.screenshot(&mut b, &format!("rules-{code}-{width}x{height}"))
                .await;
        }
    }
}
