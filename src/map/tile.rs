//! Terrain and what it does to sight and movement.

use serde::{Deserialize, Serialize};

/// One cell of terrain.
///
/// Sight follows one rule everywhere (the visibility contract): a tile that
/// [`blocks_sight`](Tile::blocks_sight) is an opaque diamond, anything else is transparent.
///
/// # Examples
///
/// ```
/// use sightline::Tile;
/// let see_through: Vec<char> = Tile::ALL.iter().filter(|t| !t.blocks_sight()).map(|t| t.glyph()).collect();
/// assert_eq!(see_through, ['.', '\'', '"', '~', '>']);
/// assert!(Tile::Glass.blocks_movement() && !Tile::Glass.blocks_sight());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tile {
    /// Solid rock or masonry: blocks sight and movement.
    Wall,
    /// Open ground.
    Floor,
    /// A closed door: blocks sight and movement until opened.
    DoorClosed,
    /// An open door: like floor, and it can be closed again.
    DoorOpen,
    /// Glass or a window: you see through it but cannot pass.
    Glass,
    /// Deep water: you see across it but cannot wade it.
    Water,
    /// Stairs out of the level: leaving by them (`>`, standing on them) wins the game.
    Exit,
}

impl Tile {
    /// Every tile, in declaration order.
    pub const ALL: [Tile; 7] =
        [Tile::Wall, Tile::Floor, Tile::DoorClosed, Tile::DoorOpen, Tile::Glass, Tile::Water, Tile::Exit];

    /// Whether the tile is opaque in the sense of the visibility contract.
    #[inline]
    pub fn blocks_sight(self) -> bool {
        matches!(self, Tile::Wall | Tile::DoorClosed)
    }

    /// Whether the tile keeps creatures out: walls, closed doors (until opened), glass and deep
    /// water.
    pub fn blocks_movement(self) -> bool {
        matches!(self, Tile::Wall | Tile::DoorClosed | Tile::Glass | Tile::Water)
    }

    /// The glyph of the default legend.
    pub fn glyph(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Floor => '.',
            Tile::DoorClosed => '+',
            Tile::DoorOpen => '\'',
            Tile::Glass => '"',
            Tile::Water => '~',
            Tile::Exit => '>',
        }
    }

    /// A short name for look mode and messages.
    pub fn name(self) -> &'static str {
        match self {
            Tile::Wall => "a wall",
            Tile::Floor => "the floor",
            Tile::DoorClosed => "a closed door",
            Tile::DoorOpen => "an open door",
            Tile::Glass => "a glass window",
            Tile::Water => "deep water",
            Tile::Exit => "stairs leading out",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sight_and_passage_differ_for_glass_and_water() {
        for t in [Tile::Glass, Tile::Water] {
            assert!(!t.blocks_sight() && t.blocks_movement(), "{t:?}");
        }
        assert!(Tile::DoorClosed.blocks_sight() && Tile::DoorClosed.blocks_movement());
        assert!(!Tile::DoorOpen.blocks_sight() && !Tile::DoorOpen.blocks_movement());
        assert!(Tile::Wall.blocks_sight() && Tile::Wall.blocks_movement());
        assert!(!Tile::Exit.blocks_movement());
    }
}
