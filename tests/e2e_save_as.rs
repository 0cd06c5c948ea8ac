//! Where a save goes, in the real binary in a pseudo-terminal: `S` asks before it replaces the
//! save of another game, and `W` saves to a file whose name the player types, so a save that
//! failed can go elsewhere without quitting (and losing) the game.

use std::path::Path;

#[path = "support/pty.rs"]
mod pty;

#[path = "support/scratch.rs"]
mod scratch;
use scratch::scratch;

use sightline::game::save;

fn hall() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/game_maps/hall.ron").display().to_string()
}

/// QA: a new game's `S` replaced another game's save without a word. It asks; `n` plays on,
/// `y` replaces it.
#[test]
fn s_asks_before_replacing_another_games_save() {
    let dir = scratch("replace-asks");
    let target = dir.join("save.ron");
    let arg = target.display().to_string();
    // Another game, saved there.
    let mut s = pty::start(&[&hall(), "--seed", "7", "--save", &arg]);
    s.wait_for("Seed 7");
    s.send("S");
    assert!(s.wait_exit().success());
    assert_eq!(save::load(&target).unwrap().seed, 7);

    let mut s = pty::start(&[&hall(), "--seed", "8", "--save", &arg]);
    s.wait_for("Seed 8");
    s.send("S");
    s.wait_for("Replace the saved game in");
    s.send("n");
    s.wait_for("Position 2,2");
    assert!(!s.contents().contains("Replace the saved game"), "{}", s.contents());
    s.send("l");
    s.wait_for("Position 3,2");
    assert_eq!(save::load(&target).unwrap().seed, 7, "kept while the player says no");
    s.send("S");
    s.wait_for("Replace the saved game in");
    s.send("y");
    assert!(s.wait_exit().success());
    assert_eq!(save::load(&target).unwrap().seed, 8, "replaced once the player said so");

    // Resumed from that save, `S` saves over it without asking: it is this game's own.
    let mut s = pty::start(&["--load", &arg]);
    s.wait_for("Seed 8");
    s.send("S");
    assert!(s.wait_exit().success(), "{}", s.contents());
    std::fs::remove_dir_all(dir).unwrap();
}

/// QA: when `S` could not save, the only other file was one named with `--save` at the next
/// start, after quitting the game unsaved. `W` takes a name typed in play, and saves there.
#[test]
fn a_failed_save_can_go_to_a_file_named_in_play() {
    let dir = scratch("save-as");
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "not a directory").unwrap();
    let unsaveable = blocker.join("save.ron").display().to_string();
    let mut s = pty::start(&[&hall(), "--seed", "4", "--save", &unsaveable]);
    s.wait_for("Seed 4");
    s.send("l");
    s.wait_for("Position 3,2");
    s.send("S");
    s.wait_for("Could not save");
    s.wait_for("W saves to another file");
    s.send("W");
    s.wait_for("Save to another file");
    // Every key is text here: `q`, `y` and the movement keys type their letters.
    let elsewhere = dir.join("quiet-yak.ron");
    s.send(&elsewhere.display().to_string());
    s.wait_for("quiet-yak.ron_");
    s.send("\r");
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}\n{}", s.contents());
    assert!(s.contents().contains("Game saved to"), "{}", s.contents());
    let saved = save::load(&elsewhere).unwrap();
    assert_eq!((saved.seed, saved.turn), (4, 1), "the game as it was, one step played");

    // A name typed in play does not replace another game's save: it says so, and play goes on.
    let mut s = pty::start(&[&hall(), "--seed", "5", "--save", &unsaveable]);
    s.wait_for("Seed 5");
    s.send("W");
    s.wait_for("Save to another file");
    s.send(&elsewhere.display().to_string());
    s.send("\r");
    s.wait_for("holds another saved game");
    s.send("l");
    s.wait_for("Position 3,2");
    assert_eq!(save::load(&elsewhere).unwrap().seed, 4, "left as it was");
    s.send("\x03");
    assert!(s.wait_exit().success());
    std::fs::remove_dir_all(dir).unwrap();
}

/// A name pasted at the `W` prompt is typed there (bracketed paste is on, so a paste comes as
/// text, and plays nothing anywhere else).
#[test]
fn a_name_pasted_at_the_prompt_is_saved_to() {
    let dir = scratch("save-as-paste");
    let target = dir.join("pasted.ron");
    let mut s = pty::start(&[&hall(), "--seed", "6", "--save", &dir.join("save.ron").display().to_string()]);
    s.wait_for("Seed 6");
    s.send("W");
    s.wait_for("Save to another file");
    s.send(&format!("\x1b[200~{}\x1b[201~", target.display()));
    s.wait_for("pasted.ron_");
    s.send("\r");
    assert!(s.wait_exit().success(), "{}", s.contents());
    assert_eq!(save::load(&target).unwrap().seed, 6);
    std::fs::remove_dir_all(dir).unwrap();
}

/// QA: a game resumed from `A.ron` called its own save "another game" when the name was spelled
/// another way (its full path, `./A.ron`, a link to it): `S` asked before replacing it, and `W`
/// refused it. A save is known by the file, not the spelling.
#[test]
fn a_game_knows_its_own_save_by_any_name() {
    let dir = scratch("own-save");
    let own = dir.join("A.ron");
    let mut s = pty::start(&[&hall(), "--seed", "3", "--save", &own.display().to_string()]);
    s.wait_for("Seed 3");
    s.send("S");
    assert!(s.wait_exit().success());
    // (a link to it: `Path`'s own comparison already takes `dir/./A.ron` for `dir/A.ron`)
    let link = dir.join("link-to-A.ron");
    std::os::unix::fs::symlink("A.ron", &link).unwrap();
    let spelled = link.display().to_string();

    // --save names the loaded file another way: no question
    let mut s = pty::start(&["--load", &own.display().to_string(), "--save", &spelled]);
    s.wait_for("Seed 3");
    s.send("l");
    s.wait_for("Position 3,2");
    s.send("S");
    assert!(s.wait_exit().success(), "{}", s.contents());
    assert!(!s.contents().contains("Replace the saved game"), "{}", s.contents());
    assert_eq!(save::load(&own).unwrap().turn, 1);

    // W with another spelling of the loaded file saves there
    let mut s = pty::start(&["--load", &own.display().to_string()]);
    s.wait_for("Seed 3");
    s.send("l");
    s.wait_for("Position 4,2");
    s.send("W");
    s.wait_for("Save to another file");
    s.send(&spelled);
    s.send("\r");
    assert!(s.wait_exit().success(), "{}", s.contents());
    assert_eq!(save::load(&own).unwrap().turn, 2);
    std::fs::remove_dir_all(dir).unwrap();
}
