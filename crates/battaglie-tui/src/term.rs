//! The full-screen interface on the real terminal.

use std::io::stdout;
use std::time::Duration;

use anyhow::Context;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;

use crate::app::App;
use crate::PlayOptions;

/// Runs the full-screen interface until the player quits.
pub(crate) fn run_terminal(options: &PlayOptions) -> anyhow::Result<()> {
    let mut app = App::new(options)?;
    let mut terminal = ratatui::try_init().context("cannot set up the terminal")?;
    let _ = execute!(stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut app);
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    if let Some(words) = app.farewell() {
        println!("{words}");
    }
    result
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> anyhow::Result<()> {
    while !app.should_quit() {
        app.tick();
        terminal.draw(|frame| app.draw(frame))?;
        if event::poll(Duration::from_millis(100))? {
            match event::read()? {
                Event::Key(key) => app.handle_key(key),
                Event::Mouse(mouse) => app.handle_mouse(mouse),
                _ => {}
            }
        }
    }
    Ok(())
}
