//! The summary table of a match: A's results by side and battle, each battle's
//! balance, the Elo difference, game lengths, draw reasons and forfeits.

use std::collections::BTreeMap;

use battaglie_rules::{Outcome, Side};

use crate::play::GameResult;

/// Wins, draws and losses of A.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

impl Tally {
    /// Counts one game by A's points in it (1, 0.5 or 0).
    pub fn add(&mut self, points: f64) {
        if points >= 1.0 {
            self.wins += 1;
        } else if points <= 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    fn row(&self, label: &str) -> String {
        let games = self.wins + self.draws + self.losses;
        let score = if games == 0 {
            0.0
        } else {
            (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(games) * 100.0
        };
        format!(
            "{label:<16} {games:>6} {:>7} {:>6} {:>9} {score:>7.1}%\n",
            self.wins, self.draws, self.losses
        )
    }
}

/// The Elo difference for a score fraction.
fn elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

fn format_elo(score: f64) -> String {
    if score >= 1.0 {
        "+inf".to_string()
    } else if score <= 0.0 {
        "-inf".to_string()
    } else {
        let e = elo(score);
        // Never print "-0".
        format!("{:+.0}", if e.abs() < 0.5 { 0.0 } else { e })
    }
}

/// A's mean score over `points` (not empty) and its standard error.
pub fn score_and_error(points: &[f64]) -> (f64, f64) {
    let n = points.len() as f64;
    let score = points.iter().sum::<f64>() / n;
    let var = points.iter().map(|p| (p - score).powi(2)).sum::<f64>() / n;
    (score, (var / n).sqrt())
}

/// The Elo line: the difference of A over B with a 95% interval.
fn elo_summary(points: &[f64]) -> String {
    let (score, se) = score_and_error(points);
    format!(
        "Elo difference (A over B): {} (95%: {} to {}), score {:.1}%\n",
        format_elo(score),
        format_elo(score - 1.96 * se),
        format_elo(score + 1.96 * se),
        score * 100.0
    )
}

/// Per battle, how each side fared whoever played it (the balance of the battle).
fn sides_table(results: &[GameResult]) -> String {
    let mut by_battle: BTreeMap<&str, [u32; 3]> = BTreeMap::new();
    for r in results {
        let t = by_battle.entry(&r.battle).or_default();
        match r.outcome.winner() {
            Some(Side::Army) => t[0] += 1,
            None => t[1] += 1,
            Some(Side::Indians) => t[2] += 1,
        }
    }
    let mut out = format!(
        "{:<16} {:>6} {:>9} {:>6} {:>12} {:>11}\n",
        "by side", "games", "Army wins", "draws", "Indians wins", "Army score"
    );
    for (battle, [army, draws, indians]) in by_battle {
        let games = army + draws + indians;
        let score = (f64::from(army) + f64::from(draws) / 2.0) / f64::from(games.max(1)) * 100.0;
        out +=
            &format!("{battle:<16} {games:>6} {army:>9} {draws:>6} {indians:>12} {score:>10.1}%\n");
    }
    out
}

/// When the armies first met: the median ply of the first elimination, and how many
/// games had none (drawn by the quiet limit before any contact).
fn first_contact(results: &[GameResult]) -> String {
    let mut firsts: Vec<usize> = results.iter().filter_map(|r| r.first_elimination).collect();
    firsts.sort_unstable();
    let none = results.len() - firsts.len();
    match firsts.get(firsts.len() / 2) {
        Some(median) => {
            format!("first elimination: ply {median} (median); games without any: {none}\n")
        }
        None => format!("first elimination: none in {none} games\n"),
    }
}

/// The table `battaglie match` prints for the games of players `a` and `b` (in game order).
pub fn report(a: &str, b: &str, results: &[GameResult]) -> String {
    let mut out = String::new();
    out += &format!("match: A = {a}, B = {b}, {} games\n", results.len());
    out += &format!(
        "{:<16} {:>6} {:>7} {:>6} {:>9} {:>8}\n",
        "", "games", "A wins", "draws", "A losses", "A score"
    );
    let (mut army, mut indians, mut total) = (Tally::default(), Tally::default(), Tally::default());
    let mut battles: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut reasons: BTreeMap<&str, u32> = BTreeMap::new();
    for r in results {
        let p = r.a_points();
        if r.a_is_army {
            army.add(p);
        } else {
            indians.add(p);
        }
        battles.entry(&r.battle).or_default().add(p);
        total.add(p);
        if let Outcome::Draw(reason) = r.outcome {
            *reasons.entry(reason.word()).or_default() += 1;
        }
    }
    out += &army.row("A as Army");
    out += &indians.row("A as Indians");
    for (battle, t) in &battles {
        out += &t.row(battle);
    }
    out += &total.row("total");
    out += &sides_table(results);
    let points: Vec<f64> = results.iter().map(GameResult::a_points).collect();
    if !points.is_empty() {
        out += &elo_summary(&points);
        let decided = total.wins + total.losses;
        if decided > 0 {
            out += &format!(
                "decided games: {decided}, A won {:.1}% of them\n",
                f64::from(total.wins) * 100.0 / f64::from(decided)
            );
        }
        let plies: usize = results.iter().map(|r| r.plies).sum();
        out += &format!(
            "mean game length: {:.1} plies\n",
            plies as f64 / results.len() as f64
        );
        out += &first_contact(results);
    }
    let draws = if reasons.is_empty() {
        "none".to_string()
    } else {
        reasons
            .iter()
            .map(|(r, n)| format!("{r} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    out += &format!("draw reasons: {draws}\n");
    let mut settled: BTreeMap<String, u32> = BTreeMap::new();
    for r in results {
        if let Some(why) = &r.settled {
            let what = match r.outcome {
                Outcome::Draw(_) => "agreed draw",
                Outcome::Win(..) => "resignation",
            };
            *settled.entry(format!("{what} ({why})")).or_default() += 1;
        }
    }
    let settled: Vec<String> = settled.iter().map(|(k, n)| format!("{k} {n}")).collect();
    out += &format!(
        "settled by the players: {}\n",
        if settled.is_empty() {
            "none".to_string()
        } else {
            settled.join(", ")
        }
    );
    let forfeits: Vec<&str> = results
        .iter()
        .filter_map(|r| r.forfeit.as_deref())
        .collect();
    out += &format!("forfeits: {}\n", forfeits.len());
    for f in forfeits {
        out += &format!("  {f}\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::{DrawReason, WinReason};

    #[test]
    fn elo_is_symmetric_and_infinite_at_the_ends() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) + elo(0.25)).abs() < 1e-9);
        assert_eq!(format_elo(1.0), "+inf");
        assert_eq!(format_elo(0.0), "-inf");
        assert_eq!(format_elo(0.5), "+0");
    }

    #[test]
    fn the_report_counts_a_by_side_and_battle_and_lists_draw_reasons() {
        let game = |index, a_is_army, outcome| GameResult {
            index,
            battle: "washita".into(),
            a_is_army,
            outcome,
            plies: 10,
            first_elimination: Some(4),
            forfeit: None,
            settled: None,
            record: String::new(),
        };
        let results = [
            game(0, true, Outcome::Win(Side::Army, WinReason::Elimination)),
            game(1, false, Outcome::Win(Side::Army, WinReason::Elimination)),
            game(2, true, Outcome::Draw(DrawReason::Quiet)),
        ];
        let text = report("level:2", "level:1", &results);
        assert!(
            text.starts_with("match: A = level:2, B = level:1, 3 games\n"),
            "{text}"
        );
        assert!(
            text.contains("A as Army             2       1      1         0    75.0%"),
            "{text}"
        );
        assert!(
            text.contains("A as Indians          1       0      0         1     0.0%"),
            "{text}"
        );
        assert!(
            text.contains("washita               3         2      1            0       83.3%"),
            "{text}"
        );
        assert!(text.contains("draw reasons: quiet 1\n"), "{text}");
        assert!(text.ends_with("forfeits: 0\n"), "{text}");
    }
}
