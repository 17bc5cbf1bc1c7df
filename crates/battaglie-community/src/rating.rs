//! Glicko-2 ratings for rated games, with the `skillratings` crate.
//!
//! Each player has one rating, with its deviation (how sure it is) and
//! volatility (how erratic the player is). A new player starts at 1500 ± 350.
//!
//! Rating periods: Glickman's paper updates everyone once per period from all
//! of the period's games; `skillratings` offers that
//! (`glicko2_rating_period`) and an instant update of two players after one
//! game (`glicko2`), which is what players expect to see on the result
//! screen. battaglie uses the instant update and keeps the paper's handling of
//! time: before a game, a player's deviation grows by one period of
//! volatility for every whole [`RATING_PERIOD`] since their last rated game
//! (`decay_deviation`, at most back to 350), so a player returning after
//! months is uncertain again and their first results move them quickly.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{decay_deviation, glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::time::Timestamp;

/// One rating period: a day. A player idle for a year comes back at a deviation
/// of about 200 from 50 (volatility 0.06).
pub const RATING_PERIOD: Duration = Duration::from_secs(86_400);

/// Above this deviation a rating is shown as provisional (`1620?`).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The largest (and a new player's) deviation.
pub const MAX_DEVIATION: f64 = 350.0;

/// A player's rating.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating, 1500 for a new player.
    pub rating: f64,
    /// The rating deviation (one standard deviation of the estimate).
    pub deviation: f64,
    /// The volatility (Glicko-2's sigma).
    pub volatility: f64,
    /// When the player's last rated game ended (`None`: never).
    pub rated_at: Option<Timestamp>,
}

/// A game's result, from one player's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// The player won.
    Win,
    /// Nobody won.
    Draw,
    /// The player lost.
    Loss,
}

impl Score {
    /// The opponent's view of the same result.
    pub fn reversed(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }

    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }
}

/// Error of [`Rating::new`]: a stored rating that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum RatingError {
    /// The rating is not a finite number.
    #[error("rating {0} is not a finite number")]
    Rating(f64),
    /// The deviation is not in 0 (exclusive) to 350.
    #[error("rating deviation {0} is not above 0 and at most 350")]
    Deviation(f64),
    /// The volatility is not in 0 (exclusive) to 1.
    #[error("rating volatility {0} is not above 0 and below 1")]
    Volatility(f64),
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::NEW
    }
}

impl Rating {
    /// A new player's rating: 1500 ± 350, volatility 0.06.
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: MAX_DEVIATION,
        volatility: 0.06,
        rated_at: None,
    };

    /// A rating read back from a store, checked.
    ///
    /// # Errors
    /// A [`RatingError`] naming the field out of range.
    pub fn new(
        rating: f64,
        deviation: f64,
        volatility: f64,
        rated_at: Option<Timestamp>,
    ) -> Result<Rating, RatingError> {
        if !rating.is_finite() {
            return Err(RatingError::Rating(rating));
        }
        if !(deviation > 0.0 && deviation <= MAX_DEVIATION) {
            return Err(RatingError::Deviation(deviation));
        }
        if !(volatility > 0.0 && volatility < 1.0) {
            return Err(RatingError::Volatility(volatility));
        }
        Ok(Rating {
            rating,
            deviation,
            volatility,
            rated_at,
        })
    }

    /// Whether the rating is still too uncertain to be taken at its word.
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating as shown: rounded, `?` when provisional (`1500?`).
    pub fn label(&self) -> String {
        let mark = if self.is_provisional() { "?" } else { "" };
        format!("{:.0}{mark}", self.rating)
    }

    /// This rating as it stands at `now`: the deviation grown for every whole
    /// rating period without a rated game.
    pub fn aged(&self, now: Timestamp) -> Rating {
        let Some(at) = self.rated_at else {
            return *self;
        };
        let periods = now.since(at).as_secs() / RATING_PERIOD.as_secs();
        let mut g = self.glicko();
        for _ in 0..periods {
            if g.deviation >= MAX_DEVIATION {
                break;
            }
            g = decay_deviation(&g);
        }
        Rating {
            deviation: g.deviation,
            ..*self
        }
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_glicko(g: Glicko2Rating, at: Timestamp) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation.min(MAX_DEVIATION),
            volatility: g.volatility,
            rated_at: Some(at),
        }
    }

    /// The expected score (0 to 1) of this player against `other`.
    pub fn expected_against(&self, other: &Rating) -> f64 {
        skillratings::glicko2::expected_score(&self.glicko(), &other.glicko()).0
    }
}

/// The two players' new ratings after a rated game between them that ended at
/// `now`, `score` from `a`'s view.
pub fn rate_game(a: &Rating, b: &Rating, score: Score, now: Timestamp) -> (Rating, Rating) {
    let (a, b) = (a.aged(now).glicko(), b.aged(now).glicko());
    let (a, b) = glicko2(&a, &b, &score.outcome(), &Glicko2Config::new());
    (Rating::from_glicko(a, now), Rating::from_glicko(b, now))
}

/// A player's new rating after a rated game against an opponent whose rating
/// does not move (a computer level, see [`crate::level_rating`]).
pub fn rate_against_fixed(player: &Rating, fixed: &Rating, score: Score, now: Timestamp) -> Rating {
    rate_game(player, fixed, score, now).0
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    const T0: Timestamp = Timestamp(1_767_225_600_000);

    #[test]
    fn the_winner_gains_what_the_paper_says() {
        // Two new players: 1662 and 1338, deviations 290 (the crate's own example).
        let (a, b) = rate_game(&Rating::NEW, &Rating::NEW, Score::Win, T0);
        assert_eq!((a.rating.round(), a.deviation.round()), (1662.0, 290.0));
        assert_eq!((b.rating.round(), b.deviation.round()), (1338.0, 290.0));
        assert_eq!(a.rated_at, Some(T0));
        assert_eq!(a.label(), "1662?");
    }

    #[test]
    fn a_draw_between_equals_moves_nobody() {
        let r = Rating::new(1700.0, 150.0, 0.06, Some(T0)).unwrap();
        let (a, b) = rate_game(&r, &r, Score::Draw, T0);
        assert!((a.rating - 1700.0).abs() < 1e-6 && (b.rating - 1700.0).abs() < 1e-6);
        // A game is information: the deviation shrinks.
        assert!(a.deviation < 150.0);
        assert_eq!(a.label(), "1700?");
        let settled = Rating::new(1700.0, 60.0, 0.06, Some(T0)).unwrap();
        assert_eq!(settled.label(), "1700");
    }

    #[test]
    fn idle_periods_grow_the_deviation_up_to_350() {
        let r = Rating::new(1700.0, 50.0, 0.06, Some(T0)).unwrap();
        assert_eq!(r.aged(T0.plus(Duration::from_secs(86_399))).deviation, 50.0);
        let year = r.aged(T0.plus(RATING_PERIOD * 365));
        assert!(
            (190.0..215.0).contains(&year.deviation),
            "{}",
            year.deviation
        );
        let ages = r.aged(T0.plus(RATING_PERIOD * 100_000));
        assert_eq!(ages.deviation, MAX_DEVIATION);
        assert_eq!(Rating::NEW.aged(T0), Rating::NEW);
    }

    #[test]
    fn stored_ratings_are_checked() {
        assert!(matches!(
            Rating::new(f64::NAN, 50.0, 0.06, None),
            Err(RatingError::Rating(_))
        ));
        assert!(matches!(
            Rating::new(1500.0, 0.0, 0.06, None),
            Err(RatingError::Deviation(_))
        ));
        assert!(matches!(
            Rating::new(1500.0, 351.0, 0.06, None),
            Err(RatingError::Deviation(_))
        ));
        assert!(matches!(
            Rating::new(1500.0, 50.0, 1.5, None),
            Err(RatingError::Volatility(_))
        ));
    }

    proptest! {
        #[test]
        fn winning_never_lowers_a_rating(ra in 800.0f64..2500.0, rb in 800.0f64..2500.0,
                                         da in 30.0f64..350.0, db in 30.0f64..350.0) {
            let a = Rating::new(ra, da, 0.06, Some(T0)).unwrap();
            let b = Rating::new(rb, db, 0.06, Some(T0)).unwrap();
            let (wa, lb) = rate_game(&a, &b, Score::Win, T0);
            prop_assert!(wa.rating >= a.rating && lb.rating <= b.rating);
            prop_assert!(wa.deviation <= MAX_DEVIATION && wa.deviation > 0.0);
            let (la, _) = rate_game(&a, &b, Score::Loss, T0);
            prop_assert!(la.rating <= a.rating);
        }
    }
}
