//! Random identifiers and seat tokens, and the wall clock for leases.

use std::time::{SystemTime, UNIX_EPOCH};

/// `bytes` random bytes as lower-case hex, from the operating system's generator.
pub(crate) fn random_hex(bytes: usize) -> Result<String, getrandom::Error> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf)?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// A new game id: 64 random bits (it is also the spectator link, so not guessable).
pub(crate) fn game_id() -> Result<String, getrandom::Error> {
    random_hex(8)
}

/// A new seat token: 128 random bits.
pub(crate) fn token() -> Result<String, getrandom::Error> {
    random_hex(16)
}

/// Whether `s` has the shape of a game id (so that nonsense is refused before any query).
pub(crate) fn is_game_id(s: &str) -> bool {
    s.len() == 16
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Compares two tokens in time independent of where they differ.
pub(crate) fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Milliseconds since 1970 now, by the machine's wall clock. Not for anything
/// a player sees or a rule decides (that is [`crate::node::Node::now`], which
/// tests drive): only for what must follow real elapsed time whatever a test's
/// clock says: the leases on computer turns and analyses (renewed by real-time
/// timers while a search runs: a fake clock moved on by hours would expire
/// them under a working node), the versions of a game's snapshots (which must
/// keep growing across reloads), and the idle time of games held in memory.
pub(crate) fn wall_millis() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

pub(crate) use battaglie_rules::record::iso_date;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens_have_their_shape() {
        let id = game_id().unwrap();
        assert!(is_game_id(&id));
        assert_eq!(token().unwrap().len(), 32);
        assert!(!is_game_id("../../etc/passwd"));
        assert!(same_token("abc", "abc"));
        assert!(!same_token("abc", "abd"));
        assert!(!same_token("abc", "ab"));
    }
}
