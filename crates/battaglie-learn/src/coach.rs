//! The coach for the first battles: before a move, the player's stacks it leaves for the
//! other side to eliminate with its very next move; after the other side's move, what it
//! threatens now. Decided with the rules crate's legal moves and play alone (a reply is
//! one of `Game::legal_moves`, so houses, stack limits, repetition and the endings are the
//! rules' own), one ply deep: cheap enough for every move of levels 1 to 3.
//!
//! Which stacks a warning names, and when it is given ([`warn`]):
//!
//! * it names every stack of the player's that some reply could eliminate after the move,
//!   whether the move exposes it or leaves it exposed (a stack already under threat that
//!   the move does nothing for is named too: the move could have saved it);
//! * it is given only when some other legal move would lose fewer pieces to the other
//!   side's best reply: when every move leaves as much to be taken, nothing better exists
//!   and the coach keeps quiet;
//! * never for a move that ends the game (a win above all): nobody replies to it.

use std::collections::BTreeMap;

use battaglie_rules::{Game, Move, Pieces, Side, Square};

/// The levels of the computer against which the coach is on unless the player turns it off.
pub const COACH_LEVELS: std::ops::RangeInclusive<u8> = 1..=3;

/// Whether the coach is on by default against the computer at `level`.
pub fn coach_by_default(level: u8) -> bool {
    COACH_LEVELS.contains(&level)
}

/// One of the player's stacks that the other side could eliminate with one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exposed {
    /// Where it stands.
    pub square: Square,
    /// What it holds.
    pub pieces: Pieces,
    /// The other side's stacks that could eliminate it: their squares and what they hold.
    pub attackers: Vec<(Square, Pieces)>,
}

/// The coach's warning before a move: the stacks it leaves to be eliminated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The stacks the other side could eliminate next, in square order.
    pub exposed: Vec<Exposed>,
    /// The most pieces the other side's best reply would eliminate.
    pub loss: u32,
}

impl Warning {
    /// The squares to mark: each exposed stack and its attackers.
    pub fn squares(&self) -> Vec<Square> {
        marked(&self.exposed)
    }
}

/// The squares of the exposed stacks and of their attackers, each once.
pub fn marked(exposed: &[Exposed]) -> Vec<Square> {
    let mut squares: Vec<Square> = Vec::new();
    for e in exposed {
        for sq in std::iter::once(e.square).chain(e.attackers.iter().map(|a| a.0)) {
            if !squares.contains(&sq) {
                squares.push(sq);
            }
        }
    }
    squares
}

/// The warning for `mv`, the move of the side to move in `game`, or `None` when the move
/// leaves nothing to be eliminated, ends the game, is not legal, or no legal move would
/// lose less (see the module's documentation).
pub fn warn(game: &Game, mv: &Move) -> Option<Warning> {
    let moves = game.legal_moves();
    if !moves.contains(mv) {
        return None;
    }
    let player = game.position().side_to_move();
    let mut trial = game.clone();
    trial.play_listed(mv);
    let loss = best_loss(&trial);
    if loss == 0 {
        return None;
    }
    let exposed = exposed_to(&trial, !player, &trial.legal_moves());
    trial.undo();
    let better = moves.iter().filter(|m| *m != mv).any(|m| {
        trial.play_listed(m);
        let other = best_loss(&trial);
        trial.undo();
        other < loss
    });
    better.then_some(Warning { exposed, loss })
}

/// The `player`'s stacks that the other side could eliminate were it to move now, as it
/// will after the player's next move if nothing changes: what the other side threatens.
/// Nothing once the game is over.
pub fn threats(game: &Game, player: Side) -> Vec<Exposed> {
    if game.is_over() {
        return Vec::new();
    }
    let them = !player;
    exposed_to(game, them, &game.position().moves_of(them))
}

/// The most pieces one of `game`'s legal moves eliminates (0 once the game is over).
fn best_loss(game: &Game) -> u32 {
    let pos = game.position();
    game.legal_moves()
        .iter()
        .map(|m| {
            m.groups()
                .filter(|g| g.capture)
                .filter_map(|g| pos.stack(g.to))
                .map(|(_, p)| u32::from(p.total()))
                .sum()
        })
        .max()
        .unwrap_or(0)
}

/// The stacks that `attacker`'s `moves` eliminate in `game`'s position, each with the
/// squares they are eliminated from.
fn exposed_to(game: &Game, attacker: Side, moves: &[Move]) -> Vec<Exposed> {
    let pos = game.position();
    let mut found: BTreeMap<Square, Vec<Square>> = BTreeMap::new();
    for m in moves {
        let Some(from) = m.from() else { continue };
        for g in m.groups().filter(|g| g.capture) {
            let from_list = found.entry(g.to).or_default();
            if !from_list.contains(&from) {
                from_list.push(from);
            }
        }
    }
    found
        .into_iter()
        .filter_map(|(square, mut from)| {
            let (side, pieces) = pos.stack(square)?;
            (side != attacker).then(|| {
                from.sort();
                Exposed {
                    square,
                    pieces,
                    attackers: from
                        .into_iter()
                        .filter_map(|a| pos.stack(a).map(|(_, p)| (a, p)))
                        .collect(),
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::small_map;
    use battaglie_rules::Position;

    /// A game on a small map (rows from north to south, as the lessons write them).
    fn game(rows: &[&str], position: &str) -> Game {
        let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        let scenario = small_map("coach", 1, &rows, position, None, None).expect("a valid map");
        Game::new(Position::start(&scenario))
    }

    fn mv(game: &Game, text: &str) -> Move {
        game.position().parse_move(text).expect("a legal move")
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_foot_moved_next_to_a_mounted_in_the_open_is_warned() {
        // The Army's Foot on a2 steps to b2, next to the Indians' Mounted on c2 (Foot cannot
        // eliminate a Mounted, a Mounted eliminates anything); a1 and a3 are safe.
        let g = game(&[".....", ".....", "....."], "|5/|F1m2/|5 A 0 1");
        let w = warn(&g, &mv(&g, "a2:F-b2")).expect("a warning");
        assert_eq!(w.loss, 1);
        assert_eq!(
            w.exposed,
            vec![Exposed {
                square: sq("b2"),
                pieces: Pieces::new(1, 0, 0),
                attackers: vec![(sq("c2"), Pieces::new(0, 1, 0))],
            }]
        );
        assert_eq!(w.squares(), vec![sq("b2"), sq("c2")]);
        assert_eq!(warn(&g, &mv(&g, "a2:F-a1")), None);
    }

    #[test]
    fn foot_in_a_house_cannot_be_taken_by_mounted() {
        // The same move, but b2 is a house: the Mounted on c2 cannot enter it.
        let g = game(&[".....", ".H...", "....."], "|5/|F1m2/|5 A 0 1");
        let m = mv(&g, "a2:F-b2");
        assert_eq!(warn(&g, &m), None);
        let mut after = g.clone();
        after.play(&m);
        assert_eq!(threats(&after, Side::Army), Vec::new());
    }

    #[test]
    fn a_stack_the_move_itself_protects_is_not_warned() {
        // The Army's Foot on b2 is threatened by the Indians' Foot on c2. A Mounted joining
        // it makes the stack one that Foot cannot eliminate; taking the Foot on c2 removes
        // the threat; moving the Mounted away leaves the Foot to be taken.
        let g = game(&[".....", ".....", "....."], "|4m/|1Ff2/|1M3 A 0 1");
        assert_eq!(warn(&g, &mv(&g, "b1:M-b2")), None);
        assert_eq!(warn(&g, &mv(&g, "b2:Fxc2")), None);
        let w = warn(&g, &mv(&g, "b1:M-a1")).expect("a warning");
        assert_eq!(w.exposed.len(), 1);
        assert_eq!(w.exposed[0].square, sq("b2"));
        assert_eq!(
            w.exposed[0].attackers,
            vec![(sq("c2"), Pieces::new(1, 0, 0))]
        );
        assert_eq!(threats(&g, Side::Army), w.exposed);
    }

    #[test]
    fn a_winning_move_is_not_warned() {
        // Taking the last Indian stack wins, though the Foot on b2 stood next to it.
        let g = game(&[".....", ".....", "....."], "|5/|1Fm2/|1M3 A 0 1");
        assert!(
            warn(&g, &mv(&g, "b1:M-c1")).is_some(),
            "leaving the Foot is warned"
        );
        assert_eq!(warn(&g, &mv(&g, "b2:F-a2")), None);
        let g = game(&[".....", ".....", "....."], "|5/|1Fm2/|2M2 A 0 1");
        assert_eq!(warn(&g, &mv(&g, "c1:Mxc2")), None);
    }

    #[test]
    fn a_move_that_ends_the_game_by_repetition_is_not_warned() {
        // From "Foot on b2, Mounted on c2, Indians to move" the sides walk back and forth
        // until a2:F-b2 would make that position a third time: a draw, nobody replies.
        let mut g = game(&[".....", ".....", "....."], "|5/|1Fm2/|4M I 0 1");
        for m in [
            "c2:m-c3", "b2:F-a2", "c3:m-c2", "a2:F-b2", "c2:m-c3", "b2:F-a2", "c3:m-c2",
        ] {
            g.play_text(m).expect("a legal move");
        }
        let step = mv(&g, "a2:F-b2");
        assert_eq!(warn(&g, &step), None);
        // One lap earlier the same step was not a draw and was warned.
        g.undo();
        g.undo();
        g.undo();
        g.undo();
        assert!(warn(&g, &step).is_some());
    }

    #[test]
    fn a_stack_lost_whatever_the_move_is_not_warned() {
        // The Foot on a1 is stuck (cliffs on a2, a Mounted on b1 it cannot take): every
        // move of the Mounted on e3 leaves it to be taken, so nothing better exists.
        let g = game(&[".....", "^....", "....."], "|4M/|5/|Fm3 A 0 1");
        assert_eq!(warn(&g, &mv(&g, "e3:M-d3")), None);
        let t = threats(&g, Side::Army);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].square, sq("a1"));
    }
}
