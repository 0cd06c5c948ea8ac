//! What the sight code asks of a world: is this cell opaque?

use super::runs::run_in_row;
use super::{Grid, Pos};

/// A world the sight code can look through.
///
/// The field of view and line of sight ask only this question, so they work on any grid type:
/// implement it for your own map, or pass a closure `Fn(Pos) -> bool`. The contract says cells
/// outside the map are opaque; an implementation must answer `true` for them, and must not
/// panic on them: the sight code asks about some (below). A world has no size of its own: a
/// field of view is computed over its output buffer's area, which the caller sizes to the
/// world (see [sizing the buffer](crate::fov::Fov#sizing-the-buffer)).
///
/// The answers must stay the same for the length of a call: the view is computed from one
/// world. One that changes them mid-call (a door that opens while the FOV is computed) gets a
/// view of no world in particular, and debug builds may stop at one of the multicast's internal
/// consistency checks.
///
/// # How often the sight code asks
///
/// The figures are [`Opacity::is_opaque`]'s calls for a world that only answers that (a
/// closure): the other methods' defaults ask it cell by cell. A world that keeps its rows as
/// slices (as [`Grid<bool>`](Grid) does) has many of those cells read from the slices instead.
///
/// - [`multicast::compute`](crate::fov::multicast::compute) asks about a cell a few times at
///   most, never a number that grows with its distance, so a view costs in asks a small
///   multiple of the cells it looks at. A cell is asked about once for its decision in each
///   quadrant it lies in (a cell of the viewer's row or column lies in two, any other in one),
///   again where a shortcut looked along its row before (the open rows around the viewer, a
///   row of floor in full light), and for each wall beside it whose vertex it may seal. Measured on random maps of every kind the FOV is tested on, and for
///   every arrangement of walls near the viewer: at most 10 asks for one cell (in debug builds,
///   whose consistency checks ask again; the most asked are walls next to the viewer on its
///   column), and 1 to 3 asks per visible cell over a view of a few dozen cells or more (a
///   maze's corridors the most); more for a viewer walled in closely, who sees few cells but
///   has their neighbours looked at.
///
///   It asks only about cells within the radius plus two (the neighbours of the walls on the
///   rim, and up to three cells down the viewer's column, a corridor's check, beside a wall
///   next to the viewer) and within the output's area plus one cell on each side (the
///   neighbours of walls on its edge, for their seals): so the answers just past a world's
///   edge are asked, and must be `true`. From a viewer outside the area, only cells inside it.
///   (`tests/fov_reads.rs` checks these bounds.)
/// - [`reference::compute`](crate::fov::reference::compute) decides every cell on its own,
///   asking about the cells between it and the viewer: one cell is asked about once for each
///   cell farther out whose decision it takes part in, hundreds of times in a view of radius
///   20. Never outside the area. It is the oracle, not a way to read a costly world.
/// - [`dda::line_of_sight`](crate::dda::line_of_sight) asks once about each cell the segment
///   crosses, and, for an opaque one, about the neighbours that could seal it with it.
///
/// A world whose answers are costly to work out (one assembled from layers, or from chunks
/// loaded on demand) can be copied into a [`Grid<bool>`](Grid) of the area first: one ask per
/// cell, and the sight code then reads its rows.
///
/// # Examples
///
/// Your own map type:
///
/// ```
/// use sightline::fov::{Fov, multicast};
/// use sightline::geometry::{Opacity, Pos};
///
/// struct Cavern { rock: Vec<Pos>, size: i32 }
///
/// impl Opacity for Cavern {
///     fn is_opaque(&self, p: Pos) -> bool {
///         let outside = p.x < 0 || p.y < 0 || p.x >= self.size || p.y >= self.size;
///         outside || self.rock.contains(&p)
///     }
/// }
///
/// let cavern = Cavern { rock: vec![Pos::new(2, 1)], size: 5 };
/// let mut fov = Fov::new(5, 5);
/// multicast::compute(Pos::new(0, 1), None, &cavern, &mut fov);
/// assert!(fov.is_visible(Pos::new(2, 1)));  // the rock is seen
/// assert!(!fov.is_visible(Pos::new(4, 1))); // what is straight behind it is not
/// ```
///
/// Or a closure:
///
/// ```
/// use sightline::{Pos, dda};
/// let walls = |p: Pos| p.x == 3;
/// assert!(!dda::line_of_sight(Pos::new(0, 0), Pos::new(6, 0), &walls));
/// ```
///
/// Or a trait object, for a world chosen at run time: every function that takes a world takes
/// a `dyn Opacity` too (and calls the object's own row look-ups, not just
/// [`Opacity::is_opaque`]).
///
/// ```
/// use sightline::fov::{Fov, multicast};
/// use sightline::geometry::{Grid, Opacity, Pos};
/// use sightline::dda;
/// let worlds: Vec<Box<dyn Opacity>> = vec![Box::new(|p: Pos| p.x == 3), Box::new(Grid::new(5, 5, false))];
/// let mut fov = Fov::new(5, 5);
/// for world in &worlds {
///     multicast::compute(Pos::new(0, 0), None, world.as_ref(), &mut fov);
///     let seen = dda::line_of_sight(Pos::new(0, 0), Pos::new(4, 0), world.as_ref());
///     assert_eq!(fov.is_visible(Pos::new(4, 0)), seen);
/// }
/// ```
pub trait Opacity {
    /// Whether the cell at `p` blocks sight.
    fn is_opaque(&self, p: Pos) -> bool;

    /// How many cells in a row, starting at `p` and stepping `dx` (`1` or `-1`) along its row,
    /// are transparent, counting no further than `max` cells.
    ///
    /// The field of view asks this for stretches of a row it already knows to be in full light,
    /// where it only has to find the next wall. The default asks [`Opacity::is_opaque`] cell by
    /// cell; a dense grid answers from a slice of its row, which is much cheaper.
    fn transparent_run(&self, p: Pos, dx: i32, max: usize) -> usize {
        // (a cell past the ends of `i32` is outside every map: opaque, where the run ends)
        let at = |k: usize| i32::try_from(i64::from(p.x) + i64::from(dx) * k as i64).ok();
        (0..max).take_while(|&k| at(k).is_some_and(|x| !self.is_opaque(Pos::new(x, p.y)))).count()
    }

    /// Row `y` as a slice of "is opaque" flags indexed by `x`, when the world keeps its cells
    /// that way (every cell past the slice's ends, and every row outside the world, opaque);
    /// `None` when it does not, and the sight code asks [`Opacity::is_opaque`] instead.
    ///
    /// The field of view looks at many cells of one row in turn: reading them from a slice
    /// saves working out a position and its bounds for each.
    fn opaque_row(&self, y: i32) -> Option<&[bool]> {
        let _ = y;
        None
    }

    /// The `n` rows from `y` on as one slice of "is opaque" flags, row `y + k` at `k * stride`
    /// (the slice and the stride, each row `stride` flags long; the slice holds at least those
    /// `n · stride` flags, and whatever follows them is not read), when the world keeps its
    /// cells that way and all those rows lie in it; `None` otherwise, and the sight code asks
    /// [`Opacity::opaque_row`] row by row, or [`Opacity::is_opaque`] cell by cell.
    ///
    /// The field of view looks at many rows in turn, a few cells of each: the rows around the
    /// viewer in an open room, and the map's columns, a cell of each row, where it scans along
    /// them (a corridor it looks down). Looking each row up (its bounds, where it starts) would
    /// cost as much as looking at its cells.
    fn opaque_rows(&self, y: i32, n: usize) -> Option<(&[bool], usize)> {
        let _ = (y, n);
        None
    }
}

impl<F: Fn(Pos) -> bool> Opacity for F {
    #[inline]
    fn is_opaque(&self, p: Pos) -> bool {
        self(p)
    }
}

/// A grid of "is opaque" flags; outside the grid is opaque.
impl Opacity for Grid<bool> {
    #[inline]
    fn is_opaque(&self, p: Pos) -> bool {
        self.get(p).copied().unwrap_or(true)
    }

    #[inline]
    fn transparent_run(&self, p: Pos, dx: i32, max: usize) -> usize {
        match usize::try_from(p.y) {
            Ok(y) if y < self.height() => run_in_row(self.row(y), p.x, dx, max, |&opaque| !opaque),
            _ => 0,
        }
    }

    #[inline]
    fn opaque_row(&self, y: i32) -> Option<&[bool]> {
        match usize::try_from(y) {
            Ok(y) if y < self.height() => Some(self.row(y)),
            _ => Some(&[]),
        }
    }

    #[inline]
    fn opaque_rows(&self, y: i32, n: usize) -> Option<(&[bool], usize)> {
        let y = usize::try_from(y).ok()?;
        let w = self.width();
        if w == 0 {
            return None;
        }
        let rows = self.cells().get(y.checked_mul(w)?..y.checked_add(n)?.checked_mul(w)?)?;
        Some((rows, w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_run_stops_at_the_ends_of_i32() {
        let open = |_: Pos| false;
        assert_eq!(open.transparent_run(Pos::new(i32::MAX - 2, 0), 1, 10), 3);
        assert_eq!(open.transparent_run(Pos::new(i32::MIN + 1, 5), -1, 10), 2);
        assert_eq!(open.transparent_run(Pos::new(0, 0), 1, 10), 10);
    }

    #[test]
    fn a_grid_row_answers_like_its_cells() {
        // row 1: . # .   (rows 0 and 2 clear); outside the grid everything is opaque
        let mut g = Grid::new(3, 3, false);
        g.set(Pos::new(1, 1), true);
        assert_eq!(g.opaque_row(1), Some(&[false, true, false][..]));
        for y in -1..4 {
            let row = g.opaque_row(y).expect("a grid keeps its rows");
            for x in -1..4 {
                let from_row = usize::try_from(x).ok().and_then(|x| row.get(x)).is_none_or(|&o| o);
                assert_eq!(from_row, g.is_opaque(Pos::new(x, y)), "({x}, {y})");
            }
        }
        let closure = |p: Pos| g.is_opaque(p);
        assert_eq!(closure.opaque_row(1), None);
    }

    #[test]
    fn a_block_of_grid_rows_holds_those_rows_one_stride_apart() {
        // rows 0..4 of a 3-wide grid, each cell's flag set for x == y: any block inside the
        // grid is its rows in turn; a block reaching past it, or an empty grid's, is not given
        let mut g = Grid::new(3, 4, false);
        for k in 0..3 {
            g.set(Pos::new(k, k), true);
        }
        for (y, n) in [(0, 4), (1, 2), (3, 1), (2, 0)] {
            let (block, stride) = g.opaque_rows(y, n).expect("inside the grid");
            assert_eq!((block.len(), stride), (3 * n, 3), "rows {y}..+{n}");
            for k in 0..n {
                assert_eq!(&block[k * 3..][..3], g.opaque_row(y + k as i32).unwrap(), "row {y}+{k}");
            }
        }
        for (y, n) in [(-1, 2), (3, 2), (4, 1), (0, 5)] {
            assert_eq!(g.opaque_rows(y, n), None, "rows {y}..+{n}");
        }
        assert_eq!(Grid::new(0, 3, false).opaque_rows(0, 1), None);
        let closure = |p: Pos| g.is_opaque(p);
        assert_eq!(closure.opaque_rows(0, 1), None);
    }

    #[test]
    fn transparent_runs_stop_at_walls_the_limit_and_the_edge() {
        // row 1: . . # . .   (row 0 and 2 all clear)
        let mut g = Grid::new(5, 3, false);
        g.set(Pos::new(2, 1), true);
        let closure = |p: Pos| g.is_opaque(p);
        for (p, dx, max, want) in [
            (Pos::new(0, 1), 1, 9, 2),
            (Pos::new(4, 1), -1, 9, 2),
            (Pos::new(2, 1), 1, 9, 0),
            (Pos::new(0, 0), 1, 9, 5),
            (Pos::new(4, 0), -1, 9, 5),
            (Pos::new(1, 0), 1, 3, 3),
            (Pos::new(3, 2), -1, 2, 2),
            (Pos::new(5, 0), -1, 9, 0),
            (Pos::new(-1, 0), 1, 9, 0),
            (Pos::new(0, 3), 1, 9, 0),
            (Pos::new(0, -1), 1, 9, 0),
        ] {
            assert_eq!(g.transparent_run(p, dx, max), want, "grid from {p} by {dx}, max {max}");
            assert_eq!(closure.transparent_run(p, dx, max), want, "default from {p} by {dx}, max {max}");
        }
    }
}
