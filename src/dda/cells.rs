//! The integer walk between two cell centres: `cells(A, B)` of the visibility contract.

use std::hint::select_unpredictable;

use super::step::{fold_counted, step};
use crate::geometry::Pos;

/// The state of the Amanatides & Woo walk along the line through two cell centres, shared by
/// [`Cells`] (which stops at the second centre) and [`super::Ray`] (which goes on).
///
/// `err` is `(2i+1)·|dy| − (2j+1)·|dx|` after `i` steps in x and `j` in y: its sign says which
/// edge the line crosses next (see the module docs). It stays within `(−2|dx|, 2|dy|]`, so it
/// fits an `i64` for any two `i32` positions.
#[derive(Clone, Debug)]
pub(super) struct Walk {
    pub(super) cur: Pos,
    step: Pos,
    err: i64,
    /// `2|dy|`: added to `err` on an x step.
    inc_x: i64,
    /// `2|dx|`: subtracted from `err` on a y step.
    inc_y: i64,
}

impl Walk {
    #[inline]
    pub(super) fn new(from: Pos, toward: Pos) -> Walk {
        let dx = i64::from(toward.x) - i64::from(from.x);
        let dy = i64::from(toward.y) - i64::from(from.y);
        let (nx, ny) = (dx.abs(), dy.abs());
        Walk {
            cur: from,
            step: Pos::new(dx.signum() as i32, dy.signum() as i32),
            err: ny - nx,
            inc_x: 2 * ny,
            inc_y: 2 * nx,
        }
    }

    /// The sign of the next step: x, y or both (an exact corner). A zero component of the
    /// direction never steps: its error contribution keeps `err` on the other side of zero.
    #[inline(always)]
    pub(super) fn next_step(&self) -> (bool, bool) {
        (self.err <= 0, self.err >= 0)
    }

    /// Moves to the next cell of the line, by the [shared step rule](step). Positions wrap at
    /// the `i32` range; callers that may go that far (the ray) check first.
    #[inline(always)]
    pub(super) fn advance(&mut self) {
        // Each coordinate either takes its step or keeps its value, selected by the same sign
        // as the error term, so nothing here waits on anything but that sign.
        let (sx, sy, err) = step(self.err, self.inc_x, self.inc_y);
        let (x, y) = (self.cur.x, self.cur.y);
        self.cur.x = select_unpredictable(sx, x.wrapping_add(self.step.x), x);
        self.cur.y = select_unpredictable(sy, y.wrapping_add(self.step.y), y);
        self.err = err;
    }

    /// The unit step of the line on each axis (−1, 0 or 1).
    pub(super) fn direction(&self) -> Pos {
        self.step
    }
}

/// The number of cells in `cells(from, to)`, in closed form: `1 + |dx| + |dy| − c`, where `c`
/// is the number of lattice corners the centre-to-centre segment passes exactly through.
///
/// With `g = gcd(|dx|, |dy|)`, the segment meets a corner at the parameters where the
/// `(2i+1)`-th half-step in x equals the `(2j+1)`-th in y, which happens `g` times when `|dx|/g`
/// and `|dy|/g` are both odd, and never otherwise (axis-parallel segments included).
///
/// ```
/// use sightline::{Pos, dda};
/// assert_eq!(dda::cell_count(Pos::new(0, 0), Pos::new(3, 2)), 6);
/// assert_eq!(dda::cell_count(Pos::new(0, 0), Pos::new(3, 1)), 4); // one exact corner
/// assert_eq!(dda::cell_count(Pos::new(0, 0), Pos::new(-5, -5)), 6); // a diagonal: all corners
/// ```
pub fn cell_count(from: Pos, to: Pos) -> u64 {
    let nx = from.x.abs_diff(to.x);
    let ny = from.y.abs_diff(to.y);
    let g = gcd(nx, ny);
    let corners = if g != 0 && (nx / g) % 2 == 1 && (ny / g) % 2 == 1 { g } else { 0 };
    1 + u64::from(nx) + u64::from(ny) - u64::from(corners)
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The cells the segment from `from`'s centre to `to`'s centre crosses, in order: `from` first,
/// `to` last. See the [module docs](super) for the walk and the corner rule.
///
/// Integer-only and allocation-free; it works for any two `i32` positions, and its length is
/// known up front ([`cell_count`]).
///
/// ```
/// use sightline::{Pos, dda};
/// let walk: Vec<Pos> = dda::cells(Pos::new(0, 0), Pos::new(3, 1)).collect();
/// assert_eq!(walk, [Pos::new(0, 0), Pos::new(1, 0), Pos::new(2, 1), Pos::new(3, 1)]);
///
/// // Reversing the segment reverses the walk.
/// let mut back: Vec<Pos> = dda::cells(Pos::new(3, 1), Pos::new(0, 0)).collect();
/// back.reverse();
/// assert_eq!(back, walk);
/// ```
#[inline]
pub fn cells(from: Pos, to: Pos) -> Cells {
    Cells { walk: Walk::new(from, to), from, to, done: false }
}

/// The iterator [`cells`] returns.
#[derive(Clone, Debug)]
pub struct Cells {
    walk: Walk,
    from: Pos,
    to: Pos,
    done: bool,
}

impl Cells {
    /// How many cells are still to come: the closed form of [`cell_count`], minus the steps
    /// and corners already behind.
    fn remaining(&self) -> u64 {
        if self.done {
            return 0;
        }
        let cur = self.walk.cur;
        let steps = u64::from(cur.x.abs_diff(self.to.x)) + u64::from(cur.y.abs_diff(self.to.y));
        let (nx, ny) = (self.from.x.abs_diff(self.to.x), self.from.y.abs_diff(self.to.y));
        let g = gcd(nx, ny);
        if g == 0 || (nx / g).is_multiple_of(2) || (ny / g).is_multiple_of(2) {
            return 1 + steps;
        }
        // The m-th corner (m = 0 .. g) is crossed after m·p + (p−1)/2 steps in x, p = nx / g.
        let p = u64::from(nx / g);
        let taken = u64::from(self.from.x.abs_diff(cur.x));
        let behind = if taken <= (p - 1) / 2 { 0 } else { (taken - (p - 1) / 2).div_ceil(p) };
        1 + steps - (u64::from(g) - behind.min(u64::from(g)))
    }
}

impl Iterator for Cells {
    type Item = Pos;

    #[inline]
    fn next(&mut self) -> Option<Pos> {
        if self.done {
            return None;
        }
        let out = self.walk.cur;
        self.done = out == self.to;
        // After the last cell this moves one step past `to`, wrapping if `to` is at the edge of
        // the i32 range; that position is never yielded.
        self.walk.advance();
        Some(out)
    }

    /// The walk driven from inside (what `for_each`, `sum`, `count`, `last` and friends use):
    /// the same steps as [`next`](Iterator::next), in the counted loop both walks of the
    /// module share, without its per-cell "is this the last cell" bookkeeping.
    ///
    /// The walk from here takes `|to.x − x| + |to.y − y|` axis steps, and they are all the
    /// segment's own: its crossings of the lines between cells lie strictly inside it (at
    /// parameters `(k + ½)/|dx|` and `(k + ½)/|dy|`), and the next one past `to` on either
    /// axis lies beyond its end, after all of them in the step rule's order.
    /// (Against the two loops it replaced, which asked at each cell whether the minor axis had
    /// reached its end, by `cargo bench --bench dda`: the fixed short lines about a tenth
    /// faster, medium ones a sixth, long ones 6–15 % (two builds); the varied short lines, whose
    /// exact corners the loop's corner branch cannot foresee, about a tenth slower.)
    #[inline]
    fn fold<B, F: FnMut(B, Pos) -> B>(self, init: B, mut f: F) -> B {
        if self.done {
            return init;
        }
        let (walk, to) = (self.walk, self.to);
        let (at, d) = (walk.cur, walk.direction());
        let left = u64::from(at.x.abs_diff(to.x)) + u64::from(at.y.abs_diff(to.y));
        let (start, step) = ((i64::from(at.x), i64::from(at.y)), (i64::from(d.x), i64::from(d.y)));
        // (the coordinates stay between the two ends, within the `i32` range)
        fold_counted(start, step, walk.err, walk.inc_x, walk.inc_y, left, init, |acc, (x, y)| {
            f(acc, Pos::new(x as i32, y as i32))
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match usize::try_from(self.remaining()) {
            Ok(n) => (n, Some(n)),
            Err(_) => (usize::MAX, None),
        }
    }
}

/// Exact on 64-bit targets, where every walk's length (at most `1 + 2^33`) fits a `usize`.
#[cfg(target_pointer_width = "64")]
impl ExactSizeIterator for Cells {}

impl std::iter::FusedIterator for Cells {}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(a: (i32, i32), b: (i32, i32)) -> Vec<(i32, i32)> {
        cells(Pos::new(a.0, a.1), Pos::new(b.0, b.1)).map(|p| (p.x, p.y)).collect()
    }

    #[test]
    fn worked_examples_from_the_module_docs() {
        assert_eq!(walk((0, 0), (3, 2)), [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2)]);
        assert_eq!(walk((0, 0), (3, 1)), [(0, 0), (1, 0), (2, 1), (3, 1)]);
        assert_eq!(walk((0, 0), (2, 2)), [(0, 0), (1, 1), (2, 2)]);
    }

    #[test]
    fn degenerate_and_axis_parallel() {
        assert_eq!(walk((4, -7), (4, -7)), [(4, -7)]);
        assert_eq!(walk((2, 0), (-1, 0)), [(2, 0), (1, 0), (0, 0), (-1, 0)]);
        assert_eq!(walk((0, 1), (0, -2)), [(0, 1), (0, 0), (0, -1), (0, -2)]);
    }

    #[test]
    fn extremes_of_the_i32_range_end_exactly() {
        let (a, b) = (Pos::new(i32::MIN, i32::MAX), Pos::new(i32::MIN + 3, i32::MAX - 6));
        let w: Vec<Pos> = cells(a, b).collect();
        assert_eq!(w.first(), Some(&a));
        assert_eq!(w.last(), Some(&b));
        assert_eq!(w.len() as u64, cell_count(a, b));
        let folded = cells(a, b).fold(Vec::new(), |mut v, c| {
            v.push(c);
            v
        });
        assert_eq!(folded, w);
        let far = cells(Pos::new(i32::MIN, 0), Pos::new(i32::MAX, 0));
        assert_eq!(far.len() as u64, 1 + u64::from(u32::MAX));
    }

    #[test]
    fn closed_form_count() {
        assert_eq!(cell_count(Pos::new(0, 0), Pos::new(0, 0)), 1);
        assert_eq!(cell_count(Pos::new(0, 0), Pos::new(6, 2)), 7); // 3 and 1 odd: 2 corners
        assert_eq!(cell_count(Pos::new(0, 0), Pos::new(4, 2)), 7); // 2 even: no corner
        assert_eq!(cell_count(Pos::new(0, 0), Pos::new(5, 0)), 6);
    }
}
