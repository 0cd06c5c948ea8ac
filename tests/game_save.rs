//! Saves: a game written and read back is the same game, writes are atomic, bad saves are
//! refused and left alone.

use std::fs;

use sightline::Pos;
use sightline::game::ranged::{ShotEnd, ShotReport};
use sightline::game::save::{self, SAVE_FORMAT, SaveError};
use sightline::game::{Acted, Action, Dir, GameState, Mind, Outcome};
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
            // (text that does not start as a save is no save at all: see below)
            "garbage.ron" => assert!(matches!(err, SaveError::NotASave { .. }), "{name}: {msg}"),
            _ => assert!(matches!(err, SaveError::Corrupt { .. }), "{name}: {msg}"),
        }
        assert_eq!(fs::read_to_string(&path).unwrap(), text, "{name} untouched");
    }
    assert!(matches!(save::load(&dir.join("missing.ron")), Err(SaveError::Io { .. })));
    fs::remove_dir_all(dir).unwrap();
}

/// A map given for a save (`sightline --load maps/dungeon.ron`) is named as a map, with
/// `sightline FILE` to play it, only when that command loads it: a RON map, or plain rows named
/// `.txt`. And left as it was. A damaged save stays a damaged save (above).
#[test]
fn a_map_given_for_a_save_is_named_as_a_map() {
    let dir = scratch("map-for-save");
    let dungeon = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/dungeon.ron");
    let txt = dir.join("hall.txt");
    fs::write(&txt, "#####\n#@.>#\n#####\n").unwrap();
    for path in [dungeon, txt] {
        let before = fs::read(&path).unwrap();
        let err = save::load(&path).expect_err("a map is not a save");
        assert!(matches!(err, SaveError::Map { .. }), "{err}");
        assert_eq!(err.to_string(), format!("{} is a map, not a save", path.display()));
        assert!(Map::load(&path).is_ok(), "`sightline {}` plays it", path.display());
        assert_eq!(fs::read(&path).unwrap(), before, "left untouched");
    }
    fs::remove_dir_all(dir).unwrap();
}

/// QA: `--load README.md` called the README a map (it has a `rows:` in it), and `--load rows.ron`
/// (plain rows) said to play it with `sightline rows.ron`, which then refused it. A file that
/// `sightline FILE` would not load is not called a map: plain rows not named `.txt` are named
/// as such, with the name that has them read as rows; a RON map named `.txt`, the other way
/// round; a map with a mistake, with the command that says what it is; and anything else is
/// not a save, saying what a save is, at the place it stops being one, not in ron's words.
#[test]
fn a_file_is_called_a_map_only_where_it_loads_as_one() {
    let dir = scratch("not-a-save");
    let readme = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let dungeon =
        fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/dungeon.ron"));
    let cases: [(&str, String, &str); 12] = [
        // (QA: a map with no player start was "a map: play it with `sightline FILE`", which then
        // said it has no player start)
        (
            "nostart.txt",
            "#####\n#..>#\n#####\n".into(),
            "it is a map, but one with no player start: put one `@` on a floor cell, then `sightline ",
        ),
        (
            "nostart-rows.ron",
            "#####\n#..>#\n#####\n".into(),
            "it is a plain-text map (rows of glyphs, one a line), but a map file not named `.txt` is read as RON: name it `.txt` and put one `@` on a floor cell (it has no player start) to play it",
        ),
        (
            "nostart-ron.txt",
            "(\n    name: \"n\",\n    rows: [\"#####\", \"#..>#\", \"#####\"],\n)\n".into(),
            "it is a RON map, but a map file named `.txt` is read as plain rows: name it `.ron` and put one `@` on a floor cell (it has no player start) to play it",
        ),
        (
            "rows.ron",
            "#####\n#@.>#\n#####\n".into(),
            "it is a plain-text map (rows of glyphs, one a line), but a map file not named `.txt` is read as RON: name it `.txt` to play it",
        ),
        ("rows", "#####\n#@.>#\n#####\n".into(), "it is a plain-text map"),
        (
            "uneven.ron",
            "#####\n#@.>#\n####\n".into(),
            "it looks like a plain-text map (rows of glyphs, one a line), but a map file not named `.txt` is read as RON: name it `.txt` (`sightline check` then says what is wrong with it)",
        ),
        (
            "uneven.txt",
            "#####\n#@.>#\n####\n".into(),
            "it looks like a map, with a mistake in it: `sightline check ",
        ),
        (
            "broken.ron",
            "(\n    name: \"b\",\n    rows: [\"#X#\"],\n)\n".into(),
            "it looks like a map, with a mistake in it: `sightline check ",
        ),
        (
            "dungeon.txt",
            dungeon.unwrap(),
            "it is a RON map, but a map file named `.txt` is read as plain rows: name it `.ron` to play it",
        ),
        (
            "empty.ron",
            String::new(),
            "1:1: the file is empty; a save is the file sightline writes when a game is saved (`S`), RON text that starts `(format: 2, game: (`",
        ),
        ("Cargo.toml", "[package]\nname = \"x\"\n".into(), "1:1: a save is the file sightline writes"),
        ("README.md", fs::read_to_string(&readme).unwrap(), "1:"),
    ];
    for (name, text, says) in cases {
        let path = dir.join(name);
        fs::write(&path, &text).unwrap();
        let err = save::load(&path).expect_err(name);
        let msg = err.to_string();
        assert!(matches!(err, SaveError::NotASave { .. }), "{name}: {msg}");
        let start = format!("{}: not a sightline save: {says}", path.display());
        assert!(msg.starts_with(&start), "{name}: {msg}");
        assert!(!msg.contains("is a map, not a save"), "{name}: {msg}");
        if says.starts_with("1:") {
            assert!(
                msg.contains("a save is the file sightline writes when a game is saved (`S`)"),
                "{name}: {msg}"
            );
        }
        // ron's words about the types it reads (`Expected opening `(` for struct `save``)
        assert!(!msg.contains("struct") && !msg.contains("Expected"), "{name}: {msg}");
        assert_eq!(fs::read_to_string(&path).unwrap(), text, "{name} left untouched");
        // The advice works when followed: renamed as it says, and given a player start where it
        // says so, the map plays.
        let mut path = path;
        if msg.ends_with("to play it") {
            let ext = if name.ends_with(".txt") { "ron" } else { "txt" };
            let renamed = path.with_extension(ext);
            fs::rename(&path, &renamed).unwrap();
            assert!(Map::load(&renamed).is_ok(), "{name} as {}", renamed.display());
            path = renamed;
        }
        if msg.contains("put one `@` on a floor cell") {
            let map = Map::load(&path).unwrap();
            assert!(map.check_playable(name).is_err(), "{name}: no start, as it says");
            let again = save::load(&path).unwrap_err().to_string();
            assert!(again.contains("it is a map, but one with no player start"), "{name}: {again}");
            fs::write(&path, fs::read_to_string(&path).unwrap().replacen('.', "@", 1)).unwrap();
        }
        if msg.ends_with("to play it") || msg.contains("put one `@` on a floor cell") {
            assert!(Map::load(&path).unwrap().check_playable(name).is_ok(), "{name}");
            assert!(matches!(save::load(&path), Err(SaveError::Map { .. })), "{name}");
        }
    }
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

/// The validator's message for a game that `from_ron` must refuse as damaged.
fn refused(game: &GameState) -> String {
    let err = save::from_ron(&save::to_ron(game), "edited.ron".as_ref()).expect_err("refused");
    assert!(matches!(err, SaveError::Corrupt { .. }), "{err}");
    err.to_string()
}

/// `played()` with one edit made by hand, and the goblin's position.
fn edited(f: impl FnOnce(&mut GameState, usize)) -> (GameState, Pos) {
    let mut game = played();
    let goblin = game.monsters.iter().position(|m| m.kind == MonsterKind::Goblin).unwrap();
    f(&mut game, goblin);
    let at = game.monsters[goblin].pos;
    (game, at)
}

/// A shot as the rules record one: the arrow flew east from the player and fell on the floor.
fn shot(game: &GameState, end: ShotEnd) -> ShotReport {
    let rest = game.player.pos;
    ShotReport { path: vec![rest + Pos::new(1, 0)], end, broke: false, rest }
}

#[test]
fn a_won_game_whose_player_is_not_on_the_exit_is_refused() {
    let (game, _) = edited(|g, _| g.outcome = Outcome::Won);
    let at = game.player.pos;
    assert_ne!(game.map.tile(at), Tile::Exit);
    let msg = refused(&game);
    assert!(
        msg.contains(&format!("the game is won but the player stands at {at}, not on the exit")),
        "{msg}"
    );
}

#[test]
fn a_monster_remembering_the_player_outside_the_map_is_refused() {
    let (game, at) = edited(|g, i| g.monsters[i].mind = Mind::Hunting { last_seen: Pos::new(900, 2) });
    let msg = refused(&game);
    assert!(msg.contains(&format!("a goblin at {at} remembers 900,2, outside the map")), "{msg}");
}

#[test]
fn a_monster_whose_route_leaves_the_map_is_refused() {
    let (game, at) = edited(|g, i| {
        let next = g.monsters[i].pos + Pos::new(1, 0);
        g.monsters[i].route = vec![next, Pos::new(-1, 1)];
    });
    let msg = refused(&game);
    assert!(msg.contains(&format!("a goblin at {at} has a route through -1,1, outside the map")), "{msg}");
}

#[test]
fn a_map_whose_player_start_is_outside_it_is_refused() {
    let (game, _) = edited(|g, _| g.map.player_start = Some(Pos::new(12, 3)));
    let msg = refused(&game);
    assert!(msg.contains("the map's player start 12,3 is outside the map"), "{msg}");
}

#[test]
fn a_map_spawning_a_monster_outside_it_is_refused() {
    let (game, _) = edited(|g, _| g.map.monsters[1].pos = Pos::new(9, -2));
    let msg = refused(&game);
    assert!(msg.contains("the map spawns a rat at 9,-2, outside the map"), "{msg}");
}

#[test]
fn a_map_spawning_an_item_outside_it_is_refused() {
    let (game, _) = edited(|g, _| g.map.items[0].pos = Pos::new(3, 70));
    let msg = refused(&game);
    assert!(msg.contains("the map spawns an item at 3,70, outside the map"), "{msg}");
}

#[test]
fn a_last_shot_whose_arrow_lies_outside_the_map_is_refused() {
    let (game, _) = edited(|g, _| {
        let mut report = shot(g, ShotEnd::MaxRange(g.player.pos));
        report.rest = Pos::new(40, 3);
        g.last_shot = Some(report);
    });
    let msg = refused(&game);
    assert!(msg.contains("the last shot's arrow lies at 40,3, outside the map"), "{msg}");
}

#[test]
fn a_last_shot_that_hit_or_fell_outside_the_map_is_refused() {
    for end in [ShotEnd::Hit(Pos::new(12, 3)), ShotEnd::MaxRange(Pos::new(-1, 3))] {
        let (game, _) = edited(|g, _| g.last_shot = Some(shot(g, end)));
        let msg = refused(&game);
        let at = match end {
            ShotEnd::Hit(p) | ShotEnd::MaxRange(p) | ShotEnd::Blocked(p) => p,
        };
        assert!(msg.contains(&format!("the last shot ended at {at}, outside the map")), "{end:?}: {msg}");
    }
}

#[test]
fn a_last_shot_stopped_further_out_than_an_open_edge_is_refused() {
    let (game, _) = edited(|g, _| g.last_shot = Some(shot(g, ShotEnd::Blocked(Pos::new(13, 3)))));
    let msg = refused(&game);
    assert!(msg.contains("the last shot ended at 13,3, more than a cell outside the map"), "{msg}");
}

#[test]
fn a_last_shot_that_flew_further_out_than_an_open_edge_is_refused() {
    let (game, _) = edited(|g, _| {
        let mut report = shot(g, ShotEnd::Blocked(Pos::new(6, 3)));
        report.path.push(Pos::new(2, -2));
        g.last_shot = Some(report);
    });
    let msg = refused(&game);
    assert!(msg.contains("the last shot flew through 2,-2, more than a cell outside the map"), "{msg}");
}

/// What play makes is kept: on a map with open edges (outside is wall), arrows shot every way
/// from four cells (a corner, inside, on two edges) strike the cells just outside and graze
/// past them, and the game still loads; so does a game won on the exit.
#[test]
fn shots_past_an_open_edge_and_a_won_game_load() {
    let (mut struck_outside, mut flew_outside) = (0, 0);
    for start in [Pos::new(0, 0), Pos::new(2, 1), Pos::new(4, 2), Pos::new(3, 4)] {
        let mut map = Map::open(5, 5);
        map.player_start = Some(start);
        let fresh = GameState::new(map, 3).unwrap();
        for dy in -7..=7 {
            for dx in -7..=7 {
                let mut game = fresh.clone();
                if game.act(Action::Fire { target: start + Pos::new(dx, dy) }) != Acted::Turn {
                    continue;
                }
                let report = game.last_shot.clone().unwrap();
                struck_outside +=
                    usize::from(matches!(report.end, ShotEnd::Blocked(p) if !game.map.contains(p)));
                flew_outside += report.path.iter().filter(|&&p| !game.map.contains(p)).count();
                let loaded = save::from_ron(&save::to_ron(&game), "edge.ron".as_ref()).unwrap();
                assert_eq!(loaded, game, "from {start} at {dx},{dy}");
            }
        }
    }
    assert!(struck_outside > 0 && flew_outside > 0, "{struck_outside} {flew_outside}");

    let mut game = GameState::new(level(), 42).unwrap();
    game.player.pos = Pos::new(10, 5);
    game.restore_derived();
    assert_eq!(game.act(Action::TakeExit), Acted::Turn);
    assert_eq!(game.outcome, Outcome::Won);
    assert_eq!(save::from_ron(&save::to_ron(&game), "won.ron".as_ref()).unwrap(), game);
}

/// A game that ended saves and loads back as it ended (the game resumed from a save writes its
/// end over that save; see `tests/e2e_save_end.rs`): a death, with its killer, as well as a win.
#[test]
fn a_game_lost_saves_and_loads_back_lost() {
    let mut game = GameState::new(level(), 7).unwrap();
    for _ in 0..500 {
        if game.is_over() {
            break;
        }
        game.act(Action::Wait);
    }
    assert!(matches!(game.outcome, Outcome::Dead { .. }), "the goblin kills a player who only waits");
    let dir = scratch("lost");
    let path = dir.join("save.ron");
    save::save(&game, &path).unwrap();
    let loaded = save::load(&path).unwrap();
    assert!(loaded.is_over());
    assert_eq!(loaded, game);
    fs::remove_dir_all(dir).unwrap();
}
