//! Maps drawn as ASCII art in the default legend, for tests that build their maps in code.

use sightline::Pos;
use sightline::map::{ItemKind, ItemSpawn, Map, MonsterKind, MonsterSpawn, Tile};

/// A map from ASCII art in the default legend (`@` the player start on floor, monsters and
/// items on floor).
pub fn art(rows: &[&str]) -> Map {
    let (w, h) = (rows[0].chars().count(), rows.len());
    let mut map = Map::open(w, h);
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.chars().count(), w, "ragged row {y}");
        for (x, c) in row.chars().enumerate() {
            let p = Pos::new(x as i32, y as i32);
            let tile = match c {
                '#' => Tile::Wall,
                '+' => Tile::DoorClosed,
                '\'' => Tile::DoorOpen,
                '"' => Tile::Glass,
                '~' => Tile::Water,
                '>' => Tile::Exit,
                _ => Tile::Floor,
            };
            map.tiles.set(p, tile);
            match c {
                '@' => map.player_start = Some(p),
                'r' | 'g' | 'o' | 'a' => {
                    let kind = MonsterKind::ALL.into_iter().find(|k| k.glyph() == c).unwrap();
                    map.monsters.push(MonsterSpawn { pos: p, kind });
                }
                '!' | '|' | '$' => {
                    let kind = ItemKind::ALL.into_iter().find(|k| k.glyph() == c).unwrap();
                    map.items.push(ItemSpawn { pos: p, kind });
                }
                _ => {}
            }
        }
    }
    map
}
