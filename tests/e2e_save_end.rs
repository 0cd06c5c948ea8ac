//! A game resumed from a save and then ended is written back over that save: resuming it again
//! shows the end, not the game before it (a roguelike's end is final; the save held the game in
//! progress). The real binary in a pseudo-terminal.

#[path = "support/pty.rs"]
mod pty;

#[path = "support/scratch.rs"]
mod scratch;
use scratch::scratch;

use sightline::game::save;

#[test]
fn a_resumed_game_that_ends_leaves_its_end_in_the_save() {
    let dir = scratch("save-end");
    let map = dir.join("exit.ron");
    std::fs::write(&map, "(\n    name: \"One Step Out\",\n    rows: [\n        \"#####\",\n        \"#@>.#\",\n        \"#####\",\n    ],\n)\n")
        .unwrap();
    let save_file = dir.join("game.ron");
    let save_arg = save_file.display().to_string();

    // A new game, saved at once: the save holds the game in progress.
    let mut s = pty::start(&[&map.display().to_string(), "--seed", "3", "--save", &save_arg]);
    s.wait_for("One Step Out");
    s.send("S");
    assert!(s.wait_exit().success());
    assert!(!save::load(&save_file).unwrap().is_over());

    // Resumed, and won: one step onto the exit, and out.
    let mut s = pty::start(&["--load", &save_arg]);
    s.wait_for("Position 1,1");
    s.send("l");
    s.wait_for("Position 2,1");
    s.send(">");
    s.wait_for("You escaped the dungeon!");
    s.send("q");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    let screen = s.contents();
    assert!(screen.contains("Score "), "{screen}");
    assert!(screen.contains("The game is over: ") && screen.contains("now holds its end."), "{screen}");
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
