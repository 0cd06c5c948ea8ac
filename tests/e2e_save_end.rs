//! A game resumed from a save and then ended is written back over that save: resuming it again
//! shows the end, not the game before it (a roguelike's end is final; the save held the game in
//! progress). The real binary in a pseudo-terminal.

#[path = "support/pty.rs"]
mod pty;

#[path = "support/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::{Path, PathBuf};

use sightline::game::save;

/// A new game on a map whose exit is one step east of the player, saved at once to
/// `dir/game.ron`: a save of a game in progress, one move from its end.
fn saved_one_step_from_the_exit(dir: &Path) -> PathBuf {
    let map = dir.join("exit.ron");
    let rows = "rows: [\"#####\", \"#@>.#\", \"#####\"]";
    std::fs::write(&map, format!("(name: \"One Step Out\", {rows})\n")).unwrap();
    let save_file = dir.join("game.ron");
    let save_arg = save_file.display().to_string();
    let mut s = pty::start(&[&map.display().to_string(), "--seed", "3", "--save", &save_arg]);
    s.wait_for("One Step Out");
    s.send("S");
    assert!(s.wait_exit().success());
    assert!(!save::load(&save_file).unwrap().is_over());
    save_file
}

/// Takes the step onto the exit of the game saved by [`saved_one_step_from_the_exit`] and
/// leaves by it: the game is won, and shows its end screen.
fn step_out(s: &mut pty::Session) {
    s.wait_for("Position 1,1");
    s.send("l");
    s.wait_for("Position 2,1");
    s.send(">");
    s.wait_for("You escaped the dungeon!");
}

/// `text` with every run of whitespace one space: what was said, however the lines broke.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn a_resumed_game_that_ends_leaves_its_end_in_the_save() {
    let dir = scratch("save-end");
    let save_file = saved_one_step_from_the_exit(&dir);
    let save_arg = save_file.display().to_string();

    // Resumed, and won: one step onto the exit, and out.
    let mut s = pty::start(&["--load", &save_arg]);
    step_out(&mut s);
    s.send("q");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    let screen = s.contents();
    assert!(screen.contains("Score "), "{screen}");
    assert!(
        screen.contains("The game is over: ")
            && words(&screen).contains("now holds its end; resumed, it shows the end screen."),
        "{screen}"
    );
    let ended = save::load(&save_file).unwrap();
    assert!(ended.is_over(), "the save holds the won game");

    // Resuming it again shows the end; leaving it rewrites nothing and says nothing of it.
    let before = std::fs::read(&save_file).unwrap();
    let mut s = pty::start(&["--load", &save_arg]);
    s.wait_for("You escaped the dungeon!");
    s.send("q");
    assert!(s.wait_exit().success());
    assert!(!s.contents().contains("now holds its end"), "{}", s.contents());
    assert_eq!(std::fs::read(&save_file).unwrap(), before);
    std::fs::remove_dir_all(dir).unwrap();
}

/// What the game says as it ends, once the terminal is back, is broken at spaces to the
/// terminal's width: at 80 columns the terminal broke it wherever a line reached the edge
/// ("…it shows the end sc" / "reen.", QA).
#[test]
fn what_is_said_after_the_end_screen_breaks_at_spaces_at_80_columns() {
    let dir = scratch("save-end-80");
    let save_file = saved_one_step_from_the_exit(&dir);
    let save_arg = save_file.display().to_string();
    let mut s = pty::Launch::new(&["--load", &save_arg]).size(24, 80).start();
    step_out(&mut s);
    s.send("q");
    assert!(s.wait_exit().success());
    let screen = s.contents();
    let told = format!("The game is over: {save_arg} now holds its end; resumed, it shows the end screen.");
    assert!(told.len() > 80, "longer than a line: {told}");
    assert!(words(&screen).contains(&told), "{screen}");
    // (the emulator joins the rows of a line the terminal folded: a longer one was broken at the
    // edge, wherever that fell)
    for line in screen.lines() {
        assert!(line.chars().count() <= 80, "folded by the terminal: {line:?}\n{screen}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The end is written as the game ends, before the end screen: a signal (or a closed terminal)
/// on the end screen does not leave the save holding the game before its end.
#[test]
fn the_end_is_in_the_save_before_the_end_screen_is_left() {
    let dir = scratch("save-end-signal");
    let save_file = saved_one_step_from_the_exit(&dir);
    let mut s = pty::start(&["--load", &save_file.display().to_string()]);
    step_out(&mut s);
    assert!(save::load(&save_file).unwrap().is_over(), "written before the end screen is left");
    s.signal("TERM");
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 128 + 15, "{status:?}");
    let screen = s.contents();
    assert!(
        words(&screen).contains("now holds its end; resumed, it shows the end screen.")
            && screen.contains("the game had ended"),
        "{screen}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// An end that cannot be written (the save's name is a directory by then) is said on the end
/// screen and on stderr, and the exit status is 1: the save still holds the game before its end.
#[test]
fn an_end_that_cannot_be_written_is_reported() {
    let dir = scratch("save-end-fails");
    let save_file = saved_one_step_from_the_exit(&dir);
    let mut s = pty::start(&["--load", &save_file.display().to_string()]);
    s.wait_for("Position 1,1");
    std::fs::remove_file(&save_file).unwrap();
    std::fs::create_dir(&save_file).unwrap();
    s.send("l");
    s.wait_for("Position 2,1");
    s.send(">");
    s.wait_for("You escaped the dungeon!");
    s.wait_for("The end of the game was not written over its save");
    s.send("q");
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 1, "{status:?}");
    let screen = s.contents();
    assert!(screen.contains("Resuming that save resumes the game from before its end."), "{screen}");
    assert!(save_file.is_dir(), "left as it was");
    std::fs::remove_dir_all(dir).unwrap();
}
