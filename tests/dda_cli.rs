//! The `line` command end to end: its output is `cells(A, B)`, negative coordinates included.

use std::process::Command;

use sightline::{Pos, dda};

fn sightline(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sightline")).args(args).output().unwrap()
}

#[test]
fn line_prints_the_walk_one_cell_per_line() {
    let out = sightline(&["line", "-3,5", "2,-1"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let want: String =
        dda::cells(Pos::new(-3, 5), Pos::new(2, -1)).map(|p| format!("{},{}\n", p.x, p.y)).collect();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), want);
    // Reading it back: first and last are the arguments.
    let out = sightline(&["line", "0,0", "3,1"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "0,0\n1,0\n2,1\n3,1\n");
}

#[test]
fn line_rejects_bad_positions_with_the_usage_code() {
    for args in
        [&["line", "1,2"][..], &["line", "1,2", "3"], &["line", "a,b", "1,1"], &["line", "1,2", "3,4", "5,6"]]
    {
        let out = sightline(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(!out.stderr.is_empty());
    }
}

fn temp_map(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("sightline-dda-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

const ROOM: &str = "#######\n#.....#\n#..#..#\n#.....#\n#######\n";

#[test]
fn los_draws_the_walk_and_names_the_blocker() {
    let map = temp_map("room.txt", ROOM);
    let map = map.to_str().unwrap();
    let out = sightline(&["los", map, "--from", "1,2", "--to", "5,2"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "#######\n#.....#\n#A*X*B#\n#.....#\n#######\nblocked at 3,2\n"
    );
    // Along the row above the pillar: clear.
    let out = sightline(&["los", map, "--from", "1,1", "--to", "5,1"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "#######\n#A***B#\n#..#..#\n#.....#\n#######\nclear\n"
    );
    // A slanted line: the walk is dda::cells, the verdict dda::line_of_sight.
    let out = sightline(&["los", map, "--from", "1,1", "--to", "5,2"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let walk: Vec<Pos> = dda::cells(Pos::new(1, 1), Pos::new(5, 2)).collect();
    for (y, row) in text.lines().take(5).enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let p = Pos::new(x as i32, y as i32);
            assert_eq!(walk.contains(&p), "AB*X".contains(ch), "{p} drawn as {ch:?}\n{text}");
        }
    }
    let world =
        |p: Pos| ROOM.lines().nth(p.y as usize).and_then(|r| r.chars().nth(p.x as usize)) != Some('.');
    let verdict =
        if dda::line_of_sight(Pos::new(1, 1), Pos::new(5, 2), &world) { "clear" } else { "blocked at" };
    assert!(text.lines().last().unwrap().starts_with(verdict), "{text}");
}

/// From a cell to itself: the cell is marked as the viewer, `A`, and the line is clear, as
/// `--help` says (LOS is blocked by no cell but the two ends, so even from inside a wall).
#[test]
fn los_from_a_cell_to_itself_marks_the_viewer_and_is_clear() {
    let map = temp_map("self.txt", ROOM);
    let map = map.to_str().unwrap();
    let out = sightline(&["los", map, "--from", "2,1", "--to", "2,1"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "#######\n#.A...#\n#..#..#\n#.....#\n#######\nclear\n"
    );
    let out = sightline(&["los", map, "--from", "3,2", "--to", "3,2"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "#######\n#.....#\n#..A..#\n#.....#\n#######\nclear\n"
    );
    let help = sightline(&["los", "--help"]);
    assert!(String::from_utf8(help.stdout).unwrap().contains("the same cell, it is marked A"));
}

#[test]
fn los_exit_codes() {
    let map = temp_map("room2.txt", ROOM);
    let map = map.to_str().unwrap();
    let out = sightline(&["los", map, "--from", "-1,2", "--to", "5,2"]);
    assert_eq!(out.status.code(), Some(2));
    // Named as `fov` names it: the file and the ranges a cell must be in.
    let (w, h) = (ROOM.lines().next().unwrap().len(), ROOM.lines().count());
    let expected = format!(
        "--from -1,2 is outside the map {map} ({w}x{h}: x from 0 to {}, y from 0 to {})",
        w - 1,
        h - 1
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(&expected),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = sightline(&["los", map, "--from", "1,1", "--to", "5,99"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--to 5,99 is outside the map"));
    let bad = temp_map("bad.ron", "(name: \"x\", rows: [\"#?#\"], nonsense: 1)");
    let out = sightline(&["los", bad.to_str().unwrap(), "--from", "0,0", "--to", "1,0"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty() && !out.stderr.is_empty());
    let out = sightline(&["los", map, "--from", "1,1"]);
    assert_eq!(out.status.code(), Some(2));
}
