//! Players written as specs: the built-in engine with limits, or an external program.

use std::path::Path;
use std::time::Duration;

use battaglie_ai::nnue::Network;
use battaglie_ai::{Limits, Weights, MAX_LEVEL};

/// A player of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Player {
    /// The built-in engine with these limits.
    Builtin(Limits),
    /// An external program (its command line split as a shell would) and the `go` it receives.
    External {
        /// The program and its arguments.
        command: Vec<String>,
        /// The `go` command line sent for each move.
        go: String,
    },
}

/// Error of reading a player spec: what is wrong, and in which spec.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// A part is not `key:value`.
    #[error("player {spec:?}: {part:?} is not key:value")]
    NotKeyValue {
        /// The whole spec.
        spec: String,
        /// The part.
        part: String,
    },
    /// A limit's value is not a whole number.
    #[error("player {spec:?}: {key}: {value:?} is not a whole number")]
    NotANumber {
        /// The whole spec.
        spec: String,
        /// The limit.
        key: String,
        /// Its value.
        value: String,
    },
    /// A limit other than the seed is 0.
    #[error("player {spec:?}: {key}: must be at least 1")]
    Zero {
        /// The whole spec.
        spec: String,
        /// The limit.
        key: String,
    },
    /// A level beyond the engine's.
    #[error("player {spec:?}: level must be 1 to {MAX_LEVEL}, got {level}")]
    Level {
        /// The whole spec.
        spec: String,
        /// The level asked for.
        level: u64,
    },
    /// A depth that does not fit.
    #[error("player {spec:?}: depth too large")]
    Depth {
        /// The whole spec.
        spec: String,
    },
    /// An evaluation weight's value is not one.
    #[error("player {spec:?}: {reason}")]
    Weight {
        /// The whole spec.
        spec: String,
        /// The weights' own message.
        reason: String,
    },
    /// A network file (`nnue:FILE`) that could not be loaded.
    #[error("player {spec:?}: {reason}")]
    Network {
        /// The whole spec.
        spec: String,
        /// The loader's message.
        reason: String,
    },
    /// A key that is no limit.
    #[error("player {spec:?}: unknown limit {key:?} (level, depth, nodes, movetime, threads, seed, nnue, engine, or a weight: {})", Weights::NAMES.join(", "))]
    UnknownLimit {
        /// The whole spec.
        spec: String,
        /// The key.
        key: String,
    },
    /// A built-in player without any limit.
    #[error("player {0:?}: no limits given")]
    NoLimits(String),
    /// An engine command whose quote is not closed.
    #[error("player {0:?}: unterminated quote")]
    UnterminatedQuote(String),
    /// Something other than `,` after an engine's quoted command.
    #[error("player {0:?}: expected `,` after the quoted command")]
    AfterCommand(String),
    /// An engine command line that a shell would not split (unbalanced quotes).
    #[error("engine command {0:?}: unbalanced quotes")]
    CommandQuotes(String),
    /// An empty engine command.
    #[error("engine command {0:?}: empty")]
    EmptyCommand(String),
}

/// Parses a limits list such as `level:8,movetime:100`; `spec` names the player in errors.
/// `nnue:FILE` searches with a learned evaluation ([`battaglie_ai::nnue`]) read from
/// `FILE` (a path without commas).
///
/// # Errors
/// A [`PlayerError`] naming the part that is not a limit.
pub fn parse_limits(text: &str, spec: &str) -> Result<Limits, PlayerError> {
    let mut limits = Limits::default();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once(':')
            .ok_or_else(|| PlayerError::NotKeyValue {
                spec: spec.into(),
                part: part.into(),
            })?;
        let key = key.trim();
        if Weights::NAMES.contains(&key) {
            limits
                .weights
                .set(key, value)
                .map_err(|e| PlayerError::Weight {
                    spec: spec.into(),
                    reason: e.to_string(),
                })?;
            continue;
        }
        if key == "nnue" {
            let net = Network::load_static(Path::new(value.trim())).map_err(|e| {
                PlayerError::Network {
                    spec: spec.into(),
                    reason: e.to_string(),
                }
            })?;
            limits.network = Some(net);
            continue;
        }
        let n: u64 = value.trim().parse().map_err(|_| PlayerError::NotANumber {
            spec: spec.into(),
            key: key.into(),
            value: value.into(),
        })?;
        if key == "seed" {
            limits.seed = Some(n);
            continue;
        }
        if n == 0 {
            return Err(PlayerError::Zero {
                spec: spec.into(),
                key: key.into(),
            });
        }
        match key {
            "level" if n > u64::from(MAX_LEVEL) => {
                return Err(PlayerError::Level {
                    spec: spec.into(),
                    level: n,
                })
            }
            "level" => limits.level = Some(n as u8),
            "depth" => {
                limits.depth =
                    Some(u32::try_from(n).map_err(|_| PlayerError::Depth { spec: spec.into() })?)
            }
            "nodes" => limits.nodes = Some(n),
            "threads" => limits.threads = Some(n.min(64) as u32),
            "movetime" => limits.movetime = Some(Duration::from_millis(n)),
            other => {
                return Err(PlayerError::UnknownLimit {
                    spec: spec.into(),
                    key: other.into(),
                })
            }
        }
    }
    Ok(limits)
}

/// The protocol's `go` line for limits (`go movetime 100` when there are none).
pub fn go_line(limits: &Limits) -> String {
    let mut go = String::from("go");
    if let Some(d) = limits.depth {
        go += &format!(" depth {d}");
    }
    if let Some(n) = limits.nodes {
        go += &format!(" nodes {n}");
    }
    if let Some(t) = limits.movetime {
        go += &format!(" movetime {}", t.as_millis());
    }
    if let Some(l) = limits.level {
        go += &format!(" level {l}");
    }
    if go == "go" {
        go += " movetime 100";
    }
    go
}

impl Player {
    /// An external engine given by its command line (as a shell would split it),
    /// asked `go movetime 100` for each move.
    ///
    /// # Errors
    /// [`PlayerError::CommandQuotes`] or [`PlayerError::EmptyCommand`].
    pub fn engine(cmd: &str) -> Result<Player, PlayerError> {
        Ok(Player::External {
            command: command_line(cmd)?,
            go: go_line(&Limits::default()),
        })
    }
}

impl std::str::FromStr for Player {
    type Err = PlayerError;

    /// Reads `level:8,nodes:2000,...` or `engine:"cmd args",depth:3`.
    fn from_str(spec: &str) -> Result<Player, PlayerError> {
        let spec = spec.trim();
        if let Some(rest) = spec.strip_prefix("engine:") {
            let rest = rest.trim_start();
            let (cmd, tail) = if let Some(quoted) = rest.strip_prefix('"') {
                let end = quoted
                    .find('"')
                    .ok_or_else(|| PlayerError::UnterminatedQuote(spec.into()))?;
                let tail = quoted[end + 1..].trim_start();
                let tail = match tail.strip_prefix(',') {
                    Some(t) => t,
                    None if tail.is_empty() => tail,
                    None => return Err(PlayerError::AfterCommand(spec.into())),
                };
                (&quoted[..end], tail)
            } else {
                (rest, "")
            };
            let command = command_line(cmd)?;
            let limits = parse_limits(tail, spec)?;
            Ok(Player::External {
                command,
                go: go_line(&limits),
            })
        } else {
            let limits = parse_limits(spec, spec)?;
            if limits == Limits::default() {
                return Err(PlayerError::NoLimits(spec.into()));
            }
            Ok(Player::Builtin(limits))
        }
    }
}

/// Splits an engine's command line into its words as a shell would (quotes and
/// backslashes), so that programs and arguments may contain spaces.
fn command_line(cmd: &str) -> Result<Vec<String>, PlayerError> {
    let words = shlex::split(cmd).ok_or_else(|| PlayerError::CommandQuotes(cmd.into()))?;
    if words.is_empty() {
        return Err(PlayerError::EmptyCommand(cmd.into()));
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs_name_limits_or_an_external_engine() {
        let p: Player = "level:8,movetime:100".parse().unwrap();
        assert_eq!(
            p,
            Player::Builtin(Limits {
                level: Some(8),
                movetime: Some(Duration::from_millis(100)),
                ..Limits::default()
            })
        );
        let e: Player = "engine:\"prog engine\",depth:3".parse().unwrap();
        assert_eq!(
            e,
            Player::External {
                command: vec!["prog".into(), "engine".into()],
                go: "go depth 3".into()
            }
        );
        let e: Player = "engine:\"'my prog' --flag\"".parse().unwrap();
        assert!(matches!(e, Player::External { command, .. } if command == ["my prog", "--flag"]));
        let e: Player = "engine:prog".parse().unwrap();
        assert!(matches!(e, Player::External { go, .. } if go == "go movetime 100"));
        let s: Player = "seed:0,depth:2".parse().unwrap();
        assert!(matches!(s, Player::Builtin(l) if l.seed == Some(0) && l.depth == Some(2)));
    }

    #[test]
    fn an_nnue_spec_loads_the_network_file() {
        let net = Network::from_fn(8, 1602, || 3);
        let path = std::env::temp_dir().join(format!("battaglie-spec-{}.nnue", std::process::id()));
        std::fs::write(&path, net.to_bytes()).unwrap();
        let spec = format!("level:8,movetime:50,nnue:{}", path.display());
        let p: Player = spec.parse().unwrap();
        let _ = std::fs::remove_file(&path);
        assert!(matches!(p, Player::Builtin(l) if l.network == Some(&net) && l.level == Some(8)));
    }

    #[test]
    fn a_bad_spec_says_what_is_wrong() {
        let err = |s: &str| s.parse::<Player>().unwrap_err();
        assert!(matches!(
            err("level:9"),
            PlayerError::Level { level: 9, .. }
        ));
        assert!(matches!(err("depth:0"), PlayerError::Zero { key, .. } if key == "depth"));
        assert!(matches!(err("speed:3"), PlayerError::UnknownLimit { key, .. } if key == "speed"));
        assert!(matches!(err("nodes:x"), PlayerError::NotANumber { .. }));
        assert!(matches!(err("level"), PlayerError::NotKeyValue { .. }));
        assert_eq!(err(""), PlayerError::NoLimits(String::new()));
        assert!(matches!(
            err("engine:\"prog"),
            PlayerError::UnterminatedQuote(_)
        ));
        assert!(matches!(
            err("engine:\"prog\" x"),
            PlayerError::AfterCommand(_)
        ));
        assert!(err("level:9").to_string().contains("level must be 1 to 8"));
        let missing = err("level:8,nnue:no/such/net.nnue");
        assert!(
            matches!(&missing, PlayerError::Network { .. }),
            "{missing:?}"
        );
        assert!(missing.to_string().contains("no/such/net.nnue"));
    }
}
