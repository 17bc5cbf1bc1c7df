//! The client's view of a game: the state JSON of `docs/api.md`, built once per
//! change as parts (the head, the legal moves, the clock, the side to move)
//! shared by every reader, and joined per reader with its seat in front.
//!
//! A version is built whole (every ply, for a reader who holds nothing) or as
//! a change (only the plies after those it shares with the version before, for
//! the sockets that hold that version), so that a long game's messages, and
//! the work of each move, do not grow with every move.

use std::sync::Arc;

use battaglie_community::{ClockState, GameClock, Timestamp};
use battaglie_rules::{Game, Side};
use serde::Serialize;
use ts_rs::TS;

use super::Seat;
use crate::game::{GameRow, Mode};
#[cfg(test)]
use crate::view::MovesFrom;
use crate::view::{self, Eliminated, KindCounts, PlyView, SideWord, Stack};
pub(crate) use words::ComputerSays;
use words::{as_word, ClockKind, ClockRuns, GameResult, Reason, Status};

mod words;

/// The state JSON of `docs/api.md`, less the reader's `you`, which [`with_seat`]
/// puts in front (`web/types.js` declares it for the page). The server never
/// writes it whole: it writes its parts once each ([`StateParts`]) and joins
/// them per reader; this is what serde would write, the page's declaration and
/// the tests' measure of the join.
#[cfg(test)]
#[derive(Serialize, TS)]
#[ts(rename = "State")]
pub(crate) struct Snapshot<'a> {
    #[serde(flatten)]
    #[ts(flatten)]
    head: Head<'a>,
    /// The legal moves by source square; empty once over.
    legal: Vec<MovesFrom>,
    /// The game's clock, if it has one.
    clock: Option<ClockView>,
}

/// The fields of a state before its legal moves: everything but the moves and
/// the clock, which are written apart (the moves are left out for a reader who
/// cannot use them, the clock is read again for a reader who comes later).
#[derive(Serialize, TS)]
struct Head<'a> {
    id: &'a str,
    version: u64,
    scenario: &'a str,
    #[serde(serialize_with = "as_word")]
    #[ts(type = "\"computer\" | \"online\" | \"hotseat\"")]
    mode: Mode,
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
    /// What the last move eliminated: the opponent's pieces on the squares it
    /// attacked; `null` when it attacked nothing.
    last_eliminated: Option<KindCounts>,
    status: Status,
    result: Option<GameResult>,
    reason: Option<Reason>,
    draw_offer: Option<SideWord>,
    takeback_offer: Option<SideWord>,
    /// Why the computer just resigned or offered a draw.
    computer_says: Option<ComputerSays>,
    thinking: bool,
    eliminated: Eliminated,
    created_at: i64,
    updated_at: i64,
}

/// The clock as the page shows it: each side's time left at the server's `at`.
#[derive(Serialize, TS)]
#[ts(rename = "Clock")]
struct ClockView {
    /// The control's notation, `10+3` or `3d+2h`.
    control: String,
    kind: ClockKind,
    /// `ready` (no time runs before the first move), `running`, `paused`, `stopped`.
    state: ClockRuns,
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
    let running = match clock.state() {
        ClockState::Running { to_move, .. } => Some(to_move.into()),
        ClockState::Ready { .. } | ClockState::Paused { .. } | ClockState::Stopped { .. } => None,
    };
    let control = clock.control();
    ClockView {
        control: control.to_string(),
        kind: (&control).into(),
        state: clock.state().into(),
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
    /// Whether the game was called off before its first move.
    pub aborted: bool,
    pub updated_at: i64,
    pub computer_says: Option<ComputerSays>,
    pub clock: Option<&'a GameClock>,
    /// The server's time now, for the clock's figures.
    pub now: Timestamp,
}

/// The fields of the game's state before its legal moves (`plies` are those
/// after `now.base`'s, when it is given).
fn head<'a>(
    row: &'a GameRow,
    computer: Option<(Side, u8)>,
    now: &Changing<'a>,
    plies_from: usize,
    plies: &'a [PlyView],
) -> Head<'a> {
    let game = now.game;
    let pos = game.position();
    let ended = game.outcome();
    Head {
        id: &row.id,
        version: now.version,
        scenario: pos.scenario().id(),
        mode: row.mode,
        computer: computer.map(|(side, level)| ComputerView {
            side: side.into(),
            level,
        }),
        bfen: pos.to_string(),
        start: now.start,
        stacks: view::stacks(pos),
        to_move: pos.side_to_move().into(),
        turn: pos.turn(),
        ply: game.moves().len(),
        last_move: game.moves().last().map(ToString::to_string),
        last_eliminated: view::last_eliminated(game),
        plies_from,
        base_version: now.base.map(|(base, _)| base),
        plies,
        status: if now.aborted {
            Status::Aborted
        } else if ended.is_some() {
            Status::Over
        } else {
            Status::Ongoing
        },
        result: ended.map(GameResult::from),
        reason: ended.map(Reason::from),
        draw_offer: now.draw_offer.map(SideWord::from),
        takeback_offer: now.takeback_offer.map(SideWord::from),
        computer_says: now.computer_says,
        thinking: computer
            .is_some_and(|(c, _)| ended.is_none() && !now.aborted && pos.side_to_move() == c),
        eliminated: view::eliminated(game),
        created_at: row.created_at,
        updated_at: now.updated_at,
    }
}

/// How many plies a state leaves out: those of `now.base` it keeps.
fn plies_from(now: &Changing<'_>) -> usize {
    now.base
        .map_or(0, |(_, kept)| kept.min(now.game.moves().len()))
}

/// The state of the game (without the reader's seat) as parts: whole, or the
/// change from `now.base` when it is given.
pub(super) fn snapshot(
    row: &GameRow,
    computer: Option<(Side, u8)>,
    now: Changing<'_>,
) -> StateParts {
    let from = plies_from(&now);
    let plies = view::plies_after(now.game, from);
    let head = head(row, computer, &now, from, &plies);
    let mut json = Vec::with_capacity(HEAD_CAPACITY);
    let head = match serde_json::to_writer(&mut json, &head) {
        Ok(()) => String::from_utf8(json).unwrap_or_default(),
        Err(e) => {
            tracing::error!(error = %e, "cannot serialise a game state");
            String::new()
        }
    };
    let mut legal = String::new();
    let moves = if now.aborted {
        Vec::new()
    } else {
        now.game.legal_moves()
    };
    view::write_legal(&moves, &mut legal);
    StateParts {
        body: Arc::new(Body {
            head,
            legal,
            to_move: now.game.position().side_to_move(),
        }),
        clock: clock_json(now.clock, now.now),
    }
}

/// About the size of a state's head mid-game, so that it is not copied as it
/// grows (the stacks and, in a whole state, every ply).
const HEAD_CAPACITY: usize = 4 * 1024;

/// The `clock` field's value: the figures of `clock` at `now`, or `null`.
fn clock_json(clock: Option<&GameClock>, now: Timestamp) -> String {
    let view = clock.map(|c| clock_view(c, now));
    serde_json::to_string(&view).unwrap_or_else(|e| {
        tracing::error!(error = %e, "cannot serialise a game clock");
        "null".into()
    })
}

/// A game's state (see [`Snapshot`]) as parts, each written once as JSON and
/// joined per reader by [`with_seat`] and [`with_seat_on_turn`].
pub struct StateParts {
    /// What stays when the clock is read again.
    body: Arc<Body>,
    /// The `clock` field's value, `null` without a clock.
    clock: String,
}

struct Body {
    /// The fields before `legal` as serde writes them, in their braces (empty
    /// if it could not).
    head: String,
    /// The `legal` field's value.
    legal: String,
    /// The side to move, whose seat is sent `legal` on `?legal=mine`.
    to_move: Side,
}

impl StateParts {
    /// The same state with its clock's figures taken at `now` rather than at
    /// the change that built it (a page that loads a game mid-turn sees the
    /// time left now). Only the clock is written again.
    pub(super) fn clock_at(&self, clock: &GameClock, now: Timestamp) -> StateParts {
        StateParts {
            body: self.body.clone(),
            clock: clock_json(Some(clock), now),
        }
    }

    /// The state JSON for `seat`, with `"type":"state"` in front when it is
    /// a socket's message, and the legal moves or `[]`.
    fn join(&self, seat: Seat, message: bool, legal: bool) -> String {
        let head = &self.body.head;
        let fields = head.get(1..head.len().saturating_sub(1)).unwrap_or("");
        let legal = if legal {
            self.body.legal.as_str()
        } else {
            "[]"
        };
        // Sized once: a state is tens of kilobytes, copied for every reader.
        let mut out = String::with_capacity(fields.len() + legal.len() + self.clock.len() + 64);
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
        if !fields.is_empty() {
            out.push_str(fields);
            out.push(',');
        }
        out.push_str("\"legal\":");
        out.push_str(legal);
        out.push_str(",\"clock\":");
        out.push_str(&self.clock);
        out.push('}');
        out
    }
}

/// A state shared by its readers.
pub type SharedState = Arc<StateParts>;

/// The state JSON with the reader's seat put in front (and a message type for sockets).
pub fn with_seat(state: &StateParts, seat: Seat, message: bool) -> String {
    state.join(seat, message, true)
}

/// The state message of a socket that asked for the legal moves only when its
/// seat is to move (`?legal=mine`): [`with_seat`]'s, except that a state
/// another side is to move in lists none (`"legal":[]`). The moves are half of
/// a state or more, and a player's socket is sent every state twice as often
/// as it can use their list.
pub fn with_seat_on_turn(state: &StateParts, seat: Seat) -> String {
    state.join(seat, true, seat.plays(state.body.to_move))
}

#[cfg(test)]
mod tests;
