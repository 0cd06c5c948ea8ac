//! Valid maps load into the model the format describes (README, "Map format").

use std::path::Path;

use sightline::map::format::{SourceKind, load_path, parse_bytes, parse_ron, parse_text};
use sightline::map::{ItemKind, ItemSpawn, MonsterKind, MonsterSpawn};
use sightline::{Map, Pos, Tile};

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps").join(name)
}

#[test]
fn the_ron_fixture_loads_with_every_glyph_in_place() {
    let map = Map::load(fixture("valid.ron")).unwrap();
    assert_eq!(map.meta.name, "Fixture Hall");
    assert_eq!(
        map.meta.description.as_deref(),
        Some("Every glyph of the default legend, and two of its own.")
    );
    assert_eq!(map.meta.author.as_deref(), Some("sightline tests"));
    assert_eq!(map.meta.sight_radius, Some(9));
    assert_eq!((map.width(), map.height()), (10, 6));
    assert_eq!(map.player_start, Some(Pos::new(1, 1)));

    let tile = |x, y| map.tile(Pos::new(x, y));
    assert_eq!(tile(0, 0), Tile::Wall);
    assert_eq!(tile(1, 1), Tile::Floor, "the player stands on floor");
    assert_eq!(tile(3, 1), Tile::DoorClosed);
    assert_eq!(tile(5, 1), Tile::DoorOpen);
    assert_eq!(tile(8, 1), Tile::Exit);
    assert_eq!((tile(2, 3), tile(3, 3)), (Tile::Water, Tile::Water));
    assert_eq!((tile(4, 3), tile(5, 3)), (Tile::Glass, Tile::Glass), "raw-string glass");
    assert_eq!((tile(2, 4), tile(3, 4)), (Tile::Glass, Tile::Glass), "escaped glass");
    assert_eq!(tile(7, 3), Tile::Wall, "the map's own 'T'");
    assert_eq!((tile(1, 5), tile(3, 5)), (Tile::Wall, Tile::Wall), "space is solid rock");

    let m = |x, y, kind| MonsterSpawn { pos: Pos::new(x, y), kind };
    assert_eq!(
        map.monsters,
        vec![
            m(7, 1, MonsterKind::Goblin),
            m(1, 2, MonsterKind::Rat),
            m(3, 2, MonsterKind::Orc),
            m(5, 2, MonsterKind::Archer),
            m(8, 3, MonsterKind::Goblin),
        ]
    );
    let i = |x, y, kind| ItemSpawn { pos: Pos::new(x, y), kind };
    assert_eq!(
        map.items,
        vec![i(7, 2, ItemKind::Potion), i(8, 2, ItemKind::Arrows), i(1, 3, ItemKind::Gold)]
    );
    for p in map.monsters.iter().map(|m| m.pos).chain(map.items.iter().map(|i| i.pos)) {
        assert_eq!(map.tile(p), Tile::Floor, "spawns stand on floor: {p}");
    }
    assert!(map.check_playable("fixture").is_ok());
    assert_eq!(map.summary(), "\"Fixture Hall\" 10x6, player at 1,1, 5 monsters, 3 items, sight radius 9");
}

#[test]
fn plain_text_maps_use_the_default_legend_and_the_file_stem_as_name() {
    let map = load_path(&fixture("valid.txt")).unwrap();
    assert_eq!(map.meta.name, "valid");
    assert_eq!((map.width(), map.height()), (5, 4), "the trailing blank line is not a row");
    assert_eq!(map.player_start, Some(Pos::new(1, 1)));
    assert_eq!(map.tile(Pos::new(2, 2)), Tile::Exit);
    assert_eq!(map.monsters, vec![MonsterSpawn { pos: Pos::new(3, 1), kind: MonsterKind::Rat }]);
    assert_eq!(map.items, vec![ItemSpawn { pos: Pos::new(3, 2), kind: ItemKind::Gold }]);
    assert_eq!(map.summary(), "\"valid\" 5x4, player at 1,1, 1 monster, 1 item");
}

#[test]
fn crlf_line_endings_and_a_byte_order_mark_are_accepted() {
    let map = parse_text("\u{FEFF}###\r\n#@#\r\n###\r\n", "crlf.txt").unwrap();
    assert_eq!((map.width(), map.height()), (3, 3));
    let ron = "\u{FEFF}(\r\n  name: \"w\",\r\n  rows: [\"#.#\",\r\n \"#.#\"],\r\n)\r\n";
    let map = parse_ron(ron, "crlf.ron").unwrap();
    assert_eq!((map.width(), map.height()), (3, 2));
}

#[test]
fn optional_fields_may_be_left_out_or_written_with_some() {
    let map = parse_ron(r##"(name: "n", rows: ["."])"##, "min.ron").unwrap();
    assert_eq!(map.meta.description, None);
    assert_eq!(map.meta.sight_radius, None);
    assert_eq!(map.player_start, None, "the reference commands accept maps without a start");
    let map = parse_ron(r##"(name: "n", sight_radius: Some(4), rows: ["."])"##, "some.ron").unwrap();
    assert_eq!(map.meta.sight_radius, Some(4));
    // the struct may be named, as ron allows
    assert!(parse_ron(r##"Map(name: "n", rows: ["."])"##, "named.ron").is_ok());
}

#[test]
fn a_legend_may_override_default_glyphs_and_use_strings_or_non_ascii_keys() {
    let src = r##"(
        name: "legend",
        rows: ["#a█"],
        legend: { '#': Tile(Glass), "a": Item(Gold), '█': Tile(Wall) },
    )"##;
    let map = Map::from_ron_str(src, "legend.ron").unwrap();
    assert_eq!(map.tile(Pos::new(0, 0)), Tile::Glass);
    assert_eq!(map.items, vec![ItemSpawn { pos: Pos::new(1, 0), kind: ItemKind::Gold }]);
    assert!(map.monsters.is_empty(), "'a' no longer means archer");
    assert_eq!(map.tile(Pos::new(2, 0)), Tile::Wall);
}

#[test]
fn the_extension_picks_the_format() {
    assert_eq!(SourceKind::of_path(Path::new("a/b.txt")), SourceKind::Text);
    assert_eq!(SourceKind::of_path(Path::new("a/b.TXT")), SourceKind::Text);
    assert_eq!(SourceKind::of_path(Path::new("a/b.ron")), SourceKind::Ron);
    assert_eq!(SourceKind::of_path(Path::new("a/b")), SourceKind::Ron);
    // the same rows read as text are a map, read as RON a syntax error
    assert!(parse_bytes(b"#.#\n", "x", SourceKind::Text).is_ok());
    assert!(parse_bytes(b"#.#\n", "x", SourceKind::Ron).is_err());
}

#[test]
fn the_largest_allowed_sides_load() {
    let wide = format!("(name: \"wide\", rows: [\"{}\"])", ".".repeat(4096));
    let map = parse_ron(&wide, "wide.ron").unwrap();
    assert_eq!((map.width(), map.height()), (4096, 1));
    let tall = "#\n".repeat(4096);
    let map = parse_text(&tall, "tall.txt").unwrap();
    assert_eq!((map.width(), map.height()), (1, 4096));
}

#[test]
fn the_readme_example_map_loads() {
    let readme = include_str!("../README.md");
    let start = readme.find("```ron\n").expect("the README has a RON example") + "```ron\n".len();
    let len = readme[start..].find("```").unwrap();
    let map = parse_ron(&readme[start..start + len], "README.md").unwrap();
    assert_eq!(map.meta.name, "The Sunken Keep");
    assert_eq!(map.meta.sight_radius, Some(12));
    assert_eq!((map.width(), map.height()), (14, 6));
    assert_eq!(map.player_start, Some(Pos::new(1, 1)));
    assert_eq!((map.tile(Pos::new(3, 3)), map.tile(Pos::new(4, 3))), (Tile::Glass, Tile::Glass));
    assert_eq!(map.tile(Pos::new(12, 2)), Tile::Wall, "the legend's 'T'");
    assert_eq!(map.monsters.len(), 4);
    assert_eq!(map.items.len(), 3);
}
