//! The open stretch around the viewer: the rows that are floor from one end of the view to the
//! other, found and marked a whole row at a time before the quadrants are scanned.
//!
//! In an open area every cell of a quadrant passes its whole square on: nothing is ever cut, so
//! the scan has nothing to work out, and what is left is fixed costs, per quadrant row, that
//! dwarf the few cells of a row at a small radius. Here the two quadrants on one side of the
//! x axis share their rows: a map row is looked at from its left end to its right end and, if
//! open, marked in one go for both. The quadrant scans then start below the last such row (which
//! they look at again), or not at all.

use super::super::{Fov, mark_pair, row_reach};
use crate::geometry::{Opacity, Pos};

/// Where the quadrants on one side of the x axis go on after [`open_rows`]: `j`, the first row
/// (counted from the axis) that is not open, and the cells of the row above it that the
/// quadrants to the right and to the left reach (`ilim`; all of them pass their whole squares).
/// `done`: every row on that side within the radius and the area is open, and there is
/// nothing left to scan.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Resume {
    pub j: i32,
    pub ilim: [i32; 2],
    pub done: Done,
}

/// [`Resume::done`]: a 4-byte word, not a `bool`, because it also holds the `None` of
/// [`open_rows`] (a value neither variant takes). As a `bool`, that `None` was a one-byte store
/// that the caller read back with a 4-byte load (the byte and the padding after it), which the
/// processor cannot take from the store in flight: one stall a view wherever the axis row is not
/// open (counted with a simulation of the view's memory accesses).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u32)]
pub(super) enum Done {
    No,
    Yes,
}

/// Marks the open rows around a viewer at `origin` inside the area and returns where the scans
/// go on: for the side below the axis (`sy = 1`) and the one above it (`sy = -1`), or `None` if
/// the axis row itself is not open (then nothing is marked, not even the viewer).
///
/// `radius` is the view's (`None`: unlimited), `imax` how far the area reaches to the right and to the left of
/// the viewer, `jmax` how far it reaches below and above. A row is open when all its cells
/// within the radius and the area are floors (on the axis row the viewer's own cell included,
/// for simplicity, though it passes its whole square whatever it is): then every cell of it is
/// seen, and passes its whole square on, because the row nearer the axis is open too (a cell's
/// two inputs pass their whole squares, which cover its own: see the [crate] documentation). `floors` says how many floors follow the viewer's cell along the axis row to
/// the right and to the left, up to the first wall or the end of the view: the axis row is open
/// when both reach that end.
pub(super) fn open_rows(
    origin: Pos,
    radius: Option<u32>,
    imax: [i32; 2],
    jmax: [i32; 2],
    floors: [i32; 2],
    world: &(impl Opacity + ?Sized),
    out: &mut Fov,
) -> Option<[Resume; 2]> {
    // How far a row reaches from the viewer's column, by the radius alone (the area cuts it to
    // `imax` on either side); it only shrinks from row to row.
    let widest = i64::from(imax[0].max(imax[1]));
    let reach = radius.map_or(widest, |r| widest.min(i64::from(r)));
    let axis = cut(reach, imax);
    if floors != axis || world.is_opaque(origin) {
        return None;
    }
    mark_row(out, Pos::new(origin.x - axis[1], origin.y), (axis[0] + axis[1]) as usize + 1);
    // (no radius: no row is ever beyond it)
    let r2 = radius.map_or(i64::MAX, |r| i64::from(r).saturating_mul(i64::from(r)));
    // Rows `j` below and above the axis reach as far: both are done in one go, as long as
    // both are open; then each side goes on alone.
    let (mut j, mut above, mut reach) = (1, axis, reach);
    if let Some(r) = radius.filter(|&r| i64::from(r) <= i64::from(imax[0].min(imax[1]))) {
        // (the area cuts no row: `reach` is `r`)
        let jend = jmax[0].min(jmax[1]).min(r as i32);
        let (pairs, last) = open_pairs(origin, r, jend, world, out);
        if pairs > 0 {
            (j, above, reach) = (pairs + 1, [last as i32; 2], last);
        }
    }
    while j <= jmax[0].min(jmax[1]) {
        let Some(ilim) = next_row(j, &mut reach, r2, imax) else {
            return Some([Resume { j, ilim: above, done: Done::Yes }; 2]);
        };
        let (x, n) = (origin.x - ilim[1], (ilim[0] + ilim[1]) as usize + 1);
        let ys = [origin.y + j, origin.y - j];
        if clear_rows(ys, x, n, world) {
            mark_rows(out, x, ys, n);
        } else {
            let below_open = clear_row(ys[0], origin.x, ilim, world);
            let above_open = clear_row(ys[1], origin.x, ilim, world);
            if below_open {
                mark_row(out, Pos::new(x, ys[0]), n);
            }
            if above_open {
                mark_row(out, Pos::new(x, ys[1]), n);
            }
            let stop = Resume { j, ilim: above, done: Done::No };
            let mut go_on =
                |sy: i32, jmax| open_side(origin, sy, j + 1, jmax, ilim, reach, r2, imax, world, out);
            return Some([
                if below_open { go_on(1, jmax[0]) } else { stop },
                if above_open { go_on(-1, jmax[1]) } else { stop },
            ]);
        }
        (j, above) = (j + 1, ilim);
    }
    let below = open_side(origin, 1, j, jmax[0], above, reach, r2, imax, world, out);
    let above = open_side(origin, -1, j, jmax[1], above, reach, r2, imax, world, out);
    Some([below, above])
}

/// The pairs of rows below and above the axis at one distance from it, from the axis on, as
/// long as both are open: marked, and how many, and how far the last one reaches to either
/// side (`r` if none). For a view of radius `r` that the area cuts on neither side, from
/// `origin` to row `jend` (all inside the area), in a world that keeps its rows in one slice.
///
/// The rows of a small view have few cells: looking each one up in the world and in the view
/// (its bounds, where it starts) would cost as much as its cells. Here the rows are taken from
/// one block of each, in turn: first the long ones (rows only get shorter from the axis on),
/// each marked on its own as before, then the short ones, up to 64 cells, marked in the loop.
#[inline(never)]
fn open_pairs(origin: Pos, r: u32, jend: i32, world: &(impl Opacity + ?Sized), out: &mut Fov) -> (i32, i64) {
    let k = jend as usize;
    let (ox, oy) = (origin.x as usize, origin.y as usize);
    let mut reach = i64::from(r);
    let Some((flags, stride)) = world.opaque_rows(origin.y - jend, 2 * k + 1) else {
        return (0, reach);
    };
    if ox + r as usize >= stride {
        // (a world narrower than the view: not after an open axis row, which is as wide, but
        // the rows taken below must lie inside the world's rows whatever its rows say)
        return (0, reach);
    }
    // where the viewer's cell is in the block of flags
    let fmid = k * stride + ox;
    let spans = |j: usize, h: usize| {
        let (fo, n) = (j * stride, 2 * h + 1);
        (&flags[fmid - h + fo..][..n], &flags[fmid - h - fo..][..n])
    };
    let r2 = reach * reach;
    let mut j = 1;
    while j <= k {
        let next = row_reach(reach, (j * j) as i64, r2);
        let (h, n) = (next as usize, 2 * next as usize + 1);
        if n <= 64 {
            break;
        }
        let (a, b) = spans(j, h);
        if !crate::geometry::both_clear(a, b) {
            return (j as i32 - 1, reach);
        }
        mark_long_rows(out, (ox - h) as i32, [origin.y + j as i32, origin.y - j as i32], n);
        (reach, j) = (next, j + 1);
    }
    let (stamps, width, lit, view, reaches) = out.parts(r);
    let smid = oy * width + ox;
    while j <= k {
        let h = reaches[j] as usize;
        let (n, so) = (2 * h + 1, j * width);
        let (a, b) = spans(j, h);
        if !crate::geometry::both_clear(a, b) {
            break;
        }
        let (above, below) = stamps.split_at_mut(smid - h + so);
        let rows = [&mut above[smid - h - so..][..n], &mut below[..n]];
        mark_pair(rows, lit, view, (ox - h) as i32, [origin.y + j as i32, origin.y - j as i32], n);
        j += 1;
    }
    let pairs = j - 1;
    (pairs as i32, i64::from(reaches[pairs]))
}

/// How far row `j` reaches to the right and to the left, `None` if it is beyond the radius
/// (`r2`, squared); `reach` is how far the row above reached by the radius, and becomes this
/// row's.
#[inline(always)]
fn next_row(j: i32, reach: &mut i64, r2: i64, imax: [i32; 2]) -> Option<[i32; 2]> {
    let jj = i64::from(j) * i64::from(j);
    if jj > r2 {
        return None;
    }
    *reach = row_reach(*reach, jj, r2);
    Some(cut(*reach, imax))
}

/// How far a row reaches to the right and to the left: `reach`, cut to the area.
#[inline]
fn cut(reach: i64, imax: [i32; 2]) -> [i32; 2] {
    [reach.min(i64::from(imax[0])) as i32, reach.min(i64::from(imax[1])) as i32]
}

/// The open rows on one side of the axis (`sy`) from row `j` on, the row above being open and
/// reaching `above` (`reach` by the radius).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn open_side(
    origin: Pos,
    sy: i32,
    mut j: i32,
    jmax: i32,
    mut above: [i32; 2],
    mut reach: i64,
    r2: i64,
    imax: [i32; 2],
    world: &(impl Opacity + ?Sized),
    out: &mut Fov,
) -> Resume {
    while j <= jmax {
        let Some(ilim) = next_row(j, &mut reach, r2, imax) else {
            break;
        };
        if !open_row(origin.y + sy * j, origin.x, ilim, world, out) {
            return Resume { j, ilim: above, done: Done::No };
        }
        (j, above) = (j + 1, ilim);
    }
    Resume { j, ilim: above, done: Done::Yes }
}

/// If the cells of row `y` from `x - ilim[1]` to `x + ilim[0]` (all inside the area, none
/// marked yet) are all floors, marks them and returns true.
#[inline(always)]
fn open_row(y: i32, x: i32, ilim: [i32; 2], world: &(impl Opacity + ?Sized), out: &mut Fov) -> bool {
    let clear = clear_row(y, x, ilim, world);
    if clear {
        mark_row(out, Pos::new(x - ilim[1], y), (ilim[0] + ilim[1]) as usize + 1);
    }
    clear
}

/// Whether the cells of row `y` from `x - ilim[1]` to `x + ilim[0]` (all inside the area) are
/// all floors.
#[inline(always)]
fn clear_row(y: i32, x: i32, ilim: [i32; 2], world: &(impl Opacity + ?Sized)) -> bool {
    let first = Pos::new(x - ilim[1], y);
    let n = (ilim[0] + ilim[1]) as usize + 1;
    match world.opaque_row(y) {
        Some(row) => {
            let x0 = first.x as usize;
            row.get(x0..x0 + n).is_some_and(crate::geometry::all_clear)
        }
        None => world.transparent_run(first, 1, n) == n,
    }
}

/// Whether the `n` cells from column `x` of rows `ys` (all inside the area) are all floors,
/// in both rows: the rows below and above the axis at one distance, looked at together.
#[inline(always)]
fn clear_rows(ys: [i32; 2], x: i32, n: usize, world: &(impl Opacity + ?Sized)) -> bool {
    let span = |y| world.opaque_row(y).map(|row| row.get(x as usize..x as usize + n));
    match (span(ys[0]), span(ys[1])) {
        (Some(a), Some(b)) => a.zip(b).is_some_and(|(a, b)| crate::geometry::both_clear(a, b)),
        _ => ys.iter().all(|&y| world.transparent_run(Pos::new(x, y), 1, n) == n),
    }
}

/// [`Fov::mark_row`] for the rows `ys` both, `n` cells from column `x` each: the rows below and
/// above the axis at one distance, which the view reaches as far. One call for the two: the
/// set-up is shared.
#[inline(always)]
fn mark_rows(out: &mut Fov, x: i32, ys: [i32; 2], n: usize) {
    if n <= 64 {
        mark_short_rows(out, x, ys, n);
    } else {
        mark_long_rows(out, x, ys, n);
    }
}

/// [`Fov::mark_rows`], out of line.
#[inline(never)]
fn mark_short_rows(out: &mut Fov, x: i32, ys: [i32; 2], n: usize) {
    out.mark_rows(x, ys, n);
}

/// [`Fov::mark_row`] twice, out of line.
#[inline(never)]
fn mark_long_rows(out: &mut Fov, x: i32, ys: [i32; 2], n: usize) {
    out.mark_row(Pos::new(x, ys[0]), n);
    out.mark_row(Pos::new(x, ys[1]), n);
}

/// [`Fov::mark_row`], out of line: the row loop keeps its registers to itself.
#[inline(never)]
fn mark_row(out: &mut Fov, first: Pos, n: usize) {
    out.mark_row(first, n);
}

#[cfg(test)]
mod tests {
    use crate::fov::{Fov, multicast, reference};
    use crate::geometry::{Grid, Opacity, Pos};

    /// The cells the multicast and the reference see from `at`, each sorted by row.
    fn both(
        at: Pos,
        radius: Option<u32>,
        world: &(impl Opacity + ?Sized),
        fast: &mut Fov,
        slow: &mut Fov,
    ) -> (Vec<Pos>, Vec<Pos>) {
        multicast::compute(at, radius, world, fast);
        reference::compute(at, radius, world, slow);
        let sorted = |f: &Fov| {
            let mut v = f.cells().to_vec();
            v.sort_by_key(|p| (p.y, p.x));
            v
        };
        (sorted(fast), sorted(slow))
    }

    #[test]
    fn open_rows_of_a_grid_that_does_not_fill_the_area_end_where_the_grid_does() {
        // An all-floor grid, read a block of rows at a time, in areas wider, taller and smaller
        // than it: past the grid everything is opaque, so the open rows stop there. Against the
        // reference, viewers all over the area, the radius going up and down with one buffer
        // (which keeps its rows' reaches per radius).
        let g = Grid::new(9, 7, false);
        let mut views = 0;
        for (w, h) in [(9, 7), (14, 7), (9, 12), (6, 5), (13, 13)] {
            let (mut fast, mut slow) = (Fov::new(w, h), Fov::new(w, h));
            for radius in [0, 1, 2, 4, 3, 6, 20].map(Some).into_iter().chain([None]) {
                for vy in 0..h as i32 {
                    for vx in (0..w as i32).filter(|x| (x + vy) % 2 == 0) {
                        let at = Pos::new(vx, vy);
                        let (a, b) = both(at, radius, &g, &mut fast, &mut slow);
                        assert_eq!(a, b, "area {w}x{h}, viewer {at}, radius {radius:?}");
                        views += 1;
                    }
                }
            }
        }
        assert!(views > 1000, "{views}");
    }

    #[test]
    fn row_blocks_narrower_than_the_view_are_not_read_past() {
        // A world whose rows say "floor" 60 cells wide but whose blocks of rows are only 41 cells
        // a row (a world at odds with itself, which a trait implementation can be): the pairs
        // of rows near the viewer, which read the block, must not take rows the block does not
        // hold whole; the view is then the rows' and the cells', as the reference sees it.
        struct Narrow {
            row: Vec<bool>,
            block: Vec<bool>,
        }
        impl Opacity for Narrow {
            fn is_opaque(&self, p: Pos) -> bool {
                !(0..60).contains(&p.x) || !(0..60).contains(&p.y)
            }
            fn opaque_row(&self, y: i32) -> Option<&[bool]> {
                (0..60).contains(&y).then_some(&self.row[..])
            }
            fn opaque_rows(&self, y: i32, n: usize) -> Option<(&[bool], usize)> {
                (y >= 0 && y as usize + n <= 60).then(|| (&self.block[..n * 41], 41))
            }
        }
        let world = Narrow { row: vec![false; 60], block: vec![false; 60 * 41] };
        let (mut fast, mut slow) = (Fov::new(60, 60), Fov::new(60, 60));
        // (nearer the top than the sides, so that the pairs stop at the top before the radius
        // does, with the last pair still wide; the last viewer's rows lie inside the block)
        for (at, radius) in [((38, 5), 12), ((40, 3), 10), ((30, 6), 14), ((20, 30), 8)] {
            let at = Pos::new(at.0, at.1);
            let (a, b) = both(at, Some(radius), &world, &mut fast, &mut slow);
            assert_eq!(a, b, "viewer {at}, radius {radius}");
        }
    }
}
