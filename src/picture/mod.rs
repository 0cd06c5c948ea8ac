//! Pictures of what a viewer sees: SVG files for documentation and bug reports.
//!
//! A picture is drawn from a [`Scene`]: a map, a viewer, a radius and the algorithm, plus the
//! optional layers a reader asks for (the multicast's internal state per cell, the diamonds and
//! seals that block sight, a DDA walk). [`svg`](fn@svg) turns it into a self-contained SVG document;
//! the same scene always gives the same bytes, so pictures can be committed and checked.
//! [`write_svg`] streams the same bytes into a writer, and [`save_svg`] into a file, whole or
//! not at all.
//!
//! A picture's size grows with the cells it shows, to over a gigabyte for a 4096×4096 map, which
//! no viewer opens: [`save_svg`] refuses a picture of more than [`MAX_CELLS`] cells
//! ([`Scene::check_size`]), and a crop ([`Scene::crop`]) draws a part of a large map.
//!
//! This module is library code: it depends on [`crate::geometry`], [`crate::map`],
//! [`crate::fov`] and [`crate::dda`] only, and builds without the terminal crates.

mod internals;
mod svg;

pub use internals::{Internal, Internals};
pub use svg::{CELL_PX, first_blocker, svg, write_svg};

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, BufWriter};
use std::path::Path;

use crate::fov::Algorithm;
use crate::geometry::Pos;
use crate::map::Map;

/// The most cells a picture [`save_svg`] writes may show (its crop's, or the whole map's): half a
/// million, a 700×700 close-up, ten times the largest bundled map.
///
/// The SVG takes at most about 65 bytes a cell shown without the optional layers (a map where
/// no two neighbours look alike, a checkerboard of walls and floor: one rectangle a cell), and
/// up to about 136 with `diamonds` (a solid block of walls: a diamond and two seals a cell; 96 on
/// the checkerboard, 114 on stripes of wall); `internals` added at most 9 bytes a cell on the
/// maps measured (its mark takes about 95 on a cell on the edge of a shadow or culled, but few
/// cells are). So a picture within the limit is at most about 33 MB plain and 68 MB with every
/// layer on the maps measured; a whole 4096×4096 map would be 1.1 to 2.3 GB.
pub const MAX_CELLS: u64 = 500_000;

/// Why a picture is not drawn: it would show more than [`MAX_CELLS`] cells. Its message says
/// how many and what to do (crop).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The columns of cells the picture would show.
    pub width: u64,
    /// The rows of cells the picture would show.
    pub height: u64,
}

impl TooLarge {
    /// The cells the picture would show.
    pub fn cells(&self) -> u64 {
        self.width * self.height
    }
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a picture of {}x{} cells ({}) is more than the {MAX_CELLS} cells a picture may show; \
             draw a part of the map with --crop X0,Y0 X1,Y1 (such as 700x700 cells)",
            self.width,
            self.height,
            self.cells()
        )
    }
}

impl std::error::Error for TooLarge {}

/// Writes the picture of `scene` to the file at `path`, whole or not at all: streamed (in
/// bounded memory) into a temporary file beside it, which then replaces it. A picture of more
/// than [`MAX_CELLS`] cells is refused ([`Scene::check_size`]; the error's kind is
/// `InvalidInput` and it carries the [`TooLarge`]) before any file is touched, and when a write
/// fails (a full disk) the temporary file is removed: either way whatever was at `path` is left
/// as it was.
///
/// Only a regular file is written: a new one, or one that replaces the regular file at `path`
/// (the file a symbolic link leads to, the link kept), with its permissions. A directory, a
/// device or a named pipe at `path` is an error, and so is a read-only file. (To write to
/// a device or a pipe, such as `/dev/stdout`, stream [`write_svg`] into it.)
///
/// ```
/// use sightline::{Map, Pos, picture::{Scene, save_svg, svg}};
/// let dir = std::env::temp_dir().join(format!("sightline-doc-save-svg-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let map = Map::open(6, 4);
/// let scene = Scene::new(&map, Pos::new(2, 1));
/// save_svg(&scene, &dir.join("view.svg")).unwrap();
/// assert_eq!(std::fs::read_to_string(dir.join("view.svg")).unwrap(), svg(&scene));
///
/// let big = Map::open(1000, 1000);
/// let err = save_svg(&Scene::new(&big, Pos::new(0, 0)), &dir.join("big.svg")).unwrap_err();
/// assert!(err.to_string().contains("--crop"));
/// assert!(!dir.join("big.svg").exists());
/// # std::fs::remove_dir_all(dir).unwrap();
/// ```
pub fn save_svg(scene: &Scene<'_>, path: &Path) -> io::Result<()> {
    scene.check_size().map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    // Through symbolic links: the file a link leads to is replaced, not the link.
    let target = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let permissions = match fs::metadata(&target) {
        Ok(m) if m.is_dir() => {
            return Err(io::Error::new(io::ErrorKind::IsADirectory, "is a directory"));
        }
        Ok(m) if !m.is_file() => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a regular file (a device or a named pipe)",
            ));
        }
        Ok(m) if m.permissions().readonly() => {
            return Err(io::Error::new(io::ErrorKind::PermissionDenied, "the file is read-only"));
        }
        Ok(m) => Some(m.permissions()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not the name of a file"))?;
    let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    crate::safe_file::remove_stale_temporaries(dir, &name.to_string_lossy());
    let mut tmp_name = OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = dir.join(tmp_name);
    // `create_new`: never opens (or waits on) what may already be there.
    let file = OpenOptions::new().write(true).create_new(true).open(&tmp).map_err(|e| {
        io::Error::new(e.kind(), format!("{e} (making the temporary file {})", tmp.display()))
    })?;
    let written = (|| {
        if let Some(p) = permissions {
            file.set_permissions(p)?;
        }
        let mut out = BufWriter::new(file);
        write_svg(scene, &mut out)?;
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        file.sync_all()?;
        drop(file); // (closed before the rename, which some systems refuse on an open file)
        fs::rename(&tmp, &target)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written
}

/// Everything a picture shows.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    /// The terrain.
    pub map: &'a Map,
    /// The viewer's cell (any cell, walls included).
    pub viewer: Pos,
    /// The FOV radius; `None` is unlimited.
    pub radius: Option<u32>,
    /// Which algorithm computes the field of view drawn.
    pub algorithm: Algorithm,
    /// Draw the multicast's state per cell (lit whole, edge, culled, never looked at), whatever
    /// `algorithm` draws the view: the title says so when that is another algorithm.
    pub internals: bool,
    /// Draw the open diamond of every opaque cell and the seals between opaque neighbours.
    pub diamonds: bool,
    /// Draw the DDA walk `dda::cells(viewer, target)` and the segment between the centres.
    pub walk_to: Option<Pos>,
    /// The title line; `None` makes one from the map's name, the viewer and the radius.
    pub title: Option<String>,
    /// Show only the cells between these two corners (inclusive, in any order), for a
    /// close-up; `None` shows the whole map. The view is still computed on the whole map.
    pub crop: Option<(Pos, Pos)>,
    /// Draw this many times larger (the picture's size only; 0 and 1 are the normal 16 px a
    /// cell).
    pub zoom: u32,
}

impl<'a> Scene<'a> {
    /// The plain field of view from `viewer` on `map` with the map's own sight radius, computed
    /// by multicast, with no optional layer.
    ///
    /// ```
    /// use sightline::{Map, Pos, picture::Scene};
    /// let map = Map::open(5, 4);
    /// let scene = Scene::new(&map, Pos::new(1, 1));
    /// assert_eq!(scene.radius, None);
    /// assert!(!scene.internals && !scene.diamonds);
    /// ```
    pub fn new(map: &'a Map, viewer: Pos) -> Self {
        Scene {
            map,
            viewer,
            radius: map.meta.sight_radius,
            algorithm: Algorithm::Multicast,
            internals: false,
            diamonds: false,
            walk_to: None,
            title: None,
            crop: None,
            zoom: 1,
        }
    }

    /// The columns and rows of cells the picture shows: the crop's, cut to the map, or the
    /// whole map's.
    ///
    /// ```
    /// use sightline::{Map, Pos, picture::Scene};
    /// let map = Map::open(50, 40);
    /// let mut scene = Scene::new(&map, Pos::new(1, 1));
    /// assert_eq!(scene.size_in_cells(), (50, 40));
    /// scene.crop = Some((Pos::new(45, 0), Pos::new(60, 9)));
    /// assert_eq!(scene.size_in_cells(), (5, 10));
    /// ```
    pub fn size_in_cells(&self) -> (u64, u64) {
        svg::shown_cells(self)
    }

    /// Whether the picture is small enough to write: at most [`MAX_CELLS`] cells
    /// ([`size_in_cells`](Self::size_in_cells)). The error says how many it would show and how
    /// to draw a part (`--crop`).
    ///
    /// ```
    /// use sightline::{Map, Pos, picture::Scene};
    /// let map = Map::open(1000, 1000);
    /// let mut scene = Scene::new(&map, Pos::new(1, 1));
    /// let err = scene.check_size().unwrap_err();
    /// assert_eq!(err.cells(), 1_000_000);
    /// scene.crop = Some((Pos::new(0, 0), Pos::new(699, 699)));
    /// assert!(scene.check_size().is_ok());
    /// ```
    pub fn check_size(&self) -> Result<(), TooLarge> {
        let (width, height) = self.size_in_cells();
        if width * height > MAX_CELLS { Err(TooLarge { width, height }) } else { Ok(()) }
    }

    /// The title the picture carries: the map's name, the viewer, the radius and the algorithm
    /// whose view is drawn, and, where the internals layer is drawn over another algorithm's
    /// view, that those states are the multicast's (only the multicast has them).
    ///
    /// ```
    /// use sightline::{Map, Pos, fov::Algorithm, picture::Scene};
    /// let map = Map::open(5, 4);
    /// let mut scene = Scene::new(&map, Pos::new(1, 1));
    /// scene.algorithm = Algorithm::Reference;
    /// assert!(scene.title_text().ends_with("unlimited radius (reference)"));
    /// scene.internals = true;
    /// assert!(scene.title_text().ends_with("(reference; internal states of the multicast)"));
    /// ```
    pub fn title_text(&self) -> String {
        if let Some(t) = &self.title {
            return t.clone();
        }
        let name = if self.map.meta.name.is_empty() { "map" } else { &self.map.meta.name };
        let radius = match self.radius {
            Some(r) => format!("radius {r}"),
            None => "unlimited radius".to_string(),
        };
        let whose = if self.internals && self.algorithm != Algorithm::Multicast {
            "; internal states of the multicast"
        } else {
            ""
        };
        format!("{name}: field of view from {}, {radius} ({}{whose})", self.viewer, self.algorithm.name())
    }
}
