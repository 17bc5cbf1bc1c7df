//! Where the message bus between nodes is: `--bus nats://HOST:PORT` or `--bus postgres`.

use std::fmt;
use std::str::FromStr;

/// The bus a node publishes its changes on and hears the other nodes' on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BusLocation {
    /// A NATS server (or cluster), `nats://HOST:PORT` (several separated by commas).
    Nats(String),
    /// PostgreSQL `LISTEN/NOTIFY` on the node's own database (`--db postgres://...`).
    Postgres,
}

/// A `--bus` value that names no bus.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseBusError {
    /// Nothing given.
    #[error("bus: empty (give nats://HOST:PORT or postgres)")]
    Empty,
    /// Neither a NATS URL nor `postgres`.
    #[error("bus: {0:?} is neither a nats:// URL nor `postgres`")]
    Unknown(String),
}

impl FromStr for BusLocation {
    type Err = ParseBusError;

    fn from_str(s: &str) -> Result<BusLocation, ParseBusError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(ParseBusError::Empty);
        }
        if s == "postgres" || s == "postgresql" {
            return Ok(BusLocation::Postgres);
        }
        let all_nats = s.split(',').all(|url| {
            let url = url.trim();
            url.len() > "nats://".len() && (url.starts_with("nats://") || url.starts_with("tls://"))
        });
        if all_nats {
            return Ok(BusLocation::Nats(s.to_string()));
        }
        Err(ParseBusError::Unknown(s.to_string()))
    }
}

impl fmt::Display for BusLocation {
    /// The location as given, without any password of a NATS URL.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BusLocation::Postgres => f.write_str("postgres"),
            BusLocation::Nats(urls) => {
                let hidden: Vec<String> = urls.split(',').map(hide_password).collect();
                f.write_str(&hidden.join(","))
            }
        }
    }
}

/// `nats://user:secret@host` as `nats://user:***@host`, `nats://token@host` as
/// `nats://***@host`.
fn hide_password(url: &str) -> String {
    let url = url.trim();
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    match rest.split_once('@') {
        Some((auth, host)) => match auth.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
            None => format!("{scheme}://***@{host}"),
        },
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bus_locations_read_nats_urls_and_postgres() {
        assert_eq!("postgres".parse(), Ok(BusLocation::Postgres));
        assert_eq!(
            "nats://127.0.0.1:4222".parse(),
            Ok(BusLocation::Nats("nats://127.0.0.1:4222".into()))
        );
        assert_eq!("".parse::<BusLocation>(), Err(ParseBusError::Empty));
        assert!(matches!(
            "redis://x".parse::<BusLocation>(),
            Err(ParseBusError::Unknown(_))
        ));
        assert!("nats://".parse::<BusLocation>().is_err());
    }

    #[test]
    fn a_bus_location_never_prints_its_password() {
        let bus: BusLocation = "nats://app:secret@bus.example:4222".parse().unwrap();
        assert_eq!(bus.to_string(), "nats://app:***@bus.example:4222");
        let bus: BusLocation = "nats://t0ken@bus.example:4222".parse().unwrap();
        assert_eq!(bus.to_string(), "nats://***@bus.example:4222");
    }
}
