//! The winning chance a reported score stands for, fitted on self-play results.
//!
//! A score `s` (centi-pieces from the side to move's view, see [`crate::report_score`])
//! maps to the side to move's expected result, a win counting 1 and a draw ½:
//! `1 / (1 + e^(-s / SCALE))`. The curve is symmetric, so the two sides' chances of
//! one position add up to 1. [`WIN_CHANCE_SCALE`] was fitted by [`fit_scale`] on
//! self-play games (`battaglie winchance`, docs/strength.md).

use crate::search::Score;

/// The logistic curve's scale in centi-pieces: a lead of this much is an expected
/// result of 73%, twice as much 88%. Fitted on self-play (docs/strength.md).
pub const WIN_CHANCE_SCALE: f64 = 400.0;

/// The side to move's expected result (a win 1, a draw ½, a loss 0) at `score`.
pub fn win_chance(score: Score) -> f64 {
    match score {
        Score::Value(v) => logistic(f64::from(v), WIN_CHANCE_SCALE),
        Score::Win(_) => 1.0,
        Score::Loss(_) => 0.0,
    }
}

fn logistic(v: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-v / scale).exp())
}

/// The mean log-loss of the curve of `scale` on `samples` (score, result).
fn log_loss(samples: &[(i32, f64)], scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|&(v, result)| {
            let p = logistic(f64::from(v), scale).clamp(1e-9, 1.0 - 1e-9);
            -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale, between 10 and 100,000 centi-pieces, whose curve best predicts the
/// `samples`: pairs of a reported score and the result that followed for the side it
/// was reported for (1 a win, 0.5 a draw, 0 a loss), by least log-loss (a golden
/// section search over the scale's logarithm: the loss has a single minimum there).
pub fn fit_scale(samples: &[(i32, f64)]) -> f64 {
    let (mut lo, mut hi) = (10f64.ln(), 100_000f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let loss = |x: f64| log_loss(samples, x.exp());
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let (mut fa, mut fb) = (loss(a), loss(b));
    while hi - lo > 1e-4 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = loss(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = loss(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// The mean log-loss of [`fit_scale`]'s curve of `scale` on `samples`, to compare fits.
pub fn fit_loss(samples: &[(i32, f64)], scale: f64) -> f64 {
    log_loss(samples, scale)
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::Rng;

    #[test]
    fn a_position_is_even_at_0_and_the_two_sides_chances_add_up_to_one() {
        assert_eq!(win_chance(Score::Value(0)), 0.5);
        for v in [35, 250, 1200] {
            let sum = win_chance(Score::Value(v)) + win_chance(Score::Value(-v));
            assert!((sum - 1.0).abs() < 1e-12);
            assert!(win_chance(Score::Value(v)) > 0.5);
        }
        assert_eq!(win_chance(Score::Win(5)), 1.0);
        assert_eq!(win_chance(Score::Loss(5)), 0.0);
    }

    #[test]
    fn the_fit_recovers_the_scale_that_made_the_results() {
        let mut rng = Rng::new(7);
        for scale in [150.0, 600.0] {
            let samples: Vec<(i32, f64)> = (0..20_000)
                .map(|_| {
                    let v = rng.below(4001) as i32 - 2000;
                    let won = (rng.below(1_000_000) as f64) < logistic(f64::from(v), scale) * 1e6;
                    (v, if won { 1.0 } else { 0.0 })
                })
                .collect();
            let fitted = fit_scale(&samples);
            assert!(
                (fitted / scale - 1.0).abs() < 0.08,
                "made with {scale}, fitted {fitted}"
            );
        }
    }
}
