//! The game menu (new game, rematch, a draw, save, quit) and the questions asked
//! before anything unsaved is lost.

use std::sync::Arc;

use battaglie_rules::{Game, Position, Scenario, Side};

use crate::app::{App, Confirm, Intent, Mode, Screen};
use crate::session::{describe_outcome, title, Session};
use crate::Opponent;

/// The settings of a new game, chosen in the menu.
#[derive(Debug, Clone)]
pub(crate) struct NewGame {
    pub(crate) scenario: Arc<Scenario>,
    pub(crate) opponent: Opponent,
    pub(crate) human: Side,
}

/// The menu's entries, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Item {
    Start,
    Battle,
    Side,
    Opponent,
    Rematch,
    Draw,
    Save,
    Quit,
}

/// Every entry; a finished game's menu leaves out the draw.
const ITEMS: [Item; 8] = [
    Item::Start,
    Item::Battle,
    Item::Side,
    Item::Opponent,
    Item::Rematch,
    Item::Draw,
    Item::Save,
    Item::Quit,
];

/// The open menu: the entry under the cursor and the new game's settings.
#[derive(Debug, Clone)]
pub(crate) struct Menu {
    pub(crate) index: usize,
    pub(crate) new_game: NewGame,
}

/// The question asked, in words, with the keys that answer it.
/// `offered_back`: the autosave holds the game, unfinished, so the next start offers it.
pub(crate) fn question(c: &Confirm, offered_back: bool) -> String {
    match c {
        Confirm::Quit if offered_back => {
            "The game is not saved to a file (it stays autosaved and is offered back the next time you play). s save and quit · d quit · Esc stay".into()
        }
        Confirm::Quit => {
            "The game has unsaved moves. s save and quit · d discard and quit · Esc stay".into()
        }
        Confirm::Resume(found) => format!(
            "Resume the unfinished game autosaved ({})? y resume · n new game",
            found.describe()
        ),
        Confirm::Load(file) => format!(
            "Load {file} in place of this game? Its unsaved moves are lost. y load · Esc keep playing"
        ),
        Confirm::NewGame(_) => {
            "Start a new game? This one's unsaved moves are lost. y start · s save first · Esc keep playing".into()
        }
        Confirm::Draw => "Do both players agree to a draw? y agree · Esc play on".into(),
        Confirm::Coach { words, .. } => format!(
            "Coach: {words} {} y play it · n take it back",
            crate::coach::anyway()
        ),
    }
}

/// The built-in battles, with the one being played first when it is not built in.
fn battles(current: &Arc<Scenario>) -> Vec<Arc<Scenario>> {
    let mut list: Vec<Arc<Scenario>> = ["washita", "fetterman", "apache-pass"]
        .into_iter()
        .filter_map(Scenario::builtin)
        .collect();
    if !list.iter().any(|s| s.id() == current.id()) {
        list.insert(0, current.clone());
    }
    list
}

fn opponent_words(o: Opponent) -> String {
    match o {
        Opponent::Hotseat => "two players at this keyboard".into(),
        Opponent::Computer { level } => format!("the computer, level {level}"),
    }
}

/// The entries offered for the game in `app`: no draw once it is over.
fn items(app: &App) -> Vec<Item> {
    let over = app.session.game.is_over();
    ITEMS
        .into_iter()
        .filter(|i| !(over && *i == Item::Draw))
        .collect()
}

impl Menu {
    /// The lines of the menu, and which one is under the cursor.
    pub(crate) fn lines(&self, app: &App) -> Vec<(String, bool)> {
        let ng = &self.new_game;
        items(app)
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let text = match item {
                    Item::Start => "Start the new game below".to_string(),
                    Item::Battle => format!(
                        "  Battle:   ‹ {} ({}) ›",
                        ng.scenario.name(),
                        ng.scenario.date()
                    ),
                    Item::Side => format!("  You play: ‹ the {} ›", title(ng.human)),
                    Item::Opponent => format!("  Against:  ‹ {} ›", opponent_words(ng.opponent)),
                    Item::Rematch => match app.session.opponent {
                        Opponent::Computer { .. } => format!(
                            "Rematch: the same battle, you play the {}",
                            title(!app.session.human)
                        ),
                        Opponent::Hotseat => "Rematch: the same battle from the start".into(),
                    },
                    Item::Draw => match app.session.opponent {
                        Opponent::Computer { .. } => "Offer the computer a draw".into(),
                        Opponent::Hotseat => "Agree a draw".into(),
                    },
                    Item::Save => "Save the game".into(),
                    Item::Quit => "Quit".into(),
                };
                (text, i == self.index)
            })
            .collect()
    }
}

impl App {
    /// Opens the game menu.
    pub(crate) fn open_menu(&mut self) {
        self.screen = Screen::Game;
        self.mode = Mode::Menu(Menu {
            index: 0,
            new_game: NewGame {
                scenario: self.session.game.start().scenario().clone(),
                opponent: self.session.opponent,
                human: self.session.human,
            },
        });
    }

    pub(crate) fn menu_key(&mut self, wish: Intent, mut menu: Menu) {
        let items = items(self);
        menu.index = menu.index.min(items.len() - 1);
        let item = items[menu.index];
        match wish {
            Intent::Cancel => {
                self.info("Menu closed.");
                return;
            }
            Intent::MenuUp => menu.index = (menu.index + items.len() - 1) % items.len(),
            Intent::MenuDown => menu.index = (menu.index + 1) % items.len(),
            Intent::Change { forward } => change(&mut menu.new_game, item, forward),
            Intent::Choose => match item {
                Item::Start => return self.new_game(menu.new_game),
                Item::Battle | Item::Side | Item::Opponent => {
                    change(&mut menu.new_game, item, true)
                }
                Item::Rematch => {
                    let ng = NewGame {
                        scenario: self.session.game.start().scenario().clone(),
                        opponent: self.session.opponent,
                        human: match self.session.opponent {
                            Opponent::Computer { .. } => !self.session.human,
                            Opponent::Hotseat => self.session.human,
                        },
                    };
                    return self.new_game(ng);
                }
                Item::Draw => return self.offer_draw(),
                Item::Save => {
                    self.mode = Mode::Prompt(crate::app::Prompt {
                        kind: crate::app::PromptKind::Save,
                        text: self.save_path.clone(),
                    });
                    return;
                }
                Item::Quit => {
                    self.mode = Mode::Normal;
                    if self.session.is_dirty() {
                        self.mode = Mode::Confirm(Confirm::Quit);
                    } else {
                        self.set_quit();
                    }
                    return;
                }
            },
            _ => {}
        }
        self.mode = Mode::Menu(menu);
    }

    /// Starts `ng`, asking first when the current game has unsaved moves.
    pub(crate) fn new_game(&mut self, ng: NewGame) {
        if self.session.is_dirty() {
            self.mode = Mode::Confirm(Confirm::NewGame(ng));
            return;
        }
        self.start(ng);
    }

    pub(crate) fn start(&mut self, ng: NewGame) {
        self.stop_thinking();
        let game = Game::new(Position::start(&ng.scenario));
        self.session = Session::from_game(game, ng.opponent, ng.human);
        self.replay = None;
        self.screen = Screen::Game;
        self.mode = Mode::Normal;
        self.last_eval = None;
        self.save_path = format!("{}-game.txt", ng.scenario.id());
        self.cursor = self.home_square();
        let who = match ng.opponent {
            Opponent::Hotseat => "two players at this keyboard".to_string(),
            o => format!(
                "you play the {} against {}",
                title(ng.human),
                opponent_words(o)
            ),
        };
        self.info(&format!("New game: {}, {who}.", ng.scenario.name()));
        self.maybe_start_computer();
    }

    /// A draw: both players at the keyboard agree, or the computer accepts when it
    /// expects no more from playing on (see [`crate::session::Session::computer_accepts_draw`]).
    fn offer_draw(&mut self) {
        self.mode = Mode::Normal;
        if let Some(end) = describe_outcome(&self.session.game) {
            self.error(&format!("The game is already over. {end}"));
            return;
        }
        match self.session.opponent {
            Opponent::Hotseat => self.mode = Mode::Confirm(Confirm::Draw),
            Opponent::Computer { .. } => {
                if self.session.computer_accepts_draw() {
                    self.agree_draw("The computer accepts the draw.");
                } else {
                    let refusal = self.session.draw_refusal();
                    self.info(&refusal);
                }
            }
        }
    }

    fn agree_draw(&mut self, why: &str) {
        self.stop_thinking();
        match self.session.game.agree_draw() {
            Ok(()) => {
                let end = describe_outcome(&self.session.game).unwrap_or_default();
                self.info(&format!("{why} {end} m opens the menu."));
            }
            Err(o) => self.error(&format!("The game is already over ({o}).")),
        }
    }

    pub(crate) fn confirm_key(&mut self, wish: Intent, c: Confirm) {
        let yes = wish == Intent::Yes;
        match (&c, wish) {
            (Confirm::Resume(_), Intent::No) => {
                self.info("A new game: the autosaved one is kept until you move.");
                self.maybe_start_computer();
            }
            (Confirm::Resume(found), _) if yes => self.resume((**found).clone()),
            (Confirm::Coach { .. }, Intent::No) => {
                self.info("Taken back: nothing was played.");
            }
            (Confirm::Coach { text, .. }, Intent::Yes) => {
                let text = text.clone();
                self.play_anyway(&text);
            }
            (_, Intent::No) => {
                self.info("Carry on.");
            }
            (Confirm::Quit, Intent::SaveFirst) => self.save_then_quit(),
            (Confirm::Quit, Intent::Discard) => self.set_quit(),
            (Confirm::Load(file), _) if yes => {
                let file = file.clone();
                self.load(&file);
            }
            (Confirm::NewGame(ng), Intent::SaveFirst) => {
                self.start_after_save = Some(ng.clone());
                self.mode = Mode::Prompt(crate::app::Prompt {
                    kind: crate::app::PromptKind::Save,
                    text: self.save_path.clone(),
                });
            }
            (Confirm::NewGame(ng), _) if yes => {
                let ng = ng.clone();
                self.start(ng);
            }
            (Confirm::Draw, _) if yes => self.agree_draw("Agreed."),
            _ => self.mode = Mode::Confirm(c),
        }
    }
}

/// Steps a setting of the new game forwards or backwards.
fn change(ng: &mut NewGame, item: Item, forward: bool) {
    match item {
        Item::Battle => {
            let list = battles(&ng.scenario);
            let i = list
                .iter()
                .position(|s| s.id() == ng.scenario.id())
                .unwrap_or(0);
            let n = list.len();
            let j = if forward {
                (i + 1) % n
            } else {
                (i + n - 1) % n
            };
            ng.scenario = list[j].clone();
        }
        Item::Side => ng.human = !ng.human,
        Item::Opponent => {
            // Hotseat, then levels 1 to 8.
            let i = match ng.opponent {
                Opponent::Hotseat => 0,
                Opponent::Computer { level } => level as usize,
            };
            let j = if forward { (i + 1) % 9 } else { (i + 8) % 9 };
            ng.opponent = if j == 0 {
                Opponent::Hotseat
            } else {
                Opponent::Computer { level: j as u8 }
            };
        }
        _ => {}
    }
}
