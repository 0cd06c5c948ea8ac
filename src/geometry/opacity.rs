//! What the sight code asks of a world: is this cell opaque?

use super::{Grid, Pos};

/// A world the sight code can look through.
///
/// The field of view and line of sight ask only this question, so they work on any grid type:
/// implement it for your own map, or pass a closure `Fn(Pos) -> bool`. The contract says cells
/// outside the map are opaque; an implementation should answer `true` for them (the FOV code also
/// never looks outside the area of its output buffer).
///
/// The answers must stay the same for the length of a call: the view is computed from one
/// world. One that changes them mid-call (a door that opens while the FOV is computed) gets a
/// view of no world in particular, and debug builds may stop at one of the multicast's internal
/// consistency checks.
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

/// How many cells of `row`, from `x` stepping `dx` (`1` or `-1`) and no more than `max`, pass
/// `clear`; nothing outside the row does.
#[inline]
pub(crate) fn run_in_row<T>(row: &[T], x: i32, dx: i32, max: usize, clear: impl Fn(&T) -> bool) -> usize {
    if x < 0 || x as usize >= row.len() {
        return 0;
    }
    let x = x as usize;
    if dx > 0 {
        leading(&row[x..row.len().min(x + max)], clear)
    } else {
        trailing(&row[(x + 1).saturating_sub(max)..=x], clear)
    }
}

/// Whether no flag of `span` is set: a stretch of an opacity row with no wall in it.
///
/// Every flag is looked at, without stopping at the first wall (the caller expects none, and
/// when there is one it only needs to know that): sixteen at a time, or-ed into sixteen
/// accumulators, the last sixteen overlapping the ones before if need be (eight and eight for a
/// span shorter than that). The compiler makes each sixteen one load and one `or`; a span of up
/// to 32, a row of a small view, takes two and no loop, a handful of instructions.
#[inline]
pub(crate) fn all_clear(span: &[bool]) -> bool {
    let n = span.len();
    if n < CHUNK {
        return !span.iter().fold(false, |any, &opaque| any | opaque);
    }
    if n < WIDE {
        let mut any = [false; CHUNK];
        or_in(&mut any, &span[..CHUNK]);
        or_in(&mut any, &span[n - CHUNK..]);
        return none(any);
    }
    let mut any = [false; WIDE];
    if n <= 2 * WIDE {
        // (the rows of a small view: two, no loop)
        or_in(&mut any, &span[..WIDE]);
        or_in(&mut any, &span[n - WIDE..]);
        return none(any);
    }
    long(span)
}

/// [`all_clear`] for two spans at once: whether neither has a flag set. Two rows of a view at
/// one distance from the viewer, one above and one below, of one length: from 8 to 32 flags
/// (the rows of a small view) their chunks are or-ed into the same accumulators, one test for
/// both, inline; longer ones go to [`all_clear`]'s loop in turn, and the rest (a few short
/// rows a view, or spans of different lengths) to [`all_clear`] out of line.
#[inline(always)]
pub(crate) fn both_clear(a: &[bool], b: &[bool]) -> bool {
    let n = a.len();
    if (WIDE..=2 * WIDE).contains(&n) && b.len() == n {
        let mut any = [false; WIDE];
        for span in [a, b] {
            or_in(&mut any, &span[..WIDE]);
            or_in(&mut any, &span[n - WIDE..]);
        }
        none(any)
    } else if n > 2 * WIDE && b.len() == n {
        long(a) && long(b)
    } else if (CHUNK..WIDE).contains(&n) && b.len() == n {
        let mut any = [false; CHUNK];
        for span in [a, b] {
            or_in(&mut any, &span[..CHUNK]);
            or_in(&mut any, &span[n - CHUNK..]);
        }
        // (as one word: the compiler makes a poor job of eight separate flags)
        u64::from_ne_bytes(any.map(u8::from)) == 0
    } else {
        apart(a, b)
    }
}

/// [`both_clear`] for spans of other lengths: each looked at alone, out of line (inlined, the
/// paths for all lengths would crowd the caller's loop: measured slower).
#[inline(never)]
fn apart(a: &[bool], b: &[bool]) -> bool {
    all_clear(a) && all_clear(b)
}

/// Ors each flag of `chunk` into `any`.
fn or_in<const N: usize>(any: &mut [bool; N], chunk: &[bool]) {
    any.iter_mut().zip(chunk).for_each(|(a, &opaque)| *a |= opaque);
}

/// Whether no flag of `any` is set.
fn none<const N: usize>(any: [bool; N]) -> bool {
    !any.iter().fold(false, |all, &a| all | a)
}

/// How many flags [`all_clear`] looks at in one go.
const WIDE: usize = 2 * CHUNK;

/// [`all_clear`] for spans of more than two wide chunks, in a loop of its own: out of line, the
/// compiler unrolls it well.
#[inline(never)]
fn long(span: &[bool]) -> bool {
    let n = span.len();
    let mut any = [false; WIDE];
    let mut i = 0;
    while i + WIDE < n {
        any.iter_mut().zip(&span[i..i + WIDE]).for_each(|(a, &opaque)| *a |= opaque);
        i += WIDE;
    }
    any.iter_mut().zip(&span[n - WIDE..]).for_each(|(a, &opaque)| *a |= opaque);
    !any.iter().fold(false, |all, &a| all | a)
}

/// How many items a chunk of [`leading`] and [`trailing`] holds.
const CHUNK: usize = 8;

/// How many items at the start of `span` pass `clear`.
///
/// Whole chunks are tested without stopping at the first failure, which the compiler turns
/// into a few vector instructions per chunk; the chunk where the run ends is searched item by
/// item.
#[inline]
pub(crate) fn leading<T>(span: &[T], clear: impl Fn(&T) -> bool) -> usize {
    let mut n = 0;
    for chunk in span.chunks_exact(CHUNK) {
        if !chunk.iter().fold(true, |all, c| all & clear(c)) {
            break;
        }
        n += CHUNK;
    }
    n + span[n..].iter().position(|c| !clear(c)).unwrap_or(span.len() - n)
}

/// How many items at the end of `span` pass `clear` (see [`leading`]).
#[inline]
pub(crate) fn trailing<T>(span: &[T], clear: impl Fn(&T) -> bool) -> usize {
    let mut n = 0;
    for chunk in span.rchunks_exact(CHUNK) {
        if !chunk.iter().fold(true, |all, c| all & clear(c)) {
            break;
        }
        n += CHUNK;
    }
    let rest = &span[..span.len() - n];
    n + rest.iter().rev().position(|c| !clear(c)).unwrap_or(rest.len())
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
    fn runs_longer_than_a_chunk_end_at_the_first_wall_either_way() {
        // Against the definition, item by item: spans from empty to several chunks long, clear
        // or with one wall anywhere (also on chunk boundaries).
        for len in 0..3 * CHUNK + 3 {
            for wall in (0..len).map(Some).chain([None]) {
                let span: Vec<bool> = (0..len).map(|k| Some(k) == wall).collect();
                let clear = |&opaque: &bool| !opaque;
                let front = span.iter().take_while(|c| clear(c)).count();
                let back = span.iter().rev().take_while(|c| clear(c)).count();
                assert_eq!(leading(&span, clear), front, "len {len} wall {wall:?}");
                assert_eq!(trailing(&span, clear), back, "len {len} wall {wall:?}");
            }
        }
    }

    #[test]
    fn a_span_is_clear_iff_no_flag_is_set_wherever_the_wall_is() {
        // Spans from empty to several chunks long (the last chunk overlapping or not), clear or
        // with one wall anywhere, or walls everywhere.
        for len in 0..5 * CHUNK + 3 {
            assert!(all_clear(&vec![false; len]), "len {len}");
            assert_eq!(all_clear(&vec![true; len]), len == 0, "len {len}");
            for wall in 0..len {
                let span: Vec<bool> = (0..len).map(|k| k == wall).collect();
                assert!(!all_clear(&span), "len {len} wall {wall}");
            }
        }
    }

    #[test]
    fn two_spans_are_clear_iff_neither_has_a_flag_set() {
        // Pairs of spans of every length up to several chunks (each path of `both_clear`):
        // clear, or with one wall anywhere in either, or walls everywhere in one.
        for len in 0..5 * CHUNK + 3 {
            let clear = vec![false; len];
            assert!(both_clear(&clear, &clear), "len {len}");
            assert_eq!(both_clear(&vec![true; len], &clear), len == 0, "len {len}");
            assert_eq!(both_clear(&clear, &vec![true; len]), len == 0, "len {len}");
            for wall in 0..len {
                let span: Vec<bool> = (0..len).map(|k| k == wall).collect();
                assert!(!both_clear(&span, &clear), "len {len} wall {wall} in the first");
                assert!(!both_clear(&clear, &span), "len {len} wall {wall} in the second");
            }
        }
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
