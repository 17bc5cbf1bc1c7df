//! Passwords: what a password may be, Argon2id hashing to PHC strings, and
//! verification that takes the same work whether the account exists or not.
//!
//! Parameters: Argon2id, version 0x13, 19 MiB of memory, 2 passes, 1 lane,
//! a 16-byte random salt and a 32-byte output: the minimum OWASP's password
//! storage guidance recommends. They are written into every PHC string, so raising
//! them later still verifies old hashes; [`needs_rehash`] tells when to
//! re-hash at the next successful login.

use std::sync::OnceLock;

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use serde::{Deserialize, Serialize};

use crate::name::PlayerName;

/// Argon2 memory cost, in KiB.
pub const MEMORY_KIB: u32 = 19 * 1024;
/// Argon2 passes.
pub const PASSES: u32 = 2;
/// Argon2 lanes.
pub const LANES: u32 = 1;
/// Shortest password, in characters.
pub const MIN_PASSWORD: usize = 8;
/// Longest password, in characters (a bound on the work one request can ask for).
pub const MAX_PASSWORD: usize = 128;

/// A password hash as stored: a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct StoredHash(pub String);

/// Error of [`check_password`] and [`hash_password`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
    /// Fewer than [`MIN_PASSWORD`] characters.
    #[error("a password needs at least {MIN_PASSWORD} characters")]
    TooShort,
    /// More than [`MAX_PASSWORD`] characters.
    #[error("a password has at most {MAX_PASSWORD} characters")]
    TooLong,
    /// The password is the name, in some case.
    #[error("the password may not be the name")]
    SameAsName,
    /// The hashing library failed (no randomness for the salt, out of memory).
    #[error("the password could not be hashed: {0}")]
    Hashing(argon2::password_hash::Error),
}

fn argon2() -> Argon2<'static> {
    let params =
        Params::new(MEMORY_KIB, PASSES, LANES, Some(32)).expect("the parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Checks a new password for `name`.
///
/// # Errors
/// A [`PasswordError`] saying what is wrong with it.
pub fn check_password(password: &str, name: &PlayerName) -> Result<(), PasswordError> {
    let len = password.chars().count();
    if len < MIN_PASSWORD {
        return Err(PasswordError::TooShort);
    }
    if len > MAX_PASSWORD {
        return Err(PasswordError::TooLong);
    }
    if password.trim().eq_ignore_ascii_case(name.as_str()) {
        return Err(PasswordError::SameAsName);
    }
    Ok(())
}

/// Hashes a checked password with a fresh random salt.
///
/// # Errors
/// [`PasswordError::TooLong`] past [`MAX_PASSWORD`]; [`PasswordError::Hashing`]
/// when the library fails.
pub fn hash_password(password: &str) -> Result<StoredHash, PasswordError> {
    if password.chars().count() > MAX_PASSWORD {
        return Err(PasswordError::TooLong);
    }
    argon2()
        .hash_password(password.as_bytes())
        .map(|h| StoredHash(h.to_string()))
        .map_err(PasswordError::Hashing)
}

/// A hash of a password nobody has, made with the current parameters, to
/// verify against when a name does not exist.
fn dummy() -> &'static PasswordHash {
    static DUMMY: OnceLock<PasswordHash> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let text = hash_password("no account has this password").expect("hashing works");
        PasswordHash::new(&text.0).expect("a fresh hash parses")
    })
}

/// Makes the dummy hash now (at server start-up), so that even the first login
/// with an unknown name takes only a verification's time.
pub fn warm_up() {
    dummy();
}

/// Whether `password` matches `stored`: the account's hash, or `None` when no
/// account has the name. Either way one Argon2 verification is done, so the
/// answer and its timing never tell whether the name exists. A stored hash
/// that does not parse fails, after the same work.
pub fn verify_password(stored: Option<&StoredHash>, password: &str) -> bool {
    let hasher = argon2();
    let password = password.as_bytes();
    match stored.map(|s| PasswordHash::new(&s.0)) {
        Some(Ok(hash)) => hasher.verify_password(password, &hash).is_ok(),
        Some(Err(_)) | None => {
            let _ = hasher.verify_password(password, dummy());
            false
        }
    }
}

/// Whether a stored hash was made with other parameters than today's (re-hash
/// it after the next successful login).
pub fn needs_rehash(stored: &StoredHash) -> bool {
    let Ok(hash) = PasswordHash::new(&stored.0) else {
        return true;
    };
    let Ok(params) = Params::try_from(&hash) else {
        return true;
    };
    hash.algorithm.as_str() != "argon2id"
        || params.m_cost() != MEMORY_KIB
        || params.t_cost() != PASSES
        || params.p_cost() != LANES
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;

    fn name() -> PlayerName {
        "Red_Cloud".parse().unwrap()
    }

    #[test]
    fn password_rules() {
        assert_eq!(
            check_password("short", &name()),
            Err(PasswordError::TooShort)
        );
        assert_eq!(
            check_password(&"x".repeat(129), &name()),
            Err(PasswordError::TooLong)
        );
        assert_eq!(
            check_password("red_cloud", &name()),
            Err(PasswordError::SameAsName)
        );
        assert_eq!(check_password("powder river 1866", &name()), Ok(()));
    }

    #[test]
    fn a_hash_is_an_argon2id_phc_string_with_the_stated_parameters_and_a_fresh_salt() {
        let a = hash_password("powder river 1866").unwrap();
        let b = hash_password("powder river 1866").unwrap();
        assert!(
            a.0.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{}",
            a.0
        );
        assert_ne!(a, b, "each hash has its own salt");
        assert!(!needs_rehash(&a));
        assert!(needs_rehash(&StoredHash(
            "$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"
                .into()
        )));
        assert!(needs_rehash(&StoredHash("plain".into())));
    }

    #[test]
    fn verification_accepts_the_password_and_nothing_else() {
        let h = hash_password("powder river 1866").unwrap();
        assert!(verify_password(Some(&h), "powder river 1866"));
        assert!(!verify_password(Some(&h), "powder river 1867"));
        assert!(!verify_password(None, "powder river 1866"));
        assert!(!verify_password(Some(&StoredHash("garbage".into())), "x"));
    }

    #[test]
    fn an_unknown_name_costs_a_verification_like_a_known_one() {
        warm_up();
        let h = hash_password("powder river 1866").unwrap();
        // Medians of runs taken in turn (the machine is noisy): the same order
        // of work, where a skipped verification would be a thousand times faster.
        let mut known = Vec::new();
        let mut unknown = Vec::new();
        for _ in 0..5 {
            for (stored, times) in [(Some(&h), &mut known), (None, &mut unknown)] {
                let start = Instant::now();
                verify_password(stored, "wrong password");
                times.push(start.elapsed());
            }
        }
        known.sort();
        unknown.sort();
        let ratio = known[2].as_secs_f64() / unknown[2].as_secs_f64();
        assert!(
            (0.1..10.0).contains(&ratio),
            "known {known:?}, unknown {unknown:?}"
        );
    }
}
