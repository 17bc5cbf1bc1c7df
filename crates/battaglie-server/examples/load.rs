//! Load test: K concurrent online games over WebSocket, both seats playing random
//! legal moves; reports moves per second and the latency from sending a move to
//! receiving the new state (p50, p99, max).
//!
//!     cargo run --release -p battaglie-server --example load -- [--games 1000]
//!         [--rate 2000] [--seconds 20] [--scenario washita] [--addr 127.0.0.1:8080]
//!
//! `--rate` is the total of moves per second the players aim at (each game moves at
//! `rate / games` per second); `--rate 0` moves as fast as the server answers (then
//! the latency is mostly queueing).
//!
//! Each move is timed twice: to its acknowledgement (the new state on the mover's
//! socket) and to its arrival on the opponent's socket. `--other-addr` connects the
//! Indians' seats to another node than the Army's (`--addr`), so that arrival
//! crosses the bus between nodes; behind a balancer both seats go to `--addr`, and
//! land on whichever node it picks. `--cpu NAME=PID,...` reports the CPU time per
//! move of each process (with its children: PostgreSQL's backends), from
//! `/proc/PID/stat`.
//!
//! Without `--addr` it starts its own server on a temporary database, in the same
//! process (`--memory`: an in-memory database, to tell the storage's share of the
//! latency; `--db postgres://...`: that database), without rate limits; a server
//! given by `--addr` must run with `--no-rate-limit`. Only loopback addresses are
//! accepted. Games that end are not replaced.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

struct Options {
    games: usize,
    rate: f64,
    seconds: u64,
    scenario: String,
    addr: Option<SocketAddr>,
    other_addr: Option<SocketAddr>,
    cpu: Vec<(String, u32)>,
    memory: bool,
    db: Option<battaglie_server::Database>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        games: 1000,
        rate: 2000.0,
        seconds: 20,
        scenario: "washita".into(),
        addr: None,
        other_addr: None,
        cpu: Vec::new(),
        memory: false,
        db: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--games" => o.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--rate" => o.rate = value()?.parse().map_err(|e| format!("--rate: {e}"))?,
            "--seconds" => o.seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--scenario" => o.scenario = value()?,
            "--memory" => o.memory = true,
            "--db" => o.db = Some(value()?.parse().map_err(|e| format!("--db: {e}"))?),
            "--addr" | "--other-addr" => {
                let addr: SocketAddr = value()?.parse().map_err(|e| format!("{a}: {e}"))?;
                if !addr.ip().is_loopback() {
                    return Err(format!("{a} must be a loopback address"));
                }
                if a == "--addr" {
                    o.addr = Some(addr);
                } else {
                    o.other_addr = Some(addr);
                }
            }
            "--cpu" => {
                for item in value()?.split(',') {
                    let (name, pid) = item
                        .split_once('=')
                        .ok_or(format!("--cpu: {item:?} is not NAME=PID"))?;
                    let pid = pid.parse().map_err(|e| format!("--cpu: {pid:?}: {e}"))?;
                    o.cpu.push((name.to_string(), pid));
                }
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if o.other_addr.is_some() && o.addr.is_none() {
        return Err("--other-addr needs --addr".into());
    }
    if o.games == 0 || o.seconds == 0 || o.seconds > 600 || o.rate.is_nan() || o.rate < 0.0 {
        return Err("--games must be positive, --rate 0 or more, --seconds 1..=600".into());
    }
    Ok(o)
}

/// One HTTP/1.1 POST with a JSON body; returns the JSON answer.
async fn post(addr: SocketAddr, path: &str, body: &Value) -> Result<Value, String> {
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .map_err(|e| e.to_string())?;
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
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
    serde_json::from_str(body).map_err(|e| format!("{e}: {body}"))
}

/// How long the start is left out of the figures.
const WARM_UP: Duration = Duration::from_secs(3);

struct Stats {
    moves: AtomicU64,
    errors: AtomicU64,
    finished: AtomicU64,
    /// When each acknowledged move was sent, and its latency.
    latencies: Mutex<Vec<(Instant, Duration)>>,
    /// When each move was sent, and how long it took to reach the opponent's socket.
    arrivals: Mutex<Vec<(Instant, Duration)>>,
}

/// The last move sent in one game (its ply before, and when), shared by both seats.
type LastSent = Arc<Mutex<Option<(u64, Instant)>>>;

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

/// One seat: moves when it is its side's turn (no sooner than every `interval`),
/// until the deadline or the end of the game.
#[allow(clippy::too_many_arguments)]
async fn player(
    addr: SocketAddr,
    id: String,
    token: String,
    side: &'static str,
    mut seed: u64,
    interval: Duration,
    deadline: Instant,
    stats: Arc<Stats>,
    last_sent: LastSent,
) {
    let mut next_at = Instant::now() + interval.mul_f64((random(&mut seed) % 1000) as f64 / 1000.0);
    let url = format!("ws://{addr}/api/games/{id}/ws?token={token}");
    let Ok((mut ws, _)) = tokio_tungstenite::connect_async_with_config(url, None, true).await
    else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let mut sent: Option<(u64, Instant)> = None;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(Some(Ok(msg))) = tokio::time::timeout(left, ws.next()).await else {
            break;
        };
        let Message::Text(text) = msg else { continue };
        let Ok(state) = serde_json::from_str::<Value>(text.as_str()) else {
            continue;
        };
        if state["type"] == "error" {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            sent = None;
            continue;
        }
        let ply = state["ply"].as_u64().unwrap_or(0);
        // The opponent's move arriving here.
        if sent.is_none() {
            let mut last = last_sent.lock().unwrap();
            if let Some((at_ply, since)) = *last {
                if ply > at_ply {
                    stats
                        .arrivals
                        .lock()
                        .unwrap()
                        .push((since, since.elapsed()));
                    *last = None;
                }
            }
        }
        if let Some((at_ply, since)) = sent {
            if ply > at_ply {
                stats
                    .latencies
                    .lock()
                    .unwrap()
                    .push((since, since.elapsed()));
                stats.moves.fetch_add(1, Ordering::Relaxed);
                sent = None;
            }
        }
        if state["status"] != "ongoing" {
            if side == "army" {
                stats.finished.fetch_add(1, Ordering::Relaxed);
            }
            break;
        }
        if state["to_move"] != side || sent.is_some() || Instant::now() >= deadline {
            continue;
        }
        let legal: Vec<&Value> = state["legal"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|g| g["moves"].as_array().into_iter().flatten())
            .map(|m| &m["notation"])
            .collect();
        if legal.is_empty() {
            continue;
        }
        let mv = legal[(random(&mut seed) % legal.len() as u64) as usize];
        let msg = json!({"type": "move", "move": mv}).to_string();
        if next_at > Instant::now() {
            tokio::time::sleep_until(next_at.into()).await;
        }
        next_at = (next_at + interval).max(Instant::now());
        sent = Some((ply, Instant::now()));
        *last_sent.lock().unwrap() = sent;
        if ws.send(Message::Text(msg.into())).await.is_err() {
            break;
        }
    }
    let _ = ws.close(None).await;
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

#[tokio::main]
async fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let _db;
    let addr = match o.addr {
        Some(a) => a,
        None => {
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
            let unlimited = battaglie_server::HttpSettings { rate_limits: None };
            let app =
                battaglie_server::app_with(battaglie_server::AppState::new(store), &unlimited);
            let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
                let _ = tcp.set_nodelay(true);
            });
            tokio::spawn(async move { axum::serve(listener, app).await });
            _db = dir;
            addr
        }
    };
    println!(
        "load: {} online games of {} on {addr} for {} s, aiming at {} moves/s",
        o.games, o.scenario, o.seconds, o.rate
    );

    let created = Instant::now();
    let mut games = Vec::with_capacity(o.games);
    for _ in 0..o.games {
        let body = json!({"scenario": o.scenario, "mode": "online", "side": "army"});
        match post(addr, "/api/games", &body).await {
            Ok(g) if g["id"].is_string() => games.push((
                g["id"].as_str().unwrap_or_default().to_string(),
                g["token"].as_str().unwrap_or_default().to_string(),
                g["other_token"].as_str().unwrap_or_default().to_string(),
            )),
            Ok(g) => {
                eprintln!("load: cannot create a game: {g}");
                std::process::exit(1);
            }
            Err(e) => {
                eprintln!("load: cannot create a game: {e}");
                std::process::exit(1);
            }
        }
    }
    println!(
        "created {} games in {:.2} s",
        games.len(),
        created.elapsed().as_secs_f64()
    );

    let stats = Arc::new(Stats {
        moves: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        finished: AtomicU64::new(0),
        latencies: Mutex::new(Vec::new()),
        arrivals: Mutex::new(Vec::new()),
    });
    let cpu_before: Vec<f64> = o.cpu.iter().map(|(_, pid)| cpu_seconds(*pid)).collect();
    let other = o.other_addr.unwrap_or(addr);
    let start = Instant::now();
    let deadline = start + Duration::from_secs(o.seconds);
    // Each seat moves every other ply.
    let interval = if o.rate > 0.0 {
        Duration::from_secs_f64(2.0 * o.games as f64 / o.rate)
    } else {
        Duration::ZERO
    };
    let mut tasks = Vec::new();
    for (i, (id, army, indians)) in games.into_iter().enumerate() {
        let seed = 0x9E37_79B9_7F4A_7C15u64 ^ (i as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D);
        let last_sent = LastSent::default();
        tasks.push(tokio::spawn(player(
            addr,
            id.clone(),
            army,
            "army",
            seed,
            interval,
            deadline,
            stats.clone(),
            last_sent.clone(),
        )));
        tasks.push(tokio::spawn(player(
            other,
            id,
            indians,
            "indians",
            seed.rotate_left(17),
            interval,
            deadline,
            stats.clone(),
            last_sent,
        )));
    }
    for t in tasks {
        let _ = t.await;
    }
    let cpu: Vec<f64> = o
        .cpu
        .iter()
        .zip(&cpu_before)
        .map(|((_, pid), before)| cpu_seconds(*pid) - before)
        .collect();
    // The first seconds (connections opening, every game's first move) are a warm-up.
    let warm = start + WARM_UP.min(Duration::from_secs(o.seconds / 2));
    let window = deadline.saturating_duration_since(warm).as_secs_f64();
    let all = std::mem::take(&mut *stats.latencies.lock().unwrap());
    let in_window = |all: &[(Instant, Duration)]| {
        let mut lat: Vec<Duration> = all
            .iter()
            .filter(|(at, _)| *at >= warm && *at < deadline)
            .map(|(_, d)| *d)
            .collect();
        lat.sort();
        lat
    };
    let lat = in_window(&all);
    let arrived = in_window(&stats.arrivals.lock().unwrap());
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
    let moves = stats.moves.load(Ordering::Relaxed).max(1) as f64;
    for ((name, pid), seconds) in o.cpu.iter().zip(cpu) {
        println!(
            "cpu {name} (pid {pid}): {seconds:.1} s in all, {:.0} us per move",
            seconds * 1e6 / moves
        );
    }
}
