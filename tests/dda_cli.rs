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
