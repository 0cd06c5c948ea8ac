//! `sightline check`, run as the real binary: summaries, located problems, warnings, exit codes.

use std::process::{Command, Output};

fn check(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sightline"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("check")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn valid_maps_get_one_summary_line_each_and_exit_0() {
    let out = check(&["tests/maps/valid.ron", "tests/maps/valid.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "tests/maps/valid.ron: \"Fixture Hall\" 10x6, player at 1,1, 5 monsters, 3 items, sight radius 9\n\
         tests/maps/valid.txt: \"valid\" 5x4, player at 1,1, 1 monster, 1 item\n"
    );
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn an_invalid_map_gets_all_its_problems_and_exit_1() {
    let out = check(&["tests/maps/valid.ron", "tests/maps/bad.ron"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("tests/maps/valid.ron: \"Fixture Hall\""), "{stdout}");
    assert!(!stdout.contains("bad.ron"), "{stdout}");
    let stderr = text(&out.stderr);
    for expected in [
        "tests/maps/bad.ron:5:12: unknown glyph 'X'",
        "5 |         \"#@X.#\",\n  |            ^\n",
        "tests/maps/bad.ron:6:9: the row at y=2 is 6 cells wide, but the other rows are 5",
        "tests/maps/bad.ron:6:13: a second player start, at 3,2",
        "tests/maps/bad.ron: 3 problems",
    ] {
        assert!(stderr.contains(expected), "missing {expected:?} in\n{stderr}");
    }
}

#[test]
fn a_syntax_error_is_located_with_a_caret() {
    let out = check(&["tests/maps/syntax.ron"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("tests/maps/syntax.ron:3:5: "), "{stderr}");
    assert!(stderr.contains("3 |     autor: \"typo\",\n  |     ^\n"), "{stderr}");
}

#[test]
fn no_map_is_a_usage_error() {
    let out = check(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("MAP"), "{}", text(&out.stderr));
}

#[test]
fn an_unreadable_file_is_named_and_exits_1() {
    let out = check(&["tests/maps/no-such-map.ron"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("tests/maps/no-such-map.ron: cannot read"),
        "{}",
        text(&out.stderr)
    );
    let out = check(&["tests/maps"]);
    assert_eq!(out.status.code(), Some(1), "a directory is not a map");
    assert!(text(&out.stderr).starts_with("tests/maps: cannot read"), "{}", text(&out.stderr));
}

#[test]
fn binary_garbage_is_an_invalid_map_not_a_crash() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("garbage.ron");
    std::fs::write(&path, b"(name: \"\xC3\x28\", rows: [\"#\"])").unwrap();
    let out = check(&[path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains(":1:9: the file is not UTF-8 text: byte 0xC3 at byte offset 8"), "{stderr}");
}

#[test]
fn thin_diagonal_walls_are_warned_about_without_failing() {
    let out = check(&["tests/maps/diagonal.txt"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "tests/maps/diagonal.txt: \"diagonal\" 5x5, no player start, 0 monsters, 0 items\n"
    );
    let stderr = text(&out.stderr);
    // cells (2,1) and (1,2) touch at a corner with floor at (1,1) and (2,2); (2,1) is line 2, column 3
    assert!(
        stderr
            .starts_with("tests/maps/diagonal.txt:2:3: warning: thin diagonal wall: 2,1 and 1,2 touch only"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    // in a RON map the warning points into the row literal: in `    "\".#",` the `\"` takes two
    // columns, so cell (2,0) is in column 9
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("diagonal.ron");
    std::fs::write(&path, "(\n  name: \"d\",\n  rows: [\n    \"\\\".#\",\n    \".#.\",\n  ],\n)\n").unwrap();
    let out = check(&[path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("diagonal.ron:4:9: warning: thin diagonal wall: 2,0 and 1,1"), "{stderr}");
    let out = check(&["--no-warnings", "tests/maps/diagonal.txt"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn help_is_available() {
    let out = check(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("--no-warnings"));
}

#[test]
fn the_readme_shows_the_real_output() {
    let out = check(&["tests/maps/valid.ron", "tests/maps/bad.ron"]);
    let shown = format!("{}{}", text(&out.stdout), text(&out.stderr));
    let readme = include_str!("../README.md");
    assert!(readme.contains(&shown), "update the README's error example to:\n{shown}");
}

#[test]
fn every_bundled_map_checks_clean() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut maps: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .map(|p| format!("maps/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    maps.sort();
    assert!(maps.len() >= 6, "{maps:?}");
    let args: Vec<&str> = maps.iter().map(String::as_str).collect();
    let out = check(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), maps.len(), "{stdout}");
    for (line, map) in stdout.lines().zip(&maps) {
        assert!(line.starts_with(&format!("{map}: \"")) && line.contains(", player at "), "{line}");
    }
    // only the map that shows off diagonal gaps has thin diagonal walls
    for line in text(&out.stderr).lines() {
        assert!(line.starts_with("maps/diagonals.ron:"), "unexpected warning: {line}");
    }
}

/// `sightline ARGS...` from the project's directory, with no input.
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sightline"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs")
}

/// A subcommand after the game's options (`sightline --seed 1 fov …`) is named as the
/// subcommand it is, not played as a map called `fov`, while a value that spells one
/// (`--save fov`) stays a value.
#[test]
fn a_subcommand_after_the_game_s_options_is_named() {
    for (args, word, options) in [
        (&["--seed", "1", "fov", "maps/cave.ron", "--at", "3,3"][..], "fov", "`--seed`"),
        (&["--seed=1", "line", "0,0", "1,1"][..], "line", "`--seed`"),
        (&["--save", "x.ron", "--seed", "2", "check"][..], "check", "`--save`, `--seed`"),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        let said = format!("the subcommand `{word}` must come first: the options before it ({options})");
        assert!(
            err.contains(&said) && err.contains(&format!("`sightline {word} --help`")),
            "{args:?}: {err}"
        );
    }
    // A value that spells a subcommand is a value: here the save file, so the game starts (and
    // wants a terminal).
    let out = run(&["--save", "fov", "maps/cave.ron"]);
    assert!(text(&out.stderr).contains("needs a terminal"), "{}", text(&out.stderr));
    // Help is help, whatever follows it.
    let out = run(&["--help", "fov"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("A terminal roguelike"), "{}", text(&out.stdout));
}

/// A mistyped subcommand is named as one, not read as a map that does not exist (or, with more
/// words, reported as clap's conflict between a map and a subcommand).
#[test]
fn a_mistyped_subcommand_is_suggested() {
    for (args, meant) in [
        (&["chekc", "maps/cave.ron"][..], "check"),
        (&["fvo"][..], "fov"),
        (&["lien", "0,0", "1,1"][..], "line"),
        (&["hepl"][..], "help"),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(&format!("did you mean `sightline {meant}`?")), "{args:?}: {err}");
    }
    // A word far from every subcommand that names a file (a `.` or a `/` in it) is a map that
    // cannot be read, as before.
    for map in ["no-such-map.ron", "maps/no-such-map"] {
        let out = run(&[map]);
        assert_eq!(out.status.code(), Some(1));
        assert!(text(&out.stderr).contains(&format!("{map}: cannot read")), "{}", text(&out.stderr));
    }
}

/// A bare word far from every subcommand, and no file of that name, is named as neither, with
/// the subcommands listed. (`sightline view map.ron` gave clap's "unexpected argument
/// 'map.ron'" and the game's usage; `sightline view`, "view: cannot read".)
#[test]
fn an_unknown_word_is_neither_a_subcommand_nor_a_file() {
    for args in [&["view", "maps/pillars.ron"][..], &["view"][..], &["zzz", "--at", "1,1"][..]] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        let said =
            format!("sightline: `{}` is neither a subcommand nor a file; the subcommands are", args[0]);
        assert!(err.starts_with(&said), "{args:?}: {err}");
        assert!(err.contains("`fov`, `line`, `los`, `bench`, `lab`"), "{args:?}: {err}");
    }
}

/// A rows-only map read as RON (`rows.ron`, `doors.map`) leads with what the file looks like
/// and how to fix it, located as every map error is, and not with ron's words about an
/// `#![enable(...)]` attribute.
#[test]
fn plain_rows_read_as_ron_lead_with_what_the_file_is() {
    for name in ["rows.ron", "doors.map"] {
        let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
        std::fs::write(&path, "#######\n#@..+>#\n#######\n").unwrap();
        let shown = path.to_str().unwrap();
        let out = check(&[shown]);
        assert_eq!(out.status.code(), Some(1));
        let stderr = text(&out.stderr);
        assert!(
            stderr.starts_with(&format!(
                "{shown}:1:1: the file looks like a plain-text map (rows of glyphs, one a line), but \
                 it is read as RON, as every map file not named `.txt` is: name it `.txt`"
            )),
            "{stderr}"
        );
        assert!(!stderr.contains("enable("), "{stderr}");
    }
}

/// A map given to `--load` is named as a map, with the command that plays it; a save given as
/// a map (to play or to check) is named as a save, with the command that resumes it.
#[test]
fn a_map_for_a_save_and_a_save_for_a_map_are_named() {
    let out = run(&["--load", "maps/dungeon.ron"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "sightline: cannot resume: maps/dungeon.ron is a map, not a save: play it with \
         `sightline maps/dungeon.ron`\n"
    );
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let save = dir.join("a save.ron");
    let map = sightline::map::format::parse_text("#####\n#@.>#\n#####\n", "hall.txt").unwrap();
    sightline::game::save::save(&sightline::game::GameState::new(map, 1).unwrap(), &save).unwrap();
    // (QA: a save named `.txt` is named a save as well, not a RON map to be named `.ron`)
    let save_txt = dir.join("a save.txt");
    std::fs::copy(&save, &save_txt).unwrap();
    for save in [&save, &save_txt] {
        let shown = save.to_str().unwrap();
        let resume = format!("resume it with `sightline --load '{shown}'`");
        for args in [vec!["check", shown], vec![shown]] {
            let out = run(&args);
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            let stderr = text(&out.stderr);
            assert!(
                stderr.starts_with(&format!("{shown}:2:5: the file is a saved game, not a map: {resume}\n")),
                "{args:?}: {stderr}"
            );
        }
    }
}

/// QA: `--load README.md` said the README "is a map" (it has a `rows:` in it), and `--load
/// rows.ron` (plain rows) said "play it with `sightline rows.ron`", which then failed. Only a
/// file `sightline FILE` loads is called a map; plain rows not named `.txt` are told to be
/// named so, and then play; anything else is not a save, in words about saves, not ron's.
#[test]
fn only_a_file_that_plays_is_called_a_map_by_load() {
    let out = run(&["--load", "README.md"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    // (at the line and column where it stops being a save: its first line, a heading)
    assert!(stderr.starts_with("sightline: cannot resume: README.md: not a sightline save: 1:"), "{stderr}");
    assert!(stderr.contains(": a save is the file sightline writes when a game is saved (`S`)"), "{stderr}");
    assert!(!stderr.contains("is a map") && !stderr.contains("play it"), "{stderr}");

    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("load-rows");
    std::fs::create_dir_all(&dir).unwrap();
    let rows = dir.join("rows.ron");
    std::fs::write(&rows, "#####\n#@.>#\n#####\n").unwrap();
    let shown = rows.to_str().unwrap();
    let out = run(&["--load", shown]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "sightline: cannot resume: {shown}: not a sightline save: it is a plain-text map (rows of \
             glyphs, one a line), but a map file not named `.txt` is read as RON: name it `.txt` to play it\n"
        )
    );
    // followed, the advice works (checked rather than played: play needs a terminal)
    let txt = dir.join("rows.txt");
    std::fs::copy(&rows, &txt).unwrap();
    let out = check(&[txt.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));

    for (name, contents) in [("empty.ron", ""), ("Cargo.toml", "[package]\nname = \"x\"\n")] {
        let path = dir.join(name);
        std::fs::write(&path, contents).unwrap();
        let shown = path.to_str().unwrap();
        let stderr = text(&run(&["--load", shown]).stderr);
        assert!(
            stderr.starts_with(&format!("sightline: cannot resume: {shown}: not a sightline save: 1:1: ")),
            "{stderr}"
        );
        assert!(!stderr.contains("struct") && !stderr.contains("Expected"), "{stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every subcommand that reads a map says what a map file may be in the same words.
#[test]
fn every_map_argument_is_described_alike() {
    for command in ["fov", "bench", "los", "check", "lab", "play"] {
        let out = run(&[command, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{command}");
        let help = text(&out.stdout);
        let map =
            help.lines().find(|l| l.trim_start().starts_with("<MAP>") || l.trim_start().starts_with("[MAP]"));
        assert!(map.is_some_and(|l| l.contains("(`.ron`, or `.txt` for plain rows)")), "{command}: {help}");
    }
}

/// QA: `sightline --save mycave.ron` played, and `S` replaced the map with a save. A `--save`
/// that names something other than a save is refused before play (before the terminal is
/// needed), the file left as it was; one that names nothing yet, or a save, is not.
#[test]
fn a_save_over_something_else_is_refused_before_play() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("save-over-a-map");
    std::fs::create_dir_all(&dir).unwrap();
    let map = dir.join("mycave.ron");
    let cave = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/maps/cave.ron")).unwrap();
    std::fs::write(&map, &cave).unwrap();
    let shown = map.to_str().unwrap();
    let out = run(&["--save", shown]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "sightline: cannot save to {shown}: it is a map, and a save replaces only a save: name \
             another file with --save FILE\n"
        )
    );
    assert_eq!(std::fs::read_to_string(&map).unwrap(), cave, "left as it was");
    // A new file, or a save, passes that check: the game then only wants a terminal.
    for target in [dir.join("new.ron"), dir.join("old-save.ron")] {
        if target.ends_with("old-save.ron") {
            std::fs::write(&target, "(format: 2, game: (").unwrap();
        }
        let out = run(&["--save", target.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains("needs a terminal"), "{}", text(&out.stderr));
    }
}

/// A map file in a fresh scratch directory of the test target's, for `check` to read.
fn scratch_map(test: &str, file: &str, contents: &str) -> std::path::PathBuf {
    let dir =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(file);
    std::fs::write(&path, contents).unwrap();
    path
}

/// QA: a tab in a map's name was printed raw by the summary, where it jumps to the next tab
/// stop (and the game dropped it): a name is shown on one line, with a tab as a space.
#[test]
fn a_tab_in_a_map_s_name_is_summarised_as_a_space() {
    let path = scratch_map(
        "tab-name",
        "tab.ron",
        "(name: \"Escapes\\tand tabs\", rows: [\"#####\",\"#@.>#\",\"#####\"])",
    );
    let out = check(&[path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        format!("{}: \"Escapes and tabs\" 5x3, player at 1,1, 0 monsters, 0 items\n", path.display())
    );
}

/// QA: `sight_radius: 0` was accepted silently, and in play shows only the player's own cell:
/// `check` warns, as it does of a map without an exit, and `--no-warnings` silences it.
#[test]
fn a_sight_radius_of_0_is_warned_about() {
    let path = scratch_map("radius-0", "blind.ron", "(name: \"Blind\", sight_radius: 0, rows: [\"#@.>#\"])");
    let out = check(&[path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).ends_with(", sight radius 0\n"), "{}", text(&out.stdout));
    assert_eq!(
        text(&out.stderr),
        format!(
            "{}: warning: the sight radius is 0, so the player sees only their own cell (leave \
             `sight_radius` out for the game's default of 10)\n",
            path.display()
        )
    );
    let out = check(&["--no-warnings", path.to_str().unwrap()]);
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()));
    std::fs::write(&path, "(name: \"Dim\", sight_radius: 1, rows: [\"#@.>#\"])").unwrap();
    assert_eq!(text(&check(&[path.to_str().unwrap()]).stderr), "");
}

/// QA: `--seed -1` and `--seed abc` both said "invalid digit found in string": the seed's
/// range is given, in the words clap gives other ranges in ("-1 is not in 0..=4294967295").
#[test]
fn a_bad_seed_names_the_range() {
    for seed in ["-1", "abc", "1.5", "18446744073709551616"] {
        let out = run(&["maps/cave.ron", "--seed", seed]);
        assert_eq!(out.status.code(), Some(2), "{seed}");
        let err = text(&out.stderr);
        assert!(
            err.starts_with(&format!(
                "error: invalid value '{seed}' for '--seed <N>': {seed} is not a whole number in \
                 0..=18446744073709551615\n"
            )),
            "{seed}: {err}"
        );
    }
    // the largest seed is a seed (the game starts, and wants a terminal)
    let out = run(&["maps/cave.ron", "--seed", "18446744073709551615"]);
    assert!(text(&out.stderr).contains("needs a terminal"), "{}", text(&out.stderr));
}

/// A map whose exit the player cannot walk to cannot be won: `check` warns, at the player
/// start, by the game's own rule for feet (walls, glass and deep water bar the way; closed
/// doors open; a diagonal step passes between walls that touch at a corner).
#[test]
fn an_exit_the_player_cannot_walk_to_is_warned_about() {
    let warning = |path: &std::path::Path, at: &str| {
        format!(
            "{}:{at}: warning: no exit can be reached on foot from the player start at 1,1 (walls, \
             glass and deep water bar the way; closed doors open), so the game cannot be won on it\n",
            path.display()
        )
    };
    for (rows, blocked) in [
        ("#####\n#@#>#\n#####\n", true),
        ("#####\n#@\">#\n#####\n", true),
        ("#####\n#@~>#\n#####\n", true),
        ("#####\n#@+>#\n#####\n", false),
        ("####\n#@##\n##>#\n####\n", false),
    ] {
        let path = scratch_map("exit-reach", "walled.txt", rows);
        let out = check(&[path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{rows}");
        let stderr = text(&out.stderr);
        if blocked {
            assert_eq!(stderr, warning(&path, "2:2"), "{rows}");
        } else {
            // (the diagonal gap is warned about as a thin diagonal wall, which it is)
            assert!(!stderr.contains("no exit can be reached"), "{rows}: {stderr}");
        }
    }
    let path = scratch_map("exit-reach", "walled.ron", "(name: \"w\", rows: [\"#####\", \"#@#>#\"])");
    assert_eq!(text(&check(&[path.to_str().unwrap()]).stderr), warning(&path, "1:31"));
    let out = check(&["--no-warnings", path.to_str().unwrap()]);
    assert_eq!(text(&out.stderr), "");
}
