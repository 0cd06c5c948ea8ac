//! `sightline fov` and `sightline bench`, run as a user runs them: the real binary, real files.

use std::path::Path;
use std::process::{Command, Output};

use sightline::map::{Map, generate};

#[path = "support/scratch.rs"]
mod scratch;
use scratch::scratch;

fn sightline(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sightline")).args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

/// Writes a plain-text map (rows only, default legend).
fn write_txt(dir: &Path, name: &str, rows: &[&str]) -> String {
    let path = dir.join(format!("{name}.txt"));
    std::fs::write(&path, rows.join("\n") + "\n").unwrap();
    path.to_string_lossy().into_owned()
}

fn write_map(dir: &Path, name: &str, map: &Map) -> String {
    let rows: Vec<String> =
        (0..map.height()).map(|y| map.tiles.row(y).iter().map(|t| t.glyph()).collect()).collect();
    write_txt(dir, name, &rows.iter().map(String::as_str).collect::<Vec<_>>())
}

/// A 9×5 room with one wall cell, `#` at (4,2), two cells east of the viewer's spot (2,2).
const ROOM: [&str; 5] = ["#########", "#.......#", "#...#...#", "#.......#", "#########"];

fn mask_rows(o: &Output) -> Vec<Vec<bool>> {
    assert!(o.status.success(), "{o:?}");
    stdout(o).lines().map(|l| l.chars().map(|c| c == '1').collect()).collect()
}

#[test]
fn mask_is_height_lines_of_width_binary_digits() {
    let dir = scratch("mask");
    let map = write_txt(&dir, "room", &ROOM);
    for at in ["2,2", "0,0", "8,4", "4,2"] {
        let o = sightline(&["fov", &map, "--at", at, "--mask"]);
        assert!(o.status.success(), "{o:?}");
        let text = stdout(&o);
        assert!(text.ends_with('\n'));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{text}");
        for l in &lines {
            assert_eq!(l.len(), 9, "{l:?}");
            assert!(l.chars().all(|c| c == '0' || c == '1'), "{l:?}");
        }
    }
}

#[test]
fn the_viewer_sees_its_own_cell_and_not_behind_a_wall() {
    let dir = scratch("behind");
    let map = write_txt(&dir, "room", &ROOM);
    for algo in ["multicast", "reference"] {
        let m = mask_rows(&sightline(&["fov", &map, "--at", "2,2", "--mask", "--algo", algo]));
        assert!(m[2][2], "{algo}: the viewer's own cell");
        // The wall faces the viewer; the cells straight behind it are on the line through its
        // centre, so its diamond blocks them.
        assert!(m[2][4], "{algo}: the wall itself");
        assert_eq!(m[2][5..], [false; 4], "{algo}: (5..=8, 2) are behind the wall");
        // Toward the row above, the segment from the viewer's centre to (x,1)'s passes the wall's
        // centre at a distance 2/(x-2) (its slope is below 1, so that is the nearest the segment
        // gets in the diamond's |dx|+|dy| measure): clear of the diamond (radius 1/2) up to x = 6,
        // through it from x = 7.
        assert!(m[1][1] && m[1][3] && m[3][3] && m[1][5], "{algo}");
        assert!(!m[1][7], "{algo}: (7,1) is shaded by the wall");
    }
}

#[test]
fn the_picture_blanks_unseen_cells_and_draws_the_viewer() {
    let dir = scratch("picture");
    let map = write_txt(&dir, "room", &ROOM);
    let o = sightline(&["fov", &map, "--at", "2,2"]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    // Row 2: the west wall, floor, the viewer, floor, the lit wall; the rest is hidden (trailing
    // blanks are trimmed).
    assert_eq!(lines[2], "#.@.#", "{text}");
    assert_eq!(&lines[1][..4], "#...", "{text}");
    assert_eq!(text.matches('@').count(), 1);
}

#[test]
fn a_radius_limits_the_view() {
    let dir = scratch("radius");
    let map = write_txt(&dir, "room", &ROOM);
    let m = mask_rows(&sightline(&["fov", &map, "--at", "1,1", "--mask", "--radius", "2"]));
    // Candidates: dx² + dy² <= 4.
    assert!(m[1][3] && m[3][1] && m[2][2]);
    assert!(!m[3][3], "(3,3) is at distance² 8");
    assert!(!m[1][4], "(4,1) is at distance² 9");
}

#[test]
fn multicast_and_reference_print_the_same_mask() {
    let dir = scratch("same");
    let mut maps: Vec<(String, usize, usize)> = Vec::new();
    let generated = [
        generate::cave(40, 30, 1),
        generate::rooms(48, 36, 2),
        generate::noise(30, 24, 30, 3),
        generate::diagonal_lines(36, 28, 4),
        generate::pillars(31, 25, 3),
        generate::gaps(40, 30, 5),
        generate::maze(41, 31, 6),
    ];
    for (i, m) in generated.iter().enumerate() {
        maps.push((write_map(&dir, &format!("generated{i}"), m), m.width(), m.height()));
    }
    // The bundled maps, when this checkout has them.
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    if let Ok(entries) = std::fs::read_dir(&bundled) {
        for e in entries.flatten() {
            let path = e.path();
            if path.extension().is_some_and(|x| x == "ron") {
                let m = sightline::map::format::load_path(&path).expect("bundled maps load");
                maps.push((path.to_string_lossy().into_owned(), m.width(), m.height()));
            }
        }
    }
    let mut views = 0;
    for (map, w, h) in &maps {
        // The reference is slow on large open views in a debug build: bound the big maps.
        let radius = if w * h > 2_500 { Some("12") } else { None };
        for (fx, fy) in [(1, 1), (2, 3), (1, 2), (3, 1), (5, 4)] {
            let at = format!("{},{}", w * fx / 6, h * fy / 5);
            let mut args = vec!["fov", map, "--at", &at, "--mask"];
            if let Some(r) = radius {
                args.extend(["--radius", r]);
            }
            let multicast = mask_rows(&sightline(&args));
            args.extend(["--algo", "reference"]);
            let reference = mask_rows(&sightline(&args));
            assert_eq!(multicast, reference, "{map} from {at}");
            views += 1;
        }
    }
    assert!(views >= 30, "{views} views");
}

#[test]
fn bad_arguments_exit_2_and_bad_maps_exit_1() {
    let dir = scratch("errors");
    let map = write_txt(&dir, "room", &ROOM);
    for at in ["9,2", "2,5", "-1,0"] {
        let o = sightline(&["fov", &map, "--at", at]);
        assert_eq!(o.status.code(), Some(2), "--at {at}: {o:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("outside the map") && err.contains(at), "{err}");
        assert!(o.stdout.is_empty());
    }
    for args in [
        vec!["fov", &map, "--at", "2,2", "--algo", "raycast"],
        vec!["fov", &map, "--at", "2"],
        vec!["fov", &map],
        vec!["fov", &map, "--at", "2,2", "--radius", "-3"],
        vec!["bench", &map, "--at", "2,2", "--iters", "0"],
    ] {
        assert_eq!(sightline(&args).status.code(), Some(2), "{args:?}");
    }
    let ragged = write_txt(&dir, "ragged", &["#####", "#..#", "#####"]);
    for args in [vec!["fov", &ragged, "--at", "1,1"], vec!["bench", &ragged, "--at", "1,1"]] {
        let o = sightline(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {o:?}");
        assert!(!o.stderr.is_empty());
    }
    let missing = dir.join("missing.ron");
    assert_eq!(sightline(&["fov", &missing.to_string_lossy(), "--at", "1,1"]).status.code(), Some(1));
}

/// A negative number given to an option that takes a number is that option's value, out of
/// its range: clap's error says so. (It read `--radius -1` as an unknown option `-1`, with a
/// tip, `--radius -- -1`, that did not work either.)
#[test]
fn a_negative_number_is_a_value_out_of_range() {
    let dir = scratch("negative");
    let map = write_txt(&dir, "room", &ROOM);
    for (args, said) in [
        (
            vec!["fov", &map, "--at", "2,2", "--radius", "-1"],
            "'-1' for '--radius <R>': -1 is not in 0..=4294967295",
        ),
        (
            vec!["fov", &map, "--radius", "-1", "--at", "2,2"],
            "'-1' for '--radius <R>': -1 is not in 0..=4294967295",
        ),
        (
            vec!["bench", &map, "--at", "2,2", "--radius", "-1"],
            "'-1' for '--radius <R>': -1 is not in 0..=4294967295",
        ),
        (
            vec!["bench", &map, "--at", "2,2", "--iters", "-5"],
            "'-5' for '--iters <N>': -5 is not in 1..=1000000",
        ),
        (
            vec!["fov", &map, "--at", "2,2", "--svg", "x.svg", "--zoom", "-2"],
            "'-2' for '--zoom <N>': -2 is not in 1..",
        ),
    ] {
        let o = sightline(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
    }
}

#[test]
fn bench_prints_one_line_per_algorithm_with_a_median() {
    let dir = scratch("bench");
    let map = write_txt(&dir, "room", &ROOM);
    let o = sightline(&["bench", &map, "--at", "2,2", "--iters", "5", "--radius", "4"]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let names: Vec<&str> = text
        .lines()
        .map(|l| {
            let (name, ns) = l.split_once(' ').unwrap_or_else(|| panic!("{l:?}"));
            assert!(ns.parse::<u64>().is_ok_and(|n| n > 0), "{l:?}");
            name
        })
        .collect();
    assert_eq!(names, ["multicast", "reference"]);
}

/// A view too large for the reference to answer in seconds (more than 128×128 cells) is not
/// timed by `bench`, which says so and names a radius that would be, and `fov --algo reference`
/// warns before it starts.
#[test]
fn the_reference_is_not_timed_on_views_too_large_for_it() {
    use sightline::fov::reference::candidate_cells;
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = scratch("bench-large");
    let row = ".".repeat(129);
    let map = write_txt(&dir, "open", &vec![row.as_str(); 129]);
    let o = sightline(&["bench", &map, "--at", "64,64", "--iters", "3"]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    assert!(text.starts_with("multicast ") && text.lines().count() == 1, "{text}");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(err.contains("reference not timed: the view has 16641 cells; past 16384"), "{err}");
    let r: u32 = err
        .split("--radius ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no radius named: {err}"));
    let at = sightline::Pos::new(64, 64);
    assert!(candidate_cells(129, 129, at, Some(r)) <= 16384, "{r}");
    assert!(candidate_cells(129, 129, at, Some(r + 1)) > 16384, "{r}");
    // Within the limit both are timed, with nothing said.
    let o = sightline(&["bench", &map, "--at", "64,64", "--iters", "1", "--radius", "20"]);
    assert_eq!(stdout(&o).lines().count(), 2, "{o:?}");
    assert!(o.stderr.is_empty(), "{o:?}");

    // `fov` does what it is asked, after a warning (read here, then the long run stopped).
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sightline"))
        .args(["fov", &map, "--at", "64,64", "--algo", "reference", "--mask"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap()).read_line(&mut line).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.starts_with("sightline: this will take a while (Ctrl-C stops it): the view has 16641"),
        "{line}"
    );
}
