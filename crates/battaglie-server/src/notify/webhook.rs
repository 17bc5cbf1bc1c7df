//! Webhooks: a JSON `POST` to the player's URL, in the body format its kind
//! expects, never to a private address (the server must not be a way into its
//! own network): the host is resolved here, checked, and the request pinned to
//! the checked address.

use std::net::{IpAddr, SocketAddr};

use battaglie_community::{webhook_body, WebhookKind, WebhookUrl};

use super::{SendError, SEND_TIMEOUT};

/// Whether the server may call `ip` (loopback only when `loopback` allows it).
/// Every address that leads into a private network is refused, however it is
/// written: IPv4 inside IPv6 (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`,
/// 6to4 `2002:AABB:CCDD::`), and NAT64 (`64:ff9b::/96`, `64:ff9b:1::/48`), whose
/// gateway would reach any IPv4 address for the server.
fn allowed(ip: IpAddr, loopback: bool) -> bool {
    match ip {
        IpAddr::V4(a) => {
            let o = a.octets();
            let shared = o[0] == 100 && (o[1] & 0xc0) == 64;
            let this_network = o[0] == 0;
            let protocol = o[..3] == [192, 0, 0];
            let benchmarking = o[0] == 198 && (o[1] & 0xfe) == 18;
            let reserved = o[0] >= 240;
            if a.is_loopback() {
                return loopback;
            }
            !(a.is_private()
                || a.is_link_local()
                || a.is_documentation()
                || a.is_multicast()
                || shared
                || this_network
                || protocol
                || benchmarking
                || reserved)
        }
        IpAddr::V6(a) => {
            if let Some(v4) = a.to_ipv4_mapped() {
                return allowed(IpAddr::V4(v4), loopback);
            }
            if a.is_loopback() {
                return loopback;
            }
            let s = a.segments();
            let compatible = s[..6] == [0; 6];
            let nat64 = s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] || s[..3] == [0x64, 0xff9b, 1];
            let teredo = s[..2] == [0x2001, 0];
            let documentation = s[..2] == [0x2001, 0xdb8];
            let unique_local = (s[0] & 0xfe00) == 0xfc00;
            let link_or_site_local = (s[0] & 0xff80) == 0xfe80 || (s[0] & 0xffc0) == 0xfec0;
            if s[0] == 0x2002 {
                let [o0, o1] = s[1].to_be_bytes();
                let [o2, o3] = s[2].to_be_bytes();
                return allowed(IpAddr::V4([o0, o1, o2, o3].into()), false);
            }
            !(a.is_multicast()
                || compatible
                || nat64
                || teredo
                || documentation
                || unique_local
                || link_or_site_local)
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
    // How the host resolved is never told to whoever set the URL (a way to map
    // the server's own network): a name that does not resolve and one that
    // resolves to an address refused both fail as `Unreachable`, logged here.
    let addrs: Vec<SocketAddr> =
        tokio::time::timeout(SEND_TIMEOUT, tokio::net::lookup_host((host.as_str(), port)))
            .await
            .map_err(|_| SendError::Timeout)?
            .map_err(|e| {
                tracing::info!(%host, error = %e, "a webhook's host does not resolve");
                SendError::Unreachable
            })?
            .collect();
    // Every address must be allowed: a host with one private address among
    // public ones could be steered to it.
    let Some(&addr) = addrs.first() else {
        tracing::info!(%host, "a webhook's host has no address");
        return Err(SendError::Unreachable);
    };
    if let Some(refused) = addrs.iter().find(|a| !allowed(a.ip(), loopback)) {
        tracing::info!(%host, address = %refused.ip(), "a webhook's host resolves to an address the server may not call");
        return Err(SendError::Unreachable);
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
            // IPv4 inside IPv6, and NAT64, reaching private IPv4 addresses.
            "::ffff:192.168.1.1",
            "::10.0.0.1",
            "::127.0.0.1",
            "::8.8.8.8",
            "64:ff9b::7f00:1",
            "64:ff9b::a00:1",
            "64:ff9b::808:808",
            "64:ff9b:1::a00:1",
            "2002:a00:1::1",
            "2002:7f00:1::1",
            "2001:0:4136:e378::1",
            "fec0::1",
            "2001:db8::1",
            "198.18.0.1",
            "240.0.0.1",
            "192.0.0.8",
        ] {
            assert!(!allowed(ip(private), true), "{private}");
        }
        assert!(!allowed(ip("127.0.0.1"), false));
        assert!(allowed(ip("127.0.0.1"), true));
        assert!(!allowed(ip("::1"), false));
        assert!(!allowed(ip("::ffff:127.0.0.1"), false));
        assert!(allowed(ip("93.184.215.14"), false));
        assert!(allowed(ip("2606:4700::1111"), false));
        assert!(allowed(ip("::ffff:93.184.215.14"), false));
        assert!(allowed(ip("2002:5db8:d70e::1"), false));
    }
}
