//! Pictures of what a viewer sees: SVG files for documentation and bug reports.
//!
//! A picture is drawn from a [`Scene`]: a map, a viewer, a radius and the algorithm, plus the
//! optional layers a reader asks for (the multicast's internal state per cell, the diamonds and
//! seals that block sight, a DDA walk). [`svg`](fn@svg) turns it into a self-contained SVG document;
//! the same scene always gives the same bytes, so pictures can be committed and checked.
//!
//! This module is library code: it depends on [`crate::geometry`], [`crate::map`],
//! [`crate::fov`] and [`crate::dda`] only, and builds without the terminal crates.

mod internals;
mod svg;

pub use internals::{Internal, Internals};
pub use svg::{CELL_PX, first_blocker, svg};

use crate::fov::Algorithm;
use crate::geometry::Pos;
use crate::map::Map;

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
    /// Draw the multicast's state per cell (visible, edge, culled, never looked at).
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

    /// The title the picture carries.
    pub fn title_text(&self) -> String {
        if let Some(t) = &self.title {
            return t.clone();
        }
        let name = if self.map.meta.name.is_empty() { "map" } else { &self.map.meta.name };
        let radius = match self.radius {
            Some(r) => format!("radius {r}"),
            None => "unlimited radius".to_string(),
        };
        format!("{name}: field of view from {}, {radius} ({})", self.viewer, self.algorithm.name())
    }
}
