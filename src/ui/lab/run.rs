//! The lab in the real terminal: set-up, the event loop, and restoring the terminal on every
//! way out, as the game does ([`crate::ui::terminal`]): a normal return or an error through
//! [`give_back`](crate::ui::terminal::give_back) (in set-up, through `init`'s own undo), a panic
//! through the hook [`crate::ui::terminal::init`] installs, SIGTERM, SIGHUP, SIGINT and SIGQUIT
//! through a flag the loop polls (the signal is then reported like the game's), with the game's
//! watchdog for a terminal that has gone away ([`crate::ui::terminal::StopSignals`]); SIGTSTP and
//! Ctrl-Z suspend it as they do the game. A terminal closed under it ends it as SIGHUP does, and
//! pasted text is not read as keys (bracketed paste, on for the session).

use std::io;

use crate::ui::terminal::{Waited, wait};

use super::keys::{Flow, handle, read};
use super::state::Lab;
use super::style::LabStyle;
use super::view;

/// Runs the lab until the user quits or a signal asks it to stop, then restores the terminal;
/// returns the signal, if one ended it.
pub fn run(lab: &mut Lab, style: &LabStyle) -> io::Result<Option<i32>> {
    let stop = crate::ui::terminal::StopSignals::watch()?;
    let mut terminal = crate::ui::terminal::init()?;
    if let Err(e) = stop.bracketed_paste() {
        crate::ui::terminal::give_back(terminal, &stop);
        return Err(e);
    }
    let result = (|| -> io::Result<Option<i32>> {
        loop {
            terminal.draw(|frame| view::draw(frame, lab, style))?;
            let key = match wait(&stop, &mut terminal, false)? {
                Waited::Key(key) => key,
                // (the lab takes no text)
                Waited::Paste(_) | Waited::Redraw => continue,
                Waited::Signal(signal) => return Ok(Some(signal)),
            };
            let Some(cmd) = read(lab, key) else { continue };
            let size = terminal.size()?;
            if handle(lab, cmd, size.width, size.height) == Flow::Quit {
                return Ok(None);
            }
        }
    })();
    if crate::ui::terminal::give_back(terminal, &stop) {
        // (Where it went away mid-frame, the draw's error is its hang-up.)
        return result.or(Ok(Some(signal_hook::consts::SIGHUP)));
    }
    result
}
