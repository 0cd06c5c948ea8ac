//! Working memory on the largest map: loading a 4096×4096 map from its text and playing turns
//! on it stays under 64 bytes per map cell at its peak, counting everything live — the source
//! text, the parsed map, the game (terrain, memory, view) and what a turn allocates — measured
//! with a counting global allocator.
//!
//! The map is mostly rock (a band of rooms across the middle, with monsters and gold), which
//! keeps this debug-profile test to seconds: memory depends on the map's size, not its content,
//! except for the spawns, and those are here too.
//!
//! One test function only: the allocator counts the whole process, so nothing may run beside it.

#[path = "support/peak_alloc.rs"]
mod peak_alloc;

use sightline::game::{Acted, Action, Dir, GameState};
use sightline::map::MAX_SIDE;
use sightline::map::format::parse_ron;

/// Rows `BAND` hold rooms (11×11, doors between them, a goblin in every third, gold in every
/// other); the rest is rock. The player stands in the middle of the band.
const BAND: std::ops::Range<usize> = 2040..2064;
const PLAYER: (usize, usize) = (2051, 2051);

fn glyph(x: usize, y: usize, side: usize) -> char {
    if !BAND.contains(&y) || x == 0 || x == side - 1 {
        return '#';
    }
    let (rx, ry) = (x % 12, y % 12);
    let room = x / 12;
    if rx == 0 || ry == 0 {
        if (rx == 0 && ry == 6) || (ry == 0 && rx == 6) { '+' } else { '#' }
    } else if (x, y) == PLAYER {
        '@'
    } else if (rx, ry) == (6, 6) && room % 3 == 1 {
        'g'
    } else if (rx, ry) == (3, 3) && room.is_multiple_of(2) {
        '$'
    } else {
        '.'
    }
}

#[test]
fn a_4096x4096_game_takes_under_64_bytes_per_cell() {
    let side = MAX_SIDE;
    let cells = side * side;
    let meter = peak_alloc::Meter::start();

    let mut src = String::with_capacity(side * (side + 4) + 64);
    src.push_str("(name: \"band\", rows: [\n");
    for y in 0..side {
        src.push('"');
        src.extend((0..side).map(|x| glyph(x, y, side)));
        src.push_str("\",\n");
    }
    src.push_str("])\n");
    let text = src.len();

    let map = parse_ron(&src, "band.ron").expect("the generated map loads");
    assert_eq!((map.width(), map.height()), (side, side));
    assert!(map.monsters.len() > 100 && !map.items.is_empty());
    let after_load = meter.peak();

    let mut game = GameState::new(map, 1).expect("a game starts");
    let after_start = meter.peak();
    for dir in [Dir::W, Dir::N, Dir::E, Dir::S] {
        assert_eq!(game.act(Action::Move(dir)), Acted::Turn, "{dir:?}");
    }
    assert!(!game.is_over());
    let peak = meter.peak();
    let live = meter.live();

    let per_cell = |b: usize| b as f64 / cells as f64;
    eprintln!(
        "{side}x{side}: source text {text} B ({:.2}/cell); peak after loading {:.2}/cell, after starting \
         the game {:.2}/cell, after four turns {:.2}/cell; live at the end {:.2}/cell",
        per_cell(text),
        per_cell(after_load),
        per_cell(after_start),
        per_cell(peak),
        per_cell(live)
    );
    assert!(peak < 64 * cells, "peak working memory {peak} B is {:.1} bytes per cell", per_cell(peak));
    drop(game);
    drop(src);
}
