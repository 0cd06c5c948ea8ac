//! Bad maps get located errors: every problem of a file, each with its message, file line and
//! column (1-based, in characters), and the offending line for the caret display.
//!
//! The expected columns are counted by hand from the sources written here: rows are indented by
//! eight spaces, so a row's opening quote is in column 9 and its first glyph in column 10.

use std::path::Path;
#[cfg(unix)]
use std::time::Duration;

use sightline::map::format::{MAX_FILE_BYTES, SourceKind, load_path, parse_bytes, parse_ron, parse_text};
use sightline::map::{MapError, Problem, Unlisted};
use sightline::{Map, Pos};

#[cfg(unix)]
#[path = "support/within.rs"]
mod within;

fn ron_err(src: &str) -> MapError {
    parse_ron(src, "t.ron").expect_err("the map should be rejected")
}

/// A map whose `rows` are the given row literals, one per line from line 3 on.
fn with_rows(rows: &[&str]) -> String {
    let mut s = String::from("(\n    name: \"t\",\n    rows: [\n");
    for r in rows {
        s.push_str(&format!("        {r},\n"));
    }
    s.push_str("    ],\n)\n");
    s
}

fn loc(p: &Problem) -> (Option<usize>, Option<usize>) {
    (p.line, p.column)
}

#[test]
fn a_syntax_error_names_ron_s_line_and_column_and_shows_a_caret() {
    let e = load_path(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps/syntax.ron")).unwrap_err();
    assert_eq!(e.problems.len(), 1);
    let p = &e.problems[0];
    // `autor` is not a field: ron points at the key, line 3, column 5
    assert_eq!(loc(p), (Some(3), Some(5)));
    assert!(p.message.contains("autor"), "{}", p.message);
    assert_eq!(p.source_line.as_deref(), Some("    autor: \"typo\","));
    let shown = e.to_string();
    assert!(shown.contains("tests/maps/syntax.ron:3:5: "), "{shown}");
    assert!(shown.contains("3 |     autor: \"typo\",\n  |     ^\n"), "{shown}");
    assert!(shown.ends_with("syntax.ron: 1 problem"), "{shown}");
}

#[test]
fn a_missing_comma_and_an_unclosed_string_are_located() {
    // line 4 ends without a comma: ron stops at the next row's quote (line 5, column 9), but the
    // comma belongs just after the `"` that ends line 4 (column 12)
    let e = ron_err("(\n    name: \"t\",\n    rows: [\n        \"#\"\n        \"#\",\n    ],\n)\n");
    let p = &e.problems[0];
    assert_eq!(p.line, Some(4), "{e}");
    assert_eq!(p.column, Some(12), "{e}");
    // a string that never closes is reported where ron gave up, with the line shown
    let e = ron_err("(\n    name: \"t,\n    rows: [],\n)\n");
    assert!(e.problems[0].line.is_some() && e.problems[0].column.is_some(), "{e}");
    assert!(!e.problems[0].message.is_empty());
}

#[test]
fn a_missing_field_is_named() {
    let e = ron_err("(\n    name: \"t\",\n)\n");
    assert!(e.problems[0].message.contains("rows"), "{e}");
    assert!(e.problems[0].line.is_some());
}

#[test]
fn an_unknown_glyph_is_located_in_the_file() {
    let e = ron_err(&with_rows(&["\"#####\"", "\"#.X.#\""]));
    assert_eq!(e.problems.len(), 1, "{e}");
    let p = &e.problems[0];
    assert_eq!(loc(p), (Some(5), Some(12)));
    assert!(p.message.contains("unknown glyph 'X'"), "{}", p.message);
    assert_eq!(p.source_line.as_deref(), Some("        \"#.X.#\","));
    assert!(e.to_string().contains("t.ron:5:12: unknown glyph 'X'"), "{e}");
}

#[test]
fn glyph_columns_count_escapes_and_raw_strings_as_written() {
    // "#\"X.#": `\"` takes two columns, so X is in column 13
    let e = ron_err(&with_rows(&[r##""#\"X.#""##]));
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(13)), "{e}");
    // r#"#"X.#"#: the r, the hash and the quote come first, so X is in column 14
    let e = ron_err(&with_rows(&[r###"r#"#"X.#"#"###]));
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(14)), "{e}");
    // "#\u{58}Y#": the escape (an X) starts at column 11, Y is in column 17
    let e = ron_err(&with_rows(&[r##""#\u{58}Y#""##]));
    let locs: Vec<_> = e.problems.iter().map(loc).collect();
    assert_eq!(locs, vec![(Some(4), Some(11)), (Some(4), Some(17))], "{e}");
    assert!(e.problems[0].message.contains("'X'") && e.problems[1].message.contains("'Y'"));
}

#[test]
fn every_unknown_glyph_is_reported_up_to_a_cap() {
    let row = format!("\"{}\"", "X".repeat(30));
    let e = ron_err(&with_rows(&[&row, &row]));
    // 20 located problems, then one line counting the other 40; the total counts all 60
    assert_eq!(e.problems.len(), 20, "{e}");
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(10)));
    assert_eq!(loc(&e.problems[19]), (Some(4), Some(29)));
    assert_eq!(e.unlisted, [Unlisted { kind: "unknown glyphs", count: 40 }]);
    assert_eq!(e.total(), 60);
    assert!(e.to_string().ends_with("t.ron: ... and 40 more unknown glyphs\nt.ron: 60 problems"), "{e}");
    // each kind is capped and counted on its own: 30 rows of the wrong width, 3 wide among 31
    // that are 5 wide, are 20 listed and 10 counted
    let mut text = String::from("#@..#\n");
    text.push_str(&"#...#\n".repeat(30));
    text.push_str(&"###\n".repeat(30));
    let e = parse_text(&text, "rows.txt").unwrap_err();
    assert_eq!((e.problems.len(), e.total()), (20, 30), "{e}");
    assert!(e.to_string().ends_with("rows.txt: 30 problems"), "{e}");
}

#[test]
fn rows_of_unequal_width_name_the_row_its_y_and_both_widths() {
    let e = ron_err(&with_rows(&["\"#####\"", "\"#...##\"", "\"#####\"", "\"###\""]));
    let locs: Vec<_> = e.problems.iter().map(loc).collect();
    assert_eq!(locs, vec![(Some(5), Some(9)), (Some(7), Some(9))], "{e}");
    assert!(e.problems[0].message.contains("the row at y=1 is 6 cells wide"), "{e}");
    assert!(e.problems[0].message.contains("2 of the 4 rows are 5, the first at y=0 (line 4)"), "{e}");
    assert!(e.problems[1].message.contains("the row at y=3 is 3 cells wide"), "{e}");
}

#[test]
fn a_second_player_start_names_both_positions() {
    let e = ron_err(&with_rows(&["\"#####\"", "\"#@.@#\"", "\"#####\""]));
    assert_eq!(e.problems.len(), 1, "{e}");
    let p = &e.problems[0];
    assert_eq!(loc(p), (Some(5), Some(13)));
    assert!(p.message.contains("second player start, at 3,1"), "{}", p.message);
    assert!(p.message.contains("first is at 1,1 (line 5, column 11)"), "{}", p.message);
}

#[test]
fn all_problems_of_a_file_are_reported_together_in_file_order() {
    let e = load_path(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps/bad.ron")).unwrap_err();
    let got: Vec<_> =
        e.problems.iter().map(|p| (p.line, p.column, p.message.split(':').next().unwrap())).collect();
    assert_eq!(
        got,
        vec![
            (Some(5), Some(12), "unknown glyph 'X'"),
            (Some(6), Some(9), "the row at y=2 is 6 cells wide, but the other rows are 5"),
            (Some(6), Some(13), "a second player start, at 3,2"),
        ],
        "{e}"
    );
}

#[test]
fn empty_maps_are_rejected() {
    let e = ron_err("(\n    name: \"t\",\n    rows: [],\n)\n");
    assert_eq!(loc(&e.problems[0]), (Some(3), Some(5)), "the `rows` key: {e}");
    assert!(e.problems[0].message.contains("no rows"), "{e}");
    let e = ron_err(&with_rows(&["\"\"", "\"\""]));
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(9)), "{e}");
    assert!(e.problems[0].message.contains("the first row is empty"), "{e}");
    let e = parse_text("\n\n", "empty.txt").unwrap_err();
    assert!(e.problems[0].message.contains("no rows"), "{e}");
    assert!(parse_text("", "empty.txt").is_err());
}

/// An empty or blank plain-text map is located as every problem is, at 1:1 (its first blank
/// line), and says what the file holds and what a map needs.
#[test]
fn an_empty_or_blank_text_map_is_located_at_its_start() {
    for (src, holds) in [
        ("", "the file is empty"),
        ("\n\n", "the file holds only blank lines"),
        ("\r\n", "the file holds only blank lines"),
        ("\u{FEFF}", "the file is empty"),
    ] {
        let e = parse_text(src, "empty.txt").unwrap_err();
        assert_eq!((e.total(), loc(&e.problems[0])), (1, (Some(1), Some(1))), "{src:?}: {e}");
        let message = &e.problems[0].message;
        assert!(message.starts_with(&format!("the map has no rows: {holds}; ")), "{src:?}: {e}");
        assert!(message.contains("one a line") && message.contains("at least one"), "{src:?}: {e}");
        assert!(e.to_string().starts_with("empty.txt:1:1: the map has no rows"), "{src:?}: {e}");
    }
}

#[test]
fn maps_over_the_size_limit_are_rejected() {
    let e = parse_text(&"#\n".repeat(4097), "tall.txt").unwrap_err();
    assert_eq!(loc(&e.problems[0]), (Some(4097), Some(1)), "the first row over the limit: {e}");
    assert!(e.problems[0].message.contains("4097 rows; the limit is 4096"), "{e}");
    let e = ron_err(&with_rows(&[&format!("\"{}\"", "#".repeat(4097))]));
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(9)), "{e}");
    assert!(e.problems[0].message.contains("4097 cells wide; the limit is 4096"), "{e}");
}

#[test]
fn too_many_rows_are_refused_at_the_first_row_over_the_limit() {
    // RON: ron locates the refusal where the row after the limit ends (rows start on line 4)
    let rows: Vec<String> = (0..5000).map(|_| "\"#\"".to_string()).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let e = ron_err(&with_rows(&rows));
    assert_eq!(e.problems.len(), 1, "{e}");
    assert!(e.problems[0].message.contains("more than 4096 rows; the limit is 4096"), "{e}");
    assert_eq!(e.problems[0].line, Some(4 + 4096), "{e}");
    // text: trailing empty lines (also `\r` ones) do not count, any other line does
    let fits = format!("{}{}", "#\r\n".repeat(4096), "\r\n\n\r\n".repeat(1000));
    assert_eq!(parse_text(&fits, "fits.txt").unwrap().height(), 4096);
    let e = parse_text(&format!("{fits}#"), "over.txt").unwrap_err();
    assert!(e.problems[0].message.contains("7097 rows; the limit is 4096"), "{e}");
    assert_eq!(loc(&e.problems[0]), (Some(4097), Some(1)), "{e}");
}

#[test]
fn a_legend_of_more_than_1024_glyphs_is_refused() {
    let entries = |n: u32| -> String {
        (0..n).map(|i| format!("'{}': Tile(Wall), ", char::from_u32(0x4E00 + i).unwrap())).collect()
    };
    let src = |n| format!("(name: \"t\", rows: [\"#\"], legend: {{ {} }})", entries(n));
    assert!(parse_ron(&src(1024), "t.ron").is_ok());
    let e = ron_err(&src(1025));
    assert!(e.problems[0].message.contains("more than 1024 glyphs"), "{e}");
    assert_eq!(e.problems[0].line, Some(1), "{e}");
}

#[test]
fn enormous_files_are_refused_before_they_are_read() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("enormous-{}.ron", std::process::id()));
    let file = std::fs::File::create(&path).unwrap();
    // a sparse file: it claims a size without taking the disk space
    file.set_len(MAX_FILE_BYTES as u64 + 1).unwrap();
    drop(file);
    let e = load_path(&path).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(e.problems.len(), 1);
    assert!(e.problems[0].message.contains(&format!("{} bytes", MAX_FILE_BYTES + 1)), "{e}");
    assert!(e.problems[0].message.contains("at most"), "{e}");
}

#[cfg(unix)]
#[test]
fn an_endless_device_is_read_no_further_than_the_limit() {
    let e = load_path(Path::new("/dev/zero")).unwrap_err();
    assert!(e.problems[0].message.contains("at most"), "{e}");
    // Its size is not what was read before stopping.
    assert!(
        e.problems[0].message.starts_with(&format!("the file holds more than {MAX_FILE_BYTES} bytes")),
        "{e}"
    );
}

#[test]
fn an_unreadable_file_names_the_path() {
    let e = load_path(Path::new("no/such/map.ron")).unwrap_err();
    assert_eq!(e.origin, "no/such/map.ron");
    assert!(e.problems[0].message.starts_with("cannot read"), "{e}");
    assert!(e.to_string().starts_with("no/such/map.ron: cannot read"), "{e}");
}

#[test]
fn a_file_that_is_not_utf8_names_the_first_bad_byte() {
    // line 2 is `  name: "x` then the byte 0xFF: ten characters, so column 11, byte offset 12
    let bytes = b"(\n  name: \"x\xFF\",\n  rows: [\"#\"],\n)\n";
    for kind in [SourceKind::Ron, SourceKind::Text] {
        let e = parse_bytes(bytes, "bin.ron", kind).unwrap_err();
        let p = &e.problems[0];
        assert_eq!(loc(p), (Some(2), Some(11)), "{e}");
        assert!(p.message.contains("not UTF-8"), "{e}");
        assert!(p.message.contains("0xFF at byte offset 12"), "{e}");
        assert_eq!(p.source_line.as_deref(), Some("  name: \"x\u{FFFD}\","));
    }
    // after a byte order mark, columns count from the first character after it, as for every
    // other problem (the byte offset is the file's)
    for (bytes, col) in [(&b"\xEF\xBB\xBF#\xFF#\n"[..], 2), (b"\xEF\xBB\xBF\xFF", 1)] {
        let e = parse_bytes(bytes, "bom.txt", SourceKind::Text).unwrap_err();
        assert_eq!(loc(&e.problems[0]), (Some(1), Some(col)), "{e}");
        assert!(!e.problems[0].source_line.as_deref().unwrap_or_default().contains('\u{FEFF}'), "{e}");
        assert!(e.problems[0].message.contains(&format!("byte offset {}", col + 2)), "{e}");
    }
    let e = parse_bytes(b"\xEF\xBB\xBF#X#\n", "bom.txt", SourceKind::Text).unwrap_err();
    assert_eq!(loc(&e.problems[0]), (Some(1), Some(2)), "{e}");
}

#[test]
fn legend_keys_must_be_single_characters_given_once() {
    let src = "(\n    name: \"t\",\n    rows: [\"#\"],\n    legend: { \"TT\": Tile(Wall) },\n)\n";
    let e = ron_err(src);
    assert!(e.problems[0].message.contains("legend key \"TT\" is not a single character"), "{e}");
    assert_eq!(e.problems[0].line, Some(4), "{e}");
    let src =
        "(\n    name: \"t\",\n    rows: [\"#\"],\n    legend: { 'T': Tile(Wall), 'T': Tile(Floor) },\n)\n";
    let e = ron_err(src);
    assert!(e.problems[0].message.contains("gives glyph 'T' twice"), "{e}");
    // On the second key's glyph (the key is columns 32–34), not after its value.
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(33)), "{e}");
}

#[test]
fn unknown_legend_entries_and_huge_numbers_are_ron_errors() {
    let e = ron_err("(\n    name: \"t\",\n    rows: [\"#\"],\n    legend: { 'T': Tile(Lava) },\n)\n");
    assert!(e.problems[0].message.contains("Lava"), "{e}");
    assert_eq!(e.problems[0].line, Some(4), "{e}");
    let e =
        ron_err("(\n    name: \"t\",\n    sight_radius: 99999999999999999999999,\n    rows: [\"#\"],\n)\n");
    assert_eq!(e.problems[0].line, Some(3), "{e}");
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep = "[".repeat(100_000);
    for src in [
        deep.clone(),
        format!("(name: \"t\", rows: {deep}"),
        format!("(name: \"t\", rows: [\"#\"], legend: {{ 'T': Tile({deep}"),
        format!("(name: \"t\", rows: [\"#\"], legend: {{ {deep}"),
        "(".repeat(100_000),
        "{".repeat(100_000),
    ] {
        let e = ron_err(&src);
        assert!(!e.problems.is_empty());
        assert_eq!(e.problems[0].line, Some(1), "{e}");
    }
}

#[test]
fn a_playable_map_needs_a_player_start() {
    let map = parse_text("###\n#.#\n###\n", "nostart.txt").unwrap();
    let e = map.check_playable("maps/nostart.txt").unwrap_err();
    assert_eq!(e.origin, "maps/nostart.txt");
    assert!(e.problems[0].message.contains("no player start"), "{e}");
    let mut map = map;
    map.player_start = Some(Pos::new(1, 1));
    assert!(map.check_playable("maps/nostart.txt").is_ok());
    map.player_start = Some(Pos::new(5, 1));
    assert!(
        map.check_playable("maps/nostart.txt").unwrap_err().problems[0].message.contains("outside the map")
    );
}

#[test]
fn plain_text_problems_are_located_by_line_and_column() {
    let e = parse_text("#####\n#.\tX#\n#@.@#\n####\n", "t.txt").unwrap_err();
    let got: Vec<_> = e.problems.iter().map(loc).collect();
    assert_eq!(
        got,
        vec![(Some(2), Some(3)), (Some(2), Some(4)), (Some(3), Some(4)), (Some(4), Some(1))],
        "{e}"
    );
    assert!(e.problems[0].message.contains("'\\t'"), "tabs are shown escaped: {e}");
    // the caret keeps the tab so it lines up under the X
    assert!(e.to_string().contains("2 | #.\tX#\n  |   \t^\n"), "{e}");
    let _ = Map::open(1, 1);
}

/// ron's own error span starts where the parser stood after the last token it took, before
/// the whitespace and comments it skipped: a value of the wrong type on the next line used to
/// be reported at the end of the line before, or inside a comment. The location is the
/// offending token's.
#[test]
fn a_ron_error_after_whitespace_or_a_comment_points_at_the_offending_token() {
    // single quotes for a row: the `'` on line 4, column 9
    let e = ron_err(&with_rows(&["'#'", "\"#\""]));
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(9)), "{e}");
    assert_eq!(e.problems[0].source_line.as_deref(), Some("        '#',"), "{e}");
    // a number where a radius belongs, after a comment at the end of the key's line
    let src =
        "(\n    name: \"t\",\n    sight_radius: // the radius\n        \"twelve\",\n    rows: [\"@\"],\n)\n";
    assert_eq!(loc(&ron_err(src).problems[0]), (Some(4), Some(9)));
    // after a comment line, and after a nested block comment
    let e = ron_err("(\n    name: \"t\",\n    rows: [\n        // the first row\n        5,\n    ],\n)\n");
    assert_eq!(loc(&e.problems[0]), (Some(5), Some(9)), "{e}");
    let e = ron_err("(\n    name: \"t\",\n    rows: [ /* a /* nested */ comment */\n  5,\n    ],\n)\n");
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(3)), "{e}");
    // junk after the closing parenthesis, on the next line
    let e = ron_err("(\n    name: \"t\",\n    rows: [\"@\"],\n)\n x\n");
    assert_eq!(loc(&e.problems[0]), (Some(5), Some(2)), "{e}");
    // an error with no whitespace before it stays where ron put it
    let e = ron_err("(\n    name: \"t\",\n    rows: [\"@\", 5],\n)\n");
    assert_eq!(loc(&e.problems[0]), (Some(3), Some(17)), "{e}");
    // inside a string, whose text may look like whitespace and comments, ron's place is kept
    let e = ron_err("Map(\n  name: \"x\",\n  rows: [\" /* \\q\", \"#@#\"],\n)\n");
    assert_eq!(e.problems[0].line, Some(3), "{e}");
    let e = ron_err("Map(\n  name: \"  // \\q b\",\n  rows: [\"#@#\"],\n)\n");
    assert_eq!(e.problems[0].line, Some(2), "{e}");
    // at the end of the file there is no token to point at: the place after the last one
    let e = ron_err("Map(\n  name: \"x\",\n  rows: [\"#@#\"]\n  \n  \n");
    assert_eq!(loc(&e.problems[0]), (Some(3), Some(16)), "{e}");
}

/// ron reads more than ASCII whitespace as whitespace (a vertical tab, U+0085, the left-to-right
/// and right-to-left marks, the line and paragraph separators): between `rows`, `:` and `[` it
/// is valid RON, and a problem in the rows is still located there.
#[test]
fn rows_after_whitespace_only_ron_calls_whitespace_are_still_located() {
    for ws in ["\u{0B}", "\u{0C}", "\u{85}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}"] {
        let src = format!("(\n    name: \"t\",\n    rows{ws}:{ws}[\n        \"#X#\",\n    ],\n)\n");
        let e = ron_err(&src);
        assert_eq!(e.problems.len(), 1, "{ws:?}: {e}");
        assert!(e.problems[0].message.contains("'X'"), "{ws:?}: {e}");
        assert_eq!(loc(&e.problems[0]), (Some(4), Some(11)), "{ws:?}: {e}");
    }
    // and a character ron does not take as whitespace is a ron error, as before
    let e = ron_err("(\n    name: \"t\",\n    rows:\u{A0}[\n        \"#\",\n    ],\n)\n");
    assert!(e.problems[0].line.is_some(), "{e}");
}

/// A named pipe that nothing writes to used to hang the loader in `open`, which waits for a
/// writer; it is an error now. One that a writer fills is read like a file.
#[cfg(unix)]
#[test]
fn a_named_pipe_never_hangs_the_loader() {
    let dir = std::env::temp_dir().join(format!("sightline-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("pipe.txt");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    // nothing has it open for writing
    let nobody = fifo.clone();
    let e = within::within(Duration::from_secs(20), "loading a pipe nobody writes to", move || {
        load_path(&nobody)
    })
    .unwrap_err();
    assert!(e.problems[0].message.contains("named pipe"), "{e}");
    // a writer that opens it, writes a map and closes it
    let writer = {
        let fifo = fifo.clone();
        // (a reader that opened and gave up between the writer's `open` and its `write` leaves
        // it a broken pipe: it tries again)
        std::thread::spawn(move || {
            while let Err(e) = std::fs::write(&fifo, "#####\n#@..#\n#####\n") {
                assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
            }
        })
    };
    // (the writer's `open` waits for a reader, so the two meet whichever comes first; a reader
    // that came first and found no writer yet is told so, and tries again)
    let map = loop {
        match load_path(&fifo) {
            Ok(map) => break map,
            Err(e) => assert!(e.problems[0].message.contains("named pipe"), "{e}"),
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    writer.join().unwrap();
    assert_eq!((map.width(), map.height()), (5, 3));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A third player start is "another" one, not a second again; and a stray blank line at the top
/// of a text map is one problem (an empty first row), not one for every row after it.
#[test]
fn extra_player_starts_are_counted_and_a_blank_first_line_is_one_problem() {
    let e = parse_text("#####\n#@@@#\n#####\n", "starts.txt").unwrap_err();
    let messages: Vec<&str> = e.problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(messages.len(), 2, "{e}");
    assert!(messages[0].starts_with("a second player start, at 2,1"), "{e}");
    assert!(messages[1].starts_with("another player start, at 3,1"), "{e}");
    let e = parse_text("\n#####\n#@..#\n#####\n", "blank.txt").unwrap_err();
    assert_eq!(e.total(), 1, "{e}");
    assert_eq!(loc(&e.problems[0]), (Some(1), Some(1)), "{e}");
    assert!(e.problems[0].message.starts_with("the first row is empty"), "{e}");
}

/// A number's sign is part of it: an out-of-range `-1` is located at the `-`, where ron's own
/// position is its digit.
#[test]
fn a_negative_number_out_of_range_is_located_at_its_sign() {
    let e = ron_err("(name: \"x\", sight_radius: -1, rows: [\"#@#\"])");
    assert_eq!(e.problems.len(), 1);
    assert_eq!(loc(&e.problems[0]), (Some(1), Some(27)), "{e}");
    let e = ron_err("(\n    name: \"x\",\n    sight_radius: +300000000000,\n    rows: [\"#@#\"],\n)");
    assert_eq!(loc(&e.problems[0]), (Some(3), Some(19)), "{e}");
}

/// A backslash or a quote as an unknown glyph is quoted as it is typed in a row, not with
/// Rust's escapes (`'\\'`); a glyph that would not show is still escaped.
#[test]
fn unknown_glyphs_are_quoted_as_typed() {
    let e = parse_text("#####\n#@\\`#\n#####\n", "t.txt").unwrap_err();
    let text = e.to_string();
    assert!(text.contains("unknown glyph '\\':"), "{text}");
    assert!(text.contains("unknown glyph '`':"), "{text}");
    let e = parse_text("#####\n#@.\u{1}#\n#####\n", "t.txt").unwrap_err();
    assert!(e.to_string().contains("unknown glyph '\\u{1}'"), "{e}");
}

/// The QA maps: rows indented by eight spaces, the row strings on lines 4 to 6.
fn qa_map(row4: &str, row5: &str) -> String {
    format!(
        "(\n    name: \"Broken\",\n    rows: [\n        {row4}\n        {row5}\n        \"#######\",\n    ],\n)\n"
    )
}

/// ron reports a missing comma at the token after it, which may be lines further on, past
/// blank lines and comments; the comma belongs just after the token before, and the message
/// says after what.
#[test]
fn a_missing_comma_is_reported_where_the_comma_belongs() {
    // row 4 `"#######"` has no comma: ron stopped at row 5 (5:9); the `"` ends at column 17
    let e = ron_err(&qa_map("\"#######\"", "\"#@..g.#\","));
    assert_eq!(e.problems.len(), 1, "{e}");
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(18)), "{e}");
    assert_eq!(
        e.problems[0].message,
        "Expected comma after this row's string, before the next row on line 5, column 9"
    );
    assert!(e.to_string().contains("4 |         \"#######\"\n  |                  ^\n"), "{e}");
    // past a blank line and a comment line; a `//` inside the row is not a comment
    let src = "(\n    name: \"t\",\n    rows: [\n        \"#//#\"\n\n        // the next room\n        \"####\",\n    ],\n)\n";
    let e = ron_err(src);
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(15)), "{e}");
    assert!(e.problems[0].message.contains("before the next row on line 7, column 9"), "{e}");
    // between fields, after a string and after a number followed by a comment
    let e = ron_err("(\n    name: \"Broken\"\n    rows: [\"#\"],\n)\n");
    assert_eq!(loc(&e.problems[0]), (Some(2), Some(19)), "{e}");
    assert_eq!(
        e.problems[0].message,
        "Expected comma after this string, before what follows on line 3, column 5"
    );
    let e = ron_err("(\n    name: \"t\",\n    sight_radius: 5 // five\n    rows: [\"#\"],\n)\n");
    assert_eq!(loc(&e.problems[0]), (Some(3), Some(20)), "{e}");
    assert!(e.problems[0].message.starts_with("Expected comma after this number"), "{e}");
    // after a legend entry's `)`, past a block comment
    let src =
        "(\n    name: \"t\",\n    rows: [\"T\"],\n    legend: { 'T': Tile(Wall) /* x */ 'U': Player },\n)\n";
    let e = ron_err(src);
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(30)), "{e}");
    assert!(e.problems[0].message.starts_with("Expected comma after this `)`"), "{e}");
    // right after a token, ron's place is kept: `7.5` is no missing comma, but a fraction
    let e = ron_err("(\n    name: \"t\",\n    sight_radius: 7.5,\n    rows: [\"#\"],\n)\n");
    assert_eq!(
        (loc(&e.problems[0]), e.problems[0].message.as_str()),
        ((Some(3), Some(20)), "Expected comma: sight_radius is a whole number of cells, such as 5")
    );
}

/// A row left open on its line runs on to the next `"` (a RON string may span lines), and
/// ron's complaint comes a line later: the string's own line is what to fix.
#[test]
fn a_string_left_open_is_reported_on_its_own_line() {
    let e = ron_err(&qa_map("\"#######\",", "\"#@..g.#,"));
    assert_eq!(e.problems.len(), 1, "{e}");
    assert_eq!(loc(&e.problems[0]), (Some(5), Some(9)), "{e}");
    assert_eq!(
        e.problems[0].message,
        "this string is not closed on line 5: it runs on to the `\"` on line 6, column 9, as a RON \
         string may span lines (ron: Expected comma, at line 6, column 10)"
    );
    // a trailing `\"` is a quote inside the string, not its end: said so
    let e = ron_err(&qa_map("\"#######\",", r##""#@..g.#\","##));
    assert_eq!(loc(&e.problems[0]), (Some(5), Some(9)), "{e}");
    assert!(
        e.problems[0]
            .message
            .ends_with("the `\\\"` on line 5 is a quote inside the string (glass), not its end"),
        "{e}"
    );
    // one that never closes at all: at its opening quote, said so
    let e = ron_err("(\n    name: \"t\",\n    rows: [\n        \"#@#,\n    ],\n)\n");
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(9)), "{e}");
    assert!(e.problems[0].message.starts_with("Expected end of string: this string is never closed"), "{e}");
}

/// Glass typed as a bare `"` ends the row's string; a raw row ends at glass just left of a wall.
#[test]
fn an_unescaped_glass_quote_is_pointed_at_with_how_to_write_it() {
    // `"#@.".g#",`: ron stops at the `.` in column 14; the quote that ended the string is 13
    let e = ron_err(&qa_map("\"#######\",", "\"#@.\".g#\","));
    assert_eq!(e.problems.len(), 1, "{e}");
    assert_eq!(loc(&e.problems[0]), (Some(5), Some(13)), "{e}");
    let m = &e.problems[0].message;
    assert!(m.starts_with("Expected comma: this `\"` ends the string, and more follows it"), "{e}");
    assert!(m.contains("glass in a row, is written `\\\"`") && m.contains("r#\"...\"#"), "{e}");
    // `r#"#@..g"#"#,`: the raw string ends at the `"#` in columns 17-18; ron stops at 19
    let e = ron_err(&qa_map("\"#######\",", r###"r#"#@..g"#"#,"###));
    assert_eq!(loc(&e.problems[0]), (Some(5), Some(17)), "{e}");
    let m = &e.problems[0].message;
    assert!(m.starts_with("Expected comma: this `\"#` ends the raw string, and more follows it"), "{e}");
    assert!(m.contains("glass just left of a wall") && m.contains("r##\"...\"##"), "{e}");
    // a field name typed right after a string is a missing comma, not glass: ron's words
    let e = ron_err("(\n    name: \"t\"rows: [\"#\"],\n)\n");
    assert_eq!(loc(&e.problems[0]), (Some(2), Some(14)), "{e}");
    assert_eq!(e.problems[0].message, "Expected comma");
}

/// ron places a bad escape just after the string's opening quote (or after the escape before
/// it): the backslash is what to fix.
#[test]
fn a_bad_escape_is_located_at_its_backslash() {
    let e = ron_err(&qa_map("\"#######\",", r##""#@..\q.#","##));
    assert_eq!(loc(&e.problems[0]), (Some(5), Some(14)), "{e}");
    assert_eq!(
        e.problems[0].message,
        "Unknown escape character `\\q`: a backslash in a string starts an escape; a backslash \
         itself is written `\\\\`"
    );
    // after a good escape, and in another string
    let e = ron_err(&qa_map("\"#######\",", r##""#\x41\x#","##));
    assert_eq!(loc(&e.problems[0]), (Some(5), Some(15)), "{e}");
    assert_eq!(e.problems[0].message, "Non-hex digit found");
    let e = ron_err("(\n    name: \"Broken \\q here\",\n    rows: [\"#\"],\n)\n");
    assert_eq!(loc(&e.problems[0]), (Some(2), Some(19)), "{e}");
}

/// Rows saved as `.ron` (or with no extension) are read as RON; a RON map saved as `.txt` is
/// read as rows: each is reported as such, not as a puzzle of attributes or glyphs.
#[test]
fn plain_rows_read_as_ron_and_a_ron_map_read_as_rows_are_named() {
    for origin in ["x.ron", "x"] {
        let e = parse_ron("#######\n#@..g.#\n#######\n", origin).unwrap_err();
        assert_eq!(e.problems.len(), 1, "{e}");
        assert_eq!(loc(&e.problems[0]), (Some(1), Some(1)), "{e}");
        // what the file is and how to fix it first, and not ron's words about an attribute
        assert_eq!(
            e.problems[0].message,
            "the file looks like a plain-text map (rows of glyphs, one a line), but it is read as \
             RON, as every map file not named `.txt` is: name it `.txt`, or write the rows in a \
             RON map as the README shows"
        );
        assert!(e.to_string().starts_with(&format!("{origin}:1:1: the file looks like a plain-text map")));
    }
    // rows that do not start with `#` (ron's words differ) are explained the same way
    for rows in [".....\n.@.>.\n", "~~~~\n~@.~\n", "\u{FEFF}#####\n#@.>#\n#####\n\n"] {
        let e = parse_ron(rows, "doors.map").unwrap_err();
        assert_eq!((e.total(), loc(&e.problems[0])), (1, (Some(1), Some(1))), "{rows:?}: {e}");
        assert!(e.problems[0].message.starts_with("the file looks like a plain-text map"), "{rows:?}: {e}");
    }
    // RON comments are `//`
    let e = ron_err(&format!("# my first map\n{}", qa_map("\"#######\",", "\"#@..g.#\",")));
    assert_eq!(loc(&e.problems[0]), (Some(1), Some(1)), "{e}");
    assert!(e.problems[0].message.ends_with("comments are written `//`"), "{e}");
    // a RON map as text: one problem, not a glyph for each of its characters
    let ron = format!("// A small arena.\n{}", qa_map("\"#######\",", "\"#@..g.#\","));
    let e = parse_text(&ron, "arena.ron.txt").unwrap_err();
    assert_eq!(e.total(), 1, "{e}");
    assert_eq!(loc(&e.problems[0]), (Some(1), Some(1)), "{e}");
    assert!(
        e.problems[0]
            .message
            .starts_with("the file looks like a RON map, but it is read as a plain-text map"),
        "{e}"
    );
    assert!(e.problems[0].message.ends_with("name it `.ron` to have it read as RON"), "{e}");
    let e = parse_text("  #####\n  rows: [\n", "keys.txt").unwrap_err();
    assert_eq!((e.total(), loc(&e.problems[0])), (1, (Some(2), Some(3))), "{e}");
    // a text map with a bad glyph is not taken for RON
    let e = parse_text("#####\n#@X.#\n#####\n", "x.txt").unwrap_err();
    assert!(e.problems[0].message.starts_with("unknown glyph 'X'"), "{e}");
}

/// Trailing spaces make a row wider without showing: the caret goes where the extra cells
/// start, and the message says they are spaces (the default legend reads a space as wall).
#[test]
fn trailing_spaces_that_widen_a_row_are_pointed_at_and_named() {
    let e = parse_text("#######\n#@..g.#  \n#######\n", "ws.txt").unwrap_err();
    assert_eq!(e.problems.len(), 1, "{e}");
    assert_eq!(loc(&e.problems[0]), (Some(2), Some(8)), "{e}");
    assert_eq!(
        e.problems[0].message,
        "the row at y=1 is 9 cells wide, but the other rows are 7: all rows must have the same width; \
         its last 2 cells are spaces, which the legend reads as a wall (a space is a cell too)"
    );
    // in a RON row, at the space in the string
    let e = ron_err(&qa_map("\"#######\",", "\"#@..g.# \","));
    assert_eq!(loc(&e.problems[0]), (Some(5), Some(17)), "{e}");
    assert!(
        e.problems[0]
            .message
            .ends_with("its last cell is a space, which the legend reads as a wall (a space is a cell too)"),
        "{e}"
    );
    // a text row too wide with glyphs: at the first extra one, nothing said of spaces
    let e = parse_text("###\n####\n###\n", "wide.txt").unwrap_err();
    assert_eq!(loc(&e.problems[0]), (Some(2), Some(4)), "{e}");
    assert!(e.problems[0].message.ends_with("all rows must have the same width"), "{e}");
}

/// `check` warns about a playable map with no exit (the game cannot be won), without failing it.
/// (`check` is the binary's: the `tui` feature.)
#[cfg(feature = "tui")]
#[test]
fn check_warns_that_a_map_without_an_exit_cannot_be_won() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("no-exit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("noexit.ron");
    std::fs::write(&path, qa_map("\"#######\",", "\"#@..g.#\",")).unwrap();
    let check = |args: &[&std::ffi::OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_sightline")).arg("check").args(args).output().unwrap()
    };
    let out = check(&[path.as_os_str()]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.trim_end(),
        format!(
            "{}: warning: the map has no exit, so the game cannot be won on it (a map to be played \
             needs a `>`, or a legend glyph meaning Tile(Exit))",
            path.display()
        )
    );
    // silenced like the other warnings; a map with an exit, or no player start, gets none
    let out = check(&["--no-warnings".as_ref(), path.as_os_str()]);
    assert_eq!((out.status.code(), out.stderr.len()), (Some(0), 0));
    std::fs::write(&path, qa_map("\"#######\",", "\"#@..g>#\",")).unwrap();
    assert_eq!(check(&[path.as_os_str()]).stderr.len(), 0);
    std::fs::write(&path, qa_map("\"#######\",", "\"#...g.#\",")).unwrap();
    assert_eq!(check(&[path.as_os_str()]).stderr.len(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A save given where a map is expected (`sightline SAVE`, `sightline check SAVE`) is named as
/// a save, at its `format` key, with the command that resumes it, not as a map with an unknown
/// field `format`. (A save is made by the game's rules: the `game` feature.)
#[cfg(feature = "game")]
#[test]
fn a_save_read_as_a_map_is_named_as_a_save() {
    let map = parse_text("#####\n#@.>#\n#####\n", "hall.txt").unwrap();
    let game = sightline::game::GameState::new(map, 7).unwrap();
    let save = sightline::game::save::to_ron(&game);
    for (origin, word) in [("save.ron", "save.ron"), ("my saves/slot 1.ron", "'my saves/slot 1.ron'")] {
        let e = parse_ron(&save, origin).unwrap_err();
        assert_eq!(e.total(), 1, "{e}");
        assert_eq!(loc(&e.problems[0]), (Some(2), Some(5)), "{e}");
        assert_eq!(
            e.problems[0].message,
            format!("the file is a saved game, not a map: resume it with `sightline --load {word}`")
        );
    }
    // QA: a save named `.txt` (read as plain rows) is a save too, at the same place, not a
    // "RON map" to be named `.ron`
    for (origin, word) in [("save.txt", "save.txt"), ("my saves/slot 1.TXT", "'my saves/slot 1.TXT'")] {
        let e = parse_text(&save, origin).unwrap_err();
        assert_eq!(e.total(), 1, "{e}");
        assert_eq!(loc(&e.problems[0]), (Some(2), Some(5)), "{e}");
        assert_eq!(
            e.problems[0].message,
            format!("the file is a saved game, not a map: resume it with `sightline --load {word}`")
        );
    }
    // a map with a stray `format` field is still a map with an unknown field
    let e = ron_err("(\n    name: \"t\",\n    format: 2,\n    rows: [\"#\"],\n)\n");
    assert!(e.problems[0].message.starts_with("Unexpected field named `format`"), "{e}");
}

/// QA: a repeated legend key written as a character literal was reported at its closing quote
/// (ron's span starts after the glyph it took), one column right of the glyph, and two under a
/// wide glyph. It is reported at the glyph, as a repeated key written as a string is.
#[test]
fn a_repeated_char_literal_legend_key_is_reported_at_its_glyph() {
    let map = |key: &str| {
        format!(
            "(\n    name: \"Dup legend\",\n    rows: [\"#@>#\"],\n    legend: {{\n        {key}: \
             Monster(Orc),\n        {key}: Item(Gold),\n    }},\n)\n"
        )
    };
    // the key's opening quote is column 9, its glyph column 10
    for key in ["'T'", "\"T\"", "'城'", "'\\u{57CE}'"] {
        let e = ron_err(&map(key));
        assert_eq!(loc(&e.problems[0]), (Some(6), Some(10)), "{key}: {e}");
        assert!(e.problems[0].message.contains("twice"), "{key}: {e}");
    }
    let shown = ron_err(&map("'城'")).to_string();
    assert!(shown.contains("6 |         '城': Item(Gold),\n  |          ^\n"), "{shown}");
    // the legend's limit, met at a character key, is reported at its glyph too
    let keys: String =
        (0..1025u32).map(|i| format!("'{}': Tile(Wall),\n", char::from_u32(0x4E00 + i).unwrap())).collect();
    let e = ron_err(&format!("(name: \"t\", rows: [\"#\"], legend: {{\n{keys}}})"));
    assert!(e.problems[0].message.contains("more than 1024 glyphs"), "{e}");
    assert_eq!(loc(&e.problems[0]), (Some(1026), Some(2)), "{e}");
}

/// Rows of the wrong width are named by their y, as every position is (`player at 1,0`,
/// `a second player start, at 3,2`), and the row blamed is the odd one out: the one whose width
/// differs from most rows' (on a tie, the first row's). QA: a first line with invisible trailing
/// spaces had every other row blamed, and itself never named.
#[test]
fn width_errors_blame_the_odd_row_out_by_its_y() {
    let e = parse_text("#####   \n#@.>#\n#####\n", "trail.txt").unwrap_err();
    assert_eq!(e.total(), 1, "{e}");
    assert_eq!(loc(&e.problems[0]), (Some(1), Some(6)), "at the first trailing space: {e}");
    assert_eq!(
        e.problems[0].message,
        "the row at y=0 is 8 cells wide, but the other rows are 5: all rows must have the same \
         width; its last 3 cells are spaces, which the legend reads as a wall (a space is a cell too)"
    );
    // in a RON map, at the row's first trailing space too
    let e = ron_err(&with_rows(&["\"#####   \"", "\"#@.>#\"", "\"#####\""]));
    assert_eq!(e.total(), 1, "{e}");
    assert_eq!(loc(&e.problems[0]), (Some(4), Some(15)), "{e}");
    assert!(
        e.problems[0].message.starts_with("the row at y=0 is 8 cells wide, but the other rows are 5"),
        "{e}"
    );
    // two widths as common as each other: the first row's is taken
    let e = parse_text("#####\n#@>#\n", "tie.txt").unwrap_err();
    assert_eq!(e.problems.iter().map(loc).collect::<Vec<_>>(), [(Some(2), Some(1))], "{e}");
    assert!(
        e.problems[0].message.starts_with("the row at y=1 is 4 cells wide, but the other row is 5:"),
        "{e}"
    );
    // ... unless it is not among them: then the width met first
    let e = parse_text("####\n#####\n#@.>#\n###\n###\n", "mixed.txt").unwrap_err();
    let got: Vec<_> = e.problems.iter().map(|p| (p.line, p.message.split(':').next().unwrap())).collect();
    assert_eq!(
        got,
        [
            (Some(1), "the row at y=0 is 4 cells wide, but 2 of the 5 rows are 5, the first at y=1 (line 2)"),
            (Some(4), "the row at y=3 is 3 cells wide, but 2 of the 5 rows are 5, the first at y=1 (line 2)"),
            (Some(5), "the row at y=4 is 3 cells wide, but 2 of the 5 rows are 5, the first at y=1 (line 2)"),
        ],
        "{e}"
    );
    // an empty row among others is blamed as any other; an oversized one as too wide only
    let e = ron_err(&with_rows(&["\"###\"", "\"\"", "\"###\""]));
    assert_eq!(e.problems.iter().map(loc).collect::<Vec<_>>(), [(Some(5), Some(9))], "{e}");
    assert!(e.problems[0].message.starts_with("the row at y=1 is 0 cells wide"), "{e}");
    let wide = format!("\"{}\"", "#".repeat(4097));
    let e = ron_err(&with_rows(&[&wide, "\"###\"", "\"###\""]));
    assert_eq!(e.total(), 1, "{e}");
    assert!(e.problems[0].message.starts_with("the row at y=0 is 4097 cells wide; the limit is 4096"), "{e}");
}

/// Mistakes a map author is likely to make, which ron reports in words about RON rather than
/// the map, get a hint saying what the map wants, at ron's place.
#[test]
fn likely_mistakes_get_a_hint_in_the_map_s_terms() {
    let at = |e: &MapError| (loc(&e.problems[0]), e.problems[0].message.clone());
    // a fraction for the radius: ron stops at the `.`, column 28
    let e = ron_err("(name: \"x\", sight_radius: 5.5, rows: [\"#@>#\"])");
    assert_eq!(
        at(&e),
        ((Some(1), Some(28)), "Expected comma: sight_radius is a whole number of cells, such as 5".into()),
        "{e}"
    );
    // a radius out of range, negative or too large: at its first character, with the range
    for (radius, col) in [("-3", 27), ("99999999999", 27), ("+4294967296", 27)] {
        let e = ron_err(&format!("(name: \"x\", sight_radius: {radius}, rows: [\"#@>#\"])"));
        assert_eq!(
            at(&e),
            (
                (Some(1), Some(col)),
                "Integer is out of bounds: sight_radius is a whole number of cells from 0 to 4294967295"
                    .into()
            ),
            "{e}"
        );
    }
    // a row in single quotes: at the quote, with the row as it is written
    let e = ron_err("(name: \"x\", rows: ['#@>#', '#\"#'])");
    assert_eq!(
        at(&e),
        (
            (Some(1), Some(20)),
            "Expected string: a string (a row, a name) is written in double quotes, \"#@>#\"; single \
             quotes hold one character, such as a legend key"
                .into()
        ),
        "{e}"
    );
    let e = ron_err("(name: 'The Cave', rows: [\"#@>#\"])");
    assert!(e.problems[0].message.contains("double quotes, \"The Cave\";"), "{e}");
    // a `'` inside (an open door, an apostrophe) does not end it
    let e = ron_err("(name: \"x\", rows: [\n  '#.'.#',\n])");
    assert!(e.problems[0].message.contains("double quotes, \"#.'.#\";"), "{e}");
    let e = ron_err("(name: 'Bob's Den')");
    assert!(e.problems[0].message.contains("double quotes, \"Bob's Den\";"), "{e}");
    // a legend entry without its kind: where its `(` belongs, with the kinds
    for (entry, kinds, col) in [
        ("Monster", "Monster(Rat|Goblin|Orc|Archer)", 50),
        ("Item", "Item(Potion|Arrows|Gold)", 47),
        ("Tile", "Tile(Wall|Floor|DoorClosed|DoorOpen|Glass|Water|Exit)", 47),
    ] {
        let e = ron_err(&format!("(name: \"x\", rows: [\"#@>#\"], legend: {{'T': {entry}}})"));
        assert_eq!(
            at(&e),
            ((Some(1), Some(col)), format!("Expected opening `(`: {entry} needs a kind: {kinds}")),
            "{e}"
        );
    }
    // `Player` has none
    let e = ron_err("(name: \"x\", rows: [\"#@>#\"], legend: {'P': Player(Orc)})");
    assert_eq!(
        at(&e),
        ((Some(1), Some(49)), "Expected comma: Player takes no kind: write `Player` alone".into()),
        "{e}"
    );
    // a missing required field, in plain words, where ron stopped
    let e = ron_err("(rows: [\"#@>#\"])");
    assert_eq!(
        at(&e),
        ((Some(1), Some(16)), "the map needs a `name` field, such as `name: \"The Cave\"`".into()),
        "{e}"
    );
    let e = ron_err("(\n    name: \"t\",\n)\n");
    assert_eq!(e.problems[0].message, "the map needs a `rows` field, such as `rows: [\"#@.>#\"]`", "{e}");
}

/// QA: an unclosed block comment was reported a column or two after its `/*` (where ron stood
/// when it found no end): it is reported at the `/*`, the outer one of nested comments, and
/// not at one inside a string or a line comment.
#[test]
fn an_unclosed_block_comment_is_reported_at_its_opening() {
    for (src, want) in [
        ("(name: \"x\", /* oops rows: [\"#@>#\"])", (Some(1), Some(13))),
        ("(name: \"x\",\n  /* outer /* inner */\n  rows: [\"#@>#\"])", (Some(2), Some(3))),
        ("(name: \"a /* b\", // c /* d\n  rows: [\"#@>#\"]) /* open", (Some(2), Some(19))),
        ("/*", (Some(1), Some(1))),
    ] {
        let e = ron_err(src);
        assert_eq!(
            (loc(&e.problems[0]), e.problems[0].message.as_str()),
            (want, "Unclosed block comment"),
            "{src:?}: {e}"
        );
    }
}

/// An empty RON map (or one of blank lines and comments only) says so, as an empty plain-text
/// map does, not "Expected opening `(` for struct `Map`".
#[test]
fn an_empty_ron_map_is_named_as_empty() {
    for (src, holds) in [
        ("", "the file is empty"),
        ("\n  \n", "the file holds only blank lines"),
        ("\u{FEFF}", "the file is empty"),
        ("// a map, one day\n/* or two */\n", "the file holds only comments"),
    ] {
        let e = ron_err(src);
        assert_eq!((e.total(), loc(&e.problems[0])), (1, (Some(1), Some(1))), "{src:?}: {e}");
        assert_eq!(
            e.problems[0].message,
            format!(
                "the map has no rows: {holds}; a RON map is a `name` and its `rows` in parentheses, \
                 such as (name: \"The Cave\", rows: [\"#@.>#\"]) (the README shows a whole one)"
            ),
            "{src:?}"
        );
    }
    let e = parse_bytes(b"", "empty.ron", SourceKind::Ron).unwrap_err();
    assert!(e.to_string().starts_with("empty.ron:1:1: the map has no rows: the file is empty; "), "{e}");
}
