//! The real binary in a pseudo-terminal, under faults: SIGTERM, SIGHUP, SIGINT, SIGQUIT and a
//! forced panic each leave the terminal as it was before the game — back on the main screen, in
//! cooked mode — with an exit status that says what happened; shrinking the terminal to 10×5 and
//! back — on the main screen, and while aiming an arrow — neither panics nor loses the game, and
//! nor does a terminal that claims to be 65535×65535.
//!
//! How "restored" is checked, two independent ways:
//! - the bytes the program wrote: the last alternate-screen switch in the stream is the leave
//!   sequence `ESC[?1049l` (and vt100, fed the same bytes, agrees it is on the main screen);
//! - the terminal's own state: after the program has exited, `stty -a` run on the PTY's slave
//!   device (which outlives the program as long as the test holds the master) reports the line
//!   discipline's flags. Cooked mode is `icanon` and `echo` on; raw mode, which the test also
//!   observes while the game runs (proving the probe sees the program's changes), has them off.
//!
//! Job control: Ctrl-Z under a job-control shell hands the terminal back and stops the game,
//! `fg` brings it back redrawn; SIGCONT after a SIGSTOP from outside takes the terminal again
//! (raw mode, a full redraw over whatever was written meanwhile); SIGTSTP where no shell could
//! continue the game is ignored, as the kernel ignores the key's signal there; a hang-up while
//! suspended ends the game on the signal without taking the terminal again.
//!
//! The forced panic uses the debug-build-only hook `SIGHTLINE_TEST_PANIC=1` (see
//! `ui::terminal`): the first key pressed panics. A signal during a save (it finishes, then the
//! game ends on the signal) uses `SIGHTLINE_TEST_SIGNAL_DURING_SAVE=1`, which raises SIGTERM as
//! the save starts and slows it past the watchdog's grace.

use std::path::Path;
use std::process::Command;
use std::thread;
use std::time::Duration;

#[path = "support/pty.rs"]
mod pty;
#[path = "support/scratch.rs"]
mod scratch;

use pty::{BIN, COLS, Launch, ROWS, Session};
use scratch::scratch;

const ENTER_ALTERNATE: &[u8] = b"\x1b[?1049h";
const LEAVE_ALTERNATE: &[u8] = b"\x1b[?1049l";

fn game_map(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/game_maps").join(name).display().to_string()
}

/// A game on `map` with a fixed seed and a save path that can never be written.
fn game(map: &str) -> Launch {
    Launch::new(&[map, "--seed", "1", "--save", "/nonexistent/never-written.ron"])
}

/// Whether the line discipline is in cooked mode: `(icanon, echo)` as `stty` reports them.
fn line_discipline(s: &Session) -> (bool, bool) {
    // GNU stty names the device with -F, BSD (macOS) stty with -f.
    let device = if cfg!(target_os = "macos") { "-f" } else { "-F" };
    let out = Command::new("stty").arg(device).arg(s.tty()).arg("-a").output().expect("run stty");
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
fn assert_restored(s: &Session) {
    let bytes = s.bytes();
    let last = |needle: &[u8]| bytes.windows(needle.len()).rposition(|w| w == needle);
    let (entered, left) = (last(ENTER_ALTERNATE), last(LEAVE_ALTERNATE));
    assert!(entered.is_some(), "the game never entered the alternate screen");
    assert!(left > entered, "the last alternate-screen switch is not the leave sequence");
    assert!(!s.alternate_screen(), "vt100 is still on the alternate screen");
    assert_eq!(line_discipline(s), (true, true), "the terminal is back in cooked mode");
}

/// The hall game, back from a fault with the player at 3,2 on turn 1: one more step still
/// plays, and quitting restores the terminal.
fn takes_a_step_and_quits_cleanly(s: &mut Session) {
    s.send("l");
    s.wait_for("Position 4,2");
    s.wait_for("Turn 2");
    s.send("q");
    s.wait_for("Quit without saving?");
    s.send("y");
    assert!(s.wait_exit().success());
    assert_restored(s);
}

/// Starts a game and waits until it is drawn, checking the terminal is in raw mode meanwhile.
fn playing(env: &[(&str, &str)]) -> Session {
    let launch = env.iter().fold(game(&game_map("hall.ron")), |launch, (k, v)| launch.env(k, v));
    let s = launch.start();
    s.wait_for("Seed 1");
    s.wait_for("Position 2,2");
    assert_eq!(line_discipline(&s), (false, false), "raw mode while the game runs");
    s
}

#[test]
fn sigterm_restores_the_terminal_and_exits_143() {
    let mut s = playing(&[]);
    s.signal("TERM");
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 128 + 15, "{status:?}");
    assert_restored(&s);
    assert!(s.contents().contains("stopped by a signal (SIGTERM)"), "{}", s.contents());
}

#[test]
fn a_signal_during_a_save_lets_it_finish_then_exits_with_the_signals_status() {
    // The debug-only hook sends SIGTERM as the save starts, then makes the save take longer than
    // the watchdog's grace: the save must still be written (not cut off by the watchdog), and
    // the game must still end on the signal, saying so, not as a plain "save and quit".
    let save = scratch("signal-during-save").join("save.ron");
    let save_arg = save.display().to_string();
    let launch = Launch::new(&[&game_map("hall.ron"), "--seed", "1", "--save", &save_arg])
        .env("SIGHTLINE_TEST_SIGNAL_DURING_SAVE", "1");
    let mut s = launch.start();
    s.wait_for("Position 2,2");
    s.send("l");
    s.wait_for("Position 3,2");
    s.send("S");
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 128 + 15, "{status:?}");
    assert_restored(&s);
    let text = s.contents();
    assert!(text.contains("Game saved to"), "{text}");
    assert!(
        text.contains("stopped by a signal (SIGTERM) while saving; the save was finished first"),
        "{text}"
    );
    assert!(!text.contains("nothing was saved"), "{text}");
    let game = sightline::game::save::load(&save).expect("the save was written whole");
    assert_eq!(game.player.pos, sightline::Pos::new(3, 2));
}

#[test]
fn a_loop_stuck_in_the_terminal_library_is_ended_by_the_watchdog() {
    // When the terminal goes away, crossterm's poll can spin without returning to the loop that
    // checks the signal flag. The debug-only hook makes the loop ignore the flag, as if stuck:
    // the watchdog must still end the process with the signal's status and restore the terminal.
    let mut s = playing(&[("SIGHTLINE_TEST_IGNORE_SIGNALS", "1")]);
    s.signal("HUP");
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 128 + 1, "{status:?}");
    assert_restored(&s);
    // (in the words a signal's end takes elsewhere: QA saw two wordings for one signal)
    let text = s.contents();
    assert!(text.contains("stopped by a signal (SIGHUP); nothing was saved"), "{text}");
}

#[test]
fn sighup_restores_the_terminal_and_exits_129() {
    let mut s = playing(&[]);
    s.signal("HUP");
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 128 + 1, "{status:?}");
    assert_restored(&s);
    assert!(s.contents().contains("stopped by a signal (SIGHUP)"), "{}", s.contents());
}

/// Of two stop signals, the cause is told: the first, but SIGHUP over any other. (A shell hung
/// up sends its stopped job SIGTERM as well as SIGHUP; the game, continued, said SIGTERM.)
#[test]
fn the_signal_told_is_the_cause() {
    for (signals, told, status) in [
        (["HUP", "TERM"], "SIGHUP", 129),
        (["TERM", "HUP"], "SIGHUP", 129),
        (["TERM", "INT"], "SIGTERM", 143),
    ] {
        let mut s = playing(&[]);
        for signal in signals {
            s.signal(signal);
        }
        let exit = s.wait_exit();
        assert_eq!(exit.exit_code(), status, "{signals:?}: {exit:?}");
        assert_restored(&s);
        let text = s.contents();
        assert!(text.contains(&format!("stopped by a signal ({told})")), "{signals:?}: {text}");
    }
}

/// SIGINT and SIGQUIT sent from outside (in raw mode the keys Ctrl-C and Ctrl-\ are keys, not
/// signals) end the game as cleanly as SIGTERM.
#[test]
fn sigint_and_sigquit_from_outside_restore_the_terminal() {
    for (name, number) in [("INT", 2), ("QUIT", 3)] {
        let mut s = playing(&[]);
        s.signal(name);
        let status = s.wait_exit();
        assert_eq!(status.exit_code(), 128 + number, "SIG{name}: {status:?}");
        assert_restored(&s);
        assert!(s.contents().contains(&format!("stopped by a signal (SIG{name})")), "{}", s.contents());
    }
}

#[test]
fn a_panic_restores_the_terminal_then_reports_it() {
    let mut s = playing(&[("SIGHTLINE_TEST_PANIC", "1")]);
    s.send("l");
    let status = s.wait_exit();
    assert!(!status.success(), "a panic is a failure: {status:?}");
    assert_restored(&s);
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
    assert_restored(&s);
}

#[test]
fn shrinking_to_10x5_and_back_while_aiming_keeps_the_game_and_the_aim() {
    // The archery range: an orc waits behind the door east of the player.
    let mut s = game(&game_map("archery.ron")).start();
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
    assert_restored(&s);
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
    // Keys pressed while the screen is too small to show the game are ignored: no move is made
    // blind.
    s.send("l");
    thread::sleep(Duration::from_millis(300));
    s.resize(ROWS, COLS);
    s.wait_for("Door Test Hall");
    s.wait_for("Position 3,2");
    s.wait_for("Turn 1");
    assert!(!s.contents().contains("too small"), "{}", s.contents());

    takes_a_step_and_quits_cleanly(&mut s);
}

#[test]
fn a_terminal_claiming_65535x65535_neither_aborts_the_game_nor_loses_it() {
    // Believed, such a size makes the screen buffers tens of gigabytes: the allocator aborts the
    // process, past the panic hook, with the terminal left raw on the alternate screen.
    let mut s = playing(&[]);
    s.send("l");
    s.wait_for("Turn 1");
    s.claim_size(u16::MAX, u16::MAX);
    thread::sleep(Duration::from_millis(1500));
    assert!(s.still_running(), "the game survives a terminal claiming 65535x65535");
    s.resize(ROWS, COLS);
    s.wait_for("Position 3,2");
    takes_a_step_and_quits_cleanly(&mut s);
}

/// The scheduler state of process `pid` (`R`, `S`, `T` for stopped, ...), from `/proc`.
#[cfg(target_os = "linux")]
fn process_state(pid: u32) -> char {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("read /proc/PID/stat");
    // "pid (comm) state ...": the name may hold spaces and parentheses, the state follows the last ')'.
    stat[stat.rfind(')').expect("a stat line") + 1..].trim_start().chars().next().expect("a state")
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_z_under_a_shell_suspends_the_game_and_fg_brings_it_back_redrawn() {
    let map = game_map("hall.ron");
    let game = format!("'{BIN}' '{map}' --seed 1 --save /nonexistent/never-written.ron");
    // Started by the shell, and through a wrapper that shares its process group (as `cargo run`
    // or a script does): the whole job stops.
    for (command, direct) in [(game.clone(), true), (format!("sh -c \"{game}; true\""), false)] {
        let mut s = Launch::shell().start();
        s.wait_for("shell$ ");
        s.send(&format!("{command}\r"));
        s.wait_for("Position 2,2");
        s.send("l");
        s.wait_for("Position 3,2");

        s.send("\x1a");
        s.wait_for("Stopped");
        assert!(!s.alternate_screen(), "{command}: the shell's screen is back while the game is stopped");
        assert!(!s.cursor_hidden(), "{command}: the cursor is shown while the game is stopped");
        if direct {
            let children = format!("/proc/{0}/task/{0}/children", s.pid());
            let game: u32 = std::fs::read_to_string(children)
                .unwrap()
                .trim()
                .parse()
                .expect("the game is the shell's one child");
            assert_eq!(process_state(game), 'T', "the game is stopped");
        }

        s.send("fg\r");
        s.wait_for("Position 3,2");
        assert!(s.alternate_screen(), "{command}: the game has the alternate screen again");
        assert!(
            s.contents().contains("Door Test Hall"),
            "the whole screen is drawn again:\n{}",
            s.contents()
        );
        s.send("l");
        s.wait_for("Position 4,2");
        s.send("q");
        s.wait_for("Quit without saving?");
        s.send("y");
        s.wait_for("shell$ ");
        assert!(!s.alternate_screen());
        s.send("exit\r");
        s.wait_exit();
    }
}

/// A hang-up while the game is suspended: the shell, hung up, sends the stopped job SIGHUP and
/// then SIGCONT. The game ends on the signal, as it does on SIGHUP in play, without taking the
/// terminal again first (on a terminal that has gone away that failed, and it exited with a
/// terminal error).
#[cfg(target_os = "linux")]
#[test]
fn a_hang_up_while_suspended_ends_the_game_without_taking_the_terminal_again() {
    let err = std::env::temp_dir().join(format!("sightline-e2e-hup-{}.err", std::process::id()));
    let mut s = Launch::shell().start();
    s.wait_for("shell$ ");
    let map = game_map("hall.ron");
    s.send(&format!(
        "'{BIN}' '{map}' --seed 1 --save /nonexistent/never-written.ron 2>'{}'\r",
        err.display()
    ));
    s.wait_for("Position 2,2");
    s.send("\x1a");
    s.wait_for("Stopped");
    let suspended = s.bytes().len();
    s.signal("HUP"); // to the shell, which passes it on with SIGCONT
    s.wait_exit();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !std::fs::read_to_string(&err).is_ok_and(|t| t.contains("stopped by")) {
        assert!(std::time::Instant::now() < deadline, "the game never ended");
        thread::sleep(Duration::from_millis(50));
    }
    let text = std::fs::read_to_string(&err).unwrap();
    assert!(text.contains("stopped by a signal (SIGHUP)"), "{text}");
    let after = &s.bytes()[suspended..];
    assert!(
        !after.windows(ENTER_ALTERNATE.len()).any(|w| w == ENTER_ALTERNATE),
        "the terminal was taken again"
    );
    std::fs::remove_file(err).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn sigtstp_where_no_shell_could_continue_the_game_is_ignored() {
    // The harness starts the game as the leader of its own session: its process group is
    // orphaned, so stopping it would leave it stopped for good.
    let mut s = playing(&[]);
    s.signal("TSTP");
    thread::sleep(Duration::from_millis(500));
    assert_ne!(process_state(s.pid()), 'T', "the game did not stop");
    assert!(s.alternate_screen());
    s.send("l");
    s.wait_for("Position 3,2");
    takes_a_step_and_quits_cleanly(&mut s);
}

#[cfg(target_os = "linux")]
#[test]
fn sigcont_after_sigstop_takes_the_terminal_again_and_redraws_it_all() {
    let mut s = playing(&[]);
    s.signal("STOP");
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while process_state(s.pid()) != 'T' {
        assert!(std::time::Instant::now() < deadline, "the game never stopped");
        thread::sleep(Duration::from_millis(20));
    }
    // Meanwhile something else uses the terminal: writes over the screen and sets cooked mode.
    // (The slave is closed again at once: held open, the terminal would never reach its end.)
    let mut tty = std::fs::OpenOptions::new().write(true).open(s.tty()).expect("open the pty");
    std::io::Write::write_all(&mut tty, b"\x1b[2J\x1b[HSCRIBBLED OVER").unwrap();
    drop(tty);
    let device = if cfg!(target_os = "macos") { "-f" } else { "-F" };
    let stty = Command::new("stty").arg(device).arg(s.tty()).args(["icanon", "echo"]).status().unwrap();
    assert!(stty.success());
    s.wait_for("SCRIBBLED OVER");

    s.signal("CONT");
    s.wait_for("Position 2,2");
    let screen = s.contents();
    assert!(!screen.contains("SCRIBBLED"), "the whole screen is drawn again:\n{screen}");
    assert!(screen.contains("Door Test Hall"), "{screen}");
    assert_eq!(line_discipline(&s), (false, false), "raw mode again");
    s.send("l");
    s.wait_for("Position 3,2");
    takes_a_step_and_quits_cleanly(&mut s);
}
