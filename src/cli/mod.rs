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
