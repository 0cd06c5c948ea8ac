//! The cells of a segment between two arbitrary `f64` points, over cells of any size: the form
//! spatial hashes, physics broad phases and tile maps in world units ask for.
//!
//! # The boundary rule
//!
//! Cell `(i, j)` is the half-open box `[i·w, (i+1)·w) × [j·h, (j+1)·h)`, so every point of the
//! plane lies in exactly one cell: `(⌊x/w⌋, ⌊y/h⌋)` (floor, also for negative coordinates:
//! `x = −0.5` is in cell `−1`). [`traverse`] yields **the cells that contain at least one point
//! of the closed segment**, in the order the segment reaches them, each once. Consequences:
//!
//! - The first cell is always the start point's cell and the last the end point's, also when a
//!   point lies exactly on a boundary (a segment that starts on the line `x = 2` and goes left
//!   yields column 2 for that one point, then column 1).
//! - A segment exactly along a grid line `y = j·h` lies in row `j`.
//! - Through an exact lattice corner the walk steps diagonally when both coordinates grow or
//!   both shrink. When one grows and the other shrinks, the corner point itself belongs to a
//!   side cell, which is yielded: e.g. going right and up (x grows, y shrinks) through the
//!   corner `(i·w, j·h)`, the cells are `(i−1, j)`, `(i, j)`, `(i, j−1)`.
//! - Reversing the segment yields the same cells in reverse order (the rule depends only on
//!   the set of points).
//!
//! Between two cell centres with `w = h = 1`, the walk is [`super::cells`] when both
//! coordinates change in the same sense (or one is constant), and `cells` plus the side cell
//! of each exact corner otherwise.
//!
//! # Precision
//!
//! The number of steps on each axis is computed exactly up front (`|⌊x₁/w⌋ − ⌊x₀/w⌋|`, with an
//! exact floor), so the walk always ends in the end point's cell however long the segment is:
//! there is no accumulated position to drift. Which axis steps next is decided, like in
//! [`super::cells`], by an integer error term: the difference of the parameters of the next
//! two boundary crossings, scaled to 128-bit fixed point once from the inputs (the larger of
//! the two per-axis speeds gets 75 significant bits) and then updated by exact integer
//! additions. Ties (exact corners) are therefore detected exactly whenever the segment's
//! extents in cells and the start point's offsets inside its cell are exact in `f64` and
//! within a factor of about 2²⁰ of each other, as with integer or dyadic coordinates and
//! power-of-two cell sizes. Otherwise the rounding of the scaled speeds (2⁻⁷⁴ relative) makes
//! a crossing order uncertain only where two crossings `k` cells from the start are closer
//! than about `k · 2⁻⁷⁴` of the segment's parameter: such a pair may be walked as a corner,
//! never through a cell farther away.

/// Why a segment cannot be traversed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TraverseError {
    /// A coordinate of the start or end point is NaN or infinite.
    #[error("the segment's end points must be finite numbers")]
    NonFinitePoint,
    /// A cell width or height is NaN, infinite, zero or negative.
    #[error("the cell width and height must be finite and greater than zero")]
    BadCellSize,
    /// A cell index (`⌊x/w⌋` or `⌊y/h⌋`) is beyond the `i64` range.
    #[error("the segment reaches a cell whose index does not fit in an i64")]
    OutOfRange,
}

/// The cells of the segment from `start` to `end` over cells `cell_w` wide and `cell_h` high,
/// in order, under the [boundary rule](self). An iterator: stop it whenever you like.
///
/// ```
/// use sightline::dda::world::{traverse, TraverseError};
/// let cells: Vec<(i64, i64)> = traverse((0.5, 0.5), (-1.5, 2.5), 1.0, 1.0)?.collect();
/// assert_eq!(cells, [(0, 0), (0, 1), (-1, 1), (-1, 2), (-2, 2)]);
///
/// // Cells 16 units wide and 8 high; the end lies exactly on the boundary x = 32.
/// let cells: Vec<(i64, i64)> = traverse((1.0, 1.0), (32.0, 1.0), 16.0, 8.0)?.collect();
/// assert_eq!(cells, [(0, 0), (1, 0), (2, 0)]);
///
/// assert_eq!(traverse((0.0, f64::NAN), (1.0, 1.0), 1.0, 1.0).err(), Some(TraverseError::NonFinitePoint));
/// # Ok::<(), TraverseError>(())
/// ```
pub fn traverse(
    start: (f64, f64),
    end: (f64, f64),
    cell_w: f64,
    cell_h: f64,
) -> Result<Traversal, TraverseError> {
    if ![start.0, start.1, end.0, end.1].iter().all(|v| v.is_finite()) {
        return Err(TraverseError::NonFinitePoint);
    }
    if !(cell_w.is_finite() && cell_h.is_finite() && cell_w > 0.0 && cell_h > 0.0) {
        return Err(TraverseError::BadCellSize);
    }
    let x = Axis::new(start.0, end.0, cell_w)?;
    let y = Axis::new(start.1, end.1, cell_h)?;
    // t_x < t_y  ⇔  first_x / speed_x < first_y / speed_y  ⇔  first_x·speed_y − first_y·speed_x < 0.
    // Speeds scaled by a common power of two into fixed point; the error term then moves by
    // +speed_y on an x step and −speed_x on a y step, exactly.
    let scale = pow2_exponent_to(x.speed.max(y.speed), 74);
    let (sx, sy) = (fixed(x.speed, scale), fixed(y.speed, scale));
    let err = mul_frac(x.first, sy) as i128 - mul_frac(y.first, sx) as i128;
    Ok(Traversal {
        x: x.cell,
        y: y.cell,
        step_x: x.step,
        step_y: y.step,
        left_x: x.left,
        left_y: y.left,
        err,
        inc_x: sy as i128,
        inc_y: sx as i128,
        x_on_tie: !x.late || y.late,
        y_on_tie: !y.late || x.late,
        done: false,
    })
}

/// The exponent `s` with `m · 2^s` in `[2^top, 2^(top+1))` (0 when `m` is 0).
fn pow2_exponent_to(m: f64, top: i32) -> i32 {
    if m == 0.0 {
        return 0;
    }
    let (m, pre) = if m < f64::MIN_POSITIVE { (m * 2f64.powi(600), 600) } else { (m, 0) };
    let exp = ((m.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    top - exp + pre
}

/// `round(v · 2^s)` as an integer; `v · 2^s` is below `2^75` by the choice of `s`.
fn fixed(v: f64, s: i32) -> u128 {
    // Two steps, so that neither power of two overflows or underflows an f64.
    let half = s / 2;
    (v * 2f64.powi(half) * 2f64.powi(s - half)).round() as u128
}

/// `round(f · n)` for `0 <= f <= 1` and `n < 2^75`, exactly: `f = M · 2^-k` with a 53-bit
/// integer `M`, so `M · n` fits a `u128`.
fn mul_frac(f: f64, n: u128) -> u128 {
    if f <= 0.0 {
        return 0;
    }
    let bits = f.to_bits();
    let (exp, frac) = ((bits >> 52) & 0x7ff, bits & ((1 << 52) - 1));
    let (m, k) = if exp == 0 { (frac, 1074) } else { (frac | 1 << 52, 1075 - exp as u32) };
    let v = u128::from(m) * n;
    match k {
        0 => v,
        1..=127 => (v >> k) + ((v >> (k - 1)) & 1),
        128 => v >> 127,
        _ => 0,
    }
}

/// One axis of the segment, in cells.
struct Axis {
    /// The start point's cell.
    cell: i64,
    /// −1, 0 or 1.
    step: i64,
    /// Boundary crossings to make: `|end cell − start cell|`.
    left: u64,
    /// Distance, in cells along this axis, from the start point to the first crossing.
    first: f64,
    /// Cells crossed on this axis per unit of the segment parameter, up to a common factor.
    speed: f64,
    /// Whether a crossing takes effect just after its parameter (moving toward −∞ the boundary
    /// point still belongs to the cell being left) rather than at it.
    late: bool,
}

impl Axis {
    fn new(a: f64, b: f64, size: f64) -> Result<Axis, TraverseError> {
        let (ca, frac) = floor_div(a, size)?;
        let (cb, _) = floor_div(b, size)?;
        let step = (cb - ca).signum();
        let left = cb.abs_diff(ca);
        // Halving first keeps the difference finite for any two finite inputs.
        let speed = ((0.5 * b - 0.5 * a) / size).abs();
        let first = if step >= 0 { 1.0 - frac } else { frac };
        Ok(Axis { cell: ca, step, left, first, speed, late: step < 0 })
    }
}

/// `(⌊v / size⌋, v / size − ⌊v / size⌋)`, with the floor exact (not the floor of the rounded
/// quotient) and the fraction clamped to `[0, 1]`.
fn floor_div(v: f64, size: f64) -> Result<(i64, f64), TraverseError> {
    let mut q = (v / size).floor();
    if !q.is_finite() || q.abs() >= 9.223_372_036_854_775e18 {
        return Err(TraverseError::OutOfRange);
    }
    // The sign of a correctly rounded fused multiply-add is the sign of the exact v − q·size.
    if (-q).mul_add(size, v) < 0.0 {
        q -= 1.0;
    } else if (-(q + 1.0)).mul_add(size, v) >= 0.0 {
        q += 1.0;
    }
    if q.abs() >= 9.223_372_036_854_775e18 {
        return Err(TraverseError::OutOfRange);
    }
    let frac = ((-q).mul_add(size, v) / size).clamp(0.0, 1.0);
    Ok((q as i64, frac))
}

/// The iterator [`traverse`] returns: `(i, j)` cell indices.
#[derive(Clone, Debug)]
pub struct Traversal {
    x: i64,
    y: i64,
    step_x: i64,
    step_y: i64,
    left_x: u64,
    left_y: u64,
    /// `t_x − t_y` for the next crossings, in the fixed point of [`traverse`]: negative when
    /// the x boundary comes first, zero at an exact corner.
    err: i128,
    inc_x: i128,
    inc_y: i128,
    /// At an exact tie, whether this axis steps (both do: a diagonal step).
    x_on_tie: bool,
    y_on_tie: bool,
    done: bool,
}

impl Iterator for Traversal {
    type Item = (i64, i64);

    #[inline]
    fn next(&mut self) -> Option<(i64, i64)> {
        if self.done {
            return None;
        }
        let out = (self.x, self.y);
        let (has_x, has_y) = (self.left_x != 0, self.left_y != 0);
        if !(has_x || has_y) {
            self.done = true;
            return Some(out);
        }
        let e = self.err;
        let tie = e == 0;
        let mx = has_x & (!has_y | (e < 0) | (tie & self.x_on_tie));
        let my = has_y & (!has_x | (e > 0) | (tie & self.y_on_tie));
        self.x += self.step_x & -(mx as i64);
        self.y += self.step_y & -(my as i64);
        self.left_x -= mx as u64;
        self.left_y -= my as u64;
        self.err += (self.inc_x & -(mx as i128)) - (self.inc_y & -(my as i128));
        Some(out)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        if self.done {
            return (0, Some(0));
        }
        let lo = self.left_x.max(self.left_y).saturating_add(1);
        let hi = self.left_x.checked_add(self.left_y).and_then(|n| n.checked_add(1));
        (usize::try_from(lo).unwrap_or(usize::MAX), hi.and_then(|n| usize::try_from(n).ok()))
    }
}

impl std::iter::FusedIterator for Traversal {}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(a: (f64, f64), b: (f64, f64), w: f64, h: f64) -> Vec<(i64, i64)> {
        traverse(a, b, w, h).unwrap().collect()
    }

    #[test]
    fn floor_for_negatives_and_exact_boundaries() {
        assert_eq!(floor_div(-0.5, 1.0).unwrap().0, -1);
        assert_eq!(floor_div(-2.0, 1.0).unwrap().0, -2);
        assert_eq!(floor_div(0.3, 0.1).unwrap().0, 2); // the f64 0.3 is below 3 × the f64 0.1
        assert_eq!(floor_div(3.0, 1.5).unwrap().0, 2);
        assert_eq!(floor_div(-3.0, 1.5).unwrap().0, -2);
        assert_eq!(floor_div(1e300, 1e-300).err(), Some(TraverseError::OutOfRange));
    }

    #[test]
    fn fixed_point_products_round_exactly() {
        assert_eq!(mul_frac(0.5, 7), 4); // 3.5 rounds up
        assert_eq!(mul_frac(0.25, 1 << 74), 1 << 72);
        assert_eq!(mul_frac(1.0, (1 << 75) - 1), (1 << 75) - 1);
        assert_eq!(mul_frac(0.0, 99), 0);
        assert_eq!(mul_frac(f64::MIN_POSITIVE / 4.0, 1 << 74), 0);
        // The f64 0.1 is 3602879701896397 · 2^-55, and 10 · 3602879701896397 = 2^55 + 2, so
        // 0.1 · (10 · 2^60) is exactly (2^55 + 2) · 2^5 = 2^60 + 64.
        assert_eq!(mul_frac(0.1, 10 << 60), (1 << 60) + 64);
        assert_eq!(fixed(3.0, 2), 12);
        assert_eq!(pow2_exponent_to(3.0, 74), 73);
    }

    #[test]
    fn zero_length_and_axis_parallel() {
        assert_eq!(walk((-0.25, 7.0), (-0.25, 7.0), 1.0, 1.0), [(-1, 7)]);
        assert_eq!(walk((0.5, -0.5), (3.0, -0.5), 1.0, 1.0), [(0, -1), (1, -1), (2, -1), (3, -1)]);
        assert_eq!(walk((0.5, 2.0), (0.5, -0.1), 1.0, 1.0), [(0, 2), (0, 1), (0, 0), (0, -1)]);
        // Along a grid line: the row below it (y = 1 is in row 1).
        assert_eq!(walk((0.0, 1.0), (2.5, 1.0), 1.0, 1.0), [(0, 1), (1, 1), (2, 1)]);
    }

    #[test]
    fn corners_diagonal_in_the_same_sense_side_cell_otherwise() {
        assert_eq!(walk((0.5, 0.5), (2.5, 2.5), 1.0, 1.0), [(0, 0), (1, 1), (2, 2)]);
        assert_eq!(walk((2.5, 2.5), (0.5, 0.5), 1.0, 1.0), [(2, 2), (1, 1), (0, 0)]);
        // Right and up through the corner (1, 1): the corner point is in cell (1, 1).
        assert_eq!(walk((0.5, 1.5), (1.5, 0.5), 1.0, 1.0), [(0, 1), (1, 1), (1, 0)]);
        assert_eq!(walk((1.5, 0.5), (0.5, 1.5), 1.0, 1.0), [(1, 0), (1, 1), (0, 1)]);
    }

    #[test]
    fn bad_input_is_an_error() {
        let e = |a, b, w, h| traverse(a, b, w, h).err();
        assert_eq!(e((0.0, 0.0), (f64::INFINITY, 0.0), 1.0, 1.0), Some(TraverseError::NonFinitePoint));
        assert_eq!(e((f64::NAN, 0.0), (1.0, 0.0), 1.0, 1.0), Some(TraverseError::NonFinitePoint));
        assert_eq!(e((0.0, 0.0), (1.0, 0.0), 0.0, 1.0), Some(TraverseError::BadCellSize));
        assert_eq!(e((0.0, 0.0), (1.0, 0.0), 1.0, -2.0), Some(TraverseError::BadCellSize));
        assert_eq!(e((0.0, 0.0), (1.0, 0.0), f64::NAN, 1.0), Some(TraverseError::BadCellSize));
        assert_eq!(e((0.0, 0.0), (1.0, 0.0), 1.0, f64::INFINITY), Some(TraverseError::BadCellSize));
    }

    #[test]
    fn extreme_finite_inputs() {
        // 2^41 + 1 cells: counted exactly, walked lazily.
        let big = 2f64.powi(40);
        let mut t = traverse((-big, 0.5), (big, 0.5), 1.0, 1.0).unwrap();
        assert_eq!(t.size_hint(), (1 << 41 | 1, Some(1 << 41 | 1)));
        assert_eq!(t.nth(5), Some((-(1 << 40) + 5, 0)));
        // The extent of the segment overflows f64 if not halved first.
        let mut t = traverse((-f64::MAX, 0.0), (f64::MAX, 1.0), f64::MAX / 4.0, 1.0).unwrap();
        assert_eq!(t.size_hint(), (9, Some(10)));
        assert_eq!(t.next(), Some((-4, 0)));
        assert_eq!(t.last(), Some((4, 1)));
    }

    #[test]
    fn a_million_cells_without_drift() {
        // From the centre of (0, 0) to the centre of (1_000_003, 999_999), with cells of 0.25:
        // exactly the walk between the cell centres (the same sense on both axes).
        let (n, m) = (1_000_003.0, 999_999.0);
        let got = traverse((0.125, 0.125), (n * 0.25 + 0.125, m * 0.25 + 0.125), 0.25, 0.25).unwrap();
        let want = crate::dda::cells(crate::Pos::new(0, 0), crate::Pos::new(1_000_003, 999_999));
        assert_eq!(got.size_hint().1, Some(1 + 1_000_003 + 999_999));
        assert!(got.map(|(x, y)| crate::Pos::new(x as i32, y as i32)).eq(want));
    }
}
