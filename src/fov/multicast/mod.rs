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
//! - **The corridor's side in a turned scan.** The column beside the corridor, lit whole from
//!   it, gets in each cell the interval from its square's low end to one direction `x` that the
//!   cell before leaves it, so each cell is one or two comparisons with `x`: a floor is seen
//!   iff its centre is at `x` or before and passes `x` on (whole light once `x` reaches its far
//!   corner); a wall, always seen, resets `x` to its near vertex toward the corridor.
//!   Why: the part from the corridor is whole, and the part from the cell before starts at the
//!   shared corner, so their join is that one interval.
//!
//! Each cell is decided at most once per quadrant it belongs to (its opacity may be read again,
//! for a neighbour's seal or when a row turns out not to be open); no ray is ever walked.

mod angle;
mod intervals;
mod open;

use std::mem;

use self::angle::Dir;
use self::intervals::{Interval, SMALL, Sink, SmallSet, set_contains, set_meets_open};
use super::{Fov, row_reach};
use crate::geometry::{Opacity, Pos};

/// Computes the field of view of a viewer at `origin` with `radius` (`None`: unlimited) into
/// `out`, exactly as [`super::reference::compute`] does.
///
/// The visible area is `out`'s `width × height`: cells outside it are opaque and never marked,
/// and a viewer outside it is allowed (it sees into the area only from a cell next to it). Its
/// working memory lives in `out` and is kept from call to call: once `out` has computed views
/// as large (the same radius over similar ground, say), a call allocates nothing. That memory
/// follows the view (a row of the front per quadrant, the intervals of two rows), not the map.
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
/// algorithm can show the state after any number of rings.
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

/// The per-cell record of one traced multicast (see [`trace`]), the size of the area.
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
    /// If `width * height` overflows `usize` (as [`Fov::new`] refuses such an area), before
    /// changing anything.
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

/// Watches the multicast: told about every cell it looks at. The plain [`compute`] uses `()`,
/// which does nothing and compiles to nothing.
pub trait Observer {
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

/// What a cell passes on to its children: the lit directions leaving its square.
///
/// Packed in one word (it is copied around for every cell): `DARK` (nothing: the cell was
/// culled, or its wall blocked everything that reached it), `FULL` (the cell's whole square
/// angle; only a transparent cell, or the viewer's own, passes this on), or `len` intervals
/// from `start` in the row's interval arena, with two bits saying which children the light
/// reaches and two saying which get their whole part of it.
///
/// A cell's two children split its square angle at its far corner: the child to the right
/// (`i + 1`) takes the directions up to it, the child below (`j + 1`) those from it on. A child
/// that no lit direction of an input reaches gets nothing from that input, so the scan treats
/// that input as dark there and never looks at a child that gets nothing from either: the light
/// already says it is culled. A child whose part is all lit, both ends included, gets from
/// that input just what it would from a `FULL` one: a cell whose inputs both say so has its
/// whole square lit, and the scan handles it as it handles a cell under two `FULL` inputs,
/// without reading the arena. (Only a floor, or the viewer's cell, can say so: a wall's diamond
/// blocks its far corner ray. A light that does not say so may still be whole there, and is then
/// worked out.)
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Light(u64);

impl Light {
    const DARK: Light = Light(0);
    /// One interval that gives both children their whole parts, at an arena position no arena
    /// has.
    const FULL: Light = Light(
        (u32::MAX as u64) << 32 | Light::TO_RIGHT | Light::DOWN | Light::WHOLE_RIGHT | Light::WHOLE_DOWN | 1,
    );
    const TO_RIGHT: u64 = 1 << 31;
    const DOWN: u64 = 1 << 30;
    const WHOLE_RIGHT: u64 = 1 << 29;
    const WHOLE_DOWN: u64 = 1 << 28;
    const LEN: u64 = (1 << 28) - 1;

    /// The partial light of cell `(i, j)` held in `arena[start..]` (a non-empty set).
    #[inline]
    fn part(arena: &[Interval], start: usize, i: i32, j: i32) -> Light {
        let len = arena.len() - start;
        debug_assert!(len > 0 && len as u64 <= Light::LEN && start < u32::MAX as usize);
        let reach = Light::reach(&arena[start], &arena[arena.len() - 1], i, j);
        Light((start as u64) << 32 | reach | len as u64)
    }

    /// The partial light of cell `(i, j)` that is the single interval `iv`, appended to the
    /// arena (its reach worked out from `iv` at hand, not read back).
    #[inline]
    fn one(arena: &mut Vec<Interval>, iv: Interval, i: i32, j: i32) -> Light {
        let start = arena.len();
        arena.push(iv);
        Light((start as u64) << 32 | Light::reach(&iv, &iv, i, j) | 1)
    }

    /// The partial light that is the single interval `iv`, appended to the arena, reaching the
    /// children the caller has worked out; `from_lo` and `to_hi` say whether `iv` starts at the
    /// cell's square's low end and ends at its high end, both included. (Whichever child it
    /// reaches from such an end, it gives its whole part.)
    #[inline]
    fn one_reaching(
        arena: &mut Vec<Interval>,
        iv: Interval,
        to_right: bool,
        down: bool,
        from_lo: bool,
        to_hi: bool,
    ) -> Light {
        let start = arena.len();
        arena.push(iv);
        let bit = |on: bool, bit: u64| if on { bit } else { 0 };
        let reach = bit(to_right, Light::TO_RIGHT)
            | bit(down, Light::DOWN)
            | bit(from_lo && down, Light::WHOLE_RIGHT)
            | bit(to_hi && to_right, Light::WHOLE_DOWN);
        Light((start as u64) << 32 | reach | 1)
    }

    /// Which children of cell `(i, j)` a set running from `first` to `last` reaches.
    #[inline]
    fn reach(first: &Interval, last: &Interval, i: i32, j: i32) -> u64 {
        let far = Dir::new(2 * i + 1, 2 * j + 1);
        // (a cross product above 0, or at 0 with the end closed: at least 1 when it is open)
        let to_right = first.lo.cross(far) >= i64::from(first.lo_open());
        let down = far.cross(last.hi) >= i64::from(last.hi_open());
        (if to_right { Light::TO_RIGHT } else { 0 }) | if down { Light::DOWN } else { 0 }
    }

    /// The light as the child to the right gets it: dark if none of it reaches that child.
    #[inline]
    fn to_right(self) -> Light {
        if self.0 & Light::TO_RIGHT != 0 { self } else { Light::DARK }
    }

    /// Whether some of the light reaches the child below.
    #[inline]
    fn reaches_down(self) -> bool {
        self.0 & Light::DOWN != 0
    }

    /// Whether the child to the right gets its whole part of the light.
    #[inline]
    fn whole_to_right(self) -> bool {
        self.0 & Light::WHOLE_RIGHT != 0
    }

    /// Whether the child below gets its whole part of the light.
    #[inline]
    fn whole_down(self) -> bool {
        self.0 & Light::WHOLE_DOWN != 0
    }

    /// How many intervals the light is: none when dark, one when full.
    #[inline]
    fn intervals(self) -> usize {
        (self.0 & Light::LEN) as usize
    }

    /// The arena range of a partial light.
    #[inline]
    fn range(self) -> std::ops::Range<usize> {
        let start = (self.0 >> 32) as usize;
        start..start + (self.0 & Light::LEN) as usize
    }
}

/// The multicast's working memory, kept in the [`Fov`] so that once warm a call allocates
/// nothing: the front of the scan (one row of cell outputs), the runs of cells whose light
/// reaches the next row, for the row above and the current row, and their interval arenas.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// The cell outputs of one row, written over in place: cell `i` reads the row above's at
    /// `i` and beyond and then writes its own at `i`, so the entries before `i` are the current
    /// row's and the others still the row above's.
    front: Vec<Light>,
    prev_runs: Vec<(i32, i32)>,
    cur_runs: Vec<(i32, i32)>,
    /// Apart from the front, so that the cell loop can hold that as a slice while the cells it
    /// hands on work in the arenas.
    iv: Arenas,
}

/// The interval arenas of the row above and of the current row, where a cell's input is
/// gathered, and the cells found visible one by one.
#[derive(Debug, Default)]
struct Arenas {
    prev_iv: Vec<Interval>,
    cur_iv: Vec<Interval>,
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
            prev_runs: like(&self.prev_runs),
            cur_runs: like(&self.cur_runs),
            iv: Arenas {
                prev_iv: like(&self.iv.prev_iv),
                cur_iv: like(&self.iv.cur_iv),
                input: like(&self.iv.input),
                seen: like(&self.iv.seen),
                small: self.iv.small,
            },
        }
    }
}

/// The open angle a wall's diamond subtends from quadrant cell `(i, j) != (0, 0)`: its lowest
/// and highest vertex directions, each with the neighbour across that vertex (a seal there if
/// that neighbour is opaque too). Below the diagonal the bounds are the near (top) and far
/// (bottom) vertices, above it the far (right) and near (left) ones; on it, the two near ones.
#[inline]
fn wall_angle(i: i32, j: i32) -> (Dir, (i32, i32), Dir, (i32, i32)) {
    let (lo_v, lo_n) = if j <= i {
        (Dir::new(2 * i, 2 * j - 1), (i, j - 1))
    } else {
        (Dir::new(2 * i + 1, 2 * j), (i + 1, j))
    };
    let (hi_v, hi_n) = if j >= i {
        (Dir::new(2 * i - 1, 2 * j), (i - 1, j))
    } else {
        (Dir::new(2 * i, 2 * j + 1), (i, j + 1))
    };
    (lo_v, lo_n, hi_v, hi_n)
}

/// Gathers into `into` the input of quadrant cell `(i, j)` (whose square angle is `own`) from
/// the outputs of its inputs: what the square above passes (its intervals in `prev_iv`) from
/// `own`'s low end on, then what the square to the left passes (in `cur_iv`) up to `own`'s high
/// end. The two meet at the corner the three squares share.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn gather(
    into: &mut impl Sink,
    i: i32,
    j: i32,
    own: Interval,
    left: Light,
    up: Light,
    prev_iv: &[Interval],
    cur_iv: &[Interval],
) {
    if up == Light::FULL {
        if let Some(iv) = square(i, j - 1).clip_lo(own.lo, false) {
            into.push_joined(iv);
        }
    } else if up != Light::DARK {
        for iv in &prev_iv[up.range()] {
            if let Some(iv) = iv.clip_lo(own.lo, false) {
                into.push_joined(iv);
            }
        }
    }
    if left == Light::FULL {
        if let Some(iv) = square(i - 1, j).clip_hi(own.hi, false) {
            into.push_joined(iv);
        }
    } else if left != Light::DARK {
        for iv in &cur_iv[left.range()] {
            match iv.clip_hi(own.hi, false) {
                Some(iv) => into.push_joined(iv),
                None => break,
            }
        }
    }
}

/// The light of floor `(i, j)` whose input is `u` and `l`, two intervals split at the corner its
/// inputs share (rare), and whether its centre is lit.
#[cold]
#[inline(never)]
fn two_parts(arena: &mut Vec<Interval>, u: Interval, l: Interval, i: i32, j: i32) -> (Light, bool) {
    let start = arena.len();
    arena.push(u);
    arena.push(l);
    let c = Dir::new(i, j);
    (Light::part(arena, start, i, j), u.contains(c) || l.contains(c))
}

/// What each input of quadrant cell `(i, j)` (off the axes, each passing it one interval at
/// most: see [`one_each`]) passes into its square, and whether that part reaches the square's
/// outer end (`lo` for the input above, `hi` for the left one) with the end included; `None`
/// for a dark input. (An input's light reaches this cell, so its part here is not empty: `lo`
/// is the far corner of the square above, `hi` that of the square to the left. Above's part
/// lies in `[lo, corner]`, the left's in `[corner, hi]`.)
#[inline(always)]
#[allow(clippy::type_complexity)]
fn input_parts(
    i: i32,
    j: i32,
    left: Light,
    up: Light,
    s: &Arenas,
) -> (Option<(Interval, bool)>, Option<(Interval, bool)>) {
    let (lo, hi) = (Dir::new(2 * i + 1, 2 * j - 1), Dir::new(2 * i - 1, 2 * j + 1));
    let corner = Dir::new(2 * i - 1, 2 * j - 1);
    let u = if up == Light::DARK {
        None
    } else if up.whole_down() {
        Some((Interval::of(lo, false, corner, false), true))
    } else {
        Some(s.prev_iv[up.range().end - 1].starting_at(lo)) // (the first is below `lo` if two)
    };
    let l = if left == Light::DARK {
        None
    } else if left.whole_to_right() {
        Some((Interval::of(corner, false, hi, false), true))
    } else {
        Some(s.cur_iv[left.range().start].ending_at(hi))
    };
    (u, l)
}

/// `lit_from` of [`track_run_from`] when no run is under way.
const NO_RUN: i32 = i32::MAX;

/// Keeps the runs of a row's cells whose light reaches the row below: `lit_from` is where the
/// current run started (`NO_RUN` when none is under way: a plain number the cell loop keeps in
/// one register), and cell `i`'s `light` extends it or ends it.
#[inline(always)]
fn track_run_from(lit_from: &mut i32, runs: &mut Vec<(i32, i32)>, i: i32, light: Light) {
    if !light.reaches_down() {
        if *lit_from != NO_RUN {
            runs.push((mem::replace(lit_from, NO_RUN), i - 1));
        }
    } else {
        *lit_from = (*lit_from).min(i);
    }
}

/// Whether each input of quadrant cell `(i, j)` (off the axes) passes at most one interval into
/// its square. An input that passes two passes one, when its other interval lies wholly beyond
/// the square: above's first ending before the square's low end, or the left's second starting
/// after its high end. (A wall lit on both sides of its diamond passes two parts that split
/// that way: the one below its diamond ends before its far corner, the one above starts after.)
#[inline(always)]
fn one_each(i: i32, j: i32, left: Light, up: Light, prev_iv: &[Interval], cur_iv: &[Interval]) -> bool {
    let (nu, nl) = (up.intervals(), left.intervals());
    if nu <= 1 && nl <= 1 {
        return true;
    }
    // (an end before a direction: a cross product above 0, or at 0 with the end open)
    nu <= 2
        && nl <= 2
        && (nu < 2 || {
            let first = prev_iv[up.range().start];
            first.hi.cross(Dir::new(2 * i + 1, 2 * j - 1)) >= i64::from(!first.hi_open())
        })
        && (nl < 2 || {
            let second = cur_iv[left.range().start + 1];
            Dir::new(2 * i - 1, 2 * j + 1).cross(second.lo) >= i64::from(!second.lo_open())
        })
}

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
        Some([below, above]) if below.done && above.done => return, // all of it open
        Some(_) => {}
    }
    let mut s = mem::take(&mut out.scratch);
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
        if open.is_some_and(|sides| sides[yside].done) {
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
    // The row buffers trade places every row, so either may be the one that grew; give both
    // the larger capacity, so that after warm-up no view has to grow the smaller one again.
    even_out(&mut s.iv.prev_iv, &mut s.iv.cur_iv);
    even_out(&mut s.prev_runs, &mut s.cur_runs);
    out.mark_new_cells(&s.iv.seen);
    s.iv.seen.clear();
    out.scratch = s;
}

/// What the quadrant `(sx, sy)` of a viewer inside the area is like next to the viewer, when a
/// wall stands there on the quadrant's x axis: two shortcuts that look at the same few cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Corner {
    /// Walls on the y axis next to the viewer too and between the two (a corner of a room or a
    /// corridor): the light that leaves the viewer's square between the axis walls' diamonds is
    /// the angle of the wall between, whose two bounding rays end on that wall's seals with the
    /// axis walls, so those three walls are all the quadrant shows (within a radius of 2 or
    /// more, which reaches the wall between), and it is not scanned.
    WalledIn,
    /// The wall goes on in the next row and the viewer looks down a floor along the y axis
    /// (three cells of it): a corridor, or a room's side. The quadrant had better be scanned
    /// along the map's columns (see [`Quadrant`]): by rows, such a view is a thin wedge whose
    /// every row costs the row's set-up for the two or three cells the wedge has there; by
    /// columns, the corridor is the first row and its wall the second. (Only a guess: either
    /// way the scan is exact.)
    Tall,
    /// Neither: scanned by rows.
    Other,
}

impl Corner {
    /// The quadrant `(sx, sy)` of a viewer at `origin` (a wall next to it on the x axis), given
    /// `ahead`, the floors along the quadrant's y axis from the viewer (up to three, found once
    /// for both quadrants on that side), and `down`, how far the area reaches that way (one cell
    /// or more). The radius is 1 or more.
    #[inline]
    fn of(
        origin: Pos,
        sx: i32,
        sy: i32,
        down: i32,
        ahead: i32,
        radius: Option<u32>,
        world: &(impl Opacity + ?Sized),
    ) -> Corner {
        debug_assert!(down > 0 && radius != Some(0));
        if !world.is_opaque(Pos::new(origin.x + sx, origin.y + sy)) {
            Corner::Other
        } else if ahead == 0 {
            if radius.is_none_or(|r| r >= 2) { Corner::WalledIn } else { Corner::Other }
        } else if down >= 3 && ahead >= 3 {
            Corner::Tall
        } else {
            Corner::Other
        }
    }
}

/// Grows the smaller capacity of the two to the larger.
fn even_out<T>(a: &mut Vec<T>, b: &mut Vec<T>) {
    let cap = a.capacity().max(b.capacity());
    for v in [a, b] {
        v.reserve_exact(cap.saturating_sub(v.len()));
    }
}

/// The lowest direction of the square of quadrant cell `(i, j)` (its far corner on the x side),
/// clipped to the quadrant.
#[inline]
fn sq_lo(i: i32, j: i32) -> Dir {
    if j == 0 { Dir::new(1, 0) } else { Dir::new(2 * i + 1, 2 * j - 1) }
}

/// The highest direction of the square of quadrant cell `(i, j)`, clipped to the quadrant.
#[inline]
fn sq_hi(i: i32, j: i32) -> Dir {
    if i == 0 { Dir::new(0, 1) } else { Dir::new(2 * i - 1, 2 * j + 1) }
}

/// The whole square angle of quadrant cell `(i, j)`.
#[inline]
fn square(i: i32, j: i32) -> Interval {
    Interval::of(sq_lo(i, j), false, sq_hi(i, j), false)
}

/// A row of a quadrant's cells as opacity flags in a slice of the world's: cell `i` is the
/// flag at `start + step·i`, and opaque if that lies outside the slice.
#[derive(Copy, Clone)]
struct Row<'w> {
    flags: &'w [bool],
    start: isize,
    step: isize,
}

impl Row<'_> {
    #[inline]
    fn opaque(&self, i: i32) -> bool {
        let k = self.start + self.step * i as isize;
        usize::try_from(k).ok().and_then(|k| self.flags.get(k)).is_none_or(|&o| o)
    }
}

/// One quadrant of the scan: quadrant cell `(i, j)` is the map cell `origin + (sx·i, sy·j)`,
/// or, turned (`T`), `origin + (sx·j, sy·i)`: then the scan's rows are the map's columns.
///
/// The geometry is the same either way: swapping x and y mirrors the map across a diagonal,
/// which takes squares, diamonds, seals and centres to their like, so a turned quadrant is a
/// plain quadrant of the mirrored map. Only the shortcuts that read or mark the map's rows a
/// stretch at a time (whole rows, runs of whole floors, the axis row's floors) need the scan's
/// rows to be map rows; a turned scan goes cell by cell there, but for the axis row of the one
/// on the `sx < 0` side, whose floors it reads from the view ([`Quadrant::turned_axis_floors`]).
struct Quadrant<const T: bool> {
    origin: Pos,
    sx: i32,
    sy: i32,
    w: i64,
    h: i64,
    /// With the viewer inside the area, every cell the scan visits is inside it too.
    viewer_inside: bool,
}

impl<const T: bool> Quadrant<T> {
    #[inline]
    fn at(&self, i: i32, j: i32) -> Pos {
        if T {
            Pos::new(self.origin.x + self.sx * j, self.origin.y + self.sy * i)
        } else {
            Pos::new(self.origin.x + self.sx * i, self.origin.y + self.sy * j)
        }
    }

    /// Whether the scan takes the shortcuts along the map's rows: not when it tells an observer
    /// cell by cell, nor when its rows are not map rows, nor for a viewer outside the area.
    #[inline]
    fn shortcuts<O: Observer>(&self) -> bool {
        !O::WATCHES && !T && self.viewer_inside
    }

    #[inline]
    fn in_area(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && i64::from(p.x) < self.w && i64::from(p.y) < self.h
    }

    #[inline]
    fn opaque(&self, world: &(impl Opacity + ?Sized), p: Pos) -> bool {
        !(self.viewer_inside || self.in_area(p)) || world.is_opaque(p)
    }

    /// The world's opacity flags of row `j`, if the world keeps them in slices: for a plain
    /// scan the map row cut to the area (empty when the row is outside it), for a turned one
    /// the map column, read out of `block`, the rows of the scan's cells (see
    /// [`Quadrant::turned_block`]).
    #[inline]
    fn opaque_row<'w>(
        &self,
        world: &'w (impl Opacity + ?Sized),
        j: i32,
        block: Option<(&'w [bool], usize)>,
    ) -> Option<Row<'w>> {
        if T {
            let (flags, stride) = block?;
            // (a column outside the world's rows is looked up cell by cell)
            let x = usize::try_from(self.origin.x + self.sx * j).ok().filter(|&x| x < stride)?;
            // the viewer's row is the block's first for `sy > 0`, its last otherwise (the block
            // holds exactly the scan's rows: see `turned_block`)
            let (start, step) = if self.sy > 0 {
                (x as isize, stride as isize)
            } else {
                ((flags.len() - stride + x) as isize, -(stride as isize))
            };
            return Some(Row { flags, start, step });
        }
        let y = self.origin.y + self.sy * j;
        let row = world.opaque_row(y)?;
        let flags =
            if y >= 0 && i64::from(y) < self.h { &row[..row.len().min(self.w as usize)] } else { &[] };
        Some(Row { flags, start: self.origin.x as isize, step: self.sx as isize })
    }

    /// For a turned scan whose cells lie at `i = 0..=ilim`, on the `ilim + 1` map rows from the
    /// viewer's outward (toward `sy`), the world's opacity flags of those rows as one slice of
    /// exactly those rows and its stride, if the world keeps them that way
    /// ([`Opacity::opaque_rows`]; a longer slice is cut): a turned scan's rows are map columns,
    /// each read one stride at a time down the slice.
    #[inline]
    fn turned_block<'w>(&self, world: &'w (impl Opacity + ?Sized), ilim: u32) -> Option<(&'w [bool], usize)> {
        let n = ilim as usize + 1;
        let top = if self.sy > 0 { self.origin.y } else { self.origin.y - ilim as i32 };
        let (flags, stride) = world.opaque_rows(top, n)?;
        // (the viewer's row, for `sy < 0`, is the last of the `n`: see `opaque_row`)
        Some((flags.get(..n.checked_mul(stride)?)?, stride))
    }

    /// [`Quadrant::opaque`] for cell `(i, j)` at `p`, with row `j`'s flags from
    /// [`Quadrant::opaque_row`].
    #[inline]
    fn opaque_at(&self, world: &(impl Opacity + ?Sized), row: Option<Row>, i: i32, p: Pos) -> bool {
        match row {
            Some(row) if T => row.opaque(i),
            Some(row) => {
                // (a plain row's `start` and `step` are the viewer's x and `sx`: the same look-up
                // in 32 bits, as the plain scan's loop was measured with; `Row::opaque` there cost
                // the 5 % map 0.8 % more instructions)
                let x = self.origin.x + self.sx * i;
                usize::try_from(x).ok().and_then(|x| row.flags.get(x)).is_none_or(|&o| o)
            }
            None => self.opaque(world, p),
        }
    }

    /// Scans the quadrant row by row (`j`), each row outward (`i`), holding only the previous
    /// row's outputs: a cell's inputs are `(i-1, j)`, just done, and `(i, j-1)`, from that row.
    /// With `from = Some((j, ilim))` it starts at row `j`, the row above being done and marked
    /// with cells `0..=ilim` all passing their whole squares and no other cell lit (see
    /// [`open::open_rows`]). With `tall` (a plain quadrant only: see [`Corner::Tall`]) it hands
    /// the quadrant to the turned scan.
    ///
    /// Each row also records its runs of cells whose light reaches the row below, so the next
    /// row visits only cells with a lit input: the runs of the row above, each extended to the
    /// right as long as the light keeps coming from the left. Everything else is culled without
    /// being looked at.
    #[allow(clippy::too_many_arguments)]
    fn scan<O: Observer>(
        &self,
        imax: u32,
        jmax: u32,
        radius: Option<u32>,
        from: Option<(i32, i32)>,
        floors: Option<i32>,
        tall: bool,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        s: &mut Scratch,
        obs: &mut O,
    ) {
        let r2 = radius.map(|r| i64::from(r).saturating_mul(i64::from(r)));
        let mut ilim = radius.map_or(imax, |r| r.min(imax)) as i32;
        let block = if T { self.turned_block(world, ilim as u32) } else { None };
        debug_assert!(s.front.len() > ilim as usize, "the front is sized for every quadrant by `run`");
        s.iv.cur_iv.clear();
        s.cur_runs.clear();
        // How many cells of the row just done, from the axis on, are known to pass their whole
        // squares: a lower bound, kept only where it costs nothing (whole floors, whole runs).
        let mut full;
        // Whether the row just done was a whole row taken by `whole_row` or `open_rows`, which
        // leave `s.front` and the runs as they were: they are written only when a row needs them.
        let mut unsaved;
        let j0 = if let Some((j, above)) = from {
            (ilim, full, unsaved) = (above, above + 1, true);
            j
        } else {
            // The floors along the axis row up to the first wall: `floors`, from the caller, when
            // the scan takes such shortcuts, or, turned, read in the view: see `axis_row` and
            // `turned_axis_floors`.
            let floors = if T {
                self.turned_axis_floors(ilim, world, out)
            } else {
                debug_assert_eq!(floors.is_some(), self.shortcuts::<O>());
                floors.filter(|_| ilim > 0)
            };
            if !T && (tall || floors.is_some() && turn_all()) {
                let (origin, sx, sy, w, h) = (self.origin, self.sx, self.sy, self.w, self.h);
                let q = Quadrant::<true> { origin, sx, sy, w, h, viewer_inside: true };
                q.scan_turned(jmax, imax, radius, world, out, s, obs);
                return;
            }
            (full, unsaved) = self.axis_row(ilim, jmax, r2, floors, world, block, out, s, obs);
            1
        };
        for j in j0..=jmax as i32 {
            if let Some(r2) = r2 {
                let jj = i64::from(j) * i64::from(j);
                if jj > r2 {
                    break;
                }
                ilim = row_reach(i64::from(ilim), jj, r2) as i32;
            }
            // (a row taken whole leaves `full > ilim` for the next)
            if self.shortcuts::<O>() && full > ilim {
                if self.whole_row(j, ilim, world, out) {
                    (full, unsaved) = (ilim + 1, true);
                    continue;
                }
                if mem::take(&mut unsaved) {
                    // the row above is whole from the axis to its end: one run of full light
                    s.front[..full as usize].fill(Light::FULL);
                    s.iv.cur_iv.clear();
                    s.cur_runs.clear();
                    s.cur_runs.push((0, full - 1));
                }
            }
            mem::swap(&mut s.iv.prev_iv, &mut s.iv.cur_iv);
            mem::swap(&mut s.prev_runs, &mut s.cur_runs);
            s.iv.cur_iv.clear();
            s.cur_runs.clear();
            // b: the end of the run of the row above that i is in, or of the last one it passed,
            // cut at the row's end (the loop's cells are all at or before it)
            let mut run = 0;
            let (a, b) = s.prev_runs[0];
            let mut b = b.min(ilim);
            let mut lit_from = NO_RUN;
            let mut left = Light::DARK;
            // the cells of the row above from i to here all give the cells below their whole parts
            let mut whole_to = -1;
            let mut i = a;
            let full_above = mem::replace(&mut full, 0);
            // The front as a slice of the row's length, held for the whole row: the loop runs
            // while `i` indexes it, which also settles every `front[i]`. (Cells outside the
            // runs are not written: the row below reads only within this row's runs.)
            let front = &mut s.front[..=ilim as usize];
            if self.shortcuts::<O>() && full_above > 1 {
                // The row starts under whole squares: its floors from the axis on, up to the
                // first wall or the end of those squares, are whole (each one's left input is
                // whole too), found with one look along the world's row, with no per-row set-up
                // of the cell loop. The axis cell is also another quadrant's; the others are
                // this one's alone.
                debug_assert!(a == 0 && b >= (full_above - 1).min(ilim));
                let n =
                    world.transparent_run(self.at(0, j), self.sx, full_above.min(ilim + 1) as usize) as i32;
                if n > 0 {
                    out.mark_inside(self.at(0, j));
                    if n > 1 {
                        out.mark_new_run(self.at(1, j), self.sx, n as usize - 1);
                    }
                    front[..n as usize].fill(Light::FULL);
                    (lit_from, left, i, full) = (0, Light::FULL, n, n);
                }
            }
            let row = self.opaque_row(world, j, block);
            while (i as usize) < front.len() {
                let up = if i <= b {
                    front[i as usize]
                } else if s.prev_runs.get(run + 1).is_some_and(|r| r.0 == i) {
                    // The light from the left carried on into the next run above. (Tested here,
                    // where a cell past `b` is told apart anyway, rather than after every cell:
                    // noise r20 about 3 % faster.)
                    run += 1;
                    b = s.prev_runs[run].1.min(ilim);
                    front[i as usize]
                } else {
                    Light::DARK
                };
                let light = if up.whole_down() && (i == 0 || left.whole_to_right()) {
                    // The common case: both inputs give this square their whole parts, so it is
                    // whole, if it is a floor.
                    let p = self.at(i, j);
                    if self.opaque_at(world, row, i, p) {
                        if i > 0 {
                            self.lit_wall(i, j, p, world, &mut s.iv, obs)
                        } else {
                            self.axis_wall(i, j, p, world, out, &mut s.iv, obs)
                        }
                    } else if T || i == 0 || i >= b || !front[i as usize + 1].whole_down() {
                        full += i32::from(i == full);
                        if i > 0 {
                            s.iv.seen.push(p);
                        } else {
                            out.mark_inside(p);
                        }
                        obs.cell(p, (i + j) as u32, CellState::Lit, true);
                        Light::FULL
                    } else if let Some(row) = row {
                        // A run of whole floors (see `whole_run`), followed cell by cell along
                        // the row's flags at hand: under a broken-up row above such runs are
                        // short (3 to 4 cells on the 5 % noise map), and setting up a run's
                        // look-up and marking costs more than its cells. (Measured: noise r20
                        // about 4 % faster; rooms, with longer runs, as fast as with `whole_run`.)
                        lit_from = lit_from.min(i);
                        let (from, end) = (i, b);
                        loop {
                            let p = self.at(i, j);
                            s.iv.seen.push(p);
                            obs.cell(p, (i + j) as u32, CellState::Lit, true);
                            if i >= end
                                || !front[i as usize + 1].whole_down()
                                || self.opaque_at(world, Some(row), i + 1, self.at(i + 1, j))
                            {
                                break;
                            }
                            front[i as usize] = Light::FULL;
                            i += 1;
                        }
                        if from == full {
                            full = i + 1;
                        }
                        Light::FULL
                    } else {
                        lit_from = lit_from.min(i);
                        let from = i;
                        i = self.whole_run(i, j, b, &mut whole_to, world, out, front, obs);
                        if from == full {
                            full = i + 1;
                        }
                        Light::FULL
                    }
                } else if up == Light::DARK && left == Light::DARK {
                    // culled: no light to the next run of the row above
                    if lit_from != NO_RUN {
                        s.cur_runs.push((mem::replace(&mut lit_from, NO_RUN), i - 1));
                    }
                    run += 1;
                    match s.prev_runs.get(run) {
                        Some(&(a, end)) => {
                            b = end.min(ilim);
                            i = a;
                            continue;
                        }
                        None => break,
                    }
                } else if T
                    && !O::WATCHES
                    && j == 1
                    && up == Light::FULL
                    && i > 1
                    && let Some((next, last)) = self.under_whole(
                        i,
                        j,
                        b,
                        left,
                        world,
                        row,
                        front,
                        &mut s.iv,
                        &mut s.cur_runs,
                        &mut lit_from,
                    )
                {
                    // A turned scan's row 1 under whole squares of the axis row, with the light
                    // from the left cut short (by a wall before): a stretch of cells each
                    // decided by one bound (see `under_whole`). That row is the side of the
                    // corridor the scan was turned for, where the light grazes the wall line
                    // for about 2a cells behind a wall at `(a, 1)`; in row j, for about a/j,
                    // too few to pay for the entry (measured, taken in every row: the 5 % map
                    // 4-5 % more instructions). Turned scans only, and tested here, after the
                    // cheaper cases: placed anywhere in the plain scan's cell loop, the call
                    // changed that loop's compiled code, and the 5 % map unlimited ran 7-9 %
                    // slower for the same instructions. (Rooms, whose views are corridor
                    // views: 13-25 % fewer instructions.)
                    (i, left) = (next, last);
                    continue;
                } else if i > 0 && one_each(i, j, left, up, &s.iv.prev_iv, &s.iv.cur_iv) {
                    self.small(i, j, left, up, world, row, out, &mut s.iv, obs)
                } else {
                    self.cell(i, j, left, up, world, out, &mut s.iv, obs)
                };
                front[i as usize] = light;
                track_run_from(&mut lit_from, &mut s.cur_runs, i, light);
                self.report_culled(obs, i, j, light, ilim, jmax, r2);
                left = light.to_right();
                i += 1;
            }
            if lit_from != NO_RUN {
                s.cur_runs.push((lit_from, i - 1));
            }
            // (the cells found one by one, marked once they are many: the list stays short
            // whatever the view, and most views mark them in one go at the end)
            if s.iv.seen.len() >= SEEN_BATCH {
                out.mark_new_cells(&s.iv.seen);
                s.iv.seen.clear();
            }
            if s.cur_runs.is_empty() {
                break;
            }
        }
    }

    /// [`Quadrant::scan`] of a turned quadrant, out of line: the rarer scan, kept apart from the
    /// plain one's code. (Inlined into it, the plain scan of a cave's small views measured a few
    /// per cent slower.)
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn scan_turned<O: Observer>(
        &self,
        imax: u32,
        jmax: u32,
        radius: Option<u32>,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        s: &mut Scratch,
        obs: &mut O,
    ) {
        self.scan(imax, jmax, radius, None, None, false, world, out, s, obs);
    }

    /// For a turned quadrant on the `sx < 0` side, how many floors follow the viewer along its
    /// axis row (a map column) before a wall, within `ilim`: read from the view, where the
    /// `sx > 0` quadrant on this side of the x axis, scanned before it, turned or not, marked
    /// that column. A floor there is seen from both sides or from neither (the rays to its centre
    /// run along the axis), so the view's run of visible cells along it is the floors up to the
    /// first wall, then that wall if it is seen (it hides the axis beyond: its diamond spans the
    /// squares behind it). `None` on the `sx > 0` side, which looks cell by cell. (The corridor
    /// a viewer stands in along the map's columns is walked once, not twice.)
    #[inline(always)]
    fn turned_axis_floors(&self, ilim: i32, world: &(impl Opacity + ?Sized), out: &Fov) -> Option<i32> {
        if self.sx > 0 {
            return None;
        }
        let mut n = 0;
        while n < ilim && out.is_visible(self.at(n + 1, 0)) {
            n += 1;
        }
        Some(if n > 0 && world.is_opaque(self.at(n, 0)) { n - 1 } else { n })
    }

    /// Row 0 of the quadrant, the viewer's cell and the cells along the x axis, fed from the left
    /// only; `floors` is how many floors follow the viewer there before a wall, if the scan
    /// looked (when it takes shortcuts). Returns how many of its cells, from the axis on, are
    /// known to pass their whole squares, and that the row is written down (see `unsaved` in
    /// [`Quadrant::scan`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn axis_row<'w, O: Observer>(
        &self,
        ilim: i32,
        jmax: u32,
        r2: Option<i64>,
        floors: Option<i32>,
        world: &'w (impl Opacity + ?Sized),
        block: Option<(&'w [bool], usize)>,
        out: &mut Fov,
        s: &mut Scratch,
        obs: &mut O,
    ) -> (i32, bool) {
        // row 0: the viewer, then outward along the axis, fed from the left only
        s.front[0] = Light::FULL;
        let mut lit_from = 0;
        let mut left = Light::FULL;
        let mut i = 1;
        let mut full = 1;
        if let Some(n) = floors {
            // The floors along the axis up to the first wall are whole, found with one look
            // along the world's row. The quadrant on the other side of this axis finds the same
            // cells; only the one on the positive y side marks them. (Turned, they are in the
            // view already.)
            if n > 0 {
                if self.sy > 0 && !T {
                    out.mark_new_run(self.at(1, 0), self.sx, n as usize);
                }
                s.front[1..=n as usize].fill(Light::FULL);
                (i, full) = (n + 1, n + 1);
            }
        }
        let row = self.opaque_row(world, 0, block);
        while i <= ilim && left != Light::DARK {
            let p = self.at(i, 0);
            let light = if left == Light::FULL {
                if self.opaque_at(world, row, i, p) {
                    self.axis_wall(i, 0, p, world, out, &mut s.iv, obs)
                } else {
                    // a floor on the axis in full light from the viewer's side: whole
                    out.mark_inside(p);
                    obs.cell(p, i as u32, CellState::Lit, true);
                    Light::FULL
                }
            } else {
                self.cell(i, 0, left, Light::DARK, world, out, &mut s.iv, obs)
            };
            s.front[i as usize] = light;
            full += i32::from(i == full && light == Light::FULL);
            track_run_from(&mut lit_from, &mut s.cur_runs, i, light);
            self.report_culled(obs, i, 0, light, ilim, jmax, r2);
            left = light.to_right();
            i += 1;
        }
        if lit_from != NO_RUN {
            s.cur_runs.push((lit_from, i - 1));
        }
        (full, false)
    }

    /// Row `j` (with the viewer inside the area) when the row above passes its whole squares
    /// from the axis to `ilim` at least: if its cells from the axis to `ilim` are all floors,
    /// each has two whole inputs and is whole too, and so is the row. Then marks the row and
    /// returns true; else does nothing (the cell loop takes the row).
    ///
    /// This is the open room's row, decided with one look along the world's row and marked in
    /// one go: no light is written down, as the next row only needs to know that this one was
    /// whole (see `unsaved` in [`Quadrant::scan`]). The axis cell also belongs to the quadrant
    /// on the other side of the y axis, which decides it the same way (a floor on the axis is
    /// seen from both sides or from neither: the rays to its centre run along the axis). The
    /// `sx > 0` quadrant is scanned first and marks it; the `sx < 0` one leaves it alone here.
    #[inline(always)]
    fn whole_row(&self, j: i32, ilim: i32, world: &(impl Opacity + ?Sized), out: &mut Fov) -> bool {
        let n = ilim as usize + 1;
        let y = self.origin.y + self.sy * j;
        let clear = match world.opaque_row(y) {
            Some(row) => {
                let x0 = if self.sx > 0 { self.origin.x } else { self.origin.x - ilim } as usize;
                row.get(x0..x0 + n).is_some_and(crate::geometry::all_clear)
            }
            None => world.transparent_run(self.at(0, j), self.sx, n) == n,
        };
        if clear {
            if self.sx > 0 {
                out.mark_row(self.at(0, j), n);
            } else if n > 1 {
                out.mark_row(self.at(ilim, j), n - 1);
            }
        }
        clear
    }

    /// Tells the observer that the children of cell `(i, j)` (within `ilim` on its row, `jmax`
    /// rows and the squared radius `r2`) that its lit `light` does not reach are culled: the scan
    /// will not look at them for this input. (A child the other input lights is looked at, and
    /// the observer hears that too.) Nothing at all with `()`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn report_culled<O: Observer>(
        &self,
        obs: &mut O,
        i: i32,
        j: i32,
        light: Light,
        ilim: i32,
        jmax: u32,
        r2: Option<i64>,
    ) {
        if !O::WATCHES || light == Light::DARK {
            return;
        }
        let ring = (i + j + 1) as u32;
        if light.to_right() == Light::DARK && i < ilim {
            obs.cell(self.at(i + 1, j), ring, CellState::Culled, false);
        }
        let below = i64::from(i) * i64::from(i) + i64::from(j + 1) * i64::from(j + 1);
        if !light.reaches_down() && (j as u32) < jmax && r2.is_none_or(|r2| below <= r2) {
            obs.cell(self.at(i, j + 1), ring, CellState::Culled, false);
        }
    }

    /// Marks the run of whole floors of row `j` that starts at floor `i` (both of whose inputs
    /// give it their whole parts, and the cell above its successor gives that its own): every
    /// floor after it under cells that do so is whole too. Returns the run's last cell. `whole_to` caches how far
    /// the row above stays whole from `i` on (up to `end`), so a row is scanned once. Off the
    /// axis, no other quadrant visits these cells, and they are inside the area.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn whole_run<O: Observer>(
        &self,
        i: i32,
        j: i32,
        end: i32,
        whole_to: &mut i32,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        front: &mut [Light],
        obs: &mut O,
    ) -> i32 {
        if i > *whole_to {
            // (i + 1 <= end: the cell above i + 1 gives it its whole part)
            let beyond = &front[i as usize + 2..=end as usize];
            *whole_to = i + 1 + crate::geometry::leading(beyond, |l| l.whole_down()) as i32;
        }
        let p = self.at(i, j);
        let n = world.transparent_run(p, self.sx, (*whole_to - i + 1) as usize).max(1);
        out.mark_new_run(p, self.sx, n);
        let last = i + n as i32 - 1;
        if O::WATCHES {
            for k in i..=last {
                obs.cell(self.at(k, j), (k + j) as u32, CellState::Lit, true);
            }
        }
        front[i as usize..last as usize].fill(Light::FULL);
        last
    }

    /// The cells of row `j` from `i` (below the diagonal, `i > j`) up to `end` while the square
    /// above each passes it its whole part (`FULL`), with `left` the light from the left of
    /// `i`, which does not give it its whole part. Writes their lights and runs as the cell
    /// loop does, and returns the cell after the stretch and the light of its last cell
    /// (which reaches to the right); `None`, having done nothing, when the light from the left
    /// is not one interval in `i`'s square that starts at `corner`.
    ///
    /// Such a cell's input is one interval `[lo, x]`: the part from above is `[lo, corner]`, both
    /// ends included, and the part from the left starts at `corner` (where the square to the
    /// left starts). So one direction, `x`, is the stretch's whole state (the square's high end
    /// `hi` when whole), and each cell decides with one or two comparisons:
    ///
    /// - A floor is visible iff its centre is at `x` or before, and passes on `[lo, x]`: it
    ///   reaches the child below iff `x` is at the far corner `f` or past it, and then gives the
    ///   child to the right its whole part, `[lo, f]`, the next cell's `[corner, hi]`; else the
    ///   next cell gets `x` again.
    /// - A wall is seen: `corner` lies inside its diamond's open angle `(lo_v, hi_v)` (below
    ///   the diagonal, the vertices `(2i, 2j∓1)`). It passes `[lo, lo_v]` to the right, no seal
    ///   on `lo_v` (the cell across it is the floor above), so the next cell's `x` is `lo_v`;
    ///   and below, `[hi_v, x]` if `x` is past `hi_v`, open at `hi_v` if the cell across it,
    ///   `(i, j + 1)`, is opaque (a seal); if `x` is `hi_v` itself, included, that one ray,
    ///   unless the seal takes it.
    ///
    /// Row 1 under the axis row's floors is such a stretch: the row beside a wall line seen
    /// along its length (a corridor's side; in a turned scan, the map column beside the
    /// corridor), where light grazes the line behind each wall for cell after cell, that the
    /// cell loop would work out from two inputs each time. (Inlined: its one call is the
    /// turned scan's, and out of line its set-up cost 1.4 % of the rooms map's radius-8 view.)
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn under_whole(
        &self,
        mut i: i32,
        j: i32,
        end: i32,
        left: Light,
        world: &(impl Opacity + ?Sized),
        row: Option<Row>,
        front: &mut [Light],
        s: &mut Arenas,
        runs: &mut Vec<(i32, i32)>,
        lit_from: &mut i32,
    ) -> Option<(i32, Light)> {
        debug_assert!(i > j && j > 0 && i <= end && front[i as usize] == Light::FULL);
        let (corner, hi) = (Dir::new(2 * i - 1, 2 * j - 1), Dir::new(2 * i - 1, 2 * j + 1));
        // `x` and whether it is left out; `whole` when `x` is `hi`, included
        let (mut x, mut x_open, mut whole) = if left == Light::DARK {
            (corner, false, false)
        } else if left.intervals() == 1 {
            let iv = s.cur_iv[left.range().start];
            if iv.lo.cross(corner) < 0 {
                return None; // a gap after `corner`: two intervals
            }
            let past = hi.cross(iv.hi);
            if past > 0 || (past == 0 && !iv.hi_open()) {
                (hi, false, true)
            } else {
                (iv.hi, iv.hi_open(), false)
            }
        } else {
            return None;
        };
        let mut light;
        #[cfg(debug_assertions)]
        let mut prev = left;
        loop {
            let p = self.at(i, j);
            let lo = Dir::new(2 * i + 1, 2 * j - 1);
            let f = Dir::new(2 * i + 1, 2 * j + 1);
            #[cfg(debug_assertions)]
            let input = Self::check_under_whole_input(i, j, prev, x, x_open, whole, s);
            let start = s.cur_iv.len();
            if !self.opaque_at(world, row, i, p) {
                if whole {
                    s.seen.push(p);
                    light = Light::FULL;
                } else {
                    if Dir::new(i, j).cross(x) >= i64::from(x_open) {
                        s.seen.push(p);
                    }
                    let down = f.cross(x) >= i64::from(x_open);
                    s.cur_iv.push(Interval::of(lo, false, x, x_open));
                    let reach = if down { Light::DOWN | Light::WHOLE_RIGHT } else { 0 };
                    light = Light((start as u64) << 32 | Light::TO_RIGHT | reach | 1);
                    whole = down;
                }
                if whole {
                    (x, x_open) = (f, false);
                }
            } else {
                if self.viewer_inside || self.in_area(p) {
                    s.seen.push(p);
                }
                let (lo_v, hi_v) = (Dir::new(2 * i, 2 * j - 1), Dir::new(2 * i, 2 * j + 1));
                s.cur_iv.push(Interval::of(lo, false, lo_v, false));
                let past = hi_v.cross(x);
                let above = past > 0 || (past == 0 && !x_open && !self.opaque(world, self.at(i, j + 1)));
                light = if above {
                    let sealed = past > 0 && self.opaque(world, self.at(i, j + 1));
                    s.cur_iv.push(Interval::of(hi_v, sealed, x, x_open));
                    Light((start as u64) << 32 | Light::TO_RIGHT | Light::DOWN | 2)
                } else {
                    Light((start as u64) << 32 | Light::TO_RIGHT | 1)
                };
                (x, x_open, whole) = (lo_v, false, false);
            }
            #[cfg(debug_assertions)]
            {
                self.check_under_whole(i, j, p, input, light, world, s);
                prev = light.to_right();
            }
            front[i as usize] = light;
            track_run_from(lit_from, runs, i, light);
            i += 1;
            if i > end || front[i as usize] != Light::FULL {
                return Some((i, light));
            }
        }
    }

    /// The input of cell `(i, j)` as its inputs give it, the square above whole and `left`
    /// from the left, checked to be the `[lo, x]` that [`Quadrant::under_whole`] takes it for.
    #[cfg(debug_assertions)]
    #[allow(clippy::too_many_arguments)]
    fn check_under_whole_input(
        i: i32,
        j: i32,
        left: Light,
        x: Dir,
        x_open: bool,
        whole: bool,
        s: &Arenas,
    ) -> SmallSet {
        let own = square(i, j);
        let mut input = SmallSet::new();
        gather(&mut input, i, j, own, left, Light::FULL, &s.prev_iv, &s.cur_iv);
        let ours = Interval::of(own.lo, false, x, x_open);
        assert!(
            input.as_slice().len() == 1 && input.as_slice()[0].same_set(&ours),
            "under_whole ({i}, {j}): input {:?}, not {ours:?}",
            input.as_slice()
        );
        assert_eq!(whole, x.same(own.hi) && !x_open, "under_whole ({i}, {j}): whole");
        input
    }

    /// Checks [`Quadrant::under_whole`]'s light for cell `(i, j)` whose input is `input`
    /// against the general rules: a floor's passes its input on, a wall's its input outside
    /// its diamond's open angle less the seals; the reach bits, and the cell marked iff seen.
    #[cfg(debug_assertions)]
    #[allow(clippy::too_many_arguments)]
    fn check_under_whole(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        input: SmallSet,
        light: Light,
        world: &(impl Opacity + ?Sized),
        s: &Arenas,
    ) {
        let set = input.as_slice();
        let (lo, hi) = (sq_lo(i, j), sq_hi(i, j));
        let f = Dir::new(2 * i + 1, 2 * j + 1);
        // (no allocation: the allocation test runs with debug assertions)
        let mut expected = SmallSet::new();
        let visible;
        if self.opaque(world, p) {
            let (lo_v, lo_n, hi_v, hi_n) = wall_angle(i, j);
            visible = set_meets_open(set, lo_v, hi_v);
            let seal_lo = || self.opaque(world, self.at(lo_n.0, lo_n.1));
            let seal_hi = || self.opaque(world, self.at(hi_n.0, hi_n.1));
            let below = set.iter().filter_map(|x| x.clip_hi(lo_v, false)?.sealed_hi(lo_v, seal_lo));
            let above = set.iter().filter_map(|x| x.clip_lo(hi_v, false)?.sealed_lo(hi_v, seal_hi));
            below.chain(above).for_each(|iv| expected.push_joined(iv));
        } else {
            visible = set_contains(set, Dir::new(i, j));
            expected = input;
        }
        let expected = expected.as_slice();
        let got: &[Interval] = if light == Light::FULL {
            &[Interval::of(lo, false, hi, false)]
        } else {
            &s.cur_iv[light.range()]
        };
        assert!(
            got.len() == expected.len() && got.iter().zip(expected).all(|(a, b)| a.same_set(b)),
            "under_whole ({i}, {j}): {got:?}, not {expected:?}"
        );
        if light != Light::FULL {
            let reach = Light::reach(&got[0], &got[got.len() - 1], i, j);
            let holds = |a: Dir, b: Dir| got.len() == 1 && got[0].contains(a) && got[0].contains(b);
            let whole = if holds(lo, f) { Light::WHOLE_RIGHT } else { 0 }
                | if holds(f, hi) { Light::WHOLE_DOWN } else { 0 };
            assert_eq!(light.0 & 0xf000_0000, reach | whole, "under_whole ({i}, {j}): reach");
        }
        assert_eq!(
            s.seen.last() == Some(&p),
            visible && (self.viewer_inside || self.in_area(p)),
            "under_whole ({i}, {j}): seen"
        );
    }

    /// [`Quadrant::cell`] for the common cell off the axes whose inputs pass one interval each
    /// at most into its square (see [`one_each`]; a whole square is one interval too): its
    /// input is at most two intervals, joined at the corner its inputs share. A floor passes that
    /// on; a wall goes through [`Quadrant::small_wall`] (a wall in full light never comes here:
    /// the loop hands it to [`Quadrant::lit_wall`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn small<O: Observer>(
        &self,
        i: i32,
        j: i32,
        left: Light,
        up: Light,
        world: &(impl Opacity + ?Sized),
        row: Option<Row>,
        out: &mut Fov,
        s: &mut Arenas,
        obs: &mut O,
    ) -> Light {
        debug_assert!(i > 0 && j > 0 && one_each(i, j, left, up, &s.prev_iv, &s.cur_iv));
        let p = self.at(i, j);
        let ring = (i + j) as u32;
        let opaque = self.opaque_at(world, row, i, p);
        debug_assert!(!(opaque && up.whole_down() && left.whole_to_right()), "lit walls are the loop's");
        let (lo, hi) = (Dir::new(2 * i + 1, 2 * j - 1), Dir::new(2 * i - 1, 2 * j + 1));
        debug_assert!(!(up == Light::DARK && left == Light::DARK), "culled cells are the loop's");
        if opaque {
            return self.small_wall(i, j, left, up, world, out, s, obs);
        }
        let (u, l) = input_parts(i, j, left, up, s);
        // A floor passes its input on. Whether its centre is lit and which children the light
        // reaches is mostly settled by where the centre `c` and the far corner `f` lie against
        // `corner`: below the diagonal (i > j) `corner < c < f`, above it `f < c < corner`, on
        // it the three are one direction. Above's part ends at `corner` or before, the left's
        // starts there or after; a part that reaches the square's end needs no comparison there.
        // And an interval that starts at or before the earlier of `c` and `f` starts at or
        // before the later one too, one that ends at or after the later ends after the earlier.
        let (c, f) = (Dir::new(i, j), Dir::new(2 * i + 1, 2 * j + 1));
        // (an end before a direction: a cross product above 0, or at 0 with the end closed)
        let lo_to = |iv: &Interval, d: Dir| iv.lo.cross(d) >= i64::from(iv.lo_open());
        let to_hi = |iv: &Interval, d: Dir| d.cross(iv.hi) >= i64::from(iv.hi_open());
        let (light, visible) = match (u, l) {
            (Some((u, u_end)), None) => {
                // all of it at `corner` or before: the centre is lit only at or above the
                // diagonal, and the light reaches below only there
                let to_right = u_end || i > j || lo_to(&u, f);
                let down = i <= j && to_hi(&u, f);
                let visible = down && (to_right || lo_to(&u, c)) && (i == j || to_hi(&u, c));
                (Light::one_reaching(&mut s.cur_iv, u, to_right, down, u_end, false), visible)
            }
            (None, Some((l, l_end))) => {
                let to_right = i >= j && lo_to(&l, f);
                let down = l_end || i < j || to_hi(&l, f);
                let visible = to_right && (down || to_hi(&l, c)) && (i == j || lo_to(&l, c));
                (Light::one_reaching(&mut s.cur_iv, l, to_right, down, false, l_end), visible)
            }
            (Some((u, u_end)), Some((l, l_end))) if u.joins(l) => {
                if u_end && l_end {
                    s.seen.push(p);
                    obs.cell(p, ring, CellState::Lit, true);
                    return Light::FULL;
                }
                // one interval through `corner`, which is lit
                let iv = u.with_hi(l.hi, l.hi_open());
                let to_right = u_end || i >= j || lo_to(&u, f);
                let down = l_end || i <= j || to_hi(&l, f);
                let visible = (i <= j || down || to_hi(&l, c)) && (i >= j || to_right || lo_to(&u, c));
                (Light::one_reaching(&mut s.cur_iv, iv, to_right, down, u_end, l_end), visible)
            }
            (Some((u, _)), Some((l, _))) => two_parts(&mut s.cur_iv, u, l, i, j),
            (None, None) => unreachable!("culled cells are the loop's"),
        };
        debug_assert_eq!(
            (light, visible),
            {
                let r = light.range();
                let set = &s.cur_iv[r.clone()];
                let reach = Light::reach(&set[0], &set[set.len() - 1], i, j);
                // (a child's part is whole when one interval holds both its ends)
                let holds = |a: Dir, b: Dir| set.len() == 1 && set[0].contains(a) && set[0].contains(b);
                let whole = if holds(lo, f) { Light::WHOLE_RIGHT } else { 0 }
                    | if holds(f, hi) { Light::WHOLE_DOWN } else { 0 };
                (Light((r.start as u64) << 32 | reach | whole | r.len() as u64), set_contains(set, c))
            },
            "cell ({i}, {j})"
        );
        if visible {
            s.seen.push(p);
        }
        obs.cell(p, ring, CellState::Edge, visible);
        light
    }

    /// [`Quadrant::small`] for a wall: [`Quadrant::one_sided_wall`] if it is one, else the
    /// general wall with at most one interval from each input. (Apart from the floors' path,
    /// which walls would crowd: most cells of most views are floors.)
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn small_wall<O: Observer>(
        &self,
        i: i32,
        j: i32,
        left: Light,
        up: Light,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        s: &mut Arenas,
        obs: &mut O,
    ) -> Light {
        let p = self.at(i, j);
        if let Some(light) = self.one_sided_wall(i, j, p, left, up, world, s, obs) {
            return light;
        }
        let (u, l) = input_parts(i, j, left, up, s);
        let (iv, from_lo, to_hi) = match (u, l) {
            (Some((iv, from_lo)), None) => (iv, from_lo, false),
            (None, Some((iv, to_hi))) => (iv, false, to_hi),
            (Some((u, u_end)), Some((l, l_end))) if u.joins(l) => {
                (u.with_hi(l.hi, l.hi_open()), u_end, l_end)
            }
            (Some((u, _)), Some((l, _))) => {
                return self.wall(i, j, p, &[u, l], false, world, out, &mut s.cur_iv, obs);
            }
            (None, None) => unreachable!("culled cells are the loop's"),
        };
        self.wall_one(i, j, p, iv, from_lo, to_hi, world, &mut s.seen, &mut s.cur_iv, obs)
    }

    /// A wall off the axes lit whole from one side, by its input above or by its left one, and
    /// by nothing from the other side at or past the diamond's vertex there (the vertex bounding
    /// the open angle on that side): a wall of a straight wall line seen along its length (the
    /// lining of a corridor or a room, the commonest wall of a walled map), one seen face on
    /// from across the line, or the corner wall between a floor and a wall next to the viewer.
    /// `None` for any other wall.
    ///
    /// The lit side's part holds the vertex on its own side (above's part `[lo, corner]` holds
    /// `lo_v`, the left's `[corner, hi]` holds `hi_v`: the corner lies inside the open angle),
    /// so the wall is seen, and it passes on just that part up to that vertex: to the right
    /// from above (the part ends before the far corner, which lies inside the angle), below
    /// from the left. The vertex is closed unless a seal sits on it; the cell across it is the
    /// lit input, a floor (only floors pass whole parts), except for the far vertex: the right
    /// one above the diagonal, the bottom one below it, looked up. Nothing lit lies past the
    /// other vertex, so nothing passes on that side. That takes one comparison of the other
    /// input's end with that vertex, where the general wall ([`Quadrant::wall_one`]) gathers
    /// the input and compares each end with both vertices.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn one_sided_wall<O: Observer>(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        left: Light,
        up: Light,
        world: &(impl Opacity + ?Sized),
        s: &mut Arenas,
        obs: &mut O,
    ) -> Option<Light> {
        let start = s.cur_iv.len();
        // (the commonest, a wall lining a wall line seen along it, first: then the near
        // vertex bounds the passed part, the far one is compared with, and no seal is looked up;
        // the others only next to the axes, where the wall lines through the viewer's
        // neighbours put them in most walled views: elsewhere they are rare, and the check's
        // unforeseeable branch cost more than it saved, 5 % noise unlimited 2-3 % slower)
        let (iv, light) = if i > j && up.whole_down() {
            // nothing from the left at or after the bottom vertex (the left's first interval is
            // the one in this square: a second lies beyond it)
            let far = Dir::new(2 * i, 2 * j + 1);
            if left != Light::DARK {
                let l = s.cur_iv[left.range().start];
                if far.cross(l.hi) >= i64::from(l.hi_open()) {
                    return None;
                }
            }
            let iv = Interval::of(Dir::new(2 * i + 1, 2 * j - 1), false, Dir::new(2 * i, 2 * j - 1), false);
            (iv, Light((start as u64) << 32 | Light::TO_RIGHT | 1))
        } else if i < j && left.whole_to_right() {
            // nothing from above at or before the right vertex (above's last interval is the one
            // in this square: a first lies before it)
            let far = Dir::new(2 * i + 1, 2 * j);
            if up != Light::DARK {
                let u = s.prev_iv[up.range().end - 1];
                if u.lo.cross(far) >= i64::from(u.lo_open()) {
                    return None;
                }
            }
            let iv = Interval::of(Dir::new(2 * i - 1, 2 * j), false, Dir::new(2 * i - 1, 2 * j + 1), false);
            (iv, Light((start as u64) << 32 | Light::DOWN | 1))
        } else if (i == 1 || j == 1) && up.whole_down() {
            // (i <= j) nothing from the left at or after the left vertex; the part passed ends
            // at the right vertex above the diagonal, sealed if the cell to the right is opaque,
            // at the top one on it
            let near = Dir::new(2 * i - 1, 2 * j);
            if left != Light::DARK {
                let l = s.cur_iv[left.range().start];
                if near.cross(l.hi) >= i64::from(l.hi_open()) {
                    return None;
                }
            }
            let lo = Dir::new(2 * i + 1, 2 * j - 1);
            let iv = if i < j {
                Interval::of(lo, false, Dir::new(2 * i + 1, 2 * j), self.opaque(world, self.at(i + 1, j)))
            } else {
                Interval::of(lo, false, Dir::new(2 * i, 2 * j - 1), false)
            };
            (iv, Light((start as u64) << 32 | Light::TO_RIGHT | 1))
        } else if (i == 1 || j == 1) && left.whole_to_right() {
            // (i >= j) nothing from above at or before the top vertex; the part passed starts at
            // the bottom vertex below the diagonal, sealed if the cell below is opaque, at the
            // left one on it
            let near = Dir::new(2 * i, 2 * j - 1);
            if up != Light::DARK {
                let u = s.prev_iv[up.range().end - 1];
                if u.lo.cross(near) >= i64::from(u.lo_open()) {
                    return None;
                }
            }
            let hi = Dir::new(2 * i - 1, 2 * j + 1);
            let iv = if i > j {
                Interval::of(Dir::new(2 * i, 2 * j + 1), self.opaque(world, self.at(i, j + 1)), hi, false)
            } else {
                Interval::of(Dir::new(2 * i - 1, 2 * j), false, hi, false)
            };
            (iv, Light((start as u64) << 32 | Light::DOWN | 1))
        } else {
            return None;
        };
        #[cfg(debug_assertions)]
        self.check_one_sided_wall(i, j, left, up, world, s, iv);
        if self.viewer_inside || self.in_area(p) {
            s.seen.push(p);
        }
        obs.cell(p, (i + j) as u32, CellState::Edge, true);
        s.cur_iv.push(iv);
        debug_assert_eq!(light, Light::part(&s.cur_iv, start, i, j), "wall ({i}, {j})");
        Some(light)
    }

    /// Checks [`Quadrant::one_sided_wall`]'s answer `iv` against the general rules: the wall's
    /// input, gathered from both sides, meets the diamond's open angle, and what it passes on,
    /// the input outside that angle less the seals on its bounding vertices, is `iv` alone.
    #[cfg(debug_assertions)]
    #[allow(clippy::too_many_arguments)]
    fn check_one_sided_wall(
        &self,
        i: i32,
        j: i32,
        left: Light,
        up: Light,
        world: &(impl Opacity + ?Sized),
        s: &Arenas,
        iv: Interval,
    ) {
        let mut input = SmallSet::new();
        let own = square(i, j);
        gather(&mut input, i, j, own, left, up, &s.prev_iv, &s.cur_iv);
        let (lo_v, lo_n, hi_v, hi_n) = wall_angle(i, j);
        assert!(set_meets_open(input.as_slice(), lo_v, hi_v), "one-sided wall ({i}, {j}) unseen");
        // (no allocation: the allocation test runs with debug assertions)
        let set = input.as_slice();
        let seal_lo = || self.opaque(world, self.at(lo_n.0, lo_n.1));
        let seal_hi = || self.opaque(world, self.at(hi_n.0, hi_n.1));
        let below = set.iter().filter_map(|x| x.clip_hi(lo_v, false)?.sealed_hi(lo_v, seal_lo));
        let above = set.iter().filter_map(|x| x.clip_lo(hi_v, false)?.sealed_lo(hi_v, seal_hi));
        let mut passed = below.chain(above);
        let (first, more) = (passed.next(), passed.next());
        assert!(
            first.is_some_and(|f| f.same_set(&iv)) && more.is_none(),
            "one-sided wall ({i}, {j}): {set:?} passes {first:?}, {more:?}, not {iv:?}"
        );
    }

    /// A wall off the axes whose inputs both give it their whole parts (so both are floors): it
    /// is seen, and passes on the two parts of its square outside its diamond's open angle, each
    /// with its bounding ray unless a seal sits there. Of the two neighbours across the bounding
    /// vertices, the one that is an input is a floor; only the other is looked up.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn lit_wall<O: Observer>(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        world: &(impl Opacity + ?Sized),
        s: &mut Arenas,
        obs: &mut O,
    ) -> Light {
        if self.viewer_inside || self.in_area(p) {
            s.seen.push(p);
        }
        obs.cell(p, (i + j) as u32, CellState::Lit, true);
        let (lo, hi) = (Dir::new(2 * i + 1, 2 * j - 1), Dir::new(2 * i - 1, 2 * j + 1));
        let (lo_v, _, hi_v, _) = wall_angle(i, j);
        let lo_sealed = j > i && self.opaque(world, self.at(i + 1, j));
        let hi_sealed = j < i && self.opaque(world, self.at(i, j + 1));
        let start = s.cur_iv.len();
        // Both parts are non-empty; the lower one starts before the far corner and the upper
        // one ends after it, so the light reaches both children (and gives neither its whole
        // part: the far corner ray lies inside the diamond's open angle).
        s.cur_iv.push(Interval::of(lo, false, lo_v, lo_sealed));
        s.cur_iv.push(Interval::of(hi_v, hi_sealed, hi, false));
        let light = Light((start as u64) << 32 | Light::TO_RIGHT | Light::DOWN | 2);
        debug_assert_eq!(light, Light::part(&s.cur_iv, start, i, j));
        light
    }

    /// A wall on an axis (`i == 0` or `j == 0`, not both) in full light, its inputs giving it
    /// their whole parts: seen, and it passes on the one part of its square on the quadrant's
    /// side of its diamond (the other side is the other quadrant's), its bounding ray included
    /// unless a seal sits there: above the diamond on the x axis, which reaches only the child
    /// below, below it on the y axis, which reaches only the child to the right (the far corner
    /// ray lies inside the open angle). Out of line and apart from [`Quadrant::cell`]: each
    /// walled view has a few (the walls next to the viewer along the axes), and the general
    /// cell's set-up cost more than the rest of the work.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn axis_wall<O: Observer>(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        s: &mut Arenas,
        obs: &mut O,
    ) -> Light {
        debug_assert!((i == 0) != (j == 0) && self.opaque(world, p));
        out.mark(p);
        obs.cell(p, (i + j) as u32, CellState::Lit, true);
        let own = square(i, j);
        let start = s.cur_iv.len();
        let light = if j == 0 {
            let sealed = self.opaque(world, self.at(i, 1));
            s.cur_iv.push(Interval::of(Dir::new(2 * i, 1), sealed, own.hi, false));
            Light((start as u64) << 32 | Light::DOWN | 1)
        } else {
            let sealed = self.opaque(world, self.at(1, j));
            s.cur_iv.push(Interval::of(own.lo, false, Dir::new(1, 2 * j), sealed));
            Light((start as u64) << 32 | Light::TO_RIGHT | 1)
        };
        debug_assert_eq!(light, Light::part(&s.cur_iv, start, i, j));
        debug_assert!({
            let (lo_v, _, hi_v, _) = wall_angle(i, j);
            s.cur_iv[start].lo.same(if j == 0 { hi_v } else { own.lo })
                && s.cur_iv[start].hi.same(if j == 0 { own.hi } else { lo_v })
        });
        light
    }

    /// Decides quadrant cell `(i, j) != (0, 0)` from the outputs of its inputs, marks it if it is
    /// visible, and returns its own output.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn cell<O: Observer>(
        &self,
        i: i32,
        j: i32,
        left: Light,
        up: Light,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        s: &mut Arenas,
        obs: &mut O,
    ) -> Light {
        let p = self.at(i, j);
        let ring = (i + j) as u32;
        // Fast path: every input gives this cell its whole part, so this square is whole too
        // (the inputs' squares cover its angle).
        let whole = (j == 0 || up.whole_down()) && (i == 0 || left.whole_to_right());
        if whole && !self.opaque(world, p) {
            out.mark_inside(p);
            obs.cell(p, ring, CellState::Lit, true);
            return Light::FULL;
        }
        let own = square(i, j);
        if whole {
            if i > 0 && j > 0 {
                return self.lit_wall(i, j, p, world, s, obs);
            }
            return self.axis_wall(i, j, p, world, out, s, obs);
        }
        // The input: what the square above passes, from this square's low end on, then what the
        // square to the left passes, up to this square's high end. The two meet at the corner
        // the three squares share. (Off the axes with at most one interval from each input this
        // is `Quadrant::small`'s job.) Gathered inline when the inputs pass few intervals
        // (joining never lengthens a set), else in the scratch buffer.
        let (input, full): (&[Interval], bool) = {
            let input: &[Interval] = if up.intervals() + left.intervals() <= SMALL {
                s.small.clear();
                gather(&mut s.small, i, j, own, left, up, &s.prev_iv, &s.cur_iv);
                s.small.as_slice()
            } else {
                s.input.clear();
                gather(&mut s.input, i, j, own, left, up, &s.prev_iv, &s.cur_iv);
                &s.input
            };
            if input.is_empty() {
                obs.cell(p, ring, CellState::Culled, false);
                return Light::DARK;
            }
            let full = input.len() == 1 && {
                let iv = input[0];
                !iv.lo_open() && !iv.hi_open() && iv.lo.same(own.lo) && iv.hi.same(own.hi)
            };
            (input, full)
        };
        // (a culled cell's opacity does not matter: it is not looked up)
        let opaque = self.opaque(world, p);
        let state = if full { CellState::Lit } else { CellState::Edge };
        if !opaque {
            // a floor is visible iff the ray through its centre arrives lit, and passes its
            // input on unchanged
            let visible = full || set_contains(input, Dir::new(i, j));
            if visible {
                out.mark_inside(p);
            }
            obs.cell(p, ring, state, visible);
            if full {
                return Light::FULL;
            }
            let start = s.cur_iv.len();
            for &iv in input {
                s.cur_iv.push(iv); // a loop: these are one or two, too few for a memcpy call
            }
            return Light::part(&s.cur_iv, start, i, j);
        }
        self.wall(i, j, p, input, full, world, out, &mut s.cur_iv, obs)
    }

    /// [`Quadrant::wall`] off the axes for an input that is the one interval `iv` (most walls
    /// that [`Quadrant::one_sided_wall`] does not take);
    /// `from_lo` and `to_hi` say whether it holds the low and the high end of the square.
    ///
    /// The far corner ray lies strictly inside the diamond's open angle (`lo_v < f < hi_v`), so
    /// the part passed on below the angle reaches only the child to the right and the part
    /// above it only the child below, and neither is whole there: the light's bits need no
    /// comparison. Four comparisons of `iv`'s ends with the angle's bounding rays settle the
    /// rest, fewer where an end is the square's.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn wall_one<O: Observer>(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        iv: Interval,
        from_lo: bool,
        to_hi: bool,
        world: &(impl Opacity + ?Sized),
        seen: &mut Vec<Pos>,
        cur_iv: &mut Vec<Interval>,
        obs: &mut O,
    ) -> Light {
        debug_assert!(i > 0 && j > 0);
        let (lo_v, lo_n, hi_v, hi_n) = wall_angle(i, j);
        // (the square's ends lie outside the angle: `lo < lo_v` and `hi_v < hi`)
        let lo_before = |d: Dir| iv.lo.cross(d); // > 0: `iv` starts before `d`
        let hi_after = |d: Dir| d.cross(iv.hi); // > 0: `iv` ends after `d`
        let hi_past_lo_v = hi_after(lo_v);
        let lo_before_hi_v = if from_lo { 1 } else { lo_before(hi_v) };
        // visible iff `iv` meets the open angle
        let visible = hi_past_lo_v > 0 && lo_before_hi_v > 0;
        if visible && (self.viewer_inside || self.in_area(p)) {
            seen.push(p);
        }
        let state = if from_lo && to_hi { CellState::Lit } else { CellState::Edge };
        obs.cell(p, (i + j) as u32, state, visible);
        // The part at or below `lo_v`: `iv` up to `lo_v`, which a seal there opens.
        let lo_at_lo_v = if from_lo { 1 } else { lo_before(lo_v) };
        let below = if lo_at_lo_v < i64::from(iv.lo_open()) {
            None // `iv` starts after `lo_v`, or on it with that end open
        } else if hi_past_lo_v < 0 || (hi_past_lo_v == 0 && iv.hi_open()) {
            Some(iv) // all of it before `lo_v`, or up to it, open
        } else if self.opaque(world, self.at(lo_n.0, lo_n.1)) {
            // closed at `lo_v` (where `iv` reaches it or beyond), and a seal there
            (lo_at_lo_v > 0).then_some(iv.with_hi(lo_v, true))
        } else {
            Some(iv.with_hi(lo_v, false))
        };
        // The part at or above `hi_v`, likewise.
        let hi_at_hi_v = if to_hi { 1 } else { hi_after(hi_v) };
        let above = if hi_at_hi_v < i64::from(iv.hi_open()) {
            None
        } else if lo_before_hi_v < 0 || (lo_before_hi_v == 0 && iv.lo_open()) {
            Some(iv)
        } else if self.opaque(world, self.at(hi_n.0, hi_n.1)) {
            (hi_at_hi_v > 0).then_some(iv.with_lo(hi_v, true))
        } else {
            Some(iv.with_lo(hi_v, false))
        };
        debug_assert!(!from_lo || (iv.lo.same(sq_lo(i, j)) && !iv.lo_open()));
        debug_assert!(!to_hi || (iv.hi.same(sq_hi(i, j)) && !iv.hi_open()));
        debug_assert_eq!(visible, iv.meets_open(lo_v, hi_v), "wall ({i}, {j})");
        debug_assert!(
            {
                let seal_lo = || self.opaque(world, self.at(lo_n.0, lo_n.1));
                let seal_hi = || self.opaque(world, self.at(hi_n.0, hi_n.1));
                let same = |a: Option<Interval>, b: Option<Interval>| match (a, b) {
                    (Some(a), Some(b)) => a.same_set(&b),
                    (a, b) => a.is_none() && b.is_none(),
                };
                same(below, iv.clip_hi(lo_v, false).and_then(|b| b.sealed_hi(lo_v, seal_lo)))
                    && same(above, iv.clip_lo(hi_v, false).and_then(|a| a.sealed_lo(hi_v, seal_hi)))
            },
            "wall ({i}, {j}): {iv:?} -> {below:?} {above:?}"
        );
        let start = cur_iv.len();
        let light = match (below, above) {
            (None, None) => return Light::DARK,
            (Some(b), None) => {
                cur_iv.push(b);
                Light((start as u64) << 32 | Light::TO_RIGHT | 1)
            }
            (None, Some(a)) => {
                cur_iv.push(a);
                Light((start as u64) << 32 | Light::DOWN | 1)
            }
            (Some(b), Some(a)) => {
                cur_iv.push(b);
                cur_iv.push(a);
                Light((start as u64) << 32 | Light::TO_RIGHT | Light::DOWN | 2)
            }
        };
        debug_assert_eq!(light, Light::part(cur_iv, start, i, j), "wall ({i}, {j})");
        light
    }

    /// Decides wall `(i, j)` (map cell `p`) from its `input` (`full`: its whole square angle),
    /// marks it if it is visible, and returns its output.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn wall<O: Observer>(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        input: &[Interval],
        full: bool,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        cur_iv: &mut Vec<Interval>,
        obs: &mut O,
    ) -> Light {
        let ring = (i + j) as u32;
        let state = if full { CellState::Lit } else { CellState::Edge };
        let (lo_v, lo_n, hi_v, hi_n) = wall_angle(i, j);
        // visible iff a lit ray strictly inside that angle arrives
        let visible = full || set_meets_open(input, lo_v, hi_v);
        if visible {
            out.mark(p);
        }
        obs.cell(p, ring, state, visible);
        // It passes on what lies outside that open angle, minus the ray through a bounding
        // vertex where that vertex is a seal with an opaque neighbour. (The lower vertex of an
        // axis cell and the upper one of a column cell lie outside the quadrant.)
        let start = cur_iv.len();
        let seal_lo = || self.opaque(world, self.at(lo_n.0, lo_n.1));
        let seal_hi = || self.opaque(world, self.at(hi_n.0, hi_n.1));
        if let [iv] = input {
            // One interval (most walls): its part below the angle and its part above, each
            // settled at hand, without loops over the arena.
            let below =
                if j > 0 { iv.clip_hi(lo_v, false).and_then(|b| b.sealed_hi(lo_v, seal_lo)) } else { None };
            let above =
                if i > 0 { iv.clip_lo(hi_v, false).and_then(|a| a.sealed_lo(hi_v, seal_hi)) } else { None };
            return match (below, above) {
                (None, None) => Light::DARK,
                (Some(one), None) | (None, Some(one)) => Light::one(cur_iv, one, i, j),
                (Some(b), Some(a)) => {
                    cur_iv.push(b);
                    cur_iv.push(a);
                    Light((start as u64) << 32 | Light::reach(&b, &a, i, j) | 2)
                }
            };
        }
        if j > 0 {
            for iv in input {
                match iv.clip_hi(lo_v, false) {
                    Some(iv) => cur_iv.push(iv),
                    None => break,
                }
            }
            // only the last part below can end on the bounding ray
            if cur_iv.len() > start {
                let last = cur_iv.pop().expect("a part below");
                cur_iv.extend(last.sealed_hi(lo_v, seal_lo));
            }
        }
        if i > 0 {
            let first = cur_iv.len();
            for iv in input {
                if let Some(iv) = iv.clip_lo(hi_v, false) {
                    cur_iv.push(iv);
                }
            }
            // only the first part above can start on the bounding ray
            if cur_iv.len() > first {
                match cur_iv[first].sealed_lo(hi_v, seal_hi) {
                    Some(head) => cur_iv[first] = head,
                    None => {
                        cur_iv.remove(first);
                    }
                }
            }
        }
        if cur_iv.len() == start { Light::DARK } else { Light::part(cur_iv, start, i, j) }
    }
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
