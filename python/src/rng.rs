//! The generator `battaglie match` seeds its openings and seats with (xorshift64*,
//! still its own in the command-line crate), so that a cluster match plays the same
//! games for the same seeds. Everything else here draws from the workspace's
//! `battaglie_rules::Rng`; this copy goes when `battaglie match` moves to it too.

/// xorshift64* with a mixed seed: reproducible across platforms.
#[derive(Debug, Clone)]
pub struct XorShift(u64);

impl XorShift {
    /// A generator from a seed (any value, zero included).
    pub fn new(seed: u64) -> XorShift {
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        XorShift(if z == 0 { 0x2545_f491_4f6c_dd1d } else { z })
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n` at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
