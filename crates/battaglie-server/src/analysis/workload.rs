//! The work a node takes on for analyses, counted in positions still to judge
//! (a request may be one move or fifteen hundred): bounded per client address
//! and for the whole node, so that no burst queues more than about two minutes
//! of search; and the few analyses judged at once, so that a computer opponent
//! always finds a search permit free (`Games::searches`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// About what one position costs at [`ANALYSIS_NODES`](super::ANALYSIS_NODES)
/// on one core (measured in docs/api.md).
const POSITION_COST: Duration = Duration::from_millis(40);

/// The positions one address may have waiting or being judged on a node: the
/// longest game a person plays, with room to spare.
pub const ADDRESS_POSITIONS: usize = 1_600;

/// The positions a node takes on per analysis it judges at once: two minutes of
/// search at [`POSITION_COST`].
const NODE_POSITIONS_PER_SLOT: usize = 3_000;

/// Why an analysis is not taken on now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The game has more positions than one address may queue: it never fits.
    TooLong {
        /// The most positions an analysis on the server may have.
        most: usize,
    },
    /// The address or the node has queued enough: try again after about this long.
    Busy {
        /// About how long until the work queued now is done.
        wait: Duration,
    },
}

/// The node's analysis work: what is queued, by whom, and the slots to judge in.
#[derive(Clone)]
pub struct Workload {
    queued: Arc<Mutex<Queued>>,
    slots: Arc<Semaphore>,
    per_node: usize,
    per_slot_cost: Duration,
}

#[derive(Default)]
struct Queued {
    total: usize,
    by_address: HashMap<String, usize>,
}

impl Workload {
    /// The workload of a node with `cores`: analyses judge on half of them (at
    /// least one), leaving the rest of the search permits to computer opponents.
    pub fn new(cores: usize) -> Workload {
        let slots = (cores / 2).max(1);
        Workload {
            queued: Arc::default(),
            slots: Arc::new(Semaphore::new(slots)),
            per_node: NODE_POSITIONS_PER_SLOT * slots,
            per_slot_cost: POSITION_COST / u32::try_from(slots).unwrap_or(u32::MAX),
        }
    }

    /// How many analyses are judged at once.
    pub fn slots(&self) -> usize {
        self.per_node / NODE_POSITIONS_PER_SLOT
    }

    /// Books `positions` to judge for `address`, or says why not.
    ///
    /// # Errors
    /// [`Refused::TooLong`] for a game longer than an address may queue;
    /// [`Refused::Busy`] while the address's or the node's positions queued leave
    /// no room for these.
    pub fn book(&self, address: &str, positions: usize) -> Result<Booked, Refused> {
        if positions > ADDRESS_POSITIONS {
            return Err(Refused::TooLong {
                most: ADDRESS_POSITIONS,
            });
        }
        let mut queued = self.queued.lock().expect("the analysis queue");
        let mine = queued.by_address.get(address).copied().unwrap_or(0);
        if mine + positions > ADDRESS_POSITIONS || queued.total + positions > self.per_node {
            // Everything queued now is judged by then, the address's share included.
            let wait = self.per_slot_cost * u32::try_from(queued.total).unwrap_or(u32::MAX);
            return Err(Refused::Busy {
                wait: wait.max(Duration::from_secs(1)),
            });
        }
        queued.total += positions;
        *queued.by_address.entry(address.to_string()).or_default() += positions;
        Ok(Booked {
            workload: self.clone(),
            address: address.to_string(),
            left: positions,
        })
    }

    /// A slot to judge one analysis in, waited for in turn.
    pub async fn slot(&self) -> Option<OwnedSemaphorePermit> {
        self.slots.clone().acquire_owned().await.ok()
    }

    fn release(&self, address: &str, positions: usize) {
        let mut queued = self.queued.lock().expect("the analysis queue");
        queued.total = queued.total.saturating_sub(positions);
        if let Some(mine) = queued.by_address.get_mut(address) {
            *mine = mine.saturating_sub(positions);
            if *mine == 0 {
                queued.by_address.remove(address);
            }
        }
    }
}

/// Positions booked for an analysis: given back one by one as they are judged,
/// and all that is left when it ends (done, stopped or never run).
pub struct Booked {
    workload: Workload,
    address: String,
    left: usize,
}

impl Booked {
    /// One position judged.
    pub fn judged(&mut self) {
        if self.left > 0 {
            self.left -= 1;
            self.workload.release(&self.address, 1);
        }
    }
}

impl Drop for Booked {
    fn drop(&mut self) {
        self.workload.release(&self.address, self.left);
    }
}
