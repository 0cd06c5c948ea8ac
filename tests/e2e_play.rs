//! The real binary in a pseudo-terminal: play a few turns on a test map, open a door and watch
//! the room behind it appear, save and quit, resume from the save; and the ways out (quit,
//! Ctrl-C: exit status 0; SIGTERM: 143) leave the terminal restored.

use std::path::Path;

#[path = "support/pty.rs"]
mod pty;

use pty::{Launch, Session};

#[path = "support/scratch.rs"]
mod scratch;
use scratch::scratch;

/// The cell's (bold, dim) pair: how a visible cell (bold) is told from a remembered one (dim).
fn style(s: &Session, row: u16, col: u16) -> (bool, bool) {
    let cell = s.cell(row, col);
    (cell.bold, cell.dim)
}

fn hall() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/game_maps/hall.ron").display().to_string()
}

fn archery() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/game_maps/archery.ron").display().to_string()
}

#[test]
fn play_open_a_door_save_and_resume() {
    let dir = scratch("save");
    let save = dir.join("game.ron");
    let save_arg = save.display().to_string();
    let mut s = pty::start(&[&hall(), "--seed", "42", "--save", &save_arg]);
    s.wait_for("Seed 42");
    s.wait_for("Door Test Hall");
    assert!(!s.contents().contains("~~~"), "the pool room is hidden behind the door:\n{}", s.contents());

    // Three steps east, by arrow key, vi-key and numpad digit.
    s.send("\x1b[C");
    s.wait_for("Position 3,2");
    s.send("l");
    s.wait_for("Position 4,2");
    s.send("6");
    s.wait_for("Position 5,2");
    s.send("o");
    s.wait_for("You open the door.");
    s.wait_for("~~~");
    let (row, col) = s.find("~~~").unwrap();
    assert_eq!(style(&s, row, col), (true, false), "the pool in view is bold, not dim");

    // Close it again: the room stays on screen, remembered, dim.
    s.send("c");
    s.wait_for("You close the door.");
    let (row, col) = s.find("~~~").expect("the remembered pool stays drawn");
    assert_eq!(style(&s, row, col), (false, true), "the remembered pool is dim, not bold");
    s.wait_for("Turn 5");

    s.send("S");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    assert!(!s.alternate_screen(), "the terminal left the alternate screen");
    assert!(s.contents().contains("Game saved to"), "{}", s.contents());
    assert!(save.exists());

    let mut s = pty::start(&["--load", &save_arg]);
    s.wait_for("Position 5,2");
    s.wait_for("Turn 5");
    s.wait_for("Seed 42");
    s.wait_for("You close the door.");
    let (row, col) = s.find("~~~").expect("the memory was saved");
    assert_eq!(style(&s, row, col), (false, true), "still remembered, still dim");
    s.send("o");
    s.wait_for("Turn 6");
    let (row, col) = s.find("~~~").unwrap();
    assert_eq!(style(&s, row, col), (true, false), "in view again");
    s.send("q");
    s.wait_for("Quit without saving?");
    s.send("y");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    assert!(!s.alternate_screen());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_monster_comes_into_view_and_is_shot_down() {
    let mut s = pty::start(&[&archery(), "--seed", "5"]);
    s.wait_for("Seed 5");
    s.wait_for("Archery Range");
    assert!(!s.contents().contains("You see an orc."), "the orc is behind the door:\n{}", s.contents());
    s.send("l");
    s.wait_for("Position 3,1");
    s.send("o");
    s.wait_for("You open the door.");
    s.wait_for("You see an orc.");
    s.wait_for(" o: orc");
    // Aim (the cursor starts on the orc, the only monster in view) and fire, until it dies.
    let mut turn = 2;
    for shot in 1.. {
        assert!(shot <= 12, "the orc should fall to a dozen arrows:\n{}", s.contents());
        s.send("f");
        s.wait_for("Aim at");
        s.wait_for("Will hit the orc first");
        s.send("\r");
        turn += 1;
        s.wait_for(&format!("Turn {turn}"));
        s.wait_for(&format!("Arrows {}", 10 - shot));
        if s.contents().contains("and kills it!") {
            break;
        }
    }
    s.wait_for("Kills 1");
    assert!(
        s.contents().contains("nothing of note") || !s.contents().contains(" o: orc"),
        "{}",
        s.contents()
    );
    s.send("m");
    s.wait_for("Message history");
    let history = s.contents();
    assert!(
        history.contains("Your arrow hits the orc for ") && history.contains(" and kills it!"),
        "{history}"
    );
    s.send("\x03");
    assert!(s.wait_exit().success());
}

#[test]
fn without_colour_remembered_cells_are_still_dim_and_visible_ones_bold() {
    let mut s = Launch::new(&[&hall(), "--seed", "3"]).env("NO_COLOR", "1").start();
    s.wait_for("Seed 3");
    s.send("lll");
    s.wait_for("Position 5,2");
    s.send("o");
    s.wait_for("~~~");
    let (row, col) = s.find("~~~").unwrap();
    assert_eq!(style(&s, row, col), (true, false), "visible: bold");
    assert_eq!(s.cell(row, col).fg, vt100::Color::Default, "no colour");
    s.send("c");
    s.wait_for("You close the door.");
    let (row, col) = s.find("~~~").unwrap();
    assert_eq!(style(&s, row, col), (false, true), "remembered: dim");
    assert_eq!(s.cell(row, col).fg, vt100::Color::Default, "no colour");
    s.send("\x03");
    assert!(s.wait_exit().success());
}

#[test]
fn with_no_argument_from_any_directory_it_plays_the_embedded_default_map() {
    let dir = scratch("anywhere");
    let mut s = Launch::new(&["--seed", "9"]).cwd(&dir).start();
    s.wait_for("The Sunken Keep");
    s.wait_for("Seed 9");
    s.wait_for("Position 3,3");
    s.send("\x03");
    assert!(s.wait_exit().success());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_failed_save_is_reported_and_play_goes_on() {
    let dir = scratch("unsaveable");
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "not a directory").unwrap();
    let save = blocker.join("save.ron").display().to_string();
    let mut s = pty::start(&[&hall(), "--seed", "4", "--save", &save]);
    s.wait_for("Seed 4");
    s.send("S");
    s.wait_for("Could not save");
    s.send("l");
    s.wait_for("Position 3,2");
    s.send("\x03");
    assert!(s.wait_exit().success());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn ctrl_c_quits_cleanly() {
    let mut s = pty::start(&[&hall(), "--seed", "1", "--save", "/nonexistent/never-written.ron"]);
    s.wait_for("Seed 1");
    s.send("\x03");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    assert!(!s.alternate_screen());
}

#[test]
fn sigterm_restores_the_terminal() {
    let mut s = pty::start(&[&hall(), "--seed", "1"]);
    s.wait_for("Seed 1");
    s.signal("TERM");
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 128 + 15, "the shell's code for SIGTERM: {status:?}");
    assert!(!s.alternate_screen(), "the terminal left the alternate screen:\n{}", s.contents());
    assert!(s.contents().contains("stopped by a signal"), "{}", s.contents());
}
