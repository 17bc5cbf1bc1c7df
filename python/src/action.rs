//! The fixed action space of a battle: a move is one source square and, for each
//! piece kind, how many pieces go north, east, south and west.
//!
//! Squares are numbered `rank * (width + 1) + column`, column 0 being the rank's
//! staging square and 1..=width the files `a`...: the layout of the observation.
//! The twelve counts (Foot N, E, S, W, Mounted N, E, S, W, Vehicle N, E, S, W) of a
//! move add up to at most the stack limit `L`, since they all leave one stack; the
//! 12-tuples of non-negative integers with sum at most `L` number C(12 + L, 12)
//! (1,820 for the 1977 limit of 4), ranked in lexicographic order. Action
//! `square * C(12 + L, 12) + rank` is that move (rank 0, nothing moving, is never
//! legal) and the last action, `squares * C(12 + L, 12)`, is the pass. The three
//! 12x8 battles have 104 squares: 189,281 actions.

use battaglie_rules::{Move, Scenario, Square};

/// Counts per move: 3 kinds x 4 directions.
const SLOTS: usize = 12;

/// For each direction of a packed move (west, south, north, east: `Move::to_bits`),
/// its place in the action's north, east, south, west order.
const COMPASS: [usize; 4] = [3, 2, 0, 1];

/// The action space of one scenario.
#[derive(Debug, Clone)]
pub struct ActionSpace {
    width: u8,
    height: u8,
    /// `ways[m][s]`: m-tuples with sum at most s, C(m + s, m).
    ways: Vec<Vec<u64>>,
    /// `skip[(i * (L + 1) + left) * (L + 1) + c]`: the tuples ranked before those
    /// whose slot `i` holds `c`, with `left` still to share out from slot `i` on.
    skip: Vec<u64>,
    per_square: u64,
    size: u64,
}

impl ActionSpace {
    /// The action space of `scenario`; `None` when it would not fit in 63 bits.
    pub fn new(scenario: &Scenario) -> Option<ActionSpace> {
        let limit = usize::from(scenario.rules().stack_limit());
        let mut ways = vec![vec![1u64; limit + 1]; SLOTS + 1];
        for m in 1..=SLOTS {
            for s in 0..=limit {
                // Tuples of m with sum <= s: first value v, then m-1 with sum <= s-v.
                ways[m][s] = (0..=s).map(|v| ways[m - 1][s - v]).sum();
            }
        }
        let per_square = ways[SLOTS][limit];
        let mut skip = vec![0u64; SLOTS * (limit + 1) * (limit + 1)];
        for i in 0..SLOTS {
            let rest = SLOTS - i - 1;
            for left in 0..=limit {
                let mut before = 0;
                for c in 0..=left {
                    skip[(i * (limit + 1) + left) * (limit + 1) + c] = before;
                    before += ways[rest][left - c];
                }
            }
        }
        let squares = u64::from(scenario.height()) * (u64::from(scenario.width()) + 1);
        let size = squares.checked_mul(per_square)?.checked_add(1)?;
        Some(ActionSpace {
            width: scenario.width(),
            height: scenario.height(),
            ways,
            skip,
            per_square,
            size,
        })
    }

    /// How many actions there are (the pass included).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The actions of each square: its moves are `square * per_square + rank`.
    pub fn per_square(&self) -> u64 {
        self.per_square
    }

    /// The pass.
    pub fn pass(&self) -> u64 {
        self.size - 1
    }

    /// The number of a square in the observation layout.
    pub fn square_index(&self, sq: Square) -> u64 {
        let col = sq.file().map_or(0, |f| u64::from(f) + 1);
        u64::from(sq.rank()) * (u64::from(self.width) + 1) + col
    }

    /// The square of a number, if it is one of this board's.
    pub fn square(&self, index: u64) -> Option<Square> {
        let stride = u64::from(self.width) + 1;
        let (rank, col) = (index / stride, index % stride);
        if rank >= u64::from(self.height) {
            return None;
        }
        Some(if col == 0 {
            Square::staging(rank as u8)
        } else {
            Square::new(col as u8 - 1, rank as u8)
        })
    }

    /// The action of a move of this scenario.
    pub fn encode(&self, mv: &Move) -> u64 {
        let Some(from) = mv.from() else {
            return self.pass();
        };
        self.square_index(from) * self.per_square + self.rank(mv)
    }

    /// The rank of a move's counts among the tuples: its action, less its square's
    /// first (`square * per_square`).
    pub fn rank(&self, mv: &Move) -> u64 {
        let side = self.ways[0].len();
        let parts = mv.to_bits() >> 9;
        let mut left = side - 1;
        let mut rank = 0;
        for (slot, shift) in SHIFTS.iter().enumerate() {
            let c = (parts >> shift & 0xF) as usize;
            if c != 0 {
                rank += self.skip[(slot * side + left) * side + c];
                left -= c;
            }
        }
        rank
    }

    /// The source square and twelve counts an action names (`None` for the pass or
    /// a number outside the space).
    pub fn decode(&self, action: u64) -> Option<(Square, [u8; SLOTS])> {
        if action >= self.pass() {
            return None;
        }
        let square = self.square(action / self.per_square)?;
        let mut rank = action % self.per_square;
        let mut left = self.ways[0].len() - 1;
        let mut counts = [0u8; SLOTS];
        for (i, count) in counts.iter_mut().enumerate() {
            let rest = SLOTS - i - 1;
            let mut v = 0;
            while rank >= self.ways[rest][left - v] {
                rank -= self.ways[rest][left - v];
                v += 1;
            }
            *count = v as u8;
            left -= v;
        }
        Some((square, counts))
    }
}

/// For each slot of the counts (Foot N, E, S, W, Mounted N...), where its count is in
/// a packed move's parts (`COMPASS` inverted).
const SHIFTS: [u32; SLOTS] = {
    let mut shifts = [0; SLOTS];
    let mut packed = 0;
    while packed < 4 {
        let mut kind = 0;
        while kind < 3 {
            shifts[kind * 4 + COMPASS[packed]] = (12 * packed + 4 * kind) as u32;
            kind += 1;
        }
        packed += 1;
    }
    shifts
};

/// The twelve counts of a move (Foot N, E, S, W, Mounted N, E, S, W, Vehicle N, E, S,
/// W), read from its packed form.
pub fn counts(mv: &Move) -> [u8; SLOTS] {
    let parts = mv.to_bits() >> 9;
    SHIFTS.map(|shift| (parts >> shift & 0xF) as u8)
}
