//! The winning chance a reported score stands for, fitted on self-play results.
//!
//! A side's score `s` (centi-pieces from its view, by the outlook's search:
//! [`crate::outlook`]) maps to its expected result, a win counting 1 and a draw ½:
//! `1 / (1 + e^(-(s ± b) / SCALE))`, where `b` is the battle's balance: the scenarios
//! make up for the Army's fewer piece values with position and tempo, which the
//! score, counting pieces, does not see; the Army adds `b`, the Indians subtract it.
//! So the two sides' chances of one position add up to 1.
//!
//! The balances are anchored on each battle's measured score ([`MEASURED_START`]):
//! the outlook's score of a battle's start maps to the Army's measured result
//! there. Only [`WIN_CHANCE_SCALE`] is then fitted, by [`fit_anchored`], on the
//! positions of self-play games (`battaglie winchance`, docs/strength.md).

use battaglie_rules::{Scenario, Side};

use crate::search::Score;

/// The logistic curve's scale in centi-pieces: a lead of this much (the balance
/// aside) is an expected result of 73%, twice as much 88%. Fitted on 72 games of
/// level 8 against itself at 16,000 nodes a move (docs/strength.md).
pub const WIN_CHANCE_SCALE: f64 = 4234.0;

/// Per built-in battle, the centi-pieces added to the Army's score (and taken from
/// the Indians') before the curve: what the battle's design gives the Army that the
/// piece count misses, set so that the outlook's score of the start maps to
/// [`MEASURED_START`]. Other scenarios have none.
pub const BALANCE: [(&str, f64); 3] = [
    ("washita", 37.0),
    ("fetterman", 1339.0),
    ("apache-pass", 1272.0),
];

/// Each built-in battle's measured result for the Army from its start (wins plus
/// half the draws): level 8 against itself, 100 games a battle at 16,000 nodes a
/// move, each from four seeded random plies (docs/strength.md, "Balance of the
/// three battles").
pub const MEASURED_START: [(&str, f64); 3] = [
    ("washita", 0.385),
    ("fetterman", 0.570),
    ("apache-pass", 0.505),
];

/// The balance of `scenario` for `side` ([`BALANCE`]).
fn balance(scenario: &Scenario, side: Side) -> f64 {
    let b = BALANCE
        .iter()
        .find(|(id, _)| *id == scenario.id())
        .map_or(0.0, |(_, b)| *b);
    match side {
        Side::Army => b,
        Side::Indians => -b,
    }
}

/// The expected result (a win 1, a draw ½, a loss 0) of `side` in a battle of
/// `scenario` when its score is `score` (from its own view).
pub fn win_chance(scenario: &Scenario, side: Side, score: Score) -> f64 {
    match score {
        Score::Value(v) => logistic(f64::from(v) + balance(scenario, side), WIN_CHANCE_SCALE),
        Score::Win(_) => 1.0,
        Score::Loss(_) => 0.0,
    }
}

/// The score (centi-pieces, `side`'s view) at which `side` has `chance` in a battle
/// of `scenario`: the inverse of [`win_chance`], for a chance strictly between 0 and 1.
pub fn score_for(scenario: &Scenario, side: Side, chance: f64) -> i32 {
    let logit = (chance / (1.0 - chance)).ln();
    (WIN_CHANCE_SCALE * logit - balance(scenario, side)).round() as i32
}

fn logistic(v: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-v / scale).exp())
}

/// A position of a finished game, for the fit: its battle, whose view the score is
/// from, the score, and that side's result (1 a win, 0.5 a draw, 0 a loss).
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// The battle's scenario id.
    pub battle: String,
    /// The side whose score and result these are.
    pub side: Side,
    /// Its reported score, in centi-pieces.
    pub score: i32,
    /// Its result.
    pub result: f64,
}

/// A fitted curve: the scale and each battle's balance, in centi-pieces.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// The logistic scale.
    pub scale: f64,
    /// The balance per battle, in the order battles first occur in the samples.
    pub balance: Vec<(String, f64)>,
}

impl Fit {
    /// The curve of the built-in constants, for the battles of `samples`.
    pub fn builtin(samples: &[Sample]) -> Fit {
        let mut fit = Fit {
            scale: WIN_CHANCE_SCALE,
            balance: battles(samples).into_iter().map(|b| (b, 0.0)).collect(),
        };
        for (battle, b) in &mut fit.balance {
            if let Some((_, v)) = BALANCE.iter().find(|(id, _)| id == battle) {
                *b = *v;
            }
        }
        fit
    }

    /// The curve of scale `scale` whose balances put each battle's start at its
    /// measured result: for each [`Anchor`], the balance with which the Army's
    /// score of the start maps to the measured result.
    pub fn anchored(scale: f64, anchors: &[Anchor]) -> Fit {
        Fit {
            scale,
            balance: anchors
                .iter()
                .map(|a| {
                    let p = a.measured.clamp(1e-6, 1.0 - 1e-6);
                    let logit = (p / (1.0 - p)).ln();
                    (a.battle.clone(), scale * logit - f64::from(a.start_score))
                })
                .collect(),
        }
    }

    /// The expected result the curve gives `sample`.
    pub fn chance(&self, sample: &Sample) -> f64 {
        let b = self
            .balance
            .iter()
            .find(|(battle, _)| *battle == sample.battle)
            .map_or(0.0, |(_, b)| *b);
        let b = if sample.side == Side::Army { b } else { -b };
        logistic(f64::from(sample.score) + b, self.scale)
    }

    /// The mean log-loss of the curve on `samples` (a constant ½ scores ln 2, 0.693).
    pub fn log_loss(&self, samples: &[Sample]) -> f64 {
        let total: f64 = samples
            .iter()
            .map(|s| {
                let p = self.chance(s).clamp(1e-9, 1.0 - 1e-9);
                -(s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln())
            })
            .sum();
        total / samples.len().max(1) as f64
    }
}

fn battles(samples: &[Sample]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in samples {
        if !out.contains(&s.battle) {
            out.push(s.battle.clone());
        }
    }
    out
}

/// A battle's start, to anchor a curve on: the Army's reported score of it and the
/// Army's measured result from it.
#[derive(Debug, Clone, PartialEq)]
pub struct Anchor {
    /// The battle's scenario id.
    pub battle: String,
    /// The Army's reported score of the start, in centi-pieces.
    pub start_score: i32,
    /// The Army's measured result from the start (wins plus half the draws).
    pub measured: f64,
}

/// The minimum of `f` over `lo..hi` by golden section (`f` has one minimum there).
fn golden(mut lo: f64, mut hi: f64, f: impl Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let (mut fa, mut fb) = (f(a), f(b));
    while hi - lo > 1e-3 * (1.0 + lo.abs().min(hi.abs())) {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = f(b);
        }
    }
    (lo + hi) / 2.0
}

/// The curve that best predicts `samples`, by least log-loss: a scale between 10 and
/// 100,000 centi-pieces and a balance per battle within ±5,000, one at a time in
/// turn until they settle (the loss is convex in the reciprocal scale and the
/// balances over it, so this finds its one minimum).
pub fn fit(samples: &[Sample]) -> Fit {
    let mut fit = Fit {
        scale: 1000.0,
        balance: battles(samples).into_iter().map(|b| (b, 0.0)).collect(),
    };
    for _ in 0..30 {
        let before = fit.clone();
        let log_scale = golden(10f64.ln(), 100_000f64.ln(), |x| {
            Fit {
                scale: x.exp(),
                ..fit.clone()
            }
            .log_loss(samples)
        });
        fit.scale = log_scale.exp();
        for i in 0..fit.balance.len() {
            let b = golden(-5_000.0, 5_000.0, |b| {
                let mut f = fit.clone();
                f.balance[i].1 = b;
                f.log_loss(samples)
            });
            fit.balance[i].1 = b;
        }
        let moved = (fit.scale / before.scale - 1.0).abs() < 1e-3
            && fit
                .balance
                .iter()
                .zip(&before.balance)
                .all(|(a, b)| (a.1 - b.1).abs() < 1.0);
        if moved {
            break;
        }
    }
    fit
}

/// The anchored curve ([`Fit::anchored`]) that best predicts `samples`, by least
/// log-loss over a scale between 10 and 100,000 centi-pieces.
pub fn fit_anchored(samples: &[Sample], anchors: &[Anchor]) -> Fit {
    let log_scale = golden(10f64.ln(), 100_000f64.ln(), |x| {
        Fit::anchored(x.exp(), anchors).log_loss(samples)
    });
    Fit::anchored(log_scale.exp(), anchors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::Rng;

    #[test]
    fn the_two_sides_chances_of_one_position_add_up_to_one() {
        for id in ["washita", "fetterman", "apache-pass"] {
            let s = Scenario::builtin(id).unwrap();
            for v in [0, 35, 250, 1200] {
                let army = win_chance(&s, Side::Army, Score::Value(v));
                let indians = win_chance(&s, Side::Indians, Score::Value(-v));
                assert!((army + indians - 1.0).abs() < 1e-12, "{id} {v}");
                assert!(
                    win_chance(&s, Side::Army, Score::Value(v + 100)) > army,
                    "a higher score is a higher chance"
                );
            }
            for side in Side::ALL {
                let at = win_chance(&s, side, Score::Value(score_for(&s, side, 0.3)));
                assert!((at - 0.3).abs() < 1e-3, "{id} {side:?}: {at}");
            }
            assert_eq!(win_chance(&s, Side::Army, Score::Win(5)), 1.0);
            assert_eq!(win_chance(&s, Side::Indians, Score::Loss(5)), 0.0);
        }
    }

    #[test]
    fn the_fit_recovers_the_scale_and_balances_that_made_the_results() {
        let made = Fit {
            scale: 600.0,
            balance: vec![("washita".into(), 900.0), ("fetterman".into(), -300.0)],
        };
        let mut rng = Rng::new(7);
        let samples: Vec<Sample> = (0..40_000)
            .map(|i| {
                let mut s = Sample {
                    battle: made.balance[i % 2].0.clone(),
                    side: if rng.below(2) == 0 {
                        Side::Army
                    } else {
                        Side::Indians
                    },
                    score: rng.below(6001) as i32 - 3000,
                    result: 0.0,
                };
                let won = (rng.below(1_000_000) as f64) < made.chance(&s) * 1e6;
                s.result = if won { 1.0 } else { 0.0 };
                s
            })
            .collect();
        let fitted = fit(&samples);
        assert!((fitted.scale / 600.0 - 1.0).abs() < 0.08, "{fitted:?}");
        for ((_, want), (_, got)) in made.balance.iter().zip(&fitted.balance) {
            assert!((want - got).abs() < 80.0, "{fitted:?}");
        }
        assert!(fitted.log_loss(&samples) <= made.log_loss(&samples));
    }

    #[test]
    fn the_anchored_fit_recovers_the_scale_and_keeps_each_start_at_its_measured_result() {
        let anchors = vec![
            Anchor {
                battle: "washita".into(),
                start_score: -2000,
                measured: 0.385,
            },
            Anchor {
                battle: "fetterman".into(),
                start_score: -100,
                measured: 0.57,
            },
        ];
        let made = Fit::anchored(900.0, &anchors);
        let mut rng = Rng::new(11);
        let samples: Vec<Sample> = (0..40_000)
            .map(|i| {
                let mut s = Sample {
                    battle: anchors[i % 2].battle.clone(),
                    side: if rng.below(2) == 0 {
                        Side::Army
                    } else {
                        Side::Indians
                    },
                    score: rng.below(8001) as i32 - 4000,
                    result: 0.0,
                };
                let won = (rng.below(1_000_000) as f64) < made.chance(&s) * 1e6;
                s.result = if won { 1.0 } else { 0.0 };
                s
            })
            .collect();
        let fitted = fit_anchored(&samples, &anchors);
        assert!((fitted.scale / 900.0 - 1.0).abs() < 0.08, "{fitted:?}");
        for a in &anchors {
            let start = Sample {
                battle: a.battle.clone(),
                side: Side::Army,
                score: a.start_score,
                result: 0.0,
            };
            assert!(
                (fitted.chance(&start) - a.measured).abs() < 1e-9,
                "{fitted:?}"
            );
        }
    }
}
