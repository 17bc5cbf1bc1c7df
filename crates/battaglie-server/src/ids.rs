//! Random identifiers and seat tokens, and the clock.

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

/// Unix seconds now.
pub(crate) fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Milliseconds since 1970 now.
pub(crate) fn now_millis() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// The ISO date (`YYYY-MM-DD`, UTC) of a Unix time.
pub(crate) fn iso_date(unix: i64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = unix.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_dates() {
        assert_eq!(iso_date(0), "1970-01-01");
        assert_eq!(iso_date(951_782_400), "2000-02-29");
        assert_eq!(iso_date(1_700_000_000), "2023-11-14");
    }

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
