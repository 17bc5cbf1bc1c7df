//! Fixed ratings for the computer's eight levels, calibrated from the ladder
//! in docs/strength.md.
//!
//! The ladder plays each level against the one below and turns each rung's
//! score into an Elo difference; the differences add up to each level's
//! distance above level 1 (the table's last column). Glicko-2 ratings are on
//! Elo's scale (400 points: 10 to 1 odds), so the levels keep those distances
//! exactly. What the ladder cannot say is where humans stand: only games
//! between people and the computer will. Until then the ladder's middle, half
//! way between levels 4 and 5, is put at 1500, a new player's rating, so a
//! newcomer's first suggested opponent is the middle of the range, and the
//! levels run from 236 to 1787. A level's rating never moves; its deviation
//! is [`LEVEL_DEVIATION`], about one rung's 95% interval.

use serde::{Deserialize, Serialize};

use crate::rating::Rating;

/// Each level's Elo above level 1, from the ladder (docs/strength/ladder.md),
/// levels 1 to 8.
pub const LADDER_ELO: [f64; 8] = [0.0, 798.0, 954.0, 1159.0, 1369.0, 1425.0, 1474.0, 1551.0];

/// The rating given to level 1: the ladder's middle (levels 4 and 5) at 1500.
pub const LEVEL_1_RATING: f64 = 1500.0 - (LADDER_ELO[3] + LADDER_ELO[4]) / 2.0;

/// The deviation of every level's fixed rating: the ladder measured each rung's
/// step to within about ±35 to ±65 Elo (95%).
pub const LEVEL_DEVIATION: f64 = 50.0;

/// The computer's levels.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=8;

/// Error of [`level_rating`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    /// Not one of the levels 1 to 8.
    #[error("level {0} does not exist: the computer plays levels 1 to 8")]
    NoSuchLevel(u8),
}

/// A computer level and its rating, as the "play the computer" choice shows it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LevelRating {
    /// The level, 1 to 8.
    pub level: u8,
    /// Its fixed rating.
    pub rating: Rating,
}

/// The fixed rating of computer level `level`.
///
/// # Errors
/// [`LevelError::NoSuchLevel`] outside 1 to 8.
pub fn level_rating(level: u8) -> Result<Rating, LevelError> {
    if !LEVELS.contains(&level) {
        return Err(LevelError::NoSuchLevel(level));
    }
    Ok(Rating {
        rating: (LEVEL_1_RATING + LADDER_ELO[usize::from(level - 1)]).round(),
        deviation: LEVEL_DEVIATION,
        volatility: 0.06,
        rated_at: None,
    })
}

/// Every level with its rating, level 1 first.
pub fn level_ratings() -> Vec<LevelRating> {
    LEVELS
        .map(|level| LevelRating {
            level,
            rating: level_rating(level).expect("LEVELS are levels"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Elo column of the ladder table as published.
    fn published_ladder() -> Vec<f64> {
        let text = include_str!("../../../docs/strength/ladder.md");
        let mut elo = vec![0.0];
        for line in text
            .lines()
            .filter(|l| l.starts_with("| ") && l.contains(" v "))
        {
            let last = line
                .trim_end_matches('|')
                .rsplit('|')
                .next()
                .unwrap()
                .trim();
            elo.push(last.trim_start_matches('+').parse().unwrap());
        }
        elo
    }

    #[test]
    fn level_ratings_keep_the_ladder_s_distances() {
        assert_eq!(
            published_ladder(),
            LADDER_ELO.to_vec(),
            "re-run ladder: update LADDER_ELO"
        );
        let r = level_ratings();
        assert_eq!(r.len(), 8);
        assert_eq!(r[0].rating.rating, 236.0);
        assert_eq!(r[7].rating.rating, 1787.0);
        for pair in r.windows(2) {
            assert!(pair[1].rating.rating > pair[0].rating.rating);
        }
        assert_eq!(r[7].rating.rating - r[0].rating.rating, 1551.0);
    }

    #[test]
    fn a_new_player_is_expected_to_score_about_half_against_the_middle_levels() {
        let four = level_rating(4).unwrap();
        let five = level_rating(5).unwrap();
        let new = Rating::NEW;
        assert!(new.expected_against(&four) < 0.5 + 0.1 && new.expected_against(&five) > 0.5 - 0.1);
        assert!(new.expected_against(&four) > 0.5 && new.expected_against(&five) < 0.5);
    }

    #[test]
    fn there_is_no_level_nine() {
        assert_eq!(level_rating(9), Err(LevelError::NoSuchLevel(9)));
        assert_eq!(level_rating(0), Err(LevelError::NoSuchLevel(0)));
    }
}
