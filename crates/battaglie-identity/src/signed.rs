//! Values signed with the server's secret (HMAC-SHA-256): tokens that the
//! server can check without storing them, such as unsubscribe links and the
//! CSRF token bound to a session.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// The least secret length, in bytes.
pub const MIN_SECRET: usize = 32;

/// What a signature is for: a tag signed for one purpose never passes for another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// An unsubscribe link for one player and channel.
    Unsubscribe,
    /// The CSRF token of one session.
    Csrf,
    /// A link confirming one player's e-mail address.
    ConfirmEmail,
}

impl Purpose {
    fn label(self) -> &'static [u8] {
        match self {
            Purpose::Unsubscribe => b"unsubscribe\0",
            Purpose::Csrf => b"csrf\0",
            Purpose::ConfirmEmail => b"confirm-email\0",
        }
    }
}

/// Error of [`Signer::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SecretError {
    /// The secret is too short to be safe.
    #[error("the server secret has {0} bytes; it needs at least {MIN_SECRET}")]
    TooShort(usize),
}

/// Signs and checks values with the server's secret (the same on every node).
#[derive(Clone)]
pub struct Signer {
    key: Vec<u8>,
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Signer(..)")
    }
}

impl Signer {
    /// A signer with `secret`.
    ///
    /// # Errors
    /// [`SecretError::TooShort`] below [`MIN_SECRET`] bytes.
    pub fn new(secret: &[u8]) -> Result<Signer, SecretError> {
        if secret.len() < MIN_SECRET {
            return Err(SecretError::TooShort(secret.len()));
        }
        Ok(Signer {
            key: secret.to_vec(),
        })
    }

    fn mac(&self, purpose: Purpose, data: &[u8]) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(purpose.label());
        mac.update(data);
        mac
    }

    /// The tag of `data` for `purpose`, in URL-safe base64 (43 characters).
    pub fn sign(&self, purpose: Purpose, data: &[u8]) -> String {
        URL_SAFE_NO_PAD.encode(self.mac(purpose, data).finalize().into_bytes())
    }

    /// Whether `tag` is the tag of `data` for `purpose` (compared in constant time).
    pub fn verify(&self, purpose: Purpose, data: &[u8], tag: &str) -> bool {
        let Ok(bytes) = URL_SAFE_NO_PAD.decode(tag.trim()) else {
            return false;
        };
        self.mac(purpose, data).verify_slice(&bytes).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signer() -> Signer {
        Signer::new(&[7u8; 32]).unwrap()
    }

    #[test]
    fn a_tag_passes_only_for_its_data_its_purpose_and_its_secret() {
        let s = signer();
        let tag = s.sign(Purpose::Unsubscribe, b"player 7 mail");
        assert_eq!(tag.len(), 43);
        assert!(s.verify(Purpose::Unsubscribe, b"player 7 mail", &tag));
        assert!(!s.verify(Purpose::Unsubscribe, b"player 8 mail", &tag));
        assert!(!s.verify(Purpose::Csrf, b"player 7 mail", &tag));
        let other = Signer::new(&[8u8; 32]).unwrap();
        assert!(!other.verify(Purpose::Unsubscribe, b"player 7 mail", &tag));
        assert!(!s.verify(Purpose::Unsubscribe, b"player 7 mail", "not base64!"));
    }

    #[test]
    fn short_secrets_are_refused() {
        assert_eq!(
            Signer::new(b"hunter2").unwrap_err(),
            SecretError::TooShort(7)
        );
    }
}
