//! What the page is sent of an account's notifications: its settings, the state
//! of its address's confirmation, and its latest notices. Their TypeScript is
//! generated into `web/types/` (see `view/typescript.rs`).

use serde::Serialize;
use ts_rs::TS;

use super::{NoticeChannel, NoticeEvent, NoticeState, NotificationPrefs, OutboxRow};

/// An account's notification settings.
#[derive(Debug, Serialize, TS)]
#[ts(rename = "NotificationSettings")]
pub struct PrefsView {
    /// The mail address, if any.
    pub email: Option<String>,
    /// Whether mail is sent.
    pub mail: bool,
    /// The webhook's URL, if any.
    pub webhook_url: Option<String>,
    /// Whether the webhook is called.
    pub webhook: bool,
    /// How the webhook's body is written.
    #[ts(type = "\"auto\" | \"discord\" | \"slack\"")]
    pub webhook_format: String,
    /// Told when it is the player's turn.
    pub your_turn: bool,
    /// Told of challenges received.
    pub challenges: bool,
    /// Told when a game ends.
    pub endings: bool,
}

impl From<&NotificationPrefs> for PrefsView {
    fn from(p: &NotificationPrefs) -> PrefsView {
        PrefsView {
            email: p.email.clone(),
            mail: p.mail,
            webhook_url: p.webhook_url.clone(),
            webhook: p.webhook,
            webhook_format: p.webhook_format.clone(),
            your_turn: p.your_turn,
            challenges: p.challenges,
            endings: p.endings,
        }
    }
}

/// Where the confirmation of the mail address stands.
#[derive(Debug, Serialize, TS)]
pub struct Confirmation {
    /// Whether the address is confirmed.
    pub confirmed: bool,
    /// When the last confirmation mail was sent (milliseconds since 1970).
    pub sent_at: Option<i64>,
    /// Seconds before another may be sent.
    pub resend_in: u64,
}

/// One notice sent or being sent.
#[derive(Debug, Serialize, TS)]
pub struct Notice {
    /// How it goes.
    pub channel: NoticeChannel,
    /// What it tells.
    pub event: NoticeEvent,
    /// The game it is about.
    pub game: Option<String>,
    /// The mail's subject, the webhook's text.
    pub subject: String,
    /// Where it stands.
    pub state: NoticeState,
    /// Attempts so far.
    pub attempts: i64,
    /// Why the last attempt failed.
    pub last_error: Option<String>,
}

impl From<&OutboxRow> for Notice {
    fn from(n: &OutboxRow) -> Notice {
        Notice {
            channel: n.channel,
            event: n.event,
            game: n.game.clone(),
            subject: n.subject.clone(),
            state: n.state,
            attempts: n.attempts,
            last_error: n.last_error.clone(),
        }
    }
}

/// An account's notifications (`GET`/`PUT /api/account/notifications`).
#[derive(Debug, Serialize, TS)]
pub struct Notifications {
    /// The settings.
    pub preferences: PrefsView,
    /// The address's confirmation.
    pub confirmation: Confirmation,
    /// The latest notices, the newest first.
    pub recent: Vec<Notice>,
}
