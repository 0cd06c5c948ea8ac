//! `cargo test --no-default-features` (the library alone) and `--features game` build, as the
//! README says: every test file that needs the game's rules or the terminal game says so in
//! `Cargo.toml` (`required-features`), so cargo leaves it out of a build without them. (A file
//! added without that entry broke those builds unnoticed: the suite runs with every feature.)

use std::collections::HashMap;
use std::path::Path;

/// The `required-features` of each `[[test]]` in `Cargo.toml`, by name.
fn required_features() -> HashMap<String, Vec<String>> {
    let toml = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let mut out = HashMap::new();
    for section in toml.split("[[test]]").skip(1) {
        let value = |key: &str| {
            section.lines().take_while(|l| !l.starts_with('[')).find_map(|l| {
                let (k, v) = l.split_once('=')?;
                (k.trim() == key).then(|| v.trim().to_string())
            })
        };
        let Some(name) = value("name") else { continue };
        let features = value("required-features").unwrap_or_default();
        let list = features
            .trim_matches(|c| c == '[' || c == ']')
            .split(',')
            .map(|f| f.trim().trim_matches('"').to_string())
            .filter(|f| !f.is_empty())
            .collect();
        out.insert(name.trim_matches('"').to_string(), list);
    }
    out
}

/// The feature a test file's source needs, by what it uses: the terminal game (`tui`: the
/// interface, the binary, the pseudo-terminal harness) or the rules (`game`). A file that
/// gates parts of itself with `cfg(feature = ...)` is its own judge.
fn needs(source: &str) -> Option<&'static str> {
    if source.contains("cfg(feature") {
        return None;
    }
    let tui = ["sightline::ui", "CARGO_BIN_EXE", "support/pty.rs", "crossterm::", "ratatui::"];
    if tui.iter().any(|t| source.contains(t)) {
        Some("tui")
    } else if source.contains("sightline::game") {
        Some("game")
    } else {
        None
    }
}

#[test]
fn every_test_that_needs_a_feature_requires_it() {
    let required = required_features();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut missing = Vec::new();
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let Some(feature) = needs(&std::fs::read_to_string(&path).unwrap()) else { continue };
        checked += 1;
        let has = required.get(&name).cloned().unwrap_or_default();
        // (`tui` includes `game`)
        let enough = has.iter().any(|f| f == feature || f == "tui");
        if !enough {
            missing.push(format!("{name} needs required-features = [\"{feature}\"] (has {has:?})"));
        }
    }
    assert!(checked > 10, "the scan found the feature-bound tests ({checked})");
    assert!(missing.is_empty(), "Cargo.toml [[test]] entries missing:\n{}", missing.join("\n"));
}
