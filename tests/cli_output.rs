//! Every subcommand that prints, when its output cannot be written: a reader that closed the
//! pipe early (`sightline fov ... | head`) is no error of ours (exit 0), a full disk is one
//! (exit 1 and a message), and neither is a panic. A stderr that cannot be written loses the
//! messages but not the exit status; and a file name with control characters in it is never
//! written raw, to either stream.

use std::process::{Command, Stdio};

const DUNGEON: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/dungeon.ron");

/// The commands, each printing something (the map drawn, a summary, timings, cells).
fn commands() -> Vec<Vec<&'static str>> {
    vec![
        vec!["fov", DUNGEON, "--at", "3,3"],
        vec!["fov", DUNGEON, "--at", "3,3", "--mask"],
        vec!["check", DUNGEON, DUNGEON],
        vec!["bench", DUNGEON, "--at", "3,3", "--iters", "1"],
        vec!["line", "0,0", "900,-40"],
        vec!["los", DUNGEON, "--from", "3,3", "--to", "9,4"],
    ]
}

fn no_panic(args: &[&str], stderr: &[u8]) {
    let err = String::from_utf8_lossy(stderr);
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    for args in commands() {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sightline"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // Close the only read end before the command writes anything.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        no_panic(&args, &out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_with_a_message() {
    for args in commands() {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full on Linux");
        let out = Command::new(env!("CARGO_BIN_EXE_sightline")).args(&args).stdout(full).output().unwrap();
        no_panic(&args, &out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("cannot write the output: No space left on device"), "{args:?}: {err}");
    }
}

/// Commands that write to stderr, and the status each must keep: an invalid map (1), a valid one
/// with warnings (0), a viewer off the map (2), a missing file (1).
fn complaining_commands() -> Vec<(Vec<&'static str>, i32)> {
    let bad = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/bad.ron");
    let diagonal = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/diagonal.txt");
    vec![
        (vec!["check", bad], 1),
        (vec!["check", diagonal], 0),
        (vec!["fov", DUNGEON, "--at", "999,999"], 2),
        (vec!["fov", "/nonexistent/map.ron", "--at", "1,1"], 1),
        (vec!["los", bad, "--from", "1,1", "--to", "2,2"], 1),
        (vec!["--load", "/nonexistent/save.ron"], 1),
    ]
}

#[cfg(target_os = "linux")]
#[test]
fn a_stderr_that_cannot_be_written_keeps_the_exit_status() {
    for (args, code) in complaining_commands() {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full on Linux");
        let status = Command::new(env!("CARGO_BIN_EXE_sightline"))
            .args(&args)
            .stdout(Stdio::null())
            .stderr(full)
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(code), "{args:?} (101 is a panic)");
    }
    // A reader of stderr that has gone: the same.
    for (args, code) in complaining_commands() {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sightline"))
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stderr.take());
        assert_eq!(child.wait().unwrap().code(), Some(code), "{args:?} (101 is a panic)");
    }
}

#[cfg(unix)]
#[test]
fn a_file_name_with_an_escape_sequence_is_never_written_raw() {
    let dir = std::env::temp_dir().join(format!("sightline-cli-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let valid = dir.join("red\u{1b}[31m.ron");
    std::fs::copy(DUNGEON, &valid).unwrap();
    let valid = valid.to_str().unwrap();
    let missing = dir.join("gone\u{1b}]0;title\u{7}.ron");
    let missing = missing.to_str().unwrap();
    let svg = dir.join("no-such-dir").join("out\u{1b}[2J.svg");
    let svg = svg.to_str().unwrap();
    for args in [
        vec!["check", valid],
        vec!["check", missing],
        vec!["fov", valid, "--at", "999,999"],
        vec!["fov", valid, "--at", "3,3", "--svg", svg],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_sightline")).args(&args).output().unwrap();
        no_panic(&args, &out.stderr);
        for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
            assert!(
                !bytes.contains(&0x1b) && !bytes.contains(&0x07),
                "{args:?}: raw control in {stream}: {bytes:?}"
            );
        }
        let text = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
        assert!(text.contains('\u{FFFD}'), "{args:?}: the name is shown, with U+FFFD: {text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A newline in a file name must not start a line of its own: every message naming the file
/// keeps it on one line (a name could otherwise forge a line of output, `fake: 0 problems`).
#[cfg(unix)]
#[test]
fn a_file_name_with_a_newline_stays_on_its_message_s_line() {
    let dir = std::env::temp_dir().join(format!("sightline-cli-newline-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let valid = dir.join("nl\nfake: 0 problems.ron");
    std::fs::copy(DUNGEON, &valid).unwrap();
    let valid = valid.to_str().unwrap();
    let missing = dir.join("gone\nfake: 0 problems.ron");
    let missing = missing.to_str().unwrap();
    let svg = dir.join("no-such-dir\nfake: 0 problems").join("out.svg");
    let svg = svg.to_str().unwrap();
    for args in [
        vec!["check", valid],
        vec!["check", missing],
        vec!["fov", valid, "--at", "999,999"],
        vec!["fov", valid, "--at", "3,3", "--svg", svg],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_sightline")).args(&args).output().unwrap();
        no_panic(&args, &out.stderr);
        for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
            let text = String::from_utf8_lossy(bytes);
            assert!(
                !text.lines().any(|l| l.starts_with("fake")),
                "{args:?}: a forged line on {stream}: {text}"
            );
        }
        let text = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
        assert!(
            text.contains("nl\u{FFFD}fake")
                || text.contains("gone\u{FFFD}fake")
                || text.contains("dir\u{FFFD}fake"),
            "{args:?}: the name is shown, with U+FFFD: {text}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
