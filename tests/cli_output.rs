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
        // (help and version are printed output too: clap's own printing ignored a full disk)
        vec!["--help"],
        vec!["--version"],
        vec!["check", "--help"],
        vec!["help", "fov"],
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

/// Runs the commands that name a file in their messages — `check` on a map that exists (`valid`)
/// and on one that does not (`missing`), `fov` with the viewer off that map, and `fov --svg`
/// into a directory that does not exist (`svg_dir`) — each checked for a panic; returns each
/// command's arguments and everything it wrote, stdout then stderr.
#[cfg(unix)]
fn commands_naming(tag: &str, valid: &str, missing: &str, svg_dir: &str) -> Vec<(Vec<String>, Vec<Vec<u8>>)> {
    let dir = std::env::temp_dir().join(format!("sightline-cli-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let valid = dir.join(valid);
    std::fs::copy(DUNGEON, &valid).unwrap();
    let name = |p: std::path::PathBuf| p.to_str().unwrap().to_string();
    let (valid, missing, svg) =
        (name(valid), name(dir.join(missing)), name(dir.join(svg_dir).join("out.svg")));
    let runs = [
        vec!["check", &valid],
        vec!["check", &missing],
        vec!["fov", &valid, "--at", "999,999"],
        vec!["fov", &valid, "--at", "3,3", "--svg", &svg],
    ]
    .into_iter()
    .map(|args| {
        let out = Command::new(env!("CARGO_BIN_EXE_sightline")).args(&args).output().unwrap();
        no_panic(&args, &out.stderr);
        (args.iter().map(|a| a.to_string()).collect(), vec![out.stdout, out.stderr])
    })
    .collect();
    std::fs::remove_dir_all(&dir).unwrap();
    runs
}

#[cfg(unix)]
#[test]
fn a_file_name_with_an_escape_sequence_is_never_written_raw() {
    let runs =
        commands_naming("names", "red\u{1b}[31m.ron", "gone\u{1b}]0;title\u{7}.ron", "no\u{1b}[2J-dir");
    for (args, streams) in runs {
        for bytes in &streams {
            assert!(!bytes.contains(&0x1b) && !bytes.contains(&0x07), "{args:?}: raw control: {bytes:?}");
        }
        let text = streams.iter().map(|b| String::from_utf8_lossy(b)).collect::<String>();
        assert!(text.contains('\u{FFFD}'), "{args:?}: the name is shown, with U+FFFD: {text}");
    }
}

/// A newline in a file name must not start a line of its own: every message naming the file
/// keeps it on one line (a name could otherwise forge a line of output, `fake: 0 problems`).
#[cfg(unix)]
#[test]
fn a_file_name_with_a_newline_stays_on_its_message_s_line() {
    let fake = "\nfake: 0 problems";
    let runs = commands_naming(
        "newline",
        &format!("nl{fake}.ron"),
        &format!("gone{fake}.ron"),
        &format!("dir{fake}"),
    );
    for (args, streams) in runs {
        let text = streams.iter().map(|b| String::from_utf8_lossy(b)).collect::<String>();
        assert!(!text.lines().any(|l| l.starts_with("fake")), "{args:?}: a forged line: {text}");
        assert!(text.contains("\u{FFFD}fake"), "{args:?}: the name is shown, with U+FFFD: {text}");
    }
}
