//! Load test: online games over WebSocket, both seats playing random legal moves;
//! reports moves per second and the latency from sending a move to receiving the
//! new state (p50, p99, max).
//!
//!     cargo run --release -p battaglie-server --example load -- [--games 1000]
//!         [--rate 2000] [--seconds 20] [--scenario washita] [--addr 127.0.0.1:8080]
//!
//! Two modes. By default it opens `--games` games at once and plays them for
//! `--seconds` (at most 600); a game that ends is replaced by a new one, created
//! over HTTP as a player would, so that `--games` are played at once for the
//! whole run (random games of washita end in about 100 plies: left alone, 1,000
//! games ran out of moves in 30 s, which capped the figure). `--rate` is the
//! total of moves per second the players aim at (each game moves at
//! `rate / games` per second, each move after a think time drawn from an
//! exponential law around its mean, so that games end at different times;
//! the first game of each slot resigned after a random share of a game, so
//! that games end spread out from the start as on a site whose games began at
//! different times; `--fixed-pace` keeps every game to the exact interval and
//! resigns none, and the games keep in step); `--rate 0` moves as fast as the server answers (then the latency is
//! mostly queueing).
//!
//! `--churn N` instead creates N games a minute, steadily, for `--seconds` (at
//! most 1800): each plays `--moves-per-game` random moves spread over about
//! `--game-seconds`, then one seat resigns and both sockets close, so that games
//! keep arriving, ending and going idle (the soak of bounded memory; see
//! `churn.rs`). Games overlap as needed to hold the rate.
//!
//! Each move is timed twice: to its acknowledgement (the new state on the mover's
//! socket) and to its arrival on the opponent's socket. `--other-addr` connects the
//! Indians' seats to another node than the Army's (`--addr`), so that arrival
//! crosses the bus between nodes; behind a balancer both seats go to `--addr`, and
//! land on whichever node it picks. `--cpu NAME=PID,...` reports the CPU time per
//! move of each process (with its children: PostgreSQL's backends), from
//! `/proc/PID/stat`. `--timeline FILE` writes the run second by second (moves
//! and acknowledgement latency), and the three slowest seconds are always told.
//! `--rss PID` samples the resident memory of the server's
//! process every `--sample-seconds`, into a CSV (`--samples`) and a chart
//! (`--svg`), and sums it up at the end (see `memory.rs`).
//!
//! Without `--addr` it starts its own server on a temporary database, in the same
//! process (`--memory`: an in-memory database, to tell the storage's share of the
//! latency; `--db postgres://...`: that database), without rate limits; a server
//! given by `--addr` must run with `--no-rate-limit`. Only loopback addresses are
//! accepted.

mod churn;
mod memory;
mod message;
mod options;
mod samples;
mod timeline;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

use message::Update;
use options::Options;
use samples::Samples;

// The allocator of the server binary, so that the tool's own work, on the
// same cores, costs what the server's would.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One HTTP/1.1 request; returns the body of the answer.
async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> Result<String, String> {
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .map_err(|e| e.to_string())?;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut response = Vec::new();
    stream
        .read_to_end(&mut response)
        .await
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&response);
    let (_, body) = text.split_once("\r\n\r\n").ok_or("no HTTP body")?;
    Ok(body.to_string())
}

/// One POST with a JSON body; returns the JSON answer.
async fn post(addr: SocketAddr, path: &str, body: &Value) -> Result<Value, String> {
    let body = http(addr, "POST", path, &body.to_string()).await?;
    serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))
}

/// A new online game: its id and the Army's and the Indians' tokens.
async fn create_game(addr: SocketAddr, scenario: &str) -> Result<(String, String, String), String> {
    let body = json!({"scenario": scenario, "mode": "online", "side": "army"});
    let g = post(addr, "/api/games", &body).await?;
    let field = |name: &str| g[name].as_str().map(str::to_string);
    match (field("id"), field("token"), field("other_token")) {
        (Some(id), Some(army), Some(indians)) => Ok((id, army, indians)),
        _ => Err(format!("cannot create a game: {g}")),
    }
}

/// How long the start is left out of the figures.
const WARM_UP: Duration = Duration::from_secs(3);

#[derive(Default)]
struct Stats {
    moves: AtomicU64,
    errors: AtomicU64,
    created: AtomicU64,
    finished: AtomicU64,
    /// When each acknowledged move was sent, and its latency.
    latencies: Samples,
    /// When each move was sent, and how long it took to reach the opponent's socket.
    arrivals: Samples,
}

impl Stats {
    /// Counts an error; the first few are told, so that a failing run says why.
    fn error(&self, what: &str) {
        if self.errors.fetch_add(1, Ordering::Relaxed) < 10 {
            eprintln!("load: {what}");
        }
    }
}

/// What both seats of one game share.
#[derive(Default)]
struct Shared {
    /// The last move sent (its ply before, and when).
    last_sent: Mutex<Option<(u64, Instant)>>,
    /// When the game's next move may be sent (see [`Pace`]).
    next_at: Mutex<Option<Instant>>,
}

/// CPU seconds (user + system) of `pid` and all its descendants, from `/proc`.
fn cpu_seconds(pid: u32) -> f64 {
    let ticks = 100.0; // USER_HZ on Linux
    let mut parents: Vec<(u32, u32, u64)> = Vec::new();
    if let Ok(dir) = std::fs::read_dir("/proc") {
        for entry in dir.flatten() {
            let Some(p) = entry
                .file_name()
                .to_str()
                .and_then(|n| n.parse::<u32>().ok())
            else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{p}/stat")) else {
                continue;
            };
            // After the command's closing parenthesis: state ppid ... utime(14) stime(15).
            let Some((_, rest)) = stat.rsplit_once(')') else {
                continue;
            };
            let f: Vec<&str> = rest.split_whitespace().collect();
            let num = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
            parents.push((p, num(1) as u32, num(11) + num(12)));
        }
    }
    let mut total = 0;
    let mut family = vec![pid];
    while let Some(p) = family.pop() {
        for (child, parent, t) in &parents {
            if *child == p {
                total += t;
            }
            if *parent == p {
                family.push(*child);
            }
        }
    }
    total as f64 / ticks
}

fn random(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// About how long a game of random moves lasts, in plies (most end at the
/// quiet limit).
const FIRST_GAMES_PLIES: u64 = 100;

/// How many think times a game held up by the server may make up at once.
const CATCH_UP: u32 = 4;

/// A number in [0, 1).
fn unit(seed: &mut u64) -> f64 {
    (random(seed) >> 11) as f64 / (1u64 << 53) as f64
}

/// A seed of its own for game `i`.
fn seed(i: u64) -> u64 {
    0x9E37_79B9_7F4A_7C15u64 ^ (i + 1).wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// One seat: moves when it is its side's turn, after the game's think time (see
/// [`Pace`]), until the deadline or the end of the game.
#[allow(clippy::too_many_arguments)]
async fn player(
    addr: SocketAddr,
    id: String,
    token: String,
    side: &'static str,
    mut seed: u64,
    pace: Pace,
    stats: Arc<Stats>,
    shared: Arc<Shared>,
) {
    let deadline = pace.deadline;
    // As the web page asks: the legal moves only on the seat's own turns.
    let url = format!("ws://{addr}/api/games/{id}/ws?token={token}&legal=mine");
    let mut ws = match connect(url).await {
        Ok(ws) => ws,
        Err(e) => return stats.error(&format!("game {id}: socket: {e}")),
    };
    let mut sent: Option<(u64, Instant)> = None;
    let mut resigned = false;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(Some(Ok(msg))) = tokio::time::timeout(left, ws.next()).await else {
            break;
        };
        let Message::Text(text) = msg else { continue };
        let Ok(state) = Update::read(text.as_str()) else {
            stats.error(&format!("game {id}: not a message: {}", text.as_str()));
            continue;
        };
        if state.kind == "error" {
            stats.error(&format!("game {id}: refused: {}", text.as_str()));
            sent = None;
            continue;
        }
        // Presence, chat and rematch messages carry no move.
        if state.kind != "state" {
            continue;
        }
        let ply = state.ply;
        // The opponent's move arriving here.
        if sent.is_none() {
            let mut last = shared.last_sent.lock().unwrap();
            if let Some((at_ply, since)) = *last {
                if ply > at_ply {
                    stats.arrivals.push(since, since.elapsed());
                    *last = None;
                }
            }
        }
        if let Some((at_ply, since)) = sent {
            if ply > at_ply {
                stats.latencies.push(since, since.elapsed());
                stats.moves.fetch_add(1, Ordering::Relaxed);
                sent = None;
            }
        }
        if !state.ongoing() {
            if side == "army" {
                stats.finished.fetch_add(1, Ordering::Relaxed);
            }
            break;
        }
        if state.to_move != side || sent.is_some() || resigned || Instant::now() >= deadline {
            continue;
        }
        if pace.resign_at.is_some_and(|at| ply >= at) {
            resigned = true;
            let resign = json!({"type": "resign"}).to_string();
            if ws.send(Message::Text(resign.into())).await.is_err() {
                break;
            }
            continue;
        }
        let legal = match state.legal_moves() {
            Ok(legal) => legal,
            Err(e) => {
                stats.error(&format!("game {id}: legal moves: {e}"));
                continue;
            }
        };
        if legal.is_empty() {
            continue;
        }
        let mv = legal[(random(&mut seed) % legal.len() as u64) as usize];
        let msg = json!({"type": "move", "move": mv}).to_string();
        let at = pace.next(&shared, &mut seed);
        if at > Instant::now() {
            tokio::time::sleep_until(at.into()).await;
        }
        sent = Some((ply, Instant::now()));
        *shared.last_sent.lock().unwrap() = sent;
        if ws.send(Message::Text(msg.into())).await.is_err() {
            break;
        }
    }
    let _ = ws.close(None).await;
}

/// The fixed mode: `games` games at once, played until `deadline`.
async fn fixed(o: &Options, addr: SocketAddr, other: SocketAddr, stats: &Arc<Stats>) -> Instant {
    let created = Instant::now();
    let mut games = Vec::new();
    for _ in 0..o.games {
        match create_game(addr, &o.scenario).await {
            Ok(game) => games.push(game),
            Err(e) => {
                eprintln!("load: {e}");
                std::process::exit(1);
            }
        }
    }
    println!(
        "created {} games in {:.2} s",
        games.len(),
        created.elapsed().as_secs_f64()
    );
    let start = Instant::now();
    let deadline = start + Duration::from_secs(o.seconds);
    let interval = if o.rate > 0.0 {
        Duration::from_secs_f64(o.games as f64 / o.rate)
    } else {
        Duration::ZERO
    };
    let slots = o.games;
    let fixed_pace = o.fixed_pace;
    let mut tasks = Vec::new();
    for (i, first) in games.into_iter().enumerate() {
        let (scenario, stats) = (o.scenario.clone(), stats.clone());
        tasks.push(tokio::spawn(async move {
            // A game that ends is replaced by a new one, so that `games` are
            // played at once until the deadline, however fast they end.
            let mut game = first;
            for round in 0.. {
                let mut seed = seed(i as u64 + round * slots);
                // Games that all start in the first second would all end
                // together, at about the same ply, and again and again (a
                // thousand games ending, and a thousand created, within a few
                // seconds): the first game of each slot is resigned after a
                // random share of a game, so that the games' ends spread out
                // from the start, as on a site whose games began at
                // different times. `--fixed-pace` keeps the waves.
                let resign_at =
                    (round == 0 && !fixed_pace).then(|| random(&mut seed) % FIRST_GAMES_PLIES);
                let pace = Pace {
                    interval,
                    deadline,
                    fixed: fixed_pace,
                    resign_at,
                };
                play_both(addr, other, game, seed, pace, &stats).await;
                if Instant::now() >= deadline {
                    break;
                }
                game = match create_game(addr, &scenario).await {
                    Ok(game) => game,
                    Err(e) => return stats.error(&e),
                };
                stats.created.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    start
}

/// A seat's WebSocket.
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A seat's socket to `url`.
///
/// # Errors
/// The connection or the handshake failing.
async fn connect(url: String) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    // tungstenite zeroes its whole read buffer (128 KiB by default) before each
    // read: a seventh of the tool's time, on the cores the server needs. A state
    // is a few tens of kilobytes; a longer one is read in several reads.
    let config = WebSocketConfig::default().read_buffer_size(32 * 1024);
    let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true).await?;
    Ok(ws)
}

/// When a game's next move may be sent: a think time after its last one, and
/// not after `deadline`.
///
/// The think times are drawn from an exponential law of mean `interval` (the
/// game's moves arrive as people's do, and the total rate is the one aimed
/// at), so that games last more or less long and end at different times, as on
/// a site. With `fixed`, every game moves exactly every `interval`: all games
/// keep in step, and those started together end together, in waves (a thousand
/// games ending, and a thousand starting, in the same second).
#[derive(Clone, Copy)]
struct Pace {
    interval: Duration,
    fixed: bool,
    deadline: Instant,
    /// The ply at which the side to move resigns, if any.
    resign_at: Option<u64>,
}

impl Pace {
    /// When the move about to be sent may go, and the one after it is drawn.
    /// The clock is the game's, not the seat's: a seat waits for its
    /// opponent's move, and a clock of its own would lose that wait.
    fn next(&self, shared: &Shared, seed: &mut u64) -> Instant {
        let now = Instant::now();
        let mut next_at = shared.next_at.lock().unwrap();
        // The game's first move comes after a part of an interval, so that
        // games started together do not move together.
        let at = *next_at.get_or_insert_with(|| now + self.interval.mul_f64(unit(seed)));
        let think = match self.fixed {
            true => 1.0,
            // Exponential: -ln U for U uniform in (0, 1].
            false => -(1.0 - unit(seed)).ln(),
        };
        // A game held up (by the server, or by a slow think) makes up a few
        // moves at once at most.
        let behind = now.checked_sub(self.interval * CATCH_UP).unwrap_or(now);
        *next_at = Some((at + self.interval.mul_f64(think)).max(behind));
        at
    }
}

/// Plays one game, its Army through `addr` and its Indians through `other`,
/// until it ends or the deadline passes.
async fn play_both(
    addr: SocketAddr,
    other: SocketAddr,
    (id, army, indians): (String, String, String),
    seed: u64,
    pace: Pace,
    stats: &Arc<Stats>,
) {
    let shared = Arc::new(Shared::default());
    let army = player(
        addr,
        id.clone(),
        army,
        "army",
        seed,
        pace,
        stats.clone(),
        shared.clone(),
    );
    let indians = player(
        other,
        id,
        indians,
        "indians",
        seed.rotate_left(17),
        pace,
        stats.clone(),
        shared,
    );
    tokio::join!(army, indians);
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

/// The moves and latencies of the moves sent between the warm-up and `seconds`
/// after `start`; the run second by second into `timeline`, if given.
fn report(stats: &Stats, start: Instant, seconds: u64, timeline: Option<&Path>) {
    let deadline = start + Duration::from_secs(seconds);
    // The first seconds (connections opening, every game's first move) are a warm-up.
    let warm = start + WARM_UP.min(Duration::from_secs(seconds / 2));
    let window = deadline.saturating_duration_since(warm).as_secs_f64();
    let in_window = |all: &[(Instant, Duration)]| {
        let mut lat: Vec<Duration> = all
            .iter()
            .filter(|(at, _)| *at >= warm && *at < deadline)
            .map(|(_, d)| *d)
            .collect();
        lat.sort();
        lat
    };
    let latencies = stats.latencies.all();
    let lat = in_window(&latencies);
    let arrived = in_window(&stats.arrivals.all());
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "moves: {} in all; after {:.0} s of warm-up: {} in {window:.1} s = {:.0} moves/s, \
         latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; games finished {}, errors {}",
        stats.moves.load(Ordering::Relaxed),
        (warm - start).as_secs_f64(),
        lat.len(),
        lat.len() as f64 / window,
        ms(percentile(&lat, 0.50)),
        ms(percentile(&lat, 0.99)),
        ms(lat.last().copied().unwrap_or_default()),
        stats.finished.load(Ordering::Relaxed),
        stats.errors.load(Ordering::Relaxed),
    );
    println!(
        "arrival at the opponent's socket: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} moves)",
        ms(percentile(&arrived, 0.50)),
        ms(percentile(&arrived, 0.99)),
        ms(arrived.last().copied().unwrap_or_default()),
        arrived.len(),
    );
    let by_second = timeline::seconds(&latencies, start);
    timeline::print_slowest(&by_second);
    if let Some(path) = timeline {
        if let Err(e) = timeline::write_csv(&by_second, path) {
            eprintln!("load: {e}");
        }
    }
}

/// A server in this process on a temporary database; returns its address and the
/// directory to keep while it runs.
async fn own_server(o: &Options) -> (SocketAddr, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let store = if let Some(db) = &o.db {
        battaglie_server::Store::connect(db).await
    } else if o.memory {
        battaglie_server::Store::memory().await
    } else {
        battaglie_server::Store::open(&dir.path().join("load.sqlite")).await
    }
    .expect("the database opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("an address");
    let unlimited = battaglie_server::HttpSettings::unlimited();
    let app = battaglie_server::app_with(battaglie_server::AppState::new(store), &unlimited);
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    tokio::spawn(async move { axum::serve(listener, app).await });
    (addr, dir)
}

#[tokio::main]
async fn main() {
    let o = Options::parse().checked();
    let (addr, _dir) = match o.addr {
        Some(a) => (a, None),
        None => {
            let (addr, dir) = own_server(&o).await;
            (addr, Some(dir))
        }
    };
    let other = o.other_addr.unwrap_or(addr);
    match o.churn {
        Some(n) => println!(
            "load: {n} games of {} a minute on {addr} for {} s, {} moves each over about {} s",
            o.scenario, o.seconds, o.moves_per_game, o.game_seconds
        ),
        None => println!(
            "load: {} online games of {} on {addr} for {} s, aiming at {} moves/s",
            o.games, o.scenario, o.seconds, o.rate
        ),
    }
    let stats = Arc::new(Stats::default());
    let watched = o.cpu.as_ref().map_or(&[][..], |p| &p.0[..]);
    let cpu_before: Vec<f64> = watched.iter().map(|(_, pid)| cpu_seconds(*pid)).collect();
    // The tool shares the cores with what it measures: its own share is told too.
    let own_before = cpu_seconds(std::process::id());
    let sampler = o.rss.map(|pid| {
        memory::Sampler::spawn(
            pid,
            Duration::from_secs(o.sample_seconds),
            addr,
            stats.clone(),
        )
    });

    let (start, churned) = match o.churn {
        Some(per_minute) => {
            let churn = churn::Churn {
                per_minute,
                moves: o.moves_per_game,
                game_seconds: o.game_seconds,
                scenario: o.scenario.clone(),
            };
            let length = Duration::from_secs(o.seconds);
            let done = churn::run(&churn, addr, other, length, &stats).await;
            (done.start, Some((per_minute, done)))
        }
        None => (fixed(&o, addr, other, &stats).await, None),
    };

    let cpu: Vec<f64> = watched
        .iter()
        .zip(&cpu_before)
        .map(|((_, pid), before)| cpu_seconds(*pid) - before)
        .collect();
    let own = cpu_seconds(std::process::id()) - own_before;
    report(&stats, start, o.seconds, o.timeline.as_deref());
    if let Some((per_minute, done)) = &churned {
        churn::report(&stats, done, *per_minute, o.seconds);
    }
    let moves = stats.moves.load(Ordering::Relaxed).max(1) as f64;
    for ((name, pid), seconds) in watched.iter().zip(cpu) {
        println!(
            "cpu {name} (pid {pid}): {seconds:.1} s in all, {:.0} us per move",
            seconds * 1e6 / moves
        );
    }
    println!(
        "cpu load tool (this process): {own:.1} s in all, {:.0} us per move",
        own * 1e6 / moves
    );
    if let Some(sampler) = sampler {
        let samples = sampler.stop().await;
        let title = match o.churn {
            Some(n) => format!(
                "Server resident memory: {n} games a minute, {} moves each",
                o.moves_per_game
            ),
            None => format!("Server resident memory: {} games at once", o.games),
        };
        if let Err(e) = memory::report(&samples, o.samples.as_deref(), o.svg.as_deref(), &title) {
            eprintln!("load: {e}");
            std::process::exit(1);
        }
    }
}
