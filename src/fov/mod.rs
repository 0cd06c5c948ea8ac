//! Field of view: which cells a viewer sees, exactly as the visibility contract defines it.
//!
//! Two algorithms answer the same question: [`multicast`], the fast one everything uses, and
//! [`reference`], the slow obvious one it is tested against. Both write into a [`Fov`], a
//! reusable output buffer the size of the area that may be lit.

pub mod multicast;
pub mod reference;

use crate::geometry::{Opacity, Pos};
use crate::map::Map;

/// The cells visible from one viewer: a reusable output buffer.
///
/// The buffer covers the area `0 <= x < width, 0 <= y < height`; nothing outside it is ever lit.
/// Resetting it for the next call clears only the cells the last call lit, so a small radius on a
/// huge map costs what the radius costs, not what the map costs.
#[derive(Clone, Debug, Default)]
pub struct Fov {
    width: usize,
    height: usize,
    visible: Vec<bool>,
    lit: Vec<Pos>,
    origin: Pos,
    radius: Option<u32>,
    /// The multicast's working memory, reused from call to call.
    scratch: multicast::Scratch,
}

impl Fov {
    /// An empty buffer for a `width × height` area.
    pub fn new(width: usize, height: usize) -> Self {
        Fov { width, height, visible: vec![false; width * height], ..Fov::default() }
    }

    /// An empty buffer the size of `map`.
    pub fn for_map(map: &Map) -> Self {
        Fov::new(map.width(), map.height())
    }

    /// Clears the buffer and records the viewer for the next computation. Allocation-free once
    /// the buffer has held a view of this size.
    pub fn reset(&mut self, origin: Pos, radius: Option<u32>) {
        for p in self.lit.drain(..) {
            self.visible[p.y as usize * self.width + p.x as usize] = false;
        }
        self.origin = origin;
        self.radius = radius;
    }

    /// Changes the area; clears everything.
    pub fn resize(&mut self, width: usize, height: usize) {
        self.lit.clear();
        self.visible.clear();
        self.visible.resize(width * height, false);
        self.width = width;
        self.height = height;
    }

    /// Marks `p` visible; ignores cells outside the area and cells already marked.
    #[inline]
    pub fn mark(&mut self, p: Pos) {
        if p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height {
            let i = p.y as usize * self.width + p.x as usize;
            if !self.visible[i] {
                self.visible[i] = true;
                self.lit.push(p);
            }
        }
    }

    /// Whether `p` is visible (never, outside the area).
    #[inline]
    pub fn is_visible(&self, p: Pos) -> bool {
        p.x >= 0
            && p.y >= 0
            && (p.x as usize) < self.width
            && (p.y as usize) < self.height
            && self.visible[p.y as usize * self.width + p.x as usize]
    }

    /// The visible cells, each once, in the order they were found.
    pub fn cells(&self) -> &[Pos] {
        &self.lit
    }

    /// How many cells are visible.
    pub fn len(&self) -> usize {
        self.lit.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lit.is_empty()
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The viewer of the last computation.
    pub fn origin(&self) -> Pos {
        self.origin
    }

    /// The radius of the last computation (`None`: unlimited).
    pub fn radius(&self) -> Option<u32> {
        self.radius
    }
}

/// The FOV algorithms sightline ships, for callers that choose at run time (the CLI, the lab).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    Multicast,
    Reference,
}

impl Algorithm {
    pub const ALL: [Algorithm; 2] = [Algorithm::Multicast, Algorithm::Reference];

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Multicast => "multicast",
            Algorithm::Reference => "reference",
        }
    }

    /// Computes the field of view of a viewer at `origin` into `out` with this algorithm; both
    /// give the same answer, cell for cell.
    pub fn compute(self, origin: Pos, radius: Option<u32>, world: &impl Opacity, out: &mut Fov) {
        match self {
            Algorithm::Multicast => multicast::compute(origin, radius, world, out),
            Algorithm::Reference => reference::compute(origin, radius, world, out),
        }
    }
}

impl Map {
    /// The field of view from `origin` on this map, computed by [`multicast`] into `out` (which
    /// is resized to the map if it is not already its size).
    pub fn fov(&self, origin: Pos, radius: Option<u32>, out: &mut Fov) {
        if out.width() != self.width() || out.height() != self.height() {
            out.resize(self.width(), self.height());
        }
        multicast::compute(origin, radius, self, out);
    }
}

/// Whether cell `p` is a candidate for a viewer at `origin` with `radius` (contract rule 2).
#[inline]
pub fn in_radius(origin: Pos, p: Pos, radius: Option<u32>) -> bool {
    radius.is_none_or(|r| origin.dist2(p) <= i64::from(r) * i64::from(r))
}
