//! The account page's notification settings in real headless Chromium, on a
//! phone-sized screen: loaded, a plain mistake refused in words next to its
//! field, saved with the CSRF token, the address shown as not confirmed yet,
//! nothing wider than the screen, and no accessibility violations (axe-core).

use serde_json::json;

use crate::browser_support::{browser, start_server, Browser};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium"]
async fn the_notification_settings_save_and_show_the_address_unconfirmed() {
    let binary = browser("the_notification_settings_save_and_show_the_address_unconfirmed");
    let (_db, server) = start_server().await;
    let mut b = Browser::launch(&binary).await;
    let page = b.page(390, 844).await;
    page.goto(&mut b, &format!("{}/", server.url)).await;
    let status = page
        .eval(
            &mut b,
            "fetch('/api/account/register', {method: 'POST', headers: {'content-type': 'application/json'}, \
             body: JSON.stringify({name: 'Red_Cloud', password: 'powder river 1866'})}).then(r => r.status)",
        )
        .await;
    assert_eq!(status, json!(201));
    page.goto(&mut b, &format!("{}/", server.url)).await;
    page.wait(
        &mut b,
        "document.getElementById('notifications')?.dataset.ready === 'true'",
    )
    .await;
    page.click(&mut b, "#notifications summary").await;
    page.assert_accessible(&mut b, "the notification settings")
        .await;

    // Mail on without an address: refused before sending, next to the field.
    page.eval(
        &mut b,
        "(() => { document.getElementById('notify-mail').checked = true; \
         document.getElementById('notify-save').click(); })()",
    )
    .await;
    let refused = page
        .eval(
            &mut b,
            "(() => ({ text: document.getElementById('notify-error').textContent, \
             invalid: document.getElementById('notify-email').getAttribute('aria-invalid'), \
             focused: document.activeElement?.id }))()",
        )
        .await;
    assert_eq!(refused["invalid"], "true", "{refused}");
    assert_eq!(refused["focused"], "notify-email", "{refused}");
    assert!(
        refused["text"].as_str().is_some_and(|t| !t.is_empty()),
        "{refused}"
    );

    // With an address it is saved, and shown waiting for its confirmation.
    page.eval(
        &mut b,
        "(() => { document.getElementById('notify-email').value = 'red.cloud@example.org'; \
         document.getElementById('notify-challenges').checked = false; \
         document.getElementById('notify-save').click(); })()",
    )
    .await;
    page.wait(&mut b, "!document.getElementById('notify-resend').hidden")
        .await;
    let saved = page
        .eval(
            &mut b,
            "fetch('/api/account/notifications').then(r => r.json())",
        )
        .await;
    assert_eq!(
        saved["preferences"]["email"], "red.cloud@example.org",
        "{saved}"
    );
    assert_eq!(saved["preferences"]["mail"], true, "{saved}");
    assert_eq!(saved["preferences"]["challenges"], false, "{saved}");
    assert_eq!(saved["confirmation"]["confirmed"], false, "{saved}");
    let error = page
        .eval(
            &mut b,
            "document.getElementById('notify-error').textContent",
        )
        .await;
    assert_eq!(error, json!(""));
    let wide = page
        .eval(
            &mut b,
            "document.documentElement.scrollWidth <= window.innerWidth",
        )
        .await;
    assert_eq!(wide, json!(true), "the settings fit a 390 px screen");
    page.assert_accessible(&mut b, "the notification settings, saved")
        .await;
}
