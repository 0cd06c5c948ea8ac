//! The largest map sightline accepts, 4096×4096: how long it takes to load (read the file and
//! parse it) and how long one turn takes on it (the player's move, the new field of view, and
//! every monster on the level deciding what to do).
//!
//! The map is generated here, into a temporary file: a lattice of 11×11 rooms with a door in
//! the middle of every wall, a monster in every seventh room and gold in every fifth — about
//! 16,600 monsters and 23,000 piles on 16.7 million cells. The player paces between two cells
//! of a room away from the monsters, so every measured turn is a real turn.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use sightline::game::{Acted, Action, Dir, GameState};
use sightline::map::MAX_SIDE;
use sightline::map::format::load_path;

/// Room pitch: 11 floor cells and a wall.
const PITCH: usize = 12;
/// The player's cell, inside the room spanning 2041..=2051 on both axes.
const PLAYER: usize = 2051;

fn glyph(x: usize, y: usize, side: usize) -> char {
    let (rx, ry) = (x % PITCH, y % PITCH);
    let room = x / PITCH + y / PITCH * (side / PITCH + 1);
    if x == 0 || y == 0 || x == side - 1 || y == side - 1 {
        '#'
    } else if rx == 0 || ry == 0 {
        if (rx == 0 && ry == PITCH / 2) || (ry == 0 && rx == PITCH / 2) { '+' } else { '#' }
    } else if (x, y) == (PLAYER, PLAYER) {
        '@'
    } else if rx == PITCH / 2 && ry == PITCH / 2 && room % 7 == 3 {
        'g'
    } else if rx == 3 && ry == 3 && room.is_multiple_of(5) {
        '$'
    } else {
        '.'
    }
}

/// The map as RON, one row per line.
fn lattice_ron(side: usize) -> String {
    let mut src = String::with_capacity(side * (side + 8) + 64);
    src.push_str("(name: \"lattice\", rows: [\n");
    for y in 0..side {
        src.push('"');
        src.extend((0..side).map(|x| glyph(x, y, side)));
        src.push_str("\",\n");
    }
    src.push_str("])\n");
    src
}

fn large_map(c: &mut Criterion) {
    let path: PathBuf = std::env::temp_dir().join(format!("sightline-large-{}.ron", std::process::id()));
    std::fs::write(&path, lattice_ron(MAX_SIDE)).expect("write the map");
    let map = load_path(&path).expect("the generated map loads");
    eprintln!(
        "{}x{}: {} monsters, {} items, {} bytes of RON",
        map.width(),
        map.height(),
        map.monsters.len(),
        map.items.len(),
        std::fs::metadata(&path).unwrap().len()
    );

    let mut group = c.benchmark_group("large_map");
    group.sample_size(10);
    group.bench_function("load 4096x4096", |b| b.iter(|| load_path(black_box(&path)).unwrap()));

    let fresh = GameState::new(map, 1).expect("a game starts");
    let mut game = fresh.clone();
    let (mut east, mut idle) = (true, 0u64);
    group.sample_size(50);
    group.bench_function("turn 4096x4096", |b| {
        b.iter(|| {
            if game.is_over() {
                game = fresh.clone();
            }
            east = !east;
            let acted = game.act(Action::Move(if east { Dir::E } else { Dir::W }));
            idle += u64::from(acted == Acted::NoTurn);
        })
    });
    group.finish();
    assert_eq!(idle, 0, "every measured action took a turn");
    let _ = std::fs::remove_file(&path);
}

criterion_group!(benches, large_map);
criterion_main!(benches);
