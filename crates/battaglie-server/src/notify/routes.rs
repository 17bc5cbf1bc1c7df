//! `GET`/`PUT /api/account/notifications` (the signed-in player's preferences
//! and latest notices), `GET /api/account/notifications/confirm` (the
//! confirmation mail's link: no login), `POST` there (send it again), and
//! `GET /api/unsubscribe` (a mail's link: no login).

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use battaglie_community::Channel;
use serde::Deserialize;

use crate::accounts::{SignedIn, SignedInChange};
use crate::http::{Error, JsonBody};
use crate::notify::{
    confirm_email, resend_confirmation, resend_in, set_prefs, unsubscribe as turn_off,
    Confirmation, Notice, NotificationsView,
};
use crate::notify::{NotificationPrefs, Notifications};
use crate::AppState;

/// Notices shown with the preferences.
const RECENT: i64 = 20;

/// The notifications' routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/account/notifications", get(show).put(put))
        .route("/account/notifications/confirm", get(confirm).post(resend))
        .route("/unsubscribe", get(unsubscribe))
}

/// The preferences as the API reads and writes them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Prefs {
    email: Option<String>,
    mail: bool,
    webhook_url: Option<String>,
    webhook: bool,
    #[serde(default = "auto")]
    webhook_format: WebhookFormat,
    #[serde(default = "on")]
    your_turn: bool,
    #[serde(default = "on")]
    challenges: bool,
    #[serde(default = "on")]
    endings: bool,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum WebhookFormat {
    Auto,
    Discord,
    Slack,
}

fn auto() -> WebhookFormat {
    WebhookFormat::Auto
}

fn on() -> bool {
    true
}

async fn answer(
    notifications: &Notifications,
    user: &str,
    prefs: &NotificationPrefs,
) -> Result<NotificationsView, Error> {
    let recent = notifications
        .repo()
        .recent_notices(user, RECENT)
        .await
        .map_err(Error::internal)?;
    Ok(NotificationsView {
        preferences: prefs.into(),
        confirmation: Confirmation {
            confirmed: prefs.email_confirmed,
            sent_at: prefs.confirm_sent_at,
            resend_in: resend_in(prefs, notifications.now()).as_secs(),
        },
        recent: recent.iter().map(Notice::from).collect(),
    })
}

async fn show(
    State(notifications): State<Notifications>,
    SignedIn(session): SignedIn,
) -> Result<Response, Error> {
    let prefs = notifications
        .repo()
        .notification_prefs(&session.user.id)
        .await
        .map_err(Error::internal)?;
    Ok(Json(answer(&notifications, &session.user.id, &prefs).await?).into_response())
}

async fn put(
    State(notifications): State<Notifications>,
    SignedInChange(session): SignedInChange,
    JsonBody(req): JsonBody<Prefs>,
) -> Result<Response, Error> {
    let format = match req.webhook_format {
        WebhookFormat::Auto => "auto",
        WebhookFormat::Discord => "discord",
        WebhookFormat::Slack => "slack",
    };
    let prefs = NotificationPrefs {
        email: req.email,
        mail: req.mail,
        webhook_url: req.webhook_url,
        webhook: req.webhook,
        webhook_format: format.to_string(),
        your_turn: req.your_turn,
        challenges: req.challenges,
        endings: req.endings,
        ..NotificationPrefs::default()
    };
    let prefs = set_prefs(&notifications, &session.user.id, prefs).await?;
    Ok(Json(answer(&notifications, &session.user.id, &prefs).await?).into_response())
}

#[derive(Deserialize)]
struct Unsubscribe {
    user: String,
    channel: UnsubscribeChannel,
    token: String,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum UnsubscribeChannel {
    Mail,
    Webhook,
}

/// A small page: the link is opened from a mail, in a browser.
async fn unsubscribe(
    State(notifications): State<Notifications>,
    q: Result<Query<Unsubscribe>, QueryRejection>,
) -> Result<Response, Error> {
    let Query(q) = q?;
    let channel = match q.channel {
        UnsubscribeChannel::Mail => Channel::Mail,
        UnsubscribeChannel::Webhook => Channel::Webhook,
    };
    turn_off(&notifications, &q.user, channel, &q.token).await?;
    let what = match channel {
        Channel::Webhook => "webhook notices",
        _ => "mail",
    };
    Ok(Html(format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">\
         <title>Unsubscribed - battaglie</title>\
         <p>You will get no more {what} from battaglie. \
         Your account page turns it back on.</p><p><a href=\"/\">battaglie</a></p></html>"
    ))
    .into_response())
}

#[derive(Deserialize)]
struct Confirm {
    user: String,
    at: i64,
    token: String,
}

/// A small page: the link is opened from a mail, in a browser.
async fn confirm(
    State(notifications): State<Notifications>,
    q: Result<Query<Confirm>, QueryRejection>,
) -> Result<Response, Error> {
    let Query(q) = q?;
    let email = confirm_email(&notifications, &q.user, q.at, &q.token).await?;
    let email = email
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    Ok(Html(format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Address confirmed - battaglie</title>\
         <p>Thank you: {email} is confirmed. battaglie will mail it the \
         notifications you turned on.</p><p><a href=\"/\">battaglie</a></p></html>"
    ))
    .into_response())
}

/// Sends the confirmation mail again (at most once in ten minutes).
async fn resend(
    State(notifications): State<Notifications>,
    SignedInChange(session): SignedInChange,
) -> Result<Response, Error> {
    let prefs = resend_confirmation(&notifications, &session.user.id).await?;
    Ok(Json(answer(&notifications, &session.user.id, &prefs).await?).into_response())
}
