//! A refused move as a code and the parameters of its sentence, so that the page can
//! say which rule it breaks in the reader's language.

use battaglie_rules::{IllegalMoveError, MoveError};
use serde_json::{json, Value};

use super::code::ErrorCode;

/// The code and parameters of a move the rules refuse.
pub(super) fn move_refusal(e: &MoveError) -> (ErrorCode, Value) {
    match e {
        MoveError::Parse(p) => (ErrorCode::BadMove, json!({ "detail": p.to_string() })),
        MoveError::GameOver(outcome) => (
            ErrorCode::GameOver,
            json!({ "outcome": outcome.to_string() }),
        ),
        MoveError::Illegal { text, reason } => {
            let (code, mut params) = rule(reason);
            params["move"] = json!(text);
            (code, params)
        }
    }
}

fn rule(reason: &IllegalMoveError) -> (ErrorCode, Value) {
    use ErrorCode as C;
    use IllegalMoveError as I;
    match reason {
        I::PassWithMovesLeft => (C::MovePassWithMovesLeft, json!({})),
        I::OffMap {
            square,
            width,
            height,
        } => (
            C::MoveOffMap,
            json!({ "square": square.to_string(), "width": width, "height": height }),
        ),
        I::EmptySource(square) => (C::MoveEmptySource, json!({ "square": square.to_string() })),
        I::NotYourStack { square, .. } => {
            (C::MoveNotYourStack, json!({ "square": square.to_string() }))
        }
        I::NoSquareThere(square) => (
            C::MoveNoSquareThere,
            json!({ "square": square.to_string() }),
        ),
        I::IntoStaging(square) => (C::MoveIntoStaging, json!({ "square": square.to_string() })),
        I::StagingStepsEast { to, east } => (
            C::MoveStagingStepsEast,
            json!({ "to": to.to_string(), "east": east.to_string() }),
        ),
        I::NotAdjacent { from, to } => (
            C::MoveNotAdjacent,
            json!({ "from": from.to_string(), "to": to.to_string() }),
        ),
        I::Terrain {
            to,
            kind,
            terrain,
            enter,
        } => (
            C::MoveTerrain,
            json!({
                "to": to.to_string(),
                "kind": kind.char().to_string(),
                "terrain": terrain,
                "enter": enter.to_string(),
            }),
        ),
        I::CannotEliminate {
            to,
            group,
            defenders,
            ..
        } => (
            C::MoveCannotEliminate,
            json!({ "to": to.to_string(), "group": group.to_string(), "defenders": defenders.to_string() }),
        ),
        I::StackLimit {
            to,
            arriving,
            here,
            limit,
        } => (
            C::MoveStackLimit,
            json!({ "to": to.to_string(), "arriving": arriving, "here": here, "limit": limit }),
        ),
        I::NoPieceMoved => (C::MoveNoPieceMoved, json!({})),
        I::NotEnoughPieces {
            from,
            kind,
            has,
            takes,
        } => (
            C::MoveNotEnoughPieces,
            json!({ "from": from.to_string(), "kind": kind.char().to_string(), "has": has, "takes": takes }),
        ),
        I::EliminationsMismatch => (C::MoveEliminationsMismatch, json!({})),
    }
}

#[cfg(test)]
mod tests {
    use battaglie_rules::{Kind, KindSet, Pieces, Side, Square};

    use super::*;

    /// Every rule a move can break, once.
    fn every_rule() -> Vec<IllegalMoveError> {
        let sq = Square::new(2, 3);
        vec![
            IllegalMoveError::PassWithMovesLeft,
            IllegalMoveError::OffMap {
                square: sq,
                width: 12,
                height: 8,
            },
            IllegalMoveError::EmptySource(sq),
            IllegalMoveError::NotYourStack {
                square: sq,
                owner: Side::Army,
            },
            IllegalMoveError::NoSquareThere(sq),
            IllegalMoveError::IntoStaging(sq),
            IllegalMoveError::StagingStepsEast { to: sq, east: sq },
            IllegalMoveError::NotAdjacent { from: sq, to: sq },
            IllegalMoveError::Terrain {
                to: sq,
                kind: Kind::Mounted,
                terrain: "house".into(),
                enter: KindSet::EMPTY,
            },
            IllegalMoveError::CannotEliminate {
                to: sq,
                group: Pieces::one(Kind::Foot),
                defenders: Pieces::one(Kind::Mounted),
                defender: Side::Indians,
            },
            IllegalMoveError::StackLimit {
                to: sq,
                arriving: 2,
                here: 3,
                limit: 4,
            },
            IllegalMoveError::NoPieceMoved,
            IllegalMoveError::NotEnoughPieces {
                from: sq,
                kind: Kind::Foot,
                has: 1,
                takes: 2,
            },
            IllegalMoveError::EliminationsMismatch,
        ]
    }

    #[test]
    fn a_refused_moves_code_is_move_and_the_rules_own_name_for_the_rule() {
        for reason in every_rule() {
            let (code, _) = rule(&reason);
            assert_eq!(
                code.as_str(),
                format!("move_{}", reason.rule()),
                "{reason:?}"
            );
        }
    }
}
