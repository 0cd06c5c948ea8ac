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
//! [`super::cells`], by an integer error term: the difference of the parameters of the next two
//! boundary crossings, scaled to 64-bit fixed point once from the inputs (the larger of the two
//! per-axis speeds gets 61 significant bits; its products with the start's offsets inside its
//! cell are rounded once, exactly) and then updated by exact integer additions. Ties (exact
//! corners) are therefore detected exactly whenever the segment's extents in cells and the
//! start's offsets are exact in `f64` and their significant bits fit that fixed point, as with
//! integer or dyadic coordinates and power-of-two cell sizes. Otherwise the rounding of the
//! scaled speeds (2⁻⁶¹ relative) leaves a crossing order uncertain only where two crossings `k`
//! cells from the start are closer than about `k · 2⁻⁶⁰` (relative): such a pair may be walked
//! as a corner or in the other order, never through a cell farther away.

/// Why a segment cannot be traversed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TraverseError {
    /// A coordinate of the start or end point is NaN or infinite.
    #[error("the segment's end points must be finite numbers")]
    NonFinitePoint,
    /// A cell width or height is NaN, infinite, zero or negative.
    #[error("the cell width and height must be finite and greater than zero")]
    BadCellSize,
    /// A cell index (`⌊x/w⌋` or `⌊y/h⌋`) is beyond ±2⁶².
    #[error("the segment reaches a cell whose index is beyond ±2^62")]
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
#[inline]
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
    let scale = pow2_exponent_to(x.speed.max(y.speed), 60);
    let (sx, sy) = (fixed(x.speed, scale), fixed(y.speed, scale));
    // Every term is below 2^61, so the error term stays well inside an i64.
    let err = mul_frac(x.first, sy) as i64 - mul_frac(y.first, sx) as i64;
    Ok(Traversal {
        x: x.cell,
        y: y.cell,
        step_x: x.step,
        step_y: y.step,
        left_x: x.left,
        left_y: y.left,
        err,
        inc_x: sy as i64,
        inc_y: sx as i64,
        x_tie: i64::from(!x.late || y.late),
        y_tie: i64::from(!y.late || x.late),
        done: false,
    })
}

/// The binary exponent `e` of `m > 0`: `2^e <= m < 2^(e+1)`.
fn exponent(m: f64) -> i32 {
    let bits = m.to_bits();
    let (exp, frac) = (((bits >> 52) & 0x7ff) as i32, bits & ((1 << 52) - 1));
    if exp == 0 { 63 - frac.leading_zeros() as i32 - 1074 } else { exp - 1023 }
}

/// The exponent `s` with `m · 2^s` in `[2^top, 2^(top+1))` (0 when `m` is 0).
fn pow2_exponent_to(m: f64, top: i32) -> i32 {
    if m == 0.0 { 0 } else { top - exponent(m) }
}

/// `v` as `M · 2^e` with an integer `M < 2^53` (`v` finite, `>= 0`).
fn decompose(v: f64) -> (u64, i32) {
    let bits = v.to_bits();
    let (exp, frac) = (((bits >> 52) & 0x7ff) as i32, bits & ((1 << 52) - 1));
    if exp == 0 { (frac, -1074) } else { (frac | 1 << 52, exp - 1075) }
}

/// `round(v / 2^k)`, halves rounded up.
fn round_shr(v: u128, k: u32) -> u128 {
    match k {
        0 => v,
        1..=127 => (v >> k) + ((v >> (k - 1)) & 1),
        128 => v >> 127,
        _ => 0,
    }
}

/// `round(v · 2^s)` as an integer, with no floating-point rounding; `v · 2^s` is below `2^62`
/// by the choice of `s`.
fn fixed(v: f64, s: i32) -> u128 {
    let (m, e) = decompose(v);
    let sh = e + s;
    if sh >= 0 { u128::from(m) << sh } else { round_shr(u128::from(m), sh.unsigned_abs()) }
}

/// `round(f · n)` for `0 <= f <= 1` and `n < 2^75`, exactly: `f = M · 2^-k` with a 53-bit
/// integer `M`, so `M · n` fits a `u128`.
fn mul_frac(f: f64, n: u128) -> u128 {
    if f <= 0.0 {
        return 0;
    }
    let (m, e) = decompose(f);
    round_shr(u128::from(m) * n, e.unsigned_abs())
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
        let step = match cb.cmp(&ca) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
        };
        let left = cb.abs_diff(ca);
        // Halving first keeps the difference finite for any two finite inputs.
        let speed = ((0.5 * b - 0.5 * a) / size).abs();
        let first = if step >= 0 { 1.0 - frac } else { frac };
        Ok(Axis { cell: ca, step, left, first, speed, late: step < 0 })
    }
}

/// The largest cell index [`traverse`] accepts, in absolute value.
const MAX_INDEX: f64 = 4_611_686_018_427_387_904.0; // 2^62

/// `(⌊v / size⌋, v / size − ⌊v / size⌋)`, with the floor exact (the floor of the real quotient,
/// not of the rounded one) and the fraction clamped to `[0, 1]`.
fn floor_div(v: f64, size: f64) -> Result<(i64, f64), TraverseError> {
    let r = v / size;
    if r.is_nan() || r.abs() >= MAX_INDEX {
        return Err(TraverseError::OutOfRange);
    }
    // Floor of the rounded quotient (exact in f64: below 2^53 an integer is exact, above it
    // `r` is an integer itself).
    let mut q = r as i64;
    if q as f64 > r {
        q -= 1;
    }
    if q as f64 != r {
        // Rounding to nearest cannot carry a quotient across an integer it does not land on:
        // when `r` is not an integer, its floor is the real quotient's floor, and `r − q` is
        // exact.
        return Ok((q, r - q as f64));
    }
    // `r` is an integer: the real quotient may be just below it. The sign of a correctly
    // rounded fused multiply-add is the sign of the exact v − q·size.
    let mut rest = (-(q as f64)).mul_add(size, v);
    if rest < 0.0 {
        q -= 1;
        rest = (-(q as f64)).mul_add(size, v);
    }
    Ok((q, (rest / size).clamp(0.0, 1.0)))
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
    err: i64,
    inc_x: i64,
    inc_y: i64,
    /// 1 when this axis steps at an exact tie (both do: a diagonal step), else 0.
    x_tie: i64,
    y_tie: i64,
    done: bool,
}

impl Iterator for Traversal {
    type Item = (i64, i64);

    #[inline]
    fn next(&mut self) -> Option<(i64, i64)> {
        let out = (self.x, self.y);
        if self.left_x != 0 && self.left_y != 0 {
            // Both axes have crossings to come: the error term decides, as in `cells`.
            // At e == 0 (a corner) x steps iff x_on_tie, y iff y_on_tie.
            let e = self.err;
            let mx = e < self.x_tie;
            let my = e > -self.y_tie;
            self.x += self.step_x & -(mx as i64);
            self.y += self.step_y & -(my as i64);
            self.left_x -= mx as u64;
            self.left_y -= my as u64;
            self.err += (self.inc_x & -(mx as i64)) - (self.inc_y & -(my as i64));
        } else if self.left_x != 0 {
            self.x += self.step_x;
            self.left_x -= 1;
        } else if self.left_y != 0 {
            self.y += self.step_y;
            self.left_y -= 1;
        } else if self.done {
            return None;
        } else {
            self.done = true;
        }
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
        // 6280.16914061978 / 7.640108443576374 rounds to exactly 822.0, but the real quotient of
        // these two f64 values is a hair below 822 (checked with exact rationals): cell 821.
        assert_eq!(6280.16914061978 / 7.640108443576374, 822.0);
        assert_eq!(floor_div(6280.16914061978, 7.640108443576374).unwrap().0, 821);
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
        assert_eq!(pow2_exponent_to(3.0, 60), 59);
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
