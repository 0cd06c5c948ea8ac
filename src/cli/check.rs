//! `sightline check`: validates map files for their authors.
//!
//! Each valid map gets one summary line on stdout; each invalid one gets all its problems, with
//! line, column and caret, on stderr. Thin diagonal walls, a map with a player start but no
//! exit it can walk to (a game that cannot be won), and a sight radius of 0 (the player sees
//! only their own cell) are warned about on stderr without failing the map: they are legal, and
//! one bundled map uses thin diagonals on purpose.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use sightline::game::distance_map::DistanceMap;
use sightline::map::format::{self, SourceKind};
use sightline::{Map, Pos, Tile};

/// At most this many thin-diagonal warnings are printed per map.
const MAX_WARNINGS: usize = 10;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(required = true, value_name = "MAP", help = super::map_help!("Map files to check"))]
    maps: Vec<PathBuf>,
    /// Do not warn about thin diagonal walls, a missing or unreachable exit, or a sight radius of 0.
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
                    let source = String::from_utf8_lossy(&bytes);
                    warn_thin_diagonals(&origin, &map, &source, kind);
                    warn_no_exit(&origin, &map);
                    warn_unreachable_exit(&origin, &map, &source, kind);
                    warn_blind(&origin, &map);
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

fn warn_thin_diagonals(origin: &str, map: &Map, source: &str, kind: SourceKind) {
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
fn warn_no_exit(origin: &str, map: &Map) {
    if map.player_start.is_some() && !map.has_exit() {
        super::report!(
            "{origin}: warning: the map has no exit, so the game cannot be won on it (a map to be \
             played needs a `>`, or a legend glyph meaning Tile(Exit))"
        );
    }
}

/// A map to be played whose exits the player cannot walk to cannot be won either. Where feet go
/// is the game's own rule, its distance map's: walls, glass and deep water bar the way, closed
/// doors open, and a diagonal step passes between walls that touch at a corner. Searched from
/// the player start over the whole map, once: a dozen bytes a cell while it runs (`check` of a
/// 4096×4096 map peaks at about 230 MB with it, 36 MB without). Located at the start, as the
/// way out of it is what the author must open.
fn warn_unreachable_exit(origin: &str, map: &Map, source: &str, kind: SourceKind) {
    let Some(start) = map.player_start else { return };
    if !map.has_exit() {
        return;
    }
    let steps = DistanceMap::new(map, start, None);
    let reached = (0..map.height()).any(|y| {
        let row = map.tiles.row(y);
        row.iter()
            .enumerate()
            .any(|(x, &t)| t == Tile::Exit && steps.get(Pos::new(x as i32, y as i32)).is_some())
    });
    if reached {
        return;
    }
    let at = match format::locate_cell(source, kind, start) {
        Some((line, col)) => format!("{origin}:{line}:{col}"),
        None => origin.to_string(),
    };
    super::report!(
        "{at}: warning: no exit can be reached on foot from the player start at {start} (walls, glass \
         and deep water bar the way; closed doors open), so the game cannot be won on it"
    );
}

/// A sight radius of 0 is a valid map, but in play the player sees only their own cell (and in
/// the lab the view starts as small): most likely a slip for leaving the radius out.
fn warn_blind(origin: &str, map: &Map) {
    if map.meta.sight_radius == Some(0) {
        super::report!(
            "{origin}: warning: the sight radius is 0, so the player sees only their own cell \
             (leave `sight_radius` out for the game's default of {})",
            sightline::game::state::DEFAULT_SIGHT_RADIUS
        );
    }
}
