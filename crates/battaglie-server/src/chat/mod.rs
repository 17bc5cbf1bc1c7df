//! Chat in online games: two rooms, who writes and reads which, and what a message
//! may be. Pure decisions, no I/O (the store keeps the messages, `game/chat.rs`
//! carries requests out).
//!
//! The players' room: the two seats write, everyone reads (spectators watch the
//! players talk). The spectators' room: signed-in spectators write and read; the
//! players see it only once the game is over, so that nobody coaches a player.

use crate::game::Seat;

/// The longest message, in characters (after trimming).
pub const MAX_CHARS: usize = 300;

/// How many messages one sender may write per [`RATE_WINDOW_MS`].
pub const RATE_COUNT: usize = 5;

/// The window of the rate limit, in milliseconds.
pub const RATE_WINDOW_MS: i64 = 10_000;

/// How many messages of a room a history answers (the latest).
pub const HISTORY: i64 = 200;

/// A chat room of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Room {
    /// The two players (spectators read).
    Players,
    /// The spectators (players read once the game is over).
    Spectators,
}

impl Room {
    /// The words rooms are named by, the default first.
    pub const WORDS: [&'static str; 2] = ["players", "spectators"];

    /// Its word.
    pub fn word(self) -> &'static str {
        match self {
            Room::Players => "players",
            Room::Spectators => "spectators",
        }
    }

    /// The room named `word` (`None`: the players' room).
    pub fn from_word(word: Option<&str>) -> Option<Room> {
        match word.unwrap_or("players") {
            "players" => Some(Room::Players),
            "spectators" => Some(Room::Spectators),
            _ => None,
        }
    }
}

/// Why a chat request is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChatError {
    /// Chat exists in online games only.
    #[error("chat: only online games have a chat")]
    OnlyOnline,
    /// The message is empty once trimmed.
    #[error("chat: the message is empty")]
    Empty,
    /// The message is too long.
    #[error("chat: the message has {chars} characters; the limit is {MAX_CHARS}")]
    TooLong {
        /// How many it has (trimmed).
        chars: usize,
    },
    /// The message holds a control character (a line break included).
    #[error("chat: the message holds a control character at character {at}")]
    ControlChar {
        /// Where (0-based, in characters of the trimmed text).
        at: usize,
    },
    /// A spectator (or the holder of both hotseat seats) writing in the players' room.
    #[error("chat: only the two players write in the players' room")]
    PlayersOnly,
    /// A player writing in (or, during the game, reading) the spectators' room.
    #[error("chat: the players do not see the spectators' room until the game is over")]
    SpectatorsOnly,
    /// A spectator without an account writing in the spectators' room.
    #[error("chat: sign in to write in the spectators' room")]
    NeedsAccount,
    /// Too many messages in the window.
    #[error("chat: at most {RATE_COUNT} messages per {} seconds: wait {seconds} s", RATE_WINDOW_MS / 1000)]
    RateLimited {
        /// Seconds to wait.
        seconds: u64,
    },
}

/// The text of a message as stored: trimmed, not empty, at most [`MAX_CHARS`]
/// characters, no control characters.
///
/// # Errors
/// [`ChatError::Empty`], [`ChatError::TooLong`], [`ChatError::ControlChar`].
pub fn message_text(text: &str) -> Result<&str, ChatError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ChatError::Empty);
    }
    let chars = text.chars().count();
    if chars > MAX_CHARS {
        return Err(ChatError::TooLong { chars });
    }
    if let Some(at) = text.chars().position(char::is_control) {
        return Err(ChatError::ControlChar { at });
    }
    Ok(text)
}

/// Whether `seat` reads `room` (`over`: the game has ended).
///
/// # Errors
/// [`ChatError::SpectatorsOnly`] for a player and the spectators' room while the game goes on.
pub fn may_read(seat: Seat, room: Room, over: bool) -> Result<(), ChatError> {
    match (room, seat) {
        (Room::Spectators, Seat::Army | Seat::Indians | Seat::Both) if !over => {
            Err(ChatError::SpectatorsOnly)
        }
        _ => Ok(()),
    }
}

/// Who writes a message in `room`: the sender the rate limit counts and the author
/// shown (a seat's word, or the account's name). `account` is the spectator's
/// signed-in account (id, name), if any.
///
/// # Errors
/// A spectator in the players' room, a player in the spectators' room, a spectator
/// without an account.
pub fn writer(
    seat: Seat,
    room: Room,
    account: Option<(&str, &str)>,
) -> Result<(String, String), ChatError> {
    match (room, seat) {
        (Room::Players, Seat::Army | Seat::Indians) => {
            let word = seat.word().unwrap_or_default().to_string();
            Ok((word.clone(), word))
        }
        (Room::Players, _) => Err(ChatError::PlayersOnly),
        (Room::Spectators, Seat::Spectator) => match account {
            Some((id, name)) => Ok((format!("user:{id}"), name.to_string())),
            None => Err(ChatError::NeedsAccount),
        },
        (Room::Spectators, _) => Err(ChatError::SpectatorsOnly),
    }
}

/// Whether one more message is allowed, given the times (ms) of the sender's
/// messages in the last window, oldest first.
///
/// # Errors
/// [`ChatError::RateLimited`] with the seconds until the oldest leaves the window.
pub fn rate_check(recent: &[i64], now: i64) -> Result<(), ChatError> {
    let inside: Vec<i64> = recent
        .iter()
        .copied()
        .filter(|&t| t > now - RATE_WINDOW_MS)
        .collect();
    if inside.len() < RATE_COUNT {
        return Ok(());
    }
    let leaves = inside[inside.len() - RATE_COUNT] + RATE_WINDOW_MS;
    let seconds = u64::try_from((leaves - now + 999) / 1000)
        .unwrap_or(1)
        .max(1);
    Err(ChatError::RateLimited { seconds })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_trimmed_and_limited() {
        assert_eq!(message_text("  hi  ").unwrap(), "hi");
        assert_eq!(message_text(" \t "), Err(ChatError::Empty));
        assert_eq!(
            message_text(&"é".repeat(MAX_CHARS))
                .unwrap()
                .chars()
                .count(),
            300
        );
        assert_eq!(
            message_text(&"a".repeat(MAX_CHARS + 1)),
            Err(ChatError::TooLong { chars: 301 })
        );
        assert_eq!(message_text("a\nb"), Err(ChatError::ControlChar { at: 1 }));
        assert_eq!(message_text("<b>x</b>").unwrap(), "<b>x</b>");
    }

    #[test]
    fn spectators_read_the_players_but_players_not_the_spectators_during_the_game() {
        assert!(may_read(Seat::Spectator, Room::Players, false).is_ok());
        assert!(may_read(Seat::Spectator, Room::Spectators, false).is_ok());
        assert_eq!(
            may_read(Seat::Army, Room::Spectators, false),
            Err(ChatError::SpectatorsOnly)
        );
        assert!(may_read(Seat::Army, Room::Spectators, true).is_ok());
    }

    #[test]
    fn each_room_has_its_writers() {
        assert_eq!(
            writer(Seat::Army, Room::Players, None).unwrap(),
            ("army".into(), "army".into())
        );
        assert_eq!(
            writer(Seat::Spectator, Room::Players, Some(("u1", "ann"))),
            Err(ChatError::PlayersOnly)
        );
        assert_eq!(
            writer(Seat::Spectator, Room::Spectators, Some(("u1", "ann"))).unwrap(),
            ("user:u1".into(), "ann".into())
        );
        assert_eq!(
            writer(Seat::Spectator, Room::Spectators, None),
            Err(ChatError::NeedsAccount)
        );
        assert_eq!(
            writer(Seat::Indians, Room::Spectators, None),
            Err(ChatError::SpectatorsOnly)
        );
    }

    #[test]
    fn five_messages_per_ten_seconds() {
        let recent = [1_000, 2_000, 3_000, 4_000];
        assert!(rate_check(&recent, 5_000).is_ok());
        let recent = [1_000, 2_000, 3_000, 4_000, 5_000];
        assert_eq!(
            rate_check(&recent, 5_500),
            Err(ChatError::RateLimited { seconds: 6 })
        );
        assert!(rate_check(&recent, 11_001).is_ok());
    }
}
