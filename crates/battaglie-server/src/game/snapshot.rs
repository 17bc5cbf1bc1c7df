//! The client's view of a game: the state JSON of `docs/api.md`, built once per
//! change and shared by every reader, with the reader's seat put in front.
//!
//! A version is built whole (every ply, for a reader who holds nothing) or as
//! a change (only the plies after those it shares with the version before, for
//! the sockets that hold that version), so that a long game's messages, and
//! the work of each move, do not grow with every move.

use std::sync::LazyLock;

use battaglie_community::{ClockState, GameClock, Timestamp};
use battaglie_rules::{Game, Move, Side};
use memchr::memmem::Finder;
use serde::Serialize;
use ts_rs::TS;

use super::Seat;
use crate::store::GameRow;
use crate::view::{self, Eliminated, MovesFrom, PlyView, SideWord, Stack};

/// The state JSON of `docs/api.md`, less the reader's `you`, which [`with_seat`]
/// puts in front (`web/types.js` declares it for the page).
#[derive(Serialize, TS)]
#[ts(rename = "State")]
pub(crate) struct Snapshot<'a> {
    id: &'a str,
    version: u64,
    scenario: &'a str,
    #[ts(type = "\"computer\" | \"online\" | \"hotseat\"")]
    mode: &'static str,
    computer: Option<ComputerView>,
    /// The current position in BFEN.
    bfen: String,
    /// The first position in BFEN.
    start: &'a str,
    /// Every occupied square of the current position.
    stacks: Vec<Stack>,
    to_move: SideWord,
    turn: u32,
    ply: usize,
    /// How many plies come before those listed in `plies`: 0 in a whole
    /// state. In a change, the first `plies_from` plies are those of the state
    /// `base_version`, which the reader holds.
    plies_from: usize,
    /// The version a change applies to; `null` in a whole state.
    base_version: Option<u64>,
    /// The moves played, numbered, from ply `plies_from + 1` on.
    plies: &'a [PlyView],
    last_move: Option<String>,
    #[ts(type = "\"ongoing\" | \"over\"")]
    status: &'static str,
    #[ts(type = "\"army\" | \"indians\" | \"draw\" | null")]
    result: Option<&'static str>,
    reason: Option<&'static str>,
    draw_offer: Option<SideWord>,
    takeback_offer: Option<SideWord>,
    /// Why the computer just resigned or offered a draw.
    computer_says: Option<&'static str>,
    thinking: bool,
    eliminated: Eliminated,
    created_at: i64,
    updated_at: i64,
    /// The legal moves by source square; empty once over.
    // Written as `[]` and filled in by `view::write_legal` (see `fill_legal`).
    // After the small fields, so that a reader that wants only those (the load
    // tool, when it is not its turn) stops before the largest part.
    #[serde(serialize_with = "no_moves")]
    #[ts(as = "Vec<MovesFrom>")]
    legal: (),
    /// Last, so that the clock's figures can be rewritten for a reader who comes later.
    clock: Option<ClockView>,
}

/// The clock as the page shows it: each side's time left at the server's `at`.
#[derive(Serialize, TS)]
#[ts(rename = "Clock")]
struct ClockView {
    /// The control's notation, `10+3` or `3d+2h`.
    control: String,
    #[ts(type = "\"live\" | \"correspondence\"")]
    kind: &'static str,
    /// `ready` (no time runs before the first move), `running`, `paused`, `stopped`.
    #[ts(type = "\"ready\" | \"running\" | \"paused\" | \"stopped\"")]
    state: &'static str,
    /// The side whose time runs, if one does.
    running: Option<SideWord>,
    army_ms: u64,
    indians_ms: u64,
    /// The server's time of these figures, milliseconds since 1970.
    at: i64,
    /// When the running side's time is up, milliseconds since 1970.
    deadline: Option<i64>,
}

fn clock_view(clock: &GameClock, now: Timestamp) -> ClockView {
    let ms = |side: Side| u64::try_from(clock.remaining(side, now).as_millis()).unwrap_or(u64::MAX);
    let (state, running) = match clock.state() {
        ClockState::Ready { .. } => ("ready", None),
        ClockState::Running { to_move, .. } => ("running", Some(to_move.into())),
        ClockState::Paused { .. } => ("paused", None),
        ClockState::Stopped { .. } => ("stopped", None),
    };
    let control = clock.control();
    ClockView {
        control: control.to_string(),
        kind: if control.is_live() {
            "live"
        } else {
            "correspondence"
        },
        state,
        running,
        army_ms: ms(Side::Army),
        indians_ms: ms(Side::Indians),
        at: now.millis(),
        deadline: clock.deadline().map(Timestamp::millis),
    }
}

#[derive(Serialize, TS)]
#[ts(rename = "Computer")]
struct ComputerView {
    side: SideWord,
    level: u8,
}

/// What changes between snapshots of one game.
pub(super) struct Changing<'a> {
    pub game: &'a Game,
    /// The game's first position in BFEN (written once per game, not per change).
    pub start: &'a str,
    pub version: u64,
    /// The version before this one, and how many of its plies this one keeps.
    pub base: Option<(u64, usize)>,
    pub draw_offer: Option<Side>,
    pub takeback_offer: Option<Side>,
    pub updated_at: i64,
    pub computer_says: Option<&'static str>,
    pub clock: Option<&'a GameClock>,
    /// The server's time now, for the clock's figures.
    pub now: Timestamp,
}

/// The state JSON of the game (without the reader's seat): whole, or the
/// change from `now.base` when it is given.
pub(super) fn snapshot(row: &GameRow, computer: Option<(Side, u8)>, now: Changing<'_>) -> String {
    let game = now.game;
    let pos = game.position();
    let played = game.moves().len();
    let (plies_from, base_version) = match now.base {
        Some((base, kept)) => (kept.min(played), Some(base)),
        None => (0, None),
    };
    let plies = view::plies_after(game, plies_from);
    let ended = result_words(game);
    let state = Snapshot {
        id: &row.id,
        version: now.version,
        scenario: pos.scenario().id(),
        mode: row.mode.word(),
        computer: computer.map(|(side, level)| ComputerView {
            side: side.into(),
            level,
        }),
        bfen: pos.to_string(),
        start: now.start,
        stacks: view::stacks(pos),
        to_move: pos.side_to_move().into(),
        turn: pos.turn(),
        ply: played,
        last_move: game.moves().last().map(ToString::to_string),
        plies_from,
        base_version,
        plies: &plies,
        legal: (),
        status: if ended.is_some() { "over" } else { "ongoing" },
        result: ended.map(|e| e.0),
        reason: ended.map(|e| e.1),
        draw_offer: now.draw_offer.map(SideWord::from),
        takeback_offer: now.takeback_offer.map(SideWord::from),
        computer_says: now.computer_says,
        thinking: computer.is_some_and(|(c, _)| ended.is_none() && pos.side_to_move() == c),
        eliminated: view::eliminated(game),
        created_at: row.created_at,
        updated_at: now.updated_at,
        clock: now.clock.map(|c| clock_view(c, now.now)),
    };
    // Sized for a state mid-game, so that it is not copied as it grows.
    let mut json = Vec::with_capacity(STATE_CAPACITY);
    let mut json = match serde_json::to_writer(&mut json, &state) {
        Ok(()) => String::from_utf8(json).unwrap_or_default(),
        Err(e) => {
            tracing::error!(error = %e, "cannot serialise a game state");
            "{}".into()
        }
    };
    fill_legal(&mut json, &game.legal_moves());
    json
}

/// About the size of a state mid-game, legal moves included (16 to 26 KB
/// in random games of washita after 70 to 90 plies).
const STATE_CAPACITY: usize = 32 * 1024;

/// The `legal` field of a state as serde writes it before [`fill_legal`].
const NO_MOVES: &str = "\"legal\":[]";

fn no_moves<S: serde::Serializer>(_: &(), s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(std::iter::empty::<()>())
}

/// Writes `moves` into the state `json` in place of its empty `legal` list.
/// The key is found once: the text before it is keys, numbers and escaped
/// strings, in which no unescaped `"` can stand.
fn fill_legal(json: &mut String, moves: &[Move]) {
    static FIND: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(NO_MOVES));
    let Some(at) = FIND.find(json.as_bytes()) else {
        return;
    };
    let tail = json.split_off(at + NO_MOVES.len() - "[]".len());
    view::write_legal(moves, json);
    json.push_str(&tail["[]".len()..]);
}

/// `snapshot` with its clock's figures taken at `now` rather than at the change
/// that built it (a page that loads a game mid-turn sees the time left now).
pub(super) fn clock_now(snapshot: &str, clock: Option<&GameClock>, now: Timestamp) -> String {
    let (Some(clock), Some(at)) = (clock, snapshot.rfind(",\"clock\":")) else {
        return snapshot.to_string();
    };
    match serde_json::to_string(&clock_view(clock, now)) {
        Ok(view) => format!("{},\"clock\":{view}}}", &snapshot[..at]),
        Err(_) => snapshot.to_string(),
    }
}

/// A state JSON shared by its readers. A `String` behind the `Arc`, not a
/// `str`: an `Arc<str>` is made by copying the text (tens of kilobytes, at
/// every change of every game), an `Arc<String>` by moving it.
pub type StateText = std::sync::Arc<String>;

/// The state JSON with the reader's seat put in front (and a message type for sockets).
pub fn with_seat(snapshot: &str, seat: Seat, message: bool) -> String {
    seat_in_front(snapshot, seat, message, true)
}

/// The state message of a socket that asked for the legal moves only when its
/// seat is to move (`?legal=mine`): [`with_seat`]'s, except that a state
/// another side is to move in lists none (`"legal":[]`). The moves are half of
/// a state or more, and a player's socket is sent every state twice as often
/// as it can use their list.
pub fn with_seat_on_turn(snapshot: &str, seat: Seat) -> String {
    let ours = to_move(snapshot).is_none_or(|side| seat.plays(side));
    seat_in_front(snapshot, seat, true, ours)
}

/// The side to move of a state JSON (the first `to_move` key is the state's own:
/// the objects before it hold none).
fn to_move(snapshot: &str) -> Option<Side> {
    const KEY: &str = "\"to_move\":\"";
    static FIND: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(KEY));
    let at = FIND.find(snapshot.as_bytes())? + KEY.len();
    let word = &snapshot[at..];
    if word.starts_with("army\"") {
        Some(Side::Army)
    } else if word.starts_with("indians\"") {
        Some(Side::Indians)
    } else {
        None
    }
}

/// The searcher of a state's `legal` key, built once (`str::find` builds one
/// at every call, for every socket's every state).
static FIND_LEGAL: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(",\"legal\":"));

/// [`with_seat`], with the legal moves or without them. The text between the
/// `legal` key and the `clock` key (the last one: see [`snapshot`]) is the
/// list; the clock holds neither key.
fn seat_in_front(snapshot: &str, seat: Seat, message: bool, legal: bool) -> String {
    let body = snapshot.strip_prefix('{').unwrap_or(snapshot);
    let cut = match legal {
        true => None,
        false => FIND_LEGAL
            .find(body.as_bytes())
            .zip(body.rfind(",\"clock\":"))
            .filter(|(from, to)| from < to),
    };
    // Sized once: a state is tens of kilobytes, copied for every reader.
    let mut out = String::with_capacity(body.len() + 40);
    out.push('{');
    if message {
        out.push_str("\"type\":\"state\",");
    }
    out.push_str("\"you\":");
    match seat.word() {
        Some(w) => {
            out.push('"');
            out.push_str(w);
            out.push('"');
        }
        None => out.push_str("null"),
    }
    out.push(',');
    match cut {
        Some((from, to)) => {
            out.push_str(&body[..from]);
            out.push(',');
            out.push_str(NO_MOVES);
            out.push_str(&body[to..]);
        }
        None => out.push_str(body),
    }
    out
}

/// `("army", "elimination")`... for a finished game: the words stored and shown.
pub(super) fn result_words(game: &Game) -> Option<(&'static str, &'static str)> {
    game.outcome().map(|o| (o.result_word(), o.reason_word()))
}
