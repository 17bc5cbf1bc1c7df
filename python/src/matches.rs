//! Matches between built-in players, game by game, for `battaglie.cluster`: the same
//! player specs, openings, seeds, records and report as `battaglie match`, so that a
//! match spread over a Ray cluster plays the same games as one on a single machine.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use battaglie_ai::{Limits, Weights, MAX_LEVEL};
use battaglie_rules::record::Record;
use battaglie_rules::{Game, Move, Outcome, Position, Scenario, Side};
use pyo3::prelude::*;

use crate::errors::SpecError;
use crate::rng::XorShift;

/// Parses a limits list such as `level:8,movetime:100` (as `battaglie match`).
pub fn parse_limits(text: &str) -> PyResult<Limits> {
    let err = |m: String| SpecError::new_err(format!("player {text:?}: {m}"));
    if text.trim_start().starts_with("engine:") {
        return Err(err(
            "external engines cannot play on a cluster: give built-in limits".into(),
        ));
    }
    let mut limits = Limits::default();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once(':')
            .ok_or_else(|| err(format!("{part:?} is not key:value")))?;
        let key = key.trim();
        if Weights::NAMES.contains(&key) {
            limits
                .weights
                .set(key, value)
                .map_err(|e| err(e.to_string()))?;
            continue;
        }
        let n: u64 = value
            .trim()
            .parse()
            .map_err(|_| err(format!("{key}: {value:?} is not a whole number")))?;
        if key == "seed" {
            limits.seed = Some(n);
            continue;
        }
        if n == 0 {
            return Err(err(format!("{key}: must be at least 1")));
        }
        match key {
            "level" if n > u64::from(MAX_LEVEL) => {
                return Err(err(format!("level must be 1 to {MAX_LEVEL}, got {n}")))
            }
            "level" => limits.level = Some(n as u8),
            "depth" => limits.depth = Some(u32::try_from(n).map_err(|_| err("depth too large".into()))?),
            "nodes" => limits.nodes = Some(n),
            "threads" => limits.threads = Some(n.min(64) as u32),
            "movetime" => limits.movetime = Some(Duration::from_millis(n)),
            other => {
                return Err(err(format!(
                    "unknown limit {other:?} (level, depth, nodes, movetime, threads, seed, or a weight: {})",
                    Weights::NAMES.join(", ")
                )))
            }
        }
    }
    if limits == Limits::default() {
        return Err(err("no limits given".into()));
    }
    Ok(limits)
}

/// One game of a match, as `battaglie match` numbers and seeds it.
#[pyclass(name = "MatchJob", module = "battaglie", frozen, get_all)]
#[derive(Clone)]
pub struct PyJob {
    /// The game's number, from 0.
    pub index: usize,
    /// The battle's id.
    pub battle: String,
    /// The opening moves, in notation.
    pub opening: Vec<String>,
    /// Whether player A has the Army.
    pub a_is_army: bool,
    /// The seed of the built-in players' randomness in this game.
    pub seed: u64,
}

#[pymethods]
impl PyJob {
    /// A job from its fields (as a cluster task receives them).
    #[new]
    fn new(
        index: usize,
        battle: String,
        opening: Vec<String>,
        a_is_army: bool,
        seed: u64,
    ) -> PyJob {
        PyJob {
            index,
            battle,
            opening,
            a_is_army,
            seed,
        }
    }
}

/// Up to `plies` random legal moves from the start that do not end the game (as
/// `battaglie match --openings`).
fn opening(scenario: &Arc<Scenario>, plies: u32, rng: &mut XorShift) -> Vec<Move> {
    for _ in 0..100 {
        let mut game = Game::new(Position::start(scenario));
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            game.play(&mv);
        }
        if !game.is_over() {
            return game.moves().copied().collect();
        }
    }
    Vec::new()
}

/// The games of a match of `games` games between specs `a` and `b` over `battle`
/// (an id or `all`), with `openings` random plies and `seed`: the jobs `battaglie match`
/// makes for the same arguments.
#[pyfunction]
#[pyo3(signature = (a, b, games, battle = "all", openings = 0, seed = 1))]
pub fn match_jobs(
    a: &str,
    b: &str,
    games: usize,
    battle: &str,
    openings: u32,
    seed: u64,
) -> PyResult<Vec<PyJob>> {
    let (la, lb) = (parse_limits(a)?, parse_limits(b)?);
    if games == 0 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "games must be at least 1",
        ));
    }
    let scenarios: Vec<Arc<Scenario>> = if battle == "all" {
        Scenario::builtins().to_vec()
    } else {
        vec![crate::scenario::resolve_id(battle)?]
    };
    let mut rng = XorShift::new(seed);
    let mirror = la == lb;
    let mut pair_opening = Vec::new();
    let mut jobs = Vec::with_capacity(games);
    for index in 0..games {
        let pair = if mirror { index } else { index / 2 };
        let scenario = &scenarios[pair % scenarios.len()];
        if mirror || index % 2 == 0 {
            pair_opening = if openings > 0 {
                opening(scenario, openings, &mut rng)
            } else {
                Vec::new()
            };
        }
        jobs.push(PyJob {
            index,
            battle: scenario.id().to_string(),
            opening: pair_opening.iter().map(|m| m.to_string()).collect(),
            a_is_army: if mirror {
                index / scenarios.len() % 2 == 0
            } else {
                index % 2 == 0
            },
            seed: seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        });
    }
    Ok(jobs)
}

/// How one game of a match ended, from A's view, with its JSON record (one line).
#[pyclass(name = "MatchGame", module = "battaglie", frozen, get_all)]
#[derive(Clone)]
pub struct PyGameResult {
    /// The game's number, from 0.
    pub index: usize,
    /// The battle's id.
    pub battle: String,
    /// Whether A had the Army.
    pub a_is_army: bool,
    /// `army`, `indians` or `draw`.
    pub result: String,
    /// The draw reason (`quiet`...) or `None` for a win.
    pub draw_reason: Option<String>,
    /// Plies played.
    pub plies: usize,
    /// The ply (from 1) of the first elimination, if any.
    pub first_elimination: Option<usize>,
    /// A's points: 1, 0.5 or 0.
    pub a_points: f64,
    /// The game record, JSON on one line.
    pub record: String,
}

#[pymethods]
impl PyGameResult {
    /// A result from its fields (as a cluster task returns them).
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (index, battle, a_is_army, result, draw_reason, plies, first_elimination, a_points, record))]
    fn new(
        index: usize,
        battle: String,
        a_is_army: bool,
        result: String,
        draw_reason: Option<String>,
        plies: usize,
        first_elimination: Option<usize>,
        a_points: f64,
        record: String,
    ) -> PyGameResult {
        PyGameResult {
            index,
            battle,
            a_is_army,
            result,
            draw_reason,
            plies,
            first_elimination,
            a_points,
            record,
        }
    }
}

/// Plays one game of a match (both players built in). Releases the GIL.
#[pyfunction]
#[pyo3(signature = (job, a, b, date))]
pub fn play_match_game(
    py: Python<'_>,
    job: PyJob,
    a: &str,
    b: &str,
    date: &str,
) -> PyResult<PyGameResult> {
    let (la, lb) = (parse_limits(a)?, parse_limits(b)?);
    let scenario = crate::scenario::resolve_id(&job.battle)?;
    let mut game = Game::new(Position::start(&scenario));
    for text in &job.opening {
        game.play_text(text)
            .map_err(|e| SpecError::new_err(format!("opening: {e}")))?;
    }
    let (army, indians) = if job.a_is_army { (la, lb) } else { (lb, la) };
    let (army_name, indians_name) = if job.a_is_army { (a, b) } else { (b, a) };
    let game = py.detach(move || {
        let mut seeds = XorShift::new(job.seed);
        let seats = [army, indians].map(|l| Limits {
            seed: l.seed.or(Some(seeds.next_u64())),
            ..l
        });
        let stop = AtomicBool::new(false);
        while !game.is_over() {
            let side = game.position().side_to_move();
            let best = battaglie_ai::search(&game, &seats[side.index()], &stop, |_| {})
                .expect("the game is not over")
                .best;
            game.play(&best);
        }
        game
    });
    let outcome = game.outcome().expect("the game is over");
    let plies = game.moves().len();
    let first_elimination = game.moves().position(Move::is_capture).map(|i| i + 1);
    let record = Record::from_game(&game, army_name, indians_name, Some(date));
    let a_points = match outcome.winner() {
        None => 0.5,
        Some(Side::Army) if job.a_is_army => 1.0,
        Some(Side::Indians) if !job.a_is_army => 1.0,
        Some(_) => 0.0,
    };
    Ok(PyGameResult {
        index: job.index,
        battle: job.battle.clone(),
        a_is_army: job.a_is_army,
        result: outcome.result_word().to_string(),
        draw_reason: match outcome {
            Outcome::Draw(r) => Some(r.word().to_string()),
            Outcome::Win(..) => None,
        },
        plies,
        first_elimination,
        a_points,
        record: serde_json::to_string(&record).expect("a record always serialises"),
    })
}

/// Wins, draws and losses of A.
#[derive(Default, Clone, Copy)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Tally {
    fn add(&mut self, points: f64) {
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
            "{label:<16} {games:>6} {:>7} {:>6} {:>9} {score:>7.1}%",
            self.wins, self.draws, self.losses
        )
    }
}

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
        format!("{:+.0}", if e.abs() < 0.5 { 0.0 } else { e })
    }
}

/// The summary table `battaglie match` prints, for these games (any order).
#[pyfunction]
pub fn match_report(a: &str, b: &str, games: Vec<PyGameResult>) -> String {
    let mut results = games;
    results.sort_by_key(|r| r.index);
    let mut out = String::new();
    out += &format!("match: A = {a}, B = {b}, {} games\n", results.len());
    out += &format!(
        "{:<16} {:>6} {:>7} {:>6} {:>9} {:>8}\n",
        "", "games", "A wins", "draws", "A losses", "A score"
    );
    let (mut army, mut indians, mut total) = (Tally::default(), Tally::default(), Tally::default());
    let mut battles: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut reasons: BTreeMap<&str, u32> = BTreeMap::new();
    let mut sides: BTreeMap<&str, [u32; 3]> = BTreeMap::new();
    for r in &results {
        let p = r.a_points;
        if r.a_is_army {
            army.add(p);
        } else {
            indians.add(p);
        }
        battles.entry(&r.battle).or_default().add(p);
        total.add(p);
        if let Some(reason) = &r.draw_reason {
            *reasons.entry(reason).or_default() += 1;
        }
        let t = sides.entry(&r.battle).or_default();
        match r.result.as_str() {
            "army" => t[0] += 1,
            "draw" => t[1] += 1,
            _ => t[2] += 1,
        }
    }
    out += &army.row("A as Army");
    out += "\n";
    out += &indians.row("A as Indians");
    out += "\n";
    for (battle, t) in &battles {
        out += &t.row(battle);
        out += "\n";
    }
    out += &total.row("total");
    out += "\n";
    out += &format!(
        "{:<16} {:>6} {:>9} {:>6} {:>12} {:>11}\n",
        "by side", "games", "Army wins", "draws", "Indians wins", "Army score"
    );
    for (battle, [a_wins, draws, i_wins]) in &sides {
        let games = a_wins + draws + i_wins;
        let score =
            (f64::from(*a_wins) + f64::from(*draws) / 2.0) / f64::from(games.max(1)) * 100.0;
        out += &format!(
            "{battle:<16} {games:>6} {a_wins:>9} {draws:>6} {i_wins:>12} {score:>10.1}%\n"
        );
    }
    if !results.is_empty() {
        let points: Vec<f64> = results.iter().map(|r| r.a_points).collect();
        let n = points.len() as f64;
        let score = points.iter().sum::<f64>() / n;
        let se = (points.iter().map(|p| (p - score).powi(2)).sum::<f64>() / n / n).sqrt();
        out += &format!(
            "Elo difference (A over B): {} (95%: {} to {}), score {:.1}%\n",
            format_elo(score),
            format_elo(score - 1.96 * se),
            format_elo(score + 1.96 * se),
            score * 100.0
        );
        let decided = total.wins + total.losses;
        if decided > 0 {
            out += &format!(
                "decided games: {decided}, A won {:.1}% of them\n",
                f64::from(total.wins) * 100.0 / f64::from(decided)
            );
        }
        let plies: usize = results.iter().map(|r| r.plies).sum();
        out += &format!("mean game length: {:.1} plies\n", plies as f64 / n);
        let mut firsts: Vec<usize> = results.iter().filter_map(|r| r.first_elimination).collect();
        firsts.sort_unstable();
        let none = results.len() - firsts.len();
        out += &match firsts.get(firsts.len() / 2) {
            Some(median) => {
                format!("first elimination: ply {median} (median); games without any: {none}\n")
            }
            None => format!("first elimination: none in {none} games\n"),
        };
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
    out += "forfeits: 0\n";
    out
}
