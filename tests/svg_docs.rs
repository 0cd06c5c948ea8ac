//! The pictures in docs/ are current: each is regenerated through the library function the
//! `sightline fov --svg` command calls, and must equal the committed file byte for byte.
//!
//! To regenerate them after a deliberate change, run
//! `SIGHTLINE_UPDATE_SVG=1 cargo test --test svg_docs`, or the `sightline fov` command printed in
//! the failure message, then look at the pictures before committing them.

use std::path::PathBuf;

use sightline::Pos;
use sightline::fov::Algorithm;
use sightline::map::format::load_path;
use sightline::picture::{Scene, svg};

struct Doc {
    file: &'static str,
    map: &'static str,
    at: (i32, i32),
    radius: u32,
    internals: bool,
    diamonds: bool,
    /// A close-up: the corners of the cells shown.
    crop: Option<((i32, i32), (i32, i32))>,
    zoom: u32,
}

const DOCS: [Doc; 4] = [
    Doc {
        file: "pillar-shadows.svg",
        map: "pillars.ron",
        at: (30, 13),
        radius: 30,
        internals: false,
        diamonds: false,
        crop: None,
        zoom: 1,
    },
    Doc {
        file: "diagonal-gaps.svg",
        map: "diagonals.ron",
        at: (3, 12),
        radius: 40,
        internals: false,
        diamonds: false,
        crop: None,
        zoom: 1,
    },
    Doc {
        file: "diamonds-and-seals.svg",
        map: "diagonals.ron",
        at: (9, 12),
        radius: 40,
        internals: false,
        diamonds: true,
        crop: Some(((7, 6), (24, 20))),
        zoom: 2,
    },
    Doc {
        file: "multicast-internals.svg",
        map: "pillars.ron",
        at: (22, 13),
        radius: 16,
        internals: true,
        diamonds: false,
        crop: None,
        zoom: 1,
    },
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn render(doc: &Doc) -> String {
    let map = load_path(&root().join("maps").join(doc.map)).expect("bundled map loads");
    let mut scene = Scene::new(&map, Pos::new(doc.at.0, doc.at.1));
    scene.radius = Some(doc.radius);
    scene.algorithm = Algorithm::Multicast;
    scene.internals = doc.internals;
    scene.diamonds = doc.diamonds;
    scene.crop = doc.crop.map(|(a, b)| (Pos::new(a.0, a.1), Pos::new(b.0, b.1)));
    scene.zoom = doc.zoom;
    svg(&scene)
}

fn command(doc: &Doc) -> String {
    let mut c = format!(
        "cargo run -- fov maps/{} --at {},{} --radius {} --svg docs/{}",
        doc.map, doc.at.0, doc.at.1, doc.radius, doc.file
    );
    if doc.internals {
        c += " --internals";
    }
    if doc.diamonds {
        c += " --diamonds";
    }
    if let Some((a, b)) = doc.crop {
        c += &format!(" --crop {},{} {},{}", a.0, a.1, b.0, b.1);
    }
    if doc.zoom != 1 {
        c += &format!(" --zoom {}", doc.zoom);
    }
    c
}

#[test]
fn committed_pictures_are_current() {
    let update = std::env::var_os("SIGHTLINE_UPDATE_SVG").is_some_and(|v| !v.is_empty());
    let mut stale = Vec::new();
    for doc in &DOCS {
        let path = root().join("docs").join(doc.file);
        let fresh = render(doc);
        if update {
            std::fs::write(&path, &fresh).expect("write docs picture");
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != fresh {
            stale.push(format!("docs/{} is out of date; regenerate with:\n  {}", doc.file, command(doc)));
        }
    }
    assert!(
        stale.is_empty(),
        "{}\n(or all at once: SIGHTLINE_UPDATE_SVG=1 cargo test --test svg_docs)",
        stale.join("\n")
    );
}

#[test]
fn the_readme_shows_every_picture() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    for doc in &DOCS {
        assert!(readme.contains(&format!("docs/{}", doc.file)), "README does not show docs/{}", doc.file);
    }
}
