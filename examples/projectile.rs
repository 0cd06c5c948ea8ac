//! A projectile's flight: an arrow loosed along the line the archer saw, stopped early by the
//! first wall or creature in its way.
//!
//! `dda::projectile` walks the ray from the shooter's centre through the target's centre (the
//! same cells as `dda::cells` up to the target, then on past it) and stops at the first cell
//! that blocks the line or holds someone. The same walk is available as a plain iterator,
//! `dda::ray`, for callers who want to decide themselves where to stop.
//!
//! Run with `cargo run --example projectile`.

use sightline::dda::{self, Stop};
use sightline::geometry::{Grid, Pos};

const ROWS: [&str; 7] = [
    "################",
    "#..............#",
    "#..............#",
    "#..........#...#",
    "#..............#",
    "#..............#",
    "################",
];

fn walls() -> Grid<bool> {
    let cells = ROWS.iter().flat_map(|r| r.chars().map(|c| c == '#')).collect();
    Grid::from_vec(ROWS[0].len(), ROWS.len(), cells).expect("rectangular")
}

struct Shot {
    from: Pos,
    at: Pos,
    creatures: Vec<Pos>,
}

fn describe(stop: Stop) -> String {
    match stop {
        Stop::Blocked(p) => format!("stopped by the wall at {p}"),
        Stop::Hit(p) => format!("hit the creature at {p}"),
        Stop::MaxRange(p) => format!("fell at {p}, out of range"),
    }
}

fn fire(world: &Grid<bool>, shot: &Shot, range: u32) -> dda::Flight {
    dda::projectile(shot.from, shot.at, range, world, |p| shot.creatures.contains(&p))
}

/// The cells of a bolt's ray, from the shooter's own cell on, while they stay in the lit area
/// of a torch of `radius` around the shooter (walls ignored): walked by hand with `dda::ray`
/// and stopped early with `take_while`.
fn lit_stretch(from: Pos, through: Pos, radius: u32) -> Vec<Pos> {
    let r2 = i64::from(radius) * i64::from(radius);
    dda::ray(from, through, 4 * radius).take_while(|&c| from.dist2(c) <= r2).collect()
}

fn main() {
    let world = walls();
    let shots = [
        // A clear shot at a goblin.
        Shot { from: Pos::new(2, 2), at: Pos::new(8, 4), creatures: vec![Pos::new(8, 4)] },
        // A rat stands in the way of the shot at the goblin: the first creature on the line is hit.
        Shot { from: Pos::new(2, 2), at: Pos::new(8, 4), creatures: vec![Pos::new(5, 3), Pos::new(8, 4)] },
        // The goblin stepped away: the arrow flies on past the aimed-at cell until the south wall.
        Shot { from: Pos::new(2, 2), at: Pos::new(8, 4), creatures: vec![] },
        // A pillar stands between archer and target.
        Shot { from: Pos::new(3, 3), at: Pos::new(14, 3), creatures: vec![Pos::new(14, 3)] },
    ];
    for shot in &shots {
        let flight = fire(&world, shot, 20);
        let path: Vec<String> = flight.cells().iter().map(|p| p.to_string()).collect();
        println!("from {} at {}: {}", shot.from, shot.at, describe(flight.stop()));
        println!("  flew through {}", path.join(" "));
    }
    let stretch = lit_stretch(Pos::new(2, 2), Pos::new(5, 3), 4);
    let cells: Vec<String> = stretch.iter().map(|p| p.to_string()).collect();
    println!("a bolt through 5,3 stays in torchlight (radius 4) for {}", cells.join(" "));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shots_stop_at_the_first_creature_or_wall() {
        let world = walls();
        let from = Pos::new(2, 2);
        let aimed = Pos::new(8, 4);
        // cells(2,2 -> 8,4): dx = 6, dy = 2, two exact corners, the lattice points (4,3) and
        // (7,4): (2,2) (3,2) (4,3) (5,3) (6,3) (7,4) (8,4)
        let clear = fire(&world, &Shot { from, at: aimed, creatures: vec![aimed] }, 20);
        assert_eq!(clear.stop(), Stop::Hit(aimed));
        assert_eq!(clear.cells(), &dda::cells(from, aimed).skip(1).collect::<Vec<_>>()[..]);

        let rat = Pos::new(5, 3);
        assert!(dda::cells(from, aimed).any(|c| c == rat), "the rat stands on the line");
        let blocked = fire(&world, &Shot { from, at: aimed, creatures: vec![rat, aimed] }, 20);
        assert_eq!(blocked.stop(), Stop::Hit(rat));
        assert_eq!(blocked.cells().last(), Some(&rat));

        // A miss flies on along the same line: its first cells are the aimed walk.
        let miss = fire(&world, &Shot { from, at: aimed, creatures: vec![] }, 20);
        let Stop::Blocked(wall) = miss.stop() else { panic!("{:?}", miss.stop()) };
        assert!(world[wall], "stopped by a wall");
        assert!(miss.cells().starts_with(&dda::cells(from, aimed).skip(1).collect::<Vec<_>>()));
        // slope 1/3 from (2,2): the line meets the south wall (y = 6) before the east wall
        assert_eq!(wall.y, 6);
    }

    #[test]
    fn the_pillar_stops_the_arrow_before_the_target() {
        let world = walls();
        let shot = Shot { from: Pos::new(3, 3), at: Pos::new(14, 3), creatures: vec![Pos::new(14, 3)] };
        let flight = fire(&world, &shot, 20);
        assert_eq!(flight.stop(), Stop::Blocked(Pos::new(11, 3)));
        assert_eq!(flight.landing(), Pos::new(10, 3));
    }

    #[test]
    fn a_hand_walked_ray_stops_where_asked() {
        let stretch = lit_stretch(Pos::new(2, 2), Pos::new(5, 3), 4);
        assert!(stretch.iter().all(|c| Pos::new(2, 2).dist2(*c) <= 16));
        // the next cell of the ray is out of the light: the walk really was cut short
        let next = dda::ray(Pos::new(2, 2), Pos::new(5, 3), 100).nth(stretch.len()).unwrap();
        assert!(Pos::new(2, 2).dist2(next) > 16);
    }
}
