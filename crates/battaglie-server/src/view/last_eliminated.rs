//! What the last move eliminated, so that a move is said with its losses: "3 Foot
//! from k4 to k5, eliminating 2 Foot and 1 Mounted".

use battaglie_rules::{Game, Kind};

use super::KindCounts;

/// The pieces the last move of `game` eliminated: the opponent's stacks that stood on
/// the squares it attacked. `None` when it attacked nothing (or nothing was played).
pub fn last_eliminated(game: &Game) -> Option<KindCounts> {
    let mv = *game.moves().last()?;
    if !mv.is_capture() {
        return None;
    }
    let mut before = game.clone();
    before.undo();
    let mut counts = [0u32; 3];
    for group in mv.groups().filter(|g| g.capture) {
        if let Some((_, pieces)) = before.position().stack(group.to) {
            for k in Kind::ALL {
                counts[k.index()] += u32::from(pieces.count(k));
            }
        }
    }
    Some(KindCounts::from_array(counts))
}

#[cfg(test)]
mod tests {
    use battaglie_rules::{Position, Scenario};

    use super::*;

    #[test]
    fn an_attack_counts_the_pieces_that_stood_on_the_squares_it_took() {
        let s = Scenario::builtin("washita").unwrap();
        let game = Game::new(Position::start(&s));
        assert_eq!(last_eliminated(&game), None, "nothing played");
        // Army horsemen beside Indian Foot on the first rank.
        let bfen = "|12/|12/|12/|12/|12/|12/|12/|MfMf8 A 0 1";
        let mut game = Game::new(Position::from_bfen(&s, bfen).unwrap());
        let legal = game.legal_moves();
        let quiet = legal.iter().find(|m| !m.is_capture()).unwrap();
        let attack = *legal.iter().find(|m| m.is_capture()).unwrap();
        let mut after_quiet = game.clone();
        after_quiet.play(quiet);
        assert_eq!(last_eliminated(&after_quiet), None, "a quiet move");
        let pos = game.position().clone();
        let want: u32 = attack
            .groups()
            .filter(|g| g.capture)
            .map(|g| pos.stack(g.to).map_or(0, |(_, p)| u32::from(p.total())))
            .sum();
        game.play(&attack);
        let got = last_eliminated(&game).expect("an attack eliminates");
        assert!(want > 0);
        assert_eq!(got.F + got.M + got.V, want);
    }
}
