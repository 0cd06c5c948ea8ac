//! What the multicast did with each cell, in the four states of the algorithm's original
//! description, for the lab's overlay and the pictures.

use crate::fov::{Fov, in_radius, multicast};
use crate::geometry::{Opacity, Pos};

/// The state of one cell after a multicast run, as the original description of ray multicast
/// drew it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Internal {
    /// Never reached: beyond the radius, or behind cells that were all culled.
    NeverLooked,
    /// Looked at with nothing lit arriving: not visible, and never expanded.
    Culled,
    /// On the edge of an occluded area: some of the light reaching its square is blocked.
    Edge,
    /// Visible, all its light arriving unblocked.
    Visible,
}

impl Internal {
    pub const ALL: [Internal; 4] =
        [Internal::Visible, Internal::Edge, Internal::Culled, Internal::NeverLooked];

    /// The words the legends use.
    pub fn label(self) -> &'static str {
        match self {
            Internal::Visible => "visible",
            Internal::Edge => "edge of occluded area",
            Internal::Culled => "culled (never expanded)",
            Internal::NeverLooked => "never looked at",
        }
    }
}

/// The per-cell record of one field-of-view computation: each cell's [`Internal`] state, its
/// ring (Manhattan distance from the viewer: the step at which the breadth-first front reaches
/// it) and whether it ended visible.
#[derive(Clone, Debug, Default)]
pub struct Internals {
    width: usize,
    height: usize,
    states: Vec<Internal>,
    visible: Vec<bool>,
    origin: Pos,
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
    /// assert_eq!(trace.state(Pos::new(1, 0)), Internal::Visible);
    /// assert!(trace.visible(Pos::new(2, 0)));  // the wall is seen
    /// assert!(!trace.visible(Pos::new(4, 0))); // what lies behind it is not
    /// assert_eq!(trace.ring(Pos::new(4, 0)), 4);
    /// ```
    pub fn compute(
        origin: Pos,
        radius: Option<u32>,
        world: &impl Opacity,
        width: usize,
        height: usize,
    ) -> Self {
        let mut fov = Fov::new(width, height);
        multicast::compute(origin, radius, world, &mut fov);
        // Provisional: derived from the visible set, cell by cell in ring order, until the
        // multicast exposes its own per-cell trace. A cell not visible is on the edge when an
        // input (an axis neighbour one step toward the viewer) is visible, culled when an input
        // was at least looked at, and never looked at otherwise.
        let mut states = vec![Internal::NeverLooked; width * height];
        let mut visible = vec![false; width * height];
        let mut max_ring = 0;
        let idx = |p: Pos| {
            (p.x >= 0 && p.y >= 0 && (p.x as usize) < width && (p.y as usize) < height)
                .then(|| p.y as usize * width + p.x as usize)
        };
        let mut order: Vec<Pos> = (0..height as i32)
            .flat_map(|y| (0..width as i32).map(move |x| Pos::new(x, y)))
            .filter(|&p| in_radius(origin, p, radius))
            .collect();
        let ring = |p: Pos| p.x.abs_diff(origin.x) + p.y.abs_diff(origin.y);
        order.sort_by_key(|&p| ring(p));
        for p in order {
            let i = idx(p).expect("in the area");
            let state = if fov.is_visible(p) {
                visible[i] = true;
                Internal::Visible
            } else {
                let inputs = [
                    Pos::new(p.x - (p.x - origin.x).signum(), p.y),
                    Pos::new(p.x, p.y - (p.y - origin.y).signum()),
                ];
                let best = inputs
                    .into_iter()
                    .filter(|&q| q != p)
                    .filter_map(|q| idx(q).map(|j| states[j]))
                    .max()
                    .unwrap_or(Internal::NeverLooked);
                match best {
                    Internal::Visible => Internal::Edge,
                    Internal::Edge => Internal::Culled,
                    _ => Internal::NeverLooked,
                }
            };
            if state != Internal::NeverLooked {
                max_ring = max_ring.max(ring(p));
            }
            states[i] = state;
        }
        Internals { width, height, states, visible, origin, max_ring }
    }

    fn index(&self, p: Pos) -> Option<usize> {
        (p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height)
            .then(|| p.y as usize * self.width + p.x as usize)
    }

    /// The state of `p`; never looked at outside the area.
    pub fn state(&self, p: Pos) -> Internal {
        self.index(p).map_or(Internal::NeverLooked, |i| self.states[i])
    }

    /// Whether `p` ended visible.
    pub fn visible(&self, p: Pos) -> bool {
        self.index(p).is_some_and(|i| self.visible[i])
    }

    /// The ring of `p`: its Manhattan distance from the viewer.
    pub fn ring(&self, p: Pos) -> u32 {
        p.x.abs_diff(self.origin.x) + p.y.abs_diff(self.origin.y)
    }

    /// The largest ring holding a cell that was looked at: step mode is complete at this ring.
    pub fn max_ring(&self) -> u32 {
        self.max_ring
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }
}
