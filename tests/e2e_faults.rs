//! The real binary in a pseudo-terminal, under faults: SIGTERM, SIGHUP and a forced panic each
//! leave the terminal as it was before the game — back on the main screen, in cooked mode — with
//! an exit status that says what happened; shrinking the terminal to 10×5 and back — on the main
//! screen, and while aiming an arrow — neither panics nor loses the game.
//!
//! How "restored" is checked, two independent ways:
//! - the bytes the program wrote: the last alternate-screen switch in the stream is the leave
//!   sequence `ESC[?1049l` (and vt100, fed the same bytes, agrees it is on the main screen);
//! - the terminal's own state: after the program has exited, `stty -a` run on the PTY's slave
//!   device (which outlives the program as long as the test holds the master) reports the line
//!   discipline's flags. Cooked mode is `icanon` and `echo` on; raw mode, which the test also
//!   observes while the game runs (proving the probe sees the program's changes), has them off.
//!
//! The forced panic uses the debug-build-only hook `SIGHTLINE_TEST_PANIC=1` (see
//! `ui::terminal`): the first key pressed panics.

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

const ROWS: u16 = 30;
const COLS: u16 = 100;
const TIMEOUT: Duration = Duration::from_secs(15);
const ENTER_ALTERNATE: &[u8] = b"\x1b[?1049h";
const LEAVE_ALTERNATE: &[u8] = b"\x1b[?1049l";

/// What the program wrote: the raw bytes, and a vt100 screen fed with them.
struct Output {
    bytes: Vec<u8>,
    parser: vt100::Parser,
}

struct Session {
    child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Arc<Mutex<Output>>,
    master: Box<dyn MasterPty + Send>,
    slave_path: PathBuf,
}

fn size(rows: u16, cols: u16) -> PtySize {
    PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }
}

fn game_map(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/game_maps").join(name).display().to_string()
}

impl Session {
    fn start(map: &str, env: &[(&str, &str)]) -> Session {
        let pty = native_pty_system().openpty(size(ROWS, COLS)).expect("open a pty");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_sightline"));
        cmd.args([map, "--seed", "1", "--save", "/nonexistent/never-written.ron"]);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        cmd.env_remove("SIGHTLINE_TEST_PANIC");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.cwd(env!("CARGO_MANIFEST_DIR"));
        let child = pty.slave.spawn_command(cmd).expect("spawn sightline");
        drop(pty.slave);
        let slave_path = pty.master.tty_name().expect("the pty's slave device");
        let rows = NonZeroU16::new(ROWS).unwrap();
        let cols = NonZeroU16::new(COLS).unwrap();
        let output =
            Arc::new(Mutex::new(Output { bytes: Vec::new(), parser: vt100::Parser::new(rows, cols, 0) }));
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let feed = Arc::clone(&output);
        thread::spawn(move || {
            let mut buf = [0u8; 8192];
            // Ends with EOF or EIO once the child has exited.
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let mut out = feed.lock().unwrap();
                out.bytes.extend_from_slice(&buf[..n]);
                out.parser.process(&buf[..n]);
            }
        });
        let writer = pty.master.take_writer().expect("pty writer");
        Session { child, writer, output, master: pty.master, slave_path }
    }

    fn contents(&self) -> String {
        self.output.lock().unwrap().parser.screen().contents()
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

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

    /// Resizes the terminal (the PTY, which signals the program, and the emulator reading it).
    fn resize(&mut self, rows: u16, cols: u16) {
        let (r, c) = (NonZeroU16::new(rows).unwrap(), NonZeroU16::new(cols).unwrap());
        self.output.lock().unwrap().parser.set_size(r, c);
        self.master.resize(size(rows, cols)).expect("resize the pty");
    }

    fn signal(&self, name: &str) {
        let pid = self.child.process_id().expect("a pid").to_string();
        assert!(Command::new("kill").args([&format!("-{name}"), &pid]).status().unwrap().success());
    }

    fn still_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

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

    /// Whether the line discipline is in cooked mode: `(icanon, echo)` as `stty` reports them.
    fn line_discipline(&self) -> (bool, bool) {
        // GNU stty names the device with -F, BSD (macOS) stty with -f.
        let device = if cfg!(target_os = "macos") { "-f" } else { "-F" };
        let out =
            Command::new("stty").arg(device).arg(&self.slave_path).arg("-a").output().expect("run stty");
        assert!(out.status.success(), "stty: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ';').collect();
        let flag = |name: &str| {
            let on = words.contains(&name);
            let off = words.contains(&format!("-{name}").as_str());
            assert!(on != off, "stty shows {name} neither on nor off:\n{text}");
            on
        };
        (flag("icanon"), flag("echo"))
    }

    /// Asserts the terminal is as the game found it: main screen, cooked mode.
    fn assert_restored(&self) {
        let out = self.output.lock().unwrap();
        let last = |needle: &[u8]| out.bytes.windows(needle.len()).rposition(|w| w == needle);
        let (entered, left) = (last(ENTER_ALTERNATE), last(LEAVE_ALTERNATE));
        assert!(entered.is_some(), "the game never entered the alternate screen");
        assert!(left > entered, "the last alternate-screen switch is not the leave sequence");
        assert!(!out.parser.screen().alternate_screen(), "vt100 is still on the alternate screen");
        drop(out);
        assert_eq!(self.line_discipline(), (true, true), "the terminal is back in cooked mode");
    }
}

/// Starts a game and waits until it is drawn, checking the terminal is in raw mode meanwhile.
fn playing(env: &[(&str, &str)]) -> Session {
    let s = Session::start(&game_map("hall.ron"), env);
    s.wait_for("Seed 1");
    s.wait_for("Position 2,2");
    assert_eq!(s.line_discipline(), (false, false), "raw mode while the game runs");
    s
}

#[test]
fn sigterm_restores_the_terminal_and_exits_143() {
    let mut s = playing(&[]);
    s.signal("TERM");
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 128 + 15, "{status:?}");
    s.assert_restored();
    assert!(s.contents().contains("stopped by a signal (SIGTERM)"), "{}", s.contents());
}

#[test]
fn sighup_restores_the_terminal_and_exits_129() {
    let mut s = playing(&[]);
    s.signal("HUP");
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 128 + 1, "{status:?}");
    s.assert_restored();
    assert!(s.contents().contains("stopped by a signal (SIGHUP)"), "{}", s.contents());
}

#[test]
fn a_panic_restores_the_terminal_then_reports_it() {
    let mut s = playing(&[("SIGHTLINE_TEST_PANIC", "1")]);
    s.send("l");
    let status = s.wait_exit();
    assert!(!status.success(), "a panic is a failure: {status:?}");
    s.assert_restored();
    // The panic message is printed after the restore, so it is on the main screen.
    let screen = s.contents();
    assert!(screen.contains("panicked") && screen.contains("SIGHTLINE_TEST_PANIC"), "{screen}");
}

#[test]
fn without_the_hook_keys_do_not_panic() {
    let mut s = playing(&[("SIGHTLINE_TEST_PANIC", "0")]);
    s.send("l");
    s.wait_for("Position 3,2");
    assert!(s.still_running());
    s.send("\x03");
    assert!(s.wait_exit().success());
    s.assert_restored();
}

#[test]
fn shrinking_to_10x5_and_back_while_aiming_keeps_the_game_and_the_aim() {
    // The archery range: an orc waits behind the door east of the player.
    let mut s = Session::start(&game_map("archery.ron"), &[]);
    s.wait_for("Archery Range");
    s.wait_for("Position 2,1");
    s.send("l");
    s.wait_for("Position 3,1");
    s.send("o");
    s.wait_for("You see an orc.");
    s.send("f");
    s.wait_for("Aim at");
    s.wait_for("Will hit the orc first");

    s.resize(5, 10);
    s.wait_for("10x5");
    assert!(s.still_running(), "the game survives a 10x5 terminal");
    thread::sleep(Duration::from_millis(200));
    s.resize(ROWS, COLS);
    // Still aiming, at the same orc, with the game as it was.
    s.wait_for("Archery Range");
    s.wait_for("Aim at");
    s.wait_for("Will hit the orc first");
    s.wait_for("Turn 2");
    s.wait_for("Arrows 10");
    assert!(!s.contents().contains("too small"), "{}", s.contents());

    // The shot goes off: the game went on through the resizes.
    s.send("\r");
    s.wait_for("Turn 3");
    s.wait_for("Arrows 9");
    s.send("q");
    s.wait_for("Quit without saving?");
    s.send("y");
    assert!(s.wait_exit().success());
    s.assert_restored();
}

#[test]
fn shrinking_to_10x5_and_back_on_the_main_screen_keeps_the_game() {
    let mut s = playing(&[]);
    s.send("l");
    s.wait_for("Turn 1");
    s.wait_for("Position 3,2");

    s.resize(5, 10);
    s.wait_for("10x5");
    assert!(s.still_running(), "the game survives a 10x5 terminal");
    // Play goes on while the screen is too small to show it.
    s.send("l");
    thread::sleep(Duration::from_millis(300));
    s.resize(ROWS, COLS);
    s.wait_for("Door Test Hall");
    s.wait_for("Position 4,2");
    s.wait_for("Turn 2");
    assert!(!s.contents().contains("too small"), "{}", s.contents());

    s.send("l");
    s.wait_for("Position 5,2");
    s.wait_for("Turn 3");
    s.send("q");
    s.wait_for("Quit without saving?");
    s.send("y");
    assert!(s.wait_exit().success());
    s.assert_restored();
}
