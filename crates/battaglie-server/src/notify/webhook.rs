//! Webhooks: a JSON `POST` to the player's URL, in the body format its kind
//! expects, never to a private address (the server must not be a way into its
//! own network): the host is resolved here, checked, and the request pinned to
//! the checked address.

use std::net::{IpAddr, SocketAddr};

use battaglie_community::{webhook_body, WebhookKind, WebhookUrl};

use super::{SendError, SEND_TIMEOUT};

/// Whether the server may call `ip` (loopback only when `loopback` allows it).
fn allowed(ip: IpAddr, loopback: bool) -> bool {
    match ip {
        IpAddr::V4(a) => {
            let o = a.octets();
            let shared = o[0] == 100 && (o[1] & 0xc0) == 64;
            if a.is_loopback() {
                return loopback;
            }
            !(a.is_private()
                || a.is_link_local()
                || a.is_unspecified()
                || a.is_broadcast()
                || a.is_documentation()
                || a.is_multicast()
                || shared)
        }
        IpAddr::V6(a) => {
            if let Some(v4) = a.to_ipv4_mapped() {
                return allowed(IpAddr::V4(v4), loopback);
            }
            if a.is_loopback() {
                return loopback;
            }
            let first = a.segments()[0];
            let unique_local = (first & 0xfe00) == 0xfc00;
            let link_local = (first & 0xffc0) == 0xfe80;
            !(a.is_unspecified() || a.is_multicast() || unique_local || link_local)
        }
    }
}

/// Posts `subject` and `link` to `url` in `format` (`auto`: by the URL).
pub(super) async fn send(
    url: &str,
    format: &str,
    subject: &str,
    link: &str,
    loopback: bool,
) -> Result<(), SendError> {
    let checked: WebhookUrl = url.parse().map_err(|e| SendError::Url(format!("{e}")))?;
    let kind = match format {
        "discord" => WebhookKind::Discord,
        "slack" => WebhookKind::Slack,
        _ => checked.kind(),
    };
    let parsed =
        reqwest::Url::parse(checked.as_str()).map_err(|e| SendError::Url(e.to_string()))?;
    let host = parsed
        .host_str()
        .ok_or_else(|| SendError::Url("no host".into()))?
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_string();
    let port = parsed.port_or_known_default().unwrap_or(443);
    let addrs: Vec<SocketAddr> =
        tokio::time::timeout(SEND_TIMEOUT, tokio::net::lookup_host((host.as_str(), port)))
            .await
            .map_err(|_| SendError::Timeout)?
            .map_err(|e| SendError::Webhook(format!("cannot resolve {host}: {e}")))?
            .collect();
    // Every address must be allowed: a host with one private address among
    // public ones could be steered to it.
    let Some(&addr) = addrs.first() else {
        return Err(SendError::Webhook(format!("{host} has no address")));
    };
    if addrs.iter().any(|a| !allowed(a.ip(), loopback)) {
        return Err(SendError::Private(host));
    }
    let client = reqwest::Client::builder()
        .resolve(&host, addr)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(SEND_TIMEOUT)
        .build()
        .map_err(|e| SendError::Webhook(e.to_string()))?;
    let body = webhook_body(kind, subject, link).to_string();
    let response = client
        .post(parsed)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .body(body)
        .send()
        .await
        .map_err(|e| {
            if e.is_timeout() {
                SendError::Timeout
            } else {
                SendError::Webhook(e.to_string())
            }
        })?;
    let status = response.status();
    if status.is_success() {
        Ok(())
    } else {
        Err(SendError::Status(status.as_u16()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn private_and_loopback_addresses_are_refused_unless_loopback_is_allowed() {
        for private in [
            "10.1.2.3",
            "192.168.0.1",
            "172.16.5.5",
            "169.254.169.254",
            "100.64.0.1",
            "::ffff:10.0.0.1",
            "fd00::1",
            "fe80::1",
            "0.0.0.0",
        ] {
            assert!(!allowed(ip(private), true), "{private}");
        }
        assert!(!allowed(ip("127.0.0.1"), false));
        assert!(allowed(ip("127.0.0.1"), true));
        assert!(!allowed(ip("::1"), false));
        assert!(allowed(ip("93.184.215.14"), false));
        assert!(allowed(ip("2606:4700::1111"), false));
    }
}
