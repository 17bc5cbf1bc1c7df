//! Waiting on what sends no event a test could wait on instead (a game read over
//! HTTP, a page's drawing, a file's lock): the condition is looked at a bounded
//! number of times, and the test fails with what the last look saw.

use std::time::Duration;

/// The pause between two looks at a condition: the one sleep of the server's
/// tests, short beside what they wait for, so that a wait ends soon after the
/// condition holds.
pub const EVERY: Duration = Duration::from_millis(25);

/// Looks at `look` until it answers `Ok`, at most `within / EVERY` times (and at
/// least once), [`EVERY`] apart; answers the first `Ok`, or the last look's `Err`
/// (what it saw) when the condition never held.
pub async fn until<T, E>(
    within: Duration,
    mut look: impl AsyncFnMut() -> Result<T, E>,
) -> Result<T, E> {
    let tries = (within.as_millis() / EVERY.as_millis()).max(1);
    let mut seen = look().await;
    for _ in 1..tries {
        if seen.is_ok() {
            break;
        }
        tokio::time::sleep(EVERY).await;
        seen = look().await;
    }
    seen
}
