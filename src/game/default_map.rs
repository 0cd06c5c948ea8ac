//! The map the game starts on when none is given, embedded in the binary so it runs from any
//! directory.

use crate::map::format::parse_ron;
use crate::map::{Map, MapError};

/// The source of the bundled default map, `maps/dungeon.ron`.
pub const DEFAULT_MAP: &str = include_str!("../../maps/dungeon.ron");

/// The name the default map's errors would carry.
pub const DEFAULT_MAP_ORIGIN: &str = "<embedded maps/dungeon.ron>";

/// The default map, parsed.
pub fn default_map() -> Result<Map, MapError> {
    parse_ron(DEFAULT_MAP, DEFAULT_MAP_ORIGIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_map_is_playable() {
        let map = default_map().expect("the bundled map parses");
        map.check_playable(DEFAULT_MAP_ORIGIN).expect("it has one player start");
        crate::game::GameState::new(map, 1).expect("a game starts on it");
    }
}
