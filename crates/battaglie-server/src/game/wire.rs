//! What the page is sent of a game besides its state (`snapshot.rs`): the
//! rematch offer. Its TypeScript is generated into `web/types/` (see
//! `view/typescript.rs`).

use battaglie_rules::Side;
use battaglie_view::SideWord;
use serde::Serialize;
use ts_rs::TS;

use super::Seat;
use crate::game::RematchRow;

/// The rematch offer of a finished online game, as one reader sees it
/// (`POST /api/games/{id}/rematch`, and pushed on the game's socket).
#[derive(Debug, PartialEq, Serialize, TS)]
#[serde(tag = "state", rename_all = "snake_case")]
#[ts(rename = "Rematch")]
pub enum RematchView {
    /// None stands.
    None,
    /// One side offered.
    Offered {
        /// The side that offered.
        by: SideWord,
    },
    /// Both agreed: the new game, and for a player their new seat (the other side)
    /// with the token they hold, which opens it.
    Accepted {
        /// The new game's id.
        game: String,
        /// The player's seat in it.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        seat: Option<SideWord>,
        /// The player's token.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        token: Option<String>,
    },
}

impl RematchView {
    /// The offer `row` as the holder of `seat` (and `token`) sees it.
    pub fn of(row: Option<&RematchRow>, seat: Seat, token: Option<&str>) -> RematchView {
        match row {
            None => RematchView::None,
            Some(RematchRow {
                offered_by,
                next_game: None,
            }) => RematchView::Offered {
                by: SideWord::from(*offered_by),
            },
            Some(RematchRow {
                next_game: Some(game),
                ..
            }) => {
                let new_seat = match seat {
                    Seat::Army => Some(Side::Indians),
                    Seat::Indians => Some(Side::Army),
                    Seat::Both | Seat::Spectator => None,
                };
                let (seat, token) = match (new_seat, token) {
                    (Some(side), Some(token)) => (Some(side.into()), Some(token.to_string())),
                    _ => (None, None),
                };
                RematchView::Accepted {
                    game: game.clone(),
                    seat,
                    token,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_accepted_rematch_gives_each_player_the_other_side_and_a_spectator_no_seat() {
        let row = RematchRow {
            offered_by: Side::Army,
            next_game: Some("g2".into()),
        };
        let army = RematchView::of(Some(&row), Seat::Army, Some("t1"));
        assert_eq!(
            crate::game::GameSocketMessage::Rematch { view: &army }.text(),
            r#"{"type":"rematch","state":"accepted","game":"g2","seat":"indians","token":"t1"}"#
        );
        let spectator = RematchView::of(Some(&row), Seat::Spectator, None);
        assert_eq!(
            serde_json::to_string(&spectator).unwrap(),
            r#"{"state":"accepted","game":"g2"}"#
        );
        assert_eq!(
            serde_json::to_string(&RematchView::of(None, Seat::Army, None)).unwrap(),
            r#"{"state":"none"}"#
        );
    }
}
