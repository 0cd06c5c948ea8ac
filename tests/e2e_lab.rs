//! `sightline lab` in a pseudo-terminal: the real binary on a bundled map, driven by keys —
//! move the viewer (vi-keys and arrows), turn on the internals overlay, switch the algorithm,
//! check the live diff — asserting on the screen an emulator reconstructs, then quit with exit
//! status 0.

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

const ROWS: u16 = 30;
const COLS: u16 = 100;
const TIMEOUT: Duration = Duration::from_secs(20);

struct Lab {
    child: Box<dyn Child + Send + Sync>,
    keys: Box<dyn Write + Send>,
    screen: Arc<Mutex<vt100::Parser>>,
    _pty: Box<dyn MasterPty + Send>,
}

impl Lab {
    fn start(map: &str) -> Lab {
        Lab::start_with(map, &[])
    }

    fn start_with(map: &str, env: &[(&str, &str)]) -> Lab {
        let pty = native_pty_system()
            .openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 })
            .expect("a pty");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_sightline"));
        cmd.args(["lab", map]);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.cwd(env!("CARGO_MANIFEST_DIR"));
        let child = pty.slave.spawn_command(cmd).expect("spawn sightline lab");
        drop(pty.slave);
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            NonZeroU16::new(ROWS).unwrap(),
            NonZeroU16::new(COLS).unwrap(),
            0,
        )));
        let mut out = pty.master.try_clone_reader().expect("pty reader");
        let feed = Arc::clone(&screen);
        thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = out.read(&mut buf) {
                if n == 0 {
                    break;
                }
                feed.lock().unwrap().process(&buf[..n]);
            }
        });
        let keys = pty.master.take_writer().expect("pty writer");
        Lab { child, keys, screen, _pty: pty.master }
    }

    fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    fn press(&mut self, keys: &str) {
        self.keys.write_all(keys.as_bytes()).unwrap();
        self.keys.flush().unwrap();
    }

    fn wait_for(&self, what: &str) {
        let deadline = Instant::now() + TIMEOUT;
        while Instant::now() < deadline {
            if self.text().contains(what) {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        panic!("timed out waiting for {what:?}; the screen:\n{}", self.text());
    }

    /// Every cell of the map pane (left of the panel, inside the border) with its foreground
    /// colour and whether it is drawn reversed.
    fn map_colours(&self) -> Vec<(String, vt100::Color, bool)> {
        let parser = self.screen.lock().unwrap();
        let screen = parser.screen();
        let mut cells = Vec::new();
        for row in 1..ROWS - 1 {
            for col in 1..COLS - 36 - 1 {
                if let Some(c) = screen.cell(row, col) {
                    cells.push((c.contents().to_string(), c.fgcolor(), c.inverse()));
                }
            }
        }
        cells
    }

    /// Every cell of the map pane (left of the panel, inside the border): glyph, bold.
    fn map_cells(&self) -> Vec<(String, bool)> {
        let parser = self.screen.lock().unwrap();
        let screen = parser.screen();
        let mut cells = Vec::new();
        for row in 1..ROWS - 1 {
            for col in 1..COLS - 36 - 1 {
                if let Some(c) = screen.cell(row, col) {
                    cells.push((c.contents().to_string(), c.bold()));
                }
            }
        }
        cells
    }

    fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("the lab did not exit; the screen:\n{}", self.text());
    }
}

#[test]
fn move_toggle_internals_and_algorithm_then_quit() {
    let mut lab = Lab::start("maps/pillars.ron");
    lab.wait_for("sightline lab");
    // The viewer starts on the map's player start with its sight radius.
    lab.wait_for("viewer 2,13  radius 16");
    assert!(lab.text().contains("The Pillared Hall"));
    let viewer: Vec<_> = lab.map_cells().into_iter().filter(|(g, _)| g == "@").collect();
    assert_eq!(viewer.len(), 1, "one viewer on screen:\n{}", lab.text());
    assert!(viewer[0].1, "the viewer is bold");

    // Vi-keys, then an arrow key (ESC [ C is Right).
    lab.press("l");
    lab.wait_for("viewer 3,13");
    lab.press("j");
    lab.wait_for("viewer 3,14");
    lab.press("\x1b[C");
    lab.wait_for("viewer 4,14");
    // Into a pillar: the lab's viewer walks through walls.
    lab.press("kk");
    lab.wait_for("viewer 4,12");
    lab.press("k");
    lab.wait_for("viewer 4,11");

    // The internals overlay: the map turns into the four state glyphs, with a legend.
    lab.press("i");
    lab.wait_for("internals: all states");
    lab.wait_for("edge of occluded area");
    let glyphs: std::collections::HashSet<String> = lab.map_cells().into_iter().map(|(g, _)| g).collect();
    for state in ["*", "%", "x", ":"] {
        assert!(glyphs.contains(state), "state glyph {state:?} on screen:\n{}", lab.text());
    }
    assert!(!glyphs.contains("."), "no plain floor left under the overlay:\n{}", lab.text());

    // Switch the algorithm, and let the diff prove the two agree.
    lab.press("a");
    lab.wait_for("algorithm: reference");
    lab.press("d");
    lab.wait_for("0 differences");
    lab.press("a");
    lab.wait_for("algorithm: multicast");
    assert!(lab.text().contains("0 differences"));

    // Step mode: one ring per key press.
    lab.press(" ");
    lab.wait_for("step: ring 0 of");
    lab.press("  ");
    lab.wait_for("step: ring 2 of");
    lab.press("t");
    lab.wait_for("step: off");

    // The cursor and its walk: three cells east along the open row is clear both ways.
    lab.press("i"); // next internals view; cycle back to off
    lab.press("iiii");
    lab.wait_for("internals: off");
    lab.press("x");
    lab.wait_for("cursor 4,11");
    lab.press("lll");
    lab.wait_for("cursor 7,11");
    lab.wait_for("LOS viewer->cursor: clear");
    lab.wait_for("LOS cursor->viewer: clear");

    lab.press("q");
    let status = lab.wait_exit();
    assert!(status.success(), "exit status {status:?}");
}

#[test]
fn a_missing_map_exits_1_before_touching_the_terminal() {
    let mut lab = Lab::start("maps/no-such-map.ron");
    let status = lab.wait_exit();
    assert_eq!(status.exit_code(), 1);
    thread::sleep(Duration::from_millis(100));
    assert!(lab.text().contains("no-such-map"), "{}", lab.text());
}

#[test]
fn no_color_draws_the_overlay_in_glyphs_and_modifiers_only() {
    let mut lab = Lab::start_with("maps/pillars.ron", &[("NO_COLOR", "1")]);
    lab.wait_for("sightline lab");
    lab.press("i");
    lab.wait_for("internals: all states");
    let cells = lab.map_colours();
    assert!(cells.iter().all(|(_, fg, _)| *fg == vt100::Color::Default), "no colour:\n{}", lab.text());
    let glyphs: std::collections::HashSet<&str> = cells.iter().map(|(g, _, _)| g.as_str()).collect();
    for state in ["*", "%", ":"] {
        assert!(glyphs.contains(state), "{state:?} on screen:\n{}", lab.text());
    }
    let viewer: Vec<_> = cells.iter().filter(|(g, _, _)| g == "@").collect();
    assert!(viewer.len() == 1 && viewer[0].2, "the viewer stands out reversed");
    lab.press("q");
    assert!(lab.wait_exit().success());
}
