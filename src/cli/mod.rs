//! The subcommands of the `sightline` binary, one file each.

pub mod bench;
pub mod check;
pub mod fov;
pub mod lab;
pub mod line;
pub mod los;
pub mod play;

/// A map file was invalid (or a save could not be loaded).
pub const INVALID_MAP: u8 = 1;
/// The command line was wrong.
pub const USAGE: u8 = 2;
