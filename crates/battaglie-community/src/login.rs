//! A login attempt, decided: throttles first, then one password verification,
//! with one answer for an unknown name and a wrong password.

use crate::password::{verify_password, StoredHash};
use crate::throttle::{check_login, Attempts, Policy, Throttled};
use crate::time::Timestamp;

/// Error of [`login`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LoginError {
    /// Too many failed attempts for this name or from this address.
    #[error(transparent)]
    Throttled(#[from] Throttled),
    /// The name does not exist or the password is wrong: deliberately the same.
    #[error("wrong name or password")]
    Invalid,
}

/// Decides a login at `now`: `stored` is the account's hash (`None` when no
/// account has the name), `name` and `address` the throttle counts for the
/// name's key and the client's address, updated here (the caller stores them).
///
/// # Errors
/// [`LoginError::Throttled`] before any verification when a count says wait;
/// [`LoginError::Invalid`] for an unknown name or a wrong password alike,
/// after the same work.
pub fn login(
    stored: Option<&StoredHash>,
    password: &str,
    name: &mut Attempts,
    address: &mut Attempts,
    now: Timestamp,
) -> Result<(), LoginError> {
    check_login(name, address, now)?;
    if verify_password(stored, password) {
        name.clear();
        Ok(())
    } else {
        name.record(&Policy::NAME, now);
        address.record(&Policy::ADDRESS, now);
        Err(LoginError::Invalid)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::password::hash_password;

    const T0: Timestamp = Timestamp(1_767_225_600_000);

    #[test]
    fn unknown_name_and_wrong_password_get_the_same_answer() {
        let h = hash_password("powder river 1866").unwrap();
        let (mut n, mut a) = (Attempts::default(), Attempts::default());
        let wrong = login(Some(&h), "nope nope", &mut n, &mut a, T0);
        let (mut n2, mut a2) = (Attempts::default(), Attempts::default());
        let unknown = login(None, "nope nope", &mut n2, &mut a2, T0);
        assert_eq!(wrong, Err(LoginError::Invalid));
        assert_eq!(wrong, unknown);
        assert_eq!(wrong.unwrap_err().to_string(), "wrong name or password");
        assert_eq!((n, a), (n2, a2), "both count the same");
    }

    #[test]
    fn brute_force_is_throttled_and_a_success_clears_the_name() {
        let h = hash_password("powder river 1866").unwrap();
        let (mut n, mut a) = (Attempts::default(), Attempts::default());
        for _ in 0..5 {
            assert_eq!(
                login(Some(&h), "guess", &mut n, &mut a, T0),
                Err(LoginError::Invalid)
            );
        }
        // Even the right password waits now: the throttle answers before any verification.
        assert!(matches!(
            login(Some(&h), "powder river 1866", &mut n, &mut a, T0),
            Err(LoginError::Throttled(_))
        ));
        let later = T0.plus(Duration::from_secs(2));
        assert_eq!(
            login(Some(&h), "powder river 1866", &mut n, &mut a, later),
            Ok(())
        );
        assert_eq!(n, Attempts::default());
        assert_eq!(a.count, 5);
    }
}
