//! A learned evaluation, NNUE-style (an experiment, off by default): a small network
//! over sparse one-hot features of the position, trained on self-play results
//! (`battaglie nnue-data` writes the positions, `scripts/nnue/train.py` the weights).
//!
//! **Features.** For each stack, each kind it holds and each `k` from 1 to its
//! count of that kind (at most 4), one feature (square, owner, kind, "at least `k`"):
//! 272 square slots (the rules' internal square index: 16 ranks of a staging
//! square and 16 files, so any map the rules allow) × 2 owners (Army, Indians) × 3
//! kinds × 4 counts, then 8 context features (the battle, one of the three
//! built-ins or any other, × the side to move), exactly one of which is on. At
//! most 4 pieces share a square, so a position has at most one feature per piece
//! plus one.
//!
//! **Network.** An accumulator of `hidden` sums (the feature-transformer's bias plus
//! one column per active feature), clipped to `0..=QA` (clipped ReLU), then one output
//! per side to move (a row of `hidden` weights and a bias): the side to move's view,
//! in logits of its expected result, which [`Network::evaluate`] turns into
//! centi-pieces by the file's scale (1602 in the files trained so far: the
//! winning-chance scale [`crate::chance`] had then). Sums are kept in `i32`: no overflow for any file the loader
//! accepts. The accumulator lives on the stack: nothing is allocated per evaluation.
//!
//! The search recomputes the accumulator from the active features at each
//! evaluation it does not find in its cache; [`Accumulator::update`] is the
//! incremental alternative (subtract the touched squares' old features, add their
//! new ones), measured against the refresh by `examples/nnue_speed.rs`.
//!
//! **File format** (little-endian, no padding):
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `BTLNNUE1` |
//! | 4 | `u32` inputs (must be [`INPUTS`]) |
//! | 4 | `u32` hidden (1 to [`MAX_HIDDEN`]) |
//! | 4 | `u32` scale: centi-pieces per logit of the output |
//! | 2 × inputs × hidden | `i16` feature weights, feature by feature (`hidden` each), ×[`QA`] |
//! | 2 × hidden | `i16` accumulator bias, ×[`QA`] |
//! | 2 × 2 × hidden | `i16` output weights, the Army's row then the Indians', ×[`QB`] |
//! | 4 × 2 | `i32` output bias, Army then Indians, ×[`QA`]×[`QB`] |
//!
//! A file of any other length, magic or shape is refused with an [`NnueError`].

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use battaglie_rules::{Kind, Position, Side, Square};

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"BTLNNUE1";
/// Square slots: the rules' internal square indices (16 ranks of 17).
pub const SQUARE_SLOTS: usize = 272;
/// Count buckets per kind on a square: "at least 1" to "at least 4".
pub const COUNTS: usize = 4;
/// Placement features: square × owner × kind × count.
pub const PLACEMENT_FEATURES: usize = SQUARE_SLOTS * 2 * 3 * COUNTS;
/// The battles the context features tell apart: the three built-ins, then any other.
pub const BATTLES: [&str; 3] = ["washita", "fetterman", "apache-pass"];
/// Context features: (the built-in battles and "other") × side to move.
pub const CONTEXT_FEATURES: usize = (BATTLES.len() + 1) * 2;
/// All input features.
pub const INPUTS: usize = PLACEMENT_FEATURES + CONTEXT_FEATURES;
/// The largest accumulator a file may ask for.
pub const MAX_HIDDEN: usize = 256;
/// The most features a position can have on (one per piece on at most 16 × 17
/// squares of 4, plus the context), bounding [`features`]' buffer.
pub const MAX_ACTIVE: usize = 128;
/// The quantisation of the feature weights and the accumulator: 1.0 is `QA`, and the
/// clipped ReLU clips at `QA`.
pub const QA: i32 = 127;
/// The quantisation of the output weights: 1.0 is `QB`.
pub const QB: i32 = 64;
/// The header's length in bytes.
const HEADER: usize = 8 + 4 * 3;

/// Why a network file was refused.
#[derive(Debug, thiserror::Error)]
pub enum NnueError {
    /// The file could not be read.
    #[error("cannot read network {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file does not start with [`MAGIC`].
    #[error("not a battaglie network: the file does not start with {:?}", std::str::from_utf8(MAGIC).unwrap_or_default())]
    BadMagic,
    /// The file is shorter than its header.
    #[error("truncated network: {0} bytes, shorter than the {HEADER}-byte header")]
    Truncated(usize),
    /// The inputs are not this version's features.
    #[error(
        "network has {got} inputs, these features are {INPUTS}: trained for another feature set"
    )]
    Inputs {
        /// The inputs the file declares.
        got: u32,
    },
    /// The accumulator is empty or too large.
    #[error("network has {0} hidden units; 1 to {MAX_HIDDEN} are accepted")]
    Hidden(u32),
    /// The scale is 0.
    #[error("network's output scale is 0")]
    Scale,
    /// The file's length is not what its header says.
    #[error("network file is {got} bytes, its header makes {expected}")]
    Size {
        /// The length the header implies.
        expected: usize,
        /// The file's length.
        got: usize,
    },
}

/// A loaded network (see the module's documentation).
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    scale: i32,
    /// `INPUTS × hidden`, feature by feature.
    weights: Vec<i16>,
    bias: Vec<i16>,
    /// `2 × hidden`: the Army's output row, then the Indians'.
    out: Vec<i16>,
    out_bias: [i32; 2],
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Network({INPUTS} -> {} -> 1)", self.hidden)
    }
}

/// The index of the context feature of `pos`: its battle and side to move.
fn context(pos: &Position) -> usize {
    let id = pos.scenario().id();
    let battle = BATTLES
        .iter()
        .position(|b| *b == id)
        .unwrap_or(BATTLES.len());
    PLACEMENT_FEATURES + battle * 2 + pos.side_to_move().index()
}

/// The placement feature of `count`-th piece (from 0) of `kind` of `side` on `sq`.
#[inline]
fn feature(sq: Square, side: Side, kind: Kind, count: usize) -> usize {
    ((side.index() * 3 + kind.index()) * COUNTS + count) * SQUARE_SLOTS + sq.index()
}

/// Calls `f` with each placement feature of the stack on `sq`, if any.
#[inline]
fn stack_features(pos: &Position, sq: Square, mut f: impl FnMut(usize)) {
    if let Some((side, pieces)) = pos.stack(sq) {
        for kind in Kind::ALL {
            let n = usize::from(pieces.count(kind)).min(COUNTS);
            for c in 0..n {
                f(feature(sq, side, kind, c));
            }
        }
    }
}

/// Writes the active features of `pos` into `out` (the context feature first) and
/// returns how many there are.
pub fn features(pos: &Position, out: &mut [u16; MAX_ACTIVE]) -> usize {
    out[0] = context(pos) as u16;
    let mut n = 1;
    for side in Side::ALL {
        for sq in pos.squares_of(side) {
            stack_features(pos, sq, |i| {
                if n < MAX_ACTIVE {
                    out[n] = i as u16;
                    n += 1;
                }
            });
        }
    }
    n
}

/// A network's accumulator for one position: the hidden sums before the clipped ReLU.
#[derive(Clone)]
pub struct Accumulator {
    sums: [i32; MAX_HIDDEN],
}

impl Accumulator {
    /// The accumulator of `pos`, computed from its active features.
    pub fn refresh(net: &Network, pos: &Position) -> Accumulator {
        let h = net.hidden;
        let mut acc = Accumulator {
            sums: [0; MAX_HIDDEN],
        };
        for (s, &b) in acc.sums[..h].iter_mut().zip(&net.bias) {
            *s = i32::from(b);
        }
        acc.add(net, context(pos));
        for side in Side::ALL {
            for sq in pos.squares_of(side) {
                stack_features(pos, sq, |i| acc.add(net, i));
            }
        }
        acc
    }

    /// The accumulator after a move from `before` to `after` that changed only the
    /// squares `touched` (its source and destinations): their old features taken out,
    /// their new ones put in, and the context (the side to move) switched.
    pub fn update(
        &mut self,
        net: &Network,
        before: &Position,
        after: &Position,
        touched: &[Square],
    ) {
        self.sub(net, context(before));
        self.add(net, context(after));
        for &sq in touched {
            stack_features(before, sq, |i| self.sub(net, i));
            stack_features(after, sq, |i| self.add(net, i));
        }
    }

    #[inline]
    fn add(&mut self, net: &Network, feature: usize) {
        let h = net.hidden;
        let column = &net.weights[feature * h..feature * h + h];
        for (s, &w) in self.sums[..h].iter_mut().zip(column) {
            *s += i32::from(w);
        }
    }

    #[inline]
    fn sub(&mut self, net: &Network, feature: usize) {
        let h = net.hidden;
        let column = &net.weights[feature * h..feature * h + h];
        for (s, &w) in self.sums[..h].iter_mut().zip(column) {
            *s -= i32::from(w);
        }
    }
}

impl Network {
    /// The hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The output for `acc` with `side` to move, in centi-pieces from its view.
    pub fn output(&self, acc: &Accumulator, side: Side) -> i32 {
        let h = self.hidden;
        let row = &self.out[side.index() * h..side.index() * h + h];
        let dot: i64 = acc.sums[..h]
            .iter()
            .zip(row)
            .map(|(&s, &w)| i64::from(s.clamp(0, QA)) * i64::from(w))
            .sum();
        let logit = dot + i64::from(self.out_bias[side.index()]);
        (logit * i64::from(self.scale) / i64::from(QA * QB)) as i32
    }

    /// The network's score of `pos` in centi-pieces from the side to move's view
    /// (the accumulator recomputed from the active features).
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output(&Accumulator::refresh(self, pos), pos.side_to_move())
    }

    /// Reads a network from its bytes (the module's format).
    ///
    /// # Errors
    /// An [`NnueError`] saying what is wrong with the bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NnueError> {
        if bytes.len() < HEADER {
            return Err(if bytes.len() >= 8 && &bytes[..8] != MAGIC {
                NnueError::BadMagic
            } else {
                NnueError::Truncated(bytes.len())
            });
        }
        if &bytes[..8] != MAGIC {
            return Err(NnueError::BadMagic);
        }
        let word =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let (inputs, hidden, scale) = (word(8), word(12), word(16));
        if inputs as usize != INPUTS {
            return Err(NnueError::Inputs { got: inputs });
        }
        if hidden == 0 || hidden as usize > MAX_HIDDEN {
            return Err(NnueError::Hidden(hidden));
        }
        if scale == 0 || scale > i32::MAX as u32 {
            return Err(NnueError::Scale);
        }
        let h = hidden as usize;
        let expected = HEADER + 2 * (INPUTS * h + h + 2 * h) + 4 * 2;
        if bytes.len() != expected {
            return Err(NnueError::Size {
                expected,
                got: bytes.len(),
            });
        }
        let mut at = HEADER;
        let mut shorts = |n: usize| -> Vec<i16> {
            let v = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let weights = shorts(INPUTS * h);
        let bias = shorts(h);
        let out = shorts(2 * h);
        let tail = &bytes[expected - 8..];
        let int = |i: usize| i32::from_le_bytes([tail[i], tail[i + 1], tail[i + 2], tail[i + 3]]);
        Ok(Network {
            hidden: h,
            scale: scale as i32,
            weights,
            bias,
            out,
            out_bias: [int(0), int(4)],
        })
    }

    /// The network in the module's file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(HEADER + 2 * self.weights.len() + 64);
        b.extend_from_slice(MAGIC);
        for v in [INPUTS as u32, self.hidden as u32, self.scale as u32] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        for v in self.weights.iter().chain(&self.bias).chain(&self.out) {
            b.extend_from_slice(&v.to_le_bytes());
        }
        for v in self.out_bias {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// [`NnueError::Io`] when it cannot be read, or what [`Network::from_bytes`] says.
    pub fn load(path: &Path) -> Result<Network, NnueError> {
        let bytes = std::fs::read(path).map_err(|source| NnueError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Network::from_bytes(&bytes)
    }

    /// A network file loaded once for the rest of the program, so that [`Limits`]
    /// (which is `Copy`) can refer to it: loading the same path again gives the
    /// same network without reading it twice.
    ///
    /// [`Limits`]: crate::Limits
    ///
    /// # Errors
    /// As [`Network::load`].
    pub fn load_static(path: &Path) -> Result<&'static Network, NnueError> {
        static LOADED: OnceLock<Mutex<HashMap<PathBuf, &'static Network>>> = OnceLock::new();
        let loaded = LOADED.get_or_init(|| Mutex::new(HashMap::new()));
        let key = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        if let Some(net) = loaded.lock().map_or(None, |m| m.get(&key).copied()) {
            return Ok(net);
        }
        let net: &'static Network = Box::leak(Box::new(Network::load(path)?));
        if let Ok(mut m) = loaded.lock() {
            m.insert(key, net);
        }
        Ok(net)
    }

    /// A network of `hidden` units with every weight drawn by `next` (any `i16`
    /// source; tests use a seeded generator), for tests and benchmarks.
    pub fn from_fn(hidden: usize, scale: i32, mut next: impl FnMut() -> i16) -> Network {
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        Network {
            hidden,
            scale: scale.max(1),
            weights: (0..INPUTS * hidden).map(|_| next()).collect(),
            bias: (0..hidden).map(|_| next()).collect(),
            out: (0..2 * hidden).map(|_| next()).collect(),
            out_bias: [i32::from(next()), i32::from(next())],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use battaglie_rules::{Rng, Scenario};

    fn random_net(seed: u64) -> Network {
        let mut rng = Rng::new(seed);
        Network::from_fn(32, 1602, || rng.below(401) as i16 - 200)
    }

    #[test]
    fn a_network_file_round_trips() {
        let net = random_net(3);
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back, net);
        let pos = Position::start(&Scenario::builtin("fetterman").unwrap());
        assert_eq!(back.evaluate(&pos), net.evaluate(&pos));
    }

    #[test]
    fn a_malformed_network_file_is_refused_with_the_reason() {
        let good = random_net(4).to_bytes();
        let mut magic = good.clone();
        magic[0] = b'X';
        assert!(matches!(
            Network::from_bytes(&magic),
            Err(NnueError::BadMagic)
        ));
        assert!(matches!(
            Network::from_bytes(b"BTL"),
            Err(NnueError::Truncated(3))
        ));
        let short = &good[..good.len() - 1];
        assert!(matches!(
            Network::from_bytes(short),
            Err(NnueError::Size { got, expected }) if got + 1 == expected
        ));
        let mut inputs = good.clone();
        inputs[8..12].copy_from_slice(&7u32.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&inputs),
            Err(NnueError::Inputs { got: 7 })
        ));
        let mut hidden = good.clone();
        hidden[12..16].copy_from_slice(&0u32.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&hidden),
            Err(NnueError::Hidden(0))
        ));
        let mut scale = good;
        scale[16..20].copy_from_slice(&0u32.to_le_bytes());
        assert!(matches!(Network::from_bytes(&scale), Err(NnueError::Scale)));
        let missing = Network::load(Path::new("no/such/network.nnue")).unwrap_err();
        assert!(matches!(missing, NnueError::Io { .. }));
        assert!(missing.to_string().contains("no/such/network.nnue"));
    }

    #[test]
    fn the_incremental_accumulator_matches_a_refresh_after_every_move() {
        let net = random_net(5);
        let mut rng = Rng::new(9);
        for scenario in Scenario::builtins() {
            let mut pos = Position::start(scenario);
            let mut acc = Accumulator::refresh(&net, &pos);
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                let mut touched: Vec<Square> = mv.from().into_iter().collect();
                touched.extend(mv.groups().map(|g| g.to));
                let before = pos.clone();
                pos.play_unchecked(&mv);
                acc.update(&net, &before, &pos, &touched);
                let fresh = Accumulator::refresh(&net, &pos);
                assert_eq!(acc.sums[..net.hidden], fresh.sums[..net.hidden]);
            }
        }
    }

    #[test]
    fn features_are_one_per_piece_plus_the_context() {
        for scenario in Scenario::builtins() {
            let pos = Position::start(scenario);
            let mut buf = [0u16; MAX_ACTIVE];
            let n = features(&pos, &mut buf);
            let pieces = pos.piece_count(Side::Army) + pos.piece_count(Side::Indians);
            assert_eq!(n, pieces as usize + 1, "{}", scenario.id());
            assert!(buf[..n].iter().all(|&f| (f as usize) < INPUTS));
            assert_eq!(buf[0] as usize, context(&pos));
        }
    }
}
