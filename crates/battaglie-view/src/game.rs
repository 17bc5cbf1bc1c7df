//! The part of a game's state that the rules decide: the position, the moves
//! played, the ending and the legal moves. The server's state adds who plays, the
//! version, the offers and the clock; the offline edition adds what it keeps in the
//! browser. Both take these fields from here.

use battaglie_rules::{Game, Kind, Position, Side};
use serde::Serialize;
use ts_rs::TS;

use crate::{legal, plies_after, stacks, KindCounts, MovesFrom, PlyView, SideWord, Stack};

/// The pieces each side has lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct Eliminated {
    /// The Army's losses.
    pub army: KindCounts,
    /// The Indians' losses.
    pub indians: KindCounts,
}

fn counts(pos: &Position, side: Side) -> [u32; 3] {
    let mut c = [0u32; 3];
    for sq in pos.squares_of(side) {
        if let Some((_, pieces)) = pos.stack(sq) {
            for k in Kind::ALL {
                c[k.index()] += u32::from(pieces.count(k));
            }
        }
    }
    c
}

/// The pieces each side has lost since the game's start.
pub fn eliminated(game: &Game) -> Eliminated {
    let lost = |side: Side| {
        let before = counts(game.start(), side);
        let now = counts(game.position(), side);
        KindCounts::from_array(Kind::ALL.map(|k| before[k.index()].saturating_sub(now[k.index()])))
    };
    Eliminated {
        army: lost(Side::Army),
        indians: lost(Side::Indians),
    }
}

/// The rules' fields of a whole state (`docs/api.md`, `GET /api/games/{id}`),
/// named and written as the server writes them.
#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    scenario: String,
    bfen: String,
    start: String,
    stacks: Vec<Stack>,
    to_move: SideWord,
    turn: u32,
    ply: usize,
    plies_from: usize,
    base_version: Option<u64>,
    plies: Vec<PlyView>,
    last_move: Option<String>,
    status: &'static str,
    result: Option<&'static str>,
    reason: Option<&'static str>,
    eliminated: Eliminated,
    legal: Vec<MovesFrom>,
}

/// The rules' fields of `game`'s whole state.
pub fn game_view(game: &Game) -> GameView {
    let pos = game.position();
    let ended = game.outcome();
    GameView {
        scenario: pos.scenario().id().to_string(),
        bfen: pos.to_string(),
        start: game.start().to_string(),
        stacks: stacks(pos),
        to_move: pos.side_to_move().into(),
        turn: pos.turn(),
        ply: game.moves().len(),
        plies_from: 0,
        base_version: None,
        plies: plies_after(game, 0),
        last_move: game.moves().last().map(ToString::to_string),
        status: if ended.is_some() { "over" } else { "ongoing" },
        result: ended.map(|o| o.result_word()),
        reason: ended.map(|o| o.reason_word()),
        eliminated: eliminated(game),
        legal: legal(&game.legal_moves()),
    }
}
