//! The map model: terrain on a grid, and what a map places on it.
//!
//! Loading and validating map files is in [`format`]; this module is the in-memory model that
//! the sight code and the game read.

mod error;
pub mod format;
pub mod generate;
pub mod legend;
mod lint;
mod ron_rows;
mod source;
pub mod spawn;
pub mod tile;

pub use error::{MapError, Problem};
pub use format::SourceKind;
pub use legend::{Legend, LegendEntry};
pub use lint::ThinDiagonal;
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

    /// Whether the map can be played: it needs exactly one player start. (The loader already
    /// rejects a second start; the reference commands accept a map with none.) The error's
    /// origin is the map's name, as the model does not know its file.
    pub fn check_playable(&self) -> Result<(), MapError> {
        match self.player_start {
            Some(p) if self.contains(p) => Ok(()),
            Some(p) => Err(MapError::single(
                &self.meta.name,
                Problem::whole_file(format!("the player start {p} is outside the map")),
            )),
            None => Err(MapError::single(
                &self.meta.name,
                Problem::whole_file(
                    "the map has no player start: a map to be played needs exactly one `@` \
                     (or a legend glyph meaning Player)",
                ),
            )),
        }
    }

    /// One line about the map for `sightline check`: its name, size, player start, monster and
    /// item counts, e.g. `"The Cave" 80x40, player at 3,4, 12 monsters, 5 items`.
    pub fn summary(&self) -> String {
        let start = match self.player_start {
            Some(p) => format!("player at {p}"),
            None => "no player start".to_string(),
        };
        let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        format!(
            "{:?} {}x{}, {start}, {}, {}",
            self.meta.name,
            self.width(),
            self.height(),
            plural(self.monsters.len(), "monster"),
            plural(self.items.len(), "item")
        )
    }
}

/// Walls and closed doors are opaque; so is everything outside the map.
impl Opacity for Map {
    #[inline]
    fn is_opaque(&self, p: Pos) -> bool {
        self.blocks_sight(p)
    }
}
