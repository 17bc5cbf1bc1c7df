//! What the lobby tells the nodes and the sockets: a challenge or a request
//! to play anyone changed. On the bus it is one line, `NODE challenge ID` or
//! `NODE seek USER`; each node reads the row from the store and tells each of
//! its sockets what its viewer may see.

use std::fmt;
use std::str::FromStr;

use super::repo::{ChallengeRow, SeekRow};

/// What changed, as the bus carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The node that made the change (a node ignores its own notices).
    pub node: String,
    /// What changed.
    pub subject: Subject,
}

/// The thing that changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    /// A challenge, by id: posted, accepted, cancelled or declined.
    Challenge(String),
    /// A player's request to play anyone, by account id: paired.
    Seek(String),
}

/// A bus line that is not a [`Notice`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("lobby bus message {0:?}: expected `NODE challenge ID` or `NODE seek USER`")]
pub struct ParseNoticeError(String);

impl FromStr for Notice {
    type Err = ParseNoticeError;

    fn from_str(s: &str) -> Result<Notice, ParseNoticeError> {
        let bad = || ParseNoticeError(s.to_string());
        let mut fields = s.split(' ');
        let (Some(node), Some(kind), Some(id), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(bad());
        };
        if node.is_empty() || id.is_empty() {
            return Err(bad());
        }
        let subject = match kind {
            "challenge" => Subject::Challenge(id.to_string()),
            "seek" => Subject::Seek(id.to_string()),
            _ => return Err(bad()),
        };
        Ok(Notice {
            node: node.to_string(),
            subject,
        })
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.subject {
            Subject::Challenge(id) => write!(f, "{} challenge {id}", self.node),
            Subject::Seek(user) => write!(f, "{} seek {user}", self.node),
        }
    }
}

/// What a node's sockets hear: the row as the store holds it after the change.
#[derive(Debug, Clone)]
pub enum Event {
    /// A challenge posted, accepted, cancelled or declined (its state says which).
    Challenge(ChallengeRow),
    /// A request to play anyone paired into a game.
    Seek(SeekRow),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lobby_notice_reads_back_what_it_prints() {
        for subject in [
            Subject::Challenge("0123abcd".into()),
            Subject::Seek("u1".into()),
        ] {
            let n = Notice {
                node: "n1".into(),
                subject,
            };
            assert_eq!(n.to_string().parse(), Ok(n));
        }
        assert!("n1 challenge".parse::<Notice>().is_err());
        assert!("n1 game x".parse::<Notice>().is_err());
        assert!("n1 seek a b".parse::<Notice>().is_err());
    }
}
