//! The SVG writer.
//!
//! Integer pixel coordinates only and a fixed drawing order, so the same scene always gives
//! byte-identical output. Runs of equal cells in a row are merged into one rectangle, which
//! keeps a 240×200 map's picture to a few hundred kilobytes.
//!
//! The document is streamed: [`write_svg`] formats one element at a time into the caller's
//! writer, so drawing a picture takes no memory in proportion to its size (the field of view
//! and the internals, in proportion to the map, are what it holds). [`svg`](fn@svg) collects the
//! same bytes into a `String`.

use std::fmt;
use std::io::{self, Write};

use super::{Internal, Internals, Scene};
use crate::dda;
use crate::fov::Fov;
use crate::geometry::Pos;
use crate::geometry::diamond::{centre2, opaque_cell_blocks};
use crate::map::{Map, Tile};

/// The side of one cell, in pixels.
pub const CELL_PX: i64 = 16;
const MARGIN: i64 = 12;
const TITLE_H: i64 = 26;
const LEGEND_ROW: i64 = 20;
/// Approximate advance of one character of the 12 px monospace legend font.
const CHAR_PX: i64 = 8;

const VIEWER: &str = "#e63946";
const DARK: (u8, u8, u8) = (0x1d, 0x1f, 0x2b);
const EDGE: &str = "#f4a261";
const CULLED: &str = "#c1121f";
const NEVER: &str = "#0b0c12";
const DIAMOND: &str = "#2b2d42";
const SEAL: &str = "#ffd60a";
const WALK: &str = "#2a9d8f";
const BLOCKER: &str = "#d62828";

fn tile_rgb(t: Tile) -> (u8, u8, u8) {
    match t {
        Tile::Wall => (0x7d, 0x7f, 0x8c),
        Tile::Floor => (0xf3, 0xec, 0xd8),
        Tile::DoorClosed => (0x9c, 0x55, 0x2a),
        Tile::DoorOpen => (0xd9, 0xa0, 0x66),
        Tile::Glass => (0xa8, 0xe0, 0xf0),
        Tile::Water => (0x4a, 0x86, 0xc8),
        Tile::Exit => (0xf0, 0xc4, 0x19),
    }
}

fn tile_word(t: Tile) -> &'static str {
    match t {
        Tile::Wall => "wall",
        Tile::Floor => "floor",
        Tile::DoorClosed => "closed door",
        Tile::DoorOpen => "open door",
        Tile::Glass => "glass",
        Tile::Water => "water",
        Tile::Exit => "exit",
    }
}

/// A colour as `#rrggbb`.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Hex((u8, u8, u8));

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (r, g, b) = self.0;
        write!(f, "#{r:02x}{g:02x}{b:02x}")
    }
}

fn hex(c: (u8, u8, u8)) -> String {
    Hex(c).to_string()
}

/// `c` out of sight: 40 % of its colour over the dark background, in integers.
fn unseen(c: (u8, u8, u8)) -> (u8, u8, u8) {
    let mix = |a: u8, d: u8| ((u16::from(a) * 40 + u16::from(d) * 60) / 100) as u8;
    (mix(c.0, DARK.0), mix(c.1, DARK.1), mix(c.2, DARK.2))
}

/// `s` as XML character data: `&`, `<`, `>` and `"` escaped, and every character
/// [`unfit_for_xml`] replaced by U+FFFD. Text reaching a picture (a map's name, a file name, a
/// title) is untrusted, and an escape cannot help here: XML has no way to write the characters
/// it forbids, not even as `&#0;`, so one of them makes the whole file unreadable. U+FFFD is
/// what the terminal UI shows for a control character too, and one stands for each character
/// replaced, so the title's width estimate is unchanged.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if unfit_for_xml(c) => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Whether `c` stays out of a picture's text: the characters XML 1.0 forbids (the C0 controls
/// other than tab, newline and carriage return, and U+FFFE and U+FFFF; a `char` is never a
/// surrogate), and DEL and the C1 controls (U+007F–U+009F). XML 1.0 allows the latter but
/// tells documents to avoid them (XML 1.1 admits all but U+0085 only as character references);
/// they draw nothing, and are terminal controls to anyone reading the file in a terminal, so
/// they go the way the terminal UI sends every control character. Tab, newline and carriage
/// return are XML's own white space and stay. Unlike the terminal UI, the picture keeps the
/// bidirectional formatting characters: a renderer lays them out as text, as a name in a
/// right-to-left script needs.
fn unfit_for_xml(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

/// The SVG document of `scene`: the map's terrain, visible cells in full colour and the rest
/// darkened, the viewer, a title and a legend, plus the layers the scene asks for.
///
/// The field of view is computed with `scene.algorithm`; the internals layer always shows what
/// the multicast did.
///
/// This is [`write_svg`] into a `String`: it holds the whole document, at up to about 140 bytes
/// a cell shown (see [`MAX_CELLS`](super::MAX_CELLS)). To write a file, stream it with
/// [`write_svg`] or [`save_svg`](super::save_svg).
///
/// ```
/// use sightline::{Map, Pos, picture::{Scene, svg}};
/// let map = Map::open(6, 4);
/// let doc = svg(&Scene::new(&map, Pos::new(2, 1)));
/// assert!(doc.starts_with("<svg"));
/// assert!(doc.trim_end().ends_with("</svg>"));
/// assert_eq!(doc, svg(&Scene::new(&map, Pos::new(2, 1)))); // deterministic
/// ```
pub fn svg(scene: &Scene<'_>) -> String {
    let mut out = Vec::new();
    write_svg(scene, &mut out).expect("writing into a Vec does not fail");
    String::from_utf8(out).expect("the picture is written from strings")
}

/// Writes the SVG document of `scene` to `out`, one element at a time: the same bytes as
/// [`svg`](fn@svg), without holding the document in memory. Each element is one small write,
/// so give it a buffered writer (a [`std::io::BufWriter`] around a file).
///
/// Nothing here bounds the size of what is written: that is the number of cells the picture
/// shows (see [`Scene::size_in_cells`], [`Scene::check_size`]). On an error from `out` it stops
/// and returns it, with part of the document written.
///
/// ```
/// use sightline::{Map, Pos, picture::{Scene, svg, write_svg}};
/// let map = Map::open(6, 4);
/// let scene = Scene::new(&map, Pos::new(2, 1));
/// let mut bytes = Vec::new();
/// write_svg(&scene, &mut bytes).unwrap();
/// assert_eq!(bytes, svg(&scene).into_bytes());
/// ```
pub fn write_svg<W: Write + ?Sized>(scene: &Scene<'_>, out: &mut W) -> io::Result<()> {
    let map = scene.map;
    let win = Window::of(scene);
    let (w, h) = (win.x1 - win.x0, win.y1 - win.y0);
    let mut fov = Fov::for_map(map);
    scene.algorithm.compute(scene.viewer, scene.radius, map, &mut fov);
    let internals = scene
        .internals
        .then(|| Internals::compute(scene.viewer, scene.radius, map, map.width(), map.height()));

    let legend = legend_entries(scene, &win);
    let map_w = w * CELL_PX;
    // Wide enough for the title (bold 14 px monospace: under 9 px a character).
    let title = escape(&scene.title_text());
    let title_w = scene.title_text().chars().count() as i64 * 9;
    let width = (map_w + 2 * MARGIN).max(420).max(title_w + 2 * MARGIN);
    let rows = legend_layout(&legend, width - 2 * MARGIN);
    let legend_h = rows.iter().map(|r| r.1 + 1).max().unwrap_or(0) * LEGEND_ROW;
    let top = MARGIN + TITLE_H;
    let height = top + h * CELL_PX + MARGIN + legend_h + MARGIN;

    let o = out;
    let zoom = i64::from(scene.zoom.max(1));
    writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace">"#,
        width * zoom,
        height * zoom
    )?;
    writeln!(o, "<title>{title}</title>")?;
    writeln!(o, r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##)?;
    writeln!(
        o,
        r##"<text x="{MARGIN}" y="{}" font-size="14" font-weight="bold" fill="#1d1f2b">{title}</text>"##,
        MARGIN + 14,
    )?;
    // The map group's user space is the whole map's: a crop moves it and clips it.
    let (gx, gy) = (MARGIN - win.x0 * CELL_PX, top - win.y0 * CELL_PX);
    let (cx0, cy0) = (win.x0 * CELL_PX, win.y0 * CELL_PX);
    if win.cropped {
        writeln!(
            o,
            r#"<defs><clipPath id="window"><rect x="{cx0}" y="{cy0}" width="{}" height="{}"/></clipPath></defs>"#,
            w * CELL_PX,
            h * CELL_PX
        )?;
        writeln!(o, r#"<g transform="translate({gx},{gy})" clip-path="url(#window)">"#)?;
    } else {
        writeln!(o, r#"<g transform="translate({gx},{gy})">"#)?;
    }

    // Terrain, by runs of equal colour.
    writeln!(o, "<g>")?;
    for y in win.y0..win.y1 {
        let mut x = win.x0;
        while x < win.x1 {
            let colour = |x: i64| {
                let p = Pos::new(x as i32, y as i32);
                let c = tile_rgb(map.tile(p));
                if fov.is_visible(p) { c } else { unseen(c) }
            };
            let c = colour(x);
            let mut end = x + 1;
            while end < win.x1 && colour(end) == c {
                end += 1;
            }
            writeln!(
                o,
                r#"<rect x="{}" y="{}" width="{}" height="{CELL_PX}" fill="{}"/>"#,
                x * CELL_PX,
                y * CELL_PX,
                (end - x) * CELL_PX,
                Hex(c)
            )?;
            x = end;
        }
    }
    writeln!(o, "</g>")?;
    // A faint cell grid.
    writeln!(
        o,
        r##"<defs><pattern id="grid" width="{CELL_PX}" height="{CELL_PX}" patternUnits="userSpaceOnUse"><path d="M{CELL_PX} 0H0V{CELL_PX}" fill="none" stroke="#000000" stroke-opacity="0.12"/></pattern></defs>"##
    )?;
    let grid = if win.cropped { format!(r#"x="{cx0}" y="{cy0}" "#) } else { String::new() };
    writeln!(o, r#"<rect {grid}width="{map_w}" height="{}" fill="url(#grid)"/>"#, h * CELL_PX)?;

    if let Some(tr) = &internals {
        draw_internals(o, tr, &win)?;
    }
    if scene.diamonds {
        draw_diamonds(o, scene, &win)?;
    }
    if let Some(target) = scene.walk_to {
        draw_walk(o, scene, target)?;
    }
    // The viewer.
    let (vx, vy) = (scene.viewer.x as i64, scene.viewer.y as i64);
    writeln!(
        o,
        r##"<circle cx="{}" cy="{}" r="5" fill="{VIEWER}" stroke="#ffffff" stroke-width="2"/>"##,
        vx * CELL_PX + CELL_PX / 2,
        vy * CELL_PX + CELL_PX / 2
    )?;
    writeln!(o, "</g>")?;

    // The legend.
    let ly = top + h * CELL_PX + MARGIN;
    writeln!(o, r##"<g transform="translate({MARGIN},{ly})" font-size="12" fill="#1d1f2b">"##)?;
    for (entry, (x, row)) in legend.iter().zip(&rows) {
        let y = row * LEGEND_ROW;
        writeln!(o, r#"<g transform="translate({x},{y})">{}"#, entry.swatch)?;
        writeln!(o, r#"<text x="20" y="12">{}</text></g>"#, escape(&entry.label))?;
    }
    writeln!(o, "</g>")?;
    writeln!(o, "</svg>")
}

/// The number of columns and rows of cells a picture of `scene` shows: its crop cut to the map,
/// or the whole map.
pub(super) fn shown_cells(scene: &Scene<'_>) -> (u64, u64) {
    let win = Window::of(scene);
    ((win.x1 - win.x0) as u64, (win.y1 - win.y0) as u64)
}

fn cell_xy(p: Pos) -> (i64, i64) {
    (p.x as i64 * CELL_PX, p.y as i64 * CELL_PX)
}

/// The state of each cell as a mark a reader tells apart without colour: an outlined square on
/// the edge, a cross on a culled cell, near-black where the algorithm never looked.
fn draw_internals<W: Write + ?Sized>(o: &mut W, tr: &Internals, win: &Window) -> io::Result<()> {
    writeln!(o, "<g>")?;
    for y in win.y0..win.y1 {
        let mut x = win.x0;
        while x < win.x1 {
            let p = Pos::new(x as i32, y as i32);
            let state = tr.state(p);
            if state == Internal::NeverLooked {
                // one dark rectangle per run
                let mut end = x + 1;
                while end < win.x1 && tr.state(Pos::new(end as i32, y as i32)) == Internal::NeverLooked {
                    end += 1;
                }
                writeln!(
                    o,
                    r#"<rect x="{}" y="{}" width="{}" height="{CELL_PX}" fill="{NEVER}" fill-opacity="0.8"/>"#,
                    x * CELL_PX,
                    y * CELL_PX,
                    (end - x) * CELL_PX
                )?;
                x = end;
            } else {
                write!(o, "{}", Mark(state, cell_xy(p)))?;
                x += 1;
            }
        }
    }
    writeln!(o, "</g>")
}

/// The mark of a cell's internal state, its square's corner at `.1`, ending in a newline (and
/// nothing for a cell lit whole).
struct Mark(Internal, (i64, i64));

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Mark(state, (x, y)) = *self;
        match state {
            Internal::LitWhole => Ok(()),
            Internal::Edge => writeln!(
                f,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{EDGE}" stroke-width="2"/>"#,
                x + 2,
                y + 2,
                CELL_PX - 4,
                CELL_PX - 4
            ),
            Internal::Culled => writeln!(
                f,
                r#"<path d="M{} {}L{} {}M{} {}L{} {}" stroke="{CULLED}" stroke-width="2"/>"#,
                x + 4,
                y + 4,
                x + CELL_PX - 4,
                y + CELL_PX - 4,
                x + CELL_PX - 4,
                y + 4,
                x + 4,
                y + CELL_PX - 4
            ),
            Internal::NeverLooked => writeln!(
                f,
                r#"<rect x="{x}" y="{y}" width="{CELL_PX}" height="{CELL_PX}" fill="{NEVER}" fill-opacity="0.8"/>"#
            ),
        }
    }
}

/// The corners of the diamond of the cell whose square's corner is at `.0`, for `points`.
struct DiamondPoints((i64, i64));

impl fmt::Display for DiamondPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (x, y) = self.0;
        let (c, hc) = (CELL_PX, CELL_PX / 2);
        write!(f, "{},{} {},{} {},{} {},{}", x + hc, y, x + c, y + hc, x + hc, y + c, x, y + hc)
    }
}

/// The open diamond of every opaque cell, and a dot on every seal (the midpoint of an edge two
/// opaque cells share).
fn draw_diamonds<W: Write + ?Sized>(o: &mut W, scene: &Scene<'_>, win: &Window) -> io::Result<()> {
    let map = scene.map;
    writeln!(o, r#"<g fill="{DIAMOND}" fill-opacity="0.85">"#)?;
    for y in win.y0..win.y1 {
        for x in win.x0..win.x1 {
            let p = Pos::new(x as i32, y as i32);
            if map.blocks_sight(p) {
                writeln!(o, r#"<polygon points="{}"/>"#, DiamondPoints(cell_xy(p)))?;
            }
        }
    }
    writeln!(o, "</g>")?;
    writeln!(o, r##"<g fill="{SEAL}" stroke="#1d1f2b" stroke-width="1">"##)?;
    for y in win.y0..win.y1 {
        for x in win.x0..win.x1 {
            let p = Pos::new(x as i32, y as i32);
            if !map.blocks_sight(p) {
                continue;
            }
            let (px, py) = cell_xy(p);
            let east = Pos::new(p.x + 1, p.y);
            let south = Pos::new(p.x, p.y + 1);
            if map.contains(east) && map.blocks_sight(east) {
                writeln!(o, r#"<circle cx="{}" cy="{}" r="2"/>"#, px + CELL_PX, py + CELL_PX / 2)?;
            }
            if map.contains(south) && map.blocks_sight(south) {
                writeln!(o, r#"<circle cx="{}" cy="{}" r="2"/>"#, px + CELL_PX / 2, py + CELL_PX)?;
            }
        }
    }
    writeln!(o, "</g>")
}

/// The first cell strictly between `from` and `to` that blocks the segment between their
/// centres (the contract's blocking test on the opaque cells of the DDA walk), if any:
/// `dda::line_of_sight(from, to)` holds exactly when there is none.
pub fn first_blocker(from: Pos, to: Pos, map: &Map) -> Option<Pos> {
    let (a, b) = (centre2(from), centre2(to));
    let n = dda::cell_count(from, to) as usize;
    dda::cells(from, to)
        .take(n.saturating_sub(1))
        .skip(1)
        .find(|&c| map.blocks_sight(c) && opaque_cell_blocks(a, b, c, |q| map.blocks_sight(q)))
}

fn draw_walk<W: Write + ?Sized>(o: &mut W, scene: &Scene<'_>, target: Pos) -> io::Result<()> {
    let from = scene.viewer;
    let half = CELL_PX / 2;
    writeln!(o, r#"<g fill="none" stroke="{WALK}" stroke-width="2">"#)?;
    let walk: Vec<Pos> = dda::cells(from, target).collect();
    for &c in &walk {
        let (x, y) = cell_xy(c);
        writeln!(
            o,
            r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
            x + 1,
            y + 1,
            CELL_PX - 2,
            CELL_PX - 2
        )?;
    }
    let (fx, fy) = cell_xy(from);
    let (tx, ty) = cell_xy(target);
    writeln!(o, r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#, fx + half, fy + half, tx + half, ty + half)?;
    writeln!(o, "</g>")?;
    // Diagonal steps pass exactly through a lattice corner: mark it.
    writeln!(o, r##"<g fill="{WALK}" stroke="#ffffff" stroke-width="1">"##)?;
    for pair in walk.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if a.x != b.x && a.y != b.y {
            let cx = i64::from(a.x.max(b.x)) * CELL_PX;
            let cy = i64::from(a.y.max(b.y)) * CELL_PX;
            writeln!(o, r#"<circle cx="{cx}" cy="{cy}" r="3"/>"#)?;
        }
    }
    writeln!(o, "</g>")?;
    if let Some(b) = first_blocker(from, target, scene.map) {
        let (x, y) = cell_xy(b);
        writeln!(
            o,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{BLOCKER}" stroke-width="3"/>"#,
            x + 1,
            y + 1,
            CELL_PX - 2,
            CELL_PX - 2
        )?;
    }
    Ok(())
}

/// The cells a picture shows: `x0 <= x < x1`, `y0 <= y < y1`.
struct Window {
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
    cropped: bool,
}

impl Window {
    /// The scene's crop, put in order and cut to the map; the whole map without one (or when
    /// the crop misses the map).
    fn of(scene: &Scene<'_>) -> Window {
        let (w, h) = (scene.map.width() as i64, scene.map.height() as i64);
        let whole = Window { x0: 0, y0: 0, x1: w, y1: h, cropped: false };
        let Some((a, b)) = scene.crop else { return whole };
        let (x0, x1) = (i64::from(a.x.min(b.x)).max(0), (i64::from(a.x.max(b.x)) + 1).min(w));
        let (y0, y1) = (i64::from(a.y.min(b.y)).max(0), (i64::from(a.y.max(b.y)) + 1).min(h));
        if x0 >= x1 || y0 >= y1 {
            return whole;
        }
        Window { x0, y0, x1, y1, cropped: (x0, y0, x1, y1) != (0, 0, w, h) }
    }
}

struct LegendEntry {
    swatch: String,
    label: String,
}

fn square(fill: &str) -> String {
    format!(
        r##"<rect x="0" y="0" width="{CELL_PX}" height="{CELL_PX}" fill="{fill}" stroke="#1d1f2b" stroke-opacity="0.3"/>"##
    )
}

fn legend_entries(scene: &Scene<'_>, win: &Window) -> Vec<LegendEntry> {
    let mut entries = vec![LegendEntry {
        swatch: format!(
            r##"<circle cx="8" cy="8" r="5" fill="{VIEWER}" stroke="#ffffff" stroke-width="2"/>"##
        ),
        label: "viewer".into(),
    }];
    for t in Tile::ALL {
        let shown = (win.y0..win.y1)
            .any(|y| (win.x0..win.x1).any(|x| scene.map.tile(Pos::new(x as i32, y as i32)) == t));
        if shown {
            entries.push(LegendEntry { swatch: square(&hex(tile_rgb(t))), label: tile_word(t).into() });
        }
    }
    entries.push(LegendEntry {
        swatch: square(&hex(unseen(tile_rgb(Tile::Floor)))),
        label: "not visible".into(),
    });
    if scene.internals {
        for s in [Internal::Edge, Internal::Culled, Internal::NeverLooked] {
            let mark = Mark(s, (0, 0)).to_string();
            entries.push(LegendEntry {
                swatch: square(&hex(tile_rgb(Tile::Floor))) + mark.trim_end(),
                label: s.label().into(),
            });
        }
    }
    if scene.diamonds {
        entries.push(LegendEntry {
            swatch: format!(r#"<polygon points="{}" fill="{DIAMOND}"/>"#, DiamondPoints((0, 0))),
            label: "diamond (blocks sight)".into(),
        });
        entries.push(LegendEntry {
            swatch: format!(r##"<circle cx="8" cy="8" r="2" fill="{SEAL}" stroke="#1d1f2b"/>"##),
            label: "seal".into(),
        });
    }
    if let Some(t) = scene.walk_to {
        let there = dda::line_of_sight(scene.viewer, t, scene.map);
        let back = dda::line_of_sight(t, scene.viewer, scene.map);
        entries.push(LegendEntry {
            swatch: format!(
                r#"<rect x="1" y="1" width="14" height="14" fill="none" stroke="{WALK}" stroke-width="2"/>"#
            ),
            label: format!(
                "DDA walk to {t}: LOS {} / back {}",
                if there { "clear" } else { "blocked" },
                if back { "clear" } else { "blocked" }
            ),
        });
        if first_blocker(scene.viewer, t, scene.map).is_some() {
            entries.push(LegendEntry {
                swatch: format!(
                    r#"<rect x="1" y="1" width="14" height="14" fill="none" stroke="{BLOCKER}" stroke-width="3"/>"#
                ),
                label: "first blocker".into(),
            });
        }
    }
    entries
}

/// `(x, row)` of each legend entry, flowing left to right and wrapping at `width`.
fn legend_layout(entries: &[LegendEntry], width: i64) -> Vec<(i64, i64)> {
    let (mut x, mut row) = (0, 0);
    let mut out = Vec::with_capacity(entries.len());
    for e in entries {
        let w = 20 + e.label.chars().count() as i64 * CHAR_PX + 16;
        if x > 0 && x + w > width {
            x = 0;
            row += 1;
        }
        out.push((x, row));
        x += w;
    }
    out
}
