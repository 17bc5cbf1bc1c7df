//! A battle's map as the tables see it: squares numbered densely (the map rank by rank
//! from the south, then the staging squares), where each kind may stand, where a
//! piece may step, and the rules that decide the game.

use battaglie_rules::{Kind, KindSet, Rules, Scenario, Square};

/// No square in that direction.
pub(crate) const NONE: u16 = u16::MAX;

/// The map and rules of one scenario, in the tables' numbering.
#[derive(Debug, Clone)]
pub(crate) struct Map {
    width: u8,
    /// Map squares (`width * height`); staging squares follow them.
    pub map_squares: usize,
    /// Map and staging squares.
    pub all_squares: usize,
    /// The kinds that may stand on each square (staging: every kind).
    pub enter: Vec<KindSet>,
    /// Where a piece on each square may step (staging: east only).
    pub steps: Vec<[u16; 4]>,
    pub rules: Rules,
    /// A hash of everything that decides a table's content: a table is only used with
    /// the scenario it was built for.
    pub fingerprint: u64,
}

impl Map {
    /// The tables' view of `scenario`.
    pub fn new(scenario: &Scenario) -> Map {
        let (w, h) = (scenario.width() as usize, scenario.height() as usize);
        let map_squares = w * h;
        let all_squares = map_squares + h;
        let mut map = Map {
            width: scenario.width(),
            map_squares,
            all_squares,
            enter: vec![KindSet::ALL; all_squares],
            steps: vec![[NONE; 4]; all_squares],
            rules: scenario.rules().clone(),
            fingerprint: 0,
        };
        for l in 0..all_squares {
            let sq = map.square(l);
            if let Some(t) = scenario.terrain(sq) {
                map.enter[l] = t.enter;
            }
            let mut steps = [NONE; 4];
            for (slot, n) in steps.iter_mut().zip(scenario.neighbours(sq)) {
                *slot = map.local(n) as u16;
            }
            map.steps[l] = steps;
        }
        map.fingerprint = fingerprint(scenario, &map);
        map
    }

    /// The rules crate's square for a local number.
    pub fn square(&self, l: usize) -> Square {
        let w = self.width as usize;
        if l < self.map_squares {
            Square::new((l % w) as u8, (l / w) as u8)
        } else {
            Square::staging((l - self.map_squares) as u8)
        }
    }

    /// The local number of a square of this board.
    pub fn local(&self, sq: Square) -> usize {
        match sq.file() {
            Some(f) => sq.rank() as usize * self.width as usize + f as usize,
            None => self.map_squares + sq.rank() as usize,
        }
    }

    /// Whether a piece of `kind` may stand on square `l`.
    pub fn may_stand(&self, kind: Kind, l: usize) -> bool {
        self.enter[l].contains(kind)
    }
}

/// FNV-1a over the map size, who may enter each square, and the rules.
fn fingerprint(scenario: &Scenario, map: &Map) -> u64 {
    let mut bytes = vec![scenario.width(), scenario.height()];
    bytes.extend(map.enter.iter().map(|k| k.0));
    bytes.push(map.rules.stack_limit());
    bytes.extend(map.rules.quiet_limit().to_le_bytes());
    bytes.extend(Kind::ALL.iter().map(|&k| map.rules.eliminates(k).0));
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
