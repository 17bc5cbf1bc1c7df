//! Mail over SMTP (lettre), every message with its unsubscribe link in the
//! text and in a `List-Unsubscribe` header.

use std::fmt;
use std::str::FromStr;

use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::{SendError, SEND_TIMEOUT};

/// How the connection to the mail server is secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpTls {
    /// TLS from the first byte (port 465).
    Tls,
    /// Plain, then STARTTLS, required (port 587).
    StartTls,
    /// Plain text: only for a mail server on the same machine.
    None,
}

/// Error of [`SmtpTls::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the SMTP TLS mode is tls, starttls or none, not {0:?}")]
pub struct ParseSmtpTlsError(String);

impl FromStr for SmtpTls {
    type Err = ParseSmtpTlsError;
    fn from_str(s: &str) -> Result<SmtpTls, ParseSmtpTlsError> {
        match s {
            "tls" => Ok(SmtpTls::Tls),
            "starttls" => Ok(SmtpTls::StartTls),
            "none" => Ok(SmtpTls::None),
            _ => Err(ParseSmtpTlsError(s.to_string())),
        }
    }
}

/// The mail server.
#[derive(Clone)]
pub struct SmtpSettings {
    /// Its host name.
    pub host: String,
    /// Its port.
    pub port: u16,
    /// The login, if it asks for one.
    pub user: Option<String>,
    /// The password (from the environment only; never printed).
    pub password: Option<String>,
    /// The sender's address (`battaglie <noreply@battaglie.example>`).
    pub from: String,
    /// How the connection is secured.
    pub tls: SmtpTls,
}

impl fmt::Debug for SmtpSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "(hidden)"))
            .field("from", &self.from)
            .field("tls", &self.tls)
            .finish()
    }
}

/// `List-Unsubscribe: <https://…>` (RFC 2369), which mail programs show as a button.
#[derive(Debug, Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.to_string()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// A connection set-up to the mail server and the sender's address.
pub(super) struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: lettre::message::Mailbox,
}

impl Mailer {
    pub(super) fn new(s: &SmtpSettings) -> Result<Mailer, SendError> {
        let smtp = |e: lettre::transport::smtp::Error| SendError::Smtp(e.to_string());
        let builder = match s.tls {
            SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(&s.host).map_err(smtp)?,
            SmtpTls::StartTls => {
                AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&s.host).map_err(smtp)?
            }
            SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&s.host),
        };
        let mut builder = builder.port(s.port).timeout(Some(SEND_TIMEOUT));
        if let (Some(user), Some(password)) = (&s.user, &s.password) {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        let from = s
            .from
            .parse()
            .map_err(|e| SendError::Message(format!("the sender {:?}: {e}", s.from)))?;
        Ok(Mailer {
            transport: builder.build(),
            from,
        })
    }

    /// Sends `subject` to `to`, with the `link` to the page and the `unsubscribe` link.
    pub(super) async fn send(
        &self,
        to: &str,
        subject: &str,
        link: &str,
        unsubscribe: &str,
    ) -> Result<(), SendError> {
        let to = to
            .parse()
            .map_err(|e| SendError::Message(format!("the address {to:?}: {e}")))?;
        let text =
            format!("{subject}\n\n{link}\n\n-- \nNo more mail from battaglie: {unsubscribe}\n");
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .header(ListUnsubscribe(unsubscribe.to_string()))
            .header(ContentType::TEXT_PLAIN)
            .body(text)
            .map_err(|e| SendError::Message(e.to_string()))?;
        // The transport's own timeout covers each command; this one the whole exchange.
        match tokio::time::timeout(SEND_TIMEOUT, self.transport.send(message)).await {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err(SendError::Smtp(e.to_string())),
            Err(_) => Err(SendError::Timeout),
        }
    }
}
