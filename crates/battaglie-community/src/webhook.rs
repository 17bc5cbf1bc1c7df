//! Webhooks: which URLs a player may register, and the JSON bodies that
//! Discord's and Slack's incoming webhooks (and compatible services) accept.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// Longest webhook URL accepted.
pub const MAX_URL: usize = 2_048;
/// Discord refuses longer messages.
const DISCORD_MAX: usize = 2_000;

/// The body format a webhook URL expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WebhookKind {
    /// `https://discord.com/api/webhooks/…`: `{"content": …}`.
    Discord,
    /// `https://hooks.slack.com/…`: `{"text": …}`.
    Slack,
    /// Anything else: both fields, which either kind of reader understands.
    Generic,
}

/// A player's webhook URL, checked: HTTPS (plain HTTP only to a loopback
/// address, for local sinks in tests), a host, no credentials in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct WebhookUrl {
    url: String,
    kind: WebhookKind,
}

/// Error of [`WebhookUrl::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebhookUrlError {
    /// Longer than [`MAX_URL`].
    #[error("a webhook URL has at most {MAX_URL} characters")]
    TooLong,
    /// Not `https://` (or `http://` to a loopback address).
    #[error("a webhook URL starts with https:// (http:// only to 127.0.0.1 or localhost)")]
    Scheme,
    /// No host after the scheme.
    #[error("the webhook URL has no host")]
    NoHost,
    /// A user name or password in the URL.
    #[error("a webhook URL may not hold a user name or password")]
    Credentials,
    /// Spaces or control characters.
    #[error("a webhook URL may not hold spaces or control characters")]
    Character,
}

impl WebhookUrl {
    /// The URL.
    pub fn as_str(&self) -> &str {
        &self.url
    }

    /// The body format it expects.
    pub fn kind(&self) -> WebhookKind {
        self.kind
    }
}

fn is_loopback(host: &str) -> bool {
    host == "localhost" || host.starts_with("127.") || host == "[::1]"
}

impl FromStr for WebhookUrl {
    type Err = WebhookUrlError;

    fn from_str(s: &str) -> Result<WebhookUrl, WebhookUrlError> {
        let url = s.trim();
        if url.len() > MAX_URL {
            return Err(WebhookUrlError::TooLong);
        }
        if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(WebhookUrlError::Character);
        }
        let lower = url.to_ascii_lowercase();
        let (secure, rest) = if let Some(rest) = lower.strip_prefix("https://") {
            (true, rest)
        } else if let Some(rest) = lower.strip_prefix("http://") {
            (false, rest)
        } else {
            return Err(WebhookUrlError::Scheme);
        };
        let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
        if authority.contains('@') {
            return Err(WebhookUrlError::Credentials);
        }
        let host = if authority.starts_with('[') {
            authority.split_inclusive(']').next().unwrap_or("")
        } else {
            authority.split(':').next().unwrap_or("")
        };
        if host.is_empty() {
            return Err(WebhookUrlError::NoHost);
        }
        if !secure && !is_loopback(host) {
            return Err(WebhookUrlError::Scheme);
        }
        let path = &rest[authority.len()..];
        let kind = if matches!(host, "discord.com" | "discordapp.com")
            && path.starts_with("/api/webhooks/")
        {
            WebhookKind::Discord
        } else if host == "hooks.slack.com" {
            WebhookKind::Slack
        } else {
            WebhookKind::Generic
        };
        Ok(WebhookUrl {
            url: url.to_string(),
            kind,
        })
    }
}

impl TryFrom<String> for WebhookUrl {
    type Error = WebhookUrlError;
    fn try_from(s: String) -> Result<WebhookUrl, WebhookUrlError> {
        s.parse()
    }
}

impl From<WebhookUrl> for String {
    fn from(u: WebhookUrl) -> String {
        u.url
    }
}

impl fmt::Display for WebhookUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.url)
    }
}

/// Slack's three escapes (it reads `<…>` as links and mentions).
fn slack_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Discord reads Markdown: escape it, so that `Red_Cloud` stays as written.
fn discord_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '#') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn truncate(text: String, max: usize) -> String {
    if text.chars().count() <= max {
        return text;
    }
    let mut t: String = text.chars().take(max - 1).collect();
    t.push('…');
    t
}

/// The JSON body announcing `subject`, with a `link` to the game or challenge.
/// Discord's body names the sender and allows no mentions (a player's name
/// such as `everyone` must not ping a whole server).
pub fn webhook_body(kind: WebhookKind, subject: &str, link: &str) -> Value {
    let discord = || truncate(format!("{}\n{link}", discord_escape(subject)), DISCORD_MAX);
    let slack = || format!("{} <{link}|open>", slack_escape(subject));
    match kind {
        WebhookKind::Discord => json!({
            "username": "battaglie",
            "content": discord(),
            "allowed_mentions": { "parse": [] },
        }),
        WebhookKind::Slack => json!({ "text": slack() }),
        WebhookKind::Generic => json!({
            "text": format!("{subject}\n{link}"),
            "content": truncate(format!("{subject}\n{link}"), DISCORD_MAX),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_recognised_by_kind() {
        let d: WebhookUrl = "https://discord.com/api/webhooks/1/abc".parse().unwrap();
        assert_eq!(d.kind(), WebhookKind::Discord);
        let s: WebhookUrl = "https://hooks.slack.com/services/T/B/X".parse().unwrap();
        assert_eq!(s.kind(), WebhookKind::Slack);
        let g: WebhookUrl = "http://127.0.0.1:8123/hook".parse().unwrap();
        assert_eq!(g.kind(), WebhookKind::Generic);
    }

    #[test]
    fn unsafe_urls_are_refused() {
        let err = |u: &str| u.parse::<WebhookUrl>().unwrap_err();
        assert_eq!(err("ftp://x.org/h"), WebhookUrlError::Scheme);
        assert_eq!(err("http://example.org/h"), WebhookUrlError::Scheme);
        assert_eq!(
            err("https://user:pw@example.org/h"),
            WebhookUrlError::Credentials
        );
        assert_eq!(err("https:///h"), WebhookUrlError::NoHost);
        assert_eq!(err("https://exa mple.org"), WebhookUrlError::Character);
        assert_eq!(
            err(&format!("https://x.org/{}", "a".repeat(2_100))),
            WebhookUrlError::TooLong
        );
    }

    #[test]
    fn discord_body_escapes_markdown_and_pings_nobody() {
        let b = webhook_body(
            WebhookKind::Discord,
            "Your turn against Red_Cloud",
            "https://b.example/g/1",
        );
        assert_eq!(
            b["content"],
            "Your turn against Red\\_Cloud\nhttps://b.example/g/1"
        );
        assert_eq!(b["allowed_mentions"]["parse"], json!([]));
        assert_eq!(b["username"], "battaglie");
    }

    #[test]
    fn slack_body_escapes_its_control_characters_and_links() {
        let b = webhook_body(WebhookKind::Slack, "A<B> & C", "https://b.example/g/1");
        assert_eq!(
            b,
            json!({ "text": "A&lt;B&gt; &amp; C <https://b.example/g/1|open>" })
        );
    }

    #[test]
    fn generic_body_has_both_fields() {
        let b = webhook_body(WebhookKind::Generic, "x", "https://b.example");
        assert_eq!(b["text"], b["content"]);
    }
}
