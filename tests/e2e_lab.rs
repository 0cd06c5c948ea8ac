//! `sightline lab` in a pseudo-terminal: the real binary on a bundled map, driven by keys —
//! move the viewer (vi-keys and arrows), turn on the internals overlay, switch the algorithm,
//! check the live diff — asserting on the screen an emulator reconstructs, then quit with exit
//! status 0.

#[path = "support/pty.rs"]
mod pty;

use pty::{COLS, Cell, Launch, ROWS, Session};

#[path = "support/scratch.rs"]
mod scratch;
use scratch::scratch;

/// The right-hand panel's width; the map pane is what is left of it, inside the border.
const PANEL: u16 = 36;

fn lab_on(map: &str) -> Launch {
    Launch::new(&["lab", map])
}

/// Every cell of the map pane (left of the panel, inside the border).
fn map_pane(lab: &Session) -> Vec<Cell> {
    lab.cells(1..ROWS - 1, 1..COLS - PANEL - 1)
}

#[test]
fn move_toggle_internals_and_algorithm_then_quit() {
    let mut lab = lab_on("maps/pillars.ron").start();
    lab.wait_for("sightline lab");
    // The viewer starts on the map's player start with its sight radius.
    lab.wait_for("viewer 2,13  radius 16");
    assert!(lab.contents().contains("The Pillared Hall"));
    let viewer: Vec<_> = map_pane(&lab).into_iter().filter(|c| c.glyph == "@").collect();
    assert_eq!(viewer.len(), 1, "one viewer on screen:\n{}", lab.contents());
    assert!(viewer[0].bold, "the viewer is bold");

    // Vi-keys, then an arrow key (ESC [ C is Right).
    lab.send("l");
    lab.wait_for("viewer 3,13");
    lab.send("j");
    lab.wait_for("viewer 3,14");
    lab.send("\x1b[C");
    lab.wait_for("viewer 4,14");
    // Into a pillar: the lab's viewer walks through walls.
    lab.send("kk");
    lab.wait_for("viewer 4,12");
    lab.send("k");
    lab.wait_for("viewer 4,11");

    // The internals overlay: the map turns into the five state glyphs, with a legend.
    lab.send("i");
    lab.wait_for("internals: all states");
    lab.wait_for("edge, not in view");
    let glyphs: std::collections::HashSet<String> = map_pane(&lab).into_iter().map(|c| c.glyph).collect();
    for state in ["*", "%", "-", "x", ":"] {
        assert!(glyphs.contains(state), "state glyph {state:?} on screen:\n{}", lab.contents());
    }
    assert!(!glyphs.contains("."), "no plain floor left under the overlay:\n{}", lab.contents());

    // Switch the algorithm, and let the diff prove the two agree.
    lab.send("a");
    lab.wait_for("algorithm: reference");
    lab.send("d");
    lab.wait_for("0 differences");
    lab.send("a");
    lab.wait_for("algorithm: multicast");
    assert!(lab.contents().contains("0 differences"));

    // Step mode: one ring per key press.
    lab.send(" ");
    lab.wait_for("step: ring 0 of");
    lab.send("  ");
    lab.wait_for("step: ring 2 of");
    lab.send("t");
    lab.wait_for("step: off");

    // The cursor and its walk: three cells east along the open row is clear both ways.
    lab.send("i"); // next internals view; cycle back to off
    lab.send("iiiii");
    lab.wait_for("internals: off");
    lab.send("x");
    lab.wait_for("cursor 4,11");
    lab.send("lll");
    lab.wait_for("cursor 7,11");
    lab.wait_for("LOS viewer->cursor: clear");
    lab.wait_for("LOS cursor->viewer: clear");

    lab.send("q");
    let status = lab.wait_exit();
    assert!(status.success(), "exit status {status:?}");
}

/// A signal from outside ends the lab as it ends the game: the terminal restored, the signal
/// named on stderr, the shell's status for it.
#[test]
fn a_signal_ends_the_lab_with_its_status_and_name() {
    for (name, number) in [("TERM", 15), ("INT", 2)] {
        let mut lab = lab_on("maps/pillars.ron").start();
        lab.wait_for("viewer 2,13");
        lab.signal(name);
        let status = lab.wait_exit();
        assert_eq!(status.exit_code(), 128 + number, "SIG{name}: {status:?}");
        assert!(!lab.alternate_screen(), "SIG{name}: back on the main screen");
        let said = format!("sightline lab: stopped by a signal (SIG{name})");
        assert!(lab.contents().contains(&said), "{}", lab.contents());
    }
}

#[test]
fn a_missing_map_exits_1_before_touching_the_terminal() {
    let mut lab = lab_on("maps/no-such-map.ron").start();
    let status = lab.wait_exit();
    assert_eq!(status.exit_code(), 1);
    assert!(lab.contents().contains("no-such-map"), "{}", lab.contents());
}

#[test]
fn no_color_draws_the_overlay_in_glyphs_and_modifiers_only() {
    let mut lab = lab_on("maps/pillars.ron").env("NO_COLOR", "1").start();
    lab.wait_for("sightline lab");
    lab.send("i");
    lab.wait_for("internals: all states");
    let cells = map_pane(&lab);
    assert!(cells.iter().all(|c| c.fg == vt100::Color::Default), "no colour:\n{}", lab.contents());
    let glyphs: std::collections::HashSet<&str> = cells.iter().map(|c| c.glyph.as_str()).collect();
    for state in ["*", "%", ":"] {
        assert!(glyphs.contains(state), "{state:?} on screen:\n{}", lab.contents());
    }
    let viewer: Vec<_> = cells.iter().filter(|c| c.glyph == "@").collect();
    assert!(viewer.len() == 1 && viewer[0].inverse, "the viewer stands out reversed");
    lab.send("q");
    assert!(lab.wait_exit().success());
}

/// Keys pressed while the screen shows only the "too small" notice do nothing (no move, no
/// radius change, no export made blind); the quit key still quits.
#[test]
fn keys_wait_while_the_terminal_is_too_small_but_q_quits() {
    let dir = scratch("too-small");
    let map = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/pillars.ron");
    let mut lab = Launch::new(&["lab", map.to_str().unwrap()]).cwd(&dir).start();
    lab.wait_for("viewer 2,13  radius 16");

    lab.resize(5, 10);
    lab.wait_for("10x5");
    lab.send("llll+e");
    std::thread::sleep(std::time::Duration::from_millis(300));
    lab.resize(ROWS, COLS);
    lab.wait_for("sightline lab");
    lab.wait_for("viewer 2,13  radius 16");
    assert!(lab.contents().contains("export: -"), "{}", lab.contents());
    let written: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(written.is_empty(), "exported blind: {written:?}");

    // Big enough again, the keys act.
    lab.send("l");
    lab.wait_for("viewer 3,13");

    lab.resize(5, 10);
    lab.wait_for("10x5");
    lab.send("q");
    let status = lab.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    assert!(!lab.alternate_screen(), "back on the main screen");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The diff overlay and the reference algorithm on a view far too big for the reference
/// (400×400 open cells, unlimited radius: a minute of work in a release build) answer at once
/// with the multicast's view and a notice, and the lab keeps reading keys.
#[test]
fn the_reference_is_skipped_on_a_huge_view_and_the_lab_keeps_answering() {
    let dir = scratch("huge-view");
    let map = dir.join("open.txt");
    let row = ".".repeat(400);
    let text = format!("@{}\n{}", &row[1..], format!("{row}\n").repeat(399));
    std::fs::write(&map, text).unwrap();
    let mut lab = lab_on(map.to_str().unwrap()).start();
    lab.wait_for("viewer 0,0  radius unlimited");

    lab.send("d");
    lab.wait_for("diff: skipped");
    lab.wait_for("reference skipped: 160000 cells"); // the rest wraps in the panel
    lab.send("a");
    lab.wait_for("(reference skipped)"); // under "[a] algorithm: multicast", wrapped
    lab.send("l");
    lab.wait_for("viewer 1,0");

    lab.send("q");
    let status = lab.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    std::fs::remove_dir_all(dir).unwrap();
}
