//! The churn mode: games created, played and finished at a steady rate, so that
//! the server keeps taking new games in and letting finished ones go (the soak of
//! bounded memory). Each game: created over HTTP, both seats connected over
//! WebSocket, a few random moves by the side to move, then one seat resigns and
//! both sockets close.

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};

use crate::message::Update;
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::Message;

use super::{connect, create_game, random, seed, Socket, Stats};

/// What a churn run plays.
pub struct Churn {
    /// Games created (and finished) per minute.
    pub per_minute: u32,
    /// Random moves per game before the resignation.
    pub moves: u32,
    /// About how long a game lasts: its moves are spread over it.
    pub game_seconds: f64,
    pub scenario: String,
}

/// How a run went, besides [`Stats`].
pub struct Done {
    /// When the first game was started.
    pub start: Instant,
    /// Games finished when the last one was started.
    pub finished_in_time: u64,
    /// How long the games under way then took to end.
    pub drain: Duration,
}

/// At most this many games open at once: against a server slower than the rate
/// the creation falls behind (the report shows it) instead of piling up sockets.
const MAX_OPEN: u32 = 4000;

/// The longest wait for one answer on a socket.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

/// Starts games at the rate for `length`, then waits for the games under way.
pub async fn run(
    churn: &Churn,
    addr: SocketAddr,
    other: SocketAddr,
    length: Duration,
    stats: &Arc<Stats>,
) -> Done {
    let start = Instant::now();
    let every = 60.0 / f64::from(churn.per_minute);
    let pace = Duration::from_secs_f64(churn.game_seconds / f64::from(churn.moves));
    // A game far slower than planned counts as an error rather than holding the run.
    let limit = Duration::from_secs_f64(churn.game_seconds) + 2 * ANSWER_TIMEOUT;
    let scenario: Arc<str> = churn.scenario.as_str().into();
    let open = Arc::new(Semaphore::new(MAX_OPEN as usize));
    for i in 0u64.. {
        let at = start + Duration::from_secs_f64(every * i as f64);
        if at >= start + length {
            break;
        }
        // Behind schedule (all games open), the next ones start at once to catch up.
        tokio::time::sleep_until(at.into()).await;
        let permit = open.clone().acquire_owned().await.expect("never closed");
        let (stats, scenario, moves) = (stats.clone(), scenario.clone(), churn.moves);
        tokio::spawn(async move {
            let _permit = permit;
            let played = game(addr, other, &scenario, moves, pace, seed(i), &stats);
            match tokio::time::timeout(limit, played).await {
                Ok(Ok(())) => {
                    stats.finished.fetch_add(1, Ordering::Relaxed);
                }
                Ok(Err(e)) => stats.error(&e),
                Err(_) => stats.error(&format!("a game took over {} s", limit.as_secs())),
            }
        });
    }
    let finished_in_time = stats.finished.load(Ordering::Relaxed);
    let last = Instant::now();
    // Every permit back: every game has ended (each within `limit`).
    let _ = open.acquire_many(MAX_OPEN).await;
    Done {
        start,
        finished_in_time,
        drain: last.elapsed(),
    }
}

/// Games created and finished, against the asked rate.
pub fn report(stats: &Stats, done: &Done, per_minute: u32, seconds: u64) {
    let created = stats.created.load(Ordering::Relaxed);
    println!(
        "games: {created} created in {seconds} s = {:.0} a minute (asked {per_minute}); \
         finished {} ({} when the last one started, the rest in the next {:.1} s); errors {}",
        created as f64 * 60.0 / seconds as f64,
        stats.finished.load(Ordering::Relaxed),
        done.finished_in_time,
        done.drain.as_secs_f64(),
        stats.errors.load(Ordering::Relaxed),
    );
}

/// One game from its creation to its sockets closed.
async fn game(
    addr: SocketAddr,
    other: SocketAddr,
    scenario: &str,
    moves: u32,
    pace: Duration,
    mut seed: u64,
    stats: &Stats,
) -> Result<(), String> {
    let (id, army, indians) = create_game(addr, scenario).await?;
    stats.created.fetch_add(1, Ordering::Relaxed);
    let (army, indians) = tokio::join!(
        Seat::open(addr, &id, &army, "army"),
        Seat::open(other, &id, &indians, "indians")
    );
    let (mut army, mut indians) = (army?, indians?);
    let any = |_: &Update| true;
    let (first, _) = army.state(any).await?;
    indians.state(any).await?;
    let mut text = first;
    let mut next_at = Instant::now();
    for _ in 0..moves {
        let state = read(&id, &text)?;
        if !state.ongoing() {
            break;
        }
        let legal = state
            .legal_moves()
            .map_err(|e| format!("game {id}: legal moves: {e}"))?;
        if legal.is_empty() {
            return Err(format!("game {id}: an ongoing game without legal moves"));
        }
        let mv = legal[(random(&mut seed) % legal.len() as u64) as usize].to_string();
        let ply = state.ply;
        let (mover, watcher) = if state.to_move == "army" {
            (&mut army, &mut indians)
        } else {
            (&mut indians, &mut army)
        };
        tokio::time::sleep_until(next_at.into()).await;
        // A game that fell behind its pace does not rush to catch up.
        next_at = (next_at + pace).max(Instant::now());
        let sent = Instant::now();
        mover.send(json!({"type": "move", "move": mv})).await?;
        let later = |s: &Update| s.ply > ply;
        let (acked, arrived) = tokio::join!(mover.state(later), watcher.state(later));
        let ((new, acked_at), (_, arrived_at)) = (acked?, arrived?);
        stats.moves.fetch_add(1, Ordering::Relaxed);
        let latencies = (acked_at - sent, arrived_at - sent);
        stats.latencies.push(sent, latencies.0);
        stats.arrivals.push(sent, latencies.1);
        text = new;
    }
    if read(&id, &text)?.ongoing() {
        let resigner = if random(&mut seed) % 2 == 0 {
            &mut army
        } else {
            &mut indians
        };
        resigner.send(json!({"type": "resign"})).await?;
        let over = |s: &Update| !s.ongoing();
        let (a, b) = tokio::join!(army.state(over), indians.state(over));
        a?;
        b?;
    }
    tokio::join!(army.close(), indians.close());
    Ok(())
}

/// The message `text` of game `id`.
fn read<'a>(id: &str, text: &'a str) -> Result<Update<'a>, String> {
    Update::read(text).map_err(|e| format!("game {id}: {e}"))
}

/// One seat's socket.
struct Seat {
    ws: Socket,
    /// The game and side, for error messages.
    name: String,
}

impl Seat {
    async fn open(addr: SocketAddr, id: &str, token: &str, side: &str) -> Result<Seat, String> {
        let name = format!("game {id} ({side})");
        // As the web page asks: the legal moves only on the seat's own turns.
        let url = format!("ws://{addr}/api/games/{id}/ws?token={token}&legal=mine");
        let ws = connect(url)
            .await
            .map_err(|e| format!("{name}: socket: {e}"))?;
        Ok(Seat { ws, name })
    }

    async fn send(&mut self, message: Value) -> Result<(), String> {
        self.ws
            .send(Message::Text(message.to_string().into()))
            .await
            .map_err(|e| format!("{}: send: {e}", self.name))
    }

    /// The first state pushed that meets `wanted`, and when it arrived; a refusal
    /// is an error.
    async fn state(
        &mut self,
        wanted: impl Fn(&Update) -> bool,
    ) -> Result<(String, Instant), String> {
        loop {
            let next = tokio::time::timeout(ANSWER_TIMEOUT, self.ws.next()).await;
            let at = Instant::now();
            let text = match next {
                Ok(Some(Ok(Message::Text(text)))) => text,
                Ok(Some(Ok(_))) => continue,
                Ok(Some(Err(e))) => return Err(format!("{}: socket: {e}", self.name)),
                Ok(None) => return Err(format!("{}: socket closed", self.name)),
                Err(_) => {
                    let secs = ANSWER_TIMEOUT.as_secs();
                    return Err(format!("{}: no answer in {secs} s", self.name));
                }
            };
            let message =
                Update::read(text.as_str()).map_err(|e| format!("{}: {e}: {text}", self.name))?;
            match message.kind.as_str() {
                "state" if wanted(&message) => return Ok((text.to_string(), at)),
                "error" => return Err(format!("{}: refused: {text}", self.name)),
                _ => {}
            }
        }
    }

    /// Closes the socket and waits for the server's close (so that the server
    /// counts it gone), at most a few seconds.
    async fn close(mut self) {
        let _ = self.ws.close(None).await;
        let drain = async { while let Some(Ok(_)) = self.ws.next().await {} };
        let _ = tokio::time::timeout(Duration::from_secs(5), drain).await;
    }
}
