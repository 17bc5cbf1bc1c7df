//! The line mode, for screen readers and pipes: after each move only what changed
//! (the move, what it eliminated, the reply); the stacks, the grid, the rules and
//! the battle's notes on request.

use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;

use battaglie_rules::{Game, Move, Position};

use crate::coach::coach_on;
use crate::describe::numbered_moves;
use crate::plain_keep::{before_losing, Then};
use crate::plain_text::{legal_moves, paragraphs, report, say_result, stacks_and_result};
use crate::session::{describe_outcome, title, Session};
use crate::text::render_text;
use crate::{Opponent, PlayOptions};

const HELP: &str = "\
Type a move in notation, or a command.
  A move names the square the pieces leave, a colon, then for each destination the
  pieces that go there (F Foot, M Mounted, V Vehicle), - (or x to eliminate) and the
  square: @8:MMM-a8 rides three horsemen from staging onto a8; c3:FF-c4,Mxd3 sends two
  Foot north and a Mounted east onto an enemy stack. pass only when nothing else is legal.
After each move only what changed is said: the move, what it eliminated, the reply.
Commands:
  stacks (where)   every stack by square
  board            the board as a grid, with the terrain
  moves [SQUARE]   the legal moves (from SQUARE only: moves @8)
  rules            the rules in brief
  notes            the battle's summary and history
  history          the moves played so far, numbered by turn
  undo, redo       take back a move (against the computer: your last move and its reply), play it again
  save FILE        save the game (JSON when FILE ends in .json, the text record otherwise)
  load FILE        load a saved game and go on from its end
  replay           step through the game: next, back, start, end, then play (go on from there) or stop
  draw             offer a draw (two players: agreed; the computer accepts when it is not ahead)
  resign           give up the game
  new, rematch     the same battle from the start (rematch: against the computer, sides swapped)
  resume           go on with the unfinished game offered at the start (the autosave)
  help             this text
  quit             leave (end of input leaves too)
Against the computer at levels 1 to 3 the coach asks whether to play it anyway (y/n) before a
move that leaves a stack to be eliminated next turn, and says after the computer's move
what it threatens (--coach on|off turns it on or off).
Before new, rematch, load or quit would lose unsaved moves, you are asked first; with
nobody to answer (a pipe) the game is saved to a new file and you are told where.
";

/// The replay being stepped through in the line mode.
struct Stepper {
    moves: Vec<Move>,
    index: usize,
    start: Position,
    /// The game as it ended: the last step keeps a resignation or an agreed draw.
    end: Game,
}

impl Stepper {
    fn new(game: &Game) -> Stepper {
        Stepper {
            moves: game.moves().copied().collect(),
            index: 0,
            start: game.start().clone(),
            end: game.clone(),
        }
    }

    fn game(&self) -> Game {
        if self.index == self.moves.len() {
            return self.end.clone();
        }
        let mut game = Game::new(self.start.clone());
        for mv in &self.moves[..self.index] {
            if game.try_play(mv).is_err() {
                break;
            }
        }
        game
    }

    fn say<W: Write>(&self, out: &mut W) -> std::io::Result<()> {
        let game = self.game();
        let turn = crate::describe::turn_of_last_move(&game)
            .map(|t| format!(" ({t})"))
            .unwrap_or_default();
        writeln!(
            out,
            "Replay: move {} of {}{turn}.",
            self.index,
            self.moves.len()
        )?;
        report(out, &game)
    }
}

/// Plays a game in the line mode, reading moves and commands from `input` and
/// writing prompts and answers to `output`. The end of the input ends the session,
/// so it works through a pipe.
///
/// The prompt is `Army to move (turn 3)> `; the computer's moves are written as
/// `Computer plays: <move>`; after every move a sentence says who played what and
/// what it eliminated, and the stacks are listed by square; at the end of a game
/// the result and its reason are written. With `options.replay` the loaded game
/// opens in the replay (`next`, `back`, `start`, `end`, `play`, `stop`).
///
/// # Errors
/// When the record named in `options.load` cannot be loaded, or `output` cannot
/// be written. Bad input never fails: it is answered with a message.
pub fn run_plain<R: BufRead, W: Write>(
    mut input: R,
    mut output: W,
    options: &PlayOptions,
) -> anyhow::Result<()> {
    let (mut session, mut autosave) = crate::autosave::open(options)?;
    let out = &mut output;
    let s = session.game.start().scenario().clone();
    let who = match session.opponent {
        Opponent::Hotseat => "Both sides are played at this keyboard".to_string(),
        Opponent::Computer { level } => format!(
            "You play the {} ({}) against the computer at level {level}",
            title(session.human),
            s.side_name(session.human)
        ),
    };
    writeln!(
        out,
        "battaglie: {} ({}). {who}. Type help for the commands, board for the grid, quit to leave.",
        s.name(),
        s.date()
    )?;
    let mut offered = match crate::autosave::offer(options, autosave.as_ref()) {
        Ok(found) => found,
        Err(e) => {
            writeln!(out, "{e:#}")?;
            None
        }
    };
    if options.resume {
        writeln!(out, "Resumed the autosaved game.")?;
    }
    if let Some(found) = &offered {
        writeln!(
            out,
            "An unfinished game is autosaved ({}): type resume to go on with it; a move (or new) starts a new game in its place.",
            found.describe()
        )?;
    }
    let mut replay = None;
    if options.replay {
        let stepper = Stepper::new(&session.game);
        stepper.say(out)?;
        replay = Some(stepper);
    } else {
        stacks_and_result(out, &session.game)?;
    }
    let mut line = String::new();
    loop {
        if let Some(a) = &mut autosave {
            match a.keep(&session) {
                Ok(true) => offered = None,
                Ok(false) => {}
                Err(e) => writeln!(out, "Autosave failed: {e:#}")?,
            }
        }
        if replay.is_none() && session.computer_to_move() && offered.is_none() {
            computer_move(&mut session, out)?;
            if coach_on(options.coach, &session) {
                if let Some(words) = crate::coach::threat(&session) {
                    writeln!(out, "Coach: {words}")?;
                }
            }
            continue;
        }
        let pos = session.game.position();
        if replay.is_some() {
            write!(out, "Replay> ")?;
        } else if session.game.is_over() {
            write!(out, "Game over> ")?;
        } else {
            let legal = session.game.legal_moves();
            if legal.len() == 1 && legal[0].is_pass() {
                writeln!(
                    out,
                    "The {} have no legal move: type pass.",
                    title(pos.side_to_move())
                )?;
            }
            write!(
                out,
                "{} to move (turn {})> ",
                title(pos.side_to_move()),
                pos.turn()
            )?;
        }
        out.flush()?;
        line.clear();
        let read = match input.read_line(&mut line) {
            Ok(n) => n,
            Err(e) => {
                writeln!(out, "\ncannot read the input: {e}")?;
                0
            }
        };
        if read == 0 {
            writeln!(out)?;
            if replay.is_none() {
                // Nobody is left to answer: keep what would be lost.
                before_losing(
                    &mut session,
                    options,
                    autosave.as_ref(),
                    false,
                    true,
                    &mut input,
                    out,
                )?;
            }
            writeln!(out, "Goodbye.")?;
            break;
        }
        let text = line.trim();
        let (word, rest) = match text.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (text, ""),
        };
        let word = word.to_ascii_lowercase();
        if let Some(stepper) = &mut replay {
            match word.as_str() {
                "" | "next" | "n" => stepper.index = (stepper.index + 1).min(stepper.moves.len()),
                "back" | "b" | "previous" | "p" => stepper.index = stepper.index.saturating_sub(1),
                "start" | "home" => stepper.index = 0,
                "end" => stepper.index = stepper.moves.len(),
                "board" => {
                    write!(out, "{}", render_text(&stepper.game()))?;
                    continue;
                }
                "stacks" | "where" => {
                    stacks_and_result(out, &stepper.game())?;
                    continue;
                }
                "play" | "t" => {
                    let mut redo: Vec<Move> = stepper.moves[stepper.index..].to_vec();
                    redo.reverse();
                    session.game = stepper.game();
                    session.redo = redo;
                    replay = None;
                    writeln!(
                        out,
                        "Playing on from move {}; redo plays the record's next move.",
                        session.game.moves().len()
                    )?;
                    stacks_and_result(out, &session.game)?;
                    continue;
                }
                "stop" | "quit" | "q" | "exit" => {
                    replay = None;
                    writeln!(out, "Back to the game.")?;
                    stacks_and_result(out, &session.game)?;
                    continue;
                }
                _ => {
                    writeln!(
                        out,
                        "In the replay: next (or Enter), back, start, end, board, stacks, play (go on from here), stop."
                    )?;
                    continue;
                }
            }
            stepper.say(out)?;
            continue;
        }
        match word.as_str() {
            "" => {}
            "help" | "?" | "h" => write!(out, "{HELP}")?,
            "quit" | "exit" | "q" => {
                let then = ask(&mut session, &autosave, options, true, &mut input, out)?;
                if then != Then::Stay {
                    writeln!(out, "Goodbye.")?;
                    break;
                }
            }
            "resume" => match offered.take() {
                Some(found) => {
                    writeln!(out, "Resumed: {}.", found.describe())?;
                    session = found.session();
                    stacks_and_result(out, &session.game)?;
                }
                None => writeln!(out, "There is no autosaved game to resume.")?,
            },
            "board" | "b" | "grid" => write!(out, "{}", render_text(&session.game))?,
            "stacks" | "where" | "show" => stacks_and_result(out, &session.game)?,
            "moves" | "legal" => legal_moves(out, &session.game, &rest.to_ascii_lowercase())?,
            "rules" => {
                let s = session.game.start().scenario().clone();
                paragraphs(out, &crate::brief::rules(&s))?;
                let kinds: Vec<String> = crate::text::kinds_on_map(&s)
                    .into_iter()
                    .map(|t| format!("{}{}", t.name, crate::text::who_enters(t)))
                    .collect();
                writeln!(out)?;
                paragraphs(out, &[format!("Terrain: {}.", kinds.join("; "))])?;
            }
            "notes" => {
                let s = session.game.start().scenario().clone();
                paragraphs(out, &crate::brief::battle(&s))?;
                for (head, paras) in crate::brief::notes(&s) {
                    writeln!(out, "\n{head}")?;
                    paragraphs(out, &paras)?;
                }
            }
            "history" => {
                let moves = numbered_moves(&session.game);
                if moves.is_empty() {
                    writeln!(out, "No moves yet.")?;
                } else {
                    for m in moves {
                        writeln!(out, "{}", m.trim_start())?;
                    }
                }
            }
            "undo" | "u" => {
                let was_settled = session.game.settled().is_some();
                let undone = session.undo();
                if undone.is_empty() && !was_settled {
                    writeln!(out, "Nothing to undo.")?;
                } else {
                    if undone.is_empty() {
                        writeln!(out, "The game is open again.")?;
                    } else {
                        let list: Vec<String> = undone.iter().map(|m| m.to_string()).collect();
                        writeln!(out, "Took back: {}.", list.join(", "))?;
                    }
                }
            }
            "redo" => {
                let done = session.redo();
                if done.is_empty() {
                    writeln!(out, "Nothing to redo.")?;
                } else {
                    let list: Vec<String> = done.iter().map(|m| m.to_string()).collect();
                    writeln!(out, "Played again: {}.", list.join(", "))?;
                    say_result(out, &session.game)?;
                }
            }
            "save" => {
                if rest.is_empty() {
                    writeln!(out, "Say where: save FILE (FILE.json for JSON).")?;
                } else {
                    match session.save(Path::new(rest)) {
                        Ok(written) => {
                            writeln!(out, "{}", Session::saved_message(Path::new(rest), &written))?
                        }
                        Err(e) => writeln!(out, "Error: {e:#}")?,
                    }
                }
            }
            "load" => {
                if rest.is_empty() {
                    writeln!(out, "Say which file: load FILE.")?;
                } else {
                    match ask(&mut session, &autosave, options, false, &mut input, out)? {
                        Then::Go => {}
                        Then::Stay => continue,
                        Then::Leave => break,
                    }
                    match session.load(Path::new(rest)) {
                        Ok(()) => {
                            writeln!(
                                out,
                                "Loaded {rest}: {} moves; {}.",
                                session.game.moves().len(),
                                session.describe_players()
                            )?;
                            stacks_and_result(out, &session.game)?;
                        }
                        Err(e) => writeln!(out, "Error: {e:#}")?,
                    }
                }
            }
            "replay" => {
                let stepper = Stepper::new(&session.game);
                stepper.say(out)?;
                replay = Some(stepper);
            }
            "draw" => {
                if let Some(end) = describe_outcome(&session.game) {
                    writeln!(out, "The game is already over. {end}")?;
                    continue;
                }
                let accepted = match session.opponent {
                    Opponent::Hotseat => true,
                    Opponent::Computer { .. } => {
                        let accepts = session.computer_accepts_draw();
                        if !accepts {
                            writeln!(out, "{}", session.draw_refusal())?;
                        }
                        accepts
                    }
                };
                if accepted && session.game.agree_draw().is_ok() {
                    say_result(out, &session.game)?;
                }
            }
            "resign" => {
                let side = if session.human_to_move() {
                    session.game.position().side_to_move()
                } else {
                    session.human
                };
                match session.game.resign(side) {
                    Ok(()) => say_result(out, &session.game)?,
                    Err(_) => writeln!(
                        out,
                        "The game is already over. {}",
                        describe_outcome(&session.game).unwrap_or_default()
                    )?,
                }
            }
            "new" | "rematch" => {
                match ask(&mut session, &autosave, options, false, &mut input, out)? {
                    Then::Go => {}
                    Then::Stay => continue,
                    Then::Leave => break,
                }
                offered = None;
                let human = match (word.as_str(), session.opponent) {
                    ("rematch", Opponent::Computer { .. }) => !session.human,
                    _ => session.human,
                };
                let game = Game::new(Position::start(session.game.start().scenario()));
                session = Session::from_game(game, session.opponent, human);
                writeln!(
                    out,
                    "A new game of {}. {}",
                    session.game.start().scenario().name(),
                    match session.opponent {
                        Opponent::Hotseat => "Both sides at this keyboard.".to_string(),
                        Opponent::Computer { .. } =>
                            format!("You play the {}.", title(session.human)),
                    }
                )?;
                stacks_and_result(out, &session.game)?;
            }
            _ => {
                if let Some(end) = describe_outcome(&session.game) {
                    writeln!(
                        out,
                        "The game is over. {end} Type undo to take back the last move, new or rematch to play again, quit to leave."
                    )?;
                    continue;
                }
                if coach_on(options.coach, &session) {
                    if let Some(words) = crate::coach::warning(&session, text) {
                        write!(out, "Coach: {words} {} (y/n)> ", crate::coach::anyway())?;
                        out.flush()?;
                        let mut answer = String::new();
                        input.read_line(&mut answer)?;
                        if !matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes") {
                            writeln!(out, "Taken back: nothing was played.")?;
                            continue;
                        }
                    }
                }
                match session.play_text(text) {
                    Ok(_) => report(out, &session.game)?,
                    Err(e) => writeln!(
                        out,
                        "Error: {e}. Type moves for the legal moves, help for help."
                    )?,
                }
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// Before a command replaces or leaves the game: asks when someone answers, else
/// keeps the game aside (see [`before_losing`]).
fn ask<R: BufRead, W: Write>(
    session: &mut Session,
    autosave: &Option<crate::autosave::Autosave>,
    options: &PlayOptions,
    leaving: bool,
    input: &mut R,
    out: &mut W,
) -> std::io::Result<Then> {
    before_losing(
        session,
        options,
        autosave.as_ref(),
        options.answers,
        leaving,
        input,
        out,
    )
}

/// Lets the computer choose and play its move, and says what happened.
fn computer_move<W: Write>(session: &mut Session, out: &mut W) -> anyhow::Result<()> {
    let limits = session.computer_limits();
    let stop = AtomicBool::new(false);
    let root = session.game.position().clone();
    match battaglie_ai::search(&session.game, &limits, &stop, |_| {}) {
        Some(result) => {
            let (score, resigned) = session.computer_follows();
            if let Some(why) = resigned {
                writeln!(out, "The computer resigns: {why}.")?;
                return Ok(say_result(out, &session.game)?);
            }
            let words = crate::describe::evaluation(&root, score, result.info.depth).lines();
            let (chance, detail) = words.split_first().expect("a chance, then details");
            session
                .play(&result.best)
                .map_err(|e| anyhow::anyhow!("the computer chose an illegal move: {e}"))?;
            writeln!(
                out,
                "Computer plays: {}{}. Winning chance: {chance} ({}).",
                result.best,
                crate::describe::eliminated(&session.game),
                detail.join(", ")
            )?;
            say_result(out, &session.game)?;
        }
        None => anyhow::bail!("the computer found no move in a game that is not over"),
    }
    Ok(())
}
