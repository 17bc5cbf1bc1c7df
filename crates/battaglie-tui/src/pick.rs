//! Building a move on the board with the cursor, shared by the game's screen and the
//! lessons' screen: the cursor's steps, the stack picked, the pieces chosen and the groups
//! sent to its neighbours, judged by the rules' own move parser.

use battaglie_rules::{Kind, MoveError, Pieces, Position, Scenario, Square};

use crate::app::{Intent, Step};

/// Where `step` takes the cursor from `cursor` on `scenario`'s map: never off it; west of
/// file `a` are the staging squares.
pub(crate) fn step_cursor(scenario: &Scenario, cursor: Square, step: Step) -> Square {
    let rank = cursor.rank();
    let file: i16 = cursor.file().map_or(-1, i16::from);
    let (file, rank) = match step {
        Step::Left => ((file - 1).max(-1), rank),
        Step::Right => ((file + 1).min(scenario.width() as i16 - 1), rank),
        Step::Up => (file, (rank + 1).min(scenario.height() - 1)),
        Step::Down => (file, rank.saturating_sub(1)),
    };
    if file < 0 {
        Square::staging(rank)
    } else {
        Square::new(file as u8, rank)
    }
}

/// Why pieces could not be sent to a square.
#[derive(Debug)]
pub(crate) enum SendError {
    /// The square is not a step from the stack.
    NotANeighbour,
    /// No piece is chosen.
    NothingChosen,
    /// The rules refuse the move so far with these pieces sent there.
    Refused(MoveError),
}

/// The move being built on the board: a stack, the pieces chosen, the groups sent.
#[derive(Debug, Clone)]
pub(crate) struct Selection {
    /// The square the pieces leave.
    pub(crate) from: Square,
    /// Everything on it.
    pub(crate) stack: Pieces,
    /// The groups sent so far, by destination.
    pub(crate) groups: Vec<(Square, Pieces)>,
    /// The pieces chosen to send next.
    pub(crate) chosen: Pieces,
    /// The kinds added one at a time, for backspace.
    picked: Vec<Kind>,
    /// Whether `chosen` is the automatic "all that is left" (a kind key starts afresh).
    auto: bool,
}

impl Selection {
    pub(crate) fn new(from: Square, stack: Pieces) -> Selection {
        Selection {
            from,
            stack,
            groups: Vec::new(),
            chosen: stack,
            picked: Vec::new(),
            auto: true,
        }
    }

    /// The pieces not yet sent anywhere.
    pub(crate) fn remaining(&self) -> Pieces {
        self.groups
            .iter()
            .fold(self.stack, |left, (_, p)| left.minus(*p))
    }

    /// The move text of the groups sent, with `extra` sent too.
    pub(crate) fn text(&self, extra: Option<(Square, Pieces)>) -> String {
        let mut groups = self.groups.clone();
        if let Some((to, p)) = extra {
            match groups.iter_mut().find(|(t, _)| *t == to) {
                Some((_, q)) => *q = q.plus(p),
                None => groups.push((to, p)),
            }
        }
        let parts: Vec<String> = groups.iter().map(|(to, p)| format!("{p}-{to}")).collect();
        format!("{}:{}", self.from, parts.join(","))
    }
}

impl Selection {
    /// A choice of pieces (all that is left, one more or one fewer of a kind, the last one
    /// back): `Err` with the kind when none of it is left to choose.
    pub(crate) fn choose(&mut self, wish: &Intent) -> Result<(), Kind> {
        match *wish {
            Intent::ChooseAll => {
                self.chosen = self.remaining();
                self.picked.clear();
                self.auto = false;
            }
            Intent::Add(kind) => {
                if self.auto {
                    self.chosen = Pieces::EMPTY;
                    self.picked.clear();
                    self.auto = false;
                }
                if self.remaining().count(kind) > self.chosen.count(kind) {
                    self.chosen = self.chosen.plus(Pieces::one(kind));
                    self.picked.push(kind);
                } else {
                    return Err(kind);
                }
            }
            Intent::Remove(kind) => {
                self.auto = false;
                if self.chosen.count(kind) > 0 {
                    self.chosen = self.chosen.minus(Pieces::one(kind));
                    if let Some(i) = self.picked.iter().rposition(|k| *k == kind) {
                        self.picked.remove(i);
                    }
                }
            }
            Intent::RemoveLast => {
                self.auto = false;
                let kind = self.picked.pop().or_else(|| {
                    Kind::ALL
                        .into_iter()
                        .rev()
                        .find(|k| self.chosen.count(*k) > 0)
                });
                if let Some(kind) = kind {
                    if self.chosen.count(kind) > 0 {
                        self.chosen = self.chosen.minus(Pieces::one(kind));
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Sends the chosen pieces to `to` when the rules allow the move so far with them:
    /// the pieces sent. What is left is chosen next.
    pub(crate) fn send(&mut self, pos: &Position, to: Square) -> Result<Pieces, SendError> {
        if !pos.scenario().neighbours(self.from).any(|n| n == to) {
            return Err(SendError::NotANeighbour);
        }
        if self.chosen.is_empty() {
            return Err(SendError::NothingChosen);
        }
        pos.parse_move(&self.text(Some((to, self.chosen))))
            .map_err(SendError::Refused)?;
        let sent = self.chosen;
        match self.groups.iter_mut().find(|(t, _)| *t == to) {
            Some((_, p)) => *p = p.plus(sent),
            None => self.groups.push((to, sent)),
        }
        self.chosen = self.remaining();
        self.picked.clear();
        self.auto = true;
        Ok(sent)
    }
}
