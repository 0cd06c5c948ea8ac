//! Line of sight between two cells: a guard's sight check.
//!
//! `dda::line_of_sight(a, b, world)` answers the visibility contract's `LOS(a, b)`: is the
//! segment between the two cell centres blocked by any cell other than `a` and `b`? It is
//! symmetric, so a guard sees the thief exactly when the thief sees the guard, and between two
//! floor cells (any cells that do not block sight) it agrees with the field of view:
//! `LOS(a, b)` holds exactly when `b` is in `a`'s field of view (radius aside), and so when `a`
//! is in `b`'s.
//!
//! For a wall it is not the field of view's question: a wall is in view when *any* ray from
//! the viewer reaches its diamond, while `LOS` asks about the one segment to its centre. So a
//! wall can be in view with its centre line blocked (the last test below shows one).
//!
//! Run with `cargo run --example line_of_sight`.

use sightline::geometry::{Grid, Pos};
use sightline::{Map, dda};

/// A hall with a pillar, a straight wall and a diagonal wall of single cells.
const ROWS: [&str; 7] = [
    "##############",
    "#............#",
    "#..#.....#...#",
    "#.........#..#",
    "#..####....#.#",
    "#............#",
    "##############",
];

fn walls() -> Grid<bool> {
    let cells = ROWS.iter().flat_map(|r| r.chars().map(|c| c == '#')).collect();
    Grid::from_vec(ROWS[0].len(), ROWS.len(), cells).expect("rectangular")
}

/// The walk from `a` to `b` drawn on the map: `G` and `T` for its ends, `*` for the floor cells
/// of `dda::cells` between them and `X` for its wall cells.
fn draw(world: &Grid<bool>, a: Pos, b: Pos) -> Vec<String> {
    let walk: Vec<Pos> = dda::cells(a, b).collect();
    (0..world.height() as i32)
        .map(|y| {
            (0..world.width() as i32)
                .map(|x| {
                    let p = Pos::new(x, y);
                    if p == a {
                        'G'
                    } else if p == b {
                        'T'
                    } else if walk.contains(&p) {
                        if world[p] { 'X' } else { '*' }
                    } else if world[p] {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}

fn verdict(world: &Grid<bool>, a: Pos, b: Pos) -> (bool, bool) {
    (dda::line_of_sight(a, b, world), dda::line_of_sight(b, a, world))
}

fn main() {
    let world = walls();
    let guard = Pos::new(1, 1);
    for thief in [Pos::new(12, 1), Pos::new(5, 5), Pos::new(12, 5), Pos::new(12, 3)] {
        let (sees, seen) = verdict(&world, guard, thief);
        println!("guard G at {guard}, thief T at {thief}:");
        for line in draw(&world, guard, thief) {
            println!("  {line}");
        }
        println!("  guard sees thief: {sees}; thief sees guard: {seen}\n");
    }
    // A whole map works the same way: `Map` implements `Opacity`.
    let open = Map::open(10, 10);
    println!(
        "on an open 10x10 map, (0,0) sees (9,9): {}",
        dda::line_of_sight(Pos::new(0, 0), Pos::new(9, 9), &open)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use sightline::fov::{Fov, reference};

    #[test]
    fn the_wall_hides_the_thief_and_sight_is_symmetric() {
        let world = walls();
        let guard = Pos::new(1, 1);
        // Along the open top row: seen.
        assert_eq!(verdict(&world, guard, Pos::new(12, 1)), (true, true));
        // Behind the straight wall (3..=6, 4), looking down past it: the wall blocks.
        assert_eq!(verdict(&world, guard, Pos::new(5, 5)), (false, false));
    }

    #[test]
    fn between_floors_line_of_sight_agrees_with_the_field_of_view() {
        let world = walls();
        let mut fov = Fov::new(world.width(), world.height());
        let floors: Vec<Pos> = world.iter().filter(|(_, w)| !**w).map(|(p, _)| p).collect();
        for &a in &floors {
            reference::compute(a, None, &world, &mut fov);
            for &b in &floors {
                assert_eq!(dda::line_of_sight(a, b, &world), fov.is_visible(b), "{a} -> {b}");
                assert_eq!(dda::line_of_sight(a, b, &world), dda::line_of_sight(b, a, &world));
            }
        }
    }

    /// A wall is seen by any ray into its diamond: the guard sees every cell of the hall's top
    /// wall, but the segment to the centre of (8,0) runs along that wall, and the diamonds of
    /// the wall cells between them block it.
    #[test]
    fn a_wall_in_view_can_have_a_blocked_centre_line() {
        let world = walls();
        let (guard, wall) = (Pos::new(1, 1), Pos::new(8, 0));
        let mut fov = Fov::new(world.width(), world.height());
        reference::compute(guard, None, &world, &mut fov);
        assert!(world[wall] && fov.is_visible(wall));
        assert!(!dda::line_of_sight(guard, wall, &world));
    }
}
