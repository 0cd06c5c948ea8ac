//! Field of view: which cells a viewer sees, exactly as the visibility contract defines it.
//!
//! Two algorithms answer the same question: [`multicast`], the fast one everything uses, and
//! [`reference`](mod@reference), the slow obvious one it is tested against, cell for cell.
//! Both write into a [`Fov`], a reusable output buffer the size of the area that may be lit:
//! the area they compute the view over, whatever the world's size, so a buffer is sized to its
//! world ([`Fov`] says what another size gives).
//!
//! ```
//! use sightline::{Map, Pos, fov::Fov};
//! let map = Map::open(20, 10);
//! let mut view = Fov::for_map(&map);
//! map.fov(Pos::new(3, 4), Some(8), &mut view);
//! assert!(view.is_visible(Pos::new(10, 4)));
//! // any grid works: a closure says what is opaque (outside the buffer's area always is)
//! let pillar = |p: Pos| p == Pos::new(5, 4);
//! sightline::fov::multicast::compute(Pos::new(3, 4), None, &pillar, &mut view);
//! assert!(!view.is_visible(Pos::new(7, 4)));
//! ```
//!
//! The geometry both answer to (the visibility contract) and how the multicast works, step by
//! step and why it is exact, are taught in the [crate] documentation; [`multicast`]'s page lists
//! the shortcuts its code takes. [`multicast::trace`] records what happened to every cell (lit,
//! on the edge of a shadow, culled, never looked at) and its ring, for the lab.

mod buffer;
pub mod multicast;
pub mod reference;

pub use buffer::{Fov, MAX_SIDE};
pub(crate) use buffer::{mark_pair, row_reach};

use crate::geometry::{Opacity, Pos};
use crate::map::Map;

/// The FOV algorithms sightline ships, for callers that choose at run time (the CLI, the lab).
///
/// # Examples
///
/// ```
/// use sightline::{Pos, fov::{Algorithm, Fov}};
/// let wall = |p: Pos| p.x == 4 && p.y != 2; // a wall with one opening at (4,2)
/// let mut views = Algorithm::ALL.map(|_| Fov::new(9, 5));
/// for (algo, view) in Algorithm::ALL.into_iter().zip(&mut views) {
///     algo.compute(Pos::new(1, 2), None, &wall, view);
/// }
/// let [a, b] = &views;
/// let mut cells = [a.cells().to_vec(), b.cells().to_vec()];
/// cells.iter_mut().for_each(|c| c.sort());
/// assert_eq!(cells[0], cells[1]); // the same answer, cell for cell
/// assert_eq!(Algorithm::Reference.name(), "reference");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// [`multicast`]: the fast one.
    Multicast,
    /// [`reference`](mod@reference): the slow obvious one.
    Reference,
}

impl Algorithm {
    /// Both algorithms, multicast first.
    pub const ALL: [Algorithm; 2] = [Algorithm::Multicast, Algorithm::Reference];

    /// The name the command line uses (`multicast`, `reference`).
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Multicast => "multicast",
            Algorithm::Reference => "reference",
        }
    }

    /// Computes the field of view of a viewer at `origin` into `out` with this algorithm; both
    /// give the same answer, cell for cell.
    pub fn compute(self, origin: Pos, radius: Option<u32>, world: &(impl Opacity + ?Sized), out: &mut Fov) {
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

/// Whether cell `p` is a candidate for a viewer at `origin` with `radius`: the contract's radius
/// rule, `dx² + dy² <= R²` between cell centres.
///
/// ```
/// use sightline::{Pos, fov::in_radius};
/// let o = Pos::new(0, 0);
/// assert!(in_radius(o, Pos::new(3, 4), Some(5)));
/// assert!(!in_radius(o, Pos::new(3, 4), Some(4)));
/// assert!(in_radius(o, Pos::new(1000, 0), None)); // unlimited
/// // Exact at the extremes of `i32`, too:
/// assert!(!in_radius(Pos::new(i32::MIN, i32::MIN), Pos::new(i32::MAX, i32::MAX), Some(u32::MAX)));
/// assert!(in_radius(Pos::new(i32::MIN, 0), Pos::new(i32::MAX, 0), Some(u32::MAX)));
/// ```
#[inline]
pub fn in_radius(origin: Pos, p: Pos, radius: Option<u32>) -> bool {
    // (in 128 bits: the squares of two i32 differences and of a u32 need up to 65 and 64 bits)
    let d = |a: i32, b: i32| (i128::from(a) - i128::from(b)).pow(2);
    radius.is_none_or(|r| d(origin.x, p.x) + d(origin.y, p.y) <= i128::from(r).pow(2))
}
