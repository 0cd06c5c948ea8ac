//! The map model: terrain on a grid, and what a map places on it.
//!
//! Loading and validating map files is in [`format`](mod@format); this module is the in-memory model that
//! the sight code and the game read.

mod error;
pub mod format;
pub mod generate;
pub mod legend;
mod lint;
mod names;
mod ron_rows;
mod source;
pub mod spawn;
pub mod tile;

pub use error::{MapError, Problem, Unlisted};
pub use format::SourceKind;
pub use legend::{Legend, LegendEntry};
pub use lint::ThinDiagonal;
pub use names::{inline_text, shell_word, terminal_char, terminal_text};
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
    /// The map's title, shown by `check`, the game and the lab.
    pub name: String,
    /// What the map is for, in a sentence or two.
    pub description: Option<String>,
    /// Who drew it.
    pub author: Option<String>,
    /// The sight radius the map asks for; `None` lets the game choose its default.
    pub sight_radius: Option<u32>,
}

/// A loaded map: terrain plus spawn points.
///
/// Every position of `tiles` exists; positions outside it are treated as [`Tile::Wall`], which is
/// what the visibility contract asks (cells outside the map are opaque).
///
/// Its serde form is the one a saved game holds (the grid as it is kept in memory), not the
/// hand-written map file format of [`format`](mod@format), which only reads: parse a file with
/// [`format::parse_ron`] or [`Map::load`], not by deserializing a `Map` from it.
///
/// # Examples
///
/// ```
/// use sightline::map::format::parse_text;
/// use sightline::{Pos, Tile};
///
/// let map = parse_text("#####\n#@.g#\n#~\"!#\n#####\n", "tiny.txt")?;
/// assert_eq!((map.width(), map.height()), (5, 4));
/// assert_eq!(map.player_start, Some(Pos::new(1, 1)));
/// assert_eq!(map.tile(Pos::new(1, 2)), Tile::Water);
/// // Water and glass block feet, not eyes; outside the map is wall.
/// assert!(map.blocks_movement(Pos::new(2, 2)) && !map.blocks_sight(Pos::new(2, 2)));
/// assert!(map.blocks_sight(Pos::new(-1, 0)));
/// assert_eq!(map.summary(), r#""tiny" 5x4, player at 1,1, 1 monster, 1 item"#);
/// # Ok::<(), sightline::map::MapError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Map {
    /// Name, description, author and sight radius.
    pub meta: MapMeta,
    /// The terrain, row by row.
    pub tiles: Grid<Tile>,
    /// Where the player starts; maps used only with the reference commands may have none.
    pub player_start: Option<Pos>,
    /// The monsters placed on the map, in row-major order.
    pub monsters: Vec<MonsterSpawn>,
    /// The items placed on the map, in row-major order.
    pub items: Vec<ItemSpawn>,
}

impl Map {
    /// A map of `width × height` floor cells, with no spawns: handy for tests and examples.
    ///
    /// ```
    /// use sightline::{Map, Pos, Tile};
    /// let map = Map::open(4, 3);
    /// assert_eq!(map.tile(Pos::new(3, 2)), Tile::Floor);
    /// assert_eq!(map.tile(Pos::new(4, 2)), Tile::Wall); // outside
    /// ```
    pub fn open(width: usize, height: usize) -> Self {
        Map {
            meta: MapMeta { name: "open".into(), ..MapMeta::default() },
            tiles: Grid::new(width, height, Tile::Floor),
            player_start: None,
            monsters: Vec::new(),
            items: Vec::new(),
        }
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.tiles.width()
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.tiles.height()
    }

    /// Whether `p` is a cell of the map.
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
    /// rejects a second start; the reference commands accept a map with none.) `origin` names
    /// the map in the error, as every loader error does: its file, as the model does not know
    /// it.
    ///
    /// ```
    /// use sightline::Map;
    /// let mut map = Map::open(3, 3);
    /// let err = map.check_playable("maps/mine.ron").unwrap_err();
    /// assert!(err.to_string().starts_with("maps/mine.ron: the map has no player start"));
    /// map.player_start = Some(sightline::Pos::new(1, 1));
    /// assert!(map.check_playable("maps/mine.ron").is_ok());
    /// ```
    pub fn check_playable(&self, origin: &str) -> Result<(), MapError> {
        match self.player_start {
            Some(p) if self.contains(p) => Ok(()),
            Some(p) => Err(MapError::single(
                origin,
                Problem::whole_file(format!("the player start {p} is outside the map")),
            )),
            None => Err(MapError::single(
                origin,
                Problem::whole_file(
                    "the map has no player start: a map to be played needs exactly one `@` \
                     (or a legend glyph meaning Player)",
                ),
            )),
        }
    }

    /// One line about the map for `sightline check`: its name, size, player start, monster and
    /// item counts, and its sight radius if it gives one (so an author sees it was read), e.g.
    /// `"The Cave" 80x40, player at 3,4, 12 monsters, 5 items, sight radius 14`. The name is
    /// written as the game writes it on a line ([`inline_text`]): as it is, with each control
    /// character shown as U+FFFD, but a tab, shown as a space.
    ///
    /// ```
    /// let mut map = sightline::Map::open(2, 1);
    /// map.meta.name = "esc\u{1b}[31mred\u{202e}evil\tend".into();
    /// assert!(map.summary().starts_with("\"esc\u{FFFD}[31mred\u{FFFD}evil end\" 2x1"));
    /// ```
    pub fn summary(&self) -> String {
        let start = match self.player_start {
            Some(p) => format!("player at {p}"),
            None => "no player start".to_string(),
        };
        let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        let radius = self.meta.sight_radius.map_or(String::new(), |r| format!(", sight radius {r}"));
        format!(
            "\"{}\" {}x{}, {start}, {}, {}{radius}",
            inline_text(&self.meta.name),
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

    #[inline]
    fn transparent_run(&self, p: Pos, dx: i32, max: usize) -> usize {
        match usize::try_from(p.y) {
            Ok(y) if y < self.height() => {
                crate::geometry::run_in_row(self.tiles.row(y), p.x, dx, max, |t| !t.blocks_sight())
            }
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transparent_runs_see_through_glass_and_stop_at_doors_and_walls() {
        // row 0: . ~ + # .   (floor, glass, closed door, wall, floor)
        let mut map = Map::open(5, 1);
        map.tiles.set(Pos::new(1, 0), Tile::Glass);
        map.tiles.set(Pos::new(2, 0), Tile::DoorClosed);
        map.tiles.set(Pos::new(3, 0), Tile::Wall);
        assert_eq!(map.transparent_run(Pos::new(0, 0), 1, 9), 2);
        assert_eq!(map.transparent_run(Pos::new(1, 0), -1, 9), 2);
        assert_eq!(map.transparent_run(Pos::new(4, 0), -1, 9), 1);
        assert_eq!(map.transparent_run(Pos::new(4, 0), 1, 9), 1);
        assert_eq!(map.transparent_run(Pos::new(0, 0), 1, 1), 1);
        assert_eq!(map.transparent_run(Pos::new(0, 1), 1, 9), 0);
    }
}
