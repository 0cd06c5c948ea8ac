//! Every subcommand that prints, when its output cannot be written: a reader that closed the
//! pipe early (`sightline fov ... | head`) is no error of ours (exit 0), a full disk is one
//! (exit 1 and a message), and neither is a panic.

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
