//! Ray multicast obscurity propagation, exact to the visibility contract.
//!
//! The [crate] documentation teaches the algorithm: the contract, each cell's two inputs, how
//! the lit directions travel from cell to cell, and why the result is exact. This page is the
//! code, and the shortcuts it takes where the general rule's answer is known before its work is
//! done. Each is listed below with why it gives that same answer; the tests compare the whole
//! of it with [`super::reference`], cell for cell, on every kind of map.
//!
//! # Words the code uses
//!
//! - A cell's *part* for a child: the directions of its output that fall in that child's share
//!   of its square angle (the child to the right takes the directions up to the cell's far
//!   corner ray, the child below those from it on). A part is *whole* when it is all of that
//!   share, both ends included: each cell's output says, for each child, whether it reaches it
//!   and whether it gives it its whole part, so a child whose inputs both do is known to be lit
//!   whole without reading an interval.
//! - The *near* vertices of a wall's diamond face the viewer (with the quadrant turned to
//!   `x, y >= 0`, the top and the left one), the *far* ones are the other two. The *bounding*
//!   vertices are the two whose rays bound the diamond's open angle as the viewer sees it.
//! - A *turned* scan is the same algorithm with the quadrant's two axes swapped: it goes column
//!   by column instead of row by row.
//! - A cell's *ring* is its Manhattan distance from the viewer (the lab steps through rings).
//!
//! # Shortcuts, and why each agrees with the general rule
//!
//! - **Runs.** A row is visited only along the runs of cells that the light of the row above
//!   reaches; the others are culled without being looked at. Why: their inputs pass them
//!   nothing, the definition of culled.
//! - **Cells in full light.** A floor whose inputs both give it their whole parts is seen and
//!   passes its whole square on, with no interval arithmetic; a run of such floors is marked in
//!   one go. Why: the inputs' angles cover the cell's own (the covering fact), so all of its
//!   square angle is lit, and a floor blocks nothing. A wall in full light is seen (its open
//!   angle lies inside its square's) and passes the two parts of its square angle outside that
//!   angle, each with its bounding ray unless a seal sits on the vertex; the neighbour across
//!   the bounding vertex on an input's side is that input, a floor (only floors pass whole
//!   parts), so only the other neighbour is looked up.
//! - **Whole rows.** A row under a row that passed its whole squares from the axis to the row's
//!   end, and that is floor over that stretch, is marked with one look along the world's row
//!   and nothing written down. Why: each of its cells has two whole inputs, and is a floor; the
//!   row below needs to know only that this one was whole.
//! - **Open rows** (`open.rs`). Before the quadrant scans, the viewer's row and the rows on
//!   either side of it, while each is floor from one end of the view to the other, are marked a
//!   whole row at a time for the two quadrants that share them. Why: by the same argument,
//!   row after row from the viewer's, whose cell passes its whole square in every quadrant.
//! - **Walls seen along a wall line, and from one side.** A wall lit whole from one side (by
//!   one input) and by nothing at or past its bounding vertex on the other side passes on just
//!   the part of its square up to its bounding vertex on the lit side, after one comparison of
//!   the other input's end with the other vertex. Why: that vertex's ray is where the lit
//!   side's directions stop being outside the diamond, and nothing lit lies past the other one.
//!   This is the lining of a corridor or a room, the commonest wall of a walled map.
//! - **A walled-in quadrant** (a wall next to the viewer on each of the quadrant's axes and one
//!   between them: a corner of a room or a corridor) is not scanned: its three walls are marked,
//!   when the radius is 2 or more, or unlimited. Why: the light that leaves the viewer's square
//!   between the two axis walls' diamonds is the corner wall's open angle, whose two bounding
//!   rays end on the corner wall's seals with the axis walls; all of it stops at those walls.
//! - **Turned quadrants.** A quadrant where the viewer stands against a wall on its x side and
//!   looks down at least three floors along its y axis (a corridor, or a room's side) is scanned
//!   by columns. Why it agrees: the covering argument is the same with the axes swapped. (It is
//!   only faster: by rows, the thin wedge down a corridor would cost a row's set-up for every
//!   two or three cells.)
//! - **Beams** (`beam.rs`). From row 21 on (row 0 being the viewer's), in a plain scan that
//!   reaches row 42, a run of the row above that passes down one wedge of light, each cell the
//!   part of it in its own square, is carried to the next row as one front entry, the wedge,
//!   where the cells the wedge meets in that row are all floors and nothing else lights them:
//!   each of those cells is decided by where the wedge's two rays lie against its centre and
//!   its far corner (two comparisons per ray and cell, stepped along the row), and none of them
//!   writes a light. Why: by the covering fact each direction of the
//!   wedge in a cell's square arrives through an input, and a floor passes on all it gets, so
//!   each cell holds the wedge cut to its square, and passes on the same wedge. A wall in the
//!   way, or light from elsewhere on the wedge's cells, and that run's lights in the row above
//!   are written out and the cell loop takes it (the row goes on trying beams at its next
//!   runs). (This is the far field of a sparse map, light in
//!   slivers between shadows, two or three cells a row each: decided cell by cell, each cell
//!   gathered, clipped and passed two intervals. Not in the rows nearer the viewer, where
//!   wedges are wide and short-lived, nor in turned scans, corridors.)
//! - **The corridor's side in a turned scan.** The column beside the corridor, lit whole from
//!   it, gets in each cell the interval from its square's low end to one direction `x` that the
//!   cell before leaves it, so each cell is one or two comparisons with `x`: a floor is seen
//!   iff its centre is at `x` or before and passes `x` on (whole light once `x` reaches its far
//!   corner); a wall, always seen, resets `x` to its near vertex toward the corridor.
//!   Why: the part from the corridor is whole, and the part from the cell before starts at the
//!   shared corner, so their join is that one interval.
//!
//! Each cell is decided at most once per quadrant it belongs to (its opacity may be read again,
//! for a neighbour's seal, when a row turns out not to be open or a beam's cells not to be all
//! floors; and a beam's cells have their lights worked out afterwards, once, when the beam
//! ends that way or is reached by other light); no ray is ever walked.
//!
//! # Where each part lives
//!
//! This file runs a view: it sets up the working memory, takes the open rows, and scans each
//! quadrant. The quadrant scan is `scan.rs` (row by row, along the runs the row above lit), over
//! the coordinates and opacity look-ups of `quadrant.rs`; it decides each cell in `cell.rs`
//! (from its two inputs) and each wall in `wall.rs`, and takes the shortcuts for full light in
//! `whole.rs`, the open rows in `open.rs`, the walled-in and turned quadrants in `corner.rs` and
//! the beams in `beam.rs`.
//! What a cell passes on is a `Light` (`light.rs`): sets of directions (`intervals.rs`) between
//! exact integer directions (`angle.rs`). `trace.rs` is the observer the lab watches it with.

mod angle;
mod beam;
mod cell;
mod corner;
mod intervals;
mod light;
mod open;
mod quadrant;
mod scan;
mod trace;
mod wall;
mod whole;

use std::mem;

use self::corner::Corner;
use self::intervals::{Interval, SmallSet};
use self::light::Light;
use self::open::Done;
use self::quadrant::Quadrant;
pub use self::trace::{CellState, Observer, Trace, TraceCell};
use super::Fov;
use crate::geometry::{Opacity, Pos};

/// Computes the field of view of a viewer at `origin` with `radius` (`None`: unlimited) into
/// `out`, exactly as [`super::reference::compute`] does.
///
/// The view is computed over `out`'s area, `width × height` from `(0, 0)`, whatever the
/// world's size: size `out` to the world, or the view shows the world's outside as walls (a
/// larger `out`) or stops at `out`'s edge (a smaller one). Cells outside the area are opaque
/// and never marked, and a viewer outside it sees into it only from a cell next to it (see
/// [sizing the buffer](Fov#sizing-the-buffer)). The working memory lives in `out` and is kept
/// from call to call: a call allocates nothing once `out` has computed views like it, at the
/// same radius over the same kind of ground. That memory follows the view, not the map, and
/// the ground as well as the radius (see [working memory](Fov#working-memory)).
///
/// `world` is asked about a cell a few times at most, whatever its distance, and only about
/// cells within the radius plus two and the area plus one: see
/// [how often the sight code asks](Opacity#how-often-the-sight-code-asks).
///
/// ```
/// use sightline::{Pos, fov::{Fov, multicast}};
/// // Two walls touching only at a corner leave a gap sight passes through; a straight pair seals.
/// let diagonal = |p: Pos| p == Pos::new(2, 1) || p == Pos::new(1, 2);
/// let straight = |p: Pos| p == Pos::new(2, 1) || p == Pos::new(2, 2);
/// let mut fov = Fov::new(6, 6);
/// multicast::compute(Pos::new(0, 0), None, &diagonal, &mut fov);
/// assert!(fov.is_visible(Pos::new(3, 3)));
/// multicast::compute(Pos::new(0, 2), None, &straight, &mut fov);
/// assert!(!fov.is_visible(Pos::new(4, 2)) && !fov.is_visible(Pos::new(3, 1)));
/// ```
pub fn compute(origin: Pos, radius: Option<u32>, world: &(impl Opacity + ?Sized), out: &mut Fov) {
    run(origin, radius, world, out, &mut ());
}

/// Like [`compute`], and also records in `trace` what happened to every cell of the area: its
/// [`CellState`] and its ring (Manhattan distance from the viewer), so that a viewer of the
/// algorithm can show the state after any number of rings. The traced scan decides the cells it
/// visits one at a time, without the shortcuts that mark or carry many cells at once (whole
/// rows, runs and beams: they give the same view, as the tests check).
///
/// ```
/// use sightline::{Pos, fov::{Fov, multicast::{self, CellState, Trace}}};
/// // A pillar at (2,0) in a corridor one cell high, viewer at the west end.
/// let world = |p: Pos| p == Pos::new(2, 0);
/// let (mut fov, mut trace) = (Fov::new(6, 1), Trace::default());
/// multicast::trace(Pos::new(0, 0), None, &world, &mut fov, &mut trace);
/// assert_eq!(trace.get(Pos::new(1, 0)).state, CellState::Lit);
/// assert!(trace.get(Pos::new(2, 0)).visible); // the pillar is seen
/// assert!(!trace.get(Pos::new(4, 0)).visible); // behind it nothing is
/// assert!(trace.get(Pos::new(4, 0)).state < CellState::Edge); // culled or never looked at
/// assert_eq!(trace.get(Pos::new(1, 0)).ring, 1);
/// ```
pub fn trace(
    origin: Pos,
    radius: Option<u32>,
    world: &(impl Opacity + ?Sized),
    out: &mut Fov,
    trace: &mut Trace,
) {
    trace.reset(out.width(), out.height());
    run(origin, radius, world, out, trace);
}

/// The multicast's working memory, kept in the [`Fov`] so that once warm a call allocates
/// nothing: the front of the scan (one row of cell outputs), the runs of cells whose light
/// reaches the next row, for the row above and the current row, and their interval arenas.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// The cell outputs of one row, written over in place: cell `i` reads the row above's at
    /// `i` and beyond and then writes its own at `i`, so the entries before `i` are the current
    /// row's and the others still the row above's.
    ///
    /// It also says which of a row's cells pass light down, for the row below to visit only
    /// those: after each run of such cells, the entry of the next cell (not visited, or passing
    /// no light down) is overwritten by a [`Light::gap`] to the next run (see `scan::put`). A
    /// beam is one entry, at its first cell that passes light down, for all of its cells from
    /// there ([`Light::beam`]; the cells before it that the wedge meets are in the gap), followed
    /// by the entry after its last cell as a run is.
    front: Vec<Light>,
    /// Apart from the front, so that the cell loop can hold that as a slice while the cells it
    /// hands on work in the arenas.
    iv: Arenas,
}

/// The interval arena, where a cell's input is gathered, and the cells found visible one by one.
#[derive(Debug, Default)]
struct Arenas {
    /// The intervals of the cell outputs, the row above's followed by the current row's (a
    /// [`Light`] holds its start in it). One arena for both rows rather than one a row, traded
    /// each row: the cell loop then holds one arena's place and length, not two. It is cut back
    /// to the row above's at a row's start once what comes before those passes [`ARENA_KEEP`].
    arena: Vec<Interval>,
    input: Vec<Interval>,
    /// The cells off the axes the cell loop found visible one by one, marked in the view when
    /// it is done, or at the end of a row once they number [`SEEN_BATCH`] (see
    /// [`Fov::mark_new_cells`]): kept here, in the multicast's own memory, a cell is added with
    /// the list's length at hand. (So the scan's memory stays bounded by its rows' length and
    /// a constant, not by the area it sees.)
    seen: Vec<Pos>,
    /// Where a cell's input is gathered when it is small (kept here so that it is not
    /// initialised anew for every cell).
    small: SmallSet,
}

/// A clone is as warm as the original: the same capacities, so a cloned [`Fov`] (a cloned game
/// state, say) computes its next view without allocating. The contents are not copied: they are
/// only ever read within one call.
impl Clone for Scratch {
    fn clone(&self) -> Scratch {
        fn like<T>(v: &Vec<T>) -> Vec<T> {
            Vec::with_capacity(v.capacity())
        }
        Scratch {
            front: like(&self.front),
            iv: Arenas {
                arena: like(&self.iv.arena),
                input: like(&self.iv.input),
                seen: like(&self.iv.seen),
                small: self.iv.small,
            },
        }
    }
}

impl Scratch {
    /// The working memory, taken out of the [`Fov`] a vector at a time for a view (its
    /// [`SmallSet`], which holds nothing from one cell to the next, is a new one). Moved as one
    /// struct, in and back out, it went through three calls of `memcpy` of its 144 bytes a view,
    /// the first reading back the default just stored in its place (maybe a stalled store
    /// forwarding: the time saved is more than the instructions). Measured: 44 instructions a
    /// view fewer (callgrind); the cave's unlimited view 3.8 % faster, rooms r8 2 %, 5 % noise
    /// r20 1-5 %, the cave's r8 about 1 % slower.
    ///
    /// Swapped into a new one in place, not returned: a returned one was built on the stack and
    /// copied from there in 16-byte pieces that straddled the pieces just stored, three loads a
    /// view that could not be forwarded from those stores (a simulation of the view's memory
    /// accesses counts them).
    ///
    /// The [`SmallSet`] is a copy of the one kept here, not a new one: a new one was built on
    /// the stack in pieces that its copy's 8-byte loads straddled (an [`Interval`] is 20 bytes),
    /// one more load a view that could not be forwarded.
    #[inline(always)]
    fn take(&mut self) -> Scratch {
        let mut s = Scratch {
            front: Vec::new(),
            iv: Arenas { arena: Vec::new(), input: Vec::new(), seen: Vec::new(), small: self.iv.small },
        };
        self.put_back(&mut s);
        s
    }

    /// Puts back what [`Scratch::take`] took, swapped a vector at a time (`s` taken by value
    /// was copied whole once more, through `memcpy`, on its way in).
    #[inline(always)]
    fn put_back(&mut self, s: &mut Scratch) {
        // (every field named: one added later must be put back too, or said to need nothing)
        let Scratch { front, iv: Arenas { arena, input, seen, small: _ } } = s;
        mem::swap(&mut self.front, front);
        mem::swap(&mut self.iv.arena, arena);
        mem::swap(&mut self.iv.input, input);
        mem::swap(&mut self.iv.seen, seen);
    }
}

/// How many intervals of rows before the row above the arena holds before a row's start moves
/// the row above's to its front (10 KiB of intervals: the arena stays in the first-level cache,
/// and is moved every few rows at most).
const ARENA_KEEP: usize = 512;

impl Arenas {
    /// Drops the arena's first `n` intervals, those of rows before the row above, and moves the
    /// starts of the lights in the row above's runs in `front` (found from its axis entry: see
    /// [`Light::gap`] and `scan::put`) to match, and the wedges of its beams, which are kept
    /// (copied to the arena's end first when they lie before the row above's intervals: a beam
    /// keeps the wedge the row that found it put there). (The next row reads only those,
    /// within its length, that of `front`: see the cell loop.)
    #[cold]
    #[inline(never)]
    fn rebase(&mut self, n: usize, front: &mut [Light]) {
        let mut i = 0;
        while let Some(&light) = front.get(i as usize) {
            if light.reaches_down() {
                front[i as usize] = light.moved_down(n);
                i += 1;
            } else if light.is_beam() {
                // (a beam's wedge stays where the row that made it the beam put it: one from
                // before the row above is copied to the arena's end first)
                let (at, last) = light.beam_parts();
                let at = if at < n {
                    self.arena.push(self.arena[at]);
                    self.arena.len() - 1
                } else {
                    at
                };
                front[i as usize] = Light::beam(at - n, last);
                i = last + 1;
            } else {
                i = light.gap_end();
            }
        }
        self.arena.drain(..n);
    }
}

/// The end of a row's last gap (see [`Light::gap`]): no light comes after it.
const NO_LIGHT: i32 = i32::MAX;

/// How many cells [`Scratch`]'s list of cells found visible one by one holds before a row's end
/// hands them to the view (8 KiB of positions).
const SEEN_BATCH: usize = 1024;

/// The four quadrants as (x sign, y sign).
const QUADRANTS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn run<O: Observer>(
    origin: Pos,
    radius: Option<u32>,
    world: &(impl Opacity + ?Sized),
    out: &mut Fov,
    obs: &mut O,
) {
    out.reset(origin, radius);
    let (w, h) = (out.width() as i64, out.height() as i64);
    let (ox, oy) = (i64::from(origin.x), i64::from(origin.y));
    // A viewer two or more cells outside the area is cut off from it by a whole line of outside
    // cells: opaque diamonds joined by seals.
    if w == 0 || h == 0 || ox < -1 || oy < -1 || ox > w || oy > h {
        return;
    }
    // how far the area (or, for a viewer just outside, the viewer's own line) reaches to the
    // right and to the left, below and above
    let imax = [(w - 1).max(ox) - ox, ox - ox.min(0)].map(|m| m as i32);
    let jmax = [(h - 1).max(oy) - oy, oy - oy.min(0)].map(|m| m as i32);
    let viewer_inside = ox >= 0 && oy >= 0 && ox < w && oy < h;
    // The floors along the axis row to the right and to the left of the viewer, up to the first
    // wall or the end of the view, each found with one look along the world's row: once for the
    // open rows, which start with that row, and for the two quadrant scans on each side, which
    // start along it. (Only when the scans take such shortcuts: the observer is told about every
    // cell, and gets the scans, which tell it cell by cell.)
    let floors_to = |dx: i32, side: i32| {
        let ilim = radius.map_or(side, |r| r.min(side as u32) as i32);
        world.transparent_run(Pos::new(origin.x + dx, origin.y), dx, ilim as usize) as i32
    };
    let floors = (!O::WATCHES && viewer_inside).then(|| [floors_to(1, imax[0]), floors_to(-1, imax[1])]);
    let open = floors.and_then(|floors| open::open_rows(origin, radius, imax, jmax, floors, world, out));
    match open {
        None => {
            out.mark(origin);
            obs.cell(origin, 0, CellState::Lit, true);
        }
        Some([below, above]) if below.done == Done::Yes && above.done == Done::Yes => return, // all of it open
        Some(_) => {}
    }
    let mut s = out.scratch.take();
    // The front, long enough for every quadrant's rows, turned or not: grown, never shrunk. A
    // scan reads only the entries its rows have written (see `front` in the cell loop), so
    // older ones may stay. (Resized to each quadrant's length, as far as the map reaches from
    // the viewer that way, it was filled anew whenever a quadrant reached farther than the one
    // before, two or more times a view: the views of `generate::maze(513, 513, 1)`, some 30
    // cells each, took 16 % longer.)
    let reach = imax.into_iter().chain(jmax).max().unwrap_or(0) as u32;
    let len = radius.map_or(reach, |r| r.min(reach)) as usize + 1;
    if s.front.len() < len {
        s.front.resize(len, Light::DARK);
    }
    // The floors along the y axis from the viewer, up to three, on each side: found once for
    // the two quadrants that share them, when one of them has a wall next to the viewer on its x
    // axis (see `Corner`).
    let mut column: [Option<i32>; 2] = [None; 2];
    for (sx, sy) in QUADRANTS {
        let (xside, yside) = (usize::from(sx < 0), usize::from(sy < 0));
        if open.is_some_and(|sides| sides[yside].done == Done::Yes) {
            continue;
        }
        let from = open.map(|sides| (sides[yside].j, sides[yside].ilim[xside]));
        let q = Quadrant::<false> { origin, sx, sy, w, h, viewer_inside };
        let floors = floors.map(|f| f[xside]);
        // With a wall next to the viewer on the quadrant's x axis (within the radius, and a row
        // beyond the axis), the quadrant may be walled in, or better turned.
        let wall_on_x = floors == Some(0) && imax[xside] > 0 && radius != Some(0);
        let corner = if wall_on_x && from.is_none() && jmax[yside] > 0 {
            let ahead = match column[yside] {
                Some(n) => n,
                None => {
                    let (mut n, end) = (0, jmax[yside].min(3));
                    while n < end && !world.is_opaque(Pos::new(origin.x, origin.y + sy * (n + 1))) {
                        n += 1;
                    }
                    column[yside] = Some(n);
                    n
                }
            };
            Corner::of(origin, sx, sy, jmax[yside], ahead, radius, world)
        } else {
            Corner::Other
        };
        if corner == Corner::WalledIn && !turn_all() {
            for (i, j) in [(1, 0), (0, 1), (1, 1)] {
                out.mark(q.at(i, j));
            }
            continue;
        }
        let tall = corner == Corner::Tall;
        q.scan(imax[xside] as u32, jmax[yside] as u32, radius, from, floors, tall, world, out, &mut s, obs);
    }
    out.mark_new_cells(&s.iv.seen);
    s.iv.seen.clear();
    out.scratch.put_back(&mut s);
}

/// Whether every quadrant that can be turned is (see [`Quadrant`]): only in the tests of the
/// turned scan.
#[inline(always)]
fn turn_all() -> bool {
    #[cfg(test)]
    return tests::TURN_ALL.get();
    #[cfg(not(test))]
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Grid;
    use std::cell::Cell;

    thread_local! {
        /// See [`turn_all`]: set by a test for its own thread.
        pub(super) static TURN_ALL: Cell<bool> = const { Cell::new(false) };
    }

    /// The next number of a xorshift sequence: the tests' random maps, fixed by their seeds.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Computes the view from `at` within `radius` with the multicast into `mc` and with the
    /// reference into `reference`, and says whether they differ.
    fn differs_from_reference(
        at: Pos,
        radius: Option<u32>,
        world: &(impl Opacity + ?Sized),
        mc: &mut Fov,
        reference: &mut Fov,
    ) -> bool {
        compute(at, radius, world, mc);
        crate::fov::reference::compute(at, radius, world, reference);
        mc != reference
    }

    #[test]
    fn turned_quadrants_see_what_the_reference_sees() {
        // Every quadrant whose scan starts at its axis row (none of the open rows' work) scanned
        // along the map's columns, on random maps of every density, from every viewer (inside
        // the area: others are never turned), with radii that do and do not reach the edges:
        // the turned scan must be as exact as the plain one.
        TURN_ALL.set(true);
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let (mut differ, mut seen, mut views) = (0, 0, 0);
        for percent in [0, 10, 25, 40, 60] {
            for _ in 0..3 {
                let mut g = Grid::new(11, 9, false);
                for y in 0..9 {
                    for x in 0..11 {
                        g.set(Pos::new(x, y), next(&mut state) % 100 < percent);
                    }
                }
                let (mut mc, mut reference) = (Fov::new(11, 9), Fov::new(11, 9));
                for y in 0..9 {
                    for x in 0..11 {
                        for radius in [None, Some(1), Some(4)] {
                            let at = Pos::new(x, y);
                            let differs = differs_from_reference(at, radius, &g, &mut mc, &mut reference);
                            (seen, views) = (seen + mc.len(), views + 1);
                            differ += usize::from(differs);
                        }
                    }
                }
            }
        }
        TURN_ALL.set(false);
        assert!(seen > 10 * views, "the views see something: {seen} cells in {views} views");
        assert_eq!(differ, 0);
    }

    #[test]
    fn a_grid_read_by_rows_sees_what_it_sees_cell_by_cell_whatever_the_area() {
        // The multicast reads a `Grid<bool>` a row slice at a time, cut to the area, and a
        // turned scan reads it down the columns of a block of rows; asked cell by cell (through
        // a closure) the same grid must give the same view, also when the area is smaller or
        // larger than the grid and the viewer stands outside either, scanned plain or turned.
        let mut g = Grid::new(9, 7, false);
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for y in 0..7 {
            for x in 0..9 {
                g.set(Pos::new(x, y), next(&mut state).is_multiple_of(4));
            }
        }
        let cells = |p: Pos| g.is_opaque(p);
        for turned in [false, true] {
            TURN_ALL.set(turned);
            let mut differ = 0;
            let mut seen = 0;
            for (w, h) in [(9, 7), (5, 4), (12, 10), (9, 3), (4, 7), (12, 7), (9, 10), (5, 7)] {
                let (mut by_rows, mut by_cells) = (Fov::new(w, h), Fov::new(w, h));
                for vy in -1..=h as i32 {
                    for vx in -1..=w as i32 {
                        for radius in [None, Some(3)] {
                            compute(Pos::new(vx, vy), radius, &g, &mut by_rows);
                            compute(Pos::new(vx, vy), radius, &cells, &mut by_cells);
                            seen += by_rows.len();
                            differ += usize::from(by_rows != by_cells);
                        }
                    }
                }
            }
            TURN_ALL.set(false);
            assert!(seen > 1000, "the views see something: {seen}");
            assert_eq!(differ, 0, "turned: {turned}");
        }
    }

    #[test]
    fn a_turned_scan_reads_only_its_own_rows_of_a_longer_block() {
        // `Opacity::opaque_rows` may hand over more than the rows asked for (here every row from
        // `y` to the grid's end): a turned scan looking down toward `y` (`sy < 0`) must still
        // find the viewer's row where the rows it asked for end, not where the slice ends.
        struct Longer(Grid<bool>);
        impl Opacity for Longer {
            fn is_opaque(&self, p: Pos) -> bool {
                self.0.is_opaque(p)
            }
            fn opaque_rows(&self, y: i32, n: usize) -> Option<(&[bool], usize)> {
                let (w, y) = (self.0.width(), usize::try_from(y).ok()?);
                (y + n <= self.0.height()).then(|| (&self.0.cells()[y * w..], w))
            }
        }
        TURN_ALL.set(true);
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let (mut differ, mut views) = (0, 0);
        for _ in 0..5 {
            let mut g = Grid::new(11, 9, false);
            for y in 0..9 {
                for x in 0..11 {
                    g.set(Pos::new(x, y), next(&mut state) % 100 < 25);
                }
            }
            let world = Longer(g);
            let (mut mc, mut reference) = (Fov::new(11, 9), Fov::new(11, 9));
            for y in 0..9 {
                for x in 0..11 {
                    for radius in [None, Some(3)] {
                        differ += usize::from(differs_from_reference(
                            Pos::new(x, y),
                            radius,
                            &world,
                            &mut mc,
                            &mut reference,
                        ));
                        views += 1;
                    }
                }
            }
        }
        TURN_ALL.set(false);
        assert_eq!(differ, 0, "{differ} of {views} views differ from the reference");
    }

    #[test]
    fn walls_seen_along_their_length_match_the_reference() {
        // Corridors one to three cells wide, across and down the area, with doorways off them,
        // and a room: from inside, most of their walls are seen along the wall's length, lit
        // whole from the corridor's side and by little or nothing from beyond (the grazing
        // walls of `Quadrant::one_sided_wall`), on both sides of every quadrant's diagonal.
        let mut maps = Vec::new();
        for width in 1..=3 {
            let mut across = Grid::new(19, 9, true);
            for x in 0..19 {
                for y in 3..3 + width {
                    across.set(Pos::new(x, y), false);
                }
            }
            for (x, y) in [(5, 2), (5, 1), (12, 3 + width), (15, 2)] {
                across.set(Pos::new(x, y), false);
            }
            let mut down = Grid::new(9, 19, true);
            for y in 0..19 {
                for x in 0..9 {
                    down.set(Pos::new(x, y), *across.get(Pos::new(y, x)).unwrap());
                }
            }
            maps.extend([across, down]);
        }
        let mut room = Grid::new(16, 12, true);
        for y in 2..9 {
            for x in 2..11 {
                room.set(Pos::new(x, y), false);
            }
        }
        for p in [(11, 5), (12, 5), (13, 5), (14, 5), (6, 9), (6, 10), (6, 11)] {
            room.set(Pos::new(p.0, p.1), false);
        }
        maps.push(room);
        let (mut differ, mut seen) = (0, 0);
        for g in &maps {
            let (w, h) = (g.width(), g.height());
            let (mut mc, mut reference) = (Fov::new(w, h), Fov::new(w, h));
            // (viewers on the floors: the walls' own views see no grazing walls)
            let floors = (0..h as i32).flat_map(|y| (0..w as i32).map(move |x| Pos::new(x, y)));
            for at in floors.filter(|&p| !g.is_opaque(p)) {
                for radius in [None, Some(6)] {
                    let differs = differs_from_reference(at, radius, g, &mut mc, &mut reference);
                    seen += mc.len();
                    differ += usize::from(differs);
                }
            }
        }
        assert!(seen > 5_000, "the views see something: {seen}");
        assert_eq!(differ, 0);
    }

    #[test]
    fn turned_quadrants_read_their_corridor_from_the_view() {
        // A corridor down the map, one cell wide, walled on the left, on the right or on both
        // sides next to the viewer (so one or both quadrants on each side of the x axis are
        // turned), closed by a wall at every distance or open to the edge, the rest random:
        // the `sx < 0` turned quadrant takes the corridor's floors from what the `sx > 0` one,
        // turned or not, marked in the view (`Quadrant::turned_axis_floors`). Views within
        // radii that end inside the corridor and past its end wall, and one `Fov` for all, so a
        // view can only see its own marks.
        let mut state = 0x2f0e_91c4_6a3b_d517_u64;
        let mut next = || next(&mut state);
        let (w, h) = (9, 15);
        let (mut mc, mut reference) = (Fov::new(w, h), Fov::new(w, h));
        let (mut differ, mut views, mut seen) = (0, 0, 0);
        for sides in [[true, false], [false, true], [true, true]] {
            for end in 1..h as i32 + 1 {
                let mut g = Grid::new(w, h, false);
                for y in 0..h as i32 {
                    for x in 0..w as i32 {
                        g.set(Pos::new(x, y), next() % 3 == 0);
                    }
                }
                let cx = 4;
                for y in 0..h as i32 {
                    g.set(Pos::new(cx, y), y == end);
                    g.set(Pos::new(cx - 1, y), sides[0]);
                    g.set(Pos::new(cx + 1, y), sides[1]);
                }
                for y in (0..h as i32).filter(|&y| y != end) {
                    for radius in [None, Some(2), Some(4), Some(7)] {
                        let at = Pos::new(cx, y);
                        let differs = differs_from_reference(at, radius, &g, &mut mc, &mut reference);
                        views += 1;
                        seen += mc.len();
                        differ += usize::from(differs);
                    }
                }
            }
        }
        assert!(views > 500 && seen > 5 * views, "the views see the corridor: {views} views, {seen}");
        assert_eq!(differ, 0, "of {views} views");
    }

    #[test]
    fn walls_on_the_axes_in_full_light_match_the_reference() {
        // A viewer with floors along its axes up to a wall at distance 1 to 3 on some of them
        // (each wall lit whole: `Quadrant::axis_wall`, from the axis row and from the rows'
        // first cells), the cells beside each wall that would seal its near vertices random,
        // the rest of the area random too; the quadrants scanned by rows and, through the test
        // hook, turned. (The walls next to the axis walls, lit whole from one side and by the
        // axis wall's part from the other, are `Quadrant::one_sided_wall`'s cases next to the
        // axes.)
        let mut state = 0x51_7cc1_b727_220a_u64;
        let mut next = || next(&mut state);
        let (mut differ, mut views, mut walls) = (0, 0, 0);
        for turned in [false, true] {
            TURN_ALL.set(turned);
            for _ in 0..400 {
                let mut g = Grid::new(9, 9, false);
                let at = Pos::new(4, 4);
                for y in 0..9 {
                    for x in 0..9 {
                        let p = Pos::new(x, y);
                        let on_axis = x == at.x || y == at.y;
                        g.set(p, !on_axis && next() % 100 < 35);
                    }
                }
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let d = (next() % 4) as i32; // (0: no wall on this side)
                    if d > 0 {
                        g.set(Pos::new(at.x + dx * d, at.y + dy * d), true);
                        walls += 1;
                    }
                }
                let (mut mc, mut reference) = (Fov::new(9, 9), Fov::new(9, 9));
                for radius in [None, Some(2), Some(5)] {
                    let differs = differs_from_reference(at, radius, &g, &mut mc, &mut reference);
                    (differ, views) = (differ + usize::from(differs), views + 1);
                }
            }
        }
        TURN_ALL.set(false);
        assert!(walls > 1000, "walls on the axes: {walls} in {views} views");
        assert_eq!(differ, 0);
    }

    #[test]
    fn walled_in_quadrants_see_their_three_walls() {
        // Every combination of walls among the viewer's eight neighbours, the rest of the area
        // random, the viewer on a floor and inside a wall: a quadrant closed by the walls next
        // to the viewer on both of its axes and the wall between them is not scanned (see
        // `Corner`), and must still see just what the reference sees, within every radius (the
        // wall between needs 2).
        let mut state = 0x6c8e_9cf5_7083_1a2b_u64;
        let around = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
        let (mut differ, mut walled_in) = (0, 0);
        for mask in 0..512u32 {
            let mut g = Grid::new(7, 7, false);
            for y in 0..7 {
                for x in 0..7 {
                    g.set(Pos::new(x, y), next(&mut state) % 100 < 30);
                }
            }
            let at = Pos::new(3, 3);
            g.set(at, mask >> 8 == 1);
            for (k, (dx, dy)) in around.iter().enumerate() {
                g.set(Pos::new(at.x + dx, at.y + dy), mask >> k & 1 == 1);
            }
            let wall = |dx: i32, dy: i32| g.is_opaque(Pos::new(at.x + dx, at.y + dy));
            walled_in += [(1, 1), (-1, 1), (1, -1), (-1, -1)]
                .iter()
                .filter(|&&(sx, sy)| wall(sx, 0) && wall(0, sy) && wall(sx, sy))
                .count();
            let (mut mc, mut reference) = (Fov::new(7, 7), Fov::new(7, 7));
            for radius in [None, Some(0), Some(1), Some(2), Some(3)] {
                differ += usize::from(differs_from_reference(at, radius, &g, &mut mc, &mut reference));
            }
        }
        assert_eq!(walled_in, 4 * 64, "each quadrant is walled in by 64 of the 512 masks");
        assert_eq!(differ, 0);
    }

    #[test]
    fn trace_records_states_and_rings() {
        // A 5×2 area, viewer (0, 0), one wall at (2, 0). In doubled coordinates from the
        // viewer's centre the wall's diamond blocks the open angle of slopes (-1/4, 1/4).
        // (3, 0)'s square spans slopes [0, 1/5] in this quadrant: all in the shadow, so it is
        // culled and (4, 0) behind it is never looked at. (3, 1)'s square spans [1/7, 3/5]: cut
        // by the shadow's edge at 1/4, and its centre (slope 1/3) is lit.
        let wall = |p: Pos| p == Pos::new(2, 0);
        let mut fov = Fov::new(5, 2);
        let mut t = Trace::default();
        trace(Pos::new(0, 0), None, &wall, &mut fov, &mut t);
        let at = |x, y| t.get(Pos::new(x, y));
        assert_eq!(at(0, 0), TraceCell { state: CellState::Lit, ring: 0, visible: true });
        assert_eq!(at(1, 0), TraceCell { state: CellState::Lit, ring: 1, visible: true });
        assert_eq!(at(2, 0), TraceCell { state: CellState::Lit, ring: 2, visible: true });
        assert_eq!(at(3, 0), TraceCell { state: CellState::Culled, ring: 3, visible: false });
        assert_eq!(at(4, 0).state, CellState::NeverLooked);
        assert!(!at(4, 0).visible);
        assert_eq!(at(3, 1), TraceCell { state: CellState::Edge, ring: 4, visible: true });
        // the trace agrees with the plain call
        let mut plain = Fov::new(5, 2);
        compute(Pos::new(0, 0), None, &wall, &mut plain);
        for y in 0..2 {
            for x in 0..5 {
                assert_eq!(plain.is_visible(Pos::new(x, y)), at(x, y).visible, "({x}, {y})");
            }
        }
    }
}
