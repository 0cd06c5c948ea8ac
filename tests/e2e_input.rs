//! Input the game must not take as keys, in the real binary in a pseudo-terminal (and, for the
//! event mapping, in-process):
//! - pasted text: the game turns bracketed paste on, so a terminal hands a paste over whole, as
//!   one event the game ignores (pasting `lllll ql` walked five steps and asked to quit; a `y` in
//!   it would have answered), and turns it off again on every way out — a quit, Ctrl-C, a
//!   signal, a panic, the watchdog, a suspension (and on again when the game is continued);
//! - keys typed before the game's first frame, while its map or save loads: discarded, not run
//!   once the game starts.
//!
//! The mode is checked in the bytes the game writes: `ESC[?2004h` turns it on, `ESC[?2004l` off,
//! and whichever came last is the terminal's state.

use std::path::Path;
use std::thread;
use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use sightline::ui::terminal::{Meaning, meaning};

#[path = "support/pty.rs"]
mod pty;
#[path = "support/scratch.rs"]
mod scratch;

use pty::{BIN, Launch, Session};
use scratch::scratch;

const PASTE_ON: &[u8] = b"\x1b[?2004h";
const PASTE_OFF: &[u8] = b"\x1b[?2004l";
const ENTER_ALTERNATE: &[u8] = b"\x1b[?1049h";
const LEAVE_ALTERNATE: &[u8] = b"\x1b[?1049l";

fn hall() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/game_maps/hall.ron").display().to_string()
}

/// The game on the hall map with a fixed seed and a save path that can never be written.
fn game() -> Launch {
    Launch::new(&[&hall(), "--seed", "1", "--save", "/nonexistent/never-written.ron"])
}

/// Where `needle` last occurs in `bytes`.
fn last(bytes: &[u8], needle: &[u8]) -> Option<usize> {
    bytes.windows(needle.len()).rposition(|w| w == needle)
}

/// Whether bracketed paste is on after `bytes`: the last of its switches turned it on.
fn paste_on(bytes: &[u8]) -> bool {
    last(bytes, PASTE_ON) > last(bytes, PASTE_OFF)
}

/// Asserts the game turned bracketed paste on once it had the alternate screen, and that the
/// terminal is left with it off, switched off with the other modes.
fn assert_paste_was_on_then_off(s: &Session, way_out: &str) {
    let bytes = s.bytes();
    let entered = last(&bytes, ENTER_ALTERNATE).expect("the game took the alternate screen");
    assert!(last(&bytes, PASTE_ON) > Some(entered), "{way_out}: bracketed paste was turned on in the game");
    assert!(!paste_on(&bytes), "{way_out}: bracketed paste is left on");
    assert!(
        last(&bytes, PASTE_OFF) < last(&bytes, LEAVE_ALTERNATE),
        "{way_out}: turned off with the other modes"
    );
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, modifiers)
}

#[test]
fn a_paste_event_is_ignored_and_keys_are_keys() {
    for text in ["lllll ql", "y", "S", "\x03"] {
        assert_eq!(meaning(Event::Paste(text.into())), Meaning::Paste(text.into()), "{text:?}");
        // text, never keys: in play it types nothing and plays nothing
        assert_eq!(sightline::ui::input::pasted(text, &sightline::ui::Mode::Normal), []);
    }
    let l = key(KeyCode::Char('l'), KeyModifiers::NONE);
    assert_eq!(meaning(Event::Key(l)), Meaning::Key(l));
    assert_eq!(meaning(Event::Key(key(KeyCode::Char('z'), KeyModifiers::CONTROL))), Meaning::Suspend);
    assert_eq!(meaning(Event::Resize(80, 24)), Meaning::Redraw);
}

/// A paste as a terminal with bracketed paste on sends it does nothing: no step, no quit
/// question; the keys typed next still act.
#[test]
fn a_paste_does_not_act_and_every_way_out_turns_bracketed_paste_off() {
    let mut s = game().start();
    s.wait_for("Position 2,2");
    assert!(paste_on(&s.bytes()), "bracketed paste is on while the game runs");
    s.send("\x1b[200~lllll qly\x1b[201~");
    thread::sleep(Duration::from_millis(300));
    s.send("l");
    s.wait_for("Position 3,2");
    assert!(!s.contents().contains("Quit without saving?"), "{}", s.contents());
    s.send("q");
    s.wait_for("Quit without saving?");
    s.send("y");
    assert!(s.wait_exit().success());
    assert_paste_was_on_then_off(&s, "quit");
}

#[test]
fn ctrl_c_signals_a_panic_and_the_watchdog_turn_bracketed_paste_off() {
    let ways: [(&str, &[(&str, &str)]); 5] = [
        ("Ctrl-C", &[]),
        ("SIGTERM", &[]),
        ("SIGHUP", &[]),
        ("a panic", &[("SIGHTLINE_TEST_PANIC", "1")]),
        ("the watchdog", &[("SIGHTLINE_TEST_IGNORE_SIGNALS", "1")]),
    ];
    for (way_out, env) in ways {
        let mut s = env.iter().fold(game(), |launch, (k, v)| launch.env(k, v)).start();
        s.wait_for("Position 2,2");
        match way_out {
            "Ctrl-C" => s.send("\x03"),
            "SIGTERM" => s.signal("TERM"),
            "a panic" => s.send("l"),
            _ => s.signal("HUP"),
        }
        s.wait_exit();
        assert_paste_was_on_then_off(&s, way_out);
    }
}

/// Ctrl-Z hands the terminal back with bracketed paste off (the shell's own line editor sets it
/// as it likes); `fg` gives the game the terminal back with it on.
#[cfg(target_os = "linux")]
#[test]
fn a_suspension_turns_bracketed_paste_off_until_the_game_is_continued() {
    let mut s = Launch::shell().start();
    s.wait_for("shell$ ");
    s.send(&format!("'{BIN}' '{}' --seed 1 --save /nonexistent/never-written.ron\r", hall()));
    s.wait_for("Position 2,2");
    assert!(paste_on(&s.bytes()));
    let before = s.bytes().len();
    s.send("\x1a");
    s.wait_for("Stopped");
    // What the game wrote as it stopped, before the shell said so (and its line editor took
    // the terminal, setting bracketed paste as it likes).
    let stopped = s.bytes()[before..].to_vec();
    let game = &stopped[..stopped.windows(7).position(|w| w == b"Stopped").expect("the shell says Stopped")];
    assert!(last(game, LEAVE_ALTERNATE).is_some(), "the game handed the terminal back");
    assert!(
        !paste_on(game) && last(game, PASTE_OFF).is_some(),
        "bracketed paste turned off as the game stopped"
    );
    let before = s.bytes().len();
    s.send("fg\r");
    s.wait_for("Position 2,2");
    assert!(paste_on(&s.bytes()[before..]), "bracketed paste is on again once the game is continued");
    s.send("\x03");
    s.wait_for("shell$ ");
    s.send("exit\r");
    s.wait_exit();
}

/// Keys typed while the game loads (here a map of 1200×1200 cells, which takes a moment in a
/// debug build; a large save took 13 s) are dropped: none moves the player once the first frame
/// is up. Keys typed after it act as usual.
#[test]
fn keys_typed_before_the_first_frame_are_discarded() {
    let (w, h) = (1200, 1200);
    let mut rows = vec!["#".repeat(w)];
    rows.extend((1..h - 1).map(|y| match y {
        2 => format!("#.@{}#", ".".repeat(w - 4)),
        3 => format!("#.>{}#", ".".repeat(w - 4)),
        _ => format!("#{}#", ".".repeat(w - 2)),
    }));
    rows.push("#".repeat(w));
    let map = scratch("typed-ahead").join("big.txt");
    std::fs::write(&map, rows.join("\n") + "\n").unwrap();
    let map = map.display().to_string();

    let mut s = Launch::new(&[&map, "--seed", "1", "--save", "/nonexistent/never-written.ron"]).start();
    s.send("llll");
    s.wait_for("Seed 1");
    // The keys came before the game took the terminal: the terminal, still cooked, echoed them.
    let bytes = s.bytes();
    let echoed = last(&bytes, b"llll").expect("the keys were echoed before the game started");
    assert!(Some(echoed) < last(&bytes, ENTER_ALTERNATE), "typed before the game took the terminal");
    assert!(s.contents().contains("Position 2,2"), "a key typed ahead moved the player:\n{}", s.contents());

    s.send("l");
    s.wait_for("Position 3,2");
    s.send("\x03");
    assert!(s.wait_exit().success());
}

/// The lab, too, turns bracketed paste on and leaves it off (it restored with ratatui's own
/// restore, which knows nothing of it): a paste moves nothing there either.
#[test]
fn the_lab_turns_bracketed_paste_on_and_off_too() {
    let mut s = Launch::new(&["lab", "maps/pillars.ron"]).start();
    s.wait_for("sightline lab");
    assert!(paste_on(&s.bytes()), "bracketed paste is on while the lab runs");
    let before = s.contents();
    s.send("\x1b[200~llll\x1b[201~");
    thread::sleep(Duration::from_millis(300));
    assert_eq!(s.contents(), before, "the paste moved nothing");
    s.send("q");
    assert!(s.wait_exit().success());
    assert_paste_was_on_then_off(&s, "the lab's quit");
}
