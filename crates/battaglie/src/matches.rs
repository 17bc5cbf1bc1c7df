//! `battaglie match`: games between two players, built-in or external engines.
//!
//! A player is the built-in engine with a budget (`level:N`, `depth:N`, `nodes:N`,
//! `movetime:MS`, `seed:N`, combinable with commas) or an external program speaking the
//! engine protocol (`engine:"cmd args"`, optionally followed by `,limit:N` for its
//! `go` command). Games alternate sides in pairs, over one or all battles, from
//! the start or from seeded random openings, several at a time.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{bail, Context};
use battaglie_ai::{Gesture, Limits, Sport};
use battaglie_rules::record::{iso_date, Record};
use battaglie_rules::{Game, Move, Outcome, Position, Scenario, Side};
use indicatif::{ProgressBar, ProgressStyle};

use crate::bench::{random_plies, XorShift};

/// Arguments of `battaglie match`.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// Player A: `level:N`, `depth:N`, `nodes:N`, `movetime:MS`, `threads:N`, `seed:N` and evaluation
    /// weights such as `press:6` (joined by commas), or `engine:"cmd args"` for an external
    /// program speaking the protocol.
    #[arg(long = "a", value_name = "SPEC", default_value = "level:8")]
    pub a: String,
    /// Player B, written like player A.
    #[arg(
        long = "b",
        value_name = "SPEC",
        required_unless_present = "engine",
        conflicts_with = "engine"
    )]
    pub b: Option<String>,
    /// Player B is this external program speaking the protocol (a command line, quoted as
    /// a shell would), asked `go movetime 100` for each move: the same as
    /// `--b 'engine:"CMD"'`.
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,
    /// The number of games (pairs of games swap sides).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// The battle: washita, fetterman, apache-pass, a scenario file, or `all` (round robin).
    #[arg(long, default_value = "all")]
    pub battle: String,
    /// Games played at the same time.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,
    /// Start each pair of games (each game, when a player meets itself) after this many
    /// seeded random plies.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub openings: u32,
    /// The seed of the random openings and of the built-in players' randomness.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The file receiving one JSON game record per line [default: match-<timestamp>.jsonl].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Play every game to its end: built-in players neither resign lost positions nor
    /// agree draws (see `battaglie_ai::Sport`).
    #[arg(long)]
    pub play_out: bool,
}

/// A player of the match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Player {
    /// The built-in engine with these limits.
    Builtin(Limits),
    /// An external program (its command line split as a shell would) and the `go` it receives.
    External {
        /// The program and its arguments.
        command: Vec<String>,
        /// The `go` command line sent for each move.
        go: String,
    },
}

/// Parses a limits list such as `level:8,movetime:100`.
fn parse_limits(text: &str) -> anyhow::Result<Limits> {
    let mut limits = Limits::default();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once(':')
            .with_context(|| format!("{part:?} is not key:value"))?;
        if battaglie_ai::Weights::NAMES.contains(&key.trim()) {
            limits.weights.set(key.trim(), value)?;
            continue;
        }
        let n: u64 = value
            .trim()
            .parse()
            .with_context(|| format!("{key}: {value:?} is not a whole number"))?;
        if key.trim() == "seed" {
            limits.seed = Some(n);
            continue;
        }
        if n == 0 {
            bail!("{key}: must be at least 1");
        }
        match key.trim() {
            "level" => {
                if n > u64::from(battaglie_ai::MAX_LEVEL) {
                    bail!("level must be 1 to {}, got {n}", battaglie_ai::MAX_LEVEL);
                }
                limits.level = Some(n as u8);
            }
            "depth" => limits.depth = Some(u32::try_from(n).context("depth too large")?),
            "nodes" => limits.nodes = Some(n),
            "threads" => limits.threads = Some(u32::try_from(n.min(64)).unwrap_or(64)),
            "movetime" => limits.movetime = Some(Duration::from_millis(n)),
            other => bail!(
                "unknown limit {other:?} (level, depth, nodes, movetime, threads, seed, engine, or a weight: {})",
                battaglie_ai::Weights::NAMES.join(", ")
            ),
        }
    }
    Ok(limits)
}

/// The protocol's `go` line for limits (`go movetime 100` when there are none).
fn go_line(limits: &Limits) -> String {
    let mut go = String::from("go");
    if let Some(d) = limits.depth {
        go += &format!(" depth {d}");
    }
    if let Some(n) = limits.nodes {
        go += &format!(" nodes {n}");
    }
    if let Some(t) = limits.movetime {
        go += &format!(" movetime {}", t.as_millis());
    }
    if let Some(l) = limits.level {
        go += &format!(" level {l}");
    }
    if go == "go" {
        go += " movetime 100";
    }
    go
}

impl std::str::FromStr for Player {
    type Err = anyhow::Error;

    fn from_str(spec: &str) -> anyhow::Result<Player> {
        let spec = spec.trim();
        if let Some(rest) = spec.strip_prefix("engine:") {
            let rest = rest.trim_start();
            let (cmd, tail) = if let Some(quoted) = rest.strip_prefix('"') {
                let end = quoted
                    .find('"')
                    .with_context(|| format!("{spec:?}: unterminated quote"))?;
                let tail = quoted[end + 1..].trim_start();
                let tail = match tail.strip_prefix(',') {
                    Some(t) => t,
                    None if tail.is_empty() => tail,
                    None => bail!("{spec:?}: expected `,` after the quoted command"),
                };
                (&quoted[..end], tail)
            } else {
                (rest, "")
            };
            let command = command_line(cmd).with_context(|| format!("player {spec:?}"))?;
            let limits = parse_limits(tail).with_context(|| format!("player {spec:?}"))?;
            Ok(Player::External {
                command,
                go: go_line(&limits),
            })
        } else {
            let limits = parse_limits(spec).with_context(|| format!("player {spec:?}"))?;
            if limits == Limits::default() {
                bail!("player {spec:?}: no limits given");
            }
            Ok(Player::Builtin(limits))
        }
    }
}

/// Splits an engine's command line into its words as a shell would (quotes and
/// backslashes), so that programs and arguments may contain spaces.
fn command_line(cmd: &str) -> anyhow::Result<Vec<String>> {
    let words = shlex::split(cmd).with_context(|| format!("{cmd:?}: unbalanced quotes"))?;
    if words.is_empty() {
        bail!("empty engine command");
    }
    Ok(words)
}

/// The two players of a match and the names its report gives them.
fn players(args: &MatchArgs) -> anyhow::Result<[(Player, String); 2]> {
    let a = (args.a.parse()?, args.a.clone());
    let b = match (&args.b, &args.engine) {
        (Some(spec), _) => (spec.parse()?, spec.clone()),
        (None, Some(cmd)) => (
            Player::External {
                command: command_line(cmd).context("--engine")?,
                go: go_line(&Limits::default()),
            },
            format!("engine:{cmd:?}"),
        ),
        (None, None) => bail!("player B is missing: give --b SPEC or --engine CMD"),
    };
    Ok([a, b])
}

/// An external engine process, read by a thread so that reads can time out.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn spawn(command: &[String]) -> anyhow::Result<Engine> {
        let mut child = Command::new(&command[0])
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {:?}", command.join(" ")))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Engine {
            child,
            stdin,
            lines,
        })
    }

    /// Sends one command and returns its data lines, or the engine's error.
    fn command(&mut self, line: &str, timeout: Duration) -> anyhow::Result<Vec<String>> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .with_context(|| format!("`{line}`: the engine is gone"))?;
        let mut data = Vec::new();
        loop {
            let answer = match self.lines.recv_timeout(timeout) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => {
                    bail!("`{line}`: no answer within {} s", timeout.as_secs())
                }
                Err(RecvTimeoutError::Disconnected) => bail!("`{line}`: the engine stopped"),
            };
            let answer = answer.trim();
            if answer == "ok" {
                return Ok(data);
            }
            if let Some(msg) = answer.strip_prefix("error") {
                bail!("`{line}`: error{msg}");
            }
            data.push(answer.to_string());
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // Give it a moment to leave by itself, then make sure it is gone.
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A player seated for one game.
enum Seat {
    Builtin(Limits, Sport),
    External { engine: Engine, go: String },
}

impl Seat {
    /// Seats `player`; a built-in engine without a seed of its own gets `seed`, so
    /// that the weak levels' randomness differs from game to game.
    fn new(player: &Player, scenario: &Scenario, seed: u64) -> anyhow::Result<Seat> {
        Ok(match player {
            Player::Builtin(l) => Seat::Builtin(
                Limits {
                    seed: l.seed.or(Some(seed)),
                    ..*l
                },
                Sport::new(),
            ),
            Player::External { command, go } => {
                let mut engine = Engine::spawn(command)?;
                engine.command(
                    &format!("scenario {}", scenario.id()),
                    Duration::from_secs(30),
                )?;
                Seat::External {
                    engine,
                    go: go.clone(),
                }
            }
        })
    }

    /// The move chosen in `game`, checked against the rules, and whether a built-in
    /// player resigns or offers a draw instead.
    fn choose(&mut self, game: &Game) -> anyhow::Result<(Move, Option<Gesture>)> {
        match self {
            Seat::Builtin(limits, sport) => {
                let stop = AtomicBool::new(false);
                let r = battaglie_ai::search(game, limits, &stop, |_| {})
                    .context("the engine found no move")?;
                let pos = game.position();
                sport.record(battaglie_ai::report_score(pos, limits, &r.info));
                Ok((r.best, sport.gesture(pos, table(pos))))
            }
            Seat::External { engine, go } => {
                let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
                let position = if let Some(start) = start_bfen(game) {
                    format!("position bfen {start}")
                } else {
                    "position startpos".to_string()
                };
                let position = if moves.is_empty() {
                    position
                } else {
                    format!("{position} moves {}", moves.join(" "))
                };
                engine.command(&position, Duration::from_secs(30))?;
                let data = engine.command(go, go_timeout(go))?;
                let best = data
                    .iter()
                    .rev()
                    .find_map(|l| l.strip_prefix("bestmove "))
                    .context("no bestmove line")?
                    .trim()
                    .to_string();
                let mv = game
                    .position()
                    .parse_move(&best)
                    .map_err(|e| anyhow::anyhow!("illegal move {best:?}: {e}"))?;
                if !game.legal_moves().contains(&mv) {
                    bail!("illegal move {best:?}");
                }
                Ok((mv, None))
            }
        }
    }

    /// Whether this player accepts a draw offered in `game` (external programs decline).
    fn accepts_draw(&self, game: &Game, us: Side) -> bool {
        match self {
            Seat::Builtin(_, sport) => {
                let pos = game.position();
                sport.answer(pos, us, table(pos)).is_some()
            }
            Seat::External { .. } => false,
        }
    }
}

/// The scenario's endgame table, if one was found.
fn table(pos: &Position) -> Option<&'static battaglie_tablebase::Tablebase> {
    battaglie_tablebase::registry::find(pos.scenario())
        .ok()
        .flatten()
}

/// The start position's BFEN when it is not the scenario's start.
fn start_bfen(game: &Game) -> Option<String> {
    let start = game.start();
    (*start != Position::start(start.scenario())).then(|| start.to_string())
}

/// How long to wait for an external engine's `bestmove`.
fn go_timeout(go: &str) -> Duration {
    let words: Vec<&str> = go.split_whitespace().collect();
    let movetime = words
        .windows(2)
        .find(|w| w[0] == "movetime")
        .and_then(|w| w[1].parse::<u64>().ok())
        .unwrap_or(1000);
    Duration::from_millis(movetime.saturating_mul(20)).max(Duration::from_secs(60))
}

/// One game to play.
struct Job {
    index: usize,
    scenario: Arc<Scenario>,
    opening: Vec<Move>,
    a_is_army: bool,
    /// The seed of the built-in players' randomness in this game.
    seed: u64,
}

/// How a game ended, from A's view.
#[derive(Debug, Clone)]
struct GameResult {
    index: usize,
    battle: String,
    a_is_army: bool,
    outcome: Outcome,
    plies: usize,
    /// The ply (counted from 1) of the game's first elimination, if any.
    first_elimination: Option<usize>,
    /// Why a player lost by forfeit (illegal move, crash, no answer).
    forfeit: Option<String>,
    /// Why a player resigned, or the players agreed a draw.
    settled: Option<&'static str>,
    record: String,
}

impl GameResult {
    /// A's points: 1, 0.5 or 0.
    fn a_points(&self) -> f64 {
        match self.outcome.winner() {
            None => 0.5,
            Some(Side::Army) if self.a_is_army => 1.0,
            Some(Side::Indians) if !self.a_is_army => 1.0,
            Some(_) => 0.0,
        }
    }
}

/// Plays one game.
fn play(
    job: &Job,
    a: &Player,
    b: &Player,
    names: (&str, &str),
    date: &str,
    play_out: bool,
) -> GameResult {
    let mut game = Game::new(Position::start(&job.scenario));
    for mv in &job.opening {
        game.try_play(mv).expect("the opening was generated legal");
    }
    let (army, indians) = if job.a_is_army { (a, b) } else { (b, a) };
    let (army_name, indians_name) = if job.a_is_army {
        names
    } else {
        (names.1, names.0)
    };
    let mut forfeit = None;
    let mut seeds = XorShift::new(job.seed);
    let seats = [
        Seat::new(army, &job.scenario, seeds.next_u64()),
        Seat::new(indians, &job.scenario, seeds.next_u64()),
    ];
    let mut seats: Vec<Option<Seat>> = seats
        .into_iter()
        .enumerate()
        .map(|(i, s)| match s {
            Ok(s) => Some(s),
            Err(e) => {
                if forfeit.is_none() {
                    let side = Side::ALL[i];
                    forfeit = Some((side, format!("{e:#}")));
                }
                None
            }
        })
        .collect();
    let mut settled = None;
    if forfeit.is_none() {
        while !game.is_over() {
            let side = game.position().side_to_move();
            let seat = seats[side.index()].as_mut().expect("both seats started");
            match seat.choose(&game) {
                Ok((_, Some(Gesture::Resign(why)))) if !play_out => {
                    game.resign(side).expect("the game is not over");
                    settled = Some(why.word());
                }
                Ok((mv, gesture)) => {
                    if let (Some(Gesture::OfferDraw(why)), false) = (gesture, play_out) {
                        let other = seats[(!side).index()].as_ref().expect("both seats started");
                        if other.accepts_draw(&game, !side) {
                            game.agree_draw().expect("the game is not over");
                            settled = Some(why.word());
                            continue;
                        }
                    }
                    game.try_play(&mv).expect("the move was checked legal");
                }
                Err(e) => {
                    forfeit = Some((side, format!("{e:#}")));
                    break;
                }
            }
        }
    }
    seats.clear();
    let forfeit = forfeit.map(|(side, why)| {
        if !game.is_over() {
            game.resign(side).expect("the game is not over");
        }
        let name = if side == Side::Army {
            army_name
        } else {
            indians_name
        };
        format!(
            "game {} ({}): {name} as {} forfeits: {why}",
            job.index + 1,
            job.scenario.id(),
            side.word()
        )
    });
    let outcome = game.outcome().expect("the game is over");
    let plies = game.moves().len();
    let first_elimination = game.moves().position(Move::is_capture).map(|i| i + 1);
    let record = Record::from_game(&game, army_name, indians_name, Some(date));
    GameResult {
        index: job.index,
        battle: job.scenario.id().to_string(),
        a_is_army: job.a_is_army,
        outcome,
        plies,
        first_elimination,
        forfeit,
        settled,
        record: serde_json::to_string(&record).expect("a record always serialises"),
    }
}

/// A random opening of `plies` plies that does not end the game.
fn opening(scenario: &Arc<Scenario>, plies: u32, rng: &mut XorShift) -> Vec<Move> {
    for _ in 0..100 {
        let mut game = Game::new(Position::start(scenario));
        random_plies(&mut game, plies, rng);
        if !game.is_over() {
            return game.moves().copied().collect();
        }
    }
    Vec::new()
}

/// Today's date (UTC) and a timestamp for file names.
fn now() -> (String, String) {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let date = iso_date(i64::try_from(secs).unwrap_or(0));
    let rem = secs % 86_400;
    let stamp = format!(
        "{}-{:02}{:02}{:02}",
        date.replace('-', ""),
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    );
    (date, stamp)
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
    let lo = score - 1.96 * se;
    let hi = score + 1.96 * se;
    format!(
        "Elo difference (A over B): {} (95%: {} to {}), score {:.1}%",
        format_elo(score),
        format_elo(lo),
        format_elo(hi),
        score * 100.0
    )
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

/// The final table.
fn report(a: &str, b: &str, results: &[GameResult]) -> String {
    let mut out = String::new();
    out += &format!("match: A = {a}, B = {b}, {} games\n", results.len());
    out += &format!(
        "{:<16} {:>6} {:>7} {:>6} {:>9} {:>8}\n",
        "", "games", "A wins", "draws", "A losses", "A score"
    );
    let mut army = Tally::default();
    let mut indians = Tally::default();
    let mut total = Tally::default();
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
    out += "\n";
    out += &indians.row("A as Indians");
    out += "\n";
    for (battle, t) in &battles {
        out += &t.row(battle);
        out += "\n";
    }
    out += &total.row("total");
    out += "\n";
    out += &sides_table(results);
    let points: Vec<f64> = results.iter().map(GameResult::a_points).collect();
    if !points.is_empty() {
        out += &elo_summary(&points);
        out += "\n";
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
        if let Some(why) = r.settled {
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

/// Writes the records in game order as the games finish (in any order).
struct Writer {
    file: File,
    next: usize,
    pending: BTreeMap<usize, String>,
    error: Option<std::io::Error>,
}

impl Writer {
    fn add(&mut self, index: usize, record: String) {
        self.pending.insert(index, record);
        while let Some(record) = self.pending.remove(&self.next) {
            self.next += 1;
            if self.error.is_none() {
                if let Err(e) = writeln!(self.file, "{record}").and_then(|()| self.file.flush()) {
                    self.error = Some(e);
                }
            }
        }
    }
}

/// Runs `battaglie match`.
pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    let played = play_match(&args)?;
    crate::out::emit(&played.report)
}

/// A finished match: A's points per game (in game order) and the printed report.
pub struct Played {
    /// A's points in each game: 1, 0.5 or 0.
    pub points: Vec<f64>,
    /// Games that ended with a winner, and how many A won.
    pub decided: (u32, u32),
    /// The report `battaglie match` prints.
    pub report: String,
}

/// Plays the match `args` describes (with its progress bar) and writes its records.
pub fn play_match(args: &MatchArgs) -> anyhow::Result<Played> {
    let [(a, a_name), (b, b_name)] = players(args)?;
    let scenarios: Vec<Arc<Scenario>> = if args.battle == "all" {
        Scenario::builtins().to_vec()
    } else {
        vec![crate::scenarios::load(&args.battle)?]
    };
    let (date, stamp) = now();
    let out_path = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("match-{stamp}.jsonl")));
    let out =
        File::create(&out_path).with_context(|| format!("cannot create {}", out_path.display()))?;
    let out = Mutex::new(Writer {
        file: out,
        next: 0,
        pending: BTreeMap::new(),
        error: None,
    });

    let mut jobs = Vec::new();
    let mut rng = XorShift::new(args.seed);
    // Swapping sides tells two different players apart; a player against itself would
    // only replay the same game, so there every game gets an opening of its own.
    let mirror = a == b;
    let mut pair_opening = Vec::new();
    for index in 0..args.games as usize {
        let pair = if mirror { index } else { index / 2 };
        let scenario = scenarios[pair % scenarios.len()].clone();
        if mirror || index % 2 == 0 {
            pair_opening = if args.openings > 0 {
                opening(&scenario, args.openings, &mut rng)
            } else {
                Vec::new()
            };
        }
        jobs.push(Job {
            index,
            scenario,
            opening: pair_opening.clone(),
            a_is_army: if mirror {
                index / scenarios.len() % 2 == 0
            } else {
                index % 2 == 0
            },
            seed: args.seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        });
    }

    let bar = ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} match [{bar:30}] {pos}/{len} games, {elapsed} {msg}",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar.set_message("A 0 / draws 0 / B 0");
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<GameResult>> = Mutex::new(Vec::new());
    let tally = Mutex::new(Tally::default());
    let names = (a_name.as_str(), b_name.as_str());
    let workers = (args.concurrency as usize).min(jobs.len()).max(1);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(i) else { break };
                let result = play(job, &a, &b, names, &date, args.play_out);
                out.lock()
                    .expect("no panic while writing")
                    .add(result.index, result.record.clone());
                {
                    let mut t = tally.lock().expect("no panic while counting");
                    t.add(result.a_points());
                    bar.set_message(format!("A {} / draws {} / B {}", t.wins, t.draws, t.losses));
                }
                if let Some(f) = &result.forfeit {
                    bar.println(f);
                }
                bar.inc(1);
                results
                    .lock()
                    .expect("no panic while collecting")
                    .push(result);
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = out.into_inner().expect("workers finished").error {
        return Err(e).with_context(|| format!("cannot write {}", out_path.display()));
    }
    let mut results = results.into_inner().expect("workers finished");
    results.sort_by_key(|r| r.index);
    let mut text = report(&a_name, &b_name, &results);
    text += &format!("records: {}\n", out_path.display());
    let points: Vec<f64> = results.iter().map(GameResult::a_points).collect();
    let wins = points.iter().filter(|&&p| p >= 1.0).count() as u32;
    let losses = points.iter().filter(|&&p| p <= 0.0).count() as u32;
    Ok(Played {
        points,
        decided: (wins + losses, wins),
        report: text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        let p: Player = "level:8,movetime:100".parse().unwrap();
        assert_eq!(
            p,
            Player::Builtin(Limits {
                level: Some(8),
                movetime: Some(Duration::from_millis(100)),
                ..Limits::default()
            })
        );
        let e: Player = "engine:\"prog engine\",depth:3".parse().unwrap();
        assert_eq!(
            e,
            Player::External {
                command: vec!["prog".into(), "engine".into()],
                go: "go depth 3".into()
            }
        );
        let e: Player = "engine:\"'my prog' --flag\"".parse().unwrap();
        assert!(matches!(e, Player::External { command, .. } if command == ["my prog", "--flag"]));
        let e: Player = "engine:prog".parse().unwrap();
        assert!(matches!(e, Player::External { go, .. } if go == "go movetime 100"));
        let s: Player = "seed:0,depth:2".parse().unwrap();
        assert!(matches!(s, Player::Builtin(l) if l.seed == Some(0) && l.depth == Some(2)));
        assert!("level:9".parse::<Player>().is_err());
        assert!("depth:0".parse::<Player>().is_err());
        assert!("speed:3".parse::<Player>().is_err());
    }

    #[test]
    fn elo_is_symmetric() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) + elo(0.25)).abs() < 1e-9);
        assert_eq!(format_elo(1.0), "+inf");
    }
}
