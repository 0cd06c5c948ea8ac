//! The game's event loop in the real terminal ([`run`]): draw the app, wait for a key (or a
//! paste, a signal, the terminal going away), hand the app its command, save when it asks, and
//! end as the player or a signal says ([`Ended`]). The terminal itself — set-up, restoring it on
//! every way out, signals, job control, reading its events — is [`super::terminal`]'s, shared
//! with the lab's loop.
//!
//! Test hooks, in debug builds only: `SIGHTLINE_TEST_PANIC=1` makes the first key pressed
//! panic, and `SIGHTLINE_TEST_SIGNAL_DURING_SAVE=1` sends SIGTERM as a save starts (see
//! `signal_during_save_for_tests`), so the end-to-end tests can check that the terminal is
//! restored and the save finished. Release builds ignore both.

use std::io;
use std::thread;
use std::time::Duration;

use super::app::{App, Command, Flow};
use super::input::command;
use super::render;
use super::terminal::{GRACE, StopSignals, Waited, give_back, init, wait};

/// How the session ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// The player quit (or the game is over and they left the end screen).
    Quit,
    /// The player asked to save and quit; the caller saves `App::game`.
    SaveAndQuit,
    /// A signal (its number) asked us to stop.
    Signal(i32),
    /// The player asked to save and quit, and a signal (its number) came while the caller
    /// saved: the save is done, and the session ends on the signal.
    SavedThenSignal(i32),
}

/// Test hook, debug builds only: with `SIGHTLINE_TEST_SIGNAL_DURING_SAVE=1` a save first sends
/// the process SIGTERM, then waits longer than the watchdog's grace, so an end-to-end test can
/// check that a signal during a save neither cuts it off nor goes unreported. Release builds
/// ignore the variable.
fn signal_during_save_for_tests() {
    if cfg!(debug_assertions)
        && std::env::var_os("SIGHTLINE_TEST_SIGNAL_DURING_SAVE").is_some_and(|v| v == "1")
    {
        // SAFETY: `raise` only sends a signal to this thread; the handler sets a flag.
        unsafe { libc::raise(libc::SIGTERM) };
        thread::sleep(GRACE + Duration::from_millis(500));
    }
}

/// Runs the game in the terminal until the player leaves, then restores the terminal.
/// `on_save` is called on `S`; if it fails, its message is shown and play goes on. `on_end` is
/// called once the game ends (the action that kills the player or takes the exit), before the
/// end screen is drawn, as a save is: a signal that comes meanwhile lets it finish. If it fails,
/// its message is shown on the end screen. (So whatever the end is to leave behind — the game
/// writes it over the save it was resumed from — is left before the player can close the
/// terminal on the end screen.) A terminal that goes away ends the game as SIGHUP does,
/// [`Ended::Signal`], wherever that finds it: in the wait for a key, or failing the set-up or a
/// frame being drawn.
pub fn run(
    app: &mut App,
    mut on_save: impl FnMut(&App) -> Result<(), String>,
    mut on_end: impl FnMut(&App) -> Result<(), String>,
) -> io::Result<Ended> {
    let stop = StopSignals::watch()?;
    let ignore_signals = StopSignals::ignored_for_tests();
    let panic_on_key =
        cfg!(debug_assertions) && std::env::var_os("SIGHTLINE_TEST_PANIC").is_some_and(|v| v == "1");
    let mut terminal = match init() {
        // (gone as it was being taken, or while the game loaded: nothing was taken)
        Err(_) if stop.terminal_gone() => return Ok(Ended::Signal(signal_hook::consts::SIGHUP)),
        taken => taken?,
    };
    let result = (|| -> io::Result<Ended> {
        stop.bracketed_paste()?;
        loop {
            terminal.draw(|frame| render::draw(frame, app))?;
            let key = match wait(&stop, &mut terminal, ignore_signals)? {
                Waited::Key(key) => key,
                Waited::Paste(text) => {
                    // (text for the save-as prompt, typed as its keys would be; nothing elsewhere)
                    let size = terminal.size()?;
                    if !render::too_small(size.width, size.height) {
                        for cmd in super::input::pasted(&text, &app.mode) {
                            app.handle(cmd);
                        }
                    }
                    continue;
                }
                Waited::Redraw => continue,
                Waited::Signal(signal) => return Ok(Ended::Signal(signal)),
            };
            if panic_on_key {
                panic!("SIGHTLINE_TEST_PANIC=1: panicking on a key press, as the test hook asks");
            }
            let Some(cmd) = command(key, &app.mode) else { continue };
            let size = terminal.size()?;
            if render::too_small(size.width, size.height) && cmd != Command::Interrupt {
                // The screen shows only the "too small" notice: no move is made blind.
                continue;
            }
            app.screen = size;
            let was_over = app.game.is_over();
            let flow = app.handle(cmd);
            if !was_over
                && app.game.is_over()
                && let Err(message) = stop.while_saving(|| on_end(app))
            {
                app.notice = Some(message);
            }
            match flow {
                Flow::Continue => {}
                Flow::Quit => return Ok(Ended::Quit),
                Flow::SaveAndQuit => match stop.while_saving(|| {
                    signal_during_save_for_tests();
                    on_save(app)
                }) {
                    // A signal that came while saving ends the session on it, the save kept.
                    Ok(()) => {
                        return Ok(match stop.signal().filter(|_| !ignore_signals) {
                            Some(signal) => Ended::SavedThenSignal(signal),
                            None => Ended::SaveAndQuit,
                        });
                    }
                    // (A signal that came while a save failed ends the loop at its next wait.)
                    Err(message) => app.save_failed(&message),
                },
            }
        }
    })();
    if give_back(terminal, &stop) {
        // (Where it went away mid-frame, the draw's error is its hang-up.)
        return result.or(Ok(Ended::Signal(signal_hook::consts::SIGHUP)));
    }
    result
}
