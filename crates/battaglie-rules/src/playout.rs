//! Random playouts: games carried to their end by uniformly random legal moves, fast.
//!
//! A uniform choice needs only how many legal moves there are and the one chosen.
//! The count comes from the memoised per-stack counter, and only the chosen stack's
//! moves are generated, so a ply costs a fraction of listing every move. The move
//! chosen for index `k` is `legal_moves()[k]`: a playout makes exactly the choices of
//! picking from the full list with the same random numbers.
//!
//! [`Rollout`] is a game without its move list: the position and the hashes since the
//! last elimination, which is all [`Game::outcome`] needs to rule on repetition (an
//! elimination removes pieces, so no earlier placement can come back).

use crate::game::Game;
use crate::movegen::{generate, Entry};
use crate::moves::{Move, DIRECTIONS};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::pieces::Pieces;
use crate::position::{cell_pieces, Position};
use crate::square::Square;

/// A game reduced to what its end depends on: the position and the placements seen
/// since the last elimination. Its [`outcome`](Rollout::outcome) is [`Game::outcome`]'s.
#[derive(Clone)]
pub struct Rollout {
    position: Position,
    /// Hashes of the positions since the last elimination, the current one last.
    seen: Vec<u64>,
    plies: u32,
    /// The scan of the stacks to move, kept to reuse its allocation.
    stacks: Vec<StackMoves>,
}

impl std::fmt::Debug for Rollout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rollout")
            .field("position", &self.position)
            .field("plies", &self.plies)
            .finish_non_exhaustive()
    }
}

/// The end of a [`random_playout`]: how it ended and after how many plies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Playout {
    /// The result.
    pub outcome: Outcome,
    /// The plies the playout added to the game.
    pub plies: u32,
}

impl Rollout {
    /// The rollout of `game` so far (a settled result is not carried over).
    pub fn new(game: &Game) -> Rollout {
        let mut position = game.start().clone();
        let mut seen = Vec::with_capacity(128);
        seen.push(position.hash());
        for mv in game.moves() {
            position.play_unchecked(mv);
            if mv.is_capture() {
                seen.clear();
            }
            seen.push(position.hash());
        }
        Rollout {
            position,
            seen,
            plies: 0,
            stacks: Vec::new(),
        }
    }

    /// A rollout from a position, with no history before it.
    pub fn from_position(position: Position) -> Rollout {
        let seen = vec![position.hash()];
        Rollout {
            position,
            seen,
            plies: 0,
            stacks: Vec::new(),
        }
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The plies played since the rollout was made.
    #[inline]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// How many times the current placement (with the same side to move) has occurred.
    pub fn occurrences(&self) -> u32 {
        let now = self.position.hash();
        // Only positions with the same side to move can match: every other entry.
        self.seen
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&h| h == now)
            .count() as u32
    }

    /// The result, if the game is over, ruled as [`Game::outcome`] rules it.
    pub fn outcome(&self) -> Option<Outcome> {
        let mut stacks = Vec::new();
        self.outcome_with(scan(&self.position, &mut stacks))
    }

    /// [`Rollout::outcome`] given the number of moves of the side to move.
    fn outcome_with(&self, moves: u64) -> Option<Outcome> {
        let pos = &self.position;
        let us = pos.side_to_move();
        for side in [us, !us] {
            if pos.piece_count(side) == 0 {
                return Some(Outcome::Win(!side, WinReason::Elimination));
            }
        }
        if moves == 0 && !pos.has_step(!us) {
            return Some(Outcome::Draw(DrawReason::Deadlock));
        }
        if self.occurrences() >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if pos.quiet() >= pos.scenario().rules().quiet_limit() {
            return Some(Outcome::Draw(DrawReason::Quiet));
        }
        None
    }

    /// The legal moves into `moves` (as [`Position::legal_moves_cached`]) and the
    /// result: when the game is over `moves` is left empty. One pass where
    /// [`Rollout::outcome`] then [`Position::legal_moves`] would make two.
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) -> Option<Outcome> {
        if self.position.ends_before_moving() {
            moves.clear();
            return self.outcome();
        }
        self.position.legal_moves_cached(moves);
        let steps = if moves.first().is_some_and(Move::is_pass) {
            0
        } else {
            moves.len() as u64
        };
        let outcome = self.outcome_with(steps);
        if outcome.is_some() {
            moves.clear();
        }
        outcome
    }

    /// Plays a move of [`Position::legal_moves`] (anything else leaves the rollout
    /// inconsistent, though never unsafe).
    pub fn play(&mut self, mv: &Move) {
        self.position.play_unchecked(mv);
        if mv.is_capture() {
            self.seen.clear();
        }
        self.seen.push(self.position.hash());
        self.plies += 1;
    }

    /// Plays one uniformly random legal move, `below(n)` choosing an index in `0..n`;
    /// `None` (and nothing played) when the game is over.
    pub fn play_random(&mut self, below: impl FnOnce(usize) -> usize) -> Option<Move> {
        let mut stacks = std::mem::take(&mut self.stacks);
        let n = scan(&self.position, &mut stacks);
        let mv = self
            .outcome_with(n)
            .is_none()
            .then(|| nth_move(&self.position, &stacks, n, below));
        self.stacks = stacks;
        if let Some(mv) = &mv {
            self.play(mv);
        }
        mv
    }
}

impl Position {
    /// [`Position::legal_moves_into`], the same moves in the same order, with the
    /// moves of each stack taken from the per-thread cache of the playouts: faster
    /// where the same stacks and neighbourhoods recur (environments, playouts).
    pub fn legal_moves_cached(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.ends_before_moving() {
            return;
        }
        let us = self.side_to_move();
        LISTS.with(|cache| {
            let mut cache = cache.borrow_mut();
            for from in self.occupied_indices(us) {
                let entries = self.entries(from, us);
                let pieces = cell_pieces(self.cell(from));
                let (slot, _) = cache.lookup(from, pieces, &entries);
                let sq = Square::from_index(from).expect("occupied squares are squares");
                moves.extend(
                    cache.slots[slot]
                        .list
                        .iter()
                        .map(|&(parts, flags)| Move::new(sq, parts, flags)),
                );
            }
        });
        if moves.is_empty() && self.has_step(!us) {
            moves.push(Move::PASS);
        }
    }

    /// [`Position::legal_moves_cached`] stack by stack, for callers that keep
    /// something per stack: `each(from, key, moves)` for every stack of the side to
    /// move, in the list's order, where `moves` are the stack's moves (none for a stack
    /// that cannot move) and `key` tells them apart from their square: stacks with the
    /// same key have the same moves, in the same order, from any square (the key of
    /// the cache, made of the stack and what each neighbour accepts). Returns whether
    /// any stack had a move; when none had, the list is the pass alone, or nothing.
    /// `each` runs while the thread's cache is in use: it must not list moves itself.
    pub fn legal_moves_by_stack(&self, mut each: impl FnMut(Square, u64, &[Move])) -> bool {
        if self.ends_before_moving() {
            return false;
        }
        let us = self.side_to_move();
        let mut any = false;
        let mut moves = Vec::with_capacity(64);
        LISTS.with(|cache| {
            let mut cache = cache.borrow_mut();
            for from in self.occupied_indices(us) {
                let entries = self.entries(from, us);
                let pieces = cell_pieces(self.cell(from));
                let (slot, key) = cache.lookup_keyed(from, pieces, &entries);
                let sq = Square::from_index(from).expect("occupied squares are squares");
                moves.clear();
                moves.extend(
                    cache.slots[slot]
                        .list
                        .iter()
                        .map(|&(parts, flags)| Move::new(sq, parts, flags)),
                );
                any |= !moves.is_empty();
                each(sq, key, &moves);
            }
        });
        any
    }
}

/// Plays `game` to its end by uniformly random legal moves, `below(n)` choosing an
/// index in `0..n` (called once per ply). The game itself is left as it is.
pub fn random_playout(game: &Game, mut below: impl FnMut(usize) -> usize) -> Playout {
    if let Some(outcome) = game.outcome() {
        return Playout { outcome, plies: 0 };
    }
    let mut rollout = Rollout::new(game);
    let mut stacks = Vec::with_capacity(32);
    loop {
        let n = scan(&rollout.position, &mut stacks);
        if let Some(outcome) = rollout.outcome_with(n) {
            return Playout {
                outcome,
                plies: rollout.plies,
            };
        }
        let mv = nth_move(&rollout.position, &stacks, n, &mut below);
        rollout.play(&mv);
    }
}

impl Position {
    /// A uniformly random legal move, `below(n)` choosing an index in `0..n`: the
    /// move `legal_moves()[below(legal_moves().len())]`, found without listing them all.
    /// `None` (and `below` not called) when [`Position::legal_moves`] is empty.
    pub fn random_move(&self, below: impl FnOnce(usize) -> usize) -> Option<Move> {
        if self.ends_before_moving() {
            return None;
        }
        let mut stacks = Vec::new();
        let n = scan(self, &mut stacks);
        if n == 0 && !self.has_step(!self.side_to_move()) {
            return None;
        }
        Some(nth_move(self, &stacks, n, below))
    }
}

/// One stack of the side to move: its square, what its neighbours accept, its move count.
#[derive(Clone, Copy)]
struct StackMoves {
    from: usize,
    entries: [Entry; DIRECTIONS],
    count: u64,
}

/// The stacks of the side to move and their move counts, in [`Position::legal_moves`]
/// order; returns the total (0 when it cannot step, whatever the counters say).
fn scan(pos: &Position, out: &mut Vec<StackMoves>) -> u64 {
    out.clear();
    let us = pos.side_to_move();
    let mut total = 0;
    LISTS.with(|cache| {
        let mut cache = cache.borrow_mut();
        for from in pos.occupied_indices(us) {
            let entries = pos.entries(from, us);
            let pieces = cell_pieces(pos.cell(from));
            let count = if pieces.total() == 1 {
                entries.iter().filter(|e| e.accepts(pieces)).count() as u64
            } else {
                cache.lookup(from, pieces, &entries).1
            };
            total += count;
            out.push(StackMoves {
                from,
                entries,
                count,
            });
        }
    });
    total
}

/// Slots of the per-thread cache of move lists (a power of two).
const LIST_SLOTS: usize = 1 << 15;

/// The moves of one stack, without their square (the groups per direction and the
/// elimination flags), keyed by the stack and what each neighbour accepts.
struct ListCache {
    slots: Vec<Slot>,
    scratch: Vec<Move>,
}

/// One entry of the cache: the key beside the list, so that a lookup (and a count,
/// which is the list's length) touches one cache line, not two.
#[derive(Clone, Default)]
struct Slot {
    key: u64,
    list: Vec<([Pieces; DIRECTIONS], u8)>,
}

impl ListCache {
    /// The slot holding the moves of `pieces` on `from` with these neighbours, and
    /// how many there are (generated on a miss).
    fn lookup(
        &mut self,
        from: usize,
        pieces: Pieces,
        entries: &[Entry; DIRECTIONS],
    ) -> (usize, u64) {
        let (slot, _) = self.lookup_keyed(from, pieces, entries);
        (slot, self.slots[slot].list.len() as u64)
    }

    /// [`ListCache::lookup`], with the key instead of the count.
    fn lookup_keyed(
        &mut self,
        from: usize,
        pieces: Pieces,
        entries: &[Entry; DIRECTIONS],
    ) -> (usize, u64) {
        // 12 bits of stack, 12 per direction (kinds, room) and 4 elimination flags:
        // never zero, as the stack is not empty.
        let mut key = u64::from(pieces.bits());
        for (i, e) in entries.iter().enumerate() {
            let room = if e.kinds == 0 { 0 } else { u64::from(e.room) };
            key |= (u64::from(e.kinds) | room << 8) << (12 + 12 * i);
            key ^= u64::from(e.capture) << (60 + i);
        }
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 49) as usize & (LIST_SLOTS - 1);
        let entry = &mut self.slots[slot];
        if entry.key != key {
            let sq = Square::from_index(from).expect("occupied squares are squares");
            self.scratch.clear();
            let mut parts = [Pieces::EMPTY; DIRECTIONS];
            generate(
                sq,
                pieces,
                pieces,
                0,
                entries,
                &mut parts,
                &mut self.scratch,
            );
            entry.list.clear();
            entry.list.extend(self.scratch.iter().map(|m| {
                let flags = (0..DIRECTIONS)
                    .filter(|&d| m.captures_in(d))
                    .fold(0u8, |acc, d| acc | 1 << d);
                (*m.parts(), flags)
            }));
            entry.key = key;
        }
        (slot, key)
    }
}

thread_local! {
    /// The same few (stack, neighbours) combinations recur through a playout, and
    /// generating their moves is the costly part of choosing one.
    static LISTS: std::cell::RefCell<ListCache> = std::cell::RefCell::new(ListCache {
        slots: vec![Slot::default(); LIST_SLOTS],
        scratch: Vec::new(),
    });
}

/// `legal_moves()[below(n)]` given the stacks and their total `n` (the pass when `n` is 0).
fn nth_move(
    pos: &Position,
    stacks: &[StackMoves],
    n: u64,
    below: impl FnOnce(usize) -> usize,
) -> Move {
    if n == 0 {
        below(1);
        return Move::PASS;
    }
    let mut k = below(n as usize) as u64;
    for stack in stacks {
        if k < stack.count {
            let sq = Square::from_index(stack.from).expect("occupied squares are squares");
            let pieces = cell_pieces(pos.cell(stack.from));
            if pieces.total() == 1 {
                // A lone piece: the k-th direction that accepts it, in generation order
                // (which leaves the first directions empty longest: the last comes first).
                let (dir, e) = (0..DIRECTIONS)
                    .rev()
                    .map(|d| (d, stack.entries[d]))
                    .filter(|(_, e)| e.accepts(pieces))
                    .nth(k as usize)
                    .expect("k is below the stack's count");
                let mut parts = [Pieces::EMPTY; DIRECTIONS];
                parts[dir] = pieces;
                return Move::new(sq, parts, u8::from(e.capture) << dir);
            }
            // Looked up again: a later stack of the scan may have taken the slot.
            let (parts, flags) = LISTS.with(|cache| {
                let mut cache = cache.borrow_mut();
                let (slot, _) = cache.lookup(stack.from, pieces, &stack.entries);
                cache.slots[slot].list[k as usize]
            });
            return Move::new(sq, parts, flags);
        }
        k -= stack.count;
    }
    unreachable!("the index is below the count of moves")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scenario;

    /// Seeded choices from the workspace's generator.
    fn numbers(seed: u64) -> impl FnMut(usize) -> usize {
        let mut rng = crate::Rng::new(seed);
        move |n| rng.below(n)
    }

    #[test]
    fn a_random_playout_makes_the_choices_of_picking_from_the_full_move_list() {
        for scenario in Scenario::builtins() {
            for seed in 0..12 {
                let mut game = Game::new(Position::start(scenario));
                let mut pick = numbers(seed);
                while !game.is_over() {
                    let moves = game.legal_moves();
                    let mv = moves[pick(moves.len())];
                    game.play(&mv);
                }
                let start = Game::new(Position::start(scenario));
                let playout = random_playout(&start, numbers(seed));
                assert_eq!(
                    (playout.outcome, playout.plies as usize),
                    (game.outcome().unwrap(), game.moves().len()),
                    "{} seed {seed}",
                    scenario.id()
                );
            }
        }
    }

    #[test]
    fn a_rollout_rules_on_the_end_as_the_game_does_at_every_ply() {
        for scenario in Scenario::builtins() {
            let mut game = Game::new(Position::start(scenario));
            let mut pick = numbers(7);
            // Play a while, then check a rollout made from the middle of a game too.
            for _ in 0..30 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(&moves[pick(moves.len())]);
            }
            let mut rollout = Rollout::new(&game);
            assert_eq!(rollout.position(), game.position());
            let mut listed = Vec::new();
            while !game.is_over() {
                assert_eq!(rollout.outcome(), None);
                assert_eq!(rollout.legal_moves_into(&mut listed), None);
                assert_eq!(listed, game.legal_moves());
                let moves = game.legal_moves();
                let mut cached = Vec::new();
                game.position().legal_moves_cached(&mut cached);
                assert_eq!(cached, moves);
                let i = pick(moves.len());
                assert_eq!(game.position().random_move(|_| i), Some(moves[i]));
                game.play(&moves[i]);
                rollout.play(&moves[i]);
                assert_eq!(rollout.occurrences(), game.occurrences());
            }
            assert_eq!(rollout.outcome(), game.outcome());
            assert_eq!(rollout.legal_moves_into(&mut listed), game.outcome());
            assert!(listed.is_empty());
            assert_eq!(rollout.play_random(|_| 0), None);
        }
    }

    #[test]
    fn the_moves_stack_by_stack_are_the_legal_moves_and_a_key_names_the_same_moves_anywhere() {
        let mut by_key = std::collections::HashMap::new();
        for scenario in Scenario::builtins() {
            for seed in 0..4 {
                let mut game = Game::new(Position::start(scenario));
                let mut pick = numbers(seed);
                while !game.is_over() {
                    let moves = game.legal_moves();
                    let mut by_stack = Vec::new();
                    let any = game.position().legal_moves_by_stack(|from, key, list| {
                        assert!(list.iter().all(|m| m.from() == Some(from)));
                        by_stack.extend_from_slice(list);
                        // The moves without their square, which the key must name.
                        let parts: Vec<u64> = list.iter().map(|m| m.to_bits() >> 9).collect();
                        assert_eq!(by_key.entry(key).or_insert_with(|| parts.clone()), &parts);
                    });
                    assert_eq!(any, !by_stack.is_empty());
                    if any {
                        assert_eq!(by_stack, moves);
                    } else {
                        assert_eq!(moves, [Move::PASS]);
                    }
                    game.play(&moves[pick(moves.len())]);
                }
            }
        }
    }

    #[test]
    fn a_move_played_as_listed_leaves_the_game_as_a_checked_play_does() {
        for scenario in Scenario::builtins() {
            let mut checked = Game::new(Position::start(scenario));
            let mut listed = checked.clone();
            let mut pick = numbers(3);
            while !checked.is_over() {
                let moves = checked.legal_moves();
                let mv = moves[pick(moves.len())];
                checked.play(&mv);
                listed.play_listed(&mv);
                assert_eq!(listed.position(), checked.position());
                assert_eq!(listed.occurrences(), checked.occurrences());
                assert_eq!(listed.outcome(), checked.outcome());
            }
            assert_eq!(listed.moves().len(), checked.moves().len());
        }
    }

    #[test]
    fn a_playout_of_a_finished_game_plays_nothing() {
        let scenario = Scenario::builtin("washita").unwrap();
        let mut game = Game::new(Position::start(&scenario));
        game.agree_draw().unwrap();
        let p = random_playout(&game, |_| unreachable!("no move to choose"));
        assert_eq!(
            (p.outcome, p.plies),
            (Outcome::Draw(DrawReason::Agreement), 0)
        );
    }
}
