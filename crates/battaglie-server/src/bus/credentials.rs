//! The credentials a NATS URL carries: `nats://USER:PASSWORD@HOST:PORT` or
//! `nats://TOKEN@HOST:PORT` (characters a URL does not allow written `%XX`).
//! The client library reads the host of such a URL but sends only the
//! credentials given as options, so the node hands them over itself.

/// How a node proves itself to the NATS server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Credentials {
    /// A user and its password (`nats-server --user U --pass P`, or `authorization` in its file).
    UserPassword(String, String),
    /// A token (`nats-server --auth T`).
    Token(String),
}

impl Credentials {
    /// Those of the first of `urls` (separated by commas) that carries any.
    pub(super) fn of(urls: &str) -> Option<Credentials> {
        urls.split(',').find_map(|url| {
            let (_, rest) = url.trim().split_once("://")?;
            let authority = rest.split(['/', '?', '#']).next()?;
            let (userinfo, _) = authority.rsplit_once('@')?;
            match userinfo.split_once(':') {
                Some((user, password)) => {
                    Some(Credentials::UserPassword(decode(user), decode(password)))
                }
                None if !userinfo.is_empty() => Some(Credentials::Token(decode(userinfo))),
                None => None,
            }
        })
    }

    /// `options` with these credentials.
    pub(super) fn apply(self, options: async_nats::ConnectOptions) -> async_nats::ConnectOptions {
        match self {
            Credentials::UserPassword(user, password) => options.user_and_password(user, password),
            Credentials::Token(token) => options.token(token),
        }
    }
}

/// `text` with each `%XX` read as the byte it stands for (a `%` not followed by
/// two hex digits stays as it is).
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nats_url_gives_its_user_and_password_or_its_token() {
        assert_eq!(
            Credentials::of("nats://app:s%40cret@bus.example:4222"),
            Some(Credentials::UserPassword("app".into(), "s@cret".into()))
        );
        assert_eq!(
            Credentials::of("nats://127.0.0.1:4222,tls://t0ken@bus.example:4222"),
            Some(Credentials::Token("t0ken".into()))
        );
        assert_eq!(Credentials::of("nats://127.0.0.1:4222"), None);
    }
}
