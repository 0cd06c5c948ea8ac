//! The play command's failures, which happen before the terminal is touched: located map
//! errors, a map without a player start, a bad save — each exit status 1, nothing on stdout.

use std::path::Path;
use std::process::{Command, Output};

#[path = "support/scratch.rs"]
mod scratch;
use scratch::scratch;

fn sightline(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sightline")).args(args).env_remove("NO_COLOR").output().unwrap()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn an_invalid_map_reports_its_located_errors_and_exits_1() {
    let dir = scratch("invalid");
    let map = write(&dir, "bad.ron", "(\n    name: \"bad\",\n    rows: [\"#@#\", \"#Q#\"],\n)\n");
    let out = sightline(&[&map]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "the terminal was not touched");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{map}:3:")), "located: {err}");
    assert!(err.contains("'Q'"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_map_without_a_player_start_exits_1() {
    let dir = scratch("nostart");
    let map = write(&dir, "nostart.ron", "(name: \"empty\", rows: [\"###\", \"#.#\", \"###\"])\n");
    let out = sightline(&[&map, "--seed", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{map}: the map has no player start")), "named by its file: {err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_corrupt_save_exits_1_and_is_left_untouched() {
    let dir = scratch("corrupt");
    let text = format!("(format: {}, game: (seed: 3, turn: oops))", sightline::game::save::SAVE_FORMAT);
    let save = write(&dir, "save.ron", &text);
    let out = sightline(&["--load", &save]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&save) && err.contains("damaged"), "{err}");
    assert_eq!(std::fs::read_to_string(&save).unwrap(), text);
    let future = write(&dir, "future.ron", "(format: 99, game: ())");
    let err = String::from_utf8_lossy(&sightline(&["--load", &future]).stderr).into_owned();
    assert!(err.contains("format 99"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Usage errors of the play command, with or without its name, say what is wrong and show a
/// usage that can be followed: `--load` alone, never `--load <FILE> [MAP]` (clap's own usage
/// for the conflict); a second map is an unexpected argument, not a "subcommand" (there is none).
#[test]
fn load_with_a_map_or_a_seed_is_a_usage_error() {
    const MAP: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/cave.ron");
    for play in [&[][..], &["play"][..]] {
        let with = |args: &[&str]| sightline(&[play, args].concat());
        for args in [&["--load", "x.ron", "--seed", "2"][..], &[MAP, "--load", "x.ron"][..]] {
            let out = with(args);
            assert_eq!(out.status.code(), Some(2), "{play:?} {args:?}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains("cannot be used with"), "{args:?}: {err}");
            assert!(err.contains("--load <FILE> [--save <FILE>]\n"), "{args:?}: {err}");
            assert!(!err.contains("--load <FILE> [MAP]") && !err.contains("Usage: sightline <MAP>"), "{err}");
        }
        // A value that spells a subcommand is a value: the second map is still the mistake.
        let out = with(&[MAP, "--save", "fov", "extra"]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("unexpected argument 'extra' found"), "{play:?}: {err}");
        let out = with(&[MAP, MAP]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("unexpected argument '{MAP}' found")), "{play:?}: {err}");
        assert!(!err.contains("subcommand"), "{play:?}: {err}");
    }
}
