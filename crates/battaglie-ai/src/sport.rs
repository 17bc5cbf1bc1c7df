//! A good sport: when the computer resigns, offers a draw or accepts one, and why.
//!
//! A [`Sport`] follows one side of a game. After each of that side's searches it is
//! told the reported score ([`Sport::record`]); [`Sport::gesture`] then says whether
//! to resign or offer a draw, and [`Sport::answer`] whether to accept an opponent's
//! offer. The reasons, strongest first:
//!
//! * the endgame table says the position is lost (resign), or drawn (offer, accept);
//! * neither side can ever win: no side has kinds that together eliminate every kind
//!   the other has left (capture table of the scenario, staging included), so no
//!   elimination can end the game (offer, accept);
//! * the search has scored the position at a winning chance of at most
//!   [`RESIGN_CHANCE`] (or a lost ending) on each of the side's last
//!   [`RESIGN_MOVES`] moves (resign), or below one half on the last one (accept an
//!   offer: a draw is worth more than the game).
//!
//! The scores are the outlook's ([`crate::outlook`]: one search budget whatever the
//! level, so a weak level and a strong one judge a position alike), judged by their
//! winning chance ([`crate::win_chance`]), not in centi-pieces: the battles are
//! unequal by design (the Army of Apache Pass starts some 1,200 centi-pieces down
//! yet scores about half), so a fixed score would make one side resign where it
//! stands to win.

use std::fmt;

use battaglie_rules::{can_ever_win, Position, Side};
use battaglie_tablebase::{Tablebase, Value};

use crate::chance::win_chance;
use crate::search::Score;

/// The winning chance (expected result, a draw counting one half) at or below which
/// a side counts as lost: 4,651 centi-pieces below the battle's balance on the
/// fitted curve, which is flat in the middle game and too cautious at its edges
/// (every position it put at 70-80% was won: docs/strength.md). The curve fitted
/// on weaker games put its 10% about as far down (3,520).
pub const RESIGN_CHANCE: f64 = 0.25;

/// How many of its own moves in a row a side must be scored lost before it resigns.
pub const RESIGN_MOVES: usize = 6;

/// Why the computer resigns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResignReason {
    /// The endgame table says the position is lost, the next elimination this many plies away.
    TablebaseLoss(u8),
    /// The search scored it lost (this score or worse) on the last several moves.
    LostScore(Score),
}

/// Why the computer offers or accepts a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawReason {
    /// The endgame table says neither side can force a win.
    TablebaseDraw,
    /// No side has kinds that can eliminate every kind the other has left.
    NeitherCanWin,
    /// The side asked has no kinds that can eliminate every kind the other has left: a
    /// draw is the best it can get (accepting only).
    CannotWin,
    /// The search scores the position below an even game for the side asked, or,
    /// before any search, its evaluation does not put it ahead (accepting only).
    Behind(Score),
    /// The endgame table says the side asked is lost (accepting only).
    TablebaseLoss(u8),
}

/// What a side does besides moving.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gesture {
    /// Resign the game.
    Resign(ResignReason),
    /// Offer the opponent a draw (and play on if it declines).
    OfferDraw(DrawReason),
}

impl ResignReason {
    /// A word for protocols and records: `tablebase-loss`, `lost-score`.
    pub fn word(self) -> &'static str {
        match self {
            ResignReason::TablebaseLoss(_) => "tablebase-loss",
            ResignReason::LostScore(_) => "lost-score",
        }
    }
}

impl DrawReason {
    /// A word for protocols and records: `tablebase-draw`, `neither-can-win`,
    /// `cannot-win`, `behind`, `tablebase-loss`.
    pub fn word(self) -> &'static str {
        match self {
            DrawReason::TablebaseDraw => "tablebase-draw",
            DrawReason::NeitherCanWin => "neither-can-win",
            DrawReason::CannotWin => "cannot-win",
            DrawReason::Behind(_) => "behind",
            DrawReason::TablebaseLoss(_) => "tablebase-loss",
        }
    }
}

impl fmt::Display for ResignReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Sentences for a player, after "The computer resigns: ": no scores.
            ResignReason::TablebaseLoss(_) => {
                f.write_str("the endgame table says its position is lost")
            }
            ResignReason::LostScore(_) => write!(
                f,
                "it has found its position lost on each of its last {RESIGN_MOVES} moves"
            ),
        }
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawReason::TablebaseDraw => f.write_str("the endgame table says it is a draw"),
            DrawReason::NeitherCanWin => {
                f.write_str("neither side has pieces that can eliminate every enemy kind")
            }
            DrawReason::CannotWin => f.write_str(
                "its pieces cannot eliminate every enemy kind: a draw is the best it can get",
            ),
            DrawReason::Behind(_) => {
                f.write_str("it gives its side less than an even chance from here")
            }
            DrawReason::TablebaseLoss(d) => {
                write!(
                    f,
                    "the endgame table says the position is lost (loss in {d})"
                )
            }
        }
    }
}

/// One side's view of the game's course, for resigning and draws.
#[derive(Debug, Clone, Default)]
pub struct Sport {
    /// The scores of the side's last moves, the latest last (at most [`RESIGN_MOVES`]).
    scores: Vec<Score>,
}

/// Whether `side`'s score `score` in `pos`'s battle counts as lost.
fn lost(pos: &Position, side: Side, score: Score) -> bool {
    win_chance(pos.scenario(), side, score) <= RESIGN_CHANCE
}

/// Whether `side` expects less from `score` than from a draw.
fn behind(pos: &Position, side: Side, score: Score) -> bool {
    win_chance(pos.scenario(), side, score) < 0.5
}

impl Sport {
    /// A side that has not moved yet.
    pub fn new() -> Sport {
        Sport::default()
    }

    /// Hears the reported score ([`crate::report_score`], the side's own view) of the
    /// side's latest search.
    pub fn record(&mut self, score: Score) {
        if self.scores.len() == RESIGN_MOVES {
            self.scores.remove(0);
        }
        self.scores.push(score);
    }

    /// A side whose last searches scored `scores`, the latest last (as [`Sport::scores`]
    /// gave them): a sport kept apart from the search, e.g. in a browser's storage.
    pub fn with_scores(scores: impl IntoIterator<Item = Score>) -> Sport {
        let mut sport = Sport::new();
        for score in scores {
            sport.record(score);
        }
        sport
    }

    /// The scores it has heard, the latest last (at most [`RESIGN_MOVES`]).
    pub fn scores(&self) -> &[Score] {
        &self.scores
    }

    /// Whether it has heard of any search (since it was made or reset).
    pub fn has_scores(&self) -> bool {
        !self.scores.is_empty()
    }

    /// Forgets the course of the game (a new game, or a position taken back).
    pub fn reset(&mut self) {
        self.scores.clear();
    }

    /// Whether the side to move of `pos` (the side this follows) resigns or offers a
    /// draw, and why; `None` to play on. `table` is the scenario's endgame table, if any.
    pub fn gesture(&self, pos: &Position, table: Option<&Tablebase>) -> Option<Gesture> {
        if pos.is_over() {
            return None;
        }
        match table.and_then(|t| t.probe(pos)) {
            Some(Value::Loss(d)) => return Some(Gesture::Resign(ResignReason::TablebaseLoss(d))),
            Some(Value::Draw) => return Some(Gesture::OfferDraw(DrawReason::TablebaseDraw)),
            Some(Value::Win(_)) => return None,
            None => {}
        }
        if !can_ever_win(pos, Side::Army) && !can_ever_win(pos, Side::Indians) {
            return Some(Gesture::OfferDraw(DrawReason::NeitherCanWin));
        }
        let us = pos.side_to_move();
        if self.scores.len() == RESIGN_MOVES && self.scores.iter().all(|&s| lost(pos, us, s)) {
            let last = *self.scores.last().expect("full");
            return Some(Gesture::Resign(ResignReason::LostScore(last)));
        }
        None
    }

    /// Whether the side this follows accepts a draw offered in `pos` (whoever is to
    /// move), and why; `None` declines.
    pub fn answer(
        &self,
        pos: &Position,
        us: Side,
        table: Option<&Tablebase>,
    ) -> Option<DrawReason> {
        if pos.is_over() {
            return None;
        }
        if let Some(v) = table.and_then(|t| t.probe(pos)) {
            // The table's value is the side to move's.
            let ours = match v {
                _ if pos.side_to_move() == us => v,
                Value::Win(d) => Value::Loss(d),
                Value::Loss(d) => Value::Win(d),
                Value::Draw => Value::Draw,
            };
            return match ours {
                Value::Draw => Some(DrawReason::TablebaseDraw),
                Value::Loss(d) => Some(DrawReason::TablebaseLoss(d)),
                Value::Win(_) => None,
            };
        }
        if !can_ever_win(pos, us) {
            return Some(if can_ever_win(pos, !us) {
                DrawReason::CannotWin
            } else {
                DrawReason::NeitherCanWin
            });
        }
        match self.scores.last() {
            Some(&s) if behind(pos, us, s) => Some(DrawReason::Behind(s)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use battaglie_rules::Scenario;

    use super::*;
    use crate::chance::score_for;

    fn washita(bfen: &str) -> Position {
        let s = Scenario::builtin("washita").expect("built in");
        Position::from_bfen(&s, bfen).expect("a valid BFEN")
    }

    /// The score at which `side` of `pos`'s battle has `chance`.
    fn at(pos: &Position, side: Side, chance: f64) -> Score {
        Score::Value(score_for(pos.scenario(), side, chance))
    }

    #[test]
    fn a_sport_kept_as_its_scores_words_resigns_as_the_one_it_was_read_from() {
        let pos = washita("|12/|12/|12/|12/|12/|12/|F11/|11(mm) A 5 30");
        let mut sport = Sport::new();
        for s in [Score::Win(3), Score::Loss(8), Score::Value(-35)] {
            sport.record(s);
        }
        for _ in 0..RESIGN_MOVES {
            sport.record(at(&pos, Side::Army, 0.05));
        }
        let words: Vec<String> = sport.scores().iter().map(ToString::to_string).collect();
        let read = Sport::with_scores(words.iter().map(|w| w.parse::<Score>().unwrap()));
        assert_eq!(read.scores(), sport.scores());
        assert_eq!(read.gesture(&pos, None), sport.gesture(&pos, None));
        assert!(read.gesture(&pos, None).is_some());
        for bad in ["", "win", "win x", "draw 3", "3.5"] {
            assert!(bad.parse::<Score>().is_err(), "{bad:?}");
        }
        assert_eq!("loss 4".parse(), Ok(Score::Loss(4)));
    }

    #[test]
    fn foot_alone_can_never_win_against_mounted() {
        let pos = washita("|12/|12/|12/|12/|12/|12/|F11/|11m A 5 30");
        assert!(!can_ever_win(&pos, Side::Army));
        assert!(can_ever_win(&pos, Side::Indians));
        let sport = Sport::new();
        assert_eq!(
            sport.answer(&pos, Side::Army, None),
            Some(DrawReason::CannotWin)
        );
        assert_eq!(sport.answer(&pos, Side::Indians, None), None);
    }

    #[test]
    fn a_side_resigns_only_after_several_lost_scores_in_a_row() {
        let pos = washita("|12/|12/|12/|12/|12/|12/|F11/|11(mm) A 5 30");
        let mut sport = Sport::new();
        let lost = at(&pos, Side::Army, 0.05);
        for _ in 0..RESIGN_MOVES - 1 {
            sport.record(lost);
            assert_eq!(sport.gesture(&pos, None), None);
        }
        sport.record(lost);
        assert_eq!(
            sport.gesture(&pos, None),
            Some(Gesture::Resign(ResignReason::LostScore(lost)))
        );
        sport.record(at(&pos, Side::Army, 0.3));
        assert_eq!(sport.gesture(&pos, None), None, "one better score stops it");
    }

    #[test]
    fn a_side_the_battle_starts_behind_in_pieces_does_not_resign_for_it() {
        // The Army of Apache Pass is scored about 1,200 centi-pieces down from the
        // start, by design of the battle, and scores about half: it plays on.
        let s = Scenario::builtin("apache-pass").expect("built in");
        let pos = Position::start(&s);
        let Score::Value(start) = crate::outlook(&pos) else {
            panic!("the start is not a forced result");
        };
        let mut sport = Sport::new();
        for _ in 0..RESIGN_MOVES {
            sport.record(Score::Value(start));
        }
        assert_eq!(sport.gesture(&pos, None), None);
        // Three Mounted further down it is still far from lost...
        for _ in 0..RESIGN_MOVES {
            sport.record(Score::Value(start - 900));
        }
        assert_eq!(sport.gesture(&pos, None), None);
        // ...but a draw is worth more to it than the game.
        assert!(matches!(
            sport.answer(&pos, Side::Army, None),
            Some(DrawReason::Behind(_))
        ));
        // Scored lost by the winning chance, it resigns.
        for _ in 0..RESIGN_MOVES {
            sport.record(at(&pos, Side::Army, 0.05));
        }
        assert!(matches!(
            sport.gesture(&pos, None),
            Some(Gesture::Resign(ResignReason::LostScore(_)))
        ));
    }

    #[test]
    fn neither_side_can_win_when_no_kind_reaches_the_other() {
        // Mounted that cannot eliminate Mounted.
        let text = format!(
            "{}\n[rules.eliminates]\nF = [\"F\"]\nM = [\"F\", \"V\"]\nV = [\"F\", \"V\"]\n",
            Scenario::builtin_source("washita").expect("built in")
        );
        let s = Scenario::from_toml("washita.toml", &text).expect("reads");
        let pos =
            Position::from_bfen(&s, "|12/|12/|12/|12/|12/|12/|M11/|11m A 5 30").expect("valid");
        assert_eq!(
            Sport::new().gesture(&pos, None),
            Some(Gesture::OfferDraw(DrawReason::NeitherCanWin))
        );
    }

    #[test]
    fn a_resignation_is_said_as_a_sentence_for_a_player_without_scores() {
        for reason in [
            ResignReason::LostScore(Score::Value(-5040)),
            ResignReason::TablebaseLoss(7),
        ] {
            let words = reason.to_string();
            for jargon in ["-5040", "score", "(", "7"] {
                assert!(!words.contains(jargon), "{jargon}: {words}");
            }
        }
        assert_eq!(
            ResignReason::LostScore(Score::Value(-5040)).to_string(),
            format!("it has found its position lost on each of its last {RESIGN_MOVES} moves")
        );
    }
}
