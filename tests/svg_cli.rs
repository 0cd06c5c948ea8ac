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

/// A `side`×`side` room: floor, walled round.
fn room(side: usize) -> String {
    let mut text = String::with_capacity((side + 1) * side);
    for y in 0..side {
        for x in 0..side {
            let wall = x == 0 || y == 0 || x == side - 1 || y == side - 1;
            text.push(if wall { '#' } else { '.' });
        }
        text.push('\n');
    }
    text
}

/// The names in `dir`, sorted.
fn names_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A picture of more cells than the limit (half a million) is refused, with the number of cells
/// and the way out (`--crop`), before anything is written: no file appears, and one already at
/// the path is left as it was. It used to be drawn whole, in memory: a 4096×4096 map took 1.8 GB
/// and wrote 1.66 GB. A crop within the limit is drawn.
#[test]
fn a_picture_of_too_many_cells_is_refused_and_a_crop_is_drawn() {
    let dir = temp("too-many-cells");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.txt");
    std::fs::write(&big, room(708)).unwrap(); // 501,264 cells
    let big = big.to_str().unwrap();
    let new = dir.join("new.svg");
    let kept = dir.join("kept.svg");
    std::fs::write(&kept, "an older picture\n").unwrap();
    for (out, layers) in [(&new, &[][..]), (&kept, &["--diamonds", "--internals"][..])] {
        let mut args = vec!["fov", big, "--at", "1,1", "--svg", out.to_str().unwrap()];
        args.extend_from_slice(layers);
        let run = sightline(&args);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("708x708 cells (501264)"), "{stderr}");
        assert!(stderr.contains("more than the 500000 cells"), "{stderr}");
        assert!(stderr.contains("--crop X0,Y0 X1,Y1"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    assert!(!new.exists(), "no file for a refused picture");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "an older picture\n", "left as it was");
    assert_eq!(names_in(&dir), ["big.txt", "kept.svg"], "nothing else written");
    // The limit counts the cells shown: a crop of 708×707 is one row over, 708×706 within.
    let run =
        sightline(&["fov", big, "--at", "1,1", "--svg", new.to_str().unwrap(), "--crop", "0,0", "707,706"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("708x707 cells (500556)"));
    assert!(!new.exists());
    for out in [&new, &kept] {
        let run = sightline(&[
            "fov",
            big,
            "--at",
            "1,1",
            "--svg",
            out.to_str().unwrap(),
            "--crop",
            "0,0",
            "707,705",
            "--diamonds",
        ]);
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        let doc = std::fs::read_to_string(out).unwrap();
        assert!(doc.starts_with("<svg") && doc.ends_with("</svg>\n") && doc.contains("clip-path"));
    }
    assert_eq!(names_in(&dir), ["big.txt", "kept.svg", "new.svg"], "no temporary file left");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A full disk is reported, not a panic: the picture streamed into `/dev/full` fails on its
/// first write. The device is written to as it is (the picture of a regular file goes through a
/// temporary file renamed over it; a device must not be replaced so, least of all as root).
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_reported_and_a_device_is_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let run = sightline(&["fov", "maps/pillars.ron", "--at", "30,13", "--svg", "/dev/full", "--internals"]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("sightline: cannot write /dev/full: No space left on device"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let full = std::fs::symlink_metadata("/dev/full").unwrap();
    assert!(full.file_type().is_char_device(), "/dev/full is still the device");
}

/// A write that fails part way (here the file size limit, `ulimit -f`, which fails a write as a
/// full disk does, with the signal it sends ignored) leaves no partial picture at the path: the
/// picture goes to a temporary file beside it, removed on the error, and replaces the file at
/// the path only once whole. It used to be written in place: the first 20,000 bytes of a picture
/// stayed behind, or replaced the older picture there.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_leaves_no_partial_picture() {
    use std::os::unix::process::CommandExt;
    let dir = temp("failed-write");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let new = dir.join("new.svg");
    let kept = dir.join("kept.svg");
    std::fs::write(&kept, "an older picture\n").unwrap();
    for out in [&new, &kept] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_sightline"));
        command.args(["fov", "maps/pillars.ron", "--at", "30,13", "--radius", "30", "--svg"]);
        command.arg(out).current_dir(env!("CARGO_MANIFEST_DIR"));
        // SAFETY: setrlimit and signal are async-signal-safe, and touch only the child.
        unsafe {
            command.pre_exec(|| {
                let limit = libc::rlimit { rlim_cur: 20_000, rlim_max: libc::RLIM_INFINITY };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
                Ok(())
            });
        }
        let run = command.output().expect("run sightline");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(&format!("cannot write {}: File too large", out.display())), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    assert!(!new.exists(), "no partial picture");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "an older picture\n", "left as it was");
    assert_eq!(names_in(&dir), ["kept.svg"], "no temporary file left");
    std::fs::remove_dir_all(dir).unwrap();
}
