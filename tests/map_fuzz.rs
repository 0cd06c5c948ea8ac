//! Hostile input: arbitrary bytes, truncated files and randomly mutated maps (the fixtures and
//! the bundled maps: deleted and duplicated lines, swapped bytes, huge numbers, deep nesting,
//! invalid UTF-8) never make the loader (or `sightline check`) panic or hang. Each case ends
//! in a map that satisfies the model's invariants, or in an error with at least one problem,
//! located in the file whenever the problem is about a place in it.

use std::path::Path;
use std::process::Command;

use proptest::prelude::*;
use sightline::Map;
use sightline::map::format::{SourceKind, parse_bytes};
use sightline::map::{MAX_SIDE, MapError, Tile};

const SEEDS: &[(&str, &[u8], SourceKind)] = &[
    ("valid.ron", include_bytes!("maps/valid.ron"), SourceKind::Ron),
    ("bad.ron", include_bytes!("maps/bad.ron"), SourceKind::Ron),
    ("valid.txt", include_bytes!("maps/valid.txt"), SourceKind::Text),
    ("diagonal.txt", include_bytes!("maps/diagonal.txt"), SourceKind::Text),
    ("dungeon.ron", include_bytes!("../maps/dungeon.ron"), SourceKind::Ron),
    ("cave.ron", include_bytes!("../maps/cave.ron"), SourceKind::Ron),
    ("pillars.ron", include_bytes!("../maps/pillars.ron"), SourceKind::Ron),
    ("diagonals.ron", include_bytes!("../maps/diagonals.ron"), SourceKind::Ron),
    ("glass.ron", include_bytes!("../maps/glass.ron"), SourceKind::Ron),
    ("large.ron", include_bytes!("../maps/large.ron"), SourceKind::Ron),
];

/// Runs the loader. A panic fails the case (proptest catches it and shrinks the input). There is
/// no clock here: every case is bounded by its size (a bundled map plus at most 100 kB of inserted text) and the
/// loader is linear in its input, so a case that did not finish would be a hang found by the
/// CI job's own time limit, not a slow machine failing a timer.
fn load(bytes: Vec<u8>, kind: SourceKind) -> Result<Map, MapError> {
    parse_bytes(&bytes, "fuzz.map", kind)
}

/// The messages of problems that are about the file as a whole and so have no line.
const UNLOCATED: &[&str] = &["the file is", "the file holds", "the map has no rows", "cannot read"];

fn assert_sane(result: Result<Map, MapError>) -> Result<(), TestCaseError> {
    match result {
        Ok(map) => {
            prop_assert!(map.width() >= 1 && map.width() <= MAX_SIDE);
            prop_assert!(map.height() >= 1 && map.height() <= MAX_SIDE);
            if let Some(p) = map.player_start {
                prop_assert!(map.contains(p));
            }
            for p in map.monsters.iter().map(|m| m.pos).chain(map.items.iter().map(|i| i.pos)) {
                prop_assert!(map.contains(p));
                prop_assert_eq!(map.tile(p), Tile::Floor);
            }
            let _ = map.summary();
            let _ = map.thin_diagonals();
        }
        Err(e) => {
            prop_assert!(!e.problems.is_empty());
            for p in &e.problems {
                prop_assert!(!p.message.is_empty());
                prop_assert!(p.line.is_none_or(|l| l >= 1) && p.column.is_none_or(|c| c >= 1));
                prop_assert!(
                    p.line.is_some() || UNLOCATED.iter().any(|m| p.message.starts_with(m)),
                    "unlocated problem: {}",
                    p.message
                );
            }
            let shown = e.to_string();
            prop_assert!(shown.contains("fuzz.map"));
        }
    }
    Ok(())
}

/// One edit of a map file.
#[derive(Clone, Debug)]
enum Mutation {
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapBytes(usize, usize),
    Insert(usize, Vec<u8>),
    Truncate(usize),
}

fn snippet() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(b"99999999999999999999999999999999".to_vec()),
        Just(b"-1".to_vec()),
        Just(b"1e999".to_vec()),
        (1usize..20_000).prop_map(|n| vec![b'['; n]),
        (1usize..20_000).prop_map(|n| vec![b'('; n]),
        (1usize..20_000).prop_map(|n| b"{'a':".repeat(n)),
        (1usize..5_000).prop_map(|n| b"Some(".repeat(n)),
        Just(vec![0xFF]),
        Just(vec![0xC3]),
        Just(vec![0xE2, 0x82]),
        Just(b"\xEF\xBB\xBF".to_vec()),
        Just(b"\"".to_vec()),
        Just(b"r#\"".to_vec()),
        Just(b"\"#".to_vec()),
        Just(b"/*".to_vec()),
        Just(b"*/".to_vec()),
        Just(b"//".to_vec()),
        Just(b"\\".to_vec()),
        Just(b"\\u{".to_vec()),
        Just(b"\\x".to_vec()),
        Just(b"'".to_vec()),
        Just(b"@".to_vec()),
        Just(b"X".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\r".to_vec()),
        Just(b"rows: [],".to_vec()),
        Just(b"legend: { 'X': Player },".to_vec()),
        Just(b"#![enable(implicit_some)]".to_vec()),
        proptest::collection::vec(any::<u8>(), 1..16),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::DeleteLine),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapBytes(a, b)),
        (any::<usize>(), snippet()).prop_map(|(at, s)| Mutation::Insert(at, s)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    let lines = |b: &[u8]| -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut start = 0;
        for (i, &c) in b.iter().enumerate() {
            if c == b'\n' {
                out.push((start, i + 1));
                start = i + 1;
            }
        }
        if start < b.len() {
            out.push((start, b.len()));
        }
        out
    };
    match *m {
        Mutation::DeleteLine(i) | Mutation::DuplicateLine(i) => {
            let ls = lines(bytes);
            if ls.is_empty() {
                return;
            }
            let (s, e) = ls[i % ls.len()];
            if let Mutation::DeleteLine(_) = m {
                bytes.drain(s..e);
            } else {
                let line = bytes[s..e].to_vec();
                bytes.splice(s..s, line);
            }
        }
        Mutation::SwapBytes(a, b) if !bytes.is_empty() => {
            let n = bytes.len();
            bytes.swap(a % n, b % n);
        }
        Mutation::SwapBytes(..) => {}
        Mutation::Insert(at, ref s) => {
            let at = at % (bytes.len() + 1);
            bytes.splice(at..at, s.iter().copied());
        }
        Mutation::Truncate(at) => bytes.truncate(at % (bytes.len() + 1)),
    }
}

fn kind() -> impl Strategy<Value = SourceKind> {
    prop_oneof![Just(SourceKind::Ron), Just(SourceKind::Text)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..2048), kind in kind()) {
        assert_sane(load(bytes, kind))?;
    }

    #[test]
    fn arbitrary_text(text in "\\PC{0,400}", kind in kind()) {
        assert_sane(load(text.into_bytes(), kind))?;
    }

    #[test]
    fn mutated_maps(seed in 0..SEEDS.len(), edits in proptest::collection::vec(mutation(), 1..5)) {
        let (_, source, kind) = SEEDS[seed];
        let mut bytes = source.to_vec();
        for m in &edits {
            apply(&mut bytes, m);
        }
        assert_sane(load(bytes, kind))?;
    }

    #[test]
    fn truncated_maps(seed in 0..SEEDS.len(), at in any::<usize>()) {
        let (_, source, kind) = SEEDS[seed];
        let cut = at % (source.len() + 1);
        assert_sane(load(source[..cut].to_vec(), kind))?;
    }
}

proptest! {
    // Each case starts a process: few cases, the loader itself is covered above.
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn check_exits_0_or_1_on_mutated_maps(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec(mutation(), 0..4),
    ) {
        let (name, source, _) = SEEDS[seed];
        let mut bytes = source.to_vec();
        for m in &edits {
            apply(&mut bytes, m);
        }
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fuzz-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, &bytes).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_sightline")).arg("check").arg(&path).output().unwrap();
        let code = out.status.code();
        prop_assert!(code == Some(0) || code == Some(1), "exit {:?}: {}", code, String::from_utf8_lossy(&out.stderr));
        if code == Some(1) {
            prop_assert!(String::from_utf8_lossy(&out.stderr).contains(&*path.to_string_lossy()));
        }
    }
}

#[test]
fn the_seeds_are_what_the_mutations_start_from() {
    // valid seeds load, so mutations explore the neighbourhood of real maps
    assert!(parse_bytes(SEEDS[0].1, "valid.ron", SourceKind::Ron).is_ok());
    assert!(parse_bytes(SEEDS[1].1, "bad.ron", SourceKind::Ron).is_err());
    assert!(parse_bytes(SEEDS[2].1, "valid.txt", SourceKind::Text).is_ok());
    for (name, bytes, kind) in &SEEDS[4..] {
        assert!(parse_bytes(bytes, name, *kind).is_ok(), "{name}");
    }
}
