//! The real `sightline` binary in a pseudo-terminal, for end-to-end tests: one harness shared by
//! every e2e test file instead of a copy in each.
//!
//! A reader thread takes everything the program writes and keeps it twice: the raw bytes (to
//! check the escape sequences themselves, e.g. that the last alternate-screen switch is the leave
//! sequence) and a vt100 emulator fed with them (to check what a user would see). Every wait has
//! a deadline and, when it passes, fails with the screen, so a hung program is a readable failure
//! rather than a hung test run; a session still running when dropped is killed.
//!
//! Included by each e2e test file with `#[path = "support/pty.rs"] mod pty;`. Each test binary
//! uses only part of the harness, hence the allowance below.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, ExitStatus, MasterPty, PtySize, native_pty_system};

/// The terminal size a session starts with unless told otherwise: big enough for the game's and
/// the lab's full layouts.
pub const ROWS: u16 = 30;
pub const COLS: u16 = 100;

/// How long any wait may take before the test fails. Generous: CI runs debug builds on two
/// cores beside other test binaries.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// How long the screen must stay unchanged to count as settled: a frame can reach the emulator
/// in several reads, so the text a test waits for may be on screen before the rest of its frame.
const SETTLE: Duration = Duration::from_millis(100);

const POLL: Duration = Duration::from_millis(20);

/// The sightline binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_sightline");

/// What a launched program is given: arguments, extra environment, working directory, size.
pub struct Launch {
    /// The program: the sightline binary unless [`Launch::shell`] chose a shell.
    program: PathBuf,
    args: Vec<String>,
    env: Vec<(String, String)>,
    cwd: PathBuf,
    rows: u16,
    cols: u16,
}

/// Starts `sightline ARGS` in the manifest directory on a default-size terminal.
pub fn start(args: &[&str]) -> Session {
    Launch::new(args).start()
}

impl Launch {
    pub fn new(args: &[&str]) -> Launch {
        Launch {
            program: PathBuf::from(BIN),
            args: args.iter().map(|a| a.to_string()).collect(),
            env: Vec::new(),
            cwd: PathBuf::from(env!("CARGO_MANIFEST_DIR")),
            rows: ROWS,
            cols: COLS,
        }
    }

    /// An interactive bash with job control and no start-up files, its prompt `shell$ `, in
    /// place of sightline: for what only a job-control shell does (stopping and continuing a
    /// job). The test types the commands; [`BIN`] is the path to type for sightline.
    pub fn shell() -> Launch {
        let launch = Launch::new(&["--norc", "--noprofile", "-i"]).env("PS1", "shell$ ");
        Launch { program: PathBuf::from("bash"), ..launch }
    }

    /// Sets an environment variable for the program, on top of the test's own environment.
    pub fn env(mut self, key: &str, value: &str) -> Launch {
        self.env.push((key.to_string(), value.to_string()));
        self
    }

    pub fn cwd(mut self, dir: &Path) -> Launch {
        self.cwd = dir.to_path_buf();
        self
    }

    pub fn size(mut self, rows: u16, cols: u16) -> Launch {
        self.rows = rows;
        self.cols = cols;
        self
    }

    /// Spawns the binary on a new PTY. The program sees `TERM=xterm-256color` and none of the
    /// variables that change how it draws or behaves (`NO_COLOR`, the test panic hook) unless
    /// this launch sets them, so the test's own environment cannot change its outcome.
    pub fn start(self) -> Session {
        let pty = native_pty_system().openpty(pty_size(self.rows, self.cols)).expect("open a pty");
        let mut cmd = CommandBuilder::new(&self.program);
        cmd.args(&self.args);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        cmd.env_remove("SIGHTLINE_TEST_PANIC");
        cmd.env_remove("SIGHTLINE_TEST_IGNORE_SIGNALS");
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        cmd.cwd(&self.cwd);
        let child =
            pty.slave.spawn_command(cmd).unwrap_or_else(|e| panic!("spawn {}: {e}", self.program.display()));
        drop(pty.slave);
        let tty = pty.master.tty_name();
        let parser = vt100::Parser::new(non_zero(self.rows), non_zero(self.cols), 0);
        let output = Arc::new(Mutex::new(Output { bytes: Vec::new(), parser }));
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let feed = Arc::clone(&output);
        let reader = thread::spawn(move || {
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
        Session { child, writer, output, reader, master: pty.master, tty }
    }
}

/// What the program wrote: the raw bytes, and a vt100 screen fed with them.
struct Output {
    bytes: Vec<u8>,
    parser: vt100::Parser,
}

/// One screen cell as the emulator shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The cell's text; a blank cell is a single space.
    pub glyph: String,
    pub fg: vt100::Color,
    pub bold: bool,
    pub dim: bool,
    pub inverse: bool,
}

/// One run of the binary in a PTY.
pub struct Session {
    child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Arc<Mutex<Output>>,
    /// The thread feeding `output`: done once the program has exited and its last bytes are in.
    reader: thread::JoinHandle<()>,
    /// Held for the whole session: dropping it hangs up the terminal, and the slave device
    /// (probed with `stty`) lives only as long as the master.
    master: Box<dyn MasterPty + Send>,
    tty: Option<PathBuf>,
}

impl Session {
    /// The screen's text, rows joined by newlines.
    pub fn contents(&self) -> String {
        self.output.lock().unwrap().parser.screen().contents()
    }

    /// Every byte the program has written so far.
    pub fn bytes(&self) -> Vec<u8> {
        self.output.lock().unwrap().bytes.clone()
    }

    pub fn alternate_screen(&self) -> bool {
        self.output.lock().unwrap().parser.screen().alternate_screen()
    }

    pub fn cursor_hidden(&self) -> bool {
        self.output.lock().unwrap().parser.screen().hide_cursor()
    }

    /// The emulator's current size, (rows, columns).
    pub fn size(&self) -> (u16, u16) {
        let (rows, cols) = self.output.lock().unwrap().parser.screen().size();
        (rows.get(), cols.get())
    }

    /// Types `keys` (raw bytes: escape sequences and control characters included).
    pub fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits until the screen shows `text` and then stops changing; fails with the screen if
    /// either takes longer than [`TIMEOUT`].
    pub fn wait_for(&self, text: &str) {
        let deadline = Instant::now() + TIMEOUT;
        while !self.contents().contains(text) {
            if Instant::now() >= deadline {
                panic!("timed out waiting for {text:?}; the screen:\n{}", self.contents());
            }
            thread::sleep(POLL);
        }
        self.settle(deadline + TIMEOUT);
    }

    /// Waits until the screen text has stayed the same for [`SETTLE`].
    fn settle(&self, deadline: Instant) {
        let mut last = self.contents();
        loop {
            thread::sleep(SETTLE);
            let now = self.contents();
            if now == last {
                return;
            }
            if Instant::now() >= deadline {
                panic!("the screen never settled; the screen:\n{now}");
            }
            last = now;
        }
    }

    /// The (row, column) where `text` first appears on screen, columns counted in cells.
    pub fn find(&self, text: &str) -> Option<(u16, u16)> {
        let (rows, cols) = self.size();
        (0..rows).find_map(|row| {
            let line: String = (0..cols).map(|col| self.cell(row, col).glyph).collect();
            line.find(text).map(|i| (row, line[..i].chars().count() as u16))
        })
    }

    /// The cell at (row, column); panics outside the screen.
    pub fn cell(&self, row: u16, col: u16) -> Cell {
        let out = self.output.lock().unwrap();
        let cell = out.parser.screen().cell(row, col).unwrap_or_else(|| panic!("no cell at {row},{col}"));
        let glyph = if cell.contents().is_empty() { " ".to_string() } else { cell.contents().to_string() };
        Cell { glyph, fg: cell.fgcolor(), bold: cell.bold(), dim: cell.dim(), inverse: cell.inverse() }
    }

    /// Every cell of the rectangle rows `rows`, columns `cols`, row by row.
    pub fn cells(&self, rows: std::ops::Range<u16>, cols: std::ops::Range<u16>) -> Vec<Cell> {
        rows.flat_map(|row| cols.clone().map(move |col| (row, col))).map(|(r, c)| self.cell(r, c)).collect()
    }

    /// Resizes the terminal: the emulator reading it, then the PTY, which signals the program.
    pub fn resize(&mut self, rows: u16, cols: u16) {
        self.output.lock().unwrap().parser.set_size(non_zero(rows), non_zero(cols));
        self.master.resize(pty_size(rows, cols)).expect("resize the pty");
    }

    /// Makes the terminal claim `rows` × `cols` to the program (`TIOCSWINSZ`, and the kernel's
    /// SIGWINCH) while the emulator keeps its own size: a size no emulator could hold, as a
    /// hostile or broken terminal may report. The emulator shows the top-left corner of what is
    /// drawn.
    pub fn claim_size(&mut self, rows: u16, cols: u16) {
        self.master.resize(pty_size(rows, cols)).expect("resize the pty");
    }

    pub fn pid(&self) -> u32 {
        self.child.process_id().expect("a pid")
    }

    /// Sends the signal `name` (as `kill` spells it: "TERM", "HUP") to the program.
    pub fn signal(&self, name: &str) {
        let pid = self.pid().to_string();
        let sent = Command::new("kill").args([&format!("-{name}"), &pid]).status().expect("run kill");
        assert!(sent.success(), "kill -{name} {pid}");
    }

    pub fn still_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Waits for the program to exit, then for the reader thread to take its last output (it
    /// ends at the terminal's end of file, which follows the exit: a fixed pause could end
    /// before a loaded machine has read the last frame and the restore); kills it and fails with
    /// the screen after [`TIMEOUT`].
    pub fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                while !self.reader.is_finished() {
                    assert!(Instant::now() < deadline, "the program exited but its output never ended");
                    thread::sleep(POLL);
                }
                return status;
            }
            thread::sleep(POLL);
        }
        let _ = self.child.kill();
        panic!("sightline did not exit; the screen:\n{}", self.contents());
    }

    /// The PTY's slave device, which outlives the program for as long as the session does: what
    /// `stty -F` probes for the line discipline's state.
    pub fn tty(&self) -> &Path {
        self.tty.as_deref().expect("the pty's slave device has a path")
    }
}

impl Drop for Session {
    /// A test that fails midway must not leave the program running.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn pty_size(rows: u16, cols: u16) -> PtySize {
    PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }
}

fn non_zero(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).expect("a terminal side is at least 1")
}
