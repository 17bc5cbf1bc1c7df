//! The moves of a game numbered as records and the move list number them.

use battaglie_rules::Game;
use serde::Serialize;
use ts_rs::TS;

use super::SideWord;

/// One move played, with its place in the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "Ply")]
pub struct PlyView {
    /// 1 for the first move of the game.
    pub ply: u32,
    /// The turn number (BFEN's, docs/notation.md).
    pub turn: u32,
    /// The side that played it.
    pub side: SideWord,
    /// The move, canonical.
    pub notation: String,
    /// Its number as records write it: `3.` before an Army move, `3...` before an Indian one.
    pub label: String,
}

/// The moves of `game` after its first `kept`, numbered by the rules crate's
/// [`Game::numbered_moves`] (a change lists only those; a whole state passes 0).
pub fn plies_after(game: &Game, kept: usize) -> Vec<PlyView> {
    (1..)
        .zip(game.numbered_moves())
        .skip(kept)
        .map(|(ply, (number, mv))| PlyView {
            ply,
            turn: number.turn,
            side: number.side.into(),
            notation: mv.to_string(),
            label: number.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use battaglie_rules::{Position, Scenario, Side};

    use super::*;

    #[test]
    fn plies_count_from_one_and_a_turn_after_each_indian_move() {
        let s = Scenario::builtin("washita").unwrap();
        let mut game = Game::new(Position::start(&s));
        for _ in 0..3 {
            let mv = game.legal_moves()[0];
            game.play(&mv);
        }
        let plies = plies_after(&game, 0);
        let numbers: Vec<(u32, u32, SideWord, String)> = plies
            .iter()
            .map(|p| (p.ply, p.turn, p.side, p.label.clone()))
            .collect();
        let start = game.start().turn();
        assert_eq!(game.start().side_to_move(), Side::Army);
        assert_eq!(
            numbers,
            vec![
                (1, start, SideWord::Army, format!("{start}.")),
                (2, start, SideWord::Indians, format!("{start}...")),
                (3, start + 1, SideWord::Army, format!("{}.", start + 1)),
            ]
        );
        let notation: Vec<String> = game.moves().map(|m| m.to_string()).collect();
        assert_eq!(
            plies.iter().map(|p| p.notation.clone()).collect::<Vec<_>>(),
            notation
        );
    }
}
