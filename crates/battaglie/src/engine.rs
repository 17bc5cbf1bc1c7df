//! `battaglie engine`: the text protocol of docs/protocol.md on standard input and output.
//!
//! Every command gets zero or more data lines and then one `ok` or `error <message>`.
//! `go` searches on a thread of its own so that `stop` (read while it thinks) can end it.

use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use battaglie_ai::nnue::Network;
use battaglie_ai::{Gesture, Limits, Sport, MAX_LEVEL};
use battaglie_rules::{perft, Game, Position, Scenario, Side};

use crate::scenarios;

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Each side's course of the game (for resigning and draws), with the number of moves
/// of the game it last heard about: a search of an earlier or equal one is a new game
/// or a take-back, and starts the course again.
type Sports = Arc<Mutex<[(Sport, usize); 2]>>;

/// The protocol's state: the scenario, the game since the last `position`/`scenario`,
/// and the search in progress, if any.
pub struct Engine {
    game: Game,
    out: Out,
    search: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
    threads: u32,
    /// The learned evaluation `nnue FILE` chose, if any.
    network: Option<&'static Network>,
    sports: Sports,
}

/// What a command asks of the loop.
enum Flow {
    Continue,
    Quit,
}

/// The battle loaded before any `scenario` command.
const DEFAULT_SCENARIO: &str = "washita";

const COMMANDS: &str =
    "scenario, position, move, legal, bfen, status, history, perft, go, stop, draw, quit, threads, nnue, help";

/// What `help` answers: one line per command.
const HELP: [&str; 15] = [
    "scenario <id|file>                     load a battle (washita, fetterman, apache-pass) at its start",
    "position startpos|bfen <4 fields> [moves ...]   set the position",
    "move <m1> [m2 ...]                     play moves on the current position",
    "legal                                  the legal moves, one a line",
    "bfen                                   the current position as BFEN",
    "status                                 ongoing, or the result",
    "history                                the moves since the last position/scenario",
    "perft <depth>                          count the move sequences of that length",
    "go [depth N] [nodes N] [movetime MS] [level N]   search: info lines, then bestmove",
    "stop                                   end the running search now",
    "draw [army|indians]                    would that side (default: to move) accept a draw?",
    "threads <N>                            search threads for go (1 to 64)",
    "nnue <file>|off                        search with a learned evaluation (an experiment), or not",
    "help                                   this list",
    "quit                                   leave",
];

/// The most search threads `threads` accepts.
const MAX_THREADS: u32 = 64;

impl Engine {
    /// An engine on Washita River until a `scenario` command, writing to `out`.
    pub fn new(out: Box<dyn Write + Send>) -> Engine {
        let scenario = Scenario::builtin(DEFAULT_SCENARIO).expect("a built-in battle");
        Engine {
            game: Game::new(Position::start(&scenario)),
            out: Arc::new(Mutex::new(out)),
            search: None,
            threads: 1,
            network: None,
            sports: Arc::default(),
        }
    }

    /// The same engine searching with `threads` threads (see the `threads` command).
    pub fn with_threads(mut self, threads: u32) -> Engine {
        self.threads = threads.clamp(1, MAX_THREADS);
        self
    }

    /// Answers commands from `input` until `quit` or the end of input.
    pub fn run(mut self, mut input: impl BufRead) {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => {
                    // Bytes that are not UTF-8 become U+FFFD and fail as an unknown command
                    // or a bad argument, like any other garbage.
                    let line = String::from_utf8_lossy(&buf);
                    if let Flow::Quit = self.command(&line) {
                        return;
                    }
                }
                Err(e) => {
                    self.answer(Err(format!("cannot read input: {e}")));
                    break;
                }
            }
        }
        self.finish_search();
    }

    fn command(&mut self, line: &str) -> Flow {
        let line = line.trim();
        if line.is_empty() {
            return Flow::Continue;
        }
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        if matches!(word, "stop" | "quit") && !rest.is_empty() {
            self.answer(Err(format!("{word} takes no arguments, got {rest:?}")));
            return Flow::Continue;
        }
        if let "stop" | "quit" = word {
            // Both end a running search at once: it answers `bestmove` and `ok` first.
            if let Some((stop, _)) = &self.search {
                stop.store(true, Ordering::Relaxed);
            }
            self.finish_search();
            self.answer(Ok(Vec::new()));
            return if word == "quit" {
                Flow::Quit
            } else {
                Flow::Continue
            };
        }
        // Anything else waits for a running search to finish by itself.
        self.finish_search();
        let result = match word {
            "scenario" => self.scenario(rest),
            "position" => self.position(rest),
            "move" => self.moves(rest),
            "legal" => self.no_args(word, rest).map(|_| {
                self.game
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect()
            }),
            "bfen" => self
                .no_args(word, rest)
                .map(|_| vec![self.game.position().to_string()]),
            "status" => self.no_args(word, rest).map(|_| {
                vec![self
                    .game
                    .outcome()
                    .map(|o| o.to_string())
                    .unwrap_or_else(|| "ongoing".into())]
            }),
            "history" => self
                .no_args(word, rest)
                .map(|_| self.game.moves().map(|m| m.to_string()).collect()),
            "perft" => self.perft(rest),
            "help" => self
                .no_args(word, rest)
                .map(|_| HELP.iter().map(|l| l.to_string()).collect()),
            "threads" => self.set_threads(rest),
            "nnue" => self.set_network(rest),
            "draw" => self.draw(rest),
            "go" => match self.go(rest) {
                Ok(()) => return Flow::Continue,
                Err(e) => Err(e),
            },
            _ => Err(format!("unknown command {word:?} (commands: {COMMANDS})")),
        };
        self.answer(result);
        Flow::Continue
    }

    fn answer(&self, result: Result<Vec<String>, String>) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = match result {
            Ok(lines) => {
                for l in lines {
                    let _ = writeln!(out, "{l}");
                }
                writeln!(out, "ok")
            }
            Err(e) => writeln!(out, "error {}", e.replace(['\n', '\r'], " ")),
        };
        let _ = out.flush();
    }

    fn finish_search(&mut self) {
        if let Some((_, handle)) = self.search.take() {
            let _ = handle.join();
        }
    }

    fn no_args(&self, word: &str, rest: &str) -> Result<(), String> {
        if rest.is_empty() {
            Ok(())
        } else {
            Err(format!("{word} takes no arguments, got {rest:?}"))
        }
    }

    fn scenario(&mut self, rest: &str) -> Result<Vec<String>, String> {
        if rest.is_empty() {
            return Err(
                "scenario needs an id (washita, fetterman, apache-pass) or a file path".into(),
            );
        }
        let s = scenarios::load(rest).map_err(|e| format!("{e:#}"))?;
        self.game = Game::new(Position::start(&s));
        Ok(Vec::new())
    }

    fn position(&mut self, rest: &str) -> Result<Vec<String>, String> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let scenario = Arc::clone(self.game.start().scenario());
        let (start, tail) = match words.first() {
            Some(&"startpos") => (Position::start(&scenario), &words[1..]),
            Some(&"bfen") => {
                if words.len() < 5 {
                    return Err("position bfen needs the 4 BFEN fields".into());
                }
                let pos = Position::from_bfen(&scenario, &words[1..5].join(" ")).map_err(|e| e.to_string())?;
                (pos, &words[5..])
            }
            _ => return Err("expected `position startpos [moves ...]` or `position bfen <4 fields> [moves ...]`".into()),
        };
        let moves = match tail.split_first() {
            None => &[][..],
            Some((&"moves", moves)) => moves,
            Some((other, _)) => {
                return Err(format!(
                    "expected `moves` after the position, got {other:?}"
                ))
            }
        };
        let mut game = Game::new(start);
        play_all(&mut game, moves)?;
        self.game = game;
        Ok(Vec::new())
    }

    fn moves(&mut self, rest: &str) -> Result<Vec<String>, String> {
        let moves: Vec<&str> = rest.split_whitespace().collect();
        if moves.is_empty() {
            return Err("move needs at least one move".into());
        }
        let mut game = self.game.clone();
        play_all(&mut game, &moves)?;
        self.game = game;
        Ok(Vec::new())
    }

    fn perft(&mut self, rest: &str) -> Result<Vec<String>, String> {
        let depth: u32 = rest
            .parse()
            .map_err(|_| format!("perft needs a depth (a whole number), got {rest:?}"))?;
        let mut pos = self.game.position().clone();
        Ok(vec![perft(&mut pos, depth).to_string()])
    }

    fn set_threads(&mut self, rest: &str) -> Result<Vec<String>, String> {
        match rest.parse::<u32>() {
            Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                self.threads = n;
                Ok(Vec::new())
            }
            _ => Err(format!(
                "threads needs a whole number from 1 to {MAX_THREADS}, got {rest:?}"
            )),
        }
    }

    /// `nnue FILE` searches with the learned evaluation of that network file;
    /// `nnue off` with the hand-written one again.
    fn set_network(&mut self, rest: &str) -> Result<Vec<String>, String> {
        if rest == "off" {
            self.network = None;
            return Ok(Vec::new());
        }
        if rest.is_empty() {
            return Err("nnue needs a network file or `off`".into());
        }
        let net = Network::load_static(Path::new(rest)).map_err(|e| e.to_string())?;
        self.network = Some(net);
        Ok(Vec::new())
    }

    /// `draw [army|indians]`: `accept <reason>` or `decline`, for the side named (the
    /// side to move by default).
    fn draw(&mut self, rest: &str) -> Result<Vec<String>, String> {
        let pos = self.game.position();
        let side = match rest {
            "" => pos.side_to_move(),
            "army" => Side::Army,
            "indians" => Side::Indians,
            other => {
                return Err(format!(
                    "draw takes `army`, `indians` or nothing, got {other:?}"
                ))
            }
        };
        if let Some(outcome) = self.game.outcome() {
            return Err(format!("the game is over ({outcome})"));
        }
        let table = battaglie_tablebase::registry::installed(pos.scenario());
        let sports = self.sports.lock().unwrap_or_else(|e| e.into_inner());
        Ok(vec![
            match sports[side.index()].0.answer(pos, side, table) {
                Some(reason) => format!("accept {}", reason.word()),
                None => "decline".to_string(),
            },
        ])
    }

    fn go(&mut self, rest: &str) -> Result<(), String> {
        let mut limits = parse_limits(rest)?;
        limits.threads = Some(self.threads);
        limits.network = self.network;
        if let Some(outcome) = self.game.outcome() {
            return Err(format!("the game is over ({outcome})"));
        }
        // A table file that cannot be used counts as none; said once, here.
        if let Err(e) = battaglie_tablebase::registry::find(self.game.position().scenario()) {
            eprintln!("battaglie engine: tablebase: {e}");
        }
        let stop = Arc::new(AtomicBool::new(false));
        let game = self.game.clone();
        let root = game.position().clone();
        let out = Arc::clone(&self.out);
        let flag = Arc::clone(&stop);
        let sports = Arc::clone(&self.sports);
        let handle = std::thread::spawn(move || {
            let result = battaglie_ai::search(&game, &limits, &flag, |info| {
                let score = battaglie_ai::report_score(&root, &limits, info);
                let nps = info.nodes * 1000 / info.time_ms.max(1);
                let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
                let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
                let _ = writeln!(
                    o,
                    "info depth {} score {score} winchance {} nodes {} nps {nps} time {} pv {}",
                    info.depth,
                    (battaglie_ai::win_chance(root.scenario(), root.side_to_move(), score) * 100.0)
                        .round(),
                    info.nodes,
                    info.time_ms,
                    pv.join(" ")
                );
                let _ = o.flush();
            });
            let gesture = result.as_ref().and_then(|_| {
                let mut sports = sports.lock().unwrap_or_else(|e| e.into_inner());
                let (sport, seen) = &mut sports[root.side_to_move().index()];
                let plies = game.moves().len();
                if plies <= *seen && *seen > 0 {
                    sport.reset();
                }
                *seen = plies;
                sport.follow(&root).1
            });
            let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
            match gesture {
                Some(Gesture::Resign(reason)) => {
                    let _ = writeln!(o, "info resign {}", reason.word());
                }
                Some(Gesture::OfferDraw(reason)) => {
                    let _ = writeln!(o, "info offerdraw {}", reason.word());
                }
                None => {}
            }
            let _ = match result {
                Some(r) => writeln!(o, "bestmove {}\nok", r.best),
                None => writeln!(o, "error the game is over"),
            };
            let _ = o.flush();
        });
        self.search = Some((stop, handle));
        Ok(())
    }
}

fn play_all(game: &mut Game, moves: &[&str]) -> Result<(), String> {
    for (i, text) in moves.iter().enumerate() {
        game.play_text(text).map_err(|e| {
            if moves.len() > 1 {
                format!("move {} of {}: {e}", i + 1, moves.len())
            } else {
                e.to_string()
            }
        })?;
    }
    Ok(())
}

fn parse_limits(rest: &str) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let words: Vec<&str> = rest.split_whitespace().collect();
    for pair in words.chunks(2) {
        let [key, value] = pair else {
            return Err(format!("go: {:?} needs a value", pair[0]));
        };
        let n: u64 = value
            .parse()
            .map_err(|_| format!("go: {key} needs a whole number, got {value:?}"))?;
        match *key {
            "depth" if n >= 1 => limits.depth = Some(n.min(64) as u32),
            "nodes" if n >= 1 => limits.nodes = Some(n),
            "movetime" if n >= 1 => limits.movetime = Some(Duration::from_millis(n)),
            "level" if (1..=MAX_LEVEL as u64).contains(&n) => limits.level = Some(n as u8),
            "level" => return Err(format!("go: level must be 1 to {MAX_LEVEL}, got {n}")),
            "depth" | "nodes" | "movetime" => return Err(format!("go: {key} must be at least 1")),
            other => {
                return Err(format!(
                    "go: unknown limit {other:?} (depth, nodes, movetime, level)"
                ))
            }
        }
    }
    Ok(limits)
}

/// Runs the protocol on standard input and output, searching with `threads` threads.
pub fn run_stdio(threads: u32) {
    let engine = Engine::new(Box::new(std::io::stdout())).with_threads(threads);
    engine.run(std::io::stdin().lock());
}
