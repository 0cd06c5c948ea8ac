//! The real binary in a pseudo-terminal: play a few turns on a test map, open a door and watch
//! the room behind it appear, save and quit, resume from the save; and the ways out (quit,
//! Ctrl-C: exit status 0; SIGTERM: 143) leave the terminal restored.

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

const ROWS: u16 = 30;
const COLS: u16 = 100;
const TIMEOUT: Duration = Duration::from_secs(15);

/// One run of the binary in a PTY, its output parsed by a vt100 emulator on a reader thread.
struct Session {
    child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    parser: Arc<Mutex<vt100::Parser>>,
    _master: Box<dyn MasterPty + Send>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        Session::start_with(args, &[])
    }

    fn start_with(args: &[&str], env: &[(&str, &str)]) -> Session {
        Session::start_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, env)
    }

    fn start_in(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 })
            .expect("open a pty");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_sightline"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.cwd(cwd);
        let child = pty.slave.spawn_command(cmd).expect("spawn sightline");
        drop(pty.slave);
        let parser = Arc::new(Mutex::new(vt100::Parser::new(
            NonZeroU16::new(ROWS).unwrap(),
            NonZeroU16::new(COLS).unwrap(),
            0,
        )));
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let feed = Arc::clone(&parser);
        thread::spawn(move || {
            let mut buf = [0u8; 8192];
            // Ends with EOF or EIO once the child has exited.
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                feed.lock().unwrap().process(&buf[..n]);
            }
        });
        let writer = pty.master.take_writer().expect("pty writer");
        Session { child, writer, parser, _master: pty.master }
    }

    fn contents(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits until the screen shows `text`; on timeout fails with the screen.
    fn wait_for(&self, text: &str) {
        let deadline = Instant::now() + TIMEOUT;
        while Instant::now() < deadline {
            if self.contents().contains(text) {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        panic!("timed out waiting for {text:?}; the screen:\n{}", self.contents());
    }

    /// The (row, column) where `text` first appears on screen.
    fn find(&self, text: &str) -> Option<(u16, u16)> {
        let parser = self.parser.lock().unwrap();
        let screen = parser.screen();
        (0..ROWS).find_map(|row| {
            let line: String = (0..COLS)
                .map(|c| screen.cell(row, c).map_or(" ".to_string(), |cell| cell.contents().to_string()))
                .map(|s| if s.is_empty() { " ".to_string() } else { s })
                .collect();
            line.find(text).map(|i| (row, line[..i].chars().count() as u16))
        })
    }

    fn fg(&self, row: u16, col: u16) -> vt100::Color {
        self.parser.lock().unwrap().screen().cell(row, col).unwrap().fgcolor()
    }

    fn cell_style(&self, row: u16, col: u16) -> (bool, bool) {
        let parser = self.parser.lock().unwrap();
        let cell = parser.screen().cell(row, col).unwrap();
        (cell.bold(), cell.dim())
    }

    /// Waits for the process to exit; fails with the screen on timeout.
    fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                // Let the reader thread take the last output.
                thread::sleep(Duration::from_millis(100));
                return status;
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("sightline did not exit; the screen:\n{}", self.contents());
    }

    fn alternate_screen(&self) -> bool {
        self.parser.lock().unwrap().screen().alternate_screen()
    }
}

fn hall() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/game_maps/hall.ron").display().to_string()
}

fn archery() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/game_maps/archery.ron").display().to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sightline-e2e-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn play_open_a_door_save_and_resume() {
    let dir = scratch("save");
    let save = dir.join("game.ron");
    let save_arg = save.display().to_string();
    let mut s = Session::start(&[&hall(), "--seed", "42", "--save", &save_arg]);
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
    assert_eq!(s.cell_style(row, col), (true, false), "the pool in view is bold, not dim");

    // Close it again: the room stays on screen, remembered, dim.
    s.send("c");
    s.wait_for("You close the door.");
    let (row, col) = s.find("~~~").expect("the remembered pool stays drawn");
    assert_eq!(s.cell_style(row, col), (false, true), "the remembered pool is dim, not bold");
    s.wait_for("Turn 5");

    s.send("S");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    assert!(!s.alternate_screen(), "the terminal left the alternate screen");
    assert!(s.contents().contains("Game saved to"), "{}", s.contents());
    assert!(save.exists());

    let mut s = Session::start(&["--load", &save_arg]);
    s.wait_for("Position 5,2");
    s.wait_for("Turn 5");
    s.wait_for("Seed 42");
    s.wait_for("You close the door.");
    let (row, col) = s.find("~~~").expect("the memory was saved");
    assert_eq!(s.cell_style(row, col), (false, true), "still remembered, still dim");
    s.send("o");
    s.wait_for("Turn 6");
    let (row, col) = s.find("~~~").unwrap();
    assert_eq!(s.cell_style(row, col), (true, false), "in view again");
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
    let mut s = Session::start(&[&archery(), "--seed", "5"]);
    s.wait_for("Seed 5");
    s.wait_for("Archery Range");
    assert!(!s.contents().contains("You see an orc."), "the orc is behind the door:\n{}", s.contents());
    s.send("l");
    s.wait_for("Position 3,1");
    s.send("o");
    s.wait_for("You open the door.");
    s.wait_for("You see an orc.");
    s.wait_for(" o orc");
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
        if s.contents().contains("Your arrow kills the orc!") {
            break;
        }
    }
    s.wait_for("Kills 1");
    assert!(s.contents().contains("nothing of note") || !s.contents().contains(" o orc"), "{}", s.contents());
    s.send("m");
    s.wait_for("Message history");
    let history = s.contents();
    assert!(
        history.contains("Your arrow hits the orc") || history.contains("Your arrow kills the orc!"),
        "{history}"
    );
    s.send("\x03");
    assert!(s.wait_exit().success());
}

#[test]
fn without_colour_remembered_cells_are_still_dim_and_visible_ones_bold() {
    let mut s = Session::start_with(&[&hall(), "--seed", "3"], &[("NO_COLOR", "1")]);
    s.wait_for("Seed 3");
    s.send("lll");
    s.wait_for("Position 5,2");
    s.send("o");
    s.wait_for("~~~");
    let (row, col) = s.find("~~~").unwrap();
    assert_eq!(s.cell_style(row, col), (true, false), "visible: bold");
    assert_eq!(s.fg(row, col), vt100::Color::Default, "no colour");
    s.send("c");
    s.wait_for("You close the door.");
    let (row, col) = s.find("~~~").unwrap();
    assert_eq!(s.cell_style(row, col), (false, true), "remembered: dim");
    assert_eq!(s.fg(row, col), vt100::Color::Default, "no colour");
    s.send("\x03");
    assert!(s.wait_exit().success());
}

#[test]
fn with_no_argument_from_any_directory_it_plays_the_embedded_default_map() {
    let dir = scratch("anywhere");
    let mut s = Session::start_in(&dir, &["--seed", "9"], &[]);
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
    let mut s = Session::start(&[&hall(), "--seed", "4", "--save", &save]);
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
    let mut s = Session::start(&[&hall(), "--seed", "1", "--save", "/nonexistent/never-written.ron"]);
    s.wait_for("Seed 1");
    s.send("\x03");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    assert!(!s.alternate_screen());
}

#[test]
fn sigterm_restores_the_terminal() {
    let mut s = Session::start(&[&hall(), "--seed", "1"]);
    s.wait_for("Seed 1");
    let pid = s.child.process_id().expect("a pid");
    let killed = std::process::Command::new("kill").args(["-TERM", &pid.to_string()]).status().unwrap();
    assert!(killed.success());
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 128 + 15, "the shell's code for SIGTERM: {status:?}");
    assert!(!s.alternate_screen(), "the terminal left the alternate screen:\n{}", s.contents());
    assert!(s.contents().contains("stopped by a signal"), "{}", s.contents());
}
