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
//! The rule holds exactly, exact corners and reversal included, whenever the inputs can be
//! walked in exact integers: cell sizes and coordinates that are whole multiples of 2⁻¹⁶ of a
//! unit (integer and dyadic coordinates, cells of any such size: 1, 3, 10, 1.5), within the
//! ranges the [Precision](#precision) section gives, and power-of-two cells of any size. Other
//! inputs (a coordinate of 0.1, a cell of 1/3) are walked in fixed point, where a crossing
//! within rounding of another may be taken in either order; see below.
//!
//! Between two cell centres with `w = h = 1`, the walk is [`super::cells`](fn@super::cells) when both
//! coordinates change in the same sense (or one is constant), and `cells` plus the side cell
//! of each exact corner otherwise.
//!
//! # Precision
//!
//! The number of steps on each axis is computed exactly up front (`|⌊x₁/w⌋ − ⌊x₀/w⌋|`, with an
//! exact floor), so the walk always ends in the end point's cell however long the segment is:
//! there is no accumulated position to drift. Which axis steps next is decided, by the same
//! step rule as [`super::cells`](fn@super::cells), from an integer error term: the difference of the parameters
//! of the next two boundary crossings, computed once from the inputs and then updated by exact
//! integer additions. It is set up in one of two ways:
//!
//! - **Exact units**, the common case: when both cell sizes are powers of two from 2⁻¹⁰⁰⁶
//!   to 2¹⁶ and every coordinate divided by its cell size is a multiple of 2⁻¹⁶ in
//!   [−2²⁸, 2²⁸) (integer and dyadic coordinates on power-of-two grids), the four coordinates are
//!   exact integers in units of 2⁻¹⁶ cell, the floors are shifts and the error term is exact
//!   integer arithmetic: every crossing order and every tie (exact corner) is exact.
//! - **Exact multiples**, for what the first does not take: when the cell sizes (any, powers
//!   of two included) and every coordinate are whole multiples of 2⁻¹⁶ below 2³⁷ in magnitude,
//!   the same exact integer arithmetic in units of 2⁻¹⁶, with integer floor divisions, as long
//!   as the error term's products fit 61 bits (each axis's extent times the other axis's cell
//!   size, both in units of 2⁻¹⁶: a segment 10⁶ long over cells 10 wide fits, with room).
//! - **Fixed point**, for everything else. The per-axis speeds are the extents of the segment
//!   in cells, the differences of the end points' quotients `x₁/w − x₀/w` (each quotient
//!   correctly rounded); the larger speed gets 61 significant bits, and its products with the
//!   start's offsets inside its cell are rounded once, exactly. Ties are therefore detected
//!   exactly whenever those quotients, their differences and the start's offsets are exact in
//!   `f64` and their significant bits fit that fixed point. Otherwise the rounding of the
//!   quotients (2⁻⁵³ relative) and of the scaled speeds (2⁻⁶¹ relative) leaves a crossing order
//!   uncertain only where two crossings are that close: such a pair may be walked as a corner
//!   or in the other order, never through a cell farther away, and never past the end point's
//!   cell. The start's distances to its cell's two boundaries are each worked out directly, so
//!   that one of 10⁻³⁰ of a cell is not lost as `1 −` a fraction next to 1.
//! - **A slow axis**, one moving less than 2⁻⁶¹ as fast as the other (a vertical segment whose
//!   x is off by float noise), would get a fixed-point speed of zero, and its crossing would be
//!   put off to the end of the walk. On a segment shorter than 2⁶¹ cells such an axis crosses at
//!   most one boundary; the number of the fast axis's crossings before it is worked out on its
//!   own, in `f64` (2⁻⁵³ relative, an exact tie settled by the corner rule), and the walk takes
//!   it there.

use std::hint::select_unpredictable;

use super::step::{fold_counted, step};

/// Why a segment cannot be traversed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TraverseError {
    /// A coordinate of the start or end point is NaN or infinite.
    #[error("the segment's end points must be finite numbers")]
    NonFinitePoint,
    /// A cell width or height is NaN, infinite, zero or negative.
    #[error("the cell width and height must be finite and greater than zero")]
    BadCellSize,
    /// A cell index (`⌊x/w⌋` or `⌊y/h⌋`) is ±2⁶² or beyond.
    #[error("the segment reaches a cell whose index is ±2^62 or beyond")]
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
    match exact_units(start, end, cell_w, cell_h) {
        Some(units) => Ok(Traversal::exact(units)),
        None => traverse_general(start, end, cell_w, cell_h),
    }
}

/// [`traverse`] past its common case: exact multiples if they apply, else fixed point.
#[inline(never)]
fn traverse_general(
    start: (f64, f64),
    end: (f64, f64),
    cell_w: f64,
    cell_h: f64,
) -> Result<Traversal, TraverseError> {
    match exact_multiples(start, end, cell_w, cell_h) {
        Some(walk) => Ok(walk),
        None => traverse_fixed_point(start, end, cell_w, cell_h),
    }
}

/// The walk in exact integers when the cell sizes and every coordinate are whole multiples of
/// 2⁻¹⁶ (integer and dyadic coordinates on grids of 3, 10 or 1.5 units; power-of-two grids past
/// [`exact_units`]' range): in units of 2⁻¹⁶ every quantity is an integer, the floors are integer floor
/// divisions, and the error term is exact as long as its products fit (below 2⁶¹; `None`
/// beyond, and for anything that is not such a multiple, NaN and infinities included).
fn exact_multiples(start: (f64, f64), end: (f64, f64), cell_w: f64, cell_h: f64) -> Option<Traversal> {
    const SCALE: f64 = (1u64 << UNIT_BITS) as f64;
    // (multiplying by a power of two is exact; below 2^53 in magnitude the product's
    // fractional part says whether it is whole)
    let whole = |v: f64| {
        let u = v * SCALE;
        (u.abs() < (1u64 << 53) as f64 && u.fract() == 0.0).then_some(u as i64)
    };
    let (w, h) = (whole(cell_w)?, whole(cell_h)?);
    if w <= 0 || h <= 0 {
        return None;
    }
    let axis = |a: f64, b: f64, size: i64| {
        let (a, b) = (whole(a)?, whole(b)?);
        let d = i128::from(b) - i128::from(a);
        // As in `Traversal::exact`: the sign of the extent (1 for none), the distance to the
        // first crossing, the extent.
        let step = if d < 0 { -1 } else { 1 };
        let frac = a.rem_euclid(size);
        let first = if d >= 0 { size - frac } else { frac };
        Some((a.div_euclid(size), b.div_euclid(size), step, i128::from(first), d.abs()))
    };
    let (cx, ex, stx, fx, nx) = axis(start.0, end.0, w)?;
    let (cy, ey, sty, fy, ny) = axis(start.1, end.1, h)?;
    // The x crossings are at (fx + k·w) / nx, the y crossings at (fy + j·h) / ny: compared
    // across, the error term starts at fx·ny − fy·nx and moves by w·ny and h·nx.
    let (err, sx, sy) = (fx * ny - fy * nx, i128::from(h) * nx, i128::from(w) * ny);
    let fits = |v: i128| v.unsigned_abs() < 1 << 61;
    (fits(err) && fits(sx) && fits(sy))
        .then(|| Traversal::new(cx, ex, stx, cy, ey, sty, err as i64, sx as i64, sy as i64, true))
}

/// The bits below the cell unit in [`exact_units`].
const UNIT_BITS: u32 = 16;
/// One cell in [`exact_units`]: `2^UNIT_BITS`.
const UNIT: i64 = 1 << UNIT_BITS;
/// The range of a coordinate in [`exact_units`] is `[-UNITS_LIMIT, UNITS_LIMIT)`: cells from
/// `-2^28` up to (not including) `2^28`.
const UNITS_LIMIT: i64 = 1 << 44;

/// The four coordinates as exact integers in units of `2^-16` of a cell, when the cell sizes
/// are powers of two from `2^-1006` to `2^16` and every coordinate divided by its cell size is
/// such a multiple in `[-2^28, 2^28)`: integer and dyadic coordinates on power-of-two
/// grids, the common case. `None` otherwise (including for any NaN or infinite input).
#[inline(always)]
fn exact_units(start: (f64, f64), end: (f64, f64), cell_w: f64, cell_h: f64) -> Option<[i64; 4]> {
    let (uw, uh) = (unit_size(cell_w)?, unit_size(cell_h)?);
    // 1.5·2^52 units (a power-of-two multiple of 1.5·2^52, so exact) has a last bit of one
    // unit, and a coordinate below 2^51 units in magnitude added to it stays in its binade: the
    // sum is exact iff the coordinate is a whole number of units, and then its last 52 bits
    // hold that number. The integer test and the conversion in one addition, no division.
    const ROUNDER: f64 = 6_755_399_441_055_744.0;
    let units = |v: f64, unit: f64| {
        let rounder = ROUNDER * unit;
        let t = v + rounder;
        // `t − rounder == v` exactly when the sum was exact. Clamped into the range first (its
        // first and last whole units, exact in `f64`), it still equals `v` only when `v` is in
        // range too: one comparison tests both, and the four coordinates' tests end in one
        // branch, with no integer work in the walk's set-up. A NaN compares unequal, and so
        // does an infinity (clamped to a finite bound).
        let back = (t - rounder).clamp(-(UNITS_LIMIT as f64) * unit, (UNITS_LIMIT - 1) as f64 * unit);
        ((t.to_bits() as i64).wrapping_sub(rounder.to_bits() as i64), back != v)
    };
    let (x0, x1) = (units(start.0, uw), units(end.0, uw));
    let (y0, y1) = (units(start.1, uh), units(end.1, uh));
    (!(x0.1 | x1.1 | y0.1 | y1.1)).then_some([x0.0, x1.0, y0.0, y1.0])
}

/// `size / 2^16`, exactly, when `size` is a power of two in `[2^-1006, 2^16]` (so the result
/// is a normal power of two at most 1), else `None`.
#[inline(always)]
fn unit_size(size: f64) -> Option<f64> {
    const FRACTION: u64 = (1 << 52) - 1;
    let bits = size.to_bits();
    // Biased exponent 17..=1039 with the sign bit clear and no fraction bits.
    let biased = bits >> 52;
    (bits & FRACTION == 0 && biased.wrapping_sub(17) <= 1022).then(|| f64::from_bits(bits - (16 << 52)))
}

/// The general form of [`traverse`]: exact floors and a 64-bit fixed-point error term.
#[inline(never)]
fn traverse_fixed_point(
    start: (f64, f64),
    end: (f64, f64),
    cell_w: f64,
    cell_h: f64,
) -> Result<Traversal, TraverseError> {
    let size_ok = |s: f64| s > 0.0 && s < f64::INFINITY;
    let (x0, x1) = (quotient(start.0, cell_w), quotient(end.0, cell_w));
    let (y0, y1) = (quotient(start.1, cell_h), quotient(end.1, cell_h));
    // One test for the common case: a NaN or infinite coordinate makes its quotient NaN or
    // infinite, which fails the range test too. Which error it is, is sorted out off the hot
    // path.
    let in_range = |r: f64| r.abs() < MAX_INDEX;
    if !(size_ok(cell_w) && size_ok(cell_h) && in_range(x0) && in_range(x1) && in_range(y0) && in_range(y1)) {
        return Err(rejection(start, end, cell_w, cell_h));
    }
    let x = Axis::new(start.0, end.0, x0, x1, cell_w);
    let y = Axis::new(start.1, end.1, y0, y1, cell_h);
    // t_x < t_y  ⇔  first_x / speed_x < first_y / speed_y  ⇔  first_x·speed_y − first_y·speed_x < 0.
    // Speeds scaled by a common power of two into fixed point; the error term then moves by
    // +speed_y on an x step and −speed_x on a y step, exactly. Every term is below 2^61, so the
    // error term, doubled for the corner bias, stays inside an i64.
    let (sx, sy, err) = fixed_point_error(&x, &y);
    let (sx, sy, err) = match (sx, sy) {
        (0, _) if x.cell != x.end => one_slow_crossing(&x, &y, false),
        (_, 0) if y.cell != y.end => one_slow_crossing(&y, &x, true),
        _ => (sx, sy, err),
    };
    Ok(Traversal::new(x.cell, x.end, x.step, y.cell, y.end, y.step, err, sx, sy, false))
}

/// The error term and speeds, in [`Traversal::new`]'s terms, of a walk whose `slow` axis
/// crosses a boundary but moves less than 2⁻⁶¹ as fast as the `fast` one: its fixed-point speed
/// rounds to zero, which would put its crossing at the end of the walk however early it comes.
/// (`slow_is_y` says which axis `slow` is.)
///
/// Such an axis has one crossing (or, on a segment longer than 2⁶¹ cells, a few, which this does
/// not place: the others follow the first at once), at the parameter `first_slow / speed_slow`;
/// the fast axis's crossings `j = 0, 1, …` are at `(first_fast + j) / speed_fast`. So the slow
/// crossing comes after exactly the fast crossings `j < first_slow · (speed_fast / speed_slow) −
/// first_fast`, a bound worked out in `f64` (2⁻⁵³ relative; an infinite ratio puts it after all
/// of them), and at the same parameter as crossing `j` when the bound is `j` itself: a tie,
/// settled by the boundary rule's bias as any other. The walk is then encoded with the slow
/// axis's speed 2 and the fast one's 0: the error term counts the fast steps down to the slow
/// one, and is not read once the slow axis has taken its step.
fn one_slow_crossing(slow: &Axis, fast: &Axis, slow_is_y: bool) -> (i64, i64, i64) {
    let bound = slow.first * (fast.speed / slow.speed) - fast.first;
    let kf = fast.cell.abs_diff(fast.end) as f64;
    // NaN only when `slow.first` is 0 and the ratio infinite: the slow crossing is at the start,
    // so no fast crossing comes before it, and one ties with it if it is at the start too
    // (`fast.first` 0, a bound of -0).
    let bound = if bound.is_nan() { -fast.first } else { bound };
    let tie = bound.fract() == 0.0 && (0.0..kf).contains(&bound);
    let whole = bound.ceil().clamp(0.0, kf);
    // Twice the fast steps before the slow one, less one unless it ties with the next: positive
    // while fast steps are to come, then zero (a tie) or negative. (Capped at 2^60 steps, so that
    // the doubled error term fits an i64: only a segment over 2^60 cells long reaches it.)
    let err = 2 * (whole as i64).min(1 << 60) - i64::from(!tie);
    // The fast axis's steps move the error term by 4 toward the slow step; the slow axis's one
    // step leaves it where it is (its axis is then done, and the term no longer read).
    if slow_is_y { (0, 2, -err) } else { (2, 0, err) }
}

/// `v / size`, correctly rounded. A power-of-two size has an exact reciprocal, and multiplying
/// by it rounds to the same value as dividing (both round the same real number), without the
/// cost of a division.
#[inline(always)]
fn quotient(v: f64, size: f64) -> f64 {
    const FRACTION: u64 = (1 << 52) - 1;
    let bits = size.to_bits();
    // A positive normal power of two whose reciprocal is normal too: biased exponent 1..=2045.
    if bits & FRACTION == 0 && (bits >> 52).wrapping_sub(1) < 2045 {
        v * f64::from_bits((2046 << 52) - bits)
    } else {
        v / size
    }
}

/// Why [`traverse`] refused its inputs, checked in the documented order.
#[cold]
#[inline(never)]
fn rejection(start: (f64, f64), end: (f64, f64), cell_w: f64, cell_h: f64) -> TraverseError {
    if ![start.0, start.1, end.0, end.1].iter().all(|v| v.is_finite()) {
        TraverseError::NonFinitePoint
    } else if !(cell_w.is_finite() && cell_h.is_finite() && cell_w > 0.0 && cell_h > 0.0) {
        TraverseError::BadCellSize
    } else {
        TraverseError::OutOfRange
    }
}

/// The fixed-point speeds `(S_x, S_y)` and the first error term `round(first_x·S_y) −
/// round(first_y·S_x)`: the faster axis's speed is scaled by a power of two into `[2^60, 2^61)`,
/// the other by the same power and rounded to an integer, and each product with a start offset
/// is rounded once, exactly.
#[inline(always)]
fn fixed_point_error(x: &Axis, y: &Axis) -> (i64, i64, i64) {
    // (The speeds are never NaN: no need for `f64::max`'s NaN handling.)
    let fastest = if x.speed > y.speed { x.speed } else { y.speed };
    if fastest == 0.0 {
        return (0, 0, 0);
    }
    // The common case in f64: scaling by a normal power of two is exact, an offset times 2^62
    // is exact and is an integer when the offset's last bit is at least 2^-62, and then one
    // 64×64-bit product and a constant shift round the product exactly.
    let top = (fastest.to_bits() >> 52) as i64; // biased exponent; the speeds are >= 0
    let scale_bits = 2106 - top; // 2^(60 − (top − 1023)), biased
    if (1..=2046).contains(&scale_bits) {
        let scale = f64::from_bits((scale_bits as u64) << 52);
        let round = |v: f64| {
            let t = v as i64; // v < 2^61
            t + i64::from(v - t as f64 >= 0.5)
        };
        let (sx, sy) = (round(x.speed * scale), round(y.speed * scale));
        const TWO_62: f64 = 4_611_686_018_427_387_904.0;
        let (fx, fy) = (x.first * TWO_62, y.first * TWO_62);
        let (ix, iy) = (fx as i64, fy as i64);
        if ix as f64 == fx && iy as f64 == fy {
            let product = |f: i64, s: i64| ((f as u128 * s as u128 + (1 << 61)) >> 62) as i64;
            return (sx, sy, product(ix, sy) - product(iy, sx));
        }
    }
    general_fixed_point_error(x.first, x.speed, y.first, y.speed)
}

/// [`fixed_point_error`] for any speeds and offsets (subnormal speeds, offsets with bits below
/// 2^-62), in 128-bit integers.
#[cold]
#[inline(never)]
fn general_fixed_point_error(first_x: f64, speed_x: f64, first_y: f64, speed_y: f64) -> (i64, i64, i64) {
    let scale = pow2_exponent_to(speed_x.max(speed_y), 60);
    let (sx, sy) = (fixed(speed_x, scale), fixed(speed_y, scale));
    (sx as i64, sy as i64, mul_frac(first_x, sy) as i64 - mul_frac(first_y, sx) as i64)
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
    /// The end point's cell.
    end: i64,
    /// −1, 0 or 1.
    step: i64,
    /// Distance, in cells along this axis, from the start point to the first crossing.
    first: f64,
    /// Cells crossed on this axis per unit of the segment parameter.
    speed: f64,
}

impl Axis {
    /// The axis from `a` to `b`, whose quotients by `size` are `ra` and `rb` (both within
    /// ±[`MAX_INDEX`]).
    #[inline(always)]
    fn new(a: f64, b: f64, ra: f64, rb: f64, size: f64) -> Axis {
        let (ca, below, above) = floor_of(ra, a, size);
        let (cb, _, _) = floor_of(rb, b, size);
        let step = (cb > ca) as i64 - (cb < ca) as i64;
        let first = if step >= 0 { above } else { below };
        Axis { cell: ca, end: cb, step, first, speed: (rb - ra).abs() }
    }
}

/// The bound on a cell index, exclusive: [`traverse`] refuses a quotient `x / w` or `y / h`
/// whose magnitude is this or more.
const MAX_INDEX: f64 = 4_611_686_018_427_387_904.0; // 2^62

/// `(q, v / size − q, q + 1 − v / size)` with `q = ⌊v / size⌋`, given `r`, the rounded quotient
/// (within ±2^62): the floor exact (the floor of the real quotient, not of the rounded one), and
/// the distances to the boundaries below and above in `[0, 1]`, each worked out on its own, so
/// that a small one is not lost in `1 −` the other (`1 − (1 − 2⁻⁵⁴)` is 0 in `f64`).
#[inline(always)]
fn floor_of(r: f64, v: f64, size: f64) -> (i64, f64, f64) {
    // Floor of the rounded quotient (exact in f64: below 2^53 an integer is exact, above it
    // `r` is an integer itself).
    let mut q = r as i64;
    q -= i64::from(q as f64 > r);
    if q as f64 != r {
        // Rounding to nearest cannot carry a quotient across an integer it does not land on:
        // when `r` is not an integer, its floor is the real quotient's floor. Each distance is
        // rounded once, and is exact when below ½ (Sterbenz: `r` is then within a factor 2 of
        // that integer, or the integer is 0).
        (q, r - q as f64, (q + 1) as f64 - r)
    } else {
        floor_of_integral(q, v, size)
    }
}

/// [`floor_of`] when the rounded quotient is the integer `q`: the real quotient may be just
/// below it. The sign of a correctly rounded fused multiply-add is the sign of the exact
/// `v − q·size`.
#[cold]
#[inline(never)]
fn floor_of_integral(mut q: i64, v: f64, size: f64) -> (i64, f64, f64) {
    let mut rest = (-(q as f64)).mul_add(size, v);
    if rest < 0.0 {
        q -= 1;
        rest = (-(q as f64)).mul_add(size, v);
    }
    let to_next = ((q + 1) as f64).mul_add(size, -v);
    (q, (rest / size).clamp(0.0, 1.0), (to_next / size).clamp(0.0, 1.0))
}

/// `(⌊v / size⌋, v / size − ⌊v / size⌋)` exactly, or why not (unit tests).
#[cfg(test)]
fn floor_div(v: f64, size: f64) -> Result<(i64, f64), TraverseError> {
    let r = quotient(v, size);
    if r.is_nan() || r.abs() >= MAX_INDEX {
        return Err(TraverseError::OutOfRange);
    }
    let (q, frac, _) = floor_of(r, v, size);
    Ok((q, frac))
}

/// The iterator [`traverse`] returns: `(i, j)` cell indices.
#[derive(Clone, Debug)]
pub struct Traversal {
    x: i64,
    y: i64,
    /// The end point's cell: each axis steps until it gets there, and never past it.
    end_x: i64,
    end_y: i64,
    /// The segment's direction on each axis (−1, 0 or 1; the exact set-up gives ±1 also to an
    /// axis with no crossings, whose step is never taken).
    step_x: i64,
    step_y: i64,
    /// `2·(t_x − t_y) + bias` for the next crossings, in the units of whichever set-up built
    /// the walk: the [shared step rule](step) then steps in x when it is `<= 0` and in y when
    /// it is `>= 0`. The bias (−1, 0 or 1) settles an exact tie by the boundary rule: both
    /// axes at once when both cross in the same sense, otherwise first the axis whose crossing
    /// takes effect at its parameter (moving toward +∞), then the other.
    err: i64,
    /// `2·S_y` and `2·S_x`: the error term's change on an x step (added) and a y step
    /// (subtracted).
    inc_x: i64,
    inc_y: i64,
    /// Built by the exact set-up, whose error term orders every crossing exactly: `fold` may
    /// then count the steps instead of guarding each axis.
    exact: bool,
    done: bool,
}

impl Traversal {
    /// The walk from cell `(x, y)` to `(end_x, end_y)`, given the undoubled error term
    /// `first_x·S_y − first_y·S_x` and the speeds `S_x`, `S_y` (all below `2^61` in
    /// magnitude) in any common unit.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn new(
        x: i64,
        end_x: i64,
        step_x: i64,
        y: i64,
        end_y: i64,
        step_y: i64,
        err: i64,
        sx: i64,
        sy: i64,
        exact: bool,
    ) -> Traversal {
        // A crossing toward −∞ takes effect just after its parameter, toward +∞ at it.
        let bias = i64::from(step_x < 0) - i64::from(step_y < 0);
        Traversal {
            x,
            y,
            end_x,
            end_y,
            step_x,
            step_y,
            err: 2 * err + bias,
            inc_x: 2 * sy,
            inc_y: 2 * sx,
            exact,
            done: false,
        }
    }

    /// The walk from [`exact_units`]: every quantity is an exact integer, the floors are
    /// arithmetic shifts and the error term is exact.
    #[inline(always)]
    fn exact([x0, x1, y0, y1]: [i64; 4]) -> Traversal {
        let axis = |a: i64, b: i64| {
            let d = b - a;
            // The direction of the segment on this axis: where the axis has crossings to come,
            // the sign of `end − cell`; where it has none, its step is never taken, but its sign
            // still sets the bias, which on a tie at the end point puts the segment's own
            // crossing first (one toward −∞ exactly at the end point is not the segment's).
            let step = (d >> 63) | 1;
            let frac = a & (UNIT - 1);
            // Distance to the first crossing, in units; the speed is the extent in units.
            let first = if d >= 0 { UNIT - frac } else { frac };
            (a >> UNIT_BITS, b >> UNIT_BITS, step, first, d.abs())
        };
        let (cx, ex, stx, fx, nx) = axis(x0, x1);
        let (cy, ey, sty, fy, ny) = axis(y0, y1);
        // first ≤ 2^16 and extents below 2^45: every product below 2^61.
        Traversal::new(cx, ex, stx, cy, ey, sty, fx * ny - fy * nx, UNIT * nx, UNIT * ny, true)
    }

    /// One step while both axes have crossings to come, by the shared step rule.
    #[inline(always)]
    fn advance(&mut self) {
        let (sx, sy, err) = step(self.err, self.inc_x, self.inc_y);
        self.x += select_unpredictable(sx, self.step_x, 0);
        self.y += select_unpredictable(sy, self.step_y, 0);
        self.err = err;
    }
}

impl Iterator for Traversal {
    type Item = (i64, i64);

    #[inline]
    fn next(&mut self) -> Option<(i64, i64)> {
        let out = (self.x, self.y);
        if self.x != self.end_x && self.y != self.end_y {
            self.advance();
        } else if self.x != self.end_x {
            self.x += self.step_x;
        } else if self.y != self.end_y {
            self.y += self.step_y;
        } else if self.done {
            return None;
        } else {
            self.done = true;
        }
        Some(out)
    }

    /// The walk driven from inside: the same cells as [`next`](Iterator::next), in tight
    /// loops (both axes stepping, then the straight rest) instead of one loop that asks at
    /// every cell which axes still have crossings to come.
    ///
    /// On longer walks, which axis runs out first is worked out up front, so the first loop
    /// asks only about that one. In the step rule's terms the walk's x crossings still to come
    /// are at `err + k·inc_x` (`k < kx`) and its y crossings at `j·inc_y` (`j < ky`), and it
    /// takes them in merged order (both at once on a tie). So the axis whose last crossing
    /// comes no later runs out first, the other one at the same step at the latest: while the
    /// first has crossings left, the other has too.
    ///
    /// A walk from the exact set-up takes a counted loop instead: there every crossing is in
    /// its exact order, and the ones past the end point come after all the segment's own (on a
    /// tie at the end point the bias puts the segment's first), so the next `kx + ky` axis
    /// steps are exactly the segment's, with no end test on the error term's path. A zero
    /// error term (an exact corner, where both crossings are the segment's) takes both at once.
    #[inline]
    fn fold<B, F: FnMut(B, (i64, i64)) -> B>(mut self, init: B, mut f: F) -> B {
        /// Below this many steps on either axis, asking both axes at each cell costs less than
        /// working out which one runs out first.
        const FEW: i64 = 8;
        if self.done {
            return init;
        }
        let mut acc = init;
        if self.exact {
            // As many axis steps as there are crossings to come (see `fold_counted`). The exact
            // set-up's steps are ±1 and the walk never passes its end, so this is
            // `|end_x − x| + |end_y − y|`.
            let left = |p: i64, end: i64, step: i64| (end.wrapping_sub(p).wrapping_mul(step)) as u64;
            let left = left(self.x, self.end_x, self.step_x) + left(self.y, self.end_y, self.step_y);
            let (at, step) = ((self.x, self.y), (self.step_x, self.step_y));
            return fold_counted(at, step, self.err, self.inc_x, self.inc_y, left, acc, f);
        }
        // Fewer than FEW steps to go on this axis (without the absolute value's work).
        let few =
            |cell: i64, end: i64| end.wrapping_sub(cell).wrapping_add(FEW - 1) as u64 <= 2 * (FEW as u64 - 1);
        let (kx, ky) = (self.x.abs_diff(self.end_x), self.y.abs_diff(self.end_y));
        // err + (kx − 1)·inc_x <= (ky − 1)·inc_y, in 128 bits (the increments are never negative).
        let span = |k: u64, inc: i64| (u128::from(k) * u128::from(inc.unsigned_abs())) as i128;
        let x_first = || span(kx - 1, self.inc_x) - span(ky - 1, self.inc_y) <= -i128::from(self.err);
        if few(self.x, self.end_x) | few(self.y, self.end_y) {
            while self.x != self.end_x && self.y != self.end_y {
                acc = f(acc, (self.x, self.y));
                self.advance();
            }
        } else if x_first() {
            while self.x != self.end_x {
                acc = f(acc, (self.x, self.y));
                self.advance();
            }
        } else {
            while self.y != self.end_y {
                acc = f(acc, (self.x, self.y));
                self.advance();
            }
        }
        while self.x != self.end_x {
            acc = f(acc, (self.x, self.y));
            self.x += self.step_x;
        }
        while self.y != self.end_y {
            acc = f(acc, (self.x, self.y));
            self.y += self.step_y;
        }
        f(acc, (self.x, self.y))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        if self.done {
            return (0, Some(0));
        }
        let (left_x, left_y) = (self.x.abs_diff(self.end_x), self.y.abs_diff(self.end_y));
        let lo = left_x.max(left_y).saturating_add(1);
        let hi = left_x.checked_add(left_y).and_then(|n| n.checked_add(1));
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
    fn power_of_two_sizes_divide_by_multiplying() {
        for size in [1.0, 0.25, 16.0, 2f64.powi(-1022), 2f64.powi(1023), 2f64.powi(-1021)] {
            for v in [0.5, -3.75, 1e-300, -7e300, 6280.16914061978, f64::MIN_POSITIVE / 3.0] {
                assert_eq!(quotient(v, size).to_bits(), (v / size).to_bits(), "{v} / {size}");
            }
        }
        // Not powers of two (or with a subnormal reciprocal): divided.
        assert_eq!(quotient(1.0, 3.0), 1.0 / 3.0);
        assert_eq!(quotient(1.0, 2f64.powi(1023) * 1.5), 1.0 / (2f64.powi(1023) * 1.5));
        assert_eq!(quotient(3.0, 2f64.powi(-1030)), 3.0 / 2f64.powi(-1030));
    }

    #[test]
    fn fast_fixed_point_agrees_with_the_128_bit_one() {
        let axis = |first: f64, speed: f64| Axis { cell: 0, end: 0, step: 1, first, speed };
        let firsts =
            [0.0, 1.0, 0.5, 0.1, 1.0 - 2f64.powi(-53), 2f64.powi(-62), 2f64.powi(-70), 0.3333333333333333];
        let speeds = [0.0, 1.0, 3.0, 0.1, 1e-5, 123456.789, 2f64.powi(61), 1e300, 1e-300, 7.0 / 3.0];
        for &fx in &firsts {
            for &fy in &firsts {
                for &vx in &speeds {
                    for &vy in &speeds {
                        let (x, y) = (axis(fx, vx), axis(fy, vy));
                        assert_eq!(
                            fixed_point_error(&x, &y),
                            general_fixed_point_error(fx, vx, fy, vy),
                            "{fx} {fy} {vx} {vy}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn exact_units_only_where_they_are_exact() {
        let p2 = |e: i32| 2f64.powi(e);
        assert_eq!(unit_size(1.0), Some(p2(-16)));
        assert_eq!(unit_size(p2(16)), Some(1.0));
        assert_eq!(unit_size(p2(-1006)), Some(p2(-1022)));
        for bad in [p2(17), p2(-1007), 3.0, 0.75, -1.0, 0.0, f64::NAN, f64::INFINITY, f64::MIN_POSITIVE / 2.0]
        {
            assert_eq!(unit_size(bad), None, "{bad}");
        }
        let units = |x: f64| exact_units((x, 0.0), (0.0, 0.0), 1.0, 1.0).map(|u| u[0]);
        assert_eq!(units(-2.5), Some(-5 << 15));
        assert_eq!(units(p2(-16)), Some(1));
        assert_eq!(units(p2(-17)), None); // below the unit: fixed point
        assert_eq!(units(p2(28) - p2(-16)), Some((1 << 44) - 1));
        assert_eq!(units(-p2(28)), Some(-(1 << 44)));
        assert_eq!(units(p2(28)), None); // beyond the range of exact units
        assert_eq!(units(-p2(28) - p2(-16)), None);
        assert_eq!(units(f64::NAN), None);
        assert_eq!(units(f64::INFINITY), None);
        assert_eq!(units(f64::NEG_INFINITY), None);
        // An infinity passes `inf − r == inf`; only its clamp into the range stops it, also on
        // the tiniest and the largest cells.
        for size in [p2(-1006), p2(16)] {
            for inf in [f64::INFINITY, f64::NEG_INFINITY] {
                assert_eq!(exact_units((0.0, 0.0), (0.0, inf), 1.0, size), None, "{inf} on {size}");
            }
        }
        // Tiny cells scale small coordinates up exactly.
        assert_eq!(
            exact_units((3.0 * p2(-1000), 0.0), (0.0, 0.0), p2(-1000), 1.0).map(|u| u[0]),
            Some(3 << 16)
        );
    }

    #[test]
    fn exact_units_walk_like_the_fixed_point() {
        // Where both set-ups apply, both are exact, so they walk the same cells: dyadic points
        // (many through exact corners, both senses) on power-of-two grids.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n) as i64
        };
        for _ in 0..4000 {
            let size = |e: i64| 2f64.powi(e as i32 - 3);
            let (w, h) = (size(next(7)), size(next(7)));
            let coord = |v: i64, s: f64| (v - 4096) as f64 * s / 8.0;
            let corner = next(4) == 0;
            let a = (coord(next(8192), w), coord(next(8192), h));
            let b = if corner {
                // Through a lattice corner: a and b symmetric about it.
                let c = (coord(next(64) * 8, w), coord(next(64) * 8, h));
                (2.0 * c.0 - a.0, 2.0 * c.1 - a.1)
            } else {
                (coord(next(8192), w), coord(next(8192), h))
            };
            let units = exact_units(a, b, w, h).expect("dyadic points on a power-of-two grid");
            let exact: Vec<(i64, i64)> = Traversal::exact(units).collect();
            let fixed: Vec<(i64, i64)> = traverse_fixed_point(a, b, w, h).unwrap().collect();
            assert_eq!(exact, fixed, "{a:?} -> {b:?}, {w} x {h}");
            // `fold` of an exact walk takes its counted loop; the fixed point's, the guarded ones.
            let push = |mut v: Vec<(i64, i64)>, c| {
                v.push(c);
                v
            };
            assert_eq!(Traversal::exact(units).fold(Vec::new(), push), exact, "fold, {a:?} -> {b:?}");
            assert_eq!(traverse_fixed_point(a, b, w, h).unwrap().fold(Vec::new(), push), fixed);
        }
    }

    #[test]
    fn fold_walks_like_next_for_any_error_term() {
        // The guards that keep each axis from stepping past its end cell matter only where the
        // fixed point's rounding puts a crossing in the wrong order, which exact inputs never
        // do: so drive the walk with arbitrary error terms and increments, not only geometric
        // ones, and check that `fold` keeps to the same cells as `next`.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        for case in 0..20_000 {
            let big = case % 4 == 0; // increments near the fixed point's 2^62
            let inc = |r: u64| if big { (1 << 62) - 1 - r as i64 } else { r as i64 };
            let (inc_x, inc_y) = (inc(next(50)), inc(next(50)));
            let (inc_x, inc_y) = if case % 7 == 0 { (0, inc_y.max(1)) } else { (inc_x, inc_y) };
            let err = next((inc_x + inc_y) as u64 + 1) as i64 - inc_y;
            let sign = |b: u64| if b == 0 { -1 } else { 1 };
            let (sx, sy) = (sign(next(2)), sign(next(2)));
            let (kx, ky) = (next(20) as i64, next(20) as i64);
            let t = Traversal {
                x: 3,
                y: -5,
                end_x: 3 + sx * kx,
                end_y: -5 + sy * ky,
                step_x: sx,
                step_y: sy,
                err,
                inc_x,
                inc_y,
                exact: false,
                done: false,
            };
            let mut by_next = Vec::new();
            for c in t.clone() {
                by_next.push(c); // a `for` loop calls `next`
            }
            let by_fold = t.fold(Vec::new(), |mut v, c| {
                v.push(c);
                v
            });
            assert_eq!(by_fold, by_next, "err {err}, inc {inc_x} {inc_y}, steps {kx} {ky}");
            assert_eq!(by_next.last(), Some(&(3 + sx * kx, -5 + sy * ky)));
        }
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
    fn an_axis_without_crossings_never_steps() {
        // x stays in column 0 while moving left; the end lies on the column's left edge and
        // on the boundary y = 2 at once: y's crossing there is the segment's, x's is not.
        let want = [(0, 0), (0, 1), (0, 2)];
        assert_eq!(walk((0.75, 0.5), (0.0, 2.0), 1.0, 1.0), want);
        let t = traverse((0.75, 0.5), (0.0, 2.0), 1.0, 1.0).unwrap();
        assert_eq!(
            t.fold(Vec::new(), |mut v, c| {
                v.push(c);
                v
            }),
            want
        );
        assert_eq!(walk((0.75, 0.5), (0.25, 3.5), 1.0, 1.0), [(0, 0), (0, 1), (0, 2), (0, 3)]);
        assert_eq!(walk((0.5, 0.25), (-2.5, 0.0), 1.0, 1.0), [(0, 0), (-1, 0), (-2, 0), (-3, 0)]);
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
        // The extent in world units overflows f64; the speeds are differences of the
        // quotients by the cell size (here −4 to 4), which do not.
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
