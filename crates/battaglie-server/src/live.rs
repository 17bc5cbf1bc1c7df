//! Games in play: each one in memory behind a lock, its moves stored before they
//! are acknowledged, its state pushed to every subscriber after each change, and the
//! computer moving when it is its turn.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use battaglie_ai::{evaluate, Limits};
use battaglie_rules::record::Record;
use battaglie_rules::{DrawReason, Game, GameOver, Kind, Outcome, Position, Scenario, Side};
use serde::Serialize;
use tokio::sync::{broadcast, Semaphore};

use crate::http::Error;
use crate::ids;
use crate::store::{GameRow, Mode, Store};

/// How many changes a slow WebSocket subscriber may fall behind before it is resynchronised.
const CHANNEL_CAPACITY: usize = 16;

/// The shared state of the server: the store and the games in memory.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    /// Bounds the computer searches running at once (they are CPU-bound).
    searches: Semaphore,
    /// Set when the server shuts down: WebSockets close, searches stop.
    shutdown: tokio::sync::watch::Sender<bool>,
}

/// Who is asking: the seat a token opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// The Army's seat.
    Army,
    /// The Indians' seat.
    Indians,
    /// Both seats (hotseat games).
    Both,
    /// No token: read only.
    Spectator,
}

impl Seat {
    fn word(self) -> Option<&'static str> {
        match self {
            Seat::Army => Some("army"),
            Seat::Indians => Some("indians"),
            Seat::Both => Some("both"),
            Seat::Spectator => None,
        }
    }

    fn plays(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Seat::Both, _) | (Seat::Army, Side::Army) | (Seat::Indians, Side::Indians)
        )
    }
}

/// One game in memory.
pub struct LiveGame {
    row: GameRow,
    scenario: Arc<Scenario>,
    computer: Option<(Side, u8)>,
    state: tokio::sync::Mutex<LiveState>,
    tx: broadcast::Sender<Arc<str>>,
}

struct LiveState {
    game: Game,
    draw_offer: Option<Side>,
    /// Grows on every change (milliseconds since 1970, or +1 when that would not
    /// grow): clients drop states older than the one they show, and a computer move
    /// computed for an older version is dropped.
    version: u64,
    updated_at: i64,
    thinking: bool,
    /// The state JSON (see `docs/api.md`), rebuilt after every change.
    snapshot: Arc<str>,
}

/// What creating or importing a game answers.
#[derive(Debug, Serialize)]
pub struct Created {
    /// The game id.
    pub id: String,
    /// How it is played.
    pub mode: &'static str,
    /// The creator's seat: `army`, `indians` or `both`.
    pub seat: &'static str,
    /// The creator's seat token.
    pub token: String,
    /// The other seat's token (online games): give it to the opponent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_token: Option<String>,
    /// Links: `play` (the creator's), `invite` (online), `spectate`.
    pub urls: Urls,
}

/// The links of a game, relative to the server's root.
#[derive(Debug, Serialize)]
pub struct Urls {
    /// The creator's page.
    pub play: String,
    /// The opponent's page (online games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
    /// The read-only page.
    pub spectate: String,
}

/// What a draw request asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawAction {
    /// Offer a draw (accepts a standing offer of the opponent).
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline the opponent's offer.
    Decline,
}

impl AppState {
    /// A server state over `store`.
    pub fn new(store: Store) -> AppState {
        let (shutdown, _) = tokio::sync::watch::channel(false);
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        AppState {
            inner: Arc::new(Inner {
                store,
                games: Mutex::new(HashMap::new()),
                searches: Semaphore::new(cores),
                shutdown,
            }),
        }
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// Tells WebSockets and searches to end.
    pub fn shut_down(&self) {
        self.inner.shutdown.send_replace(true);
    }

    /// A receiver that changes to `true` at shutdown.
    pub(crate) fn shutdown_signal(&self) -> tokio::sync::watch::Receiver<bool> {
        self.inner.shutdown.subscribe()
    }

    /// Gives the computer its move in every unfinished computer game where it is its turn
    /// (after a restart).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn resume_computer_games(&self) -> Result<usize, Error> {
        let mut started = 0;
        for id in self.inner.store.open_computer_games().await? {
            match self.game(&id).await {
                Ok(live) => {
                    if self.schedule_computer(&live).await {
                        started += 1;
                    }
                }
                Err(e) => tracing::warn!(game = %id, error = %e, "cannot resume game"),
            }
        }
        Ok(started)
    }

    /// The game `id`, loaded from the store (and its moves replayed) if not in memory.
    ///
    /// # Errors
    /// 404 when there is no such game; 500 when the stored moves do not replay.
    pub async fn game(&self, id: &str) -> Result<Arc<LiveGame>, Error> {
        if !ids::is_game_id(id) {
            return Err(Error::not_found(format!(
                "no game {id:?}: a game id is 16 hexadecimal digits"
            )));
        }
        if let Some(live) = self.cached(id) {
            return Ok(live);
        }
        let (row, moves) = self
            .inner
            .store
            .load(id)
            .await?
            .ok_or_else(|| Error::not_found(format!("no game {id:?}")))?;
        let live = Arc::new(rebuild(row, &moves)?);
        let mut games = self.games_lock();
        Ok(games.entry(id.to_string()).or_insert(live).clone())
    }

    fn cached(&self, id: &str) -> Option<Arc<LiveGame>> {
        self.games_lock().get(id).cloned()
    }

    fn games_lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<LiveGame>>> {
        self.inner
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Creates a game. `side` is the creator's side (ignored in hotseat games).
    ///
    /// # Errors
    /// 422 for an unknown scenario or a level out of range.
    pub async fn create(
        &self,
        scenario: &str,
        mode: Mode,
        side: Side,
        level: Option<u8>,
    ) -> Result<Created, Error> {
        let scenario = builtin_scenario(scenario)?;
        let computer = match (mode, level) {
            (Mode::Computer, level) => {
                let level = level.unwrap_or(3);
                if !(1..=battaglie_ai::MAX_LEVEL).contains(&level) {
                    return Err(Error::unprocessable(format!(
                        "level: {level} is out of range 1..=8"
                    )));
                }
                Some((!side, level))
            }
            (_, Some(_)) => {
                return Err(Error::unprocessable(
                    "level: only computer games have a level",
                ))
            }
            (_, None) => None,
        };
        let id = ids::game_id()?;
        let (army_token, indians_token) = match mode {
            Mode::Hotseat => {
                let t = ids::token()?;
                (Some(t.clone()), Some(t))
            }
            Mode::Online => (Some(ids::token()?), Some(ids::token()?)),
            Mode::Computer => match side {
                Side::Army => (Some(ids::token()?), None),
                Side::Indians => (None, Some(ids::token()?)),
            },
        };
        let now = ids::now();
        let row = GameRow {
            id: id.clone(),
            scenario: scenario.id().to_string(),
            mode,
            computer_side: computer.map(|(s, _)| s.word().to_string()),
            computer_level: computer.map(|(_, l)| l),
            army_token,
            indians_token,
            start: None,
            draw_offer: None,
            result: None,
            reason: None,
            created_at: now,
            updated_at: now,
        };
        self.inner.store.insert_game(&row, &[]).await?;
        let live = Arc::new(rebuild(row, &[])?);
        self.games_lock().insert(id, live.clone());
        self.schedule_computer(&live).await;
        Ok(created(&live, side))
    }

    /// Imports a game record (JSON or text form): replays and checks it, and stores it
    /// as a hotseat game.
    ///
    /// # Errors
    /// 422 naming what is wrong in the record.
    pub async fn import(&self, text: &str) -> Result<Created, Error> {
        let record = Record::read(text).map_err(|e| Error::unprocessable(e.to_string()))?;
        let scenario = builtin_scenario(&record.scenario)
            .map_err(|e| Error::unprocessable(format!("game record: {}", e.message())))?;
        let game = record
            .replay(&scenario)
            .map_err(|e| Error::unprocessable(e.to_string()))?;
        let token = ids::token()?;
        let now = ids::now();
        let ended = result_words(&game);
        let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
        let row = GameRow {
            id: ids::game_id()?,
            scenario: scenario.id().to_string(),
            mode: Mode::Hotseat,
            computer_side: None,
            computer_level: None,
            army_token: Some(token.clone()),
            indians_token: Some(token),
            start: record.start.clone(),
            draw_offer: None,
            result: ended.map(|e| e.0.to_string()),
            reason: ended.map(|e| e.1.to_string()),
            created_at: now,
            updated_at: now,
        };
        self.inner.store.insert_game(&row, &moves).await?;
        let live = Arc::new(rebuild(row, &moves)?);
        self.games_lock().insert(live.row.id.clone(), live.clone());
        Ok(created(&live, Side::Army))
    }

    /// Plays `text` for the holder of `token`.
    ///
    /// # Errors
    /// 401/403 for a missing or wrong token, 409 when the game is over, 422 for an
    /// illegal move (the message says why).
    pub async fn play(
        &self,
        live: &Arc<LiveGame>,
        token: Option<&str>,
        text: &str,
    ) -> Result<(), Error> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        if let Some(outcome) = st.game.outcome() {
            return Err(Error::conflict(format!(
                "the game is over ({})",
                outcome_phrase(&live.scenario, outcome)
            )));
        }
        let to_move = st.game.position().side_to_move();
        check_turn(live, seat, to_move)?;
        let mv = st
            .game
            .position()
            .parse_move(text)
            .map_err(|e| Error::unprocessable(format!("move: {e}")))?;
        self.commit_move(live, &mut st, mv).await?;
        drop(st);
        self.schedule_computer(live).await;
        Ok(())
    }

    async fn commit_move(
        &self,
        live: &LiveGame,
        st: &mut LiveState,
        mv: battaglie_rules::Move,
    ) -> Result<(), Error> {
        st.game
            .try_play(&mv)
            .map_err(|e| Error::unprocessable(format!("move: {e}")))?;
        let ended = result_words(&st.game);
        let now = ids::now();
        let stored = self
            .inner
            .store
            .append_move(
                &live.row.id,
                st.game.moves().len(),
                &mv.to_string(),
                ended,
                now,
            )
            .await;
        if let Err(e) = stored {
            st.game.undo();
            return Err(e.into());
        }
        st.draw_offer = None;
        st.updated_at = now;
        live.changed(st);
        Ok(())
    }

    /// Takes back the last move (hotseat) or the last move of the human and the
    /// computer's reply (computer games).
    ///
    /// # Errors
    /// 403 for online games or a wrong token, 409 when there is nothing to undo.
    pub async fn undo(&self, live: &Arc<LiveGame>, token: Option<&str>) -> Result<(), Error> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        if seat == Seat::Spectator {
            return Err(Error::unauthorized("undo needs a seat token (`token`)"));
        }
        let human = match (live.row.mode, live.computer) {
            (Mode::Online, _) => {
                return Err(Error::forbidden(
                    "online games have no undo: moves are final",
                ))
            }
            (_, Some((computer, _))) => Some(!computer),
            _ => None,
        };
        let mut count = 0;
        match human {
            None => count = usize::from(st.game.moves().len() > 0),
            Some(human) => {
                // Back to the last position where the human was to move, before their move.
                let sides = sides_before_each_move(&st.game);
                if let Some(last) = sides.iter().rposition(|&s| s == human) {
                    count = sides.len() - last;
                }
            }
        }
        if count == 0 {
            return Err(Error::conflict("there is no move of yours to take back"));
        }
        let keep = st.game.moves().len() - count;
        let now = ids::now();
        self.inner
            .store
            .truncate_moves(&live.row.id, keep, now)
            .await?;
        for _ in 0..count {
            st.game.undo();
        }
        st.draw_offer = None;
        st.updated_at = now;
        live.changed(&mut st);
        Ok(())
    }

    /// The holder of `token` resigns (in hotseat games, the side to move).
    ///
    /// # Errors
    /// 401/403 for a missing or wrong token, 409 when the game is over.
    pub async fn resign(&self, live: &Arc<LiveGame>, token: Option<&str>) -> Result<(), Error> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        let side = match seat {
            Seat::Spectator => return Err(Error::unauthorized("resigning needs a seat token")),
            Seat::Army => Side::Army,
            Seat::Indians => Side::Indians,
            Seat::Both => st.game.position().side_to_move(),
        };
        let mut next = st.game.clone();
        if let Err(GameOver(outcome)) = next.resign(side) {
            return Err(Error::conflict(format!(
                "the game is already over ({})",
                outcome_phrase(&live.scenario, outcome)
            )));
        }
        self.settle(live, &mut st, next).await
    }

    /// Offers, accepts or declines a draw.
    ///
    /// Hotseat: an offer is a draw. Against the computer: the computer accepts when it
    /// is not ahead. Online: an offer stands until the opponent accepts, declines or a
    /// move is played; offering while the opponent's offer stands accepts it.
    ///
    /// # Errors
    /// 401/403 for a missing or wrong token, 409 when the game is over, when there is
    /// no offer to accept or decline, or when the computer declines.
    pub async fn draw(
        &self,
        live: &Arc<LiveGame>,
        token: Option<&str>,
        action: DrawAction,
    ) -> Result<(), Error> {
        let mut st = live.state.lock().await;
        let seat = live.seat(token)?;
        if seat == Seat::Spectator {
            return Err(Error::unauthorized("a draw needs a seat token"));
        }
        if let Some(outcome) = st.game.outcome() {
            return Err(Error::conflict(format!(
                "the game is already over ({})",
                outcome_phrase(&live.scenario, outcome)
            )));
        }
        let me = match seat {
            Seat::Army => Side::Army,
            Seat::Indians => Side::Indians,
            _ => st.game.position().side_to_move(),
        };
        let agree = match (live.row.mode, action) {
            (Mode::Hotseat, DrawAction::Offer | DrawAction::Accept) => true,
            (Mode::Computer, DrawAction::Offer | DrawAction::Accept) => {
                let pos = st.game.position();
                let score = evaluate(pos);
                let computer_view = if pos.side_to_move() == me {
                    -score
                } else {
                    score
                };
                if computer_view > 0 {
                    return Err(Error::conflict("the computer declines the draw"));
                }
                true
            }
            (_, DrawAction::Decline) | (Mode::Online, DrawAction::Accept) => {
                if st.draw_offer != Some(!me) {
                    return Err(Error::conflict("there is no draw offer of the opponent"));
                }
                action == DrawAction::Accept
            }
            (Mode::Online, DrawAction::Offer) => st.draw_offer == Some(!me),
        };
        if agree {
            let mut next = st.game.clone();
            next.agree_draw().map_err(|GameOver(o)| {
                Error::conflict(format!(
                    "the game is already over ({})",
                    outcome_phrase(&live.scenario, o)
                ))
            })?;
            return self.settle(live, &mut st, next).await;
        }
        st.draw_offer = match action {
            DrawAction::Offer => Some(me),
            _ => None,
        };
        let now = ids::now();
        self.inner
            .store
            .set_status(&live.row.id, None, st.draw_offer.map(Side::word), now)
            .await?;
        st.updated_at = now;
        live.changed(&mut st);
        Ok(())
    }

    async fn settle(&self, live: &LiveGame, st: &mut LiveState, next: Game) -> Result<(), Error> {
        let now = ids::now();
        self.inner
            .store
            .set_status(&live.row.id, result_words(&next), None, now)
            .await?;
        st.game = next;
        st.draw_offer = None;
        st.updated_at = now;
        live.changed(st);
        Ok(())
    }

    /// Starts the computer's search if it is its turn; returns whether it started.
    pub(crate) async fn schedule_computer(&self, live: &Arc<LiveGame>) -> bool {
        let Some((computer, level)) = live.computer else {
            return false;
        };
        {
            let mut st = live.state.lock().await;
            if st.thinking || st.game.is_over() || st.game.position().side_to_move() != computer {
                return false;
            }
            st.thinking = true;
        }
        let state = self.clone();
        let live = live.clone();
        tokio::spawn(async move { state.computer_turn(&live, computer, level).await });
        true
    }

    /// Searches and plays the computer's move; searches again when the position
    /// changed meanwhile (an undo), and gives up when it is no longer its turn.
    async fn computer_turn(&self, live: &LiveGame, computer: Side, level: u8) {
        loop {
            let (game, version) = {
                let mut st = live.state.lock().await;
                if st.game.is_over() || st.game.position().side_to_move() != computer {
                    st.thinking = false;
                    return;
                }
                (st.game.clone(), st.version)
            };
            let best = self.think(game, level).await;
            let mut st = live.state.lock().await;
            let Some(best) = best else {
                st.thinking = false;
                return;
            };
            if st.version != version {
                tracing::debug!(game = %live.row.id, "the position changed while the computer thought");
                continue;
            }
            st.thinking = false;
            if let Err(e) = self.commit_move(live, &mut st, best).await {
                tracing::error!(game = %live.row.id, error = %e, "cannot store the computer's move");
            }
            return;
        }
    }

    async fn think(&self, game: Game, level: u8) -> Option<battaglie_rules::Move> {
        let _permit = self.inner.searches.acquire().await.ok()?;
        let stop = Arc::new(AtomicBool::new(false));
        let mut shutdown = self.shutdown_signal();
        let flag = stop.clone();
        let watcher = tokio::spawn(async move {
            if shutdown.wait_for(|&s| s).await.is_ok() {
                flag.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
        let limits = Limits {
            level: Some(level),
            ..Limits::default()
        };
        let found = tokio::task::spawn_blocking(move || {
            battaglie_ai::search(&game, &limits, &stop, |_| {}).map(|r| r.best)
        })
        .await;
        watcher.abort();
        if *self.shutdown_signal().borrow() {
            return None;
        }
        match found {
            Ok(best) => best,
            Err(e) => {
                tracing::error!(error = %e, "the computer's search failed");
                None
            }
        }
    }

    /// Forgets the games in memory (they are reloaded from the store on demand).
    pub fn forget_all(&self) {
        self.games_lock().clear();
    }
}

impl LiveGame {
    /// The game id.
    pub fn id(&self) -> &str {
        &self.row.id
    }

    /// The scenario.
    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scenario
    }

    /// The seat that `token` opens; no token is a spectator.
    ///
    /// # Errors
    /// 403 when the token is not one of this game's.
    pub fn seat(&self, token: Option<&str>) -> Result<Seat, Error> {
        let Some(token) = token.filter(|t| !t.is_empty()) else {
            return Ok(Seat::Spectator);
        };
        let army = self
            .row
            .army_token
            .as_deref()
            .is_some_and(|t| ids::same_token(t, token));
        let indians = self
            .row
            .indians_token
            .as_deref()
            .is_some_and(|t| ids::same_token(t, token));
        match (army, indians) {
            (true, true) => Ok(Seat::Both),
            (true, false) => Ok(Seat::Army),
            (false, true) => Ok(Seat::Indians),
            (false, false) => Err(Error::forbidden(
                "token: this is not a seat token of this game",
            )),
        }
    }

    /// The state JSON for the holder of `seat`.
    pub async fn view(&self, seat: Seat) -> String {
        let snapshot = self.state.lock().await.snapshot.clone();
        with_seat(&snapshot, seat, false)
    }

    /// The state JSON and a receiver of every later change.
    pub async fn subscribe(&self) -> (Arc<str>, broadcast::Receiver<Arc<str>>) {
        let st = self.state.lock().await;
        (st.snapshot.clone(), self.tx.subscribe())
    }

    /// The game record.
    pub async fn record(&self) -> Record {
        let st = self.state.lock().await;
        let name = |side: Side| match self.computer {
            Some((s, level)) if s == side => format!("Computer (level {level})"),
            _ => String::new(),
        };
        Record::from_game(
            &st.game,
            &name(Side::Army),
            &name(Side::Indians),
            Some(&ids::iso_date(self.row.created_at)),
        )
    }

    /// Every position of the game in BFEN, the start first, and the moves between them.
    pub async fn positions(&self) -> (Vec<String>, Vec<String>) {
        let st = self.state.lock().await;
        let mut pos = st.game.start().clone();
        let mut positions = vec![pos.to_string()];
        let mut moves = Vec::new();
        for mv in st.game.moves() {
            pos.play(mv);
            positions.push(pos.to_string());
            moves.push(mv.to_string());
        }
        (positions, moves)
    }

    fn changed(&self, st: &mut LiveState) {
        st.version = (st.version + 1).max(ids::now_millis());
        st.snapshot = snapshot(&self.row, &self.scenario, self.computer, st).into();
        // No receiver is not an error: nobody is watching.
        let _ = self.tx.send(st.snapshot.clone());
    }
}

/// The state JSON with the reader's seat put in front (and a message type for sockets).
pub(crate) fn with_seat(snapshot: &str, seat: Seat, message: bool) -> String {
    let you = match seat.word() {
        Some(w) => format!("\"{w}\""),
        None => "null".into(),
    };
    let body = snapshot.strip_prefix('{').unwrap_or(snapshot);
    let kind = if message { "\"type\":\"state\"," } else { "" };
    format!("{{{kind}\"you\":{you},{body}")
}

fn check_turn(live: &LiveGame, seat: Seat, to_move: Side) -> Result<(), Error> {
    let name = live.scenario.side_name(to_move);
    match seat {
        Seat::Spectator => Err(Error::unauthorized(format!(
            "token: moving needs the seat token of the side to move ({name})"
        ))),
        s if s.plays(to_move) => Ok(()),
        _ if live.computer.is_some_and(|(c, _)| c == to_move) => Err(Error::conflict(format!(
            "it is the computer's turn ({name}): wait for its move"
        ))),
        _ => Err(Error::forbidden(format!(
            "token: it is the turn of {name}, and this token is the other side's seat"
        ))),
    }
}

fn builtin_scenario(id: &str) -> Result<Arc<Scenario>, Error> {
    Scenario::builtin(id).ok_or_else(|| {
        let known: Vec<&str> = Scenario::builtins().iter().map(|s| s.id()).collect();
        Error::unprocessable(format!(
            "scenario: unknown scenario {id:?} (known: {})",
            known.join(", ")
        ))
    })
}

fn created(live: &LiveGame, side: Side) -> Created {
    let id = &live.row.id;
    let play = |token: &str| format!("/game/{id}?token={token}");
    let (seat, token, other) = match live.row.mode {
        Mode::Hotseat => ("both", live.row.army_token.clone(), None),
        Mode::Computer => (
            side.word(),
            live.row
                .army_token
                .clone()
                .or_else(|| live.row.indians_token.clone()),
            None,
        ),
        Mode::Online => match side {
            Side::Army => (
                "army",
                live.row.army_token.clone(),
                live.row.indians_token.clone(),
            ),
            Side::Indians => (
                "indians",
                live.row.indians_token.clone(),
                live.row.army_token.clone(),
            ),
        },
    };
    let token = token.unwrap_or_default();
    Created {
        id: id.clone(),
        mode: live.row.mode.word(),
        seat,
        urls: Urls {
            play: play(&token),
            invite: other.as_deref().map(play),
            spectate: format!("/game/{id}"),
        },
        token,
        other_token: other,
    }
}

/// Rebuilds a game from its row and moves, replaying every move through the rules.
fn rebuild(row: GameRow, moves: &[String]) -> Result<LiveGame, Error> {
    let scenario = Scenario::builtin(&row.scenario).ok_or_else(|| {
        Error::internal(format!(
            "game {}: stored scenario {:?} is not built in",
            row.id, row.scenario
        ))
    })?;
    let start = match &row.start {
        None => Position::start(&scenario),
        Some(bfen) => Position::from_bfen(&scenario, bfen)
            .map_err(|e| Error::internal(format!("game {}: stored start: {e}", row.id)))?,
    };
    let mut game = Game::new(start);
    for (i, mv) in moves.iter().enumerate() {
        game.play_text(mv).map_err(|e| {
            Error::internal(format!(
                "game {}: stored move {} {mv:?}: {e}",
                row.id,
                i + 1
            ))
        })?;
    }
    match (row.result.as_deref(), row.reason.as_deref()) {
        (Some(winner @ ("army" | "indians")), Some("resignation")) => {
            let winner: Side = winner.parse().unwrap_or(Side::Army);
            let _ = game.resign(!winner);
        }
        (Some("draw"), Some("agreement")) => {
            let _ = game.agree_draw();
        }
        _ => {}
    }
    let computer = match (&row.computer_side, row.computer_level) {
        (Some(side), Some(level)) => side.parse::<Side>().ok().map(|s| (s, level)),
        _ => None,
    };
    let draw_offer = row.draw_offer.as_deref().and_then(|s| s.parse().ok());
    let (tx, _) = broadcast::channel(CHANNEL_CAPACITY);
    let mut live = LiveGame {
        scenario,
        computer,
        state: tokio::sync::Mutex::new(LiveState {
            game,
            draw_offer,
            version: ids::now_millis(),
            updated_at: row.updated_at,
            thinking: false,
            snapshot: Arc::from("{}"),
        }),
        tx,
        row,
    };
    let st = live.state.get_mut();
    st.snapshot = snapshot(&live.row, &live.scenario, live.computer, st).into();
    Ok(live)
}

/// The sides to move before each move of the game, in order.
fn sides_before_each_move(game: &Game) -> Vec<Side> {
    game.numbered_moves().map(|(ply, _)| ply.side).collect()
}

/// `("army", "elimination")`... for a finished game.
fn result_words(game: &Game) -> Option<(&'static str, &'static str)> {
    game.outcome().map(|o| (o.result_word(), o.reason_word()))
}

fn outcome_phrase(scenario: &Scenario, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(side, _) => format!("{} won", scenario.side_name(side)),
        Outcome::Draw(DrawReason::Agreement) => "drawn by agreement".into(),
        Outcome::Draw(reason) => format!("drawn by {}", reason.word()),
    }
}

#[derive(Serialize)]
struct Snapshot<'a> {
    id: &'a str,
    version: u64,
    scenario: &'a str,
    mode: &'a str,
    computer: Option<ComputerView>,
    bfen: String,
    start: String,
    to_move: &'static str,
    turn: u32,
    ply: usize,
    moves: Vec<String>,
    last_move: Option<String>,
    legal_moves: Vec<String>,
    status: &'static str,
    result: Option<&'static str>,
    reason: Option<&'static str>,
    draw_offer: Option<&'static str>,
    thinking: bool,
    eliminated: Eliminated,
    created_at: i64,
    updated_at: i64,
}

#[derive(Serialize)]
struct ComputerView {
    side: &'static str,
    level: u8,
}

#[derive(Serialize)]
struct Eliminated {
    army: KindCounts,
    indians: KindCounts,
}

#[derive(Serialize)]
#[allow(non_snake_case)]
struct KindCounts {
    F: u32,
    M: u32,
    V: u32,
}

fn counts(pos: &Position, side: Side) -> [u32; 3] {
    let mut c = [0u32; 3];
    for sq in pos.squares_of(side) {
        if let Some((_, pieces)) = pos.stack(sq) {
            for k in Kind::ALL {
                c[k.index()] += u32::from(pieces.count(k));
            }
        }
    }
    c
}

fn snapshot(
    row: &GameRow,
    scenario: &Scenario,
    computer: Option<(Side, u8)>,
    st: &LiveState,
) -> String {
    let game = &st.game;
    let pos = game.position();
    let eliminated = |side: Side| {
        let before = counts(game.start(), side);
        let now = counts(pos, side);
        let lost = |k: Kind| before[k.index()].saturating_sub(now[k.index()]);
        KindCounts {
            F: lost(Kind::Foot),
            M: lost(Kind::Mounted),
            V: lost(Kind::Vehicle),
        }
    };
    let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
    let ended = result_words(game);
    let view = Snapshot {
        id: &row.id,
        version: st.version,
        scenario: scenario.id(),
        mode: row.mode.word(),
        computer: computer.map(|(side, level)| ComputerView {
            side: side.word(),
            level,
        }),
        bfen: pos.to_string(),
        start: game.start().to_string(),
        to_move: pos.side_to_move().word(),
        turn: pos.turn(),
        ply: moves.len(),
        last_move: moves.last().cloned(),
        moves,
        legal_moves: game.legal_moves().iter().map(|m| m.to_string()).collect(),
        status: if ended.is_some() { "over" } else { "ongoing" },
        result: ended.map(|e| e.0),
        reason: ended.map(|e| e.1),
        draw_offer: st.draw_offer.map(Side::word),
        thinking: computer.is_some_and(|(c, _)| ended.is_none() && pos.side_to_move() == c),
        eliminated: Eliminated {
            army: eliminated(Side::Army),
            indians: eliminated(Side::Indians),
        },
        created_at: row.created_at,
        updated_at: st.updated_at,
    };
    serde_json::to_string(&view).unwrap_or_else(|e| {
        tracing::error!(error = %e, "cannot serialise a game state");
        "{}".into()
    })
}
