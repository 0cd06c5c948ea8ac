//! Field of view on your own grid type.
//!
//! sightline's FOV asks one question of the world: is this cell opaque? Implement
//! `sightline::geometry::Opacity` for your map (or pass a closure) and hand the FOV a reusable
//! output buffer; nothing else of sightline's map model is needed.
//!
//! Run with `cargo run --example fov_custom_grid`.

use std::collections::HashSet;

use sightline::fov::{Fov, multicast};
use sightline::geometry::{Opacity, Pos};

/// A game's own map: a set of wall coordinates inside a rectangle.
struct Dungeon {
    width: i32,
    height: i32,
    walls: HashSet<(i32, i32)>,
}

impl Dungeon {
    fn parse(rows: &[&str]) -> Dungeon {
        let walls = rows
            .iter()
            .enumerate()
            .flat_map(|(y, row)| {
                row.chars().enumerate().filter(|&(_, c)| c == '#').map(move |(x, _)| (x as i32, y as i32))
            })
            .collect();
        Dungeon { width: rows[0].len() as i32, height: rows.len() as i32, walls }
    }
}

impl Opacity for Dungeon {
    fn is_opaque(&self, p: Pos) -> bool {
        // The contract: cells outside the map are opaque.
        let outside = p.x < 0 || p.y < 0 || p.x >= self.width || p.y >= self.height;
        outside || self.walls.contains(&(p.x, p.y))
    }
}

const ROWS: [&str; 9] = [
    "#################",
    "#...............#",
    "#...............#",
    "#.......#.......#",
    "#...............#",
    "#...............#",
    "###.#########.###",
    "#...............#",
    "#################",
];

/// The view from `viewer` as text: `@` the viewer, terrain where visible, blank elsewhere.
fn view(dungeon: &Dungeon, viewer: Pos, radius: Option<u32>, fov: &mut Fov) -> Vec<String> {
    multicast::compute(viewer, radius, dungeon, fov);
    (0..dungeon.height)
        .map(|y| {
            (0..dungeon.width)
                .map(|x| {
                    let p = Pos::new(x, y);
                    match (p == viewer, fov.is_visible(p), dungeon.is_opaque(p)) {
                        (true, _, _) => '@',
                        (_, false, _) => ' ',
                        (_, true, true) => '#',
                        (_, true, false) => '.',
                    }
                })
                .collect()
        })
        .collect()
}

fn main() {
    let dungeon = Dungeon::parse(&ROWS);
    // One buffer, reused for every call: after the first, computing a view allocates nothing.
    let mut fov = Fov::new(dungeon.width as usize, dungeon.height as usize);
    for (viewer, radius) in [(Pos::new(4, 3), None), (Pos::new(12, 2), Some(4))] {
        let radius_text = radius.map_or("unlimited".to_string(), |r| r.to_string());
        println!("viewer at {viewer}, radius {radius_text}:");
        for line in view(&dungeon, viewer, radius, &mut fov) {
            println!("  {line}");
        }
        println!("  {} cells visible\n", fov.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sightline::fov::reference;

    #[test]
    fn the_pillar_casts_a_shadow_and_the_walls_are_seen() {
        let dungeon = Dungeon::parse(&ROWS);
        let mut fov = Fov::new(17, 9);
        let lines = view(&dungeon, Pos::new(4, 3), None, &mut fov);
        // Straight east of the viewer, behind the pillar at (8,3): hidden.
        assert_eq!(&lines[3][9..16], "       ");
        // The room's north wall is seen along its length (expansive walls).
        assert_eq!(lines[0], "#################");
        // Through the door gap at (3,6) the corridor below is glimpsed; the south wall beyond
        // the closed part of the partition is not.
        assert_eq!(lines[6].chars().nth(3), Some('.'));
        assert_eq!(lines[7].chars().nth(3), Some('.'));
        assert_eq!(lines[8].chars().nth(12), Some(' '));
    }

    #[test]
    fn a_custom_grid_gets_the_reference_answer() {
        let dungeon = Dungeon::parse(&ROWS);
        let (mut fast, mut slow) = (Fov::new(17, 9), Fov::new(17, 9));
        for y in 0..9 {
            for x in 0..17 {
                let p = Pos::new(x, y);
                multicast::compute(p, Some(6), &dungeon, &mut fast);
                reference::compute(p, Some(6), &dungeon, &mut slow);
                let mut a = fast.cells().to_vec();
                let mut b = slow.cells().to_vec();
                a.sort();
                b.sort();
                assert_eq!(a, b, "viewer {p}");
            }
        }
    }
}
