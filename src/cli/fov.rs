//! `sightline fov`: what a viewer sees, printed as text.
//!
//! Two outputs. The default redraws the map with every cell the viewer does not see left blank,
//! so the shape of the view (shadows, lit walls, speckles through diagonal gaps) reads at a
//! glance. `--mask` prints exactly `height` lines of `width` characters, `1` for visible and `0`
//! for not, for scripts and for diffing algorithms against each other.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use sightline::fov::{Algorithm, Fov};
use sightline::geometry::Pos;
use sightline::map::Map;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub view: super::view::ViewArgs,
    /// Which algorithm computes the view; both give the same answer, `reference` slowly.
    #[arg(long, value_name = "ALGO", default_value = "multicast", value_parser = algorithm_parser())]
    pub algo: Algorithm,
    /// Print H lines of W characters, `1` visible and `0` not, instead of the map.
    #[arg(long)]
    pub mask: bool,
    /// Write an SVG picture of the view to FILE instead of printing it.
    #[arg(long, value_name = "FILE", conflicts_with = "mask")]
    pub svg: Option<PathBuf>,
    /// In the SVG: the multicast's state per cell (edge of an occluded area, culled, never looked at).
    #[arg(long, requires = "svg")]
    pub internals: bool,
    /// In the SVG: the diamond of every opaque cell and the seals between opaque neighbours.
    #[arg(long, requires = "svg")]
    pub diamonds: bool,
    /// In the SVG: show only the cells between two corners, for a close-up (cut to the map; a
    /// crop that misses the map shows the whole map).
    #[arg(long, requires = "svg", num_args = 2, value_names = ["X0,Y0", "X1,Y1"], allow_hyphen_values = true)]
    pub crop: Option<Vec<Pos>>,
    /// In the SVG: draw N times larger.
    #[arg(long, requires = "svg", value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..))]
    pub zoom: u32,
}

/// Parses an algorithm by its [`Algorithm::name`], listing the names in `--help` and errors.
pub fn algorithm_parser() -> impl TypedValueParser<Value = Algorithm> {
    PossibleValuesParser::new(Algorithm::ALL.map(Algorithm::name)).map(|name| {
        Algorithm::ALL.into_iter().find(|a| a.name() == name).expect("a possible value is a name")
    })
}

pub fn run(args: Args) -> ExitCode {
    let map = match args.view.load() {
        Ok(map) => map,
        Err(code) => return code,
    };
    if let Some(path) = &args.svg {
        return write_svg(&args, &map, path);
    }
    let (at, radius) = (args.view.at, args.view.radius);
    let cells = sightline::fov::reference::candidate_cells(map.width(), map.height(), at, radius);
    if args.algo == Algorithm::Reference && cells > super::bench::REFERENCE_VIEW_LIMIT {
        let limit = super::bench::REFERENCE_VIEW_LIMIT;
        let r = sightline::fov::reference::largest_radius_within(map.width(), map.height(), at, limit);
        let lead = "this will take a while (Ctrl-C stops it)";
        super::report!("{}", super::bench::too_large_for_the_reference(lead, cells, r));
    }
    let mut fov = Fov::new(map.width(), map.height());
    args.algo.compute(at, radius, &map, &mut fov);
    let text = if args.mask { mask(&map, &fov) } else { picture(&map, &fov, args.view.at) };
    let mut out = std::io::stdout().lock();
    super::finish(out.write_all(text.as_bytes()).and_then(|()| out.flush()), ExitCode::SUCCESS)
}

/// `--svg`: the picture [`sightline::picture::svg`] draws of this view, streamed to the file.
///
/// A picture of more than [`MAX_CELLS`](sightline::picture::MAX_CELLS) cells is refused before
/// anything is computed or any file touched (a whole 4096×4096 map would be over a gigabyte of
/// SVG): the message says to crop. A regular file (or a new one) is written whole or not at all
/// ([`save_svg`](sightline::picture::save_svg)): a failed write (a full disk) leaves what was
/// at the path as it was. A device or a named pipe (`/dev/stdout`, a shell's `>(...)`) is
/// written to directly, as a shell's redirection would.
fn write_svg(args: &Args, map: &Map, path: &Path) -> ExitCode {
    use sightline::picture;
    let mut scene = picture::Scene::new(map, args.view.at);
    scene.radius = args.view.radius;
    scene.algorithm = args.algo;
    scene.internals = args.internals;
    scene.diamonds = args.diamonds;
    scene.crop = args.crop.as_deref().map(|c| (c[0], c[1]));
    scene.zoom = args.zoom;
    if let Err(e) = scene.check_size() {
        super::report!("sightline: not writing {}: {e}", super::shown_path(path));
        return ExitCode::from(super::USAGE);
    }
    let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir());
    let written = if special {
        std::fs::File::create(path).and_then(|file| {
            let mut out = std::io::BufWriter::new(file);
            picture::write_svg(&scene, &mut out)?;
            out.flush()
        })
    } else {
        picture::save_svg(&scene, path)
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // (the error may name the temporary file beside it, a name with the same characters)
            let why = sightline::map::terminal_text(&e.to_string()).into_owned();
            super::report!("sightline: cannot write {}: {why}", super::shown_path(path));
            ExitCode::from(super::USAGE)
        }
    }
}

/// `1` for visible, `0` for not: one line per row, every line `width` characters.
fn mask(map: &Map, fov: &Fov) -> String {
    let mut s = String::with_capacity((map.width() + 1) * map.height());
    for y in 0..map.height() {
        for x in 0..map.width() {
            s.push(if fov.is_visible(Pos::new(x as i32, y as i32)) { '1' } else { '0' });
        }
        s.push('\n');
    }
    s
}

/// The map as the viewer sees it: the viewer as `@`, a visible monster or item by its glyph,
/// other visible cells by their terrain's glyph, unseen cells blank (trailing blanks trimmed).
fn picture(map: &Map, fov: &Fov, viewer: Pos) -> String {
    let mut rows: Vec<Vec<char>> = (0..map.height())
        .map(|y| {
            (0..map.width())
                .map(|x| {
                    let p = Pos::new(x as i32, y as i32);
                    if fov.is_visible(p) { map.tile(p).glyph() } else { ' ' }
                })
                .collect()
        })
        .collect();
    let glyphs = map.items.iter().map(|i| (i.pos, i.kind.glyph()));
    let glyphs = glyphs.chain(map.monsters.iter().map(|m| (m.pos, m.kind.glyph())));
    for (p, g) in glyphs.chain(std::iter::once((viewer, '@'))) {
        if map.contains(p) && (fov.is_visible(p) || p == viewer) {
            rows[p.y as usize][p.x as usize] = g;
        }
    }
    let mut s = String::new();
    for row in rows {
        s.extend(row);
        s.truncate(s.trim_end_matches(' ').len());
        s.push('\n');
    }
    s
}
