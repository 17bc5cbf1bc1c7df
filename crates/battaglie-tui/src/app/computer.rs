//! The computer's side of the full-screen interface: its search on a thread of its
//! own, picked up by [`App::tick`], and its answer played on the board.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use battaglie_ai::{Info, SearchResult};

use super::{App, Confirm, Mode, Screen};
use crate::session::describe_outcome;

enum AiEvent {
    Info(Info),
    Done(Option<SearchResult>),
}

/// The computer thinking on its own thread.
pub(super) struct Thinking {
    stop: Arc<AtomicBool>,
    rx: Receiver<AiEvent>,
    started: Instant,
    /// How many moves the game had when the search began: a stale answer is dropped.
    plies: usize,
    info: Option<Info>,
}

impl App {
    /// Picks up what the computer found; starts it when it is its turn.
    pub fn tick(&mut self) {
        let mut finished = None;
        let mut gone = false;
        if let Some(t) = &mut self.thinking {
            loop {
                match t.rx.try_recv() {
                    Ok(AiEvent::Info(info)) => t.info = Some(info),
                    Ok(AiEvent::Done(result)) => {
                        finished = Some((result, t.plies));
                        break;
                    }
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        gone = true;
                        break;
                    }
                }
            }
        }
        if let Some((result, plies)) = finished {
            self.thinking = None;
            self.computer_answered(result, plies);
        } else if gone {
            self.thinking = None;
            self.error("The computer stopped without a move.");
        }
        self.maybe_start_computer();
        self.keep();
    }

    /// Waits up to `timeout` for the computer to play (for tests and scripts);
    /// returns whether it is no longer thinking.
    pub fn wait_for_computer(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        self.tick();
        while self.thinking.is_some() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
            self.tick();
        }
        self.thinking.is_none()
    }

    /// How long the computer has been thinking, and how far it has looked (its
    /// winning chance comes with its move, from the outlook).
    pub(crate) fn thinking_status(&self) -> Option<(Duration, Option<String>)> {
        self.thinking.as_ref().map(|t| {
            (
                t.started.elapsed(),
                t.info.as_ref().map(|i| crate::describe::looked(i.depth)),
            )
        })
    }

    pub(super) fn computer_answered(&mut self, result: Option<SearchResult>, plies: usize) {
        if plies != self.session.game.moves().len() || !self.session.computer_to_move() {
            return;
        }
        let Some(result) = result else {
            return;
        };
        let root = self.session.game.position().clone();
        // What the person's move eliminated, said before the reply replaces it.
        let yours = match crate::describe::eliminated(&self.session.game) {
            gone if gone.is_empty() => String::new(),
            gone => format!("Your move{gone}. "),
        };
        let (score, resigned) = self.session.computer_follows();
        if let Some(why) = resigned {
            let end = describe_outcome(&self.session.game).unwrap_or_default();
            self.info(&format!("The computer resigns: {why}. {end}"));
            return;
        }
        match self.session.play(&result.best) {
            Ok(()) => {
                self.last_eval = Some(crate::describe::evaluation(&root, score, result.info.depth));
                self.mode = match std::mem::replace(&mut self.mode, Mode::Normal) {
                    Mode::Prompt(p) => Mode::Prompt(p),
                    _ => Mode::Normal,
                };
                let mut text = format!(
                    "{yours}Computer plays {}{}.",
                    result.best,
                    crate::describe::eliminated(&self.session.game)
                );
                if let Some(end) = describe_outcome(&self.session.game) {
                    text = format!("{text} {end}");
                } else {
                    if self.coach_on() {
                        if let Some(words) = crate::coach::threat(&self.session) {
                            text = format!("{text} Coach: {words}");
                        }
                    }
                    if self.only_pass() {
                        text.push_str(" You have no legal move: press p to pass.");
                    }
                }
                self.info(&text);
                self.follow();
            }
            Err(e) => self.error(&format!("The computer's move was refused: {e}")),
        }
    }

    pub(crate) fn maybe_start_computer(&mut self) {
        if self.thinking.is_some()
            || self.screen == Screen::Replay
            || matches!(self.mode, Mode::Confirm(Confirm::Resume(_)))
        {
            return;
        }
        if !self.session.computer_to_move() {
            return;
        }
        if self.session.level().is_none() {
            return;
        }
        let limits = self.session.computer_limits();
        let game = self.session.game.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let flag = stop.clone();
        let spawned = std::thread::Builder::new()
            .name("computer".into())
            .spawn(move || {
                let result = battaglie_ai::search(&game, &limits, &flag, |info| {
                    let _ = tx.send(AiEvent::Info(info.clone()));
                });
                let _ = tx.send(AiEvent::Done(result));
            });
        match spawned {
            Ok(_) => {
                self.thinking = Some(Thinking {
                    stop,
                    rx,
                    started: Instant::now(),
                    plies: self.session.game.moves().len(),
                    info: None,
                });
            }
            Err(e) => self.error(&format!("cannot start the computer: {e}")),
        }
    }

    pub(crate) fn stop_thinking(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.store(true, Ordering::Relaxed);
        }
    }
}
