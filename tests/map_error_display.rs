//! `sightline check` on hostile and unusual map text, run as the real binary: what reaches the
//! terminal is the file's text with control characters replaced by a one-cell stand-in, and the
//! caret stands under its character after wide characters and far along long lines.

use std::process::Output;

#[path = "support/scratch.rs"]
mod scratch;
use scratch::scratch;

/// `sightline check` on a file holding `bytes`.
fn check_bytes(name: &str, file: &str, bytes: &[u8]) -> Output {
    let path = scratch(name).join(file);
    std::fs::write(&path, bytes).unwrap();
    std::process::Command::new(env!("CARGO_BIN_EXE_sightline"))
        .arg("check")
        .arg(&path)
        .output()
        .expect("the binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("the report is UTF-8")
}

/// Every control character on stderr other than the newlines that end its lines.
fn controls(text: &str) -> Vec<char> {
    text.chars().filter(|&c| c.is_control() && c != '\n').collect()
}

#[test]
fn escape_sequences_in_a_map_do_not_reach_the_terminal() {
    let out = check_bytes("esc", "esc.txt", b"#@\x1b[2J\x1b]0;pwned\x07#\n");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(controls(&err), [], "{err:?}");
    // the glyph is named escaped in the message; the quoted line shows a stand-in, and the caret
    // is under it
    assert!(err.contains("esc.txt:1:3: unknown glyph '\\u{1b}'"), "{err}");
    assert!(err.contains("1 | #@\u{FFFD}[2J\u{FFFD}]0;pwned\u{FFFD}#\n  |   ^\n"), "{err}");
    assert!(err.contains("esc.txt:1:16: unknown glyph '\\u{7}'"), "{err}");
    assert!(err.contains("\n  |                ^\n"), "{err}");
}

#[test]
fn a_file_with_carriage_return_line_endings_is_quoted_on_one_line() {
    // CR alone does not end a line: the file is one line, and each CR an unknown glyph
    let out = check_bytes("cr", "cr.txt", b"#@#\r#X#\r###\r");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(controls(&err), [], "{err:?}");
    assert!(err.contains("cr.txt:1:6: unknown glyph 'X'"), "{err}");
    // the last CR is taken as the end of the line, as in a CRLF file
    assert!(err.contains("1 | #@#\u{FFFD}#X#\u{FFFD}###\n  |      ^\n"), "{err}");
}

#[test]
fn the_caret_stands_under_its_glyph_after_wide_characters() {
    // rows are indented by eight spaces: the opening quote is column 9, `#` column 10
    let ron = "(\n    name: \"wide\",\n    rows: [\n        \"#@é日X.#\",\n        \"#.😀X.#\",\n    ],\n)\n";
    let out = check_bytes("wide", "wide.ron", ron.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    // `日` takes two cells, so X, character 14, is in cell 15 (14 cells before it)
    assert!(err.contains("wide.ron:4:14: unknown glyph 'X'"), "{err}");
    let caret = |cells: usize| format!("\n  | {}^\n", " ".repeat(cells));
    assert!(err.contains(&format!("4 |         \"#@é日X.#\",{}", caret(14))), "{err}");
    // after the emoji, two cells too: X, character 13, is in cell 14
    assert!(err.contains("wide.ron:5:13: unknown glyph 'X'"), "{err}");
    assert!(err.contains(&format!("5 |         \"#.😀X.#\",{}", caret(13))), "{err}");
}

#[test]
fn an_error_far_along_a_long_line_is_quoted_around_its_column() {
    // three rows of 300 cells; the middle row has an X at column 250
    let mut middle: Vec<char> = "#@".chars().chain(std::iter::repeat_n('.', 297)).chain(['#']).collect();
    middle[249] = 'X';
    let middle: String = middle.into_iter().collect();
    let wall = "#".repeat(300);
    let out = check_bytes("long", "long.txt", format!("{wall}\n{middle}\n{wall}\n").as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("long.txt:2:250: unknown glyph 'X'"), "{err}");
    // `…` for the cut start, then 60 characters before the X: the caret is in cell 62
    let shown: String = middle.chars().skip(189).collect();
    let caret = format!("  | {}^\n", " ".repeat(61));
    assert!(err.contains(&format!("2 | …{shown}\n{caret}")), "{err}");
    assert_eq!(shown.chars().nth(60), Some('X'));
}

/// A map's name with control characters in it is written by `check`'s summary as file names
/// and the game screen write text from a file: each control character (and each
/// bidirectional-text control) as U+FFFD, not as a Rust escape.
#[test]
fn check_writes_a_map_s_name_as_the_rest_of_the_program_does() {
    let ron = "(name: \"esc\u{1b}[31mred\u{202e}evil\", rows: [\"#@>#\"])\n";
    let out = check_bytes("name", "named.ron", ron.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let stdout = String::from_utf8(out.stdout.clone()).unwrap();
    assert_eq!(controls(&stdout), [], "{stdout:?}");
    assert!(
        stdout.ends_with(
            "named.ron: \"esc\u{FFFD}[31mred\u{FFFD}evil\" 4x1, player at 1,0, 0 monsters, 0 items\n"
        ),
        "{stdout}"
    );
}

/// An empty or blank plain-text map is reported at 1:1, as every map error names its file,
/// line and column.
#[test]
fn an_empty_text_map_is_located() {
    for (name, bytes) in [("empty.txt", &b""[..]), ("blank.txt", b"\n\n")] {
        let out = check_bytes(name.trim_end_matches(".txt"), name, bytes);
        assert_eq!(out.status.code(), Some(1));
        let err = stderr(&out);
        let at = err.find(&format!("{name}:1:1: the map has no rows: ")).expect(&err);
        assert!(err[..at].ends_with('/'), "the file named first: {err}");
    }
}
