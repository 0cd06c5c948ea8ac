//! The [`Fov`] buffer: which cells one view lit, and the routines the algorithms mark them with.
//!
//! Each cell keeps the number of the last view that lit it, so starting the next view costs
//! nothing for the cells of the last one. The marking routines (a cell, a run, a row, two rows
//! at once) are the multicast's innermost loops: each is written so that the compiler makes a
//! few stores of it, with no loop for the short rows of a small view, and is inlined into the
//! multicast's own loops, so a change here shows in the cost of every view.

use super::multicast;
#[cfg(doc)]
use crate::geometry::Opacity;
use crate::geometry::Pos;
use crate::map::Map;

/// The cells visible from one viewer: a reusable output buffer.
///
/// The buffer covers the area `0 <= x < width, 0 <= y < height`; nothing outside it is ever lit.
/// A world with negative coordinates (a chunk of an endless one, say) is looked at through a
/// translation: give the algorithm a world and a viewer shifted so that the chunk starts at
/// `(0, 0)`, and shift the visible cells back.
/// Every cell holds the number of the last view that lit it, and a cell is visible when that is
/// the current view: resetting the buffer for the next view only moves to the next number, so a
/// small radius on a huge map costs what the radius costs, not what the map costs. (Once every
/// 65,535 views the numbers start over and the area is swept once.)
///
/// # Sizing the buffer
///
/// The algorithms compute a view over the buffer's area and take its size from nothing else: a
/// world is only an [`Opacity`], which has no size (a closure has none), so nothing can check
/// the two against each other. Size the buffer to the world: `Fov::new(grid.width(),
/// grid.height())`, [`Fov::for_map`], or [`Fov::resize`] when the world changes size
/// ([`Map::fov`] resizes for you). A buffer of another size is not an error; it gives the view
/// of another area:
///
/// - larger than the world: the cells past the world's edge are part of the area and decided
///   like any other, from the world's answers for them, which the [`Opacity`] contract makes
///   "opaque": the view then holds the wall of outside cells along the world's edge (column
///   `x = width` and row `y = height` of the world, from a viewer that sees them);
/// - smaller: the view stops at the buffer's edge, as if walls stood just past it, and what the
///   world holds there is never seen;
/// - a viewer outside the area sees into it only from a cell next to it, and nothing from two
///   cells or more away.
///
/// ```
/// use sightline::{Grid, Pos, fov::{Fov, multicast}};
/// let world = Grid::new(20, 20, false); // open floor, 20×20
/// let mut fov = Fov::new(world.width(), world.height());
/// multicast::compute(Pos::new(10, 10), None, &world, &mut fov);
/// assert_eq!(fov.len(), 400); // the whole world
/// let mut larger = Fov::new(40, 40);
/// multicast::compute(Pos::new(10, 10), None, &world, &mut larger);
/// assert_eq!(larger.len(), 441); // and the outside's cells along x = 20 and y = 20, as walls
/// assert!(larger.is_visible(Pos::new(20, 3)));
/// let mut smaller = Fov::new(8, 8);
/// multicast::compute(Pos::new(10, 10), None, &world, &mut smaller);
/// assert!(smaller.is_empty()); // the viewer is two cells outside the area
/// ```
///
/// # Working memory
///
/// Besides the view, the buffer keeps [`multicast`](super::multicast)'s working memory from
/// call to call, so that a call allocates only where it needs more than the calls before it on
/// this buffer (or on the buffer it was cloned from) did. Each part grows with something of the
/// view, never with the area:
///
/// - with the view's radius (or, unlimited, how far the area reaches from the viewer): the
///   front of the scan (a quadrant's longest row), a table of the rows' lengths, and a list as
///   long as the longest row marked in one go;
/// - with the cells seen: the list of visible cells (at most the cells within the radius), and
///   a list of cells found one by one (at most 1,024 and a row);
/// - with the ground: the directions of light the scan hands from row to row, a few intervals
///   for each stretch of light between two shadow edges, in two rows at a time (and up to 512
///   of the rows before), and the intervals of one cell's input. The more broken up the light
///   is (more walls in sight, scattered), the more there are, at the same radius.
///
/// So a buffer is warm for the views it has met: warm it on views like the ones to come, at
/// the same radius over the same kind of ground, and they allocate nothing (the tests warm one
/// pass over a map's views, and then no view of that map allocates). Open ground warms little:
/// a view that is open floor out to its radius is marked a whole row at a time and uses none of
/// the scan's memory, so the first views among walls after such views still allocate. Nothing
/// is given back (until the buffer is dropped), and each list grows geometrically, as a `Vec`
/// does: the number of allocations follows the logarithm of the most the views have needed,
/// not the number of views, and they come early, or when the views meet rougher ground than
/// before. Nothing reserves it ahead from the radius: the shadow edges in a row grow with the
/// walls in sight, which a radius bounds only by all the cells within it, far more than views
/// need.
/// ([`reference`](mod@super::reference) keeps no working memory: it allocates as it decides
/// each wall.)
///
/// # Examples
///
/// ```
/// use sightline::{Pos, fov::{Fov, multicast}};
/// let open = |_: Pos| false;
/// let mut fov = Fov::new(10, 10);
/// for viewer in [Pos::new(0, 0), Pos::new(9, 9)] {
///     multicast::compute(viewer, Some(2), &open, &mut fov); // the same buffer each time
///     assert_eq!(fov.origin(), viewer);
/// }
/// // radius 2 from a corner: the cells with dx² + dy² <= 4 inside the area
/// assert_eq!(fov.len(), 6);
/// assert!(fov.cells().contains(&Pos::new(7, 9)) && !fov.is_visible(Pos::new(7, 8)));
/// assert!(!fov.is_visible(Pos::new(10, 9))); // outside the area: never
/// ```
#[derive(Default)]
pub struct Fov {
    width: usize,
    height: usize,
    /// Per cell, the number of the last view that lit it: visible iff it is `view`.
    stamps: Vec<u16>,
    /// The number of the current view, never 0 (the stamp of a cell no view has lit).
    view: u16,
    lit: Vec<Pos>,
    /// `(0, 0), (1, 0), (2, 0)…`: the offsets of a row's cells from its first, as long as the
    /// longest row marked so far, for [`Fov::mark_row`].
    steps: Vec<Pos>,
    /// How far each row of a view of radius `reaches_of` reaches either way of the viewer's
    /// column (`reaches[j]` for row `j` from the viewer's), for [`Fov::parts`].
    reaches: Vec<i32>,
    reaches_of: u32,
    origin: Pos,
    radius: Option<u32>,
    /// The multicast's working memory, reused from call to call.
    pub(super) scratch: multicast::Scratch,
}

/// The view, not the working memory: the area, the viewer, the radius and the visible cells,
/// the first 32 of them listed ([`Fov::cells`] has them all).
impl std::fmt::Debug for Fov {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown = self.lit.len().min(32);
        let mut out = f.debug_struct("Fov");
        out.field("width", &self.width)
            .field("height", &self.height)
            .field("origin", &self.origin)
            .field("radius", &self.radius)
            .field("len", &self.lit.len());
        if shown < self.lit.len() {
            out.field(
                "cells",
                &format_args!("{:?} … and {} more", &self.lit[..shown], self.lit.len() - shown),
            );
        } else {
            out.field("cells", &self.lit);
        }
        out.finish()
    }
}

/// A clone holds the same view and is as warm as the original: its next computation allocates
/// nothing the original's would not.
impl Clone for Fov {
    fn clone(&self) -> Fov {
        let mut lit = Vec::with_capacity(self.lit.capacity());
        lit.extend_from_slice(&self.lit);
        Fov {
            width: self.width,
            height: self.height,
            stamps: self.stamps.clone(),
            view: self.view,
            lit,
            steps: self.steps.clone(),
            reaches: self.reaches.clone(),
            reaches_of: self.reaches_of,
            origin: self.origin,
            radius: self.radius,
            scratch: self.scratch.clone(),
        }
    }
}

/// Two buffers are equal when they hold the same view: the same area, viewer and radius, and
/// the same visible cells, whatever order each found them in (the multicast and the reference
/// list them differently) and however warm each one's working memory is.
///
/// ```
/// use sightline::{Pos, fov::{Fov, multicast, reference}};
/// let pillar = |p: Pos| p == Pos::new(3, 2);
/// let (mut fast, mut slow) = (Fov::new(8, 5), Fov::new(8, 5));
/// multicast::compute(Pos::new(1, 2), None, &pillar, &mut fast);
/// reference::compute(Pos::new(1, 2), None, &pillar, &mut slow);
/// assert_eq!(fast, slow);
/// ```
impl PartialEq for Fov {
    fn eq(&self, other: &Fov) -> bool {
        (self.width, self.height, self.origin, self.radius)
            == (other.width, other.height, other.origin, other.radius)
            && self.lit.len() == other.lit.len()
            && self.lit.iter().all(|&p| other.is_visible(p))
    }
}

impl Eq for Fov {}

/// The longest side of a [`Fov`]'s area, `2^30 − 1` cells: the multicast works in doubled
/// coordinates relative to the viewer (who may stand a cell outside the area), `2·offset + 1`,
/// and those must fit an `i32`.
pub const MAX_SIDE: usize = (1 << 30) - 1;

/// The number of cells of a `width × height` area, checked to be addressable as stamps: see the
/// panics of [`Fov::new`].
fn area(width: usize, height: usize) -> usize {
    let side = MAX_SIDE;
    width
        .checked_mul(height)
        .filter(|&n| n <= isize::MAX as usize / std::mem::size_of::<u16>() && width <= side && height <= side)
        .unwrap_or_else(|| panic!("a {width}x{height} Fov area is too large to address"))
}

impl Fov {
    /// An empty buffer for a `width × height` area: the area views are computed over, as a rule
    /// the world's size (see [sizing the buffer](Fov#sizing-the-buffer): a larger area shows the
    /// world's outside as walls, a smaller one cuts the view).
    ///
    /// # Panics
    ///
    /// If the area is too large to address: a side is longer than [`MAX_SIDE`], `2^30 − 1`
    /// cells (the multicast's doubled coordinates would overflow), `width * height` overflows
    /// `usize`, or its stamps (two bytes a cell) would pass `isize::MAX` bytes, the most any
    /// allocation may hold. A
    /// wrapped product would make a buffer smaller than its sides, which would then panic (or
    /// answer wrongly) on the first cell asked about; this fails at once instead, the way
    /// `Vec::with_capacity` does. An area that can be addressed but not held fails the way `vec!`
    /// does.
    pub fn new(width: usize, height: usize) -> Self {
        Fov { width, height, stamps: vec![0; area(width, height)], view: 1, ..Fov::default() }
    }

    /// An empty buffer the size of `map`: the area its views need.
    pub fn for_map(map: &Map) -> Self {
        Fov::new(map.width(), map.height())
    }

    /// Starts a new, empty view from `origin` within `radius`, which the caller then marks with
    /// [`Fov::mark`]: the algorithms start their views with it, and so can a view of another
    /// making (see [`Fov::mark`]). The area and the working memory stay; never allocates.
    pub fn reset(&mut self, origin: Pos, radius: Option<u32>) {
        self.lit.clear();
        self.view = self.view.wrapping_add(1);
        if self.view == 0 {
            // the numbers start over: no stale stamp may look current
            self.stamps.fill(0);
            self.view = 1;
        }
        self.origin = origin;
        self.radius = radius;
    }

    /// Changes the area; clears everything: no cell is visible, and [`Fov::origin`] and
    /// [`Fov::radius`] are as [`Fov::new`] leaves them, until the next computation.
    ///
    /// # Panics
    ///
    /// If the new area is too large to address, as [`Fov::new`] does, and then before changing
    /// anything.
    pub fn resize(&mut self, width: usize, height: usize) {
        let cells = area(width, height);
        self.lit.clear();
        self.stamps.clear();
        self.stamps.resize(cells, 0);
        self.view = 1;
        self.width = width;
        self.height = height;
        self.origin = Pos::default();
        self.radius = None;
    }

    /// Marks `p` visible in the current view (the one the last [`Fov::reset`] or computation
    /// started); ignores cells outside the area and cells already marked. [`Fov::cells`] lists
    /// the cells in the order they were first marked.
    ///
    /// The algorithms mark their views with it; with [`Fov::reset`] it builds a view of another
    /// making in a buffer, to be asked and compared like theirs: another FOV algorithm's answer
    /// (`benches/fov.rs` loads the published peers' views this way, to time them with the
    /// multicast on the same output), several views merged into one, or a view the game's rules
    /// change (a room revealed whole).
    ///
    /// ```
    /// use sightline::{Pos, fov::{Fov, multicast}};
    /// // two guards at either end of a room with a pillar in the middle
    /// let pillar = |p: Pos| p == Pos::new(4, 2);
    /// let (mut west, mut east) = (Fov::new(9, 5), Fov::new(9, 5));
    /// multicast::compute(Pos::new(0, 2), None, &pillar, &mut west);
    /// multicast::compute(Pos::new(8, 2), None, &pillar, &mut east);
    /// assert!(!west.is_visible(Pos::new(7, 2)) && !east.is_visible(Pos::new(1, 2)));
    /// // what either guard sees, as one view
    /// let mut either = Fov::new(9, 5);
    /// either.reset(Pos::new(0, 2), None); // (the viewer and radius it will report)
    /// for &p in west.cells().iter().chain(east.cells()) {
    ///     either.mark(p);
    /// }
    /// assert_eq!(either.len(), 9 * 5); // each cell once: the pillar hides nothing from both
    /// ```
    #[inline]
    pub fn mark(&mut self, p: Pos) {
        if p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height {
            let i = p.y as usize * self.width + p.x as usize;
            if self.stamps[i] != self.view {
                self.stamps[i] = self.view;
                self.lit.push(p);
            }
        }
    }

    /// [`Fov::mark`] for a cell known to be inside the area.
    #[inline]
    pub(crate) fn mark_inside(&mut self, p: Pos) {
        debug_assert!(p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height);
        let i = p.y as usize * self.width + p.x as usize;
        if self.stamps[i] != self.view {
            self.stamps[i] = self.view;
            self.lit.push(p);
        }
    }

    /// [`Fov::mark`] for cells inside the area that no one has marked in this view: cells off
    /// the axes, which one quadrant alone looks at, and only once.
    ///
    /// The multicast stages most cells its cell loop finds one by one in a list of its own and
    /// marks them in one go: at the end of a row once they number 1,024, else when the view is
    /// done (the axis cells and the general `cell` and `wall` paths mark directly). Each
    /// cell added to this buffer's list there, through the buffer, costs a load and a store of
    /// the list's length that wait for the cell before (measured: noise r20 about 5 % of the
    /// time), where the multicast's own list is at hand.
    #[inline]
    pub(crate) fn mark_new_cells(&mut self, cells: &[Pos]) {
        for &p in cells {
            debug_assert!(
                p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height
            );
            let i = p.y as usize * self.width + p.x as usize;
            debug_assert!(self.stamps[i] != self.view, "{p:?} marked twice");
            self.stamps[i] = self.view;
        }
        self.lit.extend_from_slice(cells);
    }

    /// Marks the `n` cells from `p` stepping `dx` (`1` or `-1`) along its row, all inside the
    /// area and none marked yet: the multicast's runs of fully lit floor.
    #[inline]
    pub(crate) fn mark_new_run(&mut self, p: Pos, dx: i32, n: usize) {
        let first = p.y as usize * self.width + p.x as usize;
        let span = if dx > 0 { first..first + n } else { first + 1 - n..first + 1 };
        debug_assert!(
            p.x >= 0
                && p.y >= 0
                && (p.y as usize) < self.height
                && span.end <= first - p.x as usize + self.width
        );
        let cells = &mut self.stamps[span];
        debug_assert!(cells.iter().all(|&v| v != self.view));
        cells.fill(self.view);
        // (one loop per direction: a plain count up or down, which the compiler vectorises; down,
        // a half-open range reversed, whose loop stays inline where an inclusive one's was at
        // times compiled apart as a plain loop: the 5 % map's views of radius 8, 2 % more
        // instructions)
        if dx > 0 {
            self.lit.extend((p.x..p.x + n as i32).map(|x| Pos::new(x, p.y)));
        } else {
            self.lit.extend((p.x + 1 - n as i32..p.x + 1).rev().map(|x| Pos::new(x, p.y)));
        }
    }

    /// Marks the `n` cells from `first` rightwards, all inside the area and none marked yet:
    /// the multicast's open rows, which are whole rows of a view, often short ones.
    ///
    /// A plain fill spends more on its set-up and its last few cells than on a short run: the
    /// stamps are written eight at a time, the last eight overlapping the ones before if need be,
    /// and the positions four at a time from a list of steps (see the body).
    #[inline(always)]
    pub(crate) fn mark_row(&mut self, first: Pos, n: usize) {
        const CHUNK: usize = 8;
        let start = first.y as usize * self.width + first.x as usize;
        debug_assert!(
            first.x >= 0
                && first.y >= 0
                && (first.y as usize) < self.height
                && first.x as usize + n <= self.width
        );
        let cells = &mut self.stamps[start..start + n];
        debug_assert!(cells.iter().all(|&v| v != self.view));
        if n < CHUNK {
            cells.fill(self.view);
        } else {
            if n <= 8 * CHUNK {
                // (a short row: a plain loop, without the set-up of the unrolled one below)
                let mut i = 0;
                while i + CHUNK < n {
                    cells[i..i + CHUNK].copy_from_slice(&[self.view; CHUNK]);
                    i += CHUNK;
                }
            } else {
                for chunk in cells.chunks_exact_mut(CHUNK) {
                    chunk.copy_from_slice(&[self.view; CHUNK]);
                }
            }
            cells[n - CHUNK..].copy_from_slice(&[self.view; CHUNK]);
        }
        // The positions: the row's first plus each step, a plain add the compiler vectorises
        // without shuffling x and y together; four at a time, the last four running past the
        // row's end and cut off again.
        let (len, whole) = (self.lit.len(), n.next_multiple_of(4));
        if self.steps.len() < whole {
            grow_steps(&mut self.steps, whole);
        }
        self.lit.extend(self.steps[..whole].iter().map(|s| Pos::new(first.x + s.x, first.y + s.y)));
        self.lit.truncate(len + n);
    }

    /// [`Fov::mark_row`] for two rows `ys`, the lower one first (`ys[0] > ys[1]`), `n` cells
    /// from column `x` each, in that order; their set-ups shared. For short rows (for long ones
    /// there is little to share, and [`Fov::mark_row`]'s loop suits them better).
    #[inline(always)]
    pub(crate) fn mark_rows(&mut self, x: i32, ys: [i32; 2], n: usize) {
        debug_assert!(ys[0] > ys[1] && x >= 0 && x as usize + n <= self.width);
        debug_assert!(ys.iter().all(|&y| y >= 0 && (y as usize) < self.height));
        // the two rows, apart: split where the lower row (later in the stamps) starts; `rows`
        // in the order of `ys`
        let starts = ys.map(|y| y as usize * self.width + x as usize);
        let (head, tail) = self.stamps.split_at_mut(starts[0]);
        let rows = [&mut tail[..n], &mut head[starts[1]..starts[1] + n]];
        mark_pair(rows, &mut self.lit, self.view, x, ys, n);
    }

    /// The stamps (row `y` at `y * width`), the area's width, the list of visible cells, the
    /// view's number, and how far each row of a view of radius `r` reaches either way of the
    /// viewer's column (by the radius alone, row `j` from the viewer's at `j`), apart: for
    /// marking the open rows around a viewer with [`mark_pair`].
    ///
    /// The reaches are worked out when the radius changes, and kept: a small view's rows have
    /// few cells, and finding each row's reach anew (a square root, in integer steps that a
    /// branch predictor does not foresee) costs a good part of what marking it does.
    pub(crate) fn parts(&mut self, r: u32) -> (&mut [u16], usize, &mut Vec<Pos>, u16, &[i32]) {
        if self.reaches_of != r || self.reaches.is_empty() {
            row_reaches(&mut self.reaches, r);
            self.reaches_of = r;
        }
        (&mut self.stamps, self.width, &mut self.lit, self.view, &self.reaches)
    }

    /// Whether `p` is visible (never, outside the area).
    #[inline]
    pub fn is_visible(&self, p: Pos) -> bool {
        p.x >= 0
            && p.y >= 0
            && (p.x as usize) < self.width
            && (p.y as usize) < self.height
            && self.stamps[p.y as usize * self.width + p.x as usize] == self.view
    }

    /// The visible cells, each once, in the order they were found.
    pub fn cells(&self) -> &[Pos] {
        &self.lit
    }

    /// How many cells are visible.
    pub fn len(&self) -> usize {
        self.lit.len()
    }

    /// Whether nothing is visible: before the first computation, after [`Fov::resize`], and
    /// after a view from two or more cells outside the area (from inside it, a viewer always
    /// sees at least its own cell).
    pub fn is_empty(&self) -> bool {
        self.lit.is_empty()
    }

    /// The width of the area.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The height of the area.
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

/// Stamps `view` on the `rows`, `n` stamps each (none marked yet: the cells from column `x` of
/// rows `ys`, the lower row `ys[0]` first; `rows` may hold them in either order), and adds those
/// cells to `lit`, in the order of `ys`. The
/// body of [`Fov::mark_rows`], for a caller that keeps the rows at hand from pair to pair (the
/// open rows of a small view, from [`Fov::parts`]) and need not look them up.
#[inline(always)]
pub(crate) fn mark_pair(
    rows: [&mut [u16]; 2],
    lit: &mut Vec<Pos>,
    view: u16,
    x: i32,
    ys: [i32; 2],
    n: usize,
) {
    const WIDE: usize = 16;
    debug_assert!(ys[0] > ys[1] && x >= 0);
    for cells in rows {
        debug_assert!(cells.iter().all(|&v| v != view));
        if n >= WIDE {
            // sixteen at a time, the last sixteen overlapping the ones before if need be: for
            // a row of up to 32, two stores and no loop
            let sixteen = [view; WIDE];
            cells[..WIDE].copy_from_slice(&sixteen);
            let mut i = WIDE;
            while i + WIDE < n {
                cells[i..i + WIDE].copy_from_slice(&sixteen);
                i += WIDE;
            }
            cells[n - WIDE..].copy_from_slice(&sixteen);
        } else if n >= 8 {
            cells[..8].copy_from_slice(&[view; 8]);
            cells[n - 8..].copy_from_slice(&[view; 8]);
        } else {
            fill_short(cells, view);
        }
    }
    // The positions: each row's first as one number, x in the low half and y in the high
    // one, counted up cell by cell (x never carries into y: it stays within the area) and
    // split again. The compiler counts two positions at a time in one vector register, with
    // no list of steps to read and no shuffling of x and y together: four at a time, the last
    // four running past the row's end and cut off again.
    let whole = n.next_multiple_of(4) as u64;
    for y in ys {
        let (len, first) = (lit.len(), packed(Pos::new(x, y)));
        lit.extend((first..first + whole).map(unpacked));
        lit.truncate(len + n);
    }
}

/// `p` as one number for [`mark_pair`]: x (not negative) in the low 32 bits, y in the high
/// ones; [`unpacked`] of it plus `k` is `p` moved `k` cells to the right, as long as x stays
/// below 2³².
#[inline(always)]
fn packed(p: Pos) -> u64 {
    debug_assert!(p.x >= 0);
    u64::from(p.x as u32) | u64::from(p.y as u32) << 32
}

/// The position [`packed`] into `v`.
#[inline(always)]
fn unpacked(v: u64) -> Pos {
    Pos::new(v as u32 as i32, (v >> 32) as u32 as i32)
}

/// Sets the fewer than eight `cells` to `v`: a few stores, overlapping, without a loop.
#[inline(always)]
fn fill_short(cells: &mut [u16], v: u16) {
    let n = cells.len();
    if n >= 4 {
        cells[..4].copy_from_slice(&[v; 4]);
        cells[n - 4..].copy_from_slice(&[v; 4]);
    } else if n >= 2 {
        cells[..2].copy_from_slice(&[v; 2]);
        cells[n - 2..].copy_from_slice(&[v; 2]);
    } else if let Some(cell) = cells.first_mut() {
        *cell = v;
    }
}

/// Sets `reaches` to how far each row of a view of radius `r` reaches either way of the
/// viewer's column, row `j` at `j`: the largest `i` with `i² + j² <= r²`.
#[cold]
#[inline(never)]
fn row_reaches(reaches: &mut Vec<i32>, r: u32) {
    let (r, r2) = (i64::from(r), i64::from(r) * i64::from(r));
    let mut i = r;
    reaches.clear();
    for j in 0..=r {
        i = row_reach(i, j * j, r2);
        reaches.push(i as i32);
    }
}

/// How far a row at squared distance `jj` from the viewer's row reaches in a view of squared
/// radius `r2`, given `above`, how far a row nearer the axis reaches: the largest `i <= above`
/// with `i² + jj <= r2` (`above` is at least `-1` below it). The one place the radius's rule
/// `i² + j² <= r²` is turned into row lengths. Rows only get shorter away from the axis, so
/// each is found by stepping down from the last, a step or two per row over a whole view.
#[inline(always)]
pub(crate) fn row_reach(above: i64, jj: i64, r2: i64) -> i64 {
    let mut i = above;
    while i * i + jj > r2 {
        i -= 1;
    }
    i
}

/// Makes `steps` (see [`Fov::mark_row`]) `n` long; once per buffer, or when a longer row than
/// ever comes, so out of the way of the marking.
#[cold]
#[inline(never)]
fn grow_steps(steps: &mut Vec<Pos>, n: usize) {
    steps.extend((steps.len() as i32..n as i32).map(|x| Pos::new(x, 0)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resize_forgets_the_last_view_and_its_viewer() {
        let mut fov = Fov::new(5, 5);
        fov.reset(Pos::new(2, 3), Some(4));
        fov.mark(Pos::new(2, 3));
        fov.resize(7, 2);
        assert!(fov.is_empty() && !fov.is_visible(Pos::new(2, 1)));
        let fresh = Fov::new(7, 2);
        assert_eq!((fov.origin(), fov.radius()), (fresh.origin(), fresh.radius()));
    }

    #[test]
    fn debug_shows_the_view_and_not_the_working_memory() {
        let mut fov = Fov::new(300, 300);
        multicast::compute(Pos::new(150, 150), Some(2), &|_: Pos| false, &mut fov);
        let text = format!("{fov:?}");
        assert!(text.starts_with("Fov { width: 300, height: 300, origin: "), "{text}");
        assert!(text.contains("radius: Some(2), len: 13, cells: [") && !text.contains("more"), "{text}");
        assert_eq!(text.matches("Pos {").count(), 1 + 13, "{text}");
        multicast::compute(Pos::new(150, 150), Some(9), &|_: Pos| false, &mut fov);
        let text = format!("{fov:?}");
        assert!(text.contains("len: 253, cells: [") && text.ends_with(" … and 221 more }"), "{text}");
        assert_eq!(text.matches("Pos {").count(), 1 + 32, "{text}");
    }

    #[test]
    fn views_are_equal_when_they_show_the_same_cells_of_the_same_area_from_the_same_viewer() {
        let view = |w: usize, at: Pos, radius: Option<u32>, cells: &[Pos]| {
            let mut fov = Fov::new(w, 4);
            fov.reset(at, radius);
            for &p in cells {
                fov.mark(p);
            }
            fov
        };
        let (a, b, c) = (Pos::new(1, 1), Pos::new(2, 1), Pos::new(1, 2));
        let base = view(5, a, Some(3), &[a, b, c]);
        assert_eq!(base, view(5, a, Some(3), &[c, a, b]), "the order found does not matter");
        assert_ne!(base, view(5, a, Some(3), &[a, b]), "one cell fewer");
        assert_ne!(base, view(5, a, Some(3), &[a, b, Pos::new(2, 2)]), "another cell");
        assert_ne!(base, view(6, a, Some(3), &[a, b, c]), "another area");
        assert_ne!(base, view(5, a, None, &[a, b, c]), "another radius");
        assert_ne!(base, view(5, b, Some(3), &[a, b, c]), "another viewer");
        // a buffer that held a bigger view before (stale stamps, warm scratch) is equal too
        let mut warm = Fov::new(5, 4);
        multicast::compute(a, None, &|_: Pos| false, &mut warm);
        assert_ne!(warm, base);
        warm.reset(a, Some(3));
        for p in [b, c, a] {
            warm.mark(p);
        }
        assert_eq!(warm, base);
    }

    #[test]
    fn a_packed_position_counts_along_its_row() {
        // x from 0 to far beyond any area, y negative, zero or positive: adding k moves x by k
        for (x, y) in [(0, 0), (5, -3), (7, 9), (1000, i32::MIN), (0, i32::MAX), (i32::MAX - 9, -1)] {
            for k in 0..9 {
                assert_eq!(unpacked(packed(Pos::new(x, y)) + k), Pos::new(x + k as i32, y), "{x},{y} + {k}");
            }
        }
    }

    #[test]
    fn a_view_number_that_starts_over_leaves_no_stale_cell_visible() {
        // Two views of a 6×1 corridor, alternately from each end with radius 2, across the
        // point where the view numbers wrap: each must see exactly its own three cells.
        let open = |_: Pos| false;
        let mut fov = Fov::new(6, 1);
        fov.view = u16::MAX - 3;
        for n in 0..8 {
            let viewer = if n % 2 == 0 { Pos::new(0, 0) } else { Pos::new(5, 0) };
            multicast::compute(viewer, Some(2), &open, &mut fov);
            let seen: Vec<i32> = (0..6).filter(|&x| fov.is_visible(Pos::new(x, 0))).collect();
            let want: Vec<i32> = if n % 2 == 0 { vec![0, 1, 2] } else { vec![3, 4, 5] };
            assert_eq!(seen, want, "view {n}, number {}", fov.view);
            assert_eq!(fov.len(), 3);
        }
        assert!(fov.view < 10, "the numbers started over");
    }
}
