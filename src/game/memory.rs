//! What the player remembers of the level: the terrain and items as they were last seen.

use serde::{Deserialize, Serialize};

use crate::geometry::{Grid, Pos};
use crate::map::{ItemKind, Tile};

/// The player's map memory. A cell holds what it looked like the last time it was in view — a
/// door closed out of sight stays remembered open — and `None` if it was never seen. Creatures
/// are never remembered: they move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Memory {
    tiles: Grid<Option<Tile>>,
    items: Grid<Option<ItemKind>>,
}

impl Memory {
    pub fn new(width: usize, height: usize) -> Self {
        Memory { tiles: Grid::new(width, height, None), items: Grid::new(width, height, None) }
    }

    /// Records what is at `p` now (called for every visible cell after each turn).
    pub fn see(&mut self, p: Pos, tile: Tile, item: Option<ItemKind>) {
        self.tiles.set(p, Some(tile));
        self.items.set(p, item);
    }

    /// The remembered terrain at `p`; `None` if never seen.
    pub fn tile(&self, p: Pos) -> Option<Tile> {
        self.tiles.get(p).copied().flatten()
    }

    /// The item remembered lying at `p`.
    pub fn item(&self, p: Pos) -> Option<ItemKind> {
        self.items.get(p).copied().flatten()
    }

    /// Whether the memory covers a `width × height` map.
    pub fn fits(&self, width: usize, height: usize) -> bool {
        let fits = |w: usize, h: usize, n: usize| w == width && h == height && n == width * height;
        fits(self.tiles.width(), self.tiles.height(), self.tiles.cells().len())
            && fits(self.items.width(), self.items.height(), self.items.cells().len())
    }

    pub fn is_known(&self, p: Pos) -> bool {
        self.tile(p).is_some()
    }
}
