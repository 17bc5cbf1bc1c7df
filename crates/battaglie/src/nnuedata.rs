//! `battaglie nnue-data`: training positions for the learned evaluation
//! (`battaglie_ai::nnue`), taken from finished games (the records `battaglie match
//! --out` writes) and replayed by the rules crate.
//!
//! Every `--every`-th position of each game from ply `--skip` on is kept unless the
//! side to move could eliminate something (the network scores quiet positions: the
//! search's quiescence resolves the others). Each is written with its active
//! features, the game's result for the side to move, the material difference from
//! its view, and with `--nodes N` the reported score of a search of N nodes.
//!
//! The file (little-endian, no padding; read by `scripts/nnue/train.py`):
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `BTLNDAT1` |
//! | 4 | `u32` inputs of the feature set (`battaglie_ai::nnue::INPUTS`) |
//! | 4 | `u32` positions `N` |
//! | 16 × N | per position: `u8` battle (index in `nnue::BATTLES`, 3 for any other), `u8` side to move (0 Army, 1 Indians), `u8` result for it (0 loss, 1 draw, 2 win), `u8` active features `n`, `i32` material difference (centi-pieces, its view), `i32` search score (its view; `i32::MIN` when not searched or a forced win or loss), `u32` game number |
//! | 2 × Σn | `u16` active features, position by position |

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use anyhow::Context;
use battaglie_ai::nnue::{features, BATTLES, INPUTS, MAX_ACTIVE};
use battaglie_ai::{report_score, Limits, Score, PIECE_VALUE};
use battaglie_rules::{Game, Kind, Outcome, Position, Side, Stage};
use indicatif::{ProgressBar, ProgressStyle};

/// Arguments of `battaglie nnue-data`.
#[derive(clap::Args)]
pub struct NnueDataArgs {
    /// Files of game records, one JSON record per line (as `battaglie match --out` writes).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The file to write.
    #[arg(long, short)]
    pub out: PathBuf,
    /// Take every N-th position of a game.
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub every: u64,
    /// Leave out the first N plies of each game (the random openings).
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub skip: usize,
    /// Search each kept position with this many nodes and store its reported score
    /// (0: no search).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub nodes: u64,
}

/// The file's first eight bytes.
const MAGIC: &[u8; 8] = b"BTLNDAT1";

/// One kept position.
struct Row {
    battle: u8,
    side: u8,
    result: u8,
    material: i32,
    score: i32,
    game: u32,
    features: Vec<u16>,
}

/// The material difference of `pos` from the side to move's view.
fn material(pos: &Position) -> i32 {
    let mut m = [0i32; 2];
    for side in Side::ALL {
        for sq in pos.squares_of(side) {
            if let Some((_, p)) = pos.stack(sq) {
                m[side.index()] += Kind::ALL
                    .iter()
                    .map(|&k| PIECE_VALUE[k.index()] * i32::from(p.count(k)))
                    .sum::<i32>();
            }
        }
    }
    let us = pos.side_to_move().index();
    m[us] - m[1 - us]
}

/// Whether the side to move could eliminate something.
fn noisy(pos: &Position, buf: &mut Vec<battaglie_rules::Move>) -> bool {
    buf.clear();
    pos.stage_moves_into(Stage::OnlyEliminations, buf);
    !buf.is_empty()
}

/// The kept positions of `game` (finished), numbered `number`.
fn rows(game: &Game, number: u32, args: &NnueDataArgs, limits: &Limits) -> Vec<Row> {
    let Some(outcome) = game.outcome() else {
        return Vec::new();
    };
    let id = game.start().scenario().id();
    let battle = BATTLES
        .iter()
        .position(|b| *b == id)
        .unwrap_or(BATTLES.len()) as u8;
    let mut replay = Game::new(game.start().clone());
    let mut out = Vec::new();
    let mut buf = Vec::new();
    let mut active = [0u16; MAX_ACTIVE];
    for (ply, mv) in game.moves().enumerate() {
        let pos = replay.position();
        if ply >= args.skip
            && (ply - args.skip) as u64 % args.every == 0
            && !pos.is_over()
            && !noisy(pos, &mut buf)
        {
            let side = pos.side_to_move();
            let result = match outcome {
                Outcome::Win(winner, _) if winner == side => 2,
                Outcome::Win(..) => 0,
                Outcome::Draw(_) => 1,
            };
            let mut score = i32::MIN;
            if args.nodes > 0 {
                let stop = AtomicBool::new(false);
                if let Some(r) = battaglie_ai::search(&replay, limits, &stop, |_| {}) {
                    if let Score::Value(v) = report_score(pos, limits, &r.info) {
                        score = v;
                    }
                }
            }
            let n = features(pos, &mut active);
            out.push(Row {
                battle,
                side: side.index() as u8,
                result,
                material: material(pos),
                score,
                game: number,
                features: active[..n].to_vec(),
            });
        }
        replay.play(mv);
    }
    out
}

/// The rows in the module's file format.
fn encode(rows: &[Row]) -> Vec<u8> {
    let mut b = Vec::with_capacity(16 + rows.len() * 120);
    b.extend_from_slice(MAGIC);
    b.extend_from_slice(&(INPUTS as u32).to_le_bytes());
    b.extend_from_slice(&(rows.len() as u32).to_le_bytes());
    for r in rows {
        b.extend_from_slice(&[r.battle, r.side, r.result, r.features.len() as u8]);
        b.extend_from_slice(&r.material.to_le_bytes());
        b.extend_from_slice(&r.score.to_le_bytes());
        b.extend_from_slice(&r.game.to_le_bytes());
    }
    for r in rows {
        for f in &r.features {
            b.extend_from_slice(&f.to_le_bytes());
        }
    }
    b
}

/// Runs `battaglie nnue-data`.
pub fn run(args: NnueDataArgs) -> anyhow::Result<()> {
    let games = crate::records::read_games(&args.files)?;
    let finished = games.iter().filter(|g| g.outcome().is_some()).count();
    anyhow::ensure!(finished > 0, "no finished game in the records");
    let limits = Limits {
        nodes: Some(args.nodes.max(1)),
        ..Limits::default()
    };
    let bar = ProgressBar::new(games.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{spinner} nnue-data [{bar:30}] {pos}/{len} games, {elapsed}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let mut all = Vec::new();
    for (i, game) in games.iter().enumerate() {
        all.extend(rows(game, i as u32, &args, &limits));
        bar.inc(1);
    }
    bar.finish_and_clear();
    anyhow::ensure!(
        !all.is_empty(),
        "no position to keep: lower --skip or --every"
    );
    let bytes = encode(&all);
    let mut file = std::fs::File::create(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    file.write_all(&bytes)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    let results = |r: u8| all.iter().filter(|row| row.result == r).count();
    println!(
        "{} finished games of {}, {} positions ({} wins, {} draws, {} losses for the side to move), {} bytes: {}",
        finished,
        games.len(),
        all.len(),
        results(2),
        results(1),
        results(0),
        bytes.len(),
        args.out.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::{Rng, Scenario};

    #[test]
    fn a_finished_game_gives_quiet_positions_with_the_movers_result() {
        // Random play until the game ends, from the start of Washita River.
        let mut game = Game::new(Position::start(&Scenario::builtin("washita").unwrap()));
        let mut rng = Rng::new(11);
        while !game.is_over() {
            let moves = game.legal_moves();
            game.play(&moves[rng.below(moves.len())]);
        }
        let args = NnueDataArgs {
            files: Vec::new(),
            out: PathBuf::new(),
            every: 1,
            skip: 0,
            nodes: 0,
        };
        let rows = rows(&game, 7, &args, &Limits::default());
        assert!(!rows.is_empty());
        let winner = game.outcome().unwrap().winner();
        for r in &rows {
            assert_eq!(r.game, 7);
            assert_eq!(r.score, i32::MIN, "not searched");
            let expected = match winner {
                None => 1,
                Some(w) if w.index() == usize::from(r.side) => 2,
                Some(_) => 0,
            };
            assert_eq!(r.result, expected);
            assert!(r.features.iter().all(|&f| (f as usize) < INPUTS));
        }
        let bytes = encode(&rows);
        let n: usize = rows.iter().map(|r| r.features.len()).sum();
        assert_eq!(bytes.len(), 16 + 16 * rows.len() + 2 * n);
        assert_eq!(&bytes[..8], MAGIC);
    }
}
