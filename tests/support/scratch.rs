//! Scratch directories for tests that write files.

use std::path::PathBuf;

/// A directory of its own for test `name`, emptied first: under the system's temporary
/// directory, named for the test target (the crate this file is included in), the test and
/// this process, so a rerun starts clean and test processes running side by side never share
/// one.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "sightline-{}-{}-{name}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
