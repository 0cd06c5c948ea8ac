//! What the player remembers of the level: the terrain and items as they were last seen.

use serde::{Deserialize, Serialize};

use crate::geometry::{Grid, Pos};
use crate::map::{ItemKind, Tile};

/// How a [`Memory`] is saved: one string per row for the terrain, one for the items.
#[derive(Serialize, Deserialize)]
struct MemoryRows {
    tiles: Vec<String>,
    items: Vec<String>,
}

/// The player's map memory. A cell holds what it looked like the last time it was in view — a
/// door closed out of sight stays remembered open — and `None` if it was never seen. Creatures
/// are never remembered: they move.
///
/// Saved as rows of glyphs (a space for a cell never seen), which keeps a save of a big map
/// small and lets a person read what the player remembers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "MemoryRows", try_from = "MemoryRows")]
pub struct Memory {
    tiles: Grid<Option<Tile>>,
    items: Grid<Option<ItemKind>>,
}

impl Memory {
    /// A memory of a `width × height` level where nothing has been seen yet.
    pub fn new(width: usize, height: usize) -> Self {
        Memory { tiles: Grid::new(width, height, None), items: Grid::new(width, height, None) }
    }

    /// Records what is at `p` now (called for every visible cell after each turn).
    pub fn see(&mut self, p: Pos, tile: Tile, item: Option<ItemKind>) {
        self.tiles.set(p, Some(tile));
        self.items.set(p, item);
    }

    /// Records an item seen lying at `p` (after [`Memory::see`] recorded the cell).
    pub fn see_item(&mut self, p: Pos, item: ItemKind) {
        self.items.set(p, Some(item));
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

    /// Whether the player has ever seen `p`.
    pub fn is_known(&self, p: Pos) -> bool {
        self.tile(p).is_some()
    }
}

impl From<Memory> for MemoryRows {
    fn from(m: Memory) -> Self {
        fn rows<T: Copy>(grid: &Grid<Option<T>>, glyph: impl Fn(T) -> char) -> Vec<String> {
            (0..grid.height()).map(|y| grid.row(y).iter().map(|c| c.map_or(' ', &glyph)).collect()).collect()
        }
        MemoryRows { tiles: rows(&m.tiles, Tile::glyph), items: rows(&m.items, ItemKind::glyph) }
    }
}

impl TryFrom<MemoryRows> for Memory {
    type Error = String;

    fn try_from(r: MemoryRows) -> Result<Self, String> {
        fn grid<T: Copy>(
            rows: &[String],
            what: &str,
            all: &[T],
            glyph: impl Fn(T) -> char,
        ) -> Result<Grid<Option<T>>, String> {
            let width = rows.first().map_or(0, |r| r.chars().count());
            let mut cells = Vec::with_capacity(width * rows.len());
            for (y, row) in rows.iter().enumerate() {
                if row.chars().count() != width {
                    return Err(format!("remembered {what} row {y} is not {width} cells wide"));
                }
                for c in row.chars() {
                    let cell = match c {
                        ' ' => None,
                        _ => Some(all.iter().copied().find(|&t| glyph(t) == c).ok_or_else(|| {
                            format!("remembered {what} row {y} holds {c:?}, which is no {what} glyph")
                        })?),
                    };
                    cells.push(cell);
                }
            }
            Ok(Grid::from_vec(width, rows.len(), cells).expect("cells counted per row"))
        }
        let tiles = grid(&r.tiles, "terrain", &Tile::ALL, Tile::glyph)?;
        let items = grid(&r.items, "item", &ItemKind::ALL, ItemKind::glyph)?;
        if (tiles.width(), tiles.height()) != (items.width(), items.height()) {
            return Err("remembered terrain and items differ in size".into());
        }
        Ok(Memory { tiles, items })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_as_glyph_rows_and_read_back() {
        let mut m = Memory::new(3, 2);
        m.see(Pos::new(0, 0), Tile::Wall, None);
        m.see(Pos::new(2, 1), Tile::DoorOpen, Some(ItemKind::Gold));
        let text = ron::to_string(&m).unwrap();
        assert_eq!(text, r##"(tiles:["#  ","  \'"],items:["   ","  $"])"##);
        assert_eq!(ron::from_str::<Memory>(&text).unwrap(), m);
        assert!(ron::from_str::<Memory>(r##"(tiles:["#  ","  "],items:["   ","   "])"##).is_err());
        assert!(ron::from_str::<Memory>(r##"(tiles:["#Z "],items:["   "])"##).is_err());
    }
}
