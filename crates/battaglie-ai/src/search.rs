//! Iterative-deepening principal-variation search (negamax alpha-beta) with a
//! transposition table, moves generated in stages as they are needed (table move,
//! eliminations, killers, quiet moves by history: see `picker`), late-move
//! reductions of quiet moves, repetition detection, and a quiescence search over
//! eliminations with stand-pat on a cached static evaluation. Nothing is allocated
//! per node: every buffer is kept per ply and reused.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};
use std::time::Duration;

// `std::time::Instant` panics in a browser (no clock there); `web_time` is it natively
// and `performance.now()` in WebAssembly.
use web_time::Instant;

use battaglie_rules::{Game, Move, Outcome, Position, Side, Stage};
use battaglie_tablebase::{Tablebase, Value};

use crate::eval::{draw_value, hanging, placement, placement_nnue, score_by, Evaluator, Start};
use crate::evalcache::EvalCache;
use crate::limits::{Budget, Limits};
use crate::nnue::Network;
use crate::ordering::{self, capture_gain, Ordering, MAX_PLY};
use crate::picker::Picker;
use crate::tt::{Bound, Table};
use crate::weights::Weights;

/// A search score from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centi-pieces (a Foot is 100).
    Value(i32),
    /// The side to move wins in this many plies.
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
}

impl fmt::Display for Score {
    /// As the protocol writes it: `35`, `win 3`, `loss 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Value(v) => write!(f, "{v}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

impl Score {
    /// The same position's score from the other side's view.
    pub fn flipped(self) -> Score {
        match self {
            Score::Value(v) => Score::Value(-v),
            Score::Win(n) => Score::Loss(n),
            Score::Loss(n) => Score::Win(n),
        }
    }
}

/// A text that is not a score as [`Score`]'s `Display` writes it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a score: a number of centi-pieces, `win N` or `loss N`")]
pub struct ParseScoreError(pub String);

impl std::str::FromStr for Score {
    type Err = ParseScoreError;

    /// Reads what `Display` writes: `35`, `win 3`, `loss 4`.
    fn from_str(text: &str) -> Result<Score, ParseScoreError> {
        let bad = || ParseScoreError(text.to_string());
        match text.split_once(' ') {
            Some(("win", n)) => n.parse().map(Score::Win).map_err(|_| bad()),
            Some(("loss", n)) => n.parse().map(Score::Loss).map_err(|_| bad()),
            Some(_) => Err(bad()),
            None => text.parse().map(Score::Value).map_err(|_| bad()),
        }
    }
}

const WIN: i32 = 1_000_000;
/// A win the endgame table knows, less the plies to its next elimination: above any
/// evaluation, below any win the search sees to the end.
pub(crate) const TABLE_WIN: i32 = 100_000;
const WIN_BOUND: i32 = WIN - 10_000;
const INF: i32 = WIN + 1;
/// The most eliminations tried at a quiescence node.
const QUIESCE_WIDTH: usize = 8;
/// log2 of the transposition table's entries.
const TT_BITS: u32 = 18;
/// log2 of the evaluation cache's entries (at most).
const EVAL_BITS: u32 = 14;
/// log2 of the smallest transposition table.
const MIN_TT_BITS: u32 = 10;
/// The most search threads.
const MAX_THREADS: u32 = 64;

fn to_score(v: i32) -> Score {
    if v >= WIN_BOUND {
        Score::Win((WIN - v) as u32)
    } else if v <= -WIN_BOUND {
        Score::Loss((WIN + v) as u32)
    } else {
        Score::Value(v)
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(v: i32, ply: u32) -> i32 {
    if v >= WIN_BOUND {
        v + ply as i32
    } else if v <= -WIN_BOUND {
        v - ply as i32
    } else {
        v
    }
}

fn from_tt(v: i32, ply: u32) -> i32 {
    if v >= WIN_BOUND {
        v - ply as i32
    } else if v <= -WIN_BOUND {
        v + ply as i32
    } else {
        v
    }
}

/// What a finished iteration found.
#[derive(Debug, Clone)]
pub struct Info {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The score of the best line.
    pub score: Score,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// The best line.
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// The move to play.
    pub best: Move,
    /// The last finished iteration.
    pub info: Info,
}

/// A root move with the score of its last search and whether that score is exact
/// (otherwise an upper bound).
#[derive(Clone, Copy)]
struct RootMove {
    mv: Move,
    score: i32,
    exact: bool,
}

struct Searcher<'a> {
    stop: &'a AtomicBool,
    start: Instant,
    max_nodes: u64,
    deadline: Duration,
    /// The deepest quiescence line, in plies.
    max_qdepth: u32,
    nodes: u64,
    /// Whether the first iteration finished: the node budget never cuts it short, so
    /// that even the smallest budget plays a searched move.
    depth_one_done: bool,
    aborted: bool,
    /// Hashes of the positions in the game and on the path (the last is the current one).
    path: Vec<u64>,
    tt: &'a Table,
    ord: Ordering,
    buffers: Vec<Vec<Move>>,
    /// The move pickers per ply.
    pickers: Vec<Picker>,
    /// The static evaluation's board and working memory.
    evaluator: Box<Evaluator>,
    /// The static evaluations met so far.
    evals: EvalCache,
    /// The ordering's keyed moves, reused at every node.
    scratch: Vec<(i32, Move)>,
    weights: Weights,
    /// The side the search plays for (draws are worth less to it by the contempt).
    engine: Side,
    /// The scenario's starting forces, for the evaluation.
    start_forces: Start,
    /// The scenario's endgame table, when one was found.
    table: Option<&'a Tablebase>,
    /// The learned evaluation, when the limits ask for one.
    network: Option<&'static Network>,
}

impl Searcher<'_> {
    /// Counts a node and checks the budget (time and stop flag every 1024 nodes).
    #[inline]
    fn enter(&mut self) -> bool {
        if self.aborted {
            return false;
        }
        if self.nodes >= self.max_nodes && self.depth_one_done {
            self.aborted = true;
            return false;
        }
        self.nodes += 1;
        if self.nodes % 1024 == 0
            && (self.stop.load(AtomicOrdering::Relaxed) || self.start.elapsed() >= self.deadline)
        {
            self.aborted = true;
            return false;
        }
        true
    }

    /// Whether the current position occurred before (in the game or on the path):
    /// a draw by the search's reckoning. Only the positions since the last elimination
    /// can recur, and of those only the ones with the same side to move at least four
    /// plies back: two plies cannot undo a move, since each side moves its own pieces
    /// and two passes never follow each other.
    fn is_repetition(&self, pos: &Position) -> bool {
        let n = self.path.len();
        let back = (pos.quiet() as usize).min(n.saturating_sub(1));
        let h = pos.hash();
        // A plain loop: `step_by` over the range did not compile to one.
        let mut k = 4;
        while k <= back {
            if self.path[n - 1 - k] == h {
                return true;
            }
            k += 2;
        }
        false
    }

    fn buffer(&mut self, ply: u32) -> Vec<Move> {
        let ply = ply as usize;
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::with_capacity(64));
        }
        std::mem::take(&mut self.buffers[ply])
    }

    fn give_back(&mut self, ply: u32, moves: Vec<Move>) {
        self.buffers[ply as usize] = moves;
    }

    /// The move picker of `ply`, taken out (put it back into `pickers` after use).
    fn picker(&mut self, ply: u32) -> Picker {
        let ply = ply as usize;
        while self.pickers.len() <= ply {
            self.pickers.push(Picker::default());
        }
        std::mem::take(&mut self.pickers[ply])
    }

    fn terminal(&self, pos: &Position, ply: u32) -> i32 {
        match pos.outcome() {
            Some(Outcome::Win(side, _)) if side == pos.side_to_move() => WIN - ply as i32,
            Some(Outcome::Win(..)) => -(WIN - ply as i32),
            _ => self.draw(pos),
        }
    }

    fn draw(&self, pos: &Position) -> i32 {
        draw_value(pos, &self.weights, Some(self.engine))
    }

    /// The endgame table's score of a position it holds.
    #[inline]
    fn table_score(&self, pos: &Position, ply: u32) -> Option<i32> {
        let table = self.table?;
        if pos.piece_count(Side::Army) + pos.piece_count(Side::Indians)
            > u32::from(table.max_pieces())
        {
            return None;
        }
        Some(match table.probe(pos)? {
            Value::Win(d) => TABLE_WIN - ply as i32 - i32::from(d),
            Value::Loss(d) => -(TABLE_WIN - ply as i32 - i32::from(d)),
            Value::Draw => self.draw(pos),
        })
    }

    /// The static evaluation for the engine, its placement part from the cache.
    #[inline]
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let key = pos.hash();
        let engine = Some(self.engine);
        let p = match self.evals.get(key) {
            Some(p) => p,
            None => {
                let p = match self.network {
                    Some(net) => placement_nnue(&mut self.evaluator, pos, &self.weights, net),
                    None => placement(
                        &mut self.evaluator,
                        pos,
                        &self.weights,
                        engine,
                        &self.start_forces,
                    ),
                };
                self.evals.put(key, p);
                p
            }
        };
        p.finish(pos, &self.weights, engine)
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if depth == 0 || ply as usize >= MAX_PLY {
            return self.quiesce(pos, ply, alpha, beta, 0);
        }
        if !self.enter() {
            return 0;
        }
        if ply > 0 && self.is_repetition(pos) {
            return self.draw(pos);
        }
        if ply > 0 {
            if let Some(v) = self.table_score(pos, ply) {
                return v;
            }
        }
        let pv_node = beta - alpha > 1;
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            if !pv_node && e.depth as u32 >= depth {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        if pos.ends_before_moving() {
            return self.terminal(pos, ply);
        }
        let mut picker = self.picker(ply);
        picker.reset(tt_move, self.ord.killers(ply as usize));
        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut i = 0;
        while let Some(mv) = picker.next(pos, &self.ord) {
            let quiet = !mv.is_capture();
            let undo = pos.play_unchecked(&mv);
            self.path.push(pos.hash());
            let mut v;
            if i == 0 {
                v = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha);
            } else {
                let mut r = 0;
                if depth >= 3 && i >= 3 && quiet {
                    r = 1 + u32::from(i >= 12) + u32::from(i >= 40 && depth >= 5);
                    r = r.min(depth - 1);
                }
                v = -self.negamax(pos, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
                if v > alpha && r > 0 {
                    v = -self.negamax(pos, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if v > alpha && v < beta {
                    v = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha);
                }
            }
            i += 1;
            self.path.pop();
            pos.undo(&mv, undo);
            if self.aborted {
                self.pickers[ply as usize] = picker;
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        if quiet {
                            self.ord.cutoff(pos, &mv, ply as usize, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.pickers[ply as usize] = picker;
        if i == 0 {
            return self.terminal(pos, ply);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, to_tt(best, ply), depth, bound);
        best
    }

    /// Eliminations only, with the option of standing pat on the static evaluation.
    fn quiesce(
        &mut self,
        pos: &mut Position,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        qdepth: u32,
    ) -> i32 {
        if !self.enter() {
            return 0;
        }
        if qdepth == 0 && ply > 0 && self.is_repetition(pos) {
            return self.draw(pos);
        }
        let us = pos.side_to_move();
        if pos.ends_before_moving() || (!pos.has_step(us) && !pos.has_step(!us)) {
            return self.terminal(pos, ply);
        }
        if let Some(v) = self.table_score(pos, ply) {
            return v;
        }
        let stand = self.evaluate(pos);
        if stand >= beta || qdepth >= self.max_qdepth {
            return stand;
        }
        alpha = alpha.max(stand);
        // Only turns where every moving group eliminates, the most promising first: a
        // stack's many ways to split would otherwise make the tree explode.
        let mut moves = self.buffer(ply);
        pos.stage_moves_into(Stage::OnlyEliminations, &mut moves);
        if moves.len() > 1 {
            self.scratch.clear();
            self.scratch
                .extend(moves.iter().map(|m| (-capture_gain(pos, m), *m)));
            self.scratch.sort_by_key(|k| k.0);
            moves.clear();
            moves.extend(self.scratch.iter().take(QUIESCE_WIDTH).map(|k| k.1));
        }
        let mut best = stand;
        for mv in moves.iter() {
            let undo = pos.play_unchecked(mv);
            self.path.push(pos.hash());
            let v = -self.quiesce(pos, ply + 1, -beta, -alpha, qdepth + 1);
            self.path.pop();
            pos.undo(mv, undo);
            if self.aborted {
                self.give_back(ply, moves);
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.give_back(ply, moves);
        best
    }

    /// One iteration over the root moves. With `margin > 0`, each of the first
    /// `candidates` moves scoring within `margin` of the best gets an exact score
    /// (for the levels' choice).
    /// Returns the index of the best move and its score, and whether the iteration
    /// finished; an unfinished one reports the best of the moves searched fully.
    fn root(
        &mut self,
        pos: &mut Position,
        depth: u32,
        moves: &mut [RootMove],
        margin: i32,
        candidates: usize,
    ) -> (Option<(usize, i32)>, bool) {
        let mut alpha = -INF;
        let mut best: Option<(usize, i32)> = None;
        for (i, root) in moves.iter_mut().enumerate() {
            let mv = root.mv;
            let undo = pos.play_unchecked(&mv);
            self.path.push(pos.hash());
            let low;
            let v = if i == 0 {
                low = -INF;
                -self.negamax(pos, depth - 1, 1, -INF, INF)
            } else {
                low = if i < candidates {
                    alpha - margin
                } else {
                    alpha
                };
                let mut v = -self.negamax(pos, depth - 1, 1, -low - 1, -low);
                if v > low && low < alpha && !self.aborted {
                    v = -self.negamax(pos, depth - 1, 1, -alpha - 1, -low);
                }
                if v > alpha && !self.aborted {
                    v = -self.negamax(pos, depth - 1, 1, -INF, -alpha);
                }
                v
            };
            self.path.pop();
            pos.undo(&mv, undo);
            if self.aborted {
                return (best, false);
            }
            root.score = v;
            root.exact = v > low;
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((i, v));
                alpha = v;
            }
        }
        (best, true)
    }

    /// The principal variation from the transposition table, starting with `first`.
    fn pv(&self, pos: &Position, first: Move, depth: u32) -> Vec<Move> {
        let mut pv = vec![first];
        let mut p = pos.clone();
        p.play_unchecked(&first);
        let mut seen = vec![pos.hash(), p.hash()];
        while (pv.len() as u32) < depth {
            let Some(mv) = self.tt.probe(p.hash()).and_then(|e| e.mv) else {
                break;
            };
            if !p.legal_moves().contains(&mv) {
                break;
            }
            p.play_unchecked(&mv);
            if seen.contains(&p.hash()) {
                pv.push(mv);
                break;
            }
            seen.push(p.hash());
            pv.push(mv);
        }
        pv
    }
}

/// Searches `game`'s position within `limits`; `on_iteration` hears about each
/// finished depth. Returns `None` when the game is over (there is nothing to play).
///
/// `stop` ends the search early when set (from another thread): the best move of
/// the last finished iteration is returned.
pub fn search(
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
    mut on_iteration: impl FnMut(&Info),
) -> Option<SearchResult> {
    let legal = game.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let budget = limits.budget().for_move_in(game.position());
    let mut pos = game.position().clone();
    let mut path: Vec<u64> = Vec::with_capacity(game.moves().len() + 128);
    let mut replay = game.start().clone();
    path.push(replay.hash());
    for mv in game.moves() {
        replay.play_unchecked(mv);
        path.push(replay.hash());
    }
    // A small budget gets a small table: clearing a large one would cost more than it searches.
    let bits = 64 - budget.nodes.max(1).leading_zeros();
    let tt = Table::lease(bits.clamp(MIN_TT_BITS, TT_BITS));
    // WebAssembly in a browser has no threads: the search there is single-threaded.
    let threads = if cfg!(target_family = "wasm") {
        1
    } else {
        budget.threads.clamp(1, MAX_THREADS)
    };
    let helpers_stop = AtomicBool::new(false);
    let helper_nodes = AtomicU64::new(0);
    let start = Instant::now();
    let engine = limits.perspective.unwrap_or(pos.side_to_move());
    let start_forces = Start::of(&pos, &budget.weights);
    let scenario = std::sync::Arc::clone(pos.scenario());
    let table = battaglie_tablebase::registry::installed(&scenario);
    let searcher = |stop| Searcher {
        stop,
        start,
        max_nodes: budget.nodes,
        deadline: budget.movetime,
        max_qdepth: budget.exchanges,
        nodes: 0,
        depth_one_done: false,
        aborted: false,
        path: path.clone(),
        tt: &tt,
        ord: Ordering::new(),
        buffers: Vec::new(),
        pickers: Vec::new(),
        evaluator: Evaluator::new(&scenario),
        evals: EvalCache::new(bits.clamp(MIN_TT_BITS, EVAL_BITS)),
        scratch: Vec::with_capacity(256),
        weights: budget.weights,
        engine,
        start_forces,
        table,
        network: budget.network,
    };
    std::thread::scope(|scope| {
        for t in 1..threads {
            let mut helper = searcher(&helpers_stop);
            let (mut pos, legal, helper_nodes) = (pos.clone(), &legal, &helper_nodes);
            scope.spawn(move || {
                helper.help(&mut pos, legal, 1 + t % 2, budget.depth);
                helper_nodes.fetch_add(helper.nodes, AtomicOrdering::Relaxed);
            });
        }
        let mut s = searcher(stop);
        let result = s.lead(&mut pos, &legal, &budget, &mut on_iteration);
        helpers_stop.store(true, AtomicOrdering::Relaxed);
        result
    })
    .map(|mut result| {
        result.info.nodes += helper_nodes.load(AtomicOrdering::Relaxed);
        result
    })
}

impl Searcher<'_> {
    /// A helper thread's iterative deepening (Lazy SMP): the same root searched from
    /// another starting depth, filling the shared table until told to stop.
    fn help(&mut self, pos: &mut Position, legal: &[Move], first: u32, last: u32) {
        let mut roots: Vec<RootMove> = legal
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INF,
                exact: false,
            })
            .collect();
        for depth in first..=last.max(first) {
            let (_, complete) = self.root(pos, depth, &mut roots, 0, 0);
            self.depth_one_done = true;
            if !complete {
                break;
            }
            roots.sort_by_key(|r| (!r.exact, -r.score));
            self.ord.age();
        }
    }

    /// The main thread's iterative deepening, which reports and decides.
    fn lead(
        &mut self,
        pos: &mut Position,
        legal: &[Move],
        budget: &Budget,
        on_iteration: &mut impl FnMut(&Info),
    ) -> Option<SearchResult> {
        let s = self;
        let stop = s.stop;
        let first = legal[0];
        let mut result = SearchResult {
            best: first,
            info: Info {
                depth: 0,
                score: Score::Value(score_by(
                    pos,
                    &budget.weights,
                    budget.network,
                    None,
                    &s.start_forces,
                )),
                nodes: 0,
                time_ms: 0,
                pv: vec![first],
            },
        };
        if legal.len() == 1 {
            return Some(result);
        }
        let mut ordered = legal.to_vec();
        ordering::sort(&s.ord, pos, &mut ordered, None, 0, &mut s.scratch);
        let mut roots: Vec<RootMove> = ordered
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INF,
                exact: false,
            })
            .collect();
        let mut finished: Option<Vec<RootMove>> = None;
        for depth in 1..=budget.depth.max(1) {
            if depth > 1
                && (stop.load(AtomicOrdering::Relaxed) || s.start.elapsed() * 2 >= budget.movetime)
            {
                break;
            }
            let (best, complete) = s.root(pos, depth, &mut roots, budget.margin, budget.candidates);
            s.depth_one_done = true;
            let Some((i, v)) = best else {
                break;
            };
            if !complete && (i == 0 || finished.is_none()) && result.info.depth > 0 {
                break;
            }
            let mv = roots[i].mv;
            result = SearchResult {
                best: mv,
                info: Info {
                    depth,
                    score: to_score(v),
                    nodes: s.nodes,
                    time_ms: s.start.elapsed().as_millis() as u64,
                    pv: s.pv(pos, mv, depth),
                },
            };
            if !complete {
                break;
            }
            on_iteration(&result.info);
            roots.sort_by_key(|r| (!r.exact, -r.score));
            finished = Some(roots.clone());
            s.ord.age();
            // A seen end, or a root the endgame table holds (its every move is scored
            // from the table at depth 1): deeper iterations would find nothing more.
            if matches!(result.info.score, Score::Win(_) | Score::Loss(_))
                || s.table.is_some_and(|t| t.holds(pos))
            {
                break;
            }
        }
        if let Some(roots) = finished {
            if budget.margin > 0 {
                let chosen = choose(pos, &roots, budget);
                if chosen != result.best {
                    result.best = chosen;
                    result.info.pv = vec![chosen];
                }
            }
        }
        result.info.nodes = s.nodes;
        Some(result)
    }
}

/// A weak level's choice on a slip (a seeded share of its moves): the highest score
/// plus seeded noise among the root moves scored within its margin of the best; for
/// a level that guards (5 to 7), never one that leaves a more valuable stack open to
/// elimination than the best move does. A hasty slip (levels 1 to 4) searched with
/// its own look and weights, and its margin only breaks near ties.
fn choose(pos: &Position, roots: &[RootMove], budget: &Budget) -> Move {
    let best = roots[0];
    // Most moves are the level's best: a weak player pursues a plan and slips now
    // and then, rather than wandering. The slip was drawn before the search
    // ([`Budget::for_move_in`]); the same first draw says so again here.
    let mut rng = budget.rng(pos);
    if rng.below(100) as i32 >= budget.slips {
        return best.mv;
    }
    let us = pos.side_to_move();
    let exposed = |mv: &Move| {
        let mut p = pos.clone();
        p.play_unchecked(mv);
        hanging(&p, us, &budget.weights)
    };
    let best_exposed = if budget.guard { exposed(&best.mv) } else { 0 };
    let mut chosen = best.mv;
    let mut chosen_key = i32::MIN;
    for r in roots
        .iter()
        .filter(|r| r.exact && r.score >= best.score - budget.margin)
    {
        let key = r.score + rng.below(budget.noise as usize + 1) as i32;
        if key > chosen_key && (!budget.guard || r.mv == best.mv || exposed(&r.mv) <= best_exposed)
        {
            chosen = r.mv;
            chosen_key = key;
        }
    }
    chosen
}
