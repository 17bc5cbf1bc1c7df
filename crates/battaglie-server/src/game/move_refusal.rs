//! A refused move as a code and the parameters of its sentence, so that the page can
//! say which rule it breaks in the reader's language.

use battaglie_rules::{IllegalMoveError, MoveError};

use crate::http::ErrorCode;

/// The code and parameters of a move the rules refuse.
pub(super) fn move_refusal(e: &MoveError) -> ErrorCode {
    match e {
        MoveError::Parse(p) => ErrorCode::BadMove {
            detail: p.to_string(),
        },
        MoveError::GameOver(outcome) => ErrorCode::GameOver {
            result: outcome.result_word(),
            reason: outcome.reason_word(),
        },
        MoveError::Illegal { text, reason } => rule(text.clone(), reason),
    }
}

/// The code of the rule `mv` breaks, with the squares, kinds and counts it names.
fn rule(mv: String, reason: &IllegalMoveError) -> ErrorCode {
    use ErrorCode as C;
    use IllegalMoveError as I;
    match reason {
        I::PassWithMovesLeft => C::MovePassWithMovesLeft { mv },
        I::OffMap {
            square,
            width,
            height,
        } => C::MoveOffMap {
            mv,
            square: square.to_string(),
            width: *width,
            height: *height,
        },
        I::EmptySource(square) => C::MoveEmptySource {
            mv,
            square: square.to_string(),
        },
        I::NotYourStack { square, .. } => C::MoveNotYourStack {
            mv,
            square: square.to_string(),
        },
        I::NoSquareThere(square) => C::MoveNoSquareThere {
            mv,
            square: square.to_string(),
        },
        I::IntoStaging(square) => C::MoveIntoStaging {
            mv,
            square: square.to_string(),
        },
        I::StagingStepsEast { to, east } => C::MoveStagingStepsEast {
            mv,
            to: to.to_string(),
            east: east.to_string(),
        },
        I::NotAdjacent { from, to } => C::MoveNotAdjacent {
            mv,
            from: from.to_string(),
            to: to.to_string(),
        },
        I::Terrain {
            to,
            kind,
            terrain,
            enter,
        } => C::MoveTerrain {
            mv,
            to: to.to_string(),
            kind: kind.char().to_string(),
            terrain: terrain.clone(),
            enter: enter.to_string(),
        },
        I::CannotEliminate {
            to,
            group,
            defenders,
            ..
        } => C::MoveCannotEliminate {
            mv,
            to: to.to_string(),
            group: group.to_string(),
            defenders: defenders.to_string(),
        },
        I::StackLimit {
            to,
            arriving,
            here,
            limit,
        } => C::MoveStackLimit {
            mv,
            to: to.to_string(),
            arriving: *arriving,
            here: *here,
            limit: *limit,
        },
        I::NoPieceMoved => C::MoveNoPieceMoved { mv },
        I::NotEnoughPieces {
            from,
            kind,
            has,
            takes,
        } => C::MoveNotEnoughPieces {
            mv,
            from: from.to_string(),
            kind: kind.char().to_string(),
            has: *has,
            takes: *takes,
        },
        I::EliminationsMismatch => C::MoveEliminationsMismatch { mv },
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
            let code = rule("a1:F-a2".into(), &reason);
            assert_eq!(code.name(), format!("move_{}", reason.rule()), "{reason:?}");
        }
    }
}
