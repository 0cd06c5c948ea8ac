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

/// A writer that keeps what it is given, notes the largest single write, and fails once it
/// holds `room` bytes (a full disk).
struct Sink {
    bytes: Vec<u8>,
    largest: usize,
    room: usize,
}

impl std::io::Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() >= self.room {
            return Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "full"));
        }
        let n = buf.len().min(self.room - self.bytes.len());
        self.bytes.extend_from_slice(&buf[..n]);
        self.largest = self.largest.max(n);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn bundled(name: &str) -> Map {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(name);
    sightline::map::format::load_path(&path).expect("bundled map loads")
}

/// `write_svg` streams exactly the bytes `svg` returns, with every layer, a crop and a zoom, in
/// small writes (one element at a time, never the document), and a writer's error comes back
/// as an error, not a panic.
#[test]
fn the_streamed_picture_is_the_same_bytes_written_piece_by_piece() {
    use sightline::picture::write_svg;
    let pillars = bundled("pillars.ron");
    let diagonals = bundled("diagonals.ron");
    let room = map(ROOM);
    let mut scenes = Vec::new();
    scenes.push(Scene::new(&pillars, Pos::new(30, 13)));
    let mut s = Scene::new(&pillars, Pos::new(22, 13));
    s.radius = Some(16);
    s.internals = true;
    scenes.push(s);
    let mut s = Scene::new(&diagonals, Pos::new(9, 12));
    s.diamonds = true;
    s.crop = Some((Pos::new(7, 6), Pos::new(24, 20)));
    s.zoom = 2;
    scenes.push(s);
    let mut s = Scene::new(&diagonals, Pos::new(3, 12));
    (s.internals, s.diamonds, s.walk_to) = (true, true, Some(Pos::new(20, 3)));
    s.crop = Some((Pos::new(30, 20), Pos::new(2, 1)));
    s.algorithm = Algorithm::Reference;
    scenes.push(s);
    let mut s = Scene::new(&room, Pos::new(0, 1));
    s.walk_to = Some(Pos::new(4, 1));
    s.title = Some("<&> \u{1b}".into());
    scenes.push(s);
    for (k, scene) in scenes.iter().enumerate() {
        let whole = svg(scene);
        let mut sink = Sink { bytes: Vec::new(), largest: 0, room: usize::MAX };
        write_svg(scene, &mut sink).unwrap();
        assert!(sink.bytes == whole.as_bytes(), "scene {k}: the streamed bytes differ from svg()");
        if whole.len() > 10_000 {
            assert!(sink.largest < 1_000, "scene {k}: a write of {} bytes", sink.largest);
        }
        for room in [0, 1, 500, whole.len() / 2, whole.len() - 1] {
            let mut sink = Sink { bytes: Vec::new(), largest: 0, room };
            let err = write_svg(scene, &mut sink).expect_err("the writer is full");
            assert_eq!(err.kind(), std::io::ErrorKind::StorageFull, "scene {k}, room {room}");
            assert!(whole.as_bytes().starts_with(&sink.bytes));
        }
    }
}

/// The size check counts the cells shown, after the crop is cut to the map; the limit's message
/// names them and the way out.
#[test]
fn the_size_check_counts_the_cells_shown() {
    use sightline::picture::{MAX_CELLS, TooLarge};
    let big = Map::open(1000, 1000);
    let mut scene = Scene::new(&big, Pos::new(0, 0));
    assert_eq!(scene.size_in_cells(), (1000, 1000));
    let err = scene.check_size().unwrap_err();
    assert_eq!(err, TooLarge { width: 1000, height: 1000 });
    let message = err.to_string();
    assert!(message.contains("1000x1000 cells (1000000)"), "{message}");
    assert!(message.contains(&format!("{MAX_CELLS} cells")) && message.contains("--crop X0,Y0 X1,Y1"));
    scene.crop = Some((Pos::new(699, 699), Pos::new(0, 0)));
    assert_eq!(scene.size_in_cells(), (700, 700));
    assert!(scene.check_size().is_ok());
    // cut to the map: 400 of the 1000 columns asked for
    scene.crop = Some((Pos::new(600, 0), Pos::new(1599, 999)));
    assert_eq!(scene.size_in_cells(), (400, 1000));
    assert!(scene.check_size().is_ok());
    // a crop off the map shows the whole map
    scene.crop = Some((Pos::new(2000, 2000), Pos::new(2100, 2100)));
    assert_eq!(scene.check_size().unwrap_err().cells(), 1_000_000);
    let limit = (MAX_CELLS as f64).sqrt() as i32;
    scene.crop = Some((Pos::new(0, 0), Pos::new(limit - 1, limit - 1)));
    assert!(scene.check_size().is_ok());
    scene.crop = Some((Pos::new(0, 0), Pos::new(limit, limit)));
    assert!(scene.check_size().is_err());
}

/// `save_svg` writes `svg`'s bytes to a file, replacing an older one; a picture too large, or a
/// directory at the path, is an error that leaves the directory as it was.
#[test]
fn save_svg_writes_whole_files_or_nothing() {
    use sightline::picture::save_svg;
    let dir = std::env::temp_dir().join(format!("sightline-svg-picture-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pillars = bundled("pillars.ron");
    let mut scene = Scene::new(&pillars, Pos::new(30, 13));
    scene.internals = true;
    let out = dir.join("view.svg");
    std::fs::write(&out, "older").unwrap();
    save_svg(&scene, &out).unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), svg(&scene));
    #[cfg(unix)]
    {
        // through a link: the file it leads to is replaced, the link stays a link
        let link = dir.join("link.svg");
        std::os::unix::fs::symlink(&out, &link).unwrap();
        scene.diamonds = true;
        save_svg(&scene, &link).unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&out).unwrap(), svg(&scene));
        std::fs::remove_file(&link).unwrap();
    }
    let big = Map::open(800, 800);
    let err = save_svg(&Scene::new(&big, Pos::new(1, 1)), &out).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
    assert!(err.to_string().contains("800x800 cells (640000)"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), svg(&scene), "left as it was");
    let sub = dir.join("sub.svg");
    std::fs::create_dir(&sub).unwrap();
    assert!(save_svg(&scene, &sub).is_err());
    assert!(sub.is_dir());
    let mut names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    names.sort();
    assert_eq!(names, ["sub.svg", "view.svg"], "no temporary file left");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The lab's export key refuses a map over the limit at once, with the message the command
/// gives (and the command that crops), and writes nothing: it used to draw the whole picture in
/// memory, over a gigabyte for a 4096×4096 map, with the terminal frozen in raw mode. (The
/// lab is the terminal interface's: this test needs the `tui` feature, the rest of this file
/// only the library.)
#[cfg(feature = "tui")]
#[test]
fn the_lab_refuses_to_export_a_picture_of_too_many_cells() {
    use sightline::ui::lab::Lab;
    use sightline::ui::lab::keys::{LabCommand, apply};
    let dir = std::env::temp_dir().join(format!("sightline-svg-picture-lab-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut lab = Lab::new(Map::open(708, 708));
    lab.export_dir = dir.clone();
    let kept = dir.join(sightline::ui::lab::export::file_name(&lab));
    std::fs::write(&kept, "an older picture\n").unwrap();
    apply(&mut lab, LabCommand::Export);
    let message = lab.message.clone().unwrap();
    assert!(message.starts_with("export failed: a picture of 708x708 cells (501264)"), "{message}");
    assert!(message.contains("--crop X0,Y0 X1,Y1"), "{message}");
    assert!(message.contains("sightline fov MAP --at 0,0 --svg FILE"), "{message}");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "an older picture\n", "left as it was");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "nothing else written");
    // Within the limit, the export writes the picture; the file of that name holds another
    // picture (a map of the same name, 708 cells a side), which is kept: the picture goes to
    // the next name.
    let mut lab = Lab::new(Map::open(700, 700));
    lab.export_dir = dir.clone();
    apply(&mut lab, LabCommand::Export);
    let name = sightline::ui::lab::export::file_name(&lab);
    let next = name.replace(".svg", "-2.svg");
    assert_eq!(lab.message.clone().unwrap(), format!("wrote {next}"));
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "an older picture\n", "kept");
    let written = std::fs::read_to_string(dir.join(&next)).unwrap();
    assert_eq!(written, svg(&sightline::ui::lab::export::scene(&lab)));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A picture written over what a killed write left behind (`.NAME.tmpPID`, its process gone)
/// removes that file, as a save does.
#[cfg(unix)]
#[test]
fn save_svg_removes_what_a_killed_write_left_behind() {
    let dir = std::env::temp_dir().join(format!("sightline-svg-stale-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut done = std::process::Command::new("true").spawn().unwrap();
    let dead = done.id();
    done.wait().unwrap();
    let stale = dir.join(format!(".view.svg.tmp{dead}"));
    std::fs::write(&stale, "half a picture").unwrap();
    let map = sightline::Map::open(6, 4);
    sightline::picture::save_svg(
        &sightline::picture::Scene::new(&map, sightline::Pos::new(2, 1)),
        &dir.join("view.svg"),
    )
    .unwrap();
    assert!(!stale.exists() && dir.join("view.svg").exists());
    std::fs::remove_dir_all(dir).unwrap();
}
