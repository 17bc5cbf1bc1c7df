//! Whether a side could ever win: the test behind the timeout rule (RULES.md,
//! "Clocks and leaving") and every "nobody can win any more" judgement.
//!
//! The reading is the one chess uses for a flag fall: a side *can* win when some
//! series of legal moves, by both sides, ends with every enemy piece
//! eliminated. It cannot when some enemy piece is safe from every series: no
//! kind the side has left eliminates that piece's kind (capture table), or no
//! piece that could eliminate it can ever stand where it can stand (terrain:
//! a Foot that can never leave ground only Foot may enter, facing only Mounted;
//! an Army piece in staging whose way onto the map is closed to its kind).
//!
//! The test looks at the terrain and the kinds only, never at where the other
//! pieces stand, so it is sound for a draw: when it says "never", no series of
//! moves wins. Pieces never come back and kinds never change, so "never" stays
//! true for the rest of the game.

use std::fmt;

use crate::kind::Kind;
use crate::position::Position;
use crate::scenario::Scenario;
use crate::side::Side;
use crate::square::{Square, SQUARES};

/// An enemy piece that a side can never eliminate, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Untouchable {
    /// The side that can never eliminate it.
    pub attacker: Side,
    /// Where the piece stands now.
    pub square: Square,
    /// Its kind.
    pub kind: Kind,
    /// Why it is out of the attacker's reach for ever.
    pub why: Unreachable,
}

/// Why a piece is beyond every attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreachable {
    /// No kind the attacker has left can eliminate this kind (capture table).
    NoEliminator,
    /// Some kinds could, but no such piece can ever stand where this piece can
    /// stand (terrain).
    OutOfReach,
}

impl fmt::Display for Untouchable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let attacker = self.attacker.title();
        let defender = match !self.attacker {
            Side::Army => "Army's",
            Side::Indians => "Indians'",
        };
        // The Army is one body, the Indians several peoples: the verb agrees.
        let has = match self.attacker {
            Side::Army => "has",
            Side::Indians => "have",
        };
        match self.why {
            Unreachable::NoEliminator => write!(
                f,
                "the {attacker} {has} no piece left that can eliminate the {defender} {} on {}",
                self.kind, self.square
            ),
            Unreachable::OutOfReach => write!(
                f,
                "no piece of the {attacker} that could eliminate the {defender} {} on {} can ever reach it",
                self.kind, self.square
            ),
        }
    }
}

/// A set of internal square indices.
#[derive(Clone, Copy, PartialEq, Eq)]
struct SquareSet([u64; SQUARES.div_ceil(64)]);

impl SquareSet {
    const EMPTY: SquareSet = SquareSet([0; SQUARES.div_ceil(64)]);

    fn insert(&mut self, sq: Square) -> bool {
        let (w, b) = (sq.index() / 64, sq.index() % 64);
        let new = self.0[w] & (1 << b) == 0;
        self.0[w] |= 1 << b;
        new
    }

    fn intersects(&self, other: &SquareSet) -> bool {
        self.0.iter().zip(other.0).any(|(a, b)| a & b != 0)
    }
}

/// The map squares a piece of `kind` could ever stand on after stepping to
/// one of `first` (squares it could step to now), ignoring every other piece.
fn reach(scenario: &Scenario, kind: Kind, first: impl Iterator<Item = Square>) -> SquareSet {
    let may_enter = |sq: Square| !sq.is_staging() && scenario.enter[sq.index()].contains(kind);
    let mut seen = SquareSet::EMPTY;
    let mut todo: Vec<Square> = first.filter(|&sq| may_enter(sq)).collect();
    for &sq in &todo {
        seen.insert(sq);
    }
    while let Some(sq) = todo.pop() {
        for n in scenario.neighbours(sq) {
            if may_enter(n) && seen.insert(n) {
                todo.push(n);
            }
        }
    }
    seen
}

/// The first enemy piece (in square order, then kind order) that `attacker`
/// can never eliminate, or `None` when some series of legal moves could
/// eliminate them all.
///
/// A side with no pieces left can eliminate nothing; an enemy with no pieces
/// left has nothing to eliminate (`None`).
pub fn untouchable(position: &Position, attacker: Side) -> Option<Untouchable> {
    let scenario = position.scenario();
    let rules = scenario.rules();
    // Where each attacking piece could arrive by a step: (kind, squares).
    let mut arrivals: Vec<(Kind, SquareSet)> = Vec::new();
    for sq in position.squares_of(attacker) {
        let (_, pieces) = position
            .stack(sq)
            .expect("squares_of lists occupied squares");
        for kind in pieces.kinds().iter() {
            arrivals.push((kind, reach(scenario, kind, scenario.neighbours(sq))));
        }
    }
    let defender = !attacker;
    for sq in position.squares_of(defender) {
        let (_, pieces) = position
            .stack(sq)
            .expect("squares_of lists occupied squares");
        for kind in pieces.kinds().iter() {
            let mut eliminators = arrivals
                .iter()
                .filter(|(a, _)| rules.eliminates(*a).contains(kind))
                .peekable();
            let why = if eliminators.peek().is_none() {
                Unreachable::NoEliminator
            } else {
                // Where this piece can stand: here (a map square) and wherever it can walk.
                let mut stand = reach(scenario, kind, scenario.neighbours(sq));
                if !sq.is_staging() {
                    stand.insert(sq);
                }
                if eliminators.any(|(_, arrive)| arrive.intersects(&stand)) {
                    continue;
                }
                Unreachable::OutOfReach
            };
            return Some(Untouchable {
                attacker,
                square: sq,
                kind,
                why,
            });
        }
    }
    None
}

/// Whether some series of legal moves could still let `side` eliminate every
/// enemy piece (see [`untouchable`] for the piece that proves it cannot).
pub fn can_ever_win(position: &Position, side: Side) -> bool {
    position.piece_count(side) > 0 && untouchable(position, side).is_none()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    fn washita(bfen: &str) -> Position {
        Position::from_bfen(&Scenario::builtin("washita").unwrap(), bfen).unwrap()
    }

    /// A 4x3 map: `rows` north first, `kinds` extra terrain definitions.
    fn custom(rows: [&str; 3], kinds: &str, eliminates: &str, bfen: &str) -> Position {
        let text = format!(
            "id = \"t\"\nname = \"t\"\ndate = \"1977-01-01\"\nwidth = 4\nheight = 3\n\
             start = \"{bfen}\"\n[sides.army]\nname = \"Army\"\n[sides.indians]\nname = \"Indians\"\n\
             [rules]\n{eliminates}\n[terrain]\nrows = [\"{}\", \"{}\", \"{}\"]\n[terrain.kinds]\n{kinds}\n",
            rows[0], rows[1], rows[2]
        );
        let scenario: Arc<Scenario> = Scenario::from_toml("t.toml", &text).unwrap();
        Position::start(&scenario)
    }

    #[test]
    fn foot_only_side_cannot_win_against_a_horseman() {
        let p = washita("|12/|12/|12/|12/|2F9/|12/|6m5/|12 A 0 1");
        let u = untouchable(&p, Side::Army).unwrap();
        assert_eq!((u.kind, u.why), (Kind::Mounted, Unreachable::NoEliminator));
        assert!(!can_ever_win(&p, Side::Army));
        assert_eq!(
            u.to_string(),
            "the Army has no piece left that can eliminate the Indians' Mounted on g2"
        );
    }

    #[test]
    fn foot_only_side_can_win_against_foot_only() {
        let p = washita("|12/|12/|12/|12/|2F9/|12/|6f5/|12 A 0 1");
        assert!(can_ever_win(&p, Side::Army));
    }

    #[test]
    fn one_horseman_is_enough_against_any_force() {
        let p = washita("|12/|12/|12/|12/|2M9/|12/|6(ffm)v4/|12 A 0 1");
        assert!(can_ever_win(&p, Side::Army));
        // The Indians' Foot cannot eliminate the horseman.
        let p = washita("|12/|12/|12/|12/|2M9/|12/|6(fff)5/|12 I 0 1");
        assert!(!can_ever_win(&p, Side::Indians));
    }

    #[test]
    fn foot_in_a_house_is_reachable_when_it_can_walk_out() {
        // Washita's houses open onto open ground: the Foot may step out (the
        // reading is "some series of moves", both sides' moves).
        let scenario = Scenario::builtin("washita").unwrap();
        let house = scenario
            .squares()
            .find(|&sq| scenario.terrain(sq).is_some_and(|t| t.symbol == 'H'))
            .expect("Washita has houses");
        let mut cells = vec![String::from("|12"); 8];
        let rank = house.rank() as usize;
        let file = house.file().unwrap() as usize;
        let west = if file == 0 {
            String::new()
        } else {
            file.to_string()
        };
        let east = if file == 11 {
            String::new()
        } else {
            (11 - file).to_string()
        };
        cells[7 - rank] = format!("|{west}f{east}");
        let staging_rank = if rank == 0 { 1 } else { 0 };
        cells[7 - staging_rank] = "MM|12".into();
        let p = Position::from_bfen(&scenario, &format!("{} A 0 1", cells.join("/"))).unwrap();
        assert!(can_ever_win(&p, Side::Army));
    }

    #[test]
    fn foot_walled_in_where_only_foot_may_go_is_safe_from_horsemen() {
        // File d is rocks that only Foot may climb, file c a river that Foot
        // cannot cross: the Indian Foot on d1 can only ever stand on the rocks,
        // where the Army's horseman can never go.
        let kinds = "\"^\" = { name = \"rocks\", enter = [\"F\"] }\n\
                     \"~\" = { name = \"river\", enter = [\"M\", \"V\"] }";
        let rows = ["..~^", "..~^", "..~^"];
        let p = custom(rows, kinds, "", "M|4/|4/|3f A 0 1");
        let u = untouchable(&p, Side::Army).unwrap();
        assert_eq!((u.kind, u.why), (Kind::Foot, Unreachable::OutOfReach));
        assert_eq!(
            u.to_string(),
            "no piece of the Army that could eliminate the Indians' Foot on d1 can ever reach it"
        );
        // An Army Foot already on the rocks can walk down to it.
        let p = custom(rows, kinds, "", "M|3F/|4/|3f A 0 1");
        assert!(can_ever_win(&p, Side::Army));
    }

    #[test]
    fn army_stuck_in_staging_can_never_be_eliminated() {
        // File a is a house along the whole west edge: staged horsemen can never
        // ride onto the map, and nothing can enter a staging square.
        let p = custom(["H...", "H...", "H..."], "", "", "M|4/|4/|3m A 0 1");
        let u = untouchable(&p, Side::Indians).unwrap();
        assert_eq!(u.square, Square::staging(2));
        assert_eq!(u.why, Unreachable::OutOfReach);
        // Staged Foot can walk in through the houses, and be caught there by Foot.
        let p = custom(["H...", "H...", "H..."], "", "", "F|4/|4/|3f A 0 1");
        assert!(can_ever_win(&p, Side::Indians));
        // And by horsemen too: the Foot can walk on to open ground.
        let p = custom(["H...", "H...", "H..."], "", "", "F|4/|4/|3m A 0 1");
        assert!(can_ever_win(&p, Side::Indians));
    }

    #[test]
    fn capture_table_of_the_scenario_decides() {
        // Mounted eliminate F and M, Vehicles only V: each enemy kind has an
        // eliminator, though no single kind covers both.
        let table = "[rules.eliminates]\nF = [\"F\"]\nM = [\"F\", \"M\"]\nV = [\"V\"]";
        let p = custom(["....", "....", "...."], "", table, "MV|4/|4/|2mv A 0 1");
        assert!(can_ever_win(&p, Side::Army));
        let p = custom(["....", "....", "...."], "", table, "V|4/|4/|2mv A 0 1");
        let u = untouchable(&p, Side::Army).unwrap();
        assert_eq!((u.kind, u.why), (Kind::Mounted, Unreachable::NoEliminator));
    }

    #[test]
    fn a_side_without_pieces_cannot_win_and_an_empty_enemy_is_beaten() {
        let p = washita("|12/|12/|12/|12/|2F9/|12/|12/|12 I 0 1");
        assert!(!can_ever_win(&p, Side::Indians));
        assert!(can_ever_win(&p, Side::Army));
    }
}
