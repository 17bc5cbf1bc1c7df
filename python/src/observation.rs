//! The observation tensor of a position: planes over the board with its staging column.
//!
//! Shape `(13, height, width + 1)`, float32, rank 1 first (row 0 is the south), column
//! 0 the staging squares. Planes: 0-2 Army Foot, Mounted, Vehicle and 3-5 Indian
//! Foot, Mounted, Vehicle, each as count / stack limit; 6-8 whether Foot, Mounted,
//! Vehicle may enter the square; 9 the staging squares; 10 all ones when the Indians
//! are to move; 11 the quiet counter / quiet limit; 12 the repetitions of the current
//! placement: 0 the first time, ½ the second, 1 the third (which ends the game). In
//! the mover's view ([`View::Mover`]) planes 0-2 are the side to move's pieces and
//! 3-5 the other side's.

use std::sync::{Arc, Mutex, PoisonError, Weak};

use battaglie_rules::{Kind, Position, Scenario, Side, Square};

/// What an observation buffer holds, for [`Layout::update`].
#[derive(Debug, Clone, Default)]
pub struct Written {
    /// Whether the buffer holds an observation at all.
    filled: bool,
    /// Plane 10's value.
    indians: f32,
    /// Plane 11's value.
    quiet: f32,
    /// Plane 12's value.
    repeated: f32,
    /// The entries of planes 0-5 that are not zero.
    pieces: Vec<u32>,
}

/// The number of planes.
pub const PLANES: usize = 13;

/// Whose pieces the first planes hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// The Army's in planes 0-2, the Indians' in 3-5, whoever is to move.
    #[default]
    Absolute,
    /// The side to move's in planes 0-2, the other side's in 3-5 (plane 10 still says
    /// which side moves). The board is not mirrored: the two sides of a battle do not
    /// start from mirrored edges (the Army enters from the staging squares).
    Mover,
}

impl View {
    /// The view a word names: `absolute` or `mover`.
    pub fn from_word(word: &str) -> Option<View> {
        match word {
            "absolute" => Some(View::Absolute),
            "mover" => Some(View::Mover),
            _ => None,
        }
    }

    /// The word of the view, as [`View::from_word`] reads it.
    pub fn word(self) -> &'static str {
        match self {
            View::Absolute => "absolute",
            View::Mover => "mover",
        }
    }
}

/// The layout of `scenario`, built once while the scenario lives: building one reads
/// every square's terrain, hundreds of times slower than writing an observation.
pub fn layout_of(scenario: &Arc<Scenario>) -> Arc<Layout> {
    static CACHE: Mutex<Vec<(Weak<Scenario>, Arc<Layout>)>> = Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    cache.retain(|(s, _)| s.strong_count() > 0);
    if let Some((_, layout)) = cache
        .iter()
        .find(|(s, _)| std::ptr::eq(s.as_ptr(), Arc::as_ptr(scenario)))
    {
        return Arc::clone(layout);
    }
    let layout = Arc::new(Layout::new(scenario));
    cache.push((Arc::downgrade(scenario), Arc::clone(&layout)));
    layout
}

/// The constant planes of a scenario and the layout, to fill observations quickly.
#[derive(Debug, Clone)]
pub struct Layout {
    height: usize,
    columns: usize,
    /// Planes 6-9 (terrain and staging), the rest zero.
    template: Vec<f32>,
    limit: f32,
    quiet_limit: f32,
}

impl Layout {
    /// The layout of `scenario`'s observations.
    pub fn new(scenario: &Scenario) -> Layout {
        let (height, columns) = (
            usize::from(scenario.height()),
            usize::from(scenario.width()) + 1,
        );
        let mut template = vec![0.0; PLANES * height * columns];
        for sq in scenario.squares() {
            let at = usize::from(sq.rank()) * columns + sq.file().map_or(0, |f| usize::from(f) + 1);
            match scenario.terrain(sq) {
                Some(t) => {
                    for k in Kind::ALL {
                        if t.enter.contains(k) {
                            template[(6 + k.index()) * height * columns + at] = 1.0;
                        }
                    }
                }
                None => template[9 * height * columns + at] = 1.0,
            }
        }
        Layout {
            height,
            columns,
            template,
            limit: f32::from(scenario.rules().stack_limit()),
            quiet_limit: scenario.rules().quiet_limit() as f32,
        }
    }

    /// The shape `(planes, height, width + 1)`.
    pub fn shape(&self) -> [usize; 3] {
        [PLANES, self.height, self.columns]
    }

    /// The number of floats of one observation.
    pub fn len(&self) -> usize {
        self.template.len()
    }

    /// Writes the observation of `pos` (its placement seen `occurrences` times) in
    /// `view` into `out` (of [`Layout::len`] floats).
    pub fn write(&self, pos: &Position, occurrences: u32, view: View, out: &mut [f32]) {
        self.update(pos, occurrences, view, out, &mut Written::default());
    }

    /// Writes the observation of `pos` into `out`, which holds the observation
    /// `written` describes: only what changed is rewritten (a few squares, the side,
    /// quiet and repetition planes), not the whole tensor. An empty [`Written`]
    /// rewrites it all.
    pub fn update(
        &self,
        pos: &Position,
        occurrences: u32,
        view: View,
        out: &mut [f32],
        written: &mut Written,
    ) {
        let plane = self.height * self.columns;
        if written.filled {
            for &at in &written.pieces {
                out[at as usize] = 0.0;
            }
        } else {
            out.copy_from_slice(&self.template);
        }
        written.pieces.clear();
        // In the mover's view with the Indians to move, the sides' planes swap.
        let swap = usize::from(view == View::Mover && pos.side_to_move() == Side::Indians);
        for side in Side::ALL {
            for sq in pos.squares_of(side) {
                let Some((_, pieces)) = pos.stack(sq) else {
                    continue;
                };
                let at = self.at(sq);
                for k in Kind::ALL {
                    let n = pieces.count(k);
                    if n > 0 {
                        let i = ((side.index() ^ swap) * 3 + k.index()) * plane + at;
                        out[i] = f32::from(n) / self.limit;
                        written.pieces.push(i as u32);
                    }
                }
            }
        }
        let indians = if pos.side_to_move() == Side::Indians {
            1.0
        } else {
            0.0
        };
        let quiet = (pos.quiet() as f32 / self.quiet_limit).min(1.0);
        if !written.filled || written.indians != indians {
            out[10 * plane..11 * plane].fill(indians);
        }
        if !written.filled || written.quiet != quiet {
            out[11 * plane..12 * plane].fill(quiet);
        }
        let repeated = (occurrences.saturating_sub(1) as f32 / 2.0).min(1.0);
        if !written.filled || written.repeated != repeated {
            out[12 * plane..13 * plane].fill(repeated);
        }
        *written = Written {
            filled: true,
            indians,
            quiet,
            repeated,
            pieces: std::mem::take(&mut written.pieces),
        };
    }

    fn at(&self, sq: Square) -> usize {
        usize::from(sq.rank()) * self.columns + sq.file().map_or(0, |f| usize::from(f) + 1)
    }
}
