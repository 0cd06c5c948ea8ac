//! The SVG writer draws what the scene says: terrain in and out of view, the viewer where it
//! stands, one diamond per opaque cell and one seal per pair of orthogonally touching opaque
//! cells, the DDA walk with its verdict, and the same bytes every time.

use std::collections::HashMap;

use sightline::fov::Algorithm;
use sightline::map::format::parse_text;
use sightline::picture::{CELL_PX, Scene, svg};
use sightline::{Map, Pos};

fn map(rows: &str) -> Map {
    parse_text(rows, "test").expect("test map parses")
}

/// The fill of every cell of the terrain layer (the first group inside the map group), read
/// back from the merged rectangles.
fn terrain_fills(doc: &str, w: i64, h: i64) -> HashMap<(i64, i64), String> {
    let start = doc.find("<g>\n").expect("terrain group");
    let end = start + doc[start..].find("</g>").unwrap();
    let attr = |line: &str, name: &str| -> String {
        let key = format!("{name}=\"");
        let i = line.find(&key).unwrap() + key.len();
        line[i..i + line[i..].find('"').unwrap()].to_string()
    };
    let mut fills = HashMap::new();
    for line in doc[start..end].lines().filter(|l| l.starts_with("<rect")) {
        let x: i64 = attr(line, "x").parse().unwrap();
        let y: i64 = attr(line, "y").parse().unwrap();
        let width: i64 = attr(line, "width").parse().unwrap();
        for cx in x / CELL_PX..(x + width) / CELL_PX {
            fills.insert((cx, y / CELL_PX), attr(line, "fill"));
        }
    }
    assert_eq!(fills.len() as i64, w * h, "every cell is drawn exactly once");
    fills
}

const ROOM: &str = ".....\n..#..\n.....\n";

#[test]
fn hidden_cells_are_drawn_darker_than_visible_ones() {
    let m = map(ROOM);
    let mut scene = Scene::new(&m, Pos::new(0, 1));
    scene.radius = None;
    let fills = terrain_fills(&svg(&scene), 5, 3);
    // (3,1) and (4,1) are straight behind the pillar; (1,1) and (0,0) are open floor in view.
    assert_eq!(fills[&(1, 1)], fills[&(0, 0)]);
    assert_eq!(fills[&(3, 1)], fills[&(4, 1)]);
    assert_ne!(fills[&(3, 1)], fills[&(1, 1)]);
    // The pillar itself is seen, and drawn unlike floor.
    assert_ne!(fills[&(2, 1)], fills[&(1, 1)]);
}

#[test]
fn the_radius_limits_what_is_lit() {
    let m = map(ROOM);
    let mut scene = Scene::new(&m, Pos::new(0, 0));
    scene.radius = Some(2);
    let fills = terrain_fills(&svg(&scene), 5, 3);
    assert_eq!(fills[&(2, 0)], fills[&(0, 0)]); // distance 2: in
    assert_ne!(fills[&(3, 0)], fills[&(0, 0)]); // distance 3: out
}

#[test]
fn the_viewer_is_marked_at_its_centre() {
    let m = map(ROOM);
    let doc = svg(&Scene::new(&m, Pos::new(3, 2)));
    let (cx, cy) = (3 * CELL_PX + CELL_PX / 2, 2 * CELL_PX + CELL_PX / 2);
    assert!(doc.contains(&format!(r#"<circle cx="{cx}" cy="{cy}" r="5""#)), "{doc}");
}

#[test]
fn one_diamond_per_opaque_cell_and_one_seal_per_touching_pair() {
    // Opaque cells: (1,0) (2,0) (2,1) form two orthogonal pairs; (4,2) touches nothing.
    let m = map(".##..\n..#..\n....#\n");
    let mut scene = Scene::new(&m, Pos::new(0, 2));
    let without = svg(&scene);
    scene.diamonds = true;
    let with = svg(&scene);
    let count = |doc: &str, what: &str| doc.matches(what).count();
    // one polygon in the legend, one per opaque cell on the map
    assert_eq!(count(&with, "<polygon") - count(&without, "<polygon"), 1 + 4);
    // seals: r="2" circles, one in the legend and one per orthogonal pair
    assert_eq!(count(&with, r#"r="2""#) - count(&without, r#"r="2""#), 1 + 2);
    assert!(with.contains("seal") && !without.contains("seal"));
}

#[test]
fn the_walk_says_whether_sight_holds_both_ways() {
    let m = map(ROOM);
    let mut scene = Scene::new(&m, Pos::new(0, 1));
    scene.walk_to = Some(Pos::new(4, 1));
    let blocked = svg(&scene);
    assert!(blocked.contains("LOS blocked / back blocked"), "{blocked}");
    assert!(blocked.contains("first blocker"));
    scene.walk_to = Some(Pos::new(4, 0));
    let clear = svg(&scene);
    assert!(clear.contains("LOS clear / back clear"));
    assert!(!clear.contains("first blocker"));
}

#[test]
fn same_scene_same_bytes_and_titles_are_escaped() {
    let m = map(ROOM);
    let mut scene = Scene::new(&m, Pos::new(1, 1));
    scene.internals = true;
    scene.diamonds = true;
    scene.algorithm = Algorithm::Reference;
    scene.title = Some("<walls & \"doors\">".into());
    let a = svg(&scene);
    assert_eq!(a, svg(&scene));
    assert!(a.contains("&lt;walls &amp; &quot;doors&quot;&gt;"));
    assert!(!a.contains("<walls"));
    assert_eq!(a.matches("<g").count(), a.matches("</g>").count(), "groups balance");
}

#[test]
fn the_default_title_names_map_viewer_radius_and_algorithm() {
    let m = map(ROOM);
    let mut scene = Scene::new(&m, Pos::new(1, 2));
    scene.radius = Some(7);
    let title = scene.title_text();
    assert!(title.contains("1,2") && title.contains("radius 7") && title.contains("multicast"), "{title}");
    scene.radius = None;
    assert!(scene.title_text().contains("unlimited"));
}

#[test]
fn the_first_blocker_exists_exactly_when_line_of_sight_fails() {
    for seed in 0..6 {
        let m = sightline::map::generate::noise(16, 10, 35, seed);
        for a in (0..16).flat_map(|x| (0..10).map(move |y| Pos::new(x, y))).step_by(7) {
            for b in (0..16).flat_map(|x| (0..10).map(move |y| Pos::new(x, y))) {
                let blocker = sightline::picture::first_blocker(a, b, &m);
                assert_eq!(blocker.is_none(), sightline::dda::line_of_sight(a, b, &m), "{a} -> {b}");
                if let Some(c) = blocker {
                    assert!(m.blocks_sight(c) && c != a && c != b);
                    assert!(sightline::dda::cells(a, b).any(|w| w == c), "on the walk");
                    // the arrow shot along the same line stops at the same wall
                    let shot = sightline::dda::projectile(a, b, 100, &m, |_| false);
                    assert_eq!(shot.stop(), sightline::dda::Stop::Blocked(c), "{a} -> {b}");
                }
            }
        }
    }
}

#[test]
fn a_crop_shows_only_its_cells_and_zoom_only_scales() {
    // Water only in the east half; the crop keeps columns 0..=2.
    let m = map("...~~\n.#.~~\n...~~\n");
    let mut scene = Scene::new(&m, Pos::new(0, 0));
    scene.crop = Some((Pos::new(2, 2), Pos::new(0, 0))); // corners in any order
    let doc = svg(&scene);
    // Terrain rectangles cover exactly the 3×3 crop, in the map's own coordinates.
    let start = doc.find("<g>\n").unwrap();
    let end = start + doc[start..].find("</g>").unwrap();
    let cells: i64 = doc[start..end]
        .lines()
        .filter(|l| l.starts_with("<rect"))
        .map(|l| {
            let i = l.find("width=\"").unwrap() + 7;
            l[i..i + l[i..].find('"').unwrap()].parse::<i64>().unwrap() / CELL_PX
        })
        .sum();
    assert_eq!(cells, 9);
    assert!(doc.contains("clip-path"));
    assert!(!doc.contains(">water<"), "the legend lists only what the crop shows");
    assert!(svg(&Scene::new(&m, Pos::new(0, 0))).contains(">water<"));
    // Zoom changes the size attributes, not the drawing.
    let plain = svg(&scene);
    scene.zoom = 3;
    let zoomed = svg(&scene);
    let size = |d: &str| {
        let tag = &d[..d.find('>').unwrap()];
        let num = |k: &str| {
            let i = tag.find(k).unwrap() + k.len();
            tag[i..i + tag[i..].find('"').unwrap()].parse::<i64>().unwrap()
        };
        (num(" width=\""), num(" height=\""))
    };
    let ((w1, h1), (w3, h3)) = (size(&plain), size(&zoomed));
    assert_eq!((w3, h3), (3 * w1, 3 * h1));
    assert_eq!(plain[plain.find('>').unwrap()..], zoomed[zoomed.find('>').unwrap()..]);
    // A crop entirely off the map falls back to the whole map.
    scene.crop = Some((Pos::new(10, 10), Pos::new(12, 12)));
    scene.zoom = 1;
    assert!(!svg(&scene).contains("clip-path"));
}

/// Whether XML 1.0 allows `c` anywhere in a document (its `Char` production): an XML parser
/// rejects a document holding any other character, escaped or not.
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

#[test]
fn names_with_characters_xml_forbids_still_give_well_formed_pictures() {
    // NUL, escape sequences, a bell, the two non-characters XML excludes, DEL and a C1 CSI.
    let names = [
        ("a\u{0}b", "a\u{FFFD}b"),
        ("red\u{1b}[31m", "red\u{FFFD}[31m"),
        ("\u{7}ding", "\u{FFFD}ding"),
        ("x\u{FFFE}\u{FFFF}y", "x\u{FFFD}\u{FFFD}y"),
        ("del\u{7f}", "del\u{FFFD}"),
        ("c1\u{9b}2J\u{85}", "c1\u{FFFD}2J\u{FFFD}"),
    ];
    for (name, shown) in names {
        let mut m = map(ROOM);
        m.meta.name = name.into();
        let doc = svg(&Scene::new(&m, Pos::new(1, 1)));
        let bad: Vec<char> = doc.chars().filter(|&c| !xml_char(c)).collect();
        assert!(bad.is_empty(), "{name:?}: characters XML forbids: {bad:?}");
        // XML allows DEL and the C1 controls but tells documents to avoid them; they are
        // terminal controls, kept out as the terminal UI keeps them out.
        assert!(!doc.chars().any(|c| ('\u{7f}'..='\u{9f}').contains(&c)), "{name:?}: DEL or C1 left");
        // The name is still there, each unfit character replaced by one U+FFFD (title and
        // heading both).
        assert_eq!(doc.matches(&format!("{shown}: field of view")).count(), 2, "{name:?}: {doc}");
    }
    // Tab, newline and carriage return are XML's own whitespace and stay; so does text in any
    // script, with the escapes XML needs.
    let mut m = map(ROOM);
    m.meta.name = "Ünïcödé 地図 🗺\t<&>\"".into();
    let doc = svg(&Scene::new(&m, Pos::new(1, 1)));
    assert!(doc.contains("<title>Ünïcödé 地図 🗺\t&lt;&amp;&gt;&quot;: field of view"), "{doc}");
    assert!(!doc.contains('\u{FFFD}'));
}
