//! Password hashing bounded in memory: Argon2id takes [`MEMORY_KIB`] a hash, so
//! a burst of logins hashing at once held hundreds of MiB. At most
//! [`HASHES_AT_ONCE`] run at a time (the memory budget counts them,
//! `game/budget.rs`); the next wait their turn briefly, then are told the
//! server is busy.

use std::sync::Arc;
use std::time::Duration;

use battaglie_identity::MEMORY_KIB;
use tokio::sync::Semaphore;

use super::AccountError;

/// How many passwords are hashed or checked at once on a node: one, some tens
/// a second, more than people sign in at; a budget of 128 MiB still holds a node.
pub const HASHES_AT_ONCE: usize = 1;

/// The memory those hashes take at most, in MiB.
pub const HASHING_MIB: u64 = HASHES_AT_ONCE as u64 * MEMORY_KIB as u64 / 1024;

/// How long a password waits for its turn before the server says it is busy.
const WAIT: Duration = Duration::from_secs(2);

/// The node's turns to hash a password.
#[derive(Clone)]
pub struct Hashing(Arc<Semaphore>);

impl Default for Hashing {
    fn default() -> Hashing {
        Hashing(Arc::new(Semaphore::new(HASHES_AT_ONCE)))
    }
}

impl Hashing {
    /// The turns themselves (a test holds them to make the node busy).
    pub fn turns(&self) -> &Semaphore {
        &self.0
    }

    /// Runs `f`, a hash or a check, on a blocking thread in its turn.
    ///
    /// # Errors
    /// [`AccountError::Busy`] when no turn came within the wait.
    pub(super) async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AccountError> {
        let turn = tokio::time::timeout(WAIT, self.0.acquire())
            .await
            .map_err(|_| AccountError::Busy)?
            .map_err(|_| AccountError::Busy)?;
        let done = tokio::task::spawn_blocking(f).await?;
        drop(turn);
        Ok(done)
    }
}
