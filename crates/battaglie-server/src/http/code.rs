//! What an error is, for a client that says it in its own words: every error body and
//! WebSocket error carries one of these codes beside the English message, with the
//! parameters the sentence needs (docs/api.md lists both).

/// The kinds of error the API answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCode {
    /// 400 without a more specific code.
    BadRequest,
    /// 401 without a more specific code.
    Unauthorized,
    /// 403 without a more specific code.
    Forbidden,
    /// 404 without a more specific code.
    NotFound,
    /// 409 without a more specific code.
    Conflict,
    /// 413: the body is over the limit (`limit`, bytes).
    BodyTooLarge,
    /// 422 without a more specific code.
    Unprocessable,
    /// 429: too many requests (`seconds` to wait).
    RateLimited,
    /// 500: a fault of the server.
    Internal,
    /// The body is empty.
    EmptyBody,
    /// The body is not JSON (`detail`).
    BadJson,
    /// 415: a change sent without `Content-Type: application/json` (`given`).
    JsonRequired,
    /// 403: a change from another site's page.
    CrossOrigin,
    /// A JSON field is wrong (`field`, `detail`).
    BadField,
    /// No endpoint at this path (`path`).
    NoEndpoint,
    /// The id is not a game id (`id`).
    BadGameId,
    /// No game with this id (`id`).
    GameNotFound,
    /// No built-in scenario with this id (`id`, `known`).
    UnknownScenario,
    /// A level outside 1..=8 (`level`).
    LevelOutOfRange,
    /// A level for a game without a computer.
    LevelWithoutComputer,
    /// A record that does not read or replay (`detail`).
    BadRecord,
    /// A token that opens no seat of this game.
    WrongToken,
    /// A spectator tried to move (`side`: the name of the side to move).
    MoveNeedsToken,
    /// A spectator tried to undo, resign or draw (`action`: `undo`, `resign`, `draw`).
    NeedsToken,
    /// The other side's turn (`side`).
    NotYourTurn,
    /// The computer's turn (`side`).
    ComputersTurn,
    /// The game has ended (`outcome`, in English).
    GameOver,
    /// The text is not a move (`move`, `detail`).
    BadMove,
    /// A pass while another move exists (`move`).
    MovePassWithMovesLeft,
    /// A square off the map (`move`, `square`, `width`, `height`).
    MoveOffMap,
    /// The source is empty (`move`, `square`).
    MoveEmptySource,
    /// The source holds the enemy's pieces (`move`, `square`).
    MoveNotYourStack,
    /// A step with no square there (`move`, `square`).
    MoveNoSquareThere,
    /// A step into a staging square (`move`, `square`).
    MoveIntoStaging,
    /// Staged pieces stepping anywhere but east (`move`, `to`, `east`).
    MoveStagingStepsEast,
    /// A destination not next to the source (`move`, `from`, `to`).
    MoveNotAdjacent,
    /// A kind onto terrain it may not enter (`move`, `to`, `kind`, `terrain`, `enter`).
    MoveTerrain,
    /// An attack that cannot eliminate every defender (`move`, `to`, `group`, `defenders`).
    MoveCannotEliminate,
    /// A stack over the limit (`move`, `to`, `arriving`, `here`, `limit`).
    MoveStackLimit,
    /// A move that moves nothing (`move`).
    MoveNoPieceMoved,
    /// More pieces taken than the source holds (`move`, `from`, `kind`, `has`, `takes`).
    MoveNotEnoughPieces,
    /// A packed move whose eliminations do not match (`move`).
    MoveEliminationsMismatch,
    /// Online games have no undo.
    NoUndoOnline,
    /// No move of the asker's to take back.
    NothingToUndo,
    /// No draw offer to answer.
    NoDrawOffer,
    /// Take-back requests are for online games.
    TakebackOnlyOnline,
    /// No take-back request to answer or withdraw.
    NoTakebackRequest,
    /// The computer declines a draw.
    ComputerDeclinesDraw,
    /// Another request changed the game first.
    Superseded,
    /// An unknown value of a word field (`field`, `value`, `allowed`).
    BadChoice,
    /// A WebSocket message that is not text.
    NotText,
    /// A GIF's range outside the game (`from`, `until`, `plies`).
    GifRange,
    /// A GIF's range that ends before it starts (`from`, `until`).
    GifBackwards,
    /// Chat in a game that is not online.
    ChatOnlyOnline,
    /// A chat message empty once trimmed.
    ChatEmpty,
    /// A chat message over the limit (`chars`, `limit`).
    ChatTooLong,
    /// A chat message with a control character (`at`).
    ChatControlChar,
    /// Someone not a player writing in the players' room.
    ChatPlayersOnly,
    /// A player in the spectators' room during the game.
    ChatSpectatorsOnly,
    /// A spectator without an account writing in the spectators' room.
    ChatNeedsAccount,
    /// A rematch of a game that is not online.
    RematchOnlyOnline,
    /// A rematch before the game ended.
    RematchNotOver,
    /// No rematch offer to accept, decline or cancel.
    RematchNoOffer,
    /// The rematch was agreed already (`game`: the new game).
    RematchAgreed,
    /// A GIF's range over the most frames (`max`, `plies`).
    GifTooLong,
    /// A name under the shortest (`name`, `min`).
    NameTooShort,
    /// A name over the longest (`name`, `max`).
    NameTooLong,
    /// A character a name may not hold (`char`, `at`).
    NameCharacter,
    /// A name that does not start with a letter (`char`).
    NameStart,
    /// A `_` or `-` out of place in a name (`at`).
    NameSeparator,
    /// A name nobody may take (`name`).
    NameReserved,
    /// A name another account has (`name`).
    NameTaken,
    /// A password under the shortest (`min`).
    PasswordTooShort,
    /// A password over the longest (`max`).
    PasswordTooLong,
    /// A password that is the name.
    PasswordSameAsName,
    /// Wrong name or password (one answer for both).
    LoginInvalid,
    /// The current password, given to change or delete the account, is wrong.
    WrongPassword,
    /// No open session.
    NotSignedIn,
    /// A change made with the session cookie without its CSRF token.
    CsrfToken,
    /// More guest games to claim than allowed (`max`, `given`).
    TooManyClaims,
    /// No analysis of the game at its move count was started (`id`, `plies`).
    AnalysisNotStarted,
    /// 409: an analysis asked for a game still being played (`id`).
    GameInProgress,
    /// A seat of a rated game played by a guest: sign in and take the seat.
    RatedSeatNeedsAccount,
    /// A rated game made, or its seat taken, without signing in.
    RatedNeedsAccount,
    /// A rated game that is not online between two players (`mode`).
    RatedNotOnline,
    /// Both seats of a rated game would be one account's.
    RatedSameAccount,
    /// The seat of the rated game is another account's.
    RatedSeatTaken,
    /// No player of this name (`name`), or a deleted account.
    PlayerNotFound,
    /// A time control that does not read or is out of range (`detail`).
    BadClock,
    /// A clock asked for a game that is not online.
    ClockOnlineOnly,
    /// The live flag of `side` fell: the move came too late, the game is over on time.
    OutOfTime,
    /// A claim in a game without a running clock or without an opponent.
    NothingToClaim,
    /// A claim before the opponent's time or absence allows it (`seconds` to wait).
    ClaimTooEarly,
    /// A live claim while the opponent is connected.
    ClaimOpponentPresent,
    /// A correspondence claim on the claimant's own turn.
    ClaimYourTurn,
    /// No challenge with this id (`id`).
    ChallengeNotFound,
    /// A direct challenge to oneself.
    ChallengeYourself,
    /// Accepting one's own challenge.
    OwnChallenge,
    /// Accepting or declining a direct challenge to another player.
    NotAddressee,
    /// A challenge that has lapsed.
    ChallengeExpired,
    /// A challenge another player accepted first.
    ChallengeTaken,
    /// A challenge that was cancelled or declined.
    ChallengeClosed,
    /// 409: the account has as many challenges open as it may (`max`).
    TooManyChallenges,
    /// Cancelling another player's challenge.
    NotYourChallenge,
    /// A notification e-mail address that does not read (`email`).
    EmailInvalid,
    /// A webhook URL the server does not call (`url`).
    WebhookUrlInvalid,
    /// Mail turned on without an address, or a webhook without a URL (`channel`).
    ChannelWithoutAddress,
    /// An unsubscribe link that is not one the server made (or was changed).
    UnsubscribeInvalid,
    /// A confirmation link not made for the account's current address.
    EmailConfirmInvalid,
    /// A confirmation link past its lifetime.
    EmailConfirmExpired,
    /// A confirmation mail asked for again too soon (`wait`, seconds).
    EmailConfirmTooSoon,
    /// No unconfirmed address to send a confirmation to.
    EmailConfirmNothing,
}

impl ErrorCode {
    /// Every code, for the tests that check each is documented and translated.
    pub const ALL: [ErrorCode; 112] = {
        use ErrorCode as C;
        [
            C::BadRequest,
            C::Unauthorized,
            C::Forbidden,
            C::NotFound,
            C::Conflict,
            C::BodyTooLarge,
            C::Unprocessable,
            C::RateLimited,
            C::Internal,
            C::EmptyBody,
            C::BadJson,
            C::JsonRequired,
            C::CrossOrigin,
            C::BadField,
            C::NoEndpoint,
            C::BadGameId,
            C::GameNotFound,
            C::UnknownScenario,
            C::LevelOutOfRange,
            C::LevelWithoutComputer,
            C::BadRecord,
            C::WrongToken,
            C::MoveNeedsToken,
            C::NeedsToken,
            C::NotYourTurn,
            C::ComputersTurn,
            C::GameOver,
            C::BadMove,
            C::MovePassWithMovesLeft,
            C::MoveOffMap,
            C::MoveEmptySource,
            C::MoveNotYourStack,
            C::MoveNoSquareThere,
            C::MoveIntoStaging,
            C::MoveStagingStepsEast,
            C::MoveNotAdjacent,
            C::MoveTerrain,
            C::MoveCannotEliminate,
            C::MoveStackLimit,
            C::MoveNoPieceMoved,
            C::MoveNotEnoughPieces,
            C::MoveEliminationsMismatch,
            C::NoUndoOnline,
            C::NothingToUndo,
            C::NoDrawOffer,
            C::TakebackOnlyOnline,
            C::NoTakebackRequest,
            C::ComputerDeclinesDraw,
            C::Superseded,
            C::BadChoice,
            C::NotText,
            C::GifRange,
            C::GifBackwards,
            C::ChatOnlyOnline,
            C::ChatEmpty,
            C::ChatTooLong,
            C::ChatControlChar,
            C::ChatPlayersOnly,
            C::ChatSpectatorsOnly,
            C::ChatNeedsAccount,
            C::RematchOnlyOnline,
            C::RematchNotOver,
            C::RematchNoOffer,
            C::RematchAgreed,
            C::GifTooLong,
            C::NameTooShort,
            C::NameTooLong,
            C::NameCharacter,
            C::NameStart,
            C::NameSeparator,
            C::NameReserved,
            C::NameTaken,
            C::PasswordTooShort,
            C::PasswordTooLong,
            C::PasswordSameAsName,
            C::LoginInvalid,
            C::WrongPassword,
            C::NotSignedIn,
            C::CsrfToken,
            C::TooManyClaims,
            C::AnalysisNotStarted,
            C::GameInProgress,
            C::RatedSeatNeedsAccount,
            C::RatedNeedsAccount,
            C::RatedNotOnline,
            C::RatedSameAccount,
            C::RatedSeatTaken,
            C::PlayerNotFound,
            C::BadClock,
            C::ClockOnlineOnly,
            C::OutOfTime,
            C::NothingToClaim,
            C::ClaimTooEarly,
            C::ClaimOpponentPresent,
            C::ClaimYourTurn,
            C::ChallengeNotFound,
            C::ChallengeYourself,
            C::OwnChallenge,
            C::NotAddressee,
            C::ChallengeExpired,
            C::ChallengeTaken,
            C::ChallengeClosed,
            C::TooManyChallenges,
            C::NotYourChallenge,
            C::EmailInvalid,
            C::WebhookUrlInvalid,
            C::ChannelWithoutAddress,
            C::UnsubscribeInvalid,
            C::EmailConfirmInvalid,
            C::EmailConfirmExpired,
            C::EmailConfirmTooSoon,
            C::EmailConfirmNothing,
        ]
    };

    /// The code as the API writes it (`snake_case`).
    pub const fn as_str(self) -> &'static str {
        use ErrorCode as C;
        match self {
            C::BadRequest => "bad_request",
            C::Unauthorized => "unauthorized",
            C::Forbidden => "forbidden",
            C::NotFound => "not_found",
            C::Conflict => "conflict",
            C::BodyTooLarge => "body_too_large",
            C::Unprocessable => "unprocessable",
            C::RateLimited => "rate_limited",
            C::Internal => "internal",
            C::EmptyBody => "empty_body",
            C::BadJson => "bad_json",
            C::JsonRequired => "json_required",
            C::CrossOrigin => "cross_origin",
            C::BadField => "bad_field",
            C::NoEndpoint => "no_endpoint",
            C::BadGameId => "bad_game_id",
            C::GameNotFound => "game_not_found",
            C::UnknownScenario => "unknown_scenario",
            C::LevelOutOfRange => "level_out_of_range",
            C::LevelWithoutComputer => "level_without_computer",
            C::BadRecord => "bad_record",
            C::WrongToken => "wrong_token",
            C::MoveNeedsToken => "move_needs_token",
            C::NeedsToken => "needs_token",
            C::NotYourTurn => "not_your_turn",
            C::ComputersTurn => "computers_turn",
            C::GameOver => "game_over",
            C::BadMove => "bad_move",
            C::MovePassWithMovesLeft => "move_pass_with_moves_left",
            C::MoveOffMap => "move_off_map",
            C::MoveEmptySource => "move_empty_source",
            C::MoveNotYourStack => "move_not_your_stack",
            C::MoveNoSquareThere => "move_no_square_there",
            C::MoveIntoStaging => "move_into_staging",
            C::MoveStagingStepsEast => "move_staging_steps_east",
            C::MoveNotAdjacent => "move_not_adjacent",
            C::MoveTerrain => "move_terrain",
            C::MoveCannotEliminate => "move_cannot_eliminate",
            C::MoveStackLimit => "move_stack_limit",
            C::MoveNoPieceMoved => "move_no_piece_moved",
            C::MoveNotEnoughPieces => "move_not_enough_pieces",
            C::MoveEliminationsMismatch => "move_eliminations_mismatch",
            C::NoUndoOnline => "no_undo_online",
            C::NothingToUndo => "nothing_to_undo",
            C::NoDrawOffer => "no_draw_offer",
            C::TakebackOnlyOnline => "takeback_only_online",
            C::NoTakebackRequest => "no_takeback_request",
            C::ComputerDeclinesDraw => "computer_declines_draw",
            C::Superseded => "superseded",
            C::BadChoice => "bad_choice",
            C::NotText => "not_text",
            C::GifRange => "gif_range",
            C::GifBackwards => "gif_backwards",
            C::ChatOnlyOnline => "chat_only_online",
            C::ChatEmpty => "chat_empty",
            C::ChatTooLong => "chat_too_long",
            C::ChatControlChar => "chat_control_char",
            C::ChatPlayersOnly => "chat_players_only",
            C::ChatSpectatorsOnly => "chat_spectators_only",
            C::ChatNeedsAccount => "chat_needs_account",
            C::RematchOnlyOnline => "rematch_only_online",
            C::RematchNotOver => "rematch_not_over",
            C::RematchNoOffer => "rematch_no_offer",
            C::RematchAgreed => "rematch_agreed",
            C::GifTooLong => "gif_too_long",
            C::NameTooShort => "name_too_short",
            C::NameTooLong => "name_too_long",
            C::NameCharacter => "name_character",
            C::NameStart => "name_start",
            C::NameSeparator => "name_separator",
            C::NameReserved => "name_reserved",
            C::NameTaken => "name_taken",
            C::PasswordTooShort => "password_too_short",
            C::PasswordTooLong => "password_too_long",
            C::PasswordSameAsName => "password_same_as_name",
            C::LoginInvalid => "login_invalid",
            C::WrongPassword => "wrong_password",
            C::NotSignedIn => "not_signed_in",
            C::CsrfToken => "csrf_token",
            C::TooManyClaims => "too_many_claims",
            C::AnalysisNotStarted => "analysis_not_started",
            C::GameInProgress => "game_in_progress",
            C::RatedSeatNeedsAccount => "rated_seat_needs_account",
            C::RatedNeedsAccount => "rated_needs_account",
            C::RatedNotOnline => "rated_not_online",
            C::RatedSameAccount => "rated_same_account",
            C::RatedSeatTaken => "rated_seat_taken",
            C::PlayerNotFound => "player_not_found",
            C::BadClock => "bad_clock",
            C::ClockOnlineOnly => "clock_online_only",
            C::OutOfTime => "out_of_time",
            C::NothingToClaim => "nothing_to_claim",
            C::ClaimTooEarly => "claim_too_early",
            C::ClaimOpponentPresent => "claim_opponent_present",
            C::ClaimYourTurn => "claim_your_turn",
            C::ChallengeNotFound => "challenge_not_found",
            C::ChallengeYourself => "challenge_yourself",
            C::OwnChallenge => "own_challenge",
            C::NotAddressee => "not_addressee",
            C::ChallengeExpired => "challenge_expired",
            C::ChallengeTaken => "challenge_taken",
            C::ChallengeClosed => "challenge_closed",
            C::TooManyChallenges => "too_many_challenges",
            C::NotYourChallenge => "not_your_challenge",
            C::EmailInvalid => "email_invalid",
            C::WebhookUrlInvalid => "webhook_url_invalid",
            C::ChannelWithoutAddress => "channel_without_address",
            C::UnsubscribeInvalid => "unsubscribe_invalid",
            C::EmailConfirmInvalid => "email_confirm_invalid",
            C::EmailConfirmExpired => "email_confirm_expired",
            C::EmailConfirmTooSoon => "email_confirm_too_soon",
            C::EmailConfirmNothing => "email_confirm_nothing",
        }
    }

    /// The code of an error without a more specific one, by its status.
    pub fn of_status(status: axum::http::StatusCode) -> ErrorCode {
        use axum::http::StatusCode as S;
        match status {
            S::BAD_REQUEST => ErrorCode::BadRequest,
            S::UNAUTHORIZED => ErrorCode::Unauthorized,
            S::FORBIDDEN => ErrorCode::Forbidden,
            S::NOT_FOUND => ErrorCode::NotFound,
            S::CONFLICT => ErrorCode::Conflict,
            S::PAYLOAD_TOO_LARGE => ErrorCode::BodyTooLarge,
            S::TOO_MANY_REQUESTS => ErrorCode::RateLimited,
            s if s.is_server_error() => ErrorCode::Internal,
            _ => ErrorCode::Unprocessable,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;

    const API: &str = include_str!("../../../../docs/api.md");
    const LANGUAGES: [(&str, &str); 4] = [
        ("en", include_str!("../../web/lang-en.js")),
        ("it", include_str!("../../web/lang-it.js")),
        ("fr", include_str!("../../web/lang-fr.js")),
        ("de", include_str!("../../web/lang-de.js")),
    ];

    #[test]
    fn every_error_code_is_documented_and_said_in_every_language() {
        for code in ErrorCode::ALL {
            let code = code.as_str();
            assert!(
                API.contains(&format!("| `{code}` |")),
                "docs/api.md lacks the code {code}"
            );
            for (lang, table) in LANGUAGES {
                assert!(
                    table.contains(&format!("  err_{code}: ")),
                    "lang-{lang}.js has no string for the error code {code}"
                );
            }
        }
    }

    #[test]
    fn error_codes_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            assert!(seen.insert(code.as_str()), "{} twice", code.as_str());
        }
    }
}
