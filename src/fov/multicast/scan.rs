//! The quadrant scan: row by row outward from the viewer, each row along the runs of cells that
//! the row above lit, holding only the front (the row above's outputs). It decides each cell by
//! the cheapest path that gives the general rule's answer: full light, a small input, the
//! general cell; and its axis row, where one of the two inputs lies outside the quadrant.

use std::mem;

use super::beam::{Taken, taken, unbeam};
use super::cell::one_each;
use super::light::Light;
use super::quadrant::Quadrant;
use super::{ARENA_KEEP, CellState, NO_LIGHT, Observer, SEEN_BATCH, Scratch, turn_all};
use crate::fov::{Fov, row_reach};
use crate::geometry::Opacity;

/// The first row where runs may be taken as beams (see `beam.rs`), in a plain scan that
/// reaches at least twice as far (within its radius and area).
///
/// Nearer the viewer light is in wide wedges that walls soon break, and a beam found there is
/// written out again within a row or two: finding it costs more than carrying it saves. And the
/// rows with beams are a second copy of the cell loop (see [`Quadrant::far_rows`]), which a view
/// has to bring into the processor's caches. Measured on the 5 % map (alternated runs, best of
/// five): with beams from row 16 the radius-20 view took 6 % longer than with none, and from row
/// 21 in every scan reaching past it the views at radius 24 to 40 took 2-6 % longer, for want of
/// rows enough to pay for them; as it is, the views at radius 24 to 60 take 0.5-9 % less time
/// than with no beams, and the unlimited view 22 % less.
const BEAMS_FROM: i32 = 21;

/// Writes cell `i`'s `light` in the row's `front`, and keeps the row's runs of cells whose light
/// reaches the row below in the front itself (see [`Light::gap`]): `gap` is where the gap after
/// the last such cell starts, which the next run's first cell points at itself before it moves
/// `gap` past it.
///
/// Before the row's first run `gap` is 0, the axis cell's entry: the row below finds its first
/// run there (see [`first_run`]). So every run's start is the same one store, with no "first
/// run" kept apart in a variable of the cell loop (there it was spilled, and reloaded and
/// stored back for every cell whose light reaches down).
#[inline(always)]
pub(super) fn put(front: &mut [Light], gap: &mut usize, i: i32, light: Light) {
    front[i as usize] = light;
    if light.reaches_down() {
        if *gap != i as usize {
            run_from(front, *gap, i);
        }
        *gap = i as usize + 1;
    }
}

/// A run of cells whose light reaches the row below starts at cell `i`, after the gap that
/// starts at `gap` (the axis cell before the row's first run): that gap's entry says so.
#[inline(always)]
pub(super) fn run_from(front: &mut [Light], gap: usize, i: i32) {
    // (a gap that starts past the row's end has no cell after it to start a run)
    if let Some(entry) = front.get_mut(gap) {
        *entry = Light::gap(i);
    }
}

/// Where the row's first run of cells whose light reaches the row below starts, for a row
/// with a run (see [`put`]): the axis cell, if its own light reaches down, or where the gap
/// entry in its place points.
#[inline(always)]
fn first_run(front: &[Light]) -> i32 {
    if front[0].reaches_down() { 0 } else { front[0].gap_end() }
}

/// The state a scan's rows hand on to the next (see [`Quadrant::scan`]): the row's reach, how
/// many of its cells from the axis are known whole, whether it was taken whole without being
/// written down, and where its intervals start in the arena.
#[derive(Copy, Clone)]
struct Rows {
    ilim: i32,
    full: i32,
    unsaved: bool,
    row_start: usize,
}

impl<const T: bool> Quadrant<T> {
    /// Scans the quadrant row by row (`j`), each row outward (`i`), holding only the previous
    /// row's outputs: a cell's inputs are `(i-1, j)`, just done, and `(i, j-1)`, from that row.
    /// With `from = Some((j, ilim))` it starts at row `j`, the row above being done and marked
    /// with cells `0..=ilim` all passing their whole squares and no other cell lit (see
    /// [`open_rows`](super::open::open_rows)). With `tall` (a plain quadrant only: see
    /// [`Corner::Tall`](super::corner::Corner::Tall)) it hands the quadrant to the turned scan.
    ///
    /// Each row also records its runs of cells whose light reaches the row below, so the next
    /// row visits only cells with a lit input: the runs of the row above, each extended to the
    /// right as long as the light keeps coming from the left. Everything else is culled without
    /// being looked at.
    ///
    /// (Inlined into [`super::run`], its one plain caller, as it was when both lived in one
    /// file: called out of line, the 5 % map's unlimited view took 4 % more instructions.)
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn scan<O: Observer>(
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
        s.iv.arena.clear();
        // Where the current row's intervals start in the arena (the row above's are before them).
        let row_start = 0;
        // How many cells of the row just done, from the axis on, are known to pass their whole
        // squares: a lower bound, kept only where it costs nothing (whole floors, whole runs).
        let full;
        // Whether the row just done was a whole row taken by `whole_row` or `open_rows`, which
        // leave `s.front` and the runs as they were: they are written only when a row needs them.
        let unsaved;
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
        let rows = Rows { ilim, full, unsaved, row_start };
        // (a half-open range, `jmax + 1` being no more than the area's height: an inclusive one
        // kept its flag of being done in memory, tested at every row's end)
        let end = jmax as i32 + 1;
        // the rows near the viewer, and the others, where runs may be taken as beams (when
        // there are enough of them: see `BEAMS_FROM`)
        let last = radius.map_or(jmax, |r| r.min(jmax)) as i32;
        // (and not in a row too long for a beam entry to name its last cell, which no area
        // that fits in memory has)
        let too_long = u64::from(imax) >= Light::LEN;
        let near = if T || O::WATCHES || last < 2 * BEAMS_FROM || too_long { end } else { BEAMS_FROM };
        if let Some(rows) = self.rows::<O, false>(j0..near, rows, r2, jmax, world, block, out, s, obs)
            && near < end
        {
            self.far_rows(j0.max(near)..end, rows, r2, jmax, world, out, s, obs);
        }
    }

    /// The far rows of a plain scan, those from [`BEAMS_FROM`] on, with beams (see `beam.rs`):
    /// the cell loop of [`Quadrant::rows`] out of line, so that the rows near the viewer, where
    /// the loop is inlined into the scan, are compiled as they were without beams. (With the
    /// beams in the one loop, the scan of small views, which take none, spilled more of its
    /// values to the stack: the cave's views and the 5 % map's at radius 8 took 1-3 % more
    /// instructions and 10-14 % more time by criterion's medians.)
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn far_rows<O: Observer>(
        &self,
        js: std::ops::Range<i32>,
        rows: Rows,
        r2: Option<i64>,
        jmax: u32,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        s: &mut Scratch,
        obs: &mut O,
    ) {
        debug_assert!(!T && !O::WATCHES);
        self.rows::<O, true>(js, rows, r2, jmax, world, None, out, s, obs);
    }

    /// The scan's rows `js`, from the state `rows` that the rows before left; returns the state
    /// it leaves for the rows after, `None` if no light reaches them (the scan is done). With
    /// `BEAMS`, runs of the row above are taken as beams where they can be.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn rows<O: Observer, const BEAMS: bool>(
        &self,
        js: std::ops::Range<i32>,
        rows: Rows,
        r2: Option<i64>,
        jmax: u32,
        world: &(impl Opacity + ?Sized),
        block: Option<(&[bool], usize)>,
        out: &mut Fov,
        s: &mut Scratch,
        obs: &mut O,
    ) -> Option<Rows> {
        let Rows { mut ilim, mut full, mut unsaved, mut row_start } = rows;
        for j in js {
            if let Some(r2) = r2 {
                let jj = i64::from(j) * i64::from(j);
                if jj > r2 {
                    return None;
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
                    s.iv.arena.clear();
                    row_start = 0;
                }
            }
            debug_assert!(!unsaved, "the row above is written down before this row reads it");
            // The row above's intervals are now the arena's last: those before are no one's.
            let above = mem::replace(&mut row_start, s.iv.arena.len());
            if above >= ARENA_KEEP {
                row_start -= above;
                s.iv.rebase(above, &mut s.front[..=ilim as usize]);
            }
            // The light of the row above, read at `i` from `next_lit` on: along a run of cells
            // whose light reaches this row, up to the entry after it, which starts a gap and says
            // where the next run starts (see `Light::gap`). A cell in a gap gets nothing from
            // above (the cell above passes nothing down, or was culled), so the gap's other
            // entries, the row above's or older, are not read.
            // (where the row above's first run starts: the others follow from it)
            let a = first_run(&s.front[..=ilim as usize]);
            let mut next_lit = a;
            // where this row's gap after its last run so far starts (see `put`)
            let mut gap = 0;
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
                debug_assert!(a == 0);
                let n =
                    world.transparent_run(self.at(0, j), self.sx, full_above.min(ilim + 1) as usize) as i32;
                if n > 0 {
                    out.mark_inside(self.at(0, j));
                    if n > 1 {
                        out.mark_new_run(self.at(1, j), self.sx, n as usize - 1);
                    }
                    front[..n as usize].fill(Light::FULL);
                    (gap, left, i, full) = (n as usize, Light::FULL, n, n);
                }
            }
            let row = self.opaque_row(world, j, block);
            if i == 0 {
                // The axis cell, before the loop: fed from above only (its left input lies in the
                // quadrant on the other side of the axis), and also that quadrant's cell, marked
                // with a look whether it is already. Taken apart, it leaves the loop cells that
                // each have a left neighbour in the quadrant, without a test for the axis each.
                // (its light from above reaches it: the row above's first run starts there)
                let up = front[0];
                debug_assert!(up.reaches_down());
                let light = if up.whole_down() {
                    let p = self.at(0, j);
                    if self.opaque_at(world, row, 0, p) {
                        self.axis_wall(0, j, p, world, out, &mut s.iv, obs)
                    } else {
                        // (the first cell from the axis that passes its whole square)
                        full = 1;
                        out.mark_inside(p);
                        obs.cell(p, j as u32, CellState::Lit, true);
                        Light::FULL
                    }
                } else {
                    self.cell(0, j, Light::DARK, up, world, out, &mut s.iv, obs)
                };
                put(front, &mut gap, 0, light);
                self.report_culled(obs, 0, j, light, ilim, jmax, r2);
                left = light.to_right();
                i = 1;
            }
            if BEAMS
                && i == a
                && i > 0
                && (i as usize) < front.len()
                && let Some((next, lit)) = self.beams(i, j, world, row, front, &mut s.iv, &mut gap)
            {
                (i, next_lit) = (next, lit);
            }
            // (every `i` the loop takes is past the axis: each run of the row above, and each
            // gap entry's next run, starts after the cell it is found at)
            while (i as usize) < front.len() {
                debug_assert!(i > 0, "the axis cell is taken before the loop");
                let up = if i < next_lit {
                    Light::DARK
                } else if front[i as usize].reaches_down() {
                    front[i as usize]
                } else if BEAMS && front[i as usize].is_beam() {
                    // a beam of the row above, which this row's light from the left reaches:
                    // its cells are taken one by one
                    unbeam(i, j, front, &mut s.iv.arena);
                    taken(Taken::WalkedInto);
                    front[i as usize]
                } else {
                    // a gap of the row above starts here (the run before it, if any, has ended)
                    next_lit = front[i as usize].gap_end();
                    Light::DARK
                };
                let light = if up.whole_down() && left.whole_to_right() {
                    // The common case: both inputs give this square their whole parts, so it is
                    // whole, if it is a floor.
                    let p = self.at(i, j);
                    if self.opaque_at(world, row, i, p) {
                        self.lit_wall(i, j, p, world, &mut s.iv, obs)
                    } else if T || i >= ilim || !front[i as usize + 1].whole_down() {
                        full += i32::from(i == full);
                        s.iv.seen.push(p);
                        obs.cell(p, (i + j) as u32, CellState::Lit, true);
                        Light::FULL
                    } else if let Some(row) = row {
                        // A run of whole floors (see `whole_run`), followed cell by cell along
                        // the row's flags at hand: under a broken-up row above such runs are
                        // short (3 to 4 cells on the 5 % noise map), and setting up a run's
                        // look-up and marking costs more than its cells. (Measured: noise r20
                        // about 4 % faster; rooms, with longer runs, as fast as with `whole_run`.)
                        // (the run's cells but the last are written here, with the gap before
                        // them pointed at the first; the last one below, as every cell)
                        if gap != i as usize {
                            run_from(front, gap, i);
                        }
                        let from = i;
                        loop {
                            let p = self.at(i, j);
                            s.iv.seen.push(p);
                            obs.cell(p, (i + j) as u32, CellState::Lit, true);
                            if i >= ilim
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
                        gap = i as usize;
                        Light::FULL
                    } else {
                        if gap != i as usize {
                            run_from(front, gap, i);
                        }
                        let from = i;
                        i = self.whole_run(i, j, ilim, &mut whole_to, world, out, front, obs);
                        if from == full {
                            full = i + 1;
                        }
                        gap = i as usize;
                        Light::FULL
                    }
                } else if up == Light::DARK && left == Light::DARK {
                    // culled: no light up to the next run of the row above (if none, the row is
                    // done)
                    if next_lit > ilim {
                        break;
                    }
                    i = next_lit;
                    if BEAMS
                        && let Some((next, lit)) = self.beams(i, j, world, row, front, &mut s.iv, &mut gap)
                    {
                        (i, next_lit) = (next, lit);
                    }
                    continue;
                } else if T
                    && !O::WATCHES
                    && j == 1
                    && up == Light::FULL
                    && i > 1
                    && let Some((next, last)) =
                        self.under_whole(i, j, ilim, left, world, row, front, &mut s.iv, &mut gap)
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
                } else if one_each(i, j, left, up, &s.iv.arena) {
                    self.small(i, j, left, up, world, row, &mut s.iv, obs)
                } else {
                    self.cell(i, j, left, up, world, out, &mut s.iv, obs)
                };
                put(front, &mut gap, i, light);
                self.report_culled(obs, i, j, light, ilim, jmax, r2);
                left = light.to_right();
                i += 1;
            }
            // (a gap to the row's end needs no entry when it starts past the row: the rows
            // below are no longer)
            if let Some(entry) = front.get_mut(gap) {
                *entry = Light::gap(NO_LIGHT);
            }
            // (the cells found one by one, marked once they are many: the list stays short
            // whatever the view, and most views mark them in one go at the end)
            if s.iv.seen.len() >= SEEN_BATCH {
                out.mark_new_cells(&s.iv.seen);
                s.iv.seen.clear();
            }
            if gap == 0 {
                return None; // no run: no light reaches the row below
            }
        }
        Some(Rows { ilim, full, unsaved, row_start })
    }

    /// [`Quadrant::scan`] of a turned quadrant, out of line: the rarer scan, kept apart from the
    /// plain one's code. (Inlined into it, the plain scan of a cave's small views measured a few
    /// per cent slower.)
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn scan_turned<O: Observer>(
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
    pub(super) fn turned_axis_floors(
        &self,
        ilim: i32,
        world: &(impl Opacity + ?Sized),
        out: &Fov,
    ) -> Option<i32> {
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
    pub(super) fn axis_row<'w, O: Observer>(
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
        // row 0: the viewer, then outward along the axis, fed from the left only (the gap entries
        // as in the cell loop of `scan`)
        let front = &mut s.front[..=ilim as usize];
        let mut gap = 0;
        put(front, &mut gap, 0, Light::FULL);
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
                front[1..=n as usize].fill(Light::FULL);
                (i, full, gap) = (n + 1, n + 1, n as usize + 1);
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
            put(front, &mut gap, i, light);
            full += i32::from(i == full && light == Light::FULL);
            self.report_culled(obs, i, 0, light, ilim, jmax, r2);
            left = light.to_right();
            i += 1;
        }
        if let Some(entry) = front.get_mut(gap) {
            *entry = Light::gap(NO_LIGHT);
        }
        (full, false)
    }

    /// Tells the observer that the children of cell `(i, j)` (within `ilim` on its row, `jmax`
    /// rows and the squared radius `r2`) that its lit `light` does not reach are culled: the scan
    /// will not look at them for this input. (A child the other input lights is looked at, and
    /// the observer hears that too.) Nothing at all with `()`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn report_culled<O: Observer>(
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
}
