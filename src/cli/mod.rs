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
