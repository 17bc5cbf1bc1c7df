//! Confirming an e-mail address before mailing it: a link signed for one
//! player, one address and the instant it was made, good for
//! [`CONFIRM_LIFETIME`]; and at most one such mail per [`CONFIRM_RESEND`], so
//! that typing someone else's address (again and again) does not spam them.

use std::time::Duration;

use crate::signed::{Purpose, Signer};
use battaglie_community::PlayerId;
use battaglie_community::Timestamp;

/// A confirmation link works this long after it was made.
pub const CONFIRM_LIFETIME: Duration = Duration::from_secs(3 * 86_400);
/// At most one confirmation mail per account in this long.
pub const CONFIRM_RESEND: Duration = Duration::from_secs(600);

/// Why a confirmation link did nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ConfirmError {
    /// Not the server's link for this player and their current address
    /// (forged, cut short, or for an address since changed).
    #[error("the confirmation link is not valid")]
    Invalid,
    /// Older than [`CONFIRM_LIFETIME`].
    #[error("the confirmation link has expired: send a new one from the account page")]
    Expired,
}

fn data(player: &PlayerId, email: &str, issued: Timestamp) -> Vec<u8> {
    format!("{}\0{}\0{}", player.0, email, issued.0).into_bytes()
}

/// The token of the link confirming `email` as `player`'s, made at `issued`.
pub fn confirmation_token(
    signer: &Signer,
    player: &PlayerId,
    email: &str,
    issued: Timestamp,
) -> String {
    signer.sign(Purpose::ConfirmEmail, &data(player, email, issued))
}

/// Whether `token` (made at `issued`) confirms `email` as `player`'s at `now`.
///
/// # Errors
/// [`ConfirmError::Invalid`] for a token the server did not make for these,
/// [`ConfirmError::Expired`] past [`CONFIRM_LIFETIME`] (or made in the future).
pub fn check_confirmation(
    signer: &Signer,
    player: &PlayerId,
    email: &str,
    issued: Timestamp,
    token: &str,
    now: Timestamp,
) -> Result<(), ConfirmError> {
    if !signer.verify(Purpose::ConfirmEmail, &data(player, email, issued), token) {
        return Err(ConfirmError::Invalid);
    }
    if issued > now || now.since(issued) >= CONFIRM_LIFETIME {
        return Err(ConfirmError::Expired);
    }
    Ok(())
}

/// Whether a confirmation mail may go out at `now`, the last one having gone
/// at `last`; else how long until one may.
///
/// # Errors
/// The wait, inside [`CONFIRM_RESEND`] of the last one.
pub fn may_send_confirmation(last: Option<Timestamp>, now: Timestamp) -> Result<(), Duration> {
    match last {
        Some(last) if now.since(last) < CONFIRM_RESEND => Err(CONFIRM_RESEND - now.since(last)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Timestamp = Timestamp(1_767_225_600_000);

    fn ann() -> PlayerId {
        PlayerId("ann".into())
    }

    #[test]
    fn a_confirmation_link_works_for_its_player_and_address_only() {
        let s = Signer::new(&[5u8; 32]).unwrap();
        let t = confirmation_token(&s, &ann(), "ann@example.org", T0);
        let later = T0.plus(Duration::from_secs(60));
        assert_eq!(
            check_confirmation(&s, &ann(), "ann@example.org", T0, &t, later),
            Ok(())
        );
        let bob = PlayerId("bob".into());
        assert_eq!(
            check_confirmation(&s, &bob, "ann@example.org", T0, &t, later),
            Err(ConfirmError::Invalid)
        );
        assert_eq!(
            check_confirmation(&s, &ann(), "other@example.org", T0, &t, later),
            Err(ConfirmError::Invalid)
        );
        let moved = T0.plus(Duration::from_secs(1));
        assert_eq!(
            check_confirmation(&s, &ann(), "ann@example.org", moved, &t, later),
            Err(ConfirmError::Invalid)
        );
        let unsubscribe = s.sign(
            Purpose::Unsubscribe,
            b"ann\0ann@example.org\x001767225600000",
        );
        assert_eq!(
            check_confirmation(&s, &ann(), "ann@example.org", T0, &unsubscribe, later),
            Err(ConfirmError::Invalid)
        );
    }

    #[test]
    fn a_confirmation_link_expires() {
        let s = Signer::new(&[5u8; 32]).unwrap();
        let t = confirmation_token(&s, &ann(), "ann@example.org", T0);
        let late = T0.plus(CONFIRM_LIFETIME);
        assert_eq!(
            check_confirmation(&s, &ann(), "ann@example.org", T0, &t, late),
            Err(ConfirmError::Expired)
        );
    }

    #[test]
    fn confirmation_mails_go_at_most_once_in_ten_minutes() {
        assert_eq!(may_send_confirmation(None, T0), Ok(()));
        let minute = Duration::from_secs(60);
        assert_eq!(
            may_send_confirmation(Some(T0), T0.plus(minute)),
            Err(CONFIRM_RESEND - minute)
        );
        assert_eq!(
            may_send_confirmation(Some(T0), T0.plus(CONFIRM_RESEND)),
            Ok(())
        );
    }
}
