//! The real binary on a terminal that goes away: its pseudo-terminal's master side closed, as
//! `tmux kill-session` or closing a terminal window does. The game must exit at once (it spun a
//! core for a second inside crossterm, reading the end of file a hung-up terminal returns, until
//! the watchdog ended it) and say what `kill -HUP` makes it say, nothing more (it said "stopped
//! by signal 1; nothing was saved", after "Failed to restore terminal: No such device or
//! address (os error 6)").
//!
//! The shared harness (`support/pty.rs`) cannot close the master: its reader thread holds a copy
//! of it, blocked in a read for as long as the program runs. So this file opens its own
//! pseudo-terminal (Linux's `/dev/ptmx`, every descriptor close-on-exec, so no other test's child
//! can hold it open) and reads the program's output on the test's own thread, leaving no copy of
//! the master behind once it is dropped. The program's stderr goes to a file, to be read after
//! the terminal is gone.

#![cfg(target_os = "linux")]

use std::ffi::CStr;
use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::num::NonZeroU16;
use std::os::fd::AsRawFd;
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus};
use std::time::{Duration, Instant};

#[path = "support/scratch.rs"]
mod scratch;

const BIN: &str = env!("CARGO_BIN_EXE_sightline");

/// The terminal's size: room for the game's whole screen.
const ROWS: NonZeroU16 = NonZeroU16::new(30).unwrap();
const COLS: NonZeroU16 = NonZeroU16::new(100).unwrap();

/// How long a wait may take before the test fails: generous, for debug builds on a busy machine.
const TIMEOUT: Duration = Duration::from_secs(20);

/// How soon the game must exit once its terminal is gone. The watchdog, which used to end it,
/// gives a stuck loop a whole second; ending on the hang-up itself takes milliseconds.
const PROMPT: Duration = Duration::from_millis(750);

/// The one line the game writes on stderr when SIGHUP ends it.
const SIGHUP_LINE: &str = "sightline: stopped by a signal (SIGHUP); the game was not saved\n";

/// How the game is attached to its terminal.
#[derive(Clone, Copy, PartialEq)]
enum Attached {
    /// The terminal is its controlling terminal, and it leads the session: the kernel sends it
    /// SIGHUP (then SIGCONT) when the terminal hangs up, as a shell's jobs get it from the shell.
    Controlling,
    /// The terminal is only its stdin and stdout: no signal comes when it hangs up, only the end
    /// of file on reading it (a game started under `nohup`, or whose shell ignored the hang-up).
    NoSignal,
}

/// The game on the hall map, on a pseudo-terminal of its own, its stderr in a file.
struct Game {
    master: Option<File>,
    child: Child,
    screen: vt100::Parser,
    /// Every byte the game has written so far.
    bytes: Vec<u8>,
    stderr: PathBuf,
}

impl Game {
    fn start(name: &str, attached: Attached) -> Game {
        let (master, slave) = open_pty(ROWS.get(), COLS.get());
        let stderr = scratch::scratch(name).join("stderr");
        let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/game_maps/hall.ron");
        let mut cmd = Command::new(BIN);
        cmd.arg(&map)
            .args(["--seed", "1", "--save", "/nonexistent/never-written.ron"])
            .env("TERM", "xterm-256color")
            .env_remove("NO_COLOR")
            .env_remove("SIGHTLINE_TEST_PANIC")
            .env_remove("SIGHTLINE_TEST_IGNORE_SIGNALS")
            .stdin(slave.try_clone().unwrap())
            .stdout(slave)
            .stderr(File::create(&stderr).unwrap());
        // SAFETY: between fork and exec the closure calls only async-signal-safe functions.
        unsafe {
            cmd.pre_exec(move || {
                if libc::setsid() < 0 {
                    return Err(io::Error::last_os_error());
                }
                if attached == Attached::Controlling && libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().expect("spawn sightline");
        // (`cmd` holds the test's copies of the slave: dropped here, only the game has it open)
        drop(cmd);
        Game {
            master: Some(master),
            child,
            screen: vt100::Parser::new(ROWS, COLS, 0),
            bytes: Vec::new(),
            stderr,
        }
    }

    /// Reads what the game draws until the screen shows `text` and nothing more comes for a
    /// while: the game has drawn its frame and waits for a key.
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            assert!(
                Instant::now() < deadline,
                "no {text:?}; the screen:\n{}",
                self.screen.screen().contents()
            );
            if !self.read(200) && self.screen.screen().contents().contains(text) {
                return;
            }
        }
    }

    /// Reads what the game writes until it has written `needle`, and no further.
    fn wait_for_bytes(&mut self, needle: &[u8]) {
        let deadline = Instant::now() + TIMEOUT;
        while !self.bytes.windows(needle.len()).any(|w| w == needle) {
            assert!(
                Instant::now() < deadline,
                "no {needle:?}; the screen:\n{}",
                self.screen.screen().contents()
            );
            self.read(20);
        }
    }

    /// Reads what the game has written, waiting up to `ms` milliseconds for it: whether there
    /// was anything.
    fn read(&mut self, ms: i32) -> bool {
        let master = self.master.as_mut().expect("the terminal is open");
        let mut fd = libc::pollfd { fd: master.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        // SAFETY: one valid pollfd, count 1.
        if unsafe { libc::poll(&mut fd, 1, ms) } <= 0 {
            return false;
        }
        // (a read the size of a short write: the test stops reading right after what it waits for)
        let mut buf = [0u8; 64];
        let n = master.read(&mut buf).expect("read the terminal");
        self.screen.process(&buf[..n]);
        self.bytes.extend_from_slice(&buf[..n]);
        n > 0
    }

    /// Waits for the game to exit: its status, and how long it took. Fails (killing the game)
    /// after [`TIMEOUT`].
    fn wait_exit(&mut self) -> (ExitStatus, Duration) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return (status, start.elapsed());
            }
            if start.elapsed() > TIMEOUT {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("the game never exited once its terminal was gone");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn stderr(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap()
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A new pseudo-terminal of `rows` × `cols`: (master, slave), both close-on-exec (as every file
/// std opens is).
fn open_pty(rows: u16, cols: u16) -> (File, File) {
    let master = OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open("/dev/ptmx")
        .expect("/dev/ptmx");
    let fd = master.as_raw_fd();
    let mut name = [0 as libc::c_char; 128];
    // SAFETY: `fd` is an open pty master; `name` is a buffer of the length given.
    let path = unsafe {
        assert_eq!(libc::grantpt(fd), 0, "grantpt");
        assert_eq!(libc::unlockpt(fd), 0, "unlockpt");
        assert_eq!(libc::ptsname_r(fd, name.as_mut_ptr(), name.len()), 0, "ptsname_r");
        CStr::from_ptr(name.as_ptr()).to_str().unwrap().to_string()
    };
    let slave = OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open(&path)
        .expect("pty slave");
    let size = libc::winsize { ws_row: rows, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0 };
    // SAFETY: TIOCSWINSZ reads one winsize from the pointer given.
    assert_eq!(unsafe { libc::ioctl(slave.as_raw_fd(), libc::TIOCSWINSZ, &size) }, 0, "TIOCSWINSZ");
    (master, slave)
}

/// Starts the game attached as told, closes its terminal once it is drawn, and returns how it
/// exited, how long that took, and its stderr.
fn close_the_terminal(name: &str, attached: Attached) -> (ExitStatus, Duration, String) {
    let mut game = Game::start(name, attached);
    game.wait_for("Position 2,2");
    drop(game.master.take());
    let (status, took) = game.wait_exit();
    (status, took, game.stderr())
}

/// Closed as the game takes it over (the window closed while a large save loads, say): whether
/// that fails setting the terminal up, drawing the first frame or waiting for a key, the game
/// ends as SIGHUP ends it, not with a terminal error (exit status 1).
#[test]
fn closing_the_terminal_as_the_game_takes_it_ends_the_game_as_sighup_does() {
    let mut game = Game::start("close-at-start", Attached::NoSignal);
    game.wait_for_bytes(b"\x1b[?1049h");
    drop(game.master.take());
    let (status, _) = game.wait_exit();
    let stderr = game.stderr();
    assert_eq!(status.code(), Some(128 + 1), "{status:?}; stderr: {stderr}");
    assert_eq!(stderr, SIGHUP_LINE);
}

/// What `kill -HUP` makes the game write and exit with, on a terminal that stays: the reference.
#[test]
fn kill_hup_says_stopped_by_sighup() {
    let mut game = Game::start("kill-hup", Attached::Controlling);
    game.wait_for("Position 2,2");
    // SAFETY: `kill` only sends a signal.
    assert_eq!(unsafe { libc::kill(game.child.id() as i32, libc::SIGHUP) }, 0);
    let (status, _) = game.wait_exit();
    assert_eq!(status.code(), Some(128 + 1), "{status:?}");
    assert_eq!(game.stderr(), SIGHUP_LINE);
}

/// Closed as a terminal window or `tmux kill-session` closes it: the kernel sends the game
/// SIGHUP, and it must end at once, saying what `kill -HUP` makes it say.
#[test]
fn closing_the_controlling_terminal_ends_the_game_at_once_as_sighup_does() {
    let (status, took, stderr) = close_the_terminal("close-controlling", Attached::Controlling);
    assert!(took < PROMPT, "exited {took:?} after its terminal closed; stderr: {stderr}");
    assert_eq!(status.code(), Some(128 + 1), "{status:?}; stderr: {stderr}");
    assert_eq!(stderr, SIGHUP_LINE, "the same words as for kill -HUP, and no failure to restore");
}

/// Closed with no signal to tell the game (it was spinning there for good: the watchdog acts
/// only on a signal): the hang-up alone ends it, as SIGHUP would.
#[test]
fn a_terminal_gone_without_a_signal_ends_the_game_at_once_as_sighup_does() {
    let (status, took, stderr) = close_the_terminal("close-no-signal", Attached::NoSignal);
    assert!(took < PROMPT, "exited {took:?} after its terminal closed; stderr: {stderr}");
    assert_eq!(status.code(), Some(128 + 1), "{status:?}; stderr: {stderr}");
    assert_eq!(stderr, SIGHUP_LINE, "the same words as for kill -HUP, and no failure to restore");
}
