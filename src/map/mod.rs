//! The map model: terrain on a grid, and what a map places on it.
//!
//! Loading and validating map files is in [`format`]; this module is the in-memory model that
//! the sight code and the game read.

pub mod spawn;
pub mod tile;

pub use spawn::{ItemKind, ItemSpawn, MonsterKind, MonsterSpawn};
pub use tile::Tile;

use serde::{Deserialize, Serialize};

use crate::geometry::{Grid, Opacity, Pos};

/// The largest map sightline accepts, in each dimension. Larger files are rejected before any
/// grid is allocated.
pub const MAX_SIDE: usize = 4096;

/// A map's descriptive header.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapMeta {
    pub name: String,
    pub description: Option<String>,
    pub author: Option<String>,
    /// The sight radius the map asks for; `None` lets the game choose its default.
    pub sight_radius: Option<u32>,
}

/// A loaded map: terrain plus spawn points.
///
/// Every position of `tiles` exists; positions outside it are treated as [`Tile::Wall`], which is
/// what the visibility contract asks (cells outside the map are opaque).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Map {
    pub meta: MapMeta,
    pub tiles: Grid<Tile>,
    /// Where the player starts; maps used only with the reference commands may have none.
    pub player_start: Option<Pos>,
    pub monsters: Vec<MonsterSpawn>,
    pub items: Vec<ItemSpawn>,
}

impl Map {
    /// A map of `width × height` floor cells, with no spawns: handy for tests and examples.
    pub fn open(width: usize, height: usize) -> Self {
        Map {
            meta: MapMeta { name: "open".into(), ..MapMeta::default() },
            tiles: Grid::new(width, height, Tile::Floor),
            player_start: None,
            monsters: Vec::new(),
            items: Vec::new(),
        }
    }

    pub fn width(&self) -> usize {
        self.tiles.width()
    }

    pub fn height(&self) -> usize {
        self.tiles.height()
    }

    pub fn contains(&self, p: Pos) -> bool {
        self.tiles.contains(p)
    }

    /// The tile at `p`; [`Tile::Wall`] outside the map.
    #[inline]
    pub fn tile(&self, p: Pos) -> Tile {
        self.tiles.get(p).copied().unwrap_or(Tile::Wall)
    }

    /// Whether `p` is opaque under the visibility contract (outside the map: yes).
    #[inline]
    pub fn blocks_sight(&self, p: Pos) -> bool {
        self.tile(p).blocks_sight()
    }

    /// Whether terrain keeps a creature out of `p` (outside the map: yes).
    pub fn blocks_movement(&self, p: Pos) -> bool {
        self.tile(p).blocks_movement()
    }
}

/// Walls and closed doors are opaque; so is everything outside the map.
impl Opacity for Map {
    #[inline]
    fn is_opaque(&self, p: Pos) -> bool {
        self.blocks_sight(p)
    }
}
