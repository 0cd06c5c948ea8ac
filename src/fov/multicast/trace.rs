//! Watching the multicast: the [`Observer`] the scan tells about every cell it decides, and
//! the [`Trace`] that records those decisions for the lab and the docs' pictures.

use crate::geometry::Pos;

/// What the multicast did with one cell.
///
/// Ordered from "knows least" to "most lit": an axis cell is scanned by two quadrants, and the
/// trace keeps the larger of the two states.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CellState {
    /// Never looked at: beyond the radius, or no input of it carried any light.
    #[default]
    NeverLooked,
    /// An input carried light, but none of it enters this square. Each cell's light says which
    /// of its two children it reaches, so the scan culls such a cell without looking at it (or,
    /// rarely, looks and finds its input empty). Its children get nothing from it.
    Culled,
    /// Lit, but an obscurity boundary passes inside the angle of its square: its input is a
    /// proper part of that angle (a few intervals, maybe a single hairline ray).
    Edge,
    /// Its whole square is lit: every direction of its angle arrives unblocked.
    Lit,
}

/// One cell of a [`Trace`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TraceCell {
    /// What the multicast did with the cell.
    pub state: CellState,
    /// Manhattan distance from the viewer: the step at which a ring-by-ring scan reaches it.
    pub ring: u32,
    /// Whether the cell ended visible.
    pub visible: bool,
}

/// The per-cell record of one traced multicast (see [`trace()`](super::trace())), the size of the
/// area.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    width: usize,
    height: usize,
    cells: Vec<TraceCell>,
}

impl Trace {
    /// Clears the record and sizes it to a `width × height` area.
    ///
    /// # Panics
    ///
    /// If `width * height` overflows `usize` (as [`Fov::new`](crate::fov::Fov::new) refuses such
    /// an area), before changing anything.
    pub fn reset(&mut self, width: usize, height: usize) {
        let cells = width.checked_mul(height).expect("a trace area too large to address");
        self.width = width;
        self.height = height;
        self.cells.clear();
        self.cells.resize(cells, TraceCell::default());
    }

    /// The record of `p`; the default (never looked at) outside the area.
    pub fn get(&self, p: Pos) -> TraceCell {
        self.index(p).map(|i| self.cells[i]).unwrap_or_default()
    }

    /// The width of the recorded area.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The height of the recorded area.
    pub fn height(&self) -> usize {
        self.height
    }

    fn index(&self, p: Pos) -> Option<usize> {
        (p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height)
            .then(|| p.y as usize * self.width + p.x as usize)
    }
}

/// Watches the multicast: told about every cell it looks at. [`Trace`] implements it, to record
/// a run of [`trace()`](super::trace()), and `()`, which the plain [`compute`](super::compute)
/// uses: it does nothing and compiles to nothing.
///
/// Sealed: those two are all there is, and no public function takes another observer; it is
/// named here as what the scan is written against. To watch a run, call
/// [`trace()`](super::trace()) and read the [`Trace`]. (Calling [`Observer::cell`] on a trace
/// by hand writes into its record.)
///
/// ```compile_fail
/// use sightline::{Pos, fov::multicast::{CellState, Observer}};
/// struct Counter(usize);
/// impl Observer for Counter {
///     fn cell(&mut self, _: Pos, _: u32, _: CellState, _: bool) {
///         self.0 += 1;
///     }
/// }
/// ```
pub trait Observer: sealed::Sealed {
    /// Whether the observer wants to hear anything: `()` does not, so the scan does not even
    /// work out what to tell it.
    const WATCHES: bool = true;

    /// The multicast decided `state` (and whether it is visible) for cell `p` of ring `ring`.
    fn cell(&mut self, p: Pos, ring: u32, state: CellState, visible: bool);
}

impl Observer for () {
    const WATCHES: bool = false;

    #[inline(always)]
    fn cell(&mut self, _: Pos, _: u32, _: CellState, _: bool) {}
}

impl Observer for Trace {
    fn cell(&mut self, p: Pos, ring: u32, state: CellState, visible: bool) {
        if let Some(i) = self.index(p) {
            let c = &mut self.cells[i];
            c.state = c.state.max(state);
            c.ring = ring;
            c.visible |= visible;
        }
    }
}

/// What keeps [`Observer`] to the implementations above: a trait no one outside the crate can
/// name, so none can implement it.
mod sealed {
    pub trait Sealed {}
    impl Sealed for () {}
    impl Sealed for super::Trace {}
}
