//! Retrograde generation of one material's table, the smaller ones already built.
//!
//! Every entry first looks one turn ahead: an elimination that wins outright or leaves
//! the opponent lost (in a smaller table, counter reset) is a win in 1; a position whose
//! every turn is an elimination the opponent then wins is a loss in 1; an elimination
//! into a draw means the position can never be lost. Then, level by level, each
//! position lost in `d` makes every quiet predecessor won in `d + 1`, and each position
//! won in `d` takes one from its predecessors' count of quiet turns not yet known to
//! lose: at zero, the predecessor is lost in `d + 1` (its slowest loss, since the levels
//! come in order). Levels stop at the quiet limit: a win needing more plies than that
//! from a fresh counter is no win, and whatever is left unresolved is a draw.

use crate::layout::{Layout, Placement};
use crate::map::Map;
use crate::material::Material;
use crate::moves::{has_turn, quiet_predecessors, successors, Succ};
use crate::value::{Value, INVALID};

/// A count that never reaches zero: the position has a way out to a draw.
const NEVER: u8 = u8::MAX;

/// How often (in entries) generation reports its progress.
pub(crate) const REPORT_EVERY: u64 = 1 << 16;

/// Builds `material`'s entries. `lookup` answers the value (at counter 0, for the side
/// to move there) of a placement after an elimination; `progress` hears how many of
/// this table's entries were looked at in the first pass.
pub(crate) fn generate(
    map: &Map,
    material: Material,
    lookup: &dyn Fn(&Placement) -> Value,
    progress: &mut dyn FnMut(u64),
) -> Vec<u8> {
    let layout = Layout::new(material, map);
    let n = layout.len();
    let mut val = vec![0u8; n as usize];
    let mut count = vec![0u8; n as usize];
    let mut succ = Vec::new();
    let mut scratch = Vec::new();
    for idx in 0..n {
        if idx % REPORT_EVERY == REPORT_EVERY - 1 {
            progress(REPORT_EVERY);
        }
        let i = idx as usize;
        let p = layout.placement(idx);
        if !p.is_valid(map) {
            val[i] = INVALID;
            continue;
        }
        successors(map, &p, &mut succ);
        if succ.is_empty() {
            let mut other = p;
            other.to_move = !p.to_move;
            // Only pass: the opponent moves next, unless it cannot either (deadlock: a draw).
            count[i] = if has_turn(map, &other, &mut scratch) {
                1
            } else {
                NEVER
            };
            continue;
        }
        let (mut win, mut draw_exit, mut quiet) = (false, false, 0u8);
        for s in &succ {
            match s {
                Succ::Elimination => win = true,
                Succ::Capture(after) => match lookup(after) {
                    Value::Loss(_) => win = true,
                    Value::Win(_) => {}
                    Value::Draw => draw_exit = true,
                },
                Succ::Quiet(_) => quiet += 1,
            }
        }
        if win {
            val[i] = Value::Win(1).to_byte();
        } else if quiet == 0 && !draw_exit {
            val[i] = Value::Loss(1).to_byte();
        } else {
            count[i] = if draw_exit { NEVER } else { quiet };
        }
    }
    progress(n % REPORT_EVERY);
    let limit = map
        .rules
        .quiet_limit()
        .min(u32::from(crate::value::MAX_DISTANCE)) as u8;
    let mut preds = Vec::new();
    for d in 1..limit {
        let (won, lost) = (Value::Win(d).to_byte(), Value::Loss(d).to_byte());
        let mut any = false;
        for idx in 0..n {
            let here = val[idx as usize];
            if here != won && here != lost {
                continue;
            }
            any = true;
            let s = layout.placement(idx);
            quiet_predecessors(map, &s, &mut preds);
            let mut passed = s;
            passed.to_move = !s.to_move;
            if !has_turn(map, &passed, &mut scratch) {
                preds.push(passed);
            }
            for prev in &preds {
                let pi = layout.index(prev) as usize;
                if val[pi] != 0 {
                    continue;
                }
                if here == lost {
                    val[pi] = Value::Win(d + 1).to_byte();
                } else if count[pi] != NEVER {
                    count[pi] -= 1;
                    if count[pi] == 0 {
                        val[pi] = Value::Loss(d + 1).to_byte();
                    }
                }
            }
        }
        if !any {
            break;
        }
    }
    val
}
