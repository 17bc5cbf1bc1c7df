//! The command line: one subcommand per job.

use std::time::Instant;

use anyhow::Context;
use battaglie_rules::record::Record;
use battaglie_rules::{divide, perft, perft_played, Game, Position};
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use crate::{engine, scenarios, show};

/// The release and the commit it was built from, as `--version` prints them.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("BATTAGLIE_COMMIT"),
    ")"
);

/// battaglie: Atlantic's 1977 Old-West wargames (Washita River, Fetterman Massacre,
/// Apache Pass) as software.
#[derive(Parser)]
#[command(name = "battaglie", version = VERSION, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

// Parsed once per run: the server's many settings may make one variant large.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Run the web server: play in the browser (what runs without a subcommand).
    Serve {
        /// The address to listen on.
        #[arg(long, env = "BATTAGLIE_ADDR", default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// Where to serve `/metrics` to scrapers on other machines [default: only to
        /// this machine, on --addr]. Not for the public: keep it off the balancer.
        #[arg(long, env = "BATTAGLIE_METRICS_ADDR")]
        metrics_addr: Option<std::net::SocketAddr>,
        /// The database: a SQLite file path (or `sqlite:PATH`), or a `postgres://` URL
        /// [default: `DATABASE_URL`, else battaglie.sqlite in the user's data directory].
        #[arg(long)]
        db: Option<battaglie_server::Database>,
        /// How a SQLite database syncs its commits: `normal` (a commit survives
        /// the process being killed) or `full` (the machine losing power too).
        #[arg(long, env = "BATTAGLIE_SYNC", value_enum, default_value = "normal")]
        sync: crate::serve::Sync,
        /// How logs are written to standard error.
        #[arg(long, env = "BATTAGLIE_LOG_FORMAT", value_enum, default_value = "text")]
        log_format: crate::serve::LogFormat,
        /// Turn off the rate limits per client address (for load tests on the loopback).
        #[arg(long)]
        no_rate_limit: bool,
        /// The balancers' addresses (CIDRs, separated by commas): a request from one
        /// of them is the client's its X-Real-IP / X-Forwarded-For names; from
        /// anyone else, the peer's. Alone: the loopback (a balancer on this machine).
        #[arg(
            long,
            value_name = "CIDRS",
            env = "BATTAGLIE_TRUST_FORWARDED",
            num_args = 0..=1,
            default_missing_value = "127.0.0.0/8,::1",
            value_parser = crate::serve::parse_proxies
        )]
        trust_forwarded: Option<battaglie_server::Proxies>,
        /// Another site (`https://host[:port]`) whose pages may change things on this
        /// one, besides its own (repeat for several; in the variable, separated by commas).
        #[arg(
            long = "allow-origin",
            value_name = "ORIGIN",
            env = "BATTAGLIE_ALLOW_ORIGIN",
            value_delimiter = ','
        )]
        allow_origins: Vec<String>,
        /// Serve the front end's plain modules from this folder (the repository's
        /// `crates/battaglie-server/web`), read on each request, instead of the
        /// embedded bundle: for working on the front end.
        #[arg(long, value_name = "DIR", env = "BATTAGLIE_WEB_DEV")]
        web_dev: Option<std::path::PathBuf>,
        /// Seconds after which a game nobody watches or asks for leaves memory (it
        /// comes back from the database when asked for).
        #[arg(long, env = "BATTAGLIE_IDLE_SECONDS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..))]
        idle_seconds: u64,
        /// Seconds a stopping server (SIGTERM, Ctrl-C) goes on serving while /readyz
        /// answers 503, so that a balancer's health check sends no new visitor to
        /// it, before it closes its connections.
        #[arg(long, env = "BATTAGLIE_DRAIN_SECONDS", default_value_t = 2, value_parser = clap::value_parser!(u64).range(0..=600))]
        drain_seconds: u64,
        /// The resident memory (MiB) past which games leave memory before their
        /// idle time, finished games first (they come back from the database when
        /// asked for) [default: no budget; Linux only].
        #[arg(long, env = "BATTAGLIE_MEMORY_MIB", value_parser = clap::value_parser!(u64).range(16..))]
        memory_mib: Option<u64>,
        /// The most games held in memory at once (past it, idle ones leave,
        /// finished games first).
        #[arg(long, env = "BATTAGLIE_MAX_GAMES", default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
        max_games: u64,
        /// The bus to the other nodes, for several nodes on one PostgreSQL database:
        /// `nats://HOST:PORT` or `postgres` (LISTEN/NOTIFY on --db) [default:
        /// `BATTAGLIE_BUS`, else none: a node alone].
        #[arg(long)]
        bus: Option<battaglie_server::BusLocation>,
        /// Milliseconds a node's claim on a computer turn lasts unless renewed: when
        /// a node dies while the computer thinks, another takes over after this long.
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(300..))]
        computer_lease_ms: u64,
        #[command(flatten)]
        notify: crate::serve::NotifyArgs,
    },
    /// Speak the engine text protocol on standard input and output (docs/protocol.md).
    Engine {
        /// Search threads for `go` (Lazy SMP); also settable with the `threads N` command.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: u32,
    },
    /// Count the move sequences of a given length from a position (a move-generator check and benchmark).
    Perft {
        /// Built-in scenario id (washita, fetterman, apache-pass) or a scenario file.
        scenario: String,
        /// Length of the move sequences, in plies.
        depth: u32,
        /// Start from this position instead of the scenario's start.
        #[arg(long)]
        bfen: Option<String>,
        /// Print the count below each legal move.
        #[arg(long)]
        divide: bool,
        /// Play every move, the last ply included, instead of counting the last ply.
        #[arg(long)]
        played: bool,
    },
    /// Draw a position as a board with terrain and a legend.
    Show {
        /// Built-in scenario id or a scenario file.
        scenario: String,
        /// Show this position instead of the scenario's start.
        #[arg(long)]
        bfen: Option<String>,
        /// Moves to play first (canonical or lenient notation), separated by spaces.
        #[arg(long)]
        moves: Option<String>,
    },
    /// The server's database: `battaglie db check`, `backup`, `restore`.
    Db {
        #[command(subcommand)]
        what: DbCommand,
    },
    /// Write the offline edition into DIR: a static site that plays in the browser
    /// alone (against the computer or at one screen), with the network off once opened.
    Site {
        /// The folder to write (created if missing; it must be empty unless --force).
        dir: std::path::PathBuf,
        /// Write over the files of a folder that is not empty.
        #[arg(long)]
        force: bool,
    },
    /// Learn to play: short lessons, one for every rule, with stars for few moves.
    Learn {
        /// The lesson to play (1, 2, ...); without it, the lessons are listed with the stars won.
        lesson: Option<usize>,
        /// Line mode for screen readers and pipes: no full-screen drawing.
        #[arg(long)]
        plain: bool,
        /// Print every lesson with its stages (positions, goals, targets, star budgets,
        /// shortest solutions) as JSON.
        #[arg(long, conflicts_with_all = ["lesson", "plain"])]
        json: bool,
        /// The language of the lessons: en, it, fr or de [default: from LC_ALL,
        /// LC_MESSAGES or LANG, else en].
        #[arg(long, value_name = "LANG")]
        lang: Option<battaglie_learn::Lang>,
    },
    /// List the built-in battles: id, name, date, map size and forces.
    Scenarios,
    /// Play a battle in the terminal: against the computer or two at one keyboard.
    #[command(after_help = PLAY_HELP)]
    Play {
        /// Built-in battle id (washita, fetterman, apache-pass) or a scenario file.
        #[arg(default_value = "washita")]
        battle: String,
        /// Play the computer at this level, 1 (weakest) to 8 (strongest).
        #[arg(long, value_name = "LEVEL", default_value_t = 3,
              value_parser = clap::value_parser!(u8).range(1..=8), conflicts_with = "hotseat")]
        vs: u8,
        /// Two players at one keyboard instead of the computer.
        #[arg(long)]
        hotseat: bool,
        /// The side you play against the computer.
        #[arg(long, value_enum, default_value_t = SideArg::Army)]
        side: SideArg,
        /// Continue a saved game record (`.json` = JSON, anything else = text form), with the side and level it was saved with (a game saved here names them: --vs and --side are then not used).
        #[arg(long, value_name = "FILE")]
        load: Option<std::path::PathBuf>,
        /// With --load: step through the record in the replay viewer.
        #[arg(long, requires = "load")]
        replay: bool,
        /// Line mode for screen readers and pipes: no full-screen drawing.
        #[arg(long)]
        plain: bool,
        /// Go on with the unfinished game autosaved by the last `battaglie play`
        /// (its battle, sides and opponent: BATTLE, --vs, --side are not used).
        #[arg(long, conflicts_with_all = ["load", "no_autosave"])]
        resume: bool,
        /// Keep no autosave for this game (and offer none back).
        #[arg(long)]
        no_autosave: bool,
        /// The coach, which asks before a move that leaves a stack to be eliminated next
        /// turn and says what the computer threatens [default: on against levels 1 to 3].
        #[arg(long, value_enum, value_name = "on|off")]
        coach: Option<Switch>,
    },
    /// Check a game record (JSON or text) by replaying it, and print it in either form.
    Record {
        /// The record file; `-` reads standard input.
        file: String,
        /// The form to print: `text` (default), `json`, `board` (the final position),
        /// `gif` (an animation of the game, one frame per move) or `png` (a picture
        /// of the final position).
        #[arg(long, value_enum, default_value_t = RecordFormat::Text)]
        to: RecordFormat,
        /// With `--to gif`: the first position shown, as a ply number (0 = the start).
        #[arg(long, default_value_t = 0)]
        from: usize,
        /// With `--to gif`: the last position shown, as a ply number [default: the end].
        #[arg(long)]
        until: Option<usize>,
        /// With `--to gif` or `png`: the file to write [default: standard output, unless a terminal].
        #[arg(long, short)]
        output: Option<std::path::PathBuf>,
        /// With `--output`: replace the file if it is already there.
        #[arg(long, requires = "output")]
        force: bool,
    },
    /// Play games between two players (engine budgets or external programs) and tally them.
    Match(crate::matches::MatchArgs),
    /// Play each level against the one below it and chart the levels' Elo.
    Ladder(crate::ladder::LadderArgs),
    /// Tune the evaluation's weights by self-play matches.
    Tune(crate::tune::TuneArgs),
    /// Judge every move of a game record: evaluations, the engine's move, marks.
    Analyze(crate::analyze::AnalyzeArgs),
    /// Search a fixed set of positions to a fixed depth: total nodes and nodes/s.
    Bench(crate::bench::BenchArgs),
    /// Build or probe the endgame tables (every position with up to 3 or 4 pieces, solved).
    Tablebase(crate::tablebase::TablebaseArgs),
    /// Fit the curve from scores to winning chances on finished games (match records).
    Winchance(crate::winchance::WinchanceArgs),
    /// Write training positions for the learned evaluation from finished games (match records).
    NnueData(crate::nnuedata::NnueDataArgs),
}

/// What `battaglie play --help` says after the options: enough to play.
const PLAY_HELP: &str = "\
Full screen (a terminal of at least 80x19; a smaller one says how large to make it):
  arrows or h j k l   move the cursor (a mouse click acts as Enter)
  Enter               pick the stack under the cursor; then arrow to a neighbour and
                      Enter to send the chosen pieces there (a all, f/m/v one more
                      Foot/Mounted/Vehicle, F/M/V one less); Enter on the stack plays
  :                   type a move: @8:MMM-a8 (three horsemen from staging @8 to a8),
                      c3:FF-c4,Mxd3 (x eliminates), pass, resign; Ctrl-U clears
  u r                 undo (your move and the computer's reply), redo
  s o v               save, open a saved game, replay this one
  m                   menu: new game (battle, side, opponent), rematch, draw, save, quit
  ?                   help: all keys, the rules in brief, the battle's notes
  q                   quit (asks first when the game is not saved to a file)
Line mode (--plain, or by itself without a terminal): type moves as above, or
  help, stacks, board, moves [SQUARE], rules, notes, history, undo, redo,
  save FILE, load FILE, replay, draw, resign, new, rematch, resume, quit.
  Before new, load or quit would lose unsaved moves it asks; with nobody to
  answer (standard input is not a terminal, or it ends) it saves the game to a
  new file beside the autosave (or in the current folder) and says where.
Coach (--coach on|off; on by default against levels 1 to 3): before a move that
  leaves a stack to be eliminated next turn it asks whether to play it anyway (y plays
  it, n takes it back), and after the computer's move it says what it threatens.
Autosave: every move is written at once to autosave.txt in the data directory
  (BATTAGLIE_DATA_DIR, else $XDG_DATA_HOME/battaglie, by default
  ~/.local/share/battaglie); the next `battaglie play` offers an unfinished game back
  (the line mode: type resume), and --resume takes it at once.
NO_COLOR=1 (or a terminal without colours, such as TERM=xterm-mono) draws without
  colour: reverse video, underlines, + and x marks.";

/// A switch on the command line.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Switch {
    On,
    Off,
}

/// A side on the command line.
#[derive(Clone, Copy, clap::ValueEnum)]
enum SideArg {
    /// The U.S. Army (moves first).
    Army,
    /// The Indians.
    Indians,
}

/// How `record` prints a game.
#[derive(Clone, Copy, clap::ValueEnum)]
enum RecordFormat {
    /// The PGN-like text form.
    Text,
    /// The JSON form.
    Json,
    /// The final position as a board.
    Board,
    /// An animated GIF of the game (or of `--from`..`--until`).
    Gif,
    /// A picture of the final position, as the GIF's last frame.
    Png,
}

/// What `battaglie db` does.
#[derive(Subcommand)]
enum DbCommand {
    /// Check the database for damage (SQLite: every page, `PRAGMA quick_check`) and
    /// its schema against this build's: prints what is wrong and fails, else says
    /// none was found. Opens the database read-only: safe on a live database.
    Check {
        /// The database, as `serve --db` takes it [default: as `serve`].
        #[arg(long)]
        db: Option<battaglie_server::Database>,
    },
    /// Copy a SQLite database, live or not, to FILE: a consistent copy holding every
    /// move acknowledged before it began. (PostgreSQL: pg_dump; docs/deploy.md.)
    Backup {
        /// Where to write the copy.
        file: std::path::PathBuf,
        /// The database, as `serve --db` takes it [default: as `serve`].
        #[arg(long)]
        db: Option<battaglie_server::Database>,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Put the backup FILE in place of the SQLite database (the server stopped):
    /// checks FILE first and removes the database's old -wal and -shm files.
    Restore {
        /// The backup to restore.
        file: std::path::PathBuf,
        /// The database to replace, as `serve --db` takes it [default: as `serve`].
        #[arg(long)]
        db: Option<battaglie_server::Database>,
        /// Replace the database if it exists (its games are lost).
        #[arg(long)]
        force: bool,
    },
}

impl Cli {
    /// Runs the chosen subcommand; without one, starts the web server.
    pub fn run(self) -> anyhow::Result<()> {
        // Every search of this process probes the tables found there.
        battaglie_tablebase::registry::use_dir(&crate::tablebase::default_dir());
        match self.command {
            None => crate::serve::run(crate::serve::Options::default()),
            Some(Command::Serve {
                addr,
                metrics_addr,
                db,
                sync,
                log_format,
                no_rate_limit,
                trust_forwarded,
                allow_origins,
                web_dev,
                idle_seconds,
                drain_seconds,
                memory_mib,
                max_games,
                bus,
                computer_lease_ms,
                notify,
            }) => crate::serve::run(crate::serve::Options {
                addr,
                metrics_addr,
                db,
                sync,
                log_format,
                rate_limit: !no_rate_limit,
                trust_forwarded,
                allow_origins,
                web_dev,
                idle_seconds,
                drain_seconds,
                memory_mib,
                max_games,
                bus,
                lease_ms: computer_lease_ms,
                notify,
            }),
            Some(Command::Engine { threads }) => {
                engine::run_stdio(threads);
                Ok(())
            }
            Some(Command::Db {
                what: DbCommand::Check { db },
            }) => crate::serve::check(db),
            Some(Command::Db {
                what: DbCommand::Backup { file, db, force },
            }) => crate::serve::backup(db, &file, force),
            Some(Command::Db {
                what: DbCommand::Restore { file, db, force },
            }) => crate::serve::restore(&file, db, force),
            Some(Command::Site { dir, force }) => {
                let written = battaglie_server::site::write_site(&dir, force)?;
                crate::out::emit(&format!(
                    "wrote the offline edition to {} ({} files, {} KiB): serve the folder from \
                     any static web host, at the root of its address (docs/offline.md)\n",
                    dir.display(),
                    written.files,
                    written.bytes / 1024
                ))
            }
            Some(Command::Learn {
                lesson,
                plain,
                json,
                lang,
            }) => {
                if json {
                    let lessons = battaglie_learn::lessons_json(battaglie_learn::lessons());
                    return crate::out::emit(&format!(
                        "{}\n",
                        serde_json::to_string_pretty(&lessons)?
                    ));
                }
                battaglie_tui::learn(&battaglie_tui::LearnOptions {
                    lesson,
                    plain,
                    lang: lang.unwrap_or_else(crate::data::lang),
                    progress: Some(crate::data::learn_progress()),
                })
            }
            Some(Command::Scenarios) => crate::out::emit(&scenarios::listing()),
            Some(Command::Show {
                scenario,
                bfen,
                moves,
            }) => {
                let game = load_game(&scenario, bfen.as_deref(), moves.as_deref())?;
                crate::out::emit(&show::render(&game))
            }
            Some(Command::Play {
                battle,
                vs,
                hotseat,
                side,
                load,
                replay,
                plain,
                resume,
                no_autosave,
                coach,
            }) => {
                let mut options = battaglie_tui::PlayOptions::new(scenarios::load(&battle)?);
                options.opponent = if hotseat {
                    battaglie_tui::Opponent::Hotseat
                } else {
                    battaglie_tui::Opponent::Computer { level: vs }
                };
                options.human_side = match side {
                    SideArg::Army => battaglie_rules::Side::Army,
                    SideArg::Indians => battaglie_rules::Side::Indians,
                };
                options.load = load;
                options.replay = replay;
                options.plain = plain;
                options.resume = resume;
                options.autosave = (!no_autosave).then(crate::data::autosave);
                options.coach = coach.map(|c| matches!(c, Switch::On));
                battaglie_tui::run(options)
            }
            Some(Command::Record {
                file,
                to,
                from,
                until,
                output,
                force,
            }) => {
                let text = if file == "-" {
                    std::io::read_to_string(std::io::stdin())?
                } else {
                    let path = std::path::Path::new(&file);
                    std::fs::read_to_string(path).map_err(|e| {
                        anyhow::anyhow!("cannot read {}", battaglie_rules::file_error(path, &e))
                    })?
                };
                let record = Record::read(&text).with_context(|| format!("cannot read {file}"))?;
                let scenario = scenarios::load(&record.scenario)
                    .with_context(|| format!("cannot read {file}"))?;
                let game = record
                    .replay(&scenario)
                    .with_context(|| format!("cannot replay {file}"))?;
                // Written back from the replayed game: canonical notation throughout.
                let record =
                    Record::from_game(&game, &record.army, &record.indians, record.date.as_deref());
                if !matches!(to, RecordFormat::Gif) && (from != 0 || until.is_some()) {
                    anyhow::bail!("--from and --until go with `--to gif` only");
                }
                if !matches!(to, RecordFormat::Gif | RecordFormat::Png) && output.is_some() {
                    anyhow::bail!("--output and --force go with `--to gif` or `--to png` only");
                }
                crate::out::emit(&match to {
                    RecordFormat::Text => record.to_string(),
                    RecordFormat::Json => format!("{}\n", record.to_json()),
                    RecordFormat::Board => show::render(&game),
                    RecordFormat::Gif => {
                        let until = until.unwrap_or(game.moves().len());
                        let gif = battaglie_image::game_gif(&game, Some(from..=until))?;
                        let what = format!("an animation of moves {from} to {until}");
                        return crate::out::emit_binary(&gif, output.as_deref(), force, &what);
                    }
                    RecordFormat::Png => {
                        let png = battaglie_image::game_png(&game)?;
                        let what = format!(
                            "a picture of the position after move {}",
                            game.moves().len()
                        );
                        return crate::out::emit_binary(&png, output.as_deref(), force, &what);
                    }
                })
            }
            Some(Command::Match(args)) => crate::matches::run(args),
            Some(Command::Ladder(args)) => crate::ladder::run(args),
            Some(Command::Tune(args)) => crate::tune::run(args),
            Some(Command::Analyze(args)) => crate::analyze::run(args),
            Some(Command::Bench(args)) => crate::bench::run(args),
            Some(Command::Tablebase(args)) => crate::tablebase::run(args),
            Some(Command::Winchance(args)) => crate::winchance::run(args),
            Some(Command::NnueData(args)) => crate::nnuedata::run(args),
            Some(Command::Perft {
                scenario,
                depth,
                bfen,
                divide: per_move,
                played,
            }) => run_perft(&scenario, depth, bfen.as_deref(), per_move, played),
        }
    }
}

fn load_game(scenario: &str, bfen: Option<&str>, moves: Option<&str>) -> anyhow::Result<Game> {
    let s = scenarios::load(scenario)?;
    let start = match bfen {
        Some(b) => Position::from_bfen(&s, b)?,
        None => Position::start(&s),
    };
    let mut game = Game::new(start);
    for (i, text) in moves.unwrap_or("").split_whitespace().enumerate() {
        game.play_text(text)
            .with_context(|| format!("move {}", i + 1))?;
    }
    Ok(game)
}

fn run_perft(
    scenario: &str,
    depth: u32,
    bfen: Option<&str>,
    per_move: bool,
    played: bool,
) -> anyhow::Result<()> {
    let game = load_game(scenario, bfen, None)?;
    let mut pos = game.position().clone();
    let roots = pos.legal_moves();
    let bar = ProgressBar::new(roots.len() as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} perft {msg} [{bar:30}] {pos}/{len} root moves, {elapsed}",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar.set_message(depth.to_string());
    let started = Instant::now();
    let mut total = 0u64;
    let mut lines = Vec::new();
    if depth <= 1 {
        total = if played {
            perft_played(&mut pos, depth)
        } else {
            perft(&mut pos, depth)
        };
        if per_move {
            lines.extend(
                divide(&mut pos, depth)
                    .into_iter()
                    .map(|(m, n)| format!("{m} {n}")),
            );
        }
    } else {
        for mv in &roots {
            let undo = pos.play_unchecked(mv);
            let n = if played {
                perft_played(&mut pos, depth - 1)
            } else {
                perft(&mut pos, depth - 1)
            };
            pos.undo(mv, undo);
            total += n;
            if per_move {
                lines.push(format!("{mv} {n}"));
            }
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    let mut text = String::new();
    for l in lines {
        text += &l;
        text.push('\n');
    }
    text += &format!(
        "perft {depth}: {total} ({:.3} s, {:.1} M moves/s, {})\n",
        secs,
        total as f64 / secs.max(1e-9) / 1e6,
        if played {
            "every move played"
        } else {
            "last ply counted"
        }
    );
    crate::out::emit(&text)
}
