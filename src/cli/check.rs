//! `sightline check`: validates map files for their authors.
//!
//! Each valid map gets one summary line on stdout; each invalid one gets all its problems, with
//! line, column and caret, on stderr. Thin diagonal walls, and a map with a player start but no
//! exit (a game that cannot be won), are warned about on stderr without failing the map: they
//! are legal, and one bundled map uses thin diagonals on purpose.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use sightline::map::format::{self, SourceKind};

/// At most this many thin-diagonal warnings are printed per map.
const MAX_WARNINGS: usize = 10;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(required = true, value_name = "MAP", help = super::map_help!("Map files to check"))]
    maps: Vec<PathBuf>,
    /// Do not warn about thin diagonal walls or a missing exit.
    #[arg(long)]
    no_warnings: bool,
}

pub fn run(args: Args) -> ExitCode {
    let mut all_valid = true;
    let code = |all_valid| if all_valid { ExitCode::SUCCESS } else { ExitCode::from(super::INVALID_MAP) };
    let mut out = std::io::stdout().lock();
    for path in &args.maps {
        let origin = super::shown_path(path);
        let loaded = format::read_map_file(path).and_then(|bytes| {
            let kind = SourceKind::of_path(path);
            format::parse_bytes(&bytes, &origin, kind).map(|map| (map, bytes, kind))
        });
        match loaded {
            Ok((map, bytes, kind)) => {
                if let Err(e) = writeln!(out, "{origin}: {}", map.summary()).and_then(|()| out.flush()) {
                    return super::finish(Err(e), code(all_valid));
                }
                if !args.no_warnings {
                    warn_thin_diagonals(&origin, &map, &String::from_utf8_lossy(&bytes), kind);
                    warn_no_exit(&origin, &map);
                }
            }
            Err(e) => {
                all_valid = false;
                super::report!("{e}");
            }
        }
    }
    code(all_valid)
}

fn warn_thin_diagonals(origin: &str, map: &sightline::Map, source: &str, kind: SourceKind) {
    let found = map.thin_diagonals();
    for d in found.iter().take(MAX_WARNINGS) {
        let at = match format::locate_cell(source, kind, d.upper) {
            Some((line, col)) => format!("{origin}:{line}:{col}"),
            None => origin.to_string(),
        };
        super::report!(
            "{at}: warning: thin diagonal wall: {} and {} touch only at a corner, so sight passes \
             between them (draw a staircase of orthogonally touching walls to block it)",
            d.upper,
            d.lower
        );
    }
    if found.len() > MAX_WARNINGS {
        super::report!("{origin}: warning: ... and {} more thin diagonal walls", found.len() - MAX_WARNINGS);
    }
}

/// A map with a player start is meant to be played, and the game is won by reaching an exit:
/// without one, it cannot be won. (A map without a start is for the reference commands, which
/// need no exit.)
fn warn_no_exit(origin: &str, map: &sightline::Map) {
    if map.player_start.is_some() && !map.has_exit() {
        super::report!(
            "{origin}: warning: the map has no exit, so the game cannot be won on it (a map to be \
             played needs a `>`, or a legend glyph meaning Tile(Exit))"
        );
    }
}
