//! The subcommands of the `sightline` binary, one file each (and `view`, the map-and-viewer
//! arguments `fov` and `bench` share).

use std::io::Write;
use std::path::Path;

use sightline::map::terminal_text;

/// `eprintln!` for what the command tells a person, by [`report_line`]'s rules: never a panic,
/// and no control character written raw.
macro_rules! report {
    ($($arg:tt)*) => {
        $crate::cli::report_line(&format!($($arg)*))
    };
}
pub(crate) use report;

/// The help of a MAP argument: `$what` (`"The map file"`), then what a map file may be, in the
/// same words for every subcommand, then `$rest` if given (no full stop: clap drops it from a
/// one-line doc comment, so no other help line has one).
macro_rules! map_help {
    ($what:literal $(, $rest:literal)?) => {
        concat!($what, " (`.ron`, or `.txt` for plain rows)" $(, $rest)?)
    };
}
pub(crate) use map_help;

pub mod bench;
pub mod check;
pub mod fov;
pub mod lab;
pub mod line;
pub mod los;
pub mod play;
pub mod view;

/// A map file was invalid (or a save could not be loaded, or the terminal failed during play).
pub const INVALID_MAP: u8 = 1;
/// The command line was wrong (or asked for what cannot be done here: no terminal to play in,
/// an output file that cannot be written).
pub const USAGE: u8 = 2;

/// Writes `message` and a newline to stderr. Unlike `eprintln!`, a stderr that cannot be
/// written (a full disk, a reader that has gone) loses the message but does not panic, so the
/// exit status still says what happened; and control characters other than newline and tab (an
/// escape sequence in a file name, say) are shown as U+FFFD, as map errors show them
/// ([`terminal_text`]).
pub fn report_line(message: &str) {
    let mut shown = String::with_capacity(message.len() + 1);
    for (k, line) in message.split('\n').enumerate() {
        if k > 0 {
            shown.push('\n');
        }
        shown.push_str(&terminal_text(line));
    }
    shown.push('\n');
    let _ = std::io::stderr().write_all(shown.as_bytes());
}

/// A file name as the command writes it for a person: its display form under
/// [`terminal_text`].
pub fn shown_path(path: &Path) -> String {
    terminal_text(&path.display().to_string()).into_owned()
}

/// The message for a cell given with `flag` (`--at`, `--from`, `--to`) that lies outside the
/// map loaded from `path`: the file and the ranges a cell must be in, so the fix is at hand.
pub fn outside(flag: &str, p: sightline::Pos, path: &Path, map: &sightline::map::Map) -> String {
    format!(
        "sightline: {flag} {p} is outside the map {} ({}x{}: x from 0 to {}, y from 0 to {})",
        shown_path(path),
        map.width(),
        map.height(),
        map.width() as i64 - 1,
        map.height() as i64 - 1,
    )
}

/// How a terminal session (the game, the lab) that a signal ended exits: `what`, the signal's
/// name and `then` on stderr, then the shell's status for "ended by signal N", 128 + N.
pub fn stopped_by(signal: i32, what: &str, then: &str) -> std::process::ExitCode {
    let name = sightline::ui::terminal::signal_name(signal);
    // (The terminal may be gone, after SIGHUP: `report` does not panic on that.)
    report!("{what}: stopped by a signal ({name}){then}");
    std::process::ExitCode::from(128u8.saturating_add(u8::try_from(signal).unwrap_or(0)))
}

/// How a command that writes to stdout ends: with `ok` when every write succeeded, or when the
/// reader closed the pipe early (`sightline fov ... | head` is not an error of ours); otherwise
/// with the error on stderr and exit code 1 (a full disk, a closed stdout), never a panic.
pub fn finish(written: std::io::Result<()>, ok: std::process::ExitCode) -> std::process::ExitCode {
    match written {
        Ok(()) => ok,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ok,
        Err(e) => {
            report!("sightline: cannot write the output: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
