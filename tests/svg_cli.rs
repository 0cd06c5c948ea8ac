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

/// A map's name reaches the picture's title whatever it holds: from a RON map's `name`, or
/// from a text map's file name. Characters XML 1.0 forbids (and the terminal controls it
/// discourages) come out as U+FFFD, so the file still parses as XML.
#[test]
fn names_xml_forbids_give_pictures_that_parse() {
    let dir = temp("unfit-names");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ron = dir.join("nul.ron");
    std::fs::write(&ron, "(name: \"a\\u{0}b\\u{1b}[2J\\u{9b}c\", rows: [\"#@#\"])\n").unwrap();
    // A plain-text map is named after its file.
    let txt = dir.join("esc\u{1b}]0;title\u{7}.txt");
    std::fs::write(&txt, "#@#\n").unwrap();
    for (map, title) in [(&ron, "a\u{FFFD}b\u{FFFD}[2J\u{FFFD}c"), (&txt, "esc\u{FFFD}]0;title\u{FFFD}")] {
        let out = dir.join("out.svg");
        let run = sightline(&["fov", map.to_str().unwrap(), "--at", "1,0", "--svg", out.to_str().unwrap()]);
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        let doc = std::fs::read_to_string(&out).unwrap();
        // XML 1.0's `Char`, less the C1 controls (and DEL) it allows but discourages.
        let unfit: Vec<char> = doc
            .chars()
            .filter(|&c| {
                !matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{7E}' | '\u{A0}'..='\u{D7FF}')
                    && !matches!(c, '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
            })
            .collect();
        assert!(unfit.is_empty(), "{}: {unfit:?}", map.display());
        assert!(doc.contains(&format!("<title>{title}: field of view from 1,0")), "{doc}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
