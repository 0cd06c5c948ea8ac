//! Where a creature may step.

use super::action::Dir;
use crate::geometry::Pos;
use crate::map::Map;

/// Whether terrain lets a creature step from `from` in direction `dir`: the target must be
/// passable, and a diagonal step may not squeeze between two walls (or closed doors) that
/// flank it orthogonally. Creatures standing in the way are the caller's business.
pub fn can_step(map: &Map, from: Pos, dir: Dir) -> bool {
    let to = from + dir.delta();
    if map.blocks_movement(to) {
        return false;
    }
    if dir.is_diagonal() {
        let d = dir.delta();
        let side_a = Pos::new(from.x + d.x, from.y);
        let side_b = Pos::new(from.x, from.y + d.y);
        if map.blocks_sight(side_a) && map.blocks_sight(side_b) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Tile;

    #[test]
    fn no_squeezing_between_diagonal_walls() {
        let mut map = Map::open(3, 3);
        map.tiles.set(Pos::new(1, 0), Tile::Wall);
        map.tiles.set(Pos::new(0, 1), Tile::Wall);
        let from = Pos::new(1, 1);
        assert!(!can_step(&map, from, Dir::NW));
        assert!(can_step(&map, from, Dir::NE));
        map.tiles.set(Pos::new(0, 1), Tile::DoorOpen);
        assert!(can_step(&map, from, Dir::NW));
        assert!(!can_step(&map, from, Dir::N));
        assert!(!can_step(&map, Pos::new(2, 2), Dir::SE), "outside the map is wall");
    }
}
