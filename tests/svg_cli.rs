//! `sightline fov ... --svg FILE` writes the picture the library draws: the committed docs
//! pictures come out of the command byte for byte.

use std::path::PathBuf;
use std::process::Command;

fn sightline(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sightline"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run sightline")
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sightline-svg-cli-{}-{name}", std::process::id()))
}

#[test]
fn the_command_writes_the_committed_docs_pictures() {
    for (name, args) in [
        ("pillar-shadows.svg", &["maps/pillars.ron", "--at", "30,13", "--radius", "30"][..]),
        ("diagonal-gaps.svg", &["maps/diagonals.ron", "--at", "3,12", "--radius", "40"][..]),
        (
            "diamonds-and-seals.svg",
            &[
                "maps/diagonals.ron",
                "--at",
                "9,12",
                "--radius",
                "40",
                "--diamonds",
                "--crop",
                "7,6",
                "24,20",
                "--zoom",
                "2",
            ][..],
        ),
        (
            "multicast-internals.svg",
            &["maps/pillars.ron", "--at", "22,13", "--radius", "16", "--internals"][..],
        ),
    ] {
        let out = temp(name);
        let mut all = vec!["fov"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--svg", out.to_str().unwrap()]);
        let run = sightline(&all);
        assert!(run.status.success(), "{name}: {}", String::from_utf8_lossy(&run.stderr));
        assert!(run.stdout.is_empty(), "the picture goes to the file, not stdout");
        let written = std::fs::read_to_string(&out).unwrap();
        let committed =
            std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs").join(name))
                .unwrap();
        assert!(written == committed, "docs/{name} differs from what the command writes");
        std::fs::remove_file(out).unwrap();
    }
}

#[test]
fn the_layers_need_svg_and_bad_outputs_are_reported() {
    let run = sightline(&["fov", "maps/pillars.ron", "--at", "2,13", "--internals"]);
    assert_eq!(run.status.code(), Some(2));
    let run = sightline(&["fov", "maps/pillars.ron", "--at", "2,13", "--mask", "--svg", "x.svg"]);
    assert_eq!(run.status.code(), Some(2));
    let run = sightline(&["fov", "maps/pillars.ron", "--at", "2,13", "--svg", "/no/such/dir/x.svg"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("/no/such/dir/x.svg"));
}
