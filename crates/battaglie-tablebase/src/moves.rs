//! The moves of a placement, forwards (every turn, RULES.md, "A turn") and backwards
//! (the quiet turns that could have led to it), written for a handful of pieces
//! rather than a full board. The rules crate's generator checks them in the tests.

use battaglie_rules::{Kind, Pieces, Side};

use crate::layout::{Piece, Placement};
use crate::map::{Map, NONE};

/// A turn's result.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Succ {
    /// Nothing was eliminated: the placement after the turn (generation only counts
    /// these; the tests check the backward generator against them).
    Quiet(#[cfg_attr(not(test), allow(dead_code))] Placement),
    /// Some enemy pieces were eliminated, others remain: the placement after the turn.
    Capture(Placement),
    /// The last enemy pieces were eliminated: the mover has won.
    Elimination,
}

/// Every turn of the side to move except pass, each once, into `out` (cleared first).
pub(crate) fn successors(map: &Map, p: &Placement, out: &mut Vec<Succ>) {
    out.clear();
    let us = p.to_move;
    let ps = p.pieces();
    for (i, src) in ps.iter().enumerate() {
        // Each source square once: its first piece in table order.
        if src.side != us || ps[..i].iter().any(|q| q.sq == src.sq) {
            continue;
        }
        let mut movers = [0usize; 4];
        let mut k = 0;
        for (j, q) in ps.iter().enumerate() {
            if q.sq == src.sq {
                movers[k] = j;
                k += 1;
            }
        }
        let steps = map.steps[src.sq as usize];
        let options = 1 + steps.iter().filter(|&&s| s != NONE).count();
        let combos = options.pow(k as u32);
        'turns: for code in 1..combos {
            let mut digits = [0usize; 4];
            let mut c = code;
            for d in digits.iter_mut().take(k) {
                *d = c % options;
                c /= options;
            }
            // Like pieces are interchangeable: their destinations in one order only.
            for j in 1..k {
                if ps[movers[j]].kind == ps[movers[j - 1]].kind && digits[j] < digits[j - 1] {
                    continue 'turns;
                }
            }
            let mut next = *p;
            next.to_move = !us;
            let mut captured = false;
            for dest_digit in 1..options {
                let dest = steps[dest_digit - 1];
                let mut arriving = Pieces::EMPTY;
                for j in 0..k {
                    if digits[j] == dest_digit {
                        arriving = arriving.plus(Pieces::one(ps[movers[j]].kind));
                    }
                }
                if arriving.is_empty() {
                    continue;
                }
                if !arriving
                    .iter()
                    .all(|kind| map.may_stand(kind, dest as usize))
                {
                    continue 'turns;
                }
                let (own, enemy) = stack_at(ps, dest, us);
                if !enemy.is_empty() {
                    if !map.rules.can_eliminate(arriving, enemy) {
                        continue 'turns;
                    }
                    captured = true;
                } else if own + arriving.total() > map.rules.stack_limit() {
                    continue 'turns;
                }
            }
            for j in 0..k {
                if digits[j] > 0 {
                    next.pieces[movers[j]].sq = steps[digits[j] - 1];
                }
            }
            if captured {
                remove_eliminated(&mut next, us);
                if next.pieces().iter().all(|q| q.side == us) {
                    out.push(Succ::Elimination);
                    continue;
                }
                next.sort();
                out.push(Succ::Capture(next));
            } else {
                next.sort();
                out.push(Succ::Quiet(next));
            }
        }
    }
}

/// Whether the side to move has a turn other than pass.
pub(crate) fn has_turn(map: &Map, p: &Placement, scratch: &mut Vec<Succ>) -> bool {
    successors(map, p, scratch);
    !scratch.is_empty()
}

/// How many of `us`'s pieces stand on `sq`, and the enemy's pieces there.
fn stack_at(ps: &[Piece], sq: u16, us: Side) -> (u8, Pieces) {
    let mut own = 0;
    let mut enemy = Pieces::EMPTY;
    for q in ps.iter().filter(|q| q.sq == sq) {
        if q.side == us {
            own += 1;
        } else {
            enemy = enemy.plus(Pieces::one(q.kind));
        }
    }
    (own, enemy)
}

/// Drops the enemy pieces standing where `us`'s pieces now stand.
fn remove_eliminated(next: &mut Placement, us: Side) {
    let mut kept = Placement::new(next.to_move);
    for q in next.pieces() {
        let hit = q.side != us && next.pieces().iter().any(|m| m.side == us && m.sq == q.sq);
        if !hit {
            kept.push(*q);
        }
    }
    *next = kept;
}

/// Every placement from which the side that just moved (the one not to move in `p`)
/// reached `p` by a quiet turn, each once, into `out` (cleared first). A pass is not
/// included: the caller knows when one was forced.
pub(crate) fn quiet_predecessors(map: &Map, p: &Placement, out: &mut Vec<Placement>) {
    out.clear();
    let them = p.to_move;
    let mover = !them;
    let ps = p.pieces();
    let domain = match mover {
        Side::Army => map.all_squares,
        Side::Indians => map.map_squares,
    };
    for src in 0..domain {
        let src16 = src as u16;
        if ps.iter().any(|q| q.side == them && q.sq == src16) {
            continue;
        }
        let steps = map.steps[src];
        let mut adj = [0usize; 4];
        let mut n = 0;
        for (j, q) in ps.iter().enumerate() {
            if q.side == mover && steps.contains(&q.sq) {
                adj[n] = j;
                n += 1;
            }
        }
        if n == 0 {
            continue;
        }
        let already = ps
            .iter()
            .filter(|q| q.side == mover && q.sq == src16)
            .count();
        'subsets: for mask in 1u32..(1 << n) {
            // Identical pieces (same kind, same square) come back in one order only.
            for j in 1..n {
                let (a, b) = (ps[adj[j - 1]], ps[adj[j]]);
                if a.kind == b.kind
                    && a.sq == b.sq
                    && mask & (1 << j) != 0
                    && mask & (1 << (j - 1)) == 0
                {
                    continue 'subsets;
                }
            }
            let moved = mask.count_ones() as usize;
            if already + moved > map.rules.stack_limit() as usize {
                continue;
            }
            let mut prev = *p;
            prev.to_move = mover;
            for j in 0..n {
                if mask & (1 << j) != 0 {
                    let kind: Kind = ps[adj[j]].kind;
                    if !map.may_stand(kind, src) {
                        continue 'subsets;
                    }
                    prev.pieces[adj[j]].sq = src16;
                }
            }
            prev.sort();
            out.push(prev);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::sync::Arc;

    use battaglie_rules::{Position, Scenario};

    use super::*;
    use crate::layout::Layout;
    use crate::material::Material;

    /// The BFEN placement field of a placement.
    pub(crate) fn placement_text(map: &Map, scenario: &Scenario, p: &Placement) -> String {
        let (w, h) = (scenario.width() as usize, scenario.height() as usize);
        let stack = |l: usize| -> String {
            let mut s = String::new();
            for q in p.pieces().iter().filter(|q| q.sq as usize == l) {
                let c = q.kind.char();
                s.push(if q.side == Side::Army {
                    c
                } else {
                    c.to_ascii_lowercase()
                });
            }
            s
        };
        let mut ranks = Vec::new();
        for r in (0..h).rev() {
            let mut text = stack(map.map_squares + r);
            text.push('|');
            let mut empty = 0;
            for f in 0..w {
                let s = stack(r * w + f);
                if s.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                if s.len() == 1 {
                    text.push_str(&s);
                } else {
                    text.push_str(&format!("({s})"));
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            ranks.push(text);
        }
        ranks.join("/")
    }

    fn position(map: &Map, scenario: &Arc<Scenario>, p: &Placement) -> Position {
        let side = if p.to_move == Side::Army { 'A' } else { 'I' };
        let text = format!("{} {side} 0 1", placement_text(map, scenario, p));
        Position::from_bfen(scenario, &text).expect("valid placements are positions")
    }

    fn samples(scenario: &Arc<Scenario>, step: u64) -> Vec<(Map, Placement)> {
        let map = Map::new(scenario);
        let mut out = Vec::new();
        for m in Material::up_to(3) {
            let layout = Layout::new(m, &map);
            for idx in (0..layout.len()).step_by(step as usize) {
                let p = layout.placement(idx);
                if p.is_valid(&map) {
                    out.push((map.clone(), p));
                }
            }
        }
        out
    }

    #[test]
    fn turns_are_the_rules_crates_legal_moves() {
        for id in ["washita", "apache-pass"] {
            let scenario = Scenario::builtin(id).expect("built in");
            for (map, p) in samples(&scenario, 4_999) {
                let pos = position(&map, &scenario, &p);
                let ours: BTreeSet<String> = {
                    let mut succ = Vec::new();
                    successors(&map, &p, &mut succ);
                    succ.iter()
                        .map(|s| match s {
                            Succ::Quiet(n) | Succ::Capture(n) => placement_text(&map, &scenario, n),
                            Succ::Elimination => "won".to_string(),
                        })
                        .collect()
                };
                let mut n_ours = Vec::new();
                successors(&map, &p, &mut n_ours);
                let theirs: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .filter(|m| !m.is_pass())
                    .map(|m| {
                        let mut next = pos.clone();
                        next.play_unchecked(m);
                        if next.piece_count(next.side_to_move()) == 0 {
                            "won".to_string()
                        } else {
                            next.bfen()
                                .to_string()
                                .split(' ')
                                .next()
                                .unwrap_or("")
                                .to_string()
                        }
                    })
                    .collect();
                let eliminations = theirs.iter().filter(|t| *t == "won").count();
                let theirs_set: BTreeSet<String> = theirs.into_iter().collect();
                assert_eq!(ours, theirs_set, "{id}: {}", pos.bfen());
                let ours_elim = n_ours
                    .iter()
                    .filter(|s| matches!(s, Succ::Elimination))
                    .count();
                assert_eq!(
                    n_ours.len() - ours_elim,
                    ours.len() - usize::from(ours_elim > 0)
                );
                assert_eq!(ours_elim, eliminations, "{id}: {}", pos.bfen());
            }
        }
    }

    #[test]
    fn quiet_predecessors_are_exactly_the_placements_whose_quiet_turns_lead_here() {
        let scenario = Scenario::builtin("fetterman").expect("built in");
        let key = |p: &Placement| (p.to_move, p.pieces().to_vec());
        let (mut succ, mut preds, mut back) = (Vec::new(), Vec::new(), Vec::new());
        for (map, p) in samples(&scenario, 7_919) {
            successors(&map, &p, &mut succ);
            for s in &succ {
                if let Succ::Quiet(next) = s {
                    quiet_predecessors(&map, next, &mut preds);
                    assert_eq!(
                        preds.iter().filter(|q| key(q) == key(&p)).count(),
                        1,
                        "{}",
                        placement_text(&map, &scenario, &p)
                    );
                }
            }
            quiet_predecessors(&map, &p, &mut preds);
            for q in &preds {
                assert!(q.is_valid(&map));
                successors(&map, q, &mut back);
                let leads_here = back
                    .iter()
                    .filter(|s| matches!(s, Succ::Quiet(n) if key(n) == key(&p)))
                    .count();
                assert_eq!(leads_here, 1, "{}", placement_text(&map, &scenario, q));
            }
        }
    }
}
