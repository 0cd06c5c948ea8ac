//! The subcommands of the `sightline` binary, one file each (and `view`, the map-and-viewer
//! arguments `fov` and `bench` share).

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

/// How a terminal session (the game, the lab) that a signal ended exits: `what`, the signal's
/// name and `then` on stderr, then the shell's status for "ended by signal N", 128 + N.
pub fn stopped_by(signal: i32, what: &str, then: &str) -> std::process::ExitCode {
    use std::io::Write;
    let name = match signal {
        signal_hook::consts::SIGTERM => "SIGTERM",
        signal_hook::consts::SIGINT => "SIGINT",
        signal_hook::consts::SIGQUIT => "SIGQUIT",
        signal_hook::consts::SIGHUP => "SIGHUP",
        _ => "a signal",
    };
    // The terminal may be gone (SIGHUP): a failed write to stderr must not panic.
    let _ = writeln!(std::io::stderr(), "{what}: stopped by a signal ({name}){then}");
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
            eprintln!("sightline: cannot write the output: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
