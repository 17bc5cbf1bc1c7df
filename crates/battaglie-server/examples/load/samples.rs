//! The samples every player records (when a move was sent, and how long it
//! took), kept in chunks that never move.
//!
//! One vector behind a lock doubled past a million samples (209 s into a run
//! at 5,000 moves/s, again at 418 s) while every player waited on the lock:
//! the stall, up to 580 ms, was counted as the node's latency. A full chunk is
//! followed by a new one, and no push copies the samples before it.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Samples per chunk (2 MiB of them).
const CHUNK: usize = 1 << 16;

/// One kind of sample, appended by every player.
#[derive(Default)]
pub struct Samples(Mutex<Vec<Vec<(Instant, Duration)>>>);

impl Samples {
    /// Records `latency` of a move sent at `sent`.
    pub fn push(&self, sent: Instant, latency: Duration) {
        let mut chunks = self.0.lock().unwrap();
        match chunks.last_mut() {
            Some(chunk) if chunk.len() < CHUNK => chunk.push((sent, latency)),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push((sent, latency));
                chunks.push(chunk);
            }
        }
    }

    /// Every sample recorded, in the order they came.
    pub fn all(&self) -> Vec<(Instant, Duration)> {
        self.0.lock().unwrap().concat()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_past_a_chunk_are_all_kept_in_order() {
        let samples = Samples::default();
        let start = Instant::now();
        let n = CHUNK * 2 + 3;
        for i in 0..n {
            samples.push(start, Duration::from_nanos(i as u64));
        }
        let all = samples.all();
        assert_eq!(all.len(), n);
        assert!(all
            .iter()
            .enumerate()
            .all(|(i, &(_, latency))| latency == Duration::from_nanos(i as u64)));
    }
}
