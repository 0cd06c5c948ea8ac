//! Where a creature may step.

use super::action::Dir;
use crate::geometry::Pos;
use crate::map::Map;

/// Whether terrain lets a creature step from `from` in direction `dir`: the target must be a
/// cell a creature can stand on. Nothing else is asked of a diagonal step: by the visibility
/// contract two walls that touch only at a corner leave a real gap, which sight and movement
/// both pass. Creatures standing in the way are the caller's business.
pub fn can_step(map: &Map, from: Pos, dir: Dir) -> bool {
    !map.blocks_movement(from + dir.delta())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Tile;

    #[test]
    fn diagonal_steps_pass_between_walls_that_touch_at_a_corner() {
        let mut map = Map::open(3, 3);
        map.tiles.set(Pos::new(1, 0), Tile::Wall);
        map.tiles.set(Pos::new(0, 1), Tile::Wall);
        let from = Pos::new(1, 1);
        assert!(can_step(&map, from, Dir::NW), "the gap between two diagonal walls is open");
        assert!(can_step(&map, from, Dir::NE));
        assert!(!can_step(&map, from, Dir::N), "into a wall");
        map.tiles.set(Pos::new(0, 0), Tile::DoorClosed);
        assert!(!can_step(&map, from, Dir::NW), "into a closed door");
        map.tiles.set(Pos::new(0, 0), Tile::Water);
        assert!(!can_step(&map, from, Dir::NW), "into deep water");
        assert!(!can_step(&map, Pos::new(2, 2), Dir::SE), "outside the map is wall");
    }
}
