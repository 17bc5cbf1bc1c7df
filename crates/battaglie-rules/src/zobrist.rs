//! Zobrist-style hashing of placements, computed on the fly instead of from tables.

/// Toggled when the Indians are to move.
pub(crate) const SIDE: u64 = 0x9E37_79B9_7F4A_7C15;

/// The key of `cell` standing on internal square `index` (0 for an empty square).
#[inline]
pub(crate) fn cell(index: usize, cell: u16) -> u64 {
    if cell == 0 {
        return 0;
    }
    // splitmix64 finaliser: a bijection, so distinct (square, content) pairs get
    // distinct, well-mixed keys.
    let mut z = ((index as u64) << 16 | cell as u64).wrapping_add(0x632B_E59B_D9B4_E019);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
