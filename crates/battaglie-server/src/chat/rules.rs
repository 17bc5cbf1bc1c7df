//! The chat's rules as the server applies them: who a request's seat or account
//! is in the rooms of `battaglie_community::chat` (whose rules, limits and rate
//! allowance this module reuses), and the refusals the API names. No I/O.

use battaglie_community::Timestamp;
use battaglie_community::{self as rules, Allowance, Mutes, PlayerId, Role};

pub use battaglie_community::{Room, MAX_MESSAGE};

use super::repo::ChatRow;
use crate::game::Seat;

/// How many messages of a room a history answers (the latest).
pub const HISTORY: i64 = 200;

/// How far back a sender's messages can still weigh on their allowance.
pub const RATE_MEMORY_MS: i64 = rules::BURST as i64 * rules::REFILL.as_millis() as i64;

/// The words rooms are named by, the default first.
pub const ROOM_WORDS: [&str; 2] = ["players", "spectators"];

/// The word of `room`.
pub fn room_word(room: Room) -> &'static str {
    match room {
        Room::Players => "players",
        Room::Spectators => "spectators",
    }
}

/// The room named `word` (`None`: the players' room).
pub fn room_from_word(word: Option<&str>) -> Option<Room> {
    match word.unwrap_or("players") {
        "players" => Some(Room::Players),
        "spectators" => Some(Room::Spectators),
        _ => None,
    }
}

/// Why a chat request is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChatError {
    /// Chat exists in online games only.
    #[error("chat: only online games have a chat")]
    OnlyOnline,
    /// A spectator (or the holder of both seats) writing in the players' room.
    #[error("chat: only the two players write in the players' room")]
    PlayersOnly,
    /// A player writing in (or, during the game, reading) the spectators' room.
    #[error("chat: the players do not see the spectators' room until the game is over")]
    SpectatorsOnly,
    /// A spectator without an account writing in the spectators' room.
    #[error("chat: sign in to write in the spectators' room")]
    NeedsAccount,
    /// The text or the rate (see `battaglie_community::chat::check_message`).
    #[error("chat: {0}")]
    Message(#[from] rules::ChatError),
}

/// The longest author a mute names (a seat's word or an account name).
pub const MAX_AUTHOR: usize = 64;

/// Why a mute is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MuteError {
    /// The author is empty or longer than [`MAX_AUTHOR`] characters.
    #[error("mute: `author` must be 1 to {MAX_AUTHOR} characters, not {0}")]
    Author(usize),
}

/// Checks the author a mute names.
///
/// # Errors
/// [`MuteError::Author`] when it is empty or too long.
pub fn mute_author(author: &str) -> Result<&str, MuteError> {
    let chars = author.trim().chars().count();
    match chars {
        1..=MAX_AUTHOR => Ok(author.trim()),
        _ => Err(MuteError::Author(chars)),
    }
}

/// Whether `row` shows to someone with `mutes`.
pub fn shows(mutes: &Mutes, row: &ChatRow) -> bool {
    mutes.shows(&PlayerId(row.author.clone()))
}

fn role(seat: Seat) -> Role {
    match seat {
        Seat::Spectator => Role::Spectator,
        Seat::Army | Seat::Indians | Seat::Both => Role::Player,
    }
}

/// Whether `seat` reads `room` (`over`: the game has ended).
///
/// # Errors
/// [`ChatError::SpectatorsOnly`] for a player and the spectators' room while the game goes on.
pub fn may_read(seat: Seat, room: Room, over: bool) -> Result<(), ChatError> {
    match rules::may_read(role(seat), room, over) {
        true => Ok(()),
        false => Err(ChatError::SpectatorsOnly),
    }
}

/// Who writes in `room`: the sender the rate counts and the author shown (a seat's
/// word, or the signed-in spectator's `account` name; `account` is (id, name)).
///
/// # Errors
/// A spectator in the players' room, a player in the spectators' room, a spectator
/// without an account.
pub fn writer(
    seat: Seat,
    room: Room,
    account: Option<(&str, &str)>,
) -> Result<(String, String), ChatError> {
    if !rules::may_write(role(seat), room) {
        return Err(match room {
            Room::Players => ChatError::PlayersOnly,
            Room::Spectators => ChatError::SpectatorsOnly,
        });
    }
    match (seat.word(), account) {
        (Some("both"), _) => Err(ChatError::PlayersOnly),
        (Some(word), _) => Ok((word.to_string(), word.to_string())),
        (None, Some((id, name))) => Ok((format!("user:{id}"), name.to_string())),
        (None, None) => Err(ChatError::NeedsAccount),
    }
}

/// Checks `text` by `seat` in `room` at `now`, the sender's earlier messages sent
/// at `recent` (ms, oldest first, the last [`RATE_MEMORY_MS`]): the text as stored.
/// The allowance is rebuilt from the stored messages, so every node counts alike.
///
/// # Errors
/// [`ChatError::Message`]: empty, too long, control characters, too many.
pub fn check<'a>(
    text: &'a str,
    seat: Seat,
    room: Room,
    recent: &[i64],
    now: i64,
) -> Result<&'a str, ChatError> {
    let mut allowance = Allowance::default();
    for &at in recent {
        let _ = rules::check_message(".", role(seat), room, &mut allowance, Timestamp(at));
    }
    Ok(rules::check_message(
        text,
        role(seat),
        room,
        &mut allowance,
        Timestamp(now),
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_mute_names_an_author() {
        assert_eq!(mute_author(" indians "), Ok("indians"));
        assert_eq!(mute_author("  "), Err(MuteError::Author(0)));
        assert_eq!(mute_author(&"x".repeat(65)), Err(MuteError::Author(65)));
    }

    #[test]
    fn the_allowance_is_rebuilt_from_the_stored_messages() {
        let recent = [1_000, 1_100, 1_200, 1_300, 1_400];
        assert!(matches!(
            check("hi", Seat::Army, Room::Players, &recent, 1_500),
            Err(ChatError::Message(rules::ChatError::Rate(_)))
        ));
        assert_eq!(
            check(" hi ", Seat::Army, Room::Players, &recent, 4_100).unwrap(),
            "hi"
        );
    }
}
