//! Saves under faults: a save interrupted between writing and renaming (as if the process were
//! killed there) leaves the previous save intact and loadable; a save of another format version
//! is refused with a message naming both versions and left untouched; an oversized file is
//! refused before it is read, an endless one (a device) read no further than the limit, and a
//! hostile one (deep nesting, huge numbers) is reported as damaged; and save → load → save
//! reproduces the file byte for byte, for games at every stage on every bundled map.

use std::fs;
use std::path::Path;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use sightline::game::save::{self, Crash, MAX_SAVE_BYTES, SAVE_FORMAT, SaveError};
use sightline::game::{Acted, Action, Dir, FloorItem, GameState};
use sightline::map::ItemKind;
use sightline::map::format::parse_ron;

#[path = "support/scratch.rs"]
mod scratch;
#[cfg(unix)]
#[path = "support/within.rs"]
mod within;
use scratch::scratch;

const MAPS: &[(&str, &str)] = &[
    ("dungeon.ron", include_str!("../maps/dungeon.ron")),
    ("cave.ron", include_str!("../maps/cave.ron")),
    ("pillars.ron", include_str!("../maps/pillars.ron")),
    ("diagonals.ron", include_str!("../maps/diagonals.ron")),
    ("glass.ron", include_str!("../maps/glass.ron")),
    ("large.ron", include_str!("../maps/large.ron")),
];

/// A game on bundled map `map` after up to `turns` random actions (fewer if it ends).
fn played(map: usize, seed: u64, turns: usize) -> GameState {
    let (name, source) = MAPS[map];
    let mut game = GameState::new(parse_ron(source, name).unwrap(), seed).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    for _ in 0..turns {
        let dir = Dir::ALL[rng.random_range(0..8)];
        let action = match rng.random_range(0..10) {
            0 => Action::Open(dir),
            1 => Action::Close(dir),
            2 => Action::PickUp,
            3 => Action::Quaff,
            _ => Action::Move(dir),
        };
        game.act(action);
    }
    game
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[test]
fn a_save_interrupted_before_the_rename_leaves_the_previous_save_intact() {
    let dir = scratch("interrupted");
    let path = dir.join("save.ron");
    let before = played(0, 7, 40);
    save::save(&before, &path).unwrap();
    let old_bytes = fs::read(&path).unwrap();

    let mut after = before.clone();
    for _ in 0..5 {
        after.act(Action::Wait);
    }
    assert_ne!(save::to_ron(&after), save::to_ron(&before), "the new save differs from the old");
    let err = save::save_to(&after, &path, Crash::BeforeRename).expect_err("the simulated crash");
    assert!(matches!(err, SaveError::Io { .. }), "{err}");

    // What the crash left: the old save, byte for byte, beside the new one's temporary file.
    assert_eq!(fs::read(&path).unwrap(), old_bytes, "the previous save is untouched");
    assert_eq!(files_in(&dir).len(), 2, "the killed write left its temporary file: {:?}", files_in(&dir));
    assert_eq!(save::load(&path).unwrap(), before, "the previous save loads, as it was");

    // The next save goes through, and the stale temporary file does not survive it.
    save::save(&after, &path).unwrap();
    assert_eq!(save::load(&path).unwrap(), after);
    assert_eq!(files_in(&dir), vec!["save.ron".to_string()]);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_interrupted_first_save_leaves_no_save_at_all() {
    let dir = scratch("first");
    let path = dir.join("save.ron");
    assert!(save::save_to(&played(1, 3, 10), &path, Crash::BeforeRename).is_err());
    assert!(!path.exists(), "no half-written save appears under the save's name");
    assert!(matches!(save::load(&path), Err(SaveError::Io { .. })));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_save_of_another_format_version_is_refused_by_version_and_left_untouched() {
    let dir = scratch("versions");
    let current = save::to_ron(&played(0, 5, 20));
    let marker = format!("format: {SAVE_FORMAT}");
    assert!(current.contains(&marker));
    let cases = [
        ("older.ron", current.replacen(&marker, &format!("format: {}", SAVE_FORMAT - 1), 1), SAVE_FORMAT - 1),
        ("newer.ron", current.replacen(&marker, &format!("format: {}", SAVE_FORMAT + 1), 1), SAVE_FORMAT + 1),
        // a future format may change everything after the version: it is still named by version
        (
            "reshaped.ron",
            format!(
                "(format: {}, world: \"packed\", game: [1, 2, 3], extra: {{ \"a\": () }})",
                SAVE_FORMAT + 7
            ),
            SAVE_FORMAT + 7,
        ),
    ];
    for (name, text, version) in cases {
        let path = dir.join(name);
        fs::write(&path, &text).unwrap();
        let err = save::load(&path).expect_err(name);
        assert!(matches!(err, SaveError::Incompatible { found, .. } if found == version), "{name}: {err}");
        let msg = err.to_string();
        assert!(msg.contains(name), "names the file: {msg}");
        assert!(msg.contains(&format!("format {version}")), "names the save's version: {msg}");
        assert!(msg.contains(&format!("reads format {SAVE_FORMAT}")), "names this build's version: {msg}");
        assert_eq!(fs::read_to_string(&path).unwrap(), text, "{name} is left untouched");
    }
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_oversized_save_is_refused_before_it_is_read() {
    let dir = scratch("oversized");
    let path = dir.join("huge.ron");
    // a sparse file: it claims the size without taking the disk space
    fs::File::create(&path).unwrap().set_len(MAX_SAVE_BYTES + 1).unwrap();
    let err = save::load(&path).expect_err("too large");
    let msg = err.to_string();
    assert!(matches!(err, SaveError::Corrupt { .. }), "{msg}");
    assert!(msg.contains(&format!("{} bytes", MAX_SAVE_BYTES + 1)) && msg.contains("at most"), "{msg}");
    assert_eq!(fs::metadata(&path).unwrap().len(), MAX_SAVE_BYTES + 1, "left untouched");
    fs::remove_dir_all(dir).unwrap();
}

/// A save larger than `load` reads is not written: the game once said "saved", renamed the
/// oversized file over the previous save, and could then load neither. The limit is lowered
/// through `save_limited` (a game past 256 MiB takes gigabytes to build); `save` goes the same
/// way with `MAX_SAVE_BYTES`.
#[test]
fn a_save_larger_than_load_reads_is_refused_and_the_previous_save_kept() {
    let dir = scratch("too-large");
    let path = dir.join("save.ron");
    let (before, after) = (played(0, 1, 5), played(5, 2, 40));
    save::save(&before, &path).unwrap();
    let previous = fs::read(&path).unwrap();
    let size = save::to_ron(&after).len() as u64;
    assert!(size > previous.len() as u64);

    let err = save::save_limited(&after, &path, size - 1).expect_err("one byte too many");
    let msg = err.to_string();
    assert!(
        matches!(err, SaveError::TooLarge { size: s, limit, .. } if s == size && limit == size - 1),
        "{msg}"
    );
    assert!(msg.starts_with(&format!("{}: ", path.display())), "names the file: {msg}");
    assert!(msg.contains(&format!("{size} bytes")) && msg.contains(&(size - 1).to_string()), "{msg}");
    assert_eq!(fs::read(&path).unwrap(), previous, "the previous save is left as it was");
    assert_eq!(files_in(&dir), ["save.ron"], "no temporary file either");
    assert_eq!(save::load(&path).unwrap(), before);

    // At the limit exactly it is written, and loads.
    save::save_limited(&after, &path, size).unwrap();
    assert_eq!(save::load(&path).unwrap(), after);
    fs::remove_dir_all(dir).unwrap();
}

/// A game changed by hand into one the rules never play (here a goblin moved into a wall) is
/// not saved: load would refuse the file as damaged. The previous save is kept.
#[test]
fn a_game_that_load_would_refuse_is_not_saved() {
    let dir = scratch("invalid");
    let path = dir.join("save.ron");
    let before = played(0, 1, 5);
    save::save(&before, &path).unwrap();
    let previous = fs::read(&path).unwrap();
    let mut edited = before.clone();
    let wall = edited.map.tiles.iter().find(|(_, t)| t.blocks_movement()).map(|(p, _)| p).unwrap();
    edited.monsters[0].pos = wall;
    edited.restore_derived();
    let err = save::save(&edited, &path).expect_err("a monster in a wall");
    let msg = err.to_string();
    assert!(matches!(err, SaveError::Invalid { .. }), "{msg}");
    assert!(msg.contains(&format!("stands at {wall} on a wall")), "{msg}");
    assert_eq!(fs::read(&path).unwrap(), previous, "the previous save is left as it was");
    assert_eq!(files_in(&dir), ["save.ron"]);
    fs::remove_dir_all(dir).unwrap();
}

/// Something that never ends (a device, a pipe) has no size to report: it is read up to one
/// byte past the limit, and the error says that much, not the number of bytes read.
#[cfg(unix)]
#[test]
fn an_endless_device_is_read_no_further_than_the_limit() {
    let err = save::load(Path::new("/dev/zero")).expect_err("endless");
    let msg = err.to_string();
    assert!(matches!(err, SaveError::Corrupt { .. }), "{msg}");
    assert!(
        msg.starts_with(&format!(
            "/dev/zero: not a sightline save, or a damaged one: the file holds more than \
             {MAX_SAVE_BYTES} bytes; a save may be at most {MAX_SAVE_BYTES} bytes"
        )),
        "{msg}"
    );
    assert!(!msg.contains(&(MAX_SAVE_BYTES + 1).to_string()), "a size never measured: {msg}");
}

#[test]
fn hostile_saves_are_refused_as_damaged_not_crashed_on() {
    let dir = scratch("hostile");
    let good = save::to_ron(&played(0, 9, 30));
    let deep = "[".repeat(100_000);
    // A map whose sides multiply past usize to its (empty) cell count.
    let tiles = good.find("tiles: (width: ").unwrap();
    let tiles_end = tiles + good[tiles..].find("]),").unwrap() + "])".len();
    let wrapping = format!(
        "{}tiles: (width: 4294967296, height: 4294967296, cells: []){}",
        &good[..tiles],
        &good[tiles_end..]
    );
    let cases = [
        ("wrapping-size.ron", wrapping),
        ("deep.ron", format!("(format: {SAVE_FORMAT}, game: {deep}")),
        ("deep-header.ron", format!("(format: {deep}")),
        ("huge-number.ron", good.replacen("turn: ", "turn: 99999999999999999999999999", 1)),
        ("negative-size.ron", good.replacen("width: ", "width: -", 1)),
        ("empty.ron", String::new()),
    ];
    for (name, text) in cases {
        let path = dir.join(name);
        fs::write(&path, &text).unwrap();
        let err = save::load(&path).expect_err(name);
        // (an empty file is no damaged save: nothing in it starts as one)
        match name {
            "empty.ron" => assert!(matches!(err, SaveError::NotASave { .. }), "{name}: {err}"),
            _ => assert!(matches!(err, SaveError::Corrupt { .. }), "{name}: {err}"),
        }
        assert!(err.to_string().contains(name), "{err}");
        assert_eq!(fs::read_to_string(&path).unwrap(), text, "{name} is left untouched");
    }
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn save_load_save_is_byte_identical_on_every_bundled_map_at_every_stage() {
    let dir = scratch("identical");
    let (first, second) = (dir.join("first.ron"), dir.join("second.ron"));
    let mut over = 0;
    for (map, (name, _)) in MAPS.iter().enumerate() {
        for (seed, turns) in [(1, 0), (2, 25), (3, 300), (4, 2_000)] {
            let game = played(map, seed, turns);
            over += usize::from(game.is_over());
            save::save(&game, &first).unwrap();
            let loaded = save::load(&first).unwrap();
            assert_eq!(loaded, game, "{name} seed {seed}");
            save::save(&loaded, &second).unwrap();
            assert!(
                fs::read(&first).unwrap() == fs::read(&second).unwrap(),
                "{name} seed {seed} after {turns} actions: the second save differs from the first"
            );
        }
    }
    assert!(over > 0, "some of the games saved were finished ones");
    fs::remove_dir_all(dir).unwrap();
}

/// Saves edited by hand to numbers the rules never reach. Counters at their limits keep the game
/// playing: they saturate instead of overflowing (a panic in a debug build, as these tests run,
/// and a silent wrap in a release one). Hit points and piles that no game holds are refused,
/// naming the file.
#[test]
fn edited_saves_at_the_limits_play_on_or_are_refused() {
    let dir = scratch("limits");
    let mut game = played(0, 9, 0);
    game.turn = u64::MAX;
    game.player.gold = u32::MAX - 5;
    game.player.kills = u32::MAX;
    let here = game.player.pos;
    game.items.insert(0, FloorItem { kind: ItemKind::Gold, pos: here, amount: u32::MAX });
    let path = dir.join("limits.ron");
    save::save(&game, &path).unwrap();
    let mut loaded = save::load(&path).unwrap();
    assert_eq!(loaded.act(Action::PickUp), Acted::Turn);
    assert_eq!((loaded.turn, loaded.player.gold, loaded.score()), (u64::MAX, u32::MAX, u32::MAX));
    assert_eq!(loaded.act(Action::Wait), Acted::Turn);
    assert_eq!(loaded.turn, u64::MAX);

    let good = save::to_ron(&played(0, 9, 0));
    let cases = [
        // (each says which rule the numbers break: QA read "has 999 of 999 hit points" as fine)
        ("dead-alive.ron", good.replacen("hp: 24,", "hp: 0,", 1), "alive with 0 hit points (1 or more"),
        ("over-max.ron", good.replacen("hp: 24,", "hp: 25,", 1), "25 hit points, more than the most, 24"),
        (
            "huge-ceiling.ron",
            good.replacen("hp: 24,", "hp: 1000000000,", 1).replacen("max_hp: 24,", "max_hp: 1000000000,", 1),
            "most hit points are 1000000000, where the rules give 24",
        ),
        (
            "no-ceiling.ron",
            good.replacen("hp: 24,", "hp: 0,", 1).replacen("max_hp: 24,", "max_hp: 0,", 1),
            "most hit points are 0, where the rules give 24",
        ),
        ("dead-monster.ron", good.replacen("hp: 7, mind", "hp: 0, mind", 1), "hit points"),
        ("strong-monster.ron", good.replacen("hp: 8, mind", "hp: 99, mind", 1), "hit points"),
        ("empty-pile.ron", good.replacen("amount: 17", "amount: 0", 1), "pile"),
    ];
    for (name, text, expected) in cases {
        assert_ne!(text, good, "{name}: the edit applies");
        let path = dir.join(name);
        fs::write(&path, &text).unwrap();
        let err = save::load(&path).expect_err(name).to_string();
        assert!(err.contains(name) && err.contains("damaged") && err.contains(expected), "{err}");
    }
    fs::remove_dir_all(dir).unwrap();
}

/// A save file reached through a symbolic link (a player keeping saves in a synced folder)
/// is updated where it lives: the link stays a link, and no temporary file is left behind.
#[cfg(unix)]
#[test]
fn a_save_through_a_symbolic_link_updates_the_file_it_points_to() {
    use std::os::unix::fs::symlink;
    let dir = scratch("symlink");
    let (first, second) = (played(0, 1, 5), played(0, 2, 40));
    assert_ne!(first, second);
    let real = dir.join("real.ron");
    save::save(&first, &real).unwrap();
    // A relative target, through a second link.
    symlink("real.ron", dir.join("link.ron")).unwrap();
    symlink("link.ron", dir.join("link2.ron")).unwrap();
    save::save(&second, &dir.join("link2.ron")).unwrap();
    for link in ["link.ron", "link2.ron"] {
        assert!(fs::symlink_metadata(dir.join(link)).unwrap().file_type().is_symlink(), "{link}");
    }
    assert_eq!(save::load(&real).unwrap(), second);
    // A link to a file not there yet (in a directory not there yet either) creates it.
    symlink(dir.join("later").join("new.ron"), dir.join("dangling.ron")).unwrap();
    save::save(&first, &dir.join("dangling.ron")).unwrap();
    assert!(fs::symlink_metadata(dir.join("dangling.ron")).unwrap().file_type().is_symlink());
    assert_eq!(save::load(&dir.join("later").join("new.ron")).unwrap(), first);
    assert_eq!(files_in(&dir), ["dangling.ron", "later", "link.ron", "link2.ron", "real.ron"]);
    fs::remove_dir_all(&dir).unwrap();
}

/// A loop of symbolic links (or a chain longer than the system's limit) is refused like any
/// file the system cannot open: the save writes nothing, and the links stay as they were.
#[cfg(unix)]
#[test]
fn a_save_onto_a_loop_of_links_is_refused_and_changes_nothing() {
    use std::os::unix::fs::symlink;
    let dir = scratch("link-loop");
    symlink("b.ron", dir.join("a.ron")).unwrap();
    symlink("a.ron", dir.join("b.ron")).unwrap();
    let e = save::save(&played(0, 1, 5), &dir.join("a.ron")).unwrap_err();
    assert!(matches!(e, SaveError::Io { .. }), "{e}");
    assert!(e.to_string().contains("symbolic links"), "{e}");
    assert_eq!(files_in(&dir), ["a.ron", "b.ron"]);
    assert_eq!(fs::read_link(dir.join("a.ron")).unwrap(), Path::new("b.ron"));
    assert_eq!(fs::read_link(dir.join("b.ron")).unwrap(), Path::new("a.ron"));
    // A straight chain of 41 links is one too many; 40 are followed.
    let (game, chain) = (played(0, 2, 5), dir.join("chain"));
    fs::create_dir(&chain).unwrap();
    save::save(&game, &chain.join("end.ron")).unwrap();
    symlink("end.ron", chain.join("l1")).unwrap();
    for k in 2..=41 {
        symlink(format!("l{}", k - 1), chain.join(format!("l{k}"))).unwrap();
    }
    save::save(&game, &chain.join("l40")).unwrap();
    let e = save::save(&game, &chain.join("l41")).unwrap_err().to_string();
    assert!(e.contains("more than 40 symbolic links"), "{e}");
    assert!(fs::symlink_metadata(chain.join("l41")).unwrap().file_type().is_symlink());
    fs::remove_dir_all(&dir).unwrap();
}

/// The mode bits of the file at `path`.
#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// QA: a save made private (0600) became world-readable (0644) when the game saved over it (`S`,
/// or a finished game's end written over the save it was resumed from): the rename put a new
/// file with the default mode in its place. The new save keeps the old one's permissions, set
/// on the temporary file before the rename, also for a save reached through a link; a new save
/// gets the mode any new file gets. (Modes are read back, not tried: the tests run as root,
/// whom permissions do not stop.)
#[cfg(unix)]
#[test]
fn a_save_keeps_the_permissions_of_the_save_it_replaces() {
    use std::os::unix::fs::symlink;
    let dir = scratch("modes");
    let (first, second) = (played(0, 1, 5), played(0, 2, 40));
    let path = dir.join("save.ron");
    save::save(&first, &path).unwrap();
    // A new save: the mode a new file gets here (the umask's), as before.
    let probe = dir.join("probe");
    fs::File::create(&probe).unwrap();
    assert_eq!(mode(&path), mode(&probe), "a new save has the mode of any new file");
    fs::remove_file(&probe).unwrap();
    for kept in [0o600, 0o640, 0o604, 0o664, 0o200] {
        set_mode(&path, kept);
        let game = if kept % 2 == 0 { &second } else { &first };
        save::save(game, &path).unwrap();
        assert_eq!(mode(&path), kept, "{kept:o}");
        assert_eq!(&save::load(&path).unwrap(), game, "{kept:o}: the new save is in place");
    }
    // through a link: the file it leads to keeps its mode, and the link stays a link
    set_mode(&path, 0o600);
    symlink("save.ron", dir.join("link.ron")).unwrap();
    save::save(&first, &dir.join("link.ron")).unwrap();
    assert!(fs::symlink_metadata(dir.join("link.ron")).unwrap().file_type().is_symlink());
    assert_eq!((mode(&path), save::load(&path).unwrap()), (0o600, first));
    assert_eq!(files_in(&dir), ["link.ron", "save.ron"], "no temporary file left behind");
    fs::remove_dir_all(&dir).unwrap();
}

/// QA: a save made read-only (0444) was replaced anyway (a rename needs only the directory to
/// be writable). A save with no write permission bits is not replaced: the error says why and
/// what to do, and the file is left as it was, its mode too, directly or through a link, with
/// no temporary file left behind. (The decision is the mode's, so it holds as root too.)
#[cfg(unix)]
#[test]
fn a_read_only_save_is_not_replaced() {
    use std::os::unix::fs::symlink;
    let dir = scratch("read-only");
    let (first, second) = (played(0, 1, 5), played(0, 2, 40));
    let path = dir.join("save.ron");
    save::save(&first, &path).unwrap();
    symlink("save.ron", dir.join("link.ron")).unwrap();
    let before = fs::read(&path).unwrap();
    for read_only in [0o444, 0o400, 0o000, 0o555] {
        set_mode(&path, read_only);
        for (given, leads) in [("save.ron", false), ("link.ron", true)] {
            let e = save::save(&second, &dir.join(given)).unwrap_err();
            let msg = e.to_string();
            assert!(matches!(e, SaveError::Io { .. }), "{msg}");
            let it = if leads { format!("it leads to {}, which is", path.display()) } else { "it is".into() };
            assert!(
                msg.starts_with(&format!(
                    "{}: {it} read-only (mode {read_only:04o}); a save does not replace a read-only file, \
                     which is left as it is: make it writable (`chmod u+w`) or save to another file \
                     (`--save FILE`)",
                    dir.join(given).display()
                )),
                "{msg}"
            );
            assert_eq!(fs::read(&path).unwrap(), before, "{read_only:o} {given}: left as it was");
            assert_eq!(mode(&path), read_only, "{given}");
            assert_eq!(files_in(&dir), ["link.ron", "save.ron"], "{given}: nothing else written");
        }
    }
    // Made writable again, it is replaced as any save is, keeping its mode.
    set_mode(&path, 0o644);
    save::save(&second, &path).unwrap();
    assert_eq!((mode(&path), save::load(&path).unwrap()), (0o644, second));
    fs::remove_dir_all(&dir).unwrap();
}

/// A map file given as a save is refused in a player's words: ron's message names the save,
/// not the loader's types.
#[test]
fn a_map_file_is_not_a_save() {
    let e = save::from_ron(MAPS[0].1, Path::new("maps/dungeon.ron")).unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, SaveError::Corrupt { .. }), "{text}");
    assert!(text.contains("missing field named `format` in `save`"), "{text}");
    let e = save::from_ron("garbage", Path::new("g.ron")).unwrap_err().to_string();
    assert!(e.contains("Expected struct `save` but found `garbage`"), "{e}");
}

/// `--load` of a named pipe that nothing writes to used to wait in `open` for a writer that
/// never came; it is refused at once, as a map file is.
#[cfg(unix)]
#[test]
fn a_named_pipe_as_a_save_is_refused_not_waited_on() {
    let dir = scratch("fifo");
    let fifo = dir.join("save.ron");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo").success());
    let pipe = fifo.clone();
    let loaded =
        within::within(std::time::Duration::from_secs(20), "loading a pipe", move || save::load(&pipe));
    let err = loaded.expect_err("nothing wrote to it");
    assert!(matches!(err, SaveError::Io { .. }) && err.to_string().contains("named pipe"), "{err}");
    assert!(!err.to_string().contains("damaged"), "nothing was read to be damaged: {err}");
    fs::remove_dir_all(dir).unwrap();
}

/// The rename that makes a save atomic replaces whatever is at its target. A save over a device
/// (`--save /dev/null`), a named pipe or a directory used to turn it into a regular file (as
/// root, the system's own `/dev/full`); it is refused now, before anything is written, and the
/// thing at the path is left as it was, reached directly or through a symbolic link. (A device
/// is not made here: that needs root, and a failing test as root must not replace a real one.
/// The check is the file's type, the same for a pipe.)
#[cfg(unix)]
#[test]
fn a_save_over_a_device_a_pipe_or_a_directory_is_refused_and_changes_nothing() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("not-regular");
    let fifo = dir.join("pipe.ron");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo").success());
    let sub = dir.join("a-directory.ron");
    fs::create_dir(&sub).unwrap();
    let link = dir.join("link.ron");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    let game = played(0, 3, 10);
    for target in [&fifo, &sub, &link] {
        let err = save::save(&game, target).expect_err("not a regular file");
        assert!(matches!(err, SaveError::Io { .. }), "{err}");
        let text = err.to_string();
        assert!(text.contains("a save only replaces a regular file"), "{err}");
        // The path is named once, then what is there (and where a link leads).
        assert_eq!(text.matches(&target.display().to_string()).count(), 1, "{err}");
        let (head, what) = if target == &sub { ("is", "a directory") } else { ("is", "not a regular file") };
        let head = if target == &link {
            format!("it leads to {}, which is", fifo.display())
        } else {
            format!("it {head}")
        };
        assert!(text.contains(&format!("{}: {head} {what}", target.display())), "{err}");
    }
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "the pipe is still a pipe");
    assert!(fs::symlink_metadata(&sub).unwrap().is_dir(), "the directory is still a directory");
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is still a link");
    assert_eq!(files_in(&dir).len(), 3, "no temporary file left: {:?}", files_in(&dir));
    // A pipe left under the temporary file's name (`.NAME.tmpPID`) is not written to, waited
    // on, or removed: the save fails and the pipe stays.
    let path = dir.join("game.ron");
    let tmp = dir.join(format!(".game.ron.tmp{}", std::process::id()));
    assert!(std::process::Command::new("mkfifo").arg(&tmp).status().expect("mkfifo").success());
    let err = within::within(std::time::Duration::from_secs(20), "saving beside a pipe", {
        let path = path.clone();
        move || save::save(&game, &path)
    })
    .expect_err("the temporary file cannot be made");
    assert!(err.to_string().contains("not a regular file"), "{err}");
    // The step that failed is said, and where: not only the system's words after the save's name.
    let step = format!("{}: the new save could not be created in {}: ", path.display(), dir.display());
    assert!(err.to_string().starts_with(&step), "{err}");
    assert!(fs::symlink_metadata(&tmp).unwrap().file_type().is_fifo(), "the pipe is left as it was");
    assert!(!path.exists(), "no save appears");
    fs::remove_dir_all(dir).unwrap();
}

/// QA: `--save mycave.ron` (a map, given by mistake) and `S` replaced the hand-made map with a
/// save. A save replaces only a save (a damaged one included) or an empty file; anything else
/// is left as it was, through a link too, and [`save::replaces_save`] says so before play.
#[test]
fn a_save_replaces_only_a_save() {
    let dir = scratch("replace-only-a-save");
    let game = played(0, 5, 3);
    let cases: [(&str, &str, Option<&str>); 5] = [
        ("map.ron", MAPS[0].1, Some("it is a map")),
        ("rows.txt", "#####\n#@.>#\n#####\n", Some("it is a map")),
        ("notes.md", "# My notes\nnothing to lose\n", Some("it is not a sightline save")),
        ("damaged.ron", "(\n    format: 2,\n    game: (\n        turn: 3", None),
        ("empty.ron", "", None),
    ];
    for (name, text, refused) in cases {
        let path = dir.join(name);
        fs::write(&path, text).unwrap();
        let said = save::replaces_save(&path);
        let result = save::save(&game, &path);
        match refused {
            Some(what) => {
                let err = result.expect_err(name);
                assert!(matches!(err, SaveError::NotASaveToReplace { .. }), "{name}: {err}");
                let msg = err.to_string();
                assert!(msg.contains(what) && msg.contains("a save replaces only a save"), "{name}: {msg}");
                assert!(matches!(said, Err(SaveError::NotASaveToReplace { .. })), "{name}: {said:?}");
                assert_eq!(fs::read_to_string(&path).unwrap(), text, "{name} left as it was");
            }
            None => {
                assert_eq!(said.unwrap(), !text.is_empty(), "{name}: a save is there (or nothing)");
                result.unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(save::load(&path).unwrap(), game, "{name} replaced by the save");
            }
        }
    }
    assert!(!save::replaces_save(&dir.join("new.ron")).unwrap(), "nothing there");
    #[cfg(unix)]
    {
        let link = dir.join("link.ron");
        std::os::unix::fs::symlink("map.ron", &link).unwrap();
        let err = save::save(&game, &link).unwrap_err().to_string();
        assert!(err.contains("it leads to") && err.contains("which is a map"), "{err}");
        assert_eq!(fs::read_to_string(dir.join("map.ron")).unwrap(), MAPS[0].1);
    }
    fs::remove_dir_all(dir).unwrap();
}

/// QA: a `kill -9` during a long save left its hidden temporary file (`.save.ron.tmpPID`), which
/// no later save removed. The next save to that name removes such files of processes that are
/// gone, and nothing else: not a save under way in a running process, not another name's.
#[cfg(unix)]
#[test]
fn a_save_removes_what_a_killed_save_left_behind() {
    let dir = scratch("stale-temporaries");
    let path = dir.join("save.ron");
    let mut done = std::process::Command::new("true").spawn().unwrap();
    let dead = done.id();
    done.wait().unwrap();
    let mut running = std::process::Command::new("sleep").arg("30").spawn().unwrap();
    let alive = running.id();
    let files = [
        (format!(".save.ron.tmp{dead}"), false),
        (format!(".save.ron.tmp{alive}"), true),
        (format!(".other.ron.tmp{dead}"), true),
        (".save.ron.tmpabc".to_string(), true),
    ];
    for (name, _) in &files {
        fs::write(dir.join(name), "left behind").unwrap();
    }
    save::save(&played(0, 2, 2), &path).unwrap();
    for (name, kept) in &files {
        assert_eq!(dir.join(name).exists(), *kept, "{name}");
    }
    assert!(save::load(&path).is_ok());
    running.kill().unwrap();
    running.wait().unwrap();
    fs::remove_dir_all(dir).unwrap();
}
