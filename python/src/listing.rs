//! A position's legal actions, ascending, beside their moves, listed stack by stack.
//!
//! The rules give each stack's moves from their per-thread cache with the cache's key
//! (the stack and what each neighbour accepts: the same key, the same moves in the
//! same order, from any square). The same stacks with the same neighbours recur from
//! ply to ply, so the order of a stack's moves by action (which the square does not
//! change: it only adds the same number to each) is worked out once and remembered by
//! that key, where numbering and sorting ~120 moves at every ply cost more than a
//! ply of C++ chess.

use std::cell::RefCell;

use battaglie_rules::{Move, Position};

use crate::action::ActionSpace;

/// A position's legal moves by action, ascending.
#[derive(Clone, Default)]
pub struct Legal {
    moves: Vec<(u64, Move)>,
}

impl Legal {
    /// The legal moves of `pos` (the same as `Position::legal_moves`), by action.
    pub fn of(space: &ActionSpace, pos: &Position) -> Legal {
        let mut moves = Vec::with_capacity(128);
        let any = ORDERS.with_borrow_mut(|slots| {
            if slots.is_empty() {
                slots.resize_with(SLOTS, Slot::default);
            }
            pos.legal_moves_by_stack(|from, key, stack| {
                if stack.is_empty() {
                    return;
                }
                let base = space.square_index(from) * space.per_square();
                let order = order(slots, space, key, stack);
                moves.extend(
                    order
                        .iter()
                        .map(|&k| (base + (k >> 32), stack[(k & 0xFFFF_FFFF) as usize])),
                );
            })
        });
        if !any {
            // No stack can move: the pass alone, or nothing at all.
            let mut listed = Vec::new();
            pos.legal_moves_cached(&mut listed);
            moves.extend(listed.iter().map(|m| (space.encode(m), *m)));
        }
        if !moves.is_sorted_by_key(|&(a, _)| a) {
            // The square comes first in the action and the rules list the stacks by
            // square; should they not, the whole list is sorted.
            moves.sort_unstable_by_key(|&(a, _)| a);
        }
        Legal { moves }
    }

    /// How many legal moves there are.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// The legal moves by action, ascending.
    pub fn iter(&self) -> std::slice::Iter<'_, (u64, Move)> {
        self.moves.iter()
    }

    /// The legal move an action names, if it is legal.
    pub fn find(&self, action: u64) -> Option<Move> {
        let i = self.moves.binary_search_by_key(&action, |&(a, _)| a).ok()?;
        Some(self.moves[i].1)
    }
}

/// Slots of the memo of orders (a power of two).
const SLOTS: usize = 1 << 15;

/// The order of one stack's moves by action, for the rules' key of its moves.
#[derive(Default)]
struct Slot {
    key: u64,
    /// The action space's actions per square (0 in an empty slot): the ranks depend on
    /// the stack limit, which it is a function of.
    per_square: u64,
    /// For each move by ascending action: its rank << 32 | its place in the rules' list.
    order: Vec<u64>,
}

thread_local! {
    /// The orders remembered, by the rules' key.
    static ORDERS: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
}

/// The order of `moves` (one stack's, which the rules' `key` names) by action:
/// remembered, or worked out and remembered.
fn order<'a>(slots: &'a mut [Slot], space: &ActionSpace, key: u64, moves: &[Move]) -> &'a [u64] {
    let hash = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let slot = &mut slots[(hash >> 49) as usize & (SLOTS - 1)];
    if slot.key != key || slot.per_square != space.per_square() {
        slot.key = key;
        slot.per_square = space.per_square();
        slot.order.clear();
        slot.order.extend(
            moves
                .iter()
                .enumerate()
                .map(|(i, m)| space.rank(m) << 32 | i as u64),
        );
        slot.order.sort_unstable();
    }
    &slot.order
}
