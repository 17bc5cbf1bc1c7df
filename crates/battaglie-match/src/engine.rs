//! An external engine: a program speaking the engine protocol on its standard input
//! and output, read by a thread so that reads can time out.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// What went wrong talking to an external engine (the player forfeits the game).
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The program did not start.
    #[error("cannot start {command:?}: {source}")]
    Spawn {
        /// The command line.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// Writing a command failed: the program is gone.
    #[error("`{0}`: the engine is gone")]
    Gone(String),
    /// No `ok` within the time allowed.
    #[error("`{line}`: no answer within {seconds} s")]
    Timeout {
        /// The command sent.
        line: String,
        /// The time allowed.
        seconds: u64,
    },
    /// The program closed its output.
    #[error("`{0}`: the engine stopped")]
    Stopped(String),
    /// The program answered `error ...`.
    #[error("`{line}`: error{message}")]
    Refused {
        /// The command sent.
        line: String,
        /// What followed `error`.
        message: String,
    },
    /// The answer to `go` had no `bestmove` line.
    #[error("no bestmove line")]
    NoBestMove,
    /// The move chosen is not legal (or not a move).
    #[error("illegal move {mv:?}{reason}")]
    Illegal {
        /// The move as written.
        mv: String,
        /// `: ` and the rules' reason, when the text did not parse or broke a rule.
        reason: String,
    },
}

/// A running external engine.
pub(crate) struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts `command` (the program, then its arguments).
    pub(crate) fn spawn(command: &[String]) -> Result<Engine, EngineError> {
        let mut child = Command::new(&command[0])
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| EngineError::Spawn {
                command: command.join(" "),
                source,
            })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Engine {
            child,
            stdin,
            lines,
        })
    }

    /// Sends one command and returns its data lines, or the engine's error.
    pub(crate) fn command(
        &mut self,
        line: &str,
        timeout: Duration,
    ) -> Result<Vec<String>, EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| EngineError::Gone(line.into()))?;
        let mut data = Vec::new();
        loop {
            let answer = match self.lines.recv_timeout(timeout) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout {
                        line: line.into(),
                        seconds: timeout.as_secs(),
                    })
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineError::Stopped(line.into()))
                }
            };
            let answer = answer.trim();
            if answer == "ok" {
                return Ok(data);
            }
            if let Some(message) = answer.strip_prefix("error") {
                return Err(EngineError::Refused {
                    line: line.into(),
                    message: message.into(),
                });
            }
            data.push(answer.to_string());
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // Give it a moment to leave by itself, then make sure it is gone.
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How long to wait for an external engine's `bestmove`.
pub(crate) fn go_timeout(go: &str) -> Duration {
    let words: Vec<&str> = go.split_whitespace().collect();
    let movetime = words
        .windows(2)
        .find(|w| w[0] == "movetime")
        .and_then(|w| w[1].parse::<u64>().ok())
        .unwrap_or(1000);
    Duration::from_millis(movetime.saturating_mul(20)).max(Duration::from_secs(60))
}
