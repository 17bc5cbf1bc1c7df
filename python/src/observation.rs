//! The observation tensor of a position: planes over the board with its staging column.
//!
//! Shape `(12, height, width + 1)`, float32, rank 1 first (row 0 is the south), column
//! 0 the staging squares. Planes: 0-2 Army Foot, Mounted, Vehicle and 3-5 Indian
//! Foot, Mounted, Vehicle, each as count / stack limit; 6-8 whether Foot, Mounted,
//! Vehicle may enter the square; 9 the staging squares; 10 all ones when the Indians
//! are to move; 11 the quiet counter / quiet limit.

use battaglie_rules::{Kind, Position, Scenario, Side, Square};

/// The number of planes.
pub const PLANES: usize = 12;

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

    /// Writes the observation of `pos` into `out` (of [`Layout::len`] floats).
    pub fn write(&self, pos: &Position, out: &mut [f32]) {
        out.copy_from_slice(&self.template);
        let plane = self.height * self.columns;
        for side in Side::ALL {
            for sq in pos.squares_of(side) {
                let Some((_, pieces)) = pos.stack(sq) else {
                    continue;
                };
                let at = self.at(sq);
                for k in Kind::ALL {
                    let n = pieces.count(k);
                    if n > 0 {
                        out[(side.index() * 3 + k.index()) * plane + at] =
                            f32::from(n) / self.limit;
                    }
                }
            }
        }
        if pos.side_to_move() == Side::Indians {
            out[10 * plane..11 * plane].fill(1.0);
        }
        let quiet = (pos.quiet() as f32 / self.quiet_limit).min(1.0);
        if quiet > 0.0 {
            out[11 * plane..12 * plane].fill(quiet);
        }
    }

    fn at(&self, sq: Square) -> usize {
        usize::from(sq.rank()) * self.columns + sq.file().map_or(0, |f| usize::from(f) + 1)
    }
}
