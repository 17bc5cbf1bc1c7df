//! What an error is, for a client that says it in its own words: every error body and
//! WebSocket error carries one of these codes beside the English message, with the
//! parameters the sentence needs (docs/api.md lists both). The page's declaration of
//! the type is generated from this enum (`web/types/ErrorCode.ts`), and its sentences
//! are checked against it (the tests below).

use serde::Serialize;
use ts_rs::TS;

use crate::game::Action;
use crate::view::SideWord;

/// The kinds of error the API answers, each with the parameters of its sentence:
/// serialised as `"code": "snake_case_name", "params": {...}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, strum::IntoStaticStr, strum::VariantNames)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum ErrorCode {
    /// 400 without a more specific code (`detail`: a bad query string).
    BadRequest {
        /// What was wrong, in English.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        detail: Option<String>,
    },
    /// 401 without a more specific code.
    Unauthorized {},
    /// 403 without a more specific code.
    Forbidden {},
    /// 404 without a more specific code.
    NotFound {},
    /// 409 without a more specific code.
    Conflict {},
    /// 413: the body is over the limit.
    BodyTooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// 422 without a more specific code.
    Unprocessable {},
    /// 429: too many requests.
    RateLimited {
        /// How long to wait.
        seconds: u64,
    },
    /// 503: the node is busy (checking other passwords): try again shortly.
    Busy {
        /// How long to wait.
        seconds: u64,
    },
    /// 500: a fault of the server.
    Internal {},
    /// The body is empty.
    EmptyBody {},
    /// The body is not JSON.
    BadJson {
        /// Where and why, in English.
        detail: String,
    },
    /// 415: a change sent without `Content-Type: application/json`.
    JsonRequired {
        /// The content type sent (empty: none).
        given: String,
    },
    /// 403: a change from another site's page.
    CrossOrigin {},
    /// A JSON field is wrong.
    BadField {
        /// The field's path.
        field: String,
        /// Why, in English.
        detail: String,
    },
    /// A word field with an unknown value.
    BadChoice {
        /// The field.
        field: String,
        /// The value sent.
        value: String,
        /// The values it may take, comma-separated.
        allowed: String,
    },
    /// No endpoint at this path.
    NoEndpoint {
        /// The path asked for.
        path: String,
    },
    /// The id is not a game id.
    BadGameId {
        /// The id sent.
        id: String,
    },
    /// No game with this id.
    GameNotFound {
        /// The id sent.
        id: String,
    },
    /// No built-in scenario with this id.
    UnknownScenario {
        /// The id sent.
        id: String,
        /// The built-in ids, comma-separated (on creation and import).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        known: Option<String>,
    },
    /// A level outside 1..=8.
    LevelOutOfRange {
        /// The level sent.
        level: i64,
    },
    /// A level for a game without a computer.
    LevelWithoutComputer {},
    /// A record that does not read or replay.
    BadRecord {
        /// Where and why, in English.
        detail: String,
    },
    /// A token that opens no seat of this game.
    WrongToken {},
    /// A spectator tried to move.
    MoveNeedsToken {
        /// The side to move.
        side: SideWord,
    },
    /// A spectator tried another action.
    NeedsToken {
        /// What was tried.
        action: Action,
    },
    /// The other side's turn.
    NotYourTurn {
        /// The side to move.
        side: SideWord,
    },
    /// The computer's turn.
    ComputersTurn {
        /// The side the computer plays.
        side: SideWord,
    },
    /// The game has ended.
    GameOver {
        /// Who won: `army`, `indians` or `draw`.
        #[ts(type = "\"army\" | \"indians\" | \"draw\"")]
        result: &'static str,
        /// Why (the record's reason word: `elimination`, `resignation`, `time`,
        /// `abandoned`, `deadlock`, `repetition`, `quiet` or `agreement`).
        reason: &'static str,
    },
    /// The game was called off before its first move.
    GameCalledOff {},
    /// A move has been played: the game can no longer be called off.
    TooLateToCallOff {},
    /// The text is not a move.
    BadMove {
        /// Why, in English.
        detail: String,
    },
    /// A pass while another move exists.
    MovePassWithMovesLeft {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
    },
    /// A square off the map.
    MoveOffMap {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
        /// The square.
        square: String,
        /// The map's files.
        width: u8,
        /// The map's ranks.
        height: u8,
    },
    /// The source is empty.
    MoveEmptySource {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
        /// The source.
        square: String,
    },
    /// The source holds the enemy's pieces.
    MoveNotYourStack {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
        /// The source.
        square: String,
    },
    /// A step with no square there.
    MoveNoSquareThere {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
        /// The square stepped from.
        square: String,
    },
    /// A step into a staging square.
    MoveIntoStaging {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
        /// The staging square.
        square: String,
    },
    /// Staged pieces stepping anywhere but east.
    MoveStagingStepsEast {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
        /// Where they stepped.
        to: String,
        /// The one square they may step to.
        east: String,
    },
    /// A destination not next to the source.
    MoveNotAdjacent {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
        /// The source.
        from: String,
        /// The destination.
        to: String,
    },
    /// A kind onto terrain it may not enter.
    MoveTerrain {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
        /// The destination.
        to: String,
        /// The kind's letter.
        kind: String,
        /// The terrain's name in the scenario.
        terrain: String,
        /// The letters of the kinds that may enter it.
        enter: String,
    },
    /// An attack that cannot eliminate every defender.
    MoveCannotEliminate {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
        /// The square attacked.
        to: String,
        /// The attackers' letters.
        group: String,
        /// The defenders' letters.
        defenders: String,
    },
    /// A stack over the limit.
    MoveStackLimit {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
        /// The destination.
        to: String,
        /// Pieces arriving.
        arriving: u8,
        /// Pieces already there.
        here: u8,
        /// The most a square holds.
        limit: u8,
    },
    /// A move that moves nothing.
    MoveNoPieceMoved {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
    },
    /// More pieces than the source holds.
    MoveNotEnoughPieces {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
        /// The source.
        from: String,
        /// The kind's letter.
        kind: String,
        /// How many it holds.
        has: u8,
        /// How many the move takes.
        takes: u32,
    },
    /// A packed move's eliminations do not match.
    MoveEliminationsMismatch {
        /// The move sent.
        #[serde(rename = "move")]
        #[ts(rename = "move")]
        mv: String,
    },
    /// Online games have no undo.
    NoUndoOnline {},
    /// No move of the asker's to take back.
    NothingToUndo {},
    /// No draw offer to answer.
    NoDrawOffer {},
    /// Take-back requests are for online games.
    TakebackOnlyOnline {},
    /// No take-back request to answer or withdraw.
    NoTakebackRequest {},
    /// Another request changed the game first.
    Superseded {},
    /// A binary WebSocket message.
    NotText {},
    /// A GIF's range outside the game.
    GifRange {
        /// The first ply asked for.
        from: usize,
        /// The last ply asked for.
        until: usize,
        /// The game's plies.
        plies: usize,
    },
    /// A GIF's range that ends before it starts.
    GifBackwards {
        /// The first ply asked for.
        from: usize,
        /// The last ply asked for.
        until: usize,
    },
    /// A GIF's range over the most frames.
    GifTooLong {
        /// The most positions a GIF shows.
        max: usize,
        /// The positions asked for.
        plies: usize,
    },
    /// Chat in a game that is not online.
    ChatOnlyOnline {},
    /// A chat message empty once trimmed.
    ChatEmpty {},
    /// A chat message over the limit.
    ChatTooLong {
        /// Its characters.
        chars: usize,
        /// The limit.
        limit: usize,
    },
    /// A chat message with a control character other than a line break.
    ChatControlChar {},
    /// Someone not a player writing in the players' room.
    ChatPlayersOnly {},
    /// A player in the spectators' room during the game.
    ChatSpectatorsOnly {},
    /// A spectator without an account writing in the spectators' room.
    ChatNeedsAccount {},
    /// A rematch of a game that is not online.
    RematchOnlyOnline {},
    /// A rematch offered before the game ended.
    RematchNotOver {},
    /// No rematch offer to answer or cancel.
    RematchNoOffer {},
    /// The rematch was agreed already.
    RematchAgreed {
        /// The new game's id.
        game: String,
    },
    /// A name under the shortest.
    NameTooShort {
        /// The name sent.
        name: String,
        /// The fewest characters.
        min: usize,
    },
    /// A name over the longest.
    NameTooLong {
        /// The name sent.
        name: String,
        /// The most characters.
        max: usize,
    },
    /// A character a name may not hold.
    NameCharacter {
        /// The character.
        #[serde(rename = "char")]
        #[ts(rename = "char")]
        ch: String,
        /// Its place, from 1.
        at: usize,
    },
    /// A name that does not start with a letter.
    NameStart {
        /// Its first character.
        #[serde(rename = "char")]
        #[ts(rename = "char")]
        ch: String,
    },
    /// `_` or `-` twice in a row or at the end.
    NameSeparator {
        /// Its place, from 1.
        at: usize,
    },
    /// A name nobody may take.
    NameReserved {
        /// The name sent.
        name: String,
    },
    /// Another account has the name.
    NameTaken {
        /// The name sent.
        name: String,
    },
    /// A password under the shortest.
    PasswordTooShort {
        /// The fewest characters.
        min: usize,
    },
    /// A password over the longest.
    PasswordTooLong {
        /// The most characters.
        max: usize,
    },
    /// The password is the name.
    PasswordSameAsName {},
    /// Wrong name or password: one answer for both.
    LoginInvalid {},
    /// The current password given is wrong.
    WrongPassword {},
    /// No open session.
    NotSignedIn {},
    /// A change with the session cookie lacks its CSRF token.
    CsrfToken {},
    /// Too many guest games to claim at once.
    TooManyClaims {
        /// The most.
        max: usize,
        /// How many were sent.
        given: usize,
    },
    /// No analysis of the game at its move count was asked for.
    AnalysisNotStarted {
        /// The game.
        id: String,
        /// Its move count.
        plies: usize,
    },
    /// An analysis asked for a game still being played.
    GameInProgress {
        /// The game.
        id: String,
    },
    /// An analysis asked for a game passing through the position a game in play
    /// stands at.
    AnalysisOfGameInPlay {},
    /// An analysis asked for a game longer than the server analyses.
    AnalysisTooLong {
        /// The game's move count.
        plies: usize,
        /// The most the server analyses.
        most: usize,
    },
    /// An analysis asked for while the address or the node has queued enough.
    AnalysisBusy {
        /// About how long to wait.
        seconds: u64,
    },
    /// A seat of a rated game played by a guest.
    RatedSeatNeedsAccount {},
    /// Something rated done without an account.
    RatedNeedsAccount {},
    /// A rated game that is not online between two players.
    RatedNotOnline {
        /// The mode asked for.
        mode: String,
    },
    /// Both seats of a rated game would be one account's.
    RatedSameAccount {},
    /// The seat is another account's.
    RatedSeatTaken {},
    /// No player of this name.
    PlayerNotFound {
        /// The name asked for.
        name: String,
    },
    /// A time control that does not read or is out of range.
    BadClock {
        /// Why, in English.
        detail: String,
    },
    /// A clock asked for a hotseat or computer game.
    ClockOnlineOnly {},
    /// The side's flag fell before the move.
    OutOfTime {
        /// The side whose time ran out.
        side: SideWord,
    },
    /// A claim in a game without a running clock.
    NothingToClaim {},
    /// A claim before the opponent's time or absence ran out.
    ClaimTooEarly {
        /// How long to go.
        seconds: u64,
    },
    /// A live claim while the opponent is connected.
    ClaimOpponentPresent {},
    /// A live claim against a seat its player has never taken.
    ClaimOpponentNotArrived {},
    /// A correspondence claim on the claimant's own turn.
    ClaimYourTurn {},
    /// No challenge with this id.
    ChallengeNotFound {
        /// The id sent.
        id: String,
    },
    /// A direct challenge to oneself.
    ChallengeYourself {},
    /// Accepting one's own challenge.
    OwnChallenge {},
    /// Accepting or declining a direct challenge to another player.
    NotAddressee {},
    /// The challenge has lapsed.
    ChallengeExpired {},
    /// Another player accepted the challenge first.
    ChallengeTaken {},
    /// The challenge was cancelled or declined.
    ChallengeClosed {},
    /// The account has as many challenges open as it may.
    TooManyChallenges {
        /// The most.
        max: usize,
    },
    /// Cancelling another player's challenge.
    NotYourChallenge {},
    /// A notification e-mail address that does not read.
    EmailInvalid {
        /// The address sent.
        email: String,
    },
    /// A webhook URL the server will not call.
    WebhookUrlInvalid {
        /// The URL sent.
        url: String,
    },
    /// A channel turned on without its address.
    ChannelWithoutAddress {
        /// The channel.
        channel: String,
    },
    /// An unsubscribe link the server did not make.
    UnsubscribeInvalid {},
    /// A confirmation link the server did not make for the current address.
    EmailConfirmInvalid {},
    /// A confirmation link older than its life.
    EmailConfirmExpired {},
    /// A confirmation mail asked for too soon after the last.
    EmailConfirmTooSoon {
        /// Seconds to wait.
        wait: u64,
    },
    /// Sending a confirmation without an unconfirmed address.
    EmailConfirmNothing {},
}

impl ErrorCode {
    /// The code's name, as sent (`"move_off_map"`).
    pub fn name(&self) -> &'static str {
        self.into()
    }

    /// The code of an error without a more specific one, by its status.
    pub fn of_status(status: axum::http::StatusCode) -> ErrorCode {
        use axum::http::StatusCode as S;
        match status {
            S::BAD_REQUEST => ErrorCode::BadRequest { detail: None },
            S::UNAUTHORIZED => ErrorCode::Unauthorized {},
            S::FORBIDDEN => ErrorCode::Forbidden {},
            S::NOT_FOUND => ErrorCode::NotFound {},
            S::CONFLICT => ErrorCode::Conflict {},
            S::PAYLOAD_TOO_LARGE => ErrorCode::BodyTooLarge {
                limit: super::BODY_LIMIT,
            },
            S::TOO_MANY_REQUESTS => ErrorCode::RateLimited { seconds: 1 },
            s if s.is_server_error() => ErrorCode::Internal {},
            _ => ErrorCode::Unprocessable {},
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use strum::VariantNames;
    use ts_rs::{Config, TS};

    use super::ErrorCode;

    const API: &str = include_str!("../../../../docs/api.md");
    const LANGUAGES: [(&str, &str); 4] = [
        ("en", include_str!("../../web/lang-en.js")),
        ("it", include_str!("../../web/lang-it.js")),
        ("fr", include_str!("../../web/lang-fr.js")),
        ("de", include_str!("../../web/lang-de.js")),
    ];

    /// Each code's parameters, read from the TypeScript declaration the page is
    /// checked against (`{ "code": "x", "params": { a: string, b?: number, } }`).
    fn declared_params() -> BTreeMap<String, BTreeSet<String>> {
        let mut decl = ErrorCode::decl(&Config::new().with_large_int("number"));
        while let Some(start) = decl.find("/**") {
            let end = decl[start..].find("*/").expect("a comment ends") + start + 2;
            decl.replace_range(start..end, "");
        }
        let mut out = BTreeMap::new();
        for arm in decl.split("{ \"code\": \"").skip(1) {
            let (code, rest) = arm
                .split_once('"')
                .expect("a code's name ends with a quote");
            let params = rest
                .split_once("\"params\": {")
                .map(|(_, p)| p.split_once('}').map_or(p, |(fields, _)| fields))
                .unwrap_or("");
            let names = params
                .split(',')
                .filter_map(|f| f.split_once(':'))
                .map(|(name, _)| {
                    name.trim()
                        .trim_end_matches('?')
                        .trim_matches('"')
                        .to_owned()
                })
                .collect();
            out.insert(code.to_owned(), names);
        }
        out
    }

    /// The `{name}` placeholders of the page's sentence for `code` in one language.
    fn placeholders(table: &str, code: &str) -> Option<BTreeSet<String>> {
        let key = format!("  err_{code}: ");
        let line = table.lines().find(|l| l.starts_with(&key))?;
        Some(
            line.split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}'))
                .map(|(name, _)| name.to_owned())
                .collect(),
        )
    }

    #[test]
    fn every_error_code_is_documented_and_said_in_every_language() {
        for code in ErrorCode::VARIANTS {
            assert!(
                API.contains(&format!("| `{code}` |")),
                "docs/api.md lacks the code {code}"
            );
            for (lang, table) in LANGUAGES {
                assert!(
                    placeholders(table, code).is_some(),
                    "lang-{lang}.js has no string for the error code {code}"
                );
            }
        }
    }

    #[test]
    fn the_pages_sentence_for_each_code_names_only_that_codes_parameters() {
        let declared = declared_params();
        assert_eq!(
            declared.keys().collect::<BTreeSet<_>>(),
            ErrorCode::VARIANTS
                .iter()
                .map(|c| c.to_string())
                .collect::<BTreeSet<_>>()
                .iter()
                .collect(),
            "the TypeScript declaration lists every code"
        );
        assert_eq!(
            declared["move_terrain"],
            ["move", "to", "kind", "terrain", "enter"]
                .map(String::from)
                .into()
        );
        for (code, params) in &declared {
            for (lang, table) in LANGUAGES {
                let said = placeholders(table, code).unwrap_or_default();
                let unknown: Vec<_> = said.difference(params).collect();
                assert!(
                    unknown.is_empty(),
                    "lang-{lang}.js says err_{code} with {unknown:?}, which the code does not carry (it carries {params:?})"
                );
            }
        }
    }

    #[test]
    fn an_error_is_sent_as_its_code_and_its_parameters() {
        let code = ErrorCode::MoveStackLimit {
            mv: "a1:FF-a2".into(),
            to: "a2".into(),
            arriving: 2,
            here: 3,
            limit: 4,
        };
        assert_eq!(code.name(), "move_stack_limit");
        assert_eq!(
            serde_json::to_value(&code).unwrap(),
            serde_json::json!({
                "code": "move_stack_limit",
                "params": { "move": "a1:FF-a2", "to": "a2", "arriving": 2, "here": 3, "limit": 4 }
            })
        );
        assert_eq!(
            serde_json::to_value(ErrorCode::Superseded {}).unwrap(),
            serde_json::json!({ "code": "superseded", "params": {} })
        );
    }
}
