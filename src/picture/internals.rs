//! What the multicast did with each cell, in the four states of the algorithm's original
//! description, for the lab's overlay and the pictures.

use crate::fov::Fov;
use crate::fov::multicast::{self, CellState, Trace};
use crate::geometry::{Opacity, Pos};

/// The state of one cell after a multicast run, as the original description of ray multicast
/// drew it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Internal {
    /// Never reached: beyond the radius, or past the end of the light in its row.
    NeverLooked,
    /// Looked at with nothing lit arriving: not visible, and never expanded (its children get
    /// nothing from it).
    Culled,
    /// On the edge of an occluded area: lit, but an obscurity boundary passes inside the angle
    /// of its square (it may or may not end visible: [`Internals::visible`] says which).
    Edge,
    /// Its whole square lit: every direction of its angle arrives unblocked (so it ends
    /// visible). Not the same as visible: an [`Edge`](Internal::Edge) cell may end visible too.
    LitWhole,
}

impl Internal {
    /// Every state, from most lit to least.
    pub const ALL: [Internal; 4] =
        [Internal::LitWhole, Internal::Edge, Internal::Culled, Internal::NeverLooked];

    /// The words the legends use.
    pub fn label(self) -> &'static str {
        match self {
            Internal::LitWhole => "lit whole",
            Internal::Edge => "edge of occluded area",
            Internal::Culled => "culled (never expanded)",
            Internal::NeverLooked => "never looked at",
        }
    }
}

/// The per-cell record of one multicast run, read from [`multicast::trace`]: each cell's
/// [`Internal`] state, its ring (Manhattan distance from the viewer: the step at which a
/// breadth-first expansion reaches it; the scan itself goes row by row, to the same states) and
/// whether it ended visible.
#[derive(Clone, Debug, Default)]
pub struct Internals {
    trace: Trace,
    fov: Fov,
    max_ring: u32,
}

impl Internals {
    /// Runs the multicast from `origin` over a `width × height` area of `world` and records
    /// what it did with every cell.
    ///
    /// ```
    /// use sightline::{Pos, picture::{Internal, Internals}};
    /// // A wall at (2, 0) in a 5×1 corridor, viewer at its west end.
    /// let world = |p: Pos| p == Pos::new(2, 0);
    /// let trace = Internals::compute(Pos::new(0, 0), None, &world, 5, 1);
    /// assert_eq!(trace.state(Pos::new(1, 0)), Internal::LitWhole);
    /// assert!(trace.visible(Pos::new(2, 0)));  // the wall is seen
    /// assert!(!trace.visible(Pos::new(4, 0))); // what lies behind it is not
    /// assert_eq!(trace.ring(Pos::new(4, 0)), 4);
    /// ```
    pub fn compute(
        origin: Pos,
        radius: Option<u32>,
        world: &(impl Opacity + ?Sized),
        width: usize,
        height: usize,
    ) -> Self {
        let mut fov = Fov::new(width, height);
        let mut trace = Trace::default();
        multicast::trace(origin, radius, world, &mut fov, &mut trace);
        let mut max_ring = 0;
        for y in 0..height as i32 {
            for x in 0..width as i32 {
                let c = trace.get(Pos::new(x, y));
                if c.state != CellState::NeverLooked {
                    max_ring = max_ring.max(c.ring);
                }
            }
        }
        Internals { trace, fov, max_ring }
    }

    /// The state of `p`; never looked at outside the area.
    pub fn state(&self, p: Pos) -> Internal {
        match self.trace.get(p).state {
            CellState::NeverLooked => Internal::NeverLooked,
            CellState::Culled => Internal::Culled,
            CellState::Edge => Internal::Edge,
            CellState::Lit => Internal::LitWhole,
        }
    }

    /// Whether `p` ended visible.
    pub fn visible(&self, p: Pos) -> bool {
        self.fov.is_visible(p)
    }

    /// The ring of `p`: its Manhattan distance from the viewer.
    pub fn ring(&self, p: Pos) -> u32 {
        let o = self.fov.origin();
        p.x.abs_diff(o.x) + p.y.abs_diff(o.y)
    }

    /// The largest ring holding a cell that was looked at: step mode is complete at this ring.
    pub fn max_ring(&self) -> u32 {
        self.max_ring
    }

    /// The width of the recorded area.
    pub fn width(&self) -> usize {
        self.trace.width()
    }

    /// The height of the recorded area.
    pub fn height(&self) -> usize {
        self.trace.height()
    }
}
