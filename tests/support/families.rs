//! The map families the FOV tests draw their worlds from, and the radii they look at them with.

use sightline::Grid;
use sightline::map::generate;

/// How many families [`family`] knows.
#[allow(dead_code)]
pub const FAMILIES: u32 = 8;

/// A map of family `kind` (0..FAMILIES) from [`generate`], sized `w × h`, as opacity flags:
/// noise of every density up to 60 %, caves, rooms and corridors, pillar grids, diagonal wall
/// lines, single-cell gaps, mazes and an open room.
pub fn family(kind: u32, w: usize, h: usize, seed: u64) -> Grid<bool> {
    let map = match kind {
        0 => generate::noise(w, h, (seed % 61) as u32, seed),
        1 => generate::cave(w, h, seed),
        2 => generate::rooms(w, h, seed),
        3 => generate::pillars(w, h, 2 + (seed % 4) as u32),
        4 => generate::diagonal_lines(w, h, seed),
        5 => generate::gaps(w, h, seed),
        6 => generate::maze(w, h, seed),
        _ => generate::open_room(w, h),
    };
    map.tiles.map(|t| t.blocks_sight())
}

/// The radii of the property test: 0, 1, 2, 5, 17 and unlimited.
pub const RADII: [Option<u32>; 6] = [Some(0), Some(1), Some(2), Some(5), Some(17), None];
