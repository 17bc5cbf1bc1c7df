//! Scenarios: a battle's map, forces, rule settings and notes, read from TOML.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;

use crate::bfen::Bfen;
use crate::kind::{Kind, KindSet};
use crate::pieces::Pieces;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::{Square, MAX_SIDE, SQUARES};
use crate::terrain::TerrainKind;

/// No neighbour in that direction.
pub(crate) const NO_SQUARE: u16 = u16::MAX;

/// A battle: map size and terrain, rule settings, start position, side names and notes.
///
/// Always shared behind an [`Arc`]: every [`Position`](crate::Position) points at its scenario.
#[derive(Debug)]
pub struct Scenario {
    id: String,
    name: String,
    date: String,
    width: u8,
    height: u8,
    side_names: [String; 2],
    rules: Rules,
    terrain_kinds: Vec<TerrainKind>,
    /// Index into `terrain_kinds` per internal square index (map squares only).
    terrain: Vec<u8>,
    start: Bfen,
    notes: Notes,
    /// The TOML text the scenario was read from, so that a copy can be sent elsewhere.
    source: String,
    /// Neighbours a piece may step to, in canonical order (west, south, north, east).
    pub(crate) neighbours: Box<[[u16; 4]; SQUARES]>,
    /// Kinds that may enter, per internal square index (0 for staging and off-map).
    pub(crate) enter: Box<[KindSet; SQUARES]>,
}

/// The free-text notes of a scenario (`[notes]`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Notes {
    /// One paragraph for a card or a listing.
    #[serde(default)]
    pub summary: String,
    /// The history of the battle and of the game (the 1977 box, and how the digital
    /// edition balanced the forces).
    #[serde(default)]
    pub history: String,
    /// Where the history comes from.
    #[serde(default)]
    pub sources: String,
}

/// Error of [`Scenario::from_toml`]: which file, which key, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {}{reason}", key.as_ref().map(|k| format!("key `{k}`: ")).unwrap_or_default())]
pub struct ScenarioError {
    /// The file (or source name) that was read.
    pub file: String,
    /// The key at fault, when one is known (`terrain.rows[2]`).
    pub key: Option<String>,
    /// What is wrong.
    pub reason: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioToml {
    id: String,
    name: String,
    date: String,
    width: i64,
    height: i64,
    start: String,
    sides: SidesToml,
    #[serde(default)]
    rules: RulesToml,
    terrain: TerrainToml,
    #[serde(default)]
    notes: Notes,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SidesToml {
    army: SideToml,
    indians: SideToml,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SideToml {
    name: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RulesToml {
    stack_limit: Option<i64>,
    quiet_limit: Option<i64>,
    eliminates: Option<BTreeMap<String, Vec<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TerrainToml {
    rows: Vec<String>,
    #[serde(default)]
    kinds: BTreeMap<String, TerrainKindToml>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TerrainKindToml {
    name: String,
    enter: Option<Vec<String>>,
}

// The battles live inside this crate, so a package of it (a published crate, the
// Python sdist) carries the files it embeds.
const BUILTIN_SOURCES: [(&str, &str); 3] = [
    ("washita", include_str!("../scenarios/washita.toml")),
    ("fetterman", include_str!("../scenarios/fetterman.toml")),
    ("apache-pass", include_str!("../scenarios/apache-pass.toml")),
];

impl Scenario {
    /// Reads a scenario from TOML text. `file` names the source in error messages.
    ///
    /// # Errors
    /// A [`ScenarioError`] naming the file, the key and the reason: TOML syntax,
    /// unknown or missing keys, values out of range, rows of the wrong length,
    /// undefined terrain characters, or a start position that breaks the rules.
    pub fn from_toml(file: &str, text: &str) -> Result<Arc<Scenario>, ScenarioError> {
        let err = |key: Option<String>, reason: String| ScenarioError {
            file: file.to_string(),
            key,
            reason,
        };
        let raw: ScenarioToml = toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].lines().count().max(1));
            let reason = e.message().trim().to_string();
            match line {
                Some(l) => err(None, format!("line {l}: {reason}")),
                None => err(None, reason),
            }
        })?;
        let key_err = |key: &str, reason: String| err(Some(key.to_string()), reason);

        if raw.id.is_empty()
            || !raw
                .id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err(key_err(
                "id",
                format!("{:?} must be made of a-z, 0-9 and `-`", raw.id),
            ));
        }
        if raw.name.trim().is_empty() {
            return Err(key_err("name", "must not be empty".into()));
        }
        check_date(&raw.date).map_err(|r| key_err("date", r))?;
        let side_len = |key: &str, v: i64| -> Result<u8, ScenarioError> {
            if (2..=MAX_SIDE as i64).contains(&v) {
                Ok(v as u8)
            } else {
                Err(key_err(key, format!("{v} is out of range 2..=16")))
            }
        };
        let width = side_len("width", raw.width)?;
        let height = side_len("height", raw.height)?;
        for (key, name) in [
            ("sides.army.name", &raw.sides.army.name),
            ("sides.indians.name", &raw.sides.indians.name),
        ] {
            if name.trim().is_empty() {
                return Err(key_err(key, "must not be empty".into()));
            }
        }

        let stack_limit = match raw.rules.stack_limit {
            None => 4,
            Some(v) if (1..=Pieces::MAX_COUNT as i64).contains(&v) => v as u8,
            Some(v) => {
                return Err(key_err(
                    "rules.stack_limit",
                    format!("{v} is out of range 1..=15"),
                ))
            }
        };
        let quiet_limit = match raw.rules.quiet_limit {
            None => 100,
            Some(v) if (1..=1_000_000).contains(&v) => v as u32,
            Some(v) => {
                return Err(key_err(
                    "rules.quiet_limit",
                    format!("{v} is out of range 1..=1000000"),
                ))
            }
        };
        let mut eliminates = Rules::DEFAULT_ELIMINATES;
        for (attacker, victims) in raw.rules.eliminates.iter().flatten() {
            let key = format!("rules.eliminates.{attacker}");
            let kind = single_kind(attacker)
                .ok_or_else(|| key_err(&key, "the attacker must be `F`, `M` or `V`".into()))?;
            eliminates[kind.index()] = kind_list(victims).map_err(|r| key_err(&key, r))?;
        }
        let rules = Rules::new(stack_limit, quiet_limit, eliminates);

        let mut terrain_kinds = vec![TerrainKind::open(), TerrainKind::house()];
        for (symbol, def) in &raw.terrain.kinds {
            let key = format!("terrain.kinds.{symbol:?}");
            let mut chars = symbol.chars();
            let c = match (chars.next(), chars.next()) {
                (Some(c), None) if !c.is_whitespace() && !c.is_control() => c,
                _ => {
                    return Err(key_err(
                        &key,
                        "a terrain symbol is one visible character".into(),
                    ))
                }
            };
            if c == '.' || c == 'H' {
                return Err(key_err(
                    &key,
                    format!(
                        "`{c}` is predefined ({}) and may not be redefined",
                        if c == '.' { "open" } else { "house" }
                    ),
                ));
            }
            if def.name.trim().is_empty() {
                return Err(key_err(&format!("{key}.name"), "must not be empty".into()));
            }
            let enter = match &def.enter {
                None => KindSet::ALL,
                Some(list) => kind_list(list).map_err(|r| key_err(&format!("{key}.enter"), r))?,
            };
            terrain_kinds.push(TerrainKind {
                symbol: c,
                name: def.name.clone(),
                enter,
            });
        }

        if raw.terrain.rows.len() != height as usize {
            return Err(key_err(
                "terrain.rows",
                format!(
                    "has {} rows, the map has {height} ranks",
                    raw.terrain.rows.len()
                ),
            ));
        }
        let mut terrain = vec![0u8; SQUARES];
        let mut enter = Box::new([KindSet::EMPTY; SQUARES]);
        for (i, row) in raw.terrain.rows.iter().enumerate() {
            let rank = height - 1 - i as u8;
            let key = format!("terrain.rows[{i}]");
            let n = row.chars().count();
            if n != width as usize {
                return Err(key_err(
                    &key,
                    format!(
                        "rank {} has {n} squares, the map is {width} files wide",
                        rank + 1
                    ),
                ));
            }
            for (file, c) in row.chars().enumerate() {
                let sq = Square::new(file as u8, rank);
                let t = terrain_kinds
                    .iter()
                    .position(|k| k.symbol == c)
                    .ok_or_else(|| {
                        key_err(
                            &key,
                            format!("{sq}: terrain `{c}` is not defined in terrain.kinds"),
                        )
                    })?;
                terrain[sq.index()] = t as u8;
                enter[sq.index()] = terrain_kinds[t].enter;
            }
        }

        let mut neighbours = Box::new([[NO_SQUARE; 4]; SQUARES]);
        for rank in 0..height {
            neighbours[Square::staging(rank).index()][3] = Square::new(0, rank).index() as u16;
            for file in 0..width {
                let n = &mut neighbours[Square::new(file, rank).index()];
                if file > 0 {
                    n[0] = Square::new(file - 1, rank).index() as u16;
                }
                if rank > 0 {
                    n[1] = Square::new(file, rank - 1).index() as u16;
                }
                if rank + 1 < height {
                    n[2] = Square::new(file, rank + 1).index() as u16;
                }
                if file + 1 < width {
                    n[3] = Square::new(file + 1, rank).index() as u16;
                }
            }
        }

        let start_bfen: Bfen = raw
            .start
            .parse()
            .map_err(|e| key_err("start", format!("{e}")))?;
        let scenario = Scenario {
            id: raw.id,
            name: raw.name,
            date: raw.date,
            width,
            height,
            side_names: [raw.sides.army.name, raw.sides.indians.name],
            rules,
            terrain_kinds,
            terrain,
            start: start_bfen,
            notes: raw.notes,
            source: text.to_string(),
            neighbours,
            enter,
        };
        crate::setup::place(&scenario, &scenario.start)
            .map_err(|e| key_err("start", format!("{e}")))?;
        Ok(Arc::new(scenario))
    }

    /// The built-in battle with this id (`washita`, `fetterman`, `apache-pass`).
    pub fn builtin(id: &str) -> Option<Arc<Scenario>> {
        Scenario::builtins().iter().find(|s| s.id == id).cloned()
    }

    /// The three built-in battles, in chronological order of the 1977 boxes' history.
    ///
    /// # Panics
    /// Never in a released build: the embedded files are checked by the test suite.
    pub fn builtins() -> &'static [Arc<Scenario>] {
        static BUILTINS: OnceLock<Vec<Arc<Scenario>>> = OnceLock::new();
        BUILTINS.get_or_init(|| {
            let mut all: Vec<Arc<Scenario>> = BUILTIN_SOURCES
                .iter()
                .map(|(id, text)| {
                    Scenario::from_toml(&format!("scenarios/{id}.toml"), text)
                        .unwrap_or_else(|e| panic!("built-in scenario is invalid: {e}"))
                })
                .collect();
            all.sort_by(|a, b| a.date.cmp(&b.date));
            all
        })
    }

    /// The TOML text of a built-in scenario.
    pub fn builtin_source(id: &str) -> Option<&'static str> {
        BUILTIN_SOURCES
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, text)| *text)
    }

    /// The TOML text this scenario was read from: [`Scenario::from_toml`] of it gives
    /// the same scenario back (how a custom battle travels to another process).
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The id (`washita`).
    pub fn id(&self) -> &str {
        &self.id
    }
    /// The display name (`Washita River`).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The ISO date of the battle.
    pub fn date(&self) -> &str {
        &self.date
    }
    /// Files, west to east.
    pub fn width(&self) -> u8 {
        self.width
    }
    /// Ranks, south to north.
    pub fn height(&self) -> u8 {
        self.height
    }
    /// The display name of a side in this battle.
    pub fn side_name(&self, side: Side) -> &str {
        &self.side_names[side.index()]
    }
    /// Stack limit, quiet limit and capture table.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The notes (summary, history, sources).
    pub fn notes(&self) -> &Notes {
        &self.notes
    }
    /// The start position as read from the file.
    pub fn start(&self) -> &Bfen {
        &self.start
    }
    /// Every terrain kind of the map (`open` and `house` first).
    pub fn terrain_kinds(&self) -> &[TerrainKind] {
        &self.terrain_kinds
    }

    /// Whether `sq` is on this board: a map square, or the staging square of an existing rank.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        sq.rank() < self.height && sq.file().is_none_or(|f| f < self.width)
    }

    /// The terrain of a map square; `None` for staging squares and squares off the board.
    pub fn terrain(&self, sq: Square) -> Option<&TerrainKind> {
        if sq.is_staging() || !self.contains(sq) {
            None
        } else {
            Some(&self.terrain_kinds[self.terrain[sq.index()] as usize])
        }
    }

    /// Every square of the board: staging squares and map squares, rank by rank from the south.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height).flat_map(move |r| {
            std::iter::once(Square::staging(r))
                .chain((0..self.width).map(move |f| Square::new(f, r)))
        })
    }

    /// Where a piece on `from` may step, in canonical order (west, south, north, east).
    pub fn neighbours(&self, from: Square) -> impl Iterator<Item = Square> + '_ {
        self.neighbours[from.index()]
            .into_iter()
            .filter(|&n| n != NO_SQUARE)
            .map(|n| Square::from_index(n as usize).expect("neighbour tables hold squares"))
    }

    /// How many pieces of each side the start position holds, by kind
    /// (indexed by [`Kind::index`]).
    pub fn forces(&self, side: Side) -> [u32; 3] {
        let mut counts = [0u32; 3];
        for (s, p) in self.start.ranks.iter().flat_map(|r| r.stacks()) {
            if s == side {
                for k in Kind::ALL {
                    counts[k.index()] += p.count(k) as u32;
                }
            }
        }
        counts
    }
}

fn single_kind(s: &str) -> Option<Kind> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => Kind::from_char(c),
        _ => None,
    }
}

fn kind_list(list: &[String]) -> Result<KindSet, String> {
    list.iter()
        .map(|s| {
            single_kind(s)
                .ok_or_else(|| format!("{s:?} is not a piece kind: expected `F`, `M` or `V`"))
        })
        .collect()
}

pub(crate) fn check_date(date: &str) -> Result<(), String> {
    let bad = || format!("{date:?} is not an ISO date (YYYY-MM-DD)");
    let parts: Vec<&str> = date.split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(bad());
    };
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return Err(bad());
    }
    let num = |s: &str| s.parse::<u32>().map_err(|_| bad());
    let (y, m, d) = (num(y)?, num(m)?, num(d)?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(bad()),
    };
    if d == 0 || d > days {
        return Err(bad());
    }
    Ok(())
}
