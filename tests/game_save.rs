//! Saves: a game written and read back is the same game, writes are atomic, bad saves are
//! refused and left alone.

use std::fs;

use sightline::Pos;
use sightline::game::save::{self, SAVE_FORMAT, SaveError};
use sightline::game::{Action, Dir, GameState};
use sightline::map::{ItemKind, ItemSpawn, Map, MonsterKind, MonsterSpawn, Tile};

#[path = "support/scratch.rs"]
mod scratch;
use scratch::scratch;

fn level() -> Map {
    let mut map = Map::open(12, 7);
    for y in 0..7 {
        for x in 0..12 {
            if x == 0 || y == 0 || x == 11 || y == 6 || x == 6 {
                map.tiles.set(Pos::new(x, y), Tile::Wall);
            }
        }
    }
    map.tiles.set(Pos::new(6, 3), Tile::DoorClosed);
    map.tiles.set(Pos::new(10, 5), Tile::Exit);
    map.player_start = Some(Pos::new(2, 3));
    map.monsters.push(MonsterSpawn { pos: Pos::new(4, 1), kind: MonsterKind::Goblin });
    map.monsters.push(MonsterSpawn { pos: Pos::new(9, 2), kind: MonsterKind::Rat });
    map.items.push(ItemSpawn { pos: Pos::new(3, 4), kind: ItemKind::Gold });
    map.items.push(ItemSpawn { pos: Pos::new(8, 4), kind: ItemKind::Potion });
    map
}

fn played() -> GameState {
    let mut game = GameState::new(level(), 42).unwrap();
    for a in
        [Action::Move(Dir::SE), Action::PickUp, Action::Move(Dir::E), Action::Move(Dir::NE), Action::Wait]
    {
        game.act(a);
    }
    game
}

#[test]
fn save_then_load_gives_the_identical_game_that_plays_on_identically() {
    let game = played();
    assert!(game.turn >= 4);
    let dir = scratch("roundtrip");
    let path = dir.join("nested").join("save.ron");
    save::save(&game, &path).unwrap();
    let loaded = save::load(&path).unwrap();
    assert_eq!(loaded, game, "state, memory, log, RNG and view all equal");
    // The generator travelled too: both continue the same way.
    let (mut a, mut b) = (game, loaded);
    for act in [Action::Move(Dir::E), Action::Move(Dir::E), Action::Move(Dir::E), Action::Wait, Action::Wait]
    {
        a.act(act);
        b.act(act);
    }
    assert_eq!(a, b);
    let leftovers: Vec<_> =
        fs::read_dir(dir.join("nested")).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers, vec![std::ffi::OsString::from("save.ron")], "no temporary file left behind");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_save_records_its_format_version() {
    let text = save::to_ron(&played());
    assert!(text.contains(&format!("format: {SAVE_FORMAT}")), "{}", &text[..200.min(text.len())]);
}

#[test]
fn corrupt_and_incompatible_saves_are_refused_and_left_untouched() {
    let dir = scratch("bad");
    let good = save::to_ron(&played());
    let mut off_map = played();
    off_map.player.pos = Pos::new(500, 2);
    let cases = [
        ("garbage.ron", "this is not a save".to_string()),
        ("truncated.ron", good[..good.len() / 2].to_string()),
        ("future.ron", good.replacen(&format!("format: {SAVE_FORMAT}"), "format: 999", 1)),
        ("offmap.ron", save::to_ron(&off_map)),
    ];
    for (name, text) in cases {
        let path = dir.join(name);
        fs::write(&path, &text).unwrap();
        let err = save::load(&path).expect_err(name);
        let msg = err.to_string();
        assert!(msg.contains(name), "the error names the file: {msg}");
        match name {
            "future.ron" => assert!(matches!(err, SaveError::Incompatible { found: 999, .. }), "{msg}"),
            "offmap.ron" => assert!(msg.contains("outside the map"), "{msg}"),
            _ => assert!(matches!(err, SaveError::Corrupt { .. }), "{name}: {msg}"),
        }
        assert_eq!(fs::read_to_string(&path).unwrap(), text, "{name} untouched");
    }
    assert!(matches!(save::load(&dir.join("missing.ron")), Err(SaveError::Io { .. })));
    fs::remove_dir_all(dir).unwrap();
}

/// A save path under a regular file cannot be made a directory: the error says which part of
/// the path is in the way, not the system's "File exists" from trying to create it, and the
/// file in the way is left as it was.
#[test]
fn a_save_under_a_file_names_the_file_that_is_not_a_directory() {
    let dir = scratch("under-a-file");
    let file = dir.join("afile");
    fs::write(&file, "not a directory").unwrap();
    // The file as the save's directory, and as a directory further up.
    for path in [file.join("save.ron"), file.join("deeper").join("save.ron")] {
        let err = save::save(&played(), &path).expect_err("no directory under a file");
        let msg = err.to_string();
        assert!(matches!(err, SaveError::Io { .. }), "{msg}");
        assert!(msg.starts_with(&format!("{}: ", path.display())), "names the save: {msg}");
        assert!(msg.contains(&format!("{} is not a directory", file.display())), "{msg}");
        assert!(!msg.contains("File exists"), "{msg}");
        assert_eq!(fs::read_to_string(&file).unwrap(), "not a directory");
    }
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "nothing created beside it");
    fs::remove_dir_all(dir).unwrap();
}

/// Hand-edited saves that break what the rules keep true are refused, each with a message
/// naming what is wrong and where: a creature where none can stand, two on one cell, two
/// monsters with one id, a map larger than a map file may be. (Play never makes any of them;
/// `save_load_save_is_byte_identical…` and the soak test load games at every stage.)
#[test]
fn saves_that_break_the_rules_invariants_are_refused_naming_what_and_where() {
    let dir = scratch("invariants");
    let base = played();
    let goblin = base.monsters.iter().position(|m| m.kind == MonsterKind::Goblin).unwrap();
    let rat = base.monsters.iter().position(|m| m.kind == MonsterKind::Rat).unwrap();
    let (player, rat_pos) = (base.player.pos, base.monsters[rat].pos);
    let wide = sightline::map::MAX_SIDE + 1;
    let edit = |f: &dyn Fn(&mut GameState)| {
        let mut g = base.clone();
        f(&mut g);
        g
    };
    let cases: Vec<(&str, GameState, String)> = vec![
        (
            "player-in-wall.ron",
            edit(&|g| g.player.pos = Pos::new(0, 3)),
            "the player stands at 0,3 on a wall".into(),
        ),
        (
            "player-in-water.ron",
            edit(&|g| {
                g.map.tiles.set(player, Tile::Water);
            }),
            format!("the player stands at {player} on deep water"),
        ),
        (
            "goblin-in-wall.ron",
            edit(&|g| g.monsters[goblin].pos = Pos::new(6, 1)),
            "a goblin stands at 6,1 on a wall".into(),
        ),
        (
            "goblin-in-door.ron",
            edit(&|g| g.monsters[goblin].pos = Pos::new(6, 3)),
            "a goblin stands at 6,3 on a closed door".into(),
        ),
        (
            "goblin-on-player.ron",
            edit(&|g| g.monsters[goblin].pos = player),
            format!("a goblin stands at {player}, the player's cell"),
        ),
        (
            "goblin-on-rat.ron",
            edit(&|g| g.monsters[goblin].pos = rat_pos),
            format!("a goblin and a rat both stand at {rat_pos}"),
        ),
        (
            "same-id.ron",
            edit(&|g| g.monsters[rat].id = g.monsters[goblin].id),
            format!("have the same id, {}", base.monsters[goblin].id),
        ),
        (
            "wide.ron",
            edit(&|g| {
                g.map = Map::open(wide, 7);
                g.memory = sightline::game::Memory::new(wide, 7);
            }),
            format!("the map is {wide}x7 cells; a map may be at most 4096x4096"),
        ),
    ];
    for (name, game, says) in cases {
        let path = dir.join(name);
        let text = save::to_ron(&game);
        fs::write(&path, &text).unwrap();
        let err = save::load(&path).expect_err(name);
        let msg = err.to_string();
        assert!(matches!(err, SaveError::Corrupt { .. }), "{name}: {msg}");
        assert!(msg.contains(&says), "{name}: {msg:?} should say {says:?}");
        assert_eq!(fs::read_to_string(&path).unwrap(), text, "{name} untouched");
    }
    // Any sight radius is kept: the player and the monsters see alike at every one.
    let far = edit(&|g| {
        g.sight_radius = Some(u32::MAX);
        g.restore_derived();
    });
    assert_eq!(save::from_ron(&save::to_ron(&far), "far.ron".as_ref()).unwrap(), far);
    fs::remove_dir_all(dir).unwrap();
}

/// A map built in code can place what no map file can: such a game is not started (its save
/// could not be loaded), and the error says why.
#[test]
fn a_map_whose_spawns_break_the_rules_starts_no_game() {
    let overlap = |p: Pos| {
        let mut map = level();
        map.monsters.push(MonsterSpawn { pos: p, kind: MonsterKind::Orc });
        GameState::new(map, 1).map(|_| ()).unwrap_err().to_string()
    };
    assert_eq!(
        overlap(Pos::new(0, 0)),
        "the map cannot start a game: an orc stands at 0,0 on a wall, where no creature can stand"
    );
    assert_eq!(
        overlap(Pos::new(2, 3)),
        "the map cannot start a game: an orc stands at 2,3, the player's cell"
    );
    assert_eq!(overlap(Pos::new(4, 1)), "the map cannot start a game: a goblin and an orc both stand at 4,1");
    let mut wide = Map::open(sightline::map::MAX_SIDE + 1, 1);
    wide.player_start = Some(Pos::new(0, 0));
    assert!(GameState::new(wide, 1).map(|_| ()).unwrap_err().to_string().contains("at most 4096x4096"));
}
