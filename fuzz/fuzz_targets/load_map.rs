//! Feeds arbitrary bytes to the map loader, as RON and as plain text. The loader must return a
//! map or an error with at least one problem, and never panic; a map it returns must keep its
//! spawns inside the grid. Run with `cargo +nightly fuzz run load_map` from the repository root.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sightline::map::format::{SourceKind, parse_bytes};

fuzz_target!(|data: &[u8]| {
    for kind in [SourceKind::Ron, SourceKind::Text] {
        match parse_bytes(data, "fuzz", kind) {
            Ok(map) => {
                assert!(map.player_start.is_none_or(|p| map.contains(p)));
                assert!(map.monsters.iter().all(|m| map.contains(m.pos)));
                assert!(map.items.iter().all(|i| map.contains(i.pos)));
            }
            Err(e) => {
                assert!(!e.problems.is_empty());
                let _ = e.to_string();
            }
        }
    }
});
