//! One game in memory: its row, its state behind a lock, and the channel that
//! pushes every change to the game's subscribers.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use battaglie_community::{Clock, GameClock, Timestamp};
use battaglie_rules::record::Record;
use battaglie_rules::{Game, Move, Side};
use tokio::sync::broadcast;

use super::snapshot::{snapshot, with_seat, Changing, ComputerSays, SharedState, StateParts};
use super::{GameError, Seat};
use crate::chat::ChatRow;
use crate::game::{GameRow, RematchRow};
use crate::ids;
use crate::presence::{PresenceAt, PresenceTold};
use crate::view::Replay;

/// How many changes a slow WebSocket subscriber may fall behind before it is resynchronised.
const CHANNEL_CAPACITY: usize = 16;

/// What a game's sockets are told besides its states.
#[derive(Debug, Clone)]
pub enum Told {
    /// A chat message was stored.
    Chat(Arc<ChatRow>),
    /// The rematch offer changed (`None`: none stands).
    Rematch(Option<Arc<RematchRow>>),
    /// The presence of the seats and spectators changed: the presence now,
    /// and its number in the order of this node's presence tells (a socket
    /// greeted with a later one drops it).
    Presence(u64, Arc<PresenceAt>),
}

/// One game in memory.
pub struct LiveGame {
    pub(super) row: GameRow,
    pub(super) computer: Option<(Side, u8)>,
    /// The first position in BFEN, for every state JSON.
    start: String,
    pub(super) state: tokio::sync::Mutex<LiveState>,
    tx: broadcast::Sender<SharedState>,
    /// What the game's sockets are told besides its states (stored on any node).
    told: broadcast::Sender<Told>,
    /// When a request last asked for this game (milliseconds since 1970).
    last_used: AtomicU64,
    /// Whether the game is over (it leaves memory first, see `registry.rs`).
    over: AtomicBool,
    /// The server's time source, for the clock's figures.
    time: Arc<dyn Clock>,
    /// The presence this node's sockets were last told; held while a new one is
    /// read and told, so that tells go out in the order of their reads (a beat
    /// that read before a socket opened cannot tell its stale view after).
    pub(crate) presence: tokio::sync::Mutex<PresenceTold>,
    /// Per seat (Army, Indians): whether it was found free to play, the game
    /// unrated or the seat held by an account. Neither changes once the seat's
    /// holder could play (a game is marked rated before its tokens are given
    /// out, and a held seat stays held), so it is asked of the store once.
    pub(crate) seat_cleared: [AtomicBool; 2],
}

pub(super) struct LiveState {
    pub game: Game,
    /// Whether the game was called off before its first move (see
    /// [`GameRow::aborted_at`]): over, with no outcome.
    pub aborted: bool,
    pub draw_offer: Option<Side>,
    /// The side whose take-back request stands (online games).
    pub takeback_offer: Option<Side>,
    /// Grows on every change (milliseconds since 1970, or +1 when that would not
    /// grow): clients drop states older than the one they show, and a computer move
    /// computed for an older version is dropped.
    pub version: u64,
    pub updated_at: i64,
    /// The stored revision this state is at (see [`crate::game::repo::GamesRepo::append_move`]).
    pub revision: i64,
    pub thinking: bool,
    /// The computer's view of the game's course, for resigning and draws.
    pub sport: battaglie_ai::Sport,
    /// Why the computer last resigned or offered a draw (`lost-score`,
    /// `neither-can-win`... see `docs/api.md`), known to the node that decided it.
    pub computer_says: Option<ComputerSays>,
    /// The ply at which the computer last offered a draw (it does not repeat itself).
    pub offered_at: Option<usize>,
    /// The game's clock, if it has one (as stored with the last change).
    pub clock: Option<GameClock>,
    /// The state (see `docs/api.md`), whole; built when first asked for
    /// after a change (most changes reach their readers only as changes).
    pub snapshot: Option<SharedState>,
    /// The last change as pushed to the sockets (only its new plies), and the
    /// version it applies to; `None` before the first change.
    pub change: Option<(u64, SharedState)>,
    /// The moves of `snapshot`, to find how many plies the next change keeps.
    pub shown: Vec<Move>,
}

impl LiveGame {
    pub(super) fn new(
        row: GameRow,
        computer: Option<(Side, u8)>,
        game: Game,
        draw_offer: Option<Side>,
        time: Arc<dyn Clock>,
    ) -> LiveGame {
        let (tx, _) = broadcast::channel(CHANNEL_CAPACITY);
        let version = ids::wall_millis();
        let takeback_offer = row.takeback_offer;
        let clock = row.clock.clone();
        let shown = game.moves().copied().collect();
        let start = game.start().to_string();
        let aborted = row.aborted_at.is_some();
        let over = AtomicBool::new(aborted || game.is_over());
        LiveGame {
            start,
            over,
            state: tokio::sync::Mutex::new(LiveState {
                game,
                aborted,
                draw_offer,
                takeback_offer,
                version,
                updated_at: row.updated_at,
                revision: row.revision,
                thinking: false,
                sport: battaglie_ai::Sport::new(),
                computer_says: None,
                offered_at: None,
                clock,
                snapshot: None,
                change: None,
                shown,
            }),
            computer,
            tx,
            told: broadcast::channel(CHANNEL_CAPACITY).0,
            last_used: AtomicU64::new(ids::wall_millis()),
            row,
            time,
            presence: tokio::sync::Mutex::new(PresenceTold::default()),
            seat_cleared: [AtomicBool::new(false), AtomicBool::new(false)],
        }
    }

    /// Marks the game as used now.
    pub(super) fn touch(&self) {
        self.last_used.store(ids::wall_millis(), Ordering::Relaxed);
    }

    /// Whether the game was over at its last change.
    pub(super) fn finished(&self) -> bool {
        self.over.load(Ordering::Relaxed)
    }

    /// When it was last used, in milliseconds since 1970.
    pub(super) fn last_used(&self) -> u64 {
        self.last_used.load(Ordering::Relaxed)
    }

    /// Whether nothing would notice the game leaving memory: no socket watches it
    /// and no request or search holds it.
    pub(super) fn is_idle(self: &Arc<Self>) -> bool {
        // One reference is the registry's.
        self.tx.receiver_count() == 0 && Arc::strong_count(self) == 1
    }

    /// The game id.
    pub fn id(&self) -> &str {
        &self.row.id
    }

    /// The side the computer plays and its level, in a game against it.
    pub fn computer(&self) -> Option<(Side, u8)> {
        self.computer
    }

    /// How the game is played.
    pub fn mode(&self) -> crate::game::Mode {
        self.row.mode
    }

    /// Whether the game has a live clock (not a correspondence one) and it runs:
    /// an absence may be claimed against only then.
    pub(crate) async fn live_clock_runs(&self) -> bool {
        let st = self.state.lock().await;
        st.clock.as_ref().is_some_and(|c| {
            c.control().is_live()
                && matches!(c.state(), battaglie_community::ClockState::Running { .. })
        })
    }

    /// A copy of the game as it stands.
    pub(crate) async fn game(&self) -> Game {
        self.state.lock().await.game.clone()
    }

    /// The seat that `token` opens; no token is a spectator.
    ///
    /// # Errors
    /// [`GameError::WrongToken`] when the token is not one of this game's.
    pub fn seat(&self, token: Option<&str>) -> Result<Seat, GameError> {
        Seat::of(&self.row, token)
    }

    /// The token of seat `side` (`army`, `indians`, or `both` for a hotseat game's one token).
    pub(crate) fn token_of(&self, side: &str) -> Option<&str> {
        match side {
            "army" | "both" => self.row.army_token.as_deref(),
            "indians" => self.row.indians_token.as_deref(),
            _ => None,
        }
    }

    /// The state JSON for the holder of `seat`: whole, or only the last
    /// change when `since` is the version that change applies to (the reader
    /// holds it, see `docs/api.md`).
    pub async fn view(&self, seat: Seat, since: Option<u64>) -> String {
        let mut st = self.state.lock().await;
        with_seat(&self.state_for(&mut st, since), seat, false)
    }

    /// The state of `st` for a reader who holds version `since`: only the last
    /// change when it applies to that version, else whole.
    pub(super) fn state_for(&self, st: &mut LiveState, since: Option<u64>) -> SharedState {
        match &st.change {
            Some((base, change)) if since == Some(*base) => self.clocked(st, change),
            _ => self.fresh(st),
        }
    }

    /// The state JSON (its clock read now) and a receiver of every later change.
    pub async fn subscribe(&self) -> (SharedState, broadcast::Receiver<SharedState>) {
        let mut st = self.state.lock().await;
        (self.fresh(&mut st), self.tx.subscribe())
    }

    /// The whole state now, for a socket that skipped some changes.
    pub async fn whole(&self) -> SharedState {
        let mut st = self.state.lock().await;
        self.fresh(&mut st)
    }

    /// A receiver of what the game's sockets are told (chat messages of every
    /// room: each socket picks).
    pub fn subscribe_told(&self) -> broadcast::Receiver<Told> {
        self.told.subscribe()
    }

    /// Whether some socket of this node listens.
    pub(crate) fn has_listeners(&self) -> bool {
        self.told.receiver_count() > 0
    }

    /// Tells the game's sockets.
    pub(crate) fn tell(&self, told: Told) {
        // No receiver is not an error: nobody is watching.
        let _ = self.told.send(told);
    }

    /// The whole snapshot of `st` (built now if no reader asked for it since
    /// the last change), its clock's figures taken now when a clock runs.
    fn fresh(&self, st: &mut LiveState) -> SharedState {
        let whole = match &st.snapshot {
            Some(whole) => whole.clone(),
            None => {
                let whole: SharedState = self.build(st, None, self.time.now()).into();
                st.snapshot = Some(whole.clone());
                whole
            }
        };
        self.clocked(st, &whole)
    }

    /// The state JSON of `st` at its version: whole, or as the change from
    /// `base` (a version and how many of its plies this one keeps).
    fn build(&self, st: &LiveState, base: Option<(u64, usize)>, now: Timestamp) -> StateParts {
        snapshot(
            &self.row,
            self.computer,
            Changing {
                game: &st.game,
                start: &self.start,
                version: st.version,
                base,
                draw_offer: st.draw_offer,
                takeback_offer: st.takeback_offer,
                aborted: st.aborted,
                updated_at: st.updated_at,
                computer_says: st.computer_says,
                clock: st.clock.as_ref(),
                now,
            },
        )
    }

    /// `snapshot` (of `st`), its clock's figures taken now when a clock runs.
    fn clocked(&self, st: &LiveState, snapshot: &SharedState) -> SharedState {
        match &st.clock {
            Some(c) if c.deadline().is_some() => snapshot.clock_at(c, self.time.now()).into(),
            _ => snapshot.clone(),
        }
    }

    /// The side to move, none once the game is over (or called off).
    pub async fn to_move(&self) -> Option<Side> {
        let st = self.state.lock().await;
        (!st.finished()).then(|| st.game.position().side_to_move())
    }

    /// The game record: the computer named with its level, a person as "Guest"
    /// (the record route names players with accounts).
    pub async fn record(&self) -> Record {
        let st = self.state.lock().await;
        let name = |side: Side| match self.computer {
            Some((s, level)) if s == side => format!("Computer (level {level})"),
            _ => "Guest".to_string(),
        };
        Record::from_game(
            &st.game,
            &name(Side::Army),
            &name(Side::Indians),
            Some(&ids::iso_date(self.row.created_at)),
        )
    }

    /// Every position of the game, the start first, and the moves between them.
    pub(crate) async fn positions(&self) -> Replay {
        crate::view::replay(&self.state.lock().await.game)
    }

    /// After a change of `st`: a new version and snapshot, its change pushed to
    /// every subscriber.
    pub(super) fn changed(&self, st: &mut LiveState, now: Timestamp) {
        let base = st.version;
        let kept = st
            .shown
            .iter()
            .zip(st.game.moves())
            .take_while(|(shown, now)| shown == now)
            .count();
        st.shown.truncate(kept);
        st.shown.extend(st.game.moves().skip(kept).copied());
        st.version = (st.version + 1).max(ids::wall_millis());
        self.over.store(st.finished(), Ordering::Relaxed);
        let change: SharedState = self.build(st, Some((base, kept)), now).into();
        st.snapshot = None;
        st.change = Some((base, change.clone()));
        // No receiver is not an error: nobody is watching.
        let _ = self.tx.send(change);
    }
}

impl LiveGame {
    /// Whether the game has ended or was called off (as this copy knows it).
    pub(crate) async fn is_over(&self) -> bool {
        self.state.lock().await.finished()
    }
}

impl LiveState {
    /// Whether nothing more happens in the game: it ended, or was called off.
    pub(super) fn finished(&self) -> bool {
        self.aborted || self.game.is_over()
    }

    /// Refuses any action in a game called off.
    ///
    /// # Errors
    /// [`GameError::CalledOff`] when it was.
    pub(super) fn not_called_off(&self) -> Result<(), GameError> {
        if self.aborted {
            return Err(GameError::CalledOff);
        }
        Ok(())
    }
}
