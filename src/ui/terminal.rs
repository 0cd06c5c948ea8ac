//! The real terminal: set-up, the event loop, and restoring the terminal on every way out.
//!
//! Ways out and how each restores: a normal return and an error both pass through
//! [`ratatui::restore`]; a panic goes through the hook [`ratatui::try_init`] installs (it restores,
//! then runs the previous hook, so the panic message lands on a sane terminal); SIGTERM and
//! SIGHUP set a flag the loop polls between key events, so the loop ends normally and reports
//! the signal; Ctrl-C arrives as a key in raw mode and quits.
//!
//! Test hook: in debug builds only, `SIGHTLINE_TEST_PANIC=1` in the environment makes the first
//! key pressed panic, so the end-to-end tests can check that a panic restores the terminal.
//! Release builds ignore the variable.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crossterm::event::{self, Event};

use super::app::{App, Flow};
use super::input::command;
use super::render;

/// How the session ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// The player quit (or the game is over and they left the end screen).
    Quit,
    /// The player asked to save and quit; the caller saves `App::game`.
    SaveAndQuit,
    /// A signal (its number) asked us to stop.
    Signal(i32),
}

/// How often the loop wakes without input to check for signals.
const POLL: Duration = Duration::from_millis(100);

/// Runs the game in the terminal until the player leaves, then restores the terminal.
/// `on_save` is called on `S`; if it fails, its message is shown and play goes on.
pub fn run(app: &mut App, mut on_save: impl FnMut(&App) -> Result<(), String>) -> io::Result<Ended> {
    // 0 until a signal arrives, then its number.
    let stop = Arc::new(AtomicUsize::new(0));
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
        signal_hook::flag::register_usize(signal, Arc::clone(&stop), signal as usize)?;
    }
    let panic_on_key =
        cfg!(debug_assertions) && std::env::var_os("SIGHTLINE_TEST_PANIC").is_some_and(|v| v == "1");
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            // Set-up may have got as far as raw mode: undo whatever it did.
            ratatui::restore();
            return Err(e);
        }
    };
    let result = (|| -> io::Result<Ended> {
        loop {
            terminal.draw(|frame| render::draw(frame, app))?;
            let ended = loop {
                let signal = stop.load(Ordering::Relaxed);
                if signal != 0 {
                    break Some(Ended::Signal(signal as i32));
                }
                if event::poll(POLL)? {
                    break None;
                }
            };
            if let Some(ended) = ended {
                return Ok(ended);
            }
            let Event::Key(key) = event::read()? else { continue };
            if panic_on_key {
                panic!("SIGHTLINE_TEST_PANIC=1: panicking on a key press, as the test hook asks");
            }
            let Some(cmd) = command(key, &app.mode) else { continue };
            match app.handle(cmd) {
                Flow::Continue => {}
                Flow::Quit => return Ok(Ended::Quit),
                Flow::SaveAndQuit => match on_save(app) {
                    Ok(()) => return Ok(Ended::SaveAndQuit),
                    Err(message) => app.notice = Some(format!("Could not save: {message}")),
                },
            }
        }
    })();
    ratatui::restore();
    result
}
